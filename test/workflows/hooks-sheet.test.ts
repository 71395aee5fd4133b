/**
 * [SYS-HOOKS] Modules' hooks around the sheet's saves, rests and procedures, through the REAL sheet
 * handlers (`rollSave`, `takeRest`, `useProcedure`) with the sheet stand-in, Foundry's `Hooks`
 * registry stand-in (test/stand-ins/hooks.ts) and recorded dice, in 13th Age (a normal save is
 * 11+ on the total): `preSave` cancels or moves the target within bounds (said on the card),
 * `save` reads the decided rolls frozen; `preRest`/`preProcedure` cancel, `rest`/`procedure` read.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { defaultActorSource } from "../../src/engine/common.js";
import type { RuleCardData } from "../../src/engine/plans/card-data.js";
import type { ResolvedRequest } from "../../src/engine/plans/requests.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import { PowerItemStandIn } from "../stand-ins/foundry-items.js";
import {
  SheetActorStandIn,
  clickTarget,
  installSheetStandIn,
  sheetInstance,
  sheetThis,
  targetStandIn,
  type SheetStandInState,
} from "../stand-ins/foundry-sheet.js";
import { installHooksStandIn, type HooksStandIn } from "../stand-ins/hooks.js";
import { attackCardIn, drawnCardHtml, ruleCardIn } from "../support/card-messages.js";
import { getRuleset } from "../../src/engine/registry.js";
import { npc, power } from "./attack-fixtures.js";
import type * as SheetNs from "../../src/applications/sheets/actor-sheet.js";

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;
let state: SheetStandInState;
let uninstall: () => void;
let hooks: HooksStandIn;
let uninstallHooks: () => void;
let actions: Record<string, Handler>;
let sheetClass: typeof SheetNs.D20ActorSheet;

beforeAll(async () => {
  ({ state, uninstall } = installSheetStandIn("13th-age"));
  ({ hooks, uninstall: uninstallHooks } = installHooksStandIn());
  ({ D20ActorSheet: sheetClass } = (await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs);
  actions = sheetClass.DEFAULT_OPTIONS.actions as Record<string, Handler>;
});
afterAll(() => {
  uninstallHooks();
  uninstall();
});

let hero: SheetActorStandIn;
beforeEach(() => {
  hooks.events = {};
  state.messages.length = 0;
  state.errors.length = 0;
  state.warnings.length = 0;
  state.targets.clear();
  standInAttackFaces.length = 0;
  hero = new SheetActorStandIn(
    "hero",
    "Ardent",
    defaultActorSource({ kind: "character", hp: { value: 20, max: 30, temp: 0 } }),
  );
  hero.items.add(
    new PowerItemStandIn(
      "blast",
      "Blast",
      { usage: "daily", recharge: 0, used: true, uses: { spent: 1, max: 1 } },
      power(),
    ),
  );
});

const on = (hook: string, fn: (data: never) => unknown) => hooks.on(`${SYSTEM_ID}.${hook}`, fn as never);

/** Press the sheet's "normal" save with a d20 of `face`; the rule card posted, if any. */
async function save(face: number): Promise<RuleCardData | undefined> {
  standInAttackFaces.push(face);
  await actions.rollSave!.call(
    sheetThis(sheetClass, hero),
    { altKey: false, ctrlKey: false, metaKey: false },
    clickTarget({ kind: "normal" }),
  );
  const last = state.messages.at(-1);
  return last ? ruleCardIn(last.data) : undefined;
}

describe("[SYS-HOOKS] d20-combat.preSave / d20-combat.save on the sheet", () => {
  it("[SYS-HOOKS] a preSave listener returning false cancels the save: nothing rolled, written or posted", async () => {
    const seen: { kind: string; target: number | null }[] = [];
    on("preSave", (data: { kind: string; target: number | null }) => {
      seen.push(data);
      return false;
    });
    const before = hero.toEngineSource();
    expect(await save(12)).toBeUndefined();
    expect(standInAttackFaces).toEqual([12]);
    expect(hero.toEngineSource()).toEqual(before);
    expect(seen).toMatchObject([{ kind: "normal", target: 11, actorName: "Ardent" }]);
  });

  it("[SYS-HOOKS] a preSave listener moves the target from 11 to 13: a 12 now fails, and the card says who moved it", async () => {
    expect((await save(12))!.rolls[0]).toMatchObject({ target: 11, success: true });
    on("preSave", () => ({ target: 13, source: "Hex Module" }));
    const card = (await save(12))!;
    expect(card.rolls[0]).toMatchObject({ total: 12, target: 13, success: false });
    expect(card.events).toContainEqual({ key: "D20C.Hooks.From", data: { amount: "+2", source: "Hex Module" } });
    expect(String(state.messages.at(-1)!.data.content)).toContain("+2 from Hex Module");
  });

  it("[SYS-HOOKS] a target moved more than 10, or below 1, is refused with a notice; the save keeps its 11", async () => {
    on("preSave", () => ({ target: 30, source: "Far Too Hard" }));
    on("preSave", () => ({ target: 0, source: "Free Pass" }));
    const card = (await save(12))!;
    expect(card.rolls[0]).toMatchObject({ target: 11, success: true });
    expect(state.warnings).toHaveLength(2);
  });

  it("[SYS-HOOKS] the save post hook reads the decided rolls, frozen; a throwing preSave listener is reported and skipped", async () => {
    on("preSave", () => {
      throw new Error("save hook bug");
    });
    const got: { rolls: ResolvedRequest[] }[] = [];
    on("save", (data: { rolls: ResolvedRequest[] }) => got.push(data));
    const card = (await save(9))!;
    expect(card.rolls[0]).toMatchObject({ total: 9, success: false });
    expect(state.errors.join(" ")).toMatch(/preSave hook failed and was skipped: save hook bug/);
    expect(got).toHaveLength(1);
    expect(got[0]!.rolls[0]).toMatchObject({ success: false, result: { total: 9 } });
    expect(Object.isFrozen(got[0]!.rolls[0]!.result)).toBe(true);
  });
});

describe("[SYS-HOOKS] d20-combat.preRest / rest and preProcedure / procedure on the sheet", () => {
  const rest = () =>
    actions.takeRest!.call(sheetThis(sheetClass, hero), { shiftKey: false }, clickTarget({ rest: "fullHealUp" }));

  it("[SYS-HOOKS] a preRest listener returning false cancels the rest: powers stay spent, no card", async () => {
    on("preRest", (data: { rest: string }) => data.rest !== "fullHealUp");
    await rest();
    expect(hero.items.get("blast")!.system.used).toBe(true);
    expect(state.messages).toEqual([]);
  });

  it("[SYS-HOOKS] the rest post hook reads the rest taken and the powers it brought back", async () => {
    const got: { rest: string; powers: string[] }[] = [];
    on("rest", (data: { rest: string; powers: string[] }) => got.push(data));
    await rest();
    expect(hero.items.get("blast")!.system.used).toBe(false);
    expect(got).toMatchObject([{ rest: "fullHealUp", powers: ["blast"], actorUuid: "Actor.hero" }]);
  });

  it("[SYS-HOOKS] a preProcedure listener cancels the Actions panel's procedure; without it the procedure runs and its post hook reads what it did", async () => {
    const press = () =>
      actions.useProcedure!.call(
        sheetThis(sheetClass, hero),
        { shiftKey: false },
        clickTarget({ procedureId: "moveAway" }),
      );
    const id = on("preProcedure", (data: { procedureId: string }) =>
      data.procedureId === "moveAway" ? false : undefined,
    );
    await press();
    expect(state.messages).toEqual([]);
    hooks.off(`${SYSTEM_ID}.preProcedure`, id);
    const got: { procedureId: string }[] = [];
    on("procedure", (data: { procedureId: string }) => got.push(data));
    standInAttackFaces.push(12);
    await press();
    expect(state.messages).toHaveLength(1);
    expect(got).toMatchObject([{ procedureId: "moveAway", actorName: "Ardent" }]);
  });
});

describe("[SYS-HOOKS] d20-combat.preAttack on the sheet's attack click", () => {
  /** Click the hero's Strike on the sheet (shift-click: no dialog) against an orc, with a d20 of `face`. */
  async function click(face: number) {
    hero.items.add(
      new PowerItemStandIn(
        "strike",
        "Strike",
        { usage: "atWill", recharge: 0, used: false, uses: { spent: 0, max: 1 } },
        power({ damage: "5" }),
      ),
    );
    state.targets.clear();
    state.targets.add(
      targetStandIn(new SheetActorStandIn("orc", "Orc", npc(getRuleset("13th-age"), 10), false)) as never,
    );
    standInAttackFaces.push(face);
    await actions.useItem!.call(sheetInstance(sheetClass, hero), { shiftKey: true }, clickTarget({ itemId: "strike" }));
  }

  it("[SYS-HOOKS] a preAttack listener cancels the sheet's click (nothing posted), or adds its bonus to the roll and its name to the card", async () => {
    const id = on("preAttack", () => false);
    await click(10);
    expect(state.messages).toEqual([]);
    expect(standInAttackFaces).toEqual([10]); // never rolled
    standInAttackFaces.length = 0;
    hooks.off(`${SYSTEM_ID}.preAttack`, id);
    await click(10);
    expect([...state.errors, ...state.warnings]).toEqual([]);
    const plain = attackCardIn(state.messages.at(-1)!.data)!.targets[0]!.outcome.total;
    on("preAttack", () => ({ bonus: 3, source: "Inspire Module" }));
    await click(10);
    const card = attackCardIn(state.messages.at(-1)!.data)!;
    expect(card.targets[0]!.outcome.total).toBe(plain + 3);
    expect(await drawnCardHtml(state.messages.at(-1)!.data)).toContain("+3 from Inspire Module");
  });
});
