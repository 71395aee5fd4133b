/**
 * [SYS-HIDDEN] Turn lines about a combatant players cannot see go to the GMs only: the real
 * D20Combat under Foundry's turn events (test/stand-ins/foundry-combat.ts) posts a 13th Age
 * ongoing-damage line for a monster hidden in the tracker (or on a hidden token) as a whisper to
 * the GMs, while the same line about a visible monster stays public.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { splitByAudience } from "../../src/workflows/combat-chat.js";
import type { ChatLine } from "../../src/engine/plans/turns.js";
import {
  StandInActor,
  installFoundryCombatStandIn,
  standInGlobals,
  standInRollFaces,
} from "../stand-ins/foundry-combat.js";
import type * as CombatModuleNs from "../../src/documents/combat.js";
import type * as CombatantModuleNs from "../../src/documents/combatant.js";
import { turnSummariesOf } from "../support/turn-summaries.js";

interface CombatUnderTest {
  settle(): Promise<void>;
  startCombat(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
}

let uninstall: () => void = () => undefined;
let D20Combat: typeof CombatModuleNs.D20Combat;
let D20Combatant: typeof CombatantModuleNs.D20Combatant;
const users = standInGlobals.game.users;

beforeAll(async () => {
  uninstall = installFoundryCombatStandIn();
  ({ D20Combat } = await import("../../src/documents/combat.js"));
  ({ D20Combatant } = await import("../../src/documents/combatant.js"));
  // Two users: the GM and a player (the lines' whisper lists the GMs).
  users.list = [
    { id: "gm1", isGM: true },
    { id: "player1", isGM: false },
  ];
});
afterAll(() => {
  users.list = [];
  uninstall();
});
beforeEach(() => {
  standInRollFaces.length = 0;
  standInGlobals.messages.length = 0;
  standInGlobals.rulesetId = "13th-age";
});

/** A burning orc (5 ongoing fire, save ends) who acts first, then a hero. */
async function burningOrcTurn(orc: { hidden?: boolean; tokenHidden?: boolean }) {
  const orcActor = new StandInActor("orc", defaultActorSource({ kind: "npc", hp: { value: 30, max: 30, temp: 0 } }));
  await orcActor.createEmbeddedDocuments("ActiveEffect", [
    {
      name: "Burning",
      flags: {
        [SYSTEM_ID]: { effect: { duration: "saveEnds", save: "normal", ongoing: { amount: 5, type: "fire" } } },
      },
    },
  ]);
  const hero = new StandInActor("hero", defaultActorSource({ hp: { value: 30, max: 30, temp: 0 } }), true);
  const combatants = [
    new D20Combatant({ id: "orc", actor: orcActor, initiative: 20, ...orc } as never, {} as never),
    new D20Combatant({ id: "hero", actor: hero, initiative: 5 } as never, {} as never),
  ];
  const combat = new D20Combat(combatants as never) as unknown as CombatUnderTest;
  await combat.startCombat();
  await combat.settle();
  standInGlobals.messages.length = 0;
  standInRollFaces.push(3); // the orc's save fails
  await combat.nextTurn();
  await combat.settle();
  const lines = turnSummariesOf(standInGlobals.messages);
  expect(orcActor.source.hp.value).toBe(25);
  return lines;
}

describe("[SYS-HIDDEN] turn lines about hidden combatants", () => {
  it("[SYS-HIDDEN] a combatant hidden in the tracker: its ongoing damage and save lines are whispered to the GMs", async () => {
    const lines = await burningOrcTurn({ hidden: true });
    const aboutOrc = lines.filter((m) => JSON.stringify(m.system).includes("Actor.orc"));
    expect(aboutOrc.length).toBeGreaterThan(0);
    for (const m of aboutOrc) expect(m.whisper).toEqual(["gm1"]);
  });

  it("[SYS-HIDDEN] a combatant on a hidden token is treated the same", async () => {
    const lines = await burningOrcTurn({ tokenHidden: true });
    const aboutOrc = lines.filter((m) => JSON.stringify(m.system).includes("Actor.orc"));
    expect(aboutOrc.length).toBeGreaterThan(0);
    for (const m of aboutOrc) expect(m.whisper).toEqual(["gm1"]);
  });

  it("[SYS-HIDDEN] the same lines about a visible combatant stay public", async () => {
    const lines = await burningOrcTurn({ hidden: false, tokenHidden: false });
    expect(lines.length).toBeGreaterThan(0);
    for (const m of lines) expect(m).not.toHaveProperty("whisper");
  });

  it("[SYS-HIDDEN] the decision: failed steps and lines about hidden actors are GM-only, round notices are not", () => {
    const hidden = new Set(["Actor.orc"]);
    const line = (key: string, actorId: string | null, error: string | null): ChatLine => ({
      key,
      data: {},
      actorId,
      effectId: null,
      events: [],
      rolls: [],
      undo: null,
      error,
    });
    // A round's lines as the summary splits them for its public and GM-only copies.
    const { everyone, gmOnly } = splitByAudience(
      [
        line("orc", "Actor.orc", null),
        line("hero", "Actor.hero", null),
        line("failed", "Actor.hero", "boom"),
        line("round", null, null),
      ],
      { kind: "event" },
      hidden,
    );
    expect(gmOnly.map((l) => l.key)).toEqual(["orc", "failed"]);
    expect(everyone.map((l) => l.key)).toEqual(["hero", "round"]);
  });
});
