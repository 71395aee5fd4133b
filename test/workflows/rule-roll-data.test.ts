/**
 * [SYS-HIDDEN] [13A-RECOV] Every roll a rule asks for is built with the roller's roll data. A 13th
 * Age recovery written `1d8 + @con` is rolled from the REAL sheet action handler (Spend a
 * recovery) through the real request roller (src/workflows/foundry-docs.ts `rollRequest`), with the
 * stand-in `Roll` of test/stand-ins/foundry-attack.ts, which resolves `@` references from roll data
 * and, like Foundry, refuses to evaluate a formula with one left unresolved. The roll data is the
 * product's own (`actorRollData`, what `D20Actor#getRollData` returns).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { actorRollData } from "../../src/data/prepare.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource } from "../../src/engine/types.js";
import { StandInAttackRoll, standInAttackFaces } from "../stand-ins/foundry-attack.js";
import { SheetActorStandIn, installSheetStandIn, type SheetStandInState } from "../stand-ins/foundry-sheet.js";
import type * as SheetNs from "../../src/applications/sheets/actor-sheet.js";

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

/** An actor whose roll data is the product's (abilities' modifiers as `@con`, `@level`…). */
class RollDataActor extends SheetActorStandIn {
  override getRollData(): Record<string, unknown> {
    const source = this.toEngineSource();
    return { ...actorRollData(source, getRuleset("13th-age").deriveActor(source, {}), 0) };
  }
}

let state: SheetStandInState;
let uninstall: () => void;
let actions: Record<string, Handler>;

beforeAll(async () => {
  ({ state, uninstall } = installSheetStandIn("13th-age"));
  const { D20ActorSheet } = (await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs;
  actions = D20ActorSheet.DEFAULT_OPTIONS.actions as Record<string, Handler>;
});
afterAll(() => uninstall());
beforeEach(() => {
  state.messages.length = 0;
  state.errors.length = 0;
  standInAttackFaces.length = 0;
});

const hurtHero = (formula: string): ActorSource =>
  defaultActorSource({
    kind: "character",
    level: 3,
    abilities: { str: 10, dex: 10, con: 16, int: 10, wis: 10, cha: 10 },
    hp: { value: 5, max: 40, temp: 0 },
    recoveries: { value: 4, max: 8, formula, noRecoveryUses: 0, ralliesThisBattle: 0, battlesSinceHealUp: 0 },
  });

async function spendRecovery(actor: SheetActorStandIn): Promise<void> {
  await actions.spendRecovery!.call({ document: actor, d20Actor: actor }, {}, {});
}

describe("[SYS-HIDDEN] rule rolls get the roller's roll data", () => {
  it("[13A-RECOV] a recovery written '1d8 + @con' rolls 1d8 + 3 for a Con 16 hero and heals by the total", async () => {
    const hero = new RollDataActor("hero", "Ardent", hurtHero("1d8 + @con"));
    standInAttackFaces.push(6);
    await spendRecovery(hero);
    expect(state.errors).toEqual([]);
    expect(hero.source.hp.value).toBe(5 + 6 + 3);
    expect(hero.source.recoveries.value).toBe(3);
    const card = state.messages.at(-1)!.data;
    const rolls = card.rolls as StandInAttackRoll[];
    expect(rolls.map((r) => r.formula)).toEqual(["1d8 + 3"]);
    expect(rolls[0]!.total).toBe(9);
  });

  it("[13A-RECOV] the stand-in Roll is strict: without roll data the same formula fails and nothing changes", async () => {
    expect(() => StandInAttackRoll.replaceFormulaData("1d8 + @con", {})).not.toThrow();
    await expect(new StandInAttackRoll("1d8 + @con").evaluate()).rejects.toThrow(/unresolved StringTerm @con/);
    // An actor whose roll data lacks the reference: the roll refuses, HP and recoveries stay.
    const hero = new SheetActorStandIn("hero", "Ardent", hurtHero("1d8 + @nosuch"));
    standInAttackFaces.push(6);
    await spendRecovery(hero);
    expect(state.errors.join(" ")).toMatch(/@nosuch/);
    expect(hero.source.hp.value).toBe(5);
    expect(hero.source.recoveries.value).toBe(4);
  });

  it("[13A-SAVE] a save and a death save from the sheet roll through the same roller (with roll data)", async () => {
    const hero = new RollDataActor("hero", "Ardent", {
      ...hurtHero("1d8"),
      hp: { value: -3, max: 40, temp: 0 },
      state: "dying",
    });
    standInAttackFaces.push(14);
    await actions.rollDeathSave!.call({ document: hero, d20Actor: hero }, {}, {});
    expect(state.errors).toEqual([]);
    expect((state.messages.at(-1)!.data.rolls as StandInAttackRoll[])[0]!.total).toBe(14);
  });
});
