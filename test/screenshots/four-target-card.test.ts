/**
 * Issue 45 "a card that fits the chat sidebar": a four-target FFd20 attack card (the shipped
 * Searing Halo: blinded, save ends, on a hit) decided by the real ruleset from recorded dice,
 * rendered at the chat log's 300 px in headless Chromium, light and dark: no taller than 600 px,
 * the effect shared by every target printed once, no "[0]" or doubled line, and the power text
 * starting at the card's edge. Written to test-output/screenshots/four-target-card*.png.
 */
import { afterAll, describe, expect, it } from "vitest";
import { powerSourceFrom } from "../../src/data/item-source.js";
import { cardPowerOf } from "../../src/engine/plans/power-card.js";
import { getRuleset } from "../../src/engine/registry.js";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { allItemsOf } from "../content/content.js";
import { closeBrowser, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { CHAT_PAGE } from "../support/chat-frame.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { attackFromRecordedDice } from "../support/recorded-dice.js";
import { standInViewer } from "../workflows/attack-card-fixture.js";
import { npc, request, target } from "../workflows/attack-fixtures.js";

const FF = getRuleset("ffd20");
const hbs = createTemplateRenderer();

/** The four-target card as the GM sees it (every number shown): its data and its HTML. */
function fourTargetCard() {
  const halo = allItemsOf("ffd20").find((e) => e.item.type === "power" && e.item.name === "Searing Halo")!.item;
  const source = powerSourceFrom(halo.system, {});
  const req = request("ffd20", {
    power: source,
    attacker: npc(FF, 10, { kind: "character", level: 3 }),
    targets: [
      target("a", npc(FF, 12), "Goblin Cutter"),
      target("b", npc(FF, 13), "Goblin Sharpshooter"),
      target("c", npc(FF, 14), "Hobgoblin Soldier"),
      target("d", npc(FF, 30), "Bugbear Strangler"),
    ],
  });
  const card = attackFromRecordedDice(
    { ...req, item: { name: halo.name, img: "icons/svg/sun.svg" } },
    [[17], [15], [19], [4]],
    { "*": [5, 4, 3, 6] },
    "D20C.FF.Defense.ref",
  );
  const power = cardPowerOf(FF, source, null);
  return power ? { ...card, power } : card;
}
const viewer = standInViewer({ isGM: true, visibility: "gm" });
const render = (card: ReturnType<typeof fourTargetCard>) =>
  hbs.render("templates/chat/attack-card.hbs", attackCardContext(card, viewer));

afterAll(async () => closeBrowser());

describe("issue 45: a four-target card fits the chat sidebar", () => {
  const card = fourTargetCard();
  const html = render(card);

  it("[SYS-TARGETS] [FF-COND] an effect only some hit targets get stays under their own rows", () => {
    const [first, ...rest] = card.targets;
    const uneven = { ...card, targets: [{ ...first!, effects: [] }, ...rest] };
    const view = attackCardContext(uneven, viewer);
    expect(view.sharedImposes).toBeNull();
    expect(view.targets.map((t) => t.imposes.length)).toEqual([0, 1, 1, 0]);
    expect(attackCardContext(card, viewer).sharedImposes?.lines).toHaveLength(1);
  });

  it("[SYS-TARGETS] [FF-COND] the blinded effect all four share is printed once; no [0], no doubled line", () => {
    // What a reader sees: the damage row's word kept for screen readers only is left out.
    const text = html
      .replace(/<span class="d20c-damage__label">[^<]*<\/span>/g, "")
      .replace(/<[^>]+>/g, "\n")
      .replace(/[ \t]+/g, " ");
    expect(text).not.toContain("[0]");
    expect((text.match(/blinded/gi) ?? []).length).toBeLessThanOrEqual(2);
    const lines = text
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l.length > 3);
    const doubled = lines.filter((l, i) => i > 0 && lines[i - 1] === l);
    expect(doubled).toEqual([]);
  });

  for (const theme of ["light", "dark"] as const) {
    it.skipIf(skipScreenshots())(
      `[SYS-TARGETS] ${theme}: at 300 px the card is no taller than 600 px and the power text starts at its edge`,
      async () => {
        const page = CHAT_PAGE;
        // Foundry's dark theme: the class on an ancestor, the chat log's dark paper.
        const body =
          theme === "light"
            ? `<div class="chat-message">${html}</div>`
            : `<div class="theme-dark" style="padding: 1px 0"><div class="chat-message" style="background: #25242a">${html}</div></div>`;
        await screenshotHtml(body, { ...page, name: theme === "light" ? "four-target-card" : "four-target-card-dark" });
        await withPage(
          body,
          async (p) => {
            const card = await p.$eval(".d20c-attack-card", (el) => el.getBoundingClientRect().toJSON() as DOMRect);
            expect(card.width).toBeLessThanOrEqual(300);
            expect(card.height).toBeLessThanOrEqual(600);
            const text = await p.$$eval(".d20c-power-text", (els) => els.map((el) => el.getBoundingClientRect().left));
            for (const left of text) expect(left - card.left).toBeLessThanOrEqual(2);
          },
          page,
        );
      },
    );
  }
});
