/**
 * [SYS-CONTENT] The journals, the demo scenes and the macros say what the product does: each game's
 * conditions reference names every condition its ruleset has, its rules journal lists every Open
 * rule's world setting, the quick start walks the GM through the steps in order, a demo scene is a
 * walled map whose tokens are that game's party and foes from the packs (the macros run in
 * test/workflows/api.test.ts and api-escalation.test.ts).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { createI18nStandIn, REPO_ROOT } from "../stand-ins/i18n.js";
import { loadPacks, type Plain } from "./pack-sources.js";

const i18n = createI18nStandIn();
const packs = loadPacks();
const pack = (name: string) => {
  const p = packs.find((x) => x.entry.name === name);
  if (!p) throw new Error(`no pack ${name}`);
  return p;
};
type Page = { name: string; text: { content: string } };
const pagesOf = (doc: Plain) => doc.pages as Page[];
const textOf = (doc: Plain) =>
  pagesOf(doc)
    .map((p) => p.text.content)
    .join("\n");

describe.each(RULESET_IDS.map((id) => [id]))("[SYS-CONTENT] %s journals", (id) => {
  const ruleset = getRuleset(id);
  const journals = pack(`rules-${id}`).docs.map((d) => d.doc);

  it("[SYS-CONTENT] the rules pack is a JournalEntry pack of the game, holding its conditions reference and its rules journal", () => {
    expect(pack(`rules-${id}`).entry.type).toBe("JournalEntry");
    expect(journals.map((j) => String(j.name)).sort()).toEqual(
      [`${i18n.localize(ruleset.label)}: Conditions`, `${i18n.localize(ruleset.label)}: How the System Plays`].sort(),
    );
    for (const j of journals) {
      expect((j.flags as { "d20-combat"?: { ruleset?: string } })["d20-combat"]?.ruleset).toBe(id);
      for (const p of pagesOf(j)) expect(p.text.content.length, `${String(j.name)} ${p.name}`).toBeGreaterThan(80);
    }
  });

  it("[SYS-CONTENT] the conditions reference has a heading for each of the ruleset's conditions, in the game's own words", () => {
    const text = textOf(journals.find((j) => String(j.name).endsWith("Conditions"))!);
    const headings = [...text.matchAll(/<h2>([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual(ruleset.conditions.map((c) => i18n.localize(c.label)));
  });

  it("[SYS-CONTENT] the rules journal names every Open rule's world setting with its choices", () => {
    const text = textOf(journals.find((j) => String(j.name).endsWith("How the System Plays"))!);
    expect(ruleset.options.length).toBeGreaterThan(0);
    for (const o of ruleset.options) {
      expect(text, o.key).toContain(i18n.localize(o.label).replace(/&/g, "&amp;"));
      expect(text, o.key).toContain(`[${o.rule}]`);
      for (const label of Object.values(o.choices ?? {}))
        expect(text, `${o.key} ${label}`).toContain(i18n.localize(label));
    }
  });
});

describe("[SYS-CONTENT] quick start", () => {
  it("[SYS-CONTENT] walks a GM through choosing the game, the party, combat, targeting, applying, undo, the escalation die and turn automation, in that order", () => {
    const [guide] = pack("guide").docs.map((d) => d.doc);
    expect(pack("guide").entry.type).toBe("JournalEntry");
    const text = textOf(guide!);
    const steps = [
      "Ruleset",
      "Characters",
      "Begin Combat",
      "Target",
      "apply buttons",
      "Undo",
      "escalation die",
      "Next Turn",
    ];
    const at = steps.map((s) => text.indexOf(s));
    for (const [i, s] of steps.entries()) expect(at[i], s).toBeGreaterThanOrEqual(0);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });
});

describe("[SYS-CONTENT] demo scenes", () => {
  const scenes = pack("scenes").docs.map((d) => d.doc);

  it("[SYS-CONTENT] each demo scene is a walled square-grid map whose background is a file in the repository", () => {
    expect(pack("scenes").entry.type).toBe("Scene");
    expect(scenes.length).toBeGreaterThanOrEqual(1);
    for (const s of scenes) {
      const src = String((s.background as { src: string }).src);
      expect(src.startsWith("systems/d20-combat/"), src).toBe(true);
      expect(existsSync(path.join(REPO_ROOT, src.replace("systems/d20-combat/", ""))), src).toBe(true);
      expect((s.grid as { type: number }).type).toBe(1);
      expect((s.walls as unknown[]).length, String(s.name)).toBeGreaterThanOrEqual(8);
      expect(
        (s.walls as { door: number }[]).some((w) => w.door === 1),
        String(s.name),
      ).toBe(true);
    }
  });

  it("[SYS-CONTENT] its tokens are the game's level-3 party (friendly, linked) and four foes (hostile) from the packs, on the map", () => {
    for (const s of scenes) {
      const game = (s.flags as { "d20-combat": { ruleset: string } })["d20-combat"].ruleset;
      const party = pack(`characters-${game}`).docs.map((d) => d.doc);
      const foes = pack(`monsters-${game}`).docs.map((d) => d.doc);
      const tokens = s.tokens as { actorId: string; disposition: number; actorLink: boolean; x: number; y: number }[];
      const friends = tokens.filter((t) => party.some((a) => a._id === t.actorId));
      const enemies = tokens.filter((t) => foes.some((a) => a._id === t.actorId));
      expect(friends.length + enemies.length, String(s.name)).toBe(tokens.length);
      expect(friends.length).toBe(4);
      expect(enemies.length).toBe(4);
      for (const t of friends) {
        expect(party.find((a) => a._id === t.actorId)?.system).toMatchObject({ level: 3 });
        expect([t.disposition, t.actorLink]).toEqual([1, true]);
      }
      for (const t of enemies) expect([t.disposition, t.actorLink]).toEqual([-1, false]);
      for (const t of tokens) {
        expect(t.x).toBeGreaterThanOrEqual(0);
        expect(t.x).toBeLessThan(Number(s.width));
        expect(t.y).toBeLessThan(Number(s.height));
      }
    }
  });
});
