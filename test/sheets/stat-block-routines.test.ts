/**
 * [SYS-MONSTERS] A routine on a pack monster's stat block, rendered with the real templates: its
 * line names the powers it makes (with their counts) and its follow-ups, and it prints no attack
 * bonus of its own (it makes none); its button is the block's ordinary attack button (useItem).
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { RulesetId } from "../../src/engine/types.js";
import { actorsOf } from "../content/content.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { actorScreen, filledActor, itemsOf } from "./words-screens.js";

const hbs = createTemplateRenderer();

/** The text of one attack row of a pack monster's block (tags stripped, spaces folded) and its HTML. */
function attackRow(id: RulesetId, monster: string, power: string): { text: string; html: string } {
  const m = actorsOf(id).find((a) => a.name === monster);
  if (!m) throw new Error(`no ${id} monster ${monster}`);
  const ctx = actorScreen(getRuleset(id), "npc", m.name, filledActor(m.system), itemsOf(m), undefined, true);
  const html = hbs.render("templates/sheets/actor.hbs", ctx);
  const rows = html.split('<li class="d20c-stat-attack').slice(1);
  const escaped = power.replace(/'/g, "&#x27;");
  const row = rows.find((r) => r.includes(`>${escaped}</button>`));
  if (!row) throw new Error(`no row ${power}`);
  const line = row.slice(0, row.indexOf("</p>"));
  return {
    html: line,
    text: line
      .replace(/^[^>]*>/, "")
      .replace(/&#x27;/g, "'")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  };
}

describe("[SYS-MONSTERS] a routine on the stat block", () => {
  it.each([
    [
      "13th-age",
      "Hobgoblin Warcaptain",
      "Drilled Onslaught",
      "Makes Drilled Blade ×2; then Shield Slam against each creature every Drilled Blade hits",
    ],
    [
      "ffd20",
      "Marsh Lurker",
      "Lurker's Ambush",
      "Makes Snapping Jaws; then Venom Stinger against each creature a Snapping Jaws hits",
    ],
    ["hundred-dungeons", "Siren of the Reeds", "Talon Flurry", "Makes Raking Talons ×2"],
    ["wounds-d20", "Hill Troll", "Full Rend", "Makes Rending Claws ×2"],
  ] as const)(
    "[SYS-MONSTERS] %s: %s's %s names what it makes, no attack bonus of its own",
    (id, monster, power, words) => {
      const row = attackRow(id, monster, power);
      expect(row.text).toContain(words);
      expect(row.html).not.toContain("d20c-attack-bonus");
      expect(row.html).toContain('data-action="useItem"');
    },
  );
});
