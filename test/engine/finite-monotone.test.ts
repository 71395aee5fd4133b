/**
 * [SYS-HIDDEN] Properties every game keeps over the widest valid data (every game's traits and
 * conditions, HP far below zero and above a maximum an effect lowered, large finite numbers):
 * - every number the engine gives back is finite when every number given was finite;
 * - healing never lowers HP (a Hundred Dungeons dying creature counts up from 0, [HD-DYING]);
 * - damage never raises HP, whatever the adjustments (resistance can't turn damage into healing).
 * Plus the fixed cases the fuzzing found: a down 13th Age NPC healed by 0 stays as it was; NaN or
 * Infinity trait values and wound severities, and a NaN attack modifier, are refused naming the
 * field instead of reaching HP or reading as a miss.
 */
import { describe, expect, it } from "vitest";
import fc from "../support/seeded-fc.js";
import { storedActorArb } from "../support/stored-actor-arb.js";
import { openOptionsArb } from "../support/engine-fixtures.js";
import { attackInput, damagePacket } from "../support/engine-fixtures.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { EngineError } from "../../src/engine/errors.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, DamagePacket, RulesetId } from "../../src/engine/types.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";

/** Every number inside a plain value, with its path. */
function numbers(value: unknown, path = "", out: [string, number][] = []): [string, number][] {
  if (typeof value === "number") out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => numbers(v, `${path}[${i}]`, out));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) numbers(v, path ? `${path}.${k}` : k, out);
  return out;
}

function expectAllFinite(value: unknown, what: string): void {
  for (const [path, n] of numbers(value)) expect(Number.isFinite(n), `${what}: ${path} = ${n}`).toBe(true);
}

/** Stored actors with large finite numbers mixed in (HP, temp HP, bonuses). */
function wideActorArb(): fc.Arbitrary<ActorSource> {
  return fc
    .tuple(
      storedActorArb(),
      fc.record({
        max: fc.integer({ min: 1, max: 1_000_000 }),
        value: fc.integer({ min: -1_000_000, max: 2_000_000 }),
        temp: fc.integer({ min: 0, max: 1_000_000 }),
        big: fc.boolean(),
      }),
    )
    .map(([a, w]) => (w.big ? { ...a, hp: { value: w.value, max: w.max, temp: w.temp } } : a));
}

function packetArb(id: RulesetId): fc.Arbitrary<DamagePacket> {
  const r = getRuleset(id);
  return fc.record({
    amount: fc.oneof(fc.integer({ min: 0, max: 80 }), fc.double({ min: 0, max: 1e9, noNaN: true })),
    types: fc.array(fc.constantFrom(...r.damageTypes), { maxLength: 2 }),
    natural: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
    critical: fc.boolean(),
    ongoing: fc.boolean(),
    fromAttack: fc.boolean(),
    melee: fc.boolean(),
    nonlethal: fc.boolean(),
    knockOut: fc.boolean(),
  });
}

/** HP healing counts from in the game ([HD-DYING]: a dying creature is at 0). */
function hpBeforeHealing(id: RulesetId, actor: ActorSource): number {
  return id === "hundred-dungeons" && actor.state === "dying" ? Math.min(0, actor.hp.value) : actor.hp.value;
}

describe.each(RULESET_IDS)("[SYS-HIDDEN] finite and monotone: %s", (id: RulesetId) => {
  const r = getRuleset(id);

  it(`[SYS-HIDDEN] ${id}: derived values, damage and healing results are all finite for finite input`, () => {
    fc.assert(
      fc.property(
        wideActorArb(),
        packetArb(id),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        openOptionsArb(r),
        (actor, packet, heal, options) => {
          expectAllFinite(r.deriveActor(actor, options), "derived");
          const hurt = r.applyDamage(actor, packet, options, "a1");
          expectAllFinite(hurt, "damage");
          for (const kind of ["heal", "temp"] as const)
            expectAllFinite(r.applyHealing(actor, heal, kind, options, "a1"), kind);
        },
      ),
      { numRuns: 300 },
    );
  });

  it(`[SYS-HIDDEN] ${id}: damage never raises HP and healing never lowers it`, () => {
    fc.assert(
      fc.property(
        wideActorArb(),
        packetArb(id),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        openOptionsArb(r),
        (actor, packet, heal, options) => {
          const hurt = r.applyDamage(actor, packet, options, "a1").actor;
          expect(hurt.hp.value, `damage ${JSON.stringify(packet)} on ${JSON.stringify(actor.hp)}`).toBeLessThanOrEqual(
            actor.hp.value,
          );
          expect(hurt.hp.temp).toBeLessThanOrEqual(actor.hp.temp);
          const healed = r.applyHealing(actor, heal, "heal", options, "a1").actor;
          expect(healed.hp.value, `heal ${heal} on ${JSON.stringify(actor.hp)}`).toBeGreaterThanOrEqual(
            hpBeforeHealing(id, actor),
          );
          expect(healed.hp.value).toBeLessThanOrEqual(Math.max(actor.hp.max, actor.hp.value));
          const temp = r.applyHealing(actor, heal, "temp", options, "a1").actor;
          expect(temp.hp.value).toBe(actor.hp.value);
          expect(temp.hp.temp).toBeGreaterThanOrEqual(actor.hp.temp);
        },
      ),
      { numRuns: 400 },
    );
  });

  it(`[SYS-HIDDEN] ${id}: HP above a maximum an effect lowered are not lowered by healing; HP below 0 are not raised by damage`, () => {
    const above = defaultActorSource({ hp: { value: 30, max: 20, temp: 0 } });
    expect(r.applyHealing(above, 5, "heal", {}, "a1").actor.hp.value).toBe(30);
    const below = defaultActorSource({ kind: "npc", hp: { value: -4, max: 20, temp: 0 } });
    expect(r.applyDamage(below, damagePacket(3), {}, "a1").actor.hp.value).toBeLessThanOrEqual(-4);
  });

  it(`[SYS-HIDDEN] ${id}: NaN or Infinity trait values and wound severities are refused naming the field`, () => {
    const bad: [Partial<ActorSource>, RegExp][] = [
      [{ vulnerabilities: [{ type: "all", value: Number.NaN }] }, /^actor\.vulnerabilities\[0\]\.value$/],
      [{ resistances: [{ type: "fire", value: Number.POSITIVE_INFINITY }] }, /^actor\.resistances\[0\]\.value$/],
      [{ wounds: [{ severity: Number.NaN, location: "", nasty: false }] }, /^actor\.wounds\[0\]\.severity$/],
      [
        { wounds: [{ severity: Number.POSITIVE_INFINITY, location: "", nasty: true }] },
        /^actor\.wounds\[0\]\.severity$/,
      ],
    ];
    for (const [over, field] of bad) {
      const actor = defaultActorSource({ hp: { value: 20, max: 20, temp: 0 }, ...over });
      for (const run of [() => r.applyDamage(actor, damagePacket(5), {}, "a1"), () => r.deriveActor(actor, {})]) {
        let caught: unknown;
        try {
          run();
        } catch (err) {
          caught = err;
        }
        expect(caught, JSON.stringify(over)).toBeInstanceOf(EngineError);
        expect((caught as EngineError).field).toMatch(field);
      }
    }
  });

  it(`[SYS-HIDDEN] ${id}: a NaN attack modifier is refused naming the field, never shown as a miss`, () => {
    const defense = { key: r.defenses[0]!.key, value: 10 };
    const nan = { key: "x", label: "X", value: Number.NaN };
    const inputs = [
      attackInput({ defense, bonusParts: [nan] }),
      attackInput({ defense, attacker: { ...attackInput().attacker, penalties: [nan] } }),
      attackInput({ defense, attackBonus: Number.NaN }),
    ];
    for (const input of inputs) {
      const dice = r.attackMode(input) === "normal" ? [15] : [15, 15];
      expect(() => r.resolveAttack({ ...input, dice })).toThrow(EngineError);
    }
  });
});

describe("[13A-DOWN] [SYS-HIDDEN] healing a down 13th Age NPC by 0", () => {
  it("[13A-DOWN] a knocked-out NPC at 0 HP healed by 0 stays unconscious (it used to die)", () => {
    const age = getRuleset("13th-age");
    const down = defaultActorSource({ kind: "npc", hp: { value: 0, max: 20, temp: 0 }, state: "unconscious" });
    const healed = age.applyHealing(down, 0, "heal", {}, "n1").actor;
    expect(healed.state).toBe("unconscious");
    expect(healed.hp.value).toBe(0);
    // Real healing still brings it up.
    expect(age.applyHealing(down, 3, "heal", {}, "n1").actor.state).toBe("active");
  });
});
