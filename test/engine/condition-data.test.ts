/**
 * Each game's condition table is the one source of its conditions' mechanics: changing a
 * condition's data changes what an attack decides, with nothing else touched.
 */
import { afterEach, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import { FF_CONDITIONS } from "../../src/engine/rulesets/ffd20/data.js";
import { HD_CONDITIONS } from "../../src/engine/rulesets/hundred-dungeons/conditions.js";
import type { ConditionSpec } from "../../src/engine/types.js";
import { attackInput } from "../support/engine-fixtures.js";

/** Undo every change a test made to a condition's data. */
const restores: (() => void)[] = [];
afterEach(() => {
  for (const restore of restores.splice(0).reverse()) restore();
});

/** Change one condition's data for the rest of the test. */
function change<S extends ConditionSpec>(table: readonly S[], id: string, data: Partial<S>): void {
  const spec = table.find((c) => c.id === id);
  if (!spec) throw new Error(`no condition ${id}`);
  const before = { ...spec };
  Object.assign(spec, data);
  restores.push(() => {
    for (const key of Object.keys(data)) delete (spec as Record<string, unknown>)[key];
    Object.assign(spec, before);
  });
}

describe("conditions as data", () => {
  const age13 = getRuleset("13th-age");

  /** A dazed (or otherwise conditioned) PC's attack: the penalties come from deriving the actor. */
  function age13Attack(conditions: string[], dice: number, targetConditions: string[] = []): string {
    const attacker = defaultActorSource({ kind: "character", conditions });
    const target = defaultActorSource({ kind: "npc", conditions: targetConditions });
    const derived = age13.deriveActor(attacker, {});
    const defense = age13.deriveActor(target, {}).defenses["ac"] as number;
    return age13.resolveAttack(
      attackInput({
        dice: [dice],
        attackBonus: 5,
        defense: { key: "ac", value: defense },
        attacker: {
          kind: "character",
          usesEscalation: false,
          penalties: derived.attackPenalties,
          conditions,
          exhaustion: 0,
        },
        target: { conditions: targetConditions, vulnerabilities: [], exhaustion: 0 },
      }),
    ).result;
  }

  it("[13A-ATK] dazed's attack number in the table is what the attack subtracts", () => {
    // 5 + 5 = 10 hits AC 10; dazed (−4) leaves 6, a miss; at −20 even 18 + 5 misses.
    expect(age13Attack([], 5)).toBe("hit");
    expect(age13Attack(["dazed"], 5)).toBe("miss");
    change(age13.conditions, "dazed", { attack: 0 });
    expect(age13Attack(["dazed"], 5)).toBe("hit");
    change(age13.conditions, "dazed", { attack: -20 });
    expect(age13Attack(["dazed"], 18)).toBe("miss");
  });

  it("[13A-ATK] stunned's defense number in the table is what the target's defense loses", () => {
    // 2 + 5 = 7 misses AC 10, and hits AC 6 (stunned: −4).
    expect(age13Attack([], 2)).toBe("miss");
    expect(age13Attack([], 2, ["stunned"])).toBe("hit");
    change(age13.conditions, "stunned", { defense: 0 });
    expect(age13Attack([], 2, ["stunned"])).toBe("miss");
    // A condition the table gives a number to starts to count.
    change(age13.conditions, "stuck", { defense: -4 });
    expect(age13Attack([], 2, ["stuck"])).toBe("hit");
  });

  it("[FF-CA] whether a condition grants combat advantage is read from the table", () => {
    const ff = getRuleset("ffd20");
    const attack = (conditions: string[]) =>
      ff.resolveAttack(attackInput({ dice: [8], target: { conditions, vulnerabilities: [], exhaustion: 0 } }));
    expect(attack(["distracted"]).modifiers.find((m) => m.key === "combatAdvantage")?.value).toBe(2);
    // 8 + 2 = 10 hits AC 10; without the advantage 8 misses.
    expect(attack(["distracted"]).result).toBe("hit");
    change(FF_CONDITIONS, "distracted", { grantsCombatAdvantage: false });
    expect(attack(["distracted"]).modifiers.some((m) => m.key === "combatAdvantage")).toBe(false);
    expect(attack(["distracted"]).result).toBe("miss");
    change(FF_CONDITIONS, "slowed", { grantsCombatAdvantage: true });
    expect(attack(["slowed"]).modifiers.find((m) => m.key === "combatAdvantage")?.value).toBe(2);
  });

  it("[HD-COND] a condition's roll mode for the bearer's attacks is read from the table", () => {
    const hd = getRuleset("hundred-dungeons");
    const attack = (conditions: string[]) =>
      hd.resolveAttack(
        attackInput({
          dice: [4, 15],
          attacker: { kind: "character", usesEscalation: false, penalties: [], conditions, exhaustion: 0 },
        }),
      );
    // Dice 4 and 15 against AC 10: weak keeps 4 (a miss), mighty keeps 15 (a hit).
    expect(attack(["poisoned"]).mode).toBe("weak");
    expect(attack(["poisoned"]).result).toBe("miss");
    change(HD_CONDITIONS, "poisoned", { attacks: "mighty" });
    expect(attack(["poisoned"]).mode).toBe("mighty");
    expect(attack(["poisoned"]).result).toBe("hit");
  });

  it("[13A-ACTIONS] a condition that takes the bearer's actions leaves its turn none; the table says which", () => {
    const pc = (conditions: string[]) => defaultActorSource({ kind: "character", conditions });
    expect(age13.actionCap?.(pc([]))).toBeNull();
    expect(age13.actionCap?.(pc(["stunned"]))).toBe(0);
    // Dying includes unconscious, which takes every action.
    expect(age13.actionCap?.(pc(["dying"]))).toBe(0);
    change(age13.conditions, "stunned", { noActions: false });
    expect(age13.actionCap?.(pc(["stunned"]))).toBeNull();
    change(age13.conditions, "dazed", { oneAction: true });
    expect(age13.actionCap?.(pc(["dazed"]))).toBe(1);
  });

  it("[FF-ACTIONS] a stunned FFd20 creature has no actions, read from its condition", () => {
    const ff = getRuleset("ffd20");
    const npc = (conditions: string[]) => defaultActorSource({ kind: "npc", conditions });
    expect(ff.actionCap?.(npc(["stunned"]))).toBe(0);
    expect(ff.actionCap?.(npc(["distracted"]))).toBeNull();
    change(FF_CONDITIONS, "distracted", { noActions: true });
    expect(ff.actionCap?.(npc(["distracted"]))).toBe(0);
  });
});
