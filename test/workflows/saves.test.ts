/**
 * Saves and death saves from the sheet with recorded dice, through the real rulesets: the roll the
 * ruleset asks for, whether it passed, what it did, and the rolls that follow at once.
 */
import { describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { RulesetId } from "../../src/engine/types.js";
import { decideDeathSave, decideSave } from "../../src/engine/plans/sheet-rolls.js";
import { defaultOptions } from "./attack-fixtures.js";
import { recordedRoller } from "../support/recorded-dice.js";

const roll = (total: number, natural: number | null = total) => ({ total, natural });
const save = (
  id: RulesetId,
  actor: ReturnType<typeof defaultActorSource>,
  kind: string,
  rolls: ReturnType<typeof roll>[],
  mode: "normal" | "mighty" | "weak" = "normal",
) => {
  const R = getRuleset(id);
  return decideSave(R, actor, "a1", kind, mode, recordedRoller(rolls), defaultOptions(R));
};

describe("saves from the sheet", () => {
  const pc = defaultActorSource({ kind: "character", hp: { value: 20, max: 30, temp: 0 } });

  it("[13A-SAVE] a normal save passes on 11+ and fails on 10; easy needs 6+, hard 16+", async () => {
    expect((await save("13th-age", pc, "normal", [roll(11)])).rolls[0]!.success).toBe(true);
    expect((await save("13th-age", pc, "normal", [roll(10)])).rolls[0]!.success).toBe(false);
    expect((await save("13th-age", pc, "easy", [roll(6)])).rolls[0]!.success).toBe(true);
    expect((await save("13th-age", pc, "hard", [roll(15)])).rolls[0]!.success).toBe(false);
    const hard = await save("13th-age", pc, "hard", [roll(16)]);
    expect(hard.rolls[0]!.request.target).toBe(16);
    expect(hard.rolls[0]!.success).toBe(true);
  });

  it("[FF-SAVE] an FFd20 saving throw succeeds on 10+", async () => {
    expect((await save("ffd20", pc, "save", [roll(10)])).rolls[0]!.success).toBe(true);
    expect((await save("ffd20", pc, "save", [roll(9)])).rolls[0]!.success).toBe(false);
  });

  it("[WD-SAVES] a Charm save adds the base save bonus and the higher of Cha and Wis", async () => {
    const mind = defaultActorSource({
      baseSaveBonus: 2,
      abilities: { str: 10, dex: 10, con: 10, int: 10, wis: 16, cha: 12 },
    });
    const out = await save("wounds-d20", mind, "charm", [roll(13, 10)]);
    // +2 base, Wis 16 → +3 (higher than Cha 12 → +1): 1d20 + 5.
    expect(out.rolls[0]!.request.formula.replace(/\s/g, "")).toBe("1d20+5");
  });

  it("[HD-MIGHTY] a mighty ability roll from the sheet rolls two d20 keeping the higher", async () => {
    const out = await save("hundred-dungeons", pc, "dex", [roll(15, 15)], "mighty");
    expect(out.rolls[0]!.request.formula).toMatch(/^2d20kh/);
    const weak = await save("hundred-dungeons", pc, "dex", [roll(4, 4)], "weak");
    expect(weak.rolls[0]!.request.formula).toMatch(/^2d20kl/);
  });
});

describe("death saves from the sheet", () => {
  const R = getRuleset("13th-age");
  const dying = defaultActorSource({
    kind: "character",
    state: "dying",
    hp: { value: -4, max: 30, temp: 0 },
    recoveries: { value: 5, max: 8, formula: "2d8", noRecoveryUses: 0, ralliesThisBattle: 0, battlesSinceHealUp: 0 },
  });

  it("[13A-DEATHSAVE] a passed death save (16+) spends a recovery at once, healing from 0 ([13A-NEGHEAL])", async () => {
    const out = await decideDeathSave(R, dying, "a1", recordedRoller([roll(16), roll(9, null)]), defaultOptions(R));
    expect(out!.rolls.map((r) => r.request.kind)).toEqual(["deathSave", "recovery"]);
    expect(out!.rolls[0]!.success).toBe(true);
    expect(out!.next.hp.value).toBe(9);
    expect(out!.next.recoveries.value).toBe(4);
  });

  it("[13A-DEATHSAVE] a failed death save (15) counts a failure and heals nothing", async () => {
    const out = await decideDeathSave(R, dying, "a1", recordedRoller([roll(15)]), defaultOptions(R));
    expect(out!.rolls).toHaveLength(1);
    expect(out!.next.deathSaves.failures).toBe(1);
    expect(out!.next.hp.value).toBe(-4);
  });

  it("[13A-DEATH] the fourth failed death save of a battle kills", async () => {
    const three = { ...dying, deathSaves: { successes: 0, failures: 3 } };
    const out = await decideDeathSave(R, three, "a1", recordedRoller([roll(2)]), defaultOptions(R));
    expect(out!.next.state).toBe("dead");
  });

  it("[13A-DEATHSAVE] a creature that is not dying makes no death save", async () => {
    const up = defaultActorSource({ kind: "character" });
    expect(await decideDeathSave(R, up, "a1", recordedRoller([]), defaultOptions(R))).toBeNull();
  });
});

describe("death saves from the sheet in the other games", () => {
  // Wounds d20: 40 HP with 47 damage taken (HP −7) is 7 beyond the maximum → DC 10 + 3 = 13.
  const WD = getRuleset("wounds-d20");
  const wdDying = defaultActorSource({
    kind: "character",
    state: "dying",
    hp: { value: -7, max: 40, temp: 0 },
    deathSaves: { successes: 0, failures: 0 },
    constitutionDamage: 0,
  });
  const wd = (actor: typeof wdDying, rolls: ReturnType<typeof roll>[]) =>
    decideDeathSave(WD, actor, "a1", recordedRoller(rolls), defaultOptions(WD));

  it("[WD-DEATHDC] [WD-DYING] the sheet's death save targets 10 + half the excess damage and costs 1 Constitution either way", async () => {
    const pass = await wd(wdDying, [roll(13, 11)]);
    expect(pass!.rolls[0]!.request.target).toBe(13);
    expect(pass!.rolls[0]!.success).toBe(true);
    expect(pass!.next.deathSaves).toEqual({ successes: 1, failures: 0 });
    expect(pass!.next.constitutionDamage).toBe(1);
    expect(pass!.next.state).toBe("dying");
    const fail = await wd(wdDying, [roll(12, 10)]);
    expect(fail!.next.deathSaves).toEqual({ successes: 0, failures: 1 });
    expect(fail!.next.constitutionDamage).toBe(1);
  });

  it("[WD-DYING] from the sheet: a natural 20 is stable at once, a natural 1 dead at once, the third failure dead", async () => {
    expect((await wd(wdDying, [roll(20, 20)]))!.next.state).toBe("stable");
    expect((await wd(wdDying, [roll(25, 1)]))!.next.state).toBe("dead");
    const twoDown = { ...wdDying, deathSaves: { successes: 3, failures: 2 } };
    expect((await wd(twoDown, [roll(5, 3)]))!.next.state).toBe("dead");
    expect((await wd(twoDown, [roll(14, 12)]))!.next.state).toBe("stable");
  });

  // Hundred Dungeons: a dying PC that has taken 2 dying turns rolls its 3rd check against 10 + 3.
  const HD = getRuleset("hundred-dungeons");
  const hdDying = defaultActorSource({
    kind: "character",
    state: "dying",
    hp: { value: 0, max: 20, temp: 0 },
    exhaustion: 2,
    dyingTurns: 2,
  });
  const hd = (actor: typeof hdDying, rolls: ReturnType<typeof roll>[]) =>
    decideDeathSave(HD, actor, "a1", recordedRoller(rolls), defaultOptions(HD));

  it("[HD-DYING] the sheet's dying check is a Constitution roll against 10 + turns dying, with a level of exhaustion", async () => {
    const pass = await hd(hdDying, [roll(13, 13)]);
    expect(pass!.rolls[0]!.request.target).toBe(13);
    expect(pass!.next.state).toBe("dying");
    expect(pass!.next.exhaustion).toBe(3);
    expect(pass!.next.dyingTurns).toBe(3);
    expect((await hd(hdDying, [roll(12, 12)]))!.next.state).toBe("dead");
  });

  it("[HD-DYING] a creature that is not dying gets no dying check from the sheet", async () => {
    const up = defaultActorSource({ kind: "character" });
    expect(await hd(up, [])).toBeNull();
  });
});
