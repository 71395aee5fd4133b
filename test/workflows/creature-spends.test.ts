/**
 * [SYS-MONSTERS] The GM's spend buttons on the tracker: FFd20 action points ([FF-ACTIONPOINTS]),
 * Hundred Dungeons legendary actions and resistances ([HD-LEGENDARY]). Each game decides when a
 * spend is allowed; the button's row renders with the real template; a press on the real D20Combat
 * (Combat stand-in) is a summary line whose GM's Undo (the real handler) gives the point back.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { runPlan } from "../../src/engine/plans/turns.js";
import type { ActorSource } from "../../src/engine/types.js";
import { creatureSpendsView } from "../../src/engine/creature-spends.js";
import { actionRows } from "../../src/engine/actions.js";
import { readTurnSummary } from "../../src/workflows/turn-summary-data.js";
import { StandInCombat, StandInDice } from "../stand-ins/combat-loop.js";
import { StandInActor, standInGlobals } from "../stand-ins/foundry-combat.js";
import { useStandInCombat } from "../support/stand-in-combat.js";
import { pressTurnLineUndo } from "../stand-ins/turn-line-html.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { combatant } from "./combat-fixtures.js";

import type * as TurnChatNs from "../../src/workflows/turn-chat.js";
import type * as SpendNs from "../../src/workflows/creature-spends.js";
import type * as ActionsNs from "../../src/workflows/actions.js";

const FF = getRuleset("ffd20");
const HD = getRuleset("hundred-dungeons");
const hbs = createTemplateRenderer();

const tyrant = (ap: number) =>
  combatant("tyrant", {
    side: "gm",
    initiative: 9,
    actor: { kind: "npc", rank: "solo", hp: { value: 90, max: 90, temp: 0 }, actionPoints: { value: ap, max: 2 } },
  });
const legend = (actionsLeft = 3, resistancesLeft = 2) =>
  combatant("drake", {
    side: "gm",
    initiative: 9,
    actor: {
      kind: "npc",
      hp: { value: 120, max: 120, temp: 0 },
      legendary: { actions: 3, actionsLeft, resistances: 3, resistancesLeft },
    },
  });

describe("[FF-ACTIONPOINTS] spending an FFd20 action point (the game's decision, run through the turn runner)", () => {
  it("[FF-ACTIONPOINTS] [SYS-MONSTERS] on its own turn a solo spends one of its 2 action points: 1 left, a line for the extra action", async () => {
    const c = new StandInCombat(FF, [combatant("cleric", { initiative: 18 }), tyrant(2)], {
      dice: new StandInDice([]),
    });
    await c.start();
    await c.nextTurn();
    const ctx = c.ctx("tyrant");
    const d = FF.spendCreature!(ctx, "tyrant", "actionPoint");
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    const out = await runPlan(FF, ctx, d.steps, c.ports());
    expect(c.byId("tyrant").actor.actionPoints).toEqual({ value: 1, max: 2 });
    expect(out.lines.map((l) => [l.key, l.data.left])).toEqual([["D20C.Spend.Step.actionPoint", 1]]);
    expect(out.lines[0]!.undo).not.toBeNull();
  });

  it("[FF-ACTIONPOINTS] refused on another creature's turn, with none left, or while the creature is down", () => {
    const c = new StandInCombat(FF, [combatant("cleric", { initiative: 18 }), tyrant(1)], {
      dice: new StandInDice([]),
    });
    const cleric = c.ctx("cleric");
    expect(FF.spendCreature!(cleric, "tyrant", "actionPoint")).toMatchObject({
      ok: false,
      reason: "D20C.Spend.Refused.OwnTurn",
    });
    const empty = new StandInCombat(FF, [tyrant(0)], { dice: new StandInDice([]) });
    expect(FF.spendCreature!(empty.ctx("tyrant"), "tyrant", "actionPoint")).toMatchObject({
      ok: false,
      reason: "D20C.Spend.Refused.NoneLeft",
    });
    const downed = tyrant(1);
    downed.actor.state = "dying";
    const down = new StandInCombat(FF, [downed], { dice: new StandInDice([]) });
    expect(FF.spendCreature!(down.ctx("tyrant"), "tyrant", "actionPoint")).toMatchObject({
      ok: false,
      reason: "D20C.Spend.Refused.Down",
    });
  });
});

describe("[HD-LEGENDARY] spending Hundred Dungeons legendary actions and resistances", () => {
  it("[HD-LEGENDARY] [SYS-MONSTERS] a legendary action is spent at the end of another creature's turn, never on its own", async () => {
    const c = new StandInCombat(HD, [combatant("fighter", { initiative: 18 }), legend()], {
      dice: new StandInDice([]),
    });
    expect(HD.spendCreature!(c.ctx("drake"), "drake", "legendaryAction")).toMatchObject({
      ok: false,
      reason: "D20C.Spend.Refused.OthersTurn",
    });
    const d = HD.spendCreature!(c.ctx("fighter"), "drake", "legendaryAction");
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    await runPlan(HD, c.ctx("fighter"), d.steps, c.ports());
    expect(c.byId("drake").actor.legendary).toEqual({ actions: 3, actionsLeft: 2, resistances: 3, resistancesLeft: 2 });
    const none = new StandInCombat(HD, [combatant("fighter"), legend(0)], { dice: new StandInDice([]) });
    expect(HD.spendCreature!(none.ctx("fighter"), "drake", "legendaryAction")).toMatchObject({
      reason: "D20C.Spend.Refused.NoneLeft",
    });
  });

  it("[HD-LEGENDARY] a legendary resistance is spent by the GM at any time while one is left (a save the system did not roll)", async () => {
    const c = new StandInCombat(HD, [legend(3, 1)], { dice: new StandInDice([]) });
    const d = HD.spendCreature!(c.ctx("drake"), "drake", "legendaryResistance");
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    await runPlan(HD, c.ctx("drake"), d.steps, c.ports());
    expect(c.byId("drake").actor.legendary?.resistancesLeft).toBe(0);
    expect(HD.spendCreature!(c.ctx("drake"), "drake", "legendaryResistance")).toMatchObject({
      reason: "D20C.Spend.Refused.NoneLeft",
    });
  });
});

describe("[SYS-MONSTERS] the tracker row's spend buttons (real template)", () => {
  it("[FF-ACTIONPOINTS] [HD-LEGENDARY] a solo's row shows its action points, a legend's its legendary actions and resistance; nothing for a creature without, nor in 13th Age", () => {
    const ffRow = hbs.render("templates/combat/creature-spends.hbs", creatureSpendsView(FF, tyrant(1).actor)!);
    expect(ffRow).toContain('data-d20c-creature-spend="actionPoint"');
    expect(ffRow).toContain("Action points <strong>1/2</strong>");
    const hdRow = hbs.render("templates/combat/creature-spends.hbs", creatureSpendsView(HD, legend(0, 2).actor)!);
    expect(hdRow).toContain("Legendary actions <strong>0/3</strong>");
    expect(hdRow).toMatch(/is-spent" data-d20c-creature-spend="legendaryAction"/);
    expect(hdRow).toContain("Legendary resistance <strong>2/3</strong>");
    expect(creatureSpendsView(FF, combatant("cleric").actor)).toBeNull();
    expect(creatureSpendsView(getRuleset("13th-age"), tyrant(1).actor)).toBeNull();
  });
});

const { battle } = useStandInCombat({ systemEffects: true });
let onRenderTurnLine: (typeof TurnChatNs)["onRenderTurnLine"];
let spendCreatureResource: (typeof SpendNs)["spendCreatureResource"];
const g = globalThis as Record<string, unknown>;
let saved: Record<string, unknown> = {};
beforeAll(async () => {
  ({ onRenderTurnLine } = await import("../../src/workflows/turn-chat.js"));
  ({ spendCreatureResource } = await import("../../src/workflows/creature-spends.js"));
});
beforeEach(() => {
  saved = { Actor: g.Actor, fromUuidSync: g.fromUuidSync };
});
afterEach(() => {
  Object.assign(g, saved);
});

describe("[SYS-MONSTERS] a spend in play (real D20Combat, GM's Undo)", () => {
  it("[FF-ACTIONPOINTS] the GM spends the solo's action point on its turn: a summary line; its Undo gives the point back", async () => {
    standInGlobals.rulesetId = "ffd20";
    const hero = new StandInActor("hero", defaultActorSource({ hp: { value: 30, max: 30, temp: 0 } }), true);
    const solo = new StandInActor("solo", {
      ...defaultActorSource({ hp: { value: 90, max: 90, temp: 0 } }),
      kind: "npc",
      rank: "solo",
      actionPoints: { value: 1, max: 1 },
    } as ActorSource);
    const combat = battle([
      { id: "c-solo", actor: solo, initiative: 20 },
      { id: "c-hero", actor: hero, initiative: 5 },
    ]);
    const byUuid = new Map([hero, solo].map((a) => [a.uuid, a]));
    Object.assign(g, { Actor: { implementation: StandInActor }, fromUuidSync: (uuid: string) => byUuid.get(uuid) });
    await combat.startCombat();
    await combat.settle();
    expect(combat.combatant?.id).toBe("c-solo");
    standInGlobals.messages.length = 0;
    const refusal = await spendCreatureResource(
      combat as unknown as Parameters<typeof spendCreatureResource>[0],
      "c-solo",
      "actionPoint",
    );
    expect(refusal).toBeNull();
    expect(solo.source.actionPoints).toEqual({ value: 0, max: 1 });
    const summary = (standInGlobals.messages as unknown as Parameters<typeof readTurnSummary>[0][])
      .map((m) => ({ m, s: readTurnSummary(m) }))
      .find((x) => x.s?.lines.some((l) => l.line.key === "D20C.Spend.Step.actionPoint"))!;
    const at = summary.s!.lines.findIndex((l) => l.line.key === "D20C.Spend.Step.actionPoint");
    const undone = () => readTurnSummary(summary.m)!.lines[at]!.undone;
    expect(await pressTurnLineUndo(onRenderTurnLine, summary.m, at, undone)).toBe(true);
    expect(solo.source.actionPoints).toEqual({ value: 1, max: 1 });
  });
});

describe("[FF-ACTIONPOINTS] an action point's extra action in the turn's action pills (real D20Combat, GM's Undo)", () => {
  let actions: typeof ActionsNs;
  beforeAll(async () => {
    actions = await import("../../src/workflows/actions.js");
  });

  /** The solo's action pills: its stored actions as the tracker's rows, through the real template. */
  function pills(combat: unknown): string {
    const solo = (combat as { combatants: Map<string, unknown> }).combatants.get("c-solo");
    const state = actions.actionsLeftOf(FF, solo as never)!;
    const rows = actionRows(FF.economy!, state).map((r) => ({ ...r, spent: r.left <= 0 }));
    return hbs.render("templates/combat/actions-left.hbs", { rows, cap: null, canSpend: false, notes: [] });
  }
  const standard = (markup: string) => /Standard[^<]*<\/span> <strong>(\d+\/\d+)<\/strong>/.exec(markup)?.[1];

  it("[FF-ACTIONPOINTS] [SYS-MONSTERS] spent on its turn, the point adds a standard action (pills 2/2); one taken (1/2); the spend's Undo takes back the unused one (0/1) and the point; the next turn has none extra", async () => {
    standInGlobals.rulesetId = "ffd20";
    const hero = new StandInActor("hero", defaultActorSource({ hp: { value: 30, max: 30, temp: 0 } }), true);
    const solo = new StandInActor("solo", {
      ...defaultActorSource({ hp: { value: 90, max: 90, temp: 0 } }),
      kind: "npc",
      rank: "solo",
      actionPoints: { value: 1, max: 1 },
    } as ActorSource);
    const combat = battle([
      { id: "c-solo", actor: solo, initiative: 20 },
      { id: "c-hero", actor: hero, initiative: 5 },
    ]);
    const byUuid = new Map([hero, solo].map((a) => [a.uuid, a]));
    Object.assign(g, { Actor: { implementation: StandInActor }, fromUuidSync: (uuid: string) => byUuid.get(uuid) });
    const game = standInGlobals.game as unknown as Record<string, unknown>;
    const savedCombats = game.combats;
    game.combats = new Map([[(combat as unknown as { id: string }).id, combat]]);
    try {
      await combat.startCombat();
      await combat.settle();
      expect(standard(pills(combat))).toBe("1/1");
      standInGlobals.messages.length = 0;
      expect(await spendCreatureResource(combat as never, "c-solo", "actionPoint")).toBeNull();
      expect(solo.source.actionPoints).toEqual({ value: 0, max: 1 });
      expect(standard(pills(combat))).toBe("2/2");

      // The solo takes one standard action (its attack): one of the two left.
      await actions.spendForActor(solo as never, "standard", combat as never);
      expect(standard(pills(combat))).toBe("1/2");

      // The GM undoes the spend: the point comes back and the unused extra action goes.
      const summary = (standInGlobals.messages as unknown as Parameters<typeof readTurnSummary>[0][])
        .map((m) => ({ m, s: readTurnSummary(m) }))
        .find((x) => x.s?.lines.some((l) => l.line.key === "D20C.Spend.Step.actionPoint"))!;
      const at = summary.s!.lines.findIndex((l) => l.line.key === "D20C.Spend.Step.actionPoint");
      const undone = () => readTurnSummary(summary.m)!.lines[at]!.undone;
      expect(await pressTurnLineUndo(onRenderTurnLine, summary.m, at, undone)).toBe(true);
      expect(solo.source.actionPoints).toEqual({ value: 1, max: 1 });
      expect(standard(pills(combat))).toBe("0/1");

      // Spent again and not undone: the solo's next turn starts with the game's one standard action.
      expect(await spendCreatureResource(combat as never, "c-solo", "actionPoint")).toBeNull();
      expect(standard(pills(combat))).toBe("1/2");
      await combat.nextTurn();
      await combat.settle();
      await combat.nextTurn();
      await combat.settle();
      expect(combat.combatant?.id).toBe("c-solo");
      expect(standard(pills(combat))).toBe("1/1");
    } finally {
      game.combats = savedCombats;
    }
  });
});
