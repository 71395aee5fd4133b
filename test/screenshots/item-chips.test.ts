/**
 * [SYS-WORDS] The item sheet's damage types and conditions as chips with a picker, and a power's
 * effects shown sorted by outcome (issue 45). The sheet's real template renders a power in headless
 * Chromium; the sheet's own wiring (`wireChipPickers`, the function the sheet's `_onRender` calls)
 * runs in the page, and a user's keyboard removes and adds chips. Pictures:
 * test-output/screenshots/item-chips-<game>.png (light), item-chips-dark.png.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { chipField, chipListFromForm, wireChipPickers } from "../../src/applications/sheets/chip-picker.js";
import { itemSheetContext } from "../../src/applications/sheets/item-context.js";
import { powerEffectsFromForm } from "../../src/applications/sheets/power-effects.js";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import type { PowerEffectSpec, RulesetId } from "../../src/engine/types.js";
import { closeBrowser, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { i18n, ITEMS, typeLabel } from "../sheets/sheet-fixtures.js";

const hbs = createTemplateRenderer();

const FRAME_CSS = `body { margin: 0; padding: 12px; background: #2b2a33; font-family: "Signika", "Segoe UI", sans-serif; }
.application { width: 520px; border-radius: 6px; overflow: hidden; background: #ebe6da; color: #191813; }
.application.theme-dark { background: #26252c; color: #e7e3d7; }`;

function effect(outcome: PowerEffectSpec["outcome"], statuses: string[], text: string): PowerEffectSpec {
  return {
    outcome,
    trigger: { kind: "any", value: 0 },
    text,
    statuses,
    duration: "saveEnds",
    save: "normal",
    sustain: null,
    ongoing: null,
    aftereffect: null,
  };
}

/** Stored out of order: a crit, a hit, a miss, a second hit. */
const EFFECTS = [
  effect("crit", ["stunned"], "crit rider"),
  effect("hit", ["dazed"], "first hit"),
  effect("miss", [], "miss rider"),
  effect("hit", ["prone", "dazed"], "second hit"),
];

function powerSheet(id: RulesetId, theme = "light", damageTypes: string[] = ["fire", "cold"]): string {
  const base = ITEMS[0]!;
  const ruleset = getRuleset(id);
  const own = new Set(ruleset.conditions.map((c) => c.id));
  // Each game's own conditions only (a stored condition the game lacks is tested apart).
  const effects = EFFECTS.map((e) => ({ ...e, statuses: e.statuses.filter((s) => own.has(s)) }));
  const ctx = itemSheetContext({
    type: "power",
    name: base.name,
    img: "",
    system: { ...base.system, damageTypes, effects, damageParts: [{ formula: "1d6", types: ["poison"] }] },
    ruleset,
    editable: true,
    foreignRuleset: null,
    description: "",
    descriptionHTML: "",
    damageTypeLabel: typeLabel,
    localize: (k) => i18n.localize(k),
  });
  const html = hbs.render("templates/sheets/item.hbs", ctx);
  return `<div class="application sheet d20-combat item themed theme-${theme}"><form class="window-content">${html}</form></div>`;
}

const OPTIONS = { width: 560, height: 900, extraCss: FRAME_CSS, bodyClass: "" };

/** Run the sheet's own chip wiring in the page, and count the changes that reach the form. */
async function wire(p: Page): Promise<void> {
  await p.evaluate(`(${wireChipPickers.toString()})(document.body);
    window.__changes = [];
    document.querySelector("form").addEventListener("change", (e) => window.__changes.push([e.target.name, e.target.value]));`);
}

describe("[SYS-WORDS] chips with a picker, pure parts", () => {
  it("[SYS-WORDS] a stored value the game has no option for stays a chip (shown raw), nothing lost; the picker hides chosen options", () => {
    const field = chipField(
      "system.damageTypes",
      ["fire", "mystery", "fire", ""],
      [
        { value: "cold", label: "Cold" },
        { value: "fire", label: "Fire" },
      ],
      false,
    );
    expect(field.joined).toBe("fire,mystery");
    expect(field.chosen.map((c) => [c.value, c.label, c.i18n])).toEqual([
      ["fire", "Fire", false],
      ["mystery", "mystery", false],
    ]);
    expect(field.options.map((o) => [o.value, o.chosen])).toEqual([
      ["cold", false],
      ["fire", true],
    ]);
  });

  it("[SYS-WORDS] the form's comma-joined value (or an older multi-select's list) becomes the stored list, each once, blanks dropped", () => {
    expect(chipListFromForm("fire, cold,,fire")).toEqual(["fire", "cold"]);
    expect(chipListFromForm(["dazed", "prone,slowed"])).toEqual(["dazed", "prone", "slowed"]);
    expect(chipListFromForm("")).toEqual([]);
    expect(chipListFromForm(undefined)).toEqual([]);
    // through the effects editor's own reading of the form
    const [row] = powerEffectsFromForm({
      "0": { outcome: "hit", statuses: "dazed,prone", damage: { formula: "1d6", types: "fire" } },
    });
    expect(row).toMatchObject({ statuses: ["dazed", "prone"], damage: { formula: "1d6", types: ["fire"] } });
  });
});

describe.skipIf(skipScreenshots())(
  "[SYS-WORDS] chips with a picker on the item sheet (issue 45)",
  { timeout: 60_000 },
  () => {
    afterAll(closeBrowser);

    for (const id of RULESET_IDS)
      it(`[SYS-WORDS] ${id}: no native multi-select is left; every chip and picker has a name; effects show sorted by outcome with the stored index kept`, async () => {
        const body = powerSheet(id);
        await screenshotHtml(body, { ...OPTIONS, name: `item-chips-${id}` });
        await withPage(
          body,
          async (p) => {
            expect(await p.locator("select[multiple]").count()).toBe(0);
            // damage types, the damage part's types, each effect's conditions and rider types
            expect(await p.locator(".d20c-chips").count()).toBeGreaterThanOrEqual(2 + 2 * EFFECTS.length);
            const unnamed = await p
              .locator(".d20c-chips button, .d20c-chips select, .d20c-chips")
              .evaluateAll((els) =>
                els
                  .filter((el) => !(el.getAttribute("aria-label") ?? "").trim())
                  .map((el) => el.outerHTML.slice(0, 80)),
              );
            expect(unnamed).toEqual([]);
            expect(
              await p.locator('.group-damage .d20c-chip button[data-chip-remove="fire"]').getAttribute("aria-label"),
            ).toBe("Remove Fire");
            // hits first (stored order among them), then the miss, then the crit, each outcome headed once
            const rows = await p
              .locator("li.d20c-power-effect")
              .evaluateAll((els) =>
                els.map((el) => [el.getAttribute("data-outcome"), el.getAttribute("data-effect-index")]),
              );
            expect(rows).toEqual([
              ["hit", "1"],
              ["hit", "3"],
              ["miss", "2"],
              ["crit", "0"],
            ]);
            expect(await p.locator(".d20c-power-effects__outcome").count()).toBe(3);
            // the inputs still name the stored rows: the second hit's text is effects.3
            expect(await p.locator('input[name="system.effects.3.text"]').inputValue()).toBe("second hit");
          },
          OPTIONS,
        );
      });

    it("[SYS-WORDS] by keyboard: Tab reaches a chip's remove button, Enter removes it, the picker adds one with the arrow keys; each change reaches the form once", async () => {
      await withPage(
        powerSheet("ffd20"),
        async (p) => {
          await wire(p);
          const group = p.locator(".group-damage .d20c-field .d20c-chips").first();
          const hidden = group.locator("input.d20c-chips__value");
          expect(await hidden.inputValue()).toBe("fire,cold");
          // Tab from the damage formula until the first chip's remove button has the focus
          await p.locator('input[name="system.damage"]').focus();
          let focused = "";
          for (let i = 0; i < 12 && focused !== "fire"; i++) {
            await p.keyboard.press("Tab");
            focused = await p.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.chipRemove ?? "");
          }
          expect(focused).toBe("fire");
          await p.keyboard.press("Enter");
          expect(await hidden.inputValue()).toBe("cold");
          expect(await group.locator(".d20c-chip").allInnerTexts()).toEqual([expect.stringContaining("Cold")]);
          // focus moved to the picker, which offers fire again
          expect(await p.evaluate(() => document.activeElement?.classList.contains("d20c-chips__picker"))).toBe(true);
          await p.keyboard.press("ArrowDown");
          const added = (await hidden.inputValue()).split(",");
          expect(added).toHaveLength(2);
          expect(added[0]).toBe("cold");
          expect(await group.locator(".d20c-chip").count()).toBe(2);
          // a chosen option is no longer offered by the picker
          const offered = await group
            .locator("select.d20c-chips__picker option:not([hidden])")
            .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
          expect(offered).not.toContain("cold");
          expect(offered).not.toContain(added[1]);
          const changes = await p.evaluate(() => (window as unknown as { __changes: string[][] }).__changes);
          expect(changes).toEqual([
            ["system.damageTypes", "cold"],
            ["system.damageTypes", added.join(",")],
          ]);
        },
        OPTIONS,
      );
    });

    it("[SYS-WORDS] the chips in the dark theme (a condition and a type per effect)", async () => {
      await screenshotHtml(powerSheet("13th-age", "dark"), { ...OPTIONS, name: "item-chips-dark" });
    });
  },
);
