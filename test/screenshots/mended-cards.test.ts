/**
 * Screenshots of mended pack powers' attack cards, three per game ([SYS-CONTENT], [SYS-POWERS]): a
 * pack creature attacks a pack creature with the mended power through the attack pipeline
 * (recorded dice), and the card, rendered by the real template in headless Chromium, shows the
 * printed words and, for each hit target, the effect its data now applies. Checked in the DOM before
 * each PNG is written to test-output/screenshots/mended-card-<game>-<power>.png.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import type { TargetSnapshot } from "../../src/engine/plans/attack.js";
import type { RulesetId } from "../../src/engine/types.js";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { actorsOf, allItemsOf, rulesetOf } from "../content/content.js";
import { engineActor, packAttackRequest, type PackActor, type PackItem } from "../packs/pack-sources.js";
import { closeBrowser, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { attackFromRecordedDice } from "../support/recorded-dice.js";
import { standInViewer } from "../workflows/attack-card-fixture.js";

const hbs = createTemplateRenderer();
const CHAT_WIDTH = 300;
const FRAME_CSS = `body { margin: 0; padding: 12px; background: #2b2a33; font-family: "Signika", sans-serif; }
.chat-message { box-sizing: border-box; width: ${CHAT_WIDTH}px; padding: 6px 8px; background: #f5f1e8;
  border-radius: 5px; }
i[class*="fa-"] { display: inline-block; width: 1em; height: 1em; vertical-align: -0.125em;
  background: currentColor; opacity: 0.35; border-radius: 2px; }`;

interface Mended {
  game: RulesetId;
  /** The attacker and the target (pack actors' names; a pregen's level, as two share its name). */
  by: string;
  byLevel?: number;
  /** The power: the attacker's own, or the game's powers pack item of that name. */
  power: string;
  on: string;
  onLevel?: number;
  d20: number;
  /** Words the card must show (its printed outcome text, and what the data adds: ongoing damage, a push control). */
  shows: string[];
  /** How many effects with conditions the hit target's line lists from the power's data. */
  imposes: number;
}

const MENDED: Mended[] = [
  {
    game: "13th-age",
    by: "Hill Warlord",
    power: "War Horn",
    on: "Bryndis Oakhew",
    onLevel: 3,
    d20: 17,
    shows: ["dazed (save ends)"],
    imposes: 1,
  },
  {
    game: "13th-age",
    by: "Bryndis Oakhew",
    byLevel: 3,
    power: "Brace and Strike",
    on: "Gutter Brute",
    d20: 16,
    shows: ["stuck until the end of your next turn"],
    imposes: 1,
  },
  {
    game: "13th-age",
    by: "Sefa Quill",
    byLevel: 3,
    power: "Envenomed Edge",
    on: "Gutter Brute",
    d20: 17,
    shows: ["15 ongoing poison damage", "On a hit: Ongoing 15 Poison damage (save ends)"],
    imposes: 0,
  },
  {
    game: "ffd20",
    by: "Gloomhold Sentry",
    power: "Halberd Sweep",
    on: "Garrick Vale",
    onLevel: 3,
    d20: 18,
    shows: ["pushed 1 square", "Push 1"],
    imposes: 0,
  },
  {
    game: "ffd20",
    by: "Gloomhold Sentry",
    power: "Pinning Thrust",
    on: "Lira Nightbloom",
    onLevel: 3,
    d20: 18,
    shows: ["slowed (save ends)"],
    imposes: 1,
  },
  {
    game: "ffd20",
    by: "Lira Nightbloom",
    byLevel: 3,
    power: "Piercing Strike",
    on: "Goblin Sneak",
    d20: 19,
    shows: ["Crits on a natural 19 or 20"],
    imposes: 0,
  },
  {
    game: "hundred-dungeons",
    by: "Orrin Vale",
    byLevel: 3,
    power: "Frost Snap",
    on: "Orc Reaver",
    d20: 18,
    shows: ["slowed until the start of your next turn"],
    imposes: 1,
  },
  {
    game: "hundred-dungeons",
    by: "Bog Witch Morwen",
    power: "Thorn Lash",
    on: "Hedda Stonehand",
    onLevel: 3,
    d20: 18,
    shows: ["restrained until the end of its next turn"],
    imposes: 1,
  },
  {
    game: "hundred-dungeons",
    by: "Grave Ghoul",
    power: "Paralysing Claws",
    on: "Pell Quickfingers",
    onLevel: 3,
    d20: 18,
    shows: ["When it ends: slowed (until it rolls 12+)"],
    imposes: 1,
  },
  {
    game: "wounds-d20",
    by: "Storm Acolyte",
    power: "Thunder Blast",
    on: "Aldric Fenn",
    onLevel: 3,
    d20: 17,
    shows: ["shaken (until a save succeeds, DC 15)"],
    imposes: 1,
  },
  {
    game: "wounds-d20",
    by: "Mira Coldwater",
    byLevel: 3,
    power: "Slumber",
    on: "Watch Constable",
    d20: 18,
    shows: ["When it ends: caught off guard (until a save succeeds, DC 15)"],
    imposes: 1,
  },
  {
    game: "wounds-d20",
    by: "Cult Fanatic",
    power: "Black Slumber",
    on: "Wren Ashdown",
    onLevel: 3,
    d20: 18,
    shows: ["When it ends: caught off guard (until a save succeeds, DC 15)"],
    imposes: 1,
  },
];

function packActor(game: RulesetId, name: string, level?: number): PackActor {
  const a = actorsOf(game).find((x) => x.name === name && (level === undefined || Number(x.system.level) === level));
  if (!a) throw new Error(`no ${name} in the ${game} packs`);
  return a;
}

function powerOf(game: RulesetId, by: PackActor, name: string): PackItem {
  const own = by.items.find((i) => i.name === name);
  const item = own ?? allItemsOf(game).find(({ item: i, owner }) => owner === null && i.name === name)?.item;
  if (!item) throw new Error(`no ${name} for ${by.name}`);
  return item;
}

const snapshot = (a: PackActor): TargetSnapshot => ({
  uuid: "t",
  actorUuid: "t",
  name: a.name,
  img: "",
  actor: engineActor(a),
  id: "t",
  effects: [],
});

async function visibleTexts(page: Page, selector: string): Promise<string[]> {
  const out: string[] = [];
  for (const el of await page.locator(selector).all())
    if (await el.isVisible()) out.push((await el.innerText()).replace(/\s+/g, " ").trim());
  return out;
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-");

describe.skipIf(skipScreenshots())("mended pack power cards", () => {
  afterAll(closeBrowser);

  for (const m of MENDED) {
    it(`[SYS-CONTENT] [SYS-POWERS] ${m.game}: ${m.by}'s ${m.power} card shows its printed words and applies what they say`, async () => {
      const r = rulesetOf(m.game);
      const by = packActor(m.game, m.by, m.byLevel);
      const on = packActor(m.game, m.on, m.onLevel);
      const item = powerOf(m.game, by, m.power);
      const req = packAttackRequest(r, by, item, engineActor(by), { targets: [snapshot(on)], sourceCombatantId: "a" });
      const card = attackFromRecordedDice(
        { ...req, item: { name: item.name, img: "icons/svg/sword.svg" } },
        [[m.d20]],
        { "*": Array.from({ length: 40 }, () => 1) },
      );
      expect(card.targets[0]!.outcome.isHit, `${m.power} hits ${m.on}`).toBe(true);
      const ctx = attackCardContext(card, standInViewer());
      const body = `<div class="chat-message">${hbs.render("templates/chat/attack-card.hbs", ctx)}</div>`;
      const page = { width: CHAT_WIDTH + 40, extraCss: FRAME_CSS };
      await withPage(
        body,
        async (p) => {
          const text = (await p.locator(".d20c-attack-card").innerText()).replace(/\s+/g, " ");
          for (const words of m.shows) expect(text).toContain(words);
          expect(await visibleTexts(p, ".d20c-imposes__effect")).toHaveLength(m.imposes);
        },
        page,
      );
      await screenshotHtml(body, {
        ...page,
        selector: ".chat-message",
        name: `mended-card-${m.game}-${slug(m.power)}`,
      });
    });
  }
});
