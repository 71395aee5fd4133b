/**
 * Screenshots of a turn summary at chat width ([SYS-TURNS]), light and dark: the real 13th Age
 * turn end of a burning ogre (ongoing fire, a failed then a passed save, an expired effect) run
 * through the real plan runner with recorded dice, shown as the GM sees it (each line with its
 * Undo). Checked in the DOM: the header names the creature, each line is readable, each Undo sits
 * on its own line and inside the message. Written to test-output/screenshots/ for humans.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { turnSummaryView, type SummaryLine } from "../../src/workflows/combat-chat.js";
import { runPlan, type ChatLine } from "../../src/engine/plans/turns.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { closeBrowser, pngSize, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { combatantSource, effectSource, turnContext } from "../support/engine-fixtures.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";

const CHAT_WIDTH = 300;
const frame = (background: string) => `body { margin: 0; background: #1c1b22; }
.chat-message { box-sizing: border-box; width: ${CHAT_WIDTH}px; margin: 8px; padding: 6px 8px; background: ${background};
  border-radius: 5px; font-family: "Signika", sans-serif; }`;

const hbs = createTemplateRenderer();
const i18n = createI18nStandIn({ missing: "key" });
const format = (key: string, data?: Record<string, string | number>) => i18n.format(key, data ?? {});

/** The ogre's turn end: ongoing 5 fire (resisted to 2), saves vs Burning (fails) and Dazed (passes). */
async function ogreTurnEnd(): Promise<ChatLine[]> {
  const R = getRuleset("13th-age");
  const burning = effectSource({
    id: "burn",
    name: "Burning",
    duration: "saveEnds",
    ongoing: { amount: 5, type: "fire" },
  });
  const dazed = effectSource({ id: "daze", name: "Dazed", duration: "saveEnds" });
  const ogre = combatantSource(
    "ogre",
    defaultActorSource({ kind: "npc", resistances: [{ type: "fire", value: 16 }] }),
    {
      name: "Cave Ogre",
      actorId: "Actor.ogre",
      effects: [burning, dazed],
    },
  );
  const ctx = { ...turnContext([ogre], { round: 2 }), combatantId: "ogre" };
  const faces = [4, 17];
  const lines: ChatLine[] = [];
  await runPlan(R, ctx, R.onTurnEnd(ctx), {
    roll: async (request) => {
      const face = faces.shift() ?? 10;
      return { total: face + Number(/\+\s*(\d+)/.exec(request.formula)?.[1] ?? 0), natural: face };
    },
    applyActor: async () => undefined,
    addEffect: async () => "new",
    removeEffect: async () => undefined,
    updateEffect: async () => undefined,
    rerollInitiative: async () => undefined,
    post: async (line) => void lines.push(line),
  });
  return lines;
}

async function summaryHtml(background: string): Promise<string> {
  const lines: SummaryLine[] = (await ogreTurnEnd()).map((line) => ({ line, undone: false }));
  const view = turnSummaryView(
    { kind: "turn", combatantId: "ogre", actorId: "Actor.ogre", name: "Cave Ogre", round: 2 },
    lines,
    format,
    { isGM: true },
  );
  return `<div class="chat-message" style="background: ${background}">${hbs.render("templates/combat/turn-summary.hbs", view)}</div>`;
}

async function check(page: Page): Promise<void> {
  const texts = await page.$$eval(".d20c-turn-line", (els) =>
    els.map((e) => (e as HTMLElement).innerText.replace(/\s+/g, " ")),
  );
  const header = await page.$eval(".d20c-turn-summary__head", (e) => (e as HTMLElement).innerText);
  expect(header).toBe("Cave Ogre · round 2");
  expect(texts).toEqual([
    "Ongoing damage — Burning 5 before resistance, 2 taken Cave Ogre takes 2 damage. Undo",
    "Normal save (11+) — Burning Save failed. 1d20 4 (4) needs 11+",
    "Normal save (11+) — Dazed Save succeeded. 1d20 17 (17) needs 11+",
    "Saved: effect ends — Dazed Undo",
  ]);
  const geometry = await page.evaluate(() => {
    const card = document.querySelector(".chat-message")!.getBoundingClientRect();
    return [...document.querySelectorAll(".d20c-turn-line")].map((line) => {
      const l = line.getBoundingClientRect();
      const undo = line.querySelector(".d20c-turn-line__undo")?.getBoundingClientRect();
      const head = line.querySelector(".d20c-turn-line__head")!.getBoundingClientRect();
      return {
        inside: l.right <= card.right + 0.5,
        undo: undo ? { right: undo.right, top: undo.top, bottom: undo.bottom } : null,
        head,
        cardRight: card.right,
      };
    });
  });
  // A save changes nothing by itself (nothing to undo); the damage and the effect it ended do.
  expect(geometry.map((g) => g.undo !== null)).toEqual([true, false, false, true]);
  for (const g of geometry) {
    expect(g.inside).toBe(true);
    if (!g.undo) continue;
    // The Undo sits on its line's headline row, inside the message.
    expect(g.undo.right).toBeLessThanOrEqual(g.cardRight);
    expect(g.undo.top).toBeLessThan(g.head.bottom);
  }
}

describe.skipIf(skipScreenshots())("turn summary screenshots", () => {
  afterAll(closeBrowser);

  it("[SYS-TURNS] a turn summary reads at chat width: the creature, each step with its effect, rolls and Undo (light)", async () => {
    const body = await summaryHtml("#f5f1e8");
    const page = { width: CHAT_WIDTH + 40, extraCss: frame("#f5f1e8") };
    await withPage(body, check, page);
    const png = await screenshotHtml(body, { ...page, selector: ".chat-message", name: "turn-summary" });
    expect(pngSize(png).width).toBeGreaterThan(250);
  });

  it("[SYS-TURNS] the same summary in Foundry's dark theme", async () => {
    const body = `<div class="theme-dark" style="padding: 1px 0">${await summaryHtml("#25242a")}</div>`;
    const page = { width: CHAT_WIDTH + 40, extraCss: frame("#25242a") };
    await withPage(
      body,
      async (p) => {
        await check(p);
        const ink = await p.$eval(".d20c-turn-summary__head", (e) => getComputedStyle(e).color);
        // Light ink on the dark paper.
        expect(Number(/\d+/.exec(ink)![0])).toBeGreaterThan(180);
      },
      page,
    );
    const png = await screenshotHtml(body, { ...page, selector: ".chat-message", name: "turn-summary-dark" });
    expect(pngSize(png).width).toBeGreaterThan(250);
  });
});
