/**
 * [SYS-CHARACTER] Checks from the sheet in each game, through the REAL sheet handler (`rollCheck`,
 * with the background / skill picked in the checks block) and recorded dice, asserting the rule
 * card posted: 13th Age ability + level + one background; FFd20 ½ level + ability, +5 trained;
 * Hundred Dungeons an ability roll + renown when a skill covers it (mighty / weak as its other
 * ability rolls); Wounds d20 ability + ranks, less the bloodied / wounded penalties attacks take.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { applyBuild, buildOf } from "../../src/engine/build.js";
import { defaultActorSource } from "../../src/engine/common.js";
import type { RuleCardData } from "../../src/engine/plans/card-data.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource } from "../../src/engine/types.js";
import type * as SheetNs from "../../src/applications/sheets/actor-sheet.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  SheetActorStandIn,
  clickTarget,
  installSheetStandIn,
  type SheetStandInState,
} from "../stand-ins/foundry-sheet.js";
import { ruleCardIn } from "../support/card-messages.js";

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

/** A character of `game` as the data model prepares it (its class's numbers applied). */
function hero(game: string, source: Partial<ActorSource>, build: Partial<NonNullable<ActorSource["build"]>>) {
  const base = defaultActorSource({ kind: "character", ...source });
  const actor = { ...base, build: { ...buildOf(base), ...build } };
  return new SheetActorStandIn("hero", "Hero", applyBuild(getRuleset(game).progression, actor));
}

/** Install the game's stand-in for a describe block; the real handler of `rollCheck`. */
function game(id: string) {
  const ctx = { state: undefined as unknown as SheetStandInState, rollCheck: undefined as unknown as Handler };
  let uninstall: () => void = () => undefined;
  beforeAll(async () => {
    const installed = installSheetStandIn(id);
    ctx.state = installed.state;
    uninstall = installed.uninstall;
    const { D20ActorSheet } = (await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs;
    ctx.rollCheck = (D20ActorSheet.DEFAULT_OPTIONS.actions as Record<string, Handler>).rollCheck!;
  });
  afterAll(() => uninstall());
  beforeEach(() => {
    ctx.state.messages.length = 0;
    standInAttackFaces.length = 0;
  });
  /** Press an ability's check button with `option` picked; the rule card posted. */
  const press = async (actor: SheetActorStandIn, ability: string, option: string, faces: number[], keys = {}) => {
    standInAttackFaces.push(...faces);
    await ctx.rollCheck.call(
      { document: actor, d20Actor: actor },
      { altKey: false, ctrlKey: false, metaKey: false, ...keys },
      clickTarget({ ability, checkBlock: "" }, option),
    );
    return ruleCardIn(ctx.state.messages.at(-1)!.data)!;
  };
  return press;
}

const lines = (card: RuleCardData) => card.events.map((e) => `${String(e.data?.label)} ${String(e.data?.value)}`);

describe("[SYS-CHARACTER] 13th Age checks from the sheet", () => {
  const press = game("13th-age");
  it("[SYS-CHARACTER] Strength check with one background: d20 + Str modifier + level + the background's points", async () => {
    const bryndis = hero(
      "13th-age",
      { level: 3, abilities: { str: 18, dex: 12, con: 16, int: 8, wis: 10, cha: 12 } },
      {
        classKey: "fighter",
        backgrounds: [
          { name: "Shield-wall veteran", points: 4 },
          { name: "Tavern brawler", points: 2 },
        ],
      },
    );
    const card = await press(bryndis, "str", "0", [12]);
    expect(card.title).toBe("D20C.Build.CheckTitle");
    expect(card.rolls[0]!.formula.replace(/\s/g, "")).toBe("1d20+11");
    expect(card.rolls[0]!.total).toBe(23);
    expect(card.rolls[0]!.target).toBeNull();
    expect(lines(card)).toEqual(["Strength +4", "Level +3", "Shield-wall veteran +4"]);
  });
  it("[SYS-CHARACTER] [13A-ATK] without a background: ability + level only; dazed takes 4 as it does from attacks", async () => {
    const dazed = hero(
      "13th-age",
      { level: 2, abilities: { str: 10, dex: 14, con: 10, int: 10, wis: 10, cha: 10 }, conditions: ["dazed"] },
      { classKey: "rogue" },
    );
    const card = await press(dazed, "dex", "", [10]);
    expect(card.rolls[0]!.formula.replace(/\s/g, "")).toBe("1d20");
    expect(card.rolls[0]!.total).toBe(10);
    expect(lines(card)).toEqual(["Dexterity +2", "Level +2", "Dazed −4"]);
  });
});

describe("[SYS-CHARACTER] FFd20 checks from the sheet", () => {
  const press = game("ffd20");
  const lira = () =>
    hero(
      "ffd20",
      { level: 5, abilities: { str: 12, dex: 18, con: 12, int: 10, wis: 10, cha: 14 } },
      { classKey: "rogue", skills: [{ key: "stealth", trained: true, ranks: 0 }] },
    );
  it("[SYS-CHARACTER] a trained Stealth check: d20 + ½ level + Dex modifier + 5", async () => {
    const card = await press(lira(), "dex", "stealth", [9]);
    expect(card.rolls[0]!.formula.replace(/\s/g, "")).toBe("1d20+11");
    expect(card.rolls[0]!.total).toBe(20);
    expect(lines(card)).toEqual(["Half level +2", "Dexterity +4", "Trained +5"]);
  });
  it("[SYS-CHARACTER] an untrained skill, or a skill with another ability, adds no training", async () => {
    expect((await press(lira(), "dex", "thievery", [9])).rolls[0]!.total).toBe(15);
    expect((await press(lira(), "cha", "stealth", [9])).rolls[0]!.total).toBe(13);
  });
});

describe("[SYS-CHARACTER] Hundred Dungeons ability rolls from the sheet", () => {
  const press = game("hundred-dungeons");
  const pell = (extra: Partial<ActorSource> = {}) =>
    hero(
      "hundred-dungeons",
      { level: 3, abilities: { str: 1, dex: 3, con: 1, int: 1, wis: 0, cha: 2 }, ...extra },
      { classKey: "rogue", skills: [{ key: "stealth", trained: true, ranks: 0 }] },
    );
  it("[SYS-CHARACTER] [HD-ATK] a Dexterity roll that Stealth covers adds renown (2 at level 3)", async () => {
    const card = await press(pell(), "dex", "stealth", [11]);
    expect(card.rolls[0]!.formula.replace(/\s/g, "")).toBe("1d20+5");
    expect(card.rolls[0]!.total).toBe(16);
    expect(lines(card)).toEqual(["Dexterity +3", "Renown +2"]);
  });
  it("[SYS-CHARACTER] [HD-COND] a skill the character lacks adds nothing; exhaustion 2 denies the skill; alt-click rolls mighty", async () => {
    expect((await press(pell(), "wis", "perception", [11])).rolls[0]!.total).toBe(11);
    expect((await press(pell({ exhaustion: 2 }), "dex", "stealth", [11])).rolls[0]!.total).toBe(14);
    const mighty = await press(pell(), "dex", "stealth", [4, 17], { altKey: true });
    expect(mighty.rolls[0]!.formula.replace(/\s/g, "")).toBe("2d20kh+5");
    expect(mighty.rolls[0]!.total).toBe(22);
  });
});

describe("[SYS-CHARACTER] Wounds d20 checks from the sheet", () => {
  const press = game("wounds-d20");
  it("[SYS-CHARACTER] [WD-BLOODIED] [WD-WOUNDED] a Heal check: Wis modifier + ranks, less 1 each for bloodied and wounded", async () => {
    const tamsin = hero(
      "wounds-d20",
      {
        level: 3,
        abilities: { str: 13, dex: 10, con: 12, int: 10, wis: 16, cha: 12 },
        hp: { value: 4, max: 22, temp: 0 },
      },
      { classKey: "cleric", skills: [{ key: "heal", trained: true, ranks: 6 }] },
    );
    const card = await press(tamsin, "wis", "heal", [10]);
    expect(lines(card).slice(0, 2)).toEqual(["Wisdom +3", "Ranks +6"]);
    expect(card.events.map((e) => e.data?.value).slice(2)).toEqual(["−1", "−1"]);
    expect(card.rolls[0]!.total).toBe(17);
  });
  it("[SYS-CHARACTER] a plain Strength check: d20 + Str modifier", async () => {
    const aldric = hero(
      "wounds-d20",
      { abilities: { str: 16, dex: 12, con: 14, int: 10, wis: 12, cha: 10 }, hp: { value: 12, max: 12, temp: 0 } },
      { classKey: "fighter" },
    );
    const card = await press(aldric, "str", "", [7]);
    expect(card.rolls[0]!.total).toBe(10);
    expect(lines(card)).toEqual(["Strength +3"]);
  });
});
