/**
 * Rules-text scenarios for 13th Age: each sentence of the rules text with a mechanical
 * consequence, played through the public Ruleset interface only (getRuleset → deriveActor,
 * attackBonus, resolveAttack, damageRecipe, applyDamage, the turn cycle …) with realistic numbers,
 * the way an outsider checking the text against the engine would.
 */
import { describe, expect, it } from "vitest";
import { defaultActorSource } from "../../../src/engine/common.js";
import { attackOdds, recipeDamage } from "../../../src/engine/odds.js";
import { getRuleset } from "../../../src/engine/registry.js";
import type {
  ActorSource,
  AttackOutcome,
  CombatantSource,
  DamagePacket,
  PowerSource,
  RollRequest,
  RollResult,
  RuleOptions,
  TurnContext,
  TurnStep,
  WeaponSource,
} from "../../../src/engine/types.js";
import {
  attackInput,
  blankSituation,
  combatantSource,
  damagePacket,
  effectSource,
  powerSource,
  turnContext,
  weaponSource,
} from "../../support/engine-fixtures.js";
import { runPlan } from "../../../src/engine/plans/turns.js";
import { totalFromFaces } from "../../support/recorded-dice.js";

const rs = getRuleset("13th-age");

function recoveries(over: Partial<ActorSource["recoveries"]> = {}): ActorSource["recoveries"] {
  return {
    value: 8,
    max: 8,
    formula: "3d8+2",
    noRecoveryUses: 0,
    ralliesThisBattle: 0,
    battlesSinceHealUp: 0,
    ...over,
  };
}

/** A PC with `hp` of `max` HP (30 by default). */
function hero(over: Partial<ActorSource> = {}, hp = 30, max = 30): ActorSource {
  return defaultActorSource({ kind: "character", hp: { value: hp, max, temp: 0 }, recoveries: recoveries(), ...over });
}

function monster(over: Partial<ActorSource> = {}, hp = 20): ActorSource {
  return defaultActorSource({ kind: "npc", hp: { value: hp, max: hp, temp: 0 }, ...over });
}

/** Everything an adapter does for one attack of `actor` with `power` against a defense. */
function attackWith(
  actor: ActorSource,
  power: PowerSource,
  weapon: WeaponSource | null,
  natural: number,
  defense: number,
  over: { escalation?: number; options?: RuleOptions; targetVuln?: string[] } = {},
): AttackOutcome {
  const derived = rs.deriveActor(actor, over.options ?? {});
  const parts = rs.attackBonus(actor, derived, power, weapon);
  return rs.resolveAttack(
    attackInput({
      dice: [natural],
      attackBonus: parts.reduce((s, m) => s + m.value, 0),
      bonusParts: parts,
      defense: { key: power.defense, value: defense },
      range: power.range,
      situation: blankSituation(),
      escalation: over.escalation ?? 0,
      attacker: {
        kind: actor.kind,
        usesEscalation: actor.usesEscalation,
        penalties: derived.attackPenalties,
        conditions: actor.conditions,
        exhaustion: 0,
      },
      target: {
        conditions: [],
        vulnerabilities: (over.targetVuln ?? []).map((type) => ({ type, value: 0 })),
        exhaustion: 0,
      },
      damageTypes: power.damageTypes,
      critRange: power.critRange,
      hasMissEffect: power.missEffect !== "none",
      options: over.options ?? {},
    }),
  );
}

/** Damage of an outcome with the given dice faces (null = no damage at all). */
function damageOf(
  actor: ActorSource,
  power: PowerSource,
  weapon: WeaponSource | null,
  outcome: AttackOutcome,
  faces: number[],
  options: RuleOptions = {},
): number | null {
  const derived = rs.deriveActor(actor, options);
  const hit = rs.damageExpression(actor, derived, power, weapon);
  const miss = power.missEffect === "formula" && power.missDamage ? { dice: [], flat: Number(power.missDamage) } : null;
  const recipe = rs.damageRecipe({
    outcome: outcome.result,
    hit,
    miss,
    missEffect: power.missEffect,
    missApplies: outcome.missEffect,
    critExtra: null,
    types: power.damageTypes,
    options,
  });
  if (!recipe) return null;
  return recipeDamage(recipe, totalFromFaces(recipe.roll, faces));
}

function hit(amount: number, natural: number | null, over: Partial<DamagePacket> = {}): DamagePacket {
  return damagePacket(amount, { natural, ...over });
}

// ---- turn plans run through the production runner on recorded dice -----------------------------

/** Bonus written in a `1d20 + 3` / `1d20 - 2` formula. */
function formulaBonus(formula: string): number {
  const m = formula.replace(/\s+/g, "").match(/^(?:1d20|2d20k[hl])([+-]\d+)?$/);
  if (!m) throw new Error(`not a d20 formula: ${formula}`);
  return m[1] ? Number(m[1]) : 0;
}

/** Roll results in order: a d20 request takes a natural face, a recovery request a total. */
type Dice = number[];

function rollFor(request: RollRequest, dice: Dice): RollResult {
  const n = dice.shift();
  if (n === undefined) throw new Error(`no die left for ${request.kind}`);
  if (request.kind === "recovery") return { total: n, natural: null };
  return { total: n + formulaBonus(request.formula), natural: n };
}

function byActor(ctx: TurnContext, actorId: string): CombatantSource {
  const c = ctx.combatants.find((x) => x.actorId === actorId);
  if (!c) throw new Error(`no combatant for ${actorId}`);
  return c;
}

function setActor(ctx: TurnContext, actorId: string, actor: ActorSource): void {
  byActor(ctx, actorId).actor = structuredClone(actor);
}

/** Effect ids the runner's addEffect port hands out (unique across every plan of the file). */
let effectIds = 0;

/**
 * Run a plan through the production runner (`runPlan`, src/engine/plans/turns.ts) on recorded dice;
 * no step may fail. Writes the snapshots the plan left back into `ctx` (a working copy) and
 * returns every event key seen.
 */
async function run(ctx: TurnContext, steps: TurnStep[], dice: Dice = []): Promise<string[]> {
  const out = await runPlan(rs, ctx, steps, {
    roll: async (request) => rollFor(request, dice),
    applyActor: async () => {},
    addEffect: async () => `fx${++effectIds}`,
    removeEffect: async () => {},
    updateEffect: async () => {},
    rerollInitiative: async () => {},
    post: async () => {},
    log: () => {},
  });
  expect(out.errors.map((e) => String(e.error))).toEqual([]);
  ctx.combatants = out.ctx.combatants;
  return out.lines.flatMap((l) => l.events.map((e) => e.key));
}

/** Start and end of `id`'s turn in `round`, with the given dice for the rolls asked. */
async function turn(ctx: TurnContext, id: string, round: number, dice: Dice = []): Promise<string[]> {
  ctx.round = round;
  ctx.combatantId = id;
  const a = await run(ctx, rs.onTurnStart(ctx), dice);
  const b = await run(ctx, rs.onTurnEnd(ctx), dice);
  ctx.combatantId = null;
  return [...a, ...b];
}

const sword = weaponSource({ damageDice: "1d8", name: "Longsword" });
const swing = powerSource({ attackAbility: "str", defense: "ac", damage: "1[W]+4" });

// =================================================================================================

describe("13th Age rules text: attack rolls", () => {
  it("[13A-ATK] a level-5 fighter with 16 Str (+3) hits AC 17 with a natural 9 and misses with an 8", () => {
    const fighter = hero({ level: 5, abilities: { str: 16, dex: 10, con: 10, int: 10, wis: 10, cha: 10 } });
    // +3 Str, +5 level = +8: 9 + 8 = 17 meets AC 17, 8 + 8 = 16 falls short.
    const yes = attackWith(fighter, swing, sword, 9, 17);
    expect(yes.total).toBe(17);
    expect(yes.result).toBe("hit");
    const no = attackWith(fighter, swing, sword, 8, 17);
    expect(no.total).toBe(16);
    expect(no.result).toBe("miss");
  });

  it("[13A-ATK] spells use the spell's attack bonus against PD or MD, not AC", () => {
    const wizard = hero({ level: 3, abilities: { str: 8, dex: 10, con: 10, int: 18, wis: 10, cha: 10 } });
    const spell = powerSource({ attackAbility: "int", defense: "md", range: "ranged", damage: "3d6" });
    const o = attackWith(wizard, spell, null, 7, 14);
    // +4 Int, +3 level: 7 + 7 = 14 against MD 14.
    expect(o.defenseKey).toBe("md");
    expect(o.total).toBe(14);
    expect(o.isHit).toBe(true);
    expect(rs.defenses.map((d) => d.key)).toEqual(["ac", "pd", "md"]);
  });

  it("[13A-ATK] a monster uses its stat-block attack bonus (no level added)", () => {
    const orc = monster({ level: 4 });
    const axe = powerSource({ attackAbility: null, attackBonus: 9, damage: "10" });
    const o = attackWith(orc, axe, null, 7, 16);
    expect(o.total).toBe(16);
    expect(o.result).toBe("hit");
  });

  it("[13A-ESC] the die is 0 in round one and +1 at each later round start, PCs add it, ordinary monsters don't", () => {
    const values = [1, 2, 3, 4, 7, 12].map((round) => {
      const steps = rs.onRoundStart(turnContext([], { round }));
      const n = steps.find((s) => s.kind === "notice");
      return n && n.kind === "notice" ? n.event.data?.["value"] : undefined;
    });
    expect(values).toEqual([0, 1, 2, 3, 6, 6]);
    const rogue = hero({ level: 2, abilities: { str: 10, dex: 16, con: 10, int: 10, wis: 10, cha: 10 } });
    const stab = powerSource({ attackAbility: "dex", damage: "1d8+3" });
    // Round 4: escalation 3. 10 + 3 Dex + 2 level + 3 = 18.
    expect(attackWith(rogue, stab, null, 10, 18, { escalation: 3 }).result).toBe("hit");
    expect(attackWith(rogue, stab, null, 10, 18, { escalation: 0 }).result).toBe("miss");
    const goblin = monster();
    const cut = powerSource({ attackAbility: null, attackBonus: 5, damage: "4" });
    expect(attackWith(goblin, cut, null, 10, 18, { escalation: 3 }).total).toBe(15);
    const dragon = monster({ usesEscalation: true });
    expect(attackWith(dragon, cut, null, 10, 18, { escalation: 3 }).total).toBe(18);
  });

  it("[13A-NAT1] a natural 1 misses with +30 and even a miss-damage power deals nothing", () => {
    const champ = hero({ level: 10, attackBonus: 20 });
    const withMiss = powerSource({ damage: "1[W]+4", missEffect: "formula", missDamage: "10" });
    const o = attackWith(champ, withMiss, sword, 1, 5);
    expect(o.result).toBe("autoMiss");
    expect(o.isHit).toBe(false);
    expect(o.missEffect).toBe(false);
    expect(damageOf(champ, withMiss, sword, o, [])).toBeNull();
  });

  it("[13A-MISS] a PC's miss damage applies on an ordinary miss; a hit deals the dice instead", () => {
    const fighter = hero({ level: 3, abilities: { str: 18, dex: 10, con: 10, int: 10, wis: 10, cha: 10 } });
    const cleave = powerSource({ damage: "1[W]+4", missEffect: "formula", missDamage: "3" });
    const miss = attackWith(fighter, cleave, sword, 5, 20);
    expect(miss.result).toBe("miss");
    expect(miss.missEffect).toBe(true);
    expect(damageOf(fighter, cleave, sword, miss, [])).toBe(3);
    const ok = attackWith(fighter, cleave, sword, 15, 20);
    expect(ok.missEffect).toBe(false);
    expect(damageOf(fighter, cleave, sword, ok, [6])).toBe(10);
    // A monster whose attack does half damage on a miss.
    const ogre = monster();
    const club = powerSource({ attackAbility: null, attackBonus: 8, damage: "18", missEffect: "half" });
    const o = attackWith(ogre, club, null, 2, 17);
    expect(damageOf(ogre, club, null, o, [])).toBe(9);
    // A power without a miss effect does nothing on a miss.
    const plain = attackWith(fighter, swing, sword, 5, 20);
    expect(damageOf(fighter, swing, sword, plain, [])).toBeNull();
  });

  it("[13A-DMG] PCs roll their damage dice, monsters deal their flat number", () => {
    const fighter = hero({ level: 1 });
    const o = attackWith(fighter, powerSource({ damage: "2[W]+3" }), sword, 15, 12);
    expect(damageOf(fighter, powerSource({ damage: "2[W]+3" }), sword, o, [4, 7])).toBe(14);
    const troll = monster();
    const claw = powerSource({ attackAbility: null, attackBonus: 10, damage: "14" });
    const t = attackWith(troll, claw, null, 12, 18);
    expect(damageOf(troll, claw, null, t, [])).toBe(14);
  });
});

describe("13th Age rules text: critical hits", () => {
  const fighter = hero({ level: 4, abilities: { str: 16, dex: 10, con: 10, int: 10, wis: 10, cha: 10 } });

  it("[13A-NAT20] a natural 20 is a crit for double damage (default: the whole roll doubled)", () => {
    const o = attackWith(fighter, swing, sword, 20, 18);
    expect(o.result).toBe("crit");
    // 1d8 + 4 rolled as 5 + 4 = 9, doubled = 18; options left out entirely = the default.
    expect(damageOf(fighter, swing, sword, o, [5])).toBe(18);
    expect(damageOf(fighter, swing, sword, o, [5], { critDamage: "doubleTotal" })).toBe(18);
  });

  it("[13A-NAT20] option doubleDice rolls twice the dice and adds the flat part once", () => {
    const o = attackWith(fighter, swing, sword, 20, 18, { options: { critDamage: "doubleDice" } });
    // 2d8 + 4 with 5 and 3 = 12.
    expect(damageOf(fighter, swing, sword, o, [5, 3], { critDamage: "doubleDice" })).toBe(12);
  });

  it("[13A-NAT20] a monster's flat damage is doubled too", () => {
    const wyrm = monster();
    const bite = powerSource({ attackAbility: null, attackBonus: 12, damage: "25" });
    const o = attackWith(wyrm, bite, null, 20, 22);
    expect(damageOf(wyrm, bite, null, o, [])).toBe(50);
  });

  it("[13A-NAT20] at −30 a natural 20 still crits by default; with nat20AlwaysHits off it is a plain miss", () => {
    const weakling = hero({ level: 1, attackBonus: -31 });
    const o = attackWith(weakling, swing, sword, 20, 15);
    expect(o.total).toBeLessThan(15);
    expect(o.result).toBe("crit");
    expect(o.autoHit).toBe(true);
    const off = attackWith(weakling, swing, sword, 20, 15, { options: { nat20AlwaysHits: false } });
    expect(off.result).toBe("miss");
    expect(off.isCrit).toBe(false);
  });

  it("[13A-VULN] a creature vulnerable to fire is critted by fire attacks on 18+, other attacks still need a 20", () => {
    const sorc = hero({ level: 3, abilities: { str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 18 } });
    const fire = powerSource({
      attackAbility: "cha",
      defense: "pd",
      range: "ranged",
      damage: "2d6+4",
      damageTypes: ["fire"],
    });
    const cold = { ...fire, damageTypes: ["cold"] };
    // +4 Cha +3 level = +7 against PD 14.
    expect(attackWith(sorc, fire, null, 18, 14, { targetVuln: ["fire"] }).result).toBe("crit");
    expect(attackWith(sorc, fire, null, 17, 14, { targetVuln: ["fire"] }).result).toBe("hit");
    expect(attackWith(sorc, cold, null, 18, 14, { targetVuln: ["fire"] }).result).toBe("hit");
    expect(attackWith(sorc, fire, null, 18, 14).result).toBe("hit");
    const o = attackWith(sorc, fire, null, 19, 14, { targetVuln: ["fire"] });
    expect(damageOf(sorc, fire, null, o, [3, 4])).toBe(22);
  });

  it("[13A-VULN] an 18 against a fire-vulnerable target is treated as the 20 it stands in for, under every option", () => {
    const sorc = hero({ level: 1 });
    const fire = powerSource({ attackAbility: "cha", defense: "pd", damage: "2d6", damageTypes: ["fire"] });
    // +1 against PD 30: both an 18 and a 20 miss on the total.
    for (const nat20AlwaysHits of [true, false]) {
      for (const expandedCritHits of [true, false]) {
        const options = { nat20AlwaysHits, expandedCritHits };
        const twenty = attackWith(sorc, fire, null, 20, 30, { options, targetVuln: ["fire"] });
        const eighteen = attackWith(sorc, fire, null, 18, 30, { options, targetVuln: ["fire"] });
        expect(twenty.result).toBe(nat20AlwaysHits ? "crit" : "miss");
        // Never better than the natural 20 itself.
        expect(eighteen.result).toBe(nat20AlwaysHits && expandedCritHits ? "crit" : "miss");
      }
    }
  });

  it("[13A-VULN] the two-point expansion adds to a power's own expanded range", () => {
    const keen = { ...swing, critRange: 1, damageTypes: ["fire"] };
    expect(attackWith(fighter, keen, sword, 17, 10, { targetVuln: ["fire"] }).result).toBe("crit");
    expect(attackWith(fighter, keen, sword, 16, 10, { targetVuln: ["fire"] }).result).toBe("hit");
  });
});

describe("13th Age rules text: resistance", () => {
  const giant = monster({ resistances: [{ type: "fire", value: 12 }] }, 60);

  it("[13A-RESIST] resist fire 12+ halves a natural-11 fire hit of 15 to 7, but not a natural 12", () => {
    const low = rs.applyDamage(giant, hit(15, 11, { types: ["fire"] }), {}, "g");
    expect(low.dealt).toBe(7);
    expect(low.actor.hp.value).toBe(53);
    const high = rs.applyDamage(giant, hit(15, 12, { types: ["fire"] }), {}, "g");
    expect(high.dealt).toBe(15);
    expect(high.actor.hp.value).toBe(45);
  });

  it("[13A-RESIST] only the resisted type is halved; rounding is a table option", () => {
    expect(rs.applyDamage(giant, hit(15, 3, { types: ["cold"] }), {}, "g").dealt).toBe(15);
    expect(rs.applyDamage(giant, hit(15, 3, { types: ["fire"] }), { resistRounding: "up" }, "g").dealt).toBe(8);
  });

  it("[13A-RESIST] ongoing fire damage has no attack roll, so resistance always halves it", () => {
    const r = rs.applyDamage(giant, hit(9, null, { types: ["fire"], ongoing: true, fromAttack: false }), {}, "g");
    expect(r.dealt).toBe(4);
  });

  it("[13A-RESIST] a crit of a doubled 18 on a natural 20 beats resist 16+ and lands in full", () => {
    const r = rs.applyDamage(
      monster({ resistances: [{ type: "fire", value: 16 }] }, 60),
      hit(36, 20, { types: ["fire"], critical: true }),
      {},
      "g",
    );
    expect(r.dealt).toBe(36);
  });
});

describe("13th Age rules text: attack to damage, end to end", () => {
  it("[13A-RESIST] [13A-NAT20] a fire crit on a natural 20 carries its natural roll to the fire giant's resist 16+", () => {
    const mage = hero({ level: 5, abilities: { str: 10, dex: 10, con: 10, int: 18, wis: 10, cha: 10 } });
    const bolt = powerSource({
      attackAbility: "int",
      defense: "pd",
      range: "ranged",
      damage: "4d6+4",
      damageTypes: ["fire"],
    });
    const target = monster({ resistances: [{ type: "fire", value: 16 }] }, 80);
    const crit = attackWith(mage, bolt, null, 20, 18);
    const critDamage = damageOf(mage, bolt, null, crit, [3, 3, 3, 3]) as number;
    expect(critDamage).toBe(32);
    const a = rs.applyDamage(target, hit(critDamage, crit.natural, { types: ["fire"], critical: true }), {}, "g");
    expect(a.actor.hp.value).toBe(48);
    // A natural 14 that hits: 16 damage, halved to 8 by the resistance.
    const plain = attackWith(mage, bolt, null, 14, 18);
    const d = damageOf(mage, bolt, null, plain, [3, 3, 3, 3]) as number;
    const b = rs.applyDamage(a.actor, hit(d, plain.natural, { types: ["fire"] }), {}, "g");
    expect(b.dealt).toBe(8);
    expect(b.actor.hp.value).toBe(40);
  });

  it("[13A-TEMPHP] [13A-NEGHEAL] temp HP, a big hit, healing from below 0, another hit", () => {
    let a = rs.applyHealing(hero({}, 6), 5, "temp", {}, "pc").actor;
    a = rs.applyDamage(a, hit(20, 9), {}, "pc").actor;
    // 5 absorbed, 15 to HP: 6 → −9.
    expect(a.hp).toEqual({ value: -9, max: 30, temp: 0 });
    expect(a.state).toBe("dying");
    a = rs.applyHealing(a, 7, "heal", {}, "pc").actor;
    expect(a.hp.value).toBe(7);
    a = rs.applyHealing(a, 4, "temp", {}, "pc").actor;
    a = rs.applyDamage(a, hit(6, 9), {}, "pc").actor;
    expect(a.hp).toEqual({ value: 5, max: 30, temp: 0 });
  });
});

describe("13th Age rules text: hit points, down and dead", () => {
  it("[13A-DOWN] a PC at 3 HP takes 10: at −7 it is dying (unconscious, making death saves)", () => {
    const r = rs.applyDamage(hero({}, 3), hit(10, 14), {}, "pc");
    expect(r.actor.hp.value).toBe(-7);
    expect(r.actor.state).toBe("dying");
    expect(rs.deathSaveRequest(r.actor, rs.deriveActor(r.actor, {}), "pc")).not.toBeNull();
  });

  it("[13A-DOWN] a PC dropped to exactly 0 is unconscious and makes no death saves yet", () => {
    const r = rs.applyDamage(hero({}, 10), hit(10, 14), {}, "pc");
    expect(r.actor.hp.value).toBe(0);
    expect(r.actor.state).toBe("unconscious");
    expect(rs.deathSaveRequest(r.actor, rs.deriveActor(r.actor, {}), "pc")).toBeNull();
  });

  it("[13A-DOWN] an ordinary monster reduced to 0 is slain", () => {
    const r = rs.applyDamage(monster({}, 12), hit(15, 9), {}, "m");
    expect(r.actor.state).toBe("dead");
    expect(r.actor.hp.value).toBe(0);
    expect(rs.canFlee([combatantSource("m", r.actor)])).toBe(false);
  });

  it("[13A-DEATH] a 30-HP PC dies at −15 (half its maximum) but is only dying at −14", () => {
    expect(rs.applyDamage(hero({}, 3), hit(18, 9), {}, "pc").actor.state).toBe("dead");
    expect(rs.applyDamage(hero({}, 3), hit(17, 9), {}, "pc").actor.state).toBe("dying");
    // A dying PC hit again past the line dies too.
    const dying = rs.applyDamage(hero({}, 3), hit(10, 9), {}, "pc").actor;
    expect(rs.applyDamage(dying, hit(8, 9), {}, "pc").actor.state).toBe("dead");
  });

  it("[13A-DOWN] a packet of 0 damage changes nothing, even for a PC at 0 HP", () => {
    const down = rs.applyDamage(hero({}, 5), hit(5, 9), {}, "pc").actor;
    const r = rs.applyDamage(down, hit(0, 9), {}, "pc");
    expect(r.actor).toEqual(down);
    expect(r.hpLost).toBe(0);
  });
});

describe("13th Age rules text: temporary hit points and healing", () => {
  it("[13A-TEMPHP] 8 temp HP soak a 5-point hit, then a 10-point hit takes the last 3 and 7 real HP", () => {
    let a = rs.applyHealing(hero({}, 20), 8, "temp", {}, "pc").actor;
    expect(a.hp).toEqual({ value: 20, max: 30, temp: 8 });
    a = rs.applyDamage(a, hit(5, 9), {}, "pc").actor;
    expect(a.hp).toEqual({ value: 20, max: 30, temp: 3 });
    a = rs.applyDamage(a, hit(10, 9), {}, "pc").actor;
    expect(a.hp).toEqual({ value: 13, max: 30, temp: 0 });
  });

  it("[13A-TEMPHP] temp HP don't stack: 6 onto 3 makes 6, then 2 onto 6 stays 6; healing leaves them alone", () => {
    let a = rs.applyHealing(hero({}, 20), 3, "temp", {}, "pc").actor;
    a = rs.applyHealing(a, 6, "temp", {}, "pc").actor;
    expect(a.hp.temp).toBe(6);
    a = rs.applyHealing(a, 2, "temp", {}, "pc").actor;
    expect(a.hp.temp).toBe(6);
    a = rs.applyHealing(a, 5, "heal", {}, "pc").actor;
    expect(a.hp).toEqual({ value: 25, max: 30, temp: 6 });
  });

  it("[13A-TEMPHP] unused temp HP vanish at the end of the fight", async () => {
    const a = rs.applyHealing(hero({}, 20), 7, "temp", {}, "pc").actor;
    const ctx = turnContext([combatantSource("p", a)]);
    await run(ctx, rs.onCombatEnd(ctx, false));
    expect(byActor(ctx, "actor-p").actor.hp.temp).toBe(0);
    expect(byActor(ctx, "actor-p").actor.hp.value).toBe(20);
  });

  it("[13A-NEGHEAL] damage, healing, damage: a PC at −7 healed for 10 goes to 10, not 3", () => {
    let a = rs.applyDamage(hero({}, 3), hit(10, 9), {}, "pc").actor;
    expect(a.hp.value).toBe(-7);
    a = rs.applyHealing(a, 10, "heal", {}, "pc").actor;
    expect(a.hp.value).toBe(10);
    expect(a.state).toBe("active");
    a = rs.applyDamage(a, hit(4, 9), {}, "pc").actor;
    expect(a.hp.value).toBe(6);
    expect(a.state).toBe("active");
    // Healing never goes past the maximum.
    expect(rs.applyHealing(a, 100, "heal", {}, "pc").actor.hp.value).toBe(30);
  });

  it("[13A-DEATH] the dead can't be healed, by a spell or a recovery", () => {
    const dead = rs.applyDamage(hero({}, 3), hit(40, 9), {}, "pc").actor;
    expect(dead.state).toBe("dead");
    expect(rs.applyHealing(dead, 20, "heal", {}, "pc").actor).toEqual(dead);
    expect(rs.startRecovery(dead, false, {}, "pc").requests).toEqual([]);
  });
});

describe("13th Age rules text: recoveries and rallying", () => {
  it("[13A-RECOV] out of combat a recovery rolls the actor's own formula and spends one of eight", () => {
    const a = hero({}, 5);
    const r = rs.startRecovery(a, false, {}, "pc");
    expect(r.requests).toHaveLength(1);
    const req = r.requests[0] as RollRequest;
    expect(req.formula).toBe("3d8+2");
    const done = rs.resolveRoll(r.actor, req, { total: 16, natural: null }, {});
    expect(done.actor.hp.value).toBe(21);
    expect(done.actor.recoveries.value).toBe(7);
    // Out of combat, freely: another one right away, no save.
    const again = rs.startRecovery(done.actor, false, {}, "pc");
    expect(again.requests[0]?.kind).toBe("recovery");
  });

  it("[13A-RALLY] the first rally of a fight needs no roll; the second needs 11+ on a save", () => {
    const a = hero({}, 10);
    const first = rs.startRecovery(a, true, {}, "pc");
    expect(first.requests.map((q) => q.kind)).toEqual(["recovery"]);
    const healed = rs.resolveRoll(first.actor, first.requests[0] as RollRequest, { total: 12, natural: null }, {});
    expect(healed.actor.hp.value).toBe(22);
    const second = rs.startRecovery(healed.actor, true, {}, "pc");
    expect(second.requests.map((q) => q.kind)).toEqual(["rallySave"]);
    const save = second.requests[0] as RollRequest;
    const fail = rs.resolveRoll(second.actor, save, { total: 10, natural: 10 }, {});
    expect(fail.requests).toEqual([]);
    expect(fail.actor.recoveries.value).toBe(7);
    expect(fail.actor.hp.value).toBe(22);
    const pass = rs.resolveRoll(second.actor, save, { total: 11, natural: 11 }, {});
    expect(pass.requests.map((q) => q.kind)).toEqual(["recovery"]);
  });

  it("[13A-RALLY] the next fight's first rally is free again", async () => {
    const a = hero({ recoveries: recoveries({ ralliesThisBattle: 2 }) }, 10);
    const ctx = turnContext([combatantSource("p", a)]);
    await run(ctx, rs.onCombatEnd(ctx, false));
    await run(ctx, rs.onCombatStart(ctx));
    const r = rs.startRecovery(byActor(ctx, "actor-p").actor, true, {}, "pc");
    expect(r.requests.map((q) => q.kind)).toEqual(["recovery"]);
  });

  it("[13A-NORECOV] with no recoveries left a recovery heals half and gives −1 to attacks and defenses, cumulatively", () => {
    let a = hero(
      {
        recoveries: recoveries({ value: 0 }),
        defenses: { ac: { base: 18, bonus: 0 }, pd: { base: 15, bonus: 0 }, md: { base: 12, bonus: 0 } },
      },
      4,
    );
    let r = rs.startRecovery(a, false, {}, "pc");
    a = rs.resolveRoll(r.actor, r.requests[0] as RollRequest, { total: 15, natural: null }, {}).actor;
    expect(a.hp.value).toBe(11);
    let d = rs.deriveActor(a, {});
    expect(d.defenses).toEqual({ ac: 17, pd: 14, md: 11 });
    expect(d.attackPenalties.reduce((s, m) => s + m.value, 0)).toBe(-1);
    r = rs.startRecovery(a, false, {}, "pc");
    a = rs.resolveRoll(r.actor, r.requests[0] as RollRequest, { total: 9, natural: null }, {}).actor;
    expect(a.hp.value).toBe(15);
    d = rs.deriveActor(a, {});
    expect(d.defenses.ac).toBe(16);
    // The penalty reaches the attack roll: +3 level, +0 Str, −2 → 10 + 1 = 11 misses AC 12.
    const o = attackWith({ ...a, level: 3 }, swing, sword, 10, 12);
    expect(o.total).toBe(11);
    expect(o.result).toBe("miss");
  });

  it("[13A-HEALUP] after four battles a full heal-up is due; it restores HP and recoveries and clears the penalty", async () => {
    let a = hero({ recoveries: recoveries({ value: 0, noRecoveryUses: 2 }) }, 9);
    const ctx = turnContext([combatantSource("p", a)]);
    const due: string[] = [];
    for (let i = 0; i < 4; i++) due.push(...(await run(ctx, rs.onCombatEnd(ctx, false))));
    expect(due.filter((k) => k.endsWith("healUpDue"))).toHaveLength(1);
    a = byActor(ctx, "actor-p").actor;
    expect(a.recoveries.battlesSinceHealUp).toBe(4);
    const up = rs.fullHealUp(a);
    expect(up.hp.value).toBe(30);
    expect(up.recoveries.value).toBe(8);
    expect(up.recoveries.noRecoveryUses).toBe(0);
    expect(up.recoveries.battlesSinceHealUp).toBe(0);
    expect(rs.deriveActor(up, {}).attackPenalties).toEqual([]);
  });

  it("[13A-HEALUP] two tough battles count as four", async () => {
    const ctx = turnContext([combatantSource("p", hero())]);
    const first = await run(ctx, rs.onCombatEnd(ctx, true));
    expect(first.some((k) => k.endsWith("healUpDue"))).toBe(false);
    const second = await run(ctx, rs.onCombatEnd(ctx, true));
    expect(second.some((k) => k.endsWith("healUpDue"))).toBe(true);
  });
});

describe("13th Age rules text: saves and ongoing damage", () => {
  it("[13A-SAVE] normal 11+, easy 6+, hard 16+, a plain d20 by default", () => {
    const a = hero();
    const d = rs.deriveActor(a, {});
    const cases: [string, number, boolean][] = [
      ["normal", 10, false],
      ["normal", 11, true],
      ["easy", 5, false],
      ["easy", 6, true],
      ["hard", 15, false],
      ["hard", 16, true],
    ];
    for (const [kind, n, ok] of cases) {
      const req = rs.saveRequest(a, d, kind, "normal", "pc");
      expect(req.formula).toBe("1d20");
      const out = rs.resolveRoll(a, req, { total: n, natural: n }, {});
      expect(out.events.some((e) => e.key.endsWith("saveSucceeded"))).toBe(ok);
    }
  });

  it("[13A-ONGOING] a round with two effects: ongoing fire 5 (save 11+) and a hard-save daze, both rolled at the end of the turn", async () => {
    const a = hero({}, 30);
    const c = combatantSource("p", a, {
      effects: [
        effectSource({ id: "burn", ongoing: { amount: 5, type: "fire" }, duration: "saveEnds", save: "normal" }),
        effectSource({ id: "daze", statuses: ["dazed"], duration: "saveEnds", save: "hard" }),
      ],
    });
    const ctx = turnContext([c]);
    // Turn start: nothing happens (ongoing damage comes at the end in 13th Age).
    ctx.combatantId = "p";
    const start = rs.onTurnStart(ctx);
    expect(start.filter((s) => s.kind === "damage")).toEqual([]);
    // End: 5 fire, then a save per effect: 11 ends the fire, 15 does not end the hard-save daze.
    await run(ctx, rs.onTurnEnd(ctx), [11, 15]);
    const after = byActor(ctx, "actor-p");
    expect(after.actor.hp.value).toBe(25);
    expect(after.effects.map((e) => e.id)).toEqual(["daze"]);
    // Next turn: no more fire damage; the daze ends on a 16.
    await turn(ctx, "p", 2, [16]);
    expect(byActor(ctx, "actor-p").actor.hp.value).toBe(25);
    expect(byActor(ctx, "actor-p").effects).toEqual([]);
  });

  it("[13A-ONGOING] a failed save keeps the damage coming every turn", async () => {
    const c = combatantSource("p", hero({}, 30), {
      effects: [effectSource({ id: "acid", ongoing: { amount: 4, type: "acid" } })],
    });
    const ctx = turnContext([c]);
    await turn(ctx, "p", 1, [3]);
    await turn(ctx, "p", 2, [10]);
    expect(byActor(ctx, "actor-p").actor.hp.value).toBe(22);
    await turn(ctx, "p", 3, [11]);
    expect(byActor(ctx, "actor-p").actor.hp.value).toBe(18);
    expect(byActor(ctx, "actor-p").effects).toEqual([]);
  });

  it("[13A-LASTTURN] a monster at 4 HP burning for 5 gets one last turn, then drops", async () => {
    const c = combatantSource("m", monster({}, 20), {
      effects: [effectSource({ id: "burn", ongoing: { amount: 5, type: "fire" } })],
    });
    c.actor.hp.value = 4;
    const ctx = turnContext([c]);
    await turn(ctx, "m", 1, [2]);
    let m = byActor(ctx, "actor-m").actor;
    expect(m.hp.value).toBe(0);
    expect(m.state).toBe("active");
    expect(m.lastTurn).toBe(true);
    expect(rs.actsThisRound(ctx, byActor(ctx, "actor-m"))).toBe(true);
    await turn(ctx, "m", 2, [20]);
    m = byActor(ctx, "actor-m").actor;
    expect(m.state).toBe("dead");
  });

  it("[13A-LASTTURN] a PC dropped by ongoing damage can use the last turn to heal and stays up", async () => {
    const c = combatantSource("p", hero({}, 3), {
      effects: [effectSource({ id: "poison", ongoing: { amount: 10, type: "poison" } })],
    });
    const ctx = turnContext([c]);
    await turn(ctx, "p", 1, [11]);
    let p = byActor(ctx, "actor-p").actor;
    expect(p.hp.value).toBe(-7);
    expect(p.state).toBe("active");
    expect(rs.canFlee(ctx.combatants)).toBe(true);
    // Its last turn: it rallies (first rally: no save) and heals 12 from 0.
    ctx.combatantId = "p";
    ctx.round = 2;
    await run(ctx, rs.onTurnStart(ctx));
    const r = rs.startRecovery(byActor(ctx, "actor-p").actor, true, {}, "actor-p");
    p = rs.resolveRoll(r.actor, r.requests[0] as RollRequest, { total: 12, natural: null }, {}).actor;
    setActor(ctx, "actor-p", p);
    await run(ctx, rs.onTurnEnd(ctx));
    p = byActor(ctx, "actor-p").actor;
    expect(p.hp.value).toBe(12);
    expect(p.state).toBe("active");
    expect(p.lastTurn).toBe(false);
  });

  it("[13A-LASTTURN] a PC that does nothing about it drops at the end of its last turn", async () => {
    const c = combatantSource("p", hero({}, 3), {
      effects: [effectSource({ id: "poison", ongoing: { amount: 10, type: "poison" } })],
    });
    const ctx = turnContext([c]);
    await turn(ctx, "p", 1, [11]);
    await turn(ctx, "p", 2);
    expect(byActor(ctx, "actor-p").actor.state).toBe("dying");
  });
});

describe("13th Age rules text: death saves", () => {
  function dyingPc(): CombatantSource {
    return combatantSource("p", rs.applyDamage(hero({}, 3), hit(8, 9), {}, "actor-p").actor);
  }

  it("[13A-DEATHSAVE] a full sequence: three failures, then a 16 spends a recovery from 0", async () => {
    const ctx = turnContext([dyingPc()]);
    expect(byActor(ctx, "actor-p").actor.hp.value).toBe(-5);
    await turn(ctx, "p", 1, [5]);
    await turn(ctx, "p", 2, [9]);
    await turn(ctx, "p", 3, [15]);
    let p = byActor(ctx, "actor-p").actor;
    expect(p.deathSaves.failures).toBe(3);
    expect(p.state).toBe("dying");
    // 16 passes: a recovery (rolled 12) heals from 0, not from −5.
    await turn(ctx, "p", 4, [16, 12]);
    p = byActor(ctx, "actor-p").actor;
    expect(p.hp.value).toBe(12);
    expect(p.state).toBe("active");
    expect(p.recoveries.value).toBe(7);
  });

  it("[13A-DEATH] the fourth failed death save of the battle kills", async () => {
    const ctx = turnContext([dyingPc()]);
    for (let round = 1; round <= 4; round++) await turn(ctx, "p", round, [10]);
    const p = byActor(ctx, "actor-p");
    expect(p.actor.state).toBe("dead");
    expect(rs.actsThisRound(ctx, p)).toBe(false);
    expect(rs.deathSaveRequest(p.actor, rs.deriveActor(p.actor, {}), "actor-p")).toBeNull();
  });

  it("[13A-DEATHSAVE] a natural 20 also lets the PC act this turn", async () => {
    const ctx = turnContext([dyingPc()]);
    ctx.combatantId = "p";
    const events = await run(ctx, rs.onTurnStart(ctx), [20, 10]);
    expect(events.some((k) => k.endsWith("deathSaveNatural20"))).toBe(true);
    expect(byActor(ctx, "actor-p").actor.state).toBe("active");
  });

  it("[13A-DEATHSAVE] the death save comes at the start of the turn by default, at the end with the option", () => {
    const ctx = turnContext([dyingPc()], { combatantId: "p" });
    expect(rs.onTurnStart(ctx).some((s) => s.kind === "roll" && s.request.kind === "deathSave")).toBe(true);
    expect(rs.onTurnEnd(ctx).some((s) => s.kind === "roll" && s.request.kind === "deathSave")).toBe(false);
    const end = { ...ctx, options: { deathSaveTiming: "end" } };
    expect(rs.onTurnStart(end).some((s) => s.kind === "roll" && s.request.kind === "deathSave")).toBe(false);
    expect(rs.onTurnEnd(end).some((s) => s.kind === "roll" && s.request.kind === "deathSave")).toBe(true);
    const req = rs.deathSaveRequest(ctx.combatants[0]!.actor, rs.deriveActor(ctx.combatants[0]!.actor, {}), "actor-p");
    expect(req?.target).toBe(16);
  });

  it("[13A-DEATH] failures add up across two drops in the same battle: 2, healed, dropped again, 2 more = dead", async () => {
    const ctx = turnContext([dyingPc()]);
    await turn(ctx, "p", 1, [3]);
    await turn(ctx, "p", 2, [7]);
    // An ally's healing spell brings it up; a hit drops it again.
    let p = rs.applyHealing(byActor(ctx, "actor-p").actor, 6, "heal", {}, "actor-p").actor;
    expect(p.hp.value).toBe(6);
    p = rs.applyDamage(p, hit(9, 12), {}, "actor-p").actor;
    expect(p.state).toBe("dying");
    setActor(ctx, "actor-p", p);
    await turn(ctx, "p", 3, [4]);
    expect(byActor(ctx, "actor-p").actor.state).toBe("dying");
    await turn(ctx, "p", 4, [15]);
    expect(byActor(ctx, "actor-p").actor.state).toBe("dead");
  });

  it("[13A-DEATH] failures count per battle: three last fight and one this fight don't kill", async () => {
    const ctx = turnContext([dyingPc()]);
    for (let round = 1; round <= 3; round++) await turn(ctx, "p", round, [2]);
    // The fight ends with the PC still down; a new one starts.
    await run(ctx, rs.onCombatEnd(ctx, false));
    await run(ctx, rs.onCombatStart(ctx));
    await turn(ctx, "p", 1, [2]);
    const p = byActor(ctx, "actor-p").actor;
    expect(p.deathSaves.failures).toBe(1);
    expect(p.state).toBe("dying");
  });
});

describe("13th Age rules text: initiative, fleeing, actions", () => {
  it("[13A-INIT] rolled once: PC d20 + level + Dex mod, monster d20 + its initiative; the order holds next round", () => {
    const pcA = hero({ level: 3, abilities: { str: 10, dex: 14, con: 10, int: 10, wis: 10, cha: 10 } });
    expect(rs.initiativeFormula(pcA, rs.deriveActor(pcA, {}))).toBe("1d20 + 5");
    const m = monster({ initiativeBonus: 7 });
    expect(rs.initiativeFormula(m, rs.deriveActor(m, {}))).toBe("1d20 + 7");
    const ctx = turnContext([
      combatantSource("a", pcA, { initiative: 12 }),
      combatantSource("m", m, { initiative: 19 }),
      combatantSource("b", hero(), { initiative: 15 }),
    ]);
    expect(rs.order(ctx).map((s) => s.combatantIds[0])).toEqual(["m", "b", "a"]);
    ctx.round = 2;
    expect(rs.onRoundStart(ctx).some((s) => s.kind === "rerollInitiative")).toBe(false);
    expect(rs.initiative.mode).toBe("once");
  });

  it("[13A-FLEE] the party may flee while one PC is conscious, not once all are down", () => {
    const up = combatantSource("a", hero());
    const down = combatantSource("b", rs.applyDamage(hero({}, 3), hit(5, 9), {}, "b").actor);
    const foe = combatantSource("m", monster());
    expect(rs.canFlee([up, down, foe])).toBe(true);
    const alsoDown = combatantSource("a", rs.applyDamage(hero({}, 2), hit(2, 9), {}, "a").actor);
    expect(rs.canFlee([alsoDown, down, foe])).toBe(false);
  });

  it("[13A-ENGAGE] disengaging is a normal save: 10 fails (the move is lost), 11 gets away", () => {
    const a = hero();
    const req: RollRequest = {
      kind: "disengage",
      actorId: "pc",
      formula: "1d20",
      target: 11,
      against: "total",
      label: "D20C.Age13.Roll.disengage",
      data: { action: "move" },
    };
    const fail = rs.resolveRoll(a, req, { total: 10, natural: 10 }, {});
    expect(fail.events[0]?.key).toMatch(/disengageFailed$/);
    expect(fail.events[0]?.data?.["action"]).toBe("move");
    expect(rs.resolveRoll(a, req, { total: 11, natural: 11 }, {}).events[0]?.key).toMatch(/disengaged$/);
    expect(fail.actor).toEqual(a);
  });

  it("[13A-ACTIONS] a turn holds standard, move, quick and free actions", () => {
    const keys = rs.actions.map((a) => a.key);
    for (const k of ["standard", "move", "quick", "free"]) expect(keys).toContain(k);
  });
});

describe("13th Age rules text: robustness", () => {
  it("[13A-ATK] a bare defaultActorSource actor works: defenses 10, level 1 with Str 6 attacks at −1", () => {
    const a = defaultActorSource({ abilities: { str: 6, dex: 10, con: 10, int: 10, wis: 10, cha: 10 } });
    const d = rs.deriveActor(a, {});
    expect(d.defenses).toEqual({ ac: 10, pd: 10, md: 10 });
    const o = attackWith(a, swing, sword, 11, 10);
    expect(o.total).toBe(10);
    expect(o.result).toBe("hit");
  });

  it("[13A-NAT20] extreme bonuses: a natural 20 at −30 crits, a natural 1 at +30 misses, 2–19 follow the total", () => {
    const lo = hero({ attackBonus: -31 });
    const hi = hero({ attackBonus: 29 });
    expect(attackWith(lo, swing, sword, 20, 40).result).toBe("crit");
    expect(attackWith(lo, swing, sword, 19, 10).result).toBe("miss");
    expect(attackWith(hi, swing, sword, 1, 10).result).toBe("autoMiss");
    expect(attackWith(hi, swing, sword, 2, 31).result).toBe("hit");
  });

  it("[13A-NEGHEAL] healing 0 on a dying PC lifts it to 0 (unconscious), it no longer dies of death saves", () => {
    const dying = rs.applyDamage(hero({}, 3), hit(8, 9), {}, "pc").actor;
    const r = rs.applyHealing(dying, 0, "heal", {}, "pc").actor;
    expect(r.hp.value).toBe(0);
    expect(r.state).toBe("unconscious");
    expect(rs.deathSaveRequest(r, rs.deriveActor(r, {}), "pc")).toBeNull();
  });

  it("[13A-NAT20] a natural 20 crits even when a (malformed) negative crit range is passed in", () => {
    const o = rs.resolveAttack(
      attackInput({ dice: [20], attackBonus: 5, defense: { key: "ac", value: 15 }, critRange: -2 }),
    );
    expect(o.result).toBe("crit");
    expect(o.critThreshold).toBe(20);
  });

  it("[13A-DOWN] a monster marked important falls dying below 0 and makes death saves like a PC", () => {
    const boss = monster({ important: true }, 40);
    const r = rs.applyDamage(boss, hit(45, 9), {}, "b");
    expect(r.actor.hp.value).toBe(-5);
    expect(r.actor.state).toBe("dying");
  });
});

describe("13th Age rules text: odds", () => {
  it("[13A-ATK] [13A-NAT20] [13A-MISS] +5 against AC 20 with miss damage 3 and 1d8+4: exact chances and expected damage", () => {
    const { dice: _d, ...input } = attackInput({
      attackBonus: 5,
      defense: { key: "ac", value: 20 },
      hasMissEffect: true,
    });
    const odds = attackOdds(rs, input, {
      hit: { dice: [{ count: 1, faces: 8, sign: 1 }], flat: 4 },
      miss: { dice: [], flat: 3 },
      missEffect: "formula",
    });
    // 15–19 hit, 20 crits, 1 is an automatic miss (no miss damage), 2–14 miss (miss damage 3).
    expect(odds.hit).toBeCloseTo(5 / 20, 10);
    expect(odds.crit).toBeCloseTo(1 / 20, 10);
    expect(odds.autoMiss).toBeCloseTo(1 / 20, 10);
    expect(odds.missEffect).toBeCloseTo(13 / 20, 10);
    // Mean 1d8+4 = 8.5, crit doubles it to 17.
    expect(odds.expectedDamage).toBeCloseTo((5 * 8.5 + 17 + 13 * 3) / 20, 10);
  });

  it("[13A-VULN] [13A-ESC] against a vulnerable target 18–20 crit; escalation 2 widens the hits", () => {
    const { dice: _d, ...input } = attackInput({
      attackBonus: 5,
      defense: { key: "ac", value: 20 },
      escalation: 2,
      damageTypes: ["fire"],
      target: { conditions: [], vulnerabilities: [{ type: "fire", value: 0 }], exhaustion: 0 },
    });
    const odds = attackOdds(rs, input);
    // Total = d20 + 7 reaches 20 from 13: 13–17 hit, 18–20 crit.
    expect(odds.crit).toBeCloseTo(3 / 20, 10);
    expect(odds.hit).toBeCloseTo(5 / 20, 10);
  });
});
