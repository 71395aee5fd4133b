/**
 * Stand-in for what the sheet's Level up / Undo level-up handlers touch, on top of the sheet
 * stand-in (test/stand-ins/foundry-sheet.ts): the system Actor's stored `_source.system`, its
 * `flags`, its prepared engine source, and `update({system, flags})`; Foundry's
 * `DialogV2.wait` answering with the button a test picks; and a `Roll#toMessage` posting the
 * evaluated roll as a chat message.
 *
 * - {@link LevelUpActorStandIn}: `_source.system` is the stored data (typed numbers and overrides
 *   only); `toEngineSource()` is what the system data model prepares from it, the class table
 *   applied through the engine's `applyBuild` (as `prepareDerivedData` does). `update` deep-merges
 *   `system` objects and replaces arrays and plain values, as Foundry's update merges; `flags`
 *   merge per namespace, a `null` value stays null (Foundry keeps it until a `-=` deletion).
 *   `items` are its weapons and powers ({@link LevelUpItemStandIn}, none unless a test gives some);
 *   `getRollData()` is Foundry's base roll data only (empty here: the handler lays the system's
 *   own numbers, `@level`, `@tier`…, over it through `actorRollData`); `isNpc()` is false.
 * - {@link LevelUpItemStandIn}: a weapon or power item as `attackSources` reads it: `type`, `name`,
 *   `actor`, `toWeaponSource()`, and `toPowerSource(rollData)` building the power from the roll data
 *   it is given with the system's own `powerSourceFrom` (plus `@item` / `@weaponDice`, as the item does).
 * - `DialogV2.wait`: records the config it opened with and resolves to {@link LevelUpDialogState.answer}
 *   (a button's `action`, or null for a dialog closed without a choice).
 *
 * Knowing differences: no database, permissions, hooks or rendering; the data model's field
 * validation is not run. It decides no rule: the class table and every number come from the ruleset.
 */
import { applyBuild } from "../../src/engine/build.js";
import { powerSourceFrom } from "../../src/data/item-source.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, PowerSource, WeaponSource } from "../../src/engine/types.js";
import { StandInAttackRoll } from "./foundry-attack.js";

type Flags = Record<string, Record<string, unknown>>;

function mergeInto(into: Record<string, unknown>, from: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(from)) {
    const old = into[k];
    if (v && typeof v === "object" && !Array.isArray(v) && old && typeof old === "object" && !Array.isArray(old))
      mergeInto(old as Record<string, unknown>, v as Record<string, unknown>);
    else into[k] = structuredClone(v);
  }
}

/** A weapon or power item of a {@link LevelUpActorStandIn}, as the attack rows read it. */
export class LevelUpItemStandIn {
  actor: { isNpc(): boolean } | null = null;
  constructor(
    readonly type: "power" | "weapon",
    readonly name: string,
    private readonly system: Record<string, unknown>,
    private readonly weapon: WeaponSource | null,
  ) {}
  toWeaponSource(): WeaponSource | null {
    return this.weapon;
  }
  toPowerSource(rollData: Record<string, unknown> = {}): PowerSource {
    return powerSourceFrom(this.system, {
      ...rollData,
      item: { ...this.system },
      weaponDice: this.weapon?.damageDice ?? "",
    });
  }
}

/** A character the Level up button raises: stored data, flags, prepared source, update. */
export class LevelUpActorStandIn {
  flags: Flags = {};
  readonly items: LevelUpItemStandIn[] = [];
  /** Every update it received, in order. */
  readonly updates: Record<string, unknown>[] = [];
  constructor(
    readonly id: string,
    public name: string,
    private stored: ActorSource,
    private readonly rulesetId: string,
  ) {}
  get uuid(): string {
    return `Actor.${this.id}`;
  }
  isNpc(): boolean {
    return false;
  }
  getRollData(): Record<string, unknown> {
    return {};
  }
  /** Give it weapons and powers (each item's `actor` is this one). */
  withItems(...items: LevelUpItemStandIn[]): this {
    for (const item of items) {
      item.actor = this;
      this.items.push(item);
    }
    return this;
  }
  get _source(): { system: ActorSource } {
    return { system: this.stored };
  }
  /** The prepared data: the class table applied to the stored data. */
  toEngineSource(): ActorSource {
    return applyBuild(getRuleset(this.rulesetId).progression, structuredClone(this.stored));
  }
  async update(data: { system?: Record<string, unknown>; flags?: Flags }): Promise<this> {
    this.updates.push(structuredClone(data));
    if (data.system) mergeInto(this.stored as unknown as Record<string, unknown>, data.system);
    for (const [ns, v] of Object.entries(data.flags ?? {})) this.flags[ns] = { ...(this.flags[ns] ?? {}), ...v };
    return this;
  }
}

export interface LevelUpDialogState {
  /** Each `DialogV2.wait` config, in order. */
  opened: { window?: { title?: string }; content?: string; buttons?: { action: string }[] }[];
  /** The button the user presses next (its action), or null: closed. */
  answer: string | null;
}

/**
 * Add `DialogV2.wait` and `Roll#toMessage` (to `ChatMessage.create`) to an installed sheet stand-in.
 * Call after {@link installSheetStandIn} and before importing the sheet; returns the dialog state.
 */
export function installLevelUpStandIn(): LevelUpDialogState {
  const state: LevelUpDialogState = { opened: [], answer: null };
  const g = globalThis as unknown as {
    foundry: { applications: { api: { DialogV2: Record<string, unknown> } } };
    Roll: unknown;
    ChatMessage: { create(data: Record<string, unknown>): Promise<unknown> };
  };
  g.foundry.applications.api.DialogV2.wait = async (config: LevelUpDialogState["opened"][number]) => {
    state.opened.push(config);
    return state.answer;
  };
  class LevelUpRollStandIn extends StandInAttackRoll {
    /** Foundry's `Roll#toMessage`: a chat message carrying the evaluated roll. */
    async toMessage(data: Record<string, unknown> = {}): Promise<unknown> {
      return g.ChatMessage.create({ ...data, rolls: [this.toJSON()] });
    }
  }
  g.Roll = LevelUpRollStandIn;
  return state;
}
