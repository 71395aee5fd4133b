/**
 * [SYS-CONTENT] What each game ships, counted from the pack sources: at least 8 characters (the
 * party of four at level 3 and the same four at level 1), 15 foes across levels 1–6, 25 items; and
 * the party is ready to play: every member has attacks, a weapon or an implement, armor where the
 * game reads it, features and filled-in recoveries, and the level-1 four are the level-3 four.
 */
import { describe, expect, it } from "vitest";
import { engineActor, defaultOptions } from "../packs/pack-sources.js";
import { GAMES, actorsOf, allPacks, levelThreeParty, packsOf, rulesetOf, worldItemsOf } from "./content.js";

describe.each(GAMES.map((g) => [g.id, g] as const))("[SYS-CONTENT] %s counts", (game) => {
  const actors = actorsOf(game);
  const characters = actors.filter((a) => a.type === "character");
  const npcs = actors.filter((a) => a.type === "npc");

  it("[SYS-CONTENT] at least 8 characters, 15 NPCs, 25 items and 2 journals (its conditions reference and rules)", () => {
    expect(characters.length).toBeGreaterThanOrEqual(8);
    expect(npcs.length).toBeGreaterThanOrEqual(15);
    expect(worldItemsOf(game).length).toBeGreaterThanOrEqual(25);
    const journals = packsOf(game)
      .filter((p) => p.entry.type === "JournalEntry")
      .flatMap((p) => p.docs);
    expect(journals.length).toBeGreaterThanOrEqual(2);
  });

  it("[SYS-CONTENT] the foes span levels 1 to 6, with big creatures and a solo or leader among them", () => {
    const levels = new Set(npcs.map((a) => Number(a.system.level)));
    expect(Math.min(...levels)).toBe(1);
    expect(Math.max(...levels)).toBe(6);
    for (let l = 1; l <= 6; l++) expect(levels.has(l), `a level-${l} foe`).toBe(true);
    expect(npcs.some((a) => ["large", "huge"].includes(String(a.system.size)))).toBe(true);
    const hp = (a: (typeof npcs)[number]) => Number((a.system.hp as { max: number }).max);
    // A solo or leader: several times the hit points of the median foe.
    const sorted = npcs.map(hp).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    expect(Math.max(...sorted)).toBeGreaterThanOrEqual(2 * median);
    // Mooks or minions: the weakest foe has at most half the median foe's hit points.
    expect(Math.min(...sorted) * 2).toBeLessThanOrEqual(median);
  });

  it("[SYS-CONTENT] the party: four distinct characters at level 3 and the same four at level 1", () => {
    const three = levelThreeParty(game);
    const one = characters.filter((a) => Number(a.system.level) === 1);
    expect(three).toHaveLength(4);
    expect(one.map((a) => a.name).sort()).toEqual(three.map((a) => a.name).sort());
    expect(new Set(three.map((a) => a.name)).size).toBe(4);
    // Distinct roles: no two members share their set of attack abilities and weapons.
    const kit = (a: (typeof three)[number]) =>
      a.items
        .filter((i) => i.type === "power")
        .map((i) => i.name)
        .sort()
        .join("|");
    expect(new Set(three.map(kit)).size).toBe(4);
  });

  it("[SYS-CONTENT] names carry no level (the level is a field): the two parties sit in their own folders of the characters pack", () => {
    const pack = packsOf(game).find((p) => p.entry.name === `characters-${game}`)!;
    for (const a of actors) expect(a.name, a.name).not.toMatch(/\blevel\b/i);
    const folders = new Map(pack.folders.map(({ doc }) => [String(doc._id), doc]));
    expect(folders.size).toBe(2);
    const byFolder = new Map<string, Set<number>>();
    for (const a of characters) {
      const folder = String((a as unknown as { folder: unknown }).folder);
      expect(folders.has(folder), `${a.name} (level ${String(a.system.level)}) sits in a folder of its pack`).toBe(
        true,
      );
      byFolder.set(folder, (byFolder.get(folder) ?? new Set()).add(Number(a.system.level)));
    }
    // one level per folder, each folder named by its level, and the two named differently
    for (const [id, levels] of byFolder) {
      expect([...levels]).toHaveLength(1);
      expect(String(folders.get(id)!.name)).toContain(String([...levels][0]));
    }
    expect(new Set([...folders.values()].map((f) => f.name)).size).toBe(2);
  });

  it("[SYS-CONTENT] every character has attacks (two or more powers and weapons), a weapon, features, recoveries and (where AC reads it) armor", () => {
    const r = rulesetOf(game);
    for (const a of characters) {
      const types = a.items.map((i) => i.type);
      expect(types.filter((t) => t === "power" || t === "weapon").length, a.name).toBeGreaterThanOrEqual(2);
      expect(types, a.name).toContain("weapon");
      expect(types, a.name).toContain("feature");
      const rec = a.system.recoveries as { value: number; max: number; formula: string };
      expect(rec.max, a.name).toBeGreaterThan(0);
      expect(rec.formula, a.name).not.toBe("");
      const derived = r.deriveActor(engineActor(a), defaultOptions(r));
      expect(derived.bloodied, a.name).toBe(false);
      expect((a.system.hp as { value: number }).value, a.name).toBeGreaterThan(0);
      // In a game whose AC adds worn armor, a character with armor items has an AC above the unarmored one.
      const armored = engineActor(a);
      const bare = r.deriveActor(
        { ...armored, armor: { armorBonus: 0, shieldBonus: 0, maxDex: null, heavy: false } },
        defaultOptions(r),
      );
      const worn = a.items.filter(
        (i) => i.type === "armor" && Number(i.system.armorBonus) + Number(i.system.shieldBonus) > 0,
      );
      const first = r.defenses[0]!.key;
      if (worn.length) expect(derived.defenses[first], a.name).not.toBe(bare.defenses[first]);
    }
  });
});

describe("[SYS-CONTENT] counts across the games", () => {
  it("[SYS-CONTENT] the packs hold at least one scene", () => {
    const scenes = allPacks()
      .filter((p) => p.entry.type === "Scene")
      .flatMap((p) => p.docs);
    expect(scenes.length).toBeGreaterThanOrEqual(1);
  });
});
