/**
 * Thresholds of the FFd20 module against the rules text: cases the text implies that the first
 * round of tests did not pin down (unseen targets, ongoing-damage saves, timing, thresholds).
 */
import { describe, expect, it } from "vitest";
import { ffd20 } from "../../../src/engine/rulesets/ffd20/index.js";
import type { Modifier, RollRequest, TurnStep } from "../../../src/engine/types.js";
import { attack, combatant, ctx, effect, npc, packet, pc, situation } from "./fixtures.js";

const mod = (mods: Modifier[], key: string) => mods.find((m) => m.key === key)?.value;
const rolls = (steps: TurnStep[]): RollRequest[] => steps.flatMap((s) => (s.kind === "roll" ? [s.request] : []));
const who = (conditions: string[]) => ({
  kind: "character" as const,
  usesEscalation: false,
  penalties: [],
  conditions,
  exhaustion: 0,
});

describe("FFd20 thresholds: attacks", () => {
  it("[FF-CONCEAL] [FF-INVIS] an invisible target has total concealment (−5) against melee and ranged attacks", () => {
    for (const range of ["melee", "ranged"] as const) {
      const o = ffd20.resolveAttack(
        attack({ dice: [13], range, target: { conditions: ["invisible"], vulnerabilities: [], exhaustion: 0 } }),
      );
      expect(mod(o.modifiers, "concealment")).toBe(-5);
      // 13 + 5 − 5 = 13 against 18: a miss that would have hit at 18 without the penalty.
      expect(o.total).toBe(13);
    }
    // Close and area attacks take no concealment penalty.
    const close = ffd20.resolveAttack(
      attack({ dice: [13], range: "close", target: { conditions: ["invisible"], vulnerabilities: [], exhaustion: 0 } }),
    );
    expect(mod(close.modifiers, "concealment")).toBeUndefined();
    expect(close.total).toBe(18);
    expect(close.isHit).toBe(true);
  });

  it("[FF-CONCEAL] a blinded attacker can't see its target: total concealment −5 and no combat advantage", () => {
    const o = ffd20.resolveAttack(
      attack({ dice: [15], attacker: who(["blinded"]), situation: situation({ combatAdvantage: true }) }),
    );
    expect(mod(o.modifiers, "concealment")).toBe(-5);
    expect(mod(o.modifiers, "combatAdvantage")).toBeUndefined();
    expect(o.total).toBe(15);
  });

  it("[FF-CONCEAL] an unseen target is never less than totally concealed, even if the dialog says partial", () => {
    const o = ffd20.resolveAttack(
      attack({
        dice: [13],
        situation: situation({ concealment: "partial" }),
        target: { conditions: ["invisible"], vulnerabilities: [], exhaustion: 0 },
      }),
    );
    expect(mod(o.modifiers, "concealment")).toBe(-5);
  });

  it("[FF-CA] [FF-INVIS] a target that can't see the attacker (blinded) gives it combat advantage", () => {
    const o = ffd20.resolveAttack(
      attack({ dice: [11], target: { conditions: ["blinded"], vulnerabilities: [], exhaustion: 0 } }),
    );
    expect(mod(o.modifiers, "combatAdvantage")).toBe(2);
    // 11 + 5 + 2 = 18 meets AC 18.
    expect(o.isHit).toBe(true);
  });

  it("[FF-CA] combat advantage from several sources is still +2, once", () => {
    const o = ffd20.resolveAttack(
      attack({
        dice: [10],
        situation: situation({ combatAdvantage: true, offGuard: true }),
        target: { conditions: ["stunned", "blinded"], vulnerabilities: [], exhaustion: 0 },
      }),
    );
    expect(o.modifiers.filter((m) => m.key === "combatAdvantage")).toHaveLength(1);
    expect(o.total).toBe(17);
  });

  it("[FF-NAT20] [FF-PRECISION] natural 19 in a precision range that hits crits; the same 19 missing is a plain miss", () => {
    const hit = ffd20.resolveAttack(
      attack({ dice: [19], critRange: 1, attackBonus: 0, defense: { key: "ac", value: 19 } }),
    );
    expect(hit.result).toBe("crit");
    const miss = ffd20.resolveAttack(
      attack({ dice: [19], critRange: 1, attackBonus: 0, defense: { key: "ac", value: 20 } }),
    );
    expect([miss.result, miss.autoHit]).toEqual(["miss", false]);
  });
});

describe("FFd20 thresholds: damage", () => {
  it("[FF-RESIST] [FF-VULN] resist 5 fire against 3 fire leaves 0; vulnerable 5 fire against 3 fire deals 8", () => {
    const resist = npc({ resistances: [{ type: "fire", value: 5 }] });
    expect(ffd20.applyDamage(resist, packet(3, { types: ["fire"] }), {}, "n").dealt).toBe(0);
    const vuln = npc({ vulnerabilities: [{ type: "fire", value: 5 }] });
    expect(ffd20.applyDamage(vuln, packet(3, { types: ["fire"] }), {}, "n").dealt).toBe(8);
    // Untyped damage is not touched by a fire trait.
    expect(ffd20.applyDamage(vuln, packet(3), {}, "n").dealt).toBe(3);
  });

  it("[FF-INSUB] insubstantial halves a miss's half damage again (a quarter, rounded down each time)", () => {
    const ghost = npc({ insubstantial: true });
    // A 2d6+3 miss for half: rolled 11 → 5; insubstantial → 2.
    expect(ffd20.applyDamage(ghost, packet(5), {}, "g").dealt).toBe(2);
    expect(ffd20.applyDamage(ghost, packet(5, { ongoing: true, fromAttack: false }), {}, "g").dealt).toBe(2);
  });
});

describe("FFd20 thresholds: turn cycle", () => {
  it("[FF-ONGOING] [FF-SAVE] ongoing damage with no other ending gets a save (10+) at the end of each turn", () => {
    const burn = effect("burn", { duration: "permanent", ongoing: { amount: 5, type: "fire" } });
    const orc = combatant("orc", { actor: npc(), effects: [burn] });
    const c = ctx([orc], "orc");
    const req = rolls(ffd20.onTurnEnd(c));
    expect(req.map((r) => [r.effectId, r.target])).toEqual([["burn", 10]]);
    expect(ffd20.resolveTurnRoll(c, req[0]!, { total: 10, natural: 10 }).followUps).toContainEqual(
      expect.objectContaining({ kind: "removeEffect", effectId: "burn" }),
    );
    expect(ffd20.resolveTurnRoll(c, req[0]!, { total: 9, natural: 9 }).followUps).toEqual([]);
    // A plain status with no ongoing damage and no save-ends duration is not saved against.
    const glow = effect("glow", { duration: "permanent", statuses: ["slowed"] });
    expect(rolls(ffd20.onTurnEnd(ctx([{ ...orc, effects: [glow] }], "orc")))).toEqual([]);
  });

  it("[FF-ONGOING] the save comes at the end of the turn; the damage at the start, with no save then", () => {
    const burn = effect("burn", { ongoing: { amount: 5, type: "fire" } });
    const orc = combatant("orc", { actor: npc(), effects: [burn] });
    const start = ffd20.onTurnStart(ctx([orc], "orc"));
    expect(start.map((s) => s.kind)).toEqual(["damage"]);
    expect(ffd20.onTurnEnd(ctx([orc], "orc")).map((s) => s.kind)).toEqual(["roll"]);
  });

  it("[FF-DURATION] a 'next turn' effect naming no creator follows its bearer's own turns instead of never ending", () => {
    const brief = effect("brief", { duration: "startOfNextTurn" });
    const mark = effect("mark", { duration: "endOfNextTurn" });
    const orc = combatant("orc", { actor: npc(), effects: [brief, mark] });
    const start = ffd20.onTurnStart(ctx([orc], "orc"));
    expect(start).toContainEqual(expect.objectContaining({ kind: "removeEffect", effectId: "brief" }));
    expect(start).toContainEqual(expect.objectContaining({ kind: "updateEffect", effectId: "mark" }));
    const armed = { ...orc, effects: [{ ...mark, armed: true }] };
    expect(ffd20.onTurnEnd(ctx([armed], "orc"))).toContainEqual(
      expect.objectContaining({ kind: "removeEffect", effectId: "mark" }),
    );
    // Another combatant's turn leaves it alone.
    const hero = combatant("hero", { actor: pc() });
    expect(ffd20.onTurnStart(ctx([hero, orc], "hero"))).toEqual([]);
  });

  it("[FF-SUSTAIN] sustained this round at the creator's turn end: it stays; sustained last round: it ends", () => {
    const wall = effect("wall", { duration: "sustain", sustain: "minor", sourceCombatantId: "hero", armed: true });
    const hero = combatant("hero", { actor: pc() });
    const bearer = (sustainedRound: number) =>
      combatant("orc", { actor: npc(), effects: [{ ...wall, sustainedRound }] });
    const ended = (r: number) =>
      ffd20.onTurnEnd(ctx([hero, bearer(r)], "hero", { round: 3 })).some((s) => s.kind === "removeEffect");
    expect([ended(3), ended(2)]).toEqual([false, true]);
  });
});
