/**
 * Power usage and rests in Foundry ([SYS-POWERS]): using a power from the sheet (a spent one asks
 * for confirmation and is then allowed, the GM never blocked), the one "power used" point that
 * spends its usage, the sheet's spent/ready toggle, the game's rests for one actor and for the
 * party, and the end of a battle (encounter powers back, recharge rolled and posted). Every
 * decision is in src/engine/plans/power-usage.ts and the engine; this file asks, rolls and writes.
 */
import { activeRuleset, ruleOptions } from "../active-ruleset.js";
import { publicViewer, renderRuleCard } from "./chat-render.js";
import { powerUsageFrom } from "../data/item-source.js";
import { SaveRoll } from "../dice/rolls.js";
import { NO_REST_EFFECTS, restsOf, togglePower, type RestEffects } from "../engine/powers.js";
import type { RuleCardData } from "../engine/plans/card-data.js";
import { postRequestRolls } from "./apply-damage.js";
import { reportError, rollAttack } from "./attack.js";
import {
  changeEffects,
  combatantIdOf,
  effectSources,
  engineSource,
  fmt,
  postCard,
  writeEngineSource,
} from "./foundry-docs.js";
import {
  decideRest,
  decideUse,
  powersAtMoment,
  rechargeOutcome,
  usageUpdate,
  type PowerItemState,
} from "../engine/plans/power-usage.js";
import { foundryRoller } from "./saves.js";
import { afterActionHook, mayGoAhead } from "./hooks.js";
import { restChanges } from "../engine/plans/rest-report.js";
import { confirmRest, restLineText } from "./rest-confirm.js";
import { rollRoutine, routineOf } from "./routines.js";
import { spendAttackAction } from "./actions.js";

function isPower(item: Item.Implementation): boolean {
  return (item.type as string) === "power";
}

function usageOf(item: Item.Implementation) {
  return powerUsageFrom(item.system as unknown as Record<string, unknown>);
}

/** The actor's powers as usage reads them. */
function powerStates(actor: Actor.Implementation): PowerItemState[] {
  return [...actor.items].filter(isPower).map((i) => ({ id: i.id ?? "", name: i.name ?? "", usage: usageOf(i) }));
}

/** Ask before using a spent power; resolves true to go ahead. */
async function confirmSpent(item: Item.Implementation): Promise<boolean> {
  const name = foundry.utils.escapeHTML(item.name ?? "");
  try {
    const answer = await foundry.applications.api.DialogV2.confirm({
      window: { title: fmt("D20C.Power.Spent.title", { name: item.name ?? "" }) },
      content: `<p>${fmt("D20C.Power.Spent.content", { name })}</p>`,
      yes: { label: "D20C.Power.Spent.use", icon: "fa-solid fa-dice-d20" },
      rejectClose: false,
    });
    return answer === true;
  } catch {
    return false;
  }
}

/**
 * A power was used: its usage is spent. The one place a use is counted, so whatever else a use
 * costs (actions…) is added here.
 */
async function powerUsed(actor: Actor.Implementation, item: Item.Implementation): Promise<void> {
  void actor;
  if (!isPower(item)) return;
  const { next } = decideUse(activeRuleset(), usageOf(item));
  await item.update(usageUpdate(next));
}

/**
 * Use an item from the sheet: a spent power asks first (the user may use it anyway), then the
 * attack is rolled and, once posted, the use is counted.
 */
export async function usePower(
  actor: Actor.Implementation,
  item: Item.Implementation,
  options: { fastForward?: boolean; invert?: boolean } = {},
): Promise<ChatMessage | null> {
  if (isPower(item) && decideUse(activeRuleset(), usageOf(item)).wasSpent && !(await confirmSpent(item))) return null;
  // [SYS-MONSTERS] a routine rolls the powers it lists (one card each) and spends its own usage and action once.
  const routine = routineOf(item);
  const message = routine
    ? ((await rollRoutine(actor, item, options))[0] ?? null)
    : await rollAttack(actor, item, options);
  if (message && routine) await spendAttackAction(actor, item);
  if (message) {
    try {
      await powerUsed(actor, item);
    } catch (err) {
      reportError(err);
    }
  }
  return message;
}

/** The sheet's spent / ready toggle of a power. */
export async function togglePowerUsage(item: Item.Implementation): Promise<void> {
  if (!isPower(item)) return;
  await item.update(usageUpdate(togglePower(activeRuleset(), usageOf(item))));
}

async function postEvents(
  actor: Actor.Implementation | null,
  title: string,
  data: Omit<RuleCardData, "version" | "actorUuid" | "actorName" | "title">,
  rolls: Roll[],
): Promise<void> {
  const card: RuleCardData = {
    version: 1,
    actorUuid: actor?.uuid ?? "",
    actorName: actor?.name ?? "",
    title,
    ...data,
  };
  const content = await renderRuleCard(card, publicViewer());
  await postCard({ actor, content, rolls, kind: "rule", card });
}

/**
 * The effects a rest reads: the actor's own, those on the other creatures of the current combat,
 * and the actor's combatant there (whose effects it made, [FF-SUSTAIN]).
 */
function restEffects(actor: Actor.Implementation): { effects: RestEffects; others: Map<string, Actor.Implementation> } {
  const combat = game.combat;
  const combatantId = combatantIdOf(actor);
  const others = new Map<string, Actor.Implementation>();
  if (!combat || !combatantId) return { effects: { ...NO_REST_EFFECTS, own: effectSources(actor) }, others };
  for (const c of combat.combatants.contents)
    if (c.actor && c.actor.uuid !== actor.uuid) others.set(c.actor.uuid, c.actor);
  const borne = [...others].map(([bearer, a]) => ({ bearer, name: a.name ?? "", effects: effectSources(a) }));
  return { effects: { own: effectSources(actor), others: borne, combatantId }, others };
}

/**
 * End the effects a rest ends on other creatures where this user may change them; those it may not
 * (a foe only the GM owns) are named in a notice for the GM to remove.
 */
async function endOnOthers(
  ended: readonly { bearer: string; effectIds: string[] }[],
  others: ReadonlyMap<string, Actor.Implementation>,
): Promise<void> {
  for (const { bearer, effectIds } of ended) {
    const other = others.get(bearer);
    if (!other) continue;
    if (other.isOwner) await changeEffects(other, { create: [], remove: effectIds });
    else
      for (const id of effectIds)
        ui.notifications?.warn(
          fmt("D20C.Power.Rest.EffectEndsGM", { effect: other.effects.get(id)?.name ?? id, name: other.name ?? "" }),
        );
  }
}

/**
 * One actor takes one of the game's rests: actor written once, powers brought back, the effects
 * the rest ends deleted (on it, and those it made on others), one card posted that lists what came
 * back (issue 45); or, refused (sustaining), a notice and nothing changed. With `confirm` (the
 * sheet's button) it asks first, saying what will come back, and how many recovery dice to spend
 * where the rest rolls them. Resolves whether it rested.
 */
export async function restActor(
  actor: Actor.Implementation,
  rest: string,
  { confirm = false, spend }: { confirm?: boolean; spend?: number } = {},
): Promise<boolean> {
  try {
    if (!mayGoAhead("preRest", actor, { rest })) return false;
    const ruleset = activeRuleset();
    const spec = restsOf(ruleset).find((r) => r.key === rest);
    if (confirm) {
      const answer = await confirmRest(ruleset, ruleOptions(), rest, [actor]);
      if (!answer) return false;
      spend = answer.spend ?? spend;
    }
    const { roll, made } = foundryRoller(actor);
    const read = restEffects(actor);
    const before = engineSource(actor);
    const outcome = await decideRest(
      ruleset,
      before,
      actor.id ?? "",
      rest,
      powerStates(actor),
      roll,
      ruleOptions(),
      read.effects,
      spend,
    );
    if (outcome.refusal) {
      ui.notifications?.warn(fmt(outcome.refusal.key, { ...outcome.refusal.data, name: actor.name ?? "" }));
      return false;
    }
    await writeEngineSource(actor, outcome.next);
    if (outcome.endedEffects.length) await changeEffects(actor, { create: [], remove: outcome.endedEffects });
    await endOnOthers(outcome.endedOnOthers, read.others);
    if (outcome.powers.length)
      await actor.updateEmbeddedDocuments(
        "Item",
        outcome.powers.map((p) => ({ _id: p.id, ...usageUpdate(p.usage) })),
      );
    const restLabel = fmt(spec?.label ?? rest);
    // What came back, in the game's words (the powers are named one a line below).
    const cameBack = restChanges(ruleset, before, outcome.next, []).map((line) => ({
      key: "D20C.Calm.Rest.Line",
      data: { text: restLineText(line) },
    }));
    const events = [
      { key: "D20C.Power.Rested", data: { name: actor.name ?? "", rest: restLabel } },
      ...cameBack,
      ...outcome.events,
      ...outcome.powers.map((p) => ({ key: "D20C.Power.Recharge.reset", data: { name: p.name } })),
    ];
    await postRequestRolls(
      actor,
      spec?.label ?? "D20C.Power.Rests",
      outcome.rolls.map((resolved, i) => ({ resolved, roll: made[i] as SaveRoll })),
      events,
    );
    afterActionHook("rest", actor, { rest, events, powers: outcome.powers.map((p) => p.id) });
    return true;
  } catch (err) {
    reportError(err);
    return false;
  }
}

/**
 * The party rests (GM): asked first with what will come back to each player-owned character, then
 * every one takes the rest, each card listing what came back. Never while a combat is running.
 */
export async function restParty(rest: string): Promise<number> {
  if (!game.user?.isGM) return 0;
  if (game.combat?.started) {
    ui.notifications?.warn(fmt("D20C.Calm.Rest.NotInCombat"));
    return 0;
  }
  const party: Actor.Implementation[] = [];
  for (const actor of game.actors ?? [])
    if (actor instanceof Actor.implementation && actor.hasPlayerOwner && actor.type === "character") party.push(actor);
  if (!(await confirmRest(activeRuleset(), ruleOptions(), rest, party))) return 0;
  let n = 0;
  for (const actor of party) if (await restActor(actor, rest)) n += 1;
  const spec = restsOf(activeRuleset()).find((r) => r.key === rest);
  ui.notifications?.info(fmt("D20C.Power.PartyRested", { rest: fmt(spec?.label ?? rest), count: n }));
  return n;
}

/**
 * The battle is over: each combatant's powers that come back at the end of a battle are fresh
 * again, and each spent recharge power rolls its recharge, the result posted on one card per actor.
 */
export async function refreshPowersAtCombatEnd(actors: readonly Actor.Implementation[]): Promise<void> {
  const ruleset = activeRuleset();
  const seen = new Set<string>();
  for (const actor of actors) {
    const key = actor.uuid;
    if (seen.has(key)) continue;
    seen.add(key);
    try {
      const { resets, recharges } = powersAtMoment(ruleset, powerStates(actor), {
        kind: "combatEnd",
        options: ruleOptions(ruleset),
      });
      const updates = resets.map((p) => ({ _id: p.id, ...usageUpdate(p.usage) }));
      const rolls: Roll[] = [];
      const lines: RuleCardData["rolls"] = [];
      const events: RuleCardData["events"] = [];
      for (const r of recharges) {
        const roll = new SaveRoll(r.refresh.formula);
        await roll.evaluate();
        const total = roll.total ?? 0;
        const outcome = rechargeOutcome(r, total);
        rolls.push(roll);
        lines.push({
          label: r.name,
          formula: roll.formula,
          total,
          natural: roll.toRollResult().natural,
          target: r.refresh.target,
          against: "total",
          success: outcome.back,
        });
        events.push(outcome.event);
        if (outcome.back) updates.push({ _id: r.id, ...usageUpdate(outcome.usage) });
      }
      if (updates.length) await actor.updateEmbeddedDocuments("Item", updates);
      if (lines.length) await postEvents(actor, "D20C.Power.Recharge.title", { rolls: lines, events }, rolls);
    } catch (err) {
      console.error("d20-combat | powers at the end of the battle", err);
    }
  }
}
