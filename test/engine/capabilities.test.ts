/**
 * [SYS-RULESET] The capabilities a game opts into beside what every game answers
 * (src/engine/capabilities.ts): each built-in game has each one whole or not at all, the games have
 * the ones their rules give them, and the registry refuses a game that writes half of one.
 */
import { describe, expect, it } from "vitest";
import {
  CAPABILITY_MEMBERS,
  CAPABILITY_NAMES,
  capabilitiesOf,
  halfCapabilities,
  hasCapability,
  type CapabilityName,
} from "../../src/engine/capabilities.js";
import { getRuleset, registerRuleset } from "../../src/engine/registry.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { EngineError } from "../../src/engine/errors.js";

/** The capabilities each game's rules give it, read from its text, not from its module. */
const EXPECTED: Record<string, CapabilityName[]> = {
  // Range bands and their warnings are 13th Age's abstract positioning ([13A-RANGE]); its weapons deal
  // WEAPON dice by level; an effect's save, the escalation die… are what every game answers.
  "13th-age": ["startingSpeed", "rangeBands", "weaponFormulas", "hpBounds", "tableProcedures"],
  // 4th-edition style: a grid read for cover and combat advantage, N[W] weapons, push/pull/slide,
  // action points and minions, triggered and sustained powers.
  ffd20: [
    "startingSpeed",
    "sceneReading",
    "weaponFormulas",
    "tableProcedures",
    "powerRules",
    "forcedMovement",
    "creatureSpending",
  ],
  // 5th-edition style: abilities as modifiers, hit dice, mighty/weak saves and cover on saves, Parry,
  // provoking and hiding, grapples, exhaustion levels, dual wielding, mounts, legendary spends, legendary resistance against a save-based power.
  "hundred-dungeons": [
    "startingSpeed",
    "newActorDefaults",
    "sceneReading",
    "weaponClassDice",
    "hpBounds",
    "naturalRollsDecide",
    "saveAdjustments",
    "roundLength",
    "reactions",
    "provoking",
    "grips",
    "levelledConditions",
    "dualWielding",
    "tableProcedures",
    "turnLosses",
    "mounts",
    "creatureSpending",
    "saveAttacks",
    "saveResistance",
  ],
  // 3rd-edition style with a wound track: natural 20/1 on saves, staggered rolls after spending,
  // spell resistance, save-based attacks, touch and flat-footed armor classes.
  "wounds-d20": [
    "sceneReading",
    "hpBounds",
    "naturalRollsDecide",
    "tableProcedures",
    "spendRolls",
    "spellResistance",
    "saveAttacks",
    "defenseChoice",
    // [WD-MISSCHANCE] concealment's d100.
    "missChances",
  ],
};

describe("game capabilities", () => {
  for (const id of RULESET_IDS) {
    it(`[SYS-RULESET] ${id} has every capability whole or not at all`, () => {
      expect(halfCapabilities(getRuleset(id))).toEqual([]);
    });

    it(`[SYS-RULESET] ${id} opts into the capabilities its rules give it`, () => {
      expect(capabilitiesOf(getRuleset(id))).toEqual(
        CAPABILITY_NAMES.filter((name) => (EXPECTED[id] ?? []).includes(name)),
      );
    });
  }

  it("[SYS-RULESET] every capability is some built-in game's, and no member belongs to two", () => {
    const used = new Set(RULESET_IDS.flatMap((id) => capabilitiesOf(getRuleset(id))));
    expect(CAPABILITY_NAMES.filter((name) => !used.has(name))).toEqual([]);
    const members: string[] = Object.values(CAPABILITY_MEMBERS).flat();
    expect(new Set(members).size).toBe(members.length);
  });

  it("[SYS-RULESET] hasCapability asks for every member: half of one is not the capability", () => {
    const hd = getRuleset("hundred-dungeons");
    expect(hasCapability(hd, "reactions")).toBe(true);
    const { resolveAttackReaction: _dropped, ...half } = hd;
    expect(hasCapability(half, "reactions")).toBe(false);
    expect(halfCapabilities(half)).toEqual([{ name: "reactions", missing: ["resolveAttackReaction"] }]);
  });

  it("[SYS-RULESET] the registry refuses a game that writes half of a capability, naming what it lacks", () => {
    const { resolveProcedure: _dropped, ...rest } = getRuleset("13th-age");
    const half: Ruleset = { ...rest, id: "half-procedures" };
    let error: unknown = null;
    try {
      registerRuleset(half);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).field).toBe("ruleset.resolveProcedure");
    expect((error as EngineError).message).toContain("tableProcedures");
  });
});
