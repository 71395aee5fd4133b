/**
 * Migrations: a hand-written version-0 document reaches the current shape; running again changes
 * nothing; partial updates are left alone; the world runner's decisions.
 */
import { describe, expect, it } from "vitest";
import fc from "../support/seeded-fc.js";
import { migrateActorSystem, migrateItemSystem, SCHEMA_VERSION } from "../../src/migrations/migrate-data.js";
import { documentNeedsMigration, migrationUpdate, worldNeedsMigration } from "../../src/migrations/world.js";
import { actorSchema } from "../../src/data/schema.js";
import { toActorSource } from "../../src/data/prepare.js";
import { actorSystemIssues } from "../../src/data/validation.js";
import { allRulesets } from "../../src/engine/registry.js";
import { standInFields, standInFill } from "../stand-ins/foundry-fields.js";

/** A character as the version-0 prototype stored it. */
const OLD_CHARACTER = Object.freeze({
  level: 4,
  attributes: { hp: { value: 31, max: 40, temp: 5 } },
  abilities: {
    str: { value: 16 },
    dex: { value: 12 },
    con: { value: 14 },
    int: { value: 8 },
    wis: { value: 10 },
    cha: { value: 13 },
  },
  resistances: { fire: 16 },
  vulnerabilities: { cold: 0 },
  immunities: "poison, psychic",
  recoveries: { value: 6, max: 8, formula: "4d10+2", rallies: 1 },
  escalation: true,
});

const allTypes = allRulesets().flatMap((r) => [...r.damageTypes]);

describe("actor migration", () => {
  it("[SYS-DOCS] migrates a version-0 character to the current shape", () => {
    const migrated = migrateActorSystem(OLD_CHARACTER);
    expect(migrated).not.toHaveProperty("attributes");
    expect(migrated).not.toHaveProperty("escalation");
    expect(migrated.hp).toEqual({ value: 31, max: 40, temp: 5 });
    expect(migrated.abilities).toEqual({ str: 16, dex: 12, con: 14, int: 8, wis: 10, cha: 13 });
    expect(migrated.resistances).toEqual([{ type: "fire", value: 16 }]);
    expect(migrated.vulnerabilities).toEqual([{ type: "cold", value: 0 }]);
    expect(migrated.immunities).toEqual(["poison", "psychic"]);
    expect(migrated.recoveries).toEqual({ value: 6, max: 8, formula: "4d10+2", ralliesThisBattle: 1 });
    expect(migrated.usesEscalation).toBe(true);
    // …and it is then a valid, complete actor for the engine.
    const full = standInFill(actorSchema(standInFields), migrated);
    expect(actorSystemIssues(full, allTypes)).toEqual([]);
    expect(toActorSource("character", full).hp.temp).toBe(5);
  });

  it("[SYS-DOCS] running the migration twice changes nothing, and the input is never mutated", () => {
    const before = JSON.stringify(OLD_CHARACTER);
    const once = migrateActorSystem(OLD_CHARACTER);
    expect(migrateActorSystem(once)).toEqual(once);
    expect(JSON.stringify(OLD_CHARACTER)).toBe(before);
  });

  it("[SYS-DOCS] a current-shape source or a partial update passes through unchanged", () => {
    const current = standInFill(actorSchema(standInFields), {});
    expect(migrateActorSystem(current)).toEqual(current);
    expect(migrateActorSystem({ hp: { value: 3 } })).toEqual({ hp: { value: 3 } });
  });

  it("[SYS-DOCS] migration is idempotent for arbitrary current-shape actors", () => {
    fc.assert(
      fc.property(
        fc.record({
          level: fc.integer({ min: 0, max: 30 }),
          hp: fc.record({
            value: fc.integer({ min: -50, max: 200 }),
            max: fc.integer({ min: 1, max: 200 }),
            temp: fc.nat(50),
          }),
          immunities: fc.array(fc.constantFrom("fire", "cold", "poison")),
        }),
        (partial) => {
          const once = migrateActorSystem(partial);
          expect(once).toEqual(partial);
          expect(migrateActorSystem(once)).toEqual(once);
        },
      ),
    );
  });
});

describe("item migration", () => {
  it("[SYS-DOCS] migrates version-0 powers, weapons and armor; twice changes nothing", () => {
    const power = migrateItemSystem("power", { damage: "1[W]+@str", damageType: "fire" });
    expect(power).toEqual({ damage: "1[W]+@str", damageTypes: ["fire"] });
    expect(migrateItemSystem("power", power)).toEqual(power);
    const weapon = migrateItemSystem("weapon", { dice: "1d8", finesse: true });
    expect(weapon).toEqual({ damageDice: "1d8", finesse: true });
    expect(migrateItemSystem("weapon", weapon)).toEqual(weapon);
    expect(migrateItemSystem("armor", { armorBonus: 2, maxDex: "" })).toEqual({ armorBonus: 2, maxDex: null });
    expect(migrateItemSystem("armor", { armorBonus: 2, maxDex: 3 })).toEqual({ armorBonus: 2, maxDex: 3 });
  });
});

describe("world migration runner decisions", () => {
  it("[SYS-DOCS] runs for a world below the current version and not at it", () => {
    expect(worldNeedsMigration(0)).toBe(true);
    expect(worldNeedsMigration(undefined)).toBe(true);
    expect(worldNeedsMigration(SCHEMA_VERSION)).toBe(false);
  });

  it("[SYS-DOCS] rewrites documents without a current schema stamp only", () => {
    expect(documentNeedsMigration({})).toBe(true);
    expect(documentNeedsMigration({ "d20-combat": { schemaVersion: SCHEMA_VERSION - 1 } })).toBe(true);
    expect(documentNeedsMigration({ "d20-combat": { schemaVersion: SCHEMA_VERSION } })).toBe(false);
  });

  it("[SYS-DOCS] the persisted rewrite keeps every flag (other modules', the ruleset stamp) and only sets our version", () => {
    const source = {
      name: "Ogre",
      system: migrateActorSystem(OLD_CHARACTER),
      flags: {
        core: { sheetClass: "d20-combat.D20ActorSheet" },
        "some-module": { note: "keep me" },
        "d20-combat": { ruleset: "ffd20", schemaVersion: 0 },
      },
    };
    const before = structuredClone(source);
    const update = migrationUpdate(source);
    // Foundry applies a {recursive: false} update by replacing each top-level field it names
    // whole; imitated here (a stand-in of that one behaviour, deciding nothing).
    const stored = { ...structuredClone(source), ...structuredClone(update) };
    expect(stored.flags).toEqual({
      core: { sheetClass: "d20-combat.D20ActorSheet" },
      "some-module": { note: "keep me" },
      "d20-combat": { ruleset: "ffd20", schemaVersion: SCHEMA_VERSION },
    });
    expect(stored.system).toEqual(source.system);
    expect(stored.name).toBe("Ogre");
    expect(source).toEqual(before);
    // A document with no flags at all gets just the version.
    expect(migrationUpdate({ system: {} }).flags).toEqual({ "d20-combat": { schemaVersion: SCHEMA_VERSION } });
  });
});
