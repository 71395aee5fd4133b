/**
 * [SYS-RULESET] The BUILT bundle (dist/d20-combat.mjs) boots a world whose game is Duel (./duel.ts),
 * added by a module through the `d20-combat.registerRulesets` hook before the system's init work,
 * under the boot stand-in (test/stand-ins/foundry-boot.ts) with its play bases
 * (test/stand-ins/foundry-play.ts): the ruleset setting offers it, its Open option is a world
 * setting, its condition is a status effect, and through what the bundle registered — its actor
 * class and data model, its actor sheet, `game.system.api.attack` and its combat class — a Duel
 * actor derives its Guard, its sheet renders, an attack card resolves against Guard and a turn plan
 * runs. The same game played from the source modules: ./play.test.ts.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINE_HELPERS, type EngineHelpers, type RegisterRulesetsApi } from "../../src/engine/module-api.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import type { DerivedActor } from "../../src/engine/types.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import { StandInActor, standInEffectClass } from "../stand-ins/foundry-combat.js";
import type { StandInActiveEffect } from "../stand-ins/foundry-effects.js";
import { standInInitial } from "../stand-ins/foundry-fields.js";
import type { DocumentDataStandIn, PlayActorStandIn } from "../stand-ins/foundry-play.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { attackCardIn } from "../support/card-messages.js";
import { npc } from "../workflows/attack-fixtures.js";
import { bootStatusEffects, installFoundryBootStandIn, type FoundryBootStandIn } from "../stand-ins/foundry-boot.js";
import { REPO_ROOT, standInLangStrings } from "../stand-ins/i18n.js";
import { ensureBuilt } from "../support/built-dist.js";
import { DUEL_ID, DUEL_LANG, DUEL_SHEET_TEMPLATE, REELING, registerDuel } from "./duel.js";

const SYSTEM = "d20-combat";
const BUNDLE = path.join(REPO_ROOT, "dist/d20-combat.mjs");

let s: FoundryBootStandIn;
let bootError: unknown = null;
let offered: ((ruleset: Ruleset) => void) | null = null;
let duel: Ruleset;
let handed: EngineHelpers | null = null;

beforeAll(async () => {
  ensureBuilt(["d20-combat.mjs"]);
  for (const [k, v] of Object.entries(DUEL_LANG)) standInLangStrings().set(k, v);
  s = installFoundryBootStandIn(14, DUEL_ID, { play: true });
  // The module's script, evaluated before init: it only listens.
  s.hooks.once(`${SYSTEM}.registerRulesets`, (api) => {
    offered = (api as RegisterRulesetsApi).registerRuleset;
    handed = (api as RegisterRulesetsApi).engine;
    // Built from the helpers the BUNDLE hands over: the game reaches nothing else of the system.
    duel = registerDuel(api as RegisterRulesetsApi);
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

  it("[SYS-RULESET] the hook hands the module the bundle's own engine helpers, which the game is built from", () => {
    expect(handed).not.toBeNull();
    expect(handed).not.toBe(ENGINE_HELPERS);
    expect(Object.keys(handed!).sort()).toEqual(Object.keys(ENGINE_HELPERS).sort());
    expect(typeof handed!.defineRuleset).toBe("function");
    expect(typeof handed!.fields.actorPart).toBe("function");
    expect(duel.id).toBe(DUEL_ID);
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
    expect(bootStatusEffects(s.config).map((e) => e.id)).toContain(REELING.id);
    expect(bootStatusEffects(s.config).find((e) => e.id === REELING.id)?.name).toBe(REELING.label);
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

/** A Duel duellist made through the class the bundle registered for actors. */
function duellist(data: Partial<DocumentDataStandIn> & { _id: string }): PlayActorStandIn {
  const Actor = s.config.Actor.documentClass as new (data: DocumentDataStandIn) => PlayActorStandIn;
  return new Actor({ name: data._id, type: "character", ...data });
}

/** What the test reads of the booted `game`: the user's targets and the API the bundle put up. */
interface BootGame {
  user: { targets: Set<unknown> };
  system: { api: { attack(options: object): Promise<unknown> } };
}

/** A template path as Foundry serves it → the file in this repository (the module is test/fifth-game/). */
function templateFile(foundryPath: string): string {
  return foundryPath.replace(`systems/${SYSTEM}/`, "").replace("modules/duel/", "test/fifth-game/");
}

const LUNGE: DocumentDataStandIn = {
  _id: "lunge",
  name: "Lunge",
  type: "power",
  system: { attackAbility: null, defense: "guard", damage: "1d6" },
};

describe("[SYS-RULESET] the fifth game played through the built bundle", () => {
  it("[SYS-RULESET] its actor, made through the bundle's actor class, derives Guard from its own field", () => {
    const a = duellist({ _id: "aria", system: { level: 4, grit: 3, abilities: { dex: 14 } } }) as unknown as {
      derived: DerivedActor;
      toEngineSource(): { grit?: unknown };
    };
    expect(a.derived.defenses).toEqual({ guard: 10 + 4 + 2 + 3 });
    expect(a.toEngineSource().grit).toBe(3);
  });

  it("[SYS-RULESET] the bundle's actor sheet renders its defense, save, condition and Grit", async () => {
    const call = s.sheetCalls.find((c) => c.call === "register" && c.options.label === "D20C.Sheet.ActorSheet");
    expect(call?.options.types).toContain("character");
    type Sheet = {
      _configureRenderParts(o: object): Record<string, { template: string }>;
      _prepareContext(o: object): Promise<Record<string, unknown>>;
      tabGroups: Record<string, string>;
    };
    const SheetClass = call!.sheetClass as new (options: object) => Sheet;
    const sheet = new SheetClass({ document: duellist({ _id: "aria", system: { level: 4, grit: 3 } }) });
    const renderer = createTemplateRenderer();
    // The sheet writes the shown tab only: each tab chosen in turn, as a user reads them all.
    let html = "";
    for (const tab of ["combat", "abilities", "traits", "biography"]) {
      sheet.tabGroups.primary = tab;
      const context = await sheet._prepareContext({});
      html += Object.values(sheet._configureRenderParts({}))
        .map((part) => renderer.render(templateFile(part.template), context))
        .join("");
    }
    expect(html).toContain(s.i18n.localize("DUEL.Defense.Abbr.guard"));
    expect(html).toContain('data-kind="nerve"');
    expect(html).toContain(s.i18n.localize(REELING.label));
    for (const other of ["D20C.Defense.ac", "D20C.Defense.pd"]) expect(html).not.toContain(s.i18n.localize(other));
  });

  it("[SYS-RULESET] the bundle's actor sheet renders the game's own sheet part with its data: Grit and Guard", async () => {
    const call = s.sheetCalls.find((c) => c.call === "register" && c.options.label === "D20C.Sheet.ActorSheet");
    type Sheet = {
      _configureRenderParts(o: object): Record<string, { template: string }>;
      _prepareContext(o: object): Promise<Record<string, unknown>>;
    };
    const SheetClass = call!.sheetClass as new (options: object) => Sheet;
    const sheet = new SheetClass({
      document: duellist({ _id: "aria", system: { level: 4, grit: 3, abilities: { dex: 14 } } }),
    });
    const parts = sheet._configureRenderParts({});
    expect(Object.keys(parts)).toEqual(["sheet", `game-${DUEL_ID}`]);
    expect(parts[`game-${DUEL_ID}`]!.template).toBe(DUEL_SHEET_TEMPLATE);
    const context = await sheet._prepareContext({});
    const html = createTemplateRenderer().render(templateFile(DUEL_SHEET_TEMPLATE), context);
    expect(html).toContain(`<p class="duel-grit">Grit 3</p>`);
    expect(html).toContain(`<p class="duel-guard">Guard ${10 + 4 + 2 + 3}</p>`);
  });

  it("[SYS-RULESET] game.system.api.attack resolves its card: d20 + level against Guard, Reeling's −2 from the condition's data", async () => {
    const attacker = duellist({ _id: "duellist", system: { level: 3, conditions: [REELING.id] }, items: [LUNGE] });
    const rival = duellist({ _id: "rival", type: "npc", system: { grit: 2 } });
    const game = (globalThis as unknown as { game: BootGame }).game;
    game.user.targets.clear();
    game.user.targets.add({
      document: { uuid: "Scene.s1.Token.rival", name: "rival", texture: { src: "" } },
      actor: rival,
    });
    const api = game.system.api;
    const cardOf = (posted: Record<string, unknown>) => attackCardIn(posted)!;
    // The world shows the numbers on the public card (by default only owners and the GM see them).
    await s.settings.set(SYSTEM, "cardVisibility", "everyone");
    // Guard 10 + 1 + 0 + 2 = 13; d20 12 + level 3 − 2 = 13 hits; damage 4.
    standInAttackFaces.push(12, 4);
    await api.attack({ actor: attacker, item: attacker.items.get("lunge"), fastForward: true });
    expect(s.notifications.filter((n) => n.level === "error")).toEqual([]);
    const t = cardOf(s.world.chatMessages.at(-1)!).targets[0]!;
    expect(t.outcome.defenseKey).toBe("guard");
    expect(t.outcome.defense).toBe(13);
    expect(t.outcome.modifiers.map((m) => [m.key, m.value])).toContainEqual(["condition.reeling", -2]);
    expect(t.outcome.result).toBe("hit");
    expect(t.damage).toBe(4);
    // The same roll without the condition's −2 would hit; with it, 10 + 3 − 2 = 11 misses.
    standInAttackFaces.push(10, 4);
    await api.attack({ actor: attacker, item: attacker.items.get("lunge"), fastForward: true });
    const second = cardOf(s.world.chatMessages.at(-1)!).targets[0]!;
    expect(second.outcome.total).toBe(11);
    expect(second.outcome.result).toBe("miss");
  });

  it("[SYS-TURNS] the bundle's combat runs its turn plan: a reeling duellist shakes the condition off as its turn starts", async () => {
    standInEffectClass.current = s.config.ActiveEffect.documentClass as typeof StandInActiveEffect;
    const actor = new StandInActor("a1", npc(duel, 0, { conditions: [REELING.id] }));
    const [reeling] = await actor.createEmbeddedDocuments("ActiveEffect", [
      { name: "Reeling", statuses: [REELING.id] },
    ]);
    expect(actor.statuses.has(REELING.id)).toBe(true);
    const Combatant = s.config.Combatant.documentClass as new (data: object) => object;
    const Combat = s.config.Combat.documentClass as new (combatants: object[]) => {
      startCombat(): Promise<unknown>;
      settle(): Promise<void>;
      turnEventErrors: unknown[];
    };
    const combat = new Combat([new Combatant({ id: "c1", actor, initiative: 12 })]);
    await combat.startCombat();
    await combat.settle();
    expect(combat.turnEventErrors).toEqual([]);
    expect(actor.effects.get(reeling!.id)).toBeUndefined();
    expect(actor.statuses.has(REELING.id)).toBe(false);
  });
});
