/**
 * Stand-in for what the actor sheet's Actions panel handlers touch, on top of the attack stand-in
 * (test/stand-ins/foundry-attack.ts: `Roll`, `ChatMessage`, `game.settings`/`i18n`/`user.targets`,
 * `renderTemplate` through the real handlebars, `ui.notifications`), so a Node test can call the
 * REAL sheet action handler (`D20ActorSheet.DEFAULT_OPTIONS.actions.*`) the way AppV2 does:
 * `handler.call(sheet, event, target)`. It adds only:
 *
 * - `foundry.applications.api.HandlebarsApplicationMixin` (returns the class unchanged) and
 *   `foundry.applications.sheets.ActorSheetV2/ItemSheetV2` (empty classes), so the sheet modules load.
 * - `game.combat` (a {@link CombatStandIn}: `round`, `started`, `combatant`, `combatants.contents`)
 *   and `game.users.filter` (the users a test lists), `game.users.activeGM` (this client's when
 *   `activeGMIsSelf` is set, another client's when `activeGMElsewhere` is, else none).
 * - {@link SheetActorStandIn}: the system Actor's surface the procedures read and write (`uuid`,
 *   `name`, `isOwner`, `toEngineSource`, `applyEngineActor`, an `effects` collection iterating its
 *   values like Foundry's `Collection`, `testUserPermission`, `getRollData`).
 * - `createEmbeddedDocuments` / `deleteEmbeddedDocuments` of ActiveEffects on a {@link SheetActorStandIn},
 *   whose effects' statuses count as conditions in `toEngineSource` (Foundry's `Actor#statuses`).
 * - {@link CombatantStandIn}: `id`, `name`, `actor`, `isOwner`, `side`, `flags`, `update({flags})` merging
 *   per key (Foundry deep-merges objects; our writes always carry whole objects).
 * - {@link targetStandIn} / {@link clickTarget}: a targeted token and the clicked element with its
 *   `data-*` attributes and the row's `<select data-procedure-choice>` value (also the saves' cover and the checks' background / skill choice).
 * - `canvas` as Foundry has it while no scene is viewed (null), unless a test installed one.
 *
 * Knowing differences: no permissions beyond `isOwner`, no database, no sockets, no rendering of
 * the sheet itself. It decides no rule: every outcome comes from the ruleset.
 */
import { StandInActiveEffect } from "./foundry-effects.js";
import { SYSTEM_ID } from "../../src/constants.js";
import { effectSourceOf } from "../../src/data/effects.js";
import type { ActorSource, CombatantSource, TurnContext } from "../../src/engine/types.js";
import { installAttackStandIn, type AttackStandInState } from "./foundry-attack.js";
import { ActorItemsStandIn, type PowerUsageSystemStandIn } from "./foundry-items.js";

type Flags = Record<string, Record<string, unknown>>;

/** An ActiveEffect on a {@link SheetActorStandIn}: flags and the updates it received. */
export class EffectStandIn {
  constructor(
    public id: string,
    public name: string,
    public statuses: Set<string>,
    public flags: Flags,
  ) {}
  async update(data: { flags?: Flags }): Promise<this> {
    for (const [ns, v] of Object.entries(data.flags ?? {})) {
      const before = (this.flags[ns] ?? {}) as Record<string, unknown>;
      const merged: Record<string, unknown> = { ...before };
      for (const [k, val] of Object.entries(v)) {
        const old = before[k];
        merged[k] =
          typeof val === "object" && val !== null && typeof old === "object" && old !== null
            ? { ...(old as object), ...(val as object) }
            : val;
      }
      this.flags[ns] = merged;
    }
    return this;
  }
}

let effectCount = 0;

/** The system Actor's surface for procedures. */
export class SheetActorStandIn {
  readonly effects: Map<string, EffectStandIn> & Iterable<EffectStandIn>;
  /** Its power items (none unless a test adds some). */
  readonly items = new ActorItemsStandIn();
  /** The scenes it has tokens on (none unless a test places it). */
  sceneIds: string[] = [];
  /** Foundry's `getDependentTokens()`: its tokens, each with its scene. */
  getDependentTokens(): { parent: { id: string } }[] {
    return this.sceneIds.map((id) => ({ parent: { id } }));
  }
  constructor(
    readonly id: string,
    public name: string,
    public source: ActorSource,
    public isOwner = true,
  ) {
    const map = new Map<string, EffectStandIn>();
    // Foundry's Collection iterates its values, not [key, value] entries.
    Object.defineProperty(map, Symbol.iterator, { value: () => map.values() });
    this.effects = map as unknown as SheetActorStandIn["effects"];
  }
  get uuid(): string {
    return `Actor.${this.id}`;
  }
  readonly documentName = "Actor";
  get img(): string {
    return "icons/svg/mystery-man.svg";
  }
  /** Like the system Actor: its effects' statuses count as conditions (Foundry's `Actor#statuses`). */
  toEngineSource(): ActorSource {
    return { ...structuredClone(this.source), conditions: this.conditions() };
  }
  /** The system Actor's read-only view: {@link toEngineSource} over its data as it is. */
  /** No data preparation here: the attack derives the actor itself. */
  preparedDerived(): undefined {
    return undefined;
  }
  engineView(): ActorSource {
    return { ...this.source, conditions: this.conditions() };
  }
  private conditions(): string[] {
    const statuses = [...this.effects.values()].flatMap((e) => [...e.statuses]);
    return [...new Set([...this.source.conditions, ...statuses])];
  }
  async applyEngineActor(next: ActorSource): Promise<this> {
    const statusOnly = new Set(
      [...this.effects.values()].flatMap((e) => [...e.statuses]).filter((s) => !this.source.conditions.includes(s)),
    );
    this.source = { ...structuredClone(next), conditions: next.conditions.filter((c) => !statusOnly.has(c)) };
    return this;
  }
  /** `createEmbeddedDocuments("ActiveEffect", data)`: new effects with fresh ids (statuses kept). */
  async createEmbeddedDocuments(
    type: string,
    data: { name: string; statuses?: string[]; flags?: Flags }[],
  ): Promise<EffectStandIn[]> {
    if (type !== "ActiveEffect") throw new Error(`stand-in creates only ActiveEffects, not ${type}`);
    return data.map((d) => {
      const id = `effect${++effectCount}`;
      const e = new EffectStandIn(id, d.name, new Set(d.statuses ?? []), structuredClone(d.flags ?? {}));
      this.effects.set(id, e);
      return e;
    });
  }
  /** `updateEmbeddedDocuments("Item", [{_id, system}])`: power usage. */
  async updateEmbeddedDocuments(
    type: string,
    updates: { _id: string; system?: Partial<PowerUsageSystemStandIn> }[],
  ): Promise<void> {
    if (type !== "Item") throw new Error(`stand-in updates only Items, not ${type}`);
    await this.items.update(updates);
  }
  async deleteEmbeddedDocuments(type: string, ids: string[]): Promise<void> {
    if (type !== "ActiveEffect") throw new Error(`stand-in deletes only ActiveEffects, not ${type}`);
    for (const id of ids) this.effects.delete(id);
  }
  getRollData(): Record<string, unknown> {
    return {};
  }
  /** Ids of the users who own it, when a test names them (else `isOwner` answers for every user). */
  owners: string[] | null = null;
  testUserPermission(user: { id: string }, _level: string): boolean {
    return user.id === "gm" || (this.owners ? this.owners.includes(user.id) : this.isOwner);
  }
  /** Add an effect carrying the system's effect data (as the effects workflow would create it). */
  addEffect(id: string, name: string, effect: Record<string, unknown>): EffectStandIn {
    const e = new EffectStandIn(id, name, new Set(), { [SYSTEM_ID]: { effect } });
    this.effects.set(id, e);
    return e;
  }
}

/** A Combatant: flags, owner, and `update({flags})`. */
export class CombatantStandIn {
  flags: Flags = {};
  constructor(
    readonly id: string,
    readonly actor: SheetActorStandIn,
    public isOwner = true,
    /** The system Combatant's side of the table (players' or the GM's). */
    public side: "player" | "gm" = "player",
  ) {}
  get name(): string {
    return this.actor.name;
  }
  async update(data: { flags?: Flags }): Promise<this> {
    for (const [ns, v] of Object.entries(data.flags ?? {})) this.flags[ns] = { ...(this.flags[ns] ?? {}), ...v };
    return this;
  }
}

/** A started combat on `round` whose current combatant is `current`. */
export class CombatStandIn<C extends { id: string } = CombatantStandIn> {
  started = true;
  constructor(
    public round: number,
    readonly list: C[],
    public current: string | null,
  ) {}
  get combatant(): C | null {
    return this.list.find((c) => c.id === this.current) ?? null;
  }
  get combatants(): { contents: C[] } {
    return { contents: this.list };
  }
  /**
   * The system Combat's turn context, read as it reads its combatants: each {@link CombatantStandIn}'s
   * actor source, its effects through the product's effect reader, and its side, in list order.
   */
  turnContext(combatantId: string | null): TurnContext {
    const combatants = this.list.flatMap((c, seat): CombatantSource[] => {
      if (!(c instanceof CombatantStandIn)) return [];
      const effects = [...c.actor.effects.values()].map((e) => effectSourceOf(e));
      const actor = c.actor.toEngineSource();
      const side = c.side;
      return [
        {
          id: c.id,
          actorId: c.actor.uuid,
          name: c.name,
          actor,
          effects,
          initiative: null,
          side,
          aware: true,
          defeated: false,
          seat,
        },
      ];
    });
    return { round: this.round, combatantId, combatants, surpriseRound: false, options: {} };
  }
}

/** A targeted token for `game.user.targets`. */
export function targetStandIn(actor: SheetActorStandIn) {
  return { document: { uuid: `Scene.s1.Token.${actor.id}`, name: actor.name, texture: { src: actor.img } }, actor };
}

/**
 * The element AppV2 passes to an action handler: `closest('[data-x]')` finds this element (it
 * carries every `data` attribute given), `querySelector('[data-procedure-choice]')` (or the saves'
 * `[data-save-cover]`) the row's select
 * and `querySelectorAll('[data-procedure-number]')` its number inputs.
 */
export function clickTarget(
  data: Record<string, string>,
  choice: string | null = null,
  numbers: Record<string, number> = {},
) {
  const el = {
    dataset: data,
    closest: (selector: string) => {
      const key = /\[data-([a-z-]+)\]/.exec(selector)?.[1];
      const prop = key?.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());
      return prop && prop in data ? el : null;
    },
    querySelector: (selector: string) =>
      (selector.includes("procedure-choice") || selector.includes("save-cover") || selector.includes("check-option")) &&
      choice !== null
        ? { value: choice }
        : null,
    querySelectorAll: (selector: string) =>
      selector.includes("procedure-number")
        ? Object.entries(numbers).map(([k, v]) => ({ dataset: { procedureNumber: k }, value: String(v) }))
        : [],
  };
  return el;
}

/**
 * The `this` AppV2 gives an action handler: an instance of the sheet class (its getters such as
 * `d20Actor` work) whose `document` is the actor, without running the real constructor.
 */
export function sheetThis(sheetClass: { prototype: object }, actor: SheetActorStandIn): unknown {
  return Object.assign(Object.create(sheetClass.prototype) as object, { document: actor });
}

/**
 * Like {@link sheetThis}, but a real instance built over the empty `ActorSheetV2` stand-in (the sheet
 * class has no constructor of its own), so handlers that reach the sheet's private members work.
 */
export function sheetInstance(sheetClass: { prototype: object }, actor: SheetActorStandIn): unknown {
  const Sheet = sheetClass as unknown as new () => object;
  return Object.assign(new Sheet(), { document: actor });
}

export interface SheetStandInState extends AttackStandInState {
  warnings: string[];
  users: { id: string; isGM: boolean }[];
  /** Whether this client is the active GM's (`game.users.activeGM?.isSelf`); default false. */
  activeGMIsSelf: boolean;
  /** Whether an active GM is online on another client (`activeGM` with `isSelf` false); default false. */
  activeGMElsewhere: boolean;
}

/**
 * Install the sheet stand-in for a game (before importing src/applications/sheets/actor-sheet.ts).
 * Returns the recorded state, a setter for `game.combat` and the uninstaller.
 */
export function installSheetStandIn(rulesetId: string): {
  state: SheetStandInState;
  setCombat: (combat: CombatStandIn | null) => void;
  uninstall: () => void;
} {
  const { state: base, uninstall } = installAttackStandIn(rulesetId);
  const g = globalThis as unknown as {
    game: Record<string, unknown>;
    foundry: { applications: Record<string, unknown>; utils?: unknown };
    ui: { notifications: Record<string, unknown> };
    Hooks?: unknown;
  };
  const state = base as SheetStandInState;
  state.warnings = [];
  state.users = [
    { id: "gm", isGM: true },
    { id: "player", isGM: false },
  ];
  g.foundry.applications.api = {
    ...(g.foundry.applications.api as object),
    HandlebarsApplicationMixin: <T>(cls: T) => cls,
  };
  g.foundry.applications.sheets = { ActorSheetV2: class {}, ItemSheetV2: class {} };
  g.foundry.utils = { escapeHTML: (s: string) => s };
  state.activeGMIsSelf = false;
  state.activeGMElsewhere = false;
  g.game.users = {
    filter: (fn: (u: { id: string; isGM: boolean }) => boolean) => state.users.filter(fn),
    get activeGM() {
      if (state.activeGMIsSelf) return { id: "gm", isSelf: true };
      return state.activeGMElsewhere ? { id: "gm", isSelf: false } : null;
    },
  };
  g.ui.notifications.warn = (m: string) => void state.warnings.push(m);
  // The sheet's Effects section loads the system's ActiveEffect class, which extends core's.
  const globals = globalThis as { ActiveEffect?: unknown; canvas?: unknown };
  const savedActiveEffect = globals.ActiveEffect;
  globals.ActiveEffect ??= StandInActiveEffect;
  const hadCanvas = "canvas" in globals;
  if (!hadCanvas) globals.canvas = null;
  return {
    state,
    setCombat: (combat) => {
      g.game.combat = combat;
    },
    uninstall: () => {
      globals.ActiveEffect = savedActiveEffect;
      if (savedActiveEffect === undefined) delete globals.ActiveEffect;
      if (!hadCanvas) delete globals.canvas;
      uninstall();
    },
  };
}
