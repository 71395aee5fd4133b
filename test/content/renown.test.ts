/**
 * [HD-ATK] [SYS-CONTENT] Renown follows level on one scale for characters and monsters, a rule the
 * system adds (docs/rules.md, [HD-ATK]): the Hundred Dungeons text adds renown to ability rolls a
 * skill covers but gives no level table. Renown = ⌈level / 2⌉: 1 at levels 1–2, 2 at 3–4, 3 at 5–6.
 */
import { describe, expect, it } from "vitest";
import { actorsOf } from "./content.js";

/** The level → renown scale the packs follow. */
const renownAt = (level: number) => Math.ceil(level / 2);

describe("[HD-ATK] [SYS-CONTENT] Hundred Dungeons renown by level", () => {
  const actors = actorsOf("hundred-dungeons");

  it("[HD-ATK] the scale gives the pregens' renown: 1 at level 1, 2 at level 3", () => {
    expect([1, 2, 3, 4, 5, 6].map(renownAt)).toEqual([1, 1, 2, 2, 3, 3]);
    const party = actors.filter((a) => a.type === "character");
    expect(party.length).toBeGreaterThanOrEqual(8);
    expect(new Set(party.map((a) => `${String(a.system.level)}:${String(a.system.renown)}`))).toEqual(
      new Set(["1:1", "3:2"]),
    );
  });

  it("[HD-ATK] every pack character and monster has the renown of its level", () => {
    const off = actors
      .filter((a) => Number(a.system.renown) !== renownAt(Number(a.system.level)))
      .map((a) => `${a.name}: level ${String(a.system.level)}, renown ${String(a.system.renown)}`);
    expect(off).toEqual([]);
    // the level 4–5 monsters among them
    expect(actors.filter((a) => a.type === "npc" && [4, 5].includes(Number(a.system.level))).length).toBeGreaterThan(3);
  });
});
