/**
 * Boot smoke test of the BUILT system: imports dist/d20-combat.mjs (building it first when it is
 * missing or older than src/) into Node with the recording Foundry stand-in of
 * test/stand-ins/foundry-boot.ts, fires `init` → `i18nInit` → `setup` → `ready` as a GM, and checks
 * what Foundry would have been given. Type checking cannot see these load-time mistakes: a class
 * extending an undefined global, a setting read before it is registered, CONFIG keys that don't
 * match system.json, a lang key missing for a setting or status effect.
 *
 * Every ruleset setting value × Foundry generation 13 and 14 boots a fresh copy of the bundle.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import type { ActorKind } from "../../src/engine/types.js";
import { toActorSource, type ActorSystemLike } from "../../src/data/prepare.js";
import { StandInDataField, StandInSchemaField, standInInitial } from "../stand-ins/foundry-fields.js";
import { bootStatusEffects, installFoundryBootStandIn, type FoundryBootStandIn } from "../stand-ins/foundry-boot.js";
import { REPO_ROOT, standInLangStrings } from "../stand-ins/i18n.js";
import { ensureBuilt } from "../support/built-dist.js";

const SYSTEM = "d20-combat";
const BUNDLE = path.join(REPO_ROOT, "dist/d20-combat.mjs");
const system = JSON.parse(readFileSync(path.join(REPO_ROOT, "system.json"), "utf8")) as {
  documentTypes: {
    Actor: Record<string, unknown>;
    Item: Record<string, unknown>;
    ChatMessage: Record<string, unknown>;
  };
};

beforeAll(() => ensureBuilt(["d20-combat.mjs", "d20-combat-selftest.mjs"]), 120_000);

/** `d20-combat` settings the bundle reads or writes by a fixed key (literal or a `const` string). */
function settingKeysReadByBundle(code: string): { fixed: Set<string>; dynamic: Set<string> } {
  const consts = new Map([...code.matchAll(/const (\w+) = "([^"]*)";/g)].map((m) => [m[1], m[2]]));
  const fixed = new Set<string>();
  const dynamic = new Set<string>();
  for (const m of code.matchAll(/settings\.(?:get|set)\((?:SYSTEM_ID|"d20-combat"),\s*("([^"]+)"|[\w$]+)/g)) {
    const literal = m[2];
    const id = m[1] ?? "";
    if (literal !== undefined) fixed.add(literal);
    else if (consts.has(id)) fixed.add(consts.get(id) as string);
    else dynamic.add(id);
  }
  return { fixed, dynamic };
}

let bootNumber = 0;

/** Import a fresh copy of the bundle under the installed stand-in and fire the four boot hooks as a GM. */
async function boot(s: FoundryBootStandIn): Promise<void> {
  // A distinct URL per boot: each import evaluates the bundle afresh, as a page load does.
  await import(/* @vite-ignore */ `${pathToFileURL(BUNDLE).href}?boot=${++bootNumber}`);
  for (const hook of ["init", "i18nInit", "setup", "ready"]) s.hooks.callAll(hook);
  // `ready` starts the world migration without awaiting it; let it finish.
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
}

const lang = standInLangStrings();
/**
 * The bundle's code before minification: the sources its sourcemap embeds (the shipped file's
 * names are mangled, so the setting keys are read from what it was built from).
 */
function bundleSources(): string {
  const map = JSON.parse(readFileSync(`${BUNDLE}.map`, "utf8")) as { sources: string[]; sourcesContent?: string[] };
  return map.sources
    .map((source, i) => (source.includes("node_modules") ? "" : (map.sourcesContent?.[i] ?? "")))
    .join("\n");
}

describe.each([13, 14] as const)("boot under Foundry generation %i", (generation) => {
  describe.each(RULESET_IDS.map((id) => [id]))("with the ruleset setting %s", (rulesetId) => {
    let s: FoundryBootStandIn;
    let bootError: unknown = null;
    const ruleset = getRuleset(rulesetId);

    beforeAll(async () => {
      s = installFoundryBootStandIn(generation, rulesetId);
      try {
        await boot(s);
      } catch (err) {
        bootError = err;
      }
    });
    afterAll(() => s.uninstall());

    it("imports the bundle and fires init → i18nInit → setup → ready without throwing", () => {
      expect(bootError).toBeNull();
      expect(s.hooks.registered).toContain("init");
      expect(s.settings.get(SYSTEM, "ruleset")).toBe(rulesetId);
    });

    it("the GM's ready ran the world migration to its end (no error notification)", () => {
      expect(s.notifications.filter((n) => n.level === "error")).toEqual([]);
      expect(s.settings.get(SYSTEM, "schemaVersion")).toBeGreaterThan(0);
    });

    it("[SYS-RELEASE] registers the bundle's precompiled templates at init, each as the partial of its path: the first card's and the first sheet's", () => {
      const registered = (globalThis as unknown as { Handlebars: { registered: string[] } }).Handlebars.registered;
      for (const t of ["chat/attack-card.hbs", "chat/rule-card.hbs", "sheets/actor.hbs", "actor/parts/hp.hbs"])
        expect(registered).toContain(`systems/${SYSTEM}/templates/${t}`);
    });

    it("registers a data model for exactly system.json's document types", () => {
      const actorModels = s.config.Actor.dataModels as Record<string, unknown>;
      const itemModels = s.config.Item.dataModels as Record<string, unknown>;
      expect(Object.keys(actorModels).sort()).toEqual(Object.keys(system.documentTypes.Actor).sort());
      expect(Object.keys(itemModels).sort()).toEqual(Object.keys(system.documentTypes.Item).sort());
    });

    it("registers a data model for each of system.json's chat message types (the turn summary and every card kind)", () => {
      const messageModels = (s.config.ChatMessage as { dataModels?: Record<string, unknown> }).dataModels ?? {};
      expect(Object.keys(messageModels).sort()).toEqual(Object.keys(system.documentTypes.ChatMessage).sort());
      expect(Object.keys(messageModels)).toEqual(
        expect.arrayContaining(["turn", "attack", "ledger", "details", "rule"]),
      );
    });

    it("sets its own document classes, each extending core's", () => {
      const core: Record<"Actor" | "Item" | "ActiveEffect" | "Combat" | "Combatant", unknown> = {
        Actor: globalThis.Actor,
        Item: globalThis.Item,
        ActiveEffect: globalThis.ActiveEffect,
        Combat: globalThis.Combat,
        Combatant: globalThis.Combatant,
      };
      for (const [doc, base] of Object.entries(core) as [keyof typeof core, unknown][]) {
        const cls = s.config[doc].documentClass as { prototype: object };
        expect(cls, doc).not.toBe(base);
        expect(cls.prototype instanceof (base as new () => object), doc).toBe(true);
      }
    });

    it("keeps core's Roll first in CONFIG.Dice.rolls and adds its roll classes after it", () => {
      const rolls = s.config.Dice.rolls as { prototype: object }[];
      expect(rolls[0]).toBe(s.core.Roll);
      expect(rolls.length).toBeGreaterThan(1);
      for (const cls of rolls.slice(1)) expect(cls.prototype instanceof s.core.Roll).toBe(true);
      expect(new Set(rolls).size).toBe(rolls.length);
    });

    it("[SYS-PERM] listens for GM relay requests on its own system socket channel, and for the GM's answers as a query", () => {
      expect(s.socket.listeners.get(`system.${SYSTEM}`)).toHaveLength(1);
      expect([...s.socket.listeners.keys()]).toEqual([`system.${SYSTEM}`]);
      // Query handlers are not told who queried, so no request is taken there: only the answer
      // the GM's client puts to the one user who asked, the key it must carry back, and an
      // attacker's ask to roll a creature's save this client owns (it decides nothing: the GM's
      // ledger reads the roll message's author from the server, src/workflows/owner-saves.ts).
      expect(Object.keys(s.config.queries)).toEqual([
        `${SYSTEM}.relayAnswer`,
        `${SYSTEM}.relayKey`,
        `${SYSTEM}.rollSave`,
      ]);
    });

    it("[SYS-CONTENT] publishes game.system.api during init, with the calls the compendium macros use", () => {
      const api = (globalThis as unknown as { game: { system: { api?: Record<string, unknown> } } }).game.system.api;
      for (const call of [
        "attack",
        "applyLastCard",
        "advanceEscalation",
        "firstAttack",
        "lastAttackCard",
        "selectedTokens",
      ])
        expect(typeof api?.[call], call).toBe("function");
    });

    it("registers during init every d20-combat setting the bundle reads or writes", () => {
      const { fixed, dynamic } = settingKeysReadByBundle(bundleSources());
      expect(fixed.size).toBeGreaterThan(0);
      for (const key of fixed) expect(s.settings.settings.has(`${SYSTEM}.${key}`), key).toBe(true);
      // The one computed key is ruleOptions' `<rulesetId>.<optionKey>`: every option of every game.
      expect([...dynamic]).toEqual(["key"]);
      for (const id of RULESET_IDS) {
        for (const opt of getRuleset(id).options) {
          expect(s.settings.settings.has(`${SYSTEM}.${id}.${opt.key}`), `${id}.${opt.key}`).toBe(true);
        }
      }
    });

    it("every registered setting's name, hint and choice label is a key in lang/en.json", () => {
      const ours = [...s.settings.settings.entries()].filter(([id]) => id.startsWith(`${SYSTEM}.`));
      expect(ours.length).toBeGreaterThan(0);
      for (const [id, data] of ours) {
        for (const field of ["name", "hint"] as const) {
          const key = data[field];
          if (key === undefined) continue;
          expect(lang.has(String(key)), `${id} ${field} "${String(key)}"`).toBe(true);
        }
        const choices = (data.choices ?? {}) as Record<string, string>;
        for (const label of Object.values(choices)) expect(lang.has(label), `${id} choice "${label}"`).toBe(true);
      }
    });

    it("[SYS-EFFECTS] status effects are the ruleset's conditions (names in lang/en.json) plus core's defeated, in the generation's shape (v13 a list, v14 an object keyed by id)", () => {
      expect(Array.isArray(s.config.statusEffects)).toBe(generation < 14);
      const effects = bootStatusEffects(s.config);
      const conditionIds = ruleset.conditions.map((c) => c.id);
      for (const id of conditionIds) expect(effects.map((e) => e.id)).toContain(id);
      for (const e of effects) {
        if (conditionIds.includes(e.id)) expect(lang.has(e.name), `${e.id} name "${e.name}"`).toBe(true);
        else expect(e.id).toBe(s.config.specialStatusEffects.DEFEATED);
      }
    });

    it("[SYS-EFFECTS] on v14 registers the system's durations as core expiry events (labels in lang/en.json), leaving core's expiry action (every module's) as it was; v13 keeps its legacy-transfer switch off", () => {
      const ae = s.config.ActiveEffect;
      if (generation < 14) {
        expect(ae.legacyTransferral).toBe(false);
        expect(ae.expiryEvents).toBeUndefined();
        return;
      }
      expect(ae.expiryAction).toBe("update");
      const events = ae.expiryEvents ?? {};
      expect(Object.keys(events).sort()).toEqual(
        ["endOfEncounter", "endOfNextTurn", "saveEnds", "startOfNextTurn", "sustain"].map((d) => `${SYSTEM}.${d}`),
      );
      for (const label of Object.values(events)) expect(lang.has(label), label).toBe(true);
      expect("legacyTransferral" in ae).toBe(false);
    });

    it("[SYS-EFFECTS] on v14 a system effect core's expiry marks expired is deleted by the active GM; another module's effect keeps core's action", async () => {
      if (generation < 14) return;
      const deleted: string[] = [];
      const effect = (name: string, flags: Record<string, unknown>) => ({
        name,
        flags,
        delete: async () => void deleted.push(name),
      });
      const ours = effect("Dazed", { [SYSTEM]: { effect: { duration: "endOfNextTurn", statuses: ["dazed"] } } });
      const theirs = effect("Bless", { other: { x: 1 } });
      // Core's registry with its default action ("update") marks each expired (API v14 CONFIG.ActiveEffect).
      for (const e of [ours, theirs])
        s.hooks.callAll("updateActiveEffect", e, { duration: { expired: true } }, {}, "gm");
      // A change that is not an expiry deletes nothing.
      s.hooks.callAll("updateActiveEffect", ours, { name: "Dazed!" }, {}, "gm");
      await new Promise((r) => setTimeout(r, 0));
      expect(deleted).toEqual(["Dazed"]);
    });

    it("[HD-ROUND] [SYS-TURNS] a combat round advances world time by the game's round length (core's 6 s where it names none)", () => {
      expect(s.config.time.roundTime).toBe(ruleset.roundSeconds ?? 6);
      if (rulesetId === "hundred-dungeons") expect(s.config.time.roundTime).toBe(20);
    });

    it("registers its sheets for every actor and item type, after unregistering core's V1 sheets", () => {
      const expectCalls = (docName: "Actor" | "Item", coreSheet: unknown) => {
        const docClass = docName === "Actor" ? s.core.Actor : s.core.Item;
        const calls = s.sheetCalls.filter((c) => c.documentClass === docClass);
        const unreg = calls.findIndex(
          (c) => c.call === "unregister" && c.scope === "core" && c.sheetClass === coreSheet,
        );
        const reg = calls.findIndex((c) => c.call === "register" && c.scope === SYSTEM);
        expect(unreg, `${docName}: core V1 sheet unregistered`).toBeGreaterThanOrEqual(0);
        expect(reg, `${docName}: our sheet registered`).toBeGreaterThan(unreg);
        const registered = calls[reg];
        if (!registered) throw new Error(`${docName}: no sheet registered`);
        expect([...(registered.options.types ?? [])].sort()).toEqual(Object.keys(system.documentTypes[docName]).sort());
        expect(registered.options.makeDefault).toBe(true);
        expect(lang.has(String(registered.options.label)), String(registered.options.label)).toBe(true);
      };
      const appv1 = (globalThis.foundry as unknown as { appv1: { sheets: Record<string, unknown> } }).appv1;
      expectCalls("Actor", appv1.sheets.ActorSheet);
      expectCalls("Item", appv1.sheets.ItemSheet);
    });

    it("templates it preloads are files under templates/", () => {
      expect(s.loadedTemplates.length).toBeGreaterThan(0);
      for (const t of s.loadedTemplates) {
        expect(t.startsWith(`systems/${SYSTEM}/templates/`), t).toBe(true);
        expect(existsSync(path.join(REPO_ROOT, t.slice(`systems/${SYSTEM}/`.length))), t).toBe(true);
      }
    });

    it("every data model's schema builds with the recording fields; actor defaults match defaultActorSource", () => {
      type Model = { defineSchema(): Record<string, unknown> };
      const actorModels = s.config.Actor.dataModels as Record<string, Model>;
      for (const [kind, model] of Object.entries(actorModels)) {
        const schema = model.defineSchema();
        const initial = Object.fromEntries(Object.entries(schema).map(([k, f]) => [k, standInInitial(f)]));
        expect(toActorSource(kind as ActorKind, initial as unknown as ActorSystemLike)).toEqual(
          defaultActorSource({ kind: kind as ActorKind }),
        );
      }
      const itemModels = s.config.Item.dataModels as Record<string, Model>;
      for (const [type, model] of Object.entries(itemModels)) {
        const schema = model.defineSchema();
        expect(Object.keys(schema).length, type).toBeGreaterThan(0);
        for (const f of Object.values(schema)) expect(f instanceof StandInDataField, type).toBe(true);
        // Foundry refuses to construct a model whose required, non-nullable leaf has no initial value.
        const missingInitial = (fields: Record<string, unknown>, at: string): string[] =>
          Object.entries(fields).flatMap(([k, f]) => {
            if (f instanceof StandInSchemaField) return missingInitial(f.fields, `${at}${k}.`);
            const o = (f as StandInDataField).options;
            return o.required === true && o.nullable !== true && !("initial" in o) ? [`${at}${k}`] : [];
          });
        expect(missingInitial(schema, `${type}.`)).toEqual([]);
      }
    });
  });
});
