/**
 * Rules-text scenarios for FFd20: each paragraph of the rules text with a mechanical
 * consequence, played through the public Ruleset interface only (getRuleset → deriveActor,
 * attackBonus, damageExpression, resolveAttack, damageRecipe, applyDamage, the turn cycle …) with
 * realistic numbers.
 */
import { describe, expect, it } from "vitest";
import { defaultActorSource } from "../../../src/engine/common.js";
import { type DamageExpression } from "../../../src/engine/dice.js";
import { attackOdds, recipeDamage } from "../../../src/engine/odds.js";
import { getRuleset } from "../../../src/engine/registry.js";
import type {
  ActorSource,
  AttackOutcome,
  CombatantSource,
  DamagePacket,
  EffectSource,
  PowerSource,
  RollRequest,
  RollResult,
  RuleOptions,
  Situation,
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

const rs = getRuleset("ffd20");

const abilities = (over: Partial<ActorSource["abilities"]> = {}): ActorSource["abilities"] => ({
  str: 10,
  dex: 10,
  con: 10,
  int: 10,
  wis: 10,
  cha: 10,
  ...over,
});

function hero(over: Partial<ActorSource> = {}, hp = 40, max = 40): ActorSource {
  return defaultActorSource({ kind: "character", hp: { value: hp, max, temp: 0 }, ...over });
}

function monster(over: Partial<ActorSource> = {}, hp = 30): ActorSource {
  return defaultActorSource({ kind: "npc", hp: { value: hp, max: hp, temp: 0 }, ...over });
}

interface AttackOpts {
  situation?: Partial<Situation>;
  attackerConditions?: string[];
  targetConditions?: string[];
  options?: RuleOptions;
}

function attackWith(
  actor: ActorSource,
  power: PowerSource,
  weapon: WeaponSource | null,
  natural: number,
  defense: number,
  o: AttackOpts = {},
): AttackOutcome {
  const derived = rs.deriveActor(actor, o.options ?? {});
  const parts = rs.attackBonus(actor, derived, power, weapon);
  return rs.resolveAttack(
    attackInput({
      dice: [natural],
      attackBonus: parts.reduce((s, m) => s + m.value, 0),
      bonusParts: parts,
      defense: { key: power.defense, value: defense },
      range: power.range,
      situation: blankSituation(o.situation ?? {}),
      escalation: 0,
      attacker: {
        kind: actor.kind,
        usesEscalation: false,
        penalties: derived.attackPenalties,
        conditions: o.attackerConditions ?? [],
        exhaustion: 0,
      },
      target: { conditions: o.targetConditions ?? [], vulnerabilities: [], exhaustion: 0 },
      damageTypes: power.damageTypes,
      critRange: power.critRange + (weapon?.critRange ?? 0),
      hasMissEffect: power.missEffect !== "none",
      options: o.options ?? {},
    }),
  );
}

function damageOf(
  actor: ActorSource,
  power: PowerSource,
  weapon: WeaponSource | null,
  outcome: AttackOutcome,
  faces: number[],
  critExtra: DamageExpression | null = null,
): number | null {
  const hitExpr = rs.damageExpression(actor, rs.deriveActor(actor, {}), power, weapon);
  const recipe = rs.damageRecipe({
    outcome: outcome.result,
    hit: hitExpr,
    miss: null,
    missEffect: power.missEffect,
    missApplies: outcome.missEffect,
    critExtra,
    types: power.damageTypes,
    options: {},
  });
  if (!recipe) return null;
  return recipeDamage(recipe, totalFromFaces(recipe.roll, faces));
}

function dmg(amount: number, over: Partial<DamagePacket> = {}): DamagePacket {
  return damagePacket(amount, over);
}

// ---- turn plans run through the production runner on recorded dice -----------------------------

function formulaBonus(formula: string): number {
  const m = formula.replace(/\s+/g, "").match(/^1d20([+-]\d+)?$/);
  if (!m) throw new Error(`not a d20 formula: ${formula}`);
  return m[1] ? Number(m[1]) : 0;
}

type Dice = number[];

function rollFor(request: RollRequest, dice: Dice): RollResult {
  if (request.kind === "recovery") return { total: Number(request.formula), natural: null };
  const n = dice.shift();
  if (n === undefined) throw new Error(`no die left for ${request.kind}`);
  return { total: n + formulaBonus(request.formula), natural: n };
}

function byActor(ctx: TurnContext, actorId: string): CombatantSource {
  const c = ctx.combatants.find((x) => x.actorId === actorId);
  if (!c) throw new Error(`no combatant for ${actorId}`);
  return c;
}

/** Effect ids the runner's addEffect port hands out (unique across every plan of the file). */
let nextEffect = 0;

interface Ran {
  events: string[];
  rolled: RollRequest[];
}

/**
 * Run a plan through the production runner (`runPlan`, src/engine/plans/turns.ts) on recorded dice;
 * no step may fail. Writes the snapshots the plan left back into `ctx`; returns the event keys
 * and the requests rolled.
 */
async function run(ctx: TurnContext, steps: TurnStep[], dice: Dice = []): Promise<Ran> {
  const rolled: RollRequest[] = [];
  const out = await runPlan(rs, ctx, steps, {
    roll: async (request) => {
      rolled.push(request);
      return rollFor(request, dice);
    },
    applyActor: async () => {},
    addEffect: async () => `fx${++nextEffect}`,
    removeEffect: async () => {},
    updateEffect: async () => {},
    rerollInitiative: async () => {},
    post: async () => {},
    log: () => {},
  });
  expect(out.errors.map((e) => String(e.error))).toEqual([]);
  ctx.combatants = out.ctx.combatants;
  return { events: out.lines.flatMap((l) => l.events.map((e) => e.key)), rolled };
}

function turnStart(ctx: TurnContext, id: string, round: number, dice: Dice = []): Promise<Ran> {
  ctx.round = round;
  ctx.combatantId = id;
  return run(ctx, rs.onTurnStart(ctx), dice);
}

function turnEnd(ctx: TurnContext, id: string, round: number, dice: Dice = []): Promise<Ran> {
  ctx.round = round;
  ctx.combatantId = id;
  return run(ctx, rs.onTurnEnd(ctx), dice);
}

async function turn(ctx: TurnContext, id: string, round: number, dice: Dice = []): Promise<Ran> {
  const a = await turnStart(ctx, id, round, dice);
  const b = await turnEnd(ctx, id, round, dice);
  return { events: [...a.events, ...b.events], rolled: [...a.rolled, ...b.rolled] };
}

const longsword = weaponSource({ damageDice: "1d8", proficiencyBonus: 3, name: "Longsword" });
const dagger = weaponSource({ damageDice: "1d4", proficiencyBonus: 3, name: "Dagger" });
const flail = weaponSource({ damageDice: "2d6", proficiencyBonus: 2, name: "Heavy flail" });
const basic = powerSource({ attackAbility: "str", defense: "ac", damage: "1[W]+4" });

// =================================================================================================

describe("FFd20 rules text: attack bonus and defenses", () => {
  const fighter = hero({ level: 6, abilities: abilities({ str: 18 }) });

  it("[FF-ATKBONUS] level 6, Str 18, proficient +3 longsword with +1 enhancement: +11; hits AC 18 on a 7", () => {
    const magic = { ...longsword, enhancement: 1 };
    const parts = rs.attackBonus(fighter, rs.deriveActor(fighter, {}), basic, magic);
    expect(parts.reduce((s, m) => s + m.value, 0)).toBe(3 + 4 + 3 + 1);
    expect(attackWith(fighter, basic, magic, 7, 18).result).toBe("hit");
    expect(attackWith(fighter, basic, magic, 6, 18).result).toBe("miss");
  });

  it("[FF-ATKBONUS] half level rounds down, no proficiency bonus without proficiency, feat and power bonuses add", () => {
    const lvl5 = hero({ level: 5, abilities: abilities({ str: 16 }), attackBonus: 1 });
    const sum = (w: WeaponSource, p: PowerSource) =>
      rs.attackBonus(lvl5, rs.deriveActor(lvl5, {}), p, w).reduce((s, m) => s + m.value, 0);
    // 2 (half of 5) + 3 Str + 3 proficiency + 1 feat.
    expect(sum(longsword, basic)).toBe(9);
    expect(sum({ ...longsword, proficient: false }, basic)).toBe(6);
    expect(sum(longsword, { ...basic, attackBonus: 2 })).toBe(11);
  });

  it("[FF-ATK] a power names its ability and defense: an Int spell against Reflex", () => {
    const mage = hero({ level: 4, abilities: abilities({ int: 18 }) });
    const fira = powerSource({
      attackAbility: "int",
      defense: "ref",
      range: "area",
      damage: "3d6+4",
      damageTypes: ["fire"],
    });
    const o = attackWith(mage, fira, null, 9, 15);
    // 9 + 2 + 4 = 15 against Reflex 15.
    expect(o.defenseKey).toBe("ref");
    expect(o.total).toBe(15);
    expect(o.result).toBe("hit");
  });

  it("[FF-DEF] base 10 + half level; AC armor + shield + best of Dex/Int in light armor; Fort, Reflex, Will", () => {
    const rogue = hero({
      level: 4,
      abilities: abilities({ str: 14, con: 16, dex: 16, int: 18, wis: 8, cha: 13 }),
      armor: { armorBonus: 2, shieldBonus: 1, maxDex: null, heavy: false },
      defenses: { fort: { base: null, bonus: 1 } },
    });
    expect(rs.deriveActor(rogue, {}).defenses).toEqual({
      ac: 10 + 2 + 2 + 1 + 4,
      fort: 10 + 2 + 3 + 1,
      ref: 10 + 2 + 4 + 1,
      will: 10 + 2 + 1,
    });
  });

  it("[FF-DEF] heavy armor adds no Dex/Int to AC; poor Dex and Int lower AC in light or no armor", () => {
    const knight = hero({
      level: 4,
      abilities: abilities({ dex: 16 }),
      armor: { armorBonus: 8, shieldBonus: 0, maxDex: null, heavy: true },
    });
    expect(rs.deriveActor(knight, {}).defenses.ac).toBe(20);
    const clumsy = hero({ level: 1, abilities: abilities({ dex: 8, int: 6 }) });
    expect(rs.deriveActor(clumsy, {}).defenses.ac).toBe(9);
  });

  it("[FF-DEF] a stat block's defense is used as given (plus bonuses)", () => {
    const m = monster({ defenses: { ac: { base: 22, bonus: -2 }, will: { base: 17, bonus: 0 } } });
    const d = rs.deriveActor(m, {}).defenses;
    expect(d.ac).toBe(20);
    expect(d.will).toBe(17);
  });
});

describe("FFd20 rules text: natural 20, natural 1, critical damage", () => {
  const fighter = hero({ level: 2, abilities: abilities({ str: 16 }) });
  const power = powerSource({ damage: "2[W]+3" });

  it("[FF-NAT20] a natural 20 whose total reaches the defense crits for maximum damage", () => {
    const o = attackWith(fighter, power, longsword, 20, 20);
    expect(o.result).toBe("crit");
    // 2d8 + 3 maximised = 19, no dice to roll.
    expect(damageOf(fighter, power, longsword, o, [])).toBe(19);
  });

  it("[FF-NAT20] a natural 20 that falls short still hits automatically, but rolls normal damage", () => {
    const o = attackWith(fighter, power, longsword, 20, 40);
    expect(o.result).toBe("hit");
    expect(o.autoHit).toBe(true);
    expect(o.isCrit).toBe(false);
    expect(damageOf(fighter, power, longsword, o, [2, 5])).toBe(10);
    // Even at −30.
    const hopeless = hero({ attackBonus: -30 });
    expect(attackWith(hopeless, power, longsword, 20, 15).isHit).toBe(true);
  });

  it("[FF-NAT1] a natural 1 misses even at +30", () => {
    const champ = hero({ attackBonus: 30 });
    const o = attackWith(champ, power, longsword, 1, 5);
    expect(o.result).toBe("autoMiss");
    expect(o.isHit).toBe(false);
  });

  it("[FF-PRECISION] a weapon critting on 19–20 crits on a hitting 19, but a 19 that misses is a miss", () => {
    const keen = { ...longsword, critRange: 1 };
    expect(attackWith(fighter, power, keen, 19, 20).result).toBe("crit");
    const o = attackWith(fighter, power, keen, 19, 30);
    expect(o.result).toBe("miss");
    expect(o.isHit).toBe(false);
    expect(attackWith(fighter, power, keen, 18, 20).result).toBe("hit");
  });

  it("[FF-CRITDMG] extra crit dice of a magic weapon are rolled, not maximised, on top of the maximum", () => {
    const magic = { ...longsword, enhancement: 1, critDice: "1d6" };
    const o = attackWith(fighter, power, magic, 20, 20);
    // Max of 2d8 + 3 + 1 enhancement = 20, plus 1d6 rolled as 3.
    expect(damageOf(fighter, power, magic, o, [3], { dice: [{ count: 1, faces: 6, sign: 1 }], flat: 0 })).toBe(23);
  });

  it("[FF-CRITDMG] an attack that deals no damage deals none on a crit either", () => {
    const daze = powerSource({ attackAbility: "wis", defense: "will", damage: "" });
    const o = attackWith(fighter, daze, null, 20, 10);
    expect(o.result).toBe("crit");
    expect(damageOf(fighter, daze, null, o, [])).toBeNull();
  });

  it("[FF-CRITDMG] a coup de grace is an automatic critical hit", () => {
    const o = attackWith(fighter, power, longsword, 4, 25, { situation: { coupDeGrace: true } });
    expect(o.result).toBe("crit");
    expect(damageOf(fighter, power, longsword, o, [])).toBe(19);
  });

  it("[FF-MISS] usually a miss does nothing; a power with half damage on a miss deals half its roll", () => {
    const plain = attackWith(fighter, power, longsword, 5, 25);
    expect(plain.result).toBe("miss");
    expect(damageOf(fighter, power, longsword, plain, [])).toBeNull();
    const halfPower = { ...power, missEffect: "half" as const };
    const o = attackWith(fighter, halfPower, longsword, 5, 25);
    expect(o.missEffect).toBe(true);
    // 2d8 + 3 rolled 4 + 4 + 3 = 11, half = 5.
    expect(damageOf(fighter, halfPower, longsword, o, [4, 4])).toBe(5);
  });
});

describe("FFd20 rules text: weapon dice and damage types", () => {
  it("[FF-WDICE] 2[W] + Str with a dagger rolls 2d4, with a heavy flail 4d6", () => {
    const a = hero({ abilities: abilities({ str: 18 }) });
    const p = powerSource({ damage: "2[W]+4" });
    const d = rs.deriveActor(a, {});
    expect(rs.damageExpression(a, d, p, dagger)).toEqual({ dice: [{ count: 2, faces: 4, sign: 1 }], flat: 4 });
    expect(rs.damageExpression(a, d, p, flail)).toEqual({ dice: [{ count: 4, faces: 6, sign: 1 }], flat: 4 });
  });

  it("[FF-TYPES] a typed power's damage is all of that type; an untyped one has none", () => {
    expect(rs.damageTypes).toEqual(expect.arrayContaining(["fire", "poison", "psychic", "necrotic", "acid", "cold"]));
    const o = attackWith(hero(), powerSource({ damage: "3d6", damageTypes: ["fire"] }), null, 15, 10);
    const recipe = rs.damageRecipe({
      outcome: o.result,
      hit: { dice: [{ count: 3, faces: 6, sign: 1 }], flat: 0 },
      miss: null,
      missEffect: "none",
      missApplies: false,
      critExtra: null,
      types: ["fire"],
      options: {},
    });
    expect(recipe?.types).toEqual(["fire"]);
  });

  it("[FF-RESIST] resist 5 fire: 12 fire damage becomes 7, 3 fire becomes 0 (never negative), cold is untouched", () => {
    const salamander = monster({ resistances: [{ type: "fire", value: 5 }] });
    expect(rs.applyDamage(salamander, dmg(12, { types: ["fire"] }), {}, "s").actor.hp.value).toBe(23);
    const small = rs.applyDamage(salamander, dmg(3, { types: ["fire"] }), {}, "s");
    expect(small.dealt).toBe(0);
    expect(small.actor.hp.value).toBe(30);
    expect(rs.applyDamage(salamander, dmg(12, { types: ["cold"] }), {}, "s").dealt).toBe(12);
    expect(rs.applyDamage(salamander, dmg(12), {}, "s").dealt).toBe(12);
  });

  it("[FF-VULN] vulnerable 5 fire: 12 fire damage becomes 17, other types are unchanged", () => {
    const treant = monster({ vulnerabilities: [{ type: "fire", value: 5 }] });
    expect(rs.applyDamage(treant, dmg(12, { types: ["fire"] }), {}, "t").dealt).toBe(17);
    expect(rs.applyDamage(treant, dmg(12, { types: ["cold"] }), {}, "t").dealt).toBe(12);
  });

  it("[FF-INSUB] insubstantial halves attack damage and ongoing damage", async () => {
    const ghost = monster({ insubstantial: true });
    expect(rs.applyDamage(ghost, dmg(15), {}, "g").dealt).toBe(7);
    const ongoing = dmg(5, { ongoing: true, fromAttack: false, melee: false, types: ["fire"] });
    expect(rs.applyDamage(ghost, ongoing, {}, "g").dealt).toBe(2);
    // Through the turn cycle, too.
    const ctx = turnContext([
      combatantSource("g", ghost, { effects: [effectSource({ id: "burn", ongoing: { amount: 10, type: "fire" } })] }),
    ]);
    await turnStart(ctx, "g", 1);
    expect(byActor(ctx, "actor-g").actor.hp.value).toBe(25);
  });
});

describe("FFd20 rules text: attack to damage, end to end", () => {
  it("[FF-CRITDMG] [FF-RESIST] [FF-INSUB] a fira crit on an insubstantial fire-resistant ghost: maximum, halved, then resisted", () => {
    const mage = hero({ level: 4, abilities: abilities({ int: 18 }) });
    const fira = powerSource({
      attackAbility: "int",
      defense: "ref",
      range: "ranged",
      damage: "3d6+4",
      damageTypes: ["fire"],
    });
    const ghost = monster({ insubstantial: true, resistances: [{ type: "fire", value: 5 }] }, 50);
    const o = attackWith(mage, fira, null, 20, 16);
    const amount = damageOf(mage, fira, null, o, []) as number;
    expect(amount).toBe(22);
    const r = rs.applyDamage(ghost, dmg(amount, { types: ["fire"], critical: true }), {}, "g");
    // 22 halved to 11, less 5 = 6.
    expect(r.dealt).toBe(6);
    expect(r.actor.hp.value).toBe(44);
  });
});

describe("FFd20 rules text: ongoing damage and saving throws", () => {
  it("[FF-ONGOING] ongoing 5 fire hits at the start of the turn; a save of 10+ at the end stops it", async () => {
    const ctx = turnContext([
      combatantSource("p", hero(), { effects: [effectSource({ id: "burn", ongoing: { amount: 5, type: "fire" } })] }),
    ]);
    await turnStart(ctx, "p", 1);
    expect(byActor(ctx, "actor-p").actor.hp.value).toBe(35);
    await turnEnd(ctx, "p", 1, [9]);
    expect(byActor(ctx, "actor-p").effects).toHaveLength(1);
    await turn(ctx, "p", 2, [10]);
    expect(byActor(ctx, "actor-p").actor.hp.value).toBe(30);
    expect(byActor(ctx, "actor-p").effects).toEqual([]);
    await turn(ctx, "p", 3);
    expect(byActor(ctx, "actor-p").actor.hp.value).toBe(30);
  });

  it("[FF-ONGOING] ongoing fire 5 and poison 5: both hurt each round and each gets its own save", async () => {
    const ctx = turnContext([
      combatantSource("p", hero(), {
        effects: [
          effectSource({ id: "fire", ongoing: { amount: 5, type: "fire" } }),
          effectSource({ id: "venom", ongoing: { amount: 5, type: "poison" } }),
        ],
      }),
    ]);
    const r = await turn(ctx, "p", 1, [12, 4]);
    expect(byActor(ctx, "actor-p").actor.hp.value).toBe(30);
    expect(r.rolled.filter((q) => q.kind === "save")).toHaveLength(2);
    expect(byActor(ctx, "actor-p").effects.map((e) => e.id)).toEqual(["venom"]);
  });

  it("[FF-ONGOING] ongoing 5 (no type) then ongoing 10 (no type): 10 a round, not 15", async () => {
    let effects: EffectSource[] = rs.addEffect([], effectSource({ id: "a", ongoing: { amount: 5, type: "" } }));
    effects = rs.addEffect(effects, effectSource({ id: "b", ongoing: { amount: 10, type: "" } }));
    const ctx = turnContext([combatantSource("p", hero(), { effects })]);
    await turnStart(ctx, "p", 1);
    expect(byActor(ctx, "actor-p").actor.hp.value).toBe(30);
    // A weaker one arriving later doesn't lower it.
    const more = rs.addEffect(effects, effectSource({ id: "c", ongoing: { amount: 3, type: "" } }));
    expect(more.map((e) => e.ongoing?.amount)).toEqual([10]);
  });

  it("[FF-SAVE] a saving throw is a plain d20: 9 fails, 10 succeeds", () => {
    const a = hero({ level: 10, abilities: abilities({ wis: 20 }) });
    const req = rs.saveRequest(a, rs.deriveActor(a, {}), "save", "normal", "p");
    expect(req.formula).toBe("1d20");
    expect(req.target).toBe(10);
    expect(rs.resolveRoll(a, req, { total: 9, natural: 9 }, {}).events[0]?.key).toMatch(/Failed$/);
    expect(rs.resolveRoll(a, req, { total: 10, natural: 10 }, {}).events[0]?.key).toMatch(/Succeeded$/);
  });

  it("[FF-SAVE] an imp's poison (ongoing poison plus −2 Will) is one effect and one save", async () => {
    const imp = effectSource({
      id: "imp",
      name: "Hellish poison",
      ongoing: { amount: 5, type: "poison" },
      statuses: ["willPenalty"],
    });
    const ctx = turnContext([combatantSource("p", hero(), { effects: [imp] })]);
    const r = await turn(ctx, "p", 1, [14]);
    expect(r.rolled.filter((q) => q.kind === "save")).toHaveLength(1);
    expect(byActor(ctx, "actor-p").effects).toEqual([]);
  });

  it("[FF-AFTER] saving against unconscious brings a slowed aftereffect that gets no save that same turn", async () => {
    const sleep = effectSource({
      id: "sleep",
      statuses: ["unconscious"],
      aftereffect: { ...effectSource({ statuses: ["slowed"], name: "Slowed" }) },
    });
    const ctx = turnContext([combatantSource("p", hero(), { effects: [sleep] })]);
    const first = await turn(ctx, "p", 1, [15]);
    expect(first.rolled.filter((q) => q.kind === "save")).toHaveLength(1);
    let fx = byActor(ctx, "actor-p").effects;
    expect(fx.map((e) => e.statuses)).toEqual([["slowed"]]);
    // Next turn it saves against the slow.
    const second = await turn(ctx, "p", 2, [11]);
    expect(second.rolled.filter((q) => q.kind === "save")).toHaveLength(1);
    fx = byActor(ctx, "actor-p").effects;
    expect(fx).toEqual([]);
  });
});

describe("FFd20 rules text: durations and sustain", () => {
  function pair(effect: EffectSource) {
    return turnContext([combatantSource("w", hero()), combatantSource("o", monster(), { effects: [effect] })]);
  }

  it("[FF-DURATION] until the start of your next turn: the wizard's daze on the orc ends when the wizard's next turn starts", async () => {
    const ctx = pair(
      effectSource({ id: "d", sourceCombatantId: "w", duration: "startOfNextTurn", statuses: ["dazed"] }),
    );
    await turnEnd(ctx, "w", 1);
    await turn(ctx, "o", 1);
    expect(byActor(ctx, "actor-o").effects).toHaveLength(1);
    await turnStart(ctx, "w", 2);
    expect(byActor(ctx, "actor-o").effects).toEqual([]);
  });

  it("[FF-DURATION] until the end of your next turn: lasts through the creation turn's end and ends at the next", async () => {
    const ctx = pair(
      effectSource({ id: "d", sourceCombatantId: "w", duration: "endOfNextTurn", statuses: ["slowed"] }),
    );
    await turnEnd(ctx, "w", 1);
    await turn(ctx, "o", 1);
    await turnStart(ctx, "w", 2);
    expect(byActor(ctx, "actor-o").effects).toHaveLength(1);
    await turnEnd(ctx, "w", 2);
    expect(byActor(ctx, "actor-o").effects).toEqual([]);
  });

  it("[FF-DURATION] until the end of the encounter: ends with the battle; the longer of two same effects applies", async () => {
    const ctx = pair(effectSource({ id: "d", duration: "endOfEncounter", statuses: ["slowed"] }));
    await run(ctx, rs.onCombatEnd(ctx, false));
    expect(byActor(ctx, "actor-o").effects).toEqual([]);
    const short = effectSource({ id: "s", duration: "endOfNextTurn", statuses: ["slowed"] });
    const long = effectSource({ id: "l", duration: "saveEnds", statuses: ["slowed"] });
    expect(rs.addEffect([long], short).map((e) => e.id)).toEqual(["l"]);
    expect(rs.addEffect([short], long).map((e) => e.id)).toEqual(["l"]);
  });

  it("[FF-SUSTAIN] sustain minor: kept while sustained from the next turn on, ends at the end of a turn without it", async () => {
    const zone = effectSource({ id: "z", sourceCombatantId: "w", duration: "sustain", sustain: "minor" });
    const ctx = pair(zone);
    // Round 1: created; nothing needed on the creation turn.
    await turnEnd(ctx, "w", 1);
    expect(byActor(ctx, "actor-o").effects).toHaveLength(1);
    // Round 2: sustained with a minor action.
    await turnStart(ctx, "w", 2);
    byActor(ctx, "actor-o").effects = byActor(ctx, "actor-o").effects.map((e) => ({ ...e, sustainedRound: 2 }));
    await turnEnd(ctx, "w", 2);
    expect(byActor(ctx, "actor-o").effects).toHaveLength(1);
    // Round 3: not sustained: it ends.
    await turnStart(ctx, "w", 3);
    await turnEnd(ctx, "w", 3);
    expect(byActor(ctx, "actor-o").effects).toEqual([]);
    expect(rs.actions.map((a) => a.key)).toEqual(["standard", "move", "minor"]);
  });
});

describe("FFd20 rules text: attack modifiers", () => {
  const archer = hero({ level: 2, abilities: abilities({ dex: 16 }) });
  const shot = powerSource({ attackAbility: "dex", range: "ranged", damage: "1d10+3" });
  const burst = powerSource({ attackAbility: "dex", range: "area", damage: "1d6", defense: "ref" });
  const total = (o: AttackOutcome) => o.total;

  it("[FF-CA] +2 against a stunned target, or when the dialog says so", () => {
    const plain = total(attackWith(archer, shot, null, 10, 30));
    expect(total(attackWith(archer, shot, null, 10, 30, { targetConditions: ["stunned"] }))).toBe(plain + 2);
    expect(total(attackWith(archer, shot, null, 10, 30, { situation: { combatAdvantage: true } }))).toBe(plain + 2);
  });

  it("[FF-CA] no combat advantage against a target you can't see", () => {
    const plain = total(attackWith(archer, shot, null, 10, 30));
    const blind = attackWith(archer, shot, null, 10, 30, {
      attackerConditions: ["blinded"],
      targetConditions: ["stunned"],
    });
    // Total concealment (−5), and no +2.
    expect(total(blind)).toBe(plain - 5);
  });

  it("[FF-COVER] cover −2, superior cover −5", () => {
    const plain = total(attackWith(archer, shot, null, 10, 30));
    expect(total(attackWith(archer, shot, null, 10, 30, { situation: { cover: "partial" } }))).toBe(plain - 2);
    expect(total(attackWith(archer, shot, null, 10, 30, { situation: { cover: "superior" } }))).toBe(plain - 5);
  });

  it("[FF-CONCEAL] concealment −2 and total −5 for ranged and melee attacks, none for area attacks", () => {
    const plain = total(attackWith(archer, shot, null, 10, 30));
    expect(total(attackWith(archer, shot, null, 10, 30, { situation: { concealment: "partial" } }))).toBe(plain - 2);
    expect(total(attackWith(archer, shot, null, 10, 30, { situation: { concealment: "total" } }))).toBe(plain - 5);
    const area = total(attackWith(archer, burst, null, 10, 30));
    expect(total(attackWith(archer, burst, null, 10, 30, { situation: { concealment: "total" } }))).toBe(area);
  });

  it("[FF-INVIS] an invisible target has total concealment; an invisible attacker has combat advantage", () => {
    const plain = total(attackWith(archer, shot, null, 10, 30));
    expect(total(attackWith(archer, shot, null, 10, 30, { targetConditions: ["invisible"] }))).toBe(plain - 5);
    expect(total(attackWith(archer, shot, null, 10, 30, { attackerConditions: ["invisible"] }))).toBe(plain + 2);
  });

  it("[FF-INVIS] the wrong square is an automatic miss, even on a natural 20, with no reason shown", () => {
    const o = attackWith(archer, shot, null, 20, 5, { situation: { wrongSquare: true } });
    expect(o.result).toBe("autoMiss");
    expect(o.reasons).toEqual([]);
  });
});

describe("FFd20 rules text: dying (Open rule, default 4th-edition reading)", () => {
  it("[FF-DEATH] a 40-HP PC at 5 HP takes 12: dying at −7; three failed death saves kill", async () => {
    const down = rs.applyDamage(hero({}, 5), dmg(12), {}, "actor-p").actor;
    expect(down.hp.value).toBe(-7);
    expect(down.state).toBe("dying");
    const ctx = turnContext([combatantSource("p", down)]);
    await turn(ctx, "p", 1, [9]);
    await turn(ctx, "p", 2, [15]);
    await turn(ctx, "p", 3, [3]);
    expect(byActor(ctx, "actor-p").actor.state).toBe("dying");
    await turn(ctx, "p", 4, [2]);
    expect(byActor(ctx, "actor-p").actor.state).toBe("dead");
  });

  it("[FF-DEATH] a death save of 20 spends a healing surge: a quarter of max HP, from 0", async () => {
    const down = rs.applyDamage(hero({}, 5), dmg(12), {}, "actor-p").actor;
    const ctx = turnContext([combatantSource("p", down)]);
    await turn(ctx, "p", 1, [20]);
    const p = byActor(ctx, "actor-p").actor;
    expect(p.hp.value).toBe(10);
    expect(p.state).toBe("active");
    expect(p.recoveries.value).toBe(7);
  });

  it("[FF-DEATH] at minus the bloodied value the PC dies outright; monsters die at 0", () => {
    expect(rs.applyDamage(hero({}, 5), dmg(25), {}, "p").actor.state).toBe("dead");
    expect(rs.applyDamage(hero({}, 5), dmg(24), {}, "p").actor.state).toBe("dying");
    expect(rs.applyDamage(monster({}, 30), dmg(30), {}, "m").actor.state).toBe("dead");
  });

  it("[FF-DEATH] healing a dying PC counts from 0; healing the dead does nothing", () => {
    const down = rs.applyDamage(hero({}, 5), dmg(12), {}, "p").actor;
    const up = rs.applyHealing(down, 8, "heal", {}, "p").actor;
    expect(up.hp.value).toBe(8);
    expect(up.state).toBe("active");
    const dead = rs.applyDamage(hero({}, 5), dmg(40), {}, "p").actor;
    expect(rs.applyHealing(dead, 8, "heal", {}, "p").actor).toEqual(dead);
  });

  it("[FF-DEATH] other table choices: 'unconscious' (no death saves) and 'lethal' (everyone dies at 0)", () => {
    const u = rs.applyDamage(hero({}, 5), dmg(12), { dyingRules: "unconscious" }, "p").actor;
    expect(u.state).toBe("unconscious");
    expect(rs.deathSaveRequest(u, rs.deriveActor(u, {}), "p")).toBeNull();
    expect(rs.applyDamage(hero({}, 5), dmg(12), { dyingRules: "lethal" }, "p").actor.state).toBe("dead");
  });
});

describe("FFd20 rules text: robustness", () => {
  it("[FF-DEF] a bare defaultActorSource actor: every defense 10 at level 1", () => {
    expect(rs.deriveActor(defaultActorSource(), {}).defenses).toEqual({ ac: 10, fort: 10, ref: 10, will: 10 });
  });

  it("[FF-RESIST] a packet of 0 damage changes nothing; temp HP are spent first", () => {
    const a = hero({}, 20);
    expect(rs.applyDamage(a, dmg(0), {}, "p").actor).toEqual(a);
    let t = rs.applyHealing(a, 6, "temp", {}, "p").actor;
    t = rs.applyDamage(t, dmg(10), {}, "p").actor;
    expect(t.hp).toEqual({ value: 16, max: 40, temp: 0 });
  });

  it("[FF-ATK] a miss just below the defense, a hit exactly on it", () => {
    const a = hero({ level: 2, abilities: abilities({ str: 14 }) });
    const p = powerSource({ damage: "1d6" });
    // +1 (half of level 2) +2 Str = +3: 12 + 3 = 15 misses Defense 16, 13 + 3 = 16 hits.
    expect(attackWith(a, p, null, 12, 16).result).toBe("miss");
    expect(attackWith(a, p, null, 13, 16).result).toBe("hit");
  });
});

describe("FFd20 rules text: odds", () => {
  it("[FF-NAT20] [FF-CRITDMG] +4 against AC 25: only a 20 hits, and it is no crit; expected damage is the plain roll's", () => {
    const { dice: _d, ...input } = attackInput({ attackBonus: 4, defense: { key: "ac", value: 25 } });
    const odds = attackOdds(rs, input, { hit: { dice: [{ count: 2, faces: 8, sign: 1 }], flat: 3 } });
    expect(odds.crit).toBe(0);
    expect(odds.hit).toBeCloseTo(1 / 20, 10);
    expect(odds.expectedDamage).toBeCloseTo(12 / 20, 10);
  });

  it("[FF-PRECISION] [FF-CRITDMG] +10 against AC 20 with a 19–20 weapon: 10–18 hit, 19–20 crit for the maximum", () => {
    const { dice: _d, ...input } = attackInput({ attackBonus: 10, defense: { key: "ac", value: 20 }, critRange: 1 });
    const odds = attackOdds(rs, input, { hit: { dice: [{ count: 2, faces: 8, sign: 1 }], flat: 3 } });
    expect(odds.hit).toBeCloseTo(9 / 20, 10);
    expect(odds.crit).toBeCloseTo(2 / 20, 10);
    expect(odds.expectedDamage).toBeCloseTo((9 * 12 + 2 * 19) / 20, 10);
  });
});
