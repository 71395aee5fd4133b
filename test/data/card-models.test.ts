/**
 * The chat cards' data models, read with stand-in fields: each card kind's `system` schema comes
 * from its description (src/engine/plans/card-data.ts), keeps every part a card can have and drops
 * keys nothing describes (as Foundry's cleaning does; test/stand-ins/chat-data.ts imitates it), and
 * a card of an older version (in flags) reads the same as a typed one.
 */
import { describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { foundrySchema } from "../../src/data/fields.js";
import { conforms, group } from "../../src/engine/fields.js";
import { CARD_FIELDS, CARD_TYPES, type AttackCardData, type CardTarget } from "../../src/engine/plans/card-data.js";
import { cardData, cardOf, cardUpdateData, isCardMessage } from "../../src/workflows/card-messages.js";
import { cleanSystem } from "../stand-ins/chat-data.js";
import type { StandInDataField } from "../stand-ins/foundry-fields.js";
import { standInFields, type StandInArrayField, type StandInSchemaField } from "../stand-ins/foundry-fields.js";
import { threeTargetCard } from "../workflows/attack-card-fixture.js";
import { plainSituation } from "../../src/engine/plans/attack.js";

/** A card with every part a card may have (each target too): the test breaks when a part is added without it. */
async function fullCard(): Promise<Required<AttackCardData>> {
  const base = await threeTargetCard();
  const situation = plainSituation({ wrongSquare: false });
  const targets = base.targets.map((t): Required<CardTarget> => ({
    ...t,
    effects: [0],
    forced: [0],
    reactions: [{ key: "parry", label: "D20C.Reaction.Parry", cost: "reaction" }],
    reacted: "parry",
    shown: { outcome: t.outcome, odds: t.odds, hideDetails: true },
    scene: [{ text: "superior cover", kept: true }],
    warnings: ["nearby, not engaged"],
    situation,
    detailsHidden: true,
    missChance: { chance: 20, roll: 7 },
    parts: [
      { amount: t.damage, types: ["piercing"] },
      { amount: 0, types: ["fire"] },
    ],
  }));
  return {
    ...base,
    itemUuid: "Actor.a.Item.i",
    ongoing: { amount: 5, type: "fire", save: "normal", sourceCombatantId: "c1" },
    power: { texts: { hit: "Burns.", miss: "", crit: "" }, effects: [], sourceCombatantId: null },
    wrongSquare: true,
    situation,
    knockOut: true,
    targets,
    properties: ["magic", "silver"],
    saveAttack: { kind: "dex", label: "D20C.HD.Ability.dex", dc: 13, onSuccess: "half" },
    saveRolls: [{ targetUuid: "Scene.s1.Token.t1", messageId: "m1" }],
    targetCount: { formula: "1d3", count: 2 },
  };
}

type Fields = Record<string, StandInDataField>;
const schemaOf = (kind: keyof typeof CARD_FIELDS) =>
  foundrySchema(standInFields, CARD_FIELDS[kind]) as unknown as Fields;

describe("[SYS-DOCS] chat card data models", () => {
  it("[SYS-DOCS] every card kind is a message sub-type with a schema built from its description", () => {
    for (const kind of Object.keys(CARD_TYPES) as (keyof typeof CARD_TYPES)[]) {
      expect(CARD_TYPES[kind]).toBe(kind);
      expect(Object.keys(schemaOf(kind))).toEqual(Object.keys(CARD_FIELDS[kind]));
    }
  });

  it("[SYS-DOCS] a part a card may lack is neither required nor filled in; what the engine builds whole is one JSON field", () => {
    const attack = schemaOf("attack");
    for (const key of [
      "itemUuid",
      "ongoing",
      "power",
      "wrongSquare",
      "situation",
      "knockOut",
      "properties",
      "saveAttack",
      "targetCount",
    ]) {
      expect(attack[key]!.options, key).toMatchObject({ required: false, initial: undefined });
    }
    expect(attack.actorUuid!.options).toMatchObject({ required: true, blank: true });
    const target = (attack.targets as StandInArrayField).element as StandInSchemaField;
    for (const key of [
      "effects",
      "forced",
      "reactions",
      "reacted",
      "shown",
      "scene",
      "warnings",
      "situation",
      "detailsHidden",
    ]) {
      expect(target.fields[key]!.options, key).toMatchObject({ required: false, initial: undefined });
    }
    expect(target.fields.outcome!.constructor.name).toBe("StandInObjectField");
    expect(target.fields.odds!.options).toMatchObject({ nullable: true, initial: null });
    const ledger = schemaOf("ledger");
    expect(Object.keys((ledger.card as StandInSchemaField).fields)).toEqual(Object.keys(CARD_FIELDS.attack));
  });

  it("[SYS-DOCS] a card with every part keeps all of it through the schema's cleaning; a key nothing describes is dropped", async () => {
    const card = await fullCard();
    expect(conforms(group(CARD_FIELDS.attack), card)).toBe(true);
    const stored = structuredClone(card) as unknown as Record<string, unknown>;
    cleanSystem("attack", stored);
    expect(stored).toEqual(card);
    const extra = { ...structuredClone(card), bogus: 1, targets: card.targets.map((t) => ({ ...t, bogus: 2 })) };
    cleanSystem("attack", extra);
    expect(extra).toEqual(card);
    // The ledger holds the whole card too.
    const ledger = { version: 1, cardId: "m1", status: "valid", reason: "", card: structuredClone(card) };
    cleanSystem("ledger", ledger);
    expect(ledger.card).toEqual(card);
  });

  it("[SYS-DOCS] a card posted by an older version (in flags) reads as the typed one; updates keep each message's shape", async () => {
    const card = await threeTargetCard();
    // A data model hands its plain source out through toObject().
    const typed = { type: "attack", system: { toObject: () => structuredClone(card) }, flags: {} };
    const old = { type: "base", system: {}, flags: { [SYSTEM_ID]: { attack: structuredClone(card) } } };
    expect(cardOf(typed)).toEqual(card);
    expect(cardOf(old)).toEqual(card);
    expect(cardData(old, "ledger")).toBeNull();
    expect(isCardMessage(typed) && isCardMessage(old)).toBe(true);
    expect(isCardMessage({ type: "base", system: {}, flags: {} })).toBe(false);
    expect(cardUpdateData(typed, "attack", card)).toEqual({ system: card });
    expect(cardUpdateData(old, "attack", card)).toEqual({ flags: { [SYSTEM_ID]: { attack: card } } });
  });
});
