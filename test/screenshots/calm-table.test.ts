/**
 * Issue 45 screenshots, in headless Chromium, light and dark: the rest's confirm dialog and the
 * card it posts (Hundred Dungeons long rest through the REAL sheet handler, with the sheet
 * stand-ins), and the situation dialog as a player sees it (no wrong square) and as the GM does.
 * Written to test-output/screenshots/rest-confirm*.png, rest-report*.png, situation-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import { plainSituation } from "../../src/engine/plans/attack.js";
import { getRuleset } from "../../src/engine/registry.js";
import { situationDialogContext } from "../../src/engine/views/situation-dialog.js";
import { closeBrowser, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { CHAT_PAGE } from "../support/chat-frame.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { PowerItemStandIn } from "../stand-ins/foundry-items.js";
import { SheetActorStandIn, clickTarget, installSheetStandIn, sheetThis } from "../stand-ins/foundry-sheet.js";
import { power } from "../workflows/attack-fixtures.js";
import type * as SheetNs from "../../src/applications/sheets/actor-sheet.js";

const hbs = createTemplateRenderer();
type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

/** A DialogV2 window around a dialog's content, light or dark. */
const DIALOG_PAGE = {
  width: 460,
  extraCss: `body { margin: 0; background: #1c1b22; }
.window { box-sizing: border-box; width: 420px; margin: 20px; padding: 10px 12px; background: #f5f1e8; color: #191813;
  border-radius: 6px; font-family: "Signika", sans-serif; }
.theme-dark .window { background: #26252c; color: #e7e3d7; }
.window i[class*="fa-"] { display: inline-block; width: 1em; height: 1em; background: currentColor; opacity: 0.35; }`,
};
const dialog = (content: string, dark: boolean) =>
  `<div class="${dark ? "theme-dark" : "theme-light"}" style="padding: 1px 0"><div class="window"><div class="dialog-content">${content}</div></div></div>`;
const message = (content: string, dark: boolean) =>
  dark
    ? `<div class="theme-dark" style="padding: 1px 0"><div class="chat-message" style="background: #25242a">${content}</div></div>`
    : `<div class="chat-message">${content}</div>`;

let confirmHtml = "";
let cardHtml = "";

beforeAll(async () => {
  const { state, uninstall } = installSheetStandIn("hundred-dungeons");
  try {
    const { D20ActorSheet } = (await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs;
    const actions = D20ActorSheet.DEFAULT_OPTIONS.actions as Record<string, Handler>;
    const hero = new SheetActorStandIn(
      "hero",
      "Mirela of the Marches",
      defaultActorSource({
        kind: "character",
        hp: { value: 6, max: 27, temp: 0 },
        exhaustion: 2,
        recoveries: {
          value: 1,
          max: 3,
          formula: "1d8",
          noRecoveryUses: 0,
          ralliesThisBattle: 0,
          battlesSinceHealUp: 0,
        },
      }),
    );
    hero.items.add(
      new PowerItemStandIn(
        "bless",
        "Bless",
        { usage: "perRest", recharge: 0, used: true, uses: { spent: 1, max: 1 } },
        power(),
      ),
    );
    await actions.takeRest!.call(
      sheetThis(D20ActorSheet, hero),
      { shiftKey: false },
      clickTarget({ rest: "longRest" }),
    );
    confirmHtml = String(state.confirms[0]?.content ?? "");
    cardHtml = String(state.messages[0]?.data.content ?? "");
  } finally {
    uninstall();
  }
});
afterAll(async () => closeBrowser());

describe.skipIf(skipScreenshots())("issue 45 on screen: rests and the situation dialog", () => {
  for (const dark of [false, true]) {
    const theme = dark ? "-dark" : "";
    it(`[HD-COND] [SYS-POWERS] the long rest asks first with what will come back, and its card lists what came back${theme}`, async () => {
      await screenshotHtml(dialog(confirmHtml, dark), { ...DIALOG_PAGE, name: `rest-confirm${theme}` });
      await screenshotHtml(message(cardHtml, dark), { ...CHAT_PAGE, name: `rest-report${theme}` });
      await withPage(
        dialog(confirmHtml, dark),
        async (page) => {
          const text = await page.$eval(".window", (el) => (el as HTMLElement).innerText);
          expect(text).toContain("Mirela of the Marches");
          expect(text).toContain("Hit points 6 → 27 (of 27)");
          expect(text).toContain("Exhaustion 2 → 1");
          expect(text).toContain("Uses back: Bless");
        },
        DIALOG_PAGE,
      );
      await withPage(
        message(cardHtml, dark),
        async (page) => {
          const text = await page.$eval(".chat-message", (el) => (el as HTMLElement).innerText);
          expect(text).toContain("Hit points 6 → 27 (of 27)");
          expect(text).toContain("Exhaustion 2 → 1");
        },
        CHAT_PAGE,
      );
    }, 90_000);

    it(`[SYS-HIDDEN] [FF-CONCEAL] the situation dialog a player sees has no wrong square; the GM's has${theme}`, async () => {
      const FF = getRuleset("ffd20");
      const targets = [
        { name: "Goblin Sneak", situation: plainSituation({ concealment: "total" }), reasons: [] },
        { name: "Hobgoblin", situation: plainSituation({ cover: "partial" }), reasons: [] },
      ];
      for (const gm of [false, true]) {
        const html = dialog(
          hbs.render("templates/chat/situation-dialog.hbs", situationDialogContext(FF, targets, { gm })),
          dark,
        );
        await screenshotHtml(html, { ...DIALOG_PAGE, name: `situation-${gm ? "gm" : "player"}${theme}` });
        await withPage(
          html,
          async (page) => expect(await page.locator('[name="wrongSquare"]').count()).toBe(gm ? 1 : 0),
          DIALOG_PAGE,
        );
      }
    }, 90_000);
  }
});
