/**
 * [SYS-HIDDEN] [SYS-DOCS] Old trait words migrate into valid documents: case, spacing and "… damage"
 * are normalised, synonyms ("electric") become the world's game's key, words nothing maps are kept
 * as free text at the end of the biography (escaped), and running the migration again changes
 * nothing.
 */
import { describe, expect, it } from "vitest";
import { actorSchema } from "../../src/data/schema.js";
import { actorSystemIssues } from "../../src/data/validation.js";
import { getRuleset } from "../../src/engine/registry.js";
import { migrateActorSystem } from "../../src/migrations/migrate-data.js";
import { traitKeyFor, traitVocabulary } from "../../src/migrations/trait-words.js";
import { standInFields, standInFill } from "../stand-ins/foundry-fields.js";
import { ANY_DAMAGE_TYPES } from "../support/stored-actor-arb.js";

const vocabularyFor = (id: Parameters<typeof getRuleset>[0]) =>
  traitVocabulary(getRuleset(id).damageTypes, ANY_DAMAGE_TYPES);

/** An old-shape actor whose trait words were typed by hand. */
const OLD = Object.freeze({
  attributes: { hp: { value: 12, max: 20, temp: 0 } },
  resistances: { Fire: 16, " electric ": "5", "Cold Damage": 3, "<b>Banana</b>": 2 },
  vulnerabilities: { HOLY: 0 },
  immunities: "Poison; psychic , Sonic, goo",
  details: { biography: "<p>Old hand.</p>" },
});

describe("[SYS-HIDDEN] migration of old trait words", () => {
  it("[SYS-HIDDEN] normalises case, spacing, '… damage' and synonyms to the world's game's keys", () => {
    const age = migrateActorSystem(OLD, vocabularyFor("13th-age"));
    expect(age.resistances).toEqual([
      { type: "fire", value: 16 },
      { type: "lightning", value: 5 },
      { type: "cold", value: 3 },
    ]);
    expect(age.vulnerabilities).toEqual([{ type: "holy", value: 0 }]);
    expect(age.immunities).toEqual(["poison", "psychic", "thunder"]);
    const wounds = migrateActorSystem(OLD, vocabularyFor("wounds-d20"));
    expect(wounds.resistances).toContainEqual({ type: "electricity", value: 5 });
    expect(wounds.immunities).toEqual(["poison", "psychic", "sonic"]);
    // No game preferred: the first key any game knows.
    expect(traitKeyFor("Electric", traitVocabulary([], ANY_DAMAGE_TYPES))).toBe("lightning");
    expect(traitKeyFor("frost damage", traitVocabulary([], ANY_DAMAGE_TYPES))).toBe("cold");
    expect(traitKeyFor("plasma", traitVocabulary([], ANY_DAMAGE_TYPES))).toBeNull();
  });

  it("[SYS-HIDDEN] keeps words nothing maps as escaped free text in the biography; the result is a valid document", () => {
    for (const id of ["13th-age", "ffd20", "hundred-dungeons", "wounds-d20"] as const) {
      const migrated = migrateActorSystem(OLD, vocabularyFor(id));
      const biography = (migrated.details as { biography: string }).biography;
      expect(biography.startsWith("<p>Old hand.</p>")).toBe(true);
      expect(biography).toContain("&#60;b&#62;Banana&#60;/b&#62; 2");
      expect(biography).toContain("goo");
      expect(biography).not.toContain("<b>");
      const full = standInFill(actorSchema(standInFields), migrated);
      expect(actorSystemIssues(full, ANY_DAMAGE_TYPES), id).toEqual([]);
      // Idempotent: a second run changes nothing (the old shape is gone).
      expect(migrateActorSystem(migrated, vocabularyFor(id))).toEqual(migrated);
    }
    expect(JSON.stringify(OLD)).toContain("Fire");
  });

  it("[SYS-HIDDEN] current-shape lists: mappable words are normalised, other words left for validation to name", () => {
    const migrated = migrateActorSystem(
      {
        resistances: [
          { type: "Fire", value: 5 },
          { type: "quench-no-such-type", value: 1 },
        ],
        immunities: ["Acid"],
      },
      vocabularyFor("ffd20"),
    );
    expect(migrated.resistances).toEqual([
      { type: "fire", value: 5 },
      { type: "quench-no-such-type", value: 1 },
    ]);
    expect(migrated.immunities).toEqual(["acid"]);
    expect(actorSystemIssues(migrated, ANY_DAMAGE_TYPES).map((i) => i.field)).toEqual(["system.resistances.1.type"]);
  });
});
