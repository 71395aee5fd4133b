import { describe, expect, it } from "vitest";
import type { ActorSource, CombatantSource, RollRequest, TurnStep } from "../../../src/engine/types.js";
import { fleeOutcome } from "../../../src/engine/plans/combat-cycle.js";
import { combatant, ctx, effect, npc, pc, rs } from "./helpers.js";

function rolls(steps: TurnStep[]): RollRequest[] {
  return steps.flatMap((s) => (s.kind === "roll" ? [s.request] : []));
}

/** Carry out a plan's damage and actor steps on one actor (what the adapter does). */
function run(actor: ActorSource, steps: TurnStep[]): ActorSource {
  let a = actor;
  for (const s of steps) {
    if (s.kind === "damage") a = rs.applyDamage(a, s.packet, {}, s.actorId).actor;
    if (s.kind === "updateActor") a = { ...a, ...s.changes };
  }
  return a;
}

describe("13th Age turn cycle", () => {
  it("[13A-ONGOING] at the end of the bearer's turn: ongoing damage, then a normal save per effect", () => {
    const burn = effect({ id: "burn", ongoing: { amount: 5, type: "fire" } });
    const acid = effect({ id: "acid", ongoing: { amount: 3, type: "acid" } });
    // Any amount of ongoing damage lands, down to a single untyped point.
    const sting = effect({ id: "sting", ongoing: { amount: 1, type: "untyped" } });
    const orc = combatant("orc", npc(), { effects: [burn, acid, sting] });
    const steps = rs.onTurnEnd(ctx([orc], "orc"));
    expect(steps.map((s) => s.kind)).toEqual(["damage", "damage", "damage", "roll", "roll", "roll"]);
    const dmg = steps.filter((s) => s.kind === "damage");
    expect(
      dmg.map((s) =>
        s.kind === "damage" ? [s.packet.amount, s.packet.types, s.packet.ongoing, s.packet.natural] : null,
      ),
    ).toEqual([
      [5, ["fire"], true, null],
      [3, ["acid"], true, null],
      [1, [], true, null],
    ]);
    expect(rolls(steps).map((r) => [r.effectId, r.target, r.kind])).toEqual([
      ["burn", 11, "save"],
      ["acid", 11, "save"],
      ["sting", 11, "save"],
    ]);
    // Nothing happens at the start of the turn.
    expect(rs.onTurnStart(ctx([orc], "orc"))).toEqual([]);
  });

  it("[13A-ONGOING] a passed save ends that ongoing effect; a failed one leaves it", () => {
    const burn = effect({ id: "burn", ongoing: { amount: 5, type: "fire" } });
    const orc = combatant("orc", npc(), { effects: [burn] });
    const c = ctx([orc], "orc");
    const req = rolls(rs.onTurnEnd(c))[0]!;
    const pass = rs.resolveTurnRoll(c, req, { total: 11, natural: 11 });
    expect(pass.followUps).toEqual([
      { kind: "removeEffect", actorId: "actor-orc", effectId: "burn", label: "D20C.Age13.Step.saved" },
    ]);
    expect(rs.resolveTurnRoll(c, req, { total: 10, natural: 10 }).followUps).toEqual([]);
  });

  it("[13A-SAVE] save-ends effects use their difficulty (easy 6+, hard 16+) at the end of the bearer's turn", () => {
    const dazed = effect({ id: "dazed", save: "easy", statuses: ["dazed"] });
    const stuck = effect({ id: "stuck", save: "hard", statuses: ["stuck"] });
    const hero = combatant("hero", pc(), { effects: [dazed, stuck] });
    expect(rolls(rs.onTurnEnd(ctx([hero], "hero"))).map((r) => [r.effectId, r.target, r.formula])).toEqual([
      ["dazed", 6, "1d20"],
      ["stuck", 16, "1d20"],
    ]);
    const c = ctx([hero], "hero");
    const hard = rolls(rs.onTurnEnd(c))[1]!;
    expect(rs.resolveTurnRoll(c, hard, { total: 15, natural: 15 }).followUps).toEqual([]);
    expect(rs.resolveTurnRoll(c, hard, { total: 16, natural: 16 }).followUps).toHaveLength(1);
  });

  it("[13A-LASTTURN] ongoing damage to 0: it takes one more turn, and drops at the end of it", () => {
    const burn = effect({ id: "burn", ongoing: { amount: 5, type: "fire" } });
    let orc = combatant("orc", npc({ hp: { value: 4, max: 20, temp: 0 } }), { effects: [burn] });
    // End of turn 1: the ongoing damage takes it to 0, but it stays up.
    const a1 = run(orc.actor, rs.onTurnEnd(ctx([orc], "orc")));
    expect(a1).toMatchObject({ state: "active", lastTurn: true, hp: { value: 0 } });
    // End of turn 2 (its last): it drops before any new ongoing damage.
    orc = { ...orc, actor: a1 };
    const steps = rs.onTurnEnd(ctx([orc], "orc"));
    expect(steps[0]).toMatchObject({ kind: "updateActor", changes: { lastTurn: false, state: "dead" } });
    expect(steps.some((s) => s.kind === "damage")).toBe(false);
    expect(run(a1, steps).state).toBe("dead");
  });

  it("[13A-LASTTURN] healed above 0 during the last turn: it doesn't drop", () => {
    const hero = combatant("hero", pc({ hp: { value: -2, max: 30, temp: 0 }, lastTurn: true }));
    const healed = rs.applyHealing(hero.actor, 6, "heal", {}, "actor-hero").actor;
    expect(healed).toMatchObject({ hp: { value: 6 }, lastTurn: false, state: "active" });
    const steps = rs.onTurnEnd(ctx([{ ...hero, actor: healed }], "hero"));
    expect(steps).toEqual([]);
    // Not healed: a PC at −2 drops dying.
    const s2 = rs.onTurnEnd(ctx([hero], "hero"));
    expect(s2[0]).toMatchObject({ kind: "updateActor", changes: { lastTurn: false, state: "dying" } });
  });

  it("[13A-DEATHSAVE] death saves come at the start of the dying PC's turn by default, at the end by option", () => {
    const hero = combatant("hero", pc({ hp: { value: -4, max: 30, temp: 0 }, state: "dying" }));
    const start = rolls(rs.onTurnStart(ctx([hero], "hero")));
    expect(start.map((r) => [r.kind, r.target])).toEqual([["deathSave", 16]]);
    expect(rolls(rs.onTurnEnd(ctx([hero], "hero")))).toEqual([]);
    const opt = { deathSaveTiming: "end" };
    expect(rolls(rs.onTurnStart(ctx([hero], "hero", opt)))).toEqual([]);
    expect(rolls(rs.onTurnEnd(ctx([hero], "hero", opt))).map((r) => r.kind)).toEqual(["deathSave"]);
    // An unconscious PC at exactly 0 makes none.
    const ko = combatant("ko", pc({ hp: { value: 0, max: 30, temp: 0 }, state: "unconscious" }));
    expect(rolls(rs.onTurnStart(ctx([ko], "ko")))).toEqual([]);
  });

  it("[13A-DEATHSAVE] a death save from the turn plan returns the recovery request on success", () => {
    const hero = combatant("hero", pc({ hp: { value: -4, max: 30, temp: 0 }, state: "dying" }));
    const c = ctx([hero], "hero");
    const req = rolls(rs.onTurnStart(c))[0]!;
    const r = rs.resolveTurnRoll(c, req, { total: 20, natural: 20 });
    expect(r.requests.map((x) => x.kind)).toEqual(["recovery"]);
    expect(r.events.map((e) => e.key)).toContain("D20C.Age13.Event.deathSaveNatural20");
  });

  it("[13A-DEATH] death-save failures count per battle: reset when a battle starts and ends", () => {
    const hero = combatant("hero", pc({ deathSaves: { successes: 1, failures: 3 } }));
    const start = rs.onCombatStart(ctx([hero], null));
    expect(start[0]).toMatchObject({ kind: "updateActor", changes: { deathSaves: { successes: 0, failures: 0 } } });
    const end = rs.onCombatEnd(ctx([hero], null), false);
    expect(end[0]).toMatchObject({ kind: "updateActor", changes: { deathSaves: { successes: 0, failures: 0 } } });
  });

  it("effects timed by the creator's turn: armed at its start, removed at its end", () => {
    const mark = effect({ id: "mark", duration: "endOfNextTurn", sourceCombatantId: "hero" });
    const brief = effect({ id: "brief", duration: "startOfNextTurn", sourceCombatantId: "hero" });
    const orc = combatant("orc", npc(), { effects: [mark, brief] });
    const hero = combatant("hero", pc());
    const start = rs.onTurnStart(ctx([hero, orc], "hero"));
    expect(start).toContainEqual({
      kind: "updateEffect",
      actorId: "actor-orc",
      effectId: "mark",
      changes: { armed: true },
    });
    expect(start).toContainEqual(expect.objectContaining({ kind: "removeEffect", effectId: "brief" }));
    // Not armed yet (same turn it was made): stays.
    expect(rs.onTurnEnd(ctx([hero, orc], "hero")).some((s) => s.kind === "removeEffect")).toBe(false);
    const armed = { ...orc, effects: [{ ...mark, armed: true }] };
    expect(rs.onTurnEnd(ctx([hero, armed], "hero"))).toContainEqual(
      expect.objectContaining({ kind: "removeEffect", effectId: "mark" }),
    );
  });

  it("[13A-ESC] each round start announces the escalation die value", () => {
    const v = (round: number) => {
      const s = rs.onRoundStart(ctx([], null, {}, round))[0];
      return s?.kind === "notice" ? s.event.data?.["value"] : undefined;
    };
    expect([1, 2, 4, 9].map(v)).toEqual([0, 1, 3, 6]);
  });

  it("[13A-TEMPHP] [13A-RALLY] [13A-HEALUP] battle end: temp HP vanish, rallies reset, battles counted (tough = 2)", () => {
    const hero = combatant(
      "hero",
      pc({
        hp: { value: 20, max: 30, temp: 7 },
        recoveries: {
          value: 5,
          max: 8,
          formula: "1d8",
          noRecoveryUses: 0,
          ralliesThisBattle: 2,
          battlesSinceHealUp: 1,
        },
      }),
    );
    const normal = rs.onCombatEnd(ctx([hero], null), false);
    expect(normal[0]).toMatchObject({
      kind: "updateActor",
      changes: { hp: { value: 20, max: 30, temp: 0 }, recoveries: { ralliesThisBattle: 0, battlesSinceHealUp: 2 } },
    });
    expect(normal.some((s) => s.kind === "notice")).toBe(false);
    const tough = rs.onCombatEnd(
      ctx(
        [{ ...hero, actor: { ...hero.actor, recoveries: { ...hero.actor.recoveries, battlesSinceHealUp: 2 } } }],
        null,
      ),
      true,
    );
    expect(tough[0]).toMatchObject({ changes: { recoveries: { battlesSinceHealUp: 4 } } });
    expect(tough[1]).toMatchObject({ kind: "notice", event: { key: "D20C.Age13.Event.healUpDue" } });
  });

  it("[13A-INIT] rolled once (no re-roll), d20 + level + Dex mod for PCs, d20 + initiative for NPCs", () => {
    expect(rs.initiative).toEqual({ mode: "once", roll: "individual", surprise: "none", simultaneousTies: false });
    const hero = pc({
      level: 3,
      abilities: { str: 10, dex: 14, con: 10, int: 10, wis: 10, cha: 10 },
      initiativeBonus: 1,
    });
    expect(rs.initiativeFormula(hero, rs.deriveActor(hero, {}))).toBe("1d20 + 6");
    const orc = npc({
      level: 5,
      initiativeBonus: -1,
      abilities: { str: 10, dex: 18, con: 10, int: 10, wis: 10, cha: 10 },
    });
    expect(rs.initiativeFormula(orc, rs.deriveActor(orc, {}))).toBe("1d20 - 1");
    const all = [combatant("a", pc()), combatant("b", npc())];
    for (const hook of [rs.onRoundStart, rs.onTurnStart, rs.onTurnEnd, rs.onRoundEnd]) {
      expect(hook(ctx(all, "a", {}, 3)).some((s) => s.kind === "rerollInitiative")).toBe(false);
    }
  });

  it("[13A-INIT] order: highest first, ties to the player side then the higher modifier, unrolled last", () => {
    const list: CombatantSource[] = [
      combatant("goblin", npc({ initiativeBonus: 9 }), { initiative: 15 }),
      combatant("none", pc(), { initiative: null }),
      combatant("hero", pc(), { initiative: 15 }),
      combatant("ogre", npc(), { initiative: 18 }),
      combatant("kobold", npc({ initiativeBonus: 2 }), { initiative: 15 }),
    ];
    expect(rs.order(ctx(list, null)).map((s) => s.combatantIds)).toEqual([
      ["ogre"],
      ["hero"],
      ["goblin"],
      ["kobold"],
      ["none"],
    ]);
  });

  it("[13A-FLEE] the party may flee while one PC is conscious; survivors recorded with a campaign loss", () => {
    const up = combatant("up", pc());
    const down = combatant("down", pc({ hp: { value: -3, max: 30, temp: 0 }, state: "dying" }));
    const dead = combatant("dead", pc({ state: "dead" }));
    const orc = combatant("orc", npc());
    expect(rs.canFlee([up, down, dead, orc])).toBe(true);
    expect(rs.canFlee([down, dead, orc])).toBe(false);
    // A PC on its last turn is still conscious.
    expect(rs.canFlee([combatant("last", pc({ hp: { value: -1, max: 30, temp: 0 }, lastTurn: true }))])).toBe(true);
    // What the tracker's flee control records as the campaign loss: the player side's living.
    expect(fleeOutcome(rs, [up, down, dead, orc])).toEqual({ allowed: true, survivors: ["up", "down"] });
    expect(fleeOutcome(rs, [down, orc])).toEqual({ allowed: false, survivors: [] });
  });

  it("the dead take no turns; the dying still do (death saves)", () => {
    expect(rs.actsThisRound(ctx([], null), combatant("d", pc({ state: "dead" })))).toBe(false);
    expect(
      rs.actsThisRound(ctx([], null), combatant("y", pc({ state: "dying", hp: { value: -1, max: 30, temp: 0 } }))),
    ).toBe(true);
  });

  it("effects stack as separate entries (each saved on its own)", () => {
    const a = effect({ id: "a", ongoing: { amount: 5, type: "fire" } });
    const b = effect({ id: "b", ongoing: { amount: 3, type: "fire" } });
    const list = rs.addEffect(rs.addEffect([], a), b);
    expect(list.map((e) => e.id)).toEqual(["a", "b"]);
  });
});
