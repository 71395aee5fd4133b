/**
 * [SYS-TARGETS] [SYS-MONSTERS] [HD-MIGHTY] Two monster rules in the NPC stat block, through the REAL
 * sheet of the BUILT bundle (dist/d20-combat.mjs) under the boot stand-in with its play bases, as
 * test/sheets/stat-block-edit.test.ts drives it: a power's target count printed on its attack line
 * in each game's words, and Hundred Dungeons' Pack Tactics ticked in the block, submitted through
 * the sheet's own `_processFormData` into the stored `attackTraits` that the scene reading passes to
 * the game (src/canvas/scene-reading.ts, test/workflows/hd-pack-tactics-scene.test.ts for the roll).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RulesetId } from "../../src/engine/types.js";
import { actorsOf } from "../content/content.js";
import { installFoundryBootStandIn, type FoundryBootStandIn } from "../stand-ins/foundry-boot.js";
import type { DocumentDataStandIn, PlayActorStandIn } from "../stand-ins/foundry-play.js";
import { REPO_ROOT } from "../stand-ins/i18n.js";
import { ensureBuilt } from "../support/built-dist.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { decode } from "./words-screens.js";

const SYSTEM = "d20-combat";
const BUNDLE = path.join(REPO_ROOT, "dist/d20-combat.mjs");

let s: FoundryBootStandIn;

beforeAll(async () => {
  ensureBuilt(["d20-combat.mjs"]);
  s = installFoundryBootStandIn(14, "hundred-dungeons", { play: true });
  await import(/* @vite-ignore */ `${pathToFileURL(BUNDLE).href}?stat-block-targets`);
  for (const hook of ["init", "i18nInit", "setup", "ready"]) s.hooks.callAll(hook);
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
}, 120_000);
afterAll(() => s.uninstall());

interface Sheet {
  _configureRenderParts(o: object): Record<string, { template: string }>;
  _prepareContext(o: object): Promise<Record<string, unknown>>;
  _processFormData(event: null, form: unknown, formData: { object: Record<string, unknown> }): Record<string, unknown>;
}

type Plain = Record<string, unknown>;

/** A pack monster made through the bundle's Actor class, its first attack power given `count` (or none). */
function monster(id: RulesetId, name: string, count: string | null, traits?: string[]): PlayActorStandIn {
  const m = actorsOf(id).find((a) => a.name === name)!;
  const system = structuredClone(m.system);
  if (traits) system.attackTraits = traits;
  const items = structuredClone(m.items) as { type: string; system: Plain }[];
  const power = items.find((i) => i.type === "power" && i.system.attackBonus !== undefined);
  if (count !== null) power!.system.targetCount = count;
  const Actor = s.config.Actor.documentClass as new (data: DocumentDataStandIn) => PlayActorStandIn;
  return new Actor({ _id: m._id, name: m.name, type: "npc", system, items: items as never });
}

function sheetOf(actor: PlayActorStandIn): Sheet {
  const call = s.sheetCalls.find((c) => c.call === "register" && c.options.label === "D20C.Sheet.ActorSheet");
  return new (call!.sheetClass as new (options: object) => Sheet)({ document: actor });
}

/** The stat block as the sheet renders it with the real templates. */
async function block(sheet: Sheet): Promise<string> {
  const context = await sheet._prepareContext({});
  const renderer = createTemplateRenderer();
  const html = Object.values(sheet._configureRenderParts({}))
    .map((part) => renderer.render(part.template.replace(`systems/${SYSTEM}/`, ""), context))
    .join("");
  expect(html).toContain("data-stat-block");
  return html.slice(html.indexOf("data-stat-block"));
}

const attr = (tag: string, name: string) => {
  const v = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return v === undefined ? null : decode(v);
};

/** What FormDataExtended reads of the rendered form (as in stat-block-edit.test.ts): inputs and selects. */
function formOf(html: string) {
  const object: Record<string, unknown> = {};
  const numbers: { name: string }[] = [];
  for (const [tag] of html.matchAll(/<input\b[^>]*>/g)) {
    const name = attr(tag, "name");
    if (!name) continue;
    const type = attr(tag, "type") ?? "text";
    const value = attr(tag, "value") ?? "";
    if (type === "number") {
      numbers.push({ name });
      object[name] = value === "" ? null : Number(value);
    } else if (type === "checkbox") object[name] = /\schecked\b/.test(tag);
    else object[name] = value;
  }
  for (const [, open, body] of html.matchAll(/<select\b([^>]*)>(.*?)<\/select>/gs)) {
    const name = attr(open!, "name");
    if (!name) continue;
    const options = [...body!.matchAll(/<option value="([^"]*)"( selected)?/g)];
    object[name] = (options.find((o) => o[2]) ?? options[0])?.[1] ?? "";
  }
  const form = {
    querySelectorAll: (selector: string) => (selector === 'input[type="number"][name]' ? numbers : []),
    querySelector: () => null,
  };
  return { object, form };
}

/** The printed target-count words of the block's attack lines, as text. */
const targetWords = (html: string) =>
  [...html.matchAll(/<span class="d20c-stat-targets" data-target-count="([^"]*)">([^<]*)<\/span>/g)].map((m) => ({
    count: m[1],
    words: decode(m[2]!),
  }));

/** The attack line (its first <p>) that holds the target words. */
const lineWith = (html: string, words: string) =>
  [...html.matchAll(/<p class="d20c-stat-attack-line">(.*?)<\/p>/gs)].map((m) => m[1]!).find((l) => l.includes(words));

const COUNTS: [RulesetId, string, string, string][] = [
  ["13th-age", "Thunderfist Ogre", "1d3", "(1d3 enemies)"],
  ["13th-age", "Thunderfist Ogre", "1", "(one enemy)"],
  ["ffd20", "Ogre Smasher", "2", "up to 2 creatures"],
  ["hundred-dungeons", "Hill Ogre", "2", "up to 2 creatures"],
  ["wounds-d20", "Hill Troll", "1d4+1", "up to 1d4+1 creatures"],
];

describe("[SYS-TARGETS] [SYS-MONSTERS] a power's target count on the stat block's attack line", () => {
  it.each(COUNTS)(
    "[SYS-TARGETS] [SYS-MONSTERS] %s: %s's power with target count %s prints “%s” after its attack bonus",
    async (id, name, count, words) => {
      await s.settings.set(SYSTEM, "ruleset", id);
      const html = await block(sheetOf(monster(id, name, count)));
      expect(targetWords(html)).toEqual([{ count, words }]);
      // where the line prints its targets: right after the bonus against the defense
      const line = lineWith(html, words)!;
      expect(line).toMatch(/class="d20c-attack-bonus"[^>]*>[^<]*<\/strong> <span class="d20c-stat-targets"/);
    },
  );

  it("[SYS-TARGETS] [SYS-MONSTERS] a power with no target count prints none (every target the user picks)", async () => {
    for (const [id, name] of [
      ["13th-age", "Thunderfist Ogre"],
      ["hundred-dungeons", "Hill Ogre"],
    ] as const) {
      await s.settings.set(SYSTEM, "ruleset", id);
      expect(targetWords(await block(sheetOf(monster(id, name, null))))).toEqual([]);
    }
  });
});

const PACK = 'name="attackTraitToggles.packTactics"';

describe("[HD-MIGHTY] Hundred Dungeons' Pack Tactics set by the GM in the stat block", () => {
  it("[HD-MIGHTY] ticked in the block and submitted through the sheet's form, it lands in attackTraits (other traits kept); unticked, it leaves", async () => {
    await s.settings.set(SYSTEM, "ruleset", "hundred-dungeons");
    const ogre = monster("hundred-dungeons", "Hill Ogre", null, ["keptTrait"]);
    const sheet = sheetOf(ogre);
    const before = await block(sheet);
    expect(before).toContain(PACK);
    expect(before).toContain("Pack Tactics");
    const { object, form } = formOf(before);
    expect(object["attackTraitToggles.packTactics"]).toBe(false);
    object["attackTraitToggles.packTactics"] = true;
    const update = sheet._processFormData(null, form, { object });
    expect(update).not.toHaveProperty("attackTraitToggles");
    await ogre.update(update);
    expect(ogre._source.system.attackTraits).toEqual(["keptTrait", "packTactics"]);
    // what the scene reading hands the game ([HD-MIGHTY]: src/canvas/scene-reading.ts)
    const view = (ogre as unknown as { engineView(): { attackTraits?: string[] } }).engineView();
    expect(view.attackTraits).toContain("packTactics");
    const after = await block(sheet);
    expect(after).toMatch(/name="attackTraitToggles\.packTactics" checked/);
    const again = formOf(after);
    again.object["attackTraitToggles.packTactics"] = false;
    await ogre.update(sheet._processFormData(null, again.form, { object: again.object }));
    expect(ogre._source.system.attackTraits).toEqual(["keptTrait"]);
    expect(s.notifications.filter((n) => n.level === "error")).toEqual([]);
  });

  it("[HD-MIGHTY] a player who may not rewrite the block sees the ogre's Pack Tactics printed, with no box", async () => {
    await s.settings.set(SYSTEM, "ruleset", "hundred-dungeons");
    const user = (globalThis as unknown as { game: { user: { isGM: boolean } } }).game.user;
    user.isGM = false;
    try {
      const print = await block(sheetOf(monster("hundred-dungeons", "Hill Ogre", null, ["packTactics"])));
      expect(print).not.toContain("attackTraitToggles");
      expect(print).toMatch(/data-stat-line="packTactics"><b>Pack Tactics\.<\/b> its attacks are mighty/);
      const none = await block(sheetOf(monster("hundred-dungeons", "Hill Ogre", null)));
      expect(none).not.toContain('data-stat-line="packTactics"');
    } finally {
      user.isGM = true;
    }
  });

  it("[HD-MIGHTY] the other games' blocks have no Pack Tactics box or line, even for a creature holding the trait", async () => {
    for (const [id, name] of [
      ["13th-age", "Thunderfist Ogre"],
      ["ffd20", "Ogre Smasher"],
      ["wounds-d20", "Hill Troll"],
    ] as const) {
      await s.settings.set(SYSTEM, "ruleset", id);
      const html = await block(sheetOf(monster(id, name, null, ["packTactics"])));
      expect(html, id).not.toContain("attackTraitToggles");
      expect(html, id).not.toContain('data-stat-line="packTactics"');
    }
  });
});
