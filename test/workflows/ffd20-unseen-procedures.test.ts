/**
 * FFd20 invisibility and the procedures around it, from the sheet's Actions panel, driven through
 * the REAL sheet action handler with the stand-ins of test/stand-ins/foundry-sheet.ts and recorded
 * dice ([FF-INVIS], [FF-CA]): an enemy whose effect lets it see invisible creatures is offered its
 * opportunity attack against an invisible mover; Stealth, a Perception check (a minor action) and
 * the once-per-encounter Bluff for combat advantage roll their checks and say what they did.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  CombatStandIn,
  CombatantStandIn,
  SheetActorStandIn,
  clickTarget,
  installSheetStandIn,
  sheetThis,
  targetStandIn,
  type SheetStandInState,
} from "../stand-ins/foundry-sheet.js";
import type * as SheetNs from "../../src/applications/sheets/actor-sheet.js";

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

let state: SheetStandInState;
let setCombat: (c: CombatStandIn | null) => void;
let uninstall: () => void;
let useProcedure: Handler;
let sheetClass: { prototype: object };
const user = () => (globalThis as unknown as { game: { user: { isGM: boolean } } }).game.user;

beforeAll(async () => {
  ({ state, setCombat, uninstall } = installSheetStandIn("ffd20"));
  const { D20ActorSheet } = (await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs;
  useProcedure = (D20ActorSheet.DEFAULT_OPTIONS.actions as Record<string, Handler>).useProcedure!;
  sheetClass = D20ActorSheet;
});
afterAll(() => uninstall());

const abilities = (dex: number, wis: number, cha: number) => ({ str: 10, dex, con: 10, int: 10, wis, cha });

let rogue: SheetActorStandIn;
let ogre: SheetActorStandIn;
let kobold: SheetActorStandIn;
let combat: CombatStandIn;

beforeEach(() => {
  state.targets.clear();
  state.messages.length = 0;
  state.warnings.length = 0;
  standInAttackFaces.length = 0;
  user().isGM = false;
  // Level 4 (½ level 2), Dex 18 (+4), Wis 12 (+1), Cha 14 (+2).
  rogue = new SheetActorStandIn(
    "rogue",
    "Rogue",
    defaultActorSource({ kind: "character", level: 4, abilities: abilities(18, 12, 14) }),
  );
  // Level 6 (½ level 3), Dex 8 (−1), Wis 14 (+2): passive Perception and Insight 15, passive Stealth 12.
  ogre = new SheetActorStandIn(
    "ogre",
    "Ogre",
    defaultActorSource({ kind: "npc", level: 6, abilities: abilities(8, 14, 10) }),
    false,
  );
  // Level 2 (½ level 1), Dex 16 (+3), Wis 10 (+0): passive Perception 11, passive Stealth 14.
  kobold = new SheetActorStandIn(
    "kobold",
    "Kobold",
    defaultActorSource({ kind: "npc", level: 2, abilities: abilities(16, 10, 10) }),
    false,
  );
  combat = new CombatStandIn(
    2,
    [
      new CombatantStandIn("c-rogue", rogue),
      new CombatantStandIn("c-ogre", ogre),
      new CombatantStandIn("c-kob", kobold),
    ],
    "c-rogue",
  );
  setCombat(combat);
});

async function click(id: string, faces: number[] = []) {
  standInAttackFaces.push(...faces);
  await useProcedure.call(sheetThis(sheetClass, rogue), {}, clickTarget({ procedureId: id }));
}
const target = (...actors: SheetActorStandIn[]) => {
  state.targets.clear();
  for (const a of actors) state.targets.add(targetStandIn(a) as never);
};
const left = () => (combat.list[0]!.flags["d20-combat"]?.actions as { left: Record<string, number> } | undefined)?.left;
const said = () => JSON.stringify(state.messages);

describe("FFd20: who sees an invisible creature", () => {
  it("[FF-INVIS] an invisible rogue moving away: only the kobold whose effect lets it see invisible creatures is offered its opportunity attack", async () => {
    rogue.source = { ...rogue.source, conditions: ["invisible"] };
    kobold.source = { ...kobold.source, conditions: ["seesInvisible"] };
    target(ogre, kobold);
    await click("move");
    const prompts = state.messages.filter((m) => String(m.data.content).includes("d20c-prompt"));
    expect(prompts.map((m) => String(m.data.content).includes("Kobold"))).toEqual([true]);
    expect(said()).toContain("1 opportunity attack(s) offered (1 cannot see the mover)");
    // Blinded, the same kobold sees nothing.
    state.messages.length = 0;
    kobold.source = { ...kobold.source, conditions: ["seesInvisible", "blinded"] };
    await click("move");
    expect(state.messages.filter((m) => String(m.data.content).includes("d20c-prompt"))).toEqual([]);
  });
});

describe("FFd20: Stealth, Perception and Bluff on the Actions panel", () => {
  it("[FF-INVIS] Stealth on a recorded 9 (+ 2 + 4 = 15) meets the ogre's passive Perception 15 and beats the kobold's 11: hidden from both", async () => {
    target(ogre, kobold);
    await click("stealth", [9]);
    expect(state.warnings).toEqual([]);
    expect(standInAttackFaces).toEqual([]);
    expect(said()).toContain("Stealth 15 against passive Perception 15: hidden from Ogre.");
    expect(said()).toContain("Stealth 15 against passive Perception 11: hidden from Kobold.");
    // On a recorded 8 (14) the ogre knows where the rogue is.
    state.messages.length = 0;
    target(ogre);
    await click("stealth", [8]);
    expect(said()).toContain("Stealth 14 against passive Perception 15: Ogre knows where you are.");
  });

  it("[FF-INVIS] a Perception check is a minor action: a recorded 11 (+ 2 + 1 = 14) locates the kobold (passive Stealth 14); a recorded 10 does not", async () => {
    target(kobold);
    await click("perception", [11]);
    expect(said()).toContain("Perception 14 against passive Stealth 14: Kobold located, its square is known.");
    expect(left()).toEqual({ standard: 1, move: 1, minor: 0 });
    state.messages.length = 0;
    await click("perception", [10]);
    expect(said()).toContain("Perception 13 against passive Stealth 14: Kobold not located.");
  });

  it("[FF-CA] the Bluff for combat advantage (a standard action), once per encounter: a recorded 11 (+ 2 + 2 = 15) meets the ogre's passive Insight 15; a second try is refused and rolls nothing", async () => {
    target(ogre);
    await click("bluff", [11]);
    expect(said()).toContain(
      "Bluff 15 against passive Insight 15: combat advantage against Ogre until the end of your next turn.",
    );
    expect(left()).toEqual({ standard: 0, move: 1, minor: 1 });
    state.messages.length = 0;
    await click("bluff", [19]);
    expect(state.warnings.join(" ")).toContain("Already tried once this encounter.");
    expect(standInAttackFaces).toEqual([19]);
    expect(state.messages).toEqual([]);
  });

  it("[FF-CA] a failed Bluff uses the encounter's attempt too: a recorded 10 (14) against the ogre's 15 fools no one", async () => {
    target(ogre);
    await click("bluff", [10]);
    expect(said()).toContain("Bluff 14 against passive Insight 15: Ogre is not fooled.");
    state.warnings.length = 0;
    await click("bluff", [20]);
    expect(state.warnings.join(" ")).toContain("Already tried once this encounter.");
  });
});
