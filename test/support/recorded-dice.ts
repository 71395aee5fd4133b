/**
 * Recorded dice for tests: a roller that hands out recorded results, totals of damage
 * expressions from given faces (and their bounds), and a whole attack card from recorded d20s
 * and damage faces. The attack runs the product's own steps (`decideAttack`, then
 * `buildAttackCard`), as the sheet attack does around Foundry's `Roll`; only the rolling is
 * replaced by the faces given.
 */
import { parseDamage, type DamageExpression } from "../../src/engine/dice.js";
import { buildAttackCard, decideAttack, type AttackRequest, type RolledDamage } from "../../src/engine/plans/attack.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import type { RequestRoller } from "../../src/engine/plans/requests.js";

/** A roller that hands out recorded results in order. Throws when it runs out. */
export function recordedRoller(results: readonly { total: number; natural: number | null }[]): RequestRoller {
  let i = 0;
  return async () => {
    const r = results[i++];
    if (!r) throw new Error(`recorded roller: no result left for roll ${i}`);
    return { ...r };
  };
}

/**
 * A roller that rolls each request as its formula reads, each die showing one recorded face (a d20
 * `d20`, any other die the face at `share` of its size, rounded up): the total adds up from those
 * faces, and the natural is the d20's, or none when the formula rolls no d20, as Foundry's roll
 * reports it. For cards that must read like a real roll.
 */
export function facesRoller(d20: number, share = 0.6): RequestRoller {
  return async (request) => {
    const expr = parseDamage(request.formula);
    const faces = expr.dice.flatMap((d) =>
      Array.from({ length: d.count }, () => (d.faces === 20 ? d20 : Math.max(1, Math.ceil(d.faces * share)))),
    );
    return { total: totalFromFaces(expr, faces), natural: expr.dice.some((d) => d.faces === 20) ? d20 : null };
  };
}

/** Number of individual dice the expression rolls. */
export function diceCount(expr: DamageExpression): number {
  return expr.dice.reduce((s, d) => s + d.count, 0);
}

/** Lowest total the expression can produce. */
export function minDamage(expr: DamageExpression): number {
  return expr.dice.reduce((s, d) => s + d.sign * (d.sign > 0 ? d.count : d.count * d.faces), expr.flat);
}

/**
 * Total an expression from rolled faces, given in the order of `expr.dice` (all faces of the
 * first term, then the second, …). Throws if the count or a face is wrong.
 */
export function totalFromFaces(expr: DamageExpression, faces: readonly number[]): number {
  if (faces.length !== diceCount(expr))
    throw new Error(`expected ${diceCount(expr)} dice results, got ${faces.length}`);
  let i = 0;
  let total = expr.flat;
  for (const d of expr.dice) {
    for (let k = 0; k < d.count; k++) {
      const f = faces[i++];
      if (f === undefined || !Number.isInteger(f) || f < 1 || f > d.faces)
        throw new Error(`result ${String(f)} is not a face of a d${d.faces}`);
      total += d.sign * f;
    }
  }
  return total;
}

/**
 * Run a whole attack from recorded dice: `d20[i]` the d20 faces of target i's own attack roll (one
 * entry when untargeted) and, per damage key, the faces of its roll (`damageFaces[key]`, else
 * `damageFaces["*"]`, in term order; faces beyond the roll's dice are ignored).
 */
export function attackFromRecordedDice(
  req: AttackRequest,
  d20: readonly (readonly number[])[],
  damageFaces: Record<string, readonly number[]>,
  defenseLabel = "",
  missRolls: readonly number[] = [],
): AttackCardData {
  // [WD-MISSCHANCE] `missRolls`: the d100 faces rolled for the targets hit that have a miss chance, in order.
  const decided = decideAttack(req, d20, undefined, { missRolls });
  const rolled: RolledDamage = {};
  for (const d of decided.damage) {
    const given = damageFaces[d.key] ?? damageFaces["*"];
    if (!given) throw new Error(`no recorded faces for damage ${d.key}`);
    const faces = given.slice(0, diceCount(d.recipe.roll));
    rolled[d.key] = { faces, rolled: totalFromFaces(d.recipe.roll, faces) };
  }
  return buildAttackCard(req, decided, rolled, defenseLabel);
}
