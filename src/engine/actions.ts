/**
 * The action economy and table procedures, shared by every game (pure).
 *
 * A game declares its economy as data ({@link ActionEconomy}: the actions a turn holds, which
 * action may pay for which, composite costs such as a full-round action, and the out-of-turn
 * actions with when they come back) and its procedures ({@link ProcedureSpec}: disengage, sustain,
 * heal check…) with one decision function per step, dispatched by procedure id. These functions
 * spend, check and reset what a combatant has left. Spending is advisory: an over-spend is
 * reported as a warning, never refused, so the GM's table call always stands.
 */
import type { ActorSource, EffectSource, RangeKind, RollRequest, RollResult, RuleEvent, RuleOptions } from "./types.js";

/** One kind of action and how many a turn (or a round, for out-of-turn kinds) holds. */
interface ActionSlot {
  readonly key: string;
  /** i18n key of its name. */
  readonly label: string;
  readonly count: number;
}

/** An action taken out of turn (interrupt, reaction) and when a spent one comes back. */
interface OutOfTurnSlot extends ActionSlot {
  /**
   * `ownTurnStart` = back at the start of the owner's next turn; `afterOwnTurnEnd` = back at the
   * end of the owner's next turn after it was used (13th Age's interrupt).
   */
  readonly refresh: "ownTurnStart" | "afterOwnTurnEnd";
}

/** A game's actions per turn as data. */
export interface ActionEconomy {
  /** What a fresh turn holds, in display order. */
  readonly turn: readonly ActionSlot[];
  /** Which kinds may pay for a kind, tried in order (the kind itself first). Absent = itself only. */
  readonly substitutes?: Readonly<Record<string, readonly string[]>>;
  /** Costs made of several actions at once (a full-round action = all of them). */
  readonly composite?: Readonly<Record<string, readonly string[]>>;
  readonly outOfTurn?: readonly OutOfTurnSlot[];
  /** Costs that use nothing (free actions, opportunity attacks). `free` always is. */
  readonly free?: readonly string[];
  /** Another game's word for a kind, as item data may name it (`standard` → `major`). */
  readonly aliases?: Readonly<Record<string, string>>;
  /** What an attack costs when its item names no known action. */
  readonly attack: string;
  /** i18n names of composite costs (an action made of two quick actions). Absent = the shared names. */
  readonly labels?: Readonly<Record<string, string>>;
  /** Out-of-turn kinds a capped turn takes away until the next turn's start (slowed: no reaction). */
  readonly lostWhenCapped?: readonly string[];
  /** Most actions a turn of the opening surprise round allows. Absent = the surprise round limits nothing. */
  readonly surpriseRound?: number;
  /**
   * How many actions a cost counts as against a capped turn (Wounds d20: a full-round action is
   * two, so a one-action turn cannot hold it). Absent = every cost counts as one.
   */
  readonly capCost?: Readonly<Record<string, number>>;
}

/** One kind of action a game names, with the i18n key of its name. */
interface ActionKind {
  readonly key: string;
  readonly label: string;
}

/** A game's action kinds, each named by `<namespace>.Action.<key>` in the game's words. */
export function actionKinds(namespace: string, keys: readonly string[]): ActionKind[] {
  return keys.map((key) => ({ key, label: `${namespace}.Action.${key}` }));
}

/** A turn of one action of each of these kinds, named as the game's kinds are. */
export function oneOfEach(kinds: readonly ActionKind[], keys: readonly string[]): ActionSlot[] {
  return keys.map((key) => {
    const kind = kinds.find((k) => k.key === key);
    if (!kind) throw new Error(`no action kind "${key}"`);
    return { ...kind, count: 1 };
  });
}

/** What a combatant has left (stored on the Combatant, written by the GM's client). */
export interface ActionsLeft {
  /** Actions left by kind (turn kinds and out-of-turn kinds). */
  left: Record<string, number>;
  /** Actions spent this turn (for a cap such as a staggered creature's single action). */
  taken: number;
  /** Most actions this turn, whatever their kind (null = no cap). */
  cap: number | null;
  /**
   * Each out-of-turn kind's wait for the owner's next turn to pass ("afterOwnTurnEnd" kinds):
   * `none`, `spent` (used), `turnStarted` (used, and the owner's turn has begun). Every kind is
   * always present, so a merged document update never keeps a stale entry.
   */
  waiting: Record<string, Wait>;
  /**
   * [FF-ACTIONPOINTS] Turn actions granted this turn beyond the game's count (an action point's
   * extra action), by kind. Every turn kind is present (0 = none) for the same reason as `waiting`;
   * a fresh turn has none. Optional: absent = none (data stored before it).
   */
  extra?: Record<string, number>;
}

type Wait = "none" | "spent" | "turnStarted";

/** What a spend did. `warning` (i18n key) is set on an over-spend, which is still recorded. */
export interface SpendOutcome {
  state: ActionsLeft;
  /** The kinds that paid (a substitute, every part of a composite); empty for a free action. */
  paidWith: string[];
  warning: string | null;
}

const FREE = "free";

function isFree(economy: ActionEconomy, cost: string): boolean {
  return cost === FREE || (economy.free ?? []).includes(cost);
}

function outOfTurnSlot(economy: ActionEconomy, key: string): OutOfTurnSlot | undefined {
  return (economy.outOfTurn ?? []).find((s) => s.key === key);
}

/** Every kind a cost could be paid with (for validation and display). */
function economyKinds(economy: ActionEconomy): string[] {
  return [...economy.turn.map((s) => s.key), ...(economy.outOfTurn ?? []).map((s) => s.key)];
}

/** Whether a cost names something the economy knows (a kind, a composite, a free cost). */
function knownCost(economy: ActionEconomy, cost: string): boolean {
  return isFree(economy, cost) || economyKinds(economy).includes(cost) || cost in (economy.composite ?? {});
}

/**
 * The cost an item's action type names in this game: the type itself, its alias, or the game's
 * attack cost when the item names none or one the game does not know.
 */
export function costOf(economy: ActionEconomy, actionType: string | null | undefined): string {
  const named = actionType ? (economy.aliases?.[actionType] ?? actionType) : "";
  return named && knownCost(economy, named) ? named : economy.attack;
}

/** A full set of actions (a combatant with nothing stored yet). */
function fullActions(economy: ActionEconomy, cap: number | null = null): ActionsLeft {
  const left: Record<string, number> = {};
  const extra: Record<string, number> = {};
  for (const s of economy.turn) {
    left[s.key] = s.count;
    extra[s.key] = 0;
  }
  const waiting: Record<string, Wait> = {};
  for (const s of economy.outOfTurn ?? []) {
    left[s.key] = s.count;
    waiting[s.key] = "none";
  }
  return { left, taken: 0, cap, waiting, extra };
}

/** The most extra actions of one kind a turn may be granted (a guard on stored data). */
const MAX_EXTRA = 10;

const whole = (v: unknown, max: number): number | null =>
  typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= max ? v : null;

/**
 * Read stored data (a Combatant flag, possibly hostile or from an older version): known kinds
 * only, whole numbers within the game's counts; anything else falls back to a full set.
 */
export function readActionsLeft(economy: ActionEconomy, raw: unknown): ActionsLeft {
  const full = fullActions(economy);
  if (typeof raw !== "object" || raw === null) return full;
  const r = raw as Partial<Record<keyof ActionsLeft, unknown>>;
  const left: Record<string, number> = {};
  const stored = (typeof r.left === "object" && r.left !== null ? r.left : {}) as Record<string, unknown>;
  const rawExtra = (typeof r.extra === "object" && r.extra !== null ? r.extra : {}) as Record<string, unknown>;
  const extra: Record<string, number> = {};
  for (const s of economy.turn) extra[s.key] = whole(rawExtra[s.key], MAX_EXTRA) ?? 0;
  for (const s of [...economy.turn, ...(economy.outOfTurn ?? [])]) {
    const most = s.count + (extra[s.key] ?? 0);
    left[s.key] = whole(stored[s.key], most) ?? s.count;
  }
  const waiting: Record<string, Wait> = {};
  const rawWaiting = (typeof r.waiting === "object" && r.waiting !== null ? r.waiting : {}) as Record<string, unknown>;
  for (const s of economy.outOfTurn ?? []) {
    const w = rawWaiting[s.key];
    waiting[s.key] = w === "spent" || w === "turnStarted" ? w : "none";
  }
  return { left, taken: whole(r.taken, 1000) ?? 0, cap: whole(r.cap, 1000), waiting, extra };
}

/**
 * [FF-ACTIONPOINTS] One more action of a turn kind this turn (an action point spent): one more
 * left, counted as granted so the display shows it and an undo can take it back. The state as it
 * was when the economy has no such turn kind.
 */
export function grantAction(economy: ActionEconomy, state: ActionsLeft, kind: string): ActionsLeft {
  if (!economy.turn.some((s) => s.key === kind)) return state;
  const extra = { ...(state.extra ?? {}) };
  if ((extra[kind] ?? 0) >= MAX_EXTRA) return state;
  extra[kind] = (extra[kind] ?? 0) + 1;
  return { ...state, left: { ...state.left, [kind]: (state.left[kind] ?? 0) + 1 }, extra };
}

/**
 * [FF-ACTIONPOINTS] A granted action taken back (the spend undone): one granted fewer, and one
 * fewer left unless it was already used (later play stands: what was taken stays taken).
 */
export function revokeAction(economy: ActionEconomy, state: ActionsLeft, kind: string): ActionsLeft {
  const granted = state.extra?.[kind] ?? 0;
  if (granted <= 0) return state;
  const slot = economy.turn.find((s) => s.key === kind);
  const most = (slot?.count ?? 0) + granted - 1;
  const left = Math.min(most, Math.max(0, (state.left[kind] ?? 0) - 1));
  return { ...state, left: { ...state.left, [kind]: left }, extra: { ...state.extra, [kind]: granted - 1 } };
}

/**
 * The most actions a turn allows: the cap from the actor's state (null = none), within the
 * surprise round's limit when the turn belongs to the opening surprise round.
 */
export function turnCap(economy: ActionEconomy, actorCap: number | null, surpriseRound: boolean): number | null {
  const limit = surpriseRound ? (economy.surpriseRound ?? null) : null;
  if (limit === null) return actorCap;
  return actorCap === null ? limit : Math.min(actorCap, limit);
}

/**
 * The start of the combatant's turn: every turn action back, out-of-turn actions that refresh at
 * the turn's start back, and those waiting for this turn to pass marked. `cap` = the most actions
 * the turn allows (from the actor's state), null for none; `lost` = out-of-turn kinds its state
 * takes away until its next turn though the turn is not capped (Hundred Dungeons' exhaustion 1).
 */
export function startTurnActions(
  economy: ActionEconomy,
  before: ActionsLeft,
  cap: number | null,
  lost: readonly string[] = [],
): ActionsLeft {
  const next = fullActions(economy, cap);
  for (const s of economy.outOfTurn ?? []) {
    if (s.refresh === "ownTurnStart") continue;
    const w = before.waiting[s.key] ?? "none";
    next.left[s.key] = before.left[s.key] ?? s.count;
    next.waiting[s.key] = w === "none" ? "none" : "turnStarted";
  }
  const gone = [...(cap !== null ? (economy.lostWhenCapped ?? []) : []), ...lost];
  for (const k of gone) if (k in next.left && outOfTurnSlot(economy, k)) next.left[k] = 0;
  return next;
}

/**
 * The start of the turn of the combatant this one acts with (a ridden mount on its rider's turn):
 * a fresh set as at its own turn's start (`ownCap` from its own state), at most `controlCap`
 * actions of it.
 */
export function startControlledTurn(
  economy: ActionEconomy,
  before: ActionsLeft,
  ownCap: number | null,
  controlCap: number,
  lost: readonly string[] = [],
): ActionsLeft {
  const next = startTurnActions(economy, before, ownCap, lost);
  return { ...next, cap: ownCap === null ? controlCap : Math.min(ownCap, controlCap) };
}

/** The end of the combatant's turn: out-of-turn actions whose wait is over come back. */
export function endTurnActions(economy: ActionEconomy, before: ActionsLeft): ActionsLeft {
  const next: ActionsLeft = { ...before, left: { ...before.left }, waiting: { ...before.waiting } };
  for (const s of economy.outOfTurn ?? []) {
    if (next.waiting[s.key] === "turnStarted") {
      next.left[s.key] = s.count;
      next.waiting[s.key] = "none";
    }
  }
  return next;
}

/** The kind that would pay for a single (non-composite) cost now, or null when none is left. */
function payer(economy: ActionEconomy, left: Record<string, number>, cost: string): string | null {
  const order = economy.substitutes?.[cost] ?? [cost];
  for (const k of order) if ((left[k] ?? 0) > 0) return k;
  return null;
}

/**
 * Spend a cost: a turn action (or a substitute for it), every part of a composite, or an
 * out-of-turn action (`ownTurn` = it is the combatant's turn; turn actions spent out of turn are
 * an over-spend, and so are out-of-turn ones on its own turn). Advisory: what cannot be paid is reported as a warning and the spend is
 * still recorded (nothing goes below zero).
 */
export function spendAction(economy: ActionEconomy, state: ActionsLeft, cost: string, ownTurn: boolean): SpendOutcome {
  const next: ActionsLeft = { ...state, left: { ...state.left }, waiting: { ...state.waiting } };
  if (isFree(economy, cost)) return { state: next, paidWith: [], warning: null };
  const oot = outOfTurnSlot(economy, cost);
  if (oot) {
    const have = next.left[cost] ?? 0;
    if (have > 0) next.left[cost] = have - 1;
    if (oot.refresh === "afterOwnTurnEnd") next.waiting[cost] = ownTurn ? "turnStarted" : "spent";
    const warning = have <= 0 ? "D20C.Actions.Warn.NoneLeft" : ownTurn ? "D20C.Actions.Warn.OnOwnTurn" : null;
    return { state: next, paidWith: [cost], warning };
  }
  const parts = economy.composite?.[cost] ?? [cost];
  const paidWith: string[] = [];
  let warning: string | null = null;
  if (!economyKinds(economy).includes(parts[0] ?? "") && !(cost in (economy.composite ?? {})))
    return { state: next, paidWith, warning: "D20C.Actions.Warn.Unknown" };
  if (!ownTurn) warning = "D20C.Actions.Warn.NotYourTurn";
  const counts = economy.capCost?.[cost] ?? 1;
  if (next.cap !== null && next.taken + counts > next.cap) warning ??= "D20C.Actions.Warn.OverCap";
  for (const part of parts) {
    const k = payer(economy, next.left, part);
    if (k === null) {
      warning ??= "D20C.Actions.Warn.NoneLeft";
      continue;
    }
    next.left[k] = (next.left[k] ?? 0) - 1;
    paidWith.push(k);
  }
  next.taken += counts;
  return { state: next, paidWith, warning };
}

/** The i18n key naming a cost: its slot's label, else the shared label of a composite or free cost. */
export function costLabel(economy: ActionEconomy | undefined, cost: string): string {
  const slot = [...(economy?.turn ?? []), ...(economy?.outOfTurn ?? [])].find((s) => s.key === cost);
  return slot?.label ?? economy?.labels?.[cost] ?? `D20C.Actions.Cost.${cost === "fullRound" ? "fullRound" : "free"}`;
}

/** One row of the "actions left" display: a kind, what is left of it and the most it holds. */
export interface ActionRow {
  key: string;
  label: string;
  left: number;
  count: number;
}

/** The rows a tracker or sheet shows, turn kinds first. */
export function actionRows(economy: ActionEconomy, state: ActionsLeft): ActionRow[] {
  return [...economy.turn, ...(economy.outOfTurn ?? [])].map((s) => ({
    key: s.key,
    label: s.label,
    left: Math.max(0, state.left[s.key] ?? 0),
    // [FF-ACTIONPOINTS] an extra action granted this turn is one more of its kind.
    count: s.count + (state.extra?.[s.key] ?? 0),
  }));
}

// ---- table procedures ------------------------------------------------------------------------

/** A table procedure a game offers on the sheet's Actions panel. */
export interface ProcedureSpec {
  /** Stable id the adapter dispatches by. */
  readonly id: string;
  /** The cost spent when it is carried out: a kind, a composite, or `free`. */
  readonly cost: string;
  /** i18n keys: its name and what it does (shown on the panel). */
  readonly label: string;
  readonly result: string;
  /**
   * What it acts on: `self`; `target` = exactly one targeted token; `effect` = one of the actor's
   * own effects the procedure lists ({@link ProcedureInput.effects}); `targets` = every targeted token.
   */
  readonly aim: "self" | "target" | "targets" | "effect";
  /** Choices the user picks one of (a range band…), i18n-labelled. */
  readonly choices?: readonly { key: string; label: string }[];
  /** For `aim: "effect"`: the duration of the effects (the actor's own or made by it) the user picks from. */
  readonly effects?: EffectSource["duration"];
  /** Numbers the user enters (a DC, a wound's severity), with their defaults. */
  readonly numbers?: readonly { key: string; label: string; default: number; min?: number; max?: number }[];
  /**
   * [SYS-ACTIONS] When the procedure is the creature's to take at all, by its statuses (its listed
   * conditions and its effects'): `any` = it holds one of them (escape: grappled), `none` = it holds
   * none of them (mount: not mounted already). Absent = always. Sheets list only the open ones (issue 45).
   */
  readonly when?: { readonly any?: readonly string[]; readonly none?: readonly string[] };
}

/** [SYS-ACTIONS] Whether a procedure is the creature's to take with these statuses ({@link ProcedureSpec.when}). */
export function procedureOpen(spec: Pick<ProcedureSpec, "when">, statuses: readonly string[]): boolean {
  const { any, none } = spec.when ?? {};
  if (any && !any.some((s) => statuses.includes(s))) return false;
  return !(none && none.some((s) => statuses.includes(s)));
}

/**
 * A procedure of the game whose i18n namespace is `ns`: its name and result are the keys
 * `<ns>.Procedure.<id>.Label` and `.Result`.
 */
export function procedure(
  ns: string,
  id: string,
  cost: string,
  aim: ProcedureSpec["aim"],
  more: Pick<ProcedureSpec, "choices" | "effects" | "numbers"> = {},
): ProcedureSpec {
  const key = `${ns}.Procedure.${id}`;
  return { id, cost, label: `${key}.Label`, result: `${key}.Result`, aim, ...more };
}

/** An effect a procedure may act on: on the actor itself or on the creature `holderId` it was made for. */
export interface ProcedureEffect extends EffectSource {
  holderId: string;
  holderName: string;
}

/** Another creature a procedure looks at (a targeted token, another combatant). */
export interface ProcedureCreature {
  /** Key the outcome names it by (the token's actor key). */
  id: string;
  name: string;
  actor: ActorSource;
  /** Where its token (the targeted one, for a target) stands on a square-grid scene. Optional: absent or null = not read. */
  place?: CreaturePlace | null;
  /** Its combatant in the current combat (what effects name as their creator). Optional: absent = none. */
  combatantId?: string | null;
  /** Its effects (a Hide effect to find, a grapple to escape). Optional: absent = none read. */
  effects?: readonly EffectSource[];
  /** Its side of the table (Hide's default observers are the other side). Optional. */
  side?: "player" | "gm";
}

/** Where a token stands on the viewed square-grid scene: its top-left square and its side, in squares. */
export interface CreaturePlace {
  x: number;
  y: number;
  size: number;
}

/** Per-combatant memory of procedures (stored with the actions left): bands, marks by round. */
export interface ProcedureMemory {
  /** A band (range, position) per other creature's id. */
  bands: Record<string, string>;
  /** Marks with the round they were set in (e.g. `disengaged`). */
  marks: Record<string, number>;
}

/** An attack as the bands see it: its range, one target, and the attacker's bands to every creature. */
export interface AttackBandInput {
  range: RangeKind;
  /** The target: its creature id (the key of the bands) and name. */
  target: { id: string; name: string };
  /** The attacker's procedure memory bands (per creature id). */
  bands: Readonly<Record<string, string>>;
  /** Names of the creatures the bands name, by id. */
  names: Readonly<Record<string, string>>;
}

/** A warning the attack dialog and the card show (an i18n key and its format data); never a refusal. */
export interface AttackBandWarning {
  key: string;
  data: Record<string, string>;
}

/** Read stored memory (possibly hostile): strings and whole rounds only. */
export function readProcedureMemory(raw: unknown): ProcedureMemory {
  const out: ProcedureMemory = { bands: {}, marks: {} };
  if (typeof raw !== "object" || raw === null) return out;
  const r = raw as Record<string, unknown>;
  for (const [k, v] of Object.entries(typeof r.bands === "object" && r.bands !== null ? r.bands : {}))
    if (typeof v === "string" && v.length <= 40) out.bands[k] = v;
  for (const [k, v] of Object.entries(typeof r.marks === "object" && r.marks !== null ? r.marks : {}))
    if (typeof v === "number" && Number.isInteger(v) && v >= 0) out.marks[k] = v;
  return out;
}

/** Everything a procedure's decision reads (plain data the adapter gathers). */
export interface ProcedureInput {
  actor: ActorSource;
  actorId: string;
  /** Targeted tokens (in order). */
  targets: readonly ProcedureCreature[];
  /** The other combatants of the current combat (empty outside combat). */
  others: readonly ProcedureCreature[];
  /** The actor's own effects and those it made on others (sustain, end-of-turn effects…). */
  effects: readonly ProcedureEffect[];
  /** The user's pick: a choice key or an effect id. */
  choice: string | null;
  /** The numbers the user entered, by the spec's keys (defaults filled in, clamped to their range). */
  numbers: Record<string, number>;
  /** The current round (null outside combat) and whether it is the actor's turn. */
  round: number | null;
  ownTurn: boolean;
  memory: ProcedureMemory;
  options: RuleOptions;
  /** The actor's combatant id and side in the current combat. Optional: absent = not in combat. */
  combatantId?: string | null;
  side?: "player" | "gm";
  /** Where the actor's token stands on the scene its targets were read from. Optional: absent or null = not read. */
  place?: CreaturePlace | null;
  /**
   * [HD-COND] The scene's sight of the sources of the actor's fear: true = none is in its line of
   * sight (frightened then weakens none of its rolls), false = one is, null = not read. Optional:
   * absent = not read.
   */
  fearSourceUnseen?: boolean | null;
}

/**
 * The checks every procedure shares, from its spec: one target when it aims at one, at least one
 * when it aims at several, a listed effect or choice when it needs one. Returns the refusal's i18n
 * key, or null when the procedure may go on to its own decision.
 */
export function aimRefusal(spec: ProcedureSpec, input: ProcedureInput): string | null {
  if (spec.aim === "target" && input.targets.length !== 1) return "D20C.Actions.Refused.OneTarget";
  if (spec.aim === "targets" && input.targets.length === 0) return "D20C.Actions.Refused.NoTarget";
  if (spec.aim === "effect") {
    const ok = input.effects.some((e) => e.id === input.choice && (!spec.effects || e.duration === spec.effects));
    if (!ok) return "D20C.Actions.Refused.NoEffect";
  }
  if (spec.choices?.length && !spec.choices.some((c) => c.key === input.choice)) return "D20C.Actions.Refused.NoChoice";
  return null;
}

/** The numbers of a spec from what the user entered: finite whole numbers within range, else the default. */
export function procedureNumbers(spec: ProcedureSpec, raw: Record<string, unknown>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const n of spec.numbers ?? []) {
    const v = Number(raw[n.key]);
    const ok = Number.isFinite(v) ? Math.trunc(v) : n.default;
    out[n.key] = Math.min(n.max ?? 100, Math.max(n.min ?? 0, ok));
  }
  return out;
}

/** Step one of a procedure: refuse (why, i18n key) or the rolls to make, in order. */
export interface ProcedurePlan {
  refusal: string | null;
  requests: RollRequest[];
}

/** A prompt posted to another creature's side (an opportunity attack offered…). */
export interface ProcedurePrompt {
  /** The creature whose owners see it. */
  creatureId: string;
  key: string;
  data?: Record<string, string | number>;
}

/** Step two: what the procedure did, for the adapter to write. */
export interface ProcedureOutcome {
  /** New sources of the actor / of creatures by id (absent = unchanged). */
  actor: ActorSource | null;
  creatures: Record<string, ActorSource>;
  /** Changes to effects by holder (a creature id or the actor's) and effect id. */
  effectChanges: { holderId: string; id: string; changes: Partial<EffectSource> }[];
  events: RuleEvent[];
  /** The cost actually spent (the spec's, unless the outcome says otherwise; null = nothing). */
  spend: string | null;
  memory: ProcedureMemory | null;
  prompts: ProcedurePrompt[];
  /**
   * Effects to create and remove, on the actor (`creatureId` null) or on a creature by id (a grapple
   * on the target, Help on an ally, Hide per observer). Optional: absent = none.
   */
  addEffects?: { creatureId: string | null; effect: Omit<EffectSource, "id"> }[];
  removeEffects?: { creatureId: string | null; effectId: string }[];
}

/** A roll made for a procedure. */
export interface ProcedureRoll {
  request: RollRequest;
  result: RollResult;
}

/** An outcome that changes nothing but spends the procedure's cost. */
export function plainOutcome(spec: Pick<ProcedureSpec, "cost">, events: RuleEvent[] = []): ProcedureOutcome {
  return { actor: null, creatures: {}, effectChanges: [], events, spend: spec.cost, memory: null, prompts: [] };
}
