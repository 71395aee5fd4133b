/**
 * Hundred Dungeons table procedure through the Ruleset interface: the turn budget, the Actions
 * panel's procedures (`planProcedure` → rolls, `resolveProcedure` → what they did), Parry,
 * provoked attacks and the end of hiding, charm, cover on Dexterity rolls, exhaustion 6.
 */
import { describe, expect, it } from "vitest";
import {
  HD_CONDITIONS,
  abilityRollMode,
  conditionSpec,
  exhaustionEffects,
  specsOf,
  speedCap,
} from "../../../src/engine/rulesets/hundred-dungeons/conditions.js";
import { hundredDungeons as hd } from "../../../src/engine/rulesets/hundred-dungeons/index.js";
import type { ProcedureCreature, ProcedureInput, ProcedureOutcome } from "../../../src/engine/actions.js";
import type { AttackOutcome, CombatantSource, RollRequest, TurnStep } from "../../../src/engine/types.js";
import { combatant, ctx, effect, hdActor, turnOf, weapon } from "./fixtures.js";

/** A move's steps but the count of the movement spent this turn ([HD-ACTIONS], tested on its own). */
const withoutMoveCount = (steps: readonly TurnStep[]): TurnStep[] =>
  steps.filter((s) => !(s.kind === "addEffect" && s.effect.statuses.includes("movedThisTurn")));

const abilities = (over: Partial<Record<"str" | "dex" | "con" | "int" | "wis" | "cha", number>>) => ({
  str: 0,
  dex: 0,
  con: 0,
  int: 0,
  wis: 0,
  cha: 0,
  ...over,
});

/** A combatant as a procedure sees it (its token's actor key is its actorId). */
function creature(c: CombatantSource): ProcedureCreature {
  return { id: c.actorId, name: c.name, actor: c.actor, combatantId: c.id, effects: c.effects, side: c.side };
}

interface RunOver {
  targets?: CombatantSource[];
  others?: CombatantSource[];
  choice?: string | null;
  round?: number;
  options?: ProcedureInput["options"];
}

function inputOf(actor: CombatantSource, over: RunOver = {}): ProcedureInput {
  return {
    actor: actor.actor,
    actorId: actor.actorId,
    targets: (over.targets ?? []).map(creature),
    others: (over.others ?? []).map(creature),
    effects: actor.effects.map((e) => ({ ...e, holderId: actor.actorId, holderName: actor.name })),
    choice: over.choice ?? null,
    round: over.round ?? 2,
    ownTurn: true,
    memory: { bands: {}, marks: {} },
    numbers: {},
    options: over.options ?? {},
    combatantId: actor.id,
    side: actor.side,
  };
}

/** Step one: the refusal or the rolls. */
function plan(key: string, actor: CombatantSource, over: RunOver = {}) {
  if (!hd.planProcedure) throw new Error("Hundred Dungeons plans procedures");
  return hd.planProcedure(key, inputOf(actor, over));
}

/** Both steps with recorded totals for the planned rolls (in order): what the procedure did. */
function run(key: string, actor: CombatantSource, over: RunOver = {}, totals: number[] = []): ProcedureOutcome {
  if (!hd.resolveProcedure) throw new Error("Hundred Dungeons resolves procedures");
  const input = inputOf(actor, over);
  const rolls = plan(key, actor, over).requests.map((request, i) => ({
    request,
    result: { total: totals[i] ?? 10, natural: totals[i] ?? 10 },
  }));
  return hd.resolveProcedure(key, input, rolls);
}

function rollOf(key: string, actor: CombatantSource, over: RunOver = {}): RollRequest {
  const r = plan(key, actor, over).requests[0];
  if (!r) throw new Error("no roll planned");
  return r;
}

describe("Hundred Dungeons round and turn", () => {
  it("[HD-TURN] a turn allows moving up to speed, one action OR two quick actions, and one reaction; the economy kinds are the text's", () => {
    expect(turnOf(hdActor({ speed: 60 }))).toEqual({ speed: 60, quickActions: 2, cap: null, canReact: true });
    expect(hd.actions.map((a) => a.key)).toEqual(["action", "quick", "reaction"]);
  });

  it("[HD-TURN] [HD-COND] slowed: one action or quick action, no reactions, speed at most 20 ft", () => {
    expect(turnOf(hdActor({ speed: 60, conditions: ["slowed"] }))).toEqual({
      speed: 20,
      quickActions: 2,
      cap: 1,
      canReact: false,
    });
    expect(turnOf(hdActor({ conditions: ["dying"] })).cap).toBe(1);
  });

  it("[HD-COND] incapacitated (and paralyzed, stunned, unconscious, petrified) take no actions or reactions; grappled has speed 0", () => {
    for (const c of ["incapacitated", "paralyzed", "stunned", "unconscious", "petrified"]) {
      expect(turnOf(hdActor({ conditions: [c] }))).toMatchObject({ cap: 0, canReact: false });
      expect(plan("dodge", combatant("a", { actor: hdActor({ conditions: [c] }) })).refusal).toBe(
        "D20C.HD.Reason.incapacitated",
      );
    }
    expect(speedCap(60, ["grappled"])).toBe(0);
    expect(speedCap(60, ["restrained"])).toBe(0);
  });

  it("[HD-SURPRISE] a surprised creature has no reactions in round 1, and gets them back later", () => {
    expect(turnOf(hdActor({ conditions: ["surprised"] }), 1).canReact).toBe(false);
    expect(turnOf(hdActor({ conditions: [] }), 1).canReact).toBe(true);
    expect(turnOf(hdActor({ conditions: ["surprised"] }), 2).canReact).toBe(true);
  });
});

describe("Hundred Dungeons procedures on the Actions panel", () => {
  const me = combatant("me", { actor: hdActor({ abilities: abilities({ str: 3, dex: 2, wis: 1 }) }) });

  it("[HD-ACTIONS] [HD-QUICK] the panel lists the text's actions and quick actions with their costs", () => {
    const cost = Object.fromEntries((hd.procedures ?? []).map((p) => [p.id, p.cost]));
    for (const k of ["castSlowSpell", "dash", "help", "hide", "ready", "search", "escape"])
      expect(cost[k]).toBe("action");
    for (const k of ["grapple", "shove", "disengage", "dodge"]) expect(cost[k]).toBe("quick");
    expect(cost.readiedAction).toBe("reaction");
    expect(cost.mount).toBe("free");
  });

  it("[HD-ACTIONS] Help: the chosen character's rolls are mighty until the start of the helper's next turn", () => {
    const ally = combatant("ally");
    const o = run("help", me, { targets: [ally], choice: "attack" });
    expect(o.addEffects).toEqual([
      {
        creatureId: ally.actorId,
        effect: expect.objectContaining({
          sourceCombatantId: "me",
          duration: "startOfNextTurn",
          statuses: ["helpedAttack"],
        }),
      },
    ]);
    // Only the chosen action's rolls: Help for an ability roll makes ability rolls mighty, for an attack not.
    const ability = run("help", me, { targets: [ally], choice: "ability" });
    expect(ability.addEffects?.[0]?.effect.statuses).toEqual(["helpedAbility"]);
    expect(abilityRollMode(["helpedAbility"], 0, "wis").mode).toBe("mighty");
    expect(abilityRollMode(["helpedAttack"], 0, "wis").mode).toBe("normal");
    // An effect from before the choice had its own status keeps its old reading.
    expect(abilityRollMode(["helped"], 0, "wis").mode).toBe("mighty");
    expect(plan("help", me).refusal).toBe("D20C.HD.Reason.needsOneTarget");
  });

  it("[HD-QUICK] Dodge: attacks against the dodger weak, its Dexterity mighty, until its next turn; lost while incapacitated", () => {
    expect(run("dodge", me).addEffects?.[0]).toMatchObject({
      creatureId: null,
      effect: { statuses: ["dodging"], duration: "startOfNextTurn" },
    });
    expect(abilityRollMode(["dodging"], 0, "dex").mode).toBe("mighty");
    expect(abilityRollMode(["dodging", "stunned"], 0, "dex").mode).toBe("normal");
    expect(conditionSpec("dodging")?.attacksAgainst).toBe("weak");
  });

  it("[HD-QUICK] [HD-PROVOKE] Disengage: an armed end-of-this-turn effect, and a disengaged mover provokes nothing", () => {
    expect(run("disengage", me).addEffects?.[0]).toMatchObject({ effect: { statuses: ["disengaged"], armed: true } });
    const mover = combatant("me", { effects: [effect({ id: "d", statuses: ["disengaged"] })] });
    expect(
      hd.afterAct?.({ act: "move", feet: 5, round: 2, actor: mover, within: [combatant("orc")] }).provocations,
    ).toEqual([]);
  });

  it("[HD-ACTIONS] Dash doubles the movement; a slowed creature dashes to 40 ft", () => {
    expect(run("dash", me).events[0]).toMatchObject({ data: { feet: 120 } });
    const slowed = combatant("s", { actor: hdActor({ conditions: ["slowed"] }) });
    expect(run("dash", slowed).events[0]).toMatchObject({ data: { feet: 40 } });
  });

  it("[HD-ACTIONS] Dash doubles the movement that remains: moves are counted (15 ft, then 5 more), Dash after 20 of 60 ft leaves 100 ft, and the count is gone at the mover's next turn start", () => {
    const mover = combatant("me", { actor: hdActor({ speed: 60 }) });
    const first = hd.afterAct?.({ act: "move", feet: 15, round: 2, actor: mover, within: [] }).steps ?? [];
    const added = first.find((st) => st.kind === "addEffect");
    expect(added).toMatchObject({
      effect: { statuses: ["movedThisTurn"], moved: 15, duration: "startOfNextTurn", sourceCombatantId: "me" },
    });
    const counted = combatant("me", {
      actor: hdActor({ speed: 60 }),
      effects: [effect({ id: "count", statuses: ["movedThisTurn"], sourceCombatantId: "me", moved: 15 })],
    });
    const second = hd.afterAct?.({ act: "move", feet: 5, round: 2, actor: counted, within: [] }).steps ?? [];
    expect(second).toContainEqual({
      kind: "updateEffect",
      actorId: "actor-me",
      effectId: "count",
      changes: { moved: 20 },
    });
    const spent = combatant("me", {
      actor: hdActor({ speed: 60 }),
      effects: [
        effect({
          id: "count",
          statuses: ["movedThisTurn"],
          sourceCombatantId: "me",
          moved: 20,
          duration: "startOfNextTurn",
        }),
      ],
    });
    expect(run("dash", spent).events[0]).toMatchObject({ data: { feet: 100 } });
    const start = hd.onTurnStart(ctx([spent], { combatantId: "me" }));
    expect(start).toContainEqual(expect.objectContaining({ kind: "removeEffect", effectId: "count" }));
  });

  it("[HD-ACTIONS] a Slow spell: concentrate and take the action three rounds running; skipping a round loses it", () => {
    expect(run("castSlowSpell", me).addEffects?.[0]).toMatchObject({
      effect: { statuses: ["concentrating"], duration: "sustain", sustainedRound: 2, tally: 1 },
    });
    const going = (tally: number) =>
      combatant("me", {
        effects: [effect({ id: "c", statuses: ["concentrating"], duration: "sustain", sustain: "standard", tally })],
      });
    expect(run("castSlowSpell", going(1), { round: 3 }).effectChanges).toEqual([
      { holderId: "actor-me", id: "c", changes: { sustainedRound: 3, tally: 2 } },
    ]);
    const cast = run("castSlowSpell", going(2), { round: 4 });
    expect(cast.removeEffects).toEqual([{ creatureId: null, effectId: "c" }]);
    expect(cast.events.map((e) => e.key)).toContain("D20C.HD.Procedure.castSlowSpell.cast");
    // The sustain rule ends an armed concentration that was not continued this round.
    const armed = combatant("me", {
      effects: [
        effect({ id: "c", statuses: ["concentrating"], duration: "sustain", armed: true, sustainedRound: 2, tally: 1 }),
      ],
    });
    expect(hd.onTurnEnd(ctx([armed], { round: 3 }))).toContainEqual(
      expect.objectContaining({ kind: "removeEffect", effectId: "c" }),
    );
  });

  it("[HD-ACTIONS] Ready: a readied effect (with concentration for a spell), spent by the readied-action reaction", () => {
    expect(run("ready", me, { choice: "spell" }).addEffects?.[0]).toMatchObject({
      effect: { statuses: ["readied", "concentrating"] },
    });
    const readied = combatant("me", { effects: [effect({ id: "r", statuses: ["readied"] })] });
    expect(run("readiedAction", readied).removeEffects).toEqual([{ creatureId: null, effectId: "r" }]);
    expect(plan("readiedAction", me).refusal).toBe("D20C.HD.Reason.nothingReadied");
  });

  it("[HD-ACTIONS] [HD-COND] Search: Wisdom to spot against the Hide result; a blinded searcher relying on sight fails outright", () => {
    const hider = combatant("h", {
      effects: [effect({ id: "hid", statuses: ["hidden"], sourceCombatantId: "me", tally: 14 })],
    });
    const req = rollOf("search", me, { targets: [hider] });
    expect(req).toMatchObject({ formula: "1d20 + 1", data: { ability: "wis", hidden: "h" } });
    expect(run("search", me, { targets: [hider] }, [14]).removeEffects).toEqual([
      { creatureId: "actor-h", effectId: "hid" },
    ]);
    expect(run("search", me, { targets: [hider] }, [13]).removeEffects).toEqual([]);
    const blind = combatant("me", { actor: hdActor({ conditions: ["blinded"] }) });
    expect(rollOf("search", blind, { targets: [hider] }).data?.autoFail).toBe(true);
    expect(run("search", blind, { targets: [hider] }, [20]).removeEffects).toEqual([]);
    const deaf = combatant("me", { actor: hdActor({ conditions: ["deafened"] }) });
    expect(rollOf("search", deaf, { choice: "creatureHearing" }).data?.autoFail).toBe(true);
    expect(rollOf("search", deaf, { choice: "creatureSight" }).data?.autoFail).toBeUndefined();
    expect(rollOf("search", me, { choice: "area" }).data?.ability).toBe("int");
  });
});

describe("Hundred Dungeons unarmed attacks, grapple, shove and escape", () => {
  const me = combatant("me", { actor: hdActor({ abilities: abilities({ str: 3 }) }) });
  const foe = combatant("foe", { actor: hdActor({ abilities: abilities({ str: 1, dex: 4 }) }), side: "gm" });

  it("[HD-UNARMED] grapple: Strength against 12 + the target's better of Str/Dex; success grapples it", () => {
    expect(rollOf("grapple", me, { targets: [foe] })).toMatchObject({ formula: "1d20 + 3", target: 16 });
    expect(run("grapple", me, { targets: [foe] }, [16]).addEffects).toEqual([
      {
        creatureId: "actor-foe",
        effect: expect.objectContaining({ statuses: ["grappled"], sourceCombatantId: "me" }),
      },
    ]);
    expect(run("grapple", me, { targets: [foe] }, [15]).addEffects).toEqual([]);
  });

  it("[HD-UNARMED] shove: Strength against 12 + the target's Strength; success knocks it prone or pushes it 5 ft", () => {
    expect(rollOf("shove", me, { targets: [foe], choice: "prone" }).target).toBe(13);
    expect(run("shove", me, { targets: [foe], choice: "prone" }, [13]).addEffects?.[0]).toMatchObject({
      creatureId: "actor-foe",
      effect: { statuses: ["prone"] },
    });
    const push = run("shove", me, { targets: [foe], choice: "push" }, [20]);
    // [HD-PROVOKE] the push marks the target: the move of its token that carries it out is forced.
    expect(push.addEffects).toEqual([
      expect.objectContaining({
        creatureId: "actor-foe",
        effect: expect.objectContaining({ statuses: ["pushed"], duration: "startOfNextTurn", sourceCombatantId: "me" }),
      }),
    ]);
    expect(push.events.find((e) => e.key === "D20C.HD.Procedure.shove.donePush")?.data?.feet).toBe(5);
    expect(run("shove", me, { targets: [foe], choice: "push" }, [2]).addEffects).toEqual([]);
  });

  it("[HD-UNARMED] escape: an action, the better of Str/Dex against 12 + the grappler's Strength; success ends the grapple", () => {
    const held = combatant("foe", {
      actor: hdActor({ abilities: abilities({ str: 1, dex: 4 }) }),
      effects: [effect({ id: "g", statuses: ["grappled"], sourceCombatantId: "me" })],
    });
    expect(rollOf("escape", held, { others: [me] })).toMatchObject({
      formula: "1d20 + 4",
      target: 15,
      data: { ability: "dex" },
    });
    expect(run("escape", held, { others: [me] }, [15]).removeEffects).toEqual([{ creatureId: null, effectId: "g" }]);
    expect(plan("escape", me).refusal).toBe("D20C.HD.Reason.notGrappled");
  });

  it("[HD-UNARMED] [HD-CRIT] strike, grapple and shove are unarmed attacks: a natural 20 always succeeds, a natural 1 always fails", () => {
    const armored = combatant("foe", { actor: hdActor({ abilities: abilities({ str: 1, dex: 4 }) }), side: "gm" });
    const defense = rollOf("unarmedStrike", me, { targets: [armored] }).target ?? 0;
    /** What a roll with this natural and total did (the fixture's `run` takes the total as the natural). */
    const rolled = (key: string, natural: number, total: number, choice: string | null = null) => {
      if (!hd.resolveProcedure) throw new Error("Hundred Dungeons resolves procedures");
      const over = { targets: [armored], choice };
      const [request] = plan(key, me, over).requests;
      return hd.resolveProcedure(key, inputOf(me, over), [{ request: request!, result: { total, natural } }]);
    };
    const damageOf = (o: ProcedureOutcome) => Object.values(o.creatures)[0]?.hp.value;
    // A natural 1 misses even when the total reaches the defense; a natural 20 hits below it, for double Strength.
    expect(rolled("unarmedStrike", 1, defense + 5).events.map((e) => e.key)).toContain("D20C.HD.Event.rollFailed");
    expect(rolled("unarmedStrike", 1, defense + 5).creatures).toEqual({});
    const crit = rolled("unarmedStrike", 20, defense - 5);
    expect(crit.events.map((e) => e.key)).toContain("D20C.HD.Event.rollSucceeded");
    const plain = rolled("unarmedStrike", 19, defense + 5);
    const hp = armored.actor.hp.value;
    expect(hp - (damageOf(crit) ?? hp)).toBe(2 * (hp - (damageOf(plain) ?? hp)));
    expect(hp - (damageOf(plain) ?? hp)).toBe(3);
    // Grapple (against 16) and shove (against 13) likewise.
    expect(rolled("grapple", 20, 5).addEffects).toHaveLength(1);
    expect(rolled("grapple", 1, 30).addEffects).toEqual([]);
    expect(rolled("shove", 20, 5, "prone").addEffects).toHaveLength(1);
    expect(rolled("shove", 1, 30, "prone").addEffects).toEqual([]);
  });

  it("[HD-PARALYZEDCRIT] [HD-UNARMED] with the world option on, an unarmed strike that hits a paralyzed creature is critical (double Strength); off, it only hits", () => {
    const held = combatant("foe", {
      actor: hdActor({ abilities: abilities({ str: 1 }), conditions: ["paralyzed"] }),
      side: "gm",
    });
    const strike = (paralyzedCrit: boolean) => {
      if (!hd.resolveProcedure) throw new Error("Hundred Dungeons resolves procedures");
      const over = { targets: [held], options: { paralyzedCrit } };
      const [request] = plan("unarmedStrike", me, over).requests;
      expect(request!.data).toMatchObject({ autoHit: true });
      // a 5 that would miss: the paralyzed target is hit outright
      const out = hd.resolveProcedure("unarmedStrike", inputOf(me, over), [
        { request: request!, result: { total: 5, natural: 5 } },
      ]);
      return held.actor.hp.value - (Object.values(out.creatures)[0]?.hp.value ?? held.actor.hp.value);
    };
    expect(strike(false)).toBe(3);
    expect(strike(true)).toBe(6);
  });

  it("[HD-UNARMED] [HD-COND] [HD-HIDE] an unarmed attack is rolled with an attack's modes: the attacker's own conditions too", () => {
    const foeOf = (over: Partial<CombatantSource> = {}) =>
      combatant("foe", { actor: hdActor({ abilities: abilities({ str: 1 }) }), side: "gm", ...over });
    const attacker = (conditions: string[], over: Partial<CombatantSource> = {}) =>
      combatant("me", { actor: hdActor({ abilities: abilities({ str: 3 }), conditions }), ...over });
    const formula = (key: string, a: CombatantSource, t = foeOf()) => rollOf(key, a, { targets: [t] }).formula;
    for (const key of ["unarmedStrike", "grapple", "shove"]) {
      expect(formula(key, attacker([])), key).toBe("1d20 + 3");
      // Prone, blinded and restrained attackers attack weak; an invisible one mighty.
      for (const c of ["prone", "blinded", "restrained"])
        expect(formula(key, attacker([c])), `${key} ${c}`).toBe("2d20kl + 3");
      expect(formula(key, attacker(["invisible"])), key).toBe("2d20kh + 3");
      // The target's conditions: a dodging target weakens attacks against it, a restrained one makes them mighty.
      expect(formula(key, attacker([]), foeOf({ actor: hdActor({ conditions: ["dodging"] }) })), key).toBe(
        "2d20kl + 3",
      );
      expect(formula(key, attacker([]), foeOf({ actor: hdActor({ conditions: ["restrained"] }) })), key).toBe(
        "2d20kh + 3",
      );
    }
  });

  it("[HD-UNARMED] the unarmed strike deals the Strength score (at least 1) and a crit doubles it", () => {
    const strike = { ...power0(), range: "melee" as const, attackAbility: "str" as const };
    const strong = hdActor({ abilities: abilities({ str: 3 }) });
    expect(hd.damageExpression(strong, hd.deriveActor(strong, {}), strike, null)).toEqual({ dice: [], flat: 3 });
    const weakling = hdActor({ abilities: abilities({ str: -2 }) });
    expect(hd.damageExpression(weakling, hd.deriveActor(weakling, {}), strike, null)).toEqual({ dice: [], flat: 1 });
  });
});

function power0() {
  return {
    attackAbility: "str" as const,
    attackBonus: 0,
    defense: "def",
    range: "melee" as const,
    damage: "",
    damageTypes: ["bludgeoning"],
    missEffect: "none" as const,
    missDamage: "",
    critDamage: "",
    critRange: 0,
    ongoing: null,
    touch: false,
    nonlethal: false,
  };
}

describe("Hundred Dungeons provoking and hiding", () => {
  const mover = combatant("me");
  const orc = combatant("orc", { side: "gm" });
  const act = (over: Partial<Parameters<NonNullable<typeof hd.afterAct>>[0]> = {}) =>
    hd.afterAct?.({ act: "move", feet: 5, round: 2, actor: mover, within: [orc], ...over });

  it("[HD-PROVOKE] leaving reach, casting or shooting within reach provokes one melee attack as a reaction", () => {
    for (const a of ["move", "castSpell", "rangedAttack"] as const)
      expect(act({ act: a })?.provocations).toEqual([
        { reactorId: "orc", canReact: true, reason: "D20C.HD.Reason.provoked" },
      ]);
    expect(act({ act: "attack" })?.provocations).toEqual([]);
  });

  it("[HD-PROVOKE] no provoked attack without a reaction to spend", () => {
    expect(act({ reacted: ["orc"] })?.provocations[0]).toMatchObject({
      canReact: false,
      reason: "D20C.HD.Reason.reactionUsed",
    });
    const slowed = combatant("orc", { actor: hdActor({ conditions: ["slowed"] }) });
    expect(act({ within: [slowed] })?.provocations[0]?.canReact).toBe(false);
    const surprised = combatant("orc", { actor: hdActor({ conditions: ["surprised"] }) });
    expect(act({ within: [surprised], round: 1 })?.provocations[0]?.canReact).toBe(false);
  });

  it("[HD-HIDE] Hide: Dexterity against each observer's Wisdom + 10, recorded per observer; 0 without cover", () => {
    const hider = combatant("me", { actor: hdActor({ abilities: abilities({ dex: 3 }) }) });
    const sharp = combatant("sharp", { actor: hdActor({ abilities: abilities({ wis: 4 }) }), side: "gm" });
    const dull = combatant("dull", { actor: hdActor({ abilities: abilities({ wis: 0 }) }), side: "gm" });
    expect(rollOf("hide", hider, { targets: [sharp, dull], choice: "cover" })).toMatchObject({
      formula: "1d20 + 3",
      data: { ability: "dex", observers: "sharp,dull", cover: true },
    });
    expect(run("hide", hider, { targets: [sharp, dull], choice: "cover" }, [12]).addEffects).toEqual([
      {
        creatureId: null,
        effect: expect.objectContaining({ statuses: ["hidden"], sourceCombatantId: "dull", tally: 12 }),
      },
    ]);
    expect(run("hide", hider, { targets: [dull], choice: "noCover" }, [19]).addEffects).toEqual([]);
    // With nobody targeted, the observers are the other side of the table.
    expect(rollOf("hide", hider, { others: [sharp, dull] }).data?.observers).toBe("sharp,dull");
    expect(plan("hide", hider).refusal).toBe("D20C.HD.Reason.noObservers");
    // Already invisible: the Dexterity roll is mighty.
    const inv = combatant("me", { actor: hdActor({ conditions: ["invisible"] }) });
    expect(rollOf("hide", inv, { targets: [dull] }).formula).toMatch(/^2d20kh/);
  });

  it("[HD-HIDE] attacking, casting or moving more than 10 ft ends hiding; 10 ft does not", () => {
    const hidden = combatant("me", { effects: [effect({ id: "h1", statuses: ["hidden"], sourceCombatantId: "orc" })] });
    const ends = (a: "move" | "attack" | "castSpell", feet = 0) =>
      withoutMoveCount(hd.afterAct?.({ act: a, feet, round: 2, actor: hidden, within: [] }).steps ?? []);
    expect(ends("attack")).toEqual([expect.objectContaining({ kind: "removeEffect", effectId: "h1" })]);
    expect(ends("castSpell")).toHaveLength(1);
    expect(ends("move", 15)).toHaveLength(1);
    // 10 ft is not more than 10: the hiding stays and remembers the feet moved since it began.
    expect(ends("move", 10)).toEqual([
      { kind: "updateEffect", actorId: hidden.actorId, effectId: "h1", changes: { moved: 10 } },
    ]);
  });

  it("[HD-HIDE] the feet add up over several moves: 6 ft after 5 already moved (11 in all) ends hiding; 5 after 5 (10) does not", () => {
    const after = (moved: number, feet: number) =>
      withoutMoveCount(
        hd.afterAct?.({
          act: "move",
          feet,
          round: 2,
          actor: combatant("me", {
            effects: [effect({ id: "h1", statuses: ["hidden"], sourceCombatantId: "orc", moved })],
          }),
          within: [],
        }).steps ?? [],
      );
    expect(after(5, 6)).toEqual([expect.objectContaining({ kind: "removeEffect", effectId: "h1" })]);
    expect(after(5, 5)).toEqual([expect.objectContaining({ kind: "updateEffect", changes: { moved: 10 } })]);
  });

  it("[HD-HIDE] hidden from one observer only: mighty against it, weak from it, ordinary with everyone else", () => {
    const hid = [effect({ id: "h", statuses: ["hidden"], sourceCombatantId: "orc" })];
    const base = { dice: [10], attackBonus: 0, defense: { key: "def", value: 10 } };
    const mode = (attackerId: string, targetId: string, attackerEffects = hid, targetEffects: typeof hid = []) =>
      hd.attackMode(
        attackInputOf({
          ...base,
          attacker: { id: attackerId, effects: attackerEffects, conditions: ["hidden"] },
          target: { id: targetId, effects: targetEffects, conditions: [] },
        }),
      );
    expect(mode("me", "orc")).toBe("mighty");
    expect(mode("me", "goblin")).toBe("normal");
    expect(
      hd.attackMode(
        attackInputOf({
          ...base,
          attacker: { id: "orc", effects: [], conditions: [] },
          target: { id: "me", effects: hid, conditions: ["hidden"] },
        }),
      ),
    ).toBe("weak");
  });
});

function attackInputOf(over: {
  dice: number[];
  attackBonus: number;
  defense: { key: string; value: number };
  attacker: { id: string; effects: ReturnType<typeof effect>[]; conditions: string[] };
  target: { id: string; effects: ReturnType<typeof effect>[]; conditions: string[]; size?: string };
  range?: "melee" | "ranged";
  ability?: "cha" | "str";
}) {
  return {
    dice: over.dice,
    attackBonus: over.attackBonus,
    defense: over.defense,
    range: over.range ?? "melee",
    situation: {
      combatAdvantage: false,
      cover: "none" as const,
      concealment: "none" as const,
      mighty: 0,
      weak: 0,
      bonus: 0,
      wrongSquare: false,
      withinMeleeReach: false,
      offGuard: false,
    },
    escalation: 0,
    attacker: { kind: "character" as const, usesEscalation: false, penalties: [], exhaustion: 0, ...over.attacker },
    target: { vulnerabilities: [], exhaustion: 0, ...over.target },
    damageTypes: [],
    critRange: 0,
    hasMissEffect: false,
    options: {},
    ...(over.ability ? { ability: over.ability } : {}),
  };
}

describe("Hundred Dungeons dual wielding and Parry", () => {
  const dagger = weapon({ name: "Dagger", weaponClass: "simple", light: true });
  const sickle = weapon({ name: "Sickle", weaponClass: "simple", light: true });
  const sword = weapon({ name: "Longsword", weaponClass: "martial" });
  const hit: AttackOutcome = {
    natural: 12,
    dice: [12],
    mode: "normal",
    modifiers: [],
    total: 15,
    defenseKey: "def",
    defense: 14,
    critThreshold: 20,
    result: "hit",
    isHit: true,
    isCrit: false,
    autoHit: false,
    autoMiss: false,
    missEffect: false,
    reasons: [],
  };
  const offers = (weapons = [dagger, sickle], over: { reactionUsed?: boolean; outcome?: AttackOutcome } = {}) =>
    hd.attackReactions?.({
      outcome: over.outcome ?? hit,
      range: "melee",
      defender: hdActor(),
      weapons,
      reactionUsed: over.reactionUsed ?? false,
      round: 2,
    }) ?? [];

  it("[HD-DUAL] two Light melee weapons: attacks with either are quick actions; otherwise an attack is an action", () => {
    expect(hd.attackCost?.(dagger, [dagger, sickle])).toBe("quick");
    expect(hd.attackCost?.(dagger, [dagger, sword])).toBe("action");
    expect(hd.attackCost?.(dagger, [dagger])).toBe("action");
    expect(hd.attackCost?.(dagger, [dagger, { ...sickle, ranged: true }])).toBe("action");
  });

  it("[HD-REACT] [HD-DUAL] Parry is offered against a hit while dual wielding, not against a crit, not without a reaction", () => {
    expect(offers()).toEqual([{ key: "parry", label: "D20C.HD.Reaction.parry", cost: "reaction" }]);
    expect(offers([dagger, sword])).toEqual([]);
    expect(offers(undefined, { reactionUsed: true })).toEqual([]);
    expect(offers(undefined, { outcome: { ...hit, result: "crit", isCrit: true } })).toEqual([]);
    expect(offers(undefined, { outcome: { ...hit, result: "miss", isHit: false } })).toEqual([]);
  });

  it("[HD-REACT] Parry adds 2 to the defense against that attack: 15 against 14 becomes a miss; 16 still hits", () => {
    const parried = hd.resolveAttackReaction?.("parry", hit);
    expect(parried).toMatchObject({ defense: 16, result: "miss", isHit: false });
    expect(hd.resolveAttackReaction?.("parry", { ...hit, total: 16 })).toMatchObject({ defense: 16, result: "hit" });
  });

  it("[HD-REACT] a parried hit that becomes a miss carries the power's miss effect when it has one", () => {
    expect(hd.resolveAttackReaction?.("parry", hit, { hasMissEffect: true })).toMatchObject({
      result: "miss",
      missEffect: true,
    });
    expect(hd.resolveAttackReaction?.("parry", hit, { hasMissEffect: false })?.missEffect).toBe(false);
    // A parry that still hits keeps the hit (no miss effect).
    expect(hd.resolveAttackReaction?.("parry", { ...hit, total: 16 }, { hasMissEffect: true })?.missEffect).toBe(false);
  });
});

describe("Hundred Dungeons cover, water, mounts and conditions", () => {
  it("[HD-COVER] Dexterity rolls against effects from beyond cover: +5 partial, automatic success total", () => {
    const dex = hd.saveRequest(hdActor(), hd.deriveActor(hdActor(), {}), "dex", "normal", "a");
    expect(hd.saveRequestWithCover?.(dex, "partial").formula).toBe("1d20 + 1 + 5");
    const total = hd.saveRequestWithCover?.(dex, "total");
    expect(total?.data?.autoSucceed).toBe(true);
    expect(hd.resolveRoll(hdActor(), total as RollRequest, { total: 2, natural: 1 }, {}).events[0]?.key).toBe(
      "D20C.HD.Event.coverSucceeds",
    );
    const str = hd.saveRequest(hdActor(), hd.deriveActor(hdActor(), {}), "str", "normal", "a");
    expect(hd.saveRequestWithCover?.(str, "partial")).toEqual(str);
  });

  it("[HD-MOUNT] mounting needs a willing creature one size larger and costs half the movement", () => {
    const rider = combatant("r", { actor: hdActor({ speed: 60 }) });
    const horse = combatant("horse", { actor: hdActor({ size: "large" }) });
    const pony = combatant("pony", { actor: hdActor({ size: "medium" }) });
    const ok = run("mount", rider, { targets: [horse], choice: "willing" });
    expect(ok.addEffects?.[0]).toMatchObject({
      creatureId: null,
      effect: { statuses: ["mounted"], sourceCombatantId: "horse" },
    });
    expect(ok.events.find((e) => e.key === "D20C.HD.Procedure.mount.done")?.data?.feet).toBe(30);
    expect(plan("mount", rider, { targets: [pony], choice: "willing" }).refusal).toBe("D20C.HD.Reason.mountTooSmall");
    expect(plan("mount", rider, { targets: [horse], choice: "unwilling" }).refusal).toBe(
      "D20C.HD.Reason.mountUnwilling",
    );
    const mounted = combatant("r", {
      effects: [effect({ id: "m", statuses: ["mounted"], sourceCombatantId: "horse" })],
    });
    expect(run("dismount", mounted).removeEffects).toEqual([{ creatureId: null, effectId: "m" }]);
    // The ridden mount takes no turn of its own.
    expect(hd.actsThisRound(ctx([mounted, horse]), horse)).toBe(false);
  });

  it("[HD-WATER] underwater without a swim speed attacks are weak, except with a spear (or dagger, net, trident)", () => {
    const base = (weaponName: string, swimSpeed = false) => ({
      ...attackInputOf({
        dice: [10],
        attackBonus: 0,
        defense: { key: "def", value: 10 },
        attacker: { id: "a", effects: [], conditions: ["underwater"] },
        target: { id: "b", effects: [], conditions: [] },
      }),
      weaponName,
      attacker: {
        kind: "character" as const,
        usesEscalation: false,
        penalties: [],
        exhaustion: 0,
        conditions: ["underwater"],
        swimSpeed,
      },
    });
    expect(hd.attackMode(base("Longsword"))).toBe("weak");
    expect(hd.attackMode(base("Longsword", true))).toBe("normal");
    for (const w of ["Spear", "Dagger", "Net", "Trident"]) expect(hd.attackMode(base(w))).toBe("normal");
  });

  it("[HD-COND] a prone Large creature is not weak against ranged attacks; a prone Medium one is", () => {
    const input = (size: string) =>
      attackInputOf({
        dice: [10],
        attackBonus: 0,
        defense: { key: "def", value: 10 },
        range: "ranged",
        attacker: { id: "a", effects: [], conditions: [] },
        target: { id: "b", effects: [], conditions: ["prone"], size },
      });
    expect(hd.attackMode(input("medium"))).toBe("weak");
    expect(hd.attackMode(input("large"))).toBe("normal");
  });

  it("[HD-COND] charmed: no attacking the charmer; the charmer's Charisma is mighty against the charmed", () => {
    const charm = effect({ id: "ch", statuses: ["charmed"], sourceCombatantId: "vamp" });
    const charmed = combatant("c", { effects: [charm] });
    expect(hd.mayTarget?.(charmed, combatant("vamp"))).toEqual({ allowed: false, reason: "D20C.HD.Reason.charmed" });
    expect(hd.mayTarget?.(charmed, combatant("orc"))?.allowed).toBe(true);
    const cha = (ability: "cha" | "str") =>
      hd.attackMode(
        attackInputOf({
          dice: [10],
          attackBonus: 0,
          defense: { key: "def", value: 10 },
          attacker: { id: "vamp", effects: [], conditions: [] },
          target: { id: "c", effects: [charm], conditions: ["charmed"] },
          ability,
        }),
      );
    expect(cha("cha")).toBe("mighty");
    expect(cha("str")).toBe("normal");
  });

  it("[HD-COND] frightened weakens abilities only while the source is in sight (not while blinded)", () => {
    expect(abilityRollMode(["frightened"], 0, "cha").mode).toBe("weak");
    expect(abilityRollMode(["frightened", "blinded"], 0, "cha").mode).toBe("normal");
  });

  it("[HD-COND] exhaustion 6 from any source is death; 5 stuns", () => {
    const before = hdActor({ exhaustion: 5 });
    expect(hd.actorChanges?.(before, { ...before, exhaustion: 6 })).toEqual({ state: "dead", conditions: [] });
    expect(hd.actorChanges?.(before, { ...before, exhaustion: 5 })).toEqual({});
    expect(turnOf(hdActor({ exhaustion: 5 }))).toMatchObject({ cap: 0, canReact: false });
    expect(exhaustionEffects(5).conditions).toEqual(["slowed", "stunned"]);
  });
});

describe("Hundred Dungeons condition specs, remembered per list", () => {
  it("[HD-COND] a list is remembered by its ids and exhaustion: lists a joined string would confuse stay apart", () => {
    const ids = (specs: readonly { id: string }[]) => specs.map((s) => s.id);
    expect(ids(specsOf(["prone", "blinded"]))).toEqual(["prone", "blinded"]);
    expect(ids(specsOf(["prone,blinded"]))).toEqual([]);
    expect(ids(specsOf(["paralyzed"]))).toEqual(expect.arrayContaining(["paralyzed", "incapacitated"]));
    expect(ids(specsOf([], 5))).toEqual(["slowed", "stunned", "incapacitated"]);
    expect(ids(specsOf([], 0))).toEqual([]);
  });

  it("[HD-COND] the same list object asked again answers as its ids are now: changed in place, or at another exhaustion level", () => {
    const ids = (specs: readonly { id: string }[]) => specs.map((s) => s.id);
    const list = ["prone"];
    expect(ids(specsOf(list))).toEqual(["prone"]);
    expect(specsOf(list)).toBe(specsOf(list));
    list.push("blinded");
    expect(ids(specsOf(list))).toEqual(["prone", "blinded"]);
    list.splice(0, 2, "paralyzed");
    expect(ids(specsOf(list))).toEqual(expect.arrayContaining(["paralyzed", "incapacitated"]));
    expect(ids(specsOf(list))).not.toContain("prone");
    const none: string[] = [];
    expect(ids(specsOf(none, 5))).toEqual(["slowed", "stunned", "incapacitated"]);
    expect(ids(specsOf(none, 0))).toEqual([]);
  });

  it("[HD-COND] the remembered specs and exhaustion effects can't be changed by a reader", () => {
    expect(Object.isFrozen(specsOf(["prone"]))).toBe(true);
    expect(Object.isFrozen(exhaustionEffects(4))).toBe(true);
    expect(Object.isFrozen(exhaustionEffects(4).conditions)).toBe(true);
    expect(exhaustionEffects(Number.NaN)).toBe(exhaustionEffects(0));
  });
});

describe("Hundred Dungeons conditions as data", () => {
  it("[HD-COND] all twenty conditions of the text exist, each with a label key and icon", () => {
    expect(
      HD_CONDITIONS.filter((c) => !c.extra)
        .map((c) => c.id)
        .sort(),
    ).toEqual(
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
      dead: false,
    });
    expect(exhaustionEffects(2)).toMatchObject({ noReactions: true, noSkills: true, abilityRolls: "normal" });
    expect(exhaustionEffects(3).abilityRolls).toBe("weak");
    expect(exhaustionEffects(4).conditions).toEqual(["slowed"]);
    expect(exhaustionEffects(6).dead).toBe(true);
    expect(turnOf(hdActor({ exhaustion: 4 })).speed).toBe(20);
  });

  it("[HD-COND] ability rolls: poisoned fails Con and weakens the rest; paralyzed/stunned fail Str and Dex; restrained weakens Dex", () => {
    expect(abilityRollMode(["poisoned"], 0, "con").autoFail).toBe(true);
    expect(abilityRollMode(["poisoned"], 0, "wis").mode).toBe("weak");
    expect(abilityRollMode(["paralyzed"], 0, "str").autoFail).toBe(true);
    expect(abilityRollMode(["stunned"], 0, "dex").autoFail).toBe(true);
    expect(abilityRollMode(["stunned"], 0, "int").autoFail).toBe(false);
    expect(abilityRollMode(["restrained"], 0, "dex").mode).toBe("weak");
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

  it("[HD-COND] petrified is unaware and resists all; unconscious is paralyzed and prone", () => {
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
