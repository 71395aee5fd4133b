/**
 * The shared pieces of roll resolution (src/engine/resolution.ts), pinned at their boundaries where
 * mutation testing found them loose: a roll against a target, the d20 formula's bonus, the escalation
 * die's line, the itemised attack bonus, miss damage and the outcome's flags. Inputs are built in
 * each test.
 */
import { describe, expect, it } from "vitest";
import {
  checkedParts,
  d20Plus,
  faceDecision,
  escalationModifier,
  healingRoll,
  itemisedBonus,
  meetsTarget,
  missDamageRecipe,
  preparedAttack,
  resolvingEachFace,
  rollVerdict,
} from "../../src/engine/resolution.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { AttackInput, RollRequest } from "../../src/engine/types.js";
import { attackInput, recipeInput } from "../support/engine-fixtures.js";

function request(over: Partial<RollRequest> = {}): RollRequest {
  return { kind: "save", actorId: "A", formula: "1d20", target: 11, against: "total", label: "x", ...over };
}
const attacker = (over: Partial<AttackInput["attacker"]> = {}): AttackInput["attacker"] => ({
  kind: "npc",
  usesEscalation: false,
  penalties: [],
  conditions: [],
  exhaustion: 0,
  ...over,
});

describe("rolls against a target", () => {
  it("[13A-SAVE] the total meets the target at exactly the target, not one below; no target always meets", () => {
    expect(meetsTarget(request(), { total: 11, natural: 3 })).toBe(true);
    expect(meetsTarget(request(), { total: 10, natural: 19 })).toBe(false);
    expect(meetsTarget(request({ target: null }), { total: -5, natural: 1 })).toBe(true);
  });

  it("[13A-DEATHSAVE] a roll judged on the natural die reads the die, not the total, and needs one", () => {
    const nat = request({ against: "natural", target: 16 });
    expect(meetsTarget(nat, { total: 10, natural: 16 })).toBe(true);
    expect(meetsTarget(nat, { total: 30, natural: 15 })).toBe(false);
    expect(() => meetsTarget(nat, { total: 30, natural: null })).toThrow(/roll\.natural/);
  });

  it("[SYS-ROLLHOOK] d20 + bonus: sign and size of the bonus, none at 0, fractions cut toward 0", () => {
    expect(d20Plus(0)).toBe("1d20");
    expect(d20Plus(3)).toBe("1d20 + 3");
    expect(d20Plus(-2)).toBe("1d20 - 2");
    expect(d20Plus(2.9)).toBe("1d20 + 2");
    expect(d20Plus(-0.5)).toBe("1d20");
    expect(d20Plus(1, "mighty")).not.toBe(d20Plus(1));
  });

  it("[SYS-TURNS] a verdict is one event for the roll's actor, succeeded or failed, with its data only when given", () => {
    const a = defaultActorSource();
    const keys = { succeeded: "yes", failed: "no" };
    expect(rollVerdict(a, request(), true, keys).events).toStrictEqual([{ key: "yes", actorId: "A" }]);
    expect(rollVerdict(a, request(), false, keys, { dc: 11 }).events).toEqual([
      { key: "no", actorId: "A", data: { dc: 11 } },
    ]);
    expect(healingRoll("A", "1d8", "l")).toEqual({
      kind: "recovery",
      actorId: "A",
      formula: "1d8",
      target: null,
      against: "total",
      label: "l",
    });
    expect(healingRoll("A", "1d8", "l", { half: true }).data).toEqual({ half: true });
  });
});

describe("attack lines", () => {
  it("[13A-ESC] [SYS-ESC] the escalation die adds its value for a PC or an NPC that uses it; nothing at 0", () => {
    expect(escalationModifier(attacker({ kind: "character" }), 2)).toEqual({
      key: "escalation",
      label: "D20C.Modifier.escalation",
      value: 2,
    });
    expect(escalationModifier(attacker({ usesEscalation: true }), 1)?.value).toBe(1);
    expect(escalationModifier(attacker(), 3)).toBeNull();
    expect(escalationModifier(attacker({ kind: "character" }), 0)).toBeNull();
    expect(escalationModifier(attacker({ kind: "character" }), -1)).toBeNull();
    expect(escalationModifier(attacker({ kind: "character" }), 2.7)?.value).toBe(2);
    expect(() => escalationModifier(attacker(), Number.NaN)).toThrow(/attack\.escalation/);
  });

  it("[SYS-TARGETS] the attack bonus is itemised: given parts, then what they leave of the total; a zero line only when asked", () => {
    const labels = { whole: "whole", rest: "rest" };
    expect(itemisedBonus(5, undefined, labels)).toEqual([{ key: "attackBonus", label: "whole", value: 5 }]);
    expect(itemisedBonus(0, [], labels)).toEqual([{ key: "attackBonus", label: "whole", value: 0 }]);
    expect(itemisedBonus(0, [], labels, false)).toEqual([]);
    expect(itemisedBonus(-1, [], labels, false)).toEqual([{ key: "attackBonus", label: "whole", value: -1 }]);
    const parts = [{ key: "lvl", label: "Level", value: 3 }];
    expect(itemisedBonus(5, parts, labels)).toEqual([...parts, { key: "attackBonus", label: "rest", value: 2 }]);
    expect(itemisedBonus(3, parts, labels)).toEqual(parts);
    expect(itemisedBonus(1, parts, { ...labels, key: "k" }).at(-1)).toEqual({ key: "k", label: "rest", value: -2 });
    expect(() => checkedParts([{ key: "a", label: "a", value: Number.POSITIVE_INFINITY }], "f")).toThrow(
      /f\[0\]\.value/,
    );
  });

  it("[13A-MISS] [FF-MISS] miss damage: half the hit or the power's miss formula, only when the miss applies", () => {
    const hit = { dice: [{ count: 1, faces: 8, sign: 1 as const }], flat: 4 };
    const miss = { dice: [], flat: 3 };
    const notes = { half: "half", formula: "formula" };
    const half = missDamageRecipe(
      recipeInput("miss", hit, { missApplies: true, missEffect: "half", types: ["fire"] }),
      notes,
    );
    expect(half).toEqual({ roll: hit, flatBonus: 0, multiplier: 0.5, minimum: 0, types: ["fire"], notes: ["half"] });
    const formula = missDamageRecipe(
      recipeInput("miss", hit, { missApplies: true, missEffect: "formula", miss }),
      notes,
      2,
    );
    expect(formula).toMatchObject({ roll: miss, flatBonus: 2, multiplier: 1, notes: ["formula"] });
    expect(missDamageRecipe(recipeInput("miss", hit, { missApplies: false, missEffect: "half" }), notes)).toBeNull();
    expect(missDamageRecipe(recipeInput("miss", null, { missApplies: true, missEffect: "half" }), notes)).toBeNull();
    expect(missDamageRecipe(recipeInput("miss", hit, { missApplies: true, missEffect: "formula" }), notes)).toBeNull();
    expect(missDamageRecipe(recipeInput("miss", hit, { missApplies: true, missEffect: "none" }), notes)).toBeNull();
    expect(
      missDamageRecipe(recipeInput("miss", hit, { missApplies: true, missEffect: "none", miss }), notes),
    ).toBeNull();
  });
});

describe("attack outcomes", () => {
  const decide = (natural: number, total: number) =>
    natural === 1
      ? { result: "autoMiss" as const, autoHit: false, reasons: ["nat1"] }
      : natural === 20
        ? { result: "crit" as const, autoHit: true, reasons: ["nat20"] }
        : total >= 15
          ? { result: "hit" as const, autoHit: false, reasons: [] }
          : { result: "miss" as const, autoHit: false, reasons: [] };

  it("[13A-ATK] [13A-MISS] an outcome's flags follow its result; the miss effect is a plain miss of a power with one", () => {
    const input = { defense: { key: "ac", value: 15 }, hasMissEffect: true };
    const spec = { mode: "normal" as const, modifiers: [], defense: 15, critThreshold: 20, modifierSum: 5, decide };
    const p = preparedAttack(input, spec);
    const hit = p.outcome([10]);
    expect(hit).toMatchObject({
      total: 15,
      result: "hit",
      isHit: true,
      isCrit: false,
      autoMiss: false,
      missEffect: false,
    });
    const miss = p.outcome([9]);
    expect(miss).toMatchObject({ total: 14, isHit: false, missEffect: true });
    const crit = p.outcome([20]);
    expect(crit).toMatchObject({ isHit: true, isCrit: true, autoHit: true, reasons: ["nat20"] });
    const nat1 = p.outcome([1]);
    expect(nat1).toMatchObject({ isHit: false, autoMiss: true, missEffect: false });
    expect(p.face(9)).toEqual({ result: "miss", missEffect: true });
    expect(p.face(10)).toEqual({ result: "hit", missEffect: false });
    const noEffect = preparedAttack({ ...input, hasMissEffect: false }, spec);
    expect(noEffect.outcome([9]).missEffect).toBe(false);
    expect(noEffect.face(9)).toEqual({ result: "miss", missEffect: false });
  });

  it("[13A-ATK] a spec's own total, miss-effect rule and reasons before and after the branch's are used", () => {
    const input = { defense: { key: "ac", value: 15 }, hasMissEffect: false };
    const p = preparedAttack(input, {
      mode: "normal",
      modifiers: [],
      defense: 15,
      critThreshold: 20,
      total: (n) => n * 2,
      decide,
      before: ["b"],
      after: ["a"],
      missEffect: (r) => r === "hit",
    });
    const o = p.outcome([8]);
    expect(o.total).toBe(16);
    expect(o.missEffect).toBe(true);
    expect(p.outcome([20]).reasons).toEqual(["b", "nat20", "a"]);
    expect(p.outcome([7]).reasons).toEqual(["b", "a"]);
  });

  it("[SYS-TARGETS] resolving each face keeps the rolled face and names the mode the ruleset plans", () => {
    const R = getRuleset("13th-age");
    const prepared = resolvingEachFace(R, attackInput({ attackBonus: 5, defense: { key: "ac", value: 15 } }));
    expect(prepared.mode).toBe("normal");
    expect(prepared.face(10).result).toBe("hit");
    expect(prepared.face(9).result).toBe("miss");
    const liar = {
      attackMode: R.attackMode,
      resolveAttack: (i: AttackInput) => ({ ...R.resolveAttack(i), natural: 7 }),
    };
    expect(() => resolvingEachFace(liar, attackInput()).face(12)).toThrow(/attack\.dice/);
  });

  it("[SYS-TARGETS] a face decision forces no hit unless told; reasons before or after alone are kept; the outcome's reasons are its own copy", () => {
    expect(faceDecision("hit")).toEqual({ result: "hit", autoHit: false, reasons: [] });
    expect(faceDecision("crit", true, "r").autoHit).toBe(true);
    const input = { defense: { key: "ac", value: 15 }, hasMissEffect: false };
    const shared = faceDecision("hit", false, "because");
    const spec = { mode: "normal" as const, modifiers: [], defense: 15, critThreshold: 20, decide: () => shared };
    expect(preparedAttack(input, { ...spec, before: ["b"] }).outcome([10]).reasons).toEqual(["b", "because"]);
    expect(preparedAttack(input, { ...spec, after: ["a"] }).outcome([10]).reasons).toEqual(["because", "a"]);
    const plain = preparedAttack(input, spec);
    const first = plain.outcome([10]);
    first.reasons.push("scribbled");
    expect(plain.outcome([10]).reasons).toEqual(["because"]);
    expect(shared.reasons).toEqual(["because"]);
  });

  it("[HD-MIGHTY] resolving each face of a two-dice attack rolls that face twice; a normal one once", () => {
    const seen: number[][] = [];
    const R = getRuleset("13th-age");
    const fake = (mode: "normal" | "mighty") => ({
      attackMode: () => mode,
      resolveAttack: (i: AttackInput) => {
        seen.push([...i.dice]);
        return { ...R.resolveAttack({ ...i, dice: [i.dice[0]!] }), natural: i.dice[0]! };
      },
    });
    resolvingEachFace(fake("mighty"), attackInput()).face(12);
    expect(seen.at(-1)).toEqual([12, 12]);
    resolvingEachFace(fake("normal"), attackInput()).face(12);
    expect(seen.at(-1)).toEqual([12]);
  });
});
