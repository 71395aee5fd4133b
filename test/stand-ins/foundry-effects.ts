/**
 * Stand-in for Foundry's ActiveEffect document base class (v13 client, with v14's two extra fields
 * where a test sets them) and for what the token layer draws of an actor's effects. It imitates:
 *
 * - the source fields the system reads and writes: `_id`, `name`, `img`, `statuses` (a Set),
 *   `flags`, `disabled`, `duration`, `origin`, and v14's `showIcon`; `updateSource` merges changes
 *   (flags per namespace, duration per key);
 * - v13's `isTemporary`: a duration (`seconds`, else `rounds`/`turns`) above 0 or any status;
 * - `_preCreate(data, options, user)` as the hook a subclass overrides (the base allows creation);
 * - `update` / `delete` / `toObject` on the parent's effect collection;
 * - the token's effect icons ({@link standInTokenEffectIcons}): v13 draws the enabled temporary
 *   effects that have an image; v14 draws `showIcon` ALWAYS, or CONDITIONAL when temporary.
 *
 * Knowing differences: no database, no permissions, no change application, no expiry registry.
 * It decides no rule.
 */

type Flags = Record<string, Record<string, unknown>>;

export function mergeFlagsStandIn(into: Flags, patch: unknown): void {
  for (const [ns, values] of Object.entries((patch ?? {}) as Flags)) {
    const merged = { ...(into[ns] ?? {}) };
    for (const [k, v] of Object.entries(values ?? {})) {
      const prev = merged[k];
      merged[k] =
        v && typeof v === "object" && !Array.isArray(v) && prev && typeof prev === "object" && !Array.isArray(prev)
          ? { ...(prev as Record<string, unknown>), ...(v as Record<string, unknown>) }
          : structuredClone(v);
    }
    into[ns] = merged;
  }
}

/** Create or update data of an effect, as far as the stand-in keeps it. */
export interface EffectDataStandIn {
  _id?: string;
  name?: string;
  img?: string | null;
  statuses?: string[];
  flags?: Flags;
  disabled?: boolean;
  duration?: Record<string, unknown>;
  origin?: string | null;
  showIcon?: number;
}

/** What holds the effects (an actor or item stand-in). */
export interface EffectParentStandIn {
  effects: { delete(id: string): boolean };
}

/** v14 `CONST.ACTIVE_EFFECT_SHOW_ICON`. */
export const SHOW_ICON_STAND_IN = { NEVER: 0, CONDITIONAL: 1, ALWAYS: 2 } as const;

export class StandInActiveEffect {
  static documentName = "ActiveEffect";
  id: string;
  name: string;
  img: string | null;
  statuses: Set<string>;
  flags: Flags;
  disabled: boolean;
  duration: Record<string, unknown>;
  origin: string | null;
  showIcon: number | undefined;
  readonly parent: EffectParentStandIn | null;

  constructor(data: EffectDataStandIn, context: { parent?: EffectParentStandIn | null } = {}) {
    this.id = data._id ?? "";
    this.name = data.name ?? "";
    this.img = data.img ?? null;
    this.statuses = new Set(data.statuses ?? []);
    this.flags = structuredClone(data.flags ?? {});
    this.disabled = data.disabled ?? false;
    this.duration = structuredClone(data.duration ?? {});
    this.origin = data.origin ?? null;
    this.showIcon = data.showIcon;
    this.parent = context.parent ?? null;
  }

  /** v13: a duration above 0 or a status. */
  get isTemporary(): boolean {
    const d = this.duration as { seconds?: number | null; rounds?: number; turns?: number };
    const duration = d.seconds ?? (d.rounds || d.turns) ?? 0;
    return duration > 0 || this.statuses.size > 0;
  }

  updateSource(changes: EffectDataStandIn): void {
    if (changes.name !== undefined) this.name = changes.name;
    if (changes.img !== undefined) this.img = changes.img;
    if (changes.statuses !== undefined) this.statuses = new Set(changes.statuses);
    if (changes.flags) mergeFlagsStandIn(this.flags, changes.flags);
    if (changes.disabled !== undefined) this.disabled = changes.disabled;
    if (changes.duration) this.duration = { ...this.duration, ...structuredClone(changes.duration) };
    if (changes.origin !== undefined) this.origin = changes.origin;
    if (changes.showIcon !== undefined) this.showIcon = changes.showIcon;
  }

  async _preCreate(_data: EffectDataStandIn, _options: object, _user: object): Promise<boolean | void> {
    return undefined;
  }

  toObject(): EffectDataStandIn & { _id: string } {
    return {
      _id: this.id,
      name: this.name,
      img: this.img,
      statuses: [...this.statuses],
      flags: structuredClone(this.flags),
      disabled: this.disabled,
      duration: structuredClone(this.duration),
      origin: this.origin,
      ...(this.showIcon !== undefined ? { showIcon: this.showIcon } : {}),
    };
  }

  async update(data: EffectDataStandIn): Promise<this> {
    this.updateSource(data);
    return this;
  }

  async delete(): Promise<this> {
    this.parent?.effects.delete(this.id);
    return this;
  }
}

/** The images the token layer draws for these effects under Foundry `generation`. */
export function standInTokenEffectIcons(effects: Iterable<StandInActiveEffect>, generation: 13 | 14): string[] {
  const out: string[] = [];
  for (const e of effects) {
    if (e.disabled || !e.img) continue;
    const shown =
      generation < 14
        ? e.isTemporary
        : e.showIcon === SHOW_ICON_STAND_IN.ALWAYS ||
          ((e.showIcon ?? SHOW_ICON_STAND_IN.CONDITIONAL) === SHOW_ICON_STAND_IN.CONDITIONAL && e.isTemporary);
    if (shown) out.push(e.img);
  }
  return out;
}
