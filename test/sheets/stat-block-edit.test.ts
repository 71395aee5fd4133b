/**
 * [SYS-WORDS] Each game's stat block edited in place through the REAL sheet: the BUILT bundle
 * (dist/d20-combat.mjs) boots under the boot stand-in with its play bases
 * (test/stand-ins/foundry-boot.ts, foundry-play.ts); a pack monster stored before the stat-block
 * fields existed is made through the bundle's Actor class, its sheet (the class the bundle
 * registered) builds its context and renders with the real templates, one of the game's own lines
 * is changed in the rendered form, and the sheet's own `_processFormData` turns the whole form into
 * the update core then writes. The actor must hold the new value and the sheet show it.
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
import { attackCardIn } from "../support/card-messages.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";

const SYSTEM = "d20-combat";
const BUNDLE = path.join(REPO_ROOT, "dist/d20-combat.mjs");
/** The stat-block fields a game describes; an actor from before them has none. */
const STAT_BLOCK_FIELDS = [
  "monsterRole",
  "creatureType",
  "role",
  "rank",
  "xp",
  "alignment",
  "challenge",
  "senses",
  "skills",
];

let s: FoundryBootStandIn;

beforeAll(async () => {
  ensureBuilt(["d20-combat.mjs"]);
  s = installFoundryBootStandIn(14, "13th-age", { play: true });
  await import(/* @vite-ignore */ `${pathToFileURL(BUNDLE).href}?stat-block-edit`);
  for (const hook of ["init", "i18nInit", "setup", "ready"]) s.hooks.callAll(hook);
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
}, 120_000);
afterAll(() => s.uninstall());

interface Sheet {
  _configureRenderParts(o: object): Record<string, { template: string }>;
  _prepareContext(o: object): Promise<Record<string, unknown>>;
  _processFormData(event: null, form: unknown, formData: { object: Record<string, unknown> }): Record<string, unknown>;
}

/** A pack monster as an older world stored it (no stat-block fields), made through the bundle's Actor class. */
function olderMonster(id: RulesetId, name: string): PlayActorStandIn {
  const m = actorsOf(id).find((a) => a.name === name)!;
  const system = structuredClone(m.system);
  for (const k of STAT_BLOCK_FIELDS) delete system[k];
  const Actor = s.config.Actor.documentClass as new (data: DocumentDataStandIn) => PlayActorStandIn;
  return new Actor({ _id: m._id, name: m.name, type: "npc", system, items: m.items as never });
}

function sheetOf(actor: PlayActorStandIn): Sheet {
  const call = s.sheetCalls.find((c) => c.call === "register" && c.options.label === "D20C.Sheet.ActorSheet");
  return new (call!.sheetClass as new (options: object) => Sheet)({ document: actor });
}

async function render(sheet: Sheet): Promise<string> {
  const context = await sheet._prepareContext({});
  const renderer = createTemplateRenderer();
  return Object.values(sheet._configureRenderParts({}))
    .map((part) => renderer.render(part.template.replace(`systems/${SYSTEM}/`, ""), context))
    .join("");
}

const attr = (tag: string, name: string) => {
  const v = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return v === undefined ? null : decode(v);
};

/**
 * What Foundry's FormDataExtended reads of the rendered form: every named input (a number input as
 * a number, blank = null; a checkbox as checked or not; text as it is), each select's chosen option
 * (else its first) and each rich-text editor's value; and the form's number inputs, which the sheet
 * asks for by `querySelectorAll('input[type="number"][name]')`.
 */
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
  for (const [tag] of html.matchAll(/<prose-mirror\b[^>]*>/g)) {
    const name = attr(tag, "name");
    if (name) object[name] = attr(tag, "value") ?? "";
  }
  const form = {
    querySelectorAll: (selector: string) => (selector === 'input[type="number"][name]' ? numbers : []),
    querySelector: () => null,
  };
  return { object, form };
}

/** The value a rendered input or select of the stat block shows. */
function shown(html: string, name: string): unknown {
  return formOf(html.slice(html.indexOf("data-stat-block"))).object[name];
}

const EDITS: [RulesetId, string, string, unknown][] = [
  ["13th-age", "Thunderfist Ogre", "system.monsterRole", "wrecker"],
  ["ffd20", "Ogre Smasher", "system.rank", "elite"],
  ["ffd20", "Ogre Smasher", "system.xp", 350],
  ["hundred-dungeons", "Hill Ogre", "system.challenge", "1/2"],
  ["hundred-dungeons", "Hill Ogre", "system.senses", "darkvision 60 ft."],
  ["wounds-d20", "Hill Troll", "system.creatureType", "giant"],
  ["wounds-d20", "Hill Troll", "system.baseCombatBonus", 7],
];

describe("[SYS-WORDS] a stat block line edited in place through the bundle's sheet", () => {
  it.each(EDITS)(
    "[SYS-WORDS] %s: %s's %s, changed in its stat block, is stored and shown",
    async (id, name, field, value) => {
      await s.settings.set(SYSTEM, "ruleset", id);
      const actor = olderMonster(id, name);
      const sheet = sheetOf(actor);
      const before = await render(sheet);
      // the older actor opens on its block, the new line at its field's initial value
      expect(before).toContain("data-stat-block");
      expect(shown(before, field), field).not.toBeUndefined();
      expect(shown(before, field)).not.toEqual(value);
      const stored = structuredClone(actor._source.system);
      const { object, form } = formOf(before);
      object[field] = value;
      const update = sheet._processFormData(null, form, { object });
      await actor.update(update);
      const key = field.replace(/^system\./, "");
      expect(actor._source.system[key]).toEqual(value);
      // the rest of the form comes back as it was stored: nothing else changes (a defense the source
      // never printed comes back as none printed, null, which the rules read the same)
      const after: Record<string, unknown> = { ...structuredClone(actor._source.system), [key]: stored[key] };
      const defenses = after.defenses as Record<string, { base: number | null }>;
      for (const [k, d] of Object.entries(defenses))
        if (!(k in (stored.defenses as object)) && d.base === null) delete defenses[k];
      expect(after).toEqual(stored);
      expect(shown(await render(sheet), field)).toEqual(value);
      expect(s.notifications.filter((n) => n.level !== "info")).toEqual([]);
    },
  );
});

/** The element AppV2 hands an action handler: the clicked button, carrying its row's item id. */
const clicked = (itemId: string) => ({
  dataset: { itemId },
  closest: (selector: string) => (selector === "[data-item-id]" ? { dataset: { itemId } } : null),
});

describe("[SYS-WORDS] a stat block's attack rolls through the sheet's own attack action", () => {
  it("[SYS-WORDS] 13th Age: the ogre's club, clicked in its block, posts its attack card against the targeted hero's AC", async () => {
    await s.settings.set(SYSTEM, "ruleset", "13th-age");
    await s.settings.set(SYSTEM, "cardVisibility", "everyone");
    const ogre = olderMonster("13th-age", "Thunderfist Ogre");
    const sheet = sheetOf(ogre);
    const block = (await render(sheet)).split("data-stat-block")[1]!;
    const row =
      /<li class="d20c-stat-attack[^"]*" data-item-id="([^"]+)">\s*<p[^>]*>\s*<button[^>]*data-action="useItem"[^>]*>Colossal Club</.exec(
        block,
      );
    expect(row).not.toBeNull();
    const hero = actorsOf("13th-age").find((a) => a.type === "character")!;
    const Actor = s.config.Actor.documentClass as new (data: DocumentDataStandIn) => PlayActorStandIn;
    const target = new Actor({ _id: "hero", name: hero.name, type: "character", system: structuredClone(hero.system) });
    const game = (globalThis as unknown as { game: { user: { targets: Set<unknown> } } }).game;
    game.user.targets.clear();
    game.user.targets.add({
      document: { uuid: "Scene.s1.Token.hero", name: hero.name, texture: { src: "" } },
      actor: target,
    });
    const useItem = (sheet.constructor as unknown as { DEFAULT_OPTIONS: { actions: Record<string, Handler> } })
      .DEFAULT_OPTIONS.actions.useItem!;
    standInAttackFaces.length = 0;
    standInAttackFaces.push(15);
    const before = s.world.chatMessages.length;
    await useItem.call(sheet, {}, clicked(row![1]!));
    expect(s.notifications.filter((n) => n.level === "error")).toEqual([]);
    expect(s.world.chatMessages.length).toBe(before + 1);
    const card = attackCardIn(s.world.chatMessages.at(-1)!)!;
    expect(card.itemName).toBe("Colossal Club");
    // the block's +9 on the d20's 15
    expect(card.targets[0]!.outcome.defenseKey).toBe("ac");
    expect(card.targets[0]!.outcome.total).toBe(24);
  });
});

type Handler = (this: unknown, event: object, target: object) => Promise<void>;

describe("[SYS-WORDS] a player who owns an NPC plays it; the GM keeps its block", () => {
  it("[SYS-WORDS] a player owner sees the block printed (no inputs, no adding or deleting attacks) but rolls its attacks; the world setting lets owners edit it", async () => {
    await s.settings.set(SYSTEM, "ruleset", "hundred-dungeons");
    const user = (globalThis as unknown as { game: { user: { isGM: boolean } } }).game.user;
    const block = async () =>
      (await render(sheetOf(olderMonster("hundred-dungeons", "Hill Ogre"))))
        .split("data-stat-block")[1]!
        .split("</section>")[0]!;
    const gmBlock = await block();
    expect(gmBlock).toContain('name="system.challenge"');
    expect(gmBlock).toContain('data-action="deleteItem"');
    user.isGM = false;
    try {
      const player = await block();
      expect(player).not.toMatch(/<input\b[^>]*name="system\./);
      expect(player).not.toMatch(/<select\b[^>]*name="system\./);
      for (const action of ["createItem", "editItem", "deleteItem"])
        expect(player).not.toContain(`data-action="${action}"`);
      // still the owner's to play: the attacks roll from the block
      expect(player).toContain('data-action="useItem"');
      await s.settings.set(SYSTEM, "npcBlockPlayers", true);
      const allowed = await block();
      expect(allowed).toContain('name="system.challenge"');
      expect(allowed).toContain('data-action="deleteItem"');
    } finally {
      user.isGM = true;
      await s.settings.set(SYSTEM, "npcBlockPlayers", false);
    }
  });
});

/** [SYS-MONSTERS] Creature lines edited in the block: what is typed, what is stored, what the block shows again. */
const CREATURE_EDITS: [RulesetId, string, string, string, unknown][] = [
  ["hundred-dungeons", "Hill Ogre", "conditionImmunities", "charmed, frightened", ["charmed", "frightened"]],
  ["ffd20", "Ogre Smasher", "keywordImmunities", "fear, poison", ["fear", "poison"]],
  [
    "hundred-dungeons",
    "Hill Ogre",
    "traitBypass",
    "slashing/magic silver",
    [{ type: "slashing", keywords: ["magic", "silver"] }],
  ],
  [
    "wounds-d20",
    "Hill Troll",
    "damageReduction",
    "5/cold iron and good, 10/—",
    [
      { amount: 5, bypass: ["coldIron", "good"], needsAll: true },
      { amount: 10, bypass: [], needsAll: false },
    ],
  ],
];

describe("[SYS-MONSTERS] a creature's immunities, bypass and damage reduction edited as words in its stat block", () => {
  it.each(CREATURE_EDITS)(
    "[SYS-MONSTERS] %s: %s's %s, typed in its stat block, is stored as data and printed back",
    async (id, name, field, typed, stored) => {
      await s.settings.set(SYSTEM, "ruleset", id);
      const actor = olderMonster(id, name);
      const sheet = sheetOf(actor);
      const before = await render(sheet);
      expect(shown(before, `system.${field}`)).toBe("");
      const { object, form } = formOf(before);
      object[`system.${field}`] = typed;
      await actor.update(sheet._processFormData(null, form, { object }));
      expect(actor._source.system[field]).toEqual(stored);
      expect(shown(await render(sheet), `system.${field}`)).toBe(typed);
      expect(s.notifications.filter((n) => n.level !== "info")).toEqual([]);
    },
  );

  it("[SYS-MONSTERS] FFd20: action points typed in the block are stored; 13th Age: the strength is a choice", async () => {
    await s.settings.set(SYSTEM, "ruleset", "ffd20");
    const smasher = olderMonster("ffd20", "Ogre Smasher");
    const sheet = sheetOf(smasher);
    const { object, form } = formOf(await render(sheet));
    expect(object["system.actionPoints.value"]).toBe(0);
    object["system.actionPoints.value"] = 1;
    object["system.actionPoints.max"] = 1;
    await smasher.update(sheet._processFormData(null, form, { object }));
    expect(smasher._source.system.actionPoints).toEqual({ value: 1, max: 1 });

    await s.settings.set(SYSTEM, "ruleset", "13th-age");
    const ogre = olderMonster("13th-age", "Goblin Cutthroat");
    const ogreSheet = sheetOf(ogre);
    const edit = formOf(await render(ogreSheet));
    expect(edit.object["system.strength"]).toBe("normal");
    edit.object["system.strength"] = "double";
    await ogre.update(ogreSheet._processFormData(null, edit.form, { object: edit.object }));
    expect(ogre._source.system.strength).toBe("double");
    expect(shown(await render(ogreSheet), "system.strength")).toBe("double");
  });
});
