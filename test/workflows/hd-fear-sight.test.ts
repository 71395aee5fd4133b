/**
 * [HD-COND] Frightened: "your abilities are weak while the source of your fear is in your line of
 * sight". Driven through the REAL `rollAttack` on the attack and scene stand-ins: the scene's sight
 * of the fear's source (the frightened effect's creator, Foundry's own detection test, stand-in
 * table of who cannot see whom) decides whether the attack is weak; where the scene is not read the
 * dialog asks, and its answer is rolled. A pure part checks the helpers and the dialog's context.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { effectCreateData } from "../../src/data/effects.js";
import { plainEffectData } from "../../src/engine/effects.js";
import { getRuleset } from "../../src/engine/registry.js";
import { hasSightBoundCondition, sightBoundSources, sourcesUnseen } from "../../src/engine/source-sight.js";
import { sceneSituation, situationDialogContext, situationFromForm } from "../../src/engine/views/situation-dialog.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import { ActorStandIn, ItemStandIn, standInAttackFaces, type AttackStandInState } from "../stand-ins/foundry-attack.js";
import { installAttackSceneStandIn, placeToken, type SceneStandIn } from "../stand-ins/foundry-scene.js";
import { attackCardIn } from "../support/card-messages.js";
import { effectSource } from "../support/engine-fixtures.js";
import { npc, power } from "./attack-fixtures.js";

const HD = getRuleset("hundred-dungeons");

let state: AttackStandInState;
let scene: SceneStandIn;
let uninstall: () => void;
let rollAttack: typeof RollAttackFn;

const strike = new ItemStandIn("power", "Spear Thrust", power({ range: "melee", defense: "def", attackBonus: 2 }));

/** A frightened spearman (its fear from the dragon's combatant, `cDragon`), a goblin it attacks, the dragon. */
function battlefield(): { spearman: ActorStandIn } {
  scene.tokens.length = 0;
  scene.walls.length = 0;
  scene.blind.clear();
  const spearman = new ActorStandIn("spear", "Spearman", npc(HD, 10, { conditions: ["frightened"] }));
  spearman.effects = [
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
  const goblin = new ActorStandIn("goblin", "Goblin", npc(HD, 10));
  const dragon = new ActorStandIn("dragon", "Dragon", npc(HD, 18));
  placeToken(scene, "tSpear", spearman, 0, 0, 1);
  const g = placeToken(scene, "tGoblin", goblin, 1, 0, -1);
  const d = placeToken(scene, "tDragon", dragon, 6, 0, -1);
  Object.assign(d.document, { combatant: { id: "cDragon" } });
  state.targets.clear();
  state.targets.add(g);
  return { spearman };
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

describe("[HD-COND] frightened attacks are weak only while the source of the fear is in sight", () => {
  it("[HD-COND] the dragon in the spearman's sight: its attack is weak (the lower of two d20s)", async () => {
    const { spearman } = battlefield();
    standInAttackFaces.push(17, 6, 4);
    await rollAttack(spearman as never, strike as never, { fastForward: true });
    const t = cardOf().targets[0]!;
    expect(t.outcome.mode).toBe("weak");
    expect(t.outcome.natural).toBe(6);
  });

  it("[HD-COND] the dragon out of the spearman's sight (the scene's sight test): the attack is not weak, and the card says why", async () => {
    const { spearman } = battlefield();
    scene.blind.set("tSpear", new Set(["tDragon"]));
    standInAttackFaces.push(17, 4);
    await rollAttack(spearman as never, strike as never, { fastForward: true });
    const t = cardOf().targets[0]!;
    expect(t.outcome.mode).toBe("normal");
    expect(t.outcome.natural).toBe(17);
    expect(JSON.stringify(t.scene)).toContain("the source of the attacker's fear is out of its sight");
  });

  it("[HD-COND] a source not on the scene at all is out of sight; a frightened status with no creator names no source and stays weak", async () => {
    const { spearman } = battlefield();
    scene.tokens.splice(
      scene.tokens.findIndex((t) => t.document.id === "tDragon"),
      1,
    );
    standInAttackFaces.push(17, 4);
    await rollAttack(spearman as never, strike as never, { fastForward: true });
    expect(cardOf().targets[0]!.outcome.mode).toBe("normal");
    state.messages.length = 0;
    const plain = battlefield().spearman;
    plain.effects = [];
    scene.blind.set("tSpear", new Set(["tDragon"]));
    standInAttackFaces.push(17, 6, 4);
    await rollAttack(plain as never, strike as never, { fastForward: true });
    expect(cardOf().targets[0]!.outcome.mode).toBe("weak");
  });

  it("[HD-COND] with the scene not read the dialog asks; ticking 'out of its sight' rolls one d20, leaving it rolls weak", async () => {
    const { spearman } = battlefield();
    void state.settings.set(SYSTEM_ID, "sceneReading", false);
    state.dialogAnswer = { fearSourceUnseen: true, bonus: "0" };
    standInAttackFaces.push(17, 4);
    await rollAttack(spearman as never, strike as never);
    expect(String(state.dialogs[0]!.content)).toContain('name="fearSourceUnseen"');
    expect(cardOf().targets[0]!.outcome.mode).toBe("normal");
    state.messages.length = 0;
    state.dialogAnswer = { fearSourceUnseen: false, bonus: "0" };
    standInAttackFaces.push(17, 6, 4);
    await rollAttack(spearman as never, strike as never);
    expect(cardOf().targets[0]!.outcome.mode).toBe("weak");
  });
});

describe("[HD-COND] the pure parts: sources, the scene's answer, the dialog", () => {
  it("[HD-COND] the sources are the creators of effects imposing frightened; the scene's answer needs every source unseen", () => {
    const fear = effectSource({ statuses: ["frightened"], sourceCombatantId: "c1" });
    const prone = effectSource({ id: "e2", statuses: ["prone"], sourceCombatantId: "c2" });
    expect(sightBoundSources(HD.conditions, [fear, prone, { ...fear, id: "e3" }])).toEqual(["c1"]);
    expect(sightBoundSources(HD.conditions, [{ ...fear, sourceCombatantId: null }])).toEqual([]);
    expect(hasSightBoundCondition(HD.conditions, ["frightened"])).toBe(true);
    expect(hasSightBoundCondition(HD.conditions, ["prone"])).toBe(false);
    // Other games' fear is not tied to sight by their texts.
    for (const id of ["13th-age", "ffd20", "wounds-d20"])
      expect(getRuleset(id).conditions.some((c) => c.whileSourceSeen)).toBe(false);
    expect(sourcesUnseen([false, false])).toBe(true);
    expect(sourcesUnseen([false, true])).toBe(false);
    expect(sourcesUnseen([false, null])).toBeNull();
    expect(sourcesUnseen([])).toBeNull();
  });

  it("[HD-COND] the engine: a frightened attacker is weak unless the situation says the source is out of sight", () => {
    const input = (fearSourceUnseen?: boolean) => ({
      attackBonus: 0,
      defense: { key: "def", value: 10 },
      range: "melee" as const,
      situation: {
        ...sceneSituation(HD, { situation: {}, notes: [], lines: [] }),
        ...(fearSourceUnseen === undefined ? {} : { fearSourceUnseen }),
      },
      escalation: 0,
      attacker: {
        kind: "npc" as const,
        usesEscalation: false,
        penalties: [],
        conditions: ["frightened"],
        exhaustion: 0,
      },
      target: { conditions: [], vulnerabilities: [], exhaustion: 0 },
      damageTypes: [],
      critRange: 0,
      hasMissEffect: false,
      options: {},
    });
    expect(HD.attackMode(input())).toBe("weak");
    expect(HD.attackMode(input(false))).toBe("weak");
    expect(HD.attackMode(input(true))).toBe("normal");
    // Other sources of weakness still count (prone attacker).
    expect(
      HD.attackMode({ ...input(true), attacker: { ...input(true).attacker, conditions: ["frightened", "prone"] } }),
    ).toBe("weak");
  });

  it("[HD-COND] the dialog asks only a frightened attacker, pre-ticked from the scene; the form's answer is read only where the game offers it", () => {
    const read = { situation: { fearSourceUnseen: true }, notes: [], lines: [] };
    expect(sceneSituation(HD, read).fearSourceUnseen).toBe(true);
    const targets = [{ name: "Goblin", situation: sceneSituation(HD, read), reasons: [] }];
    expect(situationDialogContext(HD, targets, { gm: false }, { sightBound: true }).fearSourceUnseen).toEqual({
      checked: true,
    });
    expect(situationDialogContext(HD, null, { gm: false }, { sightBound: true }).fearSourceUnseen).toEqual({
      checked: false,
    });
    expect(situationDialogContext(HD, null, { gm: false }).fearSourceUnseen).toBeNull();
    expect(
      situationDialogContext(getRuleset("ffd20"), null, { gm: false }, { sightBound: true }).fearSourceUnseen,
    ).toBeNull();
    expect(situationFromForm({ fearSourceUnseen: true }, HD).fearSourceUnseen).toBe(true);
    expect(situationFromForm({ fearSourceUnseen: false }, HD).fearSourceUnseen).toBeUndefined();
    expect(situationFromForm({ fearSourceUnseen: true }, getRuleset("ffd20")).fearSourceUnseen).toBeUndefined();
  });
});
