/**
 * The registered games: ruleset id → ruleset. The core knows no game: the four built-in games
 * register here through the same `registerRuleset` another game uses, called by the entry point
 * (`src/d20-combat.ts`, and the test setup `test/support/register-games.ts`). The adapter offers
 * that call to modules once, at the start of the system's init work, then seals the registry:
 * settings, data models and status effects are built from what is registered by then. What the
 * core reads of every game (the stored actor fields, the damage types) it reads from here.
 */
import { CORE_ACTOR_FIELDS } from "./actor-fields.js";
import { halfCapabilities } from "./capabilities.js";
import { EngineError } from "./errors.js";
import type { FieldDescs } from "./fields.js";
import type { Ruleset } from "./ruleset.js";
import type { RulesetId } from "./types.js";

const registered = new Map<RulesetId, Ruleset>();
let sealed = false;

/** A ruleset id doubles as a settings and flags key: lower-case letters, digits and dashes. */
const ID_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

/** The members without which the adapter cannot run a game at all. */
const REQUIRED_FUNCTIONS = ["deriveActor", "resolveAttack", "applyDamage"] as const;

/**
 * Add a game. Refused (EngineError naming `ruleset`) once the registry is sealed, for an id that is
 * malformed or already registered, or for a ruleset without a label, a defense or its core functions,
 * or one that writes part of a capability (`./capabilities.ts`) without the rest.
 */
export function registerRuleset(ruleset: Ruleset): void {
  const id: unknown = (ruleset as { id?: unknown } | null)?.id;
  if (sealed) {
    throw new EngineError("ruleset", `"${String(id)}" came too late: games register before the system's init work`);
  }
  if (typeof id !== "string" || !ID_PATTERN.test(id)) {
    throw new EngineError("ruleset.id", "must be lower-case letters, digits and dashes", id);
  }
  if (registered.has(id)) throw new EngineError("ruleset.id", `"${id}" is already registered`, id);
  if (typeof ruleset.label !== "string" || ruleset.label === "") {
    throw new EngineError("ruleset.label", `"${id}" needs the i18n key of its name`, ruleset.label);
  }
  if (!Array.isArray(ruleset.defenses) || ruleset.defenses.length === 0) {
    throw new EngineError("ruleset.defenses", `"${id}" needs at least one defense`, ruleset.defenses);
  }
  for (const fn of REQUIRED_FUNCTIONS) {
    if (typeof ruleset[fn] !== "function") throw new EngineError(`ruleset.${fn}`, `"${id}" has no ${fn}`);
  }
  // [SYS-RULESET] a capability is whole or absent: half of one would be read as if the game had it.
  const [half] = halfCapabilities(ruleset);
  if (half) {
    throw new EngineError(
      `ruleset.${half.missing[0] ?? half.name}`,
      `"${id}" writes part of the ${half.name} capability without ${half.missing.join(", ")}`,
    );
  }
  registered.set(id, ruleset);
}

/** Close the registry: what is registered now is what the world runs. */
export function sealRulesets(): void {
  sealed = true;
}

export function isRulesetId(id: unknown): id is RulesetId {
  return typeof id === "string" && registered.has(id);
}

/** The ruleset for an id; an unknown id throws an EngineError naming `ruleset`. */
export function getRuleset(id: unknown): Ruleset {
  const ruleset = typeof id === "string" ? registered.get(id) : undefined;
  if (!ruleset) {
    const known = [...registered.keys()].join(", ");
    throw new EngineError("ruleset", `unknown ruleset "${String(id)}" (expected one of ${known})`, id);
  }
  return ruleset;
}

/** Every registered game, the built-in ones first, in registration order. */
export function allRulesets(): Ruleset[] {
  return [...registered.values()];
}

let partsFor = -1;
let worldFields: FieldDescs = CORE_ACTOR_FIELDS;
let damageTypesFor = -1;
let damageTypes: ReadonlySet<string> = new Set<string>();

/**
 * The stored actor fields of the world: the core's and every registered game's part (a stored
 * actor holds every game's data, [SYS-RULESET]). Read again whenever a game registers.
 */
export function worldActorFields(): FieldDescs {
  if (partsFor !== registered.size) {
    partsFor = registered.size;
    worldFields = Object.assign({}, CORE_ACTOR_FIELDS, ...[...registered.values()].map((r) => r.actorFields ?? {}));
  }
  return worldFields;
}

/**
 * Every damage type any registered game knows. A stored actor holds every game's data
 * ([SYS-RULESET]), so a trait one game wrote (13th Age "holy") is valid data under another game
 * that has no such type: that game ignores it rather than refusing the actor.
 */
export function anyGameDamageTypes(): ReadonlySet<string> {
  if (damageTypesFor !== registered.size) {
    damageTypesFor = registered.size;
    damageTypes = new Set<string>([...registered.values()].flatMap((r): readonly string[] => r.damageTypes));
  }
  return damageTypes;
}
