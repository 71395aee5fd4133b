/**
 * [SYS-WORDS] The item sheet and the sheet's options in the active game's words: a power's action
 * choices named as the game's action economy counts them, a Hundred Dungeons weapon that names no
 * dice showing the die its class deals ([HD-DMG]), and the escalation die's checkbox only in a world
 * where the die is in play ([SYS-ESC]). Rendered with the real templates.
 */
import { describe, expect, it } from "vitest";
import { type RulesetId } from "../../src/engine/types.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { heroContext, itemContext } from "./sheet-fixtures.js";

const hbs = createTemplateRenderer();

function itemSheet(id: RulesetId, type: string, system: Record<string, unknown>) {
  const ctx = itemContext(type, id, {}, system);
  return { ctx, html: hbs.render("templates/sheets/item.hbs", ctx) };
}

/** The options of one select of the rendered sheet: [value, text]. */
function optionsOf(html: string, name: string): [string, string][] {
  const select = new RegExp(`<select id="[^"]*" name="${name.replace(/\./g, "\\.")}">(.*?)</select>`, "s").exec(html);
  expect(select, name).not.toBeNull();
  return [...select![1]!.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1]!, m[2]!.trim()]);
}

describe("[SYS-WORDS] the item sheet in the active game's words", () => {
  it("[SYS-WORDS] a power's action is chosen among the game's own actions, each once, in its words", () => {
    const expected: Record<RulesetId, string[]> = {
      "13th-age": ["Standard action", "Move action", "Quick action", "Free action", "Reaction", "Interrupt action"],
      ffd20: ["Standard action", "Move action", "Minor action", "Free action", "Reaction", "Interrupt"],
      "hundred-dungeons": ["Action", "Quick action", "Free action", "Reaction"],
      "wounds-d20": ["Major action", "Minor action", "Free action", "Reaction", "Interrupt"],
    };
    for (const id of RULESET_IDS) {
      const labels = optionsOf(itemSheet(id, "power", { actionType: "standard" }).html, "system.actionType").map(
        ([, t]) => t,
      );
      expect(labels, id).toEqual(expected[id]);
      expect(new Set(labels).size, id).toBe(labels.length);
    }
    // a stored action the game counts as another's stays listed, named as the game counts it
    const minor = optionsOf(itemSheet("hundred-dungeons", "power", { actionType: "minor" }).html, "system.actionType");
    expect(minor).toContainEqual(["minor", "Quick action"]);
  });

  it("[SYS-WORDS] [HD-DMG] a Hundred Dungeons weapon naming no dice shows the die its class deals; one with dice, or another game's, shows none", () => {
    for (const [cls, die] of [
      ["simple", "1d6"],
      ["martial", "1d8"],
      ["heavy", "1d10"],
    ] as const) {
      const { html } = itemSheet("hundred-dungeons", "weapon", { damageDice: "", weaponClass: cls });
      expect(html, cls).toMatch(
        new RegExp(`name="system\\.damageDice" value="" placeholder="${die}, its class&#x27;s die"`),
      );
    }
    expect(itemSheet("hundred-dungeons", "weapon", { damageDice: "2d4", weaponClass: "simple" }).html).toMatch(
      /name="system\.damageDice" value="2d4" placeholder="1d6/,
    );
    expect(itemSheet("ffd20", "weapon", { damageDice: "", weaponClass: "simple" }).html).toMatch(
      /name="system\.damageDice" value="">/,
    );
  });

  it("[SYS-WORDS] [SYS-ESC] an NPC's 'uses the escalation die' box shows only where the die is in play", () => {
    const box = 'name="system.usesEscalation"';
    const render = (id: RulesetId, inPlay: boolean) =>
      hbs.render(
        "templates/sheets/actor.hbs",
        heroContext(id, { kind: "npc", escalationInPlay: inPlay, activeTab: "abilities" }),
      );
    expect(render("ffd20", false)).not.toContain(box);
    expect(render("ffd20", true)).toContain(box);
    expect(render("13th-age", true)).toContain(box);
  });
});
