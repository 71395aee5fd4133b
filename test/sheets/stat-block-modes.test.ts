/**
 * [SYS-MONSTERS] A monster's movement modes and auras on its stat block, rendered with the real
 * templates from each game's pack monsters (one with an aura, one with a movement mode that
 * matters, per game): the block prints them, each in the game's words.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { RulesetId } from "../../src/engine/types.js";
import { actorsOf } from "../content/content.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { actorScreen, filledActor, itemsOf } from "./words-screens.js";

const hbs = createTemplateRenderer();

/** The text of a pack monster's movement-and-auras line (tags stripped, spaces folded), or "" when none. */
function modesLine(id: RulesetId, name: string): string {
  const m = actorsOf(id).find((a) => a.name === name);
  if (!m) throw new Error(`no ${id} monster ${name}`);
  const ctx = actorScreen(getRuleset(id), "npc", m.name, filledActor(m.system), itemsOf(m), undefined, false);
  const html = hbs.render("templates/sheets/actor.hbs", ctx);
  const start = html.indexOf('data-stat-line="modes"');
  if (start < 0) return "";
  return html
    .slice(start, html.indexOf("</p>", start))
    .replace(/^[^>]*>/, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

describe("[SYS-MONSTERS] the stat block prints a monster's auras and movement modes", () => {
  it.each([
    ["13th-age", "Cinder Imp", "Heat Haze (aura 1) enemies starting their turn within: 3 Fire damage"],
    ["ffd20", "Kiln Salamander", "Kiln Heat (aura 1) enemies starting their turn within: 5 Fire damage"],
    ["hundred-dungeons", "Ember Hound", "Smoldering Hide (aura 1) enemies entering it: 1d4 Fire damage"],
    ["wounds-d20", "Frost Wolf", "Rime Breath (aura 1) enemies starting their turn within: 2 Cold damage"],
  ] as const)("[SYS-MONSTERS] %s: %s's aura", (id, name, text) => {
    expect(modesLine(id, name)).toBe(text);
  });

  it.each([
    ["13th-age", "Cinderback Drake", "Movement fly 40 ft"],
    ["ffd20", "Harpy Siren", "Movement fly 40 ft, (hover)"],
    ["hundred-dungeons", "Cinderwing, the Ash Drake", "Movement fly 80 ft"],
    ["hundred-dungeons", "Siren of the Reeds", "Movement swim 60 ft"],
    ["wounds-d20", "Storm Acolyte", "Movement fly 20 ft, (hover)"],
  ] as const)("[SYS-MONSTERS] %s: %s's movement modes", (id, name, text) => {
    expect(modesLine(id, name)).toBe(text);
  });

  it("[SYS-MONSTERS] a monster with neither prints no such line", () => {
    expect(modesLine("hundred-dungeons", "Orc Reaver")).toBe("");
  });
});
