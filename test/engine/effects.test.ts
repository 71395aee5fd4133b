/**
 * The engine's effect words and decisions ([SYS-EFFECTS], [FF-DURATION], [FF-SUSTAIN], [13A-SAVE],
 * [FF-SAVE], [WD-SAVES]): durations in words per game, icons, what belongs on the token, who may
 * sustain, and the sheet's save resolved by each game's own turn-roll rules.
 */
import { describe, expect, it } from "vitest";
import {
  durationWords,
  effectIcon,
  effectSaveRequest,
  ongoingWords,
  saveNowPlan,
  showsOnToken,
  soloContext,
  sustainRefusal,
} from "../../src/engine/effects.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { effect } from "../workflows/combat-fixtures.js";

const facts = { bearerCombatantId: "bear", bearerName: "Bryn", names: { ayla: "Ayla" }, saveTarget: 11 };

describe("durations in words", () => {
  it("[SYS-EFFECTS] [FF-DURATION] name the creator whose turn times it, or the bearer when it names none", () => {
    expect(durationWords(effect("e", { duration: "endOfNextTurn", sourceCombatantId: "ayla" }), facts)).toEqual({
      key: "D20C.Effects.Duration.endOfNextTurn",
      data: { name: "Ayla" },
    });
    expect(durationWords(effect("e", { duration: "startOfNextTurn", sourceCombatantId: null }), facts)).toEqual({
      key: "D20C.Effects.Duration.startOfNextTurn",
      data: { name: "Bryn" },
    });
    // A creator who left the combat: its bearer's turns time it (and name it); outside combat, unnamed.
    expect(durationWords(effect("e", { duration: "endOfNextTurn", sourceCombatantId: "gone" }), facts)).toEqual({
      key: "D20C.Effects.Duration.endOfNextTurn",
      data: { name: "Bryn" },
    });
    const outside = { ...facts, bearerCombatantId: null, names: {} };
    expect(durationWords(effect("e", { duration: "endOfNextTurn", sourceCombatantId: "ayla" }), outside).key).toBe(
      "D20C.Effects.Duration.endOfCreatorTurn",
    );
  });

  it("[SYS-EFFECTS] save ends with its target, sustain with its action, the rest plainly", () => {
    expect(durationWords(effect("e"), facts)).toEqual({ key: "D20C.Effects.Duration.saveEnds", data: { target: 11 } });
    expect(durationWords(effect("e", { duration: "sustain", sustain: "minor" }), facts)).toEqual({
      key: "D20C.Effects.Duration.sustain",
      data: { action: "D20C.Effects.Sustain.minor" },
    });
    expect(durationWords(effect("e", { duration: "permanent" }), facts).key).toBe("D20C.Effects.Duration.permanent");
    expect(durationWords(effect("e", { duration: "endOfEncounter" }), facts).key).toBe(
      "D20C.Effects.Duration.endOfEncounter",
    );
    expect(ongoingWords({ amount: 5, type: "fire" })).toEqual({
      key: "D20C.Effects.OngoingTyped",
      data: { amount: 5, type: "fire" },
    });
    expect(ongoingWords({ amount: 5, type: "untyped" })?.key).toBe("D20C.Effects.Ongoing");
    expect(ongoingWords(null)).toBeNull();
  });

  it("[13A-SAVE] [FF-SAVE] [WD-SAVES] the save target each game rolls against (easy / normal / hard)", () => {
    const actor = defaultActorSource();
    const targets = (id: (typeof RULESET_IDS)[number]) =>
      (["easy", "normal", "hard"] as const).map(
        (save) => effectSaveRequest(getRuleset(id), actor, "a", effect("e", { save })).target,
      );
    expect(targets("13th-age")).toEqual([6, 11, 16]);
    expect(targets("ffd20")).toEqual([10, 10, 10]);
    expect(targets("wounds-d20")).toEqual([10, 15, 20]);
    expect(targets("hundred-dungeons")).toEqual([10, 12, 15]);
  });
});

describe("icons and the token", () => {
  const conditions = [{ id: "dazed", img: "icons/svg/daze.svg" }];
  it("[SYS-EFFECTS] a condition shows its game's status icon, ongoing damage its type's, anything else a plain one", () => {
    expect(effectIcon(effect("e", { statuses: ["dazed"], ongoing: { amount: 5, type: "fire" } }), conditions)).toBe(
      "icons/svg/daze.svg",
    );
    expect(effectIcon(effect("e", { ongoing: { amount: 5, type: "fire" } }), conditions)).toBe("icons/svg/fire.svg");
    expect(effectIcon(effect("e", { ongoing: { amount: 5, type: "psychic" } }), conditions)).toBe(
      "icons/svg/blood.svg",
    );
    expect(effectIcon(effect("e"), conditions)).toBe("icons/svg/aura.svg");
  });

  it("[SYS-EFFECTS] on the token: conditions, ongoing damage, aftereffects to come and anything that ends; not a lasting plain modifier", () => {
    expect(showsOnToken(effect("e", { duration: "permanent", statuses: ["dazed"] }))).toBe(true);
    expect(showsOnToken(effect("e", { duration: "permanent", ongoing: { amount: 1, type: "fire" } }))).toBe(true);
    expect(showsOnToken(effect("e", { duration: "endOfNextTurn" }))).toBe(true);
    expect(showsOnToken(effect("e", { duration: "permanent" }))).toBe(false);
  });
});

describe("sustaining", () => {
  const sustained = effect("e", { duration: "sustain", sourceCombatantId: "ayla", armed: true, sustainedRound: 1 });
  const now = { bearerCombatantId: "bear", currentCombatantId: "ayla", round: 2 };
  it("[FF-SUSTAIN] its creator may, on its own turn, from the turn after it was made, once a turn", () => {
    expect(sustainRefusal(sustained, now)).toBeNull();
    expect(sustainRefusal(sustained, { ...now, currentCombatantId: "bear" })).toBe(
      "D20C.Effects.SustainRefused.notCreatorsTurn",
    );
    expect(sustainRefusal({ ...sustained, armed: false }, now)).toBe("D20C.Effects.SustainRefused.notYet");
    expect(sustainRefusal({ ...sustained, sustainedRound: 2 }, now)).toBe("D20C.Effects.SustainRefused.already");
    expect(sustainRefusal({ ...sustained, duration: "saveEnds" }, now)).toBe(
      "D20C.Effects.SustainRefused.notSustained",
    );
    // Outside combat nobody's turn is on.
    expect(sustainRefusal(sustained, { bearerCombatantId: null, currentCombatantId: null, round: 0 })).toBe(
      "D20C.Effects.SustainRefused.notCreatorsTurn",
    );
  });
});

describe("the sheet's save", () => {
  it.each(RULESET_IDS.map((id) => [id]))(
    "[SYS-EFFECTS] [FF-AFTER] %s: a pass ends the effect and starts its aftereffect after it; a fail changes nothing",
    (id) => {
      const R = getRuleset(id);
      const after = { ...effect("x", { name: "After", statuses: [] }) };
      const { id: _i, aftereffect: _a, armed: _r, sustainedRound: _s, ...afterData } = after;
      const e = effect("held", { name: "Held", aftereffect: afterData });
      const bearer = { actor: defaultActorSource(), actorId: "Actor.b", name: "B", effects: [e] };
      const [stepOne] = saveNowPlan(R, bearer, e);
      if (stepOne?.kind !== "roll") throw new Error("the plan rolls first");
      const ctx = soloContext(bearer, {});
      const pass = R.resolveTurnRoll(ctx, stepOne.request, { total: 25, natural: 19 });
      expect(pass.followUps).toEqual([expect.objectContaining({ kind: "removeEffect", effectId: "held" })]);
      expect(pass.deferred).toEqual([
        expect.objectContaining({ kind: "addEffect", effect: expect.objectContaining({ name: "After" }) }),
      ]);
      const fail = R.resolveTurnRoll(ctx, stepOne.request, { total: 3, natural: 3 });
      expect(fail.followUps).toEqual([]);
      expect(fail.deferred).toEqual([]);
    },
  );
});
