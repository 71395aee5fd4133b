/**
 * [HD-COND] Frightened: "your abilities are weak while the source of your fear is in your line of
 * sight" for the rolls that are not weapon attacks: the sheet's ability rolls (saves) and checks,
 * and the Actions panel's unarmed attacks (strike, grapple, shove) and escape. Driven through the
 * REAL sheet handlers on the sheet and scene stand-ins with recorded dice: the scene's sight of the
 * fear's source (the frightened effect's creator, the stand-in's table of who cannot see whom)
 * decides whether the roll is weak; where the scene is not read the roll stays weak, as an unticked
 * attack dialog does. The engine parts are checked through `getRuleset` and `planProcedure`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { plainEffectData } from "../../src/engine/effects.js";
import type { RuleCardData } from "../../src/engine/plans/card-data.js";
import { sheetSaveMode } from "../../src/engine/plans/sheet-rolls.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource } from "../../src/engine/types.js";
import type { ProcedureCreature, ProcedureInput } from "../../src/engine/actions.js";
import type * as SheetNs from "../../src/applications/sheets/actor-sheet.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import { installSceneStandIn, placeToken, type SceneStandIn } from "../stand-ins/foundry-scene.js";
import {
  CombatStandIn,
  CombatantStandIn,
  SheetActorStandIn,
  clickTarget,
  installSheetStandIn,
  sheetThis,
  type SheetStandInState,
} from "../stand-ins/foundry-sheet.js";
import { ruleCardIn } from "../support/card-messages.js";

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

const HD = getRuleset("hundred-dungeons");

let state: SheetStandInState;
let scene: SceneStandIn;
let setCombat: (c: CombatStandIn | null) => void;
let uninstall: () => void;
let actions: Record<string, Handler>;
let sheetClass: { prototype: object };

beforeAll(async () => {
  const sheet = installSheetStandIn("hundred-dungeons");
  const canvas = installSceneStandIn();
  ({ state, setCombat } = sheet);
  scene = canvas.scene;
  uninstall = () => {
    canvas.uninstall();
    sheet.uninstall();
  };
  state.settings.register(SYSTEM_ID, "sceneReading", { scope: "world", default: true });
  const { D20ActorSheet } = (await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs;
  actions = D20ActorSheet.DEFAULT_OPTIONS.actions as Record<string, Handler>;
  sheetClass = D20ActorSheet;
});
afterAll(() => uninstall());

const creature = (over: Partial<ActorSource> = {}) =>
  defaultActorSource({
    kind: "npc",
    speed: 30,
    defenses: { def: { base: 12, bonus: 0 } },
    abilities: { str: 3, dex: 1, con: 0, int: 0, wis: 0, cha: 0 },
    ...over,
  });

let hero: SheetActorStandIn;
let orc: SheetActorStandIn;

/** The frightened hero (its fear from the dragon's combatant `c-dragon`) beside an orc, the dragon 6 squares off. */
beforeEach(() => {
  state.targets.clear();
  state.messages.length = 0;
  state.warnings.length = 0;
  standInAttackFaces.length = 0;
  scene.tokens.length = 0;
  scene.walls.length = 0;
  scene.blind.clear();
  void state.settings.set(SYSTEM_ID, "sceneReading", true);
  hero = new SheetActorStandIn("hero", "Wren", creature({ kind: "character" }));
  hero
    .addEffect("fear", "Dragon's dread", {
      ...plainEffectData(),
      duration: "saveEnds",
      statuses: ["frightened"],
      sourceCombatantId: "c-dragon",
    })
    .statuses.add("frightened");
  orc = new SheetActorStandIn(
    "orc",
    "Orc",
    creature({ abilities: { str: 0, dex: 0, con: 0, int: 0, wis: 0, cha: 0 } }),
  );
  const dragon = new SheetActorStandIn("dragon", "Dragon", creature(), false);
  placeToken(scene, "tHero", hero, 5, 5, 1);
  const orcToken = placeToken(scene, "tOrc", orc, 6, 5, -1);
  const dragonToken = placeToken(scene, "tDragon", dragon, 11, 5, -1);
  Object.assign(dragonToken.document, { combatant: { id: "c-dragon" } });
  state.targets.add(orcToken as never);
  setCombat(
    new CombatStandIn(
      1,
      [
        new CombatantStandIn("c-hero", hero),
        new CombatantStandIn("c-orc", orc, false, "gm"),
        new CombatantStandIn("c-dragon", dragon, false, "gm"),
      ],
      "c-hero",
    ),
  );
});

/** The dragon out of the hero's sight (the scene's sight test says the hero cannot see it). */
const dragonUnseen = () => scene.blind.set("tHero", new Set(["tDragon"]));

/** Press the sheet's ability roll of `kind` with the recorded d20 faces; the rule card posted. */
async function sheetRoll(kind: string, faces: number[]): Promise<RuleCardData> {
  standInAttackFaces.push(...faces);
  await actions.rollSave!.call(
    { document: hero, d20Actor: hero },
    { altKey: false, ctrlKey: false, metaKey: false },
    clickTarget({ kind, saveBlock: "" }),
  );
  return ruleCardIn(state.messages.at(-1)!.data)!;
}

/** Press a procedure of the hero's Actions panel with the recorded d20 faces. */
async function procedure(id: string, faces: number[], choice: string | null = null): Promise<void> {
  standInAttackFaces.push(...faces);
  await actions.useProcedure!.call(sheetThis(sheetClass, hero), {}, clickTarget({ procedureId: id }, choice));
}

const grappled = () => [...orc.effects.values()].some((e) => e.statuses.has("grappled"));

describe("[HD-COND] a frightened creature's ability rolls from the sheet", () => {
  it("[HD-COND] the dragon in the hero's sight: a Strength roll is weak (17 and 4 keep 4: 4 + 3 = 7)", async () => {
    const card = await sheetRoll("str", [17, 4]);
    expect(standInAttackFaces).toEqual([]);
    expect(card.rolls[0]!.total).toBe(7);
  });

  it("[HD-COND] the dragon out of the hero's sight (the scene's sight test): one d20, 17 + 3 = 20", async () => {
    dragonUnseen();
    const card = await sheetRoll("str", [17, 4]);
    expect(card.rolls[0]!.total).toBe(20);
    expect(standInAttackFaces).toEqual([4]);
  });

  it("[HD-COND] the scene not read: the source may be in sight, so the roll stays weak", async () => {
    dragonUnseen();
    void state.settings.set(SYSTEM_ID, "sceneReading", false);
    const card = await sheetRoll("str", [17, 4]);
    expect(card.rolls[0]!.total).toBe(7);
  });

  it("[HD-COND] [HD-MIGHTY] out of sight only frightened stops counting: poisoned still weakens the roll", async () => {
    dragonUnseen();
    hero.source = { ...hero.source, conditions: ["poisoned"] };
    const card = await sheetRoll("str", [17, 4]);
    expect(card.rolls[0]!.total).toBe(7);
  });
});

describe("[HD-COND] [HD-UNARMED] a frightened creature's unarmed attacks on the Actions panel", () => {
  it("[HD-COND] [HD-UNARMED] the dragon in sight: the grapple is weak (15 and 5 keep 5: 5 + 3 = 8 against 12) and fails", async () => {
    await procedure("grapple", [15, 5]);
    expect(standInAttackFaces).toEqual([]);
    expect(grappled()).toBe(false);
  });

  it("[HD-COND] [HD-UNARMED] the dragon out of sight: one d20, 15 + 3 = 18 against 12 grapples the orc", async () => {
    dragonUnseen();
    await procedure("grapple", [15, 5]);
    expect(standInAttackFaces).toEqual([5]);
    expect(grappled()).toBe(true);
  });

  it("[HD-COND] [HD-UNARMED] a shove the same: weak in sight (fails), one d20 out of sight (the orc falls prone)", async () => {
    await procedure("shove", [15, 5], "prone");
    expect([...orc.effects.values()].some((e) => e.statuses.has("prone"))).toBe(false);
    dragonUnseen();
    standInAttackFaces.length = 0;
    await procedure("shove", [15, 5], "prone");
    expect([...orc.effects.values()].some((e) => e.statuses.has("prone"))).toBe(true);
  });
});

describe("[HD-COND] the engine's part", () => {
  it("[HD-COND] saveMode: frightened is weak unless its source is unseen; blinded sees nothing, so it never is", () => {
    const frightened = defaultActorSource({ conditions: ["frightened"] });
    expect(HD.saveMode!(frightened, "wis")).toBe("weak");
    expect(HD.saveMode!(frightened, "wis", { fearSourceUnseen: true })).toBe("normal");
    expect(sheetSaveMode(HD, frightened, "wis", { mighty: false, weak: false }, null)).toBe("weak");
    expect(sheetSaveMode(HD, frightened, "wis", { mighty: false, weak: false }, false)).toBe("weak");
    expect(sheetSaveMode(HD, frightened, "wis", { mighty: false, weak: false }, true)).toBe("normal");
    // Exhaustion 3 still weakens an unseen-source roll.
    expect(HD.saveMode!({ ...frightened, exhaustion: 3 }, "wis", { fearSourceUnseen: true })).toBe("weak");
  });

  it("[HD-COND] [HD-UNARMED] planProcedure: a grapple's roll is the lower of two d20s unless the input says the source is unseen", () => {
    const me = creature({ kind: "character", conditions: ["frightened"] });
    const foe: ProcedureCreature = { id: "orc", actor: creature(), name: "Orc", effects: [], combatantId: "c-orc" };
    const input = (fearSourceUnseen?: boolean): ProcedureInput => ({
      actor: me,
      actorId: "hero",
      targets: [foe],
      others: [foe],
      effects: [],
      choice: null,
      numbers: {},
      round: 1,
      ownTurn: true,
      memory: { bands: {}, marks: {} },
      options: {},
      combatantId: "c-hero",
      ...(fearSourceUnseen === undefined ? {} : { fearSourceUnseen }),
    });
    const formula = (f?: boolean) => HD.planProcedure!("grapple", input(f)).requests[0]!.formula.replace(/\s/g, "");
    expect(formula()).toMatch(/^2d20kl/);
    expect(formula(false)).toMatch(/^2d20kl/);
    expect(formula(true)).toBe("1d20+3");
  });
});
