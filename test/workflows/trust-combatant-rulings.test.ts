/**
 * [SYS-PERM] Combatant flags the GM decides: the GM's surprise ruling (`aware`) and table seat live
 * in the Combat's flags, which only GMs may write; a player who owns a combatant may write that
 * combatant's own flags (Foundry lets owners update their combatants), and every GM-only ruling
 * written there is read by nothing. Driven through the REAL D20Combat / D20Combatant on the v13
 * Combat stand-in (test/stand-ins/foundry-combat.ts): the GM's surprise round and turn order stay
 * as the GM ruled after the player's write.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import {
  StandInActor,
  installFoundryCombatStandIn,
  standInGlobals,
  standInRollFaces,
} from "../stand-ins/foundry-combat.js";
import type * as CombatModuleNs from "../../src/documents/combat.js";
import type * as CombatantModuleNs from "../../src/documents/combatant.js";

interface CombatantUnderTest {
  id: string;
  flags: Record<string, Record<string, unknown>>;
  aware: boolean;
  update(data: object): Promise<unknown>;
  toCombatantSource(index?: number): { aware: boolean; seat: number };
}
interface CombatUnderTest {
  round: number;
  combatant: { id: string } | null;
  combatants: Map<string, CombatantUnderTest>;
  flags: Record<string, unknown>;
  turnEventErrors: unknown[];
  settle(): Promise<void>;
  startCombat(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
  combatantSources(): { id: string; aware: boolean; seat: number }[];
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
});

/** A battle of `rulesetId` whose GM ruled `rulings` (on the Combat). */
function battle(
  rulesetId: string,
  ids: { id: string; init: number }[],
  rulings: Record<string, object>,
): CombatUnderTest {
  standInGlobals.rulesetId = rulesetId;
  const combatants = ids.map(
    (s) =>
      new D20Combatant(
        {
          id: s.id,
          actor: new StandInActor(
            s.id,
            defaultActorSource({ kind: "character", hp: { value: 30, max: 30, temp: 0 } }),
            true,
          ),
          initiative: s.init,
        } as never,
        {} as never,
      ),
  );
  const combat = new D20Combat(combatants as never) as unknown as CombatUnderTest;
  combat.flags["d20-combat"] = { rulings };
  return combat;
}

async function step(combat: CombatUnderTest, action: () => Promise<unknown>): Promise<void> {
  await action();
  await combat.settle();
}

describe("[SYS-PERM] the GM's rulings on combatants are the GM's to write", () => {
  it("[WD-SURPRISE] [SYS-PERM] a surprised character's owner writing `aware: true` on its combatant stays surprised: the surprise round still passes it by", async () => {
    const combat = battle(
      "wounds-d20",
      [
        { id: "scout", init: 10 },
        { id: "sleeper", init: 5 },
      ],
      { sleeper: { aware: false } },
    );
    const sleeper = combat.combatants.get("sleeper")!;
    // The player's client writes its own combatant (Foundry allows the owner this update).
    await sleeper.update({ flags: { "d20-combat": { aware: true } } });
    expect(sleeper.flags["d20-combat"]?.aware).toBe(true);
    expect(sleeper.aware).toBe(false);
    expect(combat.combatantSources().find((c) => c.id === "sleeper")?.aware).toBe(false);
    standInRollFaces.push(12, 12, 8, 8, 8);
    await step(combat, () => combat.startCombat());
    const round1: string[] = [];
    while (combat.round === 1) {
      round1.push(combat.combatant?.id ?? "");
      await step(combat, () => combat.nextTurn());
    }
    // Only the aware scout acts in the surprise round.
    expect(round1).toEqual(["scout"]);
    expect(combat.turnEventErrors).toEqual([]);
  });

  it("[HD-INIT] [SYS-PERM] a seat written on a combatant by its owner changes no one's place: the order is the GM's seats", async () => {
    const combat = battle(
      "hundred-dungeons",
      [
        { id: "ana", init: 0 },
        { id: "bo", init: 0 },
        { id: "cy", init: 0 },
      ],
      { ana: { seat: 2 }, bo: { seat: 0 }, cy: { seat: 1 } },
    );
    const before = combat.combatantSources().map((c) => [c.id, c.seat]);
    expect(before).toEqual([
      ["ana", 2],
      ["bo", 0],
      ["cy", 1],
    ]);
    for (const c of combat.combatants.values()) await c.update({ flags: { "d20-combat": { seat: 9, aware: false } } });
    expect(combat.combatantSources().map((c) => [c.id, c.seat, c.aware])).toEqual([
      ["ana", 2, true],
      ["bo", 0, true],
      ["cy", 1, true],
    ]);
  });

  it("[SYS-PERM] a ruling of a combatant written by an older version on the combatant itself is read by nothing: unset rulings read as aware, seat by the order of joining", () => {
    const combat = battle("wounds-d20", [{ id: "solo", init: 3 }], {});
    const solo = combat.combatants.get("solo")!;
    solo.flags["d20-combat"] = { aware: false, seat: 7 };
    expect(solo.toCombatantSource(0)).toMatchObject({ aware: true, seat: 0 });
  });
});
