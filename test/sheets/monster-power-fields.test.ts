/**
 * [SYS-MONSTERS] The monster power fields on the item sheet and the stat block: the damage parts sit
 * in the sheet's labelled Damage group (a row per part plus a blank one to add a part), the form
 * sends them back as the stored list (a blank row dropped), a malformed formula is refused naming
 * the field, and the stat block prints each part after the main damage in the game's words.
 * Rendered with the real templates.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { type RulesetId } from "../../src/engine/types.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { damagePartsFromForm } from "../../src/applications/sheets/power-effects.js";
import { itemSystemIssues } from "../../src/data/validation.js";
import { defaultsOf } from "../../src/engine/fields.js";
import { POWER_FIELDS } from "../../src/engine/item-fields.js";
import { migrateItemSystem } from "../../src/migrations/migrate-data.js";
import { actorsOf } from "../content/content.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { i18n, itemContext } from "./sheet-fixtures.js";
import { actorScreen, filledActor, itemsOf } from "./words-screens.js";

const hbs = createTemplateRenderer();
const allTypes = RULESET_IDS.flatMap((id) => getRuleset(id).damageTypes);

function powerSheet(id: RulesetId, system: Record<string, unknown>): string {
  return hbs.render("templates/sheets/item.hbs", itemContext("power", id, {}, system));
}

/** What the form sends for the damage parts' inputs (FormDataExtended's flat names, a multi-select as a list). */
function partsForm(html: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [, name, value] of html.matchAll(
    /<input type="text" name="(system\.damageParts\.[^"]+)" value="([^"]*)"/g,
  ))
    out[name!] = value;
  // a part's types travel as chips: one hidden input holding the comma-joined list (issue 45)
  for (const [, name, value] of html.matchAll(
    /<input type="hidden" class="d20c-chips__value" name="(system\.damageParts\.[^"]+)" value="([^"]*)"/g,
  ))
    out[name!] = value;
  return out;
}

/** Flat `system.damageParts.N.key` names expanded as Foundry's `expandObject` does. */
function expanded(flat: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const rows: Record<string, Record<string, unknown>> = {};
  for (const [name, value] of Object.entries(flat)) {
    const [, , index, key] = name.split(".");
    (rows[index!] ??= {})[key!] = value;
  }
  return rows;
}

describe("[SYS-MONSTERS] damage parts on the item sheet", () => {
  it("[SYS-MONSTERS] in every game the Damage group lists each part with its formula and types, then a blank row", () => {
    for (const id of RULESET_IDS) {
      const html = powerSheet(id, { damage: "2d10 + 8", damageParts: [{ formula: "2d6", types: ["fire"] }] });
      const group = html.slice(html.indexOf("group-damage"), html.indexOf("</section>", html.indexOf("group-damage")));
      expect(group, id).toContain(i18n.localize("D20C.Item.Power.FIELDS.damageParts.label"));
      const form = partsForm(group);
      expect(form["system.damageParts.0.formula"], id).toBe("2d6");
      expect(form["system.damageParts.0.types"], id).toBe("fire");
      expect(form["system.damageParts.1.formula"], id).toBe("");
    }
  });

  it("[SYS-MONSTERS] the submitted form becomes the stored list: a part added in the blank row is kept, a cleared one dropped", () => {
    const html = powerSheet("hundred-dungeons", {
      damage: "2d10 + 8",
      damageParts: [{ formula: "2d6", types: ["fire"] }],
    });
    const form = partsForm(html);
    form["system.damageParts.0.formula"] = "";
    form["system.damageParts.1.formula"] = "1d8";
    form["system.damageParts.1.types"] = ["poison"];
    const stored = damagePartsFromForm(expanded(form));
    expect(stored).toEqual([{ formula: "1d8", types: ["poison"] }]);
    expect(itemSystemIssues("power", { damageParts: stored }, allTypes)).toEqual([]);
  });

  it("[SYS-MONSTERS] a malformed part formula or an unknown type is refused naming the field", () => {
    const bad = damagePartsFromForm({ 0: { formula: "2d", types: ["fire"] } });
    const issues = itemSystemIssues("power", { damageParts: bad }, allTypes);
    expect(issues.map((i) => i.field)).toEqual(["system.damageParts.0.formula"]);
    const unknown = itemSystemIssues("power", { damageParts: [{ formula: "2d6", types: ["glitter"] }] }, allTypes);
    expect(unknown.map((i) => i.field)).toEqual(["system.damageParts.0.types.0"]);
  });

  it("[SYS-MONSTERS] a power stored before the field existed reads with no parts (the schema's initial value)", () => {
    const old = { damage: "1d8", damageTypes: ["fire"] };
    const migrated = { ...defaultsOf(POWER_FIELDS), ...migrateItemSystem("power", old) };
    expect(migrated.damageParts).toEqual([]);
    expect(itemSystemIssues("power", migrated, allTypes)).toEqual([]);
  });
});

describe("[SYS-MONSTERS] damage parts on the stat block", () => {
  it("[SYS-MONSTERS] Hundred Dungeons: the attack's damage line prints the fire part after the main damage", () => {
    const m = actorsOf("hundred-dungeons").find((a) => a.name === "Cinderwing, the Ash Drake")!;
    const items = itemsOf(m);
    const power = items.find((i) => i.type === "power")!;
    Object.assign(power.system as Record<string, unknown>, {
      damage: "2d10 + 8",
      damageTypes: ["piercing"],
      damageParts: [{ formula: "2d6", types: ["fire"] }],
    });
    const ctx = actorScreen(getRuleset("hundred-dungeons"), "npc", m.name, filledActor(m.system), items);
    const html = hbs.render("templates/sheets/actor.hbs", ctx);
    const block = html.slice(html.indexOf("data-stat-block"));
    const fire = i18n.localize("D20C.DamageType.fire");
    const line = /<span class="d20c-attack-damage">(.*?)<\/p>/s.exec(block)![1]!.replace(/<[^>]+>/g, "");
    expect(line.replace(/\s+/g, " ").trim()).toBe(
      `— 2d10 + 8 ${i18n.localize("D20C.DamageType.piercing")} + 2d6 ${fire}`,
    );
  });
});
