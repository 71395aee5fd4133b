/**
 * [SYS-DOCS] The README's pictures, from the shipped content only (issue 45): per game, the first
 * level-3 pregen's sheet (its Combat tab) and the card of its first attack power against two of the
 * game's shipped monsters, decided by the real ruleset from recorded dice, at the chat log's 300 px.
 * No test fixture's name reaches a picture. `npm run screenshots` copies them into docs/screenshots/.
 */
import { afterAll, describe, expect, it } from "vitest";
import { toActorSource } from "../../src/data/prepare.js";
import { defenseKeyOf } from "../../src/engine/plans/attack.js";
import { cardPowerOf } from "../../src/engine/plans/power-card.js";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import type { RulesetId } from "../../src/engine/types.js";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { actorsOf, levelThreeParty } from "../content/content.js";
import { attackSources } from "../sheets/sheet-fixtures.js";
import { actorScreen, filledActor, itemsOf } from "../sheets/words-screens.js";
import { closeBrowser, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { CHAT_PAGE } from "../support/chat-frame.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { attackFromRecordedDice } from "../support/recorded-dice.js";
import { standInViewer } from "../workflows/attack-card-fixture.js";
import { request, target } from "../workflows/attack-fixtures.js";

const hbs = createTemplateRenderer();
const WIDTH = 800;

/** Foundry's application frame (light theme); Font Awesome stands in as 1em squares. */
const FRAME_CSS = `body { margin: 0; padding: 12px; background: #2b2a33; font-family: "Signika", "Segoe UI", sans-serif; }
.application { width: ${WIDTH}px; border-radius: 6px; overflow: hidden; box-shadow: 0 0 14px rgba(0,0,0,.6);
  background: #ebe6da; color: #191813; }
.application .window-header { display: flex; align-items: center; height: 32px; padding: 0 10px; background: #17161c;
  color: #e7e3d7; font-size: 14px; }
.application i[class*="fa-"] { display: inline-block; width: 0.9em; height: 0.9em; vertical-align: -0.1em;
  background: currentColor; opacity: 0.45; border-radius: 2px; }`;

/** Core's icon files are not here: a small drawn stand-in for every picture. */
const PICTURE = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#4b5a6b"/><circle cx="32" cy="24" r="12" fill="#d9c9a8"/><path d="M10 64c2-16 12-24 22-24s20 8 22 24z" fill="#8a3b2e"/></svg>',
)}`;

/** The game's first level-3 pregen (shipped in its characters pack). */
function pregen(id: RulesetId) {
  const pc = levelThreeParty(id)[0];
  if (!pc) throw new Error(`${id} ships no level-3 pregen`);
  return pc;
}

function sheetPage(id: RulesetId): { html: string; name: string } {
  const pc = pregen(id);
  const ctx = actorScreen(getRuleset(id), "character", pc.name, filledActor(pc.system), itemsOf(pc), "combat");
  const html = hbs
    .render("templates/sheets/actor.hbs", { ...ctx, img: PICTURE })
    .replace(/src="icons\/[^"]+"/g, `src="${PICTURE}"`);
  return {
    name: pc.name,
    html: `<div class="application sheet d20-combat actor themed theme-light"><header class="window-header">${pc.name}</header><section class="window-content">${html}</section></div>`,
  };
}

/** The pregen's first power that attacks a defense, against two shipped monsters: 17 and 6 on the d20. */
function cardPage(id: RulesetId) {
  const ruleset = getRuleset(id);
  const pc = pregen(id);
  const items = itemsOf(pc);
  const actor = toActorSource("character", filledActor(pc.system));
  const sources = attackSources(id, actor, items);
  const chosen = items.find((i) => i.type === "power" && sources[i.id] && i.system.damage && !i.system.routine);
  if (!chosen) throw new Error(`${pc.name} has no attack power`);
  const source = sources[chosen.id]!;
  const foes = actorsOf(id)
    .filter((a) => a.type === "npc")
    .slice(0, 2);
  const req = request(id, {
    power: source.power,
    weapon: source.weapon,
    attacker: actor,
    targets: foes.map((f, i) => target(`foe${i}`, toActorSource("npc", filledActor(f.system)), f.name)),
  });
  const defense = ruleset.defenses.find((d) => d.key === defenseKeyOf(ruleset, source.power));
  const card = attackFromRecordedDice(
    { ...req, attacker: { ...req.attacker, name: pc.name }, item: { name: chosen.name, img: PICTURE } },
    [[17], [6]],
    { "*": [3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 4] },
    defense?.label ?? "",
  );
  const power = cardPowerOf(ruleset, source.power, null);
  const html = hbs.render(
    "templates/chat/attack-card.hbs",
    attackCardContext(power ? { ...card, power } : card, standInViewer({ isGM: true, visibility: "gm" })),
  );
  return {
    html: `<div class="chat-message">${html.replace(/src="icons\/[^"]+"/g, `src="${PICTURE}"`)}</div>`,
    pc,
    chosen,
    foes,
  };
}

describe.skipIf(skipScreenshots())(
  "[SYS-DOCS] the README's pictures come from the shipped content",
  { timeout: 60_000 },
  () => {
    afterAll(closeBrowser);

    for (const id of RULESET_IDS) {
      it(`[SYS-DOCS] ${id}: a shipped pregen's sheet`, async () => {
        const { html, name } = sheetPage(id);
        const page = { width: WIDTH + 24, height: 900, extraCss: FRAME_CSS, bodyClass: "" };
        await screenshotHtml(html, { ...page, name: `readme-sheet-${id}` });
        await withPage(
          html,
          async (p) => {
            expect(await p.locator(".d20c-name").inputValue()).toBe(name);
            // the attack list shows the pregen's own attacks
            expect(await p.locator(".d20c-attacks [data-action='useItem']").count()).toBeGreaterThan(0);
          },
          page,
        );
      });

      it(`[SYS-DOCS] ${id}: the pregen's attack card against two shipped monsters fits the chat log`, async () => {
        const { html, pc, chosen, foes } = cardPage(id);
        expect(foes).toHaveLength(2);
        for (const f of foes) expect(html).toContain(f.name);
        expect(html).toContain(chosen.name);
        expect(html).not.toMatch(/Attacker|Strike"|Goblin Cutter/);
        void pc;
        await screenshotHtml(html, { ...CHAT_PAGE, selector: ".chat-message", name: `readme-card-${id}` });
        await withPage(
          html,
          async (p) => {
            const box = await p.$eval(".d20c-attack-card", (el) => el.getBoundingClientRect().toJSON() as DOMRect);
            expect(box.width).toBeLessThanOrEqual(300);
          },
          CHAT_PAGE,
        );
      });
    }
  },
);
