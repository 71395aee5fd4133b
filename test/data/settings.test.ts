/**
 * Open-rule settings: every ruleset option is a world setting `d20-combat.<rulesetId>.<optionKey>`
 * that the GM can change, and `ruleOptions()` hands the chosen value to the engine. Foundry's
 * `game.settings` is a stand-in (test/stand-ins/settings.ts).
 */
import { afterEach, describe, expect, it } from "vitest";
import { ruleOptions } from "../../src/active-ruleset.js";
import { allRulesets } from "../../src/engine/registry.js";
import type { RulesetId } from "../../src/engine/types.js";
import { registerSettings } from "../../src/settings.js";
import { standInLangStrings } from "../stand-ins/i18n.js";
import { installSettingsStandIn } from "../stand-ins/settings.js";

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
});

const rulesets = allRulesets();
const lang = standInLangStrings();

/** What `registerSettings()` registers in a world whose game is `active`, keyed `d20-combat.<key>`. */
function registeredIn(active: RulesetId) {
  const standIn = installSettingsStandIn();
  try {
    standIn.settings.values.set("d20-combat.ruleset", active);
    registerSettings();
    return standIn.settings.settings;
  } finally {
    standIn.uninstall();
  }
}

describe("Open-rule settings", () => {
  for (const ruleset of rulesets) {
    for (const spec of ruleset.options) {
      it(`[${spec.rule}] ${ruleset.id} option "${spec.key}" is a world setting of its kind, defaulting to the ruleset's reading`, () => {
        const id = `d20-combat.${ruleset.id}.${spec.key}`;
        const data = registeredIn(ruleset.id).get(id);
        expect(data).toBeDefined();
        const choices = data!.choices as Record<string, string> | undefined;
        expect(data!.scope).toBe("world");
        expect(data!.config).toBe(true);
        expect(data!.default).toBe(spec.default);
        // The registered type casts stored values back to the kind the engine reads.
        expect(typeof (data!.type as (v: unknown) => unknown)(spec.default)).toBe(typeof spec.default);
        if (spec.type === "choice") {
          expect(Object.keys(choices ?? {})).toEqual(Object.keys(spec.choices ?? {}));
          expect(Object.keys(choices ?? {})).toContain(spec.default);
        } else expect(choices).toBeUndefined();
        // Labels are i18n keys that exist.
        for (const key of [data!.name, data!.hint, ...Object.values(choices ?? {})])
          expect(lang.has(key as string), key as string).toBe(true);
        // Another game's options are registered (values survive a switch) but not shown.
        const other = rulesets.find((r) => r.id !== ruleset.id)!;
        expect(registeredIn(other.id).get(id)?.config).toBe(false);
      });
    }
  }

  it("[13A-NAT20] a GM's choice reaches the engine through ruleOptions(); unchosen options keep their default", async () => {
    const standIn = installSettingsStandIn();
    uninstall = standIn.uninstall;
    standIn.settings.register("d20-combat", "ruleset", { default: "13th-age" });
    registerSettings();
    const spec = rulesets.find((r) => r.id === "13th-age")!.options.find((o) => o.key === "critDamage")!;
    const other = Object.keys(spec.choices ?? {}).find((c) => c !== spec.default)!;
    expect(ruleOptions().critDamage).toBe(spec.default);
    await standIn.settings.set("d20-combat", "13th-age.critDamage", other);
    expect(ruleOptions().critDamage).toBe(other);
    expect(ruleOptions().nat20AlwaysHits).toBe(
      rulesets.find((r) => r.id === "13th-age")!.options.find((o) => o.key === "nat20AlwaysHits")!.default,
    );
    // Every game's options were registered, under the key ruleOptions() reads.
    for (const r of rulesets)
      for (const o of r.options) expect(standIn.settings.settings.has(`d20-combat.${r.id}.${o.key}`)).toBe(true);
  });
});
