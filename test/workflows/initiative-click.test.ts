/**
 * [SYS-CHARACTER] The sheet's initiative button through the REAL sheet handler (`rollInitiative`),
 * core's `Actor#rollInitiative` (stand-in) and the REAL `D20Combat` / `D20Combatant` initiative
 * formula, with recorded dice: the character's combatant in the tracker gets the roll by the game's
 * initiative rule, once (the button does not re-roll what is rolled); without a battle, nothing is
 * rolled and the player is told.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { applyBuild, buildOf } from "../../src/engine/build.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource } from "../../src/engine/types.js";
import type * as SheetNs from "../../src/applications/sheets/actor-sheet.js";
import type * as CombatModuleNs from "../../src/documents/combat.js";
import type * as CombatantModuleNs from "../../src/documents/combatant.js";
import { installFoundryCombatStandIn, standInGlobals, standInRollFaces } from "../stand-ins/foundry-combat.js";
import { InitiativeActorStandIn, installSheetInitiativeStandIn } from "../stand-ins/foundry-initiative.js";
import "../../src/engine/rulesets/index.js";

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;
interface CombatUnderTest {
  combatants: Map<string, { id: string; initiative: number | null }>;
}

let uninstall: () => void = () => undefined;
let D20Combat: (typeof CombatModuleNs)["D20Combat"];
let D20Combatant: (typeof CombatantModuleNs)["D20Combatant"];
let press: (actor: InitiativeActorStandIn) => Promise<void>;
let extra: ReturnType<typeof installSheetInitiativeStandIn>;

beforeAll(async () => {
  uninstall = installFoundryCombatStandIn();
  extra = installSheetInitiativeStandIn();
  ({ D20Combat } = await import("../../src/documents/combat.js"));
  ({ D20Combatant } = await import("../../src/documents/combatant.js"));
  const { D20ActorSheet } = (await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs;
  const handler = (D20ActorSheet.DEFAULT_OPTIONS.actions as Record<string, Handler>).rollInitiative!;
  press = (actor) => handler.call({ document: actor, d20Actor: actor }, {}, { dataset: {} });
});
afterAll(() => {
  extra.setCombat(null);
  uninstall();
});
beforeEach(() => {
  standInRollFaces.length = 0;
  extra.infos.length = 0;
  standInGlobals.game.users.activeGM = { isSelf: true };
});

/** A character of `game` with `classKey`, as the data model prepares it. */
function hero(game: string, classKey: string, source: Partial<ActorSource>): InitiativeActorStandIn {
  const base = defaultActorSource({ kind: "character", ...source });
  const prepared = applyBuild(getRuleset(game).progression, { ...base, build: { ...buildOf(base), classKey } });
  return new InitiativeActorStandIn("hero", prepared, true);
}

/** The actor in a battle (its combatant not yet rolled), that battle being `game.combat`. */
function battle(game: string, actor: InitiativeActorStandIn): CombatUnderTest {
  standInGlobals.rulesetId = game;
  const combatant = new D20Combatant({ id: "c-hero", actor, initiative: null, owner: true } as never, {} as never);
  const combat = new D20Combat([combatant] as never) as unknown as CombatUnderTest;
  extra.setCombat(combat);
  return combat;
}

const abilities = { str: 10, dex: 14, con: 12, int: 10, wis: 10, cha: 10 };

describe("[SYS-CHARACTER] the sheet's initiative button", () => {
  it("[SYS-CHARACTER] [13A-INIT] 13th Age: d20 + Dex modifier + level (level 3, Dex 14: a recorded 12 is 17), rolled once for the battle", async () => {
    const rogue = hero("13th-age", "rogue", { level: 3, abilities });
    const combat = battle("13th-age", rogue);
    standInRollFaces.push(12);
    await press(rogue);
    expect(combat.combatants.get("c-hero")?.initiative).toBe(17);
    // Pressed again: the order holds, nothing is rolled.
    standInRollFaces.push(20);
    await press(rogue);
    expect(combat.combatants.get("c-hero")?.initiative).toBe(17);
    expect(standInRollFaces).toEqual([20]);
  });

  it("[SYS-CHARACTER] [SYS-ROLLHOOK] FFd20: d20 + ½ level + Dex modifier (level 4, Dex 16: a recorded 10 is 15)", async () => {
    const rogue = hero("ffd20", "rogue", { level: 4, abilities: { ...abilities, dex: 16 } });
    const combat = battle("ffd20", rogue);
    standInRollFaces.push(10);
    await press(rogue);
    expect(combat.combatants.get("c-hero")?.initiative).toBe(15);
  });

  it("[SYS-CHARACTER] [HD-INIT] Hundred Dungeons: d6 + Dexterity + Intelligence + Wisdom (3 + 1 + 1: a recorded 4 is 9)", async () => {
    const rogue = hero("hundred-dungeons", "rogue", {
      level: 3,
      abilities: { str: 0, dex: 3, con: 1, int: 1, wis: 1, cha: 0 },
    });
    const combat = battle("hundred-dungeons", rogue);
    standInRollFaces.push(4);
    await press(rogue);
    expect(combat.combatants.get("c-hero")?.initiative).toBe(9);
  });

  it("[SYS-CHARACTER] [WD-INIT] [WD-BLOODIED] Wounds d20: d20 + base combat bonus + Dex modifier, −1 bloodied (fighter 3, Dex 14: a recorded 10 is 15, bloodied 14)", async () => {
    const fighter = hero("wounds-d20", "fighter", { level: 3, abilities });
    const max = fighter.source.hp.max;
    fighter.source.hp.value = max;
    const combat = battle("wounds-d20", fighter);
    standInRollFaces.push(10);
    await press(fighter);
    expect(combat.combatants.get("c-hero")?.initiative).toBe(15);

    const hurt = hero("wounds-d20", "fighter", { level: 3, abilities });
    hurt.source.hp.value = Math.floor(hurt.source.hp.max / 2);
    const again = battle("wounds-d20", hurt);
    standInRollFaces.push(10);
    await press(hurt);
    expect(again.combatants.get("c-hero")?.initiative).toBe(14);
  });

  it("[SYS-CHARACTER] no battle started: nothing rolled, the player is told to start one", async () => {
    const rogue = hero("13th-age", "rogue", { level: 3, abilities });
    extra.setCombat(null);
    standInRollFaces.push(12);
    await press(rogue);
    expect(standInRollFaces).toEqual([12]);
    expect(extra.infos).toHaveLength(1);
  });
});
