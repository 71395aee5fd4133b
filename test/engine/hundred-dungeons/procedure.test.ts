import { describe, expect, it } from "vitest";
import {
  hundredDungeons as hd,
  HD_ACTIONS,
  TEXT_CONDITION_IDS,
  abilityRollMode,
  actionSpec,
  canMount,
  canTake,
  conditionSpec,
  coverForDexRoll,
  dashMovement,
  dualWielding,
  endsHiding,
  escapeTarget,
  exhaustionEffects,
  grappleTarget,
  hiddenFrom,
  hideResult,
  mountCost,
  mountedTurn,
  parryDefense,
  provokedAttack,
  roundsToSeconds,
  ROUNDS_PER_MINUTE,
  shoveTarget,
  speedCap,
  turnBudget,
  unarmedDamage,
} from "../../../src/engine/rulesets/hundred-dungeons.js";
import { hdActor, weapon } from "./fixtures.js";

const none = { actions: 0, quickActions: 0, reactions: 0 };

describe("Hundred Dungeons round and turn", () => {
  it("[HD-ROUND] a round is 20 seconds; three rounds make a minute", () => {
    expect(roundsToSeconds(1)).toBe(20);
    expect(roundsToSeconds(3)).toBe(60);
    expect(ROUNDS_PER_MINUTE).toBe(3);
  });

  it("[HD-TURN] a turn allows moving up to speed, one action OR two quick actions, and one reaction", () => {
    const b = turnBudget(hdActor({ speed: 60 }));
    expect(b).toMatchObject({ speed: 60, actions: 1, quickActions: 2, reactions: 1, oneOnly: false });
    expect(canTake(b, none, "action")).toBe(true);
    expect(canTake(b, { ...none, quickActions: 1 }, "quick")).toBe(true);
    expect(canTake(b, { ...none, quickActions: 2 }, "quick")).toBe(false);
    expect(canTake(b, { ...none, quickActions: 1 }, "action")).toBe(false);
    expect(canTake(b, { ...none, actions: 1 }, "quick")).toBe(false);
    expect(canTake(b, { ...none, actions: 1 }, "reaction")).toBe(true);
    expect(canTake(b, { ...none, reactions: 1 }, "reaction")).toBe(false);
  });

  it("[HD-TURN] [HD-COND] slowed: one action or quick action, no reactions, speed at most 20 ft", () => {
    const b = turnBudget(hdActor({ speed: 60, conditions: ["slowed"] }));
    expect(b).toMatchObject({ speed: 20, reactions: 0, oneOnly: true });
    expect(canTake(b, none, "quick")).toBe(true);
    expect(canTake(b, { ...none, quickActions: 1 }, "quick")).toBe(false);
    // Dying creatures are slowed.
    expect(turnBudget(hdActor({ conditions: ["dying"] })).oneOnly).toBe(true);
  });

  it("[HD-COND] incapacitated (and paralyzed, stunned, unconscious, petrified) take no actions or reactions; grappled has speed 0", () => {
    for (const c of ["incapacitated", "paralyzed", "stunned", "unconscious", "petrified"]) {
      expect(turnBudget(hdActor({ conditions: [c] }))).toMatchObject({ actions: 0, quickActions: 0, reactions: 0 });
    }
    expect(speedCap(60, ["grappled"])).toBe(0);
    expect(speedCap(60, ["restrained"])).toBe(0);
  });

  it("[HD-SURPRISE] a surprised creature has no reactions in round 1, and gets them back later", () => {
    expect(turnBudget(hdActor({ conditions: ["surprised"] }), 1).reactions).toBe(0);
    expect(turnBudget(hdActor({ conditions: [] }), 1).reactions).toBe(1);
  });
});

describe("Hundred Dungeons actions, quick actions and reactions as data", () => {
  it("[HD-ACTIONS] the standard actions are listed as actions, a slow spell takes 3 rounds, Hide rolls Dex, Search Int/Wis", () => {
    for (const k of ["attack", "castSpell", "dash", "help", "hide", "ready", "searchArea", "searchCreature"])
      expect(actionSpec(k)?.kind).toBe("action");
    expect(actionSpec("castSlowSpell")?.rounds).toBe(3);
    expect(actionSpec("hide")?.ability).toBe("dex");
    expect(actionSpec("searchArea")?.ability).toBe("int");
    expect(actionSpec("searchCreature")?.ability).toBe("wis");
    expect(dashMovement(25)).toBe(50);
    expect(hd.actions.map((a) => a.key)).toEqual(HD_ACTIONS.map((a) => a.key));
  });

  it("[HD-QUICK] quick spells, unarmed attacks, Disengage, Dodge and interacting are quick actions", () => {
    for (const k of ["castQuickSpell", "unarmedAttack", "disengage", "dodge", "interact"])
      expect(actionSpec(k)?.kind).toBe("quick");
  });

  it("[HD-QUICK] Dodge makes the dodger's Dexterity mighty", () => {
    expect(abilityRollMode(["dodging"], 0, "dex").mode).toBe("mighty");
    expect(abilityRollMode(["dodging"], 0, "str").mode).toBe("normal");
  });

  it("[HD-REACT] reaction spells, Parry, provoked attacks and readied actions are reactions; Parry needs dual wielding", () => {
    for (const k of ["castReactionSpell", "parry", "provokedAttack", "readiedAction"])
      expect(actionSpec(k)?.kind).toBe("reaction");
    expect(actionSpec("parry")?.needsDualWield).toBe(true);
  });

  it("[HD-REACT] [HD-COND] exhaustion level 1 removes reactions", () => {
    expect(turnBudget(hdActor({ exhaustion: 0 })).reactions).toBe(1);
    expect(turnBudget(hdActor({ exhaustion: 1 })).reactions).toBe(0);
  });
});

describe("Hundred Dungeons provoking", () => {
  const q = (over: Partial<Parameters<typeof provokedAttack>[0]> = {}) =>
    provokedAttack({
      trigger: "leaveReach",
      withinReach: true,
      provoker: { conditions: [], exhaustion: 0 },
      reactor: { conditions: [], exhaustion: 0, reactionUsed: false },
      round: 2,
      ...over,
    });

  it("[HD-PROVOKE] leaving reach, casting or shooting within reach provokes one melee attack as a reaction", () => {
    for (const trigger of ["leaveReach", "castSpell", "rangedAttack"] as const)
      expect(q({ trigger })).toMatchObject({ provoked: true, canReact: true });
    expect(q({ trigger: "other" }).provoked).toBe(false);
    expect(q({ withinReach: false }).provoked).toBe(false);
  });

  it("[HD-PROVOKE] [HD-QUICK] a disengaged creature doesn't provoke", () => {
    expect(q({ provoker: { conditions: ["disengaged"], exhaustion: 0 } }).provoked).toBe(false);
  });

  it("[HD-PROVOKE] no provoked attack without a reaction to spend", () => {
    expect(q({ reactor: { conditions: [], exhaustion: 0, reactionUsed: true } }).canReact).toBe(false);
    expect(q({ reactor: { conditions: ["slowed"], exhaustion: 0, reactionUsed: false } }).canReact).toBe(false);
    expect(q({ reactor: { conditions: ["surprised"], exhaustion: 0, reactionUsed: false }, round: 1 }).canReact).toBe(
      false,
    );
  });
});

describe("Hundred Dungeons dual wielding", () => {
  const dagger = weapon({ name: "Dagger", weaponClass: "simple", light: true });
  const sword = weapon({ name: "Longsword", weaponClass: "martial" });

  it("[HD-DUAL] two Light melee weapons: quick-action attacks and Parry +2", () => {
    const d = dualWielding([dagger, { ...dagger, name: "Sickle" }]);
    expect(d).toEqual({ dualWielding: true, quickAttacks: true, parry: true });
    expect(parryDefense(14, d)).toBe(16);
  });

  it("[HD-DUAL] one weapon not Light, a ranged weapon or a single weapon is not dual wielding", () => {
    expect(dualWielding([dagger, sword]).dualWielding).toBe(false);
    expect(dualWielding([dagger, { ...dagger, ranged: true }]).dualWielding).toBe(false);
    expect(dualWielding([dagger]).dualWielding).toBe(false);
    expect(parryDefense(14, dualWielding([dagger, sword]))).toBe(14);
    // An exploit may allow martial weapons.
    expect(dualWielding([dagger, sword], true).dualWielding).toBe(true);
  });
});

describe("Hundred Dungeons unarmed attacks", () => {
  it("[HD-UNARMED] damage equals the Strength score, at least 1, bludgeoning", () => {
    expect(unarmedDamage(hdActor({ abilities: { str: 3, dex: 0, con: 0, int: 0, wis: 0, cha: 0 } }))).toEqual({
      expression: { dice: [], flat: 3 },
      types: ["bludgeoning"],
    });
    expect(
      unarmedDamage(hdActor({ abilities: { str: -1, dex: 0, con: 0, int: 0, wis: 0, cha: 0 } })).expression.flat,
    ).toBe(1);
  });

  it("[HD-UNARMED] grapple against 12 + the target's better of Str/Dex; shove against 12 + Str; escape against 12 + grappler's Str", () => {
    const t = hdActor({ abilities: { str: 1, dex: 4, con: 0, int: 0, wis: 0, cha: 0 } });
    expect(grappleTarget(t)).toBe(16);
    expect(shoveTarget(t)).toBe(13);
    expect(escapeTarget(t)).toBe(13);
    expect(actionSpec("escapeGrapple")?.kind).toBe("action");
  });
});

describe("Hundred Dungeons cover and hiding helpers", () => {
  it("[HD-COVER] Dexterity rolls against effects from beyond cover: +5 partial, automatic success total", () => {
    expect(coverForDexRoll("partial")).toEqual({ bonus: 5, autoSucceed: false });
    expect(coverForDexRoll("total")).toEqual({ bonus: 0, autoSucceed: true });
    expect(coverForDexRoll("none")).toEqual({ bonus: 0, autoSucceed: false });
  });

  it("[HD-HIDE] hiding: 0 without cover or obscurement, compared with each observer's Wisdom + 10; attacks, spells and moving over 10 ft end it", () => {
    const observer = hdActor({ abilities: { str: 0, dex: 0, con: 0, int: 0, wis: 3, cha: 0 } });
    expect(hideResult(17, false)).toBe(0);
    expect(hiddenFrom(hideResult(13, true), observer)).toBe(true);
    expect(hiddenFrom(hideResult(12, true), observer)).toBe(false);
    expect(endsHiding("attack")).toBe(true);
    expect(endsHiding("castSpell")).toBe(true);
    expect(endsHiding("move", 10)).toBe(false);
    expect(endsHiding("move", 15)).toBe(true);
    expect(endsHiding("leaveCover")).toBe(false);
    expect(conditionSpec("hidden")?.untargetable).toBe(true);
  });
});

describe("Hundred Dungeons mounted combat", () => {
  it("[HD-MOUNT] mounting needs a willing creature one size larger and costs half the movement", () => {
    expect(canMount("medium", "large", true)).toBe(true);
    expect(canMount("medium", "medium", true)).toBe(false);
    expect(canMount("medium", "huge", false)).toBe(false);
    expect(mountCost(60)).toBe(30);
  });

  it("[HD-MOUNT] the rider uses the mount's speed; the mount gets one action or quick action and its reaction, provokes, adds no reach", () => {
    const horse = hdActor({ speed: 80 });
    expect(mountedTurn(horse)).toEqual({
      speed: 80,
      mountActions: 1,
      mountReaction: true,
      reachIncrease: 0,
      mountProvokes: true,
      mountTakesTurn: false,
    });
    expect(mountedTurn(hdActor({ speed: 80, conditions: ["slowed"] }))).toMatchObject({
      speed: 20,
      mountReaction: false,
    });
  });
});

describe("Hundred Dungeons conditions as data", () => {
  it("[HD-COND] all twenty conditions of the text exist, each with a label key and icon", () => {
    expect([...TEXT_CONDITION_IDS].sort()).toEqual(
      [
        "blinded",
        "charmed",
        "deafened",
        "dying",
        "exhaustion",
        "frightened",
        "grappled",
        "hidden",
        "incapacitated",
        "invisible",
        "mounted",
        "paralyzed",
        "petrified",
        "poisoned",
        "prone",
        "restrained",
        "slowed",
        "stunned",
        "surprised",
        "unconscious",
      ].sort(),
    );
    for (const c of hd.conditions) {
      expect(c.label).toMatch(/^D20C\.HD\.Condition\./);
      expect(c.img).toMatch(/\.svg$/);
    }
  });

  it("[HD-COND] exhaustion levels are cumulative: 1 no reactions, 2 no skills, 3 weak rolls, 4 slowed, 5 stunned, 6 death", () => {
    expect(exhaustionEffects(1)).toMatchObject({
      noReactions: true,
      noSkills: false,
      abilityRolls: "normal",
      conditions: [],
      dead: false,
    });
    expect(exhaustionEffects(2)).toMatchObject({ noReactions: true, noSkills: true, abilityRolls: "normal" });
    expect(exhaustionEffects(3).abilityRolls).toBe("weak");
    expect(exhaustionEffects(4).conditions).toEqual(["slowed"]);
    expect(exhaustionEffects(5).conditions).toEqual(["slowed", "stunned"]);
    expect(exhaustionEffects(5).dead).toBe(false);
    expect(exhaustionEffects(6).dead).toBe(true);
    expect(turnBudget(hdActor({ exhaustion: 4 })).speed).toBe(20);
    expect(turnBudget(hdActor({ exhaustion: 5 })).actions).toBe(0);
  });

  it("[HD-COND] ability rolls: poisoned fails Con and weakens the rest; paralyzed/stunned fail Str and Dex; restrained weakens Dex; frightened weakens all", () => {
    expect(abilityRollMode(["poisoned"], 0, "con").autoFail).toBe(true);
    expect(abilityRollMode(["poisoned"], 0, "wis").mode).toBe("weak");
    expect(abilityRollMode(["paralyzed"], 0, "str").autoFail).toBe(true);
    expect(abilityRollMode(["stunned"], 0, "dex").autoFail).toBe(true);
    expect(abilityRollMode(["stunned"], 0, "int").autoFail).toBe(false);
    expect(abilityRollMode(["restrained"], 0, "dex").mode).toBe("weak");
    expect(abilityRollMode(["restrained"], 0, "str").mode).toBe("normal");
    expect(abilityRollMode(["frightened"], 0, "cha").mode).toBe("weak");
    expect(abilityRollMode([], 3, "cha").mode).toBe("weak");
    const req = hd.saveRequest(
      hdActor({ conditions: ["poisoned"] }),
      hd.deriveActor(hdActor(), {}),
      "con",
      "weak",
      "a",
    );
    expect(req.formula).toBe("2d20kl + 1");
    expect(req.data?.autoFail).toBe(true);
    expect(() => hd.saveRequest(hdActor(), hd.deriveActor(hdActor(), {}), "luck", "normal", "a")).toThrow(/save\.kind/);
  });

  it("[HD-COND] blinded and deafened fail rolls relying on sight or hearing; charmed can't harm the charmer; petrified is unaware and resists all", () => {
    expect(conditionSpec("blinded")?.autoFailSenses).toEqual(["sight"]);
    expect(conditionSpec("deafened")?.autoFailSenses).toEqual(["hearing"]);
    expect(conditionSpec("charmed")).toMatchObject({ cannotHarmSource: true, sourceCharismaMighty: true });
    expect(conditionSpec("petrified")).toMatchObject({ resistAll: true, immune: ["poison", "disease"] });
    expect(conditionSpec("unconscious")?.implies).toEqual(["paralyzed", "prone"]);
  });

  it("[HD-COND] poisoned creatures can't spend hit dice", () => {
    const r = hd.startRecovery(hdActor({ conditions: ["poisoned"] }), false, {}, "a");
    expect(r.requests).toEqual([]);
    expect(r.events[0]?.key).toBe("D20C.HD.Event.poisonedNoHitDice");
    expect(hd.startRecovery(hdActor(), false, {}, "a").requests[0]?.kind).toBe("recovery");
  });

  it("[HD-COND] a long rest removes one level of exhaustion", () => {
    expect(hd.fullHealUp(hdActor({ exhaustion: 3, hp: { value: 2, max: 10, temp: 0 } }))).toMatchObject({
      exhaustion: 2,
      hp: { value: 10 },
    });
  });
});

describe("Hundred Dungeons targeting", () => {
  it("[HD-COND] a charmed creature can't attack its charmer, but may attack others", async () => {
    const { mayTarget } = await import("../../../src/engine/rulesets/hundred-dungeons.js");
    const { combatant, effect } = await import("./fixtures.js");
    const charmed = combatant("c", {
      effects: [effect({ id: "ch", name: "Charm", statuses: ["charmed"], sourceCombatantId: "vamp" })],
    });
    expect(mayTarget(charmed, "vamp")).toEqual({ allowed: false, reason: "D20C.HD.Reason.charmed" });
    expect(mayTarget(charmed, "orc").allowed).toBe(true);
  });

  it("[HD-HIDE] a hidden creature can't be targeted (only its space attacked)", async () => {
    const { mayTarget } = await import("../../../src/engine/rulesets/hundred-dungeons.js");
    const { combatant } = await import("./fixtures.js");
    expect(mayTarget(combatant("a"), "b", ["hidden"]).allowed).toBe(false);
    expect(mayTarget(combatant("a"), "b", ["invisible"]).allowed).toBe(true);
  });
});
