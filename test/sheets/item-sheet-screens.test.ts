/**
 * [SYS-WORDS] The item sheet in sections, per type per game, in headless Chromium (issue 45): the
 * description first, then the mechanics grouped — the attack, its damage (the formula with what it
 * rolls for the owner beside it), its effects by outcome, how often it may be used. One picture per
 * game holds every item type (light), one the power in the dark theme:
 * test-output/screenshots/item-sheets-<game>.png, item-sheet-power-dark.png.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { damagePreview } from "../../src/applications/sheets/formula-preview.js";
import { itemSheetContext } from "../../src/applications/sheets/item-context.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { RulesetId } from "../../src/engine/types.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { closeBrowser, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { attackSources, heroSystem, i18n, ITEMS, sheetItem, storedHero, typeLabel } from "./sheet-fixtures.js";

const hbs = createTemplateRenderer();

const FRAME_CSS = `body { margin: 0; padding: 12px; background: #2b2a33; font-family: "Signika", "Segoe UI", sans-serif;
  display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
.application { width: 520px; border-radius: 6px; overflow: hidden; background: #ebe6da; color: #191813; }
.application.theme-dark { background: #26252c; color: #e7e3d7; }
.application .window-header { display: flex; align-items: center; height: 32px; padding: 0 10px; background: #17161c;
  color: #e7e3d7; font-size: 14px; }
.application i[class*="fa-"] { display: inline-block; width: 0.9em; height: 0.9em; vertical-align: -0.1em;
  background: currentColor; opacity: 0.45; border-radius: 2px; }`;

/** Each game's power in its own formula words, owned by the test hero with a longsword. */
const POWERS: Record<RulesetId, string> = {
  "13th-age": "@level[W] + @str*@tier",
  ffd20: "2[W] + @str",
  "hundred-dungeons": "1d8 + @str",
  "wounds-d20": "1d8 + @str",
};

const TYPES = ["power", "weapon", "armor", "feature", "equipment"] as const;

function itemOf(id: RulesetId, type: (typeof TYPES)[number]) {
  if (type === "power") return { ...ITEMS[0]!, system: { ...ITEMS[0]!.system, damage: POWERS[id] } };
  if (type === "equipment")
    return sheetItem("e1", "equipment", "Healing Draught", { quantity: 2, use: "heal", heal: "2d4 + 2" });
  return ITEMS.find((i) => i.type === type)!;
}

function sheet(id: RulesetId, type: (typeof TYPES)[number], theme = "light") {
  const item = itemOf(id, type);
  const stored = storedHero(id, {
    conditions: [],
    // Hundred Dungeons' abilities are modifiers
    ...(id === "hundred-dungeons" ? { abilities: { str: 3, dex: 2, con: 1, int: 0, wis: 1, cha: -1 } } : {}),
  });
  const actor = heroSystem("character", stored);
  const source = attackSources(id, actor, [item, ITEMS[1]!])[item.id] ?? null;
  const formula = String(type === "weapon" ? item.system.damageDice : (item.system.damage ?? ""));
  const preview =
    type === "power" || type === "weapon" ? damagePreview(getRuleset(id), {}, { actor }, source, formula) : "";
  const ctx = itemSheetContext({
    type: item.type,
    name: item.name,
    img: "",
    system: item.system,
    ruleset: getRuleset(id),
    editable: true,
    foreignRuleset: null,
    description: "<p>Passed down through three owners.</p>",
    descriptionHTML: "<p>Passed down through three owners.</p>",
    damageTypeLabel: typeLabel,
    localize: (k) => i18n.localize(k),
    damagePreview: preview,
    weapons: [{ id: "w1", name: "Longsword" }],
  });
  const html = hbs.render("templates/sheets/item.hbs", ctx);
  return {
    preview,
    html: `<div class="application sheet d20-combat item themed theme-${theme}" data-type="${type}"><header class="window-header">${item.name.replace(/</g, "&lt;")}</header><section class="window-content">${html}</section></div>`,
  };
}

const OPTIONS = { width: 1100, height: 900, extraCss: FRAME_CSS, bodyClass: "" };

/** The sections of one sheet, top to bottom: "description", then each field group's id. */
const sectionOrder = (p: Page, type: string) =>
  p
    .locator(`[data-type="${type}"] .d20c-item-sheet > section.d20c-block`)
    .evaluateAll((els) =>
      els.map((el) =>
        el.classList.contains("d20c-description")
          ? "description"
          : ([...el.classList].find((c) => c.startsWith("group-")) ?? "?").replace("group-", ""),
      ),
    );

describe.skipIf(skipScreenshots())("[SYS-WORDS] the item sheet in sections (issue 45)", { timeout: 60_000 }, () => {
  afterAll(closeBrowser);

  for (const id of RULESET_IDS)
    it(`[SYS-WORDS] ${id}: every item type with its description first, the power's mechanics as attack, damage, effects, usage, its formula previewed`, async () => {
      const sheets = TYPES.map((t) => sheet(id, t));
      const body = sheets.map((s) => s.html).join("");
      await screenshotHtml(body, { ...OPTIONS, name: `item-sheets-${id}` });
      await withPage(
        body,
        async (p) => {
          for (const t of TYPES) expect((await sectionOrder(p, t))[0], t).toBe("description");
          const groups = (await sectionOrder(p, "power")).slice(1);
          expect(groups[0]).toBe("attack");
          expect(groups.indexOf("damage")).toBeGreaterThan(0);
          expect(groups.at(-1)).toBe("usage");
          // the usage select sits under Usage, not under Attack
          expect(await p.locator('[data-type="power"] .group-usage select[name="system.usage"]').count()).toBe(1);
          // the formula's preview, beside its field, names what the owner rolls
          const preview = sheets[0]!.preview;
          expect(preview).toMatch(/^\d+d\d+ \+ \d+$/);
          const out = p.locator('[data-type="power"] output.d20c-formula-preview');
          await expect(out.isVisible()).resolves.toBe(true);
          expect(await out.innerText()).toContain(preview);
          // every input, select and output of each sheet's fields has a name a screen reader reads
          const unnamed = await p
            .locator(".d20c-field input, .d20c-field select, .d20c-field textarea")
            .evaluateAll((els) =>
              els
                .filter((el) => {
                  const id = el.getAttribute("id");
                  const labelled = id ? document.querySelector(`label[for="${id}"]`) : null;
                  return (
                    !labelled &&
                    !el.getAttribute("aria-label") &&
                    !el.closest("label") &&
                    el.getAttribute("type") !== "hidden"
                  );
                })
                .map((el) => el.getAttribute("name")),
            );
          expect(unnamed).toEqual([]);
        },
        OPTIONS,
      );
    });

  it("[SYS-WORDS] 13th Age's power in the dark theme: WEAPON × level + Str × tier → '5d8 + 6'", async () => {
    const { html, preview } = sheet("13th-age", "power", "dark");
    expect(preview).toBe("5d8 + 6");
    await screenshotHtml(html, { ...OPTIONS, width: 560, name: "item-sheet-power-dark" });
  });
});
