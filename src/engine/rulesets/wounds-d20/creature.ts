/**
 * [SYS-MONSTERS] Wounds d20 creatures as the 3rd-edition family prints them (pure): damage reduction
 * with its bypass ("DR 5/magic", Open: a flat reduction of an attack's physical damage, see
 * docs/rules.md [WD-DMG]) and a stat block's own save totals ([WD-SAVES]).
 */
import type { StepResult } from "../../creatures.js";
import type { ActorSource, DamagePacket } from "../../types.js";

/** The damage types damage reduction stops (untyped damage too); energy goes to resistance instead. */
const PHYSICAL = ["slashing", "piercing", "bludgeoning"];

type Reduction = NonNullable<ActorSource["damageReduction"]>[number];

/** Whether the attack's keywords get through one damage reduction entry (`—` = nothing does). */
export function reductionBypassed(dr: Reduction, properties: readonly string[]): boolean {
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

/** How a stat block prints a damage reduction ("5/magic", "10/cold iron and good", "5/—"). */
export function printReduction(dr: Reduction, word: (keyword: string) => string, and: string, or: string): string {
  const by = dr.bypass.map(word).join(dr.needsAll ? ` ${and} ` : ` ${or} `);
  return `${dr.amount}/${by || "—"}`;
}

/** Read "5/magic, 10/cold iron and good, 5/—" back into entries (keywords as camelCase keys). */
export function parseReductions(text: string): Reduction[] {
  const out: Reduction[] = [];
  for (const part of text.split(/[,;]/)) {
    const m = /^\s*(\d+)\s*\/\s*(.*?)\s*$/.exec(part);
    if (!m) continue;
    const rest = m[2] ?? "";
    const needsAll = /\band\b/i.test(rest);
    const bypass = rest
      .split(/\s+(?:and|or)\s+/i)
      .map((w) => w.trim())
      .filter((w) => w !== "" && w !== "—" && w !== "-")
      .map(keywordKey);
    out.push({ amount: Number(m[1]), bypass, needsAll: needsAll && bypass.length > 1 });
  }
  return out;
}

/** "cold iron" → `coldIron`. */
export function keywordKey(word: string): string {
  const parts = word
    .trim()
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean);
  return parts.map((p, i) => (i === 0 ? p : p.charAt(0).toUpperCase() + p.slice(1))).join("");
}
