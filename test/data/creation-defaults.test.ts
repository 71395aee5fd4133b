/**
 * A new actor starts as its game expects ([SYS-WORDS]): Hundred Dungeons reads abilities as
 * modifiers, so a blank creature starts at +0 in each (not the data model's scores of 10); a new
 * player character's prototype token is linked, friendly and shows its HP bar; every damage type
 * of every game shows its own label. Creation runs through the real `D20Actor#_preCreate` over the
 * Actor stand-in (test/stand-ins/foundry-actor.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as ActorModuleNs from "../../src/documents/actor.js";
import { toActorSource } from "../../src/data/prepare.js";
import { actorSchema } from "../../src/data/schema.js";
import { abilitiesOnCreate, prototypeTokenOnCreate, recoveriesOnCreate } from "../../src/data/stamp.js";
import { damageTypeLabelWith } from "../../src/applications/sheets/labels.js";
import { allRulesets, getRuleset } from "../../src/engine/registry.js";
import { ABILITY_KEYS, type RulesetId } from "../../src/engine/types.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import {
  CORE_PROTOTYPE_TOKEN_STAND_IN,
  StandInFoundryActor,
  installFoundryActorStandIn,
  standInActorWorld,
} from "../stand-ins/foundry-actor.js";
import { standInFields, standInFill } from "../stand-ins/foundry-fields.js";
import { createI18nStandIn, standInLangStrings } from "../stand-ins/i18n.js";

type Plain = Record<string, unknown>;

let uninstall: () => void = () => undefined;
let D20Actor: (typeof ActorModuleNs)["D20Actor"];

beforeAll(async () => {
  uninstall = installFoundryActorStandIn();
  StandInFoundryActor.systemInitial = standInFill(actorSchema(standInFields), {});
  ({ D20Actor } = await import("../../src/documents/actor.js"));
});
afterAll(() => uninstall());
beforeEach(() => {
  standInActorWorld.rulesetId = "13th-age";
});

/** Create an actor the way core does: construct it from the data, then run `_preCreate`. */
async function create(rulesetId: RulesetId, data: Plain): Promise<StandInFoundryActor> {
  standInActorWorld.rulesetId = rulesetId;
  const Cls = D20Actor as unknown as new (d: Plain) => StandInFoundryActor;
  const actor = new Cls(data);
  const allowed = await actor._preCreate(data, {}, {});
  expect(allowed).not.toBe(false);
  return actor;
}

describe("creation defaults from the active ruleset", () => {
  it("[SYS-WORDS] [HD-TURN] a new Hundred Dungeons character has +0 on every save and a d6 + 0 initiative", async () => {
    const hd = getRuleset("hundred-dungeons");
    const actor = await create("hundred-dungeons", { name: "Blank", type: "character" });
    const source = toActorSource("character", actor.system);
    for (const k of ABILITY_KEYS) expect(source.abilities[k], k).toBe(0);
    const derived = hd.deriveActor(source, {});
    for (const save of hd.saves) expect(derived.saves[save.key], save.key).toBe(0);
    expect(derived.initiative).toBe(0);
    expect(hd.initiativeFormula(source, derived).replace(/\s/g, "")).toMatch(/^1d6(\+0)?$/);
    expect(source.speed).toBe(60);
  });

  it("[SYS-WORDS] a Hundred Dungeons creature keeps the abilities its creation data names (an import)", async () => {
    const actor = await create("hundred-dungeons", { name: "Ogre", type: "npc", system: { abilities: { str: 4 } } });
    expect((actor.system.abilities as Plain).str).toBe(4);
    expect((actor.system.abilities as Plain).dex).toBe(0);
    expect(
      abilitiesOnCreate({ "system.abilities.con": 3 }, { str: 0, dex: 0, con: 0, int: 0, wis: 0, cha: 0 }),
    ).not.toHaveProperty("con");
  });

  it("[SYS-WORDS] a new Hundred Dungeons character has one hit die per level (1 of 1 at level 1, 4 of 4 at level 4)", async () => {
    const fresh = await create("hundred-dungeons", { name: "Blank", type: "character" });
    expect(toActorSource("character", fresh.system).recoveries).toMatchObject({ value: 1, max: 1 });
    const fourth = await create("hundred-dungeons", { name: "Vet", type: "character", system: { level: 4 } });
    expect(toActorSource("character", fourth.system).recoveries).toMatchObject({ value: 4, max: 4 });
    expect(recoveriesOnCreate({ "system.level": 3 }, (l) => l)).toEqual({ value: 3, max: 3 });
    // An import that names its hit dice keeps them.
    const named = await create("hundred-dungeons", {
      name: "Old",
      type: "character",
      system: { recoveries: { value: 2, max: 5 } },
    });
    expect(toActorSource("character", named.system).recoveries).toMatchObject({ value: 2, max: 5 });
    expect(recoveriesOnCreate({ "system.recoveries.max": 6 }, (l) => l)).toBeNull();
    // The other games keep the data model's count.
    for (const id of RULESET_IDS.filter((r) => r !== "hundred-dungeons")) {
      expect(getRuleset(id).startingRecoveries, id).toBeUndefined();
      const actor = await create(id, { name: "Blank", type: "character" });
      expect((actor.system.recoveries as Plain).max, id).toBe(8);
    }
  });

  it("[SYS-WORDS] the other three games keep the data model's scores of 10 (they read abilities as scores)", async () => {
    for (const id of RULESET_IDS.filter((r) => r !== "hundred-dungeons")) {
      expect(getRuleset(id).defaultAbilities, id).toBeUndefined();
      const actor = await create(id, { name: "Blank", type: "character" });
      for (const k of ABILITY_KEYS) expect((actor.system.abilities as Plain)[k], `${id} ${k}`).toBe(10);
    }
  });
});

describe("a new player character's prototype token", () => {
  it("[SYS-WORDS] is linked, friendly and shows its HP bar to its owners; core's bar 1 (hp) is kept", async () => {
    for (const id of RULESET_IDS) {
      const actor = await create(id, { name: "Hero", type: "character" });
      expect(actor.prototypeToken, id).toMatchObject({
        actorLink: true,
        disposition: 1,
        displayBars: 40,
        bar1: { attribute: "hp" },
      });
    }
  });

  it("[SYS-WORDS] an NPC keeps core's token defaults; a character's named token settings are kept", async () => {
    const npc = await create("ffd20", { name: "Goblin", type: "npc" });
    expect(npc.prototypeToken).toEqual(CORE_PROTOTYPE_TOKEN_STAND_IN);
    const imported = await create("ffd20", {
      name: "Spy",
      type: "character",
      prototypeToken: { disposition: 0, actorLink: false },
    });
    expect(imported.prototypeToken).toMatchObject({ actorLink: false, disposition: 0, displayBars: 40 });
    expect(prototypeTokenOnCreate("character", { "prototypeToken.displayBars": 0 })).not.toHaveProperty("displayBars");
  });
});

describe("damage type labels", () => {
  it("[SYS-WORDS] every damage type of every game resolves to a lang string: no raw key, no bare lower-case id", () => {
    const lang = standInLangStrings();
    const i18n = createI18nStandIn({ missing: "key" });
    const label = damageTypeLabelWith(
      (k) => lang.has(k),
      (k) => i18n.localize(k),
    );
    for (const rs of allRulesets())
      for (const type of rs.damageTypes) {
        const text = label(type);
        expect(text, `${rs.id} ${type}`).not.toBe(type);
        expect(text, `${rs.id} ${type}`).not.toMatch(/^D20C\./);
        expect(text[0], `${rs.id} ${type}`).toBe(text[0]!.toUpperCase());
      }
  });
});
