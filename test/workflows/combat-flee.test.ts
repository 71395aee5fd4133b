/**
 * [13A-FLEE] The GM's Flee control in the combat tracker calls the REAL `D20Combat#flee` (driven here
 * on the v13 Combat stand-in): it asks the ruleset whether the party may flee, records the player
 * side's living as a campaign loss in the world setting, says so in chat and ends the battle.
 */
import { describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { defaultActorSource } from "../../src/engine/common.js";
import type { ActorSource } from "../../src/engine/types.js";
import { StandInActor, standInGlobals } from "../stand-ins/foundry-combat.js";
import { useStandInCombat } from "../support/stand-in-combat.js";

const { battle } = useStandInCombat();

const pc = (id: string, over: Partial<ActorSource> = {}) =>
  new StandInActor(id, defaultActorSource({ kind: "character", hp: { value: 20, max: 20, temp: 0 }, ...over }), true);
const ogre = () => new StandInActor("ogre", defaultActorSource({ kind: "npc" }), false);

/** The world setting the campaign losses are kept in, for one test (the stand-in's `set` keeps nothing). */
async function withSettings<T>(run: (stored: Map<string, unknown>) => Promise<T>): Promise<T> {
  const settings = standInGlobals.game.settings;
  const { get, set } = settings;
  const stored = new Map<string, unknown>();
  Object.assign(settings, {
    get: (ns: string, key: string) => (ns === SYSTEM_ID && stored.has(key) ? stored.get(key) : get(ns, key)),
    set: async (ns: string, key: string, value: unknown) => void (ns === SYSTEM_ID && stored.set(key, value)),
  });
  try {
    return await run(stored);
  } finally {
    Object.assign(settings, { get, set });
  }
}

describe("[13A-FLEE] fleeing from the tracker", () => {
  it("[13A-FLEE] while a PC stands the party flees: the living are recorded with a campaign loss and the battle ends", async () => {
    const combat = battle([
      { id: "hero", actor: pc("hero"), initiative: 15 },
      { id: "mage", actor: pc("mage", { hp: { value: -3, max: 20, temp: 0 }, state: "dying" }), initiative: 12 },
      { id: "thief", actor: pc("thief", { state: "dead" }), initiative: 11 },
      { id: "ogre", actor: ogre(), initiative: 10 },
    ]) as unknown as { flee(): Promise<boolean>; deleted: boolean; round: number };
    await withSettings(async (stored) => {
      expect(await combat.flee()).toBe(true);
      expect(stored.get("campaignLosses")).toEqual([
        { date: expect.any(String) as unknown, round: combat.round, survivors: ["hero", "mage"] },
      ]);
    });
    expect(combat.deleted).toBe(true);
    expect(JSON.stringify(standInGlobals.messages.at(-1))).toContain("D20C.Combat.Fled");
  });

  it("[13A-FLEE] once no PC is conscious the party cannot flee: nothing is recorded and the battle goes on", async () => {
    const combat = battle([
      { id: "mage", actor: pc("mage", { hp: { value: -3, max: 20, temp: 0 }, state: "dying" }), initiative: 12 },
      { id: "ogre", actor: ogre(), initiative: 10 },
    ]) as unknown as { flee(): Promise<boolean>; deleted: boolean };
    await withSettings(async (stored) => {
      expect(await combat.flee()).toBe(false);
      expect(stored.has("campaignLosses")).toBe(false);
    });
    expect(combat.deleted).toBe(false);
  });
});
