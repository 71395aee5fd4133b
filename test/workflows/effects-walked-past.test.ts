/**
 * Turns Foundry walks past and defeated combatants ([SYS-EFFECTS], [SYS-TURNS]), driven through the
 * real D20Combat on the v13 Combat stand-in (test/stand-ins/foundry-combat.ts): Next Round pressed
 * mid-round walks past the turns still to come, core "skip defeated" walks past the defeated.
 * Creatures that never acted roll no saves, take no ongoing damage and make no death saves; a
 * defeated combatant posts nothing; effects timed by a walked-past creature's turns still end.
 * Rules come from the real rulesets; the stand-in Roll throws once its recorded faces run dry, so
 * any roll the rules should not have asked for becomes an error line.
 */
import { describe, expect, it } from "vitest";
import { effectCreateData } from "../../src/data/effects.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import type { ActorSource, EffectSource, RulesetId } from "../../src/engine/types.js";
import { stepsForRoundEnd, stepsForTurn, turnTaken } from "../../src/engine/turn-taken.js";
import { StandInActor, StandInFoundryCombat, standInGlobals, standInRollFaces } from "../stand-ins/foundry-combat.js";
import { combatant, effect } from "./combat-fixtures.js";

import { turnLinesOf } from "../support/turn-summaries.js";
import { useStandInCombat, type CombatUnderTest, type CombatantSpec } from "../support/stand-in-combat.js";

const { battle } = useStandInCombat();

/** A creature each game's rules make roll something on its own turn: dying (death save / dying check). */
function dying(id: RulesetId): ActorSource {
  const hp = id === "hundred-dungeons" ? 0 : -3;
  return defaultActorSource({ kind: "character", state: "dying", hp: { value: hp, max: 30, temp: 0 } });
}

const ongoing = (over: Partial<EffectSource> = {}): Omit<EffectSource, "id"> => {
  const { id: _id, ...rest } = effect("x", { name: "Burning", ongoing: { amount: 5, type: "fire" }, ...over });
  return rest;
};

interface Cast {
  combat: CombatUnderTest;
  actors: Record<string, StandInActor>;
}

async function cast(
  rulesetId: RulesetId,
  specs: { id: string; init: number; actor: ActorSource; defeated?: boolean; effects?: Omit<EffectSource, "id">[] }[],
): Promise<Cast> {
  standInGlobals.rulesetId = rulesetId;
  const actors: Record<string, StandInActor> = {};
  const combatants: CombatantSpec[] = [];
  for (const s of specs) {
    const actor = new StandInActor(s.id, s.actor, true);
    await actor.createEmbeddedDocuments(
      "ActiveEffect",
      (s.effects ?? []).map((e) => effectCreateData(e)),
    );
    actors[s.id] = actor;
    combatants.push({ id: s.id, actor, initiative: s.init, defeated: s.defeated ?? false });
  }
  return { combat: battle(combatants), actors };
}

async function step(combat: CombatUnderTest, action: () => Promise<unknown>): Promise<void> {
  await action();
  await combat.settle();
}

const lines = () => turnLinesOf(standInGlobals.messages);

describe.each(RULESET_IDS.map((id) => [id]))("%s: Next Round pressed mid-round", (rulesetId) => {
  it("[SYS-EFFECTS] the combatants who had not acted get no saves, ongoing damage or death saves; a defeated one posts nothing; its timed effects still end", async () => {
    const { combat, actors } = await cast(rulesetId, [
      { id: "ayla", init: 20, actor: defaultActorSource({ hp: { value: 30, max: 30, temp: 0 } }) },
      // Dying and burning with a save-ends effect: every game's rules would roll for her on her turn.
      { id: "bryn", init: 15, actor: dying(rulesetId), effects: [ongoing()] },
      // Defeated; Ayla bears an effect timed by its turns ("until the start of its next turn").
      { id: "crag", init: 10, actor: defaultActorSource({ kind: "npc", state: "dead" }), defeated: true },
    ]);
    await actors.ayla!.createEmbeddedDocuments("ActiveEffect", [
      effectCreateData(
        ongoing({ name: "Marked", ongoing: null, duration: "startOfNextTurn", sourceCombatantId: "crag" }),
      ),
    ]);
    // Ayla's own turn (the one in progress) ends for real; she has nothing to roll.
    if (getRuleset(rulesetId).initiative.mode === "everyRound") standInRollFaces.push(19, 14);
    await step(combat, () => combat.startCombat());
    expect(standInRollFaces).toEqual([]);
    expect(lines().filter((l) => l.error)).toEqual([]);
    const bryn = structuredClone(actors.bryn!.source);
    standInGlobals.messages.length = 0;
    // [WD-DYING] a dying Wounds d20 creature saves at the end of every round, walked past or not:
    // the round's own roll (a natural 20: stable), made before the round-2 reroll.
    const savesEveryRound = rulesetId === "wounds-d20";
    if (savesEveryRound) standInRollFaces.push(20);
    // A game that rolls initiative every round rolls it for the two standing (the only rolls due).
    if (getRuleset(rulesetId).initiative.mode === "everyRound") standInRollFaces.push(19, 14);

    await step(combat, () => combat.nextRound());
    expect(standInRollFaces).toEqual([]);

    expect(combat.round).toBe(2);
    expect(combat.combatant?.id).toBe("ayla");
    // No roll was asked for (none recorded: any would have failed as an error line).
    expect(lines().filter((l) => l.error)).toEqual([]);
    expect(combat.turnEventErrors).toEqual([]);
    // Bryn never acted: no ongoing damage, no save, no death save or dying check — but the round's
    // own death save, where the game makes one every round.
    expect(actors.bryn!.effects.contents.map((e) => e.name)).toEqual(["Burning"]);
    if (savesEveryRound) {
      expect(actors.bryn!.source.state).toBe("stable");
      expect(
        lines()
          .filter((l) => l.actorId === "Actor.bryn")
          .map((l) => l.rolls[0]?.request.kind),
      ).toEqual(["deathSave"]);
    } else {
      expect(actors.bryn!.source).toEqual(bryn);
      expect(lines().filter((l) => l.actorId === "Actor.bryn")).toEqual([]);
    }
    // Crag is defeated: nothing about it in chat.
    expect(lines().filter((l) => l.actorId === "Actor.crag")).toEqual([]);
    // Its turn still passed in the order: the effect it timed on Ayla ended.
    expect(actors.ayla!.effects.contents.map((e) => e.name)).toEqual([]);
  });

  it("[SYS-EFFECTS] the same creature's turn, when it comes, rolls what its rules ask (the control)", async () => {
    const { combat, actors } = await cast(rulesetId, [
      { id: "ayla", init: 20, actor: defaultActorSource({ hp: { value: 30, max: 30, temp: 0 } }) },
      { id: "bryn", init: 15, actor: dying(rulesetId), effects: [ongoing()] },
    ]);
    if (getRuleset(rulesetId).initiative.mode === "everyRound") standInRollFaces.push(19, 14);
    await step(combat, () => combat.startCombat());
    standInRollFaces.push(...Array.from({ length: 12 }, () => 8));
    await step(combat, () => combat.nextTurn()); // Bryn's turn starts
    await step(combat, () => combat.nextTurn()); // and ends
    await step(combat, () => combat.nextTurn()); // round 2 begins (round-end work included)
    expect(standInRollFaces.length).toBeLessThan(12);
    expect(lines().some((l) => l.actorId === "Actor.bryn")).toBe(true);
    expect(actors.bryn!.source).not.toEqual(dying(rulesetId));
  });
});

describe("core 'skip defeated'", () => {
  it("[SYS-EFFECTS] a defeated combatant walked past round after round posts nothing", async () => {
    StandInFoundryCombat.skipDefeated = true;
    const { combat } = await cast("ffd20", [
      { id: "ayla", init: 20, actor: defaultActorSource() },
      { id: "crag", init: 10, actor: defaultActorSource({ kind: "npc", state: "dead" }), defeated: true },
      { id: "dorn", init: 5, actor: defaultActorSource() },
    ]);
    await step(combat, () => combat.startCombat());
    for (let i = 0; i < 4; i++) await step(combat, () => combat.nextTurn());
    expect(combat.round).toBe(3);
    expect(lines().filter((l) => l.actorId === "Actor.crag")).toEqual([]);
    expect(combat.turnEventErrors).toEqual([]);
  });
});

describe("the engine's rule for turns not taken", () => {
  const planned = [
    { kind: "damage", actorId: "Actor.b", packet: {} as never, label: "ongoing" },
    { kind: "roll", request: { kind: "save", actorId: "Actor.b" } as never },
    { kind: "removeEffect", actorId: "Actor.a", effectId: "e1", label: "ends" },
    { kind: "updateEffect", actorId: "Actor.a", effectId: "e2", changes: { armed: true } },
    { kind: "updateActor", actorId: "Actor.b", changes: {}, label: "bookkeeping" },
  ] as const;

  it("[SYS-EFFECTS] a walked-past turn keeps only effect timing, and announces nothing", () => {
    const b = combatant("b");
    const steps = stepsForTurn("turnStart", [...planned], turnTaken({ walkedPast: true, acts: true }), b);
    expect(steps.map((s) => s.kind)).toEqual(["removeEffect", "updateEffect"]);
  });

  it("[SYS-EFFECTS] a combatant that holds the turn but does not act says it skips (unless defeated or dead)", () => {
    const taken = turnTaken({ walkedPast: false, acts: false });
    expect(stepsForTurn("turnStart", [...planned], taken, combatant("b"))[0]).toMatchObject({
      kind: "notice",
      event: { key: "D20C.Combat.Step.skipsTurn" },
    });
    expect(stepsForTurn("turnStart", [...planned], taken, combatant("b", { defeated: true }))[0]?.kind).toBe(
      "removeEffect",
    );
    expect(stepsForTurn("turnStart", [...planned], taken, combatant("b", { actor: { state: "dead" } }))[0]?.kind).toBe(
      "removeEffect",
    );
  });

  it("[SYS-EFFECTS] a turn taken runs its whole plan", () => {
    expect(stepsForTurn("turnEnd", [...planned], turnTaken({ walkedPast: false, acts: true }), combatant("b"))).toEqual(
      planned,
    );
  });

  it("[SYS-EFFECTS] [WD-DYING] a round cut short: no round-end roll for those walked past, others keep theirs", () => {
    const ctx = { walkedPast: ["b"], combatants: [combatant("a"), combatant("b")] };
    const roundEnd = [
      { kind: "roll", request: { kind: "deathSave", actorId: "Actor.a" } as never },
      { kind: "roll", request: { kind: "deathSave", actorId: "Actor.b" } as never },
    ] as const;
    expect(stepsForRoundEnd([...roundEnd], ctx)).toEqual([roundEnd[0]]);
    expect(stepsForRoundEnd([...roundEnd], { ...ctx, walkedPast: [] })).toEqual(roundEnd);
  });

  it("[SYS-EFFECTS] [WD-DYING] a roll the round's end asks of every creature (everyRound) is made for those walked past too", () => {
    const ctx = { walkedPast: ["b"], combatants: [combatant("a"), combatant("b")] };
    const save = {
      kind: "roll",
      request: { kind: "deathSave", actorId: "Actor.b", data: { everyRound: true } } as never,
    };
    expect(stepsForRoundEnd([save as never], ctx)).toEqual([save]);
  });
});
