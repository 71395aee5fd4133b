/**
 * Screenshots of the attack card in headless Chromium at the width of Foundry's chat log, checked
 * through the page's DOM for what a player must be able to read before the PNG is written:
 * - chat-attack-card.png: the GM's view of three targets (crit, hit, miss) with an applied record;
 * - chat-attack-card-player.png: a player's view when only the GM may see defenses and odds;
 * - chat-attack-card-untargeted.png: an attack rolled with no token targeted;
 * - chat-attack-card-knockout.png: a Hundred Dungeons card with the knock-out button.
 * Written to test-output/screenshots/ for humans.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { attackCardContext, type CardViewer } from "../../src/engine/views/attack-card-context.js";
import { looseRollContext, ruleCardContext } from "../../src/engine/views/rule-card-context.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import { decideLooseRoll } from "../../src/engine/plans/roll-hook.js";
import { closeBrowser, pngSize, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import {
  hundredDungeonsCard,
  standInViewer,
  threeTargetCard,
  untargetedCard,
} from "../workflows/attack-card-fixture.js";
import { defaultOptions, npc, target } from "../workflows/attack-fixtures.js";

/**
 * Stand-in for Foundry's chat log around one message: the v13 sidebar's width and dark background.
 * Font Awesome is not loaded here, so each icon is stood in for by a 1em square (the width the real
 * glyphs take), keeping the layout honest about the room icons need.
 */
const CHAT_WIDTH = 300;
const CHAT_FRAME_CSS = `body { margin: 0; background: #1c1b22; }
.chat-message { box-sizing: border-box; width: ${CHAT_WIDTH}px; margin: 8px; padding: 6px 8px; background: #f5f1e8;
  border-radius: 5px; font-family: "Signika", sans-serif; }
.chat-message i[class*="fa-"] { display: inline-block; width: 1em; height: 1em; vertical-align: -0.125em;
  background: currentColor; opacity: 0.35; border-radius: 2px; }`;
const PAGE = { width: CHAT_WIDTH + 40, extraCss: CHAT_FRAME_CSS };

const hbs = createTemplateRenderer();
const messageHtml = (card: AttackCardData, viewer: CardViewer) =>
  `<div class="chat-message">${hbs.render("templates/chat/attack-card.hbs", attackCardContext(card, viewer))}</div>`;

interface Box {
  text: string;
  top: number;
  left: number;
  right: number;
  bottom: number;
  height: number;
  width: number;
  fontSize: number;
  visible: boolean;
}

/** Boxes of every element matching `selector` (text, geometry, computed font size, visibility). */
async function boxes(page: Page, selector: string): Promise<Box[]> {
  return page.$$eval(selector, (els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      return {
        text: (el as HTMLElement).innerText.replace(/\s+/g, " ").trim(),
        top: r.top,
        left: r.left,
        right: r.right,
        bottom: r.bottom,
        height: r.height,
        width: r.width,
        fontSize: parseFloat(cs.fontSize),
        visible: r.width > 0 && r.height > 0 && cs.visibility !== "hidden" && cs.display !== "none",
      };
    }),
  );
}

/** Every element of the card lies inside the card horizontally (nothing spills out of the chat log). */
async function expectNoOverflow(page: Page): Promise<void> {
  const spill = await page.evaluate(() => {
    const card = document.querySelector(".d20c-attack-card") as HTMLElement;
    const { left, right } = card.getBoundingClientRect();
    const out = [...card.querySelectorAll("*")]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < left - 0.5 || r.right > right + 0.5);
      })
      .map((el) => el.className);
    return { scroll: card.scrollWidth - card.clientWidth, out };
  });
  expect(spill.scroll).toBeLessThanOrEqual(0);
  expect(spill.out).toEqual([]);
}

/**
 * The apply row's buttons of one target (healing sits behind the row's menu), row by row as laid
 * out (labels), inside the target block, each readable and none cut: a label's text fits its button.
 */
async function expectButtonRows(page: Page, targetSelector: string, rows: string[][]): Promise<void> {
  const [block] = await boxes(page, targetSelector);
  const buttons = await boxes(page, `${targetSelector} .d20c-apply > .d20c-apply__btn`);
  const labels = await boxes(page, `${targetSelector} .d20c-apply > .d20c-apply__btn span`);
  const tops = [...new Set(buttons.map((b) => Math.round(b.top)))].sort((a, b) => a - b);
  expect(tops.map((top) => buttons.filter((b) => Math.round(b.top) === top).map((b) => b.text))).toEqual(rows);
  buttons.forEach((b, i) => {
    expect(b.visible).toBe(true);
    expect(b.height).toBeLessThanOrEqual(26);
    expect(b.fontSize).toBeGreaterThanOrEqual(9.5);
    expect(b.left).toBeGreaterThanOrEqual(block!.left);
    expect(b.right).toBeLessThanOrEqual(block!.right);
    expect(labels[i]!.right).toBeLessThanOrEqual(b.right);
  });
}

/**
 * WCAG contrast ratio between each matching element's text colour and its own background colour
 * (for solid-coloured elements such as badges and buttons).
 */
async function contrasts(page: Page, selector: string): Promise<number[]> {
  return page.$$eval(selector, (els) => {
    const lum = (css: string) => {
      const [r, g, b] = (css.match(/[\d.]+/g) ?? ["0", "0", "0"]).slice(0, 3).map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    return els.map((el) => {
      const cs = getComputedStyle(el);
      const [a, b] = [lum(cs.color), lum(cs.backgroundColor)].sort((x, y) => y - x);
      return (a! + 0.05) / (b! + 0.05);
    });
  });
}

/** Relative luminance of an element's text colour (0 = black, 1 = white). */
async function textLuminance(page: Page, selector: string): Promise<number> {
  return page.$eval(selector, (el) => {
    const [r, g, b] = (getComputedStyle(el).color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  });
}

describe.skipIf(skipScreenshots())("attack card screenshots", () => {
  afterAll(closeBrowser);

  it("[SYS-TARGETS] the GM's card shows each outcome badge, the shared modifier chips once, the odds and apply buttons that fit", async () => {
    const body = messageHtml(await threeTargetCard(), standInViewer({ isGM: true }));
    await withPage(
      body,
      async (page) => {
        const badges = await boxes(page, ".d20c-target .d20c-badge");
        expect(badges.map((b) => b.text)).toEqual(["CRITICAL HIT", "HIT", "MISS"]);
        for (const b of badges) {
          expect(b.visible).toBe(true);
          expect(b.height).toBeLessThanOrEqual(20);
        }
        for (const cls of ["crit", "hit", "miss"]) {
          const [badge] = await boxes(page, `.d20c-target--${cls} .d20c-badge--${cls}`);
          const [name] = await boxes(page, `.d20c-target--${cls} .d20c-target__name`);
          // The badge sits on the target's name row.
          expect(Math.abs(badge!.top + badge!.height / 2 - (name!.top + name!.height / 2))).toBeLessThan(4);
        }

        // Modifier chips: every itemised modifier the targets share, once, in a small font, on the
        // header's one line; no target repeats them.
        const [card] = await boxes(page, ".d20c-attack-card");
        const chips = await boxes(page, ".d20c-card__formula .d20c-chip");
        expect(chips.map((c) => c.text)).toEqual(["Level +1", "Power +7", "Escalation die +2"]);
        for (const c of chips) {
          expect(c.fontSize).toBeLessThanOrEqual(11);
          expect(c.height).toBeLessThanOrEqual(18);
          expect(c.right).toBeLessThanOrEqual(card!.right);
        }
        expect(new Set(chips.map((c) => Math.round(c.top))).size).toBe(1);
        expect(await boxes(page, ".d20c-target .d20c-chip")).toHaveLength(0);

        // Odds: one compact line per target.
        const odds = await boxes(page, ".d20c-odds");
        expect(odds).toHaveLength(3);
        for (const o of odds) {
          expect(o.text).toMatch(/^Hit \d+(\.\d)?% Crit \d+(\.\d)?% Avg dmg \d+\.\d$/);
          expect(o.height).toBeLessThanOrEqual(18);
        }
        expect((await boxes(page, ".d20c-vs")).map((v) => v.text)).toEqual(["vs AC 15", "vs AC 17", "vs AC 29"]);

        // Apply buttons: one row inside the crit's and the hit's block; none on the miss.
        const rows = [["Damage", "Half", "Double"]];
        await expectButtonRows(page, ".d20c-target--crit", rows);
        await expectButtonRows(page, ".d20c-target--hit", rows);
        expect(await boxes(page, ".d20c-target--miss .d20c-apply__btn")).toHaveLength(0);

        // Badges and buttons keep their text readable against their own colour (WCAG AA, 4.5:1).
        for (const c of await contrasts(page, ".d20c-badge, .d20c-apply__btn")) expect(c).toBeGreaterThanOrEqual(4.5);
        expect(await textLuminance(page, ".d20c-card__title")).toBeLessThan(0.1);

        // The applied record and its undo are readable.
        const [applied] = await boxes(page, ".d20c-applied__row");
        expect(applied!.text).toContain("Bugbear takes 12 damage.");
        const [undo] = await boxes(page, ".d20c-undo");
        expect(undo!.visible).toBe(true);
        await expectNoOverflow(page);
      },
      PAGE,
    );
    const png = await screenshotHtml(body, { ...PAGE, selector: ".chat-message", name: "chat-attack-card" });
    expect(pngSize(png).width).toBeGreaterThan(250);
  });

  it("[SYS-TARGETS] [SYS-WORDS] the compact three-target card: at most 510 px tall at 300 px (power text aside), every outcome, number and apply row visible, and the header formula's terms add up to each target's total", async () => {
    const body = messageHtml(await threeTargetCard(), standInViewer({ isGM: true }));
    // Written first, so a layout that fails the checks below can still be looked at.
    const png = await screenshotHtml(body, { ...PAGE, selector: ".chat-message", name: "chat-attack-card-compact" });
    expect(pngSize(png).width).toBeGreaterThan(250);
    await withPage(
      body,
      async (page) => {
        const height = await page.evaluate(() => {
          const card = document.querySelector(".d20c-attack-card") as HTMLElement;
          const text = document.querySelector(".d20c-power-text") as HTMLElement | null;
          return card.getBoundingClientRect().height - (text?.getBoundingClientRect().height ?? 0);
        });
        console.log(`compact three-target card: ${Math.round(height)} px tall without the power text`);
        expect(height).toBeLessThanOrEqual(510);
        // Every target's outcome, numbers and (where it deals damage) its one apply row, visible.
        for (const cls of ["crit", "hit", "miss"]) {
          for (const part of [".d20c-badge", ".d20c-total", ".d20c-die"])
            expect((await boxes(page, `.d20c-target--${cls} ${part}`))[0]!.visible).toBe(true);
        }
        for (const cls of ["crit", "hit"]) {
          const [value] = await boxes(page, `.d20c-target--${cls} .d20c-damage__value`);
          expect(value!.visible).toBe(true);
          const row = await boxes(page, `.d20c-target--${cls} .d20c-apply > .d20c-apply__btn`);
          expect(row.map((b) => b.text)).toEqual(["Damage", "Half", "Double"]);
          expect(new Set(row.map((b) => Math.round(b.top))).size).toBe(1);
          expect(row.every((b) => b.visible)).toBe(true);
          // Healing and temporary HP sit behind the row's small menu, closed until asked for.
          const hidden = await page.$$eval(`.d20c-target--${cls} .d20c-apply__menu .d20c-apply__btn`, (els) =>
            els.map((e) => [e.textContent?.trim(), e.checkVisibility()]),
          );
          expect(hidden).toEqual([
            ["Heal", false],
            ["Temp HP", false],
          ]);
          expect((await boxes(page, `.d20c-target--${cls} .d20c-apply__more-toggle`))[0]!.visible).toBe(true);
        }
        expect(await boxes(page, ".d20c-target--miss .d20c-apply")).toHaveLength(0);
        // The menu opens on a click, its buttons whole and inside the card.
        await page.click(".d20c-target--hit .d20c-apply__more-toggle");
        const [card] = await boxes(page, ".d20c-attack-card");
        const menu = await boxes(page, ".d20c-target--hit .d20c-apply__menu .d20c-apply__btn");
        expect(menu.map((b) => [b.text, b.visible])).toEqual([
          ["Heal", true],
          ["Temp HP", true],
        ]);
        for (const b of menu) expect(b.right).toBeLessThanOrEqual(card!.right);
        await page.click(".d20c-target--hit .d20c-apply__more-toggle");
        // The header is the roll's real formula: the d20, then every modifier all targets share.
        const terms = await page.$$eval(".d20c-card__formula .d20c-formula__term", (els) =>
          els.map((e) => ({
            text: (e as HTMLElement).innerText.replace(/\s+/g, " "),
            value: Number(e.getAttribute("data-value")),
          })),
        );
        expect(terms.map((t) => t.text)).toEqual(["Level +1", "Power +7", "Escalation die +2"]);
        const sums = await page.$$eval(".d20c-target", (els) =>
          els.map((el) => ({
            natural: Number((el.querySelector(".d20c-die:not(.d20c-die--dropped)") as HTMLElement).innerText),
            own: [...el.querySelectorAll(".d20c-target__numbers .d20c-chip")].reduce(
              (s, c) => s + Number(c.getAttribute("data-value")),
              0,
            ),
            total: Number((el.querySelector(".d20c-total") as HTMLElement).innerText),
          })),
        );
        const shared = terms.reduce((s, t) => s + t.value, 0);
        expect(sums).toHaveLength(3);
        for (const t of sums) expect(t.natural + shared + t.own).toBe(t.total);
        await expectNoOverflow(page);
      },
      PAGE,
    );
  });

  it("[SYS-TARGETS] a player who may not see defenses and odds still reads every outcome and can press the buttons", async () => {
    const body = messageHtml(await threeTargetCard(), standInViewer({ visibility: "gm" }));
    await withPage(
      body,
      async (page) => {
        expect((await boxes(page, ".d20c-badge")).map((b) => b.text)).toEqual(["CRITICAL HIT", "HIT", "MISS"]);
        expect(await boxes(page, ".d20c-odds")).toHaveLength(0);
        expect(await boxes(page, ".d20c-vs")).toHaveLength(0);
        // The roll itself stays: the die and the total.
        const totals = await boxes(page, ".d20c-target .d20c-total");
        expect(totals.map((t) => t.text)).toEqual(["28", "28", "28"]);
        expect((await boxes(page, ".d20c-target--crit .d20c-damage__value"))[0]!.text).toBe("24");
        await expectButtonRows(page, ".d20c-target--hit", [["Damage", "Half", "Double"]]);
        await expectNoOverflow(page);
      },
      PAGE,
    );
    const png = await screenshotHtml(body, { ...PAGE, selector: ".chat-message", name: "chat-attack-card-player" });
    expect(pngSize(png).width).toBeGreaterThan(250);
  });

  it("[SYS-TARGETS] with no token targeted the card shows the note, the roll and its damage, and no apply buttons", async () => {
    const body = messageHtml(untargetedCard(), standInViewer());
    await withPage(
      body,
      async (page) => {
        const [note] = await boxes(page, ".d20c-untargeted .d20c-note");
        expect(note!.visible).toBe(true);
        expect(note!.text).toContain("No tokens targeted");
        expect((await boxes(page, ".d20c-untargeted .d20c-total"))[0]!.text).toBe("16");
        // With no target, the roll's modifiers are the header's formula.
        const chips = await boxes(page, ".d20c-card__formula .d20c-chip");
        expect(chips.map((c) => c.text)).toEqual(["Power +5"]);
        expect(await boxes(page, ".d20c-untargeted .d20c-chip")).toHaveLength(0);
        expect(chips[0]!.fontSize).toBeLessThanOrEqual(11);
        expect(await boxes(page, ".d20c-apply__btn")).toHaveLength(0);
        const rolls = await boxes(page, ".d20c-damage-roll");
        expect(rolls.length).toBeGreaterThan(0);
        for (const r of rolls) expect(r.visible).toBe(true);
        await expectNoOverflow(page);
      },
      PAGE,
    );
    const png = await screenshotHtml(body, {
      ...PAGE,
      selector: ".chat-message",
      name: "chat-attack-card-untargeted",
    });
    expect(pngSize(png).width).toBeGreaterThan(250);
  });

  it("[HD-ENEMYDEATH] a Hundred Dungeons card offers the knock-out button beside the damage one, every label whole", async () => {
    const body = messageHtml(hundredDungeonsCard().card, standInViewer({ isGM: true }));
    await withPage(
      body,
      async (page) => {
        expect((await boxes(page, ".d20c-badge")).map((b) => b.text)).toEqual(["HIT"]);
        await expectButtonRows(page, ".d20c-target--hit", [["Damage", "Knock out", "Half", "Double"]]);
        await expectNoOverflow(page);
      },
      PAGE,
    );
    const png = await screenshotHtml(body, { ...PAGE, selector: ".chat-message", name: "chat-attack-card-knockout" });
    expect(pngSize(png).width).toBeGreaterThan(250);
  });

  it("[SYS-TARGETS] in Foundry's dark theme the card switches to light ink on dark paper and stays readable", async () => {
    const body = `<div class="theme-dark" style="padding: 1px 0">${messageHtml(
      await threeTargetCard(),
      standInViewer({ isGM: true }),
    ).replace('class="chat-message"', 'class="chat-message" style="background: #25242a"')}</div>`;
    await withPage(
      body,
      async (page) => {
        expect(await textLuminance(page, ".d20c-card__title")).toBeGreaterThan(0.6);
        expect(await textLuminance(page, ".d20c-target--hit .d20c-total")).toBeGreaterThan(0.6);
        for (const c of await contrasts(page, ".d20c-badge, .d20c-apply__btn")) expect(c).toBeGreaterThanOrEqual(4.5);
        expect((await boxes(page, ".d20c-badge")).map((b) => b.text)).toEqual(["CRITICAL HIT", "HIT", "MISS"]);
        await expectNoOverflow(page);
      },
      PAGE,
    );
    // The same card inside a part of the UI that asks for the light theme keeps dark ink.
    const forcedLight = `<div class="theme-dark"><div class="theme-light">${messageHtml(
      await threeTargetCard(),
      standInViewer({ isGM: true }),
    )}</div></div>`;
    await withPage(
      forcedLight,
      async (page) => expect(await textLuminance(page, ".d20c-card__title")).toBeLessThan(0.1),
      PAGE,
    );
    const png = await screenshotHtml(body, { ...PAGE, selector: ".chat-message", name: "chat-attack-card-dark" });
    expect(pngSize(png).width).toBeGreaterThan(250);
  });

  it("[13A-DEATHSAVE] [SYS-ROLLHOOK] the rule card and the loose-roll block read at chat width with the same badges", async () => {
    const R = getRuleset("13th-age");
    const rule = hbs.render(
      "templates/chat/rule-card.hbs",
      ruleCardContext(
        {
          version: 1,
          actorUuid: "Actor.x",
          actorName: "Tamsin",
          title: "D20C.Age13.Words.deathSave",
          rolls: [
            {
              label: "D20C.Chat.Roll",
              formula: "1d20",
              total: 17,
              natural: 17,
              target: 16,
              against: "total",
              success: true,
            },
          ],
          events: [],
        },
        standInViewer(),
      ),
    );
    const loose = hbs.render(
      "templates/chat/loose-roll.hbs",
      looseRollContext(
        decideLooseRoll(R, defaultOptions(R), { natural: 14, total: 21 }, [
          target("a", npc(R, 20), "Goblin"),
          target("b", npc(R, 25), "Ogre"),
        ]),
        standInViewer({ isGM: true }),
      ),
    );
    const body = `<div class="chat-message">${rule}</div><div class="chat-message">${loose}</div>`;
    await withPage(
      body,
      async (page) => {
        expect((await boxes(page, ".d20c-badge")).map((b) => b.text)).toEqual(["SUCCESS", "HIT", "MISS"]);
        for (const c of await contrasts(page, ".d20c-badge")) expect(c).toBeGreaterThanOrEqual(4.5);
        for (const card of await boxes(page, ".d20c-card")) expect(card.width).toBeLessThanOrEqual(CHAT_WIDTH);
        const rows = await boxes(page, ".d20c-loose-roll__targets .d20c-target");
        for (const r of rows) expect(r.height).toBeLessThanOrEqual(40);
      },
      PAGE,
    );
    const png = await screenshotHtml(body, { ...PAGE, name: "chat-rule-cards" });
    expect(pngSize(png).width).toBeGreaterThan(250);
  });
});
