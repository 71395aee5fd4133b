/**
 * [SYS-WORDS] The item sheet shows what a damage formula rolls for the item's owner (issue 45):
 * FFd20 "1[W] + @str" with a longsword and Str 16 → "1d8 + 3", 13th Age "@level[W] + @str*@tier"
 * at 5th level → "5d8 + 6"; nothing where the formula already says it or there is no owner. The
 * numbers come from the engine's attack summary (the actor sheet's list), rendered in the item
 * sheet's template beside the field.
 */
import { describe, expect, it } from "vitest";
import { damagePreview } from "../../src/applications/sheets/formula-preview.js";
import { itemSheetContext } from "../../src/applications/sheets/item-context.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { RulesetId } from "../../src/engine/types.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { attackSources, heroSystem, i18n, ITEMS, sheetItem, storedHero, typeLabel } from "./sheet-fixtures.js";

const hbs = createTemplateRenderer();

/** The preview of a power (or the longsword) owned by the test hero (Str 16, 5th level, a longsword). */
function previewOf(id: RulesetId, item = ITEMS[0]!) {
  const ruleset = getRuleset(id);
  const actor = heroSystem("character", storedHero(id, { conditions: [] }));
  const items = [item, ITEMS[1]!];
  const source = attackSources(id, actor, items)[item.id] ?? null;
  const formula = String(item.type === "weapon" ? item.system.damageDice : item.system.damage);
  return damagePreview(ruleset, {}, { actor }, source, formula);
}

function sheetWith(id: RulesetId, item: (typeof ITEMS)[number], preview: string) {
  return hbs.render(
    "templates/sheets/item.hbs",
    itemSheetContext({
      type: item.type,
      name: item.name,
      img: item.img,
      system: item.system,
      ruleset: getRuleset(id),
      editable: true,
      foreignRuleset: null,
      description: "",
      descriptionHTML: "",
      damageTypeLabel: typeLabel,
      localize: (k) => i18n.localize(k),
      damagePreview: preview,
    }),
  );
}

describe("[SYS-WORDS] the item sheet's formula preview", () => {
  it("[SYS-WORDS] FFd20: '1[W] + @str' with a longsword (1d8) and Str 16 reads '1d8 + 3' beside the field", () => {
    const preview = previewOf("ffd20");
    expect(preview).toBe("1d8 + 3");
    const html = sheetWith("ffd20", ITEMS[0]!, preview);
    expect(html).toMatch(
      /<input id="d20c-item-damage" type="text" name="system.damage" value="1\[W\] \+ @str" aria-describedby="d20c-item-damage-preview">/,
    );
    expect(html).toContain(`<output id="d20c-item-damage-preview" class="d20c-formula-preview" for="d20c-item-damage"`);
    expect(html).toContain(`<span aria-hidden="true">→</span> 1d8 + 3</output>`);
  });

  it("[SYS-WORDS] 13th Age: WEAPON × level + Str × tier at 5th level with a longsword → '5d8 + 6'", () => {
    const power = sheetItem("p9", "power", "Cleave", {
      damage: "@level[W] + @str*@tier",
      defense: "ac",
      usage: "atWill",
    });
    expect(previewOf("13th-age", power)).toBe("5d8 + 6");
  });

  it("[SYS-WORDS] a weapon's dice preview its basic attack for the owner; a formula that already says it, or no owner, previews nothing", () => {
    expect(previewOf("wounds-d20", ITEMS[1]!)).toBe("1d8 + 3");
    const plain = sheetItem("p8", "power", "Flat", { damage: "2d6", defense: "ac", usage: "atWill" });
    expect(previewOf("ffd20", plain)).toBe("");
    expect(damagePreview(getRuleset("ffd20"), {}, null, null, "1[W]")).toBe("");
    expect(sheetWith("ffd20", ITEMS[0]!, "")).not.toContain("d20c-formula-preview");
  });
});
