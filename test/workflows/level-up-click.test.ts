/**
 * [SYS-CHARACTER] The sheet's Level up button through the REAL sheet handlers (`levelUp`, then
 * `undoLevelUp`, as AppV2 calls them): the dialog opens with the next level's numbers, the choice
 * made there (the fixed gain, the average, or a recorded roll of the game's hit die) raises the
 * level and hit points per the game's class table, and the one Undo puts both back. Hand-worked
 * numbers: 13th Age fighter (8 + Con) × the level multiplier; FFd20 fighter 15 + Con score at 1st
 * level, +6 a level; Hundred Dungeons and Wounds d20 fighter d10 + Con modifier a level.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { buildOf } from "../../src/engine/build.js";
import { defaultActorSource } from "../../src/engine/common.js";
import type { ActorSource } from "../../src/engine/types.js";
import type * as SheetNs from "../../src/applications/sheets/actor-sheet.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import { installSheetStandIn, type SheetStandInState } from "../stand-ins/foundry-sheet.js";
import { installLevelUpStandIn, LevelUpActorStandIn, type LevelUpDialogState } from "../stand-ins/foundry-level-up.js";
import "../../src/engine/rulesets/index.js";

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

/** A fighter of `game` at `level` with `hp` current hit points, stored as the sheet stores it. */
function fighter(game: string, level: number, abilities: ActorSource["abilities"], hp: number) {
  const base = defaultActorSource({ kind: "character", level, abilities, hp: { value: hp, max: 10, temp: 0 } });
  const stored = { ...base, build: { ...buildOf(base), classKey: "fighter" } };
  return new LevelUpActorStandIn("hero", "Hero", stored, game);
}

/** Install the game's stand-ins for a describe block; press the sheet's buttons. */
function game(id: string) {
  const ctx = {
    state: undefined as unknown as SheetStandInState,
    dialog: undefined as unknown as LevelUpDialogState,
    actions: {} as Record<string, Handler>,
  };
  let uninstall: () => void = () => undefined;
  beforeAll(async () => {
    const installed = installSheetStandIn(id);
    ctx.state = installed.state;
    uninstall = installed.uninstall;
    ctx.dialog = installLevelUpStandIn();
    const { D20ActorSheet } = (await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs;
    ctx.actions = D20ActorSheet.DEFAULT_OPTIONS.actions as Record<string, Handler>;
  });
  afterAll(() => uninstall());
  beforeEach(() => {
    ctx.state.messages.length = 0;
    ctx.state.errors.length = 0;
    ctx.dialog.opened.length = 0;
    standInAttackFaces.length = 0;
  });
  /** Press `action` on the actor's sheet, answering its dialog with `answer` (a button's action). */
  const press = async (actor: LevelUpActorStandIn, action: "levelUp" | "undoLevelUp", answer: string | null = null) => {
    ctx.dialog.answer = answer;
    await ctx.actions[action]!.call({ document: actor, d20Actor: actor }, {}, { dataset: {} });
    expect(ctx.state.errors).toEqual([]);
  };
  return { ctx, press };
}

const shown = (actor: LevelUpActorStandIn) => {
  const s = actor.toEngineSource();
  return { level: s.level, hp: s.hp.value, max: s.hp.max };
};

describe("[SYS-CHARACTER] 13th Age: Level up from the sheet", () => {
  const { ctx, press } = game("13th-age");
  const abilities = { str: 18, dex: 12, con: 14, int: 8, wis: 10, cha: 12 };
  it("[SYS-CHARACTER] fighter 2 → 3: the dialog shows HP 40 → 50 and a fixed +10; Apply raises level and HP; Undo puts them back", async () => {
    const hero = fighter("13th-age", 2, abilities, 33);
    expect(shown(hero)).toEqual({ level: 2, hp: 33, max: 40 });
    await press(hero, "levelUp", "average");
    const dialog = ctx.dialog.opened[0]!;
    expect(dialog.window?.title).toBe("Hero: level 3");
    expect(dialog.buttons?.map((b) => b.action)).toEqual(["average"]);
    expect(dialog.content).toContain("40 → <strong>50</strong>");
    expect(dialog.content).toContain("Hit points: +10 (maximum and current).");
    expect(shown(hero)).toEqual({ level: 3, hp: 43, max: 50 });
    expect(ctx.state.messages).toEqual([]);
    expect(hero.flags[SYSTEM_ID]?.levelUp).toEqual({ from: 2, to: 3, gained: 10, hpMaxBefore: null });

    await press(hero, "undoLevelUp");
    expect(shown(hero)).toEqual({ level: 2, hp: 33, max: 40 });
    expect(hero.flags[SYSTEM_ID]?.levelUp).toBeNull();
    // The one undo: a second press finds no record and changes nothing.
    const updates = hero.updates.length;
    await press(hero, "undoLevelUp");
    expect(hero.updates.length).toBe(updates);
  });
  it("[SYS-CHARACTER] closing the dialog without a choice changes nothing", async () => {
    const hero = fighter("13th-age", 2, abilities, 33);
    await press(hero, "levelUp", null);
    expect(ctx.dialog.opened).toHaveLength(1);
    expect(hero.updates).toEqual([]);
    expect(shown(hero)).toEqual({ level: 2, hp: 33, max: 40 });
  });
});

describe("[SYS-CHARACTER] FFd20: Level up from the sheet", () => {
  const { ctx, press } = game("ffd20");
  it("[SYS-CHARACTER] fighter 2 → 3: 35 → 41 HP, +6 fixed (no roll offered), no unlabelled line; Undo restores level 2", async () => {
    const hero = fighter("ffd20", 2, { str: 16, dex: 12, con: 14, int: 10, wis: 10, cha: 10 }, 35);
    await press(hero, "levelUp", "average");
    expect(ctx.dialog.opened[0]!.buttons?.map((b) => b.action)).toEqual(["average"]);
    expect(ctx.dialog.opened[0]!.content).toContain("35 → <strong>41</strong>");
    // The surge value (a quarter of the HP) has no word of the game: not listed, as on the sheet.
    expect(ctx.dialog.opened[0]!.content).not.toContain("8 → <strong>10</strong>");
    expect(shown(hero)).toEqual({ level: 3, hp: 41, max: 41 });
    await press(hero, "undoLevelUp");
    expect(shown(hero)).toEqual({ level: 2, hp: 35, max: 35 });
  });
});

describe("[SYS-CHARACTER] Hundred Dungeons: Level up from the sheet", () => {
  const { ctx, press } = game("hundred-dungeons");
  const abilities = { str: 3, dex: 1, con: 2, int: 0, wis: 1, cha: 0 };
  it("[SYS-CHARACTER] fighter 2 → 3 rolling hit points: d10 + Con 2 with a recorded 7 gives +9 (20 → 29 max), the roll posted; Undo takes exactly 9 off", async () => {
    const hero = fighter("hundred-dungeons", 2, abilities, 20);
    expect(shown(hero).max).toBe(20);
    standInAttackFaces.push(7);
    await press(hero, "levelUp", "roll");
    const dialog = ctx.dialog.opened[0]!;
    expect(dialog.buttons?.map((b) => b.action)).toEqual(["average", "roll"]);
    expect(dialog.content).toContain("Hit points: +8 on average, or roll 1d10 + 2 (at least 1).");
    expect(ctx.state.messages).toHaveLength(1);
    const posted = ctx.state.messages[0]!.data as { flavor?: string; rolls?: { formula: string; total: number }[] };
    expect(posted.flavor).toBe("Hero rolls hit points for level 3");
    expect(posted.rolls?.[0]).toMatchObject({ formula: "1d10 + 2", total: 9 });
    expect(shown(hero)).toEqual({ level: 3, hp: 29, max: 29 });
    expect(hero._source.system.build?.overrides.hpMax).toBe(29);

    await press(hero, "undoLevelUp");
    expect(shown(hero)).toEqual({ level: 2, hp: 20, max: 20 });
    expect(hero._source.system.build?.overrides.hpMax).toBeNull();
  });
  it("[SYS-CHARACTER] taking the average: +8 (the die's average rounded up + Con), no roll posted", async () => {
    const hero = fighter("hundred-dungeons", 2, abilities, 20);
    await press(hero, "levelUp", "average");
    expect(ctx.state.messages).toEqual([]);
    expect(shown(hero)).toEqual({ level: 3, hp: 28, max: 28 });
  });
});

describe("[SYS-CHARACTER] Wounds d20: Level up from the sheet", () => {
  const { press } = game("wounds-d20");
  it("[SYS-CHARACTER] fighter 2 → 3 rolling a recorded 1 on d10 + Con 2: +3 (20 → 23), damage taken stays taken; Undo returns to level 2", async () => {
    const hero = fighter("wounds-d20", 2, { str: 16, dex: 12, con: 14, int: 10, wis: 10, cha: 10 }, 12);
    expect(shown(hero).max).toBe(20);
    standInAttackFaces.push(1);
    await press(hero, "levelUp", "roll");
    expect(shown(hero)).toEqual({ level: 3, hp: 15, max: 23 });
    await press(hero, "undoLevelUp");
    expect(shown(hero)).toEqual({ level: 2, hp: 12, max: 20 });
  });
});
