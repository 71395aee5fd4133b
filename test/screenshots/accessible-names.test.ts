/**
 * Issue 45 accessibility, in headless Chromium: every control of the actor sheet (each game, every
 * tab), the attack card and the dialogs (situation, rest confirm, the HUD's duration prompt) has an
 * accessible name; every decorative icon is hidden from assistive technology (`aria-hidden`, or
 * `inert`, which takes it out of the accessibility tree); no positive tabindex, and the card's
 * keyboard focus order follows its visual order.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { plainSituation } from "../../src/engine/plans/attack.js";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { statusDurationContext } from "../../src/engine/views/effects-context.js";
import { situationDialogContext } from "../../src/engine/views/situation-dialog.js";
import { closeBrowser, skipScreenshots, withPage } from "../support/browser.js";
import { CHAT_PAGE } from "../support/chat-frame.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { heroContext, i18n, wholeSheet } from "../sheets/sheet-fixtures.js";
import { standInViewer, threeTargetCard } from "../workflows/attack-card-fixture.js";

const hbs = createTemplateRenderer();

/** Controls with no accessible name, icons not hidden, and positive tabindexes, as found in the page. */
async function audit(page: Page): Promise<{ unnamed: string[]; icons: string[]; tabindex: string[] }> {
  return page.evaluate(() => {
    const text = (el: Element | null) => ((el as HTMLElement | null)?.innerText ?? el?.textContent ?? "").trim();
    const nameOf = (el: HTMLElement): string => {
      const aria = el.getAttribute("aria-label")?.trim();
      if (aria) return aria;
      const by = el.getAttribute("aria-labelledby");
      if (by)
        return by
          .split(/\s+/)
          .map((id) => text(document.getElementById(id)))
          .join(" ")
          .trim();
      if (el.id) {
        const label = document.querySelector(`label[for="${CSS.escape(el.id)}"]`);
        if (label && text(label)) return text(label);
      }
      const wrap = el.closest("label");
      if (wrap && text(wrap)) return text(wrap);
      if (el.tagName === "BUTTON" || el.tagName === "A" || el.getAttribute("role") === "button") {
        const own = (el.textContent ?? "").trim();
        if (own) return own;
        const img = el.querySelector("img[alt]")?.getAttribute("alt")?.trim();
        if (img) return img;
      }
      if (el instanceof HTMLInputElement && ["submit", "button", "reset"].includes(el.type) && el.value)
        return el.value;
      return el.getAttribute("title")?.trim() || el.getAttribute("placeholder")?.trim() || "";
    };
    const controls = [
      ...document.querySelectorAll<HTMLElement>(
        'button, input:not([type="hidden"]), select, textarea, a[href], [role="button"], [tabindex]:not([tabindex="-1"])',
      ),
    ];
    const unnamed = controls.filter((el) => !nameOf(el)).map((el) => el.outerHTML.slice(0, 160));
    const icons = [...document.querySelectorAll<HTMLElement>('i[class*="fa-"]')]
      .filter((i) => i.getAttribute("aria-hidden") !== "true" && !i.closest("[inert]"))
      .map((i) => i.outerHTML);
    const tabindex = [...document.querySelectorAll<HTMLElement>("[tabindex]")]
      .filter((el) => Number(el.getAttribute("tabindex")) > 0)
      .map((el) => el.outerHTML.slice(0, 120));
    return { unnamed, icons, tabindex };
  });
}

async function expectAccessible(body: string, width = 820): Promise<void> {
  await withPage(
    body,
    async (page) => {
      const found = await audit(page);
      expect(found.unnamed).toEqual([]);
      expect(found.icons).toEqual([]);
      expect(found.tabindex).toEqual([]);
    },
    { width },
  );
}

afterAll(async () => closeBrowser());

describe.skipIf(skipScreenshots())("issue 45: every control has an accessible name", () => {
  for (const id of RULESET_IDS) {
    it(`[SYS-CHARACTER] ${id}: the character sheet (every tab) and the creature's sheet`, async () => {
      const character = wholeSheet(hbs, heroContext(id));
      const creature = wholeSheet(hbs, heroContext(id, { kind: "npc" }));
      await expectAccessible(`<div class="application">${character}</div><div class="application">${creature}</div>`);
    });

    it(`[SYS-TARGETS] ${id}: the situation dialog, for a player and for the GM, with per-target blocks`, async () => {
      const R = getRuleset(id);
      const targets = [
        { name: "Goblin", situation: plainSituation(), reasons: ["cover: 1 of 4 lines blocked"] },
        { name: "Orc", situation: plainSituation({ cover: "partial" }), reasons: [] },
      ];
      for (const gm of [false, true]) {
        await expectAccessible(
          hbs.render("templates/chat/situation-dialog.hbs", situationDialogContext(R, null, { gm })),
        );
        await expectAccessible(
          hbs.render("templates/chat/situation-dialog.hbs", situationDialogContext(R, targets, { gm })),
        );
      }
    });
  }

  it("[SYS-TARGETS] the attack card (GM's view, with an applied record and its undo); focus follows the visual order", async () => {
    const html = `<div class="chat-message">${hbs.render(
      "templates/chat/attack-card.hbs",
      attackCardContext(await threeTargetCard(), standInViewer({ isGM: true })),
    )}</div>`;
    await expectAccessible(html, CHAT_PAGE.width);
    await withPage(
      html,
      async (page) => {
        const boxes = await page.$$eval("button, a[href], input, select", (els) =>
          els.map((el) => {
            const r = el.getBoundingClientRect();
            return { top: Math.round(r.top), left: Math.round(r.left), h: r.height };
          }),
        );
        // Reading order: rows top to bottom (a control starting within the row's height is on it), left to right.
        const visual = [...boxes].sort((a, b) =>
          Math.abs(a.top - b.top) < Math.min(a.h, b.h) / 2 ? a.left - b.left : a.top - b.top,
        );
        expect(boxes).toEqual(visual);
      },
      CHAT_PAGE,
    );
  });

  it("[SYS-EFFECTS] [SYS-POWERS] the rest confirm (with the dice to spend) and the HUD's duration prompt", async () => {
    const rest = hbs.render("templates/chat/rest-confirm.hbs", {
      hint: "Roll recovery dice.",
      creatures: [{ name: "Aria", lines: ["Hit points 5 → 8 (of 30)"], nothing: "", dice: "Rolls 2 × 1d8" }],
      spend: { label: "Dice to spend (1d8 each)", max: 2 },
    });
    const format = (k: string, d?: Record<string, string | number>) => i18n.format(k, d as Record<string, string>);
    const prompt = hbs.render("templates/sheets/status-duration.hbs", {
      ...statusDurationContext({ conditionLabel: "Dazed", names: { c1: "Goblin" }, currentCombatantId: "c1", format }),
      skipHint: format("D20C.Calm.Hud.SkipHint"),
    });
    await expectAccessible(rest + prompt);
  });
});
