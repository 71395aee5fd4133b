/**
 * [FF-CONDMARKED] [SYS-MONSTERS] A creature bears one mark at a time: a card whose hit marks it
 * (the GM's Apply decision, recorded dice) supersedes the mark an earlier creature put on it,
 * whatever their durations, and the marked creature's next attack then takes the penalty against
 * the old marker and not the new one. The press's undo gives the old mark back. An effect that
 * marks and does more stays whole.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { markModifier } from "../../src/engine/condition-rules.js";
import { decideApplication, decideUndo } from "../../src/engine/plans/apply.js";
import type { EffectSource, PowerEffectSpec } from "../../src/engine/types.js";
import { attackFromRecordedDice, recordedRoller } from "../support/recorded-dice.js";
import { defaultOptions, npc, power, request, target } from "./attack-fixtures.js";

const FF = getRuleset("ffd20");

const marking = (statuses: string[], duration: PowerEffectSpec["duration"]): PowerEffectSpec => ({
  outcome: "hit",
  trigger: { kind: "any", value: 0 },
  text: "",
  statuses,
  duration,
  save: "normal",
  sustain: null,
  ongoing: null,
  aftereffect: null,
});

/** An old effect on the brute from the knight (combatant "knight"). */
const oldMark = (statuses: string[]): EffectSource => ({
  id: "oldmark",
  name: "Knight's mark",
  sourceCombatantId: "knight",
  duration: "endOfEncounter",
  save: "normal",
  saveBonus: 0,
  sustain: null,
  sustainedRound: null,
  ongoing: null,
  aftereffect: null,
  armed: false,
  statuses,
});

/** The paladin (combatant "paladin") hits the brute with a power whose hit marks it until the end of her next turn. */
async function paladinMarks(existing: EffectSource[], statuses = ["marked"]) {
  const brute = { ...npc(FF, 10), conditions: [] };
  const req = {
    ...request("ffd20", {
      power: power({ damage: "4", effects: [marking(statuses, "endOfNextTurn")] }),
      weapon: null,
      targets: [target("brute", brute, "Brute")],
    }),
    sourceCombatantId: "paladin",
  };
  const card = attackFromRecordedDice(req, [[15]], { "*": [] });
  expect(card.targets[0]!.outcome.isHit).toBe(true);
  const decision = await decideApplication({
    ruleset: FF,
    options: defaultOptions(FF),
    card,
    targetUuid: card.targets[0]!.uuid,
    mode: "full",
    actor: brute,
    actorId: "brute",
    userId: "gm",
    recordId: "r1",
    effects: existing,
    powerEffectIds: ["newmark"],
    roll: recordedRoller([]),
  });
  const after = [...existing.filter((e) => !decision.effects.remove.includes(e.id)), ...decision.effects.create];
  return { decision, after, brute };
}

/** The brute's next attack's mark penalty against a target combatant. */
const penaltyAgainst = (effects: EffectSource[], targetId: string) =>
  markModifier(FF.conditions, { conditions: effects.flatMap((e) => e.statuses), effects }, [targetId])?.value ?? 0;

describe("[FF-CONDMARKED] a new mark supersedes the old", () => {
  it("[FF-CONDMARKED] [SYS-MONSTERS] the paladin's mark (end of her next turn) replaces the knight's (end of the encounter): the brute now takes −2 attacking the knight, none attacking the paladin; undo gives the knight's back", async () => {
    const knights = oldMark(["marked"]);
    expect(penaltyAgainst([knights], "paladin")).toBe(-2);
    expect(penaltyAgainst([knights], "knight")).toBe(0);
    const { decision, after } = await paladinMarks([knights]);
    expect(decision.effects.remove).toEqual(["oldmark"]);
    expect(after.map((e) => [e.id, e.sourceCombatantId])).toEqual([["newmark", "paladin"]]);
    expect(penaltyAgainst(after, "knight")).toBe(-2);
    expect(penaltyAgainst(after, "paladin")).toBe(0);
    const undone = decideUndo(decision.card, "r1", decision.next, after);
    expect(undone.effects.create.map((e) => e.id)).toEqual(["oldmark"]);
    expect(undone.effects.remove).toEqual(["newmark"]);
  });

  it("[FF-CONDMARKED] an effect that marks and slows stays whole when a new mark lands; an effect without a mark is never touched", async () => {
    const both = oldMark(["marked", "slowed"]);
    const { decision } = await paladinMarks([both]);
    expect(decision.effects.remove).toEqual([]);
    const dazed = { ...oldMark(["dazed"]), id: "dazed" };
    expect((await paladinMarks([dazed])).decision.effects.remove).toEqual([]);
    // A new effect that does not mark never removes a mark.
    expect((await paladinMarks([oldMark(["marked"])], ["slowed"])).decision.effects.remove).toEqual([]);
  });
});
