/**
 * 13th Age powers at the end of a battle, through the REAL D20Combat delete path the product uses
 * (`_onDelete` on the active GM → combat-end phase → powers back and recharge rolled), with the
 * stand-ins of test/stand-ins/foundry-combat.ts and foundry-items.ts and recorded dice; asserts on
 * the power items and the posted recharge card afterwards ([SYS-POWERS], [13A-HEALUP]).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import type { RuleCardData } from "../../src/engine/plans/card-data.js";
import {
  StandInActor,
  installFoundryCombatStandIn,
  standInGlobals,
  standInRollFaces,
} from "../stand-ins/foundry-combat.js";
import { PowerItemStandIn, type PowerUsageSystemStandIn } from "../stand-ins/foundry-items.js";
import { power } from "./attack-fixtures.js";
import type * as CombatModuleNs from "../../src/documents/combat.js";
import type * as CombatantModuleNs from "../../src/documents/combatant.js";
import { ruleCardIn } from "../support/card-messages.js";

interface CombatUnderTest {
  settle(): Promise<void>;
  startCombat(): Promise<unknown>;
  delete(): Promise<unknown>;
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
  standInGlobals.rulesetId = "13th-age";
});

const spent = (usage: string, recharge = 0): PowerUsageSystemStandIn => ({
  usage,
  recharge,
  used: true,
  uses: { spent: 0, max: 1 },
});

/** A hero with a spent encounter, daily, recharge 16+ and at-will power, in a started battle. */
async function battleOfHero(): Promise<{ hero: StandInActor; combat: CombatUnderTest }> {
  const hero = new StandInActor("hero", defaultActorSource({ kind: "character" }), true);
  hero.items.add(new PowerItemStandIn("enc", "Fireball Burst", spent("encounter"), power()));
  hero.items.add(new PowerItemStandIn("day", "Meteor", spent("daily"), power()));
  hero.items.add(new PowerItemStandIn("rch", "Breath of Frost", spent("recharge", 16), power()));
  const orc = new StandInActor("orc", defaultActorSource({ kind: "npc" }), false);
  const combatants = [hero, orc].map(
    (actor, i) =>
      new D20Combatant(
        { id: `c-${actor.id}`, actor, initiative: 20 - i, defeated: false, owner: true } as never,
        {} as never,
      ),
  );
  const combat = new D20Combat(combatants as never) as unknown as CombatUnderTest;
  await combat.startCombat();
  await combat.settle();
  return { hero, combat };
}

const rechargeCards = () =>
  standInGlobals.messages
    .map((m) => ruleCardIn(m))
    .filter((r): r is RuleCardData => r?.title === "D20C.Power.Recharge.title");

async function endBattle(combat: CombatUnderTest): Promise<RuleCardData> {
  await combat.delete();
  await vi.waitFor(() => expect(rechargeCards()).toHaveLength(1));
  return rechargeCards()[0]!;
}

describe("13th Age powers when the battle ends (D20Combat delete)", () => {
  it("[SYS-POWERS] [13A-HEALUP] the encounter power comes back; the daily stays spent; recharge 16+ on a recorded 15 stays spent, posted", async () => {
    const { hero, combat } = await battleOfHero();
    standInRollFaces.push(15);
    const card = await endBattle(combat);
    expect(hero.items.get("enc")!.system.used).toBe(false);
    expect(hero.items.get("day")!.system.used).toBe(true);
    expect(hero.items.get("rch")!.system.used).toBe(true);
    expect(card.rolls).toEqual([
      expect.objectContaining({ label: "Breath of Frost", total: 15, target: 16, success: false }),
    ]);
    expect(standInRollFaces).toEqual([]);
  });

  it("[SYS-POWERS] recharge 16+ on a recorded 16 comes back, and the card says so", async () => {
    const { hero, combat } = await battleOfHero();
    standInRollFaces.push(16);
    const card = await endBattle(combat);
    expect(hero.items.get("rch")!.system.used).toBe(false);
    expect(hero.items.get("enc")!.system.used).toBe(false);
    expect(hero.items.get("day")!.system.used).toBe(true);
    expect(card.rolls).toEqual([
      expect.objectContaining({ label: "Breath of Frost", total: 16, target: 16, success: true }),
    ]);
  });
});
