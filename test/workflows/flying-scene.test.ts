/**
 * [SYS-MONSTERS] Fliers on the scene, through the REAL entry points: a token's move (the token
 * hooks, test/support/token-hooks.ts) and the sheet's attack (`rollAttack`), with the sheet
 * stand-in (a Hundred Dungeons combat) and the stand-in scene (5 ft squares). A token's
 * `elevation` over the grid's distance is a third axis of reach: rising out of a foe's reach
 * provokes it ([HD-PROVOKE]); a shot from the ground at a flier above is made within its reach
 * only when the flier is low enough ([HD-RANGED]). Dice recorded.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { defaultActorSource } from "../../src/engine/common.js";
import type { ActorSource } from "../../src/engine/types.js";
import type * as AttackNs from "../../src/workflows/attack.js";
import { ItemStandIn, standInAttackFaces } from "../stand-ins/foundry-attack.js";
import { powerSource, weaponSource } from "../support/engine-fixtures.js";
import { attackCardIn } from "../support/card-messages.js";
import { useTokenHooks } from "../support/token-hooks.js";
import {
  installSceneStandIn,
  placeToken,
  type SceneStandIn,
  type SceneTokenStandIn,
} from "../stand-ins/foundry-scene.js";
import {
  CombatStandIn,
  CombatantStandIn,
  SheetActorStandIn,
  installSheetStandIn,
  type SheetStandInState,
} from "../stand-ins/foundry-sheet.js";

let state: SheetStandInState;
let scene: SceneStandIn;
let setCombat: (c: CombatStandIn | null) => void;
let uninstall: () => void;
let attack: typeof AttackNs;

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
  attack = await import("../../src/workflows/attack.js");
});
afterAll(() => uninstall());

const creature = (over: Partial<ActorSource> = {}) =>
  defaultActorSource({
    kind: "npc",
    speed: 30,
    defenses: { def: { base: 12, bonus: 0 } },
    abilities: { str: 0, dex: 0, con: 0, int: 3, wis: 0, cha: 0 },
    ...over,
  });

let hero: SheetActorStandIn;
let heroToken: SceneTokenStandIn<SheetActorStandIn>;
let harpyToken: SceneTokenStandIn<SheetActorStandIn>;

/** The winged hero (fly 30 ft) on (5, 5); an orc next to it on (6, 5); a harpy (fly 40 ft) on (5, 6). */
beforeEach(() => {
  state.targets.clear();
  state.messages.length = 0;
  state.dialogs.length = 0;
  standInAttackFaces.length = 0;
  scene.tokens.length = 0;
  void state.settings.set(SYSTEM_ID, "sceneReading", true);
  state.activeGMIsSelf = false;
  const fly = (feet: number) => ({ fly: feet, hover: false, climb: 0, swim: 0, burrow: 0 });
  hero = new SheetActorStandIn("hero", "Wren", creature({ kind: "character", movement: fly(30) }));
  const orc = new SheetActorStandIn("orc", "Orc", creature(), false);
  const harpy = new SheetActorStandIn("harpy", "Harpy", creature({ movement: fly(40) }), false);
  heroToken = placeToken(scene, "tHero", hero, 5, 5, 1);
  placeToken(scene, "tOrc", orc, 6, 5, -1);
  harpyToken = placeToken(scene, "tHarpy", harpy, 4, 4, -1);
  setCombat(
    new CombatStandIn(
      1,
      [
        new CombatantStandIn("c-hero", hero),
        new CombatantStandIn("c-orc", orc, false, "gm"),
        new CombatantStandIn("c-harpy", harpy, false, "gm"),
      ],
      "c-hero",
    ),
  );
});

const { moveToken } = useTokenHooks();

/** The names of the creatures whose owners got a provoked-attack prompt. */
const promptedNames = () =>
  state.messages
    .filter((m) => String(m.data.content).includes("d20c-prompt"))
    .map((m) => /<\/i> (\w+):/.exec(String(m.data.content))?.[1] ?? "?");

/** The hero's user moves its token (squares, and elevation in feet); who was offered an attack. */
async function moveHero(to: { col?: number; row?: number; feetUp?: number }): Promise<string[]> {
  state.messages.length = 0;
  await moveToken(
    heroToken.document,
    {
      ...(to.col === undefined ? {} : { x: to.col * scene.gridSize }),
      ...(to.row === undefined ? {} : { y: to.row * scene.gridSize }),
      ...(to.feetUp === undefined ? {} : { elevation: to.feetUp }),
    },
    "userStandIn",
  );
  return promptedNames();
}

describe("[SYS-MONSTERS] [HD-PROVOKE] a flier and its foes' reach", () => {
  it("[SYS-MONSTERS] [HD-PROVOKE] the hero flies straight up 15 ft from beside the orc and the harpy: it leaves both reaches, both are offered their attack, nobody is asked", async () => {
    expect((await moveHero({ feetUp: 15 })).sort()).toEqual(["Harpy", "Orc"]);
    expect(state.dialogs.filter((d) => String(d.content).includes("d20c-reach-row"))).toEqual([]);
  });

  it("[SYS-MONSTERS] [HD-PROVOKE] rising only 5 ft keeps it within the orc's reach: nothing is provoked", async () => {
    expect(await moveHero({ feetUp: 5 })).toEqual([]);
  });

  it("[SYS-MONSTERS] [HD-PROVOKE] flying 15 ft up, it was never in reach: flying on past the orc provokes nothing; landing beside it and walking off does", async () => {
    heroToken.document.elevation = 15;
    expect(await moveHero({ col: 9 })).toEqual([]);
    heroToken.document.elevation = 0;
    heroToken.document.x = 7 * scene.gridSize;
    expect(await moveHero({ col: 10 })).toEqual(["Orc"]);
  });
});

describe("[SYS-MONSTERS] [HD-RANGED] shooting at a flier from the ground", () => {
  /** The hero shoots its shortbow at the harpy with the recorded faces; the card's target. */
  async function shootHarpy(faces: number[]) {
    state.targets.add(harpyToken as never);
    standInAttackFaces.push(...faces);
    const bow = new ItemStandIn(
      "weapon",
      "Shortbow",
      powerSource({ attackAbility: "dex", defense: "def", range: "ranged", damage: "1d6", damageTypes: ["piercing"] }),
      weaponSource({ name: "Shortbow", damageDice: "1d6", weaponClass: "simple", ranged: true }),
    );
    await attack.rollAttack(hero as never, bow as never, { fastForward: true });
    return attackCardIn(state.messages.find((m) => !String(m.data.content).includes("d20c-prompt"))!.data)!.targets[0]!;
  }

  it("[SYS-MONSTERS] [HD-RANGED] the harpy hovering 5 ft over the next square holds the hero in its reach: the shot at it is weak (the lower of two d20)", async () => {
    harpyToken.document.elevation = 5;
    expect((await shootHarpy([15, 6, 3])).outcome).toMatchObject({ mode: "weak", natural: 6 });
  });

  it("[SYS-MONSTERS] [HD-RANGED] the harpy 20 ft up is out of its own reach of the hero on the ground: the shot is not weak (one d20)", async () => {
    harpyToken.document.elevation = 20;
    expect((await shootHarpy([12, 3])).outcome).toMatchObject({ mode: "normal", dice: [12] });
  });
});

describe("[SYS-MONSTERS] [HD-WATER] a swim speed lifts the underwater weakness", () => {
  /** The hero, underwater, swings a longsword at the orc next to it; the card's target. */
  async function swing(swim: number, faces: number[]) {
    hero.source = {
      ...hero.source,
      conditions: ["underwater"],
      movement: { fly: 0, hover: false, climb: 0, swim, burrow: 0 },
    };
    state.targets.add(scene.tokens.find((t) => t.document.id === "tOrc") as never);
    standInAttackFaces.push(...faces);
    const sword = new ItemStandIn(
      "weapon",
      "Longsword",
      powerSource({ attackAbility: "str", defense: "def", range: "melee", damage: "1d8", damageTypes: ["slashing"] }),
      weaponSource({ name: "Longsword", damageDice: "1d8", weaponClass: "martial" }),
    );
    await attack.rollAttack(hero as never, sword as never, { fastForward: true });
    return attackCardIn(state.messages.find((m) => !String(m.data.content).includes("d20c-prompt"))!.data)!.targets[0]!;
  }

  it("[SYS-MONSTERS] [HD-WATER] underwater with no swim speed, a longsword attack is weak (the lower of two d20)", async () => {
    expect((await swing(0, [15, 6, 3])).outcome).toMatchObject({ mode: "weak", natural: 6 });
  });

  it("[SYS-MONSTERS] [HD-WATER] with a swim speed of 30 ft in its movement modes, the same attack is not weak (one d20)", async () => {
    expect((await swing(30, [12, 3])).outcome).toMatchObject({ mode: "normal", dice: [12] });
  });
});

describe("[SYS-MONSTERS] [SYS-CANVAS] a while-within aura's modifier, read when an attack is made", () => {
  /** The hero swings a longsword at the orc next to it; the card's target and its scene notes. */
  async function swingAtOrc(faces: number[]) {
    state.messages.length = 0;
    state.targets.clear();
    state.targets.add(scene.tokens.find((t) => t.document.id === "tOrc") as never);
    standInAttackFaces.length = 0;
    standInAttackFaces.push(...faces);
    const sword = new ItemStandIn(
      "weapon",
      "Longsword",
      powerSource({ attackAbility: "str", defense: "def", range: "melee", damage: "1d8", damageTypes: ["slashing"] }),
      weaponSource({ name: "Longsword", damageDice: "1d8", weaponClass: "martial" }),
    );
    await attack.rollAttack(hero as never, sword as never, { fastForward: true });
    return attackCardIn(state.messages.find((m) => !String(m.data.content).includes("d20c-prompt"))!.data)!.targets[0]!;
  }

  it("[SYS-MONSTERS] [SYS-CANVAS] the harpy's Dread Shriek (enemies within 2: -2 to attacks) lowers the hero's attack by 2 while it stands within; 20 ft up, out of it, it does not", async () => {
    const harpy = scene.tokens.find((t) => t.document.id === "tHarpy")!.actor as SheetActorStandIn;
    harpy.source = {
      ...harpy.source,
      auras: [
        {
          name: "Dread Shriek",
          radius: 2,
          who: "enemies",
          when: "within",
          damage: { formula: "", type: "untyped" },
          condition: "",
          modifier: { target: "attacks", value: -2 },
          belowHp: 0,
        },
      ],
    };
    const within = await swingAtOrc([12, 3]);
    harpyToken.document.elevation = 20;
    const clear = await swingAtOrc([12, 3]);
    expect(within.outcome).toMatchObject({ natural: 12 });
    expect(clear.outcome).toMatchObject({ natural: 12 });
    const total = (t: typeof within) => (t.outcome as { total: number }).total;
    expect(total(within)).toBe(total(clear) - 2);
    // The card says why, as it does for every value the scene pre-filled.
    expect(within.scene).toEqual([{ text: "-2 to attack rolls: the attacker stands in an aura", kept: true }]);
    expect(clear.scene ?? []).toEqual([]);
  });
});
