/**
 * Auras read from the scene ([SYS-MONSTERS]), pure: a creature's `auras` (actor data: radius in
 * squares from its footprint, who — enemies, allies, all —, when — an affected creature's turn
 * start, a move bringing it in, while within — and what: damage of a type, a condition, a
 * modifier) against where the tokens stand (the battlefield in squares, elevation counted, through
 * the same `withinReach` as reach and provoking). The adapter (src/workflows/auras.ts) reads the
 * scene into {@link AuraCreature}s, rolls the damage and runs the steps through the turn runner,
 * so each lands in the turn summary with its Undo.
 */
import { withinReach, type FieldToken } from "./geometry.js";
import { plainEffectData } from "./effects.js";
import type { ActorSource, DamagePacket, EffectSource, TurnStep } from "./types.js";

/** One aura as the actor stores it. */
export type AuraSpec = NonNullable<ActorSource["auras"]>[number];

/** A creature on the scene as the aura rules read it: its footprint, side, HP and auras. */
export interface AuraCreature extends Pick<FieldToken, "x" | "y" | "size" | "elevation"> {
  /** Token id. */
  id: string;
  /** The key turn steps name it by (the actor's UUID). */
  actorId: string;
  /** Its combatant id in the fight (an aura's condition is timed and sourced by it), else null. */
  combatantId: string | null;
  name: string;
  /** Token disposition: friendly 1, neutral 0, hostile -1 (secret -2 counts as hostile). */
  disposition: number;
  hp: number;
  auras: readonly AuraSpec[];
}

/** An aura touching a creature: whose, which (its index in the bearer's list) and the aura. */
export interface AuraHit {
  bearer: AuraCreature;
  index: number;
  aura: AuraSpec;
}

/** Whether `creature` is of the kind the bearer's aura touches (side and HP), not where it stands. */
function touchesKind(aura: AuraSpec, bearer: AuraCreature, creature: AuraCreature): boolean {
  if (bearer.id === creature.id || bearer.actorId === creature.actorId) return false;
  if (aura.belowHp > 0 && !(creature.hp < aura.belowHp)) return false;
  if (aura.who === "all") return true;
  const a = Math.sign(bearer.disposition);
  const b = Math.sign(creature.disposition);
  if (a === 0 || b === 0) return false;
  return aura.who === "allies" ? a === b : a !== b;
}

/** Whether the bearer's aura reaches `creature` where both stand: within `radius` squares of its footprint, elevation counted. */
export function auraHolds(aura: AuraSpec, bearer: AuraCreature, creature: AuraCreature): boolean {
  return touchesKind(aura, bearer, creature) && withinReach(bearer, creature, Math.max(1, aura.radius));
}

/** Whether an aura does anything (damage, a condition or a modifier). */
function auraActs(aura: AuraSpec): boolean {
  return (
    aura.damage.formula.trim() !== "" ||
    aura.condition.trim() !== "" ||
    (aura.modifier.target !== "none" && aura.modifier.value !== 0)
  );
}

/**
 * Every aura acting at `moment` that holds the creature `subjectId` where the creatures stand: a
 * turn start reads the `turnStart` auras, an entering the `enter` ones, and both read the
 * conditions of the `within` ones (a condition "while within" is put on when it is found inside
 * and lasts until the start of the creature's next turn, when it is read again); `within` reads the
 * `within` auras alone (their modifiers, read when an attack is made).
 */
export function aurasOn(creatures: readonly AuraCreature[], subjectId: string, moment: AuraSpec["when"]): AuraHit[] {
  const acts = (aura: AuraSpec) =>
    aura.when === moment || (moment !== "within" && aura.when === "within" && aura.condition.trim() !== "");
  const subject = creatures.find((c) => c.id === subjectId);
  if (!subject) return [];
  const hits: AuraHit[] = [];
  for (const bearer of creatures) {
    bearer.auras.forEach((aura, index) => {
      if (acts(aura) && auraActs(aura) && auraHolds(aura, bearer, subject)) hits.push({ bearer, index, aura });
    });
  }
  return hits;
}

/**
 * The `enter` auras a move brought the mover into: they hold it where it now stands (`after`) and
 * did not where it started (`before`, the same creatures with the mover where it was). A bearer's
 * own move never "enters" others into its aura (they did not move; at their turn start its
 * turn-start auras find them).
 */
export function aurasEntered(
  before: readonly AuraCreature[],
  after: readonly AuraCreature[],
  moverId: string,
): AuraHit[] {
  const was = before.find((c) => c.id === moverId);
  if (!was) return [];
  return aurasOn(after, moverId, "enter").filter((hit) => {
    const bearerBefore = before.find((c) => c.id === hit.bearer.id) ?? hit.bearer;
    return !auraHolds(hit.aura, bearerBefore, was);
  });
}

/** The `within` auras holding each creature where all stand, as `creature token id → hits`. */
export function aurasWithin(creatures: readonly AuraCreature[]): Map<string, AuraHit[]> {
  const out = new Map<string, AuraHit[]>();
  if (!creatures.some((c) => c.auras.some((a) => a.when === "within"))) return out;
  for (const c of creatures) {
    const hits = aurasOn(creatures, c.id, "within");
    if (hits.length) out.set(c.id, hits);
  }
  return out;
}

/**
 * The damage of an aura hit as a packet: the rolled `amount` of its type, from no attack (a
 * game's resistances and vulnerabilities still apply to it).
 */
function auraPacket(aura: AuraSpec, amount: number): DamagePacket {
  const type = aura.damage.type;
  return {
    amount: Math.max(0, Math.floor(amount)),
    types: type && type !== "untyped" ? [type] : [],
    natural: null,
    critical: false,
    ongoing: false,
    fromAttack: false,
    melee: false,
    nonlethal: false,
    knockOut: false,
  };
}

/**
 * The effect an aura's condition puts on a creature: named for the aura, sourced by its bearer,
 * lasting until the start of the touched creature's next turn (an aura it still stands in then
 * puts it back).
 */
export function auraEffect(hit: AuraHit): Omit<EffectSource, "id"> | null {
  const condition = hit.aura.condition.trim();
  if (!condition) return null;
  return {
    ...plainEffectData(),
    name: hit.aura.name || hit.bearer.name,
    sourceCombatantId: hit.bearer.combatantId,
    duration: "startOfNextTurn",
    turnOf: "bearer",
    statuses: [condition],
  };
}

/**
 * The turn steps of aura hits on the creature `actorId`: each hit's damage (its rolled amount,
 * `amounts[i]` for `hits[i]`; none when its formula is blank) then its condition. Each step is one
 * line of the turn summary, with its Undo.
 */
export function auraSteps(actorId: string, hits: readonly AuraHit[], amounts: readonly (number | null)[]): TurnStep[] {
  const steps: TurnStep[] = [];
  hits.forEach((hit, i) => {
    const name = hit.aura.name || hit.bearer.name;
    const amount = amounts[i];
    if (typeof amount === "number" && Number.isFinite(amount) && hit.aura.damage.formula.trim() !== "")
      steps.push({
        kind: "damage",
        actorId,
        packet: auraPacket(hit.aura, amount),
        label: "D20C.Aura.Step.Damage",
        data: { effect: name, bearer: hit.bearer.name },
      });
    const effect = auraEffect(hit);
    if (effect) steps.push({ kind: "addEffect", actorId, effect, label: "D20C.Aura.Step.Condition" });
  });
  return steps;
}

/**
 * The modifier the `within` auras holding a creature give its rolls: the sum of those adding to
 * `target` (attacks: its attack rolls; defenses: its defenses), with each aura's name.
 */
export function auraModifier(
  hits: readonly AuraHit[],
  target: "attacks" | "defenses",
): { value: number; names: string[] } {
  let value = 0;
  const names: string[] = [];
  for (const hit of hits) {
    if (hit.aura.modifier.target !== target || !hit.aura.modifier.value) continue;
    value += hit.aura.modifier.value;
    names.push(hit.aura.name || hit.bearer.name);
  }
  return { value, names };
}
