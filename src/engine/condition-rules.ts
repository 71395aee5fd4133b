/**
 * What the wider games' conditions do to an attack, a turn and a move, read from each game's
 * condition table ([SYS-MONSTERS], issue 38): range-bound attack and defense numbers (prone), the
 * mark's penalty on attacks that leave its marker out, crits against the vulnerable, the escalation
 * die fear takes away, attacks a condition forbids, damage a condition halves or lowers, saves,
 * speed and flanking. Pure: every number comes from the table; these functions only read it.
 */
import { conditionSpecs } from "./conditions.js";
import type { ConditionSpec, DamageRecipe, EffectSource, Modifier, RangeKind } from "./types.js";

type Table = readonly ConditionSpec[];

/** The side of a range-bound number an attack of this range reads; close and area attacks read neither. */
function rangeSide(range: RangeKind): "melee" | "ranged" | null {
  return range === "melee" || range === "ranged" ? range : null;
}

/** What the bearer's conditions add to its attack rolls of this range only (Wounds d20 prone: −4 in melee). */
export function rangeAttackModifiers(table: Table, ids: readonly string[], range: RangeKind): Modifier[] {
  const side = rangeSide(range);
  if (!side || ids.length === 0) return [];
  const out: Modifier[] = [];
  for (const spec of conditionSpecs(table, ids)) {
    const value = (side === "melee" ? spec.meleeAttack : spec.rangedAttack) ?? 0;
    if (value !== 0) out.push({ key: `condition.${spec.id}.${side}`, label: spec.label, value });
  }
  return out;
}

/** What the bearer's conditions add to its defense against an attack of this range (prone: −4 melee, +4 ranged). */
export function rangeDefenseModifier(table: Table, ids: readonly string[], range: RangeKind): number {
  const side = rangeSide(range);
  if (!side || ids.length === 0) return 0;
  let sum = 0;
  for (const spec of conditionSpecs(table, ids))
    sum += (side === "melee" ? spec.meleeDefense : spec.rangedDefense) ?? 0;
  return sum;
}

/**
 * [SYS-MONSTERS] FFd20 marked: the bearer's attack takes the mark's penalty unless one of its
 * targets is a creature that marked it (the creator recorded on the marking effect). A mark with no
 * creator recorded (put on from the token HUD, or stored on the creature) excludes no one.
 */
export function markModifier(
  table: Table,
  attacker: { conditions: readonly string[]; effects?: readonly EffectSource[] | undefined },
  targetIds: readonly (string | undefined)[],
): Modifier | null {
  const marking = conditionSpecs(table, attacker.conditions).filter((s) => (s.markPenalty ?? 0) !== 0);
  if (marking.length === 0) return null;
  const markIds = new Set(marking.map((s) => s.id));
  const markers = new Set(
    (attacker.effects ?? [])
      .filter((e) => e.sourceCombatantId && e.statuses.some((s) => markIds.has(s)))
      .map((e) => e.sourceCombatantId as string),
  );
  if (targetIds.some((id) => id !== undefined && markers.has(id))) return null;
  const spec = marking[0] as ConditionSpec;
  return { key: `condition.${spec.id}`, label: spec.label, value: -Math.abs(spec.markPenalty ?? 0) };
}

/** How much lower attacks against the bearer crit (13th Age vulnerable: 2); the largest counts. */
export function critAgainst(table: Table, ids: readonly string[]): number {
  if (ids.length === 0) return 0;
  return Math.max(0, ...conditionSpecs(table, ids).map((s) => s.critAgainst ?? 0));
}

/** Whether the bearer's conditions take the escalation die from its attacks (13th Age fear). */
export function losesEscalation(table: Table, ids: readonly string[]): boolean {
  return ids.length > 0 && conditionSpecs(table, ids).some((s) => s.noEscalation);
}

/**
 * Why the bearer may not make this attack at all (i18n key), or null: a condition that forbids
 * attacking (nauseated), or one that allows only at-will attacks when the power is limited
 * (hampered, confused). `usage` is the power's usage kind; absent = at-will.
 */
export function attackRefusal(table: Table, ids: readonly string[], usage: string | undefined): string | null {
  if (ids.length === 0) return null;
  const specs = conditionSpecs(table, ids);
  if (specs.some((s) => s.noAttacks)) return "D20C.Conditions.Reason.noAttacks";
  if (usage !== undefined && usage !== "atWill" && specs.some((s) => s.atWillOnly))
    return "D20C.Conditions.Reason.atWillOnly";
  return null;
}

/** Why nothing may target the bearer (FFd20 removed from play), or null. */
export function targetRefusal(table: Table, ids: readonly string[]): string | null {
  if (ids.length === 0) return null;
  return conditionSpecs(table, ids).some((s) => s.untargetable) ? "D20C.Conditions.Reason.untargetable" : null;
}

/**
 * A damage recipe as the attacker's conditions change it: a number added to the roll (Wounds d20
 * sickened −2, the game's minimum still holding) and half damage (FFd20 weakened), each noted by
 * the condition's label. The same recipe when no condition changes it.
 */
export function recipeWithConditions(
  table: Table,
  ids: readonly string[],
  recipe: DamageRecipe | null,
): DamageRecipe | null {
  if (!recipe || ids.length === 0) return recipe;
  let { flatBonus, multiplier } = recipe;
  const notes: string[] = [];
  for (const spec of conditionSpecs(table, ids)) {
    if (spec.damage) {
      flatBonus += spec.damage;
      notes.push(spec.label);
    }
    if (spec.halfDamage) {
      multiplier *= 0.5;
      notes.push(spec.label);
    }
  }
  if (notes.length === 0) return recipe;
  return { ...recipe, flatBonus, multiplier, notes: [...recipe.notes, ...notes] };
}

/** What the bearer's conditions add to its saving throws, one itemised line per condition. */
export function saveModifiers(table: Table, ids: readonly string[]): Modifier[] {
  if (ids.length === 0) return [];
  const out: Modifier[] = [];
  for (const spec of conditionSpecs(table, ids)) {
    if (spec.save) out.push({ key: `condition.${spec.id}`, label: spec.label, value: spec.save });
  }
  return out;
}

/** Whether the bearer can't be pushed, pulled or slid (FFd20 restrained). */
export function resistsForcedMove(table: Table, ids: readonly string[]): boolean {
  return ids.length > 0 && conditionSpecs(table, ids).some((s) => s.noForcedMove);
}

/** Whether the bearer neither flanks nor threatens (FFd20 dazed, stunned…). */
export function cannotFlank(table: Table, ids: readonly string[]): boolean {
  return ids.length > 0 && conditionSpecs(table, ids).some((s) => s.noFlank);
}

/**
 * The bearer's speed, in the game's own unit (FFd20 squares, Wounds d20 feet), as its conditions
 * leave it: the lowest cap (immobilized, grabbed, stuck: 0; FFd20 slowed: 2 squares), halved where
 * a condition halves it (Wounds d20: rounded down to a 5-ft step).
 */
function conditionSpeed(table: Table, ids: readonly string[], speed: number): number {
  let out = speed;
  if (ids.length === 0) return out;
  const specs = conditionSpecs(table, ids);
  for (const s of specs) if (s.speedMax !== undefined) out = Math.min(out, s.speedMax);
  if (specs.some((s) => s.halfSpeed)) out = Math.floor(out / 10) * 5;
  return Math.max(0, out);
}

/**
 * The turn notes the bearer's conditions give the tracker and the Actions panel: its speed when a
 * condition lowers it, and that it takes no opportunity actions when one says so.
 */
export function conditionTurnNotes(
  table: Table,
  actor: { conditions: readonly string[]; speed: number },
): { key: string; value?: number }[] {
  if (actor.conditions.length === 0) return [];
  const out: { key: string; value?: number }[] = [];
  const speed = conditionSpeed(table, actor.conditions, actor.speed);
  if (speed < actor.speed) out.push({ key: "D20C.Conditions.Note.speed", value: speed });
  const specs = conditionSpecs(table, actor.conditions);
  if (specs.some((s) => s.noAttacks)) out.push({ key: "D20C.Conditions.Note.noAttacks" });
  if (specs.some((s) => s.atWillOnly)) out.push({ key: "D20C.Conditions.Note.atWillOnly" });
  if (specs.some((s) => s.noReactions) && !specs.some((s) => s.noActions))
    out.push({ key: "D20C.Conditions.Note.noReactions" });
  return out;
}

/**
 * [SYS-MONSTERS] Why a creature's own move is stopped (i18n key), or null: on its own turn in a
 * started combat, a condition leaves it speed 0 (immobilized, grabbed, restrained, stuck…). Forced
 * movement still moves it, as does a move on another's turn (dragged by its grappler), and a GM's
 * hand is never stopped (a correction, a slide the table rules on).
 */
export function moveStopped(
  table: Table,
  ids: readonly string[],
  move: { ownTurn: boolean; forced: boolean; byGM: boolean },
): string | null {
  if (!move.ownTurn || move.forced || move.byGM || ids.length === 0) return null;
  return conditionSpecs(table, ids).some((s) => s.speedMax === 0) ? "D20C.Conditions.Refused.move" : null;
}
