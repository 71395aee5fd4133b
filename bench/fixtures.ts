/**
 * What the benchmarks share: one attack's input against a middling defense, and a battle of
 * `combatants` × 5 effects (ongoing damage, the three timed durations, a sustained one, a status with
 * an aftereffect), each effect timed by another combatant.
 */
import { defaultActorSource } from "../src/engine/common.js";
import type { Ruleset } from "../src/engine/ruleset.js";
import type { AttackInput, CombatantSource, EffectSource, TurnContext } from "../src/engine/types.js";
import { effectSource } from "../test/support/engine-fixtures.js";

/** Effects each combatant of {@link battle} carries. */
export const EFFECTS_EACH = 5;

/** One attack: +7 with combat advantage, partial cover and the escalation die at 2, against 17. */
export function benchAttackInput(r: Ruleset, mighty = 0): Omit<AttackInput, "dice"> {
  const type = r.damageTypes[0] ?? "fire";
  return {
    attackBonus: 7,
    defense: { key: r.defenses[0]?.key ?? "ac", value: 17 },
    range: "melee",
    situation: {
      combatAdvantage: true,
      cover: "partial",
      concealment: "none",
      mighty,
      weak: 0,
      bonus: 1,
      wrongSquare: false,
      withinMeleeReach: false,
      offGuard: false,
    },
    escalation: 2,
    attacker: {
      kind: "character",
      usesEscalation: true,
      penalties: [{ key: "p", label: "D20C.Modifier.misc", value: -1 }],
      conditions: [],
      exhaustion: 0,
    },
    target: { conditions: [], vulnerabilities: [{ type, value: 5 }], exhaustion: 0 },
    damageTypes: [type],
    critRange: 1,
    hasMissEffect: true,
    options: {},
  };
}

function effects(r: Ruleset, owner: number, combatants: number): EffectSource[] {
  const other = (k: number) => `c${(owner + k) % combatants}`;
  const type = r.damageTypes[1] ?? r.damageTypes[0] ?? "fire";
  const status = r.conditions[0]?.id;
  const base = (i: number): EffectSource =>
    effectSource({ id: `e${owner}-${i}`, name: `Effect ${i}`, sourceCombatantId: other(i) });
  // The aftereffect: an effect's data without what only a running effect has.
  const {
    id: _id,
    sustainedRound: _round,
    armed: _armed,
    aftereffect: _next,
    ...after
  } = effectSource({ name: "After" });
  return [
    { ...base(0), ongoing: { amount: 5, type } },
    { ...base(1), duration: "endOfNextTurn", sourceCombatantId: other(combatants - 1) },
    { ...base(2), duration: "sustain", sustain: "minor", sourceCombatantId: `c${owner}`, sustainedRound: 1 },
    { ...base(3), duration: "startOfNextTurn", sourceCombatantId: other(1) },
    {
      ...base(4),
      statuses: status ? [status] : [],
      aftereffect: after,
    },
  ];
}

/** Round 3 of a fight of `combatants`, alternating characters and NPCs, at c0's turn. */
export function battle(r: Ruleset, combatants: number): TurnContext {
  const list: CombatantSource[] = [];
  for (let i = 0; i < combatants; i++) {
    list.push({
      id: `c${i}`,
      actorId: `a${i}`,
      name: `Combatant ${i}`,
      actor: defaultActorSource({ kind: i % 2 ? "npc" : "character", hp: { value: 30, max: 40, temp: 0 } }),
      effects: effects(r, i, combatants),
      initiative: 20 - i,
      side: i % 2 ? "gm" : "player",
      aware: true,
      defeated: false,
      seat: i,
    });
  }
  return { round: 3, combatantId: "c0", combatants: list, surpriseRound: false, options: {}, escalation: 0 };
}
