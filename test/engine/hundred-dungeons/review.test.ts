/**
 * Independent review of the Hundred Dungeons module against the rules text: threshold cases and
 * readings the first round of tests did not pin down.
 */
import { describe, expect, it } from "vitest";
import { hundredDungeons as hd } from "../../../src/engine/rulesets/hundred-dungeons.js";
import { attack, hdActor, packet, power, weapon } from "./fixtures.js";

const derived = (a = hdActor()) => hd.deriveActor(a, {});
const renownOf = (exhaustion: number): number | undefined => {
  const a = hdActor({ renown: 2, weaponSkills: ["martial"], exhaustion });
  return hd.attackBonus(a, derived(a), power(), weapon({ weaponClass: "martial" })).find((m) => m.key === "renown")
    ?.value;
};

describe("Hundred Dungeons review: skills and exhaustion", () => {
  it("[HD-COND] [HD-ATK] exhaustion level 2 (no benefit from skills) drops the weapon skill's renown; level 1 keeps it", () => {
    expect(renownOf(0)).toBe(2);
    expect(renownOf(1)).toBe(2);
    expect(renownOf(2)).toBeUndefined();
    expect(renownOf(4)).toBeUndefined();
  });
});
