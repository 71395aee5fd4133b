/**
 * [13A-MOOKS] [SYS-MONSTERS] The mob carry through the card's REAL Apply: the hero's sheet attack
 * (rollAttack, recorded dice) posts its card; the Apply control (onApplyClick → applyHere on the
 * active GM's client of test/stand-ins/foundry-relay.ts) drops the struck mook, and applyHere hands
 * what it dealt beyond that mook's HP to `carryMobDamage(game.combat, …)`, here the REAL D20Combat
 * (src/documents/combat.ts on the Combat stand-in, test/stand-ins/foundry-combat.ts) of the hero and
 * four mooks standing on a square grid. The overflow reaches the mob's mooks the attack reaches
 * (engaged with the attacker for a melee attack, nearby the struck mook for a ranged one), as one
 * event summary whose line the GM's Undo reverses.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource } from "../../src/engine/types.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import type { ledgerOf as LedgerOfFn } from "../../src/workflows/card-ledger.js";
import type * as ApplyNs from "../../src/workflows/apply-damage.js";
import type * as TurnChatNs from "../../src/workflows/turn-chat.js";
import type * as TurnSummaryNs from "../../src/workflows/turn-summary-data.js";
import type * as CombatModuleNs from "../../src/documents/combat.js";
import type * as CombatantModuleNs from "../../src/documents/combatant.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import { installFoundryCombatStandIn } from "../stand-ins/foundry-combat.js";
import {
  installRelayStandIn,
  RelayItemStandIn,
  type MessageStandIn,
  type RelayActorStandIn,
  type RelayStandIn,
} from "../stand-ins/foundry-relay.js";
import { pressTurnLineUndo } from "../stand-ins/turn-line-html.js";
import { npc, power } from "./attack-fixtures.js";

const A13 = getRuleset("13th-age");
const mook = (hp: number, mob = "sewer pack"): ActorSource =>
  npc(A13, 10, { hp: { value: hp, max: 7, temp: 0 }, monsterRole: "mook", mob });

describe("[13A-MOOKS] the mob carry through the card's Apply (applyHere → carryMobDamage(game.combat))", () => {
  let w: RelayStandIn;
  let rollAttack: typeof RollAttackFn;
  let ledgerOf: typeof LedgerOfFn;
  let apply: typeof ApplyNs;
  let onRenderTurnLine: (typeof TurnChatNs)["onRenderTurnLine"];
  let readTurnSummary: (typeof TurnSummaryNs)["readTurnSummary"];
  let D20Combat: (typeof CombatModuleNs)["D20Combat"];
  let D20Combatant: (typeof CombatantModuleNs)["D20Combatant"];
  const g = globalThis as Record<string, unknown>;
  let savedConst: unknown;

  beforeAll(async () => {
    w = installRelayStandIn("13th-age");
    w.attack.settings.register(SYSTEM_ID, "sceneReading", { scope: "world", default: true });
    savedConst = g.CONST;
    g.CONST = { ...((savedConst as object | undefined) ?? {}), GRID_TYPES: { GRIDLESS: 0, SQUARE: 1 } };
    const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
    registerAttackWorkflow();
    ({ rollAttack } = await import("../../src/workflows/attack.js"));
    ({ ledgerOf } = await import("../../src/workflows/card-ledger.js"));
    ({ onRenderTurnLine } = await import("../../src/workflows/turn-chat.js"));
    ({ readTurnSummary } = await import("../../src/workflows/turn-summary-data.js"));
    apply = await import("../../src/workflows/apply-damage.js");
    // The combat classes extend the Combat stand-in's bases when their module loads; the relay's
    // globals (game, Roll, ChatMessage, fromUuid: the GM's client) are back once they are defined.
    const uninstallCombat = installFoundryCombatStandIn();
    try {
      ({ D20Combat } = await import("../../src/documents/combat.js"));
      ({ D20Combatant } = await import("../../src/documents/combatant.js"));
    } finally {
      uninstallCombat();
    }
  });
  afterAll(() => {
    (g.game as { combat?: unknown }).combat = undefined;
    g.CONST = savedConst;
    w.uninstall();
  });

  /**
   * The hero and four 7-HP mooks of one mob at the given squares, in a started combat set as
   * `game.combat`; the hero's power `range` of fixed damage `damage`.
   */
  async function battle(tag: string, at: Record<string, [number, number]>, range: "melee" | "ranged", damage: string) {
    const hero = w.addActor(`hero${tag}`, "Hero", npc(A13, 10, { hp: { value: 30, max: 30, temp: 0 } }));
    const mooks = ["m1", "m2", "m3", "m4"].map((id) => w.addActor(`${id}${tag}`, `Rat ${id}`, mook(7)));
    const grid = { type: 1, size: 100, distance: 5 };
    for (const a of [hero, ...mooks]) {
      const [x, y] = at[a.id.replace(tag, "")]!;
      Object.assign(a.token!, { x: x * 100, y: y * 100, width: 1, elevation: 0, parent: { id: "s1", grid } });
    }
    const Combatant = D20Combatant;
    const combatants = [hero, ...mooks].map(
      (a, i) =>
        new Combatant(
          { id: `c-${a.id}`, actor: a, initiative: 20 - i, defeated: false } as never,
          {} as never,
        ) as unknown as { token: unknown; tokenId: string | null; name: string },
    );
    combatants.forEach((c, i) => {
      const a = [hero, ...mooks][i]!;
      c.token = a.token;
      c.tokenId = a.token!.id;
      c.name = a.name;
    });
    const combat = new D20Combat(combatants as never) as unknown as { round: number; turn: number | null };
    combat.round = 1;
    combat.turn = 0;
    (g.game as { combat?: unknown }).combat = combat;
    const item = new RelayItemStandIn(`bite${tag}`, hero, "power", "Cleaver", power({ damage, range }));
    hero.items.set(item.id, item);
    return { hero, mooks, item };
  }

  async function strike(hero: RelayActorStandIn, item: RelayItemStandIn, struck: RelayActorStandIn, face: number) {
    w.attack.targets.clear();
    w.attack.targets.add({
      document: { uuid: struck.token!.uuid, name: struck.name, texture: { src: struck.img } },
      actor: struck as never,
    });
    standInAttackFaces.length = 0;
    standInAttackFaces.push(face);
    const m = (await rollAttack(hero as never, item as never, { fastForward: true })) as unknown as MessageStandIn;
    for (let i = 0; i < 50 && ledgerOf(m.id) === null; i++) await new Promise((r) => setTimeout(r, 2));
    expect(standInAttackFaces).toEqual([]);
    expect(ledgerOf(m.id)!.ledger.card.targets[0]!.outcome.isHit).toBe(true);
    await apply.onApplyClick(m as unknown as ChatMessage, struck.token!.uuid, "full");
    return m;
  }

  const hp = (a: RelayActorStandIn) => a.toEngineSource().hp.value;
  const summaries = () =>
    [...w.messages.values()].flatMap((message) => {
      const source = readTurnSummary(message as unknown as ChatMessage);
      return source ? [{ message, source }] : [];
    });

  it("[13A-MOOKS] [SYS-MONSTERS] a melee Apply of 18 drops the struck 7-HP mook; its 11 carry over the mooks engaged with the hero (nearest first: 7, then 4), not the one 4 squares off; the GM's Undo of the carry line gives them their HP back", async () => {
    const { hero, mooks, item } = await battle(
      "a",
      { hero: [5, 5], m1: [6, 5], m2: [6, 6], m3: [4, 5], m4: [9, 5] },
      "melee",
      "18",
    );
    const [m1, m2, m3, m4] = mooks as [RelayActorStandIn, RelayActorStandIn, RelayActorStandIn, RelayActorStandIn];
    const before = summaries().length;
    await strike(hero, item, m1, 15);
    expect(hp(m1)).toBe(0);
    expect([hp(m2), hp(m3), hp(m4)]).toEqual([0, 3, 7]);
    expect(m2.toEngineSource().state).toBe("dead");

    const posted = summaries();
    expect(posted).toHaveLength(before + 1);
    const summary = posted.at(-1)!;
    const lines = summary.source.lines.map((l) => l.line);
    expect(lines[0]).toMatchObject({ key: "D20C.Mob.Event.Overflow", data: { amount: 11 } });
    const carryAt = lines.findIndex((l) => l.key === "D20C.Mob.Step.Carry");
    expect(
      lines[carryAt]!.events.filter((e) => e.key === "D20C.Event.damageTaken").map((e) => [e.actorId, e.data?.amount]),
    ).toEqual([
      [m2.uuid, 7],
      [m3.uuid, 4],
    ]);
    const undone = () => readTurnSummary(summary.message as unknown as ChatMessage)!.lines[carryAt]!.undone;
    expect(await pressTurnLineUndo(onRenderTurnLine, summary.message as unknown as ChatMessage, carryAt, undone)).toBe(
      true,
    );
    expect([hp(m2), hp(m3), hp(m4)]).toEqual([7, 7, 7]);
    expect(m2.toEngineSource().state).toBe("active");
    // The card's own record (the struck mook's 18) is not the carry's: m1 stays down.
    expect(hp(m1)).toBe(0);
  });

  it("[13A-MOOKS] [SYS-MONSTERS] a ranged Apply of 12 drops the struck mook; its 5 reach a mook nearby it (3 squares), not one 8 squares off, even beside the hero", async () => {
    const { hero, mooks, item } = await battle(
      "b",
      { hero: [0, 0], m1: [10, 0], m2: [13, 0], m3: [1, 0], m4: [18, 0] },
      "ranged",
      "12",
    );
    const [m1, m2, m3, m4] = mooks as [RelayActorStandIn, RelayActorStandIn, RelayActorStandIn, RelayActorStandIn];
    await strike(hero, item, m1, 15);
    expect([hp(m1), hp(m2), hp(m3), hp(m4)]).toEqual([0, 2, 7, 7]);
  });

  it("[13A-MOOKS] [SYS-MONSTERS] out of combat (no game.combat) the Apply drops the struck mook and carries nothing", async () => {
    const { hero, mooks, item } = await battle(
      "c",
      { hero: [5, 5], m1: [6, 5], m2: [6, 6], m3: [4, 5], m4: [9, 5] },
      "melee",
      "18",
    );
    (g.game as { combat?: unknown }).combat = null;
    const before = summaries().length;
    await strike(hero, item, mooks[0]!, 15);
    expect(mooks.map(hp)).toEqual([0, 7, 7, 7]);
    expect(summaries()).toHaveLength(before);
  });
});
