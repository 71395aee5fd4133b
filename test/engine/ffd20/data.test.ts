import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import fc from "../../support/seeded-fc.js";
import { describe, expect, it } from "vitest";
import { ffd20 } from "../../../src/engine/rulesets/ffd20/index.js";
import { getRuleset } from "../../../src/engine/registry.js";
import type { ProcedureInput } from "../../../src/engine/actions.js";
import { forcedPath } from "../../../src/engine/rulesets/ffd20/procedures.js";
import { standInLangStrings, REPO_ROOT } from "../../stand-ins/i18n.js";
import { attack, effect, packet, pc } from "./fixtures.js";

describe("FFd20 table procedures as data", () => {
  it("[FF-FORCED] push goes straight away, pull straight toward (stopping next to the puller), slide where chosen; never past the distance", () => {
    const origin = { x: 0, y: 0 };
    expect(forcedPath({ kind: "push", squares: 2 }, origin, { x: 1, y: 0 })).toEqual([
      { x: 2, y: 0 },
      { x: 3, y: 0 },
    ]);
    expect(forcedPath({ kind: "push", squares: 1 }, origin, { x: 1, y: 1 })).toEqual([{ x: 2, y: 2 }]);
    expect(forcedPath({ kind: "pull", squares: 5 }, origin, { x: 3, y: 0 })).toEqual([
      { x: 2, y: 0 },
      { x: 1, y: 0 },
    ]);
    expect(forcedPath({ kind: "slide", squares: 2 }, origin, { x: 1, y: 0 }, { x: 0, y: 1 })).toEqual([
      { x: 1, y: 1 },
      { x: 1, y: 2 },
    ]);
    expect(forcedPath({ kind: "slide", squares: 2 }, origin, { x: 1, y: 0 })).toEqual([]);
    expect(() => forcedPath({ kind: "push", squares: 1.5 }, origin, { x: 1, y: 0 })).toThrow(/forced\.squares/);
    expect(() => forcedPath({ kind: "throw" as never, squares: 1 }, origin, { x: 1, y: 0 })).toThrow(/forced\.kind/);
  });

  const input = (over: Partial<ProcedureInput> = {}): ProcedureInput => ({
    actor: pc(),
    actorId: "Actor.me",
    targets: [],
    others: [],
    effects: [],
    choice: null,
    numbers: {},
    round: 2,
    ownTurn: true,
    memory: { bands: {}, marks: {} },
    options: {},
    ...over,
  });

  it("[FF-ACTIONS] the turn's actions are standard, move and minor; sustaining costs the named one (a minor by default)", () => {
    expect(ffd20.actions.map((a) => a.key)).toEqual(["standard", "move", "minor"]);
    const spend = (sustain: "standard" | "move" | null) => {
      const zone = { ...effect("z", { duration: "sustain", sustain, armed: true }), holderId: "h", holderName: "H" };
      return ffd20.resolveProcedure!("sustain", input({ effects: [zone], choice: "z" }), []).spend;
    };
    expect(spend("standard")).toBe("standard");
    expect(spend("move")).toBe("move");
    expect(spend(null)).toBe("minor");
  });

  it("[FF-INVIS] an invisible mover offers no opportunity attack to enemies that cannot see it; blinded enemies see nothing", () => {
    const foe = (id: string, conditions: string[] = []) => ({ id, name: id, actor: pc({ conditions }) });
    const seen = ffd20.resolveProcedure!("move", input({ targets: [foe("a"), foe("b", ["blinded"])] }), []);
    expect(seen.prompts.map((p) => p.creatureId)).toEqual(["a"]);
    const unseen = ffd20.resolveProcedure!(
      "move",
      input({ actor: pc({ conditions: ["invisible"] }), targets: [foe("a"), foe("b")] }),
      [],
    );
    expect(unseen.prompts).toEqual([]);
    expect(ffd20.resolveProcedure!("shift", input({ targets: [foe("a")] }), []).prompts).toEqual([]);
  });

  it("registered under its id with the four defenses, amount-style traits and once-per-battle initiative", () => {
    expect(getRuleset("ffd20")).toBe(ffd20);
    expect(ffd20.defenses.map((d) => d.key)).toEqual(["ac", "fort", "ref", "will"]);
    expect(ffd20.traitForms).toEqual({ resist: "amount", vulnerable: "amount" });
    expect(ffd20.escalationByDefault).toBe(false);
  });

  it("every i18n key the FFd20 module uses exists in lang/en.json", () => {
    const strings = standInLangStrings();
    const dir = path.join(REPO_ROOT, "src/engine/rulesets");
    const files = readdirSync(path.join(dir, "ffd20")).map((f) => path.join(dir, "ffd20", f));
    const keys = new Set<string>();
    for (const f of files)
      for (const m of readFileSync(f, "utf8").matchAll(/"(D20C\.[A-Za-z0-9.]+)"/g)) keys.add(m[1] as string);
    for (const k of ["str", "dex", "con", "int", "wis", "cha"]) keys.add(`D20C.FF.Mod.Ability.${k}`);
    for (const s of ["unconscious", "dying", "staggered", "stable", "dead"]) keys.add(`D20C.FF.Status.${s}`);
    for (const t of ffd20.damageTypes) keys.add(`D20C.DamageType.${t}`);
    const missing = [...keys].filter((k) => !strings.has(k));
    expect(missing).toEqual([]);
    expect(keys.size).toBeGreaterThan(50);
  });
});

describe("FFd20 properties", () => {
  const traits = fc.array(
    fc.record({ type: fc.constantFrom("fire", "cold", "all", "poison"), value: fc.integer({ min: 0, max: 15 }) }),
    { maxLength: 3 },
  );

  it("[FF-RESIST][FF-VULN][FF-INSUB] HP never NaN, temp HP always absorbed before HP, damage never negative", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: -100, max: 200 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 120 }),
        fc.subarray(["fire", "cold", "poison"]),
        traits,
        traits,
        fc.boolean(),
        fc.boolean(),
        (max, value, temp, amount, types, resistances, vulnerabilities, insubstantial, ongoing) => {
          const a = pc({ hp: { value: Math.min(value, max), max, temp }, resistances, vulnerabilities, insubstantial });
          const r = ffd20.applyDamage(a, packet(amount, { types, ongoing }), {}, "a");
          expect(Number.isNaN(r.actor.hp.value)).toBe(false);
          expect(r.dealt).toBeGreaterThanOrEqual(0);
          expect(r.absorbedByTemp).toBe(Math.min(temp, r.dealt));
          expect(r.hpLost).toBe(r.dealt - r.absorbedByTemp);
          if (r.hpLost > 0) expect(r.actor.hp.temp).toBe(0);
          expect(r.actor.hp.value).toBe(a.hp.value - r.hpLost);
        },
      ),
    );
  });

  it("[FF-NAT20][FF-NAT1][FF-PRECISION] one natural roll never both misses and crits; crits always hit the total unless forced", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -5, max: 30 }),
        fc.integer({ min: 1, max: 45 }),
        fc.integer({ min: 0, max: 4 }),
        (d, bonus, def, critRange) => {
          const o = ffd20.resolveAttack(
            attack({ dice: [d], attackBonus: bonus, defense: { key: "ac", value: def }, critRange }),
          );
          expect(o.isCrit && !o.isHit).toBe(false);
          if (o.isCrit) expect(o.total).toBeGreaterThanOrEqual(def);
          if (d === 1) expect(o.isHit).toBe(false);
          if (d === 20) expect(o.isHit).toBe(true);
        },
      ),
    );
  });
});
