/**
 * [SYS-MONSTERS] Wounds d20 creatures as the 3rd-edition family prints them (pure): damage reduction
 * with its bypass ("DR 5/magic", Open: a flat reduction of an attack's physical damage, see
 * docs/rules.md [WD-DMG]) and a stat block's own save totals ([WD-SAVES]).
 */
import type { StepResult } from "../../creatures.js";
import type { ActorSource, DamagePacket, RollRequest } from "../../types.js";

/** The damage types damage reduction stops (untyped damage too); energy goes to resistance instead. */
const PHYSICAL = ["slashing", "piercing", "bludgeoning"];

type Reduction = NonNullable<ActorSource["damageReduction"]>[number];

/** Whether the attack's keywords get through one damage reduction entry (`—` = nothing does). */
function reductionBypassed(dr: Reduction, properties: readonly string[]): boolean {
  if (!dr.bypass.length) return false;
  return dr.needsAll ? dr.bypass.every((k) => properties.includes(k)) : dr.bypass.some((k) => properties.includes(k));
}

/**
 * The damage an attack deals through the creature's damage reduction: the highest entry the
 * attack's keywords do not bypass comes off an attack's physical (or untyped) damage, never below
 * 0; spells, ongoing damage and energy pass untouched. Null when no reduction applies.
 */
export function damageReductionStep(actor: ActorSource, packet: DamagePacket): StepResult | null {
  const list = actor.damageReduction ?? [];
  if (!list.length || packet.amount <= 0 || !packet.fromAttack || packet.ongoing) return null;
  const properties = packet.properties ?? [];
  if (properties.includes("spell")) return null;
  if (!packet.types.every((t) => PHYSICAL.includes(t))) return null;
  const amount = Math.max(0, ...list.filter((dr) => !reductionBypassed(dr, properties)).map((dr) => dr.amount));
  if (amount <= 0) return null;
  const cut = Math.min(amount, packet.amount);
  return {
    amount: packet.amount - cut,
    adjustments: [{ key: "damageReduction", label: "D20C.Creature.WD.DamageReduction", value: -cut }],
  };
}

/** A save kind's total from the stat block, or null when the text rule gives it. */
export function statBlockSaveTotal(actor: ActorSource, kind: string): number | null {
  const totals = actor.saveTotals as Record<string, number | null> | undefined;
  const v = totals?.[kind];
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/**
 * [WD-SPELLRES] The caster level check a spell must make to affect a creature with spell
 * resistance (Open, our reading: d20 + the caster's level against the creature's SR; the power or
 * weapon carries the `spell` keyword), or null when the creature has none or the attack is no spell.
 */
export function spellResistanceCheck(
  target: Pick<ActorSource, "spellResistance">,
  properties: readonly string[],
  casterLevel: number,
  actorId: string,
): RollRequest | null {
  const sr = target.spellResistance ?? 0;
  if (!Number.isFinite(sr) || sr <= 0 || !properties.includes("spell")) return null;
  const level = Number.isFinite(casterLevel) ? Math.max(0, Math.trunc(casterLevel)) : 0;
  return {
    kind: "procedure",
    actorId,
    formula: level ? `1d20 + ${level}` : "1d20",
    target: sr,
    against: "total",
    label: "D20C.SpellResistance.Check",
    data: { spellResistance: true },
  };
}
