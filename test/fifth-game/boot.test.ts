/**
 * [SYS-RULESET] The BUILT bundle (dist/d20-combat.mjs) boots a world whose game is Duel (./duel.ts),
 * added by a module through the `d20-combat.registerRulesets` hook before the system's init work,
 * under the boot stand-in (test/stand-ins/foundry-boot.ts): the ruleset setting offers it, its Open
 * option is a world setting, its condition is a status effect, and the bundle's own actor data model
 * derives its Guard. Played at the source level (sheet, attack card, turn plan): ./play.test.ts.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Ruleset } from "../../src/engine/ruleset.js";
import type { DerivedActor } from "../../src/engine/types.js";
import { standInInitial } from "../stand-ins/foundry-fields.js";
import { installFoundryBootStandIn, type FoundryBootStandIn } from "../stand-ins/foundry-boot.js";
import { REPO_ROOT, standInLangStrings } from "../stand-ins/i18n.js";
import { ensureBuilt } from "../support/built-dist.js";
import { duel, DUEL_ID, DUEL_LANG, REELING } from "./duel.js";

const SYSTEM = "d20-combat";
const BUNDLE = path.join(REPO_ROOT, "dist/d20-combat.mjs");

let s: FoundryBootStandIn;
let bootError: unknown = null;
let offered: ((ruleset: Ruleset) => void) | null = null;

beforeAll(async () => {
  ensureBuilt(["d20-combat.mjs"]);
  for (const [k, v] of Object.entries(DUEL_LANG)) standInLangStrings().set(k, v);
  s = installFoundryBootStandIn(14, DUEL_ID);
  // The module's script, evaluated before init: it only listens.
  s.hooks.once(`${SYSTEM}.registerRulesets`, (api) => {
    offered = (api as { registerRuleset: (r: Ruleset) => void }).registerRuleset;
    offered(duel);
  });
  try {
    await import(/* @vite-ignore */ `${pathToFileURL(BUNDLE).href}?duel`);
    for (const hook of ["init", "i18nInit", "setup", "ready"]) s.hooks.callAll(hook);
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
  } catch (err) {
    bootError = err;
  }
}, 120_000);
afterAll(() => s.uninstall());

describe("[SYS-RULESET] the built bundle boots with a fifth game a module registered", () => {
  it("[SYS-RULESET] boots init → ready without an error, the world's ruleset being the new game", () => {
    expect(bootError).toBeNull();
    expect(offered).not.toBeNull();
    expect(s.notifications.filter((n) => n.level === "error")).toEqual([]);
    expect(s.settings.get(SYSTEM, "ruleset")).toBe(DUEL_ID);
  });

  it("[SYS-RULESET] the ruleset setting offers the new game by its own label, beside the built-in four", () => {
    const choices = (s.settings.settings.get(`${SYSTEM}.ruleset`)?.choices ?? {}) as Record<string, string>;
    expect(Object.keys(choices)).toEqual(["13th-age", "ffd20", "hundred-dungeons", "wounds-d20", DUEL_ID]);
    expect(choices[DUEL_ID]).toBe("DUEL.Name");
  });

  it("[SYS-RULESET] its Open option is a world setting with its default; its condition is a status effect", () => {
    const keen = s.settings.settings.get(`${SYSTEM}.${DUEL_ID}.keenEdge`);
    expect(keen?.name).toBe("DUEL.Option.keenEdge.Name");
    expect(keen?.default).toBe(false);
    expect(s.config.statusEffects.map((e) => e.id)).toContain(REELING.id);
    expect(s.config.statusEffects.find((e) => e.id === REELING.id)?.name).toBe(REELING.label);
  });

  it("[SYS-RULESET] the bundle's actor data model stores the new game's own field and derives its Guard (10 + level + Dex + Grit)", () => {
    type Model = { defineSchema(): Record<string, unknown>; prototype: object };
    const Character = (s.config.Actor.dataModels as Record<string, Model>).character!;
    const initial = Object.fromEntries(
      Object.entries(Character.defineSchema()).map(([k, f]) => [k, standInInitial(f)]),
    );
    const data = Object.assign(Object.create(Character.prototype) as object, initial, {
      level: 4,
      grit: 3,
      abilities: { ...(initial.abilities as object), dex: 14 },
    }) as unknown as {
      prepareBaseData(): void;
      prepareDerivedData(): void;
      derived: DerivedActor;
      deriveError: string | null;
    };
    data.prepareBaseData();
    data.prepareDerivedData();
    expect(data.deriveError).toBeNull();
    expect(data.derived.defenses).toEqual({ guard: 10 + 4 + 2 + 3 });
    expect(data.derived.saves).toEqual({ nerve: 0 });
  });

  it("[SYS-RULESET] the registry is sealed once init has built from it: a later registration is refused", () => {
    expect(() => offered?.({ ...duel, id: "late-game" })).toThrow(/too late/);
  });
});
