/**
 * Power data ([SYS-POWERS], [SYS-DOCS]): a power stored in today's shape (no effects, no per-rest
 * uses) is read with the new fields' defaults and left untouched by the migration; the effects
 * editor's form data becomes the stored list. (Switching games: test/data/ruleset-switch.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { powerEffectsFromForm } from "../../src/applications/sheets/power-effects.js";
import { powerSourceFrom, powerUsageFrom } from "../../src/data/item-source.js";
import { powerSchema } from "../../src/data/schema.js";
import { migrateItemSystem } from "../../src/migrations/migrate-data.js";
import { standInFields, standInFill } from "../stand-ins/foundry-fields.js";

/** A power as the previous version stored it, field for field. */
const TODAY = {
  description: "",
  attackAbility: "str",
  attackBonus: 0,
  defense: "pd",
  range: "melee",
  actionType: "standard",
  usage: "recharge",
  recharge: 16,
  used: true,
  hitEffect: "The target is dazed (save ends).",
  missText: "",
  critText: "",
  damage: "1d8",
  damageTypes: [],
  missEffect: "none",
  missDamage: "",
  critDamage: "",
  critRange: 0,
  ongoing: null,
  touch: false,
  nonlethal: false,
  weaponId: "",
};

describe("power data", () => {
  it("[SYS-POWERS] a power in today's shape migrates unchanged and reads no effects, one use per rest, its usage as stored", () => {
    expect(migrateItemSystem("power", TODAY)).toEqual(TODAY);
    const filled = standInFill(powerSchema(standInFields) as Record<string, unknown>, structuredClone(TODAY));
    expect(filled.effects).toEqual([]);
    expect(filled.uses).toEqual({ spent: 0, max: 1 });
    expect(powerSourceFrom(TODAY, {}).effects).toEqual([]);
    expect(powerSourceFrom(TODAY, {}).texts).toEqual({ hit: "The target is dazed (save ends).", miss: "", crit: "" });
    expect(powerUsageFrom(TODAY)).toEqual({ usage: "recharge", recharge: 16, used: true, uses: { spent: 0, max: 1 } });
  });

  it("[SYS-POWERS] the effects editor's rows become the stored list: ongoing 0 is none, an unticked aftereffect is none, N+ kept within 1–20", () => {
    const stored = powerEffectsFromForm({
      1: { outcome: "miss", trigger: { kind: "any", value: 7 }, statuses: "weakened", duration: "endOfNextTurn" },
      0: {
        outcome: "hit",
        trigger: { kind: "atLeast", value: 25 },
        statuses: ["dazed"],
        duration: "saveEnds",
        save: "hard",
        sustain: "",
        ongoing: { amount: 0, type: "fire" },
        text: "Pushed 1 square.",
        aftereffect: {
          enabled: true,
          statuses: ["weakened"],
          duration: "saveEnds",
          save: "normal",
          ongoing: { amount: 3, type: "" },
        },
      },
    });
    expect(stored).toEqual([
      {
        outcome: "hit",
        trigger: { kind: "atLeast", value: 20 },
        text: "Pushed 1 square.",
        statuses: ["dazed"],
        duration: "saveEnds",
        save: "hard",
        sustain: null,
        ongoing: null,
        aftereffect: {
          statuses: ["weakened"],
          duration: "saveEnds",
          save: "normal",
          sustain: null,
          ongoing: { amount: 3, type: "untyped" },
        },
      },
      {
        outcome: "miss",
        trigger: { kind: "any", value: 0 },
        text: "",
        statuses: ["weakened"],
        duration: "endOfNextTurn",
        save: "normal",
        sustain: null,
        ongoing: null,
        aftereffect: null,
      },
    ]);
  });
});
