/**
 * 13th Age range bands used by attacks ([13A-RANGE], [13A-ENGAGE]): what the attacker's bands say
 * about an attack of each range, read through the Ruleset (warnings, never refusals).
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../../src/engine/registry.js";
import { RULESET_IDS } from "../../../src/engine/rulesets/ids.js";
import type { RangeKind } from "../../../src/engine/types.js";

const R = getRuleset("13th-age");
const names = { "Actor.orc": "Orc", "Actor.imp": "Imp", "Actor.ogre": "Ogre" };
const bands = { "Actor.orc": "engaged", "Actor.imp": "nearby", "Actor.ogre": "farAway" };
const warn = (range: RangeKind, id: keyof typeof names, b: Record<string, string> = bands) =>
  R.attackBandWarnings!({ range, target: { id, name: names[id] }, bands: b, names }).map((w) => [w.key, w.data]);

describe("[13A-RANGE] [13A-ENGAGE] bands on attacks", () => {
  it("[13A-RANGE] a melee attack reaches engaged foes: a nearby target needs a move first, a far-away one the standard action", () => {
    expect(warn("melee", "Actor.orc")).toEqual([]);
    expect(warn("melee", "Actor.imp")).toEqual([["D20C.Age13.BandWarn.meleeNearby", { name: "Imp" }]]);
    expect(warn("melee", "Actor.ogre")).toEqual([["D20C.Age13.BandWarn.meleeFarAway", { name: "Ogre" }]]);
  });

  it("[13A-ENGAGE] a ranged attack while engaged names every engaged foe; with none engaged it warns nothing", () => {
    expect(warn("ranged", "Actor.ogre")).toEqual([["D20C.Age13.BandWarn.rangedEngaged", { foes: "Orc" }]]);
    expect(warn("ranged", "Actor.ogre", { "Actor.imp": "nearby", "Actor.ogre": "farAway" })).toEqual([]);
  });

  it("[13A-RANGE] a close attack warns only against a far-away target; an area attack and an unplaced band warn nothing", () => {
    expect(warn("close", "Actor.imp")).toEqual([]);
    expect(warn("close", "Actor.ogre")).toEqual([["D20C.Age13.BandWarn.closeFarAway", { name: "Ogre" }]]);
    expect(warn("area", "Actor.ogre")).toEqual([]);
    expect(warn("melee", "Actor.imp", {})).toEqual([]);
  });

  it("[13A-RANGE] only 13th Age has bands", () => {
    expect(RULESET_IDS.filter((id) => getRuleset(id).attackBandWarnings)).toEqual(["13th-age"]);
  });
});
