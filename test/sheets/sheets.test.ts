/**
 * Sheet templates rendered with the real handlebars (strict) from the pure contexts, for every
 * ruleset; a labels check for every stored field. Screenshots: sheet-screens.test.ts.
 */
import { describe, expect, it } from "vitest";
import { listsFromForm } from "../../src/applications/sheets/actor-context.js";
import { itemSheetContext } from "../../src/applications/sheets/item-context.js";
import {
  actorSchema,
  armorSchema,
  featureSchema,
  POWER_USAGES,
  powerSchema,
  weaponSchema,
} from "../../src/data/schema.js";
import { getRuleset } from "../../src/engine/registry.js";
import { itemFieldShown } from "../../src/engine/words.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { standInLangStrings } from "../stand-ins/i18n.js";
import {
  characterContext,
  heroContext,
  i18n,
  itemContext,
  ITEMS,
  shownBlocksOf,
  typeLabel,
  wholeSheet,
} from "./sheet-fixtures.js";
import { EVERY_HOLDER, SHARED_SHEET_PARTS } from "../../src/engine/sheet-parts.js";
import type { StandInDataField } from "../stand-ins/foundry-fields.js";
import {
  StandInArrayField,
  StandInSchemaField,
  StandInTypedObjectField,
  standInFields,
} from "../stand-ins/foundry-fields.js";

const hbs = createTemplateRenderer();

describe("actor sheet", () => {
  for (const id of RULESET_IDS) {
    it(`[SYS-DOCS] renders strictly for ${id}: derived defenses labelled by the ruleset, saves, items, conditions`, () => {
      const html = wholeSheet(hbs, characterContext(id));
      const ruleset = getRuleset(id);
      for (const d of ruleset.defenses) expect(html).toContain(i18n.localize(d.abbr));
      for (const s of ruleset.saves) expect(html).toContain(`data-kind="${s.key}"`);
      expect(html).toContain('data-action="useItem" data-item-id="p1"');
      expect(html).toContain('data-action="useItem" data-item-id="w1"');
      expect(html).toContain('data-action="spendRecovery"');
      expect(html).toContain('aria-pressed="true"');
      // user-written text is escaped
      expect(html).toContain("Aria &lt;the Bold&gt;");
      expect(html).toContain("Cleaving &lt;Strike&gt;");
      expect(html).not.toContain("d20c-banner warning");
    });
  }

  it("[SYS-RULESET] a document made for another ruleset shows a warning banner naming that game", () => {
    const [a, b] = RULESET_IDS;
    const html = wholeSheet(hbs, characterContext(a, b));
    expect(html).toContain("d20c-banner warning");
    expect(html).toContain(i18n.localize(`D20C.Settings.Ruleset.Choices.${b}`));
  });

  it("[SYS-DOCS] inputs show the stored armor, not the armor-item total, and derived AC includes the items", () => {
    const ctx = characterContext("wounds-d20");
    expect(ctx.armor.armorBonus).toBe(0);
    expect(ctx.defenses.find((d) => d.key === "ac")?.value).toBe(10 + 4 + 2);
  });

  it("[SYS-DOCS] sheets edit stored defense bases (stat blocks, class bases) and NPCs the escalation flag", () => {
    const html = wholeSheet(hbs, characterContext("13th-age", null, "npc"));
    expect(html).toContain('name="system.defenses.ac.base"');
    expect(html).toContain('name="system.usesEscalation"');
  });

  it("[SYS-RULESET] a ruleset shows the parts it lists and no others", () => {
    const own = heroContext("13th-age", { ruleset: { sheetParts: [SHARED_SHEET_PARTS.recoveries(EVERY_HOLDER)] } });
    expect(shownBlocksOf(own)).toMatchObject({ wounds: false, recoveries: true, deathSaves: false });
    const ctx = heroContext("13th-age", { ruleset: { sheetParts: [] } });
    const html = wholeSheet(hbs, ctx);
    expect(html).not.toContain("d20c-wounds");
    expect(html).not.toContain('data-action="spendRecovery"');
    expect(wholeSheet(hbs, own)).toContain('data-action="spendRecovery"');
  });

  it("[SYS-DOCS] numbered form rows come back as lists", () => {
    const out = listsFromForm(
      {
        name: "x",
        system: { resistances: { 1: { type: "cold", value: 5 }, 0: { type: "fire", value: 16 } }, level: 2 },
      },
      ["resistances"],
    );
    expect(out).toEqual({
      name: "x",
      system: {
        resistances: [
          { type: "fire", value: 16 },
          { type: "cold", value: 5 },
        ],
        level: 2,
      },
    });
  });
});

describe("item sheet", () => {
  for (const it_ of ITEMS) {
    it(`[SYS-DOCS] [SYS-WORDS] the ${it_.type} sheet renders strictly with one labelled input per stored field the game reads`, () => {
      const ctx = itemSheetContext({
        type: it_.type,
        name: it_.name,
        img: it_.img,
        system: it_.system,
        ruleset: getRuleset("ffd20"),
        editable: true,
        foreignRuleset: null,
        description: "",
        descriptionHTML: "",
        damageTypeLabel: typeLabel,
      });
      const html = hbs.render("templates/sheets/item.hbs", ctx);
      // a power's usage, area and miss fields show as its set-up uses them (power-fields.test.ts)
      const setUp =
        it_.type === "power"
          ? // [SYS-MONSTERS] a save instead of an attack roll only in a game with save-based attacks (not FFd20)
            [
              ...["recharge", "rechargeDie", "rechargeAt", "rechargeBloodied", "bloodiedSeen", "used", "uses"],
              ...["area", "missDamage", "saveAttack"],
            ]
          : [];
      const stored = Object.keys(it_.system).filter((k) => k !== "description" && !setUp.includes(k));
      const ff = getRuleset("ffd20");
      for (const key of stored) {
        const input = new RegExp(`name="system\\.${key}(\\.|")`);
        if (itemFieldShown(ff, it_.type, key)) expect(html, key).toMatch(input);
        else expect(html, key).not.toMatch(input);
      }
      expect(html).toContain('name="system.description"');
    });
  }
});

/** Every leaf path of a stand-in schema (arrays/typed objects: their element's paths). */
function paths(fields: Record<string, unknown>, prefix = ""): string[] {
  const out: string[] = [];
  for (const [k, f] of Object.entries(fields)) {
    const p = prefix ? `${prefix}.${k}` : k;
    out.push(p);
    if (f instanceof StandInSchemaField) out.push(...paths(f.fields, p));
    else if (
      (f instanceof StandInArrayField || f instanceof StandInTypedObjectField) &&
      f.element instanceof StandInSchemaField
    ) {
      out.push(...paths(f.element.fields, `${p}.element`));
    }
  }
  return out;
}

describe("labels", () => {
  const lang = standInLangStrings();
  it("[SYS-DOCS] every actor field has a label under D20C.Actor.FIELDS", () => {
    const missing = paths(actorSchema(standInFields) as unknown as Record<string, StandInDataField>).filter(
      (p) => !lang.has(`D20C.Actor.FIELDS.${p}.label`),
    );
    expect(missing).toEqual([]);
  });

  it("[SYS-DOCS] every item field has a label under its type's prefix, and the sheet edits every field", () => {
    const schemas = { power: powerSchema, weapon: weaponSchema, armor: armorSchema, feature: featureSchema };
    for (const [type, schema] of Object.entries(schemas)) {
      const all = paths(schema(standInFields) as unknown as Record<string, StandInDataField>);
      // The item sheet's own labels name the type's prefix (its LOCALIZATION_PREFIXES).
      // a game that hides no field and has every usage kind, its power set up each way a field asks
      const every = {
        hiddenItemFields: {},
        powerUsages: POWER_USAGES.map((key) => ({ key, label: key, limited: true })),
        saveAttacks: true,
      };
      const setUps: Record<string, unknown>[] = [
        {
          usage: "recharge",
          rechargeBloodied: true,
          range: "area",
          area: { shape: "burst", size: 1 },
          missEffect: "formula",
        },
        { usage: "perRest", ongoing: { amount: 5, type: "fire", save: "hard" } },
        { saveAttack: { save: "save", dc: 13, onSuccess: "half" } },
      ];
      const ctxs =
        type === "power"
          ? setUps.map((set) => itemContext(type, "ffd20", every, set))
          : [itemContext(type, "ffd20", every)];
      const ctx = ctxs[0]!;
      const prefix = ctx.descriptionLabel.replace(/\.FIELDS\.description\.label$/, "");
      expect(prefix, type).toMatch(/^D20C\.Item\./);
      expect(
        all.filter((p) => !lang.has(`${prefix}.FIELDS.${p}.label`)),
        type,
      ).toEqual([]);
      const leaves = Object.keys(schema(standInFields)).filter((k) => k !== "description");
      const edited = new Set(ctxs.flatMap((c) => c.fields.map((f) => f.name.replace(/^system\./, "").split(".")[0])));
      expect(
        leaves.filter((k) => !edited.has(k)),
        type,
      ).toEqual([]);
    }
  });

  it("[SYS-DOCS] TYPES labels exist for every document type", () => {
    for (const t of ["Actor.character", "Actor.npc", "Item.power", "Item.weapon", "Item.armor", "Item.feature"]) {
      expect(lang.has(`TYPES.${t}`), t).toBe(true);
    }
  });
});
