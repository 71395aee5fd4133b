/**
 * [SYS-TARGETS] A power's target count at the table ("1d3 nearby enemies"): a count with dice is
 * rolled when the power is used (the roll goes last into the attack card's rolls, where the GM's
 * client checks it), the first N of the user's targets are attacked and the rest are named in a
 * warning. The decisions are src/engine/target-count.ts; this file only rolls and tells.
 */
import { readTargetCount, splitByCount, usedTargetCount, type UsedTargetCount } from "../engine/target-count.js";
import type { PowerSource } from "../engine/types.js";

/** What the count left: the targets attacked, the rolled count (null for a fixed one or none) and its roll. */
interface Counted<T> {
  targets: T[];
  used: UsedTargetCount | null;
  roll: Roll | null;
}

/** Roll the power's target count (when it has dice) and keep the first N targets, warning of the rest. */
export async function countTargets<T extends { name: string }>(
  power: PowerSource,
  itemName: string,
  targets: T[],
): Promise<Counted<T>> {
  const formula = power.targetCount ?? "";
  const range = readTargetCount(formula);
  if (!range) return { targets, used: null, roll: null };
  let roll: Roll | null = null;
  if (range.rolled) {
    roll = new Roll(formula);
    await roll.evaluate();
  }
  const used = usedTargetCount(formula, roll ? (roll.total ?? null) : null)!;
  const { kept, over } = splitByCount(targets, used);
  if (over.length)
    ui.notifications?.warn(
      game.i18n.format("D20C.TargetCount.LeftOut", {
        power: itemName,
        count: String(used.count),
        names: over.map((t) => t.name).join(", "),
      }),
    );
  return { targets: kept, used: range.rolled ? used : null, roll };
}
