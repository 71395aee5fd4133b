/**
 * The attack workflow in Foundry ([SYS-TARGETS]): a sheet click rolls the attack against every
 * targeted token, one d20 roll per target, and posts ONE chat message holding every roll (Dice So Nice animates them), with
 * the target UUIDs, outcomes and damage in the message's `system` (an `attack` message). Decisions are made by the pure
 * functions in src/engine/plans/attack.ts; this file only asks, rolls and posts.
 */
import { activeRuleset, ruleOptions } from "../active-ruleset.js";
import { storedCardLine, renderSituationDialog } from "./chat-render.js";
import { AttackRoll, DamageRoll, allFaces, d20Faces } from "../dice/rolls.js";
import { EngineError } from "../engine/errors.js";
import { MISS_CHANCE_FORMULA } from "../engine/miss-chance.js";
import type { Ruleset } from "../engine/ruleset.js";
import type { PowerSource, RangeKind, Situation } from "../engine/types.js";
import {
  buildAttackCard,
  decideAttack,
  missChanceRollsNeeded,
  defenseKeyOf,
  allowedTargets,
  planAttack,
  plainSituation,
  type RolledDamage,
} from "../engine/plans/attack.js";
import { answerAct, foundryActPorts, reachOfAttack } from "./acts.js";
import { afterAttackHook, preAttackHook } from "./hooks.js";
import {
  combatantOfActor,
  procedureMemoryOf,
  spendAttackAction,
  type EconomyCombat,
  type EconomyCombatant,
} from "./actions.js";
import { drawCoverLines } from "../canvas/cover-lines.js";
import { attackArea } from "../canvas/areas.js";
import { fearSourceUnseenOfToken, readAttackScene, type AttackSceneReading } from "../canvas/scene-reading.js";
import { saveAttackOf } from "../engine/save-attacks.js";
import { addAuraModifiers } from "./auras.js";
import type { SceneNote } from "../engine/scene.js";
import { publicCard } from "../engine/plans/card-secrets.js";
import { cardVisibility, situationAsk } from "../settings-attack.js";
import { asksSituation, openQuestions } from "../engine/views/situation-ask.js";
import { hasSightBoundCondition } from "../engine/source-sight.js";
import { attackRequestFrom, attackSources, equippedWeapons, postCard, targetSnapshots } from "./foundry-docs.js";
import { askOwnerSaves } from "./owner-saves.js";
import { countTargets } from "./target-count.js";
import type { TargetSnapshot } from "../engine/plans/attack.js";
import {
  noteKept,
  sceneSituation,
  situationDialogContext,
  situationFromForm,
  situationsFromForm,
  type DialogTarget,
} from "../engine/views/situation-dialog.js";

/** A scene reason in the user's language ("superior cover: 3 of 4 lines blocked by a wall"). */
function noteText(note: SceneNote): string {
  const data: Record<string, string> = {};
  for (const [k, v] of Object.entries(note.data)) data[k] = String(v);
  data.by = (note.by ?? []).map((b) => game.i18n.localize(`D20C.Scene.By.${b}`)).join(", ");
  return game.i18n.format(note.reason, data);
}

/**
 * [13A-RANGE] [13A-ENGAGE] What the attacker's range bands (its combatant's procedure memory) say
 * about this attack on each target, in the user's language: warnings, never refusals.
 */
function bandWarnings(ruleset: Ruleset, actor: Actor.Implementation, range: RangeKind, targets: TargetSnapshot[]) {
  const warn = ruleset.attackBandWarnings;
  const combat = game.combat as EconomyCombat | null | undefined;
  const own = combatantOfActor(combat, actor.uuid);
  if (!warn || !own) return targets;
  const bands = procedureMemoryOf(own).bands;
  const names: Record<string, string> = {};
  for (const c of combat?.combatants.contents ?? []) {
    const { actor: a, name } = c as EconomyCombatant;
    if (a?.uuid) names[a.uuid] = name ?? a.name ?? "";
  }
  return targets.map((t) => {
    const warnings = warn({ range, target: { id: t.actorUuid, name: t.name }, bands, names }).map((w) =>
      game.i18n.format(w.key, w.data),
    );
    return warnings.length ? { ...t, warnings } : t;
  });
}

/** What the dialog answered: the shared situation and, with a scene, one per target. */
interface Asked {
  situation: Situation;
  perTarget: Situation[] | null;
}

/**
 * Ask for situational modifiers (DialogV2), each target's block pre-filled from the scene while
 * its cover lines are drawn on the canvas. Resolves null when the user cancels.
 */
async function askSituation(
  ruleset: Ruleset,
  itemName: string,
  targets: readonly DialogTarget[] | null,
  scene: AttackSceneReading | null,
  warnings: readonly string[] = [],
  attacker: { sightBound: boolean } = { sightBound: false },
): Promise<Asked | null> {
  // [SYS-TRUST] a player is never asked (so never told) what only the GM may know.
  const viewer = { gm: Boolean(game.user?.isGM) };
  const content = await renderSituationDialog({
    ...situationDialogContext(ruleset, targets, viewer, attacker),
    warnings: [...warnings],
  });
  const erase = scene ? drawCoverLines(scene.readings.values()) : () => {};
  try {
    const form = await foundry.applications.api.DialogV2.input({
      window: { title: game.i18n.format("D20C.Chat.Situation.Title", { name: itemName }) },
      content,
      ok: { label: "D20C.Chat.Situation.Roll", icon: "fa-solid fa-dice-d20" },
      rejectClose: false,
    });
    if (!form) return null;
    return {
      situation: situationFromForm(form, ruleset, viewer),
      perTarget: targets?.length ? situationsFromForm(form, targets.length, ruleset, viewer) : null,
    };
  } catch {
    return null;
  } finally {
    erase();
  }
}

/**
 * Each target with its own situation and the scene's notes: what the scene read (pre-filled or, on
 * shift-click, used as it is), or as changed in the dialog.
 */
function withScene(
  targets: TargetSnapshot[],
  scene: AttackSceneReading | null,
  chosen: Situation[] | null,
  ruleset: Ruleset,
): TargetSnapshot[] {
  if (!scene) return targets;
  return targets.map((t, i) => {
    const reading = scene.readings.get(t.uuid);
    const own = chosen?.[i];
    if (!reading) return own ? { ...t, situation: own } : t;
    const situation = chosen?.[i] ?? sceneSituation(ruleset, reading);
    return {
      ...t,
      situation,
      scene: reading.notes.map((n) => ({ text: noteText(n), kept: noteKept(n, situation) })),
    };
  });
}

/**
 * [HD-COND] Against a save-based power, each target whose fear's source is out of its sight on the
 * scene saves without frightened's weakness ("your abilities are weak while the source of your fear
 * is in your line of sight"): its own situation says so, and the card (and the GM's re-reading)
 * plans its save from it.
 */
function withTargetFearSight(
  ruleset: Ruleset,
  power: PowerSource,
  targets: TargetSnapshot[],
  chosen: Situation,
  tokens: Iterable<foundry.canvas.placeables.Token>,
): TargetSnapshot[] {
  if (!saveAttackOf(ruleset, power)) return targets;
  const byUuid = new Map([...tokens].map((t) => [t.document.uuid, t] as const));
  return targets.map((t) => {
    const token = byUuid.get(t.uuid);
    if (!token || fearSourceUnseenOfToken(ruleset, token) !== true) return t;
    return { ...t, situation: { ...(t.situation ?? chosen), targetFearSourceUnseen: true } };
  });
}

/**
 * Attack with an item (power or weapon) against every targeted token. The situational dialog opens
 * as the world's and the user's setting say (always, only with an open question, never); `invert`
 * (shift-click) turns that over and `fastForward` (macros) skips it. Returns the posted message, or
 * null when cancelled or refused.
 */
export async function rollAttack(
  actor: Actor.Implementation,
  item: Item.Implementation,
  {
    fastForward: skip = false,
    invert = false,
    situation,
    tokens,
    inRoutine = false,
  }: {
    fastForward?: boolean;
    invert?: boolean;
    situation?: Situation;
    /** [SYS-MONSTERS] The targets (a routine's follow-up: those its results chose); absent = the user's. */
    tokens?: readonly foundry.canvas.placeables.Token[];
    /** [SYS-MONSTERS] Made by a routine, which spends the action once: this attack spends none. */
    inRoutine?: boolean;
  } = {},
): Promise<ChatMessage | null> {
  const ruleset = activeRuleset();
  const options = ruleOptions();
  try {
    const { power, weapon } = attackSources(item, ruleset);
    let chosen = situation ?? plainSituation();
    // [SYS-CANVAS] a close or area attack targets every creature in its area (the power's own,
    // placed by the user, or the user's template) and judges cover from the area's origin square.
    const area = await attackArea(actor, power, item.name ?? "");
    const areaTokens = area ? area.tokens.filter((t) => power.range === "area" || t.actor !== actor) : null;
    let targets = bandWarnings(ruleset, actor, power.range, targetSnapshots(areaTokens ?? tokens ?? game.user.targets));
    // A situation given by the caller is used as it is; otherwise the scene pre-fills.
    const scene = situation
      ? null
      : readAttackScene(
          ruleset,
          options,
          actor,
          power.range,
          areaTokens ?? tokens ?? game.user.targets,
          area?.origin ?? null,
        );
    if (scene) addAuraModifiers(scene);
    let perTarget: Situation[] | null = null;
    // Issue 45: ask only what the scene and the data leave open (or as the settings say).
    const open = openQuestions(
      ruleset,
      targets.map((t) => ({
        reading: scene?.readings.get(t.uuid) ?? null,
        conditions: t.actor.conditions,
        warnings: t.warnings ?? [],
      })),
    );
    const fastForward = skip || Boolean(situation) || !asksSituation(situationAsk(), open, invert);
    if (!fastForward) {
      const dialogTargets = scene
        ? targets.map((t) => {
            const reading = scene.readings.get(t.uuid);
            return {
              name: t.name,
              situation: reading ? sceneSituation(ruleset, reading) : plainSituation(),
              reasons: (reading?.notes ?? []).map(noteText),
            };
          })
        : null;
      const warnings = targets.flatMap((t) => t.warnings ?? []);
      // [HD-COND] a frightened attacker is asked whether the source of its fear is in sight.
      const sightBound = hasSightBoundCondition(ruleset.conditions, actor.engineView().conditions);
      const asked = await askSituation(ruleset, item.name ?? "", dialogTargets, scene, warnings, { sightBound });
      if (!asked) {
        await area?.remove();
        return null;
      }
      chosen = asked.situation;
      perTarget = asked.perTarget;
    }
    targets = withScene(targets, scene, perTarget, ruleset);
    // [SYS-HOOKS] modules may cancel the attack or move its situational bonus (shown on the card).
    const hooked = preAttackHook(actor, item, chosen, targets, fastForward);
    if (!hooked) {
      await area?.remove();
      return null;
    }
    ({ situation: chosen, targets } = hooked);
    targets = withTargetFearSight(ruleset, power, targets, chosen, areaTokens ?? tokens ?? game.user.targets);
    // [SYS-TARGETS] a power with a target count: rolled only now, once nothing can cancel the attack
    // (a count rolled before the dialog could be fished for by cancelling); the first N targets are attacked.
    const counted = await countTargets(power, item.name ?? "", targets);
    targets = counted.targets;
    const req = attackRequestFrom({
      ruleset,
      attacker: actor,
      attackerName: actor.name ?? "",
      item,
      shownItem: { name: item.name ?? "", img: item.img ?? "" },
      situation: chosen,
      targets,
      read: "view",
      sources: { power, weapon },
    });
    if (counted.used) req.targetCount = counted.used;
    // [HD-COND] a game may forbid a target (a charmed creature can't attack its charmer).
    const { allowed, refused } = allowedTargets(req);
    for (const r of refused)
      ui.notifications?.warn(
        game.i18n.format("D20C.Chat.TargetRefused", { name: r.name, reason: game.i18n.localize(r.reason) }),
      );
    req.targets = allowed;
    const plan = planAttack(req);
    // [SYS-MONSTERS] a save-based power's saves are rolled by each target's owner (or the GM's
    // client for an NPC) where the world says so; the rest here.
    const ownerSaves = plan.saves
      ? await askOwnerSaves(
          req.targets.map((t, i) => ({ uuid: t.uuid, formula: plan.formulas[i] ?? "" })),
          { save: game.i18n.localize(plan.saves.label), power: item.name ?? "" },
        )
      : [];
    // [SYS-TARGETS] one attack roll per target (one when untargeted), in target order.
    const attackRolls: Roll[] = [];
    for (const [i, formula] of plan.formulas.entries()) {
      const owned = ownerSaves[i];
      if (owned) {
        attackRolls.push(owned.roll);
        continue;
      }
      const roll = new AttackRoll(formula);
      await roll.evaluate();
      attackRolls.push(roll);
    }
    // The posted card carries odds only where the world shows them to everyone (else the GM's
    // client works them out for its ledger), so they are worked out here only then.
    const visibility = cardVisibility();
    // [WD-MISSCHANCE] a d100 for each target hit that has a miss chance, posted after the attack rolls.
    const attackFaces = attackRolls.map(d20Faces);
    const missRolls: Roll[] = [];
    for (let k = missChanceRollsNeeded(req, attackFaces, plan).length; k > 0; k--) {
      const roll = new Roll(MISS_CHANCE_FORMULA);
      await roll.evaluate();
      missRolls.push(roll);
    }
    const decided = decideAttack(req, attackFaces, plan, {
      odds: visibility === "everyone",
      missRolls: missRolls.map((r) => r.total ?? 0),
    });
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
    // The message carries only what players may see; the GM's client decides the card again from
    // its rolls and keeps the true outcomes and numbers where only GMs read (card-ledger.ts).
    const saveRolls = ownerSaves.flatMap((o) => (o ? [{ targetUuid: o.targetUuid, messageId: o.messageId }] : []));
    const card = {
      ...publicCard(buildAttackCard(req, decided, rolled, defenseLabel), visibility),
      ...(saveRolls.length ? { saveRolls } : {}),
    };
    // [SYS-RELEASE] the message stores a short line; every client renders the card from its data.
    const content = storedCardLine(card);
    const message = await postCard({
      actor,
      content,
      rolls: [...attackRolls, ...missRolls, ...damageRolls, ...(counted.roll ? [counted.roll] : [])],
      kind: "attack",
      card,
    });
    if (message) afterAttackHook(message, card);
    // What was placed for the attack goes once its card is posted.
    if (area) await area.remove();
    // What attacking sets off: hiding ends; a ranged attack within a foe's reach provokes it, and a
    // spell provokes every foe whose reach it is cast in (read from the scene, or said by the user).
    const act = ruleset.attackAct?.(power, weapon) ?? (power.range === "ranged" ? "rangedAttack" : "attack");
    const inReach = new Set(
      req.targets.filter((t) => (t.situation ?? chosen).withinMeleeReach).map((t) => t.actorUuid),
    );
    const shotInReach = targetActors().filter((a) => inReach.has(a.uuid));
    const within = await reachOfAttack(actor, act, shotInReach, fastForward);
    // The active GM ends hiding once it has decided the card (see the card ledger); with no GM
    // online nothing will decide it now, so the attacker's client ends it at once.
    await answerAct(actor, act, 0, within, foundryActPorts, {
      steps: !game.users?.activeGM,
    });
    // [HD-DUAL] a game may price the attack by the weapons in hand (either of a Light pair: quick).
    const cost =
      ruleset.attackCost && (item.type as string) === "weapon"
        ? ruleset.attackCost(weapon, equippedWeapons(actor))
        : undefined;
    if (!inRoutine) await spendAttackAction(actor, item, cost);
    return message ?? null;
  } catch (err) {
    reportError(err);
    return null;
  }
}

/** The actors of the user's targeted tokens. */
function targetActors(): Actor.Implementation[] {
  const out: Actor.Implementation[] = [];
  for (const token of game.user.targets) if (token.actor) out.push(token.actor);
  return out;
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
