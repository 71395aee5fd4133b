/**
 * [HD-MIGHTY] A creature with the attack trait `packTactics` (imported from a 5th-edition monster's
 * Pack Tactics, issue 42) attacks mighty while an ally able to act stands next to its target.
 * Driven through the REAL `rollAttack` on the attack and scene stand-ins: the scene reading passes
 * the attacker's traits to the game's reading, which decides; the card shows the two d20s and why.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import { ActorStandIn, ItemStandIn, standInAttackFaces, type AttackStandInState } from "../stand-ins/foundry-attack.js";
import { installAttackSceneStandIn, placeToken, type SceneStandIn } from "../stand-ins/foundry-scene.js";
import { attackCardIn } from "../support/card-messages.js";
import { npc, power } from "./attack-fixtures.js";

const HD = getRuleset("hundred-dungeons");

let state: AttackStandInState;
let scene: SceneStandIn;
let uninstall: () => void;
let rollAttack: typeof RollAttackFn;

const bite = new ItemStandIn("power", "Bite", power({ range: "melee", defense: "def", attackBonus: 2 }));

/** A wolf with pack tactics at (0, 0), a goblin it attacks at (1, 0), and the wolf's packmate at `mate` (or none). */
function battlefield(mate: [number, number] | null, traits = ["packTactics"]): ActorStandIn {
  scene.tokens.length = 0;
  scene.walls.length = 0;
  scene.blind.clear();
  const wolf = new ActorStandIn("wolf", "Wolf", npc(HD, 10, { attackTraits: traits }));
  placeToken(scene, "tWolf", wolf, 0, 0, -1);
  const g = placeToken(scene, "tGoblin", new ActorStandIn("goblin", "Goblin", npc(HD, 10)), 1, 0, 1);
  if (mate) placeToken(scene, "tMate", new ActorStandIn("mate", "Packmate", npc(HD, 10)), mate[0], mate[1], -1);
  state.targets.clear();
  state.targets.add(g);
  return wolf;
}

const cardOf = (): AttackCardData => attackCardIn(state.messages[0]!.data)!;

beforeAll(async () => {
  ({ state, scene, uninstall } = installAttackSceneStandIn(HD.id));
  ({ rollAttack } = await import("../../src/workflows/attack.js"));
});
afterAll(() => uninstall());
beforeEach(() => {
  state.messages.length = 0;
  state.dialogs.length = 0;
  state.dialogAnswer = null;
  standInAttackFaces.length = 0;
  void state.settings.set(SYSTEM_ID, "sceneReading", true);
});

describe("[HD-MIGHTY] pack tactics read from the scene", () => {
  it("[HD-MIGHTY] a packmate next to the goblin: the wolf's bite is mighty (the higher of two d20s), and the card says why", async () => {
    const wolf = battlefield([2, 0]);
    standInAttackFaces.push(6, 17, 4);
    await rollAttack(wolf as never, bite as never, { fastForward: true });
    const t = cardOf().targets[0]!;
    expect(t.outcome.mode).toBe("mighty");
    expect(t.outcome.natural).toBe(17);
    expect(JSON.stringify(t.scene)).toContain("pack tactics: an ally able to act stands next to the target");
  });

  it("[HD-MIGHTY] the packmate two squares off, or a wolf without the trait: one d20, no mighty", async () => {
    const far = battlefield([3, 0]);
    standInAttackFaces.push(6, 4);
    await rollAttack(far as never, bite as never, { fastForward: true });
    expect(cardOf().targets[0]!.outcome).toMatchObject({ mode: "normal", natural: 6 });
    state.messages.length = 0;
    standInAttackFaces.length = 0;
    const plain = battlefield([2, 0], []);
    standInAttackFaces.push(6, 4);
    await rollAttack(plain as never, bite as never, { fastForward: true });
    expect(cardOf().targets[0]!.outcome).toMatchObject({ mode: "normal", natural: 6 });
  });
});
