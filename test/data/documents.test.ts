/**
 * The pure parts of the Actor / Item / ActiveEffect classes: the ruleset stamp, HUD HP edits,
 * engine answers written back as one change set, roll data, item views, effect data, escalation.
 */
import { describe, expect, it } from "vitest";
import {
  actorRollData,
  actorSystemChanges,
  toActorSource,
  withStatuses,
  withoutStatuses,
} from "../../src/data/prepare.js";
import { rulesetMismatch, stampOnCreate } from "../../src/data/stamp.js";
import { tokenHpChange } from "../../src/data/token-hp.js";
import { resolveFormulaRefs } from "../../src/data/formula.js";
import { powerSourceFrom, weaponSourceFrom } from "../../src/data/item-source.js";
import { effectCreateData, effectSourceOf, statusEffectsFromConditions } from "../../src/data/effects.js";
import { escalationFor } from "../../src/escalation.js";
import { defaultActorSource, plainDamagePacket } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import { parseDamage } from "../../src/engine/dice.js";
import { type EffectSource } from "../../src/engine/types.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { actorSchema, powerSchema } from "../../src/data/schema.js";
import { standInFields, standInFill } from "../stand-ins/foundry-fields.js";

const [A, B] = RULESET_IDS;

describe("ruleset stamp", () => {
  it("[SYS-RULESET] new documents are stamped with the active ruleset and schema version", () => {
    expect(stampOnCreate(undefined, A, 1)).toEqual({ ruleset: A, schemaVersion: 1 });
  });

  it("[SYS-RULESET] an imported document keeps the game it was made for, and is flagged in another world", () => {
    expect(stampOnCreate({ ruleset: B, schemaVersion: 1 }, A, 1)).toBeNull();
    expect(rulesetMismatch(B, A)).toBe(B);
    expect(rulesetMismatch(A, A)).toBeNull();
    expect(rulesetMismatch(undefined, A)).toBeNull();
    expect(rulesetMismatch("not-a-game", A)).toBeNull();
  });
});

describe("token HUD HP edits", () => {
  it("[SYS-DOCS] a lower number or a negative delta is damage, a higher one healing", () => {
    expect(tokenHpChange(20, 14, false)).toEqual({ kind: "damage", amount: 6 });
    expect(tokenHpChange(20, -5, true)).toEqual({ kind: "damage", amount: 5 });
    expect(tokenHpChange(10, 4, true)).toEqual({ kind: "heal", amount: 4 });
    expect(tokenHpChange(10, 10, false)).toEqual({ kind: "none" });
    expect(tokenHpChange(10, Number.NaN, false)).toEqual({ kind: "none" });
  });

  it("[SYS-DOCS] HUD damage goes through the ruleset: temporary HP absorb first, in every game", () => {
    for (const id of RULESET_IDS) {
      const ruleset = getRuleset(id);
      const actor = defaultActorSource({ hp: { value: 20, max: 20, temp: 4 } });
      const change = tokenHpChange(20, 14, false);
      expect(change.kind).toBe("damage");
      const packet = {
        amount: 6,
        types: [],
        natural: null,
        critical: false,
        ongoing: false,
        fromAttack: false,
        melee: false,
        nonlethal: false,
        knockOut: false,
      };
      const result = ruleset.applyDamage(actor, packet, {}, "a1");
      expect(result.actor.hp.temp, id).toBe(0);
      expect(result.actor.hp.value, id).toBe(18);
      // Written back as ONE nested change set touching only hp.
      expect(actorSystemChanges(actor as never, result.actor)).toEqual({ hp: { value: 18, temp: 0 } });
    }
  });
});

describe("engine answers written back", () => {
  it("[SYS-DOCS] only changed fields, nested, arrays replaced whole; no change → null", () => {
    const before = defaultActorSource();
    expect(actorSystemChanges(before as never, before)).toBeNull();
    const after = { ...before, conditions: ["dazed"], recoveries: { ...before.recoveries, value: 7 } };
    expect(actorSystemChanges(before as never, after)).toEqual({ conditions: ["dazed"], recoveries: { value: 7 } });
  });

  it("[SYS-DOCS] a token status is never baked into stored conditions when the engine changes the list", () => {
    // Stored: no conditions; the token carries a "prone" status effect (Actor#statuses).
    const stored = defaultActorSource({ hp: { value: 5, max: 20, temp: 0 }, conditions: ["weakened"] });
    const statuses = new Set(["prone", "weakened"]);
    const view = withStatuses(stored, statuses); // what the engine is given (D20Actor#toEngineSource)
    expect(view.conditions).toEqual(["weakened", "prone"]);
    // A real engine answer that changes the condition list: Hundred Dungeons drops to 0 HP → dying.
    const answer = getRuleset("hundred-dungeons").applyDamage(view, plainDamagePacket(7), {}, "a1").actor;
    expect(answer.conditions).toContain("prone");
    expect(answer.conditions).toContain("dying");
    // What D20Actor#applyEngineActor writes: the engine's own change, the stored one kept, no "prone".
    const written = actorSystemChanges(stored as never, withoutStatuses(answer, stored.conditions, statuses));
    expect(written?.conditions).toEqual(answer.conditions.filter((c) => c !== "prone"));
    expect(written?.conditions).toContain("weakened");
    // An answer that leaves the list alone writes no conditions at all.
    const healed = { ...view, hp: { ...view.hp, value: 6 } };
    expect(actorSystemChanges(stored as never, withoutStatuses(healed, stored.conditions, statuses))).toEqual({
      hp: { value: 6 },
    });
  });
});

describe("roll data and item views", () => {
  it("[SYS-DOCS] roll data exposes abilities, modifiers, level and the escalation die", () => {
    const actor = toActorSource(
      "character",
      standInFill(actorSchema(standInFields), {
        level: 5,
        abilities: { str: 18, dex: 10, con: 10, int: 10, wis: 10, cha: 10 },
      }),
    );
    const derived = getRuleset(A).deriveActor(actor, {});
    const data = actorRollData(actor, derived, 3);
    expect(data).toMatchObject({ level: 5, escalation: 3, abilities: { str: 18 } });
    expect(data.str).toBe(derived.abilityMods.str);
  });

  it("[SYS-DOCS] @references resolve before the engine parses; [W] stays for the weapon dice", () => {
    const power = powerSourceFrom(standInFill(powerSchema(standInFields), { damage: "2[W] + @str + @level" }), {
      str: 4,
      level: 3,
    });
    expect(power.damage).toBe("2[W] + 4 + 3");
    expect(parseDamage(power.damage, parseDamage("1d8"))).toEqual({ dice: [{ count: 2, faces: 8, sign: 1 }], flat: 7 });
    expect(resolveFormulaRefs("1d6 + @str", { str: -1 })).toBe("1d6 - 1");
    expect(resolveFormulaRefs("1d6 + @nothing", {})).toBe("1d6 + 0");
  });

  it("[SYS-DOCS] a weapon item becomes the engine's WeaponSource; a power with no ongoing damage has none", () => {
    const w = weaponSourceFrom("Dagger", {
      damageDice: "1d4",
      weaponClass: "simple",
      light: true,
      finesse: true,
      proficient: true,
      proficiencyBonus: 3,
    });
    expect(w).toMatchObject({
      name: "Dagger",
      damageDice: "1d4",
      light: true,
      finesse: true,
      proficiencyBonus: 3,
      twoHanded: false,
    });
    expect(powerSourceFrom(standInFill(powerSchema(standInFields), {}), {}).ongoing).toBeNull();
  });
});

describe("effects", () => {
  it("[SYS-DOCS] effect data round-trips through the ActiveEffect flag", () => {
    const effect: Omit<EffectSource, "id"> = {
      name: "Burning",
      sourceCombatantId: "c1",
      duration: "saveEnds",
      save: "hard",
      saveBonus: 0,
      sustain: null,
      sustainedRound: null,
      ongoing: { amount: 5, type: "fire" },
      aftereffect: {
        name: "Smouldering",
        sourceCombatantId: "c1",
        duration: "endOfNextTurn",
        save: "normal",
        saveBonus: 0,
        sustain: null,
        ongoing: null,
        statuses: [],
      },
      armed: false,
      statuses: ["dazed"],
    };
    const data = effectCreateData(effect);
    const back = effectSourceOf({ id: "e1", name: data.name, statuses: new Set(data.statuses), flags: data.flags });
    expect(back).toEqual({ ...effect, id: "e1" });
  });

  it("[SYS-DOCS] a plain status effect without system data lasts until removed", () => {
    expect(effectSourceOf({ id: "e2", name: "Prone", statuses: ["prone"], flags: {} })).toMatchObject({
      duration: "permanent",
      ongoing: null,
      statuses: ["prone"],
    });
  });

  it("[SYS-DOCS] token HUD statuses are each game's conditions (v13 id/name/img), and core's defeated status always stays", () => {
    // Core's list as v13 ships it (a few entries; the real one is longer).
    const core = [
      { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
      { id: "sleep", name: "EFFECT.StatusAsleep", img: "icons/svg/sleep.svg" },
    ];
    for (const id of RULESET_IDS) {
      const conditions = getRuleset(id).conditions;
      const effects = statusEffectsFromConditions(conditions, core, ["dead"]);
      for (const c of conditions) {
        expect(effects.find((e) => e.id === c.id)).toEqual({ id: c.id, name: c.label, img: c.img });
      }
      // The combat tracker's defeated toggle needs "dead" in the list: once, the game's own if it has one.
      const dead = effects.filter((e) => e.id === "dead");
      expect(dead, id).toHaveLength(1);
      expect(dead[0]!.name).toBe(conditions.find((c) => c.id === "dead")?.label ?? "EFFECT.StatusDead");
      // Nothing else of core's comes back, and no v12-era label/icon keys.
      expect(effects.some((e) => e.id === "sleep")).toBe(false);
      for (const e of effects) expect(Object.keys(e).sort()).toEqual(["id", "img", "name"]);
    }
  });
});

describe("escalation die for formulas", () => {
  it("[13A-ESC] 0 out of combat and in round 1, then +1 per round up to 6, with the GM's offset and hold", () => {
    expect(escalationFor(null, null)).toBe(0);
    expect(escalationFor(1, {})).toBe(0);
    expect(escalationFor(4, {})).toBe(3);
    expect(escalationFor(20, {})).toBe(6);
    expect(escalationFor(4, { offset: -1 })).toBe(2);
    expect(escalationFor(4, { frozen: 1 })).toBe(1);
  });
});
