/**
 * [SYS-RULESET] The world setting picks the ruleset; switching A → B → A gives back byte-identical
 * document sources, because preparation reads the source and writes only `derived`.
 * Uses a stand-in settings store installed as `game.settings` for the duration of each test.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activeRuleset, activeRulesetId, ruleOptions } from "../../src/active-ruleset.js";
import { SYSTEM_ID } from "../../src/constants.js";
import { combineArmor, deriveSafely, toActorSource } from "../../src/data/prepare.js";
import { actorSchema, powerSchema } from "../../src/data/schema.js";
import { migrateActorSystem, migrateItemSystem } from "../../src/migrations/migrate-data.js";
import { powerSourceFrom } from "../../src/data/item-source.js";
import { powerRowView } from "../../src/applications/sheets/power-rows.js";
import { type RulesetId } from "../../src/engine/types.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { installStandInGame, StandInSettings, standInFields, standInFill } from "../stand-ins/foundry-fields.js";

let settings: StandInSettings;
let uninstall: () => void;

beforeEach(() => {
  settings = new StandInSettings();
  settings.register(SYSTEM_ID, "ruleset", { default: RULESET_IDS[0] });
  uninstall = installStandInGame(settings);
});
afterEach(() => uninstall());

/** The stored sources of a small world: one actor with every game's data filled in, one power. */
function world() {
  const actor = standInFill(actorSchema(standInFields), {
    level: 6,
    hp: { value: 12, max: 40, temp: 3 },
    defenses: {
      ac: { base: null, bonus: 1 },
      pd: { base: 15, bonus: 0 },
      fort: { base: null, bonus: 2 },
      touch: { base: null, bonus: 0 },
    },
    resistances: [{ type: "fire", value: 16 }],
    wounds: [{ severity: 3, location: "arm", nasty: true }],
    recoveries: { value: 4, max: 8, formula: "6d8+2", noRecoveryUses: 0, ralliesThisBattle: 1, battlesSinceHealUp: 2 },
    exhaustion: 2,
    renown: 3,
    weaponSkills: ["martial"],
    baseCombatBonus: 4,
    constitutionDamage: 1,
  });
  const power = standInFill(powerSchema(standInFields), {
    damage: "2[W] + @str",
    damageTypes: ["fire"],
    usage: "recharge",
    recharge: 16,
    used: true,
    effects: [
      {
        outcome: "hit",
        trigger: { kind: "even", value: 0 },
        text: "",
        statuses: ["dazed"],
        duration: "saveEnds",
        save: "normal",
        sustain: null,
        ongoing: null,
        aftereffect: { statuses: ["weakened"], duration: "saveEnds", save: "easy", sustain: null, ongoing: null },
      },
    ],
  });
  return { actor, power };
}

/** What loading a world does with the sources: migrate, prepare, derive with the active ruleset. */
function loadWorld(sources: ReturnType<typeof world>) {
  const actor = migrateActorSystem(sources.actor);
  const power = migrateItemSystem("power", sources.power);
  const prepared = structuredClone(actor);
  prepared.armor = combineArmor(prepared.armor as ReturnType<typeof combineArmor>, [
    { armorBonus: 2, shieldBonus: 1, maxDex: null, heavy: false, equipped: true },
  ]);
  const engineView = toActorSource("character", prepared);
  const { derived, error } = deriveSafely(activeRuleset(), engineView, ruleOptions());
  powerSourceFrom(power, { str: 3 });
  // The sheet reads the power's usage and words in the active game's terms (a recharge power is
  // an encounter power in FFd20): reading never writes.
  powerRowView(activeRuleset(), power, null);
  return { stored: { actor, power }, derived, error };
}

async function switchTo(id: RulesetId) {
  await settings.set(SYSTEM_ID, "ruleset", id);
}

describe("[SYS-RULESET] switching rulesets", () => {
  it("[SYS-RULESET] the active ruleset follows the world setting", async () => {
    for (const id of RULESET_IDS) {
      await switchTo(id);
      expect(activeRulesetId()).toBe(id);
      expect(activeRuleset().id).toBe(id);
    }
  });

  it("[SYS-RULESET] Open-rule options fall back to their defaults and read their world settings", async () => {
    const withOption = RULESET_IDS.find((id) => {
      settings.values.set(`${SYSTEM_ID}.ruleset`, id);
      return activeRuleset().options.length > 0;
    });
    expect(withOption).toBeDefined();
    await switchTo(withOption!);
    const spec = activeRuleset().options[0]!;
    expect(ruleOptions()[spec.key]).toBe(spec.default);
    const other =
      spec.type === "boolean"
        ? !spec.default
        : spec.type === "number"
          ? Number(spec.default) + 1
          : Object.keys(spec.choices ?? {}).find((c) => c !== spec.default);
    expect(other).toBeDefined();
    settings.register(SYSTEM_ID, `${withOption}.${spec.key}`, { default: spec.default });
    await settings.set(SYSTEM_ID, `${withOption}.${spec.key}`, other);
    expect(ruleOptions()[spec.key]).toBe(other);
  });

  it("[SYS-RULESET] A → B → A gives byte-identical sources for every pair of rulesets, while the derived view changes", async () => {
    for (const a of RULESET_IDS) {
      for (const b of RULESET_IDS) {
        if (a === b) continue;
        const sources = world();
        const original = JSON.stringify(sources);
        await switchTo(a);
        const first = loadWorld(sources);
        await switchTo(b);
        const second = loadWorld(first.stored);
        await switchTo(a);
        const third = loadWorld(second.stored);
        expect(first.error).toBeNull();
        expect(second.error).toBeNull();
        expect(JSON.stringify(third.stored)).toBe(original);
        expect(JSON.stringify(sources)).toBe(original);
        expect(third.derived).toEqual(first.derived);
        // Each game sees the data its own way (defense keys differ between all four games).
        expect(Object.keys(second.derived.defenses)).not.toEqual(Object.keys(first.derived.defenses));
      }
    }
  });
});
