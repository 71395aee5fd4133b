/**
 * A power's weapon is an explicit choice: the owner's first equipped weapon (`""`, the stored
 * default), one weapon by id, or none (`"none"`: spells and natural attacks). With no weapon a
 * spell keeps its own ability and gets no weapon bonuses ([HD-ATK], [WD-ATK]); the item sheet offers
 * the owner's weapons; the compendium spells and monster natural attacks say "none".
 */
import { describe, expect, it } from "vitest";
import { itemSheetContext } from "../../src/applications/sheets/item-context.js";
import { chooseWeapon, NO_WEAPON } from "../../src/data/item-source.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import { loadPacks, type PackItem } from "../packs/pack-sources.js";
import { power, weapon } from "../workflows/attack-fixtures.js";

interface W {
  id: string;
  name: string;
  equipped: boolean;
}
const owned: W[] = [
  { id: "bow000000000000a", name: "Shortbow", equipped: false },
  { id: "dagger0000000000", name: "Dagger", equipped: true },
];
const pick = (weaponId: unknown) =>
  chooseWeapon(
    weaponId,
    owned,
    (w) => w.id,
    (w) => w.equipped,
  )?.name ?? null;

/** The item sheet's context of a Wounds d20 power choosing `weaponId` among the owner's `weapons`. */
function powerSheet(
  weaponId: string,
  weapons: readonly { id: string; name: string }[] = [],
  localize?: (key: string) => string,
) {
  return itemSheetContext({
    type: "power",
    name: "Spark",
    img: "",
    system: { weaponId, damageTypes: [], ongoing: { amount: 0, type: "untyped", save: "normal" } },
    ruleset: getRuleset("wounds-d20"),
    editable: true,
    foreignRuleset: null,
    description: "",
    descriptionHTML: "",
    damageTypeLabel: (t: string) => t,
    weapons,
    ...(localize ? { localize } : {}),
  });
}

describe("a power's weapon choice", () => {
  it("[SYS-DOCS] empty = the first equipped weapon, an id = that weapon, none = no weapon, a lost id = no weapon", () => {
    expect(pick("")).toBe("Dagger");
    expect(pick(undefined)).toBe("Dagger");
    expect(pick("bow000000000000a")).toBe("Shortbow");
    expect(pick(NO_WEAPON)).toBeNull();
    expect(pick("gone000000000000")).toBeNull();
  });

  it("[HD-ATK] a spell with no weapon rolls its own ability; with the owner's dagger it would roll Strength", () => {
    const HD = getRuleset("hundred-dungeons");
    const mage = defaultActorSource({ abilities: { str: -1, dex: 1, con: 0, int: 4, wis: 0, cha: 0 } });
    const spell = power({ attackAbility: "int", attackBonus: 0, range: "ranged" });
    const derived = HD.deriveActor(mage, {});
    const total = (w: ReturnType<typeof weapon> | null) =>
      HD.attackBonus(mage, derived, spell, w).reduce((s, m) => s + m.value, 0);
    expect(total(null)).toBe(4); // Intelligence, the spell's own ability
    expect(total(weapon({ name: "Dagger", damageDice: "1d4", weaponClass: "simple" }))).toBe(-1); // the bug "none" avoids
  });

  it("[WD-ATK] a spell with no weapon gets no weapon enhancement", () => {
    const WD = getRuleset("wounds-d20");
    const mage = defaultActorSource({ baseCombatBonus: 1 });
    const spell = power({ attackAbility: "dex", attackBonus: 0, range: "ranged" });
    const derived = WD.deriveActor(mage, {});
    const total = (w: ReturnType<typeof weapon> | null) =>
      WD.attackBonus(mage, derived, spell, w).reduce((s, m) => s + m.value, 0);
    expect(total(weapon({ enhancement: 2 })) - total(null)).toBeGreaterThanOrEqual(2);
  });

  it("[SYS-DOCS] the item sheet offers the first equipped weapon, none, and each of the owner's weapons (names escaped)", () => {
    const i18n = createI18nStandIn({ missing: "key" });
    const ctx = powerSheet(
      "bow000000000000a",
      [
        { id: "bow000000000000a", name: "Short<bow>" },
        { id: "dagger0000000000", name: "Dagger" },
      ],
      (k) => i18n.localize(k),
    );
    const html = createTemplateRenderer().render("templates/sheets/item.hbs", ctx);
    const select = html.match(/<select id="d20c-item-weaponId" name="system.weaponId">([\s\S]*?)<\/select>/)?.[1] ?? "";
    expect(select).toContain('<option value="">First equipped weapon</option>');
    expect(select).toContain('<option value="none">No weapon');
    expect(select).toMatch(/<option value="bow000000000000a" selected>Short&lt;bow&gt;<\/option>/);
    expect(select).toContain('<option value="dagger0000000000">Dagger</option>');
  });

  it("[SYS-DOCS] a chosen weapon the owner no longer has shows as missing instead of silently reading as the default", () => {
    // The power sheet's weapon select, for a power of an owner without weapons.
    const choices = (weaponId: string) =>
      powerSheet(weaponId).fields.find((f) => f.name === "system.weaponId")!.options;
    expect(choices("gone000000000000").at(-1)).toEqual({
      value: "gone000000000000",
      label: "D20C.Item.Power.Weapon.missing",
    });
    expect(choices("").map((c) => c.value)).toEqual(["", NO_WEAPON]);
  });

  it("[SYS-DOCS] compendium powers: weapon powers ([W] dice) take a weapon, every other power says none", () => {
    let checked = 0;
    for (const pack of loadPacks()) {
      for (const { doc } of pack.docs) {
        const d = doc as unknown as PackItem & { items?: PackItem[] };
        const items = d.type === "power" ? [d] : (d.items ?? []);
        for (const item of items) {
          if (item.type !== "power") continue;
          checked++;
          const usesWeapon = /\[W\]/i.test(String(item.system.damage ?? ""));
          if (usesWeapon) expect(item.system.weaponId, item.name).not.toBe(NO_WEAPON);
          else expect(item.system.weaponId, item.name).toBe(NO_WEAPON);
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});
