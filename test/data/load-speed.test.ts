/**
 * [SYS-CHARACTER] Encumbrance in the actor data model (`prepareBaseData`, the REAL class over the
 * boot stand-in): in Wounds d20 the gear carried slows the prepared speed by its load table; the
 * stored speed is never rewritten, and the other games ignore the load.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorSchema } from "../../src/data/schema.js";
import { standInFields, standInFill } from "../stand-ins/foundry-fields.js";
import { installFoundryBootStandIn, type FoundryBootStandIn } from "../stand-ins/foundry-boot.js";
import type * as Models from "../../src/data/actor-models.js";

let boot: FoundryBootStandIn;
let models: typeof Models;

beforeAll(async () => {
  boot = installFoundryBootStandIn(13, "wounds-d20");
  (await import("../../src/settings.js")).registerSettings();
  models = await import("../../src/data/actor-models.js");
});
afterAll(() => boot.uninstall());

function prepared(rulesetId: string, rope: number) {
  boot.settings.values.set("d20-combat.ruleset", rulesetId);
  const system = standInFill(actorSchema(standInFields), { speed: 30, abilities: { str: 10 } });
  const model = Object.create(models.CharacterData.prototype) as { prepareBaseData(): void; speed: number };
  const items = [
    { type: "armor", system: { armorBonus: 4, shieldBonus: 0, maxDex: 3, heavy: false, equipped: true, weight: 20 } },
    { type: "equipment", system: { quantity: rope, weight: 10 } },
  ];
  Object.assign(model, system, { parent: { items, statuses: new Set() } });
  model.prepareBaseData();
  return { model, system };
}

describe("[SYS-CHARACTER] encumbrance", () => {
  it("[SYS-CHARACTER] Wounds d20: 20 lb. of armor and 10 lb. of rope (Str 10) is a light load: speed stays 30 ft", () => {
    expect(prepared("wounds-d20", 1).model.speed).toBe(30);
  });
  it("[SYS-CHARACTER] Wounds d20: three more coils (60 lb., over 33) is a medium load: speed 20 ft, the stored 30 kept", () => {
    const { model, system } = prepared("wounds-d20", 4);
    expect(model.speed).toBe(20);
    expect(system.speed).toBe(30);
  });
  it("[SYS-CHARACTER] Hundred Dungeons has no load rule: the same gear leaves speed 30 ft", () => {
    expect(prepared("hundred-dungeons", 4).model.speed).toBe(30);
  });
});
