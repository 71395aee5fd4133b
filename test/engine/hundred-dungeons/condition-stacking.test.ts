/**
 * Corner cases read from the Hundred Dungeons text, each against the Ruleset as the product calls
 * it: conditions that stack or cancel on one attack, what resistance and immunity do to damage,
 * the knock-out and unconscious rules, and when a grapple lets go.
 */
import { describe, expect, it } from "vitest";
import { stepsForTurn, turnTaken } from "../../../src/engine/turn-taken.js";
import { hundredDungeons as hd } from "../../../src/engine/rulesets/hundred-dungeons/index.js";
import type { ActorSource, AttackInput, EffectSource, TurnStep } from "../../../src/engine/types.js";
import { attack, combatant, ctx, effect, hdActor, packet, procedureInput } from "./fixtures.js";

/** A move's steps but the count of the movement spent this turn ([HD-ACTIONS], tested on its own). */
const withoutMoveCount = (steps: readonly TurnStep[]): TurnStep[] =>
  steps.filter((s) => !(s.kind === "addEffect" && s.effect.statuses.includes("movedThisTurn")));

const target = (conditions: string[], over: Partial<AttackInput["target"]> = {}): AttackInput["target"] => ({
  conditions,
  vulnerabilities: [],
  exhaustion: 0,
  ...over,
});
const attacker = (conditions: string[], exhaustion = 0): AttackInput["attacker"] => ({
  ...attack().attacker,
  conditions,
  exhaustion,
});
const dealt = (actor: Partial<ActorSource>, amount: number, types: string[]) =>
  hd.applyDamage(hdActor({ hp: { value: 30, max: 30, temp: 0 }, ...actor }), packet({ amount, types }), {}, "a");

describe("Hundred Dungeons: conditions on one attack", () => {
  it("[HD-COND] unconscious = paralyzed + prone: melee is mighty and hits outright, ranged nets to normal", () => {
    const melee = attack({ range: "melee", target: target(["unconscious"]) });
    expect(hd.attackMode(melee)).toBe("mighty");
    // Both dice low, total 2 + 3 against 13: the paralyzed melee rule still hits.
    const o = hd.resolveAttack({ ...melee, dice: [2, 2] });
    expect(o.result).toBe("hit");
    expect(o.autoHit).toBe(true);
    // Paralyzed makes attacks mighty, prone makes ranged attacks weak: one of each cancels.
    expect(hd.attackMode(attack({ range: "ranged", target: target(["unconscious"]) }))).toBe("normal");
  });

  it("[HD-CRIT] [HD-COND] a natural 1 still misses a paralyzed creature in melee", () => {
    const o = hd.resolveAttack(attack({ dice: [1, 1], range: "melee", target: target(["paralyzed"]) }));
    expect(o.result).toBe("autoMiss");
  });

  it("[HD-COND] prone: ranged attacks are weak against a Medium creature, not against a Large one", () => {
    expect(hd.attackMode(attack({ range: "ranged", target: target(["prone"]) }))).toBe("weak");
    expect(hd.attackMode(attack({ range: "ranged", target: target(["prone"], { size: "large" }) }))).toBe("normal");
    expect(hd.attackMode(attack({ range: "melee", target: target(["prone"], { size: "large" }) }))).toBe("mighty");
  });

  it("[HD-COND] blinded: creatures are invisible to you (your attacks weak, attacks on you mighty)", () => {
    expect(hd.attackMode(attack({ attacker: attacker(["blinded"]) }))).toBe("weak");
    expect(hd.attackMode(attack({ target: target(["blinded"]) }))).toBe("mighty");
    // Two invisible creatures: each attack is mighty for the attacker and weak against the target.
    expect(hd.attackMode(attack({ attacker: attacker(["invisible"]), target: target(["invisible"]) }))).toBe("normal");
  });

  it("[HD-COND] exhaustion 3 weakens the attack roll; exhaustion 5 stuns, so attacks against are mighty", () => {
    expect(hd.attackMode(attack({ attacker: attacker([], 3) }))).toBe("weak");
    expect(hd.attackMode(attack({ target: target([], { exhaustion: 5 }) }))).toBe("mighty");
  });

  it("[HD-QUICK] [HD-COND] Dodge is lost while incapacitated: a stunned dodger is attacked mighty", () => {
    expect(hd.attackMode(attack({ target: target(["dodging"]) }))).toBe("weak");
    expect(hd.attackMode(attack({ target: target(["dodging", "stunned"]) }))).toBe("mighty");
  });
});

describe("Hundred Dungeons: damage", () => {
  it("[HD-COND] [HD-RESIST] petrified: 11 fire is halved to 5, poison does nothing", () => {
    expect(dealt({ conditions: ["petrified"] }, 11, ["fire"]).dealt).toBe(5);
    expect(dealt({ conditions: ["petrified"] }, 11, ["poison"]).dealt).toBe(0);
  });

  it("[HD-WATER] [HD-RESIST] immersed creatures resist fire: 11 becomes 5, other damage is whole", () => {
    expect(dealt({ conditions: ["underwater"] }, 11, ["fire"]).dealt).toBe(5);
    expect(dealt({ conditions: ["underwater"] }, 11, ["slashing"]).dealt).toBe(11);
  });

  it("[HD-RESIST] resistance and vulnerability to one type: halve, then double (11 → 5 → 10)", () => {
    const r = dealt({ resistances: [{ type: "fire", value: 0 }], vulnerabilities: [{ type: "fire", value: 0 }] }, 11, [
      "fire",
    ]);
    expect(r.dealt).toBe(10);
    expect(dealt({ vulnerabilities: [{ type: "fire", value: 0 }] }, 11, ["fire"]).dealt).toBe(22);
  });

  it("[HD-ENEMYDEATH] an ordinary enemy dies at 0, unless the attacker knocks it out", () => {
    const npc = hdActor({ kind: "npc", hp: { value: 5, max: 30, temp: 0 } });
    expect(hd.applyDamage(npc, packet({ amount: 9 }), {}, "n").actor.state).toBe("dead");
    const ko = hd.applyDamage(npc, packet({ amount: 9, knockOut: true }), {}, "n").actor;
    expect(ko.state).toBe("unconscious");
    expect(ko.hp.value).toBe(0);
  });

  it("[HD-COND] [HD-DYING] a knocked-out PC starts dying when hit in melee, not when hit at range", () => {
    const out = hdActor({ hp: { value: 0, max: 30, temp: 0 }, state: "unconscious", conditions: ["unconscious"] });
    expect(hd.applyDamage(out, packet({ amount: 3, melee: true }), {}, "p").actor.state).toBe("dying");
    expect(hd.applyDamage(out, packet({ amount: 3, melee: false }), {}, "p").actor.state).toBe("unconscious");
  });

  it("[HD-COND] unconscious: a knocked-out creature fell prone, so healing wakes it up still prone", () => {
    const out = hd.applyDamage(hdActor(), packet({ amount: 10, knockOut: true }), {}, "p").actor;
    const woken = hd.applyHealing(out, 3, "heal", {}, "p");
    expect(woken.actor.state).toBe("active");
    expect(woken.actor.conditions).not.toContain("unconscious");
    expect(woken.actor.conditions).toContain("prone");
    expect(woken.events.map((e) => e.key)).toContain("D20C.HD.Event.wakesProne");
    // Stabbed into dying while out, then healed: up from 0, and still prone.
    const stabbed = hd.applyDamage(out, packet({ amount: 2, melee: true }), {}, "p").actor;
    expect(hd.applyHealing(stabbed, 3, "heal", {}, "p").actor.conditions).toContain("prone");
    // Dying here is only slowed, never unconscious: healed, the PC is up and not prone.
    const dying = hd.applyDamage(hdActor(), packet({ amount: 10 }), {}, "p").actor;
    expect(dying.state).toBe("dying");
    expect(hd.applyHealing(dying, 3, "heal", {}, "p").actor.conditions).not.toContain("prone");
  });

  it("[HD-COND] unconscious: a save that ends an effect of unconsciousness (a sleep power) leaves the creature prone", () => {
    const sleep = effect({ id: "sleep", name: "Sleep", statuses: ["unconscious"], save: "normal" });
    const sleeper = combatant("s", { effects: [sleep], actor: hdActor({ conditions: ["unconscious"] }) });
    const turn = ctx([sleeper]);
    const save = hd.onTurnEnd(turn).find((s) => s.kind === "roll" && s.request.effectId === "sleep");
    if (save?.kind !== "roll") throw new Error("no save against the sleep");
    const passed = hd.resolveTurnRoll(turn, save.request, { total: 12, natural: 12 });
    expect(passed.followUps).toContainEqual(expect.objectContaining({ kind: "removeEffect", effectId: "sleep" }));
    expect(passed.actor.conditions).toContain("prone");
    expect(passed.events.map((e) => e.key)).toContain("D20C.HD.Event.wakesProne");
    // A failed save changes nothing; a save against an effect that did not knock it out adds no prone.
    expect(hd.resolveTurnRoll(turn, save.request, { total: 11, natural: 11 }).actor.conditions).not.toContain("prone");
    const slowed = combatant("s", { effects: [effect({ id: "slow", statuses: ["slowed"] })] });
    const slowTurn = ctx([slowed]);
    const slowSave = hd.onTurnEnd(slowTurn).find((s) => s.kind === "roll");
    if (slowSave?.kind !== "roll") throw new Error("no save against the slow");
    expect(hd.resolveTurnRoll(slowTurn, slowSave.request, { total: 20, natural: 20 }).actor.conditions).not.toContain(
      "prone",
    );
    // Already prone (shoved before it slept): nothing to add.
    const lying = combatant("s", { effects: [sleep], actor: hdActor({ conditions: ["unconscious", "prone"] }) });
    const lyingTurn = ctx([lying]);
    const again = hd.resolveTurnRoll(lyingTurn, save.request, { total: 15, natural: 15 });
    expect(again.actor.conditions.filter((c) => c === "prone")).toHaveLength(1);
    expect(again.events.map((e) => e.key)).not.toContain("D20C.HD.Event.wakesProne");
  });

  it("[HD-COND] unconscious: a knock-out effect whose time is up (its creator's turn) leaves the sleeper prone, first in the plan", () => {
    const sleeper = (duration: EffectSource["duration"], conditions = ["unconscious"]) =>
      combatant("s", {
        actor: hdActor({ conditions }),
        effects: [effect({ id: "ko", statuses: ["unconscious"], duration, armed: true, sourceCombatantId: "c" })],
      });
    const caster = combatant("c", { side: "gm" });
    const end = hd.onTurnEnd(ctx([caster, sleeper("endOfNextTurn")], { combatantId: "c" }));
    expect(end.slice(0, 2)).toEqual([
      {
        kind: "updateActor",
        actorId: "actor-s",
        changes: { conditions: ["unconscious", "prone"] },
        label: "D20C.HD.Event.wakesProne",
        timing: true,
      },
      expect.objectContaining({ kind: "removeEffect", actorId: "actor-s", effectId: "ko" }),
    ]);
    const start = hd.onTurnStart(ctx([caster, sleeper("startOfNextTurn")], { combatantId: "c" }));
    expect(start[0]).toMatchObject({ kind: "updateActor", changes: { conditions: ["unconscious", "prone"] } });
    // Already prone: nothing to add; an effect that did not knock it out adds no prone.
    const lying = hd.onTurnEnd(ctx([caster, sleeper("endOfNextTurn", ["unconscious", "prone"])], { combatantId: "c" }));
    expect(lying.filter((s) => s.kind === "updateActor")).toEqual([]);
    const slowed = combatant("s", {
      effects: [
        effect({ id: "slow", statuses: ["slowed"], duration: "endOfNextTurn", armed: true, sourceCombatantId: "c" }),
      ],
    });
    expect(hd.onTurnEnd(ctx([caster, slowed], { combatantId: "c" })).filter((s) => s.kind === "updateActor")).toEqual(
      [],
    );
  });

  it("[HD-COND] unconscious: a knock-out that lasts the encounter ends with the battle, and its bearer stays prone", () => {
    const ko = effect({ id: "ko", statuses: ["unconscious"], duration: "endOfEncounter" });
    const out = combatant("s", { actor: hdActor({ conditions: ["unconscious", "surprised"] }), effects: [ko] });
    const steps = hd.onCombatEnd(ctx([out]), false);
    expect(steps[0]).toMatchObject({
      kind: "updateActor",
      changes: { conditions: ["unconscious", "surprised", "prone"] },
    });
    expect(steps).toContainEqual(expect.objectContaining({ kind: "removeEffect", effectId: "ko" }));
    // Clearing surprise afterwards keeps the prone it was left with.
    expect(steps.at(-1)).toMatchObject({ kind: "updateActor", changes: { conditions: ["unconscious", "prone"] } });
  });

  it("[HD-COND] unconscious: the prone a timed-out knock-out leaves is effect timing, so it runs on its creator's turn walked past", () => {
    const sleeper = combatant("s", {
      actor: hdActor({ conditions: ["unconscious"] }),
      effects: [effect({ id: "ko", statuses: ["unconscious"], duration: "startOfNextTurn", sourceCombatantId: "c" })],
    });
    const caster = combatant("c", {
      side: "gm",
      effects: [effect({ id: "burn", ongoing: { amount: 3, type: "fire" }, duration: "saveEnds" })],
    });
    const planned = hd.onTurnStart(ctx([caster, sleeper], { combatantId: "c" }));
    const ran = stepsForTurn("turnStart", planned, turnTaken({ walkedPast: true, acts: true }), caster);
    // The knock-out ends and leaves its bearer prone; the caster's own ongoing damage is not dealt.
    expect(ran.map((st) => st.kind)).toEqual(["updateActor", "removeEffect"]);
    expect(ran[0]).toMatchObject({ actorId: "actor-s", changes: { conditions: ["unconscious", "prone"] } });
  });

  it("[HD-HP] [HD-DYING] a PC dropped to 0 is dying; HP never go below 0", () => {
    const r = dealt({ hp: { value: 5, max: 30, temp: 0 } }, 9, ["slashing"]);
    expect(r.actor.state).toBe("dying");
    expect(r.actor.hp.value).toBe(0);
  });
});

describe("Hundred Dungeons: grapples", () => {
  const hold = effect({
    id: "grip",
    name: "Grappled",
    sourceCombatantId: "g",
    duration: "endOfEncounter",
    statuses: ["grappled"],
  });
  const removed = (grappler: Partial<ActorSource>) => {
    const held = combatant("h", { effects: [hold] });
    const g = combatant("g", { side: "gm", actor: hdActor(grappler) });
    return hd
      .onTurnStart(ctx([held, g], { combatantId: "h" }))
      .filter((s) => s.kind === "removeEffect" && s.effectId === "grip");
  };

  it("[HD-COND] grappled: the grapple ends when the grappler is incapacitated or dead", () => {
    expect(removed({ conditions: ["stunned"] })).toHaveLength(1);
    expect(removed({ conditions: ["unconscious"] })).toHaveLength(1);
    expect(removed({ exhaustion: 5 })).toHaveLength(1);
    expect(removed({ state: "dead" })).toHaveLength(1);
  });

  it("[HD-COND] grappled: a grappler that can still act keeps its hold (prone, slowed, dying)", () => {
    expect(removed({})).toHaveLength(0);
    expect(removed({ conditions: ["prone", "slowed"] })).toHaveLength(0);
    expect(removed({ state: "dying", conditions: ["dying"] })).toHaveLength(0);
  });

  /** The held creature's move that left the reach of `left`: the steps ending its grapple. */
  const movedAway = (left: string[], feet = 10, grips = [hold]) =>
    (
      hd.afterAct?.({
        act: "move",
        feet,
        round: 2,
        actor: combatant("h", { effects: grips }),
        within: left.map((id) => combatant(id, { side: "gm" })),
      }).steps ?? []
    ).filter((s) => s.kind === "removeEffect");

  it("[HD-COND] grappled: moved out of the grappler's reach (pushed, teleported), the grapple ends", () => {
    expect(movedAway(["g"])).toEqual([
      { kind: "removeEffect", actorId: "actor-h", effectId: "grip", label: "D20C.HD.Event.grappleOutOfReach" },
    ]);
    // However short the move (a 5-foot shove), leaving the reach ends it.
    expect(movedAway(["g"], 5)).toHaveLength(1);
  });

  it("[HD-COND] grappled: a move that leaves someone else's reach, or none, keeps the grip; only the grip of the grappler left ends", () => {
    expect(movedAway([])).toEqual([]);
    expect(movedAway(["orc"])).toEqual([]);
    const other = effect({ ...hold, id: "grip2", sourceCombatantId: "orc" });
    expect(movedAway(["orc"], 10, [hold, other]).map((s) => s.kind === "removeEffect" && s.effectId)).toEqual([
      "grip2",
    ]);
  });

  /** The grappler "g" moved; `behind` are those its reach no longer holds where it stands. */
  const grapplerMoved = (behind: ReturnType<typeof combatant>[]) =>
    withoutMoveCount(
      hd.afterAct?.({
        act: "move",
        feet: 30,
        round: 2,
        actor: combatant("g", { side: "gm" }),
        within: [],
        released: behind,
      }).steps ?? [],
    );

  it("[HD-COND] grappled: a grappler that walks off leaving the grappled creature out of its reach lets go", () => {
    const held = combatant("h", { effects: [hold] });
    expect(grapplerMoved([held])).toEqual([
      { kind: "removeEffect", actorId: "actor-h", effectId: "grip", label: "D20C.HD.Event.grappleLeftBehind" },
    ]);
    // Dragged along (still in its reach: not released), or left behind by another's grip, it holds.
    expect(grapplerMoved([])).toEqual([]);
    const otherGrip = combatant("h", { effects: [effect({ ...hold, sourceCombatantId: "orc" })] });
    expect(grapplerMoved([otherGrip])).toEqual([]);
  });

  it("[HD-COND] grappled: the grapple ends as soon as its grappler is incapacitated (stunned, unconscious, exhaustion 5) or dead, not at the next turn start", () => {
    const held = combatant("h", { effects: [hold] });
    const grappler = (over: Partial<ActorSource>) => combatant("g", { side: "gm", actor: hdActor(over) });
    const ends = [{ kind: "removeEffect", actorId: "actor-h", effectId: "grip", label: "D20C.HD.Event.grappleEnds" }];
    for (const over of [
      { conditions: ["stunned"] },
      { conditions: ["unconscious"] },
      { exhaustion: 5 },
      { state: "dead" as const },
    ])
      expect(hd.releasedBy?.(grappler(over), [held]), JSON.stringify(over)).toEqual(ends);
    // Slowed, prone or frightened it still holds; another's grip is not its to let go.
    for (const conditions of [["slowed"], ["prone"], ["frightened"]])
      expect(hd.releasedBy?.(grappler({ conditions }), [held])).toEqual([]);
    const another = combatant("h", { effects: [effect({ ...hold, sourceCombatantId: "orc" })] });
    expect(hd.releasedBy?.(grappler({ conditions: ["stunned"] }), [another])).toEqual([]);
  });

  /** The grappler "g" moved `feet`, the held creature among the others (and, in `behind`, left behind). */
  const dragged = (feet: number, behind: ReturnType<typeof combatant>[] = []) =>
    withoutMoveCount(
      hd.afterAct?.({
        act: "move",
        feet,
        round: 2,
        actor: combatant("g", { side: "gm", actor: hdActor({ speed: 30 }) }),
        within: [],
        others: [combatant("h", { effects: [hold] })],
        released: behind,
      }).steps ?? [],
    );

  it("[HD-COND] grappled: a grappler dragging the held creature is slowed while moving: a move of more than 20 ft with the grip holding warns", () => {
    expect(dragged(25)).toEqual([
      {
        kind: "notice",
        event: { key: "D20C.HD.Event.draggingSlowed", data: { name: "g", other: "h", feet: 20 }, actorId: "actor-g" },
      },
    ]);
    expect(dragged(20)).toEqual([]);
    // Walked off without it: the grip ends instead, and there is no one to drag.
    expect(dragged(25, [combatant("h", { effects: [hold] })]).map((st) => st.kind)).toEqual(["removeEffect"]);
  });

  /** "h", frightened of "g" (the effect's creator), moved; `nearer` are those the move brought it closer to. */
  const frightenedMove = (nearer: string[], extra: EffectSource[] = [], conditions: string[] = []) =>
    withoutMoveCount(
      hd.afterAct?.({
        act: "move",
        feet: 10,
        round: 2,
        actor: combatant("h", {
          actor: hdActor({ conditions }),
          effects: [effect({ id: "fear", statuses: ["frightened"], sourceCombatantId: "g" }), ...extra],
        }),
        within: [],
        others: [combatant("g", { side: "gm" }), combatant("orc", { side: "gm" })],
        nearer,
      }).steps ?? [],
    );

  it("[HD-COND] frightened: a move closer to the source of its fear warns (it can't willingly move closer); away, or closer to another, does not", () => {
    expect(frightenedMove(["g"])).toEqual([
      {
        kind: "notice",
        event: { key: "D20C.HD.Event.frightenedCloser", data: { name: "h", other: "g", feet: 0 }, actorId: "actor-h" },
      },
    ]);
    expect(frightenedMove([])).toEqual([]);
    expect(frightenedMove(["orc"])).toEqual([]);
  });

  it("[HD-COND] frightened: moved closer unwillingly (pushed by a shove, dragged while grappled) it gets no warning", () => {
    const pushed = effect({ id: "push", statuses: ["pushed"], duration: "startOfNextTurn", sourceCombatantId: "g" });
    expect(frightenedMove(["g"], [pushed]).map((st) => st.kind)).toEqual(["removeEffect"]);
    expect(frightenedMove(["g"], [], ["grappled"])).toEqual([]);
  });

  it("[HD-PROVOKE] a forced move (a shove's Pushed marker) provokes nothing and spends the marker; a grapple it breaks still ends", () => {
    const pushed = effect({ id: "push", statuses: ["pushed"], duration: "startOfNextTurn", sourceCombatantId: "g" });
    const out = hd.afterAct?.({
      act: "move",
      feet: 5,
      round: 2,
      actor: combatant("h", { effects: [pushed, hold] }),
      within: [combatant("g", { side: "gm" }), combatant("orc", { side: "gm" })],
    });
    expect(out?.provocations).toEqual([]);
    expect(out?.steps.map((st) => st.kind === "removeEffect" && st.effectId).sort()).toEqual(["grip", "push"]);
    // Without the marker the same move provokes both.
    const free = hd.afterAct?.({
      act: "move",
      feet: 5,
      round: 2,
      actor: combatant("h", { effects: [hold] }),
      within: [combatant("g", { side: "gm" }), combatant("orc", { side: "gm" })],
    });
    expect(free?.provocations.map((p) => p.reactorId)).toEqual(["g", "orc"]);
  });

  it("[HD-PROVOKE] [HD-COND] a creature whose speed is 0 cannot attempt to move: its token moved (dragged while grappled, a paralyzed body carried) provokes nothing", () => {
    const moved = (conditions: string[]) =>
      hd.afterAct?.({
        act: "move",
        feet: 5,
        round: 2,
        actor: combatant("h", { actor: hdActor({ conditions }) }),
        within: [combatant("orc", { side: "gm" })],
      }).provocations ?? [];
    for (const held of [["grappled"], ["restrained", "grappled"], ["paralyzed", "incapacitated"], ["stunned"]])
      expect(moved(held), held.join()).toEqual([]);
    // Slowed or prone, it still moves itself and provokes.
    expect(moved(["slowed"]).map((p) => p.reactorId)).toEqual(["orc"]);
    expect(moved(["prone"]).map((p) => p.reactorId)).toEqual(["orc"]);
  });

  it("[HD-COND] grappled: an attack or a spell made in the grappler's reach does not end the grapple", () => {
    for (const act of ["attack", "rangedAttack", "castSpell"] as const) {
      const steps = hd.afterAct?.({
        act,
        feet: 0,
        round: 2,
        actor: combatant("h", { effects: [hold] }),
        within: [combatant("g", { side: "gm" })],
      }).steps;
      expect(steps, act).toEqual([]);
    }
  });
});

describe("Hundred Dungeons: standing up", () => {
  const stand = (actor: ActorSource, effects = [] as ReturnType<typeof effect>[]) => {
    const own = effects.map((e) => ({ ...e, holderId: "me", holderName: "Me" }));
    const input = procedureInput(actor, { effects: own });
    const planned = hd.planProcedure?.("standUp", input);
    return { planned, outcome: hd.resolveProcedure?.("standUp", input, []) };
  };

  it("[HD-COND] prone: standing up ends the condition and costs half the movement (60 ft → 30 ft)", () => {
    const { outcome } = stand(hdActor({ speed: 60, conditions: ["prone"] }));
    expect(outcome?.actor?.conditions).not.toContain("prone");
    expect(outcome?.events.find((e) => e.key === "D20C.HD.Procedure.standUp.done")?.data?.feet).toBe(30);
    expect(outcome?.spend).toBe("free");
    // A prone effect (a shove's) is removed with it.
    const shoved = effect({ id: "down", statuses: ["prone"] });
    expect(stand(hdActor({ conditions: ["prone"] }), [shoved]).outcome?.removeEffects).toEqual([
      { creatureId: null, effectId: "down" },
    ]);
  });

  it("[HD-COND] standing up is refused to a creature that is not prone", () => {
    expect(stand(hdActor()).planned?.refusal).toBe("D20C.HD.Reason.notProne");
  });
});
