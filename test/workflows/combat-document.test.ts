/**
 * The real D20Combat / D20Combatant overrides driven the way Foundry v13 drives them
 * (test/stand-ins/foundry-combat.ts): turn events after the update on the GM, walking the turn
 * order captured before the round-start events, `skipped` on turns walked past, initiative updates
 * that are no turn change. Rules come from the real rulesets; dice are recorded.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import type { ActorSource } from "../../src/engine/types.js";
import {
  StandInActor,
  StandInFoundryCombat,
  installFoundryCombatStandIn,
  standInGlobals,
  standInRollFaces,
} from "../stand-ins/foundry-combat.js";

import type * as CombatModuleNs from "../../src/documents/combat.js";
import type * as CombatantModuleNs from "../../src/documents/combatant.js";
import { turnLinesOf } from "../support/turn-summaries.js";

type CombatModule = typeof CombatModuleNs;
type CombatantModule = typeof CombatantModuleNs;

/** What the tests use of a D20Combat built on the stand-in base. */
interface CombatUnderTest {
  round: number;
  turn: number | null;
  combatant: { id: string } | null;
  combatants: Map<string, { id: string; initiative: number | null; isOwner: boolean }>;
  turnEventErrors: unknown[];
  combatantUpdateOptions: Record<string, unknown>[];
  settle(): Promise<void>;
  startCombat(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
  nextRound(): Promise<unknown>;
  rollInitiative(ids: string[], options?: object): Promise<unknown>;
  update(data: object, options?: object): Promise<unknown>;
  runPhase(phase: string, combatantId: string | null, round?: number): Promise<void>;
}

interface Spec {
  id: string;
  init?: number | null;
  defeated?: boolean;
  gm?: boolean;
  owner?: boolean;
}

let uninstall: () => void = () => undefined;
let D20Combat: CombatModule["D20Combat"];
let D20Combatant: CombatantModule["D20Combatant"];

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
  StandInFoundryCombat.skipDefeated = false;
});

/** A combat of the given game; `log` lists every phase the combat ran as `phase:round:combatant`. */
function battle(rulesetId: string, specs: Spec[]): { combat: CombatUnderTest; log: string[] } {
  standInGlobals.rulesetId = rulesetId;
  const combatants = specs.map(
    (s) =>
      new D20Combatant(
        {
          id: s.id,
          actor: new StandInActor(
            s.id,
            defaultActorSource({ kind: s.gm ? "npc" : "character", hp: { value: 30, max: 30, temp: 0 } }),
            !s.gm,
          ),
          initiative: s.init ?? null,
          defeated: s.defeated ?? false,
          owner: s.owner ?? true,
        } as never,
        {} as never,
      ),
  );
  const combat = new D20Combat(combatants as never) as unknown as CombatUnderTest;
  const log: string[] = [];
  const run = combat.runPhase.bind(combat);
  combat.runPhase = async (phase, combatantId, round = combat.round) => {
    log.push(`${phase}:${round}:${combatantId ?? "-"}`);
    return run(phase, combatantId, round);
  };
  return { combat, log };
}

async function step(combat: CombatUnderTest, action: () => Promise<unknown>): Promise<void> {
  await action();
  await combat.settle();
}

const errorLines = () => turnLinesOf(standInGlobals.messages).filter((l) => l.error);

describe("D20Combat under Foundry's turn events", () => {
  it("[WD-INIT] [SYS-TURNS] after the round-start reroll reorders the turns, the turn that starts is the new first combatant's", async () => {
    // Before the battle Alda is ahead; the round-1 reroll puts Bram first (Alda 5, Bram 15), the
    // round-2 reroll puts Alda first again (Alda 18, Bram 3).
    const { combat, log } = battle("wounds-d20", [
      { id: "alda", init: 20 },
      { id: "bram", init: 1 },
    ]);
    standInRollFaces.push(5, 15, 18, 3);
    await step(combat, () => combat.startCombat());
    expect(combat.combatant?.id).toBe("bram");
    expect(log).toEqual(["combatStart:1:-", "roundStart:1:-", "turnStart:1:bram"]);

    await step(combat, () => combat.nextTurn());
    expect(combat.combatant?.id).toBe("alda");
    await step(combat, () => combat.nextTurn());
    expect(combat.round).toBe(2);
    expect(combat.combatant?.id).toBe("alda");
    // Each combatant starts and ends exactly one turn per round; the ended turn belongs to round 1,
    // and Foundry's "end of round 0" at the start is no played round.
    expect(log).toEqual([
      "combatStart:1:-",
      "roundStart:1:-",
      "turnStart:1:bram",
      "turnEnd:1:bram",
      "turnStart:1:alda",
      "turnEnd:1:alda",
      "roundEnd:1:-",
      "roundStart:2:-",
      "turnStart:2:alda",
    ]);
    expect(standInRollFaces).toEqual([]);
    expect(errorLines()).toEqual([]);
    expect(combat.turnEventErrors).toEqual([]);
  });

  it("[SYS-TURNS] with core 'skip defeated', a defeated combatant walked past does not push the turn past the next one", async () => {
    StandInFoundryCombat.skipDefeated = true;
    const { combat, log } = battle("13th-age", [
      { id: "a", init: 20 },
      { id: "b", init: 15, defeated: true },
      { id: "c", init: 10 },
      { id: "d", init: 5 },
    ]);
    await step(combat, () => combat.startCombat());
    await step(combat, () => combat.nextTurn());
    expect(combat.round).toBe(1);
    expect(combat.combatant?.id).toBe("c");
    expect(log.filter((l) => l.startsWith("turnStart"))).toEqual(["turnStart:1:a", "turnStart:1:b", "turnStart:1:c"]);
    expect(combat.turnEventErrors).toEqual([]);
  });

  it("[SYS-TURNS] Next Round pressed mid-round starts the new round on its first combatant, whoever was walked past", async () => {
    const { combat } = battle("13th-age", [
      { id: "a", init: 20 },
      { id: "b", init: 15, defeated: true },
      { id: "c", init: 10 },
    ]);
    await step(combat, () => combat.startCombat());
    await step(combat, () => combat.nextRound());
    expect(combat.round).toBe(2);
    expect(combat.turn).toBe(0);
    expect(combat.combatant?.id).toBe("a");
  });

  it("[WD-DYING] Next Round pressed on Alda's turn walks past the dying Drew's place: Drew still makes its death save at the round's end (14 against DC 12: one success, 1 Con)", async () => {
    standInGlobals.rulesetId = "wounds-d20";
    const alda = new D20Combatant(
      {
        id: "alda",
        actor: new StandInActor("alda", defaultActorSource({ kind: "character" }), true),
        initiative: 20,
      } as never,
      {} as never,
    );
    const dying = defaultActorSource({ kind: "character", state: "dying", hp: { value: -4, max: 30, temp: 0 } });
    const drew = new D20Combatant(
      { id: "drew", actor: new StandInActor("drew", dying, true), initiative: 1 } as never,
      {} as never,
    );
    const combat = new D20Combat([alda, drew] as never) as unknown as CombatUnderTest;
    // Rerolls in rounds 1 and 2 put Alda ahead (20, 1); the round-end save is the 14.
    standInRollFaces.push(20, 1, 14, 20, 1);
    await step(combat, () => combat.startCombat());
    expect(combat.combatant?.id).toBe("alda");
    await step(combat, () => combat.nextRound());
    expect(combat.round).toBe(2);
    const after = (combat.combatants.get("drew") as unknown as { actor: { source: ActorSource } }).actor.source;
    expect(after.deathSaves).toEqual({ successes: 1, failures: 0 });
    expect(after.constitutionDamage).toBe(1);
    expect(standInRollFaces).toEqual([]);
    expect(errorLines()).toEqual([]);
  });

  it("[SYS-TURNS] a defeated combatant that holds the turn passes it on (nobody walked past it)", async () => {
    const { combat } = battle("13th-age", [
      { id: "a", init: 20 },
      { id: "b", init: 15, defeated: true },
      { id: "c", init: 10 },
    ]);
    await step(combat, () => combat.startCombat());
    await step(combat, () => combat.nextTurn());
    expect(combat.combatant?.id).toBe("c");
  });

  it("[SYS-TURNS] a failing combat-start update does not drop the round start and the first turn", async () => {
    const { combat, log } = battle("13th-age", [
      { id: "a", init: 20 },
      { id: "b", init: 10 },
    ]);
    const update = combat.update.bind(combat);
    combat.update = async (data: object, options?: object) => {
      const flags = (data as { flags?: Record<string, { begun?: boolean }> }).flags;
      if (flags?.["d20-combat"]?.begun === true) throw new Error("update refused");
      return update(data, options);
    };
    await step(combat, () => combat.startCombat());
    expect(log).toContain("roundStart:1:-");
    expect(log).toContain("turnStart:1:a");
    expect(combat.turnEventErrors).toEqual([]);
  });

  it("[HD-INIT] the GM side's shared roll reaches the others without counting as a turn change", async () => {
    const { combat } = battle("hundred-dungeons", [
      { id: "hero", init: 12 },
      { id: "orc1", gm: true },
      { id: "orc2", gm: true },
    ]);
    standInRollFaces.push(4);
    await combat.rollInitiative(["orc1", "orc2"]);
    const orc1 = combat.combatants.get("orc1")?.initiative;
    expect(typeof orc1).toBe("number");
    expect(combat.combatants.get("orc2")?.initiative).toBe(orc1);
    // Both updates (the leader's and the shared one) tell Foundry this is no turn change.
    expect(combat.combatantUpdateOptions.map((o) => o.turnEvents)).toEqual([false, false]);
  });

  it("[HD-INIT] a shared roll that was not made (leader not owned here) leaves the others' initiative alone", async () => {
    const { combat } = battle("hundred-dungeons", [
      { id: "hero", init: 12 },
      { id: "orc1", gm: true, owner: false },
      { id: "orc2", gm: true, init: 7 },
    ]);
    await combat.rollInitiative(["orc1", "orc2"]);
    expect(combat.combatants.get("orc1")?.initiative).toBeNull();
    expect(combat.combatants.get("orc2")?.initiative).toBe(7);
  });

  it("[SYS-TURNS] only the active GM runs turn automation", async () => {
    standInGlobals.game.users.activeGM = { isSelf: false };
    const { combat, log } = battle("13th-age", [{ id: "a", init: 20 }]);
    await step(combat, () => combat.startCombat());
    expect(log).toEqual([]);
  });
});
