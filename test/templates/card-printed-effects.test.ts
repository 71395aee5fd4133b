/**
 * An attack card says each effect once ([SYS-POWERS], [SYS-WORDS]): where an outcome's printed words
 * already name the conditions an effect imposes (a monster's hit line, "restrained (save ends)"),
 * the card lists no effect line under them; an effect the words don't name keeps its line. Cards
 * are built from the shipped packs' powers through the product's card block and view.
 */
import { describe, expect, it } from "vitest";
import { cardPowerOf } from "../../src/engine/plans/power-card.js";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { powerSourceFrom } from "../../src/data/item-source.js";
import { allItemsOf } from "../content/content.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { standInViewer, threeTargetCard } from "../workflows/attack-card-fixture.js";

const hbs = createTemplateRenderer();

async function cardOf(game: (typeof RULESET_IDS)[number], powerName: string) {
  const found = allItemsOf(game).find((e) => e.item.type === "power" && e.item.name === powerName);
  expect(found, powerName).toBeDefined();
  const power = cardPowerOf(getRuleset(game), powerSourceFrom(found!.item.system, {}), null)!;
  const card = { ...(await threeTargetCard()), rulesetId: game, power };
  return attackCardContext(card, standInViewer());
}

describe("[SYS-POWERS] a card says each effect once", () => {
  it("[SYS-POWERS] [HD-COND] the Basilisk's gaze: its hit line names restrained and petrified, and no effect line repeats them", async () => {
    const view = await cardOf("hundred-dungeons", "Petrifying Gaze");
    const hit = view.powerSections.find((s) => s.key === "hit")!;
    expect(hit.text).toContain("restrained (until it rolls 12+)");
    expect(hit.effects).toEqual([]);
    const html = hbs.render("templates/chat/attack-card.hbs", view);
    expect(html.match(/restrained/gi)).toHaveLength(1);
    expect(html).not.toContain("d20c-power-text__effect");
  });

  it("[SYS-POWERS] an effect the printed words don't name keeps its line under them", async () => {
    const view = await cardOf("hundred-dungeons", "Petrifying Gaze");
    const card = { ...(await threeTargetCard()), rulesetId: "hundred-dungeons" as const };
    const gaze = allItemsOf("hundred-dungeons").find((e) => e.item.name === "Petrifying Gaze")!.item.system;
    const power = cardPowerOf(
      getRuleset("hundred-dungeons"),
      powerSourceFrom({ ...gaze, hitEffect: "1d6 force damage." }, {}),
      null,
    )!;
    const unnamed = attackCardContext({ ...card, power }, standInViewer());
    const hit = unnamed.powerSections.find((s) => s.key === "hit")!;
    expect(hit.effects).toHaveLength(2);
    // [SYS-WORDS] in Hundred Dungeons' words: it has no saving throws (issue 45)
    expect(hit.effects[0]).toMatch(/^Restrained \(ends on a roll of \d+\+ at the end of its turn/i);
    // A whole word only: "unrestrained" names no restrained.
    const partly = cardPowerOf(
      getRuleset("hundred-dungeons"),
      powerSourceFrom({ ...gaze, hitEffect: "1d6 force damage; unrestrained, petrified." }, {}),
      null,
    )!;
    const lines = attackCardContext({ ...card, power: partly }, standInViewer()).powerSections[0]!.effects;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/restrained/i);
    expect(view.powerSections).toHaveLength(1);
  });

  it("[SYS-WORDS] no shipped power's card lists an effect its printed outcome words already name", async () => {
    let checked = 0;
    for (const game of RULESET_IDS) {
      const R = getRuleset(game);
      const viewer = standInViewer();
      for (const { item } of allItemsOf(game)) {
        if (item.type !== "power") continue;
        const power = cardPowerOf(R, powerSourceFrom(item.system, {}), null);
        if (!power?.effects.length) continue;
        const view = attackCardContext({ ...(await threeTargetCard()), rulesetId: game, power }, viewer);
        for (const section of view.powerSections) {
          const printed = section.text.toLowerCase();
          for (const line of section.effects) {
            const statuses = power.effects
              .filter((e) => e.outcome === section.key)
              .flatMap((e) => [...e.statusLabels, ...(e.aftereffect?.statusLabels ?? [])])
              .map((l) => viewer.localize(l).toLowerCase());
            const named = statuses.filter((s) => line.toLowerCase().includes(s));
            expect(
              named.length === 0 || !named.every((s) => printed.includes(s)),
              `${game} ${item.name}: ${line}`,
            ).toBe(true);
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});
