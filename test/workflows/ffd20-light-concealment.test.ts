/**
 * [FF-CONCEAL] Concealment from the scene's light: the text's obscured squares name "squares of dim
 * light" lightly obscured (−2) and "squares of darkness" totally obscured (−5). Read from Foundry's
 * lighting (the scene's global light, its light sources' bright and dim radii, darkness sources)
 * through the compat seam (src/compat/lighting.ts), seen through the attacker's vision mode
 * (darkvision takes dim light and darkness as bright, light amplification dim light), pre-filled
 * like cover with the reason. Driven through the REAL `rollAttack` on the attack and scene
 * stand-ins with recorded dice; a pure part checks the rule's two functions.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { lightSeenBy } from "../../src/compat/lighting.js";
import { getRuleset } from "../../src/engine/registry.js";
import { lightObscurement } from "../../src/engine/scene.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import { ActorStandIn, ItemStandIn, standInAttackFaces, type AttackStandInState } from "../stand-ins/foundry-attack.js";
import {
  drawSquareRegion,
  installAttackSceneStandIn,
  placeToken,
  type SceneStandIn,
} from "../stand-ins/foundry-scene.js";
import { attackCardIn } from "../support/card-messages.js";
import { npc, power } from "./attack-fixtures.js";

const FF = getRuleset("ffd20");

let state: AttackStandInState;
let scene: SceneStandIn;
let uninstall: () => void;
let rollAttack: typeof RollAttackFn;

const archer = new ActorStandIn("archer", "Archer", npc(FF, 10));
const foe = new ActorStandIn("foe", "Goblin", npc(FF, 10));
const bow = new ItemStandIn("power", "Longbow Shot", power({ range: "ranged", defense: "ac", attackBonus: 5 }));
const burst = new ItemStandIn("power", "Thunder Wave", power({ range: "close", defense: "fort", attackBonus: 5 }));

/** A square is 100 px: the archer on (0, 0), the goblin on (4, 0) (centre 450, 50), with the attacker's vision mode. */
function battlefield(visionMode = "basic"): void {
  scene.tokens.length = 0;
  scene.drawnRegions.length = 0;
  scene.blind.clear();
  const a = placeToken(scene, "tArcher", archer, 0, 0, 1);
  Object.assign(a.document, { sight: { enabled: true, visionMode } });
  const t = placeToken(scene, "tFoe", foe, 4, 0, -1);
  state.targets.clear();
  state.targets.add(t);
}

/** A torch at the goblin's centre shining bright to `bright` px and dim to `dim` px, the global light off. */
function torch(bright: number, dim: number, at = { x: 450, y: 50 }): void {
  scene.globalLight = false;
  scene.lights.push({ ...at, bright, dim });
}

const concealmentOf = (card: AttackCardData) =>
  card.targets[0]!.outcome.modifiers.find((m) => m.key === "concealment")?.value ?? 0;

async function attack(item: ItemStandIn = bow): Promise<AttackCardData> {
  state.messages.length = 0;
  standInAttackFaces.push(12, 5);
  await rollAttack(archer as never, item as never, { fastForward: true });
  return attackCardIn(state.messages[0]!.data)!;
}

beforeAll(async () => {
  ({ state, scene, uninstall } = installAttackSceneStandIn(FF.id));
  ({ rollAttack } = await import("../../src/workflows/attack.js"));
});
afterAll(() => {
  scene.globalLight = true;
  uninstall();
});
beforeEach(() => {
  state.messages.length = 0;
  state.dialogs.length = 0;
  standInAttackFaces.length = 0;
  scene.globalLight = true;
  scene.lights.length = 0;
  scene.darkness.length = 0;
  void state.settings.set(SYSTEM_ID, "sceneReading", true);
});

describe("[FF-CONCEAL] the scene's light, through the attack", () => {
  it("[FF-CONCEAL] the global light shining: bright everywhere, no concealment", async () => {
    battlefield();
    expect(concealmentOf(await attack())).toBe(0);
  });

  it("[FF-CONCEAL] in a torch's bright radius no concealment; in its dim ring −2 (dim light is lightly obscured), with the reason on the card", async () => {
    battlefield();
    torch(100, 200);
    expect(concealmentOf(await attack())).toBe(0);
    scene.lights.length = 0;
    torch(100, 200, { x: 600, y: 50 });
    const dim = await attack();
    expect(concealmentOf(dim)).toBe(-2);
    expect(JSON.stringify(dim.targets[0]!.scene)).toContain("the target stands in dim light");
  });

  it("[FF-CONCEAL] outside every light, with the global light off: darkness, −5, though the attacker's vision still finds the target", async () => {
    battlefield();
    torch(100, 200, { x: 1450, y: 50 });
    const dark = await attack();
    expect(concealmentOf(dark)).toBe(-5);
    expect(JSON.stringify(dark.targets[0]!.scene)).toContain("the target stands in darkness");
  });

  it("[FF-CONCEAL] a darkness source over the target: −5 even under the global light", async () => {
    battlefield();
    scene.darkness.push({ x: 450, y: 50, radius: 150 });
    expect(concealmentOf(await attack())).toBe(-5);
  });

  it("[FF-CONCEAL] a darkvision attacker takes dim light and darkness as bright; light amplification only dim light", async () => {
    battlefield("darkvision");
    torch(100, 200, { x: 600, y: 50 });
    expect(concealmentOf(await attack())).toBe(0);
    scene.lights.length = 0;
    expect(concealmentOf(await attack())).toBe(0);
    battlefield("lightAmplification");
    torch(100, 200, { x: 600, y: 50 });
    expect(concealmentOf(await attack())).toBe(0);
    scene.lights.length = 0;
    expect(concealmentOf(await attack())).toBe(-5);
  });

  it("[FF-CONCEAL] the worse of the light and a marked Region counts: dim light in a heavily obscured Region, not adjacent, is −5 for the Region", async () => {
    battlefield();
    torch(100, 200, { x: 600, y: 50 });
    Object.assign(drawSquareRegion(scene, 4, 0, 1, "gmStandIn", 1), { flags: { [SYSTEM_ID]: { obscured: "heavy" } } });
    const card = await attack();
    expect(concealmentOf(card)).toBe(-5);
    expect(JSON.stringify(card.targets[0]!.scene)).toContain("heavily obscured square, not adjacent");
  });

  it("[FF-CONCEAL] close and area attacks take no concealment from the light", async () => {
    battlefield();
    scene.darkness.push({ x: 450, y: 50, radius: 150 });
    const card = await attack(burst);
    expect(concealmentOf(card)).toBe(0);
  });
});

describe("[FF-CONCEAL] the light's rule (pure)", () => {
  it("[FF-CONCEAL] dim light is lightly obscured, darkness totally, bright light not at all", () => {
    expect(lightObscurement("dim")).toBe("light");
    expect(lightObscurement("dark")).toBe("total");
    expect(lightObscurement("bright")).toBeNull();
    expect(lightObscurement(null)).toBeNull();
    expect(lightSeenBy("dim", "darkvision")).toBe("bright");
    expect(lightSeenBy("dark", "darkvision")).toBe("bright");
    expect(lightSeenBy("dim", "lightAmplification")).toBe("bright");
    expect(lightSeenBy("dark", "lightAmplification")).toBe("dark");
    expect(lightSeenBy("dim", "basic")).toBe("dim");
    expect(lightSeenBy(null, "darkvision")).toBeNull();
  });
});
