/**
 * [SYS-MONSTERS] Hundred Dungeons legends through the tracker's turn changes with recorded dice:
 * legendary actions come back on the creature's own turn and the GM is reminded of them at the end
 * of every other creature's turn; legendary resistance turns a failed end-of-turn save into a
 * success while uses are left, and the sheet's save too.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { StandInCombat, StandInDice } from "../stand-ins/combat-loop.js";
import { combatant, effect } from "./combat-fixtures.js";
import { defaultOptions, npc } from "./attack-fixtures.js";

const hd = getRuleset("hundred-dungeons");
const abilities = { str: 1, dex: 2, con: 2, int: 0, wis: 1, cha: 0 };

function battle(
  dice: number[],
  legendary: { actions: number; actionsLeft: number; resistances: number; resistancesLeft: number },
) {
  const ana = combatant("ana", { seat: 1, actor: { abilities, hp: { value: 12, max: 12, temp: 0 } } });
  const dragon = combatant("dragon", {
    side: "gm",
    actor: { kind: "npc", abilities, hp: { value: 90, max: 90, temp: 0 }, legendary },
    effects: [effect("held1", { statuses: ["restrained"], duration: "saveEnds", save: "hard" })],
  });
  const c = new StandInCombat(hd, [ana, dragon], {
    dice: new StandInDice(dice),
    initiative: { ana: [9], dragon: [5] },
  });
  c.rollInitiative(["ana", "dragon"]);
  return c;
}

const prompts = (c: StandInCombat) => c.lines.filter((l) => l.key === "D20C.Creature.Event.legendaryPrompt");

describe("[SYS-MONSTERS] Hundred Dungeons legendary actions and resistance (tracker turn change, recorded dice)", () => {
  it("[SYS-MONSTERS] the GM is reminded of the dragon's legendary actions at the end of the hero's turn; they come back on its own turn", async () => {
    const c = battle([3], { actions: 3, actionsLeft: 1, resistances: 0, resistancesLeft: 0 });
    expect(c.turns).toEqual(["ana", "dragon"]);
    await c.start(); // ana's turn
    expect(prompts(c)).toEqual([]);
    await c.nextTurn(); // ana's turn ends: reminder; the dragon's turn starts: its actions are back
    expect(prompts(c).map((l) => l.data)).toEqual([{ name: "dragon", left: 1 }]);
    expect(c.byId("dragon").actor.legendary?.actionsLeft).toBe(3);
    await c.nextTurn(); // the dragon's own turn ends: no reminder for itself
    expect(prompts(c)).toHaveLength(1);
    expect(c.errors).toEqual([]);
  });

  it("[SYS-MONSTERS] [HD-COND] legendary resistance turns the dragon's failed end-of-turn save into a success, one use spent; with none left the save fails", async () => {
    const c = battle([3], { actions: 0, actionsLeft: 0, resistances: 3, resistancesLeft: 1 });
    await c.start();
    await c.nextTurn();
    await c.nextTurn(); // the dragon's turn ends: save 3 + bonus fails, resistance turns it
    const dragon = c.byId("dragon");
    expect(dragon.actor.legendary?.resistancesLeft).toBe(0);
    expect(dragon.effects.map((e) => e.id)).toEqual([]);
    const line = c.lines.find((l) => l.events.some((e) => e.key === "D20C.Creature.Event.legendaryResistance"));
    expect(line).toBeDefined();

    const spent = battle([3], { actions: 0, actionsLeft: 0, resistances: 3, resistancesLeft: 0 });
    await spent.start();
    await spent.nextTurn();
    await spent.nextTurn();
    expect(spent.byId("dragon").effects.map((e) => e.id)).toEqual(["held1"]);
    expect(c.errors).toEqual([]);
  });

  it("[SYS-MONSTERS] a save rolled from the sheet against a DC: legendary resistance makes a failure a success", () => {
    const dragon = npc(hd, 15, { legendary: { actions: 0, actionsLeft: 0, resistances: 3, resistancesLeft: 2 } });
    const req = {
      ...hd.saveRequest(dragon, hd.deriveActor(dragon, defaultOptions(hd)), "wis", "normal", "d1"),
      target: 15,
    };
    const r = hd.resolveRoll(dragon, req, { total: 6, natural: 5 }, defaultOptions(hd));
    expect(r.events.map((e) => e.key)).toEqual([
      "D20C.Creature.Event.legendaryResistance",
      "D20C.HD.Event.rollSucceeded",
    ]);
    expect(r.actor.legendary?.resistancesLeft).toBe(1);
    const plain = hd.resolveRoll(npc(hd, 15), req, { total: 6, natural: 5 }, defaultOptions(hd));
    expect(plain.events.map((e) => e.key)).toEqual(["D20C.HD.Event.rollFailed"]);
  });
});
