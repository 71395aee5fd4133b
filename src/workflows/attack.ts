/**
 * The attack workflow in Foundry ([SYS-TARGETS]): a sheet click rolls the attack against every
 * targeted token, one d20 roll per target, and posts ONE chat message holding every roll (Dice So Nice animates them), with
 * the target UUIDs, outcomes and damage in the message flags. Decisions are made by the pure
 * functions in attack-core.ts; this file only asks, rolls and posts.
 */
import { activeRuleset, ruleOptions } from "../active-ruleset.js";
import { renderAttackCard, publicViewer, renderSituationDialog } from "../applications/chat/render.js";
import { AttackRoll, DamageRoll, allFaces, d20Faces } from "../dice/rolls.js";
import { EngineError } from "../engine/errors.js";
import type { Ruleset } from "../engine/ruleset.js";
import type { Situation } from "../engine/types.js";
import { currentEscalation } from "../escalation.js";
import {
  buildAttackCard,
  decideAttack,
  defenseKeyOf,
  planAttack,
  plainSituation,
  type AttackRequest,
  type RolledDamage,
} from "./attack-core.js";
import { spendAttackAction } from "./actions.js";
import { attackSources, combatantIdOf, engineSource, postCard, targetSnapshots } from "./foundry-docs.js";
import { situationDialogContext, situationFromForm } from "./situation-dialog.js";

/** Ask for situational modifiers (DialogV2). Resolves null when the user cancels. */
async function askSituation(ruleset: Ruleset, itemName: string): Promise<Situation | null> {
  const content = await renderSituationDialog(situationDialogContext(ruleset));
  try {
    const form = await foundry.applications.api.DialogV2.input({
      window: { title: game.i18n.format("D20C.Chat.Situation.Title", { name: itemName }) },
      content,
      ok: { label: "D20C.Chat.Situation.Roll", icon: "fa-solid fa-dice-d20" },
      rejectClose: false,
    });
    return form ? situationFromForm(form, ruleset) : null;
  } catch {
    return null;
  }
}

/**
 * Attack with an item (power or weapon) against every targeted token. `fastForward` (shift-click)
 * skips the situational dialog. Returns the posted message, or null when cancelled or refused.
 */
export async function rollAttack(
  actor: Actor.Implementation,
  item: Item.Implementation,
  { fastForward = false, situation }: { fastForward?: boolean; situation?: Situation } = {},
): Promise<ChatMessage | null> {
  const ruleset = activeRuleset();
  const options = ruleOptions();
  try {
    const { power, weapon } = attackSources(item, ruleset);
    let chosen = situation ?? plainSituation();
    if (!fastForward && !situation) {
      const asked = await askSituation(ruleset, item.name ?? "");
      if (!asked) return null;
      chosen = asked;
    }
    const req: AttackRequest = {
      ruleset,
      options,
      attacker: { uuid: actor.uuid, name: actor.name ?? "", actor: engineSource(actor) },
      item: { name: item.name ?? "", img: item.img ?? "" },
      power,
      weapon,
      situation: chosen,
      escalation: currentEscalation(),
      targets: targetSnapshots(),
      sourceCombatantId: combatantIdOf(actor),
    };
    const plan = planAttack(req);
    // [SYS-TARGETS] one attack roll per target (one when untargeted), in target order.
    const attackRolls: Roll[] = [];
    for (const formula of plan.formulas) {
      const roll = new AttackRoll(formula);
      await roll.evaluate();
      attackRolls.push(roll);
    }
    const decided = decideAttack(req, attackRolls.map(d20Faces), plan);
    const damageRolls: Roll[] = [];
    const rolled: RolledDamage = {};
    for (const d of decided.damage) {
      const roll = new DamageRoll(d.formula);
      await roll.evaluate();
      damageRolls.push(roll);
      rolled[d.key] = { faces: allFaces(roll), rolled: roll.total ?? 0 };
    }
    const defenseKey = defenseKeyOf(ruleset, power);
    const defenseLabel = ruleset.defenses.find((d) => d.key === defenseKey)?.label ?? defenseKey;
    const card = buildAttackCard(req, decided, rolled, defenseLabel);
    const content = await renderAttackCard(card, publicViewer());
    const message = await postCard({
      actor,
      content,
      rolls: [...attackRolls, ...damageRolls],
      flags: { attack: card },
    });
    await spendAttackAction(actor, item);
    return message ?? null;
  } catch (err) {
    reportError(err);
    return null;
  }
}

/** Show an engine refusal (bad formula, missing defense…) as a clear notice; rethrow the unexpected. */
export function reportError(err: unknown): void {
  if (err instanceof EngineError) {
    ui.notifications?.error(game.i18n.format("D20C.Chat.Error.Engine", { field: err.field, message: err.message }));
    return;
  }
  console.error(err);
  ui.notifications?.error(
    game.i18n.format("D20C.Chat.Error.Unexpected", { message: err instanceof Error ? err.message : String(err) }),
  );
}
