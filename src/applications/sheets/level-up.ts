/**
 * [SYS-CHARACTER] Level-up from the sheet: a dialog shows what the next level changes (the numbers
 * the class derives, the hit points gained: fixed, or averaged or rolled where the game rolls
 * them), applies it in one update, and records it for one undo (the sheet's "Undo level-up").
 * Decisions: src/engine/build.ts.
 */
import { activeRuleset, ruleOptions } from "../../active-ruleset.js";
import { SYSTEM_ID } from "../../constants.js";
import { buildLineLabel } from "./build-context.js";
import {
  applyBuild,
  classChoice,
  levelUpChanges,
  levelUpPlan,
  levelUpRecord,
  levelUpUndo,
  type LevelUpPlan,
  type LevelUpRecord,
} from "../../engine/build.js";
import type { ActorSource } from "../../engine/types.js";
import { defaultActorSource } from "../../engine/common.js";
import type { D20Actor } from "../../documents/actor.js";
import { SaveRoll } from "../../dice/rolls.js";
import { reportError } from "../../workflows/attack.js";
import { attackSources, fmt } from "../../workflows/foundry-docs.js";
import { levelUpAttackLines, type LevelUpAttackLine } from "./level-up-attacks.js";

/**
 * The engine's view of the actor for the class table: prepared abilities and armor, but each
 * defense's stored base (its override; the prepared one already holds the derived number).
 */
function buildSource(actor: D20Actor): ActorSource {
  const source = actor.toEngineSource();
  const stored = actor._source.system as unknown as Pick<ActorSource, "defenses">;
  return { ...source, defenses: structuredClone(stored.defenses) };
}

/**
 * The sheet's attack rows (weapons and powers) whose damage or attack bonus the new level changes,
 * each built as the sheet builds it, from the roll data at the current and at the new level.
 */
function attackLines(actor: D20Actor, source: ActorSource, plan: LevelUpPlan): LevelUpAttackLine[] {
  const ruleset = activeRuleset();
  const items = [...actor.items]
    .filter((item) => ["power", "weapon"].includes(item.type as string))
    .map((item) => ({
      name: item.name ?? "",
      sourceWith: (rollData: Record<string, unknown>) => attackSources(item, ruleset, rollData),
    }));
  if (!items.length) return [];
  const before = applyBuild(ruleset.progression, source);
  const after = applyBuild(ruleset.progression, { ...source, level: plan.to });
  return levelUpAttackLines(ruleset, ruleOptions(ruleset), before, after, items, actor.getRollData());
}

/** One changed attack row: "Longsword: 4d8 + 4 → 5d8 + 8", with the attack bonus where it changes. */
function attackLineText(l: LevelUpAttackLine): string {
  if (l.damage && l.bonus)
    return fmt("D20C.Build.LevelUpAttackBoth", {
      name: l.name,
      before: l.damage.before,
      after: l.damage.after,
      bonusBefore: l.bonus.before,
      bonusAfter: l.bonus.after,
    });
  if (l.damage) return fmt("D20C.Build.LevelUpAttackDamage", { name: l.name, ...l.damage });
  return fmt("D20C.Build.LevelUpAttackBonus", { name: l.name, ...l.bonus! });
}

/** The dialog's text: each number before → after, the hit points gained, the attacks that change. */
function planHtml(plan: LevelUpPlan, attacks: readonly LevelUpAttackLine[] = []): string {
  const ruleset = activeRuleset();
  const esc = (v: string | number) => foundry.utils.escapeHTML(String(v));
  // A number the game has no word for (FFd20's surge value) is not shown, as on the sheet's class block.
  const rows = plan.lines
    .map((l) => ({ ...l, label: buildLineLabel(ruleset, l.key) }))
    .filter((l) => l.label !== "")
    .map(
      (l) =>
        `<li><span class="d20c-stat-label">${esc(game.i18n.localize(l.label))}</span> ${esc(l.before)} → <strong>${esc(l.after)}</strong></li>`,
    )
    .join("");
  const gain = plan.hpGain.roll
    ? fmt("D20C.Build.LevelUpGainRoll", {
        fixed: plan.hpGain.fixed,
        formula: plan.hpGain.roll.formula,
        flat: plan.hpGain.roll.flat,
      })
    : fmt("D20C.Build.LevelUpGain", { fixed: plan.hpGain.fixed });
  const changed = attacks.length
    ? `<p>${esc(game.i18n.localize("D20C.Build.LevelUpAttacks"))}</p><ul class="d20c-level-up-attacks">${attacks
        .map((l) => `<li>${esc(attackLineText(l))}</li>`)
        .join("")}</ul>`
    : "";
  return `<ul class="d20c-level-up-lines">${rows}</ul><p>${esc(gain)}</p>${changed}`;
}

/** Ask how to take the new level's hit points: "average" / "roll", or null when cancelled. */
async function askLevelUp(
  actor: D20Actor,
  plan: LevelUpPlan,
  attacks: readonly LevelUpAttackLine[],
): Promise<"average" | "roll" | null> {
  const title = fmt("D20C.Build.LevelUpTitle", { name: actor.name ?? "", level: plan.to });
  const buttons = [
    { action: "average", label: plan.hpGain.roll ? "D20C.Build.TakeAverage" : "D20C.Build.Apply", default: true },
    ...(plan.hpGain.roll ? [{ action: "roll", label: "D20C.Build.RollHp" }] : []),
  ];
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title },
    content: planHtml(plan, attacks),
    buttons,
    rejectClose: false,
  });
  return answer === "average" || answer === "roll" ? answer : null;
}

/** The level-up button: show, ask, apply in one update with the record for its undo. */
export async function levelUp(actor: D20Actor): Promise<void> {
  try {
    const progression = activeRuleset().progression;
    const source = buildSource(actor);
    const plan = levelUpPlan(progression, source);
    if (!progression || !plan) return;
    const how = await askLevelUp(actor, plan, attackLines(actor, source, plan));
    if (!how) return;
    let gained = plan.hpGain.fixed;
    if (how === "roll" && plan.hpGain.roll) {
      const roll = new SaveRoll(`${plan.hpGain.roll.formula} + ${plan.hpGain.roll.flat}`);
      await roll.evaluate();
      await roll.toMessage({
        speaker: ChatMessage.getSpeaker({ actor }),
        flavor: fmt("D20C.Build.LevelUpRollFlavor", { name: actor.name ?? "", level: plan.to }),
      });
      gained = Math.max(1, roll.total ?? plan.hpGain.fixed);
    }
    const changes = levelUpChanges(progression, source, gained);
    const record: LevelUpRecord = levelUpRecord(source, changes, gained);
    await actor.update({ system: changes, flags: { [SYSTEM_ID]: { levelUp: record } } } as Actor.UpdateData);
  } catch (err) {
    reportError(err);
  }
}

/** The sheet's "Undo level-up": reverse exactly what the last level-up applied, once. */
export async function undoLevelUp(actor: D20Actor): Promise<void> {
  try {
    const record = actor.flags[SYSTEM_ID]?.levelUp;
    if (!record) return;
    const undo = levelUpUndo(record, buildSource(actor));
    if (!undo) {
      ui.notifications?.warn(fmt("D20C.Build.UndoStale", { name: actor.name ?? "" }));
      return;
    }
    await actor.update({ system: undo, flags: { [SYSTEM_ID]: { levelUp: null } } } as Actor.UpdateData);
  } catch (err) {
    reportError(err);
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * A class chosen on the sheet for a character whose numbers were typed: the submitted form data
 * (expanded `system`) also keeps each typed number that differs from the class's as its override
 * ({@link classChoice}), so nothing typed is lost. Changes `system` in place.
 */
export function classChosen(actor: D20Actor, system: Record<string, unknown>): void {
  const build = system.build;
  if (!isRecord(build) || typeof build.classKey !== "string") return;
  const choice = classChoice(activeRuleset().progression, buildSource(actor), build.classKey, defaultActorSource());
  if (Object.keys(choice.overrides).length) {
    const typed = isRecord(build.overrides) ? build.overrides : {};
    build.overrides = { ...typed, ...choice.overrides };
  }
  const defenses = isRecord(system.defenses) ? system.defenses : {};
  for (const [k, v] of Object.entries(choice.defenses)) {
    const row = isRecord(defenses[k]) ? defenses[k] : {};
    defenses[k] = { ...row, ...v };
  }
  if (Object.keys(choice.defenses).length) system.defenses = defenses;
}
