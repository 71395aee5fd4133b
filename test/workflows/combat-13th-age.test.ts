/**
 * 13th Age turn automation driven through the plan runner and the real ruleset, round after round,
 * with recorded dice.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { escalationInPlay } from "../../src/engine/plans/combat-cycle.js";
import { StandInCombat, StandInDice } from "../stand-ins/combat-loop.js";
import { fleeOutcome } from "../../src/engine/plans/combat-cycle.js";
import { combatant, effect } from "./combat-fixtures.js";

const age = getRuleset("13th-age");

function battle(dice: number[] | StandInDice, ...cs: Parameters<typeof combatant>[]) {
  const d = dice instanceof StandInDice ? dice : new StandInDice(dice);
  return new StandInCombat(
    age,
    cs.map((args) => combatant(...args)),
    { dice: d },
  );
}

const ogre = (over: Parameters<typeof combatant>[1] = {}): Parameters<typeof combatant> => [
  "ogre",
  {
    side: "gm",
    initiative: 10,
    ...over,
    actor: { kind: "npc", hp: { value: 20, max: 20, temp: 0 }, ...(over.actor ?? {}) },
  },
];
const hero = (over: Parameters<typeof combatant>[1] = {}): Parameters<typeof combatant> => [
  "hero",
  { initiative: 15, ...over },
];

describe("13th Age combat workflow", () => {
  it("[13A-ONGOING] [13A-SAVE] [SYS-TURNS] ongoing fire lands at the end of the bearer's turn, then an 11+ save ends it", async () => {
    const fire = effect("burning", { ongoing: { amount: 5, type: "fire" }, duration: "saveEnds" });
    // round 1 save: 8 (fails, 11+ needed); round 2 save: 14 (passes)
    const c = battle([8, 14], hero(), ogre({ effects: [fire] }));
    await c.start();
    expect(c.current?.id).toBe("hero"); // [13A-INIT] higher initiative first
    expect(c.byId("ogre").actor.hp.value).toBe(20); // nothing at the start of the hero's turn
    await c.nextTurn(); // ogre's turn starts: still nothing (13th Age deals it at the END)
    expect(c.byId("ogre").actor.hp.value).toBe(20);
    await c.nextTurn(); // ogre's turn ends: 5 fire, then a failed save
    expect(c.byId("ogre").actor.hp.value).toBe(15);
    expect(c.byId("ogre").effects.map((e) => e.id)).toEqual(["burning"]);
    await c.toRound(3); // round 2: 5 more, save 14 passes
    expect(c.byId("ogre").actor.hp.value).toBe(10);
    expect(c.byId("ogre").effects).toEqual([]);
    await c.toRound(4); // round 3: the effect is gone, no more damage
    expect(c.byId("ogre").actor.hp.value).toBe(10);
    expect(c.errors).toEqual([]);
    // Each automated step posted a line with an undo record holding the prior HP.
    const dmg = c.lines.filter((l) => l.actorId === "Actor.ogre" && l.undo?.actors.length);
    expect(dmg.map((l) => l.undo?.actors[0]?.before.hp.value)).toEqual([20, 15]);
  });

  it("[13A-LASTTURN] [SYS-EFFECTS] ongoing damage that would drop a monster leaves it one last turn, then it dies (and, dead, posts nothing)", async () => {
    const fire = effect("burning", { ongoing: { amount: 5, type: "fire" } });
    const c = battle(
      [3],
      hero(),
      ogre({ effects: [fire], actor: { kind: "npc", hp: { value: 4, max: 20, temp: 0 } } }),
    );
    await c.start();
    await c.toRound(2); // end of the ogre's round-1 turn: 5 ongoing at 4 HP, save 3 fails
    const o = c.byId("ogre").actor;
    expect(o.hp.value).toBeLessThanOrEqual(0);
    expect(o.state).toBe("active");
    expect(o.lastTurn).toBe(true);
    await c.nextTurn(); // ogre's last turn starts: it still acts
    expect(c.current?.id).toBe("ogre");
    await c.nextTurn(); // its last turn ends (round 3 begins): it drops, dead (no more damage, no save)
    expect(c.byId("ogre").actor.state).toBe("dead");
    expect(c.byId("ogre").actor.lastTurn).toBe(false);
    expect(c.byId("ogre").actor.hp.value).toBe(0);
    await c.nextTurn(); // round 3: the dead ogre's turn is passed on automatically
    expect(c.current?.id).toBe("hero");
    expect(c.round).toBe(4);
    expect(c.lines.some((l) => l.actorId === "Actor.ogre" && l.key === "D20C.Combat.Step.skipsTurn")).toBe(false);
    expect(c.errors).toEqual([]);
  });

  it("[13A-DEATHSAVE] a dying PC's death saves at the start of its turn: two failures, then 16+ spends a recovery and it is back up", async () => {
    const dice = new StandInDice([10, 5, 16, { total: 7, natural: null }]);
    const c = battle(dice, hero({ actor: { hp: { value: -4, max: 30, temp: 0 }, state: "dying" } }), ogre());
    await c.start(); // round 1 hero's turn start: 10 fails
    expect(c.byId("hero").actor.deathSaves.failures).toBe(1);
    await c.toRound(2); // 5 fails
    expect(c.byId("hero").actor.deathSaves.failures).toBe(2);
    await c.toRound(3); // 16 passes: a recovery (rolled 7) heals from 0
    const h = c.byId("hero").actor;
    expect(h.state).toBe("active");
    expect(h.hp.value).toBe(7);
    expect(h.recoveries.value).toBe(7);
    expect(dice.used.map((u) => u.request.kind)).toEqual(["deathSave", "deathSave", "deathSave", "recovery"]);
    expect(c.errors).toEqual([]);
  });

  it("[13A-DEATH] four failed death saves in one battle: dead, and its turns are skipped after that", async () => {
    const c = battle([2, 3, 4, 5], hero({ actor: { hp: { value: -4, max: 30, temp: 0 }, state: "dying" } }), ogre());
    await c.start();
    await c.toRound(3); // three failures (2, 3, 4), still dying
    expect(c.byId("hero").actor.state).toBe("dying");
    expect(c.byId("hero").actor.deathSaves.failures).toBe(3);
    await c.toRound(4); // the start of round 4's turn: the fourth failure (5)
    expect(c.byId("hero").actor.deathSaves.failures).toBe(4);
    expect(c.byId("hero").actor.state).toBe("dead");
    await c.toRound(5);
    expect(c.current?.id).toBe("ogre"); // round 5: the dead hero passes its turn, no more death saves
    expect(c.errors).toEqual([]);
  });

  it("[13A-ESC] [SYS-ESC] the escalation die: 0 in round 1, +1 a round, a GM change and a pause carry on, never above 6", async () => {
    expect(escalationInPlay(age, false)).toBe(true); // on by default in 13th Age
    const c = battle([], hero(), ogre());
    await c.start();
    const seen: number[] = [c.escalation];
    for (const r of [2, 3]) {
      await c.toRound(r);
      seen.push(c.escalation);
    }
    expect(seen).toEqual([0, 1, 2]);
    c.adjustEscalation(+1); // GM bumps it in round 3
    expect(c.escalation).toBe(3);
    await c.toRound(4);
    expect(c.escalation).toBe(4); // keeps climbing from the GM's value
    c.togglePause();
    await c.toRound(6);
    expect(c.escalation).toBe(4); // held while paused
    c.togglePause();
    expect(c.escalation).toBe(4);
    await c.toRound(7);
    expect(c.escalation).toBe(5);
    await c.toRound(12);
    expect(c.escalation).toBe(6);
    c.adjustEscalation(-2);
    expect(c.escalation).toBe(4);
    expect(c.initiativeRolls).toEqual([]); // [13A-INIT] initiative is never rerolled
  });

  it("[13A-HEALUP] [13A-TEMPHP] [13A-RALLY] battle end: temp HP gone, rallies reset, a tough battle counts two toward the heal-up", async () => {
    const c = battle(
      [],
      hero({
        actor: {
          hp: { value: 12, max: 30, temp: 6 },
          recoveries: {
            value: 5,
            max: 8,
            formula: "1d8",
            noRecoveryUses: 0,
            ralliesThisBattle: 2,
            battlesSinceHealUp: 2,
          },
        },
      }),
      ogre(),
    );
    await c.start();
    // Starting the battle already reset the rally count.
    expect(c.byId("hero").actor.recoveries.ralliesThisBattle).toBe(0);
    c.byId("hero").actor.recoveries.ralliesThisBattle = 1;
    await c.end(true);
    const h = c.byId("hero").actor;
    expect(h.hp.temp).toBe(0);
    expect(h.recoveries.ralliesThisBattle).toBe(0);
    expect(h.recoveries.battlesSinceHealUp).toBe(4);
    expect(c.lines.some((l) => l.events.some((e) => e.key.endsWith("healUpDue")))).toBe(true);
    const endLine = c.lines.find((l) => l.actorId === "Actor.hero" && l.undo?.actors.length);
    expect(endLine).toBeDefined();
    const healed = age.fullHealUp(h);
    expect(healed.recoveries.battlesSinceHealUp).toBe(0);
    expect(healed.hp.value).toBe(30);
  });

  it("[13A-HEALUP] an ordinary battle counts one", async () => {
    const c = battle([], hero(), ogre());
    await c.start();
    await c.end(false);
    expect(c.byId("hero").actor.recoveries.battlesSinceHealUp).toBe(1);
  });
});

describe("13th Age fleeing", () => {
  it("[13A-FLEE] the party may flee while one PC is conscious; the survivors are named for the campaign loss", () => {
    const up = combatant("hero");
    const down = combatant("mage", { actor: { hp: { value: -3, max: 20, temp: 0 }, state: "dying" } });
    const dead = combatant("thief", { actor: { hp: { value: -20, max: 20, temp: 0 }, state: "dead" } });
    const foe = combatant("ogre", { side: "gm", actor: { kind: "npc" } });
    expect(fleeOutcome(age, [up, down, dead, foe])).toEqual({ allowed: true, survivors: ["hero", "mage"] });
    expect(fleeOutcome(age, [down, dead, foe])).toEqual({ allowed: false, survivors: [] });
  });
});
