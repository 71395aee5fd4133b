/**
 * Bad input at the engine boundary throws an EngineError naming the field, and nothing is
 * half-applied (the input is left exactly as it was). Plus unit tests of the shared helpers in
 * src/engine/dice.ts and src/engine/common.ts.
 */
import fc from "../support/seeded-fc.js";
import { describe, expect, it } from "vitest";
import {
  absorbTemporary,
  abilityModifier,
  blankSituation,
  clonePlain,
  d20Formula,
  defaultActorSource,
  escalationDie,
  escalationOffsetFor,
  keptNatural,
  netMode,
  option,
  validateActorSource,
  validatePacket,
} from "../../src/engine/common.js";
import { formatDamage, maxDamage, mergeDice, parseDamage, parseWeaponDice } from "../../src/engine/dice.js";
import { EngineError, requireD20, requireFinite, requireNonNegative } from "../../src/engine/errors.js";
import { getRuleset, isRulesetId } from "../../src/engine/registry.js";
import { CORE_ACTOR_FIELDS } from "../../src/engine/actor-fields.js";
import { int, mergeFields } from "../../src/engine/fields.js";
import { ACTOR_FIELDS as HD_FIELDS } from "../../src/engine/rulesets/hundred-dungeons/fields.js";
import type { ActorSource, DamagePacket, PowerSource, RulesetId, WeaponSource } from "../../src/engine/types.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { attackInput, damagePacket, powerSource, weaponSource } from "../support/engine-fixtures.js";
import { minDamage, totalFromFaces } from "../support/recorded-dice.js";

/** Run `fn`, expect an EngineError whose field matches and whose message names that field. */
function expectEngineError(fn: () => unknown, field: RegExp): EngineError {
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  expect(caught, "expected an EngineError to be thrown").toBeInstanceOf(EngineError);
  const e = caught as EngineError;
  expect(e.field).toMatch(field);
  expect(e.message).toContain(e.field);
  return e;
}

const packet = (over: Partial<DamagePacket> = {}): DamagePacket => damagePacket(5, over);

const power = (over: Partial<PowerSource> = {}): PowerSource => powerSource({ damage: "1[W]+2", ...over });

const weapon = (over: Partial<WeaponSource> = {}): WeaponSource => weaponSource({ proficiencyBonus: 2, ...over });

// ------------------------------------------------------------------------------------------------
// Registry and per-ruleset boundaries
// ------------------------------------------------------------------------------------------------

describe("registry boundary", () => {
  it("an unknown ruleset id throws an EngineError naming `ruleset`", () => {
    for (const bad of ["dnd5e", "", "13TH-AGE", null, undefined, 7, {}]) {
      const e = expectEngineError(() => getRuleset(bad), /^ruleset$/);
      expect(e.message).toMatch(/unknown ruleset/);
      expect(isRulesetId(bad)).toBe(false);
    }
    for (const id of RULESET_IDS) expect(isRulesetId(id)).toBe(true);
  });
});

/** Call `fn(input)`, expect the EngineError, then check the input is deep-equal to a clone taken before. */
function refusesUntouched<T>(input: T, fn: (x: T) => unknown, field: RegExp): void {
  const before = clonePlain(input);
  expectEngineError(() => fn(input), field);
  expect(input).toEqual(before);
}

describe.each(RULESET_IDS)("%s refuses bad input and changes nothing", (id: RulesetId) => {
  const r = () => getRuleset(id);
  const goodActor = (): ActorSource => defaultActorSource({ hp: { value: 20, max: 20, temp: 3 } });
  const badMax = (max: number): ActorSource => defaultActorSource({ hp: { value: 20, max, temp: 0 } });

  it("applyDamage: NaN or negative maximum HP → hp.max", () => {
    for (const max of [Number.NaN, -5, 0, Number.POSITIVE_INFINITY]) {
      refusesUntouched(badMax(max), (a) => r().applyDamage(a, packet(), {}, "a1"), /hp\.max/);
    }
  });

  it("applyDamage: an unknown damage type in the packet or on the actor names the field", () => {
    const p = packet({ types: ["banana"] });
    const before = clonePlain(p);
    const actor = goodActor();
    refusesUntouched(actor, (a) => r().applyDamage(a, p, {}, "a1"), /types/);
    expect(p).toEqual(before);
    const resists = defaultActorSource({ resistances: [{ type: "banana", value: 5 }] });
    refusesUntouched(resists, (a) => r().applyDamage(a, packet(), {}, "a1"), /resistances/);
  });

  it("applyDamage: NaN or negative amounts are refused", () => {
    for (const amount of [Number.NaN, -1]) {
      const p = packet({ amount });
      refusesUntouched(goodActor(), (a) => r().applyDamage(a, p, {}, "a1"), /amount/);
    }
  });

  it("deriveActor: NaN or negative maximum HP → hp.max", () => {
    for (const max of [Number.NaN, -1]) refusesUntouched(badMax(max), (a) => r().deriveActor(a, {}), /hp\.max/);
  });

  it("damageExpression: malformed weapon dice and damage formulas name their field", () => {
    const a = goodActor();
    const d = r().deriveActor(a, {});
    for (const dice of ["banana", "1d8+", "d", "1d0", "2x6"]) {
      const w = weapon({ damageDice: dice });
      refusesUntouched(w, (x) => r().damageExpression(a, d, power(), x), /damageDice|weapon/);
    }
    for (const formula of ["2d6+@str", "1d8 plus 3", "3d", "1d6++"]) {
      const p = power({ damage: formula });
      refusesUntouched(p, (x) => r().damageExpression(a, d, x, weapon()), /damage/);
    }
  });

  it("resolveAttack: a die that is not a d20 face names attack.dice", () => {
    const input = attackInput({
      dice: [21],
      defense: { key: r().defenses[0]!.key, value: 10 },
      attacker: { kind: "character", usesEscalation: true, penalties: [], conditions: [], exhaustion: 0 },
    });
    for (const dice of [[21], [0], [1.5], [Number.NaN], []]) {
      refusesUntouched({ ...input, dice }, (x) => r().resolveAttack(x), /dice/);
    }
  });
});

// ------------------------------------------------------------------------------------------------
// dice.ts
// ------------------------------------------------------------------------------------------------

describe("dice.ts", () => {
  it("parses sums of dice and numbers, merging like terms", () => {
    expect(parseDamage("2d6+3")).toEqual({ dice: [{ count: 2, faces: 6, sign: 1 }], flat: 3 });
    expect(parseDamage(" 1d8 - 1 ")).toEqual({ dice: [{ count: 1, faces: 8, sign: 1 }], flat: -1 });
    expect(parseDamage("d12")).toEqual({ dice: [{ count: 1, faces: 12, sign: 1 }], flat: 0 });
    expect(parseDamage("7")).toEqual({ dice: [], flat: 7 });
    expect(parseDamage("2*3+1")).toEqual({ dice: [], flat: 7 });
    expect(parseDamage("1d6+1d6+1d4-1d4")).toEqual({
      dice: [
        { count: 2, faces: 6, sign: 1 },
        { count: 1, faces: 4, sign: 1 },
        { count: 1, faces: 4, sign: -1 },
      ],
      flat: 0,
    });
    expect(parseDamage("-2+1d4").flat).toBe(-2);
  });

  it("[FF-WDICE] N[W] expands to N times the weapon's dice (2[W] dagger = 2d4, flail 2d6 → 4d6)", () => {
    expect(parseDamage("2[W]+4", parseWeaponDice("1d4"))).toEqual({ dice: [{ count: 2, faces: 4, sign: 1 }], flat: 4 });
    expect(parseDamage("2[W]", parseWeaponDice("2d6"))).toEqual({ dice: [{ count: 4, faces: 6, sign: 1 }], flat: 0 });
    expect(parseDamage("[W]", parseWeaponDice("1d10"))).toEqual({ dice: [{ count: 1, faces: 10, sign: 1 }], flat: 0 });
    expectEngineError(() => parseDamage("1[W]+2", null, "power.damage"), /^power\.damage$/);
  });

  it("refuses malformed formulas with an EngineError naming the field", () => {
    for (const bad of ["", "   ", "abc", "2d6+@str", "1d8 plus 3", "1d0", "2d", "++", "1d6+", "5000d6", "1d100000"]) {
      expectEngineError(() => parseDamage(bad, null, "power.damage"), /^power\.damage$/);
    }
    for (const bad of ["1d8+2", "3", "-1d6", "banana"]) {
      expectEngineError(() => parseWeaponDice(bad), /^weapon\.damageDice$/);
    }
  });

  it("a formula parsed again gives its own copy, per weapon dice, and a refused one is refused each time", () => {
    const first = parseDamage("2d6 + 1[W] + 3", parseDamage("1d8"));
    first.dice[0]!.count = 99;
    first.flat = -1;
    expect(parseDamage("2d6 + 1[W] + 3", parseDamage("1d8"))).toEqual(parseDamage("2d6+1d8+3"));
    expect(parseDamage("2d6 + 1[W] + 3", parseDamage("1d10"))).toEqual(parseDamage("2d6+1d10+3"));
    expectEngineError(() => parseDamage("2d6 +* 3", null, "power.damage"), /^power\.damage$/);
    expectEngineError(() => parseDamage("2d6 +* 3", null, "power.missDamage"), /^power\.missDamage$/);
    expectEngineError(() => parseDamage("1[W]", null, "power.damage"), /^power\.damage$/);
  });

  it("formats expressions back to formulas that parse to the same thing", () => {
    for (const f of ["2d6 + 3", "1d8 - 1", "7", "1d6 + 1d4 - 1d4", "0"]) {
      const expr = parseDamage(f);
      expect(parseDamage(formatDamage(expr))).toEqual(expr);
    }
    expect(formatDamage(parseDamage("2d6+3"))).toBe("2d6 + 3");
    expect(formatDamage(parseDamage("-1d6+3"))).toBe("-1d6 + 3");
    expect(formatDamage(parseDamage("2d6 - 1d4 - 2"))).toBe("2d6 - 1d4 - 2");
    expect(formatDamage(parseDamage("-3"))).toBe("-3");
    expect(formatDamage({ dice: [], flat: 0 })).toBe("0");
    expect(formatDamage(parseDamage("1d8 - 1d8"))).toBe("1d8 - 1d8");
  });

  it("maxDamage follows the faces (a subtracted die counts its lowest face); mergeDice combines like terms", () => {
    const e = parseDamage("2d6-1d4+3");
    expect(maxDamage(e)).toBe(12 - 1 + 3);
    expect(
      mergeDice({
        dice: [
          { count: 1, faces: 6, sign: 1 },
          { count: 0, faces: 8, sign: 1 },
          { count: 2, faces: 6, sign: 1 },
        ],
        flat: 1,
      }),
    ).toEqual({
      dice: [{ count: 3, faces: 6, sign: 1 }],
      flat: 1,
    });
  });

  it("property: every total from valid faces lies between min and max", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: -5, max: 5 }),
        fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 4, maxLength: 4 }),
        (n, f, flat, us) => {
          const e = parseDamage(`${n}d${f}${flat < 0 ? "" : "+"}${flat}`);
          const faces = us.slice(0, n).map((u) => 1 + Math.floor(u * f));
          const t = totalFromFaces(e, faces);
          expect(t).toBeGreaterThanOrEqual(minDamage(e));
          expect(t).toBeLessThanOrEqual(maxDamage(e));
        },
      ),
    );
  });
});

// ------------------------------------------------------------------------------------------------
// common.ts and errors.ts
// ------------------------------------------------------------------------------------------------

describe("common.ts", () => {
  it("abilityModifier: (score − 10) / 2 rounded down", () => {
    expect([1, 8, 9, 10, 11, 12, 18, 19].map(abilityModifier)).toEqual([-5, -1, -1, 0, 0, 1, 4, 4]);
  });

  it("[HD-MIGHTY] keptNatural keeps the higher (mighty) or lower (weak) of two d20s; one of each cancels", () => {
    expect(keptNatural([7, 15], "mighty")).toBe(15);
    expect(keptNatural([7, 15], "weak")).toBe(7);
    expect(keptNatural([7, 15], "normal")).toBe(7);
    expectEngineError(() => keptNatural([7], "mighty"), /^attack\.dice$/);
    expectEngineError(() => keptNatural([], "normal"), /^attack\.dice$/);
    expectEngineError(() => keptNatural([7, 21], "weak"), /^attack\.dice\[1\]$/);
    expect(netMode(1, 0)).toBe("mighty");
    expect(netMode(0, 2)).toBe("weak");
    expect(netMode(1, 1)).toBe("normal");
    expect(netMode(3, 1)).toBe("normal");
    expect(netMode(0, 0)).toBe("normal");
    expect([d20Formula("normal"), d20Formula("mighty"), d20Formula("weak")]).toEqual(["1d20", "2d20kh", "2d20kl"]);
  });

  it("[13A-ESC] escalation die: 0 in round 1, +1 each round, 6 at most, GM offset, frozen value", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((r) => escalationDie(r))).toEqual([0, 1, 2, 3, 4, 5, 6, 6, 6]);
    expect(escalationDie(0)).toBe(0);
    expect(escalationDie(Number.NaN)).toBe(0);
    expect(escalationDie(3, 2)).toBe(4);
    expect(escalationDie(3, -5)).toBe(0);
    expect(escalationDie(6, 3)).toBe(6);
    expect(escalationDie(5, 0, 2)).toBe(2);
    expect(escalationDie(5, 0, 9)).toBe(6);
    for (const [round, value] of [
      [1, 3],
      [4, 1],
      [8, 6],
      [2, 0],
    ] as const) {
      expect(escalationDie(round, escalationOffsetFor(round, value))).toBe(value);
    }
  });

  it("[13A-TEMPHP] absorbTemporary: temporary HP take damage first", () => {
    expect(absorbTemporary(5, 3)).toEqual({ temp: 2, absorbed: 3, rest: 0 });
    expect(absorbTemporary(5, 8)).toEqual({ temp: 0, absorbed: 5, rest: 3 });
    expect(absorbTemporary(0, 4)).toEqual({ temp: 0, absorbed: 0, rest: 4 });
    expect(absorbTemporary(-2, 4)).toEqual({ temp: 0, absorbed: 0, rest: 4 });
  });

  it("defaultActorSource is valid, applies overrides and never shares nested objects", () => {
    const a = defaultActorSource();
    expect(() => validateActorSource(a, [])).not.toThrow();
    const hp = { value: 3, max: 9, temp: 0 };
    const b = defaultActorSource({ hp });
    expect(b.hp).toEqual(hp);
    b.hp.value = 1;
    expect(hp.value).toBe(3);
    expect(defaultActorSource().hp).not.toBe(defaultActorSource().hp);
  });

  it("blankSituation has nothing in play, applies overrides and is a fresh object each call", () => {
    const s = blankSituation();
    expect(netMode(s.mighty, s.weak)).toBe("normal");
    expect([s.cover, s.concealment]).toEqual(["none", "none"]);
    expect([s.combatAdvantage, s.wrongSquare, s.withinMeleeReach, s.offGuard, s.bonus]).toEqual([
      false,
      false,
      false,
      false,
      0,
    ]);
    const c = blankSituation({ cover: "superior", bonus: 2 });
    expect(c).toEqual({ ...s, cover: "superior", bonus: 2 });
    expect(blankSituation()).not.toBe(blankSituation());
  });

  it("validateActorSource names the bad field", () => {
    const cases: [Partial<ActorSource>, RegExp][] = [
      [{ hp: { value: 5, max: Number.NaN, temp: 0 } }, /^actor\.hp\.max$/],
      [{ hp: { value: 5, max: -3, temp: 0 } }, /^actor\.hp\.max$/],
      [{ hp: { value: Number.NaN, max: 5, temp: 0 } }, /^actor\.hp\.value$/],
      [{ hp: { value: 5, max: 5, temp: -1 } }, /^actor\.hp\.temp$/],
      [{ level: Number.NaN }, /^actor\.level$/],
      [{ exhaustion: -1 }, /^actor\.exhaustion$/],
      [{ vulnerabilities: [{ type: "banana", value: 0 }] }, /^actor\.vulnerabilities\[0\]\.type$/],
      [{ immunities: ["fire", "banana"] }, /^actor\.immunities\[1\]\.type$/],
    ];
    for (const [over, field] of cases) {
      const a = defaultActorSource(over);
      const before = clonePlain(a);
      expectEngineError(() => validateActorSource(a, ["fire"]), field);
      expect(a).toEqual(before);
    }
  });

  it("[SYS-HIDDEN] a number field added to a game's description is checked by validateActorSource from that description", () => {
    const fields = mergeFields(CORE_ACTOR_FIELDS, HD_FIELDS, { grit: int(0, { min: 0 }), poise: int(1, { min: 1 }) });
    const actor = (over: Record<string, unknown>): ActorSource => {
      const withPart: ActorSource & Record<string, unknown> = { ...defaultActorSource(), grit: 2, poise: 3, ...over };
      return withPart;
    };
    expect(() => validateActorSource(actor({}), ["fire"], "actor", fields)).not.toThrow();
    const grit = expectEngineError(
      () => validateActorSource(actor({ grit: -1 }), ["fire"], "actor", fields),
      /^actor\.grit$/,
    );
    expect(grit.message).toBe("actor.grit: must not be negative (got -1)");
    expectEngineError(
      () => validateActorSource(actor({ grit: Number.NaN }), ["fire"], "actor", fields),
      /^actor\.grit$/,
    );
    expectEngineError(
      () => validateActorSource(actor({ grit: undefined }), ["fire"], "actor", fields),
      /^actor\.grit$/,
    );
    const poise = expectEngineError(
      () => validateActorSource(actor({ poise: 0 }), [], "actor", fields),
      /^actor\.poise$/,
    );
    expect(poise.message).toBe("actor.poise: must be greater than 0 (got 0)");
    // Without the part in the description, the same values are not the boundary's business.
    expect(() => validateActorSource(actor({ grit: -1, poise: 0 }), ["fire"])).not.toThrow();
  });

  it("validateActorSource is as strict as the descriptions' minimums: hp.max above 0, level and trait values finite", () => {
    const ok = (over: Partial<ActorSource>) => () => validateActorSource(defaultActorSource(over), ["fire"]);
    expect(ok({ hp: { value: 5, max: 0.5, temp: 0 } })).not.toThrow();
    expect(ok({ level: -1 })).not.toThrow();
    expect(ok({ resistances: [{ type: "fire", value: -2 }] })).not.toThrow();
    const max = expectEngineError(ok({ hp: { value: 5, max: 0, temp: 0 } }), /^actor\.hp\.max$/);
    expect(max.message).toBe("actor.hp.max: must be greater than 0 (got 0)");
    expectEngineError(
      ok({ abilities: { ...defaultActorSource().abilities, str: Number.NaN } }),
      /^actor\.abilities\.str$/,
    );
    expectEngineError(ok({ resistances: [{ type: "fire", value: Number.NaN }] }), /^actor\.resistances\[0\]\.value$/);
    expectEngineError(ok({ wounds: [{ severity: -1, location: "", nasty: false }] }), /^actor\.wounds\[0\]\.severity$/);
    expectEngineError(ok({ recoveries: { ...defaultActorSource().recoveries, max: -1 } }), /^actor\.recoveries\.max$/);
    expectEngineError(ok({ deathSaves: { successes: 0, failures: -1 } }), /^actor\.deathSaves\.failures$/);
  });

  it("validatePacket names the bad field", () => {
    expectEngineError(() => validatePacket(packet({ amount: -1 }), []), /^damage\.amount$/);
    expectEngineError(() => validatePacket(packet({ amount: Number.NaN }), []), /^damage\.amount$/);
    expectEngineError(() => validatePacket(packet({ types: ["fire", "x"] }), ["fire"]), /^damage\.types\[1\]$/);
    expectEngineError(() => validatePacket(packet({ natural: 0 }), []), /^damage\.natural$/);
    expect(() => validatePacket(packet({ types: ["fire", "untyped"], natural: 20 }), ["fire"])).not.toThrow();
  });

  it("option reads a setting of the fallback's type, else the fallback", () => {
    expect(option({ a: true }, "a", false)).toBe(true);
    expect(option({ a: "yes" }, "a", false)).toBe(false);
    expect(option({}, "b", 3)).toBe(3);
    expect(option({ c: "max" }, "c", "double")).toBe("max");
  });

  it("errors.ts helpers name the field in the message", () => {
    expectEngineError(() => requireFinite("x.y", "3"), /^x\.y$/);
    expectEngineError(() => requireNonNegative("n", -0.5), /^n$/);
    expectEngineError(() => requireD20("d", 0), /^d$/);
    expect(requireD20("d", 20)).toBe(20);
    const e = new EngineError("hp.max", "bad", -1);
    expect(e.name).toBe("EngineError");
    expect(e.value).toBe(-1);
    expect(e).toBeInstanceOf(Error);
  });
});
