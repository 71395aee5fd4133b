/**
 * [SYS-MONSTERS] A turn start inside an aura, through the real entry point: the real D20Combat on
 * the Combat stand-in (test/stand-ins/foundry-combat.ts) starts a combatant's turn, its token
 * stands on a stand-in scene next to an aura-bearing monster, and the aura's damage and condition
 * land in that turn's summary, each line with the GM's Undo (the real handler). Per game, on the
 * v13 and v14 stand-ins; dice recorded. On a gridless scene the GM ticks the auras.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { defaultActorSource } from "../../src/engine/common.js";
import type { AuraSpec } from "../../src/engine/auras.js";
import type { RulesetId } from "../../src/engine/types.js";
import { readTurnSummary } from "../../src/workflows/turn-summary-data.js";
import { StandInActor, standInGlobals, standInRollFaces } from "../stand-ins/foundry-combat.js";
import { useStandInCombat } from "../support/stand-in-combat.js";
import { pressTurnLineUndo } from "../stand-ins/turn-line-html.js";
import { npc } from "./attack-fixtures.js";

import type * as TurnChatNs from "../../src/workflows/turn-chat.js";

const { battle } = useStandInCombat({ systemEffects: true });
let onRenderTurnLine: (typeof TurnChatNs)["onRenderTurnLine"];
const g = globalThis as Record<string, unknown>;
let saved: Record<string, unknown> = {};
const plainGet = standInGlobals.game.settings.get;

beforeAll(async () => {
  ({ onRenderTurnLine } = await import("../../src/workflows/turn-chat.js"));
});
beforeEach(() => {
  saved = { CONST: g.CONST, Actor: g.Actor, fromUuidSync: g.fromUuidSync };
  g.CONST = { GRID_TYPES: { GRIDLESS: 0, SQUARE: 1 } };
  // The world's "Read positions from the scene" setting, on.
  standInGlobals.game.settings.get = (ns: string, key: string) => (key === "sceneReading" ? true : plainGet(ns, key));
});
afterEach(() => {
  Object.assign(g, saved);
  standInGlobals.game.settings.get = plainGet;
  standInGlobals.dialogForms.length = 0;
});
afterAll(() => {
  standInGlobals.game.settings.get = plainGet;
});

/** A condition each game names (the names every game had before the full condition sets): what the aura's condition is. */
const CONDITION: Record<RulesetId, string> = {
  "13th-age": "dazed",
  ffd20: "slowed",
  "hundred-dungeons": "frightened",
  "wounds-d20": "flatFooted",
};

const fireShield = (rulesetId: RulesetId, over: Partial<AuraSpec> = {}): AuraSpec => ({
  name: "Fire Shield",
  radius: 1,
  who: "enemies",
  when: "turnStart",
  damage: { formula: "1d6+1", type: "fire" },
  condition: CONDITION[rulesetId] ?? "",
  modifier: { target: "none", value: 0 },
  belowHp: 0,
  ...over,
});

/** A square-grid scene (100 px a square, 5 ft) holding the given tokens. */
function sceneWith(gridType: number) {
  const scene = {
    id: "scene1",
    grid: { type: gridType, size: 100, distance: 5 },
    tokens: { contents: [] as Record<string, unknown>[] },
  };
  const place = (id: string, actor: StandInActor, col: number, row: number, disposition: number, elevation = 0) => {
    const doc = {
      id,
      x: col * 100,
      y: row * 100,
      width: 1,
      disposition,
      elevation,
      hidden: false,
      actor,
      parent: scene,
    };
    scene.tokens.contents.push(doc);
    return doc;
  };
  return { scene, place };
}

/** The hero (friendly, 30 HP) and an imp with a Fire Shield aura; the hero acts first. */
function fight(rulesetId: RulesetId, heroAt: [number, number, number?], gridType = 1, aura?: AuraSpec) {
  standInGlobals.rulesetId = rulesetId;
  const R = getRuleset(rulesetId);
  const hero = new StandInActor("hero", defaultActorSource({ hp: { value: 30, max: 30, temp: 0 } }), true);
  const imp = new StandInActor(
    "imp",
    npc(R, 15, { hp: { value: 20, max: 20, temp: 0 }, auras: [aura ?? fireShield(rulesetId)] }),
  );
  const combat = battle([
    { id: "c-hero", actor: hero, initiative: 20 },
    { id: "c-imp", actor: imp, initiative: 5 },
  ]);
  const { place } = sceneWith(gridType);
  const tokens = {
    "c-hero": place("tHero", hero, heroAt[0], heroAt[1], 1, heroAt[2] ?? 0),
    "c-imp": place("tImp", imp, 5, 5, -1),
  };
  const combatants = (combat as unknown as { combatants: Map<string, Record<string, unknown>> }).combatants;
  for (const [id, token] of Object.entries(tokens)) {
    const c = combatants.get(id)!;
    c.token = token;
    c.tokenId = token.id;
  }
  const actorsByUuid = new Map([hero, imp].map((a) => [a.uuid, a]));
  Object.assign(g, { Actor: { implementation: StandInActor }, fromUuidSync: (uuid: string) => actorsByUuid.get(uuid) });
  return { combat, hero, imp };
}

/** The posted turn summaries. */
function summaries() {
  return (standInGlobals.messages as unknown as Parameters<typeof readTurnSummary>[0][]).flatMap((message) => {
    const source = readTurnSummary(message);
    return source ? [{ message, source }] : [];
  });
}

describe.each([13, 14] as const)("Foundry v%s stand-ins", (generation) => {
  describe.each(RULESET_IDS.map((id) => [id]))("%s", (rulesetId) => {
    it("[SYS-MONSTERS] a turn start next to a Fire Shield imp: 1d6+1 fire (die 4) and its condition post in the hero's turn summary; each line's Undo takes back its own", async () => {
      standInGlobals.game.release.generation = generation;
      const { combat, hero } = fight(rulesetId, [6, 5]);
      // Wounds d20 rolls initiative every round (the hero's 20 before the imp's 1), then the aura's d6.
      if (rulesetId === "wounds-d20") standInRollFaces.push(20, 1);
      standInRollFaces.push(4);
      await combat.startCombat();
      await combat.settle();
      expect(combat.turnEventErrors).toEqual([]);
      const turn = summaries().find((s) => s.source.kind === "turn" && s.source.combatantId === "c-hero");
      expect(turn, "the hero's turn summary").toBeDefined();
      const lines = turn!.source.lines.map((l) => l.line);
      const damageAt = lines.findIndex((l) => l.key === "D20C.Aura.Step.Damage");
      const conditionAt = lines.findIndex((l) => l.key === "D20C.Aura.Step.Condition");
      expect(damageAt).toBeGreaterThanOrEqual(0);
      expect(conditionAt).toBeGreaterThan(damageAt);
      expect(lines[damageAt]!.data).toMatchObject({ effect: "Fire Shield", amount: 5, name: "c-hero" });
      const dealt = Number(lines[damageAt]!.data.dealt);
      expect(hero.source.hp.value).toBe(30 - dealt);
      expect(dealt).toBeGreaterThan(0);
      const shield = hero.effects.contents.find((e) => e.name === "Fire Shield");
      expect(shield?.statuses.has(CONDITION[rulesetId] ?? "")).toBe(true);

      // Undo the damage: the HP come back, the condition stays; then undo the condition.
      const undone = (i: number) => () => readTurnSummary(turn!.message)!.lines[i]!.undone;
      expect(await pressTurnLineUndo(onRenderTurnLine, turn!.message, damageAt, undone(damageAt))).toBe(true);
      expect(hero.source.hp.value).toBe(30);
      expect(hero.effects.contents.map((e) => e.name)).toContain("Fire Shield");
      expect(await pressTurnLineUndo(onRenderTurnLine, turn!.message, conditionAt, undone(conditionAt))).toBe(true);
      expect(hero.effects.contents.map((e) => e.name)).not.toContain("Fire Shield");
    });
  });

  it("[SYS-MONSTERS] a hero starting its turn two squares off, or flying 15 ft over the imp's neighbour square, is outside the aura 1: nothing posts", async () => {
    standInGlobals.game.release.generation = generation;
    for (const at of [
      [7, 5],
      [6, 5, 15],
    ] as [number, number, number?][]) {
      standInGlobals.messages.length = 0;
      const { combat, hero } = fight("hundred-dungeons", at);
      standInRollFaces.push(4);
      await combat.startCombat();
      await combat.settle();
      expect(hero.source.hp.value).toBe(30);
      // The aura's die was never rolled.
      expect(standInRollFaces).toEqual([4]);
      standInRollFaces.length = 0;
      expect(summaries().filter((s) => s.source.combatantId === "c-hero")).toEqual([]);
    }
  });

  it("[SYS-MONSTERS] on a gridless scene nothing is measured: the GM ticks the auras the creature starts its turn in", async () => {
    standInGlobals.game.release.generation = generation;
    const { combat, hero } = fight(
      "ffd20",
      [30, 30],
      0,
      fireShield("ffd20", { damage: { formula: "3", type: "fire" }, condition: "" }),
    );
    standInGlobals.dialogForms.push({ aura0: true });
    await combat.startCombat();
    await combat.settle();
    expect(hero.source.hp.value).toBe(27);
    expect(standInGlobals.dialogForms).toEqual([]);
  });
});
