/**
 * Exact attack odds (src/engine/odds.ts) against brute-force enumeration of the dice, for a
 * test-only fake ruleset and for every real ruleset of the registry.
 */
import fc from "../support/seeded-fc.js";
import { describe, expect, it } from "vitest";
import { keptNatural, netMode } from "../../src/engine/common.js";
import type { DamageExpression } from "../../src/engine/dice.js";
import { maxDamage, parseDamage } from "../../src/engine/dice.js";
import type { OddsDamage } from "../../src/engine/odds.js";
import { attackOdds, recipeDamage } from "../../src/engine/odds.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import { getRuleset } from "../../src/engine/registry.js";
import type {
  AttackInput,
  AttackOutcome,
  AttackResult,
  DamageRecipe,
  DamageRecipeInput,
  RollMode,
  RulesetId,
} from "../../src/engine/types.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { attackInput, conditionsArb, openOptionsArb as openOptions, situationArb } from "../support/engine-fixtures.js";
import { totalFromFaces } from "../support/recorded-dice.js";

// ------------------------------------------------------------------------------------------------
// Brute force: every d20 face (or pair of faces) and every damage face combination.
// ------------------------------------------------------------------------------------------------

/** Every combination of faces for an expression's dice (in totalFromFaces order). */
function* allFaces(expr: DamageExpression): Generator<number[]> {
  const sizes = expr.dice.flatMap((d) => Array.from({ length: d.count }, () => d.faces));
  const cur = sizes.map(() => 1);
  if (sizes.length === 0) {
    yield [];
    return;
  }
  for (;;) {
    yield [...cur];
    let i = sizes.length - 1;
    while (i >= 0 && cur[i] === sizes[i]) cur[i--] = 1;
    if (i < 0) return;
    cur[i] = (cur[i] as number) + 1;
  }
}

/** Recipe semantics written out independently from the DamageRecipe field docs. */
function bruteRecipeMean(recipe: DamageRecipe | null): number {
  if (!recipe) return 0;
  let sum = 0;
  let n = 0;
  for (const faces of allFaces(recipe.roll)) {
    const rolled = totalFromFaces(recipe.roll, faces);
    let dmg = Math.floor((rolled + recipe.flatBonus) * recipe.multiplier);
    if (dmg < recipe.minimum) dmg = recipe.minimum;
    if (dmg < 0) dmg = 0;
    sum += dmg;
    n++;
  }
  return sum / n;
}

interface Brute {
  autoMiss: number;
  miss: number;
  hit: number;
  crit: number;
  expectedDamage: number;
}

function bruteForce(ruleset: Ruleset, input: Omit<AttackInput, "dice">, damage?: OddsDamage): Brute {
  const mode = ruleset.attackMode(input);
  const rolls: number[][] = [];
  for (let a = 1; a <= 20; a++) {
    if (mode === "normal") rolls.push([a]);
    else for (let b = 1; b <= 20; b++) rolls.push([a, b]);
  }
  const count: Record<AttackResult, number> = { autoMiss: 0, miss: 0, hit: 0, crit: 0 };
  let dmg = 0;
  const cache = new Map<string, number>();
  for (const dice of rolls) {
    const o = ruleset.resolveAttack({ ...input, dice });
    count[o.result]++;
    if (damage) {
      const key = `${o.result}|${o.missEffect}`;
      let mean = cache.get(key);
      if (mean === undefined) {
        mean = bruteRecipeMean(
          ruleset.damageRecipe({
            outcome: o.result,
            hit: damage.hit,
            miss: damage.miss ?? null,
            missEffect: damage.missEffect ?? "none",
            missApplies: o.missEffect,
            critExtra: damage.critExtra ?? null,
            types: damage.types ?? input.damageTypes,
            options: input.options,
          }),
        );
        cache.set(key, mean);
      }
      dmg += mean;
    }
  }
  const n = rolls.length;
  return {
    autoMiss: count.autoMiss / n,
    miss: count.miss / n,
    hit: count.hit / n,
    crit: count.crit / n,
    expectedDamage: dmg / n,
  };
}

function expectMatches(ruleset: Ruleset, input: Omit<AttackInput, "dice">, damage?: OddsDamage): void {
  const odds = attackOdds(ruleset, input, damage);
  const brute = bruteForce(ruleset, input, damage);
  expect(odds.autoMiss).toBeCloseTo(brute.autoMiss, 12);
  expect(odds.miss).toBeCloseTo(brute.miss, 12);
  expect(odds.hit).toBeCloseTo(brute.hit, 12);
  expect(odds.crit).toBeCloseTo(brute.crit, 12);
  expect(odds.hitOrCrit).toBeCloseTo(brute.hit + brute.crit, 12);
  expect(odds.expectedDamage).toBeCloseTo(brute.expectedDamage, 9);
  expect(odds.autoMiss + odds.miss + odds.hit + odds.crit).toBeCloseTo(1, 12);
}

// ------------------------------------------------------------------------------------------------
// Inputs
// ------------------------------------------------------------------------------------------------

function baseInput(
  ruleset: Pick<Ruleset, "defenses" | "damageTypes">,
  over: Partial<AttackInput> = {},
): Omit<AttackInput, "dice"> {
  const { dice: _dice, ...input } = attackInput({
    attackBonus: 5,
    defense: { key: ruleset.defenses[0]?.key ?? "ac", value: 15 },
    attacker: { kind: "character", usesEscalation: true, penalties: [], conditions: [], exhaustion: 0 },
    ...over,
  });
  return input;
}

function withSituation(
  input: Omit<AttackInput, "dice">,
  s: Partial<AttackInput["situation"]>,
): Omit<AttackInput, "dice"> {
  return { ...input, situation: { ...input.situation, ...s } };
}

// ------------------------------------------------------------------------------------------------
// TEST-ONLY FAKE RULESET: a tiny d20 game (not one of ours) to test odds.ts on its own.
// natural 1 auto-miss; natural 20 auto-hit and crit; crit range lowered by critRange and by 2 for
// a vulnerable type (crit only if the total hits); escalation added; mighty/weak from situation.
// Crit damage: option fakeCrit "double" (multiplier 2) or "max" (maximum as flatBonus + extra dice).
// ------------------------------------------------------------------------------------------------

const FAKE_TEST_ONLY_RULESET = {
  defenses: [{ key: "ac", label: "x", abbr: "x" }],
  damageTypes: ["fire", "cold"],
  attackMode(input: Omit<AttackInput, "dice">): RollMode {
    return netMode(input.situation.mighty, input.situation.weak);
  },
  resolveAttack(input: AttackInput): AttackOutcome {
    const mode = netMode(input.situation.mighty, input.situation.weak);
    const natural = keptNatural(input.dice, mode);
    const esc = input.attacker.usesEscalation ? input.escalation : 0;
    const total = natural + input.attackBonus + esc + input.situation.bonus;
    const vuln = input.target.vulnerabilities.some((v) => input.damageTypes.includes(v.type));
    const critThreshold = 20 - input.critRange - (vuln ? 2 : 0);
    const totalHits = total >= input.defense.value;
    let result: AttackResult;
    if (natural === 1 || input.situation.wrongSquare) result = "autoMiss";
    else if (natural === 20 || (natural >= critThreshold && totalHits)) result = "crit";
    else if (totalHits) result = "hit";
    else result = "miss";
    const isHit = result === "hit" || result === "crit";
    return {
      natural,
      dice: [...input.dice],
      mode,
      modifiers: [],
      total,
      defenseKey: input.defense.key,
      defense: input.defense.value,
      critThreshold,
      result,
      isHit,
      isCrit: result === "crit",
      autoHit: isHit && !totalHits,
      autoMiss: result === "autoMiss",
      missEffect: result === "miss" && input.hasMissEffect,
      reasons: [],
    };
  },
  damageRecipe(input: DamageRecipeInput): DamageRecipe | null {
    const base = { flatBonus: 0, multiplier: 1, minimum: 0, types: input.types, notes: [] };
    if (input.outcome === "crit" && input.hit) {
      if (input.options["fakeCrit"] === "max") {
        return { ...base, roll: input.critExtra ?? { dice: [], flat: 0 }, flatBonus: maxDamage(input.hit) };
      }
      const extra = input.critExtra?.dice ?? [];
      return { ...base, roll: { dice: [...input.hit.dice, ...extra], flat: input.hit.flat }, multiplier: 2 };
    }
    if (input.outcome === "hit" && input.hit) return { ...base, roll: input.hit, minimum: 1 };
    if (input.outcome === "miss" && input.missApplies) {
      if (input.missEffect === "half" && input.hit) return { ...base, roll: input.hit, multiplier: 0.5 };
      if (input.missEffect === "formula" && input.miss) return { ...base, roll: input.miss };
    }
    return null;
  },
} as unknown as Ruleset;

const fakeDamage: OddsDamage = {
  hit: parseDamage("1d8+1d4-1"),
  miss: parseDamage("2"),
  critExtra: parseDamage("1d6"),
  missEffect: "half",
  types: ["fire"],
};

describe("odds.ts on a test-only fake ruleset", () => {
  const f = FAKE_TEST_ONLY_RULESET;
  it("kept-face weights: every threshold's hit chance under mighty/weak equals counting the 400 pairs", () => {
    for (const mode of ["normal", "mighty", "weak"] as const) {
      const situation = { mighty: mode === "mighty" ? 1 : 0, weak: mode === "weak" ? 1 : 0 };
      // total = natural + 5 against defense 5 + n hits exactly when the kept natural is ≥ n.
      for (let n = 2; n <= 20; n++) {
        const odds = attackOdds(f, withSituation(baseInput(f, { defense: { key: "ac", value: 5 + n } }), situation));
        let kept = 0;
        let all = 0;
        if (mode === "normal") for (let a = 1; a <= 20; a++, all++) kept += a >= n ? 1 : 0;
        else
          for (let a = 1; a <= 20; a++)
            for (let b = 1; b <= 20; b++, all++) kept += keptNatural([a, b], mode) >= n ? 1 : 0;
        expect(odds.mode).toBe(mode);
        expect(odds.hitOrCrit, `${mode}, natural ≥ ${n}`).toBeCloseTo(kept / all, 14);
      }
    }
  });

  it("expected damage matches enumeration of the damage faces (subtracted dice, a minimum, halving)", () => {
    // The fake's hit recipe lifts a total below 1 to 1 and its miss halves rounding down, so the
    // expected damage depends on the whole distribution of the dice, not only on its mean.
    for (const formula of ["1d8+1d4-1", "2d6", "1d6-1d4+3", "5", "3d4-2d3", "1d4-2d4"]) {
      const hit = parseDamage(formula);
      const input = baseInput(f, { hasMissEffect: true, defense: { key: "ac", value: 16 } });
      expectMatches(f, input, { hit, missEffect: "half", types: ["fire"] });
    }
  });

  it("recipeDamage: flat bonus, multiplier rounded down, minimum, never negative", () => {
    const r: DamageRecipe = {
      roll: { dice: [], flat: 0 },
      flatBonus: 1,
      multiplier: 0.5,
      minimum: 0,
      types: [],
      notes: [],
    };
    expect(recipeDamage(r, 4)).toBe(2); // (4+1)/2 = 2.5 → 2
    expect(recipeDamage({ ...r, minimum: 3 }, 0)).toBe(3);
    expect(recipeDamage({ ...r, multiplier: 1 }, -5)).toBe(0);
  });

  const cases: [string, Omit<AttackInput, "dice">][] = [];
  cases.push(["plain", baseInput(f)]);
  cases.push(["mighty", withSituation(baseInput(f), { mighty: 1 })]);
  cases.push(["weak", withSituation(baseInput(f), { weak: 2 })]);
  cases.push(["mighty+weak cancel", withSituation(baseInput(f), { weak: 1, mighty: 1 })]);
  cases.push([
    "vulnerable",
    baseInput(f, {
      damageTypes: ["fire"],
      target: { conditions: [], vulnerabilities: [{ type: "fire", value: 0 }], exhaustion: 0 },
    }),
  ]);
  cases.push(["precision", baseInput(f, { critRange: 3, defense: { key: "ac", value: 22 } })]);
  cases.push(["escalation", baseInput(f, { escalation: 4 })]);
  cases.push(["miss effect", baseInput(f, { hasMissEffect: true, defense: { key: "ac", value: 20 } })]);
  cases.push(["max crit", baseInput(f, { options: { fakeCrit: "max" } })]);
  cases.push(["wrong square", withSituation(baseInput(f), { wrongSquare: true })]);
  for (const [name, input] of cases) {
    it(`matches brute force: ${name}`, () => expectMatches(f, input, fakeDamage));
  }

  it("weights mighty faces (2n−1)/400: a crit on 20 only has 39/400", () => {
    const odds = attackOdds(f, withSituation(baseInput(f, { defense: { key: "ac", value: 40 } }), { mighty: 1 }));
    expect(odds.crit).toBeCloseTo(39 / 400, 14);
    expect(odds.autoMiss).toBeCloseTo(1 / 400, 14);
    expect(odds.miss).toBeCloseTo(1 - 40 / 400, 14);
  });

  it("no damage given → expected damage 0, outcome probabilities still exact", () => {
    const odds = attackOdds(f, baseInput(f));
    expect(odds.expectedDamage).toBe(0);
    // total = nat + 5 ≥ 15 ⇔ nat ≥ 10; nat 20 crits; nat 1 auto-miss
    expect(odds.hitOrCrit).toBeCloseTo(11 / 20, 14);
    expect(odds.crit).toBeCloseTo(1 / 20, 14);
    expect(odds.faces[0]).toBe("autoMiss");
    expect(odds.faces[19]).toBe("crit");
  });

  it("property: odds sum to 1 and match brute force over random defenses/bonuses/modes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10, max: 40 }),
        fc.integer({ min: -5, max: 15 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 4 }),
        (def, bonus, mighty, weak, esc, critRange) => {
          const input = withSituation(
            baseInput(f, { defense: { key: "ac", value: def }, attackBonus: bonus, escalation: esc, critRange }),
            { mighty, weak },
          );
          expectMatches(f, input, fakeDamage);
        },
      ),
      { numRuns: 60 },
    );
  });
});

// ------------------------------------------------------------------------------------------------
// The real rulesets
// ------------------------------------------------------------------------------------------------

const get = (id: RulesetId): Ruleset => getRuleset(id);
const def = (r: Ruleset, value: number): AttackInput["defense"] => ({ key: r.defenses[0]!.key, value });

function damageFor(r: Ruleset): OddsDamage {
  return {
    hit: parseDamage("1d8+1d4+2"),
    miss: parseDamage("3"),
    critExtra: parseDamage("1d6"),
    missEffect: "half",
    types: r.damageTypes.length ? [r.damageTypes[0] as string] : [],
  };
}

describe.each(RULESET_IDS)("odds match brute-force enumeration: %s", (id) => {
  const r = () => get(id);
  it("plain attacks at several defenses (normal mode, 20 faces)", () => {
    for (const def of [2, 10, 15, 21, 26, 40])
      expectMatches(r(), baseInput(r(), { defense: { key: r().defenses[0]!.key, value: def } }), damageFor(r()));
  });
  it("[HD-MIGHTY] two d20 keep high/low: all 400 pairs agree", () => {
    for (const s of [{ mighty: 1 }, { weak: 1 }, { mighty: 1, weak: 1 }]) {
      expectMatches(r(), withSituation(baseInput(r()), s), damageFor(r()));
    }
  });
  it("[13A-VULN] [FF-PRECISION] crit range from vulnerability and precision agrees with enumeration", () => {
    const type = r().damageTypes[0] ?? "fire";
    const vuln = baseInput(r(), {
      damageTypes: [type],
      target: { conditions: [], vulnerabilities: [{ type, value: 5 }], exhaustion: 0 },
    });
    expectMatches(r(), vuln, damageFor(r()));
    expectMatches(r(), baseInput(r(), { critRange: 2 }), damageFor(r()));
    expectMatches(
      r(),
      baseInput(r(), { critRange: 2, defense: { key: r().defenses[0]!.key, value: 23 } }),
      damageFor(r()),
    );
  });
  it("[13A-ESC] escalation die and miss effects agree with enumeration", () => {
    expectMatches(r(), baseInput(r(), { escalation: 3 }), damageFor(r()));
    expectMatches(
      r(),
      baseInput(r(), { hasMissEffect: true, defense: { key: r().defenses[0]!.key, value: 19 } }),
      damageFor(r()),
    );
  });
  it("property: odds sum to 1 and match enumeration over defenses/bonuses/modes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 35 }),
        fc.integer({ min: -3, max: 12 }),
        fc.constantFrom({ mighty: 0, weak: 0 }, { mighty: 1, weak: 0 }, { mighty: 0, weak: 1 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        openOptions(r()),
        (def, bonus, mw, esc, critRange, missEffect, options) => {
          const input = withSituation(
            baseInput(r(), {
              defense: { key: r().defenses[0]!.key, value: def },
              attackBonus: bonus,
              escalation: esc,
              critRange,
              hasMissEffect: missEffect,
              options,
            }),
            mw,
          );
          const odds = attackOdds(r(), input, damageFor(r()));
          expect(odds.autoMiss + odds.miss + odds.hit + odds.crit).toBeCloseTo(1, 12);
          expectMatches(r(), input, damageFor(r()));
        },
      ),
      { numRuns: 40 },
    );
  });
  it("property: expected damage matches enumeration for any small damage (flat parts, subtracted dice, sums reused)", () => {
    // Dice and flat parts drawn at random, so sums of the same dice with other flat parts, miss
    // formulas and crit dice meet the caches in every order.
    const term = fc.record({
      count: fc.integer({ min: 1, max: 2 }),
      faces: fc.constantFrom(1, 2, 3, 4, 6),
      sign: fc.constantFrom(1, 1, -1),
    });
    const expr = fc.record({ dice: fc.array(term, { maxLength: 2 }), flat: fc.integer({ min: -4, max: 6 }) });
    fc.assert(
      fc.property(
        expr,
        expr,
        fc.option(expr, { nil: null }),
        fc.constantFrom("half", "formula", "none"),
        fc.integer({ min: 5, max: 25 }),
        openOptions(r()),
        (hit, miss, critExtra, missEffect, def, options) => {
          const input = baseInput(r(), {
            defense: { key: r().defenses[0]!.key, value: def },
            hasMissEffect: true,
            options,
          });
          expectMatches(r(), input, { hit, miss, critExtra, missEffect, types: damageFor(r()).types ?? [] });
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe.each(RULESET_IDS)("[SYS-RELEASE] odds in one pass over the faces: %s", (id) => {
  const r = () => get(id);
  const type = () => r().damageTypes[0] ?? "fire";

  it("[SYS-RELEASE] the game's prepared faces are read: no resolveAttack per face", () => {
    const refusing: Ruleset = {
      ...r(),
      resolveAttack: () => {
        throw new Error("resolved a face");
      },
    };
    const input = baseInput(r(), { hasMissEffect: true });
    expect(attackOdds(refusing, input, damageFor(r()))).toEqual(attackOdds(r(), input, damageFor(r())));
  });

  it("[SYS-RELEASE] property: odds equal resolveAttack over every face for any situation, conditions, crit range, vulnerability, penalties, escalation and range", () => {
    const situation = situationArb({ coupDeGrace: true });
    const conditions = conditionsArb(r());
    // Several damage parts, subtracted dice and negative flats, so minimums and halving bite.
    // (Small enough that brute force enumerates every damage face: at most 3 dice of 6.)
    const term = fc.record({
      count: fc.constant(1),
      faces: fc.constantFrom(2, 4, 6),
      sign: fc.constantFrom(1, 1, -1),
    });
    const expr = fc.record({ dice: fc.array(term, { maxLength: 3 }), flat: fc.integer({ min: -6, max: 6 }) });
    fc.assert(
      fc.property(
        fc.record({
          situation,
          attackerConditions: conditions,
          targetConditions: conditions,
          exhaustion: fc.integer({ min: 0, max: 5 }),
          vulnerable: fc.boolean(),
          critRange: fc.integer({ min: 0, max: 4 }),
          escalation: fc.integer({ min: 0, max: 6 }),
          penalty: fc.integer({ min: -4, max: 0 }),
          range: fc.constantFrom("melee" as const, "ranged" as const, "close" as const, "area" as const),
          kind: fc.constantFrom("character" as const, "npc" as const),
          defense: fc.integer({ min: 0, max: 35 }),
          bonus: fc.integer({ min: -3, max: 14 }),
          hasMissEffect: fc.boolean(),
          missEffect: fc.constantFrom("half" as const, "formula" as const, "none" as const),
        }),
        expr,
        expr,
        fc.option(expr, { nil: null }),
        openOptions(r()),
        (x, hit, miss, critExtra, options) => {
          const input: Omit<AttackInput, "dice"> = {
            ...baseInput(r(), {
              defense: { key: r().defenses[0]!.key, value: x.defense },
              attackBonus: x.bonus,
              escalation: x.escalation,
              critRange: x.critRange,
              hasMissEffect: x.hasMissEffect,
              range: x.range,
              damageTypes: [type()],
              options,
            }),
            situation: x.situation,
            attacker: {
              kind: x.kind,
              usesEscalation: x.kind === "npc",
              penalties: x.penalty ? [{ key: "p", label: "D20C.Modifier.misc", value: x.penalty }] : [],
              conditions: x.attackerConditions,
              exhaustion: x.exhaustion,
            },
            target: {
              conditions: x.targetConditions,
              vulnerabilities: x.vulnerable ? [{ type: type(), value: 5 }] : [],
              exhaustion: 0,
            },
          };
          const damage: OddsDamage = { hit, miss, critExtra, missEffect: x.missEffect, types: [type()] };
          expectMatches(r(), input, damage);
          // Each face as the single resolution decides it.
          const odds = attackOdds(r(), input, damage);
          const mode = r().attackMode(input);
          odds.faces.forEach((result, i) => {
            const dice = mode === "normal" ? [i + 1] : [i + 1, i + 1];
            expect(result, `natural ${i + 1}`).toBe(r().resolveAttack({ ...input, dice }).result);
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it("[SYS-RELEASE] one attack's damage is shared between its targets, and a changed damage, type or rule is worked out afresh", () => {
    const hit = parseDamage("1d4+1d6+3");
    const damage: OddsDamage = { hit, critExtra: parseDamage("1d4"), missEffect: "half", types: [type()] };
    const options: Record<string, string | number | boolean> = {};
    // Ten targets of one card: the same damage object against ten defenses.
    for (let d = 8; d < 18; d++) {
      expectMatches(r(), baseInput(r(), { defense: def(r(), d), hasMissEffect: true, options }), damage);
    }
    // The caller changes its own objects in place: no stale sum is read back.
    hit.flat = -9;
    expectMatches(r(), baseInput(r(), { defense: def(r(), 12), hasMissEffect: true, options }), damage);
    (hit.dice[0] as { count: number }).count = 2;
    expectMatches(r(), baseInput(r(), { defense: def(r(), 12), hasMissEffect: true, options }), damage);
    for (const o of r().options) {
      if (o.type !== "choice" || !o.choices) continue;
      for (const choice of Object.keys(o.choices)) {
        options[o.key] = choice;
        expectMatches(r(), baseInput(r(), { defense: def(r(), 12), hasMissEffect: true, options }), damage);
      }
    }
    damage.types = [r().damageTypes[1] ?? "cold"];
    expectMatches(r(), baseInput(r(), { defense: def(r(), 12), hasMissEffect: true, options }), damage);
  });

  it("[SYS-RELEASE] dice too many to sum are refused on every call, shared or not", () => {
    const huge: OddsDamage = { hit: parseDamage("400d100"), missEffect: "half" };
    const input = baseInput(r(), { defense: def(r(), 12), hasMissEffect: true });
    expect(() => attackOdds(r(), input, huge)).toThrow(/too many dice/);
    expect(() => attackOdds(r(), input, huge)).toThrow(/too many dice/);
    // What one slot may spend is charged again when its sum is read from the memo.
    const big: OddsDamage = { hit: parseDamage("60d20"), critExtra: parseDamage("60d20"), missEffect: "half" };
    let first: unknown;
    try {
      attackOdds(r(), input, big);
    } catch (e) {
      first = e;
    }
    let second: unknown;
    try {
      attackOdds(r(), input, big);
    } catch (e) {
      second = e;
    }
    expect(String(second)).toBe(String(first));
  });
});

// ------------------------------------------------------------------------------------------------
// What the cards show, reasoned from each game's rules (exact fractions of 20 or 400 faces).
// ------------------------------------------------------------------------------------------------

describe("odds of each game's special rolls", () => {
  it("[13A-VULN] vulnerable target: naturals 18, 19, 20 crit (3/20), a 1 still misses", () => {
    const r = get("13th-age");
    const input = baseInput(r, {
      defense: def(r, 2),
      attackBonus: 5,
      damageTypes: ["fire"],
      target: { conditions: [], vulnerabilities: [{ type: "fire", value: 0 }], exhaustion: 0 },
    });
    const odds = attackOdds(r, input);
    expect(odds.crit).toBeCloseTo(3 / 20, 14);
    expect(odds.faces.slice(17)).toEqual(["crit", "crit", "crit"]);
    expect(odds.faces[16]).not.toBe("crit");
    expect(odds.autoMiss + odds.miss).toBeCloseTo(1 / 20, 14);
    // Not vulnerable to the attack's type: only the natural 20 crits.
    const cold = attackOdds(r, { ...input, damageTypes: ["cold"] });
    expect(cold.crit).toBeCloseTo(1 / 20, 14);
  });

  it("[13A-ESC] each escalation point adds exactly 1/20 to the chance to hit; an unflagged NPC gains nothing", () => {
    const r = get("13th-age");
    const at = (esc: number, kind: "character" | "npc", uses: boolean) =>
      attackOdds(
        r,
        baseInput(r, {
          defense: def(r, 18),
          attackBonus: 5,
          escalation: esc,
          attacker: { kind, usesEscalation: uses, penalties: [], conditions: [], exhaustion: 0 },
        }),
      ).hitOrCrit;
    for (let esc = 1; esc <= 6; esc++)
      expect(at(esc, "character", false) - at(esc - 1, "character", false)).toBeCloseTo(1 / 20, 14);
    expect(at(6, "npc", false)).toBeCloseTo(at(0, "npc", false), 14);
    expect(at(6, "npc", true)).toBeCloseTo(at(0, "npc", true) + 6 / 20, 14);
  });

  it("[13A-NAT20] [13A-NAT1] expected damage: a crit deals double, a natural 1 nothing even with a miss effect", () => {
    const r = get("13th-age");
    const input = baseInput(r, { defense: def(r, 30), attackBonus: 5, hasMissEffect: true });
    const odds = attackOdds(r, input, { hit: parseDamage("7"), missEffect: "formula", miss: parseDamage("3") });
    expect(odds.expectedByResult.crit).toBe(14);
    expect(odds.missEffect).toBeCloseTo(18 / 20, 14); // naturals 2–19 miss with the effect
    // nat 20 crit (14) + 18 plain misses × 3 + nat 1 nothing
    expect(odds.expectedDamage).toBeCloseTo((14 + 18 * 3) / 20, 12);
  });

  it("[FF-NAT20] a natural 20 against an unreachable defense hits (1/20) but does not crit", () => {
    const r = get("ffd20");
    const odds = attackOdds(r, baseInput(r, { defense: def(r, 40), attackBonus: 5 }));
    expect(odds.hit).toBeCloseTo(1 / 20, 14);
    expect(odds.crit).toBe(0);
    expect(odds.faces[19]).toBe("hit");
  });

  it("[FF-PRECISION] crit range 18–20 crits only where the total hits; only the 20 hits regardless", () => {
    const r = get("ffd20");
    // total = natural + 5 reaches 24 only on a 19 or 20
    const odds = attackOdds(r, baseInput(r, { defense: def(r, 24), attackBonus: 5, critRange: 2 }));
    expect(odds.crit).toBeCloseTo(2 / 20, 14);
    expect(odds.faces[17]).toBe("miss"); // natural 18 in range but the total misses
    expect(odds.hitOrCrit).toBeCloseTo(2 / 20, 14);
    // Low defense: all of 18–20 crit.
    expect(attackOdds(r, baseInput(r, { defense: def(r, 5), attackBonus: 5, critRange: 2 })).crit).toBeCloseTo(
      3 / 20,
      14,
    );
  });

  it("[FF-CRITDMG] [FF-NAT1] expected crit damage is the maximum plus the rolled extra dice; a 1 always misses", () => {
    const r = get("ffd20");
    const odds = attackOdds(r, baseInput(r, { defense: def(r, 2), attackBonus: 30 }), {
      hit: parseDamage("2d6+3"),
      critExtra: parseDamage("1d6"),
    });
    expect(odds.expectedByResult.crit).toBeCloseTo(15 + 3.5, 12);
    expect(odds.expectedByResult.hit).toBeCloseTo(10, 12);
    expect(odds.autoMiss + odds.miss).toBeCloseTo(1 / 20, 14);
  });

  it("[WD-NAT] a natural 20 is always a crit (1/20 even against an unreachable AC), a 1 always misses", () => {
    const r = get("wounds-d20");
    const high = attackOdds(r, baseInput(r, { defense: def(r, 45), attackBonus: 3 }));
    expect(high.crit).toBeCloseTo(1 / 20, 14);
    expect(high.hit).toBe(0);
    const low = attackOdds(r, baseInput(r, { defense: def(r, 1), attackBonus: 10 }));
    expect(low.autoMiss + low.miss).toBeCloseTo(1 / 20, 14);
  });

  it("[HD-MIGHTY] [HD-CRIT] mighty crits on 39/400 (a 20 on either die), weak on 1/400, one of each cancels", () => {
    const r = get("hundred-dungeons");
    const input = baseInput(r, { defense: def(r, 60), attackBonus: 0 });
    const mighty = attackOdds(r, withSituation(input, { mighty: 1 }));
    expect(mighty.mode).toBe("mighty");
    expect(mighty.crit).toBeCloseTo(39 / 400, 14);
    expect(mighty.autoMiss + mighty.miss).toBeCloseTo(361 / 400, 14);
    const weak = attackOdds(r, withSituation(input, { weak: 1 }));
    expect(weak.crit).toBeCloseTo(1 / 400, 14);
    const both = attackOdds(r, withSituation(input, { weak: 1, mighty: 1 }));
    expect(both.mode).toBe("normal");
    expect(both.crit).toBeCloseTo(1 / 20, 14);
  });
});
