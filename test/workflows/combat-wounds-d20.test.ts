/**
 * Wounds d20 turn automation with the real ruleset and recorded dice: the surprise round, initiative
 * rerolled every round with ties acting together, end-of-round death saves to stable and to dead.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { simultaneousGroups } from "../../src/engine/plans/combat-cycle.js";
import { StandInCombat, StandInDice, flatPartStandIn, type RecordedDie } from "../stand-ins/combat-loop.js";
import { combatant } from "./combat-fixtures.js";
import { turnSummaryView } from "../../src/workflows/combat-chat.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";

const wd = getRuleset("wounds-d20");

function battle(
  dice: RecordedDie[] | StandInDice,
  initiative: Record<string, number[]>,
  ...cs: ReturnType<typeof combatant>[]
) {
  return new StandInCombat(wd, cs, { dice: dice instanceof StandInDice ? dice : new StandInDice(dice), initiative });
}
const dyingFighter = () => combatant("fighter", { actor: { hp: { value: -4, max: 20, temp: 0 }, state: "dying" } });
const bandit = () => combatant("bandit", { side: "gm", actor: { kind: "npc" } });
const many = (n: number) => Array.from({ length: 12 }, () => n);

describe("Wounds d20 combat workflow", () => {
  it("[WD-SURPRISE] [WD-INIT] [WD-TIES] a surprise round for the aware only, then everyone rerolls each round and ties act together", async () => {
    const c = battle(
      [],
      { rogue: [15, 12, 4], captain: [9, 12, 18], guard: [7, 10] },
      combatant("rogue"),
      combatant("guard", { side: "gm", aware: false, actor: { kind: "npc" } }),
      combatant("captain", { side: "gm", actor: { kind: "npc" } }),
    );
    await c.start();
    expect(c.flags.surprise).toBe(true);
    // Only the aware rolled for the surprise round; the unaware are caught off guard.
    expect(c.initiativeRolls).toEqual([["rogue"], ["captain"]]);
    expect(c.byId("guard").initiative).toBeNull();
    expect(c.byId("guard").effects.flatMap((e) => e.statuses)).toEqual(["flatFooted"]);
    expect(c.turns).toEqual(["rogue", "captain", "guard"]);
    expect(c.current?.id).toBe("rogue");
    await c.nextTurn();
    expect(c.current?.id).toBe("captain");
    await c.nextTurn(); // the unaware guard does not act in the surprise round: straight to round 2
    expect(c.round).toBe(2);
    expect(c.lines.some((l) => l.key === "D20C.Combat.Step.skipsTurn" && l.actorId === "Actor.guard")).toBe(true);
    // Round 2: everyone rolled again; rogue and captain tied at 12 and act at the same moment.
    expect(
      c.initiativeRolls
        .slice(2)
        .map((g) => g[0])
        .sort(),
    ).toEqual(["captain", "guard", "rogue"]);
    const slots = wd.order(c.ctx(null));
    const together = simultaneousGroups(slots);
    expect(together.get("rogue")).toBe(1);
    expect(together.get("captain")).toBe(1);
    expect(together.has("guard")).toBe(false);
    expect(c.turns.slice(0, 2).sort()).toEqual(["captain", "rogue"]);
    // The guard's first real turn ends its flat-footedness.
    await c.nextTurn();
    await c.nextTurn();
    expect(c.current?.id).toBe("guard");
    expect(c.byId("guard").effects).toEqual([]);
    // Round 3: a new order from new rolls (captain 18, guard 10, rogue 4).
    await c.nextTurn();
    expect(c.round).toBe(3);
    expect(c.turns).toEqual(["captain", "guard", "rogue"]);
    expect(c.errors).toEqual([]);
  });

  it("[WD-SURPRISE] everyone aware: no surprise round, everyone rolls in round 1", async () => {
    const c = battle([], { rogue: [11], bandit: [8] }, combatant("rogue"), bandit());
    await c.start();
    expect(c.flags.surprise).toBe(false);
    expect(c.initiativeRolls).toEqual([["rogue"], ["bandit"]]);
  });

  it("[WD-INIT] [WD-BLOODIED] [WD-WOUNDED] the initiative roll carries the bloodied and wounded penalties", () => {
    const flat = (hp: number) => {
      const actor = defaultActorSource({
        hp: { value: hp, max: 20, temp: 0 },
        abilities: { str: 10, dex: 14, con: 10, int: 10, wis: 10, cha: 10 },
        baseCombatBonus: 2,
      });
      return flatPartStandIn(wd.initiativeFormula(actor, wd.deriveActor(actor, {})));
    };
    expect(flat(20)).toBe(4); // BCB 2 + Dex 2
    expect(flat(10)).toBe(3); // bloodied: -1
    expect(flat(5)).toBe(2); // wounded too: a further -1
  });

  it("[WD-DYING] a dying PC saves at the end of every round, losing 1 Con each time; four successes: stable", async () => {
    // DC 12 (4 past max HP: 10 + 2). Saves: 13 ok, 15 ok, 3 fail, 12 ok, 14 ok -> stable.
    const dice = new StandInDice([13, 15, 3, 12, 14]);
    const c = battle(dice, { fighter: many(5), bandit: many(10) }, dyingFighter(), bandit());
    await c.start();
    expect(c.current?.id).toBe("bandit"); // the dying do not act
    await c.toRound(2);
    expect(c.byId("fighter").actor.deathSaves).toEqual({ successes: 1, failures: 0 });
    expect(dice.used[0]?.request.target).toBe(12);
    await c.toRound(5);
    expect(c.byId("fighter").actor.deathSaves).toEqual({ successes: 3, failures: 1 });
    expect(c.byId("fighter").actor.state).toBe("dying");
    await c.toRound(6);
    const f = c.byId("fighter").actor;
    expect(f.state).toBe("stable");
    expect(f.constitutionDamage).toBe(5);
    await c.toRound(8); // stable: no more end-of-round saves (no recorded die left, no error)
    expect(c.errors).toEqual([]);
    expect(dice.used).toHaveLength(5);
  });

  it("[WD-DYING] three failed death saves: dead", async () => {
    const c = battle([5, 16, 6, 7], { fighter: many(5), bandit: many(10) }, dyingFighter(), bandit());
    await c.start();
    await c.toRound(4);
    expect(c.byId("fighter").actor.state).toBe("dying");
    await c.toRound(5);
    expect(c.byId("fighter").actor.state).toBe("dead");
    expect(c.byId("fighter").actor.deathSaves).toEqual({ successes: 1, failures: 3 });
    expect(c.errors).toEqual([]);
  });

  it("[WD-SAVES] [WD-DYING] the round-end death save's line in the turn summary follows the natural roll: 20 against DC 25 reads Success, 1 (total 16) against DC 12 reads Failure", async () => {
    const i18n = createI18nStandIn();
    const format = (key: string, data?: Record<string, string | number>) => i18n.format(key, data ?? {});
    const shown = async (hp: number, baseSaveBonus: number, die: number) => {
      const down = combatant("fighter", {
        actor: { hp: { value: hp, max: 20, temp: 0 }, state: "dying", baseSaveBonus },
      });
      const c = battle([die], { fighter: many(5), bandit: many(10) }, down, bandit());
      await c.start();
      await c.toRound(2);
      const saves = c.lines.filter((l) => l.rolls.some((r) => r.request.kind === "deathSave"));
      const view = turnSummaryView(
        { kind: "event" },
        saves.map((line) => ({ line, undone: false })),
        format,
        {
          isGM: true,
        },
      );
      return {
        state: c.byId("fighter").actor.state,
        outcomes: view.lines.flatMap((l) => l.rolls.map((r) => r.outcome)),
      };
    };
    expect(await shown(-30, 0, 20)).toEqual({ state: "stable", outcomes: ["success"] });
    expect(await shown(-4, 15, 1)).toEqual({ state: "dead", outcomes: ["failure"] });
  });

  it("[WD-DYING] a natural 20 is stable at once; a natural 1 is dead at once", async () => {
    const up = battle([20], { fighter: many(5), bandit: many(10) }, dyingFighter(), bandit());
    await up.start();
    await up.toRound(2);
    expect(up.byId("fighter").actor.state).toBe("stable");
    const down = battle([1], { fighter: many(5), bandit: many(10) }, dyingFighter(), bandit());
    await down.start();
    await down.toRound(2);
    expect(down.byId("fighter").actor.state).toBe("dead");
  });
});
