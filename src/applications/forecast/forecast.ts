/**
 * The encounter forecast in Foundry ([SYS-FORECAST]), GM only: the creatures of a combat (or of the
 * encounter planner) read into the engine's forecast input, the forecast worked out on the GM's
 * client and kept in memory only (nothing is written to any document, so nothing of it reaches a
 * player), and its markup (`templates/combat/forecast.hbs`) for the tracker's header and the planner.
 */
import { activeRuleset, ruleOptions } from "../../active-ruleset.js";
import { SYSTEM_ID } from "../../constants.js";
import { powerUsageFrom, routineFrom } from "../../data/item-source.js";
import { escalationEnabled } from "../../escalation.js";
import {
  forecast,
  type Forecast,
  type ForecastAttack,
  type ForecastCombatant,
  type ForecastInput,
  type ForecastSide,
} from "../../engine/forecast/index.js";
import type { Ruleset } from "../../engine/ruleset.js";
import { say } from "../../engine/vocabulary.js";
import { forecastContext } from "../../engine/views/forecast-context.js";
import { attackSources, fmt } from "../../workflows/foundry-docs.js";

export const FORECAST_TEMPLATE = `systems/${SYSTEM_ID}/templates/combat/forecast.hbs`;
export const PLANNER_TEMPLATE = `systems/${SYSTEM_ID}/templates/combat/forecast-planner.hbs`;

/** Fights each forecast plays, and its seed (the same creatures give the same forecast). */
const SAMPLES = 400;
const SEED = 46;

/** Which side an actor fights on: characters and actors a player owns are the party. */
export function sideOf(actor: Actor.Implementation): ForecastSide {
  return (actor.type as string) === "character" || actor.hasPlayerOwner ? "party" : "foes";
}

/** The attacks an actor can make: its powers (with their usage) and its equipped weapons. */
function attacksOf(actor: Actor.Implementation, ruleset: Ruleset): ForecastAttack[] {
  const rollData = actor.getRollData();
  const out: ForecastAttack[] = [];
  for (const item of actor.items) {
    const type = item.type as string;
    const system = item.system as unknown as Record<string, unknown>;
    if (type !== "power" && !(type === "weapon" && system.equipped === true)) continue;
    try {
      const { power, weapon } = attackSources(item, ruleset, rollData);
      const attack: ForecastAttack = {
        name: item.name ?? "",
        power,
        weapon,
        usage: type === "power" ? powerUsageFrom(system) : null,
      };
      // [SYS-MONSTERS] a routine makes the creature's other attacks: the forecast plays them in turn.
      const routine = type === "power" ? routineFrom(system) : null;
      if (item.id) attack.id = item.id;
      if (routine) attack.routine = routine;
      out.push(attack);
    } catch (err) {
      // An item the engine cannot read (a malformed formula) makes no attack in the forecast.
      console.warn(`${SYSTEM_ID} | forecast skips ${item.name ?? ""}`, err);
    }
  }
  return out;
}

/** One creature of the forecast from its actor (its current data: HP, conditions, usage). */
export function forecastCreature(
  actor: Actor.Implementation,
  id: string,
  name: string,
  side: ForecastSide,
  ruleset: Ruleset,
): ForecastCombatant {
  return { id, name, side, actor: actor.toEngineSource(), attacks: attacksOf(actor, ruleset) };
}

/** The forecast's input for some creatures in the world's game, the escalation die at `escalation`. */
export function forecastInput(creatures: ForecastCombatant[], escalation: number): ForecastInput {
  const ruleset = activeRuleset();
  return {
    ruleset,
    options: ruleOptions(ruleset),
    combatants: creatures,
    escalation,
    escalationOn: escalationEnabled(),
    samples: SAMPLES,
    seed: SEED,
  };
}

/** The last few forecasts, by what they were worked out from (a re-render asks for the same one). */
const recent = new Map<string, Forecast>();
const RECENT = 8;

/** Forget every kept forecast (the tracker's refresh button: "forecast again"). */
export function forgetForecasts(): void {
  recent.clear();
}

/** The forecast of these creatures, or null when a side has no creature that can attack. */
export function forecastOf(input: ForecastInput): Forecast | null {
  const sides = new Set(input.combatants.filter((c) => c.attacks.length > 0).map((c) => c.side));
  if (!sides.has("party") || !sides.has("foes")) return null;
  // One order whatever the creatures were listed in (the planner's, a combat's turns): the party
  // first, then by name, so a folder's creatures forecast the same in the planner and in a combat.
  const side = (c: ForecastCombatant) => (c.side === "party" ? 0 : 1);
  input = {
    ...input,
    combatants: [...input.combatants].sort((a, b) => side(a) - side(b) || a.name.localeCompare(b.name)),
  };
  const key = JSON.stringify([
    input.ruleset.id,
    input.options,
    input.escalation,
    input.escalationOn,
    input.combatants.map((c) => [c.name, c.side, c.actor, c.attacks]),
  ]);
  const known = recent.get(key);
  if (known) return known;
  const made = forecast(input);
  recent.set(key, made);
  if (recent.size > RECENT) recent.delete(recent.keys().next().value as string);
  return made;
}

/** The creatures of a combat, in its turn order, each on its side. */
function combatCreatures(combat: Combat): ForecastCombatant[] {
  const ruleset = activeRuleset();
  const out: ForecastCombatant[] = [];
  for (const c of combat.turns) {
    const actor = c.actor;
    if (!actor || !c.id) continue;
    out.push(forecastCreature(actor, c.id, c.name ?? actor.name ?? "", sideOf(actor), ruleset));
  }
  return out;
}

/** The forecast's markup for the GM; "" for anyone else (a player's client renders none of it). */
export async function forecastMarkup(
  f: Forecast | null,
  { refresh = false, open = false }: { refresh?: boolean; open?: boolean } = {},
): Promise<string> {
  if (!game.user?.isGM) return "";
  const i18n = game.i18n;
  // [SYS-WORDS] the line, the panel and the planner in the world's game's words.
  const ruleset = activeRuleset();
  if (!f) {
    return `<section class="d20c-forecast" data-d20c-forecast><div class="d20c-forecast__line">${foundry.utils.escapeHTML(
      i18n.localize(say(ruleset, "D20C.Forecast.Line.None")),
    )}</div></section>`;
  }
  const view = forecastContext(f, ruleset);
  const outcome = fmt(view.outcome.key, view.outcome.data);
  const line = view.worst
    ? fmt(say(ruleset, "D20C.Forecast.Line.Joined"), { outcome, worst: fmt(view.worst.key, view.worst.data) })
    : outcome;
  return foundry.applications.handlebars.renderTemplate(FORECAST_TEMPLATE, {
    view,
    line,
    note: fmt(view.note.key, view.note.data),
    refresh,
    open,
  });
}

/** The forecast's markup for the combat the tracker shows ("" for a player or without a combat). */
export async function trackerForecastMarkup(combat: Combat | null, open = false): Promise<string> {
  if (!game.user?.isGM || !combat || combat.turns.length === 0) return "";
  const escalation = Number((combat as unknown as { escalation?: unknown }).escalation) || 0;
  const f = forecastOf(forecastInput(combatCreatures(combat), escalation));
  return forecastMarkup(f, { refresh: true, open });
}
