/**
 * [FF-CONCEAL] Concealment from obscured squares read from the scene: a Region the GM marks lightly,
 * heavily or totally obscured (its configuration sheet's field, the Region's system flag) gives a
 * target standing in it concealment −2, or −5, as the text's table says (heavily obscured: −2 when
 * adjacent, −5 otherwise), pre-filled like cover. Driven through the REAL `rollAttack` on the attack
 * and scene stand-ins, and the REAL Region configuration hook on a rendered-sheet stand-in.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { blankSituation } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { Obscurement, SceneAttackInput } from "../../src/engine/scene.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import { ActorStandIn, ItemStandIn, standInAttackFaces, type AttackStandInState } from "../stand-ins/foundry-attack.js";
import { BootHooksStandIn } from "../stand-ins/foundry-boot.js";
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
const sword = new ItemStandIn("power", "Sword Strike", power({ range: "melee", defense: "ac", attackBonus: 5 }));
const burst = new ItemStandIn("power", "Thunder Wave", power({ range: "close", defense: "fort", attackBonus: 5 }));

/** The archer on (0, 0), the goblin on (col, 0) inside a one-square Region marked `level` (if any). */
function battlefield(col: number, level: Obscurement | "" | null): void {
  scene.tokens.length = 0;
  scene.walls.length = 0;
  scene.drawnRegions.length = 0;
  scene.blind.clear();
  placeToken(scene, "tArcher", archer, 0, 0, 1);
  const t = placeToken(scene, "tFoe", foe, col, 0, -1);
  if (level !== null)
    Object.assign(drawSquareRegion(scene, col, 0, 1, "gmStandIn", 1), { flags: { [SYSTEM_ID]: { obscured: level } } });
  state.targets.clear();
  state.targets.add(t);
}

const concealmentOf = (card: AttackCardData) =>
  card.targets[0]!.outcome.modifiers.find((m) => m.key === "concealment")?.value ?? 0;

async function attack(item: ItemStandIn): Promise<AttackCardData> {
  state.messages.length = 0;
  standInAttackFaces.push(12, 5);
  await rollAttack(archer as never, item as never, { fastForward: true });
  return attackCardIn(state.messages[0]!.data)!;
}

beforeAll(async () => {
  ({ state, scene, uninstall } = installAttackSceneStandIn(FF.id));
  ({ rollAttack } = await import("../../src/workflows/attack.js"));
});
afterAll(() => uninstall());
beforeEach(() => {
  state.messages.length = 0;
  state.dialogs.length = 0;
  standInAttackFaces.length = 0;
  void state.settings.set(SYSTEM_ID, "sceneReading", true);
});

describe("[FF-CONCEAL] obscured squares from the scene, through the attack", () => {
  it("[FF-CONCEAL] a heavily obscured square: −5 against a target not adjacent, −2 against an adjacent one, with the reason on the card", async () => {
    battlefield(4, "heavy");
    const far = await attack(bow);
    expect(concealmentOf(far)).toBe(-5);
    expect(JSON.stringify(far.targets[0]!.scene)).toContain("heavily obscured square, not adjacent");
    battlefield(1, "heavy");
    const near = await attack(sword);
    expect(concealmentOf(near)).toBe(-2);
    expect(JSON.stringify(near.targets[0]!.scene)).toContain("heavily obscured square, adjacent");
  });

  it("[FF-CONCEAL] lightly obscured −2 and totally obscured −5 wherever the target stands; no mark, an empty or unknown one, or a Region elsewhere gives nothing", async () => {
    battlefield(4, "light");
    expect(concealmentOf(await attack(bow))).toBe(-2);
    battlefield(1, "total");
    expect(concealmentOf(await attack(sword))).toBe(-5);
    for (const none of [null, ""] as const) {
      battlefield(4, none);
      expect(concealmentOf(await attack(bow))).toBe(0);
    }
    battlefield(4, "heavy");
    scene.drawnRegions[0]!.polygonTree = { testPoint: () => false };
    expect(concealmentOf(await attack(bow))).toBe(0);
  });

  it("[FF-CONCEAL] close and area attacks take no concealment from an obscured square", async () => {
    battlefield(1, "total");
    const card = await attack(burst);
    expect(card.targets.length).toBeGreaterThan(0);
    expect(concealmentOf(card)).toBe(0);
  });
});

describe("[FF-CONCEAL] the rule of the scene reading (pure)", () => {
  const input = (targetObscured: Obscurement | null, col: number, over: Partial<SceneAttackInput> = {}) =>
    ({
      field: {
        walls: [],
        tokens: [
          { id: "a", x: 0, y: 0, size: 1, standing: "self" as const },
          { id: "t", x: col, y: 0, size: 1, standing: "enemy" as const },
        ],
      },
      attackerId: "a",
      targetId: "t",
      range: "ranged" as const,
      attackerSeesTarget: true,
      targetSeesAttacker: true,
      options: {},
      targetObscured,
      ...over,
    }) satisfies SceneAttackInput;

  it("[FF-CONCEAL] light → concealment; heavy → concealment adjacent, total concealment beyond; total → total concealment; an unseen target is totally concealed anyway", () => {
    const read = (i: SceneAttackInput) => FF.readScene!(i).situation.concealment;
    expect(read(input("light", 5))).toBe("partial");
    expect(read(input("heavy", 1))).toBe("partial");
    expect(read(input("heavy", 2))).toBe("total");
    expect(read(input("total", 1))).toBe("total");
    expect(read(input(null, 5))).toBe("none");
    expect(read(input("light", 5, { attackerSeesTarget: false }))).toBe("total");
    expect(read(input("total", 1, { range: "close" }))).toBeUndefined();
    void blankSituation;
  });
});

describe("[FF-CONCEAL] the Region configuration's obscurement field", () => {
  let hooks: BootHooksStandIn;
  let saved: unknown;
  beforeAll(async () => {
    const g = globalThis as Record<string, unknown>;
    saved = g.Hooks;
    hooks = new BootHooksStandIn();
    g.Hooks = hooks;
    const handlebars = (g.foundry as { applications: { handlebars: Record<string, unknown> } }).applications.handlebars;
    handlebars.loadTemplates = async () => [];
    const { registerRegionObscurement } = await import("../../src/canvas/region-obscurement.js");
    registerRegionObscurement();
  });
  afterAll(() => {
    (globalThis as Record<string, unknown>).Hooks = saved;
  });

  /** A rendered Region configuration: its identity tab records what is inserted. */
  function regionSheet() {
    const inserted: string[] = [];
    const tab = {
      insertAdjacentHTML: (_where: string, html: string) => inserted.push(html),
      querySelector: (sel: string) => (inserted.some((h) => h.includes(sel.slice(7, -2))) ? {} : null),
    };
    const element = { querySelector: (sel: string) => (sel === '.tab[data-tab="identity"]' ? tab : null) };
    return { element, inserted };
  }

  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  };

  it("[FF-CONCEAL] the GM's Region sheet offers the obscurement, its current value selected, named as the Region's system flag; rendered again it is not added twice", async () => {
    const { element, inserted } = regionSheet();
    const app = { document: { id: "r1", flags: { [SYSTEM_ID]: { obscured: "heavy" } } } };
    hooks.callAll("renderRegionConfig", app, element);
    await settle();
    expect(inserted).toHaveLength(1);
    const html = inserted[0]!;
    expect(html).toContain(`name="flags.${SYSTEM_ID}.obscured"`);
    expect(html).toMatch(/<option value="heavy" selected>Heavily obscured/);
    for (const v of ["", "light", "total"]) expect(html).toContain(`<option value="${v}">`);
    hooks.callAll("renderRegionConfig", app, element);
    await settle();
    expect(inserted).toHaveLength(1);
  });
});
