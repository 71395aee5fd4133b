/**
 * [SYS-MONSTERS] A token move into an aura, through the real entry point: the system's
 * `moveToken` hook (src/workflows/auras.ts `registerAuraHooks`) on the active GM's client, with
 * the real D20Combat on the Combat stand-in as `game.combat`. A move that brings a combatant into
 * an `enter` aura posts the aura's damage and condition as a summary of the combat, each line with
 * the GM's Undo; a move that stays inside, or a move outside, posts nothing. Per game, on the v13
 * and v14 stand-ins; dice recorded.
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
type Hook = (doc: unknown, movement: object, operation: object, user: string) => void;
const hooks = new Map<string, Hook[]>();
const g = globalThis as Record<string, unknown>;
let saved: Record<string, unknown> = {};
const plainGet = standInGlobals.game.settings.get;

beforeAll(async () => {
  ({ onRenderTurnLine } = await import("../../src/workflows/turn-chat.js"));
  const savedHooks = g.Hooks;
  g.Hooks = { on: (name: string, fn: Hook) => void hooks.set(name, [...(hooks.get(name) ?? []), fn]) };
  const { registerAuraHooks } = await import("../../src/workflows/auras.js");
  registerAuraHooks();
  g.Hooks = savedHooks;
});
beforeEach(() => {
  saved = { CONST: g.CONST, Actor: g.Actor, fromUuidSync: g.fromUuidSync };
  g.CONST = { GRID_TYPES: { GRIDLESS: 0, SQUARE: 1 } };
  standInGlobals.game.settings.get = (ns: string, key: string) => (key === "sceneReading" ? true : plainGet(ns, key));
});
afterEach(() => {
  Object.assign(g, saved);
  standInGlobals.game.settings.get = plainGet;
  delete (standInGlobals.game as { combat?: unknown }).combat;
});
afterAll(() => {
  standInGlobals.game.settings.get = plainGet;
});

/** A condition each game names: what the aura's condition is. */
const CONDITION: Record<RulesetId, string> = {
  "13th-age": "weakened",
  ffd20: "slowed",
  "hundred-dungeons": "poisoned",
  "wounds-d20": "staggered",
};

const thorns = (rulesetId: RulesetId): AuraSpec => ({
  name: "Burning Brambles",
  radius: 2,
  who: "enemies",
  when: "enter",
  damage: { formula: "1d4", type: "fire" },
  condition: CONDITION[rulesetId] ?? "",
  modifier: { target: "none", value: 0 },
  belowHp: 0,
});

let fightNo = 0;

/** The hero 5 squares east of a briar with a Burning Brambles (aura 2: one square between them at most, on entering), in a combat. */
function fight(rulesetId: RulesetId) {
  standInGlobals.rulesetId = rulesetId;
  const R = getRuleset(rulesetId);
  const n = ++fightNo;
  const hero = new StandInActor(`hero${n}`, defaultActorSource({ hp: { value: 30, max: 30, temp: 0 } }), true);
  const briar = new StandInActor(`briar${n}`, npc(R, 15, { auras: [thorns(rulesetId)] }));
  const combat = battle([
    { id: "c-hero", actor: hero, initiative: 20 },
    { id: "c-briar", actor: briar, initiative: 5 },
  ]);
  const scene = { id: "scene1", grid: { type: 1, size: 100, distance: 5 }, tokens: { contents: [] as object[] } };
  const place = (id: string, actor: StandInActor, col: number, disposition: number) => {
    const doc = { id, x: col * 100, y: 500, width: 1, disposition, elevation: 0, hidden: false, actor, parent: scene };
    scene.tokens.contents.push(doc);
    return doc;
  };
  const heroDoc = place(`tHero${n}`, hero, 10, 1);
  place(`tBriar${n}`, briar, 5, -1);
  const combatants = (combat as unknown as { combatants: Map<string, Record<string, unknown>> }).combatants;
  combatants.get("c-hero")!.tokenId = heroDoc.id;
  combatants.get("c-briar")!.tokenId = `tBriar${n}`;
  (standInGlobals.game as { combat?: unknown }).combat = combat;
  const actorsByUuid = new Map([hero, briar].map((a) => [a.uuid, a]));
  Object.assign(g, { Actor: { implementation: StandInActor }, fromUuidSync: (uuid: string) => actorsByUuid.get(uuid) });
  /**
   * The hero's user drags its token to column `col`: after the update, Foundry's `moveToken` with the
   * movement's origin (where it stood) and the waypoints passed (API v13/v14 `hookEvents.moveToken`).
   */
  const moveHero = async (col: number) => {
    const origin = { x: heroDoc.x, y: heroDoc.y, elevation: heroDoc.elevation };
    heroDoc.x = col * 100;
    const movement = { origin, passed: { waypoints: [{ x: heroDoc.x, y: heroDoc.y }] } };
    for (const fn of hooks.get("moveToken") ?? []) fn(heroDoc, movement, {}, "userStandIn");
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
  };
  return { combat, hero, moveHero };
}

function summaries() {
  return (standInGlobals.messages as unknown as Parameters<typeof readTurnSummary>[0][]).flatMap((message) => {
    const source = readTurnSummary(message);
    return source ? [{ message, source }] : [];
  });
}

describe.each([13, 14] as const)("Foundry v%s stand-ins", (generation) => {
  describe.each(RULESET_IDS.map((id) => [id]))("%s", (rulesetId) => {
    it("[SYS-MONSTERS] the hero walks into the Burning Brambles (aura 2): 1d4 fire (die 3) and its condition post with Undo; walking on inside posts nothing more", async () => {
      standInGlobals.game.release.generation = generation;
      const { hero, moveHero } = fight(rulesetId);
      standInRollFaces.push(3);
      await moveHero(7);
      expect(standInRollFaces).toEqual([]);
      const posted = summaries();
      expect(posted).toHaveLength(1);
      const { message, source } = posted[0]!;
      const keys = source.lines.map((l) => l.line.key);
      expect(keys).toEqual(["D20C.Aura.Step.Damage", "D20C.Aura.Step.Condition"]);
      expect(source.lines[0]!.line.data).toMatchObject({ effect: "Burning Brambles", amount: 3 });
      const dealt = Number(source.lines[0]!.line.data.dealt);
      expect(dealt).toBeGreaterThan(0);
      expect(hero.source.hp.value).toBe(30 - dealt);
      expect(hero.statuses.has(CONDITION[rulesetId] ?? "")).toBe(true);
      // Inside already: a step within the brambles enters nothing.
      await moveHero(6);
      expect(summaries()).toHaveLength(1);
      // The GM's Undo of the damage line gives the HP back.
      const undone = () => readTurnSummary(message)!.lines[0]!.undone;
      expect(await pressTurnLineUndo(onRenderTurnLine, message, 0, undone)).toBe(true);
      expect(hero.source.hp.value).toBe(30);
    });
  });

  it("[SYS-MONSTERS] a move that stays outside the brambles, or a player's client that is not the GM's, posts nothing", async () => {
    standInGlobals.game.release.generation = generation;
    const { hero, moveHero } = fight("hundred-dungeons");
    standInRollFaces.push(3);
    await moveHero(12);
    expect(summaries()).toEqual([]);
    standInGlobals.game.users.activeGM = { isSelf: false };
    await moveHero(7);
    expect(summaries()).toEqual([]);
    expect(hero.source.hp.value).toBe(30);
    standInRollFaces.length = 0;
  });
});
