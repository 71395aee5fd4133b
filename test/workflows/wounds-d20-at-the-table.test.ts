/**
 * Wounds d20 rules read again at the table, through the REAL entry points with the stand-ins of
 * test/stand-ins/foundry-sheet.ts and recorded dice: the sheet's attack (`rollAttack`, shift-clicked
 * so no dialog is ticked) against a creature whose conditions say it is caught off guard, and the
 * sheet's Death save button, whose card's result follows the natural roll.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource } from "../../src/engine/types.js";
import type * as AttackNs from "../../src/workflows/attack.js";
import type * as SheetNs from "../../src/applications/sheets/actor-sheet.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import { ItemStandIn, standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  CombatStandIn,
  CombatantStandIn,
  SheetActorStandIn,
  installSheetStandIn,
  targetStandIn,
  type SheetStandInState,
} from "../stand-ins/foundry-sheet.js";
import { attackCardIn } from "../support/card-messages.js";
import { powerSource, weaponSource } from "../support/engine-fixtures.js";

let state: SheetStandInState;
let setCombat: (c: CombatStandIn | null) => void;
let uninstall: () => void;
let attack: typeof AttackNs;
type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;
let rollDeathSave: Handler;

beforeAll(async () => {
  ({ state, setCombat, uninstall } = installSheetStandIn("wounds-d20"));
  attack = await import("../../src/workflows/attack.js");
  const { D20ActorSheet } = (await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs;
  rollDeathSave = (D20ActorSheet.DEFAULT_OPTIONS.actions as Record<string, Handler>).rollDeathSave!;
});
afterAll(() => uninstall());

const wd = getRuleset("wounds-d20");
const scores = { str: 14, dex: 12, con: 12, int: 10, wis: 10, cha: 10 };
const creature = (over: Partial<ActorSource> = {}) =>
  defaultActorSource({ kind: "npc", abilities: scores, hp: { value: 20, max: 20, temp: 0 }, ...over });

let fighter: SheetActorStandIn;
let elf: SheetActorStandIn;

beforeEach(() => {
  state.targets.clear();
  state.messages.length = 0;
  state.warnings.length = 0;
  standInAttackFaces.length = 0;
  fighter = new SheetActorStandIn("fighter", "Fighter", creature({ kind: "character" }));
  // Dex 18 (+4): its flat-footed AC (no Dex bonus) is 4 below its AC.
  elf = new SheetActorStandIn("elf", "Elf", creature({ abilities: { ...scores, dex: 18 } }), false);
  setCombat(new CombatStandIn(1, [new CombatantStandIn("c-f", fighter), new CombatantStandIn("c-e", elf)], "c-f"));
});

const sword = () =>
  new ItemStandIn("weapon", "Longsword", powerSource({ defense: "ac" }), weaponSource({ damageDice: "1d8" }));
const card = () => attackCardIn(state.messages.at(-1)!.data)!.targets[0]!;
const defense = (key: string) => wd.deriveActor(elf.engineView(), {}).defenses[key]!;

describe("[WD-FLAT] caught off guard by its condition", () => {
  it.each([
    ["the surprise round's Surprised effect", "Surprised", "flatFooted"],
    ["a flat-footed effect", "Flat-footed", "flatFooted"],
  ])(
    "[WD-FLAT] [WD-SURPRISE] %s: a shift-clicked attack meets the elf's flat-footed AC with nobody ticking the dialog",
    async (_what, name, status) => {
      elf.addEffect("off", name, { duration: "startOfNextTurn", sourceCombatantId: "c-e" }).statuses.add(status);
      state.targets.add(targetStandIn(elf) as never);
      standInAttackFaces.push(10, 4);
      await attack.rollAttack(fighter as never, sword() as never, { fastForward: true });
      // 10 + Str 2 = 12 meets flat-footed AC 10 (AC 14 less the Dex bonus).
      expect([defense("flat"), defense("ac")]).toEqual([10, 14]);
      expect(card().outcome).toMatchObject({ defenseKey: "flat", total: 12, result: "hit" });
    },
  );

  it("[WD-FLAT] without such a condition the same attack meets its AC", async () => {
    state.targets.add(targetStandIn(elf) as never);
    standInAttackFaces.push(10, 4);
    await attack.rollAttack(fighter as never, sword() as never, { fastForward: true });
    expect(card().outcome).toMatchObject({ defenseKey: "ac", total: 12, result: "miss" });
  });
});

describe("[WD-SAVES] a save's shown result follows the natural roll", () => {
  const i18n = createI18nStandIn();
  /** The result words of the last card's rolls. */
  const shownResults = () => {
    const html = String(state.messages.at(-1)?.data.content ?? "");
    return [i18n.localize("D20C.Chat.Success"), i18n.localize("D20C.Chat.Failure")].filter((w) => html.includes(w));
  };

  it("[WD-SAVES] [WD-DYING] [WD-DEATHDC] the sheet's Death save: a natural 20 (total 20 against DC 25) stabilises and its card reads Success", async () => {
    const hurt = new SheetActorStandIn(
      "hurt",
      "Hurt",
      creature({ state: "dying", hp: { value: -30, max: 20, temp: 0 } }),
    );
    standInAttackFaces.push(20);
    await rollDeathSave.call({ document: hurt, d20Actor: hurt }, {}, {});
    expect(state.errors).toEqual([]);
    expect(hurt.source.state).toBe("stable");
    expect(shownResults()).toEqual([i18n.localize("D20C.Chat.Success")]);
  });

  it("[WD-SAVES] [WD-DYING] [WD-DEATHDC] a natural 1 (total 16 against DC 12) kills and its card reads Failure", async () => {
    const hurt = new SheetActorStandIn(
      "hurt",
      "Hurt",
      creature({ state: "dying", baseSaveBonus: 15, hp: { value: -4, max: 20, temp: 0 } }),
    );
    standInAttackFaces.push(1);
    await rollDeathSave.call({ document: hurt, d20Actor: hurt }, {}, {});
    expect(hurt.source.state).toBe("dead");
    expect(shownResults()).toEqual([i18n.localize("D20C.Chat.Failure")]);
  });
});
