/**
 * [SYS-CHARACTER] Gear and identity, decided: what a use spends, a potion healing per game
 * (13th Age spends a recovery, the others roll), the icon relationship roll's 5s and 6s, the
 * carried load and Wounds d20's load table slowing speed.
 */
import { describe, expect, it } from "vitest";
import {
  afterUse,
  carriedLoad,
  gearOf,
  iconRollEvents,
  iconRollLines,
  iconRollRequests,
} from "../../../src/engine/gear.js";
import { drinkPotion } from "../../../src/engine/plans/potion.js";
import { defaultActorSource } from "../../../src/engine/common.js";
import { getRuleset } from "../../../src/engine/registry.js";
import "../../../src/engine/rulesets/index.js";
import { recordedRoller } from "../../support/recorded-dice.js";

const potion = {
  name: "Healing potion",
  quantity: 2,
  uses: { value: 0, max: 0 },
  use: "heal" as const,
  heal: "2d4 + 2",
};

describe("[SYS-CHARACTER] using gear", () => {
  it("[SYS-CHARACTER] a use without charges takes one of them; none left = not used", () => {
    expect(afterUse({ quantity: 2, uses: { value: 0, max: 0 } })).toEqual({ quantity: 1, uses: { value: 0, max: 0 } });
    expect(afterUse({ quantity: 0, uses: { value: 0, max: 0 } })).toBeNull();
  });

  it("[SYS-CHARACTER] a use with charges spends one; the last charge uses one up and the next is full", () => {
    expect(afterUse({ quantity: 2, uses: { value: 3, max: 3 } })).toEqual({ quantity: 2, uses: { value: 2, max: 3 } });
    expect(afterUse({ quantity: 2, uses: { value: 1, max: 3 } })).toEqual({ quantity: 1, uses: { value: 3, max: 3 } });
    expect(afterUse({ quantity: 1, uses: { value: 1, max: 3 } })).toEqual({ quantity: 0, uses: { value: 0, max: 3 } });
    expect(afterUse({ quantity: 1, uses: { value: 0, max: 3 } })).toBeNull();
  });

  it("[SYS-CHARACTER] 13th Age: a potion spends a recovery (the recovery roll heals, one recovery fewer)", async () => {
    const r = getRuleset("13th-age");
    const actor = defaultActorSource({ kind: "character", level: 1, hp: { value: 5, max: 30, temp: 0 } });
    actor.recoveries = { ...actor.recoveries, value: 8, max: 8, formula: "1d10 + 2" };
    const out = await drinkPotion(r, actor, "a1", potion, recordedRoller([{ total: 9, natural: null }]), {});
    expect(out?.rolls.map((x) => x.request.kind)).toEqual(["recovery"]);
    expect(out?.next.recoveries.value).toBe(7);
    expect(out?.next.hp.value).toBe(14);
  });

  for (const id of ["ffd20", "hundred-dungeons", "wounds-d20"]) {
    it(`[SYS-CHARACTER] ${id}: a potion rolls its healing and heals that much (no recovery spent)`, async () => {
      const r = getRuleset(id);
      const actor = defaultActorSource({ kind: "character", level: 1, hp: { value: 5, max: 30, temp: 0 } });
      const out = await drinkPotion(r, actor, "a1", potion, recordedRoller([{ total: 7, natural: null }]), {});
      expect(out?.rolls[0]?.request.formula).toBe("2d4 + 2");
      expect(out?.next.hp.value).toBe(12);
      expect(out?.next.recoveries.value).toBe(actor.recoveries.value);
    });
  }

  it("[SYS-CHARACTER] an item that does not heal, or has no healing roll where the game rolls, heals nothing", async () => {
    const actor = defaultActorSource({ kind: "character" });
    const roller = recordedRoller([]);
    expect(await drinkPotion(getRuleset("ffd20"), actor, "a", { ...potion, use: "none" }, roller, {})).toBeNull();
    expect(await drinkPotion(getRuleset("ffd20"), actor, "a", { ...potion, heal: " " }, roller, {})).toBeNull();
  });
});

describe("[SYS-CHARACTER] the icon relationship roll", () => {
  const icons = [
    { name: "The Archmage", points: 2, stance: "positive" as const },
    { name: "The Prince of Shadows", points: 1, stance: "conflicted" as const },
  ];
  it("[SYS-CHARACTER] a d6 per relationship point, labelled with the icon", () => {
    const reqs = iconRollRequests(icons, "a1");
    expect(reqs.map((r) => [r.formula, r.label])).toEqual([
      ["1d6", "The Archmage"],
      ["1d6", "The Archmage"],
      ["1d6", "The Prince of Shadows"],
    ]);
  });
  it("[SYS-CHARACTER] each 6 and 5 is reported with its icon's name; a 4 is not", () => {
    const lines = iconRollLines(icons, [6, 4, 5]);
    expect(lines.map((l) => [l.name, l.sixes, l.fives])).toEqual([
      ["The Archmage", 1, 0],
      ["The Prince of Shadows", 0, 1],
    ]);
    expect(iconRollEvents(lines)).toEqual([
      { key: "D20C.Gear.IconSix", data: { icon: "The Archmage" } },
      { key: "D20C.Gear.IconFive", data: { icon: "The Prince of Shadows" } },
    ]);
    expect(iconRollEvents(iconRollLines(icons, [1, 2, 3]))).toEqual([{ key: "D20C.Gear.IconNone" }]);
  });
});

describe("[SYS-CHARACTER] load and speed", () => {
  it("[SYS-CHARACTER] the carried load is each item's weight times its quantity (weapons and armor once)", () => {
    expect(
      carriedLoad([
        { type: "equipment", system: { quantity: 3, weight: 0.5 } },
        { type: "armor", system: { weight: 25 } },
        { type: "weapon", system: {} },
      ]),
    ).toBe(26.5);
  });
  it("[SYS-CHARACTER] Wounds d20: its family's load table (Str 10: 33 / 66 / 100; Str 15: 66 / 133 / 200; +10 Str ×4)", () => {
    const band = (str: number, load: number) => gearOf(getRuleset("wounds-d20")).loaded?.(30, str, load).band;
    expect([band(10, 33), band(10, 34), band(10, 66), band(10, 67), band(10, 100), band(10, 101)]).toEqual([
      "light",
      "medium",
      "medium",
      "heavy",
      "heavy",
      "over",
    ]);
    expect([band(15, 66), band(15, 67), band(15, 133), band(15, 134), band(15, 200), band(15, 201)]).toEqual([
      "light",
      "medium",
      "medium",
      "heavy",
      "heavy",
      "over",
    ]);
    expect([band(18, 100), band(18, 101), band(28, 1200), band(28, 1201)]).toEqual([
      "light",
      "medium",
      "heavy",
      "over",
    ]);
  });
  it("[SYS-CHARACTER] Wounds d20: a medium or heavy load slows 30 ft to 20 and 20 ft to 15; over heavy leaves 5", () => {
    const loaded = gearOf(getRuleset("wounds-d20")).loaded;
    expect(loaded?.(30, 10, 33)).toEqual({ band: "light", speed: 30 });
    expect(loaded?.(30, 10, 34)).toEqual({ band: "medium", speed: 20 });
    expect(loaded?.(20, 10, 90)).toEqual({ band: "heavy", speed: 15 });
    expect(loaded?.(30, 10, 101)).toEqual({ band: "over", speed: 5 });
  });
  it("[SYS-CHARACTER] the other games have no load rule (Hundred Dungeons has none)", () => {
    for (const id of ["13th-age", "ffd20", "hundred-dungeons"]) expect(gearOf(getRuleset(id)).loaded).toBeUndefined();
  });
});
