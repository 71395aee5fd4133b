/**
 * The tracker additions in a real DOM (headless Chromium): Foundry v13 fires `renderCombatTracker`
 * on every (partial) render without waiting for our async hook, so several runs can overlap. The
 * additions must never double, and clicks in the GM's row controls must not reach the row (a v13
 * `activateCombatant` action target). The module is bundled with esbuild; `game`, `foundry` and
 * `ui` are small page-side stand-ins (templates answer after a delay, like a first load).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "esbuild";
import { closeBrowser, skipScreenshots, withPage } from "../support/browser.js";
import { REPO_ROOT } from "../stand-ins/i18n.js";
import { combatant } from "./combat-fixtures.js";

let bundle = "";

beforeAll(async () => {
  const out = await build({
    stdin: {
      // The page registers the built-in games as the entry point does (the registry starts empty).
      contents: `import { onRenderCombatTracker } from "./src/applications/combat/tracker.ts";
import { registerRuleset } from "./src/engine/registry.ts";
import { BUILT_IN_RULESETS } from "./src/engine/rulesets/index.ts";
for (const ruleset of BUILT_IN_RULESETS) registerRuleset(ruleset);
window.onRenderCombatTracker = onRenderCombatTracker;`,
      resolveDir: REPO_ROOT,
      loader: "ts",
    },
    bundle: true,
    format: "iife",
    write: false,
    platform: "browser",
  });
  bundle = out.outputFiles[0]!.text;
});
afterAll(closeBrowser);

/** The v13 tracker markup our hook looks for (header + rows with `.token-name`). */
const TRACKER = `<section id="tracker-root">
  <header class="combat-tracker-header"><h3>Round 1</h3></header>
  <ol class="combat-tracker">
    <li class="combatant" data-combatant-id="rogue" data-action="activateCombatant"><div class="token-name"><strong class="name">Rogue</strong></div></li>
    <li class="combatant" data-combatant-id="captain" data-action="activateCombatant"><div class="token-name"><strong class="name">Captain</strong></div></li>
  </ol>
</section>`;

/** Page-side stand-ins: a Wounds d20 world, a GM, templates that answer after `delay` ms. */
function pageSetup(sources: unknown, delay: number): string {
  return `
  window.__rowClicks = 0;
  window.__updates = [];
  document.querySelectorAll("li.combatant").forEach((li) => li.addEventListener("click", () => window.__rowClicks++));
  const sources = ${JSON.stringify(sources)};
  const markup = {
    "tracker-header.hbs": '<section class="d20c-combat-extras" data-d20c-tracker><span>die</span></section>',
    "simultaneous.hbs": '<span class="d20c-simultaneous" data-d20c-simultaneous="1">together</span>',
    "combatant-controls.hbs": '<span data-d20c-combatant-controls><button type="button" data-d20c-combatant-action="toggleAware">aware</button></span>',
  };
  window.game = {
    user: { isGM: true },
    combat: null,
    settings: { settings: new Map(), get: (ns, key) => (key === "ruleset" ? "wounds-d20" : false) },
    i18n: { localize: (k) => k, format: (k) => k },
  };
  window.ui = { notifications: { warn() {}, info() {}, error() {} } };
  window.foundry = { applications: { handlebars: { renderTemplate: (path) => new Promise((resolve) =>
    setTimeout(() => resolve(markup[path.split("/").pop()]), ${delay})) } } };
  window.__combat = {
    started: true,
    d20Flags: {},
    escalation: 0,
    combatantSources: () => sources,
    turnContext: () => ({ round: 1, combatantId: null, combatants: sources, surpriseRound: false, options: {} }),
    combatants: { get: (id) => ({ update: async (d) => window.__updates.push([id, d]) }) },
    update: async (d) => window.__updates.push(["combat", d]),
  };`;
}

describe.skipIf(skipScreenshots())("combat tracker additions in the DOM", () => {
  it("[WD-TIES] [WD-SURPRISE] overlapping renders leave exactly one set of additions", async () => {
    const sources = [
      combatant("rogue", { initiative: 12 }),
      combatant("captain", { side: "gm", initiative: 12, actor: { kind: "npc" } }),
    ];
    const counts = await withPage(TRACKER, async (page) => {
      await page.addScriptTag({ content: bundle });
      await page.addScriptTag({ content: pageSetup(sources, 5) });
      return page.evaluate(async () => {
        const w = window as unknown as {
          onRenderCombatTracker(app: unknown, html: HTMLElement): Promise<void>;
          __combat: unknown;
        };
        const root = document.getElementById("tracker-root") as HTMLElement;
        const app = { viewed: w.__combat };
        await Promise.all([1, 2, 3].map(() => w.onRenderCombatTracker(app, root)));
        const count = (sel: string) => root.querySelectorAll(sel).length;
        return {
          header: count("[data-d20c-tracker]"),
          together: count("[data-d20c-simultaneous]"),
          controls: count("[data-d20c-combatant-controls]"),
        };
      });
    });
    // One header block; the tied pair acts together (one badge each); the aware toggle on each row.
    expect(counts).toEqual({ header: 1, together: 2, controls: 2 });
  });

  it("[WD-SURPRISE] [SYS-PERM] the GM's aware toggle writes the ruling on the Combat and does not activate the row", async () => {
    const sources = [combatant("rogue", { initiative: 15 }), combatant("captain", { side: "gm", initiative: 9 })];
    const result = await withPage(TRACKER, async (page) => {
      await page.addScriptTag({ content: bundle });
      await page.addScriptTag({ content: pageSetup(sources, 0) });
      await page.evaluate(async () => {
        const w = window as unknown as {
          onRenderCombatTracker(app: unknown, html: HTMLElement): Promise<void>;
          __combat: unknown;
        };
        await w.onRenderCombatTracker({ viewed: w.__combat }, document.getElementById("tracker-root") as HTMLElement);
      });
      await page.click('[data-combatant-id="captain"] [data-d20c-combatant-action="toggleAware"]');
      return page.evaluate(() => {
        const w = window as unknown as { __rowClicks: number; __updates: unknown[] };
        return { rowClicks: w.__rowClicks, updates: w.__updates };
      });
    });
    expect(result.rowClicks).toBe(0);
    // The ruling goes on the Combat (only GMs write it), never on the combatant its owner writes.
    expect(result.updates).toEqual([
      ["combat", { flags: { "d20-combat": { rulings: { captain: { aware: false } } } } }],
    ]);
  });
});
