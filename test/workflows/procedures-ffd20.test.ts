/**
 * FFd20 procedures from the sheet's Actions panel, driven through the REAL sheet action handler with
 * the stand-ins of test/stand-ins/foundry-sheet.ts; asserts on the documents afterwards: the
 * sustained effect's round on the foe that carries it, the creator's actions left, the prompts
 * posted to the enemies left behind ([FF-SUSTAIN], [FF-ACTIONS], [FF-INVIS]).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
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
import { sustainedZone } from "./procedure-fixtures.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import type * as SheetNs from "../../src/applications/sheets/actor-sheet.js";

const i18n = createI18nStandIn();
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

let wizard: SheetActorStandIn;
let ogre: SheetActorStandIn;
let kobold: SheetActorStandIn;
let combat: CombatStandIn;

beforeEach(() => {
  state.targets.clear();
  state.messages.length = 0;
  state.warnings.length = 0;
  user().isGM = false;
  wizard = new SheetActorStandIn("wiz", "Wizard", defaultActorSource({ kind: "character" }));
  ogre = new SheetActorStandIn("ogre", "Ogre", defaultActorSource({ kind: "npc" }), false);
  kobold = new SheetActorStandIn("kobold", "Kobold", defaultActorSource({ kind: "npc" }), false);
  combat = new CombatStandIn(
    3,
    [
      new CombatantStandIn("c-wiz", wizard),
      new CombatantStandIn("c-ogre", ogre),
      new CombatantStandIn("c-kob", kobold),
    ],
    "c-wiz",
  );
  setCombat(combat);
});

async function click(id: string, choice: string | null = null) {
  await useProcedure.call(sheetThis(sheetClass, wizard), {}, clickTarget({ procedureId: id }, choice));
}
const left = () => (combat.list[0]!.flags["d20-combat"]?.actions as { left: Record<string, number> } | undefined)?.left;
const sustainedRound = (e: { flags: Record<string, Record<string, unknown>> }) =>
  (e.flags["d20-combat"]!.effect as { sustainedRound: number | null }).sustainedRound;

describe("FFd20 Actions panel", () => {
  it("[FF-SUSTAIN] [FF-ACTIONS] the GM sustains the wizard's armed effect on the ogre: round recorded, the minor action spent", async () => {
    user().isGM = true;
    const held = ogre.addEffect("held", "Held", sustainedZone("c-wiz"));
    await click("sustain", "held");
    expect(state.warnings).toEqual([]);
    expect(sustainedRound(held)).toBe(3);
    expect(left()).toEqual({ standard: 1, move: 1, minor: 0 });
    // Once a turn: the second try is refused and spends nothing.
    await click("sustain", "held");
    expect(state.warnings).toEqual([i18n.localize("D20C.FF.Procedure.sustain.Already")]);
    expect(left()).toEqual({ standard: 1, move: 1, minor: 0 });
  });

  it("[FF-SUSTAIN] a 'sustain standard' effect spends the standard action", async () => {
    user().isGM = true;
    const wall = ogre.addEffect("wall", "Wall", sustainedZone("c-wiz", { sustain: "standard" }));
    await click("sustain", "wall");
    expect(sustainedRound(wall)).toBe(3);
    expect(left()).toEqual({ standard: 0, move: 1, minor: 1 });
  });

  it("[FF-SUSTAIN] not on the creation turn (unarmed), not on another's turn; a player cannot write the foe's effect", async () => {
    user().isGM = true;
    ogre.addEffect("fresh", "Fresh", sustainedZone("c-wiz", { armed: false }));
    await click("sustain", "fresh");
    expect(state.warnings.at(-1)).toBe(i18n.localize("D20C.FF.Procedure.sustain.NotYet"));
    const held = ogre.addEffect("held", "Held", sustainedZone("c-wiz"));
    combat.current = "c-ogre";
    await click("sustain", "held");
    expect(state.warnings.at(-1)).toBe(i18n.localize("D20C.FF.Procedure.sustain.NotYourTurn"));
    combat.current = "c-wiz";
    user().isGM = false;
    await click("sustain", "held");
    expect(sustainedRound(held)).toBeNull();
    expect(left()).toBeUndefined();
  });

  it("[FF-INVIS] moving away prompts each targeted enemy that can see the wizard; invisible, it prompts none", async () => {
    state.targets.add(targetStandIn(ogre) as never).add(targetStandIn(kobold) as never);
    kobold.source = { ...kobold.source, conditions: ["blinded"] };
    await click("move");
    const prompts = () => state.messages.filter((m) => String(m.data.content).includes("d20c-prompt"));
    expect(prompts().map((m) => String(m.data.content).includes("Ogre"))).toEqual([true]);
    expect(left()).toEqual({ standard: 1, move: 0, minor: 1 });
    state.messages.length = 0;
    wizard.source = { ...wizard.source, conditions: ["invisible"] };
    await click("move");
    expect(prompts()).toEqual([]);
  });
});
