/**
 * The 13th Age and FFd20 pack documents do what their text says when the product uses them: the
 * party's numbers follow each game's math, and attacks go through the attack pipeline, the card's
 * Apply decision and the turn-plan runner with recorded dice. Every number asserted is worked out
 * from the rule and the document, not read back from the implementation.
 */
import { describe, expect, it } from "vitest";
import { abilityModifier } from "../../src/engine/common.js";
import type { DamageExpression } from "../../src/engine/dice.js";
import { decideApplication } from "../../src/engine/plans/apply.js";
import { planAttack, type TargetSnapshot } from "../../src/engine/plans/attack.js";
import type { CombatantSource, EffectSource, RulesetId } from "../../src/engine/types.js";
import { damagePacket } from "../support/engine-fixtures.js";
import { TurnSequence } from "../support/turn-sequence.js";
import { defaultOptions, engineActor, packAttackRequest, type PackActor } from "../packs/pack-sources.js";
import { actorsOf, rulesetOf } from "./content.js";
import { attackFromRecordedDice } from "../support/recorded-dice.js";

/** A pack actor by its name, or by "Name (level N)" for a pregen of that level (the level is a field, not the name). */
function actor(game: RulesetId, name: string): PackActor {
  const a = actorsOf(game).find((x) => x.name === name || `${x.name} (level ${String(x.system.level)})` === name);
  if (!a) throw new Error(`no ${name} in the ${game} packs`);
  return a;
}
const own = (a: PackActor, name: string) => {
  const i = a.items.find((x) => x.name === name);
  if (!i) throw new Error(`${a.name} has no ${name}`);
  return i;
};
const text = (e: DamageExpression | null) =>
  e ? `${e.dice.map((d) => `${d.count}d${d.faces}`).join("+")}${e.flat >= 0 ? "+" : ""}${e.flat}` : "none";
const snapshot = (a: PackActor, id = "t"): TargetSnapshot => ({
  uuid: id,
  actorUuid: id,
  name: a.name,
  img: "",
  actor: engineActor(a),
  id,
  effects: [],
});

/** An attack by `by` with `item` on `on`, its d20 and damage faces recorded, applied with the card's damage button. */
async function hitWith(game: RulesetId, by: PackActor, item: string, on: PackActor, d20: number, faces: number[]) {
  const r = rulesetOf(game);
  const req = packAttackRequest(r, by, own(by, item), engineActor(by), {
    targets: [snapshot(on)],
    sourceCombatantId: "a",
  });
  const card = attackFromRecordedDice(req, [[d20]], { "*": faces });
  const decision = await decideApplication({
    ruleset: r,
    options: defaultOptions(r),
    card,
    targetUuid: "t",
    mode: "full",
    actor: engineActor(on),
    actorId: "t",
    userId: "gm",
    recordId: "rec1",
    roll: async () => ({ total: 10, natural: 10 }),
  });
  return { card, decision, target: card.targets[0]! };
}

/** A two-combatant fight: the attacker "a" and the target "t" carrying `effects`. */
function duel(game: RulesetId, by: PackActor, on: PackActor, target: EffectSource[], hp?: number): TurnSequence {
  const c = (id: string, a: PackActor, effects: EffectSource[], side: "player" | "gm"): CombatantSource => ({
    id,
    actorId: id,
    name: a.name,
    actor: {
      ...engineActor(a),
      ...(id === "t" && hp !== undefined ? { hp: { ...engineActor(a).hp, value: hp } } : {}),
    },
    effects,
    initiative: 10,
    side,
    aware: true,
    defeated: false,
    seat: 0,
  });
  return new TurnSequence(
    rulesetOf(game),
    [c("a", by, [], "player"), c("t", on, target, "gm")],
    defaultOptions(rulesetOf(game)),
  );
}

// ------------------------------------------------------------------------------------------------
describe("13th Age pack content in play", () => {
  const r = rulesetOf("13th-age");

  it("[13A-ATK] Sefa Quill at level 3: Shadow Jab rolls d20 + Dex 4 + level 3 against AC, hits for 3d8 + 4 with her rapier and misses for her level", () => {
    const sefa = actor("13th-age", "Sefa Quill (level 3)");
    const plan = planAttack(packAttackRequest(r, sefa, own(sefa, "Shadow Jab")));
    expect(plan.bonus).toBe(abilityModifier(18) + 3);
    expect(text(plan.hit)).toBe("3d8+4");
    expect(text(plan.miss)).toBe("+3");
    const young = actor("13th-age", "Sefa Quill (level 1)");
    const first = planAttack(packAttackRequest(r, young, own(young, "Shadow Jab")));
    expect([first.bonus, text(first.hit), text(first.miss)]).toEqual([5, "1d8+4", "+1"]);
  });

  it("[13A-ATK] the party's defenses are the class base + the middle of three modifiers + level (Bryndis at 3: AC 16+1+3, PD 10+3+3, MD 10+0+3)", () => {
    const b = r.deriveActor(engineActor(actor("13th-age", "Bryndis Oakhew (level 3)")), defaultOptions(r)).defenses;
    expect([b.ac, b.pd, b.md]).toEqual([20, 16, 13]);
    const one = r.deriveActor(engineActor(actor("13th-age", "Bryndis Oakhew (level 1)")), defaultOptions(r)).defenses;
    expect([one.ac, one.pd, one.md]).toEqual([18, 14, 11]);
  });

  it("[13A-RESIST] the Ochre Ooze (resist acid 12+) takes half of Orrin's Acid Arrow below a natural 12 and all of it from 12 up", () => {
    const ooze = engineActor(actor("13th-age", "Ochre Ooze"));
    const hit = (natural: number) =>
      r.applyDamage(ooze, damagePacket(21, { types: ["acid"], natural }), defaultOptions(r), "o").hpLost;
    expect(hit(11)).toBe(10);
    expect(hit(12)).toBe(21);
  });

  it("[13A-VULN] Tamsin's holy Hammer of Judgement crits the Barrow Wight (vulnerable to holy) on a natural 18", async () => {
    const tamsin = actor("13th-age", "Tamsin Brightwater (level 3)");
    const wight = actor("13th-age", "Barrow Wight");
    const { target } = await hitWith("13th-age", tamsin, "Hammer of Judgement", wight, 18, [8, 8, 8]);
    expect(target.outcome.result).toBe("crit");
    const plain = await hitWith("13th-age", tamsin, "Javelin of Faith", actor("13th-age", "Marsh Hag"), 18, [6, 6, 6]);
    expect(plain.target.outcome.result).toBe("hit");
  });

  it("[13A-ESC] the Hobgoblin Warcaptain adds the escalation die to its attack; the Goblin Cutthroat does not", () => {
    const total = (name: string, power: string) => {
      const m = actor("13th-age", name);
      const req = packAttackRequest(r, m, own(m, power), engineActor(m), {
        escalation: 2,
        targets: [snapshot(actor("13th-age", "Bryndis Oakhew (level 3)"))],
      });
      return attackFromRecordedDice(req, [[10]], { "*": [1] }).targets[0]!.outcome.total;
    };
    expect(total("Hobgoblin Warcaptain", "Drilled Blade")).toBe(10 + 8 + 2);
    expect(total("Goblin Cutthroat", "Jagged Shiv")).toBe(10 + 6);
  });

  it("[13A-ONGOING] Envenomed Edge leaves 15 ongoing poison on a hit; at the end of the target's turn it takes 15 and saves (11+) to end it", async () => {
    const sefa = actor("13th-age", "Sefa Quill (level 3)");
    const hag = actor("13th-age", "Marsh Hag");
    const { decision } = await hitWith("13th-age", sefa, "Envenomed Edge", hag, 15, [5, 5, 5]);
    expect(decision.effects.create.map((e) => e.ongoing)).toEqual([{ amount: 15, type: "poison" }]);
    const seq = duel("13th-age", sefa, hag, decision.effects.create, decision.next.hp.value);
    const before = seq.a("t").hp.value;
    const rolls = await seq.turnEnd("t", [11]);
    expect(before - seq.a("t").hp.value).toBe(15);
    expect(rolls.map((q) => q.kind)).toEqual(["save"]);
    expect(seq.c("t").effects).toEqual([]);
  });

  it("[SYS-POWERS] Ray of Frost leaves the target stuck only on a natural even hit; the Marsh Hag's curse weakens and then dazes", async () => {
    const orrin = actor("13th-age", "Orrin Vask (level 3)");
    const bear = actor("13th-age", "Hobgoblin Warcaptain");
    const even = await hitWith("13th-age", orrin, "Ray of Frost", bear, 18, [3, 3, 3]);
    expect(even.decision.effects.create.flatMap((e) => e.statuses)).toEqual(["stuck"]);
    const odd = await hitWith("13th-age", orrin, "Ray of Frost", bear, 17, [3, 3, 3]);
    expect(odd.target.outcome.isHit).toBe(true);
    expect(odd.decision.effects.create).toEqual([]);
    const curse = await hitWith("13th-age", actor("13th-age", "Marsh Hag"), "Withering Curse", orrin, 15, []);
    const [weakened] = curse.decision.effects.create;
    expect(weakened?.statuses).toEqual(["weakened"]);
    expect(weakened?.aftereffect).toMatchObject({ statuses: ["dazed"], duration: "endOfNextTurn" });
  });

  it("[13A-DOWN] the Tempest Colossus, marked important, is not slain at 0 HP; the Goblin Cutthroat is", () => {
    const opts = defaultOptions(r);
    const colossus = engineActor(actor("13th-age", "Tempest Colossus"));
    const goblin = engineActor(actor("13th-age", "Goblin Cutthroat"));
    expect(r.applyDamage(colossus, damagePacket(280), opts, "c").actor.state).not.toBe("dead");
    expect(r.applyDamage(goblin, damagePacket(30), opts, "g").actor.state).toBe("dead");
  });
});

// ------------------------------------------------------------------------------------------------
describe("FFd20 pack content in play", () => {
  const r = rulesetOf("ffd20");

  it("[FF-DEF] Garrick's AC at level 3 is 10 + 1 + chainmail 6 + heavy shield 2 with no Dex (heavy armor); Lira's leather lets Dex 4 through", () => {
    const d = (name: string) => r.deriveActor(engineActor(actor("ffd20", name)), defaultOptions(r)).defenses;
    const garrick = d("Garrick Vale (level 3)");
    expect(garrick.ac).toBe(10 + 1 + 6 + 2);
    expect(garrick.ref).toBe(10 + 1 + abilityModifier(12) + 2);
    expect(garrick.fort).toBe(10 + 1 + abilityModifier(18) + 2);
    const lira = d("Lira Nightbloom (level 1)");
    expect(lira.ac).toBe(10 + 0 + 2 + abilityModifier(18));
    expect(lira.ref).toBe(10 + 0 + abilityModifier(18) + 2);
  });

  it("[FF-ATKBONUS] Lira's Piercing Strike at level 3 is ½ level + Dex + proficiency + enhancement against Reflex, for 1d4 + Dex + 1", () => {
    const lira = actor("ffd20", "Lira Nightbloom (level 3)");
    const plan = planAttack(packAttackRequest(r, lira, own(lira, "Piercing Strike")));
    expect(plan.bonus).toBe(1 + 4 + 3 + 1);
    expect(text(plan.hit)).toBe("1d4+5");
    expect(text(plan.critExtra)).toBe("1d6+0");
  });

  it("[FF-CRITDMG] a natural 20 with the Frostbite Dagger deals the maximum (4 + 5) plus its extra 1d6 rolled", async () => {
    const lira = actor("ffd20", "Lira Nightbloom (level 3)");
    const { target } = await hitWith("ffd20", lira, "Piercing Strike", actor("ffd20", "Ghoul"), 20, [3]);
    expect(target.outcome.result).toBe("crit");
    expect(target.damage).toBe(4 + 5 + 3);
  });

  it("[FF-AFTER] the Ghoul's claws stun (save ends); when the save at the end of the turn succeeds, slowed begins after it", async () => {
    const ghoul = actor("ffd20", "Ghoul");
    const maren = actor("ffd20", "Maren Holt (level 3)");
    const { decision } = await hitWith("ffd20", ghoul, "Paralyzing Claws", maren, 17, [2]);
    expect(decision.effects.create.map((e) => e.statuses)).toEqual([["stunned"]]);
    const seq = duel("ffd20", maren, ghoul, []);
    seq.c("a").effects = decision.effects.create;
    await seq.turnEnd("a", [12]);
    expect(seq.c("a").effects.map((e) => e.statuses)).toEqual([["slowed"]]);
  });

  it("[FF-INSUB] the Phase Spider, insubstantial by condition, takes half of a hit", () => {
    const spider = engineActor(actor("ffd20", "Phase Spider"));
    expect(spider.conditions).toContain("insubstantial");
    expect(r.applyDamage(spider, damagePacket(15), defaultOptions(r), "s").hpLost).toBe(7);
  });

  it("[FF-FORCED] Shield Drive pushes on any hit; Deft Strike slides only on a natural even hit", async () => {
    const zombie = actor("ffd20", "Zombie Shambler");
    const drive = await hitWith("ffd20", actor("ffd20", "Garrick Vale (level 3)"), "Shield Drive", zombie, 13, [4]);
    expect(drive.card.power?.effects[drive.target.forced?.[0] ?? -1]?.forced).toEqual({ kind: "push", squares: 1 });
    const lira = actor("ffd20", "Lira Nightbloom (level 3)");
    const even = await hitWith("ffd20", lira, "Deft Strike", zombie, 14, [2]);
    expect(even.target.forced?.length).toBe(1);
    const odd = await hitWith("ffd20", lira, "Deft Strike", zombie, 15, [2]);
    expect(odd.target.outcome.isHit).toBe(true);
    expect(odd.target.forced ?? []).toEqual([]);
  });

  it("[FF-SUSTAIN] Flame Sphere's burning is a minor-action sustain effect with 5 ongoing fire", async () => {
    const corvin = actor("ffd20", "Corvin Ash (level 3)");
    const { decision } = await hitWith("ffd20", corvin, "Flame Sphere", actor("ffd20", "Ghoul"), 16, [3, 3]);
    expect(decision.effects.create).toMatchObject([
      { duration: "sustain", sustain: "minor", ongoing: { amount: 5, type: "fire" } },
    ]);
  });

  it("[FF-RESIST] [FF-VULN] the Ashen Tyrant takes 10 less fire and 5 more cold", () => {
    const tyrant = engineActor(actor("ffd20", "Ashen Tyrant"));
    const opts = defaultOptions(r);
    expect(r.applyDamage(tyrant, damagePacket(14, { types: ["fire"] }), opts, "x").hpLost).toBe(4);
    expect(r.applyDamage(tyrant, damagePacket(6, { types: ["cold"] }), opts, "x").hpLost).toBe(11);
  });

  it("[FF-DEATH] the Bandit Enforcer's nonlethal cudgel knocks Corvin out at 0 HP where a lethal blow leaves him dying", async () => {
    const bandit = actor("ffd20", "Bandit Enforcer");
    const corvin = actor("ffd20", "Corvin Ash (level 1)");
    const { card, decision } = await hitWith("ffd20", bandit, "Cudgel Knock", corvin, 19, [8]);
    expect(card.nonlethal).toBe(true);
    const low = { ...engineActor(corvin), hp: { value: 3, max: 24, temp: 0 } };
    const opts = defaultOptions(r);
    expect(r.applyDamage(low, damagePacket(5, { nonlethal: true }), opts, "c").actor.state).toBe("unconscious");
    expect(r.applyDamage(low, damagePacket(5), opts, "c").actor.state).toBe("dying");
    expect(decision.next.hp.value).toBe(24 - 12);
  });
});
