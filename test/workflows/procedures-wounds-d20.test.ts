/**
 * Wounds d20 procedures from the sheet's Actions panel, driven through the REAL sheet action handler
 * with the stand-ins of test/stand-ins/foundry-sheet.ts and recorded dice; asserts on the documents
 * afterwards: the patient's state, the saver's wounds, the helper's actions left ([WD-HEALCHECK],
 * [WD-NASTY], [WD-STAGGER]).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  SheetActorStandIn,
  clickTarget,
  installSheetStandIn,
  sheetThis,
  targetStandIn,
  type CombatStandIn,
  type SheetStandInState,
} from "../stand-ins/foundry-sheet.js";
import { installSceneStandIn, placeToken } from "../stand-ins/foundry-scene.js";
import { medicAndPatient } from "./procedure-fixtures.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import type * as SheetNs from "../../src/applications/sheets/actor-sheet.js";

const i18n = createI18nStandIn();
type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

let state: SheetStandInState;
let setCombat: (c: CombatStandIn | null) => void;
let uninstall: () => void;
let useProcedure: Handler;
let sheetClass: { prototype: object };

beforeAll(async () => {
  ({ state, setCombat, uninstall } = installSheetStandIn("wounds-d20"));
  const { D20ActorSheet } = (await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs;
  useProcedure = (D20ActorSheet.DEFAULT_OPTIONS.actions as Record<string, Handler>).useProcedure!;
  sheetClass = D20ActorSheet;
});
afterAll(() => uninstall());

let medic: SheetActorStandIn;
let fallen: SheetActorStandIn;
let combat: CombatStandIn;

beforeEach(() => {
  state.targets.clear();
  state.messages.length = 0;
  state.warnings.length = 0;
  standInAttackFaces.length = 0;
  ({ medic, fallen, combat } = medicAndPatient());
  setCombat(combat);
});

async function click(actor: SheetActorStandIn, id: string, choice: string | null = null, numbers = {}) {
  await useProcedure.call(sheetThis(sheetClass, actor), {}, clickTarget({ procedureId: id }, choice, numbers));
}
const left = () => (combat.list[0]!.flags["d20-combat"]?.actions as { left: Record<string, number> } | undefined)?.left;

describe("Wounds d20 Actions panel", () => {
  it("[WD-HEALCHECK] a Heal check (13 + 2 vs DC 15) stabilises the targeted dying creature and takes the full round", async () => {
    state.targets.add(targetStandIn(fallen) as never);
    standInAttackFaces.push(13);
    await click(medic, "healCheck");
    expect(state.warnings).toEqual([]);
    expect(fallen.source.state).toBe("stable");
    expect(left()).toEqual({ major: 0, minor: 0 });
    // Stable → conscious and staggered on the next success.
    standInAttackFaces.push(19);
    await click(medic, "healCheck");
    expect(fallen.source.state).toBe("staggered");
  });

  it("[WD-HEALCHECK] a failed check (12 + 2) changes nothing; the DC is the world's healCheckDC setting", async () => {
    state.targets.add(targetStandIn(fallen) as never);
    standInAttackFaces.push(12);
    await click(medic, "healCheck");
    expect(fallen.source.state).toBe("dying");
    state.settings.register(SYSTEM_ID, "wounds-d20.healCheckDC", { scope: "world", default: 12 });
    standInAttackFaces.push(10);
    await click(medic, "healCheck");
    expect(fallen.source.state).toBe("stable");
  });

  it("[WD-HEALCHECK] [WD-BLOODIED] [WD-WOUNDED] a hurt medic's Heal check takes its check penalties: bloodied 13 + 2 − 1 misses DC 15; wounded 14 + 2 − 2 too; 15 + 2 − 2 stabilises", async () => {
    state.targets.add(targetStandIn(fallen) as never);
    state.settings.register(SYSTEM_ID, "wounds-d20.healCheckDC", { scope: "world", default: 15 });
    medic.source = { ...medic.source, hp: { value: 10, max: 20, temp: 0 } };
    standInAttackFaces.push(13);
    await click(medic, "healCheck");
    expect(standInAttackFaces).toEqual([]);
    expect(fallen.source.state).toBe("dying");
    medic.source = { ...medic.source, hp: { value: 5, max: 20, temp: 0 } };
    standInAttackFaces.push(14);
    await click(medic, "healCheck");
    expect(fallen.source.state).toBe("dying");
    standInAttackFaces.push(15);
    await click(medic, "healCheck");
    expect(fallen.source.state).toBe("stable");
  });

  it("[WD-HEALCHECK] only a dying or stable creature can be helped; none targeted, nothing rolled", async () => {
    const fine = new SheetActorStandIn("fine", "Fine", defaultActorSource({ kind: "character" }));
    state.targets.add(targetStandIn(fine) as never);
    standInAttackFaces.push(20);
    await click(medic, "healCheck");
    expect(state.warnings).toEqual([i18n.localize("D20C.WD.Procedure.healCheck.NotDying")]);
    expect(standInAttackFaces).toEqual([20]);
    state.targets.clear();
    await click(medic, "healCheck");
    expect(state.warnings.at(-1)).toBe(i18n.localize("D20C.Actions.Refused.OneTarget"));
  });

  it.each([["unconscious"], ["stable"], ["dying"]] as const)(
    "[WD-HEALCHECK] a %s medic cannot make the Heal check: refused with the reason, nothing rolled or spent; back on its feet it can",
    async (down) => {
      state.targets.add(targetStandIn(fallen) as never);
      medic.source = { ...medic.source, state: down, hp: { value: 0, max: 20, temp: 0 } };
      standInAttackFaces.push(19);
      await click(medic, "healCheck");
      expect(state.warnings).toEqual([i18n.localize("D20C.WD.Procedure.healCheck.HelperDown")]);
      expect(standInAttackFaces).toEqual([19]);
      expect(fallen.source.state).toBe("dying");
      expect(left()?.major ?? 1).toBe(1);
      medic.source = { ...medic.source, state: "staggered", hp: { value: 1, max: 20, temp: 0 } };
      await click(medic, "healCheck");
      expect(fallen.source.state).toBe("stable");
    },
  );

  it("[WD-NASTY] a save against a wound that fails on a natural 1 inflicts a nasty wound; a plain failure a normal one; a pass none", async () => {
    standInAttackFaces.push(1);
    await click(medic, "woundingSave", "death", { dc: 15, severity: 3 });
    expect(medic.source.wounds).toEqual([{ severity: 3, location: "", nasty: true }]);
    standInAttackFaces.push(5);
    await click(medic, "woundingSave", "death", { dc: 15, severity: 2 });
    expect(medic.source.wounds[1]).toEqual({ severity: 2, location: "", nasty: false });
    standInAttackFaces.push(18);
    await click(medic, "woundingSave", "death", { dc: 15, severity: 2 });
    expect(medic.source.wounds).toHaveLength(2);
    // A save is no action: nothing spent.
    expect(left()).toBeUndefined();
  });
});

describe("[WD-HEALCHECK] the helper beside the patient", () => {
  /** The medic's and the patient's tokens on a 100 px square grid with the scene reading on. */
  function onScene(patientAt: [number, number], gridType = 1) {
    const canvas = installSceneStandIn();
    canvas.scene.gridType = gridType;
    state.settings.register(SYSTEM_ID, "sceneReading", { scope: "world", default: true });
    placeToken(canvas.scene, "t-medic", medic as never, 2, 2, 1);
    const patient = placeToken(canvas.scene, "t-fallen", fallen as never, ...patientAt, 1);
    state.targets.add(patient as never);
    return canvas.uninstall;
  }

  it("[WD-HEALCHECK] on a square grid the Heal check needs the helper's token next to the patient's: two squares away it is refused, nothing rolled or spent", async () => {
    const uninstallScene = onScene([5, 2]);
    try {
      standInAttackFaces.push(19);
      await click(medic, "healCheck");
      expect(state.warnings).toEqual([i18n.localize("D20C.WD.Procedure.healCheck.NotAdjacent")]);
      expect(standInAttackFaces).toEqual([19]);
      expect(fallen.source.state).toBe("dying");
      expect(left()).toBeUndefined();
    } finally {
      uninstallScene();
    }
  });

  it("[WD-HEALCHECK] a diagonal neighbour on the grid is adjacent: the check is rolled and stabilises the patient", async () => {
    const uninstallScene = onScene([3, 3]);
    try {
      standInAttackFaces.push(13);
      await click(medic, "healCheck");
      expect(state.warnings).toEqual([]);
      expect(fallen.source.state).toBe("stable");
      expect(left()).toEqual({ major: 0, minor: 0 });
    } finally {
      uninstallScene();
    }
  });

  it("[WD-HEALCHECK] on a gridless scene the helper's targeting stands as its word: far apart, the check still goes ahead", async () => {
    const uninstallScene = onScene([9, 9], 0);
    try {
      standInAttackFaces.push(13);
      await click(medic, "healCheck");
      expect(state.warnings).toEqual([]);
      expect(fallen.source.state).toBe("stable");
    } finally {
      uninstallScene();
    }
  });
});
