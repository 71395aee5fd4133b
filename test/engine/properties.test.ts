/**
 * fast-check properties every ruleset must keep, over random actors, damage/healing sequences,
 * attacks and every Open-rule setting the ruleset offers:
 * - HP (and temporary HP) never become NaN or non-finite;
 * - temporary HP are always absorbed before HP;
 * - one natural roll never both misses and crits;
 * - healing never raises HP above the maximum.
 */
import fc from "../support/seeded-fc.js";
import { describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, AttackInput, DamagePacket, RulesetId } from "../../src/engine/types.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { conditionsArb, openOptionsArb as optionsArb, situationArb } from "../support/engine-fixtures.js";

function typeArb(r: Ruleset): fc.Arbitrary<string> {
  return fc.constantFrom("untyped", ...r.damageTypes);
}

function actorArb(r: Ruleset): fc.Arbitrary<ActorSource> {
  const trait = fc.record({ type: typeArb(r).filter((t) => t !== "untyped"), value: fc.integer({ min: 0, max: 20 }) });
  return fc
    .record({
      kind: fc.constantFrom("character" as const, "npc" as const),
      level: fc.integer({ min: 1, max: 10 }),
      max: fc.integer({ min: 1, max: 80 }),
      frac: fc.double({ min: 0, max: 1, noNaN: true }),
      temp: fc.integer({ min: 0, max: 15 }),
      resistances: fc.array(trait, { maxLength: 2 }),
      vulnerabilities: fc.array(trait, { maxLength: 1 }),
      immunities: fc.array(
        typeArb(r).filter((t) => t !== "untyped"),
        { maxLength: 1 },
      ),
      insubstantial: fc.boolean(),
      important: fc.boolean(),
      con: fc.integer({ min: 3, max: 20 }),
    })
    .map((a) =>
      defaultActorSource({
        kind: a.kind,
        level: a.level,
        hp: { value: Math.round(a.max * a.frac), max: a.max, temp: a.temp },
        resistances: a.resistances,
        vulnerabilities: a.vulnerabilities,
        immunities: a.immunities,
        insubstantial: a.insubstantial,
        important: a.important,
        abilities: { str: 10, dex: 10, con: a.con, int: 10, wis: 10, cha: 10 },
      }),
    );
}

type Op =
  | {
      op: "damage";
      amount: number;
      type: string;
      natural: number | null;
      critical: boolean;
      ongoing: boolean;
      melee: boolean;
      nonlethal: boolean;
      knockOut: boolean;
    }
  | { op: "heal" | "temp"; amount: number };

function opArb(r: Ruleset): fc.Arbitrary<Op> {
  return fc.oneof(
    fc.record({
      op: fc.constant("damage" as const),
      amount: fc.integer({ min: 0, max: 60 }),
      type: typeArb(r),
      natural: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
      critical: fc.boolean(),
      ongoing: fc.boolean(),
      melee: fc.boolean(),
      nonlethal: fc.boolean(),
      knockOut: fc.boolean(),
    }),
    fc.record({ op: fc.constantFrom("heal" as const, "temp" as const), amount: fc.integer({ min: 0, max: 40 }) }),
  );
}

function toPacket(o: Extract<Op, { op: "damage" }>): DamagePacket {
  return {
    amount: o.amount,
    types: o.type === "untyped" ? [] : [o.type],
    natural: o.ongoing ? null : o.natural,
    critical: o.critical,
    ongoing: o.ongoing,
    fromAttack: !o.ongoing,
    melee: o.melee,
    nonlethal: o.nonlethal,
    knockOut: o.knockOut,
  };
}

const finite = (a: ActorSource): boolean =>
  Number.isFinite(a.hp.value) && Number.isFinite(a.hp.max) && Number.isFinite(a.hp.temp) && a.hp.temp >= 0;

describe.each(RULESET_IDS)("properties of %s", (id: RulesetId) => {
  const r = () => getRuleset(id);

  it("HP never NaN after any damage/healing sequence; [13A-TEMPHP] temp HP absorbed before HP", () => {
    fc.assert(
      fc.property(
        actorArb(r()),
        fc.array(opArb(r()), { minLength: 1, maxLength: 12 }),
        optionsArb(r()),
        (start, ops, options) => {
          let actor = start;
          for (const o of ops) {
            if (o.op === "damage") {
              const tempBefore = actor.hp.temp;
              const res = r().applyDamage(actor, toPacket(o), options, "a1");
              expect(finite(res.actor), JSON.stringify(res.actor.hp)).toBe(true);
              for (const n of [res.dealt, res.absorbedByTemp, res.hpLost]) expect(Number.isFinite(n)).toBe(true);
              expect(res.dealt).toBeGreaterThanOrEqual(0);
              // Temporary HP soak what they can before any real HP go.
              expect(res.absorbedByTemp).toBe(Math.min(tempBefore, res.dealt));
              expect(res.actor.hp.temp).toBe(tempBefore - res.absorbedByTemp);
              if (res.hpLost > 0) expect(res.absorbedByTemp).toBe(tempBefore);
              expect(res.hpLost).toBeLessThanOrEqual(res.dealt - res.absorbedByTemp);
              actor = res.actor;
            } else {
              const res = r().applyHealing(actor, o.amount, o.op, options, "a1");
              expect(finite(res.actor), JSON.stringify(res.actor.hp)).toBe(true);
              actor = res.actor;
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it("healing never raises HP above the maximum (and never lowers it)", () => {
    fc.assert(
      fc.property(actorArb(r()), fc.integer({ min: 0, max: 200 }), optionsArb(r()), (actor, amount, options) => {
        const before = actor.hp.value;
        const res = r().applyHealing(actor, amount, "heal", options, "a1");
        expect(res.actor.hp.value).toBeLessThanOrEqual(actor.hp.max);
        expect(res.actor.hp.value).toBeGreaterThanOrEqual(Math.min(before, actor.hp.max));
        expect(actor.hp.value).toBe(before); // input untouched
      }),
      { numRuns: 200 },
    );
  });

  it("[13A-NAT1] [FF-NAT1] [HD-CRIT] [WD-NAT] one natural roll never both misses and crits; the outcome's flags agree with its result; prepareAttack decides exactly as resolveAttack", () => {
    const situation = situationArb();
    const condition = conditionsArb(r());
    fc.assert(
      fc.property(
        fc.record({
          d1: fc.integer({ min: 1, max: 20 }),
          d2: fc.integer({ min: 1, max: 20 }),
          attackBonus: fc.integer({ min: -5, max: 30 }),
          defense: fc.integer({ min: 0, max: 40 }),
          defenseKey: fc.constantFrom(...r().defenses.map((d) => d.key)),
          range: fc.constantFrom("melee" as const, "ranged" as const, "close" as const, "area" as const),
          situation,
          escalation: fc.integer({ min: 0, max: 6 }),
          kind: fc.constantFrom("character" as const, "npc" as const),
          usesEscalation: fc.boolean(),
          attackerConditions: condition,
          targetConditions: condition,
          exhaustion: fc.integer({ min: 0, max: 5 }),
          type: typeArb(r()),
          vulnerable: fc.boolean(),
          critRange: fc.integer({ min: 0, max: 4 }),
          hasMissEffect: fc.boolean(),
        }),
        optionsArb(r()),
        (x, options) => {
          const base: Omit<AttackInput, "dice"> = {
            attackBonus: x.attackBonus,
            defense: { key: x.defenseKey, value: x.defense },
            range: x.range,
            situation: x.situation,
            escalation: x.escalation,
            attacker: {
              kind: x.kind,
              usesEscalation: x.usesEscalation,
              penalties: [],
              conditions: x.attackerConditions,
              exhaustion: x.exhaustion,
            },
            target: {
              conditions: x.targetConditions,
              vulnerabilities: x.vulnerable && x.type !== "untyped" ? [{ type: x.type, value: 5 }] : [],
              exhaustion: 0,
            },
            damageTypes: x.type === "untyped" ? [] : [x.type],
            critRange: x.critRange,
            hasMissEffect: x.hasMissEffect,
            options,
          };
          const mode = r().attackMode(base);
          const dice = mode === "normal" ? [x.d1] : [x.d1, x.d2];
          const o = r().resolveAttack({ ...base, dice });
          // The prepared form (what exact odds ask for every face) decides exactly the same, and its
          // face result for the kept natural is the outcome's.
          const prepared = r().prepareAttack?.(base);
          expect(prepared, "every game prepares attacks").toBeDefined();
          expect(prepared?.outcome(dice)).toEqual(o);
          expect(prepared?.mode).toBe(o.mode);
          expect(prepared?.face(o.natural)).toEqual({ result: o.result, missEffect: o.missEffect });
          const missed = o.result === "miss" || o.result === "autoMiss" || o.autoMiss || !o.isHit;
          expect(o.isCrit && missed, JSON.stringify(o)).toBe(false);
          expect(o.isCrit).toBe(o.result === "crit");
          expect(o.isHit).toBe(o.result === "hit" || o.result === "crit");
          expect(o.autoMiss).toBe(o.result === "autoMiss");
          if (o.missEffect) expect(o.isHit).toBe(false);
          // AttackOutcome.autoHit: a natural 20 (or a rule) forced a hit the total missed. So it only
          // ever comes with a hit, and never on a plain hit that the total reached on its own.
          if (o.autoHit) expect(o.isHit, JSON.stringify(o)).toBe(true);
          if (o.result === "hit" && !o.autoHit) expect(o.total, JSON.stringify(o)).toBeGreaterThanOrEqual(o.defense);
          // A natural 1 on the kept die misses ([13A-NAT1] [FF-NAT1] [HD-CRIT] [WD-NAT]); nothing forces a hit
          // (these situations hold no coup de grace, the one FFd20 rule that would).
          if (o.natural === 1) expect(o.autoHit, JSON.stringify(o)).toBe(false);
          expect(Number.isFinite(o.total)).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });
});
