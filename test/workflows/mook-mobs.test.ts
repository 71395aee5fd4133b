/**
 * [13A-MOOKS] A mob of mooks shares its damage: the pure rule (who the overflow reaches, in what
 * order, how much each takes) and in play, on the real D20Combat on the Combat stand-in: a card's
 * Apply (the real decision, recorded dice) drops a mook, and what it dealt beyond the mook's HP
 * carries over to the mob's mooks the attack reaches on the scene, each a line of an event summary
 * with the GM's Undo (the real handler).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { mobCarrySteps, mobOverflow, type MobMember } from "../../src/engine/mobs.js";
import { decideApplication } from "../../src/engine/plans/apply.js";
import type { ActorSource } from "../../src/engine/types.js";
import { readTurnSummary } from "../../src/workflows/turn-summary-data.js";
import { StandInActor, standInGlobals } from "../stand-ins/foundry-combat.js";
import { useStandInCombat } from "../support/stand-in-combat.js";
import { pressTurnLineUndo } from "../stand-ins/turn-line-html.js";
import { attackFromRecordedDice, recordedRoller } from "../support/recorded-dice.js";
import { defaultOptions, npc, power, request, target } from "./attack-fixtures.js";

import type * as TurnChatNs from "../../src/workflows/turn-chat.js";
import type * as MobsNs from "../../src/workflows/mobs.js";

const A13 = getRuleset("13th-age");
const mook = (hp: number, mob = "sewer pack"): ActorSource =>
  npc(A13, 1, { hp: { value: hp, max: 7, temp: 0 }, monsterRole: "mook", mob });
const member = (
  actorId: string,
  actor: ActorSource,
  fromAttacker: number | null,
  fromStruck: number | null,
): MobMember => ({ actorId, actor, fromAttacker, fromStruck });

describe("[13A-MOOKS] the mob's shared damage (pure)", () => {
  it("[13A-MOOKS] what a press dealt beyond the dropped mook's HP is the overflow; none when it stands, or is in no mob", () => {
    const dropped = { ...mook(7), hp: { value: 0, max: 7, temp: 0 } };
    expect(mobOverflow(dropped, { dealt: 18, absorbedByTemp: 0, hpLost: 7 })).toBe(11);
    expect(mobOverflow(dropped, { dealt: 18, absorbedByTemp: 2, hpLost: 7 })).toBe(9);
    expect(mobOverflow(mook(3), { dealt: 4, absorbedByTemp: 0, hpLost: 4 })).toBe(0);
    expect(mobOverflow({ ...dropped, mob: "" }, { dealt: 18, absorbedByTemp: 0, hpLost: 7 })).toBe(0);
  });

  it("[13A-MOOKS] a melee overflow reaches only the mob's mooks engaged with the attacker, nearest the struck one first; the last takes the rest", () => {
    const { steps, unspent } = mobCarrySteps({
      struck: { actorId: "m1", actor: mook(0) },
      overflow: 11,
      melee: true,
      members: [
        member("m1", mook(0), 0, 0),
        member("m3", mook(7), 0, 1),
        member("m2", mook(7), 0, 0),
        member("far", mook(7), 3, 2),
        member("other", mook(7, "bats"), 0, 0),
        member("dead", { ...mook(0), state: "dead" }, 0, 0),
      ],
    });
    expect(steps.map((s) => (s.kind === "damage" ? [s.actorId, s.packet.amount] : []))).toEqual([
      ["m2", 7],
      ["m3", 4],
    ]);
    expect(unspent).toBe(0);
  });

  it("[13A-MOOKS] a ranged overflow reaches mooks nearby the struck one (6 squares), not far away; what nobody takes is unspent", () => {
    const { steps, unspent } = mobCarrySteps({
      struck: { actorId: "m1", actor: mook(0) },
      overflow: 20,
      melee: false,
      members: [member("near", mook(5), 8, 6), member("far", mook(7), 8, 7), member("hurt", mook(2), 8, 3)],
    });
    expect(steps.map((s) => (s.kind === "damage" ? [s.actorId, s.packet.amount] : []))).toEqual([
      ["hurt", 2],
      ["near", 5],
    ]);
    expect(unspent).toBe(13);
  });

  it("[13A-MOOKS] where the scene is not read every mook of the mob is in reach (fewest HP first)", () => {
    const { steps } = mobCarrySteps({
      struck: { actorId: "m1", actor: mook(0) },
      overflow: 5,
      melee: true,
      members: [member("a", mook(7), null, null), member("b", mook(4), null, null)],
    });
    expect(steps.map((s) => (s.kind === "damage" ? [s.actorId, s.packet.amount] : []))).toEqual([
      ["b", 4],
      ["a", 1],
    ]);
  });
});

const { battle } = useStandInCombat({ systemEffects: true });
let onRenderTurnLine: (typeof TurnChatNs)["onRenderTurnLine"];
let carryMobDamage: (typeof MobsNs)["carryMobDamage"];
const g = globalThis as Record<string, unknown>;
let saved: Record<string, unknown> = {};
const plainGet = standInGlobals.game.settings.get;

beforeAll(async () => {
  ({ onRenderTurnLine } = await import("../../src/workflows/turn-chat.js"));
  ({ carryMobDamage } = await import("../../src/workflows/mobs.js"));
});
beforeEach(() => {
  saved = { CONST: g.CONST, Actor: g.Actor, fromUuidSync: g.fromUuidSync };
  g.CONST = { GRID_TYPES: { GRIDLESS: 0, SQUARE: 1 } };
  standInGlobals.game.settings.get = (ns: string, key: string) => (key === "sceneReading" ? true : plainGet(ns, key));
});
afterEach(() => {
  Object.assign(g, saved);
  standInGlobals.game.settings.get = plainGet;
});
afterAll(() => {
  standInGlobals.game.settings.get = plainGet;
});

function summaries() {
  return (standInGlobals.messages as unknown as Parameters<typeof readTurnSummary>[0][]).flatMap((message) => {
    const source = readTurnSummary(message);
    return source ? [{ message, source }] : [];
  });
}

describe("[13A-MOOKS] in play (card Apply → the mob's overflow lines, GM's Undo)", () => {
  it("[13A-MOOKS] [SYS-MONSTERS] a melee hit of 18 drops a 7-HP rat-kin; 11 carry over: the engaged mook beside it drops, the next engaged one is left at 3, the one 3 squares off is untouched; one Undo gives each its HP back", async () => {
    standInGlobals.rulesetId = "13th-age";
    const hero = new StandInActor("hero", defaultActorSource({ hp: { value: 30, max: 30, temp: 0 } }), true);
    const rats = ["m1", "m2", "m3", "m4"].map((id) => new StandInActor(id, mook(7)));
    const combat = battle([
      { id: "c-hero", actor: hero, initiative: 20 },
      ...rats.map((actor, i) => ({ id: `c-${actor.id}`, actor, initiative: 10 - i })),
    ]);
    const scene = { id: "s1", grid: { type: 1, size: 100, distance: 5 }, tokens: { contents: [] as unknown[] } };
    const at: Record<string, [number, number]> = {
      "c-hero": [5, 5],
      "c-m1": [6, 5],
      "c-m2": [6, 6],
      "c-m3": [4, 5],
      "c-m4": [9, 5],
    };
    const combatants = (combat as unknown as { combatants: Map<string, Record<string, unknown>> }).combatants;
    for (const [id, [x, y]] of Object.entries(at)) {
      const c = combatants.get(id)!;
      const token = { id: `t-${id}`, x: x * 100, y: y * 100, width: 1, elevation: 0, parent: scene, actor: c.actor };
      scene.tokens.contents.push(token);
      c.token = token;
      c.tokenId = token.id;
    }
    const byUuid = new Map([hero, ...rats].map((a) => [a.uuid, a]));
    Object.assign(g, { Actor: { implementation: StandInActor }, fromUuidSync: (uuid: string) => byUuid.get(uuid) });
    await combat.startCombat();
    await combat.settle();
    standInGlobals.messages.length = 0;

    // The hero's card: a hit for 18 on m1 (recorded dice), applied as the GM's Apply decides it.
    const m1 = rats[0]!;
    const card = attackFromRecordedDice(
      request("13th-age", {
        power: power({ damage: "18" }),
        weapon: null,
        targets: [target("t-c-m1", m1.source, "m1")],
      }),
      [[15]],
      { "*": [] },
    );
    const decision = await decideApplication({
      ruleset: A13,
      options: defaultOptions(A13),
      card,
      targetUuid: card.targets[0]!.uuid,
      mode: "full",
      actor: m1.source,
      actorId: m1.uuid,
      userId: "gm",
      recordId: "r1",
      roll: recordedRoller([]),
    });
    m1.source = decision.next;
    expect(m1.source.hp.value).toBe(0);
    await carryMobDamage(combat as unknown as Parameters<typeof carryMobDamage>[0], {
      actor: decision.next,
      actorUuid: m1.uuid,
      targetUuid: "t-c-m1",
      attackerUuid: hero.uuid,
      melee: true,
      record: decision.record,
    });
    const [m2, m3, m4] = [rats[1]!, rats[2]!, rats[3]!];
    expect(m2.source.hp.value).toBe(0);
    expect(m2.source.state).toBe("dead");
    expect(m3.source.hp.value).toBe(3);
    expect(m4.source.hp.value).toBe(7);

    const summary = summaries().at(-1)!;
    const lines = summary.source.lines.map((l) => l.line);
    expect(lines[0]!.key).toBe("D20C.Mob.Event.Overflow");
    expect(lines[0]!.data).toMatchObject({ name: "c-m1", amount: 11 });
    // One line for the whole carry (an event summary names every mook on one line), each mook's damage an event under it.
    const carryAt = lines.findIndex((l) => l.key === "D20C.Mob.Step.Carry");
    const carry = lines[carryAt]!;
    expect(carry.data.name).toBe("c-m2, c-m3");
    expect(
      carry.events.filter((e) => e.key === "D20C.Event.damageTaken").map((e) => [e.actorId, e.data?.amount]),
    ).toEqual([
      [m2.uuid, 7],
      [m3.uuid, 4],
    ]);
    const undone = () => readTurnSummary(summary.message)!.lines[carryAt]!.undone;
    expect(await pressTurnLineUndo(onRenderTurnLine, summary.message, carryAt, undone)).toBe(true);
    expect(m2.source.hp.value).toBe(7);
    expect(m2.source.state).toBe("active");
    expect(m3.source.hp.value).toBe(7);
  });
});
