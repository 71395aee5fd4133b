/**
 * [SYS-CANVAS] The attack read from the scene, driven through the REAL `rollAttack`
 * (src/workflows/attack.ts) with the attack stand-in and a stand-in scene (walls and tokens as plain
 * data, test/stand-ins/foundry-scene.ts): the dialog opens with one block per target pre-filled with
 * what the scene decided and why ([FF-COVER], [FF-CONCEAL], [HD-RANGED]); the values the user leaves or
 * changes are what each target is rolled with; shift-click uses the scene's values; the card lists
 * which modifiers came from the scene; the cover lines are drawn while the dialog is open; the world
 * setting turns all of it off. Every test runs against both generations' data shapes (v13 and v14
 * stand-ins: detection modes as a list or an object, drawn areas as templates or Regions; walls
 * answered by core's collision backends in both).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import type { ActorSource } from "../../src/engine/types.js";
import { ActorStandIn, ItemStandIn, standInAttackFaces, type AttackStandInState } from "../stand-ins/foundry-attack.js";
import {
  addWall,
  drawSquareRegion,
  installAttackSceneStandIn,
  placeSquareTemplate,
  placeToken,
  type SceneStandIn,
} from "../stand-ins/foundry-scene.js";
import { npc, power } from "./attack-fixtures.js";
import { attackCardIn } from "../support/card-messages.js";

const FF = getRuleset("ffd20");

let state: AttackStandInState;
let scene: SceneStandIn;
let uninstall: () => void;
let rollAttack: typeof RollAttackFn;

const archer = new ActorStandIn("archer", "Archer", npc(FF, 10));
const slitFoe = new ActorStandIn("slit", "Crossbowman", npc(FF, 10));
const openFoe = new ActorStandIn("open", "Goblin", npc(FF, 10));
const bow = new ItemStandIn(
  "power",
  "Longbow Shot",
  power({ range: "ranged", defense: "ac", attackBonus: 5, damage: "1d10" }),
);

/** The archer on (0, 0); a foe behind an arrow slit on (5, 0); a foe in the open on (0, 5). */
function battlefield(): void {
  scene.tokens.length = 0;
  scene.walls.length = 0;
  scene.drawn.length = 0;
  scene.blind.clear();
  scene.templates.length = 0;
  placeToken(scene, "tArcher", archer, 0, 0, 1);
  const a = placeToken(scene, "tSlit", slitFoe, 5, 0, -1);
  const b = placeToken(scene, "tOpen", openFoe, 0, 5, -1);
  addWall(scene, 4.5, -10, 4.5, 0.3);
  addWall(scene, 4.5, 0.7, 4.5, 10);
  state.targets.clear();
  state.targets.add(a);
  state.targets.add(b);
}

/** The form values a rendered dialog starts with (selected options, ticked boxes, typed numbers). */
function defaultsOf(html: string): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  for (const m of html.matchAll(/<select name="([^"]+)">([\s\S]*?)<\/select>/g)) {
    const selected = /<option value="([^"]*)"[^>]*selected/.exec(m[2] ?? "");
    const first = /<option value="([^"]*)"/.exec(m[2] ?? "");
    form[m[1] as string] = (selected ?? first)?.[1];
  }
  for (const m of html.matchAll(/<input type="checkbox" name="([^"]+)"([^>]*)>/g))
    form[m[1] as string] = /checked/.test(m[2] ?? "");
  for (const m of html.matchAll(/<input type="number" name="([^"]+)" value="([^"]*)"/g)) form[m[1] as string] = m[2];
  return form;
}

const cardOf = (): AttackCardData => attackCardIn(state.messages[0]!.data)!;

describe.each([13, 14] as const)("[SYS-CANVAS] on Foundry v%i", (generation) => {
  beforeAll(async () => {
    ({ state, scene, uninstall } = installAttackSceneStandIn(FF.id, { generation }));
    ({ rollAttack } = await import("../../src/workflows/attack.js"));
  });
  afterAll(() => uninstall());

  beforeEach(() => {
    state.messages.length = 0;
    state.dialogs.length = 0;
    state.errors.length = 0;
    standInAttackFaces.length = 0;
    void state.settings.set(SYSTEM_ID, "sceneReading", true);
    battlefield();
  });

  describe("[FF-CA] flanking read from the scene needs an ally who can act and see", () => {
    const sword = new ItemStandIn("power", "Sword Strike", power({ range: "melee", defense: "ac", attackBonus: 5 }));

    /** The fighter on (0, 8), a goblin on (1, 8), the ally on (2, 8) opposite: the goblin is targeted. */
    async function strike(
      allyState: ActorSource["state"],
      allyConditions: string[] = [],
      allyBlindTo: string[] = [],
    ): Promise<AttackCardData["targets"][number]> {
      scene.tokens.length = 0;
      scene.walls.length = 0;
      scene.blind.clear();
      if (allyBlindTo.length) scene.blind.set("tAlly", new Set(allyBlindTo));
      const fighter = new ActorStandIn("fighter", "Fighter", npc(FF, 10));
      const ally = new ActorStandIn("ally", "Ally", { ...npc(FF, 10), state: allyState, conditions: allyConditions });
      placeToken(scene, "tFighter", fighter, 0, 8, 1);
      const goblin = placeToken(scene, "tGoblin", openFoe, 1, 8, -1);
      placeToken(scene, "tAlly", ally, 2, 8, 1);
      state.targets.clear();
      state.targets.add(goblin);
      state.messages.length = 0;
      standInAttackFaces.push(12, 5);
      await rollAttack(fighter as never, sword as never, { fastForward: true });
      return cardOf().targets[0]!;
    }

    it("[FF-CA] an ally standing opposite flanks the goblin: +2 combat advantage from the scene", async () => {
      const t = await strike("active");
      expect(t.outcome.modifiers).toContainEqual(expect.objectContaining({ key: "combatAdvantage", value: 2 }));
    });

    it("[FF-CA] the same ally dying on the ground flanks no one: no combat advantage", async () => {
      const t = await strike("dying");
      expect(t.outcome.modifiers.map((m) => m.key)).not.toContain("combatAdvantage");
    });

    it("[FF-CA] the same ally blinded cannot see the goblin it would press: no combat advantage", async () => {
      const t = await strike("active", ["blinded"]);
      expect(t.outcome.modifiers.map((m) => m.key)).not.toContain("combatAdvantage");
    });

    it("[FF-CA] an ally whose token cannot see the goblin (invisible to it) presses no one: no combat advantage", async () => {
      const t = await strike("active", [], ["tGoblin"]);
      expect(t.outcome.modifiers.map((m) => m.key)).not.toContain("combatAdvantage");
      // Not seeing another creature changes nothing.
      const other = await strike("active", [], ["tFighter"]);
      expect(other.outcome.modifiers).toContainEqual(expect.objectContaining({ key: "combatAdvantage", value: 2 }));
    });
  });

  describe("[SYS-CANVAS] the attack dialog pre-filled from the scene", () => {
    it("[FF-COVER] each target's block starts at the scene's cover with the reason; the card lists it", async () => {
      let seen = "";
      state.dialogAnswer = null;
      // Answer the dialog with its own defaults: the user looks and presses Roll.
      const dialogs = state.dialogs;
      const push = dialogs.push.bind(dialogs);
      dialogs.push = (...configs: Record<string, unknown>[]) => {
        seen = String(configs[0]?.content ?? "");
        state.dialogAnswer = defaultsOf(seen);
        // The cover lines are on the canvas while the dialog is open: four per target.
        expect(scene.drawn).toHaveLength(1);
        expect(scene.drawn[0]!.segments).toHaveLength(8);
        expect(scene.drawn[0]!.destroyed).toBe(false);
        return push(...configs);
      };
      standInAttackFaces.push(12, 12, 5, 5);
      await rollAttack(archer as never, bow as never, { invert: true });
      dialogs.push = push;
      expect(state.errors).toEqual([]);
      expect(seen).toContain("superior cover: 3 of 4 lines blocked by a wall");
      expect(seen).toMatch(/name="cover-0">[\s\S]*?value="superior" selected/);
      expect(seen).toMatch(/name="cover-1">[\s\S]*?value="none" selected/);
      // The shared cover select is gone: the per-target blocks replace it.
      expect(seen).not.toContain('name="cover"');
      expect(scene.drawn[0]!.destroyed).toBe(true);
      const card = cardOf();
      const [slit, open] = card.targets;
      expect(slit!.outcome.modifiers).toContainEqual(expect.objectContaining({ key: "cover", value: -5 }));
      expect(slit!.scene).toEqual([{ text: "superior cover: 3 of 4 lines blocked by a wall", kept: true }]);
      expect(open!.outcome.modifiers.map((m) => m.key)).not.toContain("cover");
      expect(open!.scene).toBeUndefined();
    });

    it("[FF-COVER] a value changed in the dialog is rolled, and the card marks the scene's note as changed", async () => {
      state.dialogAnswer = { "cover-0": "partial", "cover-1": "none", bonus: "0" };
      standInAttackFaces.push(12, 12, 5, 5);
      await rollAttack(archer as never, bow as never, { invert: true });
      const slit = cardOf().targets[0]!;
      expect(slit.outcome.modifiers).toContainEqual(expect.objectContaining({ key: "cover", value: -2 }));
      expect(slit.scene).toEqual([{ text: "superior cover: 3 of 4 lines blocked by a wall", kept: false }]);
    });

    it("[FF-COVER] [FF-CONCEAL] shift-click rolls with the scene's values: cover and an unseen target's concealment", async () => {
      scene.blind.set("tArcher", new Set(["tOpen"]));
      standInAttackFaces.push(12, 12, 5, 5);
      await rollAttack(archer as never, bow as never, { fastForward: true });
      expect(state.dialogs).toHaveLength(0);
      const [slit, open] = cardOf().targets;
      expect(slit!.outcome.modifiers).toContainEqual(expect.objectContaining({ key: "cover", value: -5 }));
      expect(open!.outcome.modifiers).toContainEqual(expect.objectContaining({ key: "concealment", value: -5 }));
      expect(open!.scene).toEqual([{ text: "the attacker cannot see the target", kept: true }]);
    });

    it("[SYS-CANVAS] with the world setting off the dialog is today's and nothing comes from the scene", async () => {
      await state.settings.set(SYSTEM_ID, "sceneReading", false);
      state.dialogAnswer = {};
      standInAttackFaces.push(12, 12, 5, 5);
      await rollAttack(archer as never, bow as never);
      const content = String(state.dialogs[0]?.content ?? "");
      expect(content).toContain('name="cover"');
      expect(content).not.toContain("cover-0");
      expect(scene.drawn).toHaveLength(0);
      expect(cardOf().targets.every((t) => t.scene === undefined)).toBe(true);
      expect(cardOf().targets[0]!.outcome.modifiers.map((m) => m.key)).not.toContain("cover");
    });

    it("[SYS-CANVAS] [FF-COVER] when needed (the default), a scene read for every target asks nothing: its values are rolled", async () => {
      standInAttackFaces.push(12, 12, 5, 5);
      await rollAttack(archer as never, bow as never);
      expect(state.dialogs).toHaveLength(0);
      expect(cardOf().targets[0]!.outcome.modifiers).toContainEqual(
        expect.objectContaining({ key: "cover", value: -5 }),
      );
    });

    it("[SYS-CANVAS] [FF-CONCEAL] a target the scene could not read (another Level, no canvas) is a question: the dialog opens", async () => {
      await state.settings.set(SYSTEM_ID, "sceneReading", false);
      state.dialogAnswer = {};
      standInAttackFaces.push(12, 12, 5, 5);
      await rollAttack(archer as never, bow as never);
      expect(state.dialogs).toHaveLength(1);
    });

    it("[FF-CRITDMG] [FF-CONDHELPLESS] a helpless target is a question (coup de grace is the player's choice): the dialog opens", async () => {
      const sleeper = new ActorStandIn("sleeper", "Sleeping Goblin", { ...npc(FF, 10), conditions: ["unconscious"] });
      state.targets.clear();
      state.targets.add(placeToken(scene, "tSleeper", sleeper, 1, 0, -1));
      state.dialogAnswer = {};
      standInAttackFaces.push(12, 5);
      await rollAttack(archer as never, bow as never);
      expect(state.dialogs).toHaveLength(1);
      expect(String(state.dialogs[0]!.content)).toContain('name="coupDeGrace"');
    });

    it("[SYS-HIDDEN] [FF-CONCEAL] a player's dialog never offers the wrong square (only the GM knows where the unseen target is); the GM's does", async () => {
      scene.blind.set("tArcher", new Set(["tOpen"]));
      state.dialogAnswer = { wrongSquare: "on", bonus: "0" };
      standInAttackFaces.push(12, 12, 5, 5);
      await rollAttack(archer as never, bow as never, { invert: true });
      const player = String(state.dialogs[0]!.content);
      expect(player).not.toContain("wrongSquare");
      expect(player).not.toContain("Wrong square");
      // A forged answer cannot set it either: the player's attack is not decided as a wrong square.
      expect(cardOf().targets.map((t) => t.outcome.result)).not.toContain("autoMiss");
      const user = (globalThis as unknown as { game: { user: { isGM: boolean } } }).game.user;
      user.isGM = true;
      try {
        state.messages.length = 0;
        standInAttackFaces.push(12, 12, 5, 5);
        await rollAttack(archer as never, bow as never, { invert: true });
        expect(String(state.dialogs[1]!.content)).toContain('name="wrongSquare"');
      } finally {
        user.isGM = false;
      }
    });

    it("[SYS-CANVAS] a gridless scene is not read", async () => {
      scene.gridType = 0;
      try {
        standInAttackFaces.push(12, 12, 5, 5);
        await rollAttack(archer as never, bow as never, { fastForward: true });
        expect(cardOf().targets.every((t) => t.scene === undefined)).toBe(true);
      } finally {
        scene.gridType = 1;
      }
    });

    it("[FF-COVER] an area attack on a placed template targets exactly the creatures in it, cover from its origin", async () => {
      const fireball = new ItemStandIn(
        "power",
        "Fire Burst",
        power({ range: "area", defense: "ref", attackBonus: 5, damage: "1d6" }),
      );
      // A 3×3 template whose origin square is (4, 1): the crossbowman on (5, 0) and the archer are
      // outside it, the two goblins placed inside are in. The traces start at the origin square's
      // corners, from which both goblins are in the clear.
      const inside = new ActorStandIn("inside", "Goblin Cutter", npc(FF, 10));
      const inToken = placeToken(scene, "tInside", inside, 5, 2, -1);
      const edge = new ActorStandIn("edge", "Goblin Sneak", npc(FF, 10));
      placeToken(scene, "tEdge", edge, 6, 3, -1);
      // v13: a measured template; v14: a Region drawn with the rectangle tool (API v14 RegionDocument).
      if (generation >= 14) drawSquareRegion(scene, 4, 1, 3, "userStandIn", 2);
      else placeSquareTemplate(scene, 4, 1, 3, "userStandIn");
      // Another user's newer area and this user's older one are not it.
      if (generation >= 14) {
        drawSquareRegion(scene, 0, 0, 9, "someoneElse", 3);
        drawSquareRegion(scene, 0, 6, 2, "userStandIn", 1);
      }
      state.targets.clear();
      standInAttackFaces.push(12, 12, 3, 3);
      await rollAttack(archer as never, fireball as never, { fastForward: true });
      expect(state.errors).toEqual([]);
      const card = cardOf();
      expect(card.targets.map((t) => t.name)).toEqual(["Goblin Cutter", "Goblin Sneak"]);
      expect(card.targets[0]!.uuid).toBe(inToken.document.uuid);
      // One card, one roll per target.
      expect(state.messages).toHaveLength(1);
      expect(card.dice).toHaveLength(2);
      expect(card.targets.every((t) => !t.outcome.modifiers.some((m) => m.key === "cover"))).toBe(true);
      // The drawn area is removed once the card is posted (the others stay).
      if (generation >= 14) expect(scene.drawnRegions.map((r) => r._stats.createdTime)).toEqual([3, 1]);
      else expect(scene.templates).toHaveLength(0);
    });
  });
});
