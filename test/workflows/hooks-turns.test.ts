/**
 * [SYS-HOOKS] The turn-boundary steps announced as `d20-combat.turnStep` with plain, frozen data,
 * through the tracker's Next Turn on the real D20Combat (test/support/stand-in-combat.ts, the v13
 * Combat stand-in) with Foundry's `Hooks` registry stand-in; a throwing listener never blocks Next
 * Turn or the automation of the steps after it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { defaultActorSource } from "../../src/engine/common.js";
import type { ActorSource } from "../../src/engine/types.js";
import { StandInActor, standInGlobals, standInRollFaces } from "../stand-ins/foundry-combat.js";
import { installHooksStandIn, type HooksStandIn } from "../stand-ins/hooks.js";
import { useStandInCombat } from "../support/stand-in-combat.js";

const { battle } = useStandInCombat();
let hooks: HooksStandIn;
let uninstallHooks: () => void;
beforeAll(() => ({ hooks, uninstall: uninstallHooks } = installHooksStandIn()));
afterAll(() => uninstallHooks());
beforeEach(() => {
  hooks.events = {};
  standInGlobals.rulesetId = "13th-age";
});

interface Step {
  step: string;
  round: number;
  combatantId: string | null;
  actorUuid: string | null;
  walkedPast: boolean;
}

/** A hero (first) and a dying fighter (second), who rolls a death save at the end of its turn. */
function cast() {
  const dying: ActorSource = defaultActorSource({
    kind: "character",
    state: "dying",
    hp: { value: -3, max: 30, temp: 0 },
  });
  const hero = new StandInActor("hero", defaultActorSource({ kind: "character" }), true);
  const fallen = new StandInActor("fallen", dying, true);
  return {
    combat: battle([
      { id: "c1", actor: hero, initiative: 20 },
      { id: "c2", actor: fallen, initiative: 10 },
    ]),
    fallen,
  };
}

describe("[SYS-HOOKS] d20-combat.turnStep through the tracker", () => {
  it("[SYS-HOOKS] starting the combat and each Next Turn announce their steps in Foundry's order, with plain frozen data", async () => {
    const got: Step[] = [];
    hooks.on(`${SYSTEM_ID}.turnStep`, (data) => got.push(data as Step));
    const { combat } = cast();
    await combat.startCombat();
    await combat.settle();
    await combat.nextTurn();
    await combat.settle();
    expect(got.map((s) => `${s.step}:${s.round}:${s.combatantId ?? "-"}`)).toEqual([
      "combatStart:1:-",
      "roundStart:1:-",
      "turnStart:1:c1",
      "turnEnd:1:c1",
      "turnStart:1:c2",
    ]);
    expect(got[2]).toMatchObject({ actorUuid: "Actor.hero", walkedPast: false });
    expect(Object.isFrozen(got[2])).toBe(true);
    expect(combat.turnEventErrors).toEqual([]);
  });

  it("[SYS-HOOKS] a throwing turnStep listener does not block Next Turn: the turn passes, the dying fighter's death save is still rolled, later steps are still announced", async () => {
    hooks.on(`${SYSTEM_ID}.turnStep`, () => {
      throw new Error("animation module bug");
    });
    const got: string[] = [];
    hooks.on(`${SYSTEM_ID}.turnStep`, (data) => got.push((data as Step).step));
    const { combat, fallen } = cast();
    await combat.startCombat();
    await combat.settle();
    standInRollFaces.push(5);
    await combat.nextTurn(); // the fallen's turn starts: a failed death save (13th Age rolls it then)
    await combat.settle();
    await combat.nextTurn(); // its turn ends, then round 2
    await combat.settle();
    expect(combat.round).toBe(2);
    expect(combat.combatant?.id).toBe("c1");
    expect(got).toEqual([
      "combatStart",
      "roundStart",
      "turnStart",
      "turnEnd",
      "turnStart",
      "turnEnd",
      "roundEnd",
      "roundStart",
      "turnStart",
    ]);
    // The death save was rolled (the recorded face used) and written.
    expect(standInRollFaces).toEqual([]);
    expect(fallen.source.deathSaves.failures).toBe(1);
    expect(combat.turnEventErrors).toEqual([]);
  });
});

/** Start the battle and pass the hero's turn: the fallen's turn starts next, with its death save. */
async function toFallensTurn() {
  const { combat, fallen } = cast();
  await combat.startCombat();
  await combat.settle();
  return { combat, fallen };
}

interface SaveData {
  kind: string;
  turn: boolean;
  target: number | null;
  actorUuid: string;
  result?: { natural: number | null };
}

describe("[SYS-HOOKS] d20-combat.preSave / d20-combat.save for the saves the tracker rolls", () => {
  it("[SYS-HOOKS] [13A-DEATH] without a listener a death save of 8 fails (the control for the cases below)", async () => {
    const { combat, fallen } = await toFallensTurn();
    standInRollFaces.push(8);
    await combat.nextTurn();
    await combat.settle();
    expect(standInRollFaces).toEqual([]);
    expect(fallen.source.deathSaves.failures).toBe(1);
  });

  it("[SYS-HOOKS] [13A-DEATH] a preSave listener lowers the turn's death save target by 10: the same 8 now succeeds, and the listener saw a turn death save", async () => {
    const seen: SaveData[] = [];
    hooks.on(`${SYSTEM_ID}.preSave`, (data) => {
      const d = data as SaveData;
      seen.push(d);
      return d.target === null ? undefined : { target: d.target - 10, source: "Lucky Charm" };
    });
    const { combat, fallen } = await toFallensTurn();
    standInRollFaces.push(8, 4); // the death save, then the recovery its success spends
    await combat.nextTurn();
    await combat.settle();
    expect(standInRollFaces).toEqual([]);
    expect(fallen.source.state).not.toBe("dying");
    expect(fallen.source.hp.value).toBeGreaterThan(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ kind: "deathSave", turn: true, actorUuid: "Actor.fallen" });
    expect(fallen.source.deathSaves.failures).toBe(0);
    expect(combat.turnEventErrors).toEqual([]);
  });

  it("[SYS-HOOKS] a preSave listener returning false cancels the turn's death save: nothing rolled, nothing written", async () => {
    hooks.on(`${SYSTEM_ID}.preSave`, () => false);
    const { combat, fallen } = await toFallensTurn();
    standInRollFaces.push(3);
    await combat.nextTurn();
    await combat.settle();
    expect(standInRollFaces).toEqual([3]);
    standInRollFaces.length = 0;
    expect(fallen.source.deathSaves.failures).toBe(0);
    expect(combat.turnEventErrors).toEqual([]);
  });

  it("[SYS-HOOKS] a throwing preSave listener is skipped: the turn's death save is still rolled and written; the save post hook reads the decided roll as a frozen copy", async () => {
    hooks.on(`${SYSTEM_ID}.preSave`, () => {
      throw new Error("module bug");
    });
    const after: SaveData[] = [];
    hooks.on(`${SYSTEM_ID}.save`, (data) => after.push(data as SaveData));
    const { combat, fallen } = await toFallensTurn();
    standInRollFaces.push(5);
    await combat.nextTurn();
    await combat.settle();
    expect(standInRollFaces).toEqual([]);
    expect(fallen.source.deathSaves.failures).toBe(1);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ kind: "deathSave", turn: true, result: { natural: 5 } });
    expect(Object.isFrozen(after[0])).toBe(true);
    expect(combat.turnEventErrors).toEqual([]);
  });
});
