/**
 * [HD-COND] Frightened: "your abilities are weak while the source of your fear is in your line of
 * sight" for a TARGET's save against a save-based power ([HD-ATK] "ability roll"), as the sheet's
 * own saves already honour it. Driven through the real attack (`rollAttack`, the sheet's attack
 * button) on the attack and scene stand-ins with recorded dice: the scene's sight test between the
 * frightened target and its fear's source (the effect's creator) decides whether its save throws the
 * lower of two d20s; a scene that is not read keeps the save weak.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { effectCreateData } from "../../src/data/effects.js";
import { plainEffectData } from "../../src/engine/effects.js";
import { getRuleset } from "../../src/engine/registry.js";
import { planAttack, plainSituation } from "../../src/engine/plans/attack.js";
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

/** A Wisdom save against DC 13, 2d6 psychic, half on a success. */
const gaze = new ItemStandIn(
  "power",
  "Dread Gaze",
  power({
    range: "ranged",
    damage: "2d6",
    damageTypes: ["psychic"],
    saveAttack: { save: "wis", dc: 13, onSuccess: "half" },
  }),
);

const hag = new ActorStandIn("hag", "Hag", npc(HD, 10));

/** A frightened goblin (its fear from the dragon's combatant `cDragon`) the hag gazes at; the dragon 6 squares off. */
function battlefield(): ActorStandIn {
  scene.tokens.length = 0;
  scene.walls.length = 0;
  scene.blind.clear();
  const goblin = new ActorStandIn(
    "goblin",
    "Goblin",
    npc(HD, 10, { conditions: ["frightened"], abilities: { str: 0, dex: 0, con: 0, int: 0, wis: 2, cha: 0 } }),
  );
  goblin.effects = [
    {
      id: "fear",
      ...effectCreateData({
        ...plainEffectData(),
        name: "Dragon's dread",
        statuses: ["frightened"],
        duration: "saveEnds",
        sourceCombatantId: "cDragon",
      }),
      statuses: new Set(["frightened"]),
    },
  ];
  const dragon = new ActorStandIn("dragon", "Dragon", npc(HD, 18));
  placeToken(scene, "tHag", hag, 0, 0, -1);
  const g = placeToken(scene, "tGoblin", goblin, 3, 0, 1);
  const d = placeToken(scene, "tDragon", dragon, 9, 0, -1);
  Object.assign(d.document, { combatant: { id: "cDragon" } });
  state.targets.clear();
  state.targets.add(g);
  return goblin;
}

async function gazeCard(faces: number[]): Promise<AttackCardData> {
  state.messages.length = 0;
  standInAttackFaces.push(...faces);
  await rollAttack(hag as never, gaze as never, { fastForward: true });
  expect(standInAttackFaces, state.errors.join("; ")).toEqual([]);
  return attackCardIn(state.messages[0]!.data)!;
}

beforeAll(async () => {
  ({ state, scene, uninstall } = installAttackSceneStandIn(HD.id));
  // Who rolls the save is not this file's question (test/workflows/owner-saves.test.ts): the hag's
  // client rolls the goblin's, as the world setting "attacker" says.
  state.settings.register("d20-combat", "saveRollers", { scope: "world", default: "attacker" });
  ({ rollAttack } = await import("../../src/workflows/attack.js"));
});
afterAll(() => uninstall());
beforeEach(() => {
  state.messages.length = 0;
  state.dialogs.length = 0;
  standInAttackFaces.length = 0;
  void state.settings.set(SYSTEM_ID, "sceneReading", true);
});

describe("[HD-COND] a frightened target's save against a save-based power", () => {
  it("[HD-COND] [HD-ATK] the dragon in the goblin's sight: its Wisdom save is weak (16 and 5 keep 5: 5 + 2 = 7 fails DC 13, 4 + 3 = 7 damage)", async () => {
    battlefield();
    const card = await gazeCard([16, 5, 4, 3]);
    const t = card.targets[0]!;
    expect(t.outcome.mode).toBe("weak");
    expect([t.outcome.natural, t.outcome.total, t.outcome.result, t.damage]).toEqual([5, 7, "hit", 7]);
  });

  it("[HD-COND] [HD-ATK] the dragon out of the goblin's sight (the scene's sight test): one d20, 16 + 2 = 18 saves for half (3)", async () => {
    battlefield();
    scene.blind.set("tGoblin", new Set(["tDragon"]));
    const card = await gazeCard([16, 4, 3]);
    const t = card.targets[0]!;
    expect(t.outcome.mode).toBe("normal");
    expect([t.outcome.natural, t.outcome.total, t.outcome.result, t.damage]).toEqual([16, 18, "miss", 3]);
  });

  it("[HD-COND] the scene not read: the source may be in sight, so the save stays weak", async () => {
    battlefield();
    scene.blind.set("tGoblin", new Set(["tDragon"]));
    void state.settings.set(SYSTEM_ID, "sceneReading", false);
    const card = await gazeCard([16, 5, 4, 3]);
    expect(card.targets[0]!.outcome.mode).toBe("weak");
  });

  it("[HD-COND] [HD-MIGHTY] out of sight only frightened stops counting: a poisoned goblin's save stays weak", async () => {
    const goblin = battlefield();
    Object.assign(goblin, {
      engineView: () => ({
        ...npc(HD, 10, { conditions: ["frightened", "poisoned"] }),
        abilities: { str: 0, dex: 0, con: 0, int: 0, wis: 2, cha: 0 },
      }),
      toEngineSource: () => ({
        ...npc(HD, 10, { conditions: ["frightened", "poisoned"] }),
        abilities: { str: 0, dex: 0, con: 0, int: 0, wis: 2, cha: 0 },
      }),
    });
    scene.blind.set("tGoblin", new Set(["tDragon"]));
    const card = await gazeCard([16, 5, 4, 3]);
    expect(card.targets[0]!.outcome.mode).toBe("weak");
  });

  it("[HD-COND] the plan reads the target's own situation: targetFearSourceUnseen drops frightened from that target's save only", () => {
    const frightened = npc(HD, 10, { conditions: ["frightened"] });
    const target = (id: string, unseen: boolean) => ({
      uuid: id,
      actorUuid: id,
      name: id,
      img: "",
      actor: frightened,
      situation: plainSituation(unseen ? { targetFearSourceUnseen: true } : {}),
    });
    const plan = planAttack({
      ruleset: HD,
      options: {},
      attacker: { uuid: "hag", name: "Hag", actor: npc(HD, 10) },
      item: { name: "Dread Gaze", img: "" },
      power: gaze.toPowerSource(),
      weapon: null,
      situation: plainSituation(),
      escalation: 0,
      targets: [target("a", false), target("b", true)],
    });
    const [inSight, unseen] = plan.saves!.requests.map((r) => r.formula.replace(/\s/g, ""));
    expect(inSight).toMatch(/^2d20kl/);
    expect(unseen).toMatch(/^1d20\+/);
  });
});
