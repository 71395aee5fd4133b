/**
 * Powers for the power workflow tests: per game, a "condition, save ends; aftereffect another"
 * power in that game's own conditions (13th Age dazed → weakened, FFd20 stunned → slowed, Hundred
 * Dungeons stunned → slowed, Wounds d20 flat-footed → ongoing damage), and a card that power makes
 * against three targets from recorded dice: two hits and a miss.
 */
import { getRuleset } from "../../src/engine/registry.js";
import type { PowerEffectBody, PowerEffectSpec } from "../../src/engine/types.js";
import type { BuiltInRulesetId as RulesetId } from "../../src/engine/rulesets/ids.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import { npc, power, request, target } from "./attack-fixtures.js";
import { attackFromRecordedDice } from "../support/recorded-dice.js";

export const ATTACKER_COMBATANT = "cmbAttacker00001";

/** The imposed condition and its aftereffect in each game's own conditions. */
export const SAVE_ENDS_PAIR: Record<RulesetId, { first: string; after: PowerEffectBody }> = {
  "13th-age": { first: "dazed", after: body(["weakened"]) },
  ffd20: { first: "stunned", after: body(["slowed"]) },
  "hundred-dungeons": { first: "stunned", after: body(["slowed"]) },
  "wounds-d20": { first: "flatFooted", after: { ...body([]), ongoing: { amount: 2, type: "untyped" } } },
};

/** Rule IDs of the game's save and aftereffect rules, cited per game. */
export const SAVE_RULE_CITES: Record<RulesetId, string> = {
  "13th-age": "[13A-SAVE]",
  ffd20: "[FF-AFTER]",
  "hundred-dungeons": "[HD-COND]",
  "wounds-d20": "[WD-SAVES]",
};

function body(statuses: string[]): PowerEffectBody {
  return { statuses, duration: "saveEnds", save: "normal", sustain: null, ongoing: null };
}

/** A hit effect of a power (save ends by default) with overrides. */
export function hitEffect(over: Partial<PowerEffectSpec> = {}): PowerEffectSpec {
  return {
    outcome: "hit",
    trigger: { kind: "any", value: 0 },
    text: "",
    statuses: [],
    duration: "saveEnds",
    save: "normal",
    sustain: null,
    ongoing: null,
    aftereffect: null,
    ...over,
  };
}

/** The game's "condition, save ends; aftereffect …" hit effect. */
export function saveEndsEffect(id: RulesetId): PowerEffectSpec {
  const pair = SAVE_ENDS_PAIR[id];
  return hitEffect({ statuses: [pair.first], aftereffect: pair.after });
}

export const FOES = ["Ash Imp", "Bugbear", "Cave Troll"] as const;

/**
 * The power against three foes of defense 15 with a flat +5: natural 16 and 14 hit the first two,
 * natural 3 misses the third. Damage 1d8 + 4 with a recorded 4.
 */
export function threeFoeCard(
  id: RulesetId,
  effects: PowerEffectSpec[] = [saveEndsEffect(id)],
  dice: number[][] = [[16], [14], [3]],
  texts = { hit: "The foe reels.", miss: "", crit: "" },
): AttackCardData {
  const R = getRuleset(id);
  const req = request(id, {
    power: power({ effects, texts }),
    targets: FOES.map((name, i) => target(`foe${i}`, npc(R, 15), name)),
  });
  const card = attackFromRecordedDice(
    { ...req, item: { name: "Staggering Blow", img: "icons/svg/sword.svg" }, sourceCombatantId: ATTACKER_COMBATANT },
    dice,
    { "*": [4] },
  );
  return { ...card, defenseLabel: R.defenses[0]!.label };
}
