/**
 * The actor data model's preparation (`prepareBaseData` + `prepareDerivedData`, the REAL classes
 * over the boot stand-in's TypeDataModel): what it derives is what the ruleset derives from a copy
 * of the prepared data with the token's statuses, and deriving reads the prepared fields without
 * changing them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allRulesets } from "../../src/engine/registry.js";
import type { DerivedActor } from "../../src/engine/types.js";
import { actorSchema } from "../../src/data/schema.js";
import { toActorSource, withStatuses, type ActorSystemLike } from "../../src/data/prepare.js";
import { standInFields, standInFill } from "../stand-ins/foundry-fields.js";
import { installFoundryBootStandIn, type FoundryBootStandIn } from "../stand-ins/foundry-boot.js";
import type * as Models from "../../src/data/actor-models.js";

let boot: FoundryBootStandIn;
let models: typeof Models;

beforeAll(async () => {
  boot = installFoundryBootStandIn(13, "13th-age");
  (await import("../../src/settings.js")).registerSettings();
  models = await import("../../src/data/actor-models.js");
});
afterAll(() => boot.uninstall());

interface Prepared {
  prepareBaseData(): void;
  prepareDerivedData(): void;
  derived: DerivedActor;
  deriveError: string | null;
}

describe("the actor data model's preparation", () => {
  for (const r of allRulesets()) {
    it(`[SYS-DOCS] ${r.id}: derives what the ruleset derives from a copy, and leaves the prepared data as it was`, () => {
      boot.settings.values.set("d20-combat.ruleset", r.id);
      const system = standInFill(actorSchema(standInFields), {
        level: 4,
        abilities: { str: 16, dex: 12, con: 14, int: 8, wis: 13, cha: 11 },
        hp: { value: 9, max: 30, temp: 2 },
        resistances: [{ type: r.damageTypes[0] ?? "fire", value: 5 }],
        conditions: r.conditions[0] ? [r.conditions[0].id] : [],
      });
      const statuses = new Set(r.conditions[1] ? [r.conditions[1].id] : []);
      const model = Object.create(models.CharacterData.prototype) as Prepared & ActorSystemLike;
      const armor = {
        type: "armor",
        system: { armorBonus: 2, shieldBonus: 1, maxDex: null, heavy: false, equipped: true },
      };
      Object.assign(model, system, { parent: { items: [armor], statuses } });
      model.prepareBaseData();
      const before = JSON.stringify(toActorSource("character", model));
      model.prepareDerivedData();
      expect(model.deriveError).toBeNull();
      expect(JSON.stringify(toActorSource("character", model))).toBe(before);
      expect(model.derived).toEqual(r.deriveActor(withStatuses(toActorSource("character", model), statuses), {}));
    });
  }
});
