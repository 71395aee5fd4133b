/**
 * A game's own fields that ask for a sheet input ([SYS-DOCS], [SYS-RULESET]): the actor sheet renders
 * an input for each while that game is active, showing the stored value under the field's name, and
 * none while another game is (FFd20's insubstantial flag is one such field).
 */
import { describe, expect, it } from "vitest";
import { toActorSource } from "../../src/data/prepare.js";
import { actorSchema } from "../../src/data/schema.js";
import { bool, formula, int, onSheet } from "../../src/engine/fields.js";
import { allRulesets, getRuleset } from "../../src/engine/registry.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import type { ActorSource } from "../../src/engine/types.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { standInFields, standInFill } from "../stand-ins/foundry-fields.js";
import { bareActorContext, wholeSheet } from "./sheet-fixtures.js";

const base = getRuleset("ffd20");
/** A test-only game: FFd20 plus three fields of its own that ask for inputs. */
const moraleGame: Ruleset = {
  ...base,
  actorFields: {
    ...base.actorFields,
    morale: onSheet(int(3, { min: 0 })),
    warCry: onSheet(formula("damage", "1d4")),
    rallied: onSheet(bool(false)),
  },
};
const hbs = createTemplateRenderer({ i18n: { missing: "key" } });

function render(ruleset: Ruleset, stored: Record<string, unknown>): string {
  const system = toActorSource("character", stored);
  // The engine's view holds the built-in games' fields; the sheet's inputs show the stored record.
  const withOwn: Record<string, unknown> = { ...system, ...stored };
  return wholeSheet(hbs, bareActorContext(ruleset, system, withOwn as ActorSource));
}

describe("game fields on the actor sheet", () => {
  it("[SYS-DOCS] a field a game's part offers on the sheet renders as its input with the stored value; none under other games", () => {
    const stored = standInFill(actorSchema(standInFields, [...allRulesets(), moraleGame]), {
      morale: 5,
      warCry: "2d6",
      rallied: true,
    });
    const html = render(moraleGame, stored);
    expect(html).toMatch(/<input type="number" name="system\.morale" value="5" min="0">/);
    expect(html).toContain('<input type="text" name="system.warCry" value="2d6">');
    expect(html).toMatch(/<input type="checkbox" name="system\.rallied" checked>/);
    expect(html).toContain("D20C.Actor.FIELDS.morale.label"); // the field's label key (a test game has no lang entry)
    const ffd20 = render(base, stored);
    expect(ffd20).not.toContain("system.morale");
    expect(ffd20).toContain('<input type="checkbox" name="system.insubstantial" >'); // FFd20's own flag
    expect(render(getRuleset("13th-age"), stored)).not.toContain("d20c-game-fields");
  });
});
