/**
 * [SYS-IMPORT] Which system a document comes from: its `_stats.systemId` (or the export's own
 * record of it) when present, else its shape, and the report says which. A document whose system
 * cannot be told is refused with why, never guessed silently.
 */
import { at, list, obj, str } from "./json.js";
import { SOURCE_SYSTEMS, type SourceSystem } from "./report.js";

export type Detection = { system: SourceSystem; how: string } | { system: null; reason: string };

const isSource = (s: string): s is SourceSystem => (SOURCE_SYSTEMS as readonly string[]).includes(s);

/** The document's `system` (v10+) or `data` (older exports) object. */
export function systemOf(doc: unknown): Record<string, unknown> {
  return obj(at(doc, "system")) ?? obj(at(doc, "data")) ?? {};
}

/** Whether this looks like an Actor (an actor type, or embedded items) rather than an Item. */
export function isActorDoc(doc: unknown): boolean {
  const type = str(at(doc, "type")).toLowerCase();
  if (["npc", "character", "monster", "vehicle", "group", "hazard", "haunt", "trap", "basic"].includes(type))
    return true;
  return Array.isArray(at(doc, "items")) || obj(at(doc, "prototypeToken")) !== null || obj(at(doc, "token")) !== null;
}

function declared(doc: unknown): string {
  return (
    str(at(doc, "_stats.systemId")) ||
    str(at(doc, "_stats.exportSource.systemId")) ||
    str(at(doc, "flags.exportSource.system")) ||
    ""
  );
}

function itemTypes(doc: unknown): string[] {
  return list(at(doc, "items")).map((i) => str(at(i, "type")));
}

/** The source system by the document's shape, with the reason, or null. */
function byShape(doc: unknown): { system: SourceSystem; how: string } | null {
  const sys = systemOf(doc);
  const types = itemTypes(doc);
  const type = str(at(doc, "type"));
  if (obj(sys.defences)) return { system: "dnd4e", how: "its shape (system.defences)" };
  if (
    types.some((t) => ["action", "trait", "nastierSpecial"].includes(t)) ||
    (obj(at(sys, "attributes.pd")) && obj(at(sys, "attributes.md")))
  )
    return { system: "archmage", how: "its shape (PD/MD defenses, action/trait items)" };
  if (["action", "trait", "nastierSpecial"].includes(type) && obj(at(sys, "attack")))
    return { system: "archmage", how: "its shape (an archmage action)" };
  if (obj(at(sys, "powerUsage")) || obj(at(sys, "powerSource")))
    return { system: "archmage", how: "its shape (an archmage power)" };
  if (
    obj(at(sys, "attributes.savingThrows")) ||
    at(sys, "attributes.naturalAC") !== undefined ||
    types.includes("buff") ||
    (types.includes("attack") && types.includes("class"))
  )
    return { system: "pf1", how: "its shape (saving throws, natural AC, attack/buff items)" };
  if (type === "attack" || type === "buff" || (type === "spell" && at(sys, "learnedAt") !== undefined))
    return { system: "pf1", how: "its shape (a pf1 item)" };
  if (str(at(sys, "useType")) && obj(at(sys, "attack")) && obj(at(sys, "hit")))
    return { system: "dnd4e", how: "its shape (a 4e power: useType, attack, hit)" };
  if (
    obj(at(sys, "activities")) ||
    obj(at(sys, "attributes.movement")) ||
    obj(at(sys, "traits.di")) ||
    (obj(at(sys, "details.cr")) === null && at(sys, "details.cr") !== undefined && obj(at(sys, "traits")))
  )
    return { system: "dnd5e", how: "its shape (activities, movement, damage immunities)" };
  if (
    ["mwak", "rwak", "msak", "rsak", "save"].includes(str(at(sys, "actionType"))) &&
    Array.isArray(at(sys, "damage.parts"))
  )
    return { system: "dnd5e", how: "its shape (actionType and damage parts)" };
  return null;
}

/** Tell the source system of one document. */
export function detectSource(doc: unknown): Detection {
  if (obj(doc) === null) return { system: null, reason: "not a document (a JSON object was expected)" };
  const id = declared(doc);
  if (id) {
    if (isSource(id)) return { system: id, how: `_stats.systemId "${id}"` };
    if (id === "d20-combat") return { system: null, reason: "already a d20 Combat document (import it as it is)" };
    return {
      system: null,
      reason: `a document of the "${id}" system; this importer reads ${SOURCE_SYSTEMS.join(", ")}`,
    };
  }
  if (at(doc, "flags.d20-combat.ruleset") !== undefined)
    return { system: null, reason: "already a d20 Combat document (import it as it is)" };
  const shape = byShape(doc);
  if (shape) return shape;
  return { system: null, reason: "its source system could not be told: no _stats.systemId and no known shape" };
}
