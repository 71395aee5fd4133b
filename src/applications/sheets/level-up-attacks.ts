/**
 * [SYS-CHARACTER] What a level-up changes on the sheet's attack rows (pure): each weapon and power
 * is summarised as the sheet's attack list summarises it ({@link attackSummarizer}), once for the
 * actor as it is and once at the new level, with its `@level` / `@tier` references resolved from
 * each actor's roll data ({@link actorRollData}); a row whose hit damage or attack bonus differs is
 * listed. No target, no dialog and no escalation die: the level alone makes the difference.
 */
import type { Ruleset } from "../../engine/ruleset.js";
import type { ActorSource, RuleOptions } from "../../engine/types.js";
import { actorRollData } from "../../data/prepare.js";
import { attackSummarizer, type AttackSource } from "./attack-summary.js";

/** One attack row of the sheet: its name, and its engine sources built with the given roll data. */
export interface LevelUpAttackItem {
  name: string;
  /** The row's attack as the sheet builds it from the owner's roll data (may throw: then not listed). */
  sourceWith(rollData: Record<string, unknown>): AttackSource;
}

/** A row that changes: each part before → after, absent when that part stays the same. */
export interface LevelUpAttackLine {
  name: string;
  damage?: { before: string; after: string };
  bonus?: { before: string; after: string };
}

/**
 * The attack rows whose damage formula or attack bonus changes from `before` to `after` (the
 * prepared actor at the current and at the new level), in the rows' order.
 * @param baseRollData the owner's other roll data (the actor's own numbers are laid over it)
 */
export function levelUpAttackLines(
  ruleset: Ruleset,
  options: RuleOptions,
  before: ActorSource,
  after: ActorSource,
  items: readonly LevelUpAttackItem[],
  baseRollData: Record<string, unknown> = {},
): LevelUpAttackLine[] {
  const side = (actor: ActorSource) => {
    let derived;
    try {
      derived = ruleset.deriveActor(actor, options);
    } catch {
      return null;
    }
    const rollData: Record<string, unknown> = { ...baseRollData, ...actorRollData(actor, derived, 0) };
    const summaries = attackSummarizer(ruleset, options, actor, 0, false, undefined, derived);
    return (item: LevelUpAttackItem) => {
      try {
        const s = summaries.summarise(item.sourceWith(rollData));
        return s.error ? null : s;
      } catch {
        return null;
      }
    };
  };
  const now = side(before);
  const next = side(after);
  if (!now || !next) return [];
  const lines: LevelUpAttackLine[] = [];
  for (const item of items) {
    const a = now(item);
    const b = next(item);
    if (!a || !b) continue;
    const line: LevelUpAttackLine = { name: item.name };
    if (a.damage !== b.damage) line.damage = { before: a.damage, after: b.damage };
    if (a.bonus !== b.bonus) line.bonus = { before: a.bonus, after: b.bonus };
    if (line.damage || line.bonus) lines.push(line);
  }
  return lines;
}
