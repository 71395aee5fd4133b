/**
 * [SYS-ACTIONS] The action economy in Foundry, driven through the REAL D20Combat turn events and
 * the tracker's spend control (test/stand-ins/foundry-combat.ts): a combatant's actions left live in
 * its flags, the GM's turn automation resets them at its turn start, the tracker pills spend one,
 * an attack spends its action, the 13th Age interrupt waits for the end of the next own turn, a
 * staggered Wounds d20 creature's turn is capped at one action, and a ridden Hundred Dungeons mount
 * acts on its rider's turn (one action or quick action, shown beside the rider's in the tracker).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { effectCreateData } from "../../src/data/effects.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { effect } from "./combat-fixtures.js";
import type { ActorSource } from "../../src/engine/types.js";
import {
  StandInActor,
  installFoundryCombatStandIn,
  standInGlobals,
  standInRollFaces,
} from "../stand-ins/foundry-combat.js";

import type * as CombatModuleNs from "../../src/documents/combat.js";
import type * as CombatantModuleNs from "../../src/documents/combatant.js";
import type * as ActionsNs from "../../src/workflows/actions.js";
import type * as TrackerNs from "../../src/applications/combat/actions-left.js";

interface CombatantUnderTest {
  id: string;
  actor: StandInActor;
  flags: Record<string, Record<string, unknown>>;
  isOwner: boolean;
  update(data: object): Promise<unknown>;
}
interface CombatUnderTest {
  round: number;
  started: boolean;
  combatant: { id: string } | null;
  combatants: Map<string, CombatantUnderTest>;
  turnEventErrors: unknown[];
  settle(): Promise<void>;
  startCombat(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
}

let uninstall: () => void = () => undefined;
let D20Combat: (typeof CombatModuleNs)["D20Combat"];
let D20Combatant: (typeof CombatantModuleNs)["D20Combatant"];
let actions: typeof ActionsNs;
let tracker: typeof TrackerNs;
const warnings: string[] = [];

beforeAll(async () => {
  uninstall = installFoundryCombatStandIn();
  ({ D20Combat } = await import("../../src/documents/combat.js"));
  ({ D20Combatant } = await import("../../src/documents/combatant.js"));
  actions = await import("../../src/workflows/actions.js");
  // As the workflow registration does at init: a spend is followed by the rolls the rules demand.
  actions.setSpendFollower((await import("../../src/workflows/spend-follow.js")).followSpend);
  tracker = await import("../../src/applications/combat/actions-left.js");
  (globalThis as unknown as { ui: { notifications: { warn: (m: string) => void } } }).ui.notifications.warn = (m) =>
    void warnings.push(m);
});
afterAll(() => uninstall());
beforeEach(() => {
  standInRollFaces.length = 0;
  standInGlobals.messages.length = 0;
  warnings.length = 0;
});

function battle(
  rulesetId: string,
  specs: { id: string; init: number; actor?: Partial<ActorSource>; unaware?: boolean }[],
) {
  standInGlobals.rulesetId = rulesetId;
  const combatants = specs.map(
    (s) =>
      new D20Combatant(
        {
          id: s.id,
          actor: new StandInActor(
            s.id,
            defaultActorSource({ kind: "character", hp: { value: 30, max: 30, temp: 0 }, ...s.actor }),
            true,
          ),
          initiative: s.init,
        } as never,
        {} as never,
      ),
  );
  const combat = new D20Combat(combatants as never);
  // The GM's surprise ruling lives on the Combat ([SYS-PERM]).
  const unaware = specs.filter((s) => s.unaware).map((s) => [s.id, { aware: false }]);
  (combat as unknown as { flags: Record<string, unknown> }).flags["d20-combat"] = {
    rulings: Object.fromEntries(unaware),
  };
  return combat as unknown as CombatUnderTest;
}

const left = (c: CombatantUnderTest | undefined) =>
  (c?.flags["d20-combat"]?.actions as { left: Record<string, number> } | undefined)?.left;

async function step(combat: CombatUnderTest, action: () => Promise<unknown>): Promise<void> {
  await action();
  await combat.settle();
}

/** A tracker host with our placed markup's pills: each pill records its click listener. */
function pillHost(kinds: string[]) {
  const pills = kinds.map((k) => {
    const listeners: ((e: { preventDefault(): void; stopPropagation(): void }) => void)[] = [];
    return {
      dataset: { d20cSpend: k },
      addEventListener: (_t: string, fn: (typeof listeners)[number]) => listeners.push(fn),
      click: () => listeners.forEach((fn) => fn({ preventDefault() {}, stopPropagation() {} })),
    };
  });
  return { host: { querySelectorAll: () => pills }, pills };
}

describe("[SYS-ACTIONS] actions left on the combatant, reset by the turn automation", () => {
  it("[13A-ACTIONS] turn start gives a full set; the tracker pill spends one; a second move comes out of the standard", async () => {
    const combat = battle("13th-age", [
      { id: "ardent", init: 20 },
      { id: "orc", init: 5 },
    ]);
    await step(combat, () => combat.startCombat());
    expect(combat.combatant?.id).toBe("ardent");
    const ardent = combat.combatants.get("ardent");
    expect(left(ardent)).toEqual({ standard: 1, move: 1, quick: 1, interrupt: 1 });

    // The tracker shows the current combatant's pills; clicking Move spends the move action.
    const placed = await tracker.actionsLeftPlacements(combat as never);
    expect(placed.map((p) => p.rowId)).toEqual(["ardent"]);
    const { host, pills } = pillHost(["standard", "move", "quick", "interrupt"]);
    placed[0]!.bind(host as never);
    pills[1]!.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(left(ardent)).toMatchObject({ standard: 1, move: 0, quick: 1 });
    pills[1]!.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(left(ardent)).toMatchObject({ standard: 0, move: 0, quick: 1 });
    expect(warnings).toEqual([]);
    // A third move: nothing can pay; it warns and is recorded (advisory, never blocks).
    await actions.spendForActor(ardent!.actor, "move", combat as never);
    expect(warnings).toEqual(["D20C.Actions.Warn.NoneLeft"]);
    expect(left(ardent)).toMatchObject({ standard: 0, move: 0, quick: 1 });

    // Next turn: the orc's actions are reset; the ardent's stay spent until its own turn.
    await step(combat, () => combat.nextTurn());
    expect(left(combat.combatants.get("orc"))).toEqual({ standard: 1, move: 1, quick: 1, interrupt: 1 });
    expect(left(ardent)).toMatchObject({ standard: 0, move: 0 });
    await step(combat, () => combat.nextTurn());
    expect(combat.round).toBe(2);
    expect(left(ardent)).toMatchObject({ standard: 1, move: 1, quick: 1 });
    expect(combat.turnEventErrors).toEqual([]);
  });

  it("[13A-ACTIONS] an interrupt spent on the orc's turn is back only after the end of the ardent's next turn", async () => {
    const combat = battle("13th-age", [
      { id: "ardent", init: 20 },
      { id: "orc", init: 5 },
    ]);
    await step(combat, () => combat.startCombat());
    await step(combat, () => combat.nextTurn());
    const ardent = combat.combatants.get("ardent")!;
    await actions.spendForActor(ardent.actor, "interrupt", combat as never);
    expect(warnings).toEqual([]);
    expect(left(ardent)?.interrupt).toBe(0);
    await step(combat, () => combat.nextTurn()); // round 2: the ardent's turn starts
    expect(left(ardent)).toEqual({ standard: 1, move: 1, quick: 1, interrupt: 0 });
    await step(combat, () => combat.nextTurn()); // its turn ends
    expect(left(ardent)?.interrupt).toBe(1);
  });

  it("[WD-STAGGER] a staggered creature's turn starts capped at one action; the second warns", async () => {
    const combat = battle("wounds-d20", [{ id: "hurt", init: 10, actor: { state: "staggered" } }]);
    standInRollFaces.push(10);
    await step(combat, () => combat.startCombat());
    const hurt = combat.combatants.get("hurt")!;
    expect((hurt.flags["d20-combat"]?.actions as { cap: number | null }).cap).toBe(1);
    await actions.spendForActor(hurt.actor, "minor", combat as never);
    expect(warnings).toEqual([]);
    // The major action over the cap warns; being strenuous it also owes a Death save, which fails
    // on a 1 (DC 10 here): the creature is dying after the action.
    standInRollFaces.push(1);
    await actions.spendForActor(hurt.actor, "major", combat as never);
    expect(warnings).toEqual(["D20C.Actions.Warn.OverCap"]);
    expect(left(hurt)).toEqual({ major: 0, minor: 0 });
    expect(hurt.actor.source.state).toBe("dying");
    expect(standInRollFaces).toEqual([]);
  });

  it("[WD-SURPRISE] in the surprise round an aware combatant's turn holds one action, major or minor; from round 2 a full turn", async () => {
    const combat = battle("wounds-d20", [
      { id: "scout", init: 10 },
      { id: "sleeper", init: 5, unaware: true },
    ]);
    standInRollFaces.push(12, 12, 8, 8, 8);
    await step(combat, () => combat.startCombat());
    expect(combat.round).toBe(1);
    expect(combat.combatant?.id).toBe("scout");
    const scout = combat.combatants.get("scout")!;
    expect((scout.flags["d20-combat"]?.actions as { cap: number | null }).cap).toBe(1);
    await actions.spendForActor(scout.actor, "minor", combat as never);
    expect(warnings).toEqual([]);
    await actions.spendForActor(scout.actor, "major", combat as never);
    expect(warnings).toEqual(["D20C.Actions.Warn.OverCap"]);
    while (combat.round < 2) await step(combat, () => combat.nextTurn());
    while (combat.combatant?.id !== "scout") await step(combat, () => combat.nextTurn());
    expect(scout.flags["d20-combat"]?.actions).toMatchObject({ left: { major: 1, minor: 1 }, cap: null, taken: 0 });
    expect(combat.turnEventErrors).toEqual([]);
  });

  it("[WD-SURPRISE] [WD-STAGGER] a full-round action never fits a one-action turn: in the surprise round, and while staggered, it warns as over the cap even as the turn's first action", async () => {
    const spendFullRound = async (c: CombatantUnderTest, combat: CombatUnderTest) => {
      (globalThis as unknown as { game: { combat: unknown } }).game.combat = combat;
      try {
        await actions.spendAttackAction(c.actor, { type: "power", system: { actionType: "fullRound" } });
      } finally {
        (globalThis as unknown as { game: { combat: unknown } }).game.combat = null;
      }
    };
    const surprise = battle("wounds-d20", [
      { id: "scout", init: 10 },
      { id: "sleeper", init: 5, unaware: true },
    ]);
    standInRollFaces.push(12, 12, 8, 8, 8);
    await step(surprise, () => surprise.startCombat());
    await spendFullRound(surprise.combatants.get("scout")!, surprise);
    expect(warnings).toEqual(["D20C.Actions.Warn.OverCap"]);
    warnings.length = 0;
    const staggered = battle("wounds-d20", [{ id: "hurt", init: 10, actor: { state: "staggered" } }]);
    standInRollFaces.push(10);
    await step(staggered, () => staggered.startCombat());
    // Strenuous, it also asks the Death save: 20 passes.
    standInRollFaces.push(20);
    await spendFullRound(staggered.combatants.get("hurt")!, staggered);
    expect(warnings).toEqual(["D20C.Actions.Warn.OverCap"]);
    warnings.length = 0;
    // An unhurt creature's ordinary turn holds it without a word.
    const fresh = battle("wounds-d20", [{ id: "fine", init: 10 }]);
    standInRollFaces.push(10);
    await step(fresh, () => fresh.startCombat());
    await spendFullRound(fresh.combatants.get("fine")!, fresh);
    expect(warnings).toEqual([]);
    expect(left(fresh.combatants.get("fine"))).toEqual({ major: 0, minor: 0 });
  });

  it("[WD-STAGGER] a staggered creature's major action asks a Death save; passing keeps it staggered", async () => {
    const combat = battle("wounds-d20", [{ id: "hurt", init: 10, actor: { state: "staggered" } }]);
    standInRollFaces.push(10);
    await step(combat, () => combat.startCombat());
    const hurt = combat.combatants.get("hurt")!;
    standInRollFaces.push(20);
    await actions.spendForActor(hurt.actor, "major", combat as never);
    expect(hurt.actor.source.state).toBe("staggered");
    // A minor action is not strenuous: no roll is asked (no face is used).
    const other = battle("wounds-d20", [{ id: "calm", init: 10, actor: { state: "staggered" } }]);
    standInRollFaces.push(10);
    await step(other, () => other.startCombat());
    await actions.spendForActor(other.combatants.get("calm")!.actor, "minor", other as never);
    expect(standInRollFaces).toEqual([]);
  });

  it("[SYS-ACTIONS] an attack spends the action its power names, in the game's words", async () => {
    const combat = battle("wounds-d20", [{ id: "fighter", init: 10 }]);
    standInRollFaces.push(10);
    await step(combat, () => combat.startCombat());
    const fighter = combat.combatants.get("fighter")!;
    (globalThis as unknown as { game: { combat: unknown } }).game.combat = combat;
    try {
      await actions.spendAttackAction(fighter.actor, { type: "power", system: { actionType: "standard" } });
      expect(left(fighter)).toEqual({ major: 0, minor: 1 });
      await actions.spendAttackAction(fighter.actor, { type: "power", system: { actionType: "quick" } });
      expect(left(fighter)).toEqual({ major: 0, minor: 0 });
    } finally {
      (globalThis as unknown as { game: { combat: unknown } }).game.combat = undefined;
    }
  });
});

const creature = (over: Partial<ActorSource> = {}) =>
  defaultActorSource({ kind: "character", speed: 60, hp: { value: 20, max: 20, temp: 0 }, ...over });

/** Ana rides the horse (a `mounted` effect naming its combatant); the goblin fights on foot. */
async function mountedBattle(): Promise<CombatUnderTest> {
  standInGlobals.rulesetId = "hundred-dungeons";
  const ana = new StandInActor("ana", creature(), true);
  const horse = new StandInActor("horse", creature({ size: "large", speed: 80 }), true);
  const goblin = new StandInActor("goblin", creature({ kind: "npc" }));
  const { id: _id, ...mounted } = effect("m", {
    name: "Mounted",
    duration: "permanent",
    statuses: ["mounted"],
    sourceCombatantId: "horse",
  });
  await ana.createEmbeddedDocuments("ActiveEffect", [effectCreateData(mounted)]);
  const combatants = [
    { id: "ana", actor: ana, initiative: 12 },
    { id: "horse", actor: horse, initiative: 8 },
    { id: "goblin", actor: goblin, initiative: 5 },
  ].map((d) => new D20Combatant(d as never, {} as never));
  return new D20Combat(combatants as never) as unknown as CombatUnderTest;
}

const economyOf = (c: CombatantUnderTest | undefined) =>
  c?.flags["d20-combat"]?.actions as { left: Record<string, number>; cap: number | null; taken: number } | undefined;

describe("[HD-MOUNT] the mount's actions on its rider's turn", () => {
  it("[HD-MOUNT] on the rider's turn the horse gets one action or quick action and its reaction, shown in the tracker; its first spend is its own, the second over the cap", async () => {
    const combat = await mountedBattle();
    await combat.startCombat();
    await combat.settle();
    expect(combat.turnEventErrors).toEqual([]);
    expect(combat.combatant?.id).toBe("ana");
    const horse = combat.combatants.get("horse")!;
    expect(economyOf(horse)).toMatchObject({ left: { quick: 2, reaction: 1 }, cap: 1, taken: 0 });
    // The tracker shows the rider's pills and the horse's.
    const placed = await tracker.actionsLeftPlacements(combat as never);
    expect(placed.map((p) => p.rowId)).toEqual(["ana", "horse"]);
    // The horse dashes on Ana's turn: its own turn's action, no warning.
    await actions.spendForActor(horse.actor, "action", combat as never);
    expect(warnings).toEqual([]);
    expect(economyOf(horse)).toMatchObject({ left: { quick: 0 }, taken: 1 });
    // A further quick action is beyond the one it may take.
    await actions.spendForActor(horse.actor, "quick", combat as never);
    expect(warnings).toEqual(["D20C.Actions.Warn.OverCap"]);
    // Ana's own actions are untouched by the horse's.
    expect(economyOf(combat.combatants.get("ana"))).toMatchObject({ left: { quick: 2 }, taken: 0 });
  });

  it("[HD-MOUNT] the horse takes no turn of its own: after the rider comes the goblin, and on the goblin's turn a horse spend is out of turn", async () => {
    const combat = await mountedBattle();
    await combat.startCombat();
    await combat.settle();
    await combat.nextTurn();
    await combat.settle();
    expect(combat.combatant?.id).toBe("goblin");
    const horse = combat.combatants.get("horse")!;
    await actions.spendForActor(horse.actor, "quick", combat as never);
    expect(warnings).toEqual(["D20C.Actions.Warn.NotYourTurn"]);
    // Its reaction is an out-of-turn action: spending it on the goblin's turn is as it should be.
    warnings.length = 0;
    await actions.spendForActor(horse.actor, "reaction", combat as never);
    expect(warnings).toEqual([]);
    expect(combat.turnEventErrors).toEqual([]);
  });
});
