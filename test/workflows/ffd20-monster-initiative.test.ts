/**
 * FFd20 monster initiative through the tracker's roll (the real D20Combatant initiative formula on
 * the stand-in Combat of test/stand-ins/foundry-combat.ts, recorded d20 faces): a monster rolls the
 * initiative its stat block prints, once; a character adds ½ level and Dexterity to its bonus.
 * The monster is the pack's Bandit Enforcer (printed +3, level and Dexterity that would add more).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  StandInActor,
  installFoundryCombatStandIn,
  standInGlobals,
  standInRollFaces,
} from "../stand-ins/foundry-combat.js";
import { engineActor, loadPacks, type PackActor } from "../packs/pack-sources.js";
import { defaultActorSource } from "../../src/engine/common.js";
import type * as CombatModuleNs from "../../src/documents/combat.js";
import type * as CombatantModuleNs from "../../src/documents/combatant.js";

interface CombatUnderTest {
  combatants: Map<string, { id: string; initiative: number | null }>;
  rollInitiative(ids: string[], options?: object): Promise<unknown>;
}

let uninstall: () => void = () => undefined;
let D20Combat: (typeof CombatModuleNs)["D20Combat"];
let D20Combatant: (typeof CombatantModuleNs)["D20Combatant"];

beforeAll(async () => {
  uninstall = installFoundryCombatStandIn();
  ({ D20Combat } = await import("../../src/documents/combat.js"));
  ({ D20Combatant } = await import("../../src/documents/combatant.js"));
});
afterAll(() => uninstall());
beforeEach(() => {
  standInRollFaces.length = 0;
  standInGlobals.messages.length = 0;
  standInGlobals.game.users.activeGM = { isSelf: true };
  standInGlobals.rulesetId = "ffd20";
});

function packMonster(file: string): PackActor {
  const pack = loadPacks().find((p) => p.entry.name === "monsters-ffd20");
  const doc = pack?.docs.find((d) => d.file === file)?.doc;
  if (!doc) throw new Error(`monsters-ffd20/${file} not found`);
  return doc as unknown as PackActor;
}

function battleOf(actors: StandInActor[]): CombatUnderTest {
  const combatants = actors.map(
    (actor) =>
      new D20Combatant({ id: actor.id, actor, initiative: null, defeated: false, owner: true } as never, {} as never),
  );
  return new D20Combat(combatants as never) as unknown as CombatUnderTest;
}

describe("FFd20 initiative rolled from the tracker", () => {
  it("[FF-DEATH] a monster rolls its printed initiative once: the Bandit Enforcer's +3 on a recorded 10 is 13, not 15", async () => {
    const bandit = packMonster("bandit-enforcer.yml");
    const source = engineActor(bandit);
    // The pack's numbers: printed +3, while ½ level + Dex modifier would add more on top.
    expect(source.initiativeBonus).toBe(3);
    expect(Math.floor(source.level / 2) + Math.floor((source.abilities.dex - 10) / 2)).toBeGreaterThan(0);
    const combat = battleOf([new StandInActor("bandit", source, false)]);
    standInRollFaces.push(10);
    await combat.rollInitiative(["bandit"]);
    expect(combat.combatants.get("bandit")?.initiative).toBe(13);
    expect(standInRollFaces).toEqual([]);
  });

  it("[FF-DEATH] a character still adds ½ level and Dexterity to its initiative bonus (level 6, Dex 16, +2: a recorded 10 is 18)", async () => {
    const hero = defaultActorSource({
      kind: "character",
      level: 6,
      abilities: { str: 10, dex: 16, con: 10, int: 10, wis: 10, cha: 10 },
      initiativeBonus: 2,
    });
    const combat = battleOf([new StandInActor("hero", hero, true)]);
    standInRollFaces.push(10);
    await combat.rollInitiative(["hero"]);
    expect(combat.combatants.get("hero")?.initiative).toBe(18);
  });
});
