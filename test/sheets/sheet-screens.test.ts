/**
 * The sheets as a player sees them, in headless Chromium inside a stand-in of Foundry v13's
 * application window (light theme). Before each PNG is written the page's DOM is checked for what
 * must be readable in that game: its defenses as badges, the click-to-attack list with the engine's
 * numbers, and the resource block the game uses (13A recoveries + escalation, WD wounds, HD
 * exhaustion). PNGs go to test-output/screenshots/ for humans.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { type RulesetId } from "../../src/engine/types.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { closeBrowser, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import {
  heroContext,
  i18n,
  itemContext,
  ITEMS,
  onTab,
  sheetItem,
  storedHero,
  type ActorTab,
  shownBlocksOf,
  type SheetBlockName,
} from "./sheet-fixtures.js";

const hbs = createTemplateRenderer();
const WIDTH = 800;

/**
 * Stand-in for Foundry v13's application frame around a sheet: window header, light-theme
 * background and font. Font Awesome is not loaded, so each icon stands in as a 1em square.
 */
const FRAME_CSS = `body { margin: 0; padding: 12px; background: #2b2a33; font-family: "Signika", "Segoe UI", sans-serif; }
.application { width: ${WIDTH}px; border-radius: 6px; overflow: hidden; box-shadow: 0 0 14px rgba(0,0,0,.6);
  background: #ebe6da; color: #191813; }
.application.theme-dark { background: #26252c; color: #e7e3d7; }
.application .window-header { display: flex; align-items: center; height: 32px; padding: 0 10px; background: #17161c;
  color: #e7e3d7; font-size: 14px; }
.application i[class*="fa-"] { display: inline-block; width: 0.9em; height: 0.9em; vertical-align: -0.1em;
  background: currentColor; opacity: 0.45; border-radius: 2px; }`;

/** Small inline pictures instead of Foundry's icon files (absent here). */
const svg = (body: string, bg: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${bg}"/>${body}</svg>`)}`;
const PORTRAIT = svg(
  '<circle cx="32" cy="24" r="12" fill="#d9c9a8"/><path d="M10 64c2-16 12-24 22-24s20 8 22 24z" fill="#8a3b2e"/>',
  "#4b5a6b",
);
const ICON = (c: string) => svg('<path d="M14 50 L46 12 L52 18 L20 56 Z" fill="#eee"/>', c);

const SCREEN_ITEMS = [
  { ...ITEMS[0]!, img: ICON("#8a2d2d") },
  {
    ...sheetItem("p2", "power", "Arcane Bolt", {
      damage: "2d6 + @int",
      damageTypes: ["force"],
      usage: "atWill",
      range: "ranged",
      defense: "ref",
      attackAbility: "int",
      weaponId: "none",
    }),
    img: ICON("#3b5b8a"),
  },
  {
    ...sheetItem("p3", "power", "Last-Ditch Gambit", {
      damage: "3[W]",
      usage: "daily",
      defense: "md",
    }),
    img: ICON("#5a3d8a"),
  },
  { ...ITEMS[1]!, img: ICON("#6b6b6b") },
  { ...ITEMS[2]!, img: ICON("#7a6a3a") },
  { ...ITEMS[3]!, img: ICON("#3a7a4a") },
];

const CONDITION_ICON = svg('<circle cx="32" cy="32" r="18" fill="none" stroke="#7a1f1f" stroke-width="6"/>', "#f4efe3");

/** Numbers that read like each game's own character (HD abilities are modifiers, 13A has class bases). */
const SCREEN_ACTOR: Partial<Record<RulesetId, Record<string, unknown>>> = {
  "hundred-dungeons": { abilities: { str: 3, dex: 2, con: 1, int: 0, wis: 1, cha: -1 } },
  "13th-age": {
    defenses: { ac: { base: 14, bonus: 0 }, pd: { base: 11, bonus: 0 }, md: { base: 10, bonus: 0 } },
  },
};

function actorScreen(id: RulesetId, kind: "character" | "npc" = "character", activeTab: ActorTab = "combat") {
  const ctx = heroContext(id, {
    kind,
    items: SCREEN_ITEMS,
    stored: storedHero(id, {
      exhaustion: 2,
      ...SCREEN_ACTOR[id],
      // a monster stat block: flat attack bonus, unhurt
      ...(kind === "npc" ? { attackBonus: 9, conditions: [], hp: { value: 27, max: 27, temp: 0 } } : {}),
    }),
    escalation: 2,
    escalationInPlay: getRuleset(id).escalationByDefault,
    // The words the sheet shows (uses left, the power's text) localised as game.i18n does.
    text: i18n,
  });
  const conditions = ctx.conditions.map((c) => ({ ...c, img: CONDITION_ICON }));
  return onTab({ ...ctx, conditions, img: PORTRAIT }, activeTab);
}

const frame = (title: string, classes: string, inner: string, theme = "theme-light") =>
  `<div class="application sheet d20-combat ${classes} themed ${theme}"><header class="window-header">${title}</header>` +
  `<section class="window-content">${inner}</section></div>`;

const actorPage = (ctx: ReturnType<typeof actorScreen>) =>
  frame(ctx.name.replace(/</g, "&lt;"), "actor", hbs.render("templates/sheets/actor.hbs", ctx));

const PAGE = { width: WIDTH + 24, height: 900, extraCss: FRAME_CSS, bodyClass: "" };

/** Texts of the visible elements matching a selector. */
async function visibleTexts(page: Page, selector: string): Promise<string[]> {
  const out: string[] = [];
  for (const el of await page.locator(selector).all())
    if (await el.isVisible()) out.push((await el.innerText()).trim());
  return out;
}

/** WCAG contrast of an element's text against its own (opaque) background. */
async function ownContrast(page: Page, selector: string): Promise<number> {
  const [fg, bg] = await page.$eval(selector, (el) => [
    getComputedStyle(el).color,
    getComputedStyle(el).backgroundColor,
  ]);
  const lum = (css: string) => {
    const [r, g, b] = css
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x) as [number, number];
  return (a + 0.05) / (b + 0.05);
}

/** The badges with their own background (attack bonus, escalation die, status) reach 4.5:1. */
async function badgeContrast(page: Page) {
  for (const sel of [
    ".d20c-attack-bonus",
    ".d20c-escalation-badge",
    ".d20c-pill.d20c-status",
    ".d20c-tabs .item.active",
  ])
    expect(await ownContrast(page, sel), sel).toBeGreaterThanOrEqual(4.5);
}

/** Checks every game's sheet must pass: badges, attacks with numbers, no horizontal overflow. */
async function commonChecks(page: Page, id: RulesetId) {
  const R = getRuleset(id);
  const badges = await visibleTexts(page, ".d20c-defense .d20c-badge-label");
  expect(badges).toEqual(R.defenses.map((d) => i18n.localize(d.abbr).toUpperCase()));
  expect(await page.locator(".d20c-name").isVisible()).toBe(true);
  expect(await page.locator(".d20c-hp-bar").isVisible()).toBe(true);
  const attacks = page.locator('.d20c-attacks [data-action="useItem"]');
  expect(await attacks.count()).toBe(4);
  expect(await attacks.first().isVisible()).toBe(true);
  const lines = await visibleTexts(page, ".d20c-attack-line");
  expect(lines.length).toBe(4);
  for (const l of lines) expect(l).toMatch(/^[+-]\d+ vs \S/);
  // nothing from the other tabs shows, and nothing spills sideways
  expect(await page.locator(".d20c-abilities").isVisible()).toBe(false);
  const overflow = await page.$eval(".d20c-sheet", (el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // every attack row keeps its parts inside the row
  const spill = await page.$$eval(".d20c-attack", (rows) =>
    rows.flatMap((row) => {
      const r = row.getBoundingClientRect();
      return [...row.children]
        .map((c) => c.getBoundingClientRect())
        .filter((c) => c.right > r.right + 1 || c.left < r.left - 1).length;
    }),
  );
  expect(spill.every((n) => n === 0)).toBe(true);
}

describe.skipIf(skipScreenshots())("sheet screenshots", () => {
  afterAll(closeBrowser);

  for (const id of RULESET_IDS) {
    it(`[SYS-RULESET] the ${id} character sheet shows its defenses, the attack list and its own resources`, async () => {
      const ctx = actorScreen(id);
      const body = actorPage(ctx);
      await withPage(
        body,
        async (page) => {
          await commonChecks(page, id);
          const visible = (sel: string) => page.locator(sel).first().isVisible();
          const R = getRuleset(id);
          const shown = shownBlocksOf(ctx);
          const shows = (b: SheetBlockName) => shown[b];
          expect(await visible('[data-action="spendRecovery"]')).toBe(shows("recoveries"));
          expect(await visible('[data-action="rally"]')).toBe(shows("rallies"));
          expect(await visible(".d20c-wounds")).toBe(shows("wounds"));
          expect(await visible(".d20c-exhaustion")).toBe(shows("exhaustion"));
          expect(await page.locator('[data-action="rollSave"]').count()).toBe(R.saves.length);
          // [13A-ESC] the escalation die's badge where the game has it on
          expect(await visible(".d20c-escalation-badge")).toBe(R.escalationByDefault);
        },
        PAGE,
      );
      await screenshotHtml(body, { ...PAGE, name: `character-sheet-${id}` });
    });
  }

  it("[13A-ESC] the 13th Age sheet: recoveries and rally buttons, AC/PD/MD badges, bonuses with the escalation die", async () => {
    const body = actorPage(actorScreen("13th-age"));
    await withPage(
      body,
      async (page) => {
        expect(await visibleTexts(page, ".d20c-defense .d20c-badge-label")).toEqual(["AC", "PD", "MD"]);
        expect(await page.locator('[data-action="spendRecovery"]').isVisible()).toBe(true);
        expect(await page.locator('[data-action="rally"]').isVisible()).toBe(true);
        expect(await page.locator(".d20c-escalation-badge").innerText()).toContain("+2");
        await badgeContrast(page);
      },
      PAGE,
    );
    await screenshotHtml(body, { ...PAGE, name: "character-sheet" });
  });

  it("[WD-WOUNDPTS] the Wounds d20 sheet counts damage up with the wound points, and shows AC/touch/flat-footed", async () => {
    const ctx = actorScreen("wounds-d20");
    await withPage(
      actorPage(ctx),
      async (page) => {
        const R = getRuleset("wounds-d20");
        expect(await visibleTexts(page, ".d20c-defense .d20c-badge-label")).toEqual(
          R.defenses.map((d) => i18n.localize(d.abbr).toUpperCase()),
        );
        expect(R.defenses.map((d) => d.key)).toEqual(["ac", "touch", "flat"]);
        expect(await page.locator(".d20c-hp-summary").innerText()).toBe(`${ctx.damageTaken} damage of ${ctx.hp.max}`);
        // the wound points once, in the header beside the damage; the damage is what the form edits
        expect(await page.locator(".d20c-wound-total").count()).toBe(1);
        expect(await page.locator(".d20c-hp .d20c-wound-total").textContent()).toBe(`Wound points ${ctx.woundTotal}`);
        expect(await page.locator('input[name="damageTaken"]').inputValue()).toBe(String(ctx.damageTaken));
        expect(await page.locator('input[name="system.hp.value"]').count()).toBe(0);
        expect(await page.locator(".d20c-wound-list .d20c-row").count()).toBe(1);
      },
      PAGE,
    );
  });

  it("[HD-COND] the Hundred Dungeons sheet shows exhaustion as six pips and a single defense badge", async () => {
    await withPage(
      actorPage(actorScreen("hundred-dungeons")),
      async (page) => {
        expect(await page.locator(".d20c-defense").count()).toBe(1);
        expect(await page.locator(".d20c-exhaustion").isVisible()).toBe(true);
        expect(await page.locator(".d20c-pip").count()).toBe(6);
        expect(await page.locator(".d20c-pip.on").count()).toBe(2);
      },
      PAGE,
    );
  });

  it("[FF-DEF] the FFd20 sheet shows AC, Fortitude, Reflex and Will badges with derived values", async () => {
    const ctx = actorScreen("ffd20");
    await withPage(
      actorPage(ctx),
      async (page) => {
        expect(await visibleTexts(page, ".d20c-defense .d20c-badge-value")).toEqual(
          ctx.defenses.map((d) => String(d.value)),
        );
        expect(ctx.defenses.map((d) => d.key)).toEqual(["ac", "fort", "ref", "will"]);
      },
      PAGE,
    );
  });

  it("[SYS-DOCS] the abilities and traits tabs and an NPC sheet render readably", async () => {
    for (const [name, ctx, check] of [
      ["character-sheet-abilities", actorScreen("ffd20", "character", "abilities"), ".d20c-abilities"],
      ["character-sheet-traits", actorScreen("hundred-dungeons", "character", "traits"), ".d20c-conditions"],
      ["npc-sheet", actorScreen("13th-age", "npc"), ".d20c-attacks"],
    ] as const) {
      const body = actorPage(ctx);
      await withPage(
        body,
        async (page) => {
          expect(await page.locator(check).isVisible()).toBe(true);
          expect(await page.$eval(".d20c-sheet", (el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
        },
        PAGE,
      );
      await screenshotHtml(body, { ...PAGE, name });
    }
  });

  it("[SYS-DOCS] in Foundry's dark theme the sheet's text stays readable against its panels", async () => {
    const ctx = actorScreen("13th-age");
    const body = frame("Aria", "actor", hbs.render("templates/sheets/actor.hbs", ctx), "theme-dark");
    await withPage(
      body,
      async (page) => {
        // the name and an attack name are light text (the dark theme's), not the light theme's near-black
        for (const sel of [".d20c-name", ".d20c-use"]) {
          const rgb = await page.$eval(sel, (el) => getComputedStyle(el).color);
          const [r, g, b] = rgb.match(/\d+/g)!.map(Number) as [number, number, number];
          expect(0.299 * r + 0.587 * g + 0.114 * b, sel).toBeGreaterThan(150);
        }
        await badgeContrast(page);
      },
      PAGE,
    );
    await screenshotHtml(body, { ...PAGE, name: "character-sheet-dark" });
  });

  it("[SYS-DOCS] the power sheet: portrait, name, every field labelled, description", async () => {
    const ctx = {
      ...itemContext("power", "13th-age"),
      img: ICON("#8a2d2d"),
      descriptionHTML: "<p>A wide, cleaving swing.</p>",
    };
    const body = frame("Cleaving Strike", "item", hbs.render("templates/sheets/item.hbs", ctx));
    const page = { ...PAGE, width: 560, extraCss: FRAME_CSS.replace(`width: ${WIDTH}px`, "width: 520px") };
    await withPage(
      body,
      async (p) => {
        expect(await p.locator(".d20c-field").count()).toBe(ctx.fields.length);
        expect(await p.$eval(".d20c-sheet", (el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
        expect(await p.locator('[data-action="editImage"]').isVisible()).toBe(true);
      },
      page,
    );
    await screenshotHtml(body, { ...page, name: "item-sheet-power" });
  });
});
