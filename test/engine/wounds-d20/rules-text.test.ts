/**
 * Rules-text scenarios for Wounds d20: each paragraph of the rules text with a mechanical
 * consequence, played through the public Ruleset interface (getRuleset) with realistic 3–18
 * scores, including multi-step sequences (damage past the thresholds, a whole dying spell round by
 * round, healing against wound points) and robustness probes.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../../src/engine/common.js";
import { formatDamage } from "../../../src/engine/dice.js";
import { attackOdds, recipeDamage } from "../../../src/engine/odds.js";
import { getRuleset } from "../../../src/engine/registry.js";
import { healCheckRequest, strenuousActionRequest } from "../../../src/engine/rulesets/wounds-d20/damage.js";
import type {
  ActorSource,
  AttackInput,
  CombatantSource,
  DerivedActor,
  RollRequest,
  TurnContext,
  TurnStep,
} from "../../../src/engine/types.js";
import {
  attackInput,
  blankSituation,
  combatantSource,
  damagePacket,
  powerSource,
  recipeInput,
  turnContext,
  weaponSource,
} from "../../support/engine-fixtures.js";

const wd = getRuleset("wounds-d20");

/** A level-5 fighter: BCB +5, Str 16 (+3), Dex 14 (+2), Con 12, base save +2, 40 HP. */
function fighter(over: Partial<ActorSource> = {}): ActorSource {
  return defaultActorSource({
    level: 5,
    abilities: { str: 16, dex: 14, con: 12, int: 10, wis: 12, cha: 8 },
    hp: { value: 40, max: 40, temp: 0 },
    baseCombatBonus: 5,
    baseSaveBonus: 2,
    ...over,
  });
}
/** A creature with `damage` taken out of `max`. */
const hurt = (max: number, damage: number, over: Partial<ActorSource> = {}): ActorSource =>
  fighter({ hp: { value: max - damage, max, temp: 0 }, ...over });

const sum = (mods: { value: number }[]): number => mods.reduce((s, m) => s + m.value, 0);
const atk = (dice: number[], bonus: number, ac: number, over: Partial<AttackInput> = {}): AttackInput =>
  attackInput({ dice, attackBonus: bonus, defense: { key: "ac", value: ac }, ...over });
const roll = (a: ActorSource, req: RollRequest, total: number, natural: number) =>
  wd.resolveRoll(a, req, { total, natural }, {}).actor;

/**
 * Runs a turn plan the way the tracker does; `roll` steps take [total, natural] pairs in order and
 * are fed back through resolveTurnRoll.
 */
function runPlan(ctx: TurnContext, steps: TurnStep[], rolls: [number, number][] = []): CombatantSource[] {
  const cs = ctx.combatants.map((c) => ({ ...c, actor: structuredClone(c.actor), effects: [...c.effects] }));
  const byActor = (id: string) => cs.find((c) => c.actorId === id)!;
  const queue = [...steps];
  while (queue.length) {
    const s = queue.shift()!;
    if (s.kind === "updateActor") byActor(s.actorId).actor = { ...byActor(s.actorId).actor, ...s.changes };
    else if (s.kind === "addEffect")
      byActor(s.actorId).effects.push({ id: `fx${byActor(s.actorId).effects.length}`, ...s.effect });
    else if (s.kind === "removeEffect")
      byActor(s.actorId).effects = byActor(s.actorId).effects.filter((e) => e.id !== s.effectId);
    else if (s.kind === "roll") {
      const r = rolls.shift();
      if (!r) throw new Error(`no roll for ${s.request.kind}`);
      const res = wd.resolveTurnRoll({ ...ctx, combatants: cs }, s.request, { total: r[0], natural: r[1] });
      byActor(s.request.actorId).actor = res.actor;
      queue.unshift(...res.followUps);
    }
  }
  return cs;
}

// -------------------------------------------------------------------------------------------------

describe("WD rules text: attack rolls", () => {
  // Built before each test, not while the file is collected (docs/testing.md, "Fixtures are built inside tests").
  let f: ActorSource;
  let d: DerivedActor;
  beforeEach(() => {
    f = fighter();
    d = wd.deriveActor(f, {});
  });

  it("[WD-ATK] a level-5 fighter (BCB 5, Str 16) with a longsword against AC 17: a natural 9 (17) hits, 8 misses", () => {
    const bonus = sum(wd.attackBonus(f, d, powerSource(), weaponSource()));
    expect(bonus).toBe(8);
    expect(wd.resolveAttack(atk([9], bonus, 17)).result).toBe("hit");
    expect(wd.resolveAttack(atk([8], bonus, 17)).result).toBe("miss");
  });

  it("[WD-ATK] a light or finesse weapon may use Dex instead of Str; a heavier one may not", () => {
    const nimble = fighter({ abilities: { str: 10, dex: 18, con: 12, int: 10, wis: 10, cha: 10 } });
    const nd = wd.deriveActor(nimble, {});
    expect(sum(wd.attackBonus(nimble, nd, powerSource(), weaponSource({ name: "Rapier", finesse: true })))).toBe(9);
    expect(
      sum(wd.attackBonus(nimble, nd, powerSource(), weaponSource({ name: "Dagger", light: true, damageDice: "1d4" }))),
    ).toBe(9);
    expect(sum(wd.attackBonus(nimble, nd, powerSource(), weaponSource({ name: "Longsword" })))).toBe(5);
  });

  it("[WD-ATK] a ranged weapon uses BCB + Dex, and the range penalty counts (−2 → a 10 no longer hits AC 17)", () => {
    const bonus = sum(
      wd.attackBonus(f, d, powerSource({ range: "ranged" }), weaponSource({ name: "Longbow", ranged: true })),
    );
    expect(bonus).toBe(7);
    expect(wd.resolveAttack(atk([10], bonus, 17)).result).toBe("hit");
    expect(wd.resolveAttack(atk([10], bonus, 17, { situation: blankSituation({ bonus: -2 }) })).result).toBe("miss");
  });

  it("[WD-NAT] a natural 1 misses at +30 against AC 5; a natural 20 is a critical hit at −30 against AC 40", () => {
    expect(wd.resolveAttack(atk([1], 30, 5)).isHit).toBe(false);
    const crit = wd.resolveAttack(atk([20], -30, 40));
    expect(crit.result).toBe("crit");
    expect(crit.isHit).toBe(true);
    expect(wd.resolveAttack(atk([19], 30, 5)).result).toBe("hit");
  });

  it("[WD-BLOODIED] [WD-WOUNDED] a bloodied and wounded attacker takes −2: a natural 11 with +8 no longer reaches AC 18", () => {
    const beaten = hurt(40, 30);
    const penalties = wd.deriveActor(beaten, {}).attackPenalties;
    expect(sum(penalties)).toBe(-2);
    const input = atk([11], 8, 18, {
      attacker: { kind: "character", usesEscalation: false, penalties, conditions: [], exhaustion: 0 },
    });
    expect(wd.resolveAttack(input).result).toBe("miss");
    expect(wd.resolveAttack(atk([11], 8, 18)).result).toBe("hit");
  });
});

describe("WD rules text: damage dice", () => {
  let f: ActorSource;
  let d: DerivedActor;
  beforeEach(() => {
    f = fighter();
    d = wd.deriveActor(f, {});
  });
  const dmg = (w = weaponSource(), p = powerSource(), a = f) =>
    formatDamage(wd.damageExpression(a, wd.deriveActor(a, {}), p, w)!);

  it("[WD-DMG] longsword: 1d8 + BCB 5 (proficient) + Str 3 = 1d8 + 8; not proficient: 1d8 + 3", () => {
    expect(dmg()).toBe("1d8 + 8");
    expect(dmg(weaponSource({ proficient: false }))).toBe("1d8 + 3");
  });

  it("[WD-DMG] off-hand adds half Str (16 → +1), two-handed one and a half (+4), but not with a light weapon (+3)", () => {
    expect(dmg(weaponSource({ name: "Short sword", damageDice: "1d6", light: true, offHand: true }))).toBe("1d6 + 6");
    expect(dmg(weaponSource({ name: "Greatsword", damageDice: "2d6", twoHanded: true }))).toBe("2d6 + 9");
    expect(dmg(weaponSource({ name: "Dagger", damageDice: "1d4", light: true, twoHanded: true }))).toBe("1d4 + 8");
    const strong = fighter({ abilities: { str: 18, dex: 10, con: 10, int: 10, wis: 10, cha: 10 } });
    expect(dmg(weaponSource({ name: "Greatsword", damageDice: "2d6", twoHanded: true }), powerSource(), strong)).toBe(
      "2d6 + 11",
    );
    void d;
  });

  it("[WD-DMG] ammunition weapons add no Str; thrown weapons do", () => {
    expect(dmg(weaponSource({ name: "Longbow", ranged: true }), powerSource({ range: "ranged" }))).toBe("1d8 + 5");
    expect(
      dmg(
        weaponSource({ name: "Javelin", damageDice: "1d6", ranged: true, thrown: true }),
        powerSource({ range: "ranged" }),
      ),
    ).toBe("1d6 + 8");
  });

  it("[WD-DMG] penalties can't take a hit below 1: a Str 6 (−2) untrained dagger rolling 1 still deals 1", () => {
    const weakling = fighter({ abilities: { str: 6, dex: 10, con: 10, int: 10, wis: 10, cha: 10 } });
    const expr = wd.damageExpression(
      weakling,
      wd.deriveActor(weakling, {}),
      powerSource(),
      weaponSource({ damageDice: "1d4", proficient: false }),
    )!;
    expect(formatDamage(expr)).toBe("1d4 - 2");
    expect(recipeDamage(wd.damageRecipe(recipeInput("hit", expr))!, 1 - 2)).toBe(1);
    expect(recipeDamage(wd.damageRecipe(recipeInput("crit", expr))!, 1 - 2)).toBe(1);
    expect(wd.damageRecipe(recipeInput("miss", expr))).toBeNull();
  });

  it("[WD-NAT] critical damage, every option: double total (13 → 26, the default when unset), double dice, maximum + roll", () => {
    const expr = wd.damageExpression(f, d, powerSource(), weaponSource())!; // 1d8 + 8
    const total = (options: Record<string, string>, rolled: number) =>
      recipeDamage(wd.damageRecipe(recipeInput("crit", expr, { options }))!, rolled);
    expect(total({}, 5 + 8)).toBe(26);
    expect(total({ critDamage: "doubleTotal" }, 5 + 8)).toBe(26);
    const doubleDice = wd.damageRecipe(recipeInput("crit", expr, { options: { critDamage: "doubleDice" } }))!;
    expect(formatDamage(doubleDice.roll)).toBe("2d8 + 8");
    expect(recipeDamage(doubleDice, 5 + 3 + 8)).toBe(16);
    expect(total({ critDamage: "maxPlusRoll" }, 5 + 8)).toBe(21);
  });
});

describe("WD rules text: armor class", () => {
  it("[WD-AC] [WD-TOUCH] [WD-FLAT] Dex 14, chain shirt +4, shield +1: AC 17, touch 13, flat-footed 15", () => {
    const a = fighter({ armor: { armorBonus: 4, shieldBonus: 1, maxDex: 4, heavy: false } });
    const { ac, touch, flat } = wd.deriveActor(a, {}).defenses;
    expect([ac, touch, flat]).toEqual([17, 13, 15]);
  });

  it("[WD-AC] armor limits the Dex bonus: Dex 18 (+4) in armor allowing +1 gives AC 10 + 6 + 1", () => {
    const a = fighter({
      abilities: { str: 10, dex: 18, con: 10, int: 10, wis: 10, cha: 10 },
      armor: { armorBonus: 6, shieldBonus: 0, maxDex: 1, heavy: true },
    });
    expect(wd.deriveActor(a, {}).defenses.ac).toBe(17);
  });

  it("[WD-FLAT] caught off guard a clumsy creature (Dex 8, −1) keeps its penalty: AC 9, flat-footed 9; an unarmored peasant has AC 10", () => {
    const clumsy = fighter({ abilities: { str: 10, dex: 8, con: 10, int: 10, wis: 10, cha: 10 } });
    expect(wd.deriveActor(clumsy, {}).defenses.ac).toBe(9);
    expect(wd.deriveActor(clumsy, {}).defenses.flat).toBe(9);
    expect(wd.deriveActor(defaultActorSource(), {}).defenses.ac).toBe(10);
  });
});

describe("WD rules text: damage, thresholds and wounds", () => {
  it("[WD-BLOODIED] [WD-WOUNDED] 40 HP: 19 damage is nothing, 20 bloodied (−1, initiative too), 30 wounded (−2)", () => {
    const pen = (dmg: number) => sum(wd.deriveActor(hurt(40, dmg), {}).attackPenalties);
    expect(pen(19)).toBe(0);
    expect(pen(20)).toBe(-1);
    expect(pen(29)).toBe(-1);
    expect(pen(30)).toBe(-2);
    expect(wd.initiativeFormula(hurt(40, 30), wd.deriveActor(hurt(40, 30), {}))).toBe("1d20 + 5");
    expect(wd.initiativeFormula(hurt(40, 0), wd.deriveActor(hurt(40, 0), {}))).toBe("1d20 + 7");
  });

  it("[WD-WOUNDPTS] 40 HP (wounded at 30): 25 damage, then 8 (wound of 3), then 4 (wound of 4); healing can't go below the 7 wound points", () => {
    let a = wd.applyDamage(fighter(), damagePacket(25), {}, "A").actor;
    expect(a.wounds).toEqual([]);
    a = wd.applyDamage(a, damagePacket(8), {}, "A").actor;
    expect(a.wounds.map((w) => w.severity)).toEqual([3]);
    a = wd.applyDamage(a, damagePacket(4), {}, "A").actor;
    expect(a.wounds.map((w) => w.severity)).toEqual([3, 4]);
    expect(a.wounds.every((w) => !w.nasty)).toBe(true);
    expect(wd.deriveActor(a, {}).damageTaken).toBe(37);
    const healed = wd.applyHealing(a, 100, "heal", {}, "A").actor;
    expect(wd.deriveActor(healed, {}).damageTaken).toBe(7);
    // Damage again after healing: the wounded threshold is counted from the total again.
    const again = wd.applyDamage(healed, damagePacket(25), {}, "A").actor;
    expect(again.wounds.map((w) => w.severity)).toEqual([3, 4, 2]);
  });

  it("[WD-NASTY] a wound from a critical hit is nasty; nonlethal damage makes no wound", () => {
    const crit = wd.applyDamage(hurt(40, 28), damagePacket(6, { critical: true }), {}, "A").actor;
    expect(crit.wounds).toEqual([{ severity: 4, location: "", nasty: true }]);
    const soft = wd.applyDamage(hurt(40, 28), damagePacket(6, { nonlethal: true }), {}, "A").actor;
    expect(soft.wounds).toEqual([]);
    expect(wd.deriveActor(soft, {}).damageTaken).toBe(34);
  });

  it("[WD-DAMAGE] damage goes on past HP (HP negative); temporary HP soak first; a 0-damage packet changes nothing", () => {
    const r = wd.applyDamage(hurt(40, 38), damagePacket(7), {}, "A");
    expect(r.actor.hp.value).toBe(-5);
    expect(r.requests[0]?.kind).toBe("deathSave");
    const temp = wd.applyHealing(fighter(), 6, "temp", {}, "A").actor;
    const t = wd.applyDamage(temp, damagePacket(10), {}, "A");
    expect(t.absorbedByTemp).toBe(6);
    expect(t.actor.hp).toEqual({ value: 36, max: 40, temp: 0 });
    const zero = wd.applyDamage(hurt(40, 39), damagePacket(0), {}, "A");
    expect(zero.actor).toEqual(hurt(40, 39));
    expect(zero.requests).toEqual([]);
  });
});

describe("WD rules text: death and dying", () => {
  it("[WD-DEATHDC] 40 HP taking 47 in total: DC 13 (10 + 7/2); 13 staggered, 4 dying, 3 dead", () => {
    const r = wd.applyDamage(hurt(40, 30), damagePacket(17), {}, "A");
    const req = r.requests[0]!;
    expect(req.target).toBe(13);
    expect(req.formula).toBe("1d20 + 2");
    expect(roll(r.actor, req, 13, 11).state).toBe("staggered");
    expect(roll(r.actor, req, 4, 2).state).toBe("dying");
    expect(roll(r.actor, req, 3, 1).state).toBe("dead");
  });

  it("[WD-STAGGER] a staggered fighter hit again saves anew: a success still means dying, failing by 10 means dead", () => {
    const staggered = hurt(40, 44, { state: "staggered" });
    const r = wd.applyDamage(staggered, damagePacket(2), {}, "A"); // 46 → DC 13
    const req = r.requests[0]!;
    expect(req.target).toBe(13);
    expect(roll(r.actor, req, 20, 18).state).toBe("dying");
    expect(roll(r.actor, req, 3, 1).state).toBe("dead");
    expect(wd.actsThisRound(turnContext([combatantSource("s", staggered)]), combatantSource("s", staggered))).toBe(
      true,
    );
  });

  it("[WD-DYING] a whole dying spell: round-end saves, 1 Con each, 4 successes (with 2 failures between) make it stable", () => {
    const dying = hurt(40, 44, { state: "dying" }); // DC 12
    const c = combatantSource("hero", dying);
    let cs: CombatantSource[] = [c];
    const outcomes: [number, number][] = [
      [12, 10], // success
      [5, 3], // failure
      [15, 13], // success
      [8, 6], // failure
      [14, 12], // success
    ];
    for (const o of outcomes) {
      const ctx = turnContext(cs, { round: 2 });
      cs = runPlan(ctx, wd.onRoundEnd(ctx), [o]);
    }
    expect(cs[0]!.actor.state).toBe("dying");
    expect(cs[0]!.actor.deathSaves).toEqual({ successes: 3, failures: 2 });
    expect(cs[0]!.actor.constitutionDamage).toBe(5);
    const ctx = turnContext(cs, { round: 7 });
    cs = runPlan(ctx, wd.onRoundEnd(ctx), [[19, 17]]);
    expect(cs[0]!.actor.state).toBe("stable");
    expect(cs[0]!.actor.constitutionDamage).toBe(6);
    // The stable creature makes no round-end save.
    expect(wd.onRoundEnd(turnContext(cs))).toEqual([]);
  });

  it("[WD-DYING] three failures kill; a natural 20 stabilises at once; a natural 1 kills at once", () => {
    const dying = hurt(40, 44, { state: "dying", deathSaves: { successes: 0, failures: 2 } });
    const req = wd.deathSaveRequest(dying, wd.deriveActor(dying, {}), "A")!;
    expect(roll(dying, req, 11, 9).state).toBe("dead");
    const fresh = hurt(40, 44, { state: "dying" });
    expect(roll(fresh, req, 22, 20).state).toBe("stable");
    expect(roll(fresh, req, 25, 1).state).toBe("dead");
    // One failure by 10 or more on a round-end save is only a failure.
    const once = roll(fresh, req, 1, 2);
    expect(once.state).toBe("dying");
    expect(once.deathSaves.failures).toBe(1);
  });

  it("[WD-DYING] damage while dying forces an immediate save against the new total; surviving keeps the count", () => {
    const dying = hurt(40, 44, { state: "dying", deathSaves: { successes: 2, failures: 1 } });
    const r = wd.applyDamage(dying, damagePacket(6), {}, "A"); // 50 → DC 15
    const req = r.requests[0]!;
    expect(req.target).toBe(15);
    const survived = roll(r.actor, req, 10, 8);
    expect(survived.state).toBe("dying");
    expect(survived.deathSaves).toEqual({ successes: 2, failures: 1 });
    expect(roll(r.actor, req, 5, 3).state).toBe("dead");
  });

  it("[WD-STABLE] hourly save of a stable creature (DC 12): 17 wakes staggered, 16 stays stable, 11 is dying again; 1 Con each", () => {
    const stable = hurt(40, 44, { state: "stable" });
    const req = wd.deathSaveRequest(stable, wd.deriveActor(stable, {}), "A")!;
    expect(req.target).toBe(12);
    expect(roll(stable, req, 17, 15).state).toBe("staggered");
    expect(roll(stable, req, 16, 14).state).toBe("stable");
    const worse = roll(stable, req, 11, 9);
    expect(worse.state).toBe("dying");
    expect(worse.constitutionDamage).toBe(1);
  });

  it("[WD-NONLETHAL] a nonlethal blow to 47/40 (DC 13): 13 staggered, 4 unconscious (not dying), 3 dying (not dead); no wound", () => {
    const r = wd.applyDamage(hurt(40, 30), damagePacket(17, { nonlethal: true }), {}, "A");
    const req = r.requests[0]!;
    expect(r.actor.wounds).toEqual([]);
    expect(roll(r.actor, req, 13, 11).state).toBe("staggered");
    expect(roll(r.actor, req, 4, 2).state).toBe("unconscious");
    expect(roll(r.actor, req, 3, 1).state).toBe("dying");
  });

  it("[WD-DYING] [WD-STABLE] dying, stable and unconscious creatures take no turn; the dead neither", () => {
    for (const state of ["dying", "stable", "unconscious", "dead"] as const) {
      const c = combatantSource("x", hurt(40, 44, { state }));
      expect(wd.actsThisRound(turnContext([c], { round: 2 }), c)).toBe(false);
    }
  });

  it("[WD-DAMAGE] healing a dying creature back under its HP brings it up; the dead are not healed", () => {
    const dying = hurt(40, 44, { state: "dying", deathSaves: { successes: 1, failures: 2 } });
    const up = wd.applyHealing(dying, 10, "heal", {}, "A").actor;
    expect(up.state).toBe("active");
    expect(up.deathSaves).toEqual({ successes: 0, failures: 0 });
    expect(wd.applyHealing(dying, 3, "heal", {}, "A").actor.state).toBe("dying");
    const dead = hurt(40, 60, { state: "dead" });
    expect(wd.applyHealing(dead, 50, "heal", {}, "A").actor).toEqual(dead);
  });
});

describe("WD rules text: saving throws", () => {
  it("[WD-SAVES] base 3, Cha 14, Wis 16, Dex 12: Charm +6 (the higher), Reflex +4, Death/Fear/Spell +3", () => {
    const a = fighter({ baseSaveBonus: 3, abilities: { str: 10, dex: 12, con: 10, int: 10, wis: 16, cha: 14 } });
    expect(wd.deriveActor(a, {}).saves).toEqual({ charm: 6, reflex: 4, death: 3, fear: 3, spell: 3 });
    expect(wd.saveRequest(a, wd.deriveActor(a, {}), "charm", "normal", "A").formula).toBe("1d20 + 6");
  });

  it("[WD-SAVES] a natural 1 always fails and a natural 20 always succeeds (DC 15)", () => {
    const a = fighter();
    const req = { ...wd.saveRequest(a, wd.deriveActor(a, {}), "reflex", "normal", "A"), target: 15 };
    const key = (total: number, natural: number) => wd.resolveRoll(a, req, { total, natural }, {}).events[0]?.key;
    expect(key(31, 1)).toMatch(/SaveFailure/);
    expect(key(12, 20)).toMatch(/SaveSuccess/);
    expect(key(15, 11)).toMatch(/SaveSuccess/);
    expect(key(14, 10)).toMatch(/SaveFailure/);
  });
});

describe("WD rules text: the round", () => {
  it("[WD-SURPRISE] two aware of one unaware: a surprise round where only the aware roll and act; the unaware is flat-footed until its first turn", () => {
    const a = combatantSource("a", fighter());
    const b = combatantSource("b", fighter());
    const u = combatantSource("u", fighter({ kind: "npc" }), { aware: false });
    const start = turnContext([a, b, u]);
    const cs = runPlan(start, wd.onCombatStart(start));
    expect(cs[2]!.effects.flatMap((e) => e.statuses)).toContain("flatFooted");
    const surprise = turnContext(cs, { surpriseRound: true });
    const reroll = wd.onRoundStart(surprise).find((s) => s.kind === "rerollInitiative");
    expect(reroll && reroll.kind === "rerollInitiative" && reroll.combatantIds).toEqual(["a", "b"]);
    expect(wd.actsThisRound(surprise, cs[2]!)).toBe(false);
    expect(wd.actsThisRound(surprise, cs[0]!)).toBe(true);
    // The first regular round: everyone rolls and acts; the flat-footed effect ends when u's turn starts.
    const regular = turnContext(cs, { round: 2 });
    const all = wd.onRoundStart(regular).find((s) => s.kind === "rerollInitiative");
    expect(all && all.kind === "rerollInitiative" && all.combatantIds).toEqual(["a", "b", "u"]);
    expect(wd.actsThisRound(regular, cs[2]!)).toBe(true);
    const after = runPlan(regular, wd.onTurnStart({ ...regular, combatantId: "u" }));
    expect(after[2]!.effects).toEqual([]);
  });

  it("[WD-SURPRISE] everyone aware, or no one: no surprise round", () => {
    const aware = [combatantSource("a", fighter()), combatantSource("b", fighter())];
    expect(wd.onCombatStart(turnContext(aware))).toEqual([]);
    const none = aware.map((c) => ({ ...c, aware: false }));
    expect(wd.onCombatStart(turnContext(none))).toEqual([]);
  });

  it("[WD-INIT] initiative is 1d20 + BCB + Dex modifier and is rolled again every round", () => {
    const a = fighter();
    expect(wd.initiativeFormula(a, wd.deriveActor(a, {}))).toBe("1d20 + 7");
    expect(wd.initiative.mode).toBe("everyRound");
    const ctx = turnContext([combatantSource("a", a), combatantSource("b", fighter())], { round: 5 });
    expect(wd.onRoundStart(ctx)).toEqual([{ kind: "rerollInitiative", combatantIds: ["a", "b"] }]);
  });

  it("[WD-TIES] equal initiative acts at the same moment: 18, 12, 12, 7 gives three slots, the tie together", () => {
    const cs = [
      combatantSource("a", fighter(), { initiative: 12 }),
      combatantSource("b", fighter(), { initiative: 18 }),
      combatantSource("c", fighter(), { initiative: 7 }),
      combatantSource("d", fighter(), { initiative: 12 }),
    ];
    expect(wd.order(turnContext(cs)).map((s) => s.combatantIds)).toEqual([["b"], ["a", "d"], ["c"]]);
  });

  it("[WD-TIES] two combatants on the same count can fell each other: both blows land", () => {
    const a = hurt(20, 15);
    const b = hurt(20, 15);
    const aHit = wd.applyDamage(a, damagePacket(8), {}, "A");
    const bHit = wd.applyDamage(b, damagePacket(8), {}, "B");
    expect(aHit.requests[0]?.kind).toBe("deathSave");
    expect(bHit.requests[0]?.kind).toBe("deathSave");
  });
});

describe("WD rules text: recovery", () => {
  it("[WD-RECOVERY] a recovery die removes damage but not wound points, and is refused as an in-combat rally", () => {
    const a = wd.applyDamage(fighter(), damagePacket(36), {}, "A").actor; // wound of 6
    const start = wd.startRecovery(a, false, {}, "A");
    expect(start.requests[0]?.kind).toBe("recovery");
    const healed = wd.resolveRoll(a, start.requests[0]!, { total: 40, natural: null }, {}).actor;
    expect(wd.deriveActor(healed, {}).damageTaken).toBe(6);
    expect(healed.recoveries.value).toBe(a.recoveries.value - 1);
    expect(wd.startRecovery(a, true, {}, "A").requests).toEqual([]);
  });
});

describe("WD rules text: staggered actions, heal checks, odds", () => {
  it("[WD-STAGGER] a staggered fighter (47/40, DC 13) takes a major action: 13 stays staggered, 12 is dying after the action; healing to 35 damage gets it up", () => {
    const staggered = hurt(40, 47, { state: "staggered" });
    const req = strenuousActionRequest(staggered, "A")!;
    expect(req.target).toBe(13);
    expect(roll(staggered, req, 13, 11).state).toBe("staggered");
    expect(roll(staggered, req, 12, 10).state).toBe("dying");
    const up = wd.applyHealing(staggered, 12, "heal", {}, "A").actor;
    expect(up.state).toBe("active");
    expect(wd.deriveActor(up, {}).damageTaken).toBe(35);
  });

  it("[WD-HEALCHECK] an adjacent ally's Heal check (default DC 15) turns dying into stable, stable into staggered; a miss changes nothing", () => {
    const dying = hurt(40, 44, { state: "dying", deathSaves: { successes: 1, failures: 1 } });
    const req = healCheckRequest(dying, "A", 4, {})!;
    expect(req.target).toBe(15);
    expect(req.formula).toBe("1d20 + 4");
    expect(roll(dying, req, 15, 11).state).toBe("stable");
    expect(roll(dying, req, 14, 10).state).toBe("dying");
    const stable = hurt(40, 44, { state: "stable" });
    expect(roll(stable, healCheckRequest(stable, "A", 4, {})!, 18, 14).state).toBe("staggered");
    expect(healCheckRequest(fighter(), "A", 4, {})).toBeNull();
    expect(healCheckRequest(dying, "A", 4, { healCheckDC: 20 })!.target).toBe(20);
  });

  it("[WD-ATK] [WD-NAT] +8 against AC 17: naturals 9–19 hit, 20 crits, 1–8 miss (12 in 20 land)", () => {
    const { dice: _d, ...input } = atk([10], 8, 17);
    const odds = attackOdds(wd, input);
    expect(odds.hit).toBeCloseTo(11 / 20, 12);
    expect(odds.crit).toBeCloseTo(1 / 20, 12);
    expect(odds.hitOrCrit).toBeCloseTo(12 / 20, 12);
  });
});
