/**
 * Hundred Dungeons turn automation with the real ruleset and recorded dice: one initiative roll for
 * the GM's side, play around the table, surprised combatants skipping round 1, the dying check.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { initiativeGroups } from "../../src/engine/plans/combat-cycle.js";
import { StandInCombat, StandInDice, type RecordedDie } from "../stand-ins/combat-loop.js";
import { combatant } from "./combat-fixtures.js";
import { turnSummaryView } from "../../src/workflows/combat-chat.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";

const hd = getRuleset("hundred-dungeons");

const abilities = { str: 1, dex: 2, con: 2, int: 0, wis: 1, cha: 0 };
const pc = (id: string, seat: number, over: Parameters<typeof combatant>[1] = {}) =>
  combatant(id, { seat, ...over, actor: { abilities, hp: { value: 12, max: 12, temp: 0 }, ...(over.actor ?? {}) } });
const goblin = (id: string, over: Parameters<typeof combatant>[1] = {}) =>
  combatant(id, {
    side: "gm",
    ...over,
    actor: { kind: "npc", abilities, hp: { value: 7, max: 7, temp: 0 }, ...(over.actor ?? {}) },
  });

function battle(dice: RecordedDie[], initiative: Record<string, number[]>, ...cs: ReturnType<typeof combatant>[]) {
  return new StandInCombat(hd, cs, { dice: new StandInDice(dice), initiative });
}

describe("Hundred Dungeons combat workflow", () => {
  it("[HD-INIT] each PC rolls, the GM rolls once for the whole side, and play goes around the table from the highest", async () => {
    const c = battle(
      [],
      { ana: [9], bo: [14], cy: [6], gob1: [11] },
      pc("ana", 1),
      pc("bo", 2),
      pc("cy", 3),
      goblin("gob1"),
      goblin("gob2"),
    );
    c.rollInitiative(["ana", "bo", "cy", "gob1", "gob2"]);
    // One roll for the GM side, shared by both goblins.
    expect(c.initiativeRolls).toEqual([["ana"], ["bo"], ["cy"], ["gob1", "gob2"]]);
    expect(c.byId("gob2").initiative).toBe(11);
    // Seats: GM 0, ana 1, bo 2, cy 3. Bo has initiative; around the table from bo, NPCs at the GM's place.
    expect(c.turns).toEqual(["bo", "cy", "gob1", "gob2", "ana"]);
    await c.start();
    const seen = [c.current?.id];
    for (let i = 0; i < 5; i++) {
      await c.nextTurn();
      seen.push(c.current?.id);
    }
    expect(seen).toEqual(["bo", "cy", "gob1", "gob2", "ana", "bo"]);
    expect(c.round).toBe(2);
    expect(c.initiativeRolls).toHaveLength(4); // rolled once for the battle
    expect(c.errors).toEqual([]);
  });

  it("[HD-INIT] the initiative formula is d6 + Dex + Int + Wis", () => {
    const a = pc("ana", 1).actor;
    expect(hd.initiativeFormula(a, hd.deriveActor(a, {}))).toBe("1d6 + 3");
  });

  it("[HD-INIT] who rolls: the GM side is one group; players each their own", () => {
    const cs = [pc("ana", 1), goblin("g1"), goblin("g2")];
    expect(initiativeGroups(hd.initiative, cs)).toEqual([["ana"], ["g1", "g2"]]);
  });

  it("[HD-SURPRISE] a surprised combatant takes no turn in round 1 and acts from round 2", async () => {
    const c = battle([], { ana: [9], gob1: [11] }, pc("ana", 1), goblin("gob1"), goblin("gob2", { aware: false }));
    c.rollInitiative(["ana", "gob1", "gob2"]);
    await c.start();
    expect(c.byId("gob2").actor.conditions).toContain("surprised");
    expect(c.current?.id).toBe("gob1");
    await c.nextTurn(); // gob2 is surprised: its turn passes straight on to ana
    expect(c.current?.id).toBe("ana");
    expect(c.round).toBe(1);
    await c.nextTurn(); // round 2
    expect(c.byId("gob2").actor.conditions).not.toContain("surprised");
    await c.nextTurn();
    expect(c.current?.id).toBe("gob2");
    expect(c.errors).toEqual([]);
  });

  it("[HD-DYING] a dying PC gains a level of exhaustion each turn and rolls Constitution against 10 + turns dying; failure is death", async () => {
    const down = { hp: { value: 0, max: 12, temp: 0 }, state: "dying" as const, conditions: ["dying"], abilities };
    // turn 1: 12 + 2 = 14 vs 11 survives; turn 2: 8 + 2 = 10 vs 12 dies
    const c = battle([12, 8], { ana: [9], gob1: [3] }, pc("ana", 1, { actor: down }), goblin("gob1"));
    c.rollInitiative(["ana", "gob1"]);
    await c.start();
    await c.nextTurn(); // ana's turn ends
    let a = c.byId("ana").actor;
    expect(a.exhaustion).toBe(1);
    expect(a.dyingTurns).toBe(1);
    expect(a.state).toBe("dying");
    await c.toRound(3);
    a = c.byId("ana").actor;
    expect(a.exhaustion).toBe(2);
    expect(a.state).toBe("dead");
    expect(c.errors).toEqual([]);
  });

  it('[HD-DYING] the dying turn\'s line names the exhaustion level reached: "now 1", then "now 2", never a raw {level}', async () => {
    const down = { hp: { value: 0, max: 12, temp: 0 }, state: "dying" as const, conditions: ["dying"], abilities };
    // turn 1: 12 + 2 = 14 vs 11 survives; turn 2: 15 + 2 = 17 vs 12 survives
    const c = battle([12, 15], { ana: [9], gob1: [3] }, pc("ana", 1, { actor: down }), goblin("gob1"));
    c.rollInitiative(["ana", "gob1"]);
    await c.start();
    await c.toRound(3);
    const i18n = createI18nStandIn();
    const format = (key: string, data?: Record<string, string | number>) => i18n.format(key, data ?? {});
    const gained = c.lines.filter((l) => l.key === "D20C.HD.Event.exhaustionGained");
    const subject = {
      kind: "turn" as const,
      combatantId: "ana",
      actorId: gained[0]?.actorId ?? null,
      name: "Ana",
      round: 1,
    };
    const view = turnSummaryView(
      subject,
      gained.map((line) => ({ line, undone: false })),
      format,
      { isGM: true },
    );
    expect(view.lines.map((l) => l.headline)).toEqual([
      "Gains a level of exhaustion (now 1).",
      "Gains a level of exhaustion (now 2).",
    ]);
    expect(c.errors).toEqual([]);
  });

  it("[HD-DYING] healing while dying brings the PC back at the healed HP, keeping its exhaustion", async () => {
    const down = { hp: { value: 0, max: 12, temp: 0 }, state: "dying" as const, conditions: ["dying"], abilities };
    const c = battle([15], { ana: [9], gob1: [3] }, pc("ana", 1, { actor: down }), goblin("gob1"));
    c.rollInitiative(["ana", "gob1"]);
    await c.start();
    await c.nextTurn(); // survives the first check (17 vs 11)
    const healed = hd.applyHealing(c.byId("ana").actor, 5, "heal", {}, "Actor.ana").actor;
    c.byId("ana").actor = healed;
    expect(healed.state).toBe("active");
    expect(healed.hp.value).toBe(5);
    expect(healed.exhaustion).toBe(1);
    await c.toRound(3); // no more dying checks (no recorded die needed)
    expect(c.byId("ana").actor.exhaustion).toBe(1);
    expect(c.errors).toEqual([]);
  });

  it("[HD-DYING] [HD-COND] the sixth level of exhaustion kills without a roll", async () => {
    const down = {
      hp: { value: 0, max: 12, temp: 0 },
      state: "dying" as const,
      conditions: ["dying"],
      abilities,
      exhaustion: 5,
    };
    const c = battle([], { ana: [9], gob1: [3] }, pc("ana", 1, { actor: down }), goblin("gob1"));
    c.rollInitiative(["ana", "gob1"]);
    await c.start();
    await c.nextTurn();
    expect(c.byId("ana").actor.state).toBe("dead");
    expect(c.byId("ana").actor.exhaustion).toBe(6);
    expect(c.errors).toEqual([]);
  });
});

describe("Hundred Dungeons mounted combat in the turn order", () => {
  it("[HD-MOUNT] a mounted turn: the rider mounts its horse from the Actions panel's procedure, and the horse takes no turn of its own", async () => {
    const horse = pc("horse", 2, { actor: { size: "large", speed: 80 } });
    const rider = pc("ana", 1);
    const creature = (c: typeof rider) => ({
      id: c.actorId,
      name: c.name,
      actor: c.actor,
      combatantId: c.id,
      effects: c.effects,
      side: c.side,
    });
    const outcome = hd.resolveProcedure?.(
      "mount",
      {
        ...creature(rider),
        actorId: rider.actorId,
        targets: [creature(horse)],
        others: [],
        choice: "willing",
        round: 1,
        ownTurn: true,
        memory: { bands: {}, marks: {} },
        numbers: {},
        options: {},
        effects: [],
      },
      [],
    );
    const mounted = outcome?.addEffects?.[0]?.effect;
    expect(mounted?.statuses).toEqual(["mounted"]);
    rider.effects = [{ ...mounted!, id: "m1" }];
    const c = battle([], { ana: [9], horse: [4], gob1: [3] }, rider, horse, goblin("gob1"));
    c.rollInitiative(["ana", "horse", "gob1"]);
    expect(c.turns).toContain("horse");
    await c.start();
    const seen = [c.current?.id];
    for (let i = 0; i < 3; i++) {
      await c.nextTurn();
      seen.push(c.current?.id);
    }
    // Around the table: ana, (the horse is ridden: skipped), the GM side, ana again.
    expect(seen.filter((id) => id === "horse")).toEqual([]);
    expect(seen).toContain("gob1");
    expect(c.errors).toEqual([]);
  });
});
