/**
 * The compendium content of each game, read from the pack sources system.json declares
 * (test/packs/pack-sources.ts), and the checks the content tests share: a document's `system`
 * against its data model's schema as Foundry's fields would judge it (types, integers, minimums,
 * choices, nullability, exact keys), and every attack's formulas through its game's ruleset.
 *
 * `GAMES` is the table every content test runs over: one row per game whose packs are on main.
 */
import {
  actorSchema,
  armorSchema,
  equipmentSchema,
  featureSchema,
  powerSchema,
  weaponSchema,
} from "../../src/data/schema.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import type { RulesetId } from "../../src/engine/types.js";
import type { StandInDataField } from "../stand-ins/foundry-fields.js";
import {
  StandInArrayField,
  StandInBooleanField,
  StandInHTMLField,
  StandInNumberField,
  StandInSchemaField,
  StandInStringField,
  StandInTypedObjectField,
  standInFields,
} from "../stand-ins/foundry-fields.js";
import { loadPacks, type LoadedPack, type PackActor, type PackItem, type Plain } from "../packs/pack-sources.js";

/** One game's row in the content tests: its ruleset and the fight the first-fight test plays. */
export interface GameRow {
  id: RulesetId;
  /** Names of the four foes (in the game's monster pack) the level-3 party fights. */
  foes: readonly string[];
  /**
   * Conditions of the game no pack document uses yet, named so the gap is visible: the coverage
   * test accepts only these as missing (and fails on any other), so an entry is deleted as the
   * packs gain it.
   */
  pendingConditions?: readonly string[];
  /** Power-effect triggers the game offers that no pack power uses yet (as `pendingConditions`). */
  pendingTriggers?: readonly string[];
}

/** Every game, each with the four foes its first fight is against. */
export const GAMES: readonly GameRow[] = [
  {
    id: "13th-age",
    foes: ["Goblin Cutthroat", "Ochre Ooze", "Marsh Hag", "Bone Archer"],
  },
  {
    id: "ffd20",
    foes: ["Goblin Sneak", "Ghoul", "Phase Spider", "Harpy Siren"],
    // New with issue 30 ([FF-INVIS], [FF-CA]); the pack powers and monsters that print them
    // (a sense that sees invisible creatures, an effect on combat advantage) are to gain them.
    pendingConditions: ["seesInvisible"],
    pendingTriggers: ["combatAdvantage"],
  },
  {
    id: "hundred-dungeons",
    foes: ["Marsh Viper", "Quivering Ooze", "Grave Ghoul", "Orc Reaver"],
    // Mounted comes only from the Mount procedure, which ties a rider to the creature it rides:
    // mount.test.ts mounts a pack character on the pack's Riding Horse through it.
    pendingConditions: ["mounted"],
  },
  {
    id: "wounds-d20",
    foes: ["Gutter Rat Swarm", "Cult Fanatic", "Ghast Stalker", "Frost Wolf"],
  },
];

const ALL_PACKS = loadPacks();

/** Every declared pack, of every game and of none. */
export function allPacks(): LoadedPack[] {
  return ALL_PACKS;
}

/** Every pack of a game, by its system.json ruleset flag. */
export function packsOf(game: RulesetId): LoadedPack[] {
  return ALL_PACKS.filter((p) => p.entry.flags?.["d20-combat"]?.ruleset === game);
}

/** The actors of a game's Actor packs. */
export function actorsOf(game: RulesetId): PackActor[] {
  return packsOf(game)
    .filter((p) => p.entry.type === "Actor")
    .flatMap((p) => p.docs.map((d) => d.doc as unknown as PackActor));
}

/** The world-level items of a game's Item packs (not the ones embedded in actors). */
export function worldItemsOf(game: RulesetId): PackItem[] {
  return packsOf(game)
    .filter((p) => p.entry.type === "Item")
    .flatMap((p) => p.docs.map((d) => d.doc as unknown as PackItem));
}

/** Every item of a game: world items and those embedded in its actors, each with its owner (null = none). */
export function allItemsOf(game: RulesetId): { item: PackItem; owner: PackActor | null }[] {
  return [
    ...worldItemsOf(game).map((item) => ({ item, owner: null })),
    ...actorsOf(game).flatMap((owner) => owner.items.map((item) => ({ item, owner }))),
  ];
}

/** The level-3 party of a game: its characters at level 3. */
export function levelThreeParty(game: RulesetId): PackActor[] {
  return actorsOf(game).filter((a) => a.type === "character" && Number(a.system.level) === 3);
}

export function rulesetOf(game: RulesetId): Ruleset {
  return getRuleset(game);
}

// ---- the data models' schemas, judged as Foundry's fields would -------------------------------

/** The `system` schema of each document type. */
export const SCHEMAS: Record<string, Record<string, StandInDataField>> = {
  character: actorSchema(standInFields) as unknown as Record<string, StandInDataField>,
  npc: actorSchema(standInFields) as unknown as Record<string, StandInDataField>,
  power: powerSchema(standInFields) as unknown as Record<string, StandInDataField>,
  weapon: weaponSchema(standInFields) as unknown as Record<string, StandInDataField>,
  armor: armorSchema(standInFields) as unknown as Record<string, StandInDataField>,
  feature: featureSchema(standInFields) as unknown as Record<string, StandInDataField>,
  equipment: equipmentSchema(standInFields) as unknown as Record<string, StandInDataField>,
};

const isPlain = (v: unknown): v is Plain => typeof v === "object" && v !== null && !Array.isArray(v);

/** Problems of `value` against one field, each naming its path. */
function fieldIssues(field: StandInDataField, value: unknown, at: string, out: string[]): void {
  const o = field.options;
  if (value === null || value === undefined) {
    if (!(o.nullable === true)) out.push(`${at}: must not be ${String(value)}`);
    return;
  }
  if (field instanceof StandInSchemaField) {
    if (!isPlain(value)) out.push(`${at}: must be an object`);
    else schemaIssues(field.fields, value, at, out);
  } else if (field instanceof StandInArrayField) {
    if (!Array.isArray(value)) out.push(`${at}: must be an array`);
    else value.forEach((v, i) => fieldIssues(field.element, v, `${at}.${i}`, out));
  } else if (field instanceof StandInTypedObjectField) {
    if (!isPlain(value)) out.push(`${at}: must be an object`);
    else for (const [k, v] of Object.entries(value)) fieldIssues(field.element, v, `${at}.${k}`, out);
  } else if (field instanceof StandInNumberField) {
    if (typeof value !== "number" || !Number.isFinite(value)) out.push(`${at}: must be a finite number`);
    else if (o.integer === true && !Number.isInteger(value)) out.push(`${at}: must be an integer`);
    else if (typeof o.min === "number" && value < o.min) out.push(`${at}: must be at least ${o.min}`);
  } else if (field instanceof StandInBooleanField) {
    if (typeof value !== "boolean") out.push(`${at}: must be true or false`);
  } else if (field instanceof StandInHTMLField || field instanceof StandInStringField) {
    if (typeof value !== "string") out.push(`${at}: must be a string`);
    else if (o.blank === false && value.trim() === "") out.push(`${at}: must not be blank`);
    else if (isPlain(o.choices) && !(value in o.choices)) out.push(`${at}: "${value}" is not one of its choices`);
  }
}

/** Problems of a source object against a schema: every key present, no unknown key, each value valid. */
export function schemaIssues(fields: Record<string, StandInDataField>, source: Plain, at: string, out: string[] = []) {
  for (const key of Object.keys(source)) if (!(key in fields)) out.push(`${at}.${key}: not a field of the model`);
  for (const [key, field] of Object.entries(fields)) {
    if (!(key in source)) out.push(`${at}.${key}: missing`);
    else fieldIssues(field, source[key], `${at}.${key}`, out);
  }
  return out;
}
