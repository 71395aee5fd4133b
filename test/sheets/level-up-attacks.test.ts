/**
 * [SYS-CHARACTER] [13A-DMG] The pure list of attack rows a level-up changes (`levelUpAttackLines`):
 * the pregens' weapons and powers built from each level's roll data (`@level`, `@tier`) as the
 * sheet builds them, summarised as the sheet's attack list does. Hand-worked: 13th Age Bryndis
 * (Str 18, Longsword level × d8 + Str × tier, attack Str + level): 4 → 5 is 4d8 + 4 → 5d8 + 8
 * and +8 → +9; FFd20 Garrick's Longsword (1[W] + Str) keeps its dice while his attack gains ½ level.
 */
import { describe, expect, it } from "vitest";
import { levelUpAttackLines, type LevelUpAttackItem } from "../../src/applications/sheets/level-up-attacks.js";
import { powerSourceFrom, weaponAttackOf } from "../../src/data/item-source.js";
import { applyBuild } from "../../src/engine/build.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource } from "../../src/engine/types.js";
import { toActorSource } from "../../src/data/prepare.js";
import {
  defaultOptions,
  loadPacks,
  preparedArmor,
  weaponFor,
  weaponOf,
  type PackActor,
} from "../packs/pack-sources.js";
import "../../src/engine/rulesets/index.js";

const packs = loadPacks();
const pregen = (pack: string, name: string) =>
  packs
    .find((p) => p.entry.name === pack)!
    .docs.map((d) => d.doc as unknown as PackActor)
    .find((d) => d.name.startsWith(name))!;

/** The pregen prepared at `level`. */
function at(doc: PackActor, game: string, level: number): ActorSource {
  const source = { ...toActorSource("character", { ...doc.system, armor: preparedArmor(doc) }), level };
  return applyBuild(getRuleset(game).progression, source);
}

/** Its weapons and powers as the sheet's rows build them from roll data. */
function items(doc: PackActor, game: string, names: string[]): LevelUpAttackItem[] {
  const ruleset = getRuleset(game);
  return names.map((name) => {
    const item = doc.items.find((i) => i.name === name)!;
    const w = weaponFor(doc, item);
    const weapon = w ? weaponOf(w) : null;
    return {
      name,
      sourceWith: (rollData: Record<string, unknown>) =>
        item.type === "weapon"
          ? { power: weaponAttackOf(weapon!, ruleset, "character", rollData), weapon }
          : { power: powerSourceFrom(item.system, rollData), weapon },
    };
  });
}

describe("[SYS-CHARACTER] levelUpAttackLines", () => {
  const bryndis = pregen("characters-13th-age", "Bryndis");
  const age13 = getRuleset("13th-age");

  it("[SYS-CHARACTER] [13A-DMG] 13th Age Bryndis 4 → 5: Longsword and Heavy Blow go 4d8 + 4 → 5d8 + 8 and +8 → +9", () => {
    const lines = levelUpAttackLines(
      age13,
      defaultOptions(age13),
      at(bryndis, "13th-age", 4),
      at(bryndis, "13th-age", 5),
      items(bryndis, "13th-age", ["Longsword", "Heavy Blow"]),
    );
    expect(lines).toEqual([
      { name: "Longsword", damage: { before: "4d8 + 4", after: "5d8 + 8" }, bonus: { before: "+8", after: "+9" } },
      { name: "Heavy Blow", damage: { before: "4d8 + 4", after: "5d8 + 8" }, bonus: { before: "+8", after: "+9" } },
    ]);
  });

  it("[SYS-CHARACTER] [13A-DMG] nothing listed when the level does not change, and a row whose build fails is left out", () => {
    const same = at(bryndis, "13th-age", 4);
    const rows = items(bryndis, "13th-age", ["Longsword"]);
    expect(levelUpAttackLines(age13, defaultOptions(age13), same, same, rows)).toEqual([]);
    const broken: LevelUpAttackItem = {
      name: "Broken",
      sourceWith: () => {
        throw new Error("damage: bad formula");
      },
    };
    const lines = levelUpAttackLines(age13, defaultOptions(age13), same, at(bryndis, "13th-age", 5), [broken, ...rows]);
    expect(lines.map((l) => l.name)).toEqual(["Longsword"]);
  });

  it("[SYS-CHARACTER] [FF-ATKBONUS] FFd20 Garrick 3 → 4: only the Longsword's attack bonus changes, +8 → +9", () => {
    const garrick = pregen("characters-ffd20", "Garrick");
    const ff = getRuleset("ffd20");
    const lines = levelUpAttackLines(
      ff,
      defaultOptions(ff),
      at(garrick, "ffd20", 3),
      at(garrick, "ffd20", 4),
      items(garrick, "ffd20", ["Longsword"]),
    );
    expect(lines).toEqual([{ name: "Longsword", bonus: { before: "+8", after: "+9" } }]);
  });
});
