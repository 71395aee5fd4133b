/**
 * [SYS-MONSTERS] [HD-COND] A speed-0 condition stops a real token move: the system's
 * preUpdateToken listener (registered by `registerActHooks`, run by test/support/token-hooks.ts as
 * Foundry runs it, a `false` cancelling the update) refuses a player's drag of its creature's token
 * on its own turn in a started combat, with a warning naming it; the token stays where it was.
 * Hundred Dungeons restrained is speed 0 because it is grappled (the text: "You are grappled");
 * paralyzed, stunned and unconscious likewise. A move on another creature's turn (dragged by its
 * grappler) and a move with no speed-0 condition go through.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import type { ActorSource } from "../../src/engine/types.js";
import {
  CombatStandIn,
  CombatantStandIn,
  SheetActorStandIn,
  installSheetStandIn,
  type SheetStandInState,
} from "../stand-ins/foundry-sheet.js";
import { useTokenHooks } from "../support/token-hooks.js";

let state: SheetStandInState;
let setCombat: (c: CombatStandIn | null) => void;
let uninstall: () => void;

beforeAll(() => {
  ({ state, setCombat, uninstall } = installSheetStandIn("hundred-dungeons"));
});
afterAll(() => uninstall());

const { moveToken } = useTokenHooks();

const hdActor = (over: Partial<ActorSource> = {}) =>
  defaultActorSource({ speed: 30, defenses: { def: { base: 12, bonus: 0 } }, ...over });

let hero: SheetActorStandIn;
let orc: SheetActorStandIn;
let combat: CombatStandIn;

beforeEach(() => {
  state.warnings.length = 0;
  state.messages.length = 0;
  hero = new SheetActorStandIn("hero", "Wren", hdActor());
  orc = new SheetActorStandIn("orc", "Orc", hdActor({ kind: "npc" }), false);
  combat = new CombatStandIn(
    1,
    [new CombatantStandIn("c-hero", hero), new CombatantStandIn("c-orc", orc, false, "gm")],
    "c-hero",
  );
  setCombat(combat);
});

/** The hero's user drags its token 10 ft east on a 5 ft square grid; returns the token document. */
async function drag(): Promise<{ x: number; y: number }> {
  const doc = { x: 0, y: 0, name: "Wren", actor: hero, parent: { grid: { size: 100, distance: 5 } } };
  state.dialogAnswer = {};
  await moveToken(doc, { x: 200 }, "userStandIn");
  return doc;
}
const put = (status: string) =>
  hero.addEffect(status, status, { sourceCombatantId: "c-orc", duration: "permanent" }).statuses.add(status);

describe("[SYS-MONSTERS] [HD-COND] a speed-0 condition stops the creature's own token move (Hundred Dungeons)", () => {
  it.each(["restrained", "grappled", "paralyzed", "stunned", "unconscious"])(
    "[SYS-MONSTERS] [HD-COND] %s: the player's drag on its own turn is cancelled, the token stays and the user is told why",
    async (status) => {
      put(status);
      const doc = await drag();
      expect(doc.x).toBe(0);
      expect(state.warnings).toEqual([
        "Wren cannot move: a condition leaves it no speed (forced movement still moves it).",
      ]);
    },
  );

  it("[SYS-MONSTERS] [HD-COND] restrained on another creature's turn (dragged by its grappler) moves; so does a creature with no speed-0 condition", async () => {
    put("restrained");
    combat.current = "c-orc";
    expect((await drag()).x).toBe(200);
    expect(state.warnings).toEqual([]);
    hero.effects.clear();
    combat.current = "c-hero";
    put("prone");
    expect((await drag()).x).toBe(200);
    expect(state.warnings).toEqual([]);
  });
});
