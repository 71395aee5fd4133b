/**
 * [SYS-RULESET] The engine's public helpers a module is handed at registration
 * (src/engine/module-api.ts): the pieces the issue names are there, and `actorPart` reads a game's
 * own fields typed from its descriptions, falling back to the initial value where the stored one
 * is missing or not what the description allows.
 */
import { describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import { ENGINE_HELPERS } from "../../src/engine/module-api.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource } from "../../src/engine/types.js";

const FIELDS = {
  grit: ENGINE_HELPERS.fields.int(0, { min: 0 }),
  style: ENGINE_HELPERS.fields.choice(["riposte", "feint"] as const, "feint"),
} as const;

const { actorPart } = ENGINE_HELPERS.fields;

const stored = (extra: Record<string, unknown>): ActorSource => ({ ...defaultActorSource(), ...extra }) as ActorSource;

describe("[SYS-RULESET] the engine's public helpers", () => {
  it("[SYS-RULESET] hands a module defining a ruleset, resolution, conditions, dice and fields", () => {
    expect(typeof ENGINE_HELPERS.defineRuleset).toBe("function");
    for (const group of [
      ENGINE_HELPERS.resolution,
      ENGINE_HELPERS.conditions,
      ENGINE_HELPERS.dice,
      ENGINE_HELPERS.fields,
    ])
      expect(Object.values(group).every((f) => typeof f === "function")).toBe(true);
    expect(ENGINE_HELPERS.resolution.resolvedBy).toBeTypeOf("function");
    expect(ENGINE_HELPERS.dice.parseDamage("1d6+2", null, "power.damage")).toMatchObject({ flat: 2 });
    expect(Object.isFrozen(ENGINE_HELPERS.rules)).toBe(true);
  });

  it("[SYS-RULESET] hands a module the capabilities a game may opt into and the shared sheet parts", () => {
    const { capabilities, sheetParts } = ENGINE_HELPERS;
    const hd = getRuleset("hundred-dungeons");
    expect(capabilities.hasCapability(hd, "reactions")).toBe(true);
    expect(capabilities.capabilitiesOf(getRuleset("13th-age"))).toContain("rangeBands");
    expect(capabilities.CAPABILITY_MEMBERS.reactions).toEqual(["attackReactions", "resolveAttackReaction"]);
    const part = sheetParts.SHARED_SHEET_PARTS.recoveries(sheetParts.CHARACTERS);
    expect(part).toMatchObject({ slot: "resources", holders: ["character"] });
    expect(part.template).toMatch(/templates\/actor\/parts\/recoveries\.hbs$/);
    expect(Object.isFrozen(capabilities) && Object.isFrozen(sheetParts)).toBe(true);
  });

  it("[SYS-RULESET] actorPart reads a game's own stored fields, typed from their descriptions", () => {
    const part = actorPart(stored({ grit: 3, style: "riposte" }), FIELDS);
    const grit: number = part.grit;
    expect(grit).toBe(3);
    expect(part.style).toBe("riposte");
  });

  it("[SYS-RULESET] actorPart gives the initial value for a field missing or not what its description allows", () => {
    expect(actorPart(stored({}), FIELDS)).toEqual({ grit: 0, style: "feint" });
    expect(actorPart(stored({ grit: -1, style: "lunge" }), FIELDS)).toEqual({ grit: 0, style: "feint" });
    expect(actorPart(stored({ grit: "3" }), FIELDS).grit).toBe(0);
    expect(actorPart(stored({ grit: 2.5 }), FIELDS).grit).toBe(0);
  });
});
