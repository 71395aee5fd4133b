/**
 * Applying an attack card's result to one target, decided (pure). The button's amount becomes a
 * damage packet carrying THAT attack's natural roll, crit flag, types and range; the ruleset does
 * the rest ([13A-RESIST] threshold, [13A-TEMPHP] temp HP first, [FF-INSUB], [WD-DMG] minimum,
 * wounds, state changes) and may ask for rolls ([WD-DEATHDC] death save), which are rolled and
 * resolved right here so the target is written once. The record keeps the list of changes the press
 * made (engine/changes.ts), which undo reverses without touching what happened since.
 */
import {
  createdEffectIds,
  diffActor,
  fingerprint,
  invertChanges,
  type ActorChange,
  type UndoConflict,
} from "../changes.js";
import { refuseImmuneConditions } from "../creatures.js";
import { gainLevelConditions } from "../effects.js";
import { EngineError } from "../errors.js";
import type { Ruleset } from "../ruleset.js";
import { boundUndo, type UndoShortfall } from "../undo-bounds.js";
import type {
  ActorSource,
  DamagePacket,
  EffectSource,
  EffectTiming,
  HookChange,
  Modifier,
  RollResult,
  RuleEvent,
  RuleOptions,
} from "../types.js";
import type { AppliedEffects, AppliedRecord, ApplyMode, AttackCardData, CardOngoing, CardTarget } from "./card-data.js";
import { effectsForOutcome, type CardEffectBody } from "./power-card.js";
import { packetPartsFor } from "./damage-parts.js";
import { reachedTarget, runRequests, type RequestRoller, type ResolvedRequest } from "./requests.js";

/** The amount a button sends: the outcome's damage (also when knocking out), half of it (rounded down), double, or as healing. */
export function amountFor(damage: number, mode: ApplyMode): number {
  if (mode === "half") return Math.floor(damage / 2);
  if (mode === "double") return damage * 2;
  return damage;
}

/** Find a target on a card by its UUID (token or actor). */
function findTarget(card: AttackCardData, targetUuid: string): CardTarget {
  const t = card.targets.find((x) => x.uuid === targetUuid);
  if (!t) throw new EngineError("targetUuid", `the card has no target ${targetUuid}`, targetUuid);
  return t;
}

/**
 * The damage packet a damage button sends to one target. `knockOut` sends the full damage with the
 * attacker's choice to knock the creature out instead of killing it ([HD-ENEMYDEATH]).
 */
export function packetFor(
  card: AttackCardData,
  target: CardTarget,
  mode: "full" | "half" | "double" | "knockOut",
): DamagePacket {
  const roll = card.damageRolls.find((d) => d.key === target.damageKey);
  const parts = packetPartsFor(target, (n) => amountFor(n, mode === "knockOut" ? "full" : mode));
  return {
    ...(parts ? { parts } : {}),
    amount: amountFor(target.damage, mode),
    types: roll ? [...roll.recipe.types] : [...card.damageTypes],
    natural: target.outcome.natural,
    // [WD-NASTY] a save-based power's critically failed save counts as critical for the wound it makes.
    critical: target.outcome.isCrit || target.outcome.criticalFailure === true,
    ongoing: false,
    fromAttack: true,
    melee: card.range === "melee",
    nonlethal: card.nonlethal,
    knockOut: mode === "knockOut",
    ...(card.properties?.length ? { properties: [...card.properties] } : {}),
    ...(target.outcome.isHit ? {} : { missed: true }),
    // [WD-COUPDEGRACE] a hit the game decided as a coup de grace (asked for, and this target helpless):
    // the game may ask a save against death; a target the choice did nothing to owes none.
    ...(target.outcome.isHit && target.outcome.coupDeGrace === true ? { coupDeGrace: true } : {}),
  };
}

/** Localisation the effect name needs (game.i18n in Foundry, the stand-in in tests). */
export interface NameI18n {
  has(key: string): boolean;
  localize(key: string): string;
  format(key: string, data: Record<string, string | number>): string;
}

/** The name of an ongoing-damage effect, e.g. "Ongoing 5 fire damage" (typed) or "Ongoing 5 damage". */
export function ongoingName(ongoing: Pick<CardOngoing, "amount" | "type">, i18n: NameI18n): string {
  const typed = ongoing.type !== "" && ongoing.type !== "untyped";
  const typeKey = `D20C.DamageType.${ongoing.type}`;
  const type = typed ? (i18n.has(typeKey) ? i18n.localize(typeKey) : ongoing.type) : "";
  return i18n.format(typed ? "D20C.Chat.Ongoing.NameTyped" : "D20C.Chat.Ongoing.Name", {
    amount: ongoing.amount,
    type,
  });
}

/** Buttons that deal the attack's damage (and with it, its ongoing damage). */
const DAMAGE_MODES: readonly ApplyMode[] = ["full", "half", "double", "knockOut"];

/**
 * Whether a press puts the power's ongoing damage on the target ([13A-ONGOING], [FF-ONGOING]): the
 * power has some, the attack hit this target (a crit included; never a miss, so never a natural 1),
 * and the button deals the attack's damage (not healing).
 */
function ongoingApplies(card: AttackCardData, target: CardTarget, mode: ApplyMode): boolean {
  return Boolean(card.ongoing && card.ongoing.amount > 0 && target.outcome.isHit && DAMAGE_MODES.includes(mode));
}

/**
 * The effect a power's ongoing damage becomes on the target: save ends (at the power's save
 * difficulty), timed by the attacker's combatant, no conditions of its own.
 */
function ongoingEffect(ongoing: CardOngoing, name: string): Omit<EffectSource, "id"> {
  return {
    name,
    sourceCombatantId: ongoing.sourceCombatantId,
    duration: "saveEnds",
    save: ongoing.save,
    saveBonus: 0,
    sustain: null,
    sustainedRound: null,
    ongoing: { amount: ongoing.amount, type: ongoing.type },
    aftereffect: null,
    armed: false,
    statuses: [],
  };
}

/**
 * Put an effect on a target with the game's stacking rule (`Ruleset.addEffect`; [FF-ONGOING] only
 * the highest of a type burns): which effects to delete and whether the new one is created.
 */
function stackEffect(
  ruleset: Ruleset,
  existing: readonly EffectSource[],
  incoming: EffectSource,
  timing?: EffectTiming,
): { create: EffectSource | null; remove: EffectSource[] } {
  const kept = ruleset.addEffect(existing, incoming, timing);
  const keptIds = new Set(kept.map((e) => e.id));
  return {
    create: keptIds.has(incoming.id) ? structuredClone(incoming) : null,
    remove: existing.filter((e) => !keptIds.has(e.id)).map((e) => structuredClone(e)),
  };
}

/** The engine effect of a card effect's lasting part (the aftereffect's fields, without an id). */
function effectBody(
  body: CardEffectBody,
  name: string,
  sourceCombatantId: string | null,
): NonNullable<EffectSource["aftereffect"]> {
  return {
    name,
    sourceCombatantId,
    duration: body.duration,
    ...(body.turnOf === "bearer" ? { turnOf: "bearer" as const } : {}),
    save: body.save,
    saveBonus: 0,
    sustain: body.sustain,
    ongoing: body.ongoing && body.ongoing.amount > 0 ? { ...body.ongoing } : null,
    statuses: [...body.statuses],
  };
}

/** Default display name of a power effect: its conditions' labels (the adapter localises them). */
function defaultEffectName(body: CardEffectBody): string {
  return body.statusLabels.join(", ");
}

/**
 * The effects a press puts on the target from the power's hit / miss / crit effects
 * ([SYS-POWERS]): those the ruleset says this target's outcome and natural roll trigger (a miss
 * gets only miss effects), when the button deals the attack's damage. Each becomes an effect timed
 * by the attacker's combatant with its duration, save (the game reads its own target from the
 * difficulty, [13A-SAVE]) and aftereffect ([FF-AFTER]); an instantaneous one stays until removed.
 */
function powerEffectsFor(
  ruleset: Ruleset,
  card: AttackCardData,
  target: CardTarget,
  mode: ApplyMode,
  name: (body: CardEffectBody) => string = defaultEffectName,
): Omit<EffectSource, "id">[] {
  const power = card.power;
  if (!power || !DAMAGE_MODES.includes(mode)) return [];
  return effectsForOutcome(ruleset, power, target.outcome).flatMap((i) => {
    const e = power.effects[i];
    if (!e) return [];
    return [
      {
        ...effectBody(e, name(e), power.sourceCombatantId),
        sustainedRound: null,
        armed: false,
        aftereffect: e.aftereffect ? effectBody(e.aftereffect, name(e.aftereffect), power.sourceCombatantId) : null,
      },
    ];
  });
}

export interface ApplyInput {
  ruleset: Ruleset;
  options: RuleOptions;
  card: AttackCardData;
  targetUuid: string;
  mode: ApplyMode;
  /** The target actor's current source and its id (what requests name). */
  actor: ActorSource;
  actorId: string;
  userId: string;
  /** Id for the record (injected so tests are deterministic). */
  recordId: string;
  /** The card's message id (part of the application's identity); absent = "". */
  cardId?: string;
  roll: RequestRoller;
  /** The target's current effects (for the ongoing damage's stacking rule). Absent = none. */
  effects?: readonly EffectSource[];
  /**
   * The combat's turn order around the target, for which overlapping copy ends later
   * ([FF-DURATION], [FF-ONGOING]). Absent = out of combat (kinds of duration ranked).
   */
  timing?: EffectTiming;
  /** Id for a new ongoing effect (injected, a valid document id) and its display name. */
  effectId?: string;
  ongoingName?: string;
  /** Ids for the power's effects the press creates, in order (injected, valid document ids); absent = derived from the record id. */
  powerEffectIds?: readonly string[];
  /** Display name of a power effect (localised by the adapter); absent = its condition labels. */
  powerEffectName?: (body: CardEffectBody) => string;
  /**
   * [SYS-HOOKS] The amount modules' `preApplyDamage` hooks set (the GM's client's own hooks), with
   * what they changed; a whole number from 0 to the card's double damage for the target. Absent =
   * the button's amount.
   */
  amount?: number;
  hooks?: readonly HookChange[];
  /**
   * [SYS-MONSTERS] The attacker's caster level (its level), for a spell meeting the target's spell
   * resistance. Absent = 0.
   */
  casterLevel?: number;
}

export interface ApplyDecision {
  /** The target's new source: write it in one update. */
  next: ActorSource;
  /** Effects to create (with their ids) and to delete on the target: the ongoing damage. */
  effects: { create: EffectSource[]; remove: string[] };
  record: AppliedRecord;
  /** Rolls the rules asked for (death saves…), made and resolved. */
  rolls: ResolvedRequest[];
  /** The card with the record added. */
  card: AttackCardData;
}

/**
 * Decide what one button does to one target. Never mutates its inputs.
 */
export async function decideApplication(input: ApplyInput): Promise<ApplyDecision> {
  const { ruleset, options, card, mode, actor, actorId } = input;
  const target = findTarget(card, input.targetUuid);
  if (mode === "knockOut" && !ruleset.knockOut)
    throw new EngineError("mode", "this game has no choice to knock a creature out instead of killing it", mode);
  let next: ActorSource;
  let events: RuleEvent[];
  let requests;
  let dealt: number;
  let hpLost = 0;
  let absorbedByTemp = 0;
  let adjustments: Modifier[] = [];
  const amount = input.amount ?? amountFor(target.damage, mode);
  const resisted = await spellResisted(input, target, mode);
  if (resisted?.stopped) return resistedDecision(input, target, resisted, amount);
  if (
    input.amount !== undefined &&
    (!Number.isInteger(amount) || amount < 0 || amount > Math.max(0, target.damage * 2))
  )
    throw new EngineError("amount", "a whole number from 0 to the card's double damage", amount);
  if (mode === "heal" || mode === "temp") {
    const r = ruleset.applyHealing(actor, amount, mode, options, actorId);
    next = r.actor;
    events = r.events;
    requests = r.requests;
    dealt =
      mode === "heal" ? Math.max(0, r.actor.hp.value - actor.hp.value) : Math.max(0, r.actor.hp.temp - actor.hp.temp);
  } else {
    const r = ruleset.applyDamage(actor, { ...packetFor(card, target, mode), amount }, options, actorId);
    next = r.actor;
    events = r.events;
    // [HD-LEGENDARY] the failed save the card turned into a success spends its use (Undo gives it back).
    const spent = target.outcome.saveResisted ? ruleset.resistSaveAttack?.(next, actorId) : null;
    if (spent) {
      next = spent.actor;
      events = [spent.event, ...events];
    }
    requests = r.requests;
    dealt = r.dealt;
    hpLost = r.hpLost;
    absorbedByTemp = r.absorbedByTemp;
    adjustments = r.adjustments;
  }
  const followed = await runRequests(ruleset, next, actorId, requests, input.roll, options);
  next = followed.actor;
  events = [...(resisted?.events ?? []), ...events, ...followed.events];
  if (resisted?.rolled) followed.rolls.unshift(resisted.roll);
  let applied: AppliedEffects | undefined;
  const effects: ApplyDecision["effects"] = { create: [], remove: [] };
  if (card.ongoing && ongoingApplies(card, target, mode)) {
    const incoming = {
      ...ongoingEffect(card.ongoing, input.ongoingName ?? "D20C.Chat.Ongoing.Name"),
      id: input.effectId ?? `${input.recordId}o`,
    };
    const stacked = stackEffect(ruleset, input.effects ?? [], incoming, input.timing);
    if (stacked.create) effects.create.push(stacked.create);
    effects.remove.push(...stacked.remove.map((e) => e.id));
    applied = {
      addedId: stacked.create?.id ?? null,
      removed: stacked.remove,
      amount: card.ongoing.amount,
      type: card.ongoing.type,
    };
  }
  // [HD-COND] a condition the game counts in levels (exhaustion) is gained on the actor, not put on as an effect.
  const imposed: Omit<EffectSource, "id">[] = [];
  for (const offered of powerEffectsFor(ruleset, card, target, mode, input.powerEffectName)) {
    // [SYS-MONSTERS] a condition or keyword the creature is immune to never takes hold (the card says why).
    const guarded = refuseImmuneConditions(ruleset, next, actorId, offered, card.properties ?? []);
    events = [...events, ...guarded.events];
    const e = guarded.effect;
    if (!e) continue;
    const leveled = gainLevelConditions(ruleset, next, actorId, e);
    next = leveled.actor;
    events = [...events, ...leveled.events];
    if (leveled.effect) imposed.push(leveled.effect);
  }
  let present = [...(input.effects ?? [])].filter((e) => !effects.remove.includes(e.id));
  present.push(...effects.create);
  imposed.forEach((e, i) => {
    const incoming = { ...e, id: input.powerEffectIds?.[i] ?? `${input.recordId}p${i}` };
    const stacked = stackEffect(ruleset, present, incoming, input.timing);
    if (stacked.create) effects.create.push(stacked.create);
    const gone = new Set(stacked.remove.map((x) => x.id));
    // An effect this same press created and the stacking rule replaced is simply not created.
    effects.create = effects.create.filter((x) => !gone.has(x.id));
    effects.remove.push(...[...gone].filter((id) => (input.effects ?? []).some((x) => x.id === id)));
    present = [...present.filter((x) => !gone.has(x.id)), ...(stacked.create ? [stacked.create] : [])];
  });
  const changes: ActorChange[] = diffActor(actor, next);
  for (const e of effects.remove) {
    const old = (input.effects ?? []).find((x) => x.id === e);
    if (old) changes.push({ kind: "effectRemoved", effect: structuredClone(old) });
  }
  for (const e of effects.create) changes.push({ kind: "effectAdded", effect: structuredClone(e) });
  const record: AppliedRecord = {
    id: input.recordId,
    key: applicationKey(input.cardId ?? "", target, mode),
    targetUuid: target.uuid,
    actorUuid: target.actorUuid,
    mode,
    amount,
    dealt,
    hpLost,
    absorbedByTemp,
    adjustments,
    events,
    changes,
    left: fingerprint(next),
    userId: input.userId,
    undone: false,
    ...(applied ? { effects: applied } : {}),
    ...(input.hooks?.length ? { hooks: input.hooks.map((h) => ({ ...h })) } : {}),
  };
  return { next, effects, record, rolls: followed.rolls, card: { ...card, applied: [...card.applied, record] } };
}

/** A spell's check against the target's spell resistance, rolled: whether it stopped the spell. */
interface SpellCheck {
  stopped: boolean;
  roll: ResolvedRequest;
  events: RuleEvent[];
  /** Whether this press rolled it (false: an earlier press's check, not rolled or posted again). */
  rolled: boolean;
}

/**
 * [SYS-MONSTERS] When the press carries a spell to a target with spell resistance (the game's
 * `spellResistanceCheck`), the caster's check is rolled: short of the resistance, the spell does
 * nothing to it. Null when no check applies (healing never meets it).
 */
async function spellResisted(input: ApplyInput, target: CardTarget, mode: ApplyMode): Promise<SpellCheck | null> {
  if (!DAMAGE_MODES.includes(mode)) return null;
  const request = input.ruleset.spellResistanceCheck?.(
    input.actor,
    input.card.properties ?? [],
    input.casterLevel ?? 0,
    input.actorId,
  );
  if (!request) return null;
  // One spell meets a creature's spell resistance once: pressed again after an undo, the check its
  // earlier press rolled stands (recorded on the GM's ledger), so an undo never buys a new roll.
  const earlier = earlierSpellCheck(input.card, target);
  const result = earlier ?? (await input.roll(request));
  const success = reachedTarget(request, result, input.ruleset);
  const stopped = success === false;
  const event: RuleEvent = {
    key: stopped ? SPELL_RESISTED : SPELL_OVERCOME,
    data: {
      name: target.name,
      total: result.total,
      sr: request.target ?? 0,
      ...(result.natural === null ? {} : { natural: result.natural }),
    },
    actorId: input.actorId,
  };
  return { stopped, roll: { request, result, success }, events: [event], rolled: !earlier };
}

const SPELL_RESISTED = "D20C.SpellResistance.Resisted";
const SPELL_OVERCOME = "D20C.SpellResistance.Overcome";

/**
 * [SYS-MONSTERS] The spell resistance check an earlier press of this card on this target rolled
 * (its record's event: the total, and the natural d20 where recorded), or null.
 */
function earlierSpellCheck(card: AttackCardData, target: CardTarget): RollResult | null {
  for (const record of card.applied) {
    if (record.targetUuid !== target.uuid) continue;
    const event = record.events.find((e) => e.key === SPELL_RESISTED || e.key === SPELL_OVERCOME);
    const total = event?.data?.total;
    if (typeof total !== "number") continue;
    const natural = event?.data?.natural;
    return { total, natural: typeof natural === "number" ? natural : null };
  }
  return null;
}

/** A press the target's spell resistance stopped: nothing changes, the record says why (its undo changes nothing). */
function resistedDecision(input: ApplyInput, target: CardTarget, check: SpellCheck, amount: number): ApplyDecision {
  const record: AppliedRecord = {
    id: input.recordId,
    key: applicationKey(input.cardId ?? "", target, input.mode),
    targetUuid: target.uuid,
    actorUuid: target.actorUuid,
    mode: input.mode,
    amount,
    dealt: 0,
    hpLost: 0,
    absorbedByTemp: 0,
    adjustments: [],
    events: check.events,
    changes: [],
    left: fingerprint(input.actor),
    userId: input.userId,
    undone: false,
  };
  return {
    next: structuredClone(input.actor),
    effects: { create: [], remove: [] },
    record,
    rolls: check.rolled ? [check.roll] : [],
    card: { ...input.card, applied: [...input.card.applied, record] },
  };
}

export interface UndoDecision {
  /** The target's new source: the press's changes reversed on what the target has now. */
  restore: ActorSource;
  /** Numbers undo gave back only in part, held to the game's bounds (max HP, wounds, temporary HP). */
  shortfalls: UndoShortfall[];
  /** True when the target changed since the press (later play is kept; see `conflicts`). */
  changedSince: boolean;
  /** Fields undo left alone because something changed them after the press (warn the user). */
  conflicts: UndoConflict[];
  card: AttackCardData;
  record: AppliedRecord;
  /** Effects to delete (the ongoing damage the press added) and to re-create (what it replaced). */
  effects: { remove: string[]; create: EffectSource[] };
  /** Effects to write back with fields the press changed (none for card presses so far). */
  effectUpdates: EffectSource[];
}

/** The effects a record's target has right after the press (when the caller has no fresher view). */
function effectsAsLeft(record: AppliedRecord): EffectSource[] {
  return record.changes.flatMap((c) => (c.kind === "effectAdded" ? [c.effect] : []));
}

/**
 * Undo one recorded press on the target as it is now: the inverse of its changes, touching a field
 * only while it still holds what the press left (engine/changes.ts). `currentEffects` = the
 * target's effects now (absent = as the press left them); `undoneEffectIds` = effects whose
 * creation was undone since (never brought back); `bounds` = the game's HP range (its ruleset):
 * what undo gives back is held to it, and the record says what it could not give back. The record
 * is marked undone.
 */
export function decideUndo(
  card: AttackCardData,
  recordId: string,
  current: ActorSource,
  currentEffects?: readonly EffectSource[],
  undoneEffectIds: ReadonlySet<string> = new Set<string>(),
  bounds: Pick<Ruleset, "hpRange"> = {},
): UndoDecision {
  const record = card.applied.find((r) => r.id === recordId);
  if (!record) throw new EngineError("recordId", `the card has no applied record ${recordId}`, recordId);
  if (record.undone) throw new EngineError("recordId", "this application was already undone", recordId);
  const plan = invertChanges(record.changes, current, currentEffects ?? effectsAsLeft(record), undoneEffectIds);
  const held = boundUndo(bounds, current, plan.next, record.changes);
  const undone: AppliedRecord = {
    ...record,
    undone: true,
    ...(held.shortfalls.length ? { undoShortfalls: held.shortfalls } : {}),
  };
  return {
    restore: held.next,
    shortfalls: held.shortfalls,
    changedSince: plan.conflicts.length > 0 || fingerprint(current) !== record.left,
    conflicts: plan.conflicts,
    record: undone,
    card: { ...card, applied: card.applied.map((r) => (r.id === recordId ? undone : r)) },
    effects: { remove: plan.effects.remove, create: plan.effects.create },
    effectUpdates: plan.effects.update,
  };
}

/** Effect ids created by presses of these records that were undone since. */
export function undoneCreations(records: readonly AppliedRecord[]): Set<string> {
  return new Set(records.filter((r) => r.undone).flatMap((r) => createdEffectIds(r.changes)));
}

/** Who may apply, heal or undo through a card on one target: a GM, the card's author, an owner of the target. */
export function mayUseCard(facts: { isGM: boolean; isAuthor: boolean; ownsTarget: boolean }): boolean {
  return facts.isGM || facts.isAuthor || facts.ownsTarget;
}

/**
 * The identity of an application: the card, the target, the outcome it met and the button. The
 * same application is carried out at most once until it is undone.
 */
export function applicationKey(cardId: string, target: Pick<CardTarget, "uuid" | "outcome">, mode: ApplyMode): string {
  return [cardId, target.uuid, target.outcome.result, mode].join("|");
}

/** The record of an application with this key that is still in effect, if any. */
function activeApplication(records: readonly AppliedRecord[], key: string): AppliedRecord | undefined {
  return records.find((r) => r.key === key && !r.undone);
}

/**
 * Why a press on one target of a card is refused before anything is decided, or null: one target
 * of one attack takes one application at a time. Damage, half, double, knock-out, healing and
 * temporary HP are alternative readings of the same roll, so while one of them stands on the
 * target any other is refused (undo it first): pressing Damage, Half and Double one after another
 * would otherwise deal three and a half times the attack's damage. One creature takes one share
 * of an attack ([SYS-TARGETS]): two tokens of one linked actor (`actorUuid`, as the GM's ledger
 * found it; unlinked tokens each have their own) are one creature, so while an application stands
 * on one of them the other is refused (`sameCreature`).
 */
export function standingRefusal(
  records: readonly AppliedRecord[],
  key: string,
  targetUuid: string,
  actorUuid?: string,
): { message: "already" | "other" | "sameCreature"; standing: AppliedRecord } | null {
  const same = activeApplication(records, key);
  if (same) return { message: "already", standing: same };
  const other = records.find((r) => r.targetUuid === targetUuid && !r.undone);
  if (other) return { message: "other", standing: other };
  const twin = actorUuid ? records.find((r) => r.actorUuid === actorUuid && !r.undone) : undefined;
  return twin ? { message: "sameCreature", standing: twin } : null;
}

/** The target listed before `t` on a card that is the same creature (one linked actor), if any. */
export function sameCreatureBefore(card: Pick<AttackCardData, "targets">, t: CardTarget): CardTarget | undefined {
  const i = card.targets.indexOf(t);
  return card.targets.slice(0, Math.max(0, i)).find((o) => o.actorUuid !== "" && o.actorUuid === t.actorUuid);
}
