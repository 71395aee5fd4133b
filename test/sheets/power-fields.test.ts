/**
 * [SYS-WORDS] A power's sheet asks only what the power as set up uses in the active game: the
 * fields of its usage (a recharge number for a recharge power, the spent box for an encounter or
 * daily one, uses for a per-rest one, none for an at-will one), an area only for a close or area
 * attack, a miss formula only when it rolls one, ongoing damage's type and save once it deals some,
 * a save's difficulty only where the game's save targets differ; an effect's "N or more" number
 * only for that trigger and its sustain action only when sustained. The actor sheet asks a
 * resistance's or vulnerability's number only where the game reads one. What is not asked rides
 * along in the form unchanged. Rendered with the real templates.
 */
import { describe, expect, it } from "vitest";
import type { RulesetId } from "../../src/engine/types.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { heroContext, itemContext, storedHero } from "./sheet-fixtures.js";

const hbs = createTemplateRenderer();

function powerSheet(id: RulesetId, system: Record<string, unknown>): string {
  return hbs.render("templates/sheets/item.hbs", itemContext("power", id, {}, system));
}

/** The form's visible inputs and selects by name (hidden inputs excluded). */
function asked(html: string): Set<string> {
  const names = [...html.matchAll(/<(input|select|textarea)\b([^>]*)>/g)]
    .filter(([, , attrs]) => !/type="hidden"/.test(attrs!))
    .flatMap(([, , attrs]) => /name="([^"]+)"/.exec(attrs!)?.slice(1) ?? []);
  return new Set(names);
}

/** The hidden inputs by name, with the value each carries. */
function carried(html: string): Map<string, string> {
  return new Map([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

const USAGE_FIELDS = ["system.recharge", "system.used", "system.uses.spent", "system.uses.max"];
const shownUsage = (html: string) => USAGE_FIELDS.filter((n) => asked(html).has(n));

describe("[SYS-WORDS] a power's sheet asks what its set-up uses", () => {
  it("[SYS-WORDS] each usage shows only its own fields, in each game's usages", () => {
    const cases: [RulesetId, string, string[]][] = [
      ["13th-age", "atWill", []],
      ["13th-age", "encounter", ["system.used"]],
      ["13th-age", "daily", ["system.used"]],
      ["13th-age", "recharge", ["system.recharge", "system.used"]],
      ["ffd20", "encounter", ["system.used"]],
      ["ffd20", "daily", ["system.used"]],
      ["ffd20", "recharge", ["system.recharge", "system.used"]],
      ["hundred-dungeons", "recharge", ["system.recharge", "system.used"]],
      ["13th-age", "perBattle", ["system.uses.spent", "system.uses.max"]],
      ["hundred-dungeons", "perRest", ["system.uses.spent", "system.uses.max"]],
      ["wounds-d20", "perRest", ["system.uses.spent", "system.uses.max"]],
      ["wounds-d20", "atWill", []],
    ];
    for (const [id, usage, fields] of cases)
      expect(shownUsage(powerSheet(id, { usage, recharge: 5, uses: { spent: 1, max: 2 } })), `${id} ${usage}`).toEqual(
        fields,
      );
    // a usage the game lacks is read as its nearest kind: a recharge power in Wounds d20 counts uses per rest
    expect(shownUsage(powerSheet("wounds-d20", { usage: "recharge", recharge: 5 }))).toEqual([
      "system.uses.spent",
      "system.uses.max",
    ]);
  });

  it("[SYS-WORDS] an area only for a close or area attack, its size once it has a shape; a miss formula only when it rolls one", () => {
    const area = (system: Record<string, unknown>) =>
      ["system.area.shape", "system.area.size"].filter((n) => asked(powerSheet("ffd20", system)).has(n));
    expect(area({ range: "melee", area: { shape: "burst", size: 2 } })).toEqual([]);
    expect(area({ range: "ranged", area: { shape: "none", size: 1 } })).toEqual([]);
    expect(area({ range: "area", area: { shape: "none", size: 1 } })).toEqual(["system.area.shape"]);
    expect(area({ range: "close", area: { shape: "blast", size: 3 } })).toEqual([
      "system.area.shape",
      "system.area.size",
    ]);
    expect(asked(powerSheet("13th-age", { missEffect: "half" })).has("system.missDamage")).toBe(false);
    expect(asked(powerSheet("13th-age", { missEffect: "none" })).has("system.missDamage")).toBe(false);
    expect(asked(powerSheet("13th-age", { missEffect: "formula" })).has("system.missDamage")).toBe(true);
  });

  it("[SYS-WORDS] ongoing damage's type and save once it deals some; its save's difficulty only where targets differ", () => {
    const ongoing = (id: RulesetId, amount: number) =>
      ["system.ongoing.amount", "system.ongoing.type", "system.ongoing.save"].filter((n) =>
        asked(powerSheet(id, { ongoing: { amount, type: "fire", save: "hard" } })).has(n),
      );
    expect(ongoing("13th-age", 0)).toEqual(["system.ongoing.amount"]);
    expect(ongoing("13th-age", 5)).toEqual(["system.ongoing.amount", "system.ongoing.type", "system.ongoing.save"]);
    // FFd20 saves against 10 whatever the difficulty: nothing to choose
    expect(ongoing("ffd20", 5)).toEqual(["system.ongoing.amount", "system.ongoing.type"]);
  });

  it("[SYS-WORDS] an effect asks its roll number only for 'N or more', its save for save-ends, its sustain action when sustained, and carries the rest", () => {
    const effect = (over: Record<string, unknown>) => ({
      outcome: "hit",
      trigger: { kind: "any", value: 0 },
      text: "",
      statuses: [],
      duration: "saveEnds",
      save: "hard",
      sustain: "minor",
      ongoing: null,
      aftereffect: null,
      ...over,
    });
    const row = (id: RulesetId, over: Record<string, unknown>) => powerSheet(id, { effects: [effect(over)] });
    const p = "system.effects.0";

    const saveEnds = row("13th-age", {});
    expect(asked(saveEnds).has(`${p}.trigger.value`)).toBe(false);
    expect(asked(saveEnds).has(`${p}.save`)).toBe(true);
    expect(asked(saveEnds).has(`${p}.sustain`)).toBe(false);
    expect(carried(saveEnds).get(`${p}.sustain`)).toBe("minor");
    expect(carried(saveEnds).get(`${p}.trigger.value`)).toBe("0");

    const atLeast = row("13th-age", { trigger: { kind: "atLeast", value: 16 }, duration: "sustain" });
    expect(asked(atLeast).has(`${p}.trigger.value`)).toBe(true);
    expect(asked(atLeast).has(`${p}.sustain`)).toBe(true);
    expect(asked(atLeast).has(`${p}.save`)).toBe(false);
    expect(carried(atLeast).get(`${p}.save`)).toBe("hard");

    // FFd20: one save target, shown, the stored difficulty kept
    const ff = row("ffd20", {});
    expect(asked(ff).has(`${p}.save`)).toBe(false);
    expect(carried(ff).get(`${p}.save`)).toBe("hard");
    expect(ff).toMatch(/<span class="d20c-power-effect__save">Save <span class="d20c-pill">10\+<\/span><\/span>/);
  });
});

describe("[SYS-WORDS] a trait's number is asked only where the game reads one", () => {
  it("[SYS-WORDS] [13A-RESIST] [13A-VULN] [HD-RESIST] 13th Age asks a resistance's threshold, not a vulnerability's number; Hundred Dungeons neither; FFd20 and Wounds d20 both", () => {
    const traits = { resistances: [{ type: "fire", value: 16 }], vulnerabilities: [{ type: "cold", value: 5 }] };
    const cases: [RulesetId, boolean, boolean][] = [
      ["13th-age", true, false],
      ["ffd20", true, true],
      ["hundred-dungeons", false, false],
      ["wounds-d20", true, true],
    ];
    for (const [id, resist, vulnerable] of cases) {
      const html = hbs.render(
        "templates/sheets/actor.hbs",
        heroContext(id, { stored: storedHero(id, traits), activeTab: "traits" }),
      );
      expect(asked(html).has("system.resistances.0.value"), `${id} resist`).toBe(resist);
      expect(asked(html).has("system.vulnerabilities.0.value"), `${id} vulnerable`).toBe(vulnerable);
      if (!resist) expect(carried(html).get("system.resistances.0.value")).toBe("16");
      if (!vulnerable) expect(carried(html).get("system.vulnerabilities.0.value")).toBe("5");
    }
  });

  it("[SYS-WORDS] [13A-RESIST] [HD-RESIST] an NPC's stat block prints a trait's number as its game does: a 13th Age threshold '16+', an FFd20 amount, none for a 13th Age vulnerability or Hundred Dungeons' halving and doubling", () => {
    const traits = { resistances: [{ type: "fire", value: 16 }], vulnerabilities: [{ type: "cold", value: 5 }] };
    const line = (id: RulesetId) => {
      const html = hbs.render(
        "templates/sheets/actor.hbs",
        heroContext(id, { kind: "npc", stored: storedHero(id, traits) }),
      );
      const p = /<p class="d20c-stat-line d20c-stat-traits"[^>]*>([\s\S]*?)<\/p>/.exec(html);
      expect(p, id).not.toBeNull();
      return p![1]!
        .replace(/<[^>]+>/g, "")
        .replace(/\s+/g, " ")
        .trim();
    };
    expect(line("13th-age")).toBe("Resistances Fire 16+ Vulnerabilities Cold Immunities Poison");
    expect(line("ffd20")).toBe("Resistances Fire 16 Vulnerabilities Cold 5 Immunities Poison");
    expect(line("hundred-dungeons")).toBe("Resistances Fire Vulnerabilities Cold Immunities Poison");
  });
});
