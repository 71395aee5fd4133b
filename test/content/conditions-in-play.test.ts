/**
 * [SYS-MONSTERS] Issue 38 in play: a pack monster's attack card puts one of its game's wider
 * conditions on a pack character (the card's damage button creates the effect), and the attack or
 * turn that condition then changes, through the same card pipeline with recorded dice. Every number
 * compares the same attack with and without the condition.
 */
import { describe, expect, it } from "vitest";
import { decideApplication } from "../../src/engine/plans/apply.js";
import type { TargetSnapshot } from "../../src/engine/plans/attack.js";
import type { ActorSource, EffectSource, RulesetId } from "../../src/engine/types.js";
import { defaultOptions, engineActor, packAttackRequest, type PackActor } from "../packs/pack-sources.js";
import { attackFromRecordedDice } from "../support/recorded-dice.js";
import { actorsOf, rulesetOf } from "./content.js";

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

/** A target as the card sees it: its combatant id, its engine actor (with extra conditions) and effects. */
function snapshot(a: PackActor, id: string, conditions: string[] = []): TargetSnapshot {
  const source = engineActor(a);
  return {
    uuid: id,
    actorUuid: id,
    name: a.name,
    img: "",
    actor: { ...source, conditions: [...source.conditions, ...conditions] },
    id,
    effects: [],
  };
}

/**
 * `by` attacks `on` with `item` (combatants "a" and "t"), the d20 and damage faces recorded.
 * `by` carries `conditions` and `effects` (what an earlier card put on it); `escalation` as given.
 */
function attack(
  game: RulesetId,
  by: PackActor,
  item: string,
  on: TargetSnapshot,
  d20: number,
  extra: { conditions?: string[]; effects?: EffectSource[]; escalation?: number } = {},
) {
  const r = rulesetOf(game);
  const base = engineActor(by);
  const attacker: ActorSource = { ...base, conditions: [...base.conditions, ...(extra.conditions ?? [])] };
  const req = packAttackRequest(r, by, own(by, item), attacker, {
    targets: [on],
    sourceCombatantId: "a",
    escalation: extra.escalation ?? 0,
  });
  req.attacker = { ...req.attacker, id: "a", effects: extra.effects ?? [] };
  return attackFromRecordedDice(req, [[d20]], { "*": [1, 1, 1, 1, 1, 1] });
}

/** The effects the card's damage button creates on its target. */
async function applied(game: RulesetId, card: ReturnType<typeof attack>, on: PackActor): Promise<EffectSource[]> {
  const r = rulesetOf(game);
  const decision = await decideApplication({
    ruleset: r,
    options: defaultOptions(r),
    card,
    targetUuid: card.targets[0]!.uuid,
    mode: "full",
    actor: engineActor(on),
    actorId: "t",
    userId: "gm",
    recordId: "rec1",
    roll: async () => ({ total: 10, natural: 10 }),
  });
  return decision.effects.create;
}

const statusesOf = (effects: EffectSource[]) => effects.flatMap((e) => e.statuses);

describe("[SYS-MONSTERS] FFd20: a monster's card puts the condition on, the next attack reads it", () => {
  const game = "ffd20";
  const garrick = actor(game, "Garrick Vale (level 3)");
  const zombie = actor(game, "Zombie Shambler");
  const salamander = actor(game, "Kiln Salamander");

  it("[FF-CONDPRONE] [SYS-MONSTERS] the Zombie Shambler's Clumsy Slam knocks Garrick prone: his attacks lose 2, the zombie's melee gains combat advantage", async () => {
    const slam = attack(game, zombie, "Clumsy Slam", snapshot(garrick, "t"), 20);
    const effects = await applied(game, slam, garrick);
    expect(statusesOf(effects)).toEqual(["prone"]);
    const standing = attack(game, garrick, "Cleaving Strike", snapshot(zombie, "t"), 10).targets[0]!.outcome.total;
    const prone = attack(game, garrick, "Cleaving Strike", snapshot(zombie, "t"), 10, {
      conditions: statusesOf(effects),
    });
    expect(prone.targets[0]!.outcome.total).toBe(standing - 2);
    const again = attack(game, zombie, "Clumsy Slam", snapshot(garrick, "t", statusesOf(effects)), 10);
    expect(again.targets[0]!.outcome.modifiers.find((m) => m.key === "combatAdvantage")?.value).toBe(2);
  });

  it("[FF-CONDMARKED] [SYS-MONSTERS] the Kiln Salamander's Cinder Spray marks Garrick: −2 on the zombie, none on the salamander", async () => {
    const spray = attack(game, salamander, "Cinder Spray", snapshot(garrick, "t"), 20);
    const effects = await applied(game, spray, garrick);
    expect(statusesOf(effects)).toEqual(["marked"]);
    // The card records the salamander (combatant "a" of its own attack) as the marker.
    const mark = effects.map((e) => ({ ...e, sourceCombatantId: "s" }));
    const marked = { conditions: ["marked"], effects: mark };
    const onZombie = (m: typeof marked | object) =>
      attack(game, garrick, "Cleaving Strike", snapshot(zombie, "z"), 10, m).targets[0]!.outcome.total;
    const onSalamander = (m: typeof marked | object) =>
      attack(game, garrick, "Cleaving Strike", snapshot(salamander, "s"), 10, m).targets[0]!.outcome.total;
    expect(effects[0]!.sourceCombatantId).toBe("a");
    expect(onZombie(marked)).toBe(onZombie({}) - 2);
    expect(onSalamander(marked)).toBe(onSalamander({}));
  });
});

describe("[SYS-MONSTERS] 13th Age: a monster's card puts the condition on, the next attack reads it", () => {
  const game = "13th-age";
  const bryndis = actor(game, "Bryndis Oakhew (level 3)");
  const wight = actor(game, "Barrow Wight");
  const wyrmling = actor(game, "Rime Wyrmling");

  it("[13A-CONDFEAR] [SYS-MONSTERS] the Barrow Wight's blade fills Bryndis with fear: −4 and no escalation die on her next attack", async () => {
    const blade = attack(game, wight, "Barrow Blade", snapshot(bryndis, "t"), 20);
    const effects = await applied(game, blade, bryndis);
    expect(statusesOf(effects)).toEqual(["fear"]);
    const esc = { escalation: 2 };
    const brave = attack(game, bryndis, "Heavy Blow", snapshot(wight, "t"), 10, esc).targets[0]!.outcome.total;
    const afraid = attack(game, bryndis, "Heavy Blow", snapshot(wight, "t"), 10, {
      ...esc,
      conditions: statusesOf(effects),
    }).targets[0]!.outcome;
    expect(afraid.total).toBe(brave - 2 - 4);
    expect(afraid.modifiers.some((m) => m.key === "escalation")).toBe(false);
  });

  it("[13A-CONDVULNERABLE] [SYS-MONSTERS] the Rime Wyrmling's bite leaves Bryndis vulnerable: its next natural 18 crits her", async () => {
    const bite = attack(game, wyrmling, "Glass-Tooth Bite", snapshot(bryndis, "t"), 20);
    const effects = await applied(game, bite, bryndis);
    expect(statusesOf(effects)).toEqual(["vulnerable"]);
    const eighteen = (conditions: string[]) =>
      attack(game, wyrmling, "Glass-Tooth Bite", snapshot(bryndis, "t", conditions), 18).targets[0]!.outcome.result;
    expect(eighteen([])).not.toBe("crit");
    expect(eighteen(statusesOf(effects))).toBe("crit");
  });
});

describe("[SYS-MONSTERS] Wounds d20: a monster's card puts the condition on, the next attack reads it", () => {
  const game = "wounds-d20";
  const aldric = actor(game, "Aldric Fenn (level 3)");
  const acolyte = actor(game, "Storm Acolyte");
  const golem = actor(game, "Iron Golem Sentinel");

  it("[WD-CONDSHAKEN] [SYS-MONSTERS] the Storm Acolyte's Thunder Blast shakes Aldric: −2 to his attacks and his saves", async () => {
    const blast = attack(game, acolyte, "Thunder Blast", snapshot(aldric, "t"), 20);
    const effects = await applied(game, blast, aldric);
    expect(statusesOf(effects)).toEqual(["shaken"]);
    const steady = attack(game, aldric, "Longsword", snapshot(acolyte, "t"), 10).targets[0]!.outcome.total;
    const shaken = attack(game, aldric, "Longsword", snapshot(acolyte, "t"), 10, { conditions: statusesOf(effects) });
    expect(shaken.targets[0]!.outcome.total).toBe(steady - 2);
    const r = rulesetOf(game);
    const saves = (conditions: string[]) =>
      r.deriveActor({ ...engineActor(aldric), conditions }, defaultOptions(r)).saves["reflex"] ?? NaN;
    expect(saves(statusesOf(effects))).toBe(saves([]) - 2);
  });

  it("[WD-CONDPRONE] [SYS-MONSTERS] the Iron Golem Sentinel's fist knocks Aldric prone: melee attacks on him gain 4", async () => {
    const fist = attack(game, golem, "Iron Fist", snapshot(aldric, "t"), 20);
    const effects = await applied(game, fist, aldric);
    expect(statusesOf(effects)).toEqual(["prone"]);
    const defense = (item: string, conditions: string[]) =>
      attack(game, golem, item, snapshot(aldric, "t", conditions), 10).targets[0]!.outcome.defense;
    expect(defense("Iron Fist", statusesOf(effects))).toBe(defense("Iron Fist", []) - 4);
  });
});
