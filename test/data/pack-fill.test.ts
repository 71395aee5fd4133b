/**
 * [SYS-DOCS] Pack builds fill what a source leaves out (src/data/pack-fill.ts, run by `npm run
 * build` through foundryvtt-cli's `transformEntry`): a field missing from a pack actor or item is
 * compiled at its description's initial value, so a new field costs no YAML; what a source gives
 * is kept; fields that may stay absent stay absent; other documents are untouched.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { describe, expect, it } from "vitest";
import { fillOmitted, fillPackDocument } from "../../src/data/pack-fill.js";
import { group, int, optional, text } from "../../src/engine/fields.js";
import { ITEM_FIELDS } from "../../src/engine/item-fields.js";
import { worldActorFields } from "../../src/engine/registry.js";
import { REPO_ROOT } from "../stand-ins/i18n.js";

type Plain = Record<string, unknown>;

const readPack = (rel: string): Plain => yaml.load(readFileSync(path.join(REPO_ROOT, "packs", rel), "utf8")) as Plain;

describe("[SYS-DOCS] pack builds fill omitted fields from their descriptions", () => {
  it("[SYS-DOCS] a new field costs no YAML: a source without it compiles with its initial value", () => {
    const fields = {
      name: text("x"),
      grit: int(7),
      guard: group({ base: int(10), bonus: int(0) }),
      maybe: optional(int(1)),
    };
    expect(fillOmitted(fields, { name: "Aria", guard: { base: 12 } })).toEqual({
      name: "Aria",
      grit: 7,
      guard: { base: 12, bonus: 0 },
    });
    expect(fillOmitted(fields, { grit: 0, maybe: 3 })).toMatchObject({ grit: 0, maybe: 3 });
  });

  it("[SYS-DOCS] a shipped pack actor with its fields at their initial values left out compiles to what its full source says", () => {
    const full = readPack("monsters-ffd20/bandit-enforcer.yml");
    fillPackDocument(full);
    const fields = worldActorFields();
    const system = full.system as Plain;
    const lean = structuredClone(full);
    const leanSystem = lean.system as Plain;
    let dropped = 0;
    for (const [name, desc] of Object.entries(fields)) {
      if (!desc.optional && JSON.stringify(system[name]) === JSON.stringify(desc.initial) && name in leanSystem) {
        delete leanSystem[name];
        dropped++;
      }
    }
    for (const item of lean.items as Plain[]) {
      const itemFields = (ITEM_FIELDS as Record<string, Record<string, { initial?: unknown; optional?: boolean }>>)[
        String(item.type)
      ]!;
      for (const [name, desc] of Object.entries(itemFields))
        if (!desc.optional && JSON.stringify((item.system as Plain)[name]) === JSON.stringify(desc.initial))
          delete (item.system as Plain)[name];
    }
    expect(dropped).toBeGreaterThan(5);
    fillPackDocument(lean);
    expect(lean).toEqual(full);
  });

  it("[SYS-DOCS] every game's part of the actor is filled, and embedded items by their type", () => {
    const actor: Plain = { type: "npc", system: { level: 3 }, items: [{ type: "weapon", system: { name: "x" } }] };
    fillPackDocument(actor);
    const system = actor.system as Plain;
    expect(system.level).toBe(3);
    for (const name of Object.keys(worldActorFields())) {
      const desc = worldActorFields()[name]!;
      if (!desc.optional && !desc.omitted) expect(system, name).toHaveProperty(name);
    }
    // Parts of all four games: 13th Age's, FFd20's, Hundred Dungeons' and Wounds d20's.
    expect(system).toHaveProperty("baseCombatBonus");
    const weapon = (actor.items as Plain[])[0]!.system as Plain;
    for (const name of Object.keys(ITEM_FIELDS.weapon)) {
      const desc = (ITEM_FIELDS.weapon as Record<string, { optional?: boolean; omitted?: boolean }>)[name]!;
      if (!desc.optional && !desc.omitted) expect(weapon, name).toHaveProperty(name);
    }
  });

  it("[SYS-DOCS] journals, folders and other documents are left as they are", () => {
    const journal: Plain = { _key: "!journal!abc", name: "Rules", pages: [{ type: "text", text: { content: "x" } }] };
    const copy = structuredClone(journal);
    fillPackDocument(journal);
    expect(journal).toEqual(copy);
    const folder: Plain = { _key: "!folders!f1", name: "Monsters", type: "Actor" };
    fillPackDocument(folder);
    expect(folder).toEqual({ _key: "!folders!f1", name: "Monsters", type: "Actor" });
  });
});
