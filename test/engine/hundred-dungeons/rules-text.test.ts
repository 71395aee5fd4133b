/**
 * Rules-text scenarios for Hundred Dungeons: each paragraph of the rules text with a mechanical
 * consequence, played through the public Ruleset interface (getRuleset) with realistic numbers,
 * including multi-step sequences (damage, dying turns, healing) and robustness probes.
 */
import { describe, expect, it } from "vitest";
import { defaultActorSource } from "../../../src/engine/common.js";
import { formatDamage } from "../../../src/engine/dice.js";
import { attackOdds, recipeDamage } from "../../../src/engine/odds.js";
import { getRuleset } from "../../../src/engine/registry.js";
import type { ActorSource, AttackInput, CombatantSource, TurnContext, TurnStep } from "../../../src/engine/types.js";
import {
  attackInput,
  blankSituation,
  combatantSource,
  damagePacket,
  effectSource,
  powerSource,
  recipeInput,
  turnContext,
  weaponSource,
} from "../../support/engine-fixtures.js";
import { turnOf } from "./fixtures.js";

const hd = getRuleset("hundred-dungeons");

/** An HD character: small scores, Defense 13 from its stat line unless overridden. */
function pc(over: Partial<ActorSource> = {}): ActorSource {
  return defaultActorSource({
    abilities: { str: 3, dex: 2, con: 1, int: 0, wis: 1, cha: 0 },
    hp: { value: 12, max: 12, temp: 0 },
    defenses: { def: { base: null, bonus: 0 } },
    speed: 60,
    ...over,
  });
}
const npc = (over: Partial<ActorSource> = {}): ActorSource => pc({ kind: "npc", ...over });

const sum = (mods: { value: number }[]): number => mods.reduce((s, m) => s + m.value, 0);

/** An attack against Defense `def` with the given faces and bonus. */
function atk(dice: number[], bonus: number, def: number, over: Partial<AttackInput> = {}): AttackInput {
  return attackInput({ dice, attackBonus: bonus, defense: { key: "def", value: def }, ...over });
}
function modeOf(over: Partial<AttackInput>): string {
  const { dice: _dice, ...rest } = atk([10], 0, 10, over);
  return hd.attackMode(rest);
}
const target = (conditions: string[], exhaustion = 0) => ({ conditions, vulnerabilities: [], exhaustion });
const attacker = (conditions: string[], exhaustion = 0) => ({
  kind: "character" as const,
  usesEscalation: false,
  penalties: [],
  conditions,
  exhaustion,
});

/**
 * Runs a turn plan the way the tracker does: actor updates and damage are applied to the
 * combatants, `roll` steps are answered from `totals` (in order) and fed back through
 * resolveTurnRoll. Returns the combatants afterwards.
 */
function runPlan(ctx: TurnContext, steps: TurnStep[], totals: number[] = []): CombatantSource[] {
  const cs = ctx.combatants.map((c) => ({ ...c, actor: structuredClone(c.actor), effects: [...c.effects] }));
  const byActor = (id: string) => cs.find((c) => c.actorId === id)!;
  const queue = [...steps];
  while (queue.length) {
    const s = queue.shift()!;
    if (s.kind === "updateActor") {
      const c = byActor(s.actorId);
      c.actor = { ...c.actor, ...structuredClone(s.changes) };
    } else if (s.kind === "damage") {
      const c = byActor(s.actorId);
      c.actor = hd.applyDamage(c.actor, s.packet, ctx.options, s.actorId).actor;
    } else if (s.kind === "removeEffect") {
      const c = byActor(s.actorId);
      c.effects = c.effects.filter((e) => e.id !== s.effectId);
    } else if (s.kind === "roll") {
      const total = totals.shift();
      if (total === undefined) throw new Error(`no total for ${s.request.kind}`);
      const r = hd.resolveTurnRoll({ ...ctx, combatants: cs }, s.request, { total, natural: null });
      byActor(s.request.actorId).actor = r.actor;
      queue.unshift(...r.followUps);
    }
  }
  return cs;
}

// -------------------------------------------------------------------------------------------------

describe("HD rules text: making attacks", () => {
  it("[HD-ATK] Str 3 + renown 2 (martial weapon skill) with a longsword against Defense 17: a natural 12 meets it and hits, 11 misses", () => {
    const a = pc({ renown: 2, weaponSkills: ["martial"] });
    const bonus = sum(
      hd.attackBonus(a, hd.deriveActor(a, {}), powerSource({ defense: "def" }), weaponSource({ damageDice: "" })),
    );
    expect(bonus).toBe(5);
    expect(hd.resolveAttack(atk([12], bonus, 17)).result).toBe("hit");
    expect(hd.resolveAttack(atk([11], bonus, 17)).result).toBe("miss");
  });

  it("[HD-ATK] without a weapon skill covering the weapon, renown is not added", () => {
    const a = pc({ renown: 2, weaponSkills: ["heavy"] });
    const bonus = sum(
      hd.attackBonus(a, hd.deriveActor(a, {}), powerSource(), weaponSource({ weaponClass: "martial" })),
    );
    expect(bonus).toBe(3);
  });

  it("[HD-ATK] the weapon picks the ability: melee and thrown use Strength, ammunition Dexterity; a spell its casting ability", () => {
    const a = pc({ abilities: { str: 4, dex: -1, con: 0, int: 3, wis: 0, cha: 0 } });
    const d = hd.deriveActor(a, {});
    const bonusWith = (power = powerSource(), weapon: ReturnType<typeof weaponSource> | null = null) =>
      sum(hd.attackBonus(a, d, power, weapon));
    expect(bonusWith(powerSource(), weaponSource({ name: "Longsword" }))).toBe(4);
    expect(
      bonusWith(powerSource({ range: "ranged" }), weaponSource({ name: "Javelin", ranged: true, thrown: true })),
    ).toBe(4);
    expect(
      bonusWith(
        powerSource({ range: "ranged", attackAbility: "dex" }),
        weaponSource({ name: "Longbow", ranged: true }),
      ),
    ).toBe(-1);
    // Even a power naming Strength shoots a bow with Dexterity.
    expect(
      bonusWith(
        powerSource({ range: "ranged", attackAbility: "str" }),
        weaponSource({ name: "Longbow", ranged: true }),
      ),
    ).toBe(-1);
    expect(bonusWith(powerSource({ range: "ranged", attackAbility: "int" }), null)).toBe(3);
  });

  it("[HD-ATK] an NPC stat block's flat bonus with no ability", () => {
    const a = npc();
    expect(
      sum(hd.attackBonus(a, hd.deriveActor(a, {}), powerSource({ attackAbility: null, attackBonus: 6 }), null)),
    ).toBe(6);
  });

  it("[HD-CRIT] a 20 on the die hits even at −30 against Defense 40 and is a critical hit; a 1 misses even at +30 against Defense 5", () => {
    const crit = hd.resolveAttack(atk([20], -30, 40));
    expect(crit.result).toBe("crit");
    expect(crit.isHit).toBe(true);
    expect(crit.isCrit).toBe(true);
    const fumble = hd.resolveAttack(atk([1], 30, 5, { hasMissEffect: true }));
    expect(fumble.isHit).toBe(false);
    expect(fumble.missEffect).toBe(false);
    // A 19 with a big bonus is an ordinary hit, not a crit.
    expect(hd.resolveAttack(atk([19], 30, 5)).result).toBe("hit");
  });

  it("[HD-CRIT] [HD-DMG] a critical hit doubles the damage: a longsword rolling 6 deals 12", () => {
    const a = pc();
    const hit = hd.damageExpression(a, hd.deriveActor(a, {}), powerSource(), weaponSource({ damageDice: "" }))!;
    expect(formatDamage(hit)).toBe("1d8");
    const crit = hd.damageRecipe(recipeInput("crit", hit))!;
    const normal = hd.damageRecipe(recipeInput("hit", hit))!;
    expect(recipeDamage(crit, 6)).toBe(12);
    expect(recipeDamage(normal, 6)).toBe(6);
    expect(hd.damageRecipe(recipeInput("miss", hit))).toBeNull();
    expect(hd.damageRecipe(recipeInput("autoMiss", hit))).toBeNull();
  });

  it("[HD-DMG] damage by weapon class: simple 1d6, martial 1d8, heavy 1d10; a spell its own dice; no ability added", () => {
    const a = pc({ abilities: { str: 5, dex: 5, con: 0, int: 5, wis: 0, cha: 0 } });
    const d = hd.deriveActor(a, {});
    const dmg = (w: ReturnType<typeof weaponSource> | null, p = powerSource()) =>
      formatDamage(hd.damageExpression(a, d, p, w)!);
    expect(dmg(weaponSource({ damageDice: "", weaponClass: "simple" }))).toBe("1d6");
    expect(dmg(weaponSource({ damageDice: "", weaponClass: "martial" }))).toBe("1d8");
    expect(dmg(weaponSource({ damageDice: "", weaponClass: "heavy" }))).toBe("1d10");
    expect(dmg(null, powerSource({ attackAbility: "int", range: "ranged", damage: "2d6" }))).toBe("2d6");
  });

  it("[HD-UNARMED] an unarmed strike (melee Strength attack, no weapon) deals the Strength score; Str 0 or −2 still deals 1; a crit doubles it", () => {
    const unarmed = powerSource({ damageTypes: ["bludgeoning"] });
    const dmgFor = (str: number) => {
      const a = pc({ abilities: { str, dex: 0, con: 0, int: 0, wis: 0, cha: 0 } });
      return hd.damageExpression(a, hd.deriveActor(a, {}), unarmed, null);
    };
    expect(formatDamage(dmgFor(4)!)).toBe("4");
    expect(formatDamage(dmgFor(0)!)).toBe("1");
    expect(formatDamage(dmgFor(-2)!)).toBe("1");
    const crit = hd.damageRecipe(recipeInput("crit", dmgFor(4), { types: ["bludgeoning"] }))!;
    expect(recipeDamage(crit, 4)).toBe(8);
    // A spell without a damage formula is not an unarmed strike.
    const a = pc();
    expect(
      hd.damageExpression(a, hd.deriveActor(a, {}), powerSource({ attackAbility: "int", range: "ranged" }), null),
    ).toBeNull();
  });
});

describe("HD rules text: mighty and weak", () => {
  it("[HD-MIGHTY] mighty keeps the higher of two d20s, weak the lower (faces 3 and 15)", () => {
    const mighty = hd.resolveAttack(atk([3, 15], 0, 14, { situation: blankSituation({ mighty: 1 }) }));
    expect(mighty.natural).toBe(15);
    expect(mighty.result).toBe("hit");
    const weak = hd.resolveAttack(atk([3, 15], 0, 14, { situation: blankSituation({ weak: 1 }) }));
    expect(weak.natural).toBe(3);
    expect(weak.result).toBe("miss");
  });

  it("[HD-MIGHTY] one mighty and one weak source cancel; with the `pairs` option a surplus still decides; default options apply when missing", () => {
    const s = blankSituation({ mighty: 2, weak: 1 });
    expect(modeOf({ situation: s })).toBe("normal");
    expect(modeOf({ situation: s, options: { mightyCancel: "pairs" } })).toBe("mighty");
    expect(modeOf({ situation: blankSituation({ mighty: 1, weak: 1 }), options: { mightyCancel: "pairs" } })).toBe(
      "normal",
    );
  });

  it("[HD-MIGHTY] a mighty roll of 1 and 20 is a critical hit; a weak roll of 20 and 1 is a critical miss", () => {
    expect(hd.resolveAttack(atk([1, 20], 0, 30, { situation: blankSituation({ mighty: 1 }) })).result).toBe("crit");
    expect(hd.resolveAttack(atk([20, 1], 30, 5, { situation: blankSituation({ weak: 1 }) })).result).toBe("autoMiss");
  });

  it("[HD-RANGED] a ranged attack made within the target's melee reach is weak; a melee attack is not", () => {
    const s = blankSituation({ withinMeleeReach: true });
    expect(modeOf({ range: "ranged", situation: s })).toBe("weak");
    expect(modeOf({ range: "melee", situation: s })).toBe("normal");
  });

  it("[HD-ACTIONS] Help: the helped character's attack is mighty", () => {
    expect(modeOf({ attacker: attacker(["helped"]) })).toBe("mighty");
  });

  it("[HD-QUICK] Dodge: attacks against the dodger are weak, and its Dexterity roll is mighty; lost once it is incapacitated", () => {
    expect(modeOf({ target: target(["dodging"]) })).toBe("weak");
    expect(hd.saveMode!(pc({ conditions: ["dodging"] }), "dex")).toBe("mighty");
    expect(hd.saveMode!(pc({ conditions: ["dodging"] }), "str")).toBe("normal");
    // Stunned (incapacitated): no dodge benefit; stunned makes attacks against it mighty.
    expect(modeOf({ target: target(["dodging", "stunned"]) })).toBe("mighty");
  });

  it("[HD-HIDE] attacking a creature you are hidden from is mighty; attacking a hidden creature's space is weak; the wrong space misses even on a 20", () => {
    expect(modeOf({ attacker: attacker(["hidden"]) })).toBe("mighty");
    expect(modeOf({ target: target(["hidden"]) })).toBe("weak");
    expect(hd.resolveAttack(atk([20], 10, 5, { situation: blankSituation({ wrongSquare: true }) })).result).toBe(
      "autoMiss",
    );
  });

  it("[HD-COVER] partial cover adds 5 to Defense 13: a total of 18 hits, 17 misses; total cover makes even a natural 20 miss", () => {
    const cover = blankSituation({ cover: "partial" });
    expect(hd.resolveAttack(atk([15], 3, 13, { situation: cover })).result).toBe("hit");
    expect(hd.resolveAttack(atk([14], 3, 13, { situation: cover })).result).toBe("miss");
    expect(hd.resolveAttack(atk([14], 3, 13)).result).toBe("hit");
    expect(hd.resolveAttack(atk([20], 3, 13, { situation: blankSituation({ cover: "total" }) })).result).toBe(
      "autoMiss",
    );
  });

  it("[HD-WATER] underwater without a swim speed: a longsword attack is weak, a spear or trident is not, a swimmer is not", () => {
    const under = attacker(["underwater"]);
    expect(modeOf({ attacker: under, weaponName: "Longsword" })).toBe("weak");
    expect(modeOf({ attacker: under, weaponName: "Spear" })).toBe("normal");
    expect(modeOf({ attacker: under, weaponName: "Trident" })).toBe("normal");
    expect(modeOf({ attacker: { ...under, swimSpeed: true }, weaponName: "Longsword" })).toBe("normal");
    expect(modeOf({ attacker: attacker([]), weaponName: "Longsword" })).toBe("normal");
  });

  it("[SYS-ESC] where the GM turns the escalation die on, a character adds it (3) to the attack; 0 adds nothing", () => {
    const on = hd.resolveAttack(atk([10], 2, 15, { escalation: 3 }));
    expect(on.total).toBe(15);
    expect(on.result).toBe("hit");
    expect(hd.resolveAttack(atk([10], 2, 15, { escalation: 0 })).result).toBe("miss");
    // An ordinary NPC does not use it.
    const monster = { ...attacker([]), kind: "npc" as const };
    expect(hd.resolveAttack(atk([10], 2, 15, { escalation: 3, attacker: monster })).total).toBe(12);
  });
});

describe("HD rules text: conditions on attacks", () => {
  const cases: [string, Partial<AttackInput>, string][] = [
    ["blinded attacker", { attacker: attacker(["blinded"]) }, "weak"],
    ["blinded target", { target: target(["blinded"]) }, "mighty"],
    ["frightened attacker", { attacker: attacker(["frightened"]) }, "weak"],
    ["invisible attacker", { attacker: attacker(["invisible"]) }, "mighty"],
    ["invisible target", { target: target(["invisible"]) }, "weak"],
    ["paralyzed target (ranged)", { range: "ranged", target: target(["paralyzed"]) }, "mighty"],
    ["poisoned attacker", { attacker: attacker(["poisoned"]) }, "weak"],
    ["prone attacker", { attacker: attacker(["prone"]) }, "weak"],
    ["prone target, melee", { target: target(["prone"]) }, "mighty"],
    ["prone target, ranged", { range: "ranged", target: target(["prone"]) }, "weak"],
    ["restrained attacker", { attacker: attacker(["restrained"]) }, "weak"],
    ["restrained target", { target: target(["restrained"]) }, "mighty"],
    ["stunned target", { target: target(["stunned"]) }, "mighty"],
    ["exhaustion 3 attacker", { attacker: attacker([], 3) }, "weak"],
    ["exhaustion 2 attacker", { attacker: attacker([], 2) }, "normal"],
    ["exhaustion 5 target (stunned)", { target: target([], 5) }, "mighty"],
    ["charmed, deafened, grappled attacker", { attacker: attacker(["charmed", "deafened", "grappled"]) }, "normal"],
  ];
  for (const [name, over, mode] of cases) {
    it(`[HD-COND] [HD-MIGHTY] ${name}: ${mode}`, () => expect(modeOf(over)).toBe(mode));
  }

  it("[HD-COND] melee attacks against a paralyzed (or unconscious) creature hit automatically, even a 2 at −5 against Defense 30", () => {
    for (const c of ["paralyzed", "unconscious", "petrified"]) {
      const o = hd.resolveAttack(atk([2, 2], -5, 30, { target: target([c]) }));
      expect(o.isHit).toBe(true);
      expect(o.result).toBe("hit");
    }
    expect(hd.resolveAttack(atk([2, 2], -5, 30, { range: "ranged", target: target(["paralyzed"]) })).isHit).toBe(false);
  });

  it("[HD-COND] paralyzed and stunned creatures automatically fail Strength and Dexterity rolls; poisoned Constitution", () => {
    const auto = (conditions: string[], kind: string) =>
      hd.saveRequest(pc({ conditions }), hd.deriveActor(pc({ conditions }), {}), kind, "normal", "a").data?.autoFail ===
      true;
    expect(auto(["paralyzed"], "str")).toBe(true);
    expect(auto(["paralyzed"], "dex")).toBe(true);
    expect(auto(["paralyzed"], "con")).toBe(false);
    expect(auto(["stunned"], "dex")).toBe(true);
    expect(auto(["poisoned"], "con")).toBe(true);
    expect(auto(["poisoned"], "wis")).toBe(false);
    const p = pc({ conditions: ["paralyzed"] });
    const req = hd.saveRequest(p, hd.deriveActor(p, {}), "str", "normal", "a");
    expect(hd.resolveRoll(p, { ...req, target: 10 }, { total: 25, natural: 20 }, {}).events[0]?.key).toBe(
      "D20C.HD.Event.rollFailed",
    );
  });

  it("[HD-COND] ability roll modes: poisoned and frightened weak, restrained Dexterity weak, exhaustion 3 weak, Help mighty", () => {
    expect(hd.saveMode!(pc({ conditions: ["poisoned"] }), "wis")).toBe("weak");
    expect(hd.saveMode!(pc({ conditions: ["frightened"] }), "str")).toBe("weak");
    expect(hd.saveMode!(pc({ conditions: ["restrained"] }), "dex")).toBe("weak");
    expect(hd.saveMode!(pc({ conditions: ["restrained"] }), "str")).toBe("normal");
    expect(hd.saveMode!(pc({ exhaustion: 3 }), "int")).toBe("weak");
    expect(hd.saveMode!(pc({ exhaustion: 2 }), "int")).toBe("normal");
    expect(hd.saveMode!(pc(), "cha", { mighty: 1 })).toBe("mighty");
    expect(hd.saveMode!(pc({ conditions: ["poisoned"] }), "wis", { mighty: 1 })).toBe("normal");
  });

  it("[HD-COND] a weak ability roll asks for two d20s keeping the lower, plus the score", () => {
    const a = pc({ abilities: { str: 3, dex: -2, con: 1, int: 0, wis: 1, cha: 0 } });
    expect(hd.saveRequest(a, hd.deriveActor(a, {}), "dex", "weak", "a").formula).toBe("2d20kl - 2");
    expect(hd.saveRequest(a, hd.deriveActor(a, {}), "str", "mighty", "a").formula).toBe("2d20kh + 3");
    expect(hd.saveRequest(a, hd.deriveActor(a, {}), "int", "normal", "a").formula).toBe("1d20");
  });
});

describe("HD rules text: hit points, damage and healing", () => {
  it("[HD-HP] [HD-DYING] a PC at 3 HP takes 10: 0 HP and dying (slowed); healed 4 it is at 4 and no longer dying, exhaustion kept", () => {
    const down = hd.applyDamage(pc({ hp: { value: 3, max: 12, temp: 0 } }), damagePacket(10), {}, "a");
    expect(down.actor.hp.value).toBe(0);
    expect(down.actor.state).toBe("dying");
    expect(down.actor.conditions).toContain("dying");
    expect(hd.conditions.find((c) => c.id === "dying")?.implies).toContain("slowed");
    const worn = { ...down.actor, exhaustion: 2, dyingTurns: 2 };
    const up = hd.applyHealing(worn, 4, "heal", {}, "a").actor;
    expect(up.hp.value).toBe(4);
    expect(up.state).toBe("active");
    expect(up.conditions).not.toContain("dying");
    expect(up.exhaustion).toBe(2);
    // Then more damage: 5 takes it from 4 to 0 again, dying again with a fresh count.
    const again = hd.applyDamage(up, damagePacket(5), {}, "a").actor;
    expect(again.hp.value).toBe(0);
    expect(again.state).toBe("dying");
    expect(again.dyingTurns).toBe(0);
  });

  it("[HD-HP] healing stops at the maximum; the excess is lost (8/12 healed 10 → 12)", () => {
    const r = hd.applyHealing(pc({ hp: { value: 8, max: 12, temp: 0 } }), 10, "heal", {}, "a");
    expect(r.actor.hp.value).toBe(12);
  });

  it("[HD-HP] temporary HP soak damage first, do not stack, and healing does not touch them", () => {
    let a = hd.applyHealing(pc({ hp: { value: 12, max: 12, temp: 0 } }), 5, "temp", {}, "a").actor;
    a = hd.applyHealing(a, 3, "temp", {}, "a").actor;
    expect(a.hp.temp).toBe(5);
    const hit = hd.applyDamage(a, damagePacket(8), {}, "a");
    expect(hit.absorbedByTemp).toBe(5);
    expect(hit.actor.hp).toEqual({ value: 9, max: 12, temp: 0 });
    expect(hd.applyHealing(hit.actor, 2, "heal", {}, "a").actor.hp).toEqual({ value: 11, max: 12, temp: 0 });
  });

  it("[HD-HP] a packet of 0 damage changes nothing, even at 1 HP", () => {
    const a = pc({ hp: { value: 1, max: 12, temp: 0 } });
    const r = hd.applyDamage(a, damagePacket(0), {}, "a");
    expect(r.actor).toEqual(a);
    expect(r.hpLost).toBe(0);
  });

  it("[HD-ENEMYDEATH] an ordinary enemy at 3 HP taking 10 dies outright; an important one is dying instead", () => {
    expect(hd.applyDamage(npc({ hp: { value: 3, max: 9, temp: 0 } }), damagePacket(10), {}, "n").actor.state).toBe(
      "dead",
    );
    const boss = hd.applyDamage(
      npc({ important: true, hp: { value: 3, max: 30, temp: 0 } }),
      damagePacket(10),
      {},
      "n",
    ).actor;
    expect(boss.state).toBe("dying");
  });

  it("[HD-ENEMYDEATH] the attacker may knock out instead: unconscious at 0 HP, alive; a later melee hit makes a PC dying and kills an ordinary enemy", () => {
    const ko = hd.applyDamage(
      npc({ hp: { value: 3, max: 9, temp: 0 } }),
      damagePacket(10, { knockOut: true }),
      {},
      "n",
    ).actor;
    expect(ko.state).toBe("unconscious");
    expect(ko.conditions).toContain("unconscious");
    // Ranged damage to the unconscious enemy does not start dying (only melee does).
    expect(hd.applyDamage(ko, damagePacket(2, { melee: false }), {}, "n").actor.state).toBe("unconscious");
    expect(hd.applyDamage(ko, damagePacket(2, { melee: true }), {}, "n").actor.state).toBe("dead");
    const pcKo = hd.applyDamage(
      pc({ hp: { value: 3, max: 12, temp: 0 } }),
      damagePacket(10, { knockOut: true }),
      {},
      "a",
    ).actor;
    expect(pcKo.state).toBe("unconscious");
    expect(hd.applyDamage(pcKo, damagePacket(2, { melee: true }), {}, "a").actor.state).toBe("dying");
  });

  it("[HD-COND] [HD-DYING] an unconscious PC with HP left (asleep) hit in melee starts dying; healed while dying it counts up from 0", () => {
    const asleep = pc({ hp: { value: 9, max: 12, temp: 0 }, conditions: ["unconscious"] });
    const stabbed = hd.applyDamage(asleep, damagePacket(3, { melee: true }), {}, "a").actor;
    expect(stabbed.state).toBe("dying");
    const healed = hd.applyHealing(stabbed, 4, "heal", {}, "a").actor;
    expect(healed.state).toBe("active");
    expect(healed.hp.value).toBe(4);
  });

  it("[HD-RESIST] [HD-COND] petrified: resistance to all damage (15 slashing → 7), immune to poison (→ 0)", () => {
    const stone = pc({ hp: { value: 30, max: 30, temp: 0 }, conditions: ["petrified"] });
    expect(hd.applyDamage(stone, damagePacket(15, { types: ["slashing"] }), {}, "a").hpLost).toBe(7);
    expect(hd.applyDamage(stone, damagePacket(15, { types: ["poison"] }), {}, "a").hpLost).toBe(0);
    expect(
      hd.applyDamage(stone, damagePacket(15, { types: ["slashing"] }), { resistanceRule: "halfUp" }, "a").hpLost,
    ).toBe(8);
  });

  it("[HD-WATER] [HD-RESIST] a creature immersed in water resists fire (15 → 7) but not cold", () => {
    const wet = pc({ hp: { value: 30, max: 30, temp: 0 }, conditions: ["underwater"] });
    expect(hd.applyDamage(wet, damagePacket(15, { types: ["fire"] }), {}, "a").hpLost).toBe(7);
    expect(hd.applyDamage(wet, damagePacket(15, { types: ["cold"] }), {}, "a").hpLost).toBe(15);
  });

  it("[HD-RESIST] own resistance halves, immunity zeroes, vulnerability doubles", () => {
    const a = pc({
      hp: { value: 40, max: 40, temp: 0 },
      resistances: [{ type: "cold", value: 0 }],
      vulnerabilities: [{ type: "fire", value: 0 }],
      immunities: ["poison"],
    });
    expect(hd.applyDamage(a, damagePacket(9, { types: ["cold"] }), {}, "a").hpLost).toBe(4);
    expect(hd.applyDamage(a, damagePacket(9, { types: ["fire"] }), {}, "a").hpLost).toBe(18);
    expect(hd.applyDamage(a, damagePacket(9, { types: ["poison"] }), {}, "a").hpLost).toBe(0);
    expect(hd.applyDamage(a, damagePacket(9, { types: ["slashing"] }), {}, "a").hpLost).toBe(9);
  });

  it("[HD-HP] the dead are neither healed nor damaged", () => {
    const dead = pc({ hp: { value: 0, max: 12, temp: 0 }, state: "dead" });
    expect(hd.applyHealing(dead, 10, "heal", {}, "a").actor).toEqual(dead);
    expect(hd.applyDamage(dead, damagePacket(10), {}, "a").actor).toEqual(dead);
  });
});

describe("HD rules text: dying, turn by turn", () => {
  const setup = (actor: ActorSource) => {
    const c = combatantSource("hero", actor, { seat: 1 });
    return turnContext([c], { round: 2, combatantId: "hero" });
  };

  it("[HD-DYING] end of each turn: one exhaustion level, then Constitution at 10 + turns taken (11, then 12); meeting it survives, missing it dies", () => {
    const dying = hd.applyDamage(pc({ hp: { value: 2, max: 12, temp: 0 } }), damagePacket(7), {}, "actor-hero").actor;
    let ctx = setup(dying);
    const plan1 = hd.onTurnEnd(ctx);
    const roll1 = plan1.find((s): s is Extract<TurnStep, { kind: "roll" }> => s.kind === "roll")!.request;
    expect(roll1.kind).toBe("dyingCheck");
    expect(roll1.target).toBe(11);
    expect(roll1.formula).toBe("1d20 + 1");
    let cs = runPlan(ctx, plan1, [11]);
    expect(cs[0]!.actor.state).toBe("dying");
    expect(cs[0]!.actor.exhaustion).toBe(1);

    ctx = { ...ctx, round: 3, combatants: cs };
    const plan2 = hd.onTurnEnd(ctx);
    const roll2 = plan2.find((s): s is Extract<TurnStep, { kind: "roll" }> => s.kind === "roll")!.request;
    expect(roll2.target).toBe(12);
    cs = runPlan(ctx, plan2, [11]);
    expect(cs[0]!.actor.state).toBe("dead");
    expect(cs[0]!.actor.exhaustion).toBe(2);
  });

  it("[HD-DYING] [HD-COND] from the third level of exhaustion the dying check is weak; a poisoned creature fails it outright", () => {
    const dying = pc({
      hp: { value: 0, max: 12, temp: 0 },
      state: "dying",
      conditions: ["dying"],
      exhaustion: 2,
      dyingTurns: 2,
    });
    const req = hd
      .onTurnEnd(setup(dying))
      .find((s): s is Extract<TurnStep, { kind: "roll" }> => s.kind === "roll")!.request;
    expect(req.formula).toBe("2d20kl + 1");
    expect(req.target).toBe(13);
    const poisoned = { ...dying, exhaustion: 0, dyingTurns: 0, conditions: ["dying", "poisoned"] };
    const cs = runPlan(setup(poisoned), hd.onTurnEnd(setup(poisoned)), [30]);
    expect(cs[0]!.actor.state).toBe("dead");
  });

  it("[HD-DYING] [HD-COND] the sixth level of exhaustion is death: a dying creature at 5 dies at its turn's end without a roll", () => {
    const dying = pc({
      hp: { value: 0, max: 12, temp: 0 },
      state: "dying",
      conditions: ["dying"],
      exhaustion: 5,
      dyingTurns: 1,
    });
    const plan = hd.onTurnEnd(setup(dying));
    expect(plan.some((s) => s.kind === "roll")).toBe(false);
    expect(runPlan(setup(dying), plan)[0]!.actor.state).toBe("dead");
  });

  it("[HD-DYING] the sheet's dying check runs the same procedure (exhaustion +1, target 10 + turns)", () => {
    const dying = pc({ hp: { value: 0, max: 12, temp: 0 }, state: "dying", conditions: ["dying"] });
    const req = hd.deathSaveRequest(dying, hd.deriveActor(dying, {}), "a")!;
    expect(req.target).toBe(11);
    const after = hd.resolveRoll(dying, req, { total: 11, natural: 10 }, {}).actor;
    expect(after.exhaustion).toBe(1);
    expect(after.state).toBe("dying");
    expect(hd.resolveRoll(dying, req, { total: 10, natural: 9 }, {}).actor.state).toBe("dead");
    expect(hd.deathSaveRequest(pc(), hd.deriveActor(pc(), {}), "a")).toBeNull();
  });

  it("[HD-DYING] [HD-COND] a long rest removes one level of exhaustion and restores HP", () => {
    const tired = pc({ hp: { value: 2, max: 12, temp: 0 }, exhaustion: 3 });
    const rested = hd.fullHealUp(tired);
    expect(rested.exhaustion).toBe(2);
    expect(rested.hp.value).toBe(12);
  });
});

describe("HD rules text: the round", () => {
  it("[HD-INIT] initiative is 1d6 + Dex + Int + Wis (2 + 0 + 1 → 1d6 + 3)", () => {
    const a = pc();
    expect(hd.initiativeFormula(a, hd.deriveActor(a, {}))).toBe("1d6 + 3");
    const b = pc({ abilities: { str: 0, dex: -1, con: 0, int: -1, wis: -2, cha: 0 } });
    expect(hd.initiativeFormula(b, hd.deriveActor(b, {}))).toBe("1d6 - 4");
  });

  it("[HD-INIT] the highest result has initiative, then play goes around the table; all NPCs act in the GM's place", () => {
    const p1 = combatantSource("p1", pc(), { seat: 1, initiative: 7 });
    const p2 = combatantSource("p2", pc(), { seat: 2, initiative: 12 });
    const p3 = combatantSource("p3", pc(), { seat: 3, initiative: 5 });
    const g1 = combatantSource("g1", npc(), { side: "gm", initiative: 9 });
    const g2 = combatantSource("g2", npc(), { side: "gm", initiative: null });
    const slots = hd.order(turnContext([p1, p2, p3, g1, g2]));
    expect(slots.map((s) => s.combatantIds)).toEqual([["p2"], ["p3"], ["g1", "g2"], ["p1"]]);
    // The GM wins: NPCs first, then seat 1 onwards.
    const slots2 = hd.order(turnContext([{ ...p2, initiative: 3 }, p1, p3, g1, g2]));
    expect(slots2[0]!.combatantIds).toEqual(["g1", "g2"]);
    expect(slots2.map((s) => s.combatantIds[0])).toEqual(["g1", "p1", "p2", "p3"]);
  });

  it("[HD-SURPRISE] an unaware combatant is surprised: no turn in round 1, acts in round 2, condition cleared", () => {
    const sleeper = combatantSource("s", npc(), { side: "gm", aware: false });
    const hero = combatantSource("h", pc(), { seat: 1 });
    const start = hd.onCombatStart(turnContext([sleeper, hero]));
    const cs = runPlan(turnContext([sleeper, hero]), start);
    expect(cs[0]!.actor.conditions).toContain("surprised");
    expect(cs[1]!.actor.conditions).not.toContain("surprised");
    expect(hd.actsThisRound(turnContext(cs, { round: 1 }), cs[0]!)).toBe(false);
    expect(hd.actsThisRound(turnContext(cs, { round: 1 }), cs[1]!)).toBe(true);
    const r2 = runPlan(turnContext(cs, { round: 2 }), hd.onRoundStart(turnContext(cs, { round: 2 })));
    expect(r2[0]!.actor.conditions).not.toContain("surprised");
    expect(hd.actsThisRound(turnContext(r2, { round: 2 }), r2[0]!)).toBe(true);
  });

  it("[HD-ACTIONS] [HD-QUICK] Help and Dodge last until the start of the helper's / dodger's next turn, not longer", () => {
    const helped = combatantSource("rogue", pc(), {
      seat: 1,
      effects: [
        effectSource({ id: "help", sourceCombatantId: "cleric", duration: "startOfNextTurn", statuses: ["helped"] }),
      ],
    });
    const cleric = combatantSource("cleric", pc(), { seat: 2 });
    const ctx = turnContext([helped, cleric], { round: 2 });
    expect(runPlan(ctx, hd.onTurnStart({ ...ctx, combatantId: "rogue" }))[0]!.effects).toHaveLength(1);
    expect(runPlan(ctx, hd.onTurnStart({ ...ctx, combatantId: "cleric" }))[0]!.effects).toHaveLength(0);
  });

  it("[HD-MOUNT] a mount being ridden takes no turn of its own", () => {
    const horse = combatantSource("horse", npc(), { side: "player", seat: 1 });
    const rider = combatantSource("rider", pc(), {
      seat: 1,
      effects: [effectSource({ id: "m", sourceCombatantId: "horse", duration: "permanent", statuses: ["mounted"] })],
    });
    const ctx = turnContext([rider, horse], { round: 2 });
    expect(hd.actsThisRound(ctx, horse)).toBe(false);
    expect(hd.actsThisRound(ctx, rider)).toBe(true);
  });

  it("[HD-DYING] a dead creature takes no turn", () => {
    const dead = combatantSource("d", pc({ state: "dead", hp: { value: 0, max: 12, temp: 0 } }));
    expect(hd.actsThisRound(turnContext([dead], { round: 2 }), dead)).toBe(false);
  });
});

describe("HD rules text: robustness", () => {
  it("[HD-ATK] an actor straight from defaultActorSource() derives a defense of 10 and rolls initiative from its scores", () => {
    const a = defaultActorSource();
    const d = hd.deriveActor(a, {});
    expect(d.defenses.def).toBe(10);
    expect(hd.initiativeFormula(a, d)).toBe("1d6 + 30");
  });

  it("[HD-ATK] armor and shield raise a PC's Defense (10 + 4 + 1); a stat-block Defense replaces the sum", () => {
    const armored = pc({ armor: { armorBonus: 4, shieldBonus: 1, maxDex: null, heavy: false } });
    expect(hd.deriveActor(armored, {}).defenses.def).toBe(15);
    expect(hd.deriveActor(npc({ defenses: { def: { base: 16, bonus: 1 } } }), {}).defenses.def).toBe(17);
  });

  it("[HD-DYING] a character reduced from exactly 1 HP by exactly 1 is dying; an NPC with hp 0 already dead stays dead", () => {
    expect(hd.applyDamage(pc({ hp: { value: 1, max: 12, temp: 0 } }), damagePacket(1), {}, "a").actor.state).toBe(
      "dying",
    );
  });

  it("[HD-CRIT] bad dice are refused (0, 21, a missing second die for a mighty roll)", () => {
    expect(() => hd.resolveAttack(atk([0], 0, 10))).toThrow();
    expect(() => hd.resolveAttack(atk([21], 0, 10))).toThrow();
    expect(() => hd.resolveAttack(atk([12], 0, 10, { situation: blankSituation({ mighty: 1 }) }))).toThrow();
  });
});

describe("HD rules text: table procedures through the ruleset", () => {
  const me = (over: Partial<ActorSource> = {}, id = "me"): CombatantSource =>
    combatantSource(id, pc(over), { side: "player", seat: 1 });
  const foe = (over: Partial<ActorSource> = {}, id = "foe"): CombatantSource =>
    combatantSource(id, npc(over), { side: "gm" });
  const creature = (c: CombatantSource) => ({
    id: c.actorId,
    name: c.name,
    actor: c.actor,
    combatantId: c.id,
    effects: c.effects,
    side: c.side,
  });
  const inputOf = (actor: CombatantSource, targets: CombatantSource[], choice: string | null) => ({
    actor: actor.actor,
    actorId: actor.actorId,
    targets: targets.map(creature),
    others: [],
    effects: actor.effects.map((e) => ({ ...e, holderId: actor.actorId, holderName: actor.name })),
    choice,
    round: 2,
    ownTurn: true,
    memory: { bands: {}, marks: {} },
    numbers: {},
    options: {},
    combatantId: actor.id,
    side: actor.side,
  });
  const planOf = (
    key: string,
    actor: CombatantSource,
    targets: CombatantSource[] = [],
    choice: string | null = null,
  ) => {
    if (!hd.planProcedure) throw new Error("no procedures");
    return hd.planProcedure(key, inputOf(actor, targets, choice));
  };
  const runOf = (
    key: string,
    actor: CombatantSource,
    targets: CombatantSource[] = [],
    choice: string | null = null,
    total = 10,
  ) => {
    if (!hd.resolveProcedure) throw new Error("no procedures");
    const rolls = planOf(key, actor, targets, choice).requests.map((request) => ({
      request,
      result: { total, natural: total },
    }));
    return hd.resolveProcedure(key, inputOf(actor, targets, choice), rolls);
  };

  it("[HD-TURN] a round: 60 ft, one action or two quick actions, one reaction; [HD-ACTIONS] Dash doubles the 60 ft", () => {
    expect(turnOf(pc())).toEqual({ speed: 60, quickActions: 2, cap: null, canReact: true });
    expect(runOf("dash", me()).events[0]).toMatchObject({ data: { feet: 120 } });
  });

  it("[HD-DYING] [HD-COND] dying means slowed: one action or quick action, no reaction, 20 ft at most; exhaustion 1 alone takes reactions", () => {
    expect(turnOf(pc({ state: "dying", conditions: ["dying"] }))).toEqual({
      speed: 20,
      quickActions: 2,
      cap: 1,
      canReact: false,
    });
    expect(hd.actionCap?.(pc({ state: "dying", conditions: ["dying"] }))).toBe(1);
    expect(turnOf(pc({ exhaustion: 1 }))).toEqual({ speed: 60, quickActions: 2, cap: null, canReact: false });
    expect(turnOf(pc({ conditions: ["grappled"] })).speed).toBe(0);
    expect(turnOf(pc({ conditions: ["stunned"] }))).toMatchObject({ cap: 0, canReact: false });
  });

  it("[HD-UNARMED] grapple against Str 2 / Dex 4 needs 16 (the target picks Dex), shove 14, escape 12 + the grappler's Str; meeting succeeds", () => {
    const target = foe({ abilities: { str: 2, dex: 4, con: 0, int: 0, wis: 0, cha: 0 } });
    expect(planOf("grapple", me(), [target]).requests[0]?.target).toBe(16);
    expect(planOf("shove", me(), [target]).requests[0]?.target).toBe(14);
    expect(runOf("grapple", me(), [target], null, 16).addEffects).toHaveLength(1);
    expect(runOf("grapple", me(), [target], null, 15).addEffects).toHaveLength(0);
    const held = me({}, "held");
    held.effects = [effectSource({ id: "g", statuses: ["grappled"], sourceCombatantId: "foe" })];
    expect(planOf("escape", held, [target]).requests[0]?.target).toBe(14);
  });

  it("[HD-HIDE] a Hide result of 13 hides from Wis 3 (13) but not Wis 4; without cover it counts as 0; moving 15 ft ends it, 10 does not", () => {
    const wis3 = foe({ abilities: { str: 0, dex: 0, con: 0, int: 0, wis: 3, cha: 0 } }, "w3");
    const wis4 = foe({ abilities: { str: 0, dex: 0, con: 0, int: 0, wis: 4, cha: 0 } }, "w4");
    const hidden = runOf("hide", me(), [wis3, wis4], "cover", 13).addEffects ?? [];
    expect(hidden.map((e) => e.effect.sourceCombatantId)).toEqual(["w3"]);
    expect(runOf("hide", me(), [wis3], "noCover", 19).addEffects).toEqual([]);
    const hider = me();
    hider.effects = [effectSource({ id: "h", statuses: ["hidden"], sourceCombatantId: "w3" })];
    const after = (act: "move" | "attack" | "castSpell", feet = 0) =>
      hd.afterAct?.({ act, feet, round: 2, actor: hider, within: [] }).steps.filter((s) => s.kind === "removeEffect")
        .length;
    expect(after("move", 10)).toBe(0);
    expect(after("move", 15)).toBe(1);
    expect(after("attack")).toBe(1);
    expect(after("castSpell")).toBe(1);
  });

  it("[HD-DUAL] [HD-REACT] two Light melee weapons are dual wielding (quick attacks, Parry +2); a Light and a non-Light pair is not", () => {
    const dagger = weaponSource({ name: "Dagger", light: true, weaponClass: "simple" });
    const sword = weaponSource({ name: "Longsword" });
    expect(hd.attackCost?.(dagger, [dagger, dagger])).toBe("quick");
    expect(hd.attackCost?.(dagger, [dagger, sword])).toBe("action");
    const outcome = hd.resolveAttack(atk([10], 4, 14));
    expect(outcome.result).toBe("hit");
    const query = { outcome, range: "melee" as const, defender: pc(), reactionUsed: false, round: 2 };
    expect(hd.attackReactions?.({ ...query, weapons: [dagger, dagger] }).map((o) => o.key)).toEqual(["parry"]);
    expect(hd.attackReactions?.({ ...query, weapons: [dagger, sword] })).toEqual([]);
    expect(hd.resolveAttackReaction?.("parry", outcome)).toMatchObject({ defense: 16, result: "miss" });
  });

  it("[HD-PROVOKE] leaving reach, casting or shooting within reach provokes; a disengaged creature does not; no reaction left = no attack", () => {
    const q = (act: "move" | "castSpell" | "rangedAttack" | "attack", mover = me(), reactor = foe()) =>
      hd.afterAct?.({ act, feet: 5, round: 2, actor: mover, within: [reactor] }).provocations ?? [];
    expect(q("move")[0]?.canReact).toBe(true);
    expect(q("castSpell")[0]?.canReact).toBe(true);
    expect(q("rangedAttack")[0]?.canReact).toBe(true);
    expect(q("attack")).toEqual([]);
    const disengaged = me();
    disengaged.effects = [effectSource({ id: "d", statuses: ["disengaged"] })];
    expect(q("move", disengaged)).toEqual([]);
    expect(q("move", me(), foe({ conditions: ["slowed"] }))[0]?.canReact).toBe(false);
  });

  it("[HD-MOUNT] mounting a willing creature one size larger costs half the movement (60 → 30)", () => {
    const horse = foe({ size: "large" }, "horse");
    const done = runOf("mount", me(), [horse], "willing");
    expect(done.events.find((e) => e.key === "D20C.HD.Procedure.mount.done")?.data?.feet).toBe(30);
    expect(planOf("mount", me(), [foe({ size: "medium" })], "willing").refusal).toBe("D20C.HD.Reason.mountTooSmall");
    expect(planOf("mount", me(), [horse], "unwilling").refusal).toBe("D20C.HD.Reason.mountUnwilling");
  });
});

describe("HD rules text: odds", () => {
  it("[HD-ATK] [HD-CRIT] [HD-MIGHTY] +5 against Defense 15: 11 in 20 to hit (1 of them a crit); mighty 1 − (9/20)² ; weak (11/20)²", () => {
    const { dice: _d, ...input } = atk([10], 5, 15);
    const normal = attackOdds(hd, input);
    expect(normal.hitOrCrit).toBeCloseTo(11 / 20, 12);
    expect(normal.crit).toBeCloseTo(1 / 20, 12);
    expect(normal.autoMiss).toBeCloseTo(1 / 20, 12);
    const mighty = attackOdds(hd, { ...input, situation: blankSituation({ mighty: 1 }) });
    expect(mighty.hitOrCrit).toBeCloseTo(1 - (9 / 20) ** 2, 12);
    const weak = attackOdds(hd, { ...input, situation: blankSituation({ weak: 1 }) });
    expect(weak.hitOrCrit).toBeCloseTo((11 / 20) ** 2, 12);
  });

  it("[HD-DMG] [HD-CRIT] expected longsword damage at +5 against Defense 15: 10/20 × 4.5 + 1/20 × 9", () => {
    const { dice: _d, ...input } = atk([10], 5, 15);
    const a = pc();
    const hit = hd.damageExpression(a, hd.deriveActor(a, {}), powerSource(), weaponSource({ damageDice: "" }));
    expect(attackOdds(hd, input, { hit }).expectedDamage).toBeCloseTo((10 / 20) * 4.5 + (1 / 20) * 9, 12);
  });
});
