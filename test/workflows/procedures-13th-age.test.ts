/**
 * 13th Age procedures from the sheet's Actions panel, driven through the REAL sheet action handler
 * (`useProcedure` of D20ActorSheet) with the stand-ins of test/stand-ins/foundry-sheet.ts and
 * recorded dice; asserts on the documents afterwards: the combatant's actions left and procedure
 * memory, the prompts posted on the foe's side ([13A-ENGAGE], [13A-RANGE], [13A-ACTIONS]).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
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
import { ruleCardIn } from "../support/card-messages.js";

const i18n = createI18nStandIn();
type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

let state: SheetStandInState;
let setCombat: (c: CombatStandIn | null) => void;
let uninstall: () => void;
let useProcedure: Handler;
let sheetClass: { prototype: object };

beforeAll(async () => {
  ({ state, setCombat, uninstall } = installSheetStandIn("13th-age"));
  const { D20ActorSheet } = (await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs;
  useProcedure = (D20ActorSheet.DEFAULT_OPTIONS.actions as Record<string, Handler>).useProcedure!;
  sheetClass = D20ActorSheet;
});
afterAll(() => uninstall());

let hero: SheetActorStandIn;
let orc: SheetActorStandIn;
let goblin: SheetActorStandIn;
let combat: CombatStandIn;

beforeEach(() => {
  state.targets.clear();
  state.messages.length = 0;
  state.warnings.length = 0;
  state.errors.length = 0;
  standInAttackFaces.length = 0;
  hero = new SheetActorStandIn("hero", "Ardent", defaultActorSource({ kind: "character" }));
  orc = new SheetActorStandIn("orc", "Orc", defaultActorSource({ kind: "npc" }), false);
  goblin = new SheetActorStandIn("goblin", "Goblin", defaultActorSource({ kind: "npc" }), false);
  combat = new CombatStandIn(
    2,
    [new CombatantStandIn("c-hero", hero), new CombatantStandIn("c-orc", orc), new CombatantStandIn("c-gob", goblin)],
    "c-hero",
  );
  setCombat(combat);
});

/** Click a procedure's button on the hero's sheet (with the row's choice). */
async function click(id: string, choice: string | null = null): Promise<void> {
  await useProcedure.call(sheetThis(sheetClass, hero), { shiftKey: false }, clickTarget({ procedureId: id }, choice));
}
const flags = () =>
  combat.list[0]!.flags["d20-combat"] as {
    actions?: { left: Record<string, number> };
    procedures?: { bands: Record<string, string>; marks: Record<string, number> };
  };
const prompts = () => state.messages.filter((m) => String(m.data.content).includes("d20c-prompt"));

describe("13th Age Actions panel", () => {
  it("[13A-RANGE] the range band is set per targeted foe from the panel (a free action)", async () => {
    state.targets.add(targetStandIn(orc) as never);
    await click("setBand", "engaged");
    state.targets.clear();
    state.targets.add(targetStandIn(goblin) as never);
    await click("setBand", "farAway");
    expect(flags().procedures?.bands).toEqual({ "Actor.orc": "engaged", "Actor.goblin": "farAway" });
    expect(flags().actions).toBeUndefined();
    // No target: refused, nothing written.
    state.targets.clear();
    await click("setBand", "nearby");
    expect(state.warnings).toEqual([i18n.localize("D20C.Actions.Refused.NoTarget")]);
  });

  it("[13A-ACTIONS] [13A-ENGAGE] out of its turn the hero intercepts the goblin moving past: a free action (nothing spent, no warning), now engaged with it", async () => {
    combat.current = "c-orc";
    state.targets.add(targetStandIn(goblin) as never);
    await click("intercept");
    expect(state.warnings).toEqual([]);
    expect(state.errors).toEqual([]);
    expect(flags().procedures?.bands).toEqual({ "Actor.goblin": "engaged" });
    expect(flags().actions?.left ?? { standard: 1, move: 1, quick: 1, interrupt: 1 }).toMatchObject({
      standard: 1,
      move: 1,
      quick: 1,
      interrupt: 1,
    });
    expect(JSON.stringify(state.messages)).toContain("Intercepts Goblin, moving past: now engaged with it.");
  });

  it("[13A-ENGAGE] moving away without disengaging prompts the engaged foe only, whispered to its owners, and spends the move", async () => {
    state.targets.add(targetStandIn(orc) as never);
    await click("setBand", "engaged");
    state.targets.clear();
    state.targets.add(targetStandIn(goblin) as never);
    await click("setBand", "nearby");
    state.messages.length = 0;
    await click("moveAway");
    const posted = prompts();
    expect(posted).toHaveLength(1);
    expect(posted[0]!.data.whisper).toEqual(["gm"]);
    expect(String(posted[0]!.data.content)).toContain("Orc");
    expect(flags().procedures?.bands["Actor.orc"]).toBe("nearby");
    expect(flags().actions?.left).toMatchObject({ standard: 1, move: 0, quick: 1 });
  });

  it("[13A-ENGAGE] a passed disengage (11 on the d20) lets the hero move away with no prompt; the move is spent", async () => {
    state.targets.add(targetStandIn(orc) as never);
    await click("setBand", "engaged");
    standInAttackFaces.push(11);
    await click("disengage");
    expect(flags().procedures?.marks.disengaged).toBe(2);
    expect(flags().actions?.left).toMatchObject({ standard: 1, move: 0 });
    state.messages.length = 0;
    // [13A-ACTIONS] moving now needs a second move: the standard action pays for it.
    await click("moveAway");
    expect(prompts()).toHaveLength(0);
    expect(flags().actions?.left).toMatchObject({ standard: 0, move: 0, quick: 1 });
    expect(state.warnings).toEqual([]);
  });

  it("[13A-ENGAGE] a failed disengage (10) loses the move; moving away with the standard then provokes", async () => {
    state.targets.add(targetStandIn(orc) as never);
    await click("setBand", "engaged");
    standInAttackFaces.push(10);
    await click("disengage");
    expect(flags().procedures?.marks.disengaged).toBeUndefined();
    expect(flags().actions?.left.move).toBe(0);
    const card = ruleCardIn(state.messages.at(-1)!.data)!;
    expect(card.events[0]!.key).toBe("D20C.Age13.Event.disengageFailed");
    state.messages.length = 0;
    await click("moveAway");
    expect(prompts()).toHaveLength(1);
    expect(flags().actions?.left).toMatchObject({ standard: 0, move: 0 });
  });

  it("[13A-ENGAGE] disengaging while engaged with nobody is refused: no roll, nothing spent", async () => {
    standInAttackFaces.push(15);
    await click("disengage");
    expect(state.warnings).toEqual([i18n.localize("D20C.Age13.Procedure.disengage.NotEngaged")]);
    expect(standInAttackFaces).toEqual([15]);
    expect(flags()).toBeUndefined();
  });
});
