/**
 * [SYS-WORDS] The sheet at the table: an NPC's stat block in its game's numbers, editable in place;
 * a character's combat tab in play order; rich text through Foundry's editor; items that drag off
 * the sheet, and an attack dropped on the hotbar that becomes a macro rolling it.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { registerHotbarAttacks } from "../../src/applications/sheets/hotbar.js";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { heroContext, i18n, storedHero, wholeSheet } from "./sheet-fixtures.js";
import { screensOf } from "./words-screens.js";

const hbs = createTemplateRenderer();
const npcSheet = (id: (typeof RULESET_IDS)[number]) =>
  wholeSheet(hbs, heroContext(id, { kind: "npc", stored: storedHero(id, { attackBonus: 9, initiativeBonus: 7 }) }));

/** The form names of a rendered sheet's inputs and editors, each as often as it appears. */
const formNames = (html: string) =>
  [...html.matchAll(/<(?:input|select|textarea|prose-mirror)\b[^>]*\bname="([^"]+)"/g)].map((m) => m[1]!);

describe("[SYS-WORDS] the sheet at the table", () => {
  it("[SYS-WORDS] an NPC's stat block shows each of its game's defenses with the printed value editable in place", () => {
    for (const id of RULESET_IDS) {
      const html = npcSheet(id);
      const block = html.slice(
        html.indexOf("data-stat-block"),
        html.indexOf("</section>", html.indexOf("data-stat-block")),
      );
      for (const d of getRuleset(id).defenses) {
        const named = [d.abbr, d.label].map((k) => `<span class="d20c-stat-label">${i18n.localize(k)}</span>`);
        expect(
          named.some((n) => block.includes(n)),
          `${id} ${d.key}`,
        ).toBe(true);
        expect(block, `${id} ${d.key}`).toContain(`name="system.defenses.${d.key}.base"`);
      }
      expect(block, id).toMatch(/name="system\.attackBonus" value="9"/);
      expect(block, id).toMatch(/name="system\.initiativeBonus" value="7"/);
      // its attacks print with their outcome lines, as a stat block prints them
      expect(block, id).toMatch(/<li class="d20c-stat-attack draggable[^"]*" data-item-id="p1">/);
      expect(block, id).toMatch(/<p class="d20c-stat-trigger[^"]*" data-outcome="hit">/);
      // and no rest buttons: monsters don't take the party's rests
      expect(html, id).not.toContain('data-action="takeRest"');
    }
    // a character has no stat block and keeps its attack rows folded
    const pc = wholeSheet(hbs, heroContext("ffd20"));
    expect(pc).not.toContain("data-stat-block");
    expect(pc).toMatch(/<details class="d20c-attack-details" data-item-id="p1">/);
  });

  it("[SYS-WORDS] every screen of every game edits each field through one input only", async () => {
    for (const id of RULESET_IDS)
      for (const screen of await screensOf(id)) {
        const names = formNames(screen.html);
        const twice = names.filter((n, i) => names.indexOf(n) !== i && !n.endsWith("[]"));
        expect(twice, `${id} ${screen.name}`).toEqual([]);
      }
  });

  it("[SYS-WORDS] a character's combat tab reads in play order: attacks, effects, saves and resources, then procedures", () => {
    const html = wholeSheet(hbs, heroContext("13th-age"));
    const at = (needle: string) => {
      const i = html.indexOf(needle);
      expect(i, needle).toBeGreaterThan(0);
      return i;
    };
    expect(at("d20c-attacks")).toBeLessThan(at("data-save-block"));
    expect(at('data-action="spendRecovery"')).toBeLessThan(at("d20c-actions-panel"));
  });

  it("[SYS-WORDS] biography and description use Foundry's rich-text editor; a read-only sheet shows the enriched text", () => {
    const ctx = heroContext("ffd20");
    const html = wholeSheet(hbs, { ...ctx, biography: "<p>Bold</p>" });
    expect(html).toMatch(
      /<prose-mirror class="d20c-editor" name="system\.details\.biography" value="&lt;p&gt;Bold&lt;\/p&gt;" toggled/,
    );
    expect(html).not.toContain("<textarea");
    const locked = wholeSheet(hbs, { ...ctx, editable: false });
    expect(locked).not.toContain("<prose-mirror");
    expect(locked).toContain('<div class="d20c-enriched"><p>Raised by wolves.</p></div>');
  });

  it("[SYS-WORDS] every item row drags off the sheet (core's ActorSheetV2 drags .draggable rows by data-item-id)", () => {
    const html = wholeSheet(hbs, heroContext("wounds-d20"));
    const rows = [...html.matchAll(/<li class="d20c-item[^"]*" data-item-id="([^"]+)"/g)];
    expect(rows.map((r) => r[1])).toEqual(["p1", "w1", "a1", "f1"]);
    for (const r of rows) expect(r[0]).toContain("draggable");
  });
});

/** The system's hotbarDrop hook over stand-ins of the few globals it touches; the macros it made and the slots it filled. */
function hotbarStandIn(items: Record<string, { name: string; img: string; type: string; parent: object | null }>) {
  const created: { name: string; type: string; img: string; command: string }[] = [];
  const assigned: [unknown, number][] = [];
  const macros: { command: string; isOwner: boolean }[] = [];
  vi.stubGlobal("fromUuidSync", (uuid: string) => items[uuid] ?? null);
  vi.stubGlobal("Macro", {
    implementation: {
      create: async (d: (typeof created)[number]) => {
        created.push(d);
        const m = { ...d, isOwner: true };
        macros.push(m);
        return m;
      },
    },
  });
  vi.stubGlobal("game", {
    macros: { find: (f: (m: (typeof macros)[number]) => boolean) => macros.find(f) },
    user: { assignHotbarMacro: async (m: unknown, slot: number) => void assigned.push([m, slot]) },
  });
  let drop: (data: unknown, slot: number) => unknown = () => undefined;
  vi.stubGlobal("Hooks", {
    on: (name: string, fn: (bar: unknown, data: unknown, slot: number) => unknown) => {
      if (name === "hotbarDrop") drop = (data, slot) => fn({}, data, slot);
    },
  });
  registerHotbarAttacks();
  return { created, assigned, drop: (data: unknown, slot: number) => drop(data, slot) };
}

describe("[SYS-WORDS] an attack dropped on the hotbar", () => {
  afterEach(() => vi.unstubAllGlobals());
  const owner = { id: "a1" };
  const ITEMS = {
    "Actor.a1.Item.p1": { name: "Cleave", img: "c.svg", type: "power", parent: owner },
    "Actor.a1.Item.w1": { name: "Longsword", img: "s.svg", type: "weapon", parent: owner },
    "Actor.a1.Item.a1": { name: "Mail", img: "m.svg", type: "armor", parent: owner },
    "Item.p9": { name: "Loose Power", img: "", type: "power", parent: null },
  };

  it("[SYS-WORDS] becomes a script macro that attacks with that item and its owner, as the sheet's click does", async () => {
    const h = hotbarStandIn(ITEMS);
    expect(h.drop({ type: "Item", uuid: "Actor.a1.Item.p1" }, 1)).toBe(false);
    await vi.waitFor(() => expect(h.assigned).toHaveLength(1));
    const data = h.created[0]!;
    expect(data).toMatchObject({ name: "Cleave", type: "script", img: "c.svg" });
    // run the macro's command as Foundry runs a script macro
    const item = { actor: { id: "a1" } };
    const attack = vi.fn(async () => null);
    const fromUuid = vi.fn(async () => item);
    const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
      ...args: string[]
    ) => (...a: unknown[]) => Promise<unknown>;
    await new AsyncFunction("fromUuid", "game", data.command)(fromUuid, { system: { api: { attack } } });
    expect(fromUuid).toHaveBeenCalledWith("Actor.a1.Item.p1");
    expect(attack).toHaveBeenCalledWith({ actor: item.actor, item });
  });

  it("[SYS-WORDS] the hook puts the macro in the slot and reuses it; armor, unowned items and other drops go to core", async () => {
    const h = hotbarStandIn(ITEMS);
    expect(h.drop({ type: "Item", uuid: "Actor.a1.Item.w1" }, 3)).toBe(false);
    await vi.waitFor(() => expect(h.assigned).toHaveLength(1));
    expect(h.created).toHaveLength(1);
    expect(h.assigned[0]![1]).toBe(3);
    // the same attack dropped again reuses its macro
    expect(h.drop({ type: "Item", uuid: "Actor.a1.Item.w1" }, 4)).toBe(false);
    await vi.waitFor(() => expect(h.assigned).toHaveLength(2));
    expect(h.created).toHaveLength(1);
    // not attacks, or nobody to attack with, or not an item at all: core's
    for (const data of [
      { type: "Item", uuid: "Actor.a1.Item.a1" },
      { type: "Item", uuid: "Item.p9" },
      { type: "Item", uuid: "Item.gone" },
      { type: "Macro", uuid: "Macro.m1" },
    ])
      expect(h.drop(data, 5), JSON.stringify(data)).toBeUndefined();
    expect(h.created).toHaveLength(1);
  });
});
