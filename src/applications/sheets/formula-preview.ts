/**
 * [SYS-WORDS] What an owned power's or weapon's damage formula means for its owner (pure; issue 45):
 * the item sheet shows it beside the formula field — FFd20 "2[W] + Str" → "2d8 + 4", 13th Age
 * "WEAPON × level + Str" → "3d8 + 4" — read from the same engine summary as the actor sheet's
 * attack list, so the preview is the damage an attack rolls.
 */
import type { Ruleset } from "../../engine/ruleset.js";
import type { ActorSource, DerivedActor, RuleOptions } from "../../engine/types.js";
import { attackSummarizer, type AttackSource } from "./attack-summary.js";

/** The owner the preview reads: its engine data and, where its preparation gave them, its derived values. */
export interface PreviewOwner {
  actor: ActorSource;
  derived?: DerivedActor;
}

/**
 * The owner's hit damage for the item ("2d8 + 4"; further damage parts have their own rows), or "" where
 * there is nothing to add to the formula as written (no owner, no damage, the same text) or the
 * engine refuses it (the actor sheet's attack list says why).
 */
export function damagePreview(
  ruleset: Ruleset,
  options: RuleOptions,
  owner: PreviewOwner | null,
  source: AttackSource | null,
  formula: string,
): string {
  if (!owner || !source) return "";
  const summary = attackSummarizer(ruleset, options, owner.actor, 0, false, (t) => t, owner.derived).summarise(source);
  if (summary.error || !summary.damage) return "";
  return squash(summary.damage) === squash(formula) ? "" : summary.damage;
}

const squash = (s: string) => s.replace(/\s+/g, "").toLowerCase();
