/**
 * Worked examples and corner cases read from the four rules texts, through the games' own entry
 * points (`applyDamage`, `applyHealing`, `resolveAttack`, `damageRecipe`, `resolveRoll`), for the
 * rules the other engine tests cite least.
 */
import { describe, expect, it } from "vitest";
import { blankSituation, defaultActorSource } from "../../src/engine/common.js";
import { parseDamage } from "../../src/engine/dice.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, Situation } from "../../src/engine/types.js";
import { attackInput, damagePacket, recipeInput } from "../support/engine-fixtures.js";

const AGE = getRuleset("13th-age");
const FF = getRuleset("ffd20");
const HD = getRuleset("hundred-dungeons");
const WD = getRuleset("wounds-d20");

const creature = (over: Partial<ActorSource> = {}) =>
  defaultActorSource({ kind: "npc", hp: { value: 50, max: 50, temp: 0 }, ...over });
const situation = (over: Partial<Situation>): Situation => ({ ...blankSituation(), ...over });

describe("FFd20 text examples", () => {
  it("[FF-TYPES] [FF-RESIST] a fira's damage is all fire: resist 5 fire takes 5 off the whole of it; the same damage with no type is not resisted", () => {
    const salamander = creature({ resistances: [{ type: "fire", value: 5 }] });
    expect(FF.applyDamage(salamander, damagePacket(14, { types: ["fire"] }), {}, "s").actor.hp.value).toBe(41);
    expect(FF.applyDamage(salamander, damagePacket(14), {}, "s").actor.hp.value).toBe(36);
    // An attack can't do less than 0 damage.
    expect(FF.applyDamage(salamander, damagePacket(3, { types: ["fire"] }), {}, "s").actor.hp.value).toBe(50);
  });

  it("[FF-ATK] a total equal to the defense hits; one less misses", () => {
    const roll = (natural: number) =>
      FF.resolveAttack(attackInput({ dice: [natural], attackBonus: 5, defense: { key: "ref", value: 15 } })).result;
    expect(roll(10)).toBe("hit");
    expect(roll(9)).toBe("miss");
  });

  it("[FF-COVER] [FF-CONCEAL] [FF-CA] a ranged attack takes cover −2 and concealment −2 besides combat advantage +2; a close attack takes the cover but never concealment", () => {
    const keys = (range: "ranged" | "close", s: Partial<Situation>) =>
      FF.resolveAttack(attackInput({ dice: [10], attackBonus: 5, range, situation: situation(s) })).modifiers.map(
        (m) => [m.key, m.value],
      );
    expect(keys("ranged", { cover: "partial", concealment: "partial", combatAdvantage: true })).toEqual([
      ["attackBonus", 5],
      ["combatAdvantage", 2],
      ["cover", -2],
      ["concealment", -2],
    ]);
    expect(keys("close", { cover: "superior", concealment: "total" })).toEqual([
      ["attackBonus", 5],
      ["cover", -5],
    ]);
  });
});

describe("13th Age text examples", () => {
  it("[13A-DMG] [13A-NAT20] a monster's flat 12 rolls no dice, and its critical hit doubles it to 24", () => {
    const hit = parseDamage("12");
    const recipe = (outcome: "hit" | "crit") => AGE.damageRecipe(recipeInput(outcome, hit));
    expect(recipe("hit")).toMatchObject({ roll: { dice: [], flat: 12 }, multiplier: 1 });
    expect(recipe("crit")).toMatchObject({ roll: { dice: [], flat: 12 }, multiplier: 2 });
  });

  it("[13A-TEMPHP] temporary hit points don't stack: 5 and then 3 keeps 5, then 8 keeps 8; damage takes them first", () => {
    const hero = creature({ kind: "character", hp: { value: 20, max: 30, temp: 5 } });
    expect(AGE.applyHealing(hero, 3, "temp", {}, "h").actor.hp).toEqual({ value: 20, max: 30, temp: 5 });
    const more = AGE.applyHealing(hero, 8, "temp", {}, "h").actor;
    expect(more.hp).toEqual({ value: 20, max: 30, temp: 8 });
    expect(AGE.applyDamage(more, damagePacket(11, { natural: 12 }), {}, "h").actor.hp).toEqual({
      value: 17,
      max: 30,
      temp: 0,
    });
  });
});

describe("Hundred Dungeons and Wounds d20 text examples", () => {
  it("[HD-ROUND] a round is 20 seconds: three rounds make a minute", () => {
    expect((HD.roundSeconds ?? 0) * 3).toBe(60);
  });

  it("[WD-NONLETHAL] [WD-DEATHDC] 8 nonlethal at 14 of 20 damage (2 past HP, DC 11): failing by 3 knocks out instead of dying, failing by 11 is dying instead of dead", () => {
    const hurt = creature({ kind: "character", hp: { value: 6, max: 20, temp: 0 } });
    const blow = WD.applyDamage(hurt, damagePacket(8, { nonlethal: true }), {}, "w");
    const save = blow.requests[0]!;
    expect(save).toMatchObject({ kind: "deathSave", target: 11 });
    expect(blow.actor.wounds).toEqual([]);
    expect(WD.resolveRoll(blow.actor, save, { total: 8, natural: 8 }, {}).actor.state).toBe("unconscious");
    expect(WD.resolveRoll(blow.actor, save, { total: 0, natural: 2 }, {}).actor.state).toBe("dying");
    expect(WD.resolveRoll(blow.actor, save, { total: 11, natural: 11 }, {}).actor.state).toBe("staggered");
  });
});
