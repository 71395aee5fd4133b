/**
 * TypeDataModels of the two actor types ([SYS-DOCS]). The schema (src/data/schema.ts) mirrors the
 * engine's `ActorSource`; derived values come from the active ruleset's `deriveActor` and live on
 * `system.derived` (never in the source). Equipped armor items are folded into `system.armor` in
 * `prepareBaseData`, before Active Effects apply, so effects can still change every input.
 */
import { activeRuleset, ruleOptions } from "../active-ruleset.js";
import { allRulesets } from "../engine/registry.js";
import { applyBuild } from "../engine/build.js";
import { carriedLoad, gearOf, type CarriedItem } from "../engine/gear.js";
import type { FieldDescs } from "../engine/fields.js";
import type { ActorKind, ActorSource, DerivedActor } from "../engine/types.js";
import { superValidateJoint } from "../foundry-compat.js";
import { boundStoredNumbers, migrateActorSystem, replaceContents } from "../migrations/migrate-data.js";
import { traitVocabulary, type TraitVocabulary } from "../migrations/trait-words.js";
import { actorSourceView, combineArmor, deriveSafely, withStatuses, type ArmorItemData } from "./prepare.js";
import { actorSchema, worldActorFields } from "./schema.js";
import { actorSystemIssues, describeIssues } from "./validation.js";
import { ignoredUnderRuleset, type IgnoredEntry } from "./ignored.js";
import { SYSTEM_ID } from "../constants.js";

/** The actor `system` schema type. */
type ActorSystemSchema = ReturnType<typeof actorSchema>;

/** Every damage type any ruleset knows (validation accepts these so switching rulesets loses nothing). */
export function allDamageTypes(): string[] {
  return [...new Set(allRulesets().flatMap((r) => [...(r.damageTypes ?? [])]))];
}

/** Trait words migrate to the world's game's keys first (then any game's). */
function traitVocabularyOfWorld(): TraitVocabulary {
  let preferred: readonly string[] = [];
  try {
    preferred = activeRuleset().damageTypes;
  } catch {
    // Settings not ready (very early construction): no game is preferred.
  }
  return traitVocabulary(preferred, allDamageTypes());
}

/** The stored actor fields as the engine types them (`ActorSource` minus `kind`). */
type ActorSystemFields = Omit<ActorSource, "kind">;

/**
 * The stored fields are typed from their descriptions (the schema itself is built at run time from
 * the registered games' parts, so its static type is a plain record).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
interface D20ActorData extends ActorSystemFields {}

/** The world's actor fields, worked out again only when a game registers (migrateData runs on every construction). */
let fieldsCache: { count: number; fields: FieldDescs } | null = null;
function boundedFields(): FieldDescs {
  const rulesets = allRulesets();
  if (fieldsCache?.count !== rulesets.length)
    fieldsCache = { count: rulesets.length, fields: worldActorFields(rulesets) };
  return fieldsCache.fields;
}

/** Shared behaviour of character and NPC data. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
abstract class D20ActorData extends foundry.abstract.TypeDataModel<ActorSystemSchema, Actor.Implementation> {
  /** Values the active ruleset derived (defenses, penalties, saves, bloodied…); not stored. */
  declare derived: DerivedActor;
  /** Why the ruleset could not derive this actor (shown on the sheet), or null. */
  declare deriveError: string | null;

  static override defineSchema(): ActorSystemSchema {
    return actorSchema(foundry.data.fields);
  }

  static override migrateData(source: Record<string, unknown>) {
    replaceContents(source, boundStoredNumbers(boundedFields(), migrateActorSystem(source, traitVocabularyOfWorld())));
    return super.migrateData(source);
  }

  static override validateJoint(data: Record<string, unknown>): void {
    const issues = actorSystemIssues(data, allDamageTypes());
    if (issues.length) throw new Error(describeIssues(issues));
    superValidateJoint(super.validateJoint, this, data);
  }

  /** The engine's actor kind for this model. */
  abstract get kind(): ActorKind;

  override prepareBaseData(): void {
    super.prepareBaseData();
    const items = this.parent?.items ? [...this.parent.items] : [];
    const armorItems = items.filter((i) => i.type === "armor").map((i) => i.system as unknown as ArmorItemData);
    this.armor = combineArmor(this.armor, armorItems);
    applyBuildTo(this);
    const carried = items.map((i) => ({ type: i.type as string, system: i.system as CarriedItem["system"] }));
    this.speed = loadedSpeed(this.speed, this.abilities.str, carried);
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    // Status effects (collected by Foundry while applying effects, just before this) count as
    // conditions, exactly as the document's toEngineSource() reads them for rolls. Deriving only
    // reads the actor, so it reads the prepared fields themselves (a copy per actor cost more than
    // the derivation when a world prepares hundreds).
    const source = withStatuses(actorSourceView(this.kind, this), this.parent?.statuses);
    const ruleset = activeRuleset();
    const { derived, error } = deriveSafely(ruleset, source, ruleOptions(ruleset));
    this.derived = derived;
    this.deriveError = error ? error.message : null;
    warnIgnored(this.parent, ignoredUnderRuleset(source, ruleset));
  }
}

/**
 * [SYS-CHARACTER] A character with a class takes the numbers its class and level derive (each
 * override typed over them kept), before Active Effects, so effects still change every input and
 * every rule reads them as if typed. After the armor: 13th Age's AC reads the armor worn.
 */
function applyBuildTo(model: D20ActorData): void {
  let progression;
  try {
    progression = activeRuleset().progression;
  } catch {
    return; // Settings not ready (very early construction): nothing derived yet.
  }
  const view = actorSourceView(model.kind, model);
  const built = applyBuild(progression, view);
  if (built === view) return;
  model.hp = built.hp;
  model.recoveries = built.recoveries;
  model.defenses = built.defenses;
  model.baseCombatBonus = built.baseCombatBonus;
  model.baseSaveBonus = built.baseSaveBonus;
  model.renown = built.renown;
}

/**
 * [SYS-CHARACTER] The speed left under the carried load, where the game has a load rule (Wounds d20);
 * before Active Effects, as the armor worn, so an effect can still change it.
 */
function loadedSpeed(speed: number, strength: number, items: readonly CarriedItem[]): number {
  let gear;
  try {
    gear = gearOf(activeRuleset());
  } catch {
    return speed; // Settings not ready (very early construction).
  }
  if (!gear.loaded || !items.length) return speed;
  return gear.loaded(speed, strength, carriedLoad(items)).speed;
}

/**
 * Actors already reported for ignoring another game's data (once per actor and content per
 * session); at most {@link REPORTED_MAX} kept (then it starts again: a repeated console line at worst).
 */
const reported = new Set<string>();
const REPORTED_MAX = 1000;

/** Say once in the console what the active game ignores on an actor (the sheet shows it too). */
function warnIgnored(actor: Actor.Implementation | null | undefined, ignored: readonly IgnoredEntry[]): void {
  if (!ignored.length) return;
  const key = `${actor?.uuid ?? ""}|${ignored.map((e) => `${e.field}=${e.value}`).join(",")}`;
  if (reported.has(key)) return;
  if (reported.size >= REPORTED_MAX) reported.clear();
  reported.add(key);
  console.warn(`${SYSTEM_ID} | ${actor?.name ?? "an actor"}: another game's data is ignored in this game`, ignored);
}

/** A player character. */
export class CharacterData extends D20ActorData {
  static override LOCALIZATION_PREFIXES = ["D20C.Actor"];
  get kind(): ActorKind {
    return "character";
  }
}

/** A monster or other GM creature. */
export class NpcData extends D20ActorData {
  static override LOCALIZATION_PREFIXES = ["D20C.Actor"];
  get kind(): ActorKind {
    return "npc";
  }
}
