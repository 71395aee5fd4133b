/**
 * [FF-INVIS] an attack on the wrong square of an unseen target misses automatically, and only the
 * GM learns why: players see the card exactly as they would see an ordinary miss. Rendered with
 * the real `handlebars` package from the contexts Foundry uses, decided by the real rulesets.
 */
import { describe, expect, it } from "vitest";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { RulesetId } from "../../src/engine/types.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { standInViewer } from "../workflows/attack-card-fixture.js";
import { derivedDefense, npc, power, request, target } from "../workflows/attack-fixtures.js";
import { attackFromRecordedDice } from "../support/recorded-dice.js";

const hbs = createTemplateRenderer();

function card(id: RulesetId, natural: number, wrongSquare: boolean): AttackCardData {
  const R = getRuleset(id);
  const foe = npc(R, 15);
  const req = request(id, {
    power: power({ attackBonus: 5 }),
    situation: { wrongSquare },
    targets: [target("shade", foe, "Wailing Shade")],
  });
  const c = attackFromRecordedDice(req, [[natural]], { "*": [4] });
  return { ...c, defenseLabel: R.defenses[0]!.label };
}

const render = (c: AttackCardData, isGM: boolean) =>
  hbs.render("templates/chat/attack-card.hbs", attackCardContext(c, standInViewer({ isGM, visibility: "everyone" })));

describe("wrong square as the attacker sees it", () => {
  it("[FF-INVIS] the engine decides an automatic miss (so the card data holds the truth for the GM)", () => {
    const c = card("ffd20", 18, true);
    expect(c.targets[0]!.outcome.result).toBe("autoMiss");
    expect(c.wrongSquare).toBe(true);
  });

  it("[FF-INVIS] a roll that misses anyway: the player's card is identical to the same roll on the right square", () => {
    const R = getRuleset("ffd20");
    // Natural 6 + 5 = 11 against AC 15: an ordinary miss on the right square.
    expect(6 + 5).toBeLessThan(derivedDefense(R, npc(R, 15), "ac"));
    const wrong = render(card("ffd20", 6, true), false);
    const right = render(card("ffd20", 6, false), false);
    expect(right).toContain("d20c-target--miss");
    expect(wrong).toBe(right);
  });

  it("[FF-INVIS] a roll that would have hit: players see a plain miss with no numbers that give the reason away", () => {
    const R = getRuleset("ffd20");
    expect(18 + 5).toBeGreaterThanOrEqual(derivedDefense(R, npc(R, 15), "ac"));
    const html = render(card("ffd20", 18, true), false);
    expect(html).toContain("d20c-target--miss");
    expect(html).toContain(">Miss<");
    expect(html).not.toMatch(/automatic|wrong|square/i);
    expect(html).not.toContain("d20c-target--automiss");
    expect(html).not.toContain("d20c-vs"); // the defense would show 23 against 15
    expect(html).not.toContain("d20c-odds");
    expect(html).not.toContain('data-action="d20c-apply"');
  });

  it("[FF-INVIS] the GM sees the automatic miss and why", () => {
    const html = render(card("ffd20", 18, true), true);
    expect(html).toContain("d20c-target--automiss");
    expect(html).toContain("Automatic miss");
    expect(html).toMatch(/Wrong square/);
  });

  it("[FF-INVIS] a natural 1 on the wrong square reads to players as an ordinary natural 1", () => {
    expect(render(card("ffd20", 1, true), false)).toBe(render(card("ffd20", 1, false), false));
  });

  it("[FF-INVIS] the same holds for the wrong space in Hundred Dungeons (its reason is for the GM only)", () => {
    const wrong = render(card("hundred-dungeons", 4, true), false);
    expect(wrong).not.toMatch(/wrong/i);
    expect(wrong).toBe(render(card("hundred-dungeons", 4, false), false));
    expect(render(card("hundred-dungeons", 4, true), true)).toMatch(/Wrong space/);
  });
});
