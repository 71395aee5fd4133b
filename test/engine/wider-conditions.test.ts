/**
 * [SYS-MONSTERS] Issue 38: each game's wider condition set as data. Every condition is tested from
 * its table entry through the attack card's own pipeline (plan, recorded dice, card): what it does
 * to the bearer's attack, to attacks against it, to its damage, its saves, its turn's actions, its
 * speed and whether it flanks. Each expectation compares the card with the same attack without the
 * condition, so the numbers come from the rule, not from the implementation.
 */
import { describe, expect, it } from "vitest";
import { blankSituation, defaultActorSource } from "../../src/engine/common.js";
import { conditionTurnNotes } from "../../src/engine/condition-rules.js";
import { allowedTargets, type AttackRequest, type TargetSnapshot } from "../../src/engine/plans/attack.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import { getRuleset } from "../../src/engine/registry.js";
import { canAct } from "../../src/engine/scene.js";
import type { ActorSource, ConditionSpec, EffectSource, PowerSource, RulesetId } from "../../src/engine/types.js";
import { defaultOptions } from "../packs/pack-sources.js";
import { effectSource, powerSource } from "../support/engine-fixtures.js";
import { attackFromRecordedDice } from "../support/recorded-dice.js";

interface Attack {
  attacker?: string[];
  target?: string[];
  power?: Partial<PowerSource>;
  d20?: number;
  escalation?: number;
  attackerEffects?: EffectSource[];
  targetIds?: string[];
  usage?: string;
  attackerOver?: Partial<ActorSource>;
}

/** The attack request a card is built from: an NPC with a flat-bonus power dealing 10 damage. */
function request(game: RulesetId, a: Attack = {}): AttackRequest {
  const r = getRuleset(game);
  const targets: TargetSnapshot[] = (a.targetIds ?? ["t"]).map((id) => ({
    uuid: id,
    actorUuid: id,
    name: id,
    img: "",
    actor: defaultActorSource({ kind: "npc", conditions: a.target ?? [] }),
    id,
    effects: [],
  }));
  return {
    ruleset: r,
    options: defaultOptions(r),
    attacker: {
      uuid: "a",
      name: "A",
      actor: defaultActorSource({ kind: "npc", usesEscalation: true, conditions: a.attacker ?? [], ...a.attackerOver }),
      id: "a",
      effects: a.attackerEffects ?? [],
    },
    item: { name: "Strike", img: "" },
    power: powerSource({ attackAbility: null, attackBonus: 5, damage: "10", ...a.power }),
    weapon: null,
    situation: blankSituation(),
    escalation: a.escalation ?? 0,
    targets,
    sourceCombatantId: "a",
    ...(a.usage ? { usage: a.usage } : {}),
  };
}

/** The card of that attack with one recorded d20 (10 unless given) and a 1 on every damage die. */
function card(game: RulesetId, a: Attack = {}): AttackCardData {
  const req = request(game, a);
  return attackFromRecordedDice(
    req,
    req.targets.map(() => [a.d20 ?? 10]),
    { "*": [1, 1, 1, 1] },
  );
}

const first = (c: AttackCardData) => c.targets[0]!;
const total = (game: RulesetId, a: Attack = {}) => first(card(game, a)).outcome.total;
const defense = (game: RulesetId, a: Attack = {}) => first(card(game, a)).outcome.defense;
const hitOdds = (game: RulesetId, a: Attack = {}) => first(card(game, a)).odds?.hit ?? NaN;
const actor = (conditions: string[], over: Partial<ActorSource> = {}) =>
  defaultActorSource({ kind: "npc", conditions, ...over });

describe("[SYS-MONSTERS] FFd20: the 4th-edition family's conditions", () => {
  const ff = getRuleset("ffd20");
  const ca = (a: Attack) => first(card("ffd20", a)).outcome.modifiers.some((m) => m.key === "combatAdvantage");

  it("[FF-CONDDAZED] [SYS-MONSTERS] dazed: one action a turn, no opportunity actions, grants combat advantage, flanks no one", () => {
    expect(ff.actionCap?.(actor(["dazed"]))).toBe(1);
    expect(ff.actionCap?.(actor([]))).toBeNull();
    expect(ca({ target: ["dazed"] })).toBe(true);
    expect(ca({ target: [] })).toBe(false);
    expect(hitOdds("ffd20", { target: ["dazed"] })).toBeGreaterThan(hitOdds("ffd20"));
    expect(canAct(ff, actor(["dazed"]))).toBe(false);
    expect(conditionTurnNotes(ff.conditions, actor(["dazed"]))).toContainEqual({
      key: "D20C.Conditions.Note.noReactions",
    });
  });

  it("[FF-CONDDOMINATED] [SYS-MONSTERS] dominated includes dazed: one action, combat advantage against it", () => {
    expect(ff.actionCap?.(actor(["dominated"]))).toBe(1);
    expect(ca({ target: ["dominated"] })).toBe(true);
  });

  it("[FF-CONDDEAFENED] [SYS-MONSTERS] deafened is a condition of the game that changes no attack", () => {
    expect(ff.conditions.some((c) => c.id === "deafened")).toBe(true);
    expect(total("ffd20", { attacker: ["deafened"] })).toBe(total("ffd20"));
    expect(defense("ffd20", { target: ["deafened"] })).toBe(defense("ffd20"));
  });

  it("[FF-CONDIMMOBILIZED] [FF-CONDGRABBED] [SYS-MONSTERS] immobilized and grabbed leave speed 0; forced movement still moves them", () => {
    expect(speedNote(ff, ["immobilized"], 6)).toBe(0);
    expect(speedNote(ff, ["grabbed"], 6)).toBe(0);
    expect(ff.turnNotes?.(actor(["grabbed"], { speed: 6 }))).toContainEqual({
      key: "D20C.Conditions.Note.speed",
      value: 0,
    });
    const push = { outcome: "hit" as const, forced: { kind: "push" as const, squares: 1 } };
    const pushed = card("ffd20", {
      target: ["grabbed"],
      d20: 15,
      power: { effects: [{ ...effectBody(), ...push }] } as Partial<PowerSource>,
    });
    expect(first(pushed).forced?.length).toBe(1);
  });

  it("[FF-CONDSLOWED] [SYS-MONSTERS] slowed: speed 2 squares at most", () => {
    expect(speedNote(ff, ["slowed"], 6)).toBe(2);
    expect(speedNote(ff, ["slowed"], 1)).toBe(1);
  });

  it("[FF-CONDRESTRAINED] [SYS-MONSTERS] restrained: −2 to its attacks, combat advantage against it, speed 0, no forced movement", () => {
    expect(total("ffd20", { attacker: ["restrained"] })).toBe(total("ffd20") - 2);
    expect(ca({ target: ["restrained"] })).toBe(true);
    expect(speedNote(ff, ["restrained"], 6)).toBe(0);
    const push = { outcome: "hit" as const, forced: { kind: "push" as const, squares: 1 } };
    const power = { effects: [{ ...effectBody(), ...push }] } as Partial<PowerSource>;
    expect(first(card("ffd20", { d20: 15, power })).forced?.length).toBe(1);
    expect(first(card("ffd20", { d20: 15, power, target: ["restrained"] })).forced).toBeUndefined();
  });

  it("[FF-CONDPRONE] [SYS-MONSTERS] prone: −2 to its attacks, combat advantage to melee attackers, +2 defense against ranged", () => {
    expect(total("ffd20", { attacker: ["prone"] })).toBe(total("ffd20") - 2);
    expect(ca({ target: ["prone"], power: { range: "melee" } })).toBe(true);
    expect(ca({ target: ["prone"], power: { range: "ranged" } })).toBe(false);
    const ranged = { power: { range: "ranged" as const } };
    expect(defense("ffd20", { ...ranged, target: ["prone"] })).toBe(defense("ffd20", ranged) + 2);
    expect(defense("ffd20", { target: ["prone"] })).toBe(defense("ffd20"));
  });

  it("[FF-CONDHELPLESS] [SYS-MONSTERS] helpless grants combat advantage", () => {
    expect(ca({ target: ["helpless"] })).toBe(true);
  });

  it("[FF-CONDUNCONSCIOUS] [SYS-MONSTERS] unconscious: helpless and prone, −5 to every defense, no actions", () => {
    expect(defense("ffd20", { target: ["unconscious"] })).toBe(defense("ffd20") - 5);
    const ranged = { power: { range: "ranged" as const } };
    // Prone's +2 against ranged attacks still counts.
    expect(defense("ffd20", { ...ranged, target: ["unconscious"] })).toBe(defense("ffd20", ranged) - 3);
    expect(ca({ target: ["unconscious"] })).toBe(true);
    expect(ff.actionCap?.(actor(["unconscious"]))).toBe(0);
  });

  it("[FF-CONDPETRIFIED] [SYS-MONSTERS] petrified: unconscious, and resist 20 to all damage", () => {
    const hp = { ...defaultActorSource().hp, value: 40, max: 40 };
    const stone = actor(["petrified"], { hp });
    const hit = (a: ActorSource, amount: number) =>
      ff.applyDamage(
        a,
        {
          amount,
          types: ["fire"],
          natural: 10,
          critical: false,
          ongoing: false,
          fromAttack: true,
          melee: true,
          nonlethal: false,
          knockOut: false,
        },
        defaultOptions(ff),
        "t",
      ).hpLost;
    expect(hit(stone, 25)).toBe(5);
    expect(hit(actor([], { hp }), 25)).toBe(25);
    expect(ff.actionCap?.(stone)).toBe(0);
  });

  it("[FF-CONDMARKED] [SYS-MONSTERS] marked: −2 to attacks that leave the marker out; none when the marker is a target", () => {
    const mark = effectSource({ id: "m", sourceCombatantId: "k", statuses: ["marked"] });
    const base = total("ffd20");
    expect(total("ffd20", { attacker: ["marked"], attackerEffects: [mark] })).toBe(base - 2);
    expect(total("ffd20", { attacker: ["marked"], attackerEffects: [mark], targetIds: ["k"] })).toBe(base);
    // An attack on the marker and another creature has no penalty against either.
    const both = card("ffd20", { attacker: ["marked"], attackerEffects: [mark], targetIds: ["t", "k"] });
    expect(both.targets.map((t) => t.outcome.total)).toEqual([base, base]);
    // A mark with no creator recorded leaves no one out.
    expect(total("ffd20", { attacker: ["marked"], targetIds: ["k"] })).toBe(base - 2);
  });

  it("[FF-CONDREMOVED] [SYS-MONSTERS] removed from play: no target, no actions", () => {
    const req = request("ffd20", { target: ["removedFromPlay"] });
    expect(allowedTargets(req)).toEqual({
      allowed: [],
      refused: [{ name: "t", reason: "D20C.Conditions.Reason.untargetable" }],
    });
    expect(allowedTargets(request("ffd20")).allowed.length).toBe(1);
    expect(ff.actionCap?.(actor(["removedFromPlay"]))).toBe(0);
  });

  it("[FF-CONDWEAKENED] [SYS-MONSTERS] weakened: its attacks deal half damage", () => {
    expect(first(card("ffd20", { d20: 15 })).damage).toBe(10);
    expect(first(card("ffd20", { d20: 15, attacker: ["weakened"] })).damage).toBe(5);
    expect(first(card("ffd20", { d20: 15, attacker: ["weakened"] })).odds?.expectedDamage).toBeLessThan(
      first(card("ffd20", { d20: 15 })).odds?.expectedDamage ?? 0,
    );
  });

  it("[FF-CONDSTUNNED] [FF-CONDBLINDED] [SYS-MONSTERS] stunned and surprised creatures flank no one; blinded grants combat advantage", () => {
    expect(canAct(ff, actor(["surprised"]))).toBe(false);
    expect(canAct(ff, actor(["stunned"]))).toBe(false);
    expect(canAct(ff, actor(["slowed"]))).toBe(true);
    expect(ca({ target: ["blinded"] })).toBe(true);
  });
});

describe("[SYS-MONSTERS] 13th Age: the wider game's conditions", () => {
  const age = getRuleset("13th-age");

  it("[13A-CONDFEAR] [SYS-MONSTERS] fear: dazed (−4) and no escalation die", () => {
    const esc = { escalation: 3 };
    expect(total("13th-age", esc)).toBe(total("13th-age") + 3);
    expect(total("13th-age", { ...esc, attacker: ["fear"] })).toBe(total("13th-age") - 4);
    expect(total("13th-age", { ...esc, attacker: ["dazed"] })).toBe(total("13th-age") + 3 - 4);
  });

  it("[13A-CONDVULNERABLE] [SYS-MONSTERS] vulnerable: attacks against it crit 2 lower", () => {
    const threshold = (a: Attack) => first(card("13th-age", a)).outcome.critThreshold;
    expect(threshold({})).toBe(20);
    expect(threshold({ target: ["vulnerable"] })).toBe(18);
    expect(first(card("13th-age", { target: ["vulnerable"], d20: 18 })).outcome.result).toBe("crit");
    expect(first(card("13th-age", { d20: 18 })).outcome.result).toBe("hit");
  });

  it("[13A-CONDHAMPERED] [13A-CONDCONFUSED] [SYS-MONSTERS] hampered and confused: at-will attacks only", () => {
    for (const c of ["hampered", "confused"]) {
      expect(allowedTargets(request("13th-age", { attacker: [c], usage: "daily" })).refused).toEqual([
        { name: "t", reason: "D20C.Conditions.Reason.atWillOnly" },
      ]);
      expect(allowedTargets(request("13th-age", { attacker: [c], usage: "atWill" })).allowed.length).toBe(1);
      expect(allowedTargets(request("13th-age", { usage: "daily" })).allowed.length).toBe(1);
    }
    // Confused also takes its opportunity attacks.
    expect(conditionTurnNotes(age.conditions, actor(["confused"]))).toContainEqual({
      key: "D20C.Conditions.Note.noReactions",
    });
  });

  it("[13A-CONDHELPLESS] [13A-CONDUNCONSCIOUS] [SYS-MONSTERS] helpless: −4 to defenses; the unconscious are helpless", () => {
    expect(defense("13th-age", { target: ["helpless"] })).toBe(defense("13th-age") - 4);
    expect(defense("13th-age", { target: ["unconscious"] })).toBe(defense("13th-age") - 4);
  });

  it("[13A-CONDGRABBED] [SYS-MONSTERS] grabbed: −4 to attacks that leave the grabber out; none against the grabber", () => {
    const hold = effectSource({ id: "g", sourceCombatantId: "k", statuses: ["grabbed"] });
    const base = total("13th-age");
    expect(total("13th-age", { attacker: ["grabbed"], attackerEffects: [hold] })).toBe(base - 4);
    expect(total("13th-age", { attacker: ["grabbed"], attackerEffects: [hold], targetIds: ["k"] })).toBe(base);
    const mods = first(card("13th-age", { attacker: ["grabbed"], attackerEffects: [hold] })).outcome.modifiers;
    expect(mods).toContainEqual({ key: "condition.grabbed", label: "D20C.Age13.Condition.grabbed", value: -4 });
  });

  it("[13A-CONDGRABBED] [SYS-MONSTERS] grabbed: speed 0", () => {
    expect(speedNote(age, ["grabbed"], 6)).toBe(0);
    expect(age.turnNotes?.(actor(["grabbed"], { speed: 6 }))).toContainEqual({
      key: "D20C.Conditions.Note.speed",
      value: 0,
    });
  });
});

describe("[SYS-MONSTERS] Wounds d20: the 3rd-edition family's conditions", () => {
  const wd = getRuleset("wounds-d20");
  const G = "wounds-d20";
  const mods = (attacker: string[]) => total(G, { attacker }) - total(G);
  const ac = (target: string[], range: "melee" | "ranged" = "melee") =>
    defense(G, { target, power: { range } }) - defense(G, { power: { range } });
  const save = (conditions: string[]) =>
    (wd.deriveActor(actor(conditions), {}).saves["fear"] ?? NaN) - (wd.deriveActor(actor([]), {}).saves["fear"] ?? NaN);

  it("[WD-CONDPRONE] [SYS-MONSTERS] prone: −4 to its melee attacks; −4 AC against melee, +4 against ranged", () => {
    expect(mods(["prone"])).toBe(-4);
    expect(total(G, { attacker: ["prone"], power: { range: "ranged" } })).toBe(
      total(G, { power: { range: "ranged" } }),
    );
    expect(ac(["prone"], "melee")).toBe(-4);
    expect(ac(["prone"], "ranged")).toBe(4);
  });

  it("[WD-CONDSHAKEN] [WD-CONDFRIGHTENED] [SYS-MONSTERS] shaken: −2 to attacks and saves; frightened includes it", () => {
    expect(mods(["shaken"])).toBe(-2);
    expect(save(["shaken"])).toBe(-2);
    expect(mods(["frightened"])).toBe(-2);
    expect(save(["frightened"])).toBe(-2);
  });

  it("[WD-CONDSICKENED] [SYS-MONSTERS] sickened: −2 to attacks, damage and saves", () => {
    expect(mods(["sickened"])).toBe(-2);
    expect(save(["sickened"])).toBe(-2);
    expect(first(card(G, { d20: 15 })).damage).toBe(10);
    expect(first(card(G, { d20: 15, attacker: ["sickened"] })).damage).toBe(8);
  });

  it("[WD-CONDDAZZLED] [WD-CONDFATIGUED] [WD-CONDEXHAUSTED] [SYS-MONSTERS] dazzled −1; fatigued −1 and −1 AC; exhausted −3, −3 AC and half speed", () => {
    expect(mods(["dazzled"])).toBe(-1);
    expect(mods(["fatigued"])).toBe(-1);
    expect(ac(["fatigued"])).toBe(-1);
    expect(mods(["exhausted"])).toBe(-3);
    expect(ac(["exhausted"])).toBe(-3);
    expect(speedNote(wd, ["exhausted"], 30)).toBe(15);
    expect(speedNote(wd, ["fatigued"], 30)).toBe(30);
  });

  it("[WD-CONDENTANGLED] [WD-CONDGRAPPLED] [WD-CONDPINNED] [SYS-MONSTERS] entangled, grappled and pinned: attacks, AC and speed", () => {
    expect(mods(["entangled"])).toBe(-2);
    expect(ac(["entangled"])).toBe(-2);
    expect(speedNote(wd, ["entangled"], 30)).toBe(15);
    expect(mods(["grappled"])).toBe(-2);
    expect(ac(["grappled"])).toBe(-2);
    expect(speedNote(wd, ["grappled"], 30)).toBe(0);
    // Pinned: grappled, a further −4 and caught off guard (the flat-footed AC).
    const pinned = first(card(G, { target: ["pinned"] })).outcome;
    expect(pinned.defenseKey).toBe("flat");
    expect(mods(["pinned"])).toBe(-2);
  });

  it("[WD-CONDBLINDED] [SYS-MONSTERS] blinded: −2 AC, caught off guard, half speed", () => {
    expect(first(card(G, { target: ["blinded"] })).outcome.defenseKey).toBe("flat");
    expect(speedNote(wd, ["blinded"], 30)).toBe(15);
    expect(
      (wd.deriveActor(actor(["blinded"]), {}).defenses["flat"] ?? NaN) -
        (wd.deriveActor(actor([]), {}).defenses["flat"] ?? NaN),
    ).toBe(-2);
  });

  it("[WD-CONDHELPLESS] [WD-CONDPARALYZED] [WD-CONDUNCONSCIOUS] [SYS-MONSTERS] helpless: caught off guard, +4 for melee attackers; paralyzed and unconscious are helpless", () => {
    const flat = (target: string[], range: "melee" | "ranged") =>
      card(G, { target, power: { range } }).targets[0]!.outcome;
    const plainFlat = wd.deriveActor(actor([]), {}).defenses["flat"] ?? NaN;
    expect(flat(["helpless"], "melee")).toMatchObject({ defenseKey: "flat", defense: plainFlat - 4 });
    expect(flat(["helpless"], "ranged")).toMatchObject({ defenseKey: "flat", defense: plainFlat });
    expect(flat(["paralyzed"], "melee").defense).toBe(plainFlat - 4);
    expect(flat(["unconscious"], "melee").defense).toBe(plainFlat - 4);
    expect(wd.actionCap?.(actor(["paralyzed"]))).toBe(0);
    expect(speedNote(wd, ["paralyzed"], 30)).toBe(0);
  });

  it("[WD-CONDSTUNNED] [WD-CONDCOWERING] [WD-CONDDAZED] [SYS-MONSTERS] stunned and cowering: no actions, −2 AC, caught off guard; dazed: no actions", () => {
    for (const c of ["stunned", "cowering", "dazed"]) expect(wd.actionCap?.(actor([c]))).toBe(0);
    expect(first(card(G, { target: ["stunned"] })).outcome.defenseKey).toBe("flat");
    expect(ac(["stunned"])).toBe(-2);
    expect(ac(["cowering"])).toBe(-2);
    expect(ac(["dazed"])).toBe(0);
    // A staggered creature that is stunned takes no action either.
    expect(wd.actionCap?.(actor(["stunned"], { state: "staggered" }))).toBe(0);
    expect(wd.actionCap?.(actor([], { state: "staggered" }))).toBe(1);
  });

  it("[WD-CONDNAUSEATED] [WD-CONDPANICKED] [SYS-MONSTERS] nauseated: one action and no attacks; panicked: −2 saves and no attacks", () => {
    expect(wd.actionCap?.(actor(["nauseated"]))).toBe(1);
    for (const c of ["nauseated", "panicked"])
      expect(allowedTargets(request(G, { attacker: [c] })).refused).toEqual([
        { name: "t", reason: "D20C.Conditions.Reason.noAttacks" },
      ]);
    expect(save(["panicked"])).toBe(-2);
    expect(wd.turnNotes?.(actor(["nauseated"]))).toContainEqual({ key: "D20C.Conditions.Note.noAttacks" });
  });

  it("[WD-CONDCONFUSED] [WD-CONDDEAFENED] [SYS-MONSTERS] confused: no attacks of opportunity; deafened: −4 initiative", () => {
    expect(wd.turnNotes?.(actor(["confused"]))).toContainEqual({ key: "D20C.Conditions.Note.noReactions" });
    expect(wd.deriveActor(actor(["deafened"]), {}).initiative - wd.deriveActor(actor([]), {}).initiative).toBe(-4);
  });
});

/**
 * The speed the tracker and the Actions panel note for a creature of this speed with these
 * conditions (the game's own unit); its full speed when no note lowers it.
 */
function speedNote(
  r: { turnNotes?: (a: ActorSource) => { key: string; value?: number }[]; conditions: readonly ConditionSpec[] },
  conditions: string[],
  speed: number,
): number {
  const note = r.turnNotes?.(actor(conditions, { speed })).find((n) => n.key === "D20C.Conditions.Note.speed");
  return note?.value ?? speed;
}

/** A power effect's body with nothing in it (a forced movement or a condition is added to it). */
function effectBody() {
  return {
    trigger: { kind: "any" as const, value: 0 },
    text: "",
    statuses: [] as string[],
    duration: "instant" as const,
    save: "normal" as const,
    sustain: null,
    ongoing: null,
    aftereffect: null,
  };
}
