/**
 * [SYS-ESC] `game.system.api.advanceEscalation` is the tracker's GM "+" button: it moves the real
 * D20Combat's escalation die (its flags, read back through `escalation`) on the combat stand-in of
 * test/stand-ins/foundry-combat.ts; a player, no started combat or a game without the die changes
 * nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import {
  StandInActor,
  installFoundryCombatStandIn,
  standInGlobals,
  standInRollFaces,
} from "../stand-ins/foundry-combat.js";
import { publishApi, runPackMacro, type ApiUnderTest } from "./api-macros.js";
import type * as CombatModuleNs from "../../src/documents/combat.js";
import type * as CombatantModuleNs from "../../src/documents/combatant.js";

interface CombatUnderTest {
  round: number;
  started: boolean;
  escalation: number;
  settle(): Promise<void>;
  startCombat(): Promise<unknown>;
  nextRound(): Promise<unknown>;
}

let uninstall: () => void = () => undefined;
let D20Combat: (typeof CombatModuleNs)["D20Combat"];
let D20Combatant: (typeof CombatantModuleNs)["D20Combatant"];
let api: ApiUnderTest;
const g = standInGlobals.game as typeof standInGlobals.game & { combat?: unknown };
const warnings: string[] = [];

beforeAll(async () => {
  uninstall = installFoundryCombatStandIn();
  (globalThis as unknown as { ui: { notifications: { warn: (m: string) => void } } }).ui.notifications.warn = (m) =>
    void warnings.push(m);
  ({ D20Combat } = await import("../../src/documents/combat.js"));
  ({ D20Combatant } = await import("../../src/documents/combatant.js"));
  api = await publishApi();
});
afterAll(() => {
  delete g.combat;
  uninstall();
});
beforeEach(() => {
  warnings.length = 0;
  standInRollFaces.length = 0;
  standInGlobals.messages.length = 0;
  g.user.isGM = true;
  delete g.combat;
});

function combatOf(rulesetId: string): CombatUnderTest {
  standInGlobals.rulesetId = rulesetId;
  const hero = new D20Combatant(
    {
      id: "hero",
      actor: new StandInActor("hero", defaultActorSource({ kind: "character" }), true),
      initiative: 15,
      defeated: false,
      owner: true,
    } as never,
    {} as never,
  );
  const orc = new D20Combatant(
    {
      id: "orc",
      actor: new StandInActor("orc", defaultActorSource({ kind: "npc" })),
      initiative: 10,
      defeated: false,
      owner: true,
    } as never,
    {} as never,
  );
  return new D20Combat([hero, orc] as never) as unknown as CombatUnderTest;
}

/** A combat of the game, viewed (`game.combat`), started and played on to `round`. */
async function viewedAt(rulesetId: string, round: number): Promise<CombatUnderTest> {
  const c = combatOf(rulesetId);
  g.combat = c;
  await c.startCombat();
  await c.settle();
  while (c.round < round) {
    await c.nextRound();
    await c.settle();
  }
  return c;
}

describe("[SYS-ESC] the API's escalation die", () => {
  it("[SYS-ESC] [13A-ESC] advanceEscalation moves the viewed combat's die by one, as the GM's + button does, and keeps climbing each round", async () => {
    const c = await viewedAt("13th-age", 2);
    expect(c.round).toBe(2);
    expect(c.escalation).toBe(1);
    expect(await api.advanceEscalation()).toBe(2);
    expect(c.escalation).toBe(2);
    await c.nextRound();
    await c.settle();
    expect(c.escalation).toBe(3);
    expect(await api.advanceEscalation(-3)).toBe(0);
    expect(await api.advanceEscalation(9)).toBe(6);
    expect(warnings).toEqual([]);
  });

  it("[SYS-ESC] a player, no started combat, or a game without the die: nothing changes and the user is told", async () => {
    expect(await api.advanceEscalation()).toBeNull();
    const c = await viewedAt("13th-age", 2);
    g.user.isGM = false;
    expect(await api.advanceEscalation()).toBeNull();
    expect(c.escalation).toBe(1);
    g.user.isGM = true;
    await viewedAt("hundred-dungeons", 1);
    expect(await api.advanceEscalation()).toBeNull();
    expect(warnings).toEqual(["D20C.Api.NoCombat", "D20C.Api.GMOnly", "D20C.Api.NoEscalation"]);
  });

  it("[SYS-ESC] the compendium macro Advance Escalation Die runs this call", async () => {
    const c = await viewedAt("13th-age", 1);
    expect(c.escalation).toBe(0);
    await runPackMacro("Advance Escalation Die");
    expect(c.escalation).toBe(1);
  });
});
