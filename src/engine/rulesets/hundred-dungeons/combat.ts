/**
 * Hundred Dungeons combat rules beyond the attack roll: the action economy (one action or two quick
 * actions, one reaction) and what conditions leave of a turn, who may target whom (charmed,
 * hidden), what a move, an attack or a spell provokes and ends, dual wielding and Parry, cover on
 * Dexterity rolls, underwater attacks and exhaustion 6. The Actions panel's procedures are in
 * procedures.ts. Each decision is reached through the Ruleset interface (index.ts).
 */
import type { ActionEconomy } from "../../actions.js";
import { EngineError } from "../../errors.js";
import type { ActInput, ActOutcome, ActorSource, AttackOutcome, CombatantSource, EffectSource } from "../../types.js";
import type { PowerSource, Provocation, ReactionOffer, RollRequest, RuleResult, Situation } from "../../types.js";
import type { TurnStep, WeaponSource } from "../../types.js";
import { conditionSpec, exhaustionEffects, expandConditions, MAX_EXHAUSTION, specsOf, speedCap } from "./conditions.js";
import { gainExhaustion } from "./damage.js";
import { plainEffectData } from "../../effects.js";

// ---- [HD-TURN] [HD-ACTIONS] [HD-QUICK] [HD-REACT] ----------------------------------------------

/** The action economy's kinds: one action or two quick actions a turn, one reaction a round. */
export const HD_ACTION_KINDS: readonly { key: string; label: string }[] = [
  { key: "action", label: "D20C.HD.Economy.action" },
  { key: "quick", label: "D20C.HD.Economy.quick" },
  { key: "reaction", label: "D20C.HD.Economy.reaction" },
];

/**
 * The turn as economy data ([HD-TURN]): two quick actions, an action being both of them; one
 * reaction, back at the start of the creature's own turn (so one a round). Moving, mounting and
 * dismounting spend movement, not actions.
 */
export const HD_ECONOMY: ActionEconomy = {
  turn: [{ key: "quick", label: "D20C.HD.Economy.quick", count: 2 }],
  composite: { action: ["quick", "quick"] },
  outOfTurn: [{ key: "reaction", label: "D20C.HD.Economy.reaction", count: 1, refresh: "ownTurnStart" }],
  free: ["free", "movement"],
  aliases: { standard: "action", minor: "quick", move: "free", interrupt: "reaction" },
  attack: "action",
  labels: { action: "D20C.HD.Economy.action" },
  // Slowed (one action or one quick action) and incapacitated turns allow no reaction.
  lostWhenCapped: ["reaction"],
};

/**
 * Slowed (dying, exhaustion 4): one action or one quick action a turn; incapacitated (stunned,
 * exhaustion 5…): none ([HD-COND]); else no cap. A capped turn has no reaction either.
 */
export function actionCap(actor: ActorSource): number | null {
  const budget = turnBudget(actor);
  return budget.quickActions === 0 ? 0 : budget.oneOnly ? 1 : null;
}

/** Exhaustion 1 and up take the reaction away at the turn's start, though the turn is not capped ([HD-COND]). */
export function lostAtTurnStart(actor: ActorSource): readonly string[] {
  return turnBudget(actor).reactions === 0 ? ["reaction"] : [];
}

/** What a creature may do this round once its conditions are counted. */
interface TurnBudget {
  speed: number;
  actions: number;
  quickActions: number;
  /** True = one action OR one quick action in total (slowed). */
  oneOnly: boolean;
  reactions: number;
}

/** The standard budget: move, one action or two quick actions, one reaction ([HD-TURN]). */
export function turnBudget(actor: Pick<ActorSource, "speed" | "conditions" | "exhaustion">, round = 2): TurnBudget {
  const specs = specsOf(actor.conditions, actor.exhaustion);
  const noActions = specs.some((s) => s.noActions);
  const firstRoundOut = round === 1 && specs.some((s) => s.id === "surprised");
  // Surprise only costs reactions in round 1 (its own `noReactions` is read through `firstRoundOut`).
  const noReactions =
    specs.some((s) => s.noReactions && !s.noTurnFirstRound) ||
    exhaustionEffects(actor.exhaustion).noReactions ||
    firstRoundOut;
  const oneOnly = specs.some((s) => s.oneAction);
  const blocked = noActions || firstRoundOut;
  return {
    speed: firstRoundOut ? 0 : speedCap(actor.speed, actor.conditions, actor.exhaustion),
    actions: blocked ? 0 : 1,
    quickActions: blocked ? 0 : oneOnly ? 1 : 2,
    oneOnly,
    reactions: noReactions ? 0 : 1,
  };
}

// ---- [HD-HIDE] [HD-COND] who may target whom ---------------------------------------------------

/**
 * Whether `bearer` is hidden from the creature `observerId`: a Hide effect names the observer it
 * hides from; a hidden status with no observer (toggled by hand) hides from everyone.
 */
export function hiddenFrom(
  bearer: { actor: Pick<ActorSource, "conditions">; effects?: readonly EffectSource[] | undefined },
  observerId: string | undefined,
): boolean {
  const hides = (bearer.effects ?? []).filter((e) => e.statuses.includes("hidden"));
  if (!hides.length) return bearer.actor.conditions.includes("hidden");
  return hides.some((e) => !e.sourceCombatantId || e.sourceCombatantId === observerId);
}

/** Whether `bearer` is charmed by `charmerId` (a charm effect names its creator). */
export function charmedBy(
  bearer: { effects?: readonly EffectSource[] | undefined },
  charmerId: string | undefined,
): boolean {
  if (!charmerId) return false;
  return (bearer.effects ?? []).some(
    (e) => e.sourceCombatantId === charmerId && e.statuses.some((s) => conditionSpec(s)?.cannotHarmSource),
  );
}

/**
 * Whether an attacker may target a creature: never its charmer. A creature hidden from it can still
 * be attacked where it is thought to be (its token's space), weakly: the attack roll decides that.
 */
export function mayTarget(
  attacker: CombatantSource,
  target: CombatantSource,
): { allowed: boolean; reason: string | null } {
  if (charmedBy(attacker, target.id)) return { allowed: false, reason: "D20C.HD.Reason.charmed" };
  return { allowed: true, reason: null };
}

// ---- [HD-COND] grapples ------------------------------------------------------------------------------

/**
 * Whether statuses make their bearer grappled: grappled itself, or a condition that includes it
 * (restrained: "you are grappled"), so every grapple rule reads a restraint too ([HD-COND]).
 */
export function grapples(statuses: readonly string[]): boolean {
  return statuses.length > 0 && expandConditions(statuses).includes("grappled");
}

/** The grapple effects on `bearer` whose grappler (their creator) is `grapplerId`. */
function gripsOf(bearer: CombatantSource, grapplerId: string): EffectSource[] {
  return bearer.effects.filter((e) => e.sourceCombatantId === grapplerId && grapples(e.statuses));
}

/**
 * [HD-COND] grappled: the grapple ends once its grappler is incapacitated (stunned, paralyzed,
 * unconscious, exhaustion 5…) or dead — at once, when that befalls it, and at every turn start
 * for a change no one answered.
 */
export function releasedBy(holder: CombatantSource, others: readonly CombatantSource[]): TurnStep[] {
  const { actor } = holder;
  const lets = actor.state === "dead" || expandConditions(actor.conditions, actor.exhaustion).includes("incapacitated");
  if (!lets) return [];
  return others.flatMap((bearer) =>
    bearer.id === holder.id
      ? []
      : gripsOf(bearer, holder.id).map((e) => ({
          kind: "removeEffect" as const,
          actorId: bearer.actorId,
          effectId: e.id,
          label: "D20C.HD.Event.grappleEnds",
        })),
  );
}

// ---- [HD-PROVOKE] [HD-HIDE] what an act provokes and ends -----------------------------------------

/** Provoked attacks, the end of hiding and of grapples left out of reach after a move, an attack or a spell. */
export function afterAct(input: ActInput): ActOutcome {
  const me = input.actor;
  const provocations: Provocation[] = [];
  const provokes = input.act !== "attack";
  const disengaged =
    specsOf(me.actor.conditions, me.actor.exhaustion).some((s) => s.noProvoke) ||
    me.effects.some((e) => e.statuses.some((s) => conditionSpec(s)?.noProvoke));
  // A creature whose speed is 0 (grappled, paralyzed, stunned) cannot attempt to move: a move of
  // its token is done to it (dragged, pushed) and provokes nothing.
  const moved = input.act === "move" && turnBudget(me.actor, input.round).speed === 0;
  // [HD-QUICK] Disengage: "until the end of your turn, you don't provoke attacks" — no move, spell
  // or shot within reach provokes while it lasts.
  if (provokes && !disengaged && !moved) {
    for (const r of input.within) {
      if (r.id === me.id || r.actor.state !== "active") continue;
      const budget = turnBudget(r.actor, input.round);
      // [HD-COND] charmed: a creature never attacks its charmer, so the charmer provokes nothing from it.
      const reason = charmedBy(r, me.id)
        ? "D20C.HD.Reason.charmed"
        : budget.reactions === 0
          ? "D20C.HD.Reason.noReaction"
          : (input.reacted ?? []).includes(r.id)
            ? "D20C.HD.Reason.reactionUsed"
            : "D20C.HD.Reason.provoked";
      provocations.push({ reactorId: r.id, canReact: reason === "D20C.HD.Reason.provoked", reason });
    }
  }
  const steps: TurnStep[] = [];
  const ending = (bearer: CombatantSource, e: EffectSource, label: string): TurnStep => ({
    kind: "removeEffect",
    actorId: bearer.actorId,
    effectId: e.id,
    label,
  });
  const grips = gripsOf;
  if (input.act === "move") {
    // [HD-COND] grappled: the grapple ends when the grappled creature is removed from its
    // grappler's reach: moved out of it (pushed, pulled, teleported), or left behind by a grappler
    // that walks off without it. Dragged (both moved together) it stays in reach and holds.
    for (const r of input.within)
      for (const e of grips(me, r.id)) steps.push(ending(me, e, "D20C.HD.Event.grappleOutOfReach"));
    for (const r of input.released ?? [])
      for (const e of grips(r, me.id)) steps.push(ending(r, e, "D20C.HD.Event.grappleLeftBehind"));
    // [HD-PROVOKE] a forced move (pushed by a shove) is no attempt to move: it provokes nothing, and
    // the marker that made it forced is spent by it.
    const forced = me.effects.filter((e) => e.statuses.some((s) => conditionSpec(s)?.forcedMove));
    for (const e of forced) steps.push(ending(me, e, "D20C.HD.Event.forcedMoveDone"));
    if (!moved && !forced.length) {
      steps.push(...moveWarnings(input));
      steps.push(...movementSpent(me, input.feet));
    }
  }
  // [HD-HIDE] attacking or casting ends hiding; a move adds to the feet moved since hiding began,
  // and hiding ends once they pass 10 ft, over one move or several.
  const hides = me.effects.filter((e) => e.statuses.includes("hidden"));
  for (const e of hides) {
    const after = input.act === "move" ? hidingAfterMove(e, input.feet) : { ends: true, moved: e.moved ?? 0 };
    if (after.ends)
      steps.push({ kind: "removeEffect", actorId: me.actorId, effectId: e.id, label: "D20C.HD.Event.hidingEnds" });
    else if (after.moved !== (e.moved ?? 0))
      steps.push({ kind: "updateEffect", actorId: me.actorId, effectId: e.id, changes: { moved: after.moved } });
  }
  const ends = input.act !== "move" || input.feet > HIDDEN_MOVE_FEET;
  if (ends) {
    // A hidden condition stored on the actor (not from a Hide effect) is cleared too.
    if (me.actor.conditions.includes("hidden") && !hides.length)
      steps.push({
        kind: "updateActor",
        actorId: me.actorId,
        changes: { conditions: me.actor.conditions.filter((c) => c !== "hidden") },
        label: "D20C.HD.Event.hidingEnds",
      });
  }
  return { provocations, steps };
}

/** The status of the effect that counts the feet a creature has moved this turn ([HD-ACTIONS]). */
const MOVED_STATUS = "movedThisTurn";

/** [HD-ACTIONS] Feet `c` has moved of its own speed this turn (its movement count, or 0). */
export function movementSpentThisTurn(c: Pick<CombatantSource, "effects">): number {
  const e = c.effects.find((x) => x.statuses.includes(MOVED_STATUS));
  const n = e?.moved ?? 0;
  return Number.isFinite(n) ? Math.max(0, n) : 0;
}

/**
 * [HD-ACTIONS] A move of `feet` adds to the movement the mover has spent this turn (what Dash
 * doubles is what remains): a count on an effect of its own, gone at its next turn start.
 */
function movementSpent(me: CombatantSource, feet: number): TurnStep[] {
  const add = Math.max(0, Number.isFinite(feet) ? Math.round(feet) : 0);
  if (!add) return [];
  const count = me.effects.find((x) => x.statuses.includes(MOVED_STATUS));
  if (count)
    return [
      {
        kind: "updateEffect",
        actorId: me.actorId,
        effectId: count.id,
        changes: { moved: movementSpentThisTurn(me) + add },
      },
    ];
  return [
    {
      kind: "addEffect",
      actorId: me.actorId,
      effect: {
        ...plainEffectData(),
        name: "D20C.HD.Event.movedThisTurn",
        sourceCombatantId: me.id,
        duration: "startOfNextTurn",
        statuses: [MOVED_STATUS],
        moved: add,
      },
      label: "D20C.HD.Event.movedThisTurn",
    },
  ];
}

/** How far a hidden creature may move in all before it is seen ([HD-HIDE]: "move more than 10 feet"). */
const HIDDEN_MOVE_FEET = 10;

/**
 * [HD-HIDE] A hiding after a move of `feet`: the feet moved since it began, and whether that total
 * now passes 10 ft (which ends it). Several short moves add up.
 */
function hidingAfterMove(hiding: Pick<EffectSource, "moved">, feet: number): { ends: boolean; moved: number } {
  const before = Math.max(0, Number.isFinite(hiding.moved) ? (hiding.moved ?? 0) : 0);
  const moved = before + Math.max(0, Number.isFinite(feet) ? Math.round(feet) : 0);
  return { ends: moved > HIDDEN_MOVE_FEET, moved };
}

/** Speed while dragging a grappled creature: the grappler is slowed while moving ([HD-COND]). */
const DRAGGING_SPEED_CONDITION = "slowed";

/**
 * What a willing move breaks of the mover's conditions, as warnings (advisory: the move stands).
 * [HD-COND] frightened: it can't willingly move closer to the source of its fear (the frightened
 * effect's creator), so a move that brings it nearer warns. Grappled, by its grappler: the grappler
 * drags the held creature but is slowed while moving, so a move longer than a slowed creature's
 * speed (20 ft) with a grip that still holds warns — one that left the held creature behind ended
 * the grip instead.
 */
function moveWarnings(input: ActInput): TurnStep[] {
  const me = input.actor;
  const others = input.others ?? [];
  const notice = (key: string, name: string, feet = 0): TurnStep => ({
    kind: "notice",
    event: { key, data: { name: me.name, other: name, feet }, actorId: me.actorId },
  });
  const steps: TurnStep[] = [];
  const nearer = new Set(input.nearer ?? []);
  const feared = new Set(
    me.effects
      .filter((e) => e.sourceCombatantId && e.statuses.some((s) => conditionSpec(s)?.noApproachSource))
      .map((e) => e.sourceCombatantId),
  );
  for (const o of others)
    if (feared.has(o.id) && nearer.has(o.id)) steps.push(notice("D20C.HD.Event.frightenedCloser", o.name));
  const left = new Set((input.released ?? []).map((r) => r.id));
  const slowed = speedCap(me.actor.speed, [DRAGGING_SPEED_CONDITION]);
  if (input.feet > slowed)
    for (const o of others)
      if (!left.has(o.id) && gripsOf(o, me.id).length)
        steps.push(notice("D20C.HD.Event.draggingSlowed", o.name, slowed));
  return steps;
}

/**
 * What an attack counts as ([HD-PROVOKE]): made without a weapon and rolled with a mental ability
 * (a spellcasting ability: Intelligence, Wisdom or Charisma), it is cast as a spell; else a ranged
 * or a melee attack by its range.
 */
export function attackAct(power: PowerSource, weapon: WeaponSource | null): ActInput["act"] {
  const mental = power.attackAbility === "int" || power.attackAbility === "wis" || power.attackAbility === "cha";
  if (!weapon && mental) return "castSpell";
  return power.range === "ranged" ? "rangedAttack" : "attack";
}

// ---- [HD-DUAL] [HD-REACT] Parry -----------------------------------------------------------------

/** Two melee weapons, both Light: dual wielding (attacks with either are quick actions, Parry). */
function dualWielding(weapons: readonly WeaponSource[]): boolean {
  return weapons.length === 2 && weapons.every((w) => !w.ranged && w.light);
}

/** Attack cost: a quick action with either of a dual-wielded pair or unarmed, else an action. */
export function attackCost(weapon: WeaponSource | null, weapons: readonly WeaponSource[]): string {
  if (weapon === null) return "action";
  return dualWielding(weapons) && weapons.some((w) => w.name === weapon.name && w.light && !w.ranged)
    ? "quick"
    : "action";
}

const PARRY_BONUS = 2;

/** Parry is offered against an attack that would hit (not a critical hit, which always hits) while dual wielding. */
export function attackReactions(query: {
  outcome: AttackOutcome;
  defender: ActorSource;
  weapons: readonly WeaponSource[];
  reactionUsed: boolean;
  round: number;
}): ReactionOffer[] {
  const o = query.outcome;
  if (!o.isHit || o.isCrit || o.reasons.includes("D20C.HD.Reason.meleeAutoHit")) return [];
  if (!dualWielding(query.weapons) || query.reactionUsed) return [];
  if (turnBudget(query.defender, query.round).reactions === 0) return [];
  return [{ key: "parry", label: "D20C.HD.Reaction.parry", cost: "reaction" }];
}

/**
 * The outcome after a Parry: +2 defense against this attack; a hit that no longer reaches it
 * misses, and carries the power's miss effect when it has one (a parried hit was no natural 1).
 */
export function resolveAttackReaction(
  key: string,
  outcome: AttackOutcome,
  context: { hasMissEffect: boolean } = { hasMissEffect: false },
): AttackOutcome {
  if (key !== "parry") throw new EngineError("reaction.key", `unknown reaction "${key}"`, key);
  const defense = outcome.defense + PARRY_BONUS;
  const reasons = [...outcome.reasons, "D20C.HD.Reason.parried"];
  if (outcome.result !== "hit" || outcome.total >= defense) return { ...outcome, defense, reasons };
  return {
    ...outcome,
    defense,
    reasons,
    result: "miss",
    isHit: false,
    isCrit: false,
    autoHit: false,
    missEffect: context.hasMissEffect,
  };
}

// ---- [HD-COVER] Dexterity rolls from beyond cover ----------------------------------------------

export const PARTIAL_COVER_BONUS = 5;

/** A Dexterity roll against an effect from beyond cover: +5 behind partial cover, success behind total. */
export function saveRequestWithCover(request: RollRequest, cover: Situation["cover"]): RollRequest {
  if (request.data?.ability !== "dex" || cover === "none") return request;
  if (cover === "total") return { ...request, data: { ...request.data, cover, autoSucceed: true } };
  return {
    ...request,
    formula: `${request.formula} + ${PARTIAL_COVER_BONUS}`,
    data: { ...request.data, cover },
  };
}

// ---- [HD-WATER] ----------------------------------------------------------------------------------

const UNDERWATER_WEAPONS = ["dagger", "net", "spear", "trident"] as const;

/** Whether an attack made underwater is weak: yes without a swim speed, unless the weapon is exempt. */
export function underwaterAttackWeak(weaponName: string | undefined, swimSpeed: boolean): boolean {
  if (swimSpeed) return false;
  const name = (weaponName ?? "").toLowerCase();
  return !UNDERWATER_WEAPONS.some((w) => new RegExp(`\\b${w}s?\\b`).test(name));
}

// ---- [HD-COND] exhaustion 6 ----------------------------------------------------------------------

/** A power that imposes exhaustion adds one level (from any source: 6 is death), never an effect. */
export function levelCondition(actor: ActorSource, status: string, actorId: string): RuleResult | null {
  return status === "exhaustion" ? gainExhaustion(actor, 1, actorId) : null;
}

/** An edit that takes a creature to exhaustion 6, from any source, kills it. */
export function actorChanges(before: ActorSource, after: ActorSource): Partial<ActorSource> {
  if (after.state === "dead" || after.exhaustion < MAX_EXHAUSTION || before.state === "dead") return {};
  return { state: "dead", conditions: after.conditions.filter((c) => c !== "dying") };
}
