/**
 * [SYS-DOCS] The compendium content: one monster pack and one powers/weapons pack per game, every
 * source a valid pack document whose `system` the data models and the game's ruleset accept, and
 * every attack on it plannable by the real attack pipeline.
 */
import { describe, expect, it } from "vitest";
import { actorSystemIssues, itemSystemIssues } from "../../src/data/validation.js";
import { actorRollData } from "../../src/data/prepare.js";
import { resolveFormulaRefs } from "../../src/data/formula.js";
import {
  actorSchema,
  armorSchema,
  equipmentSchema,
  featureSchema,
  powerSchema,
  weaponSchema,
} from "../../src/data/schema.js";
import { defaultActorSource, validateActorSource } from "../../src/engine/common.js";
import { parseDamage, parseWeaponDice } from "../../src/engine/dice.js";
import { allRulesets, getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { SCHEMA_VERSION } from "../../src/migrations/migrate-data.js";
import { planAttack } from "../../src/engine/plans/attack.js";
import { routineSteps } from "../../src/engine/routines.js";
import { routineFrom } from "../../src/data/item-source.js";
import { standInFields } from "../stand-ins/foundry-fields.js";
import {
  defaultOptions,
  docRulesetId,
  engineActor,
  loadPacks,
  packRuleset,
  packAttackRequest,
  systemJson,
  type PackActor,
  type PackItem,
  type Plain,
} from "./pack-sources.js";

const ID_RE = /^[A-Za-z0-9]{16}$/;
const allPacks = loadPacks();
/** The packs of one game's documents (actors and items); journals, scenes and macros are checked elsewhere. */
const packs = allPacks.filter((p) => p.entry.type === "Actor" || p.entry.type === "Item");
const monsterPacks = packs.filter((p) => p.entry.name.startsWith("monsters-"));
const powerPacks = packs.filter((p) => p.entry.name.startsWith("powers-"));
const SCHEMA_KEYS = {
  power: Object.keys(powerSchema(standInFields)).sort(),
  weapon: Object.keys(weaponSchema(standInFields)).sort(),
  armor: Object.keys(armorSchema(standInFields)).sort(),
  feature: Object.keys(featureSchema(standInFields)).sort(),
  equipment: Object.keys(equipmentSchema(standInFields)).sort(),
} as Record<string, string[]>;
const ACTOR_KEYS = Object.keys(actorSchema(standInFields)).sort();

/** A sample player character of a game, for resolving `@refs` of pack powers that have no owner. */
function samplePc(rulesetId: string) {
  const hd = rulesetId === "hundred-dungeons";
  return defaultActorSource({
    kind: "character",
    level: 3,
    abilities: hd
      ? { str: 3, dex: 2, con: 1, int: 2, wis: 1, cha: 0 }
      : { str: 16, dex: 14, con: 12, int: 18, wis: 10, cha: 14 },
  });
}

describe("[SYS-DOCS] pack declarations", () => {
  it("[SYS-DOCS] declares a monster (Actor) pack and a powers (Item) pack for every game, each game's packs flagged with it", () => {
    for (const id of RULESET_IDS) {
      const forGame = packs.filter((p) => p.entry.flags?.["d20-combat"]?.ruleset === id);
      expect(forGame.find((p) => p.entry.name === `monsters-${id}`)?.entry.type, id).toBe("Actor");
      expect(forGame.find((p) => p.entry.name === `powers-${id}`)?.entry.type, id).toBe("Item");
      for (const p of forGame) {
        expect(p.entry.name.endsWith(`-${id}`), p.entry.name).toBe(true);
        expect(p.entry.system).toBe("d20-combat");
        expect(p.entry.path).toBe(`packs/${p.entry.name}`);
      }
    }
    expect(packs.map((p) => p.entry.name)).not.toContain("monsters");
  });

  it("[SYS-DOCS] puts every declared pack in the 'd20 Combat' pack folder, each exactly once", () => {
    const sys = systemJson();
    type Folder = { name: string; packs?: string[]; folders?: Folder[] };
    const top = (sys.packFolders ?? []) as Folder[];
    expect(top.map((f) => f.name)).toEqual(["d20 Combat"]);
    const listed: string[] = [];
    const walk = (f: Folder) => {
      listed.push(...(f.packs ?? []));
      (f.folders ?? []).forEach(walk);
    };
    top.forEach(walk);
    expect(listed.sort()).toEqual(allPacks.map((p) => p.entry.name).sort());
  });

  it("[SYS-DOCS] gives each monster pack at least four monsters and each powers pack both powers and weapons", () => {
    for (const p of monsterPacks) expect(p.docs.length, p.entry.name).toBeGreaterThanOrEqual(4);
    for (const p of powerPacks) {
      const types = new Set(p.docs.map((d) => d.doc.type));
      expect(types.has("power") && types.has("weapon"), p.entry.name).toBe(true);
    }
  });
});

describe.each(packs.map((p) => [p.entry.name, p] as const))("[SYS-DOCS] pack %s", (name, pack) => {
  const ruleset = packRuleset(pack.entry);
  const collection = pack.entry.type === "Actor" ? "actors" : "items";

  it("[SYS-DOCS] every source parses to a document with a valid _id and _key, embedded ones included", () => {
    expect(pack.docs.length).toBeGreaterThan(0);
    for (const { file, doc } of pack.docs) {
      expect(doc._id, file).toMatch(ID_RE);
      expect(doc._key, file).toBe(`!${collection}!${String(doc._id)}`);
      for (const item of (doc.items as PackItem[] | undefined) ?? []) {
        expect(item._id, `${file} ${item.name}`).toMatch(ID_RE);
        expect(item._key, `${file} ${item.name}`).toBe(`!actors.items!${String(doc._id)}.${item._id}`);
      }
    }
  });

  it("[SYS-DOCS] ids are unique within the pack (primary and embedded documents alike)", () => {
    const ids = pack.docs.flatMap(({ doc }) => [
      String(doc._id),
      ...((doc.items as PackItem[] | undefined) ?? []).map((i) => i._id),
    ]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("[SYS-DOCS] every document, embedded ones included, is stamped with the pack's ruleset and the schema version", () => {
    for (const { file, doc } of pack.docs) {
      const all = [doc, ...((doc.items as Plain[] | undefined) ?? [])];
      for (const d of all) {
        expect(docRulesetId(d), `${file} ${String(d.name)}`).toBe(ruleset.id);
        expect((d.flags as PackItem["flags"])["d20-combat"]?.schemaVersion).toBe(SCHEMA_VERSION);
      }
    }
  });

  it("[SYS-DOCS] every item's system has exactly its data model's fields and passes the model's validation", () => {
    const items = pack.docs.flatMap(({ doc }) =>
      pack.entry.type === "Item" ? [doc as unknown as PackItem] : (doc as unknown as PackActor).items,
    );
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(Object.keys(SCHEMA_KEYS), item.name).toContain(item.type);
      expect(Object.keys(item.system).sort(), item.name).toEqual(SCHEMA_KEYS[item.type]);
      expect(itemSystemIssues(item.type, item.system, ruleset.damageTypes), item.name).toEqual([]);
    }
  });

  it("[SYS-DOCS] every weapon's dice parse (a blank die means the weapon class die, and only Hundred Dungeons uses that)", () => {
    const weapons = pack.docs
      .flatMap(({ doc }) =>
        pack.entry.type === "Item" ? [doc as unknown as PackItem] : (doc as unknown as PackActor).items,
      )
      .filter((i) => i.type === "weapon");
    for (const w of weapons) {
      const dice = String(w.system.damageDice);
      if (dice === "") expect(ruleset.id, w.name).toBe("hundred-dungeons");
      else expect(() => parseWeaponDice(dice), w.name).not.toThrow();
      if (String(w.system.critDice)) expect(() => parseDamage(String(w.system.critDice)), w.name).not.toThrow();
    }
  });

  if (pack.entry.type === "Item") {
    it("[SYS-DOCS] every power's damage, miss and crit formulas resolve and parse (N[W] with a weapon's dice)", () => {
      const pc = samplePc(ruleset.id);
      const rollData = actorRollData(pc, ruleset.deriveActor(pc, defaultOptions(ruleset)), 0);
      const weaponDice = parseWeaponDice("1d8");
      for (const { doc } of pack.docs.filter((d) => d.doc.type === "power")) {
        const s = doc.system as Plain;
        for (const key of ["damage", "missDamage", "critDamage"]) {
          const formula = String(s[key] ?? "");
          if (!formula) continue;
          const resolved = resolveFormulaRefs(formula, rollData);
          expect(resolved, `${String(doc.name)} ${key}`).not.toContain("@");
          expect(() => parseDamage(resolved, weaponDice), `${String(doc.name)} ${key}`).not.toThrow();
        }
      }
    });
  }

  if (pack.entry.type === "Actor") {
    const actors = pack.docs.map(({ doc }) => doc as unknown as PackActor);
    // A party pack holds player characters (linked, friendly tokens); every other actor pack, foes.
    const party = name.startsWith("characters-");

    it(`[SYS-DOCS] every ${party ? "character" : "monster"} has a complete system that the data model and the engine accept`, () => {
      for (const a of actors) {
        expect(a.type, a.name).toBe(party ? "character" : "npc");
        expect(a.prototypeToken?.actorLink, a.name).toBe(party);
        expect(Object.keys(a.system).sort(), a.name).toEqual(ACTOR_KEYS);
        expect(actorSystemIssues(a.system, ruleset.damageTypes), a.name).toEqual([]);
        expect(() => validateActorSource(engineActor(a), ruleset.damageTypes), a.name).not.toThrow();
        expect(String((a.system.details as Plain).biography).length, a.name).toBeGreaterThan(0);
        expect(a.items.length, a.name).toBeGreaterThanOrEqual(1);
        expect(a.prototypeToken?.disposition, a.name).toBe(party ? 1 : -1);
        expect((a.prototypeToken?.bar1 as Plain).attribute, a.name).toBe("hp");
      }
    });

    it("[SYS-DOCS] every monster derives under its own ruleset, with a finite value for each of the game's defenses", () => {
      for (const a of actors) {
        const derived = ruleset.deriveActor(engineActor(a), defaultOptions(ruleset));
        for (const d of ruleset.defenses) {
          expect(Number.isFinite(derived.defenses[d.key]), `${a.name} ${d.key}`).toBe(true);
        }
        expect(Number.isFinite(derived.initiative), a.name).toBe(true);
        expect(derived.bloodied, a.name).toBe(false);
      }
    });

    it("[SYS-DOCS] every monster starts unhurt and active, at full HP", () => {
      for (const a of actors) {
        const hp = a.system.hp as { value: number; max: number; temp: number };
        expect(hp.value, a.name).toBe(hp.max);
        expect(a.system.state, a.name).toBe("active");
      }
    });

    it("[SYS-DOCS] every monster attack (power or weapon) plans against a pack-mate through the real attack pipeline", () => {
      const target = engineActor(actors[0] as PackActor);
      let planned = 0;
      for (const a of actors) {
        // A routine ([SYS-MONSTERS]) is not an attack of its own: the test below checks what it makes.
        for (const item of a.items.filter((i) => (i.type === "power" && !i.system.routine) || i.type === "weapon")) {
          const req = packAttackRequest(ruleset, a, item, engineActor(a), {
            targets: [{ uuid: "t", actorUuid: "t", name: "target", img: "", actor: target }],
          });
          expect(
            ruleset.defenses.map((d) => d.key),
            `${a.name} ${item.name}`,
          ).toContain(req.power.defense);
          const plan = planAttack(req);
          // A power with a damage formula deals damage; one without (a sleep spell) only imposes its effects.
          if (item.type === "weapon" || String(item.system.damage ?? "") !== "")
            expect(plan.hit, `${a.name} ${item.name} deals damage`).not.toBeNull();
          else expect(plan.hit, `${a.name} ${item.name}`).toBeNull();
          expect(Number.isFinite(plan.bonus), `${a.name} ${item.name}`).toBe(true);
          planned++;
        }
      }
      expect(planned).toBeGreaterThanOrEqual(actors.length);
    });

    it(`[SYS-MONSTERS] ${name}: a monster's routine makes powers of its own creature (each resolved, with its count)`, () => {
      const made: string[] = [];
      for (const a of actors) {
        const powers = a.items
          .filter((i) => i.type === "power")
          .map((i) => ({ id: i._id, name: i.name, isRoutine: routineFrom(i.system) !== null }));
        for (const item of a.items.filter((i) => i.type === "power")) {
          const routine = routineFrom(item.system);
          if (!routine) continue;
          const steps = routineSteps(item._id, routine, powers);
          made.push(`${a.name}: ${item.name} → ${steps.map((s) => s.name).join(", ")}`);
        }
      }
      // Characters make no routine; each game's monster pack has one.
      if (name.startsWith("monsters-")) expect(made.length, "a pack monster uses a routine").toBeGreaterThan(0);
      else expect(made).toEqual([]);
    });
  }

  it(`[SYS-DOCS] ${name} names only damage types its own game knows`, () => {
    const known = new Set([...ruleset.damageTypes, "untyped", "all"]);
    const types: string[] = [];
    for (const { doc } of pack.docs) {
      const items = pack.entry.type === "Item" ? [doc as unknown as PackItem] : (doc as unknown as PackActor).items;
      for (const i of items) {
        types.push(...(((i.system.damageTypes as string[] | undefined) ?? []) as string[]));
        const og = i.system.ongoing as { type: string } | null | undefined;
        if (og) types.push(og.type);
        for (const e of (i.system.effects as { ongoing: { type: string } | null }[] | undefined) ?? [])
          if (e.ongoing) types.push(e.ongoing.type);
      }
      if (pack.entry.type === "Actor") {
        const s = doc.system as Plain;
        types.push(...(s.resistances as { type: string }[]).map((t) => t.type));
        types.push(...(s.vulnerabilities as { type: string }[]).map((t) => t.type));
        types.push(...(s.immunities as string[]));
      }
    }
    // Every pack with powers or creatures names at least one type (a power's or a creature's trait),
    // so the check below is never vacuous; an equipment pack (armor, shields, features) may name none.
    if (!name.startsWith("equipment-")) expect(types.length, name).toBeGreaterThan(0);
    for (const t of types) expect(known.has(t), `${name}: ${t}`).toBe(true);
  });
});

it("[SYS-DOCS] every game the registry knows has packs (no ruleset left without content)", () => {
  const withPacks = new Set(packs.map((p) => packRuleset(p.entry).id));
  for (const r of allRulesets()) expect(withPacks.has(r.id), r.id).toBe(true);
  expect(getRuleset("13th-age").id).toBe("13th-age");
});
