/**
 * [SYS-IMPORT] The source games' words in the target game's keys: damage types and conditions.
 * Targets are read from the ruleset (its `damageTypes`, its `conditions`), so a condition another
 * issue adds to a game is found here without a change.
 */
import type { Ruleset } from "../engine/ruleset.js";

/** Source spellings → one canonical damage word. */
const DAMAGE_SYNONYMS: Record<string, string> = {
  b: "bludgeoning",
  p: "piercing",
  s: "slashing",
  blunt: "bludgeoning",
  bludgeon: "bludgeoning",
  pierce: "piercing",
  slash: "slashing",
  electric: "electricity",
  shock: "electricity",
  "negative energy": "negative",
  "positive energy": "positive",
  negativeenergy: "negative",
  positiveenergy: "positive",
  holy: "holy",
  divine: "holy",
};

/** Where the target game lacks a canonical word, its nearest own type. */
const DAMAGE_FALLBACKS: Record<string, readonly string[]> = {
  lightning: ["electricity"],
  electricity: ["lightning"],
  thunder: ["sonic"],
  sonic: ["thunder"],
  necrotic: ["negative"],
  negative: ["necrotic"],
  radiant: ["holy", "positive"],
  holy: ["radiant"],
  positive: ["radiant", "holy"],
};

/** Words that mean "no special type" (physical / weapon damage): untyped where a game has no such type. */
const PHYSICAL = new Set(["physical", "bludgeoning", "piercing", "slashing", "untyped", "damage", "weapon", "normal"]);

/**
 * The target game's damage type for a source word, "" when the damage is plain (physical in a game
 * without weapon types), or null when the game has no such type at all.
 */
export function damageTypeFor(ruleset: Ruleset, word: string): string | null {
  const w = word
    .trim()
    .toLowerCase()
    .replace(/\s+damage$/, "");
  if (!w) return "";
  const canon = DAMAGE_SYNONYMS[w] ?? w;
  if (ruleset.damageTypes.includes(canon)) return canon;
  for (const alt of DAMAGE_FALLBACKS[canon] ?? []) if (ruleset.damageTypes.includes(alt)) return alt;
  if (PHYSICAL.has(canon)) return "";
  return null;
}

/** Source condition words → candidate ids, first the target game has wins. */
const CONDITION_SYNONYMS: Record<string, readonly string[]> = {
  "flat-footed": ["flatFooted"],
  flatfooted: ["flatFooted"],
  "off-guard": ["flatFooted"],
  "caught off guard": ["flatFooted"],
  afraid: ["fear", "frightened"],
  frightened: ["frightened", "fear"],
  scared: ["fear", "frightened"],
  fear: ["fear", "frightened"],
  immobilized: ["immobilized", "stuck", "restrained"],
  stuck: ["stuck", "immobilized"],
  grabbed: ["grabbed", "grappled"],
  grappled: ["grappled", "grabbed"],
  "removed from play": ["removedFromPlay"],
  helpless: ["helpless"],
  restrained: ["restrained"],
  paralysed: ["paralyzed"],
  paralyzed: ["paralyzed"],
  vulnerable: ["vulnerable"],
  hampered: ["hampered"],
  slowed: ["slowed"],
  slow: ["slowed"],
  weakened: ["weakened"],
  dazed: ["dazed"],
  stunned: ["stunned"],
  confused: ["confused"],
  dominated: ["dominated"],
  blinded: ["blinded"],
  blind: ["blinded"],
  deafened: ["deafened"],
  prone: ["prone"],
  "knocked prone": ["prone"],
  poisoned: ["poisoned"],
  charmed: ["charmed"],
  petrified: ["petrified"],
  unconscious: ["unconscious"],
  incapacitated: ["incapacitated"],
  invisible: ["invisible"],
  marked: ["marked"],
  shaken: ["shaken"],
  sickened: ["sickened"],
  nauseated: ["nauseated"],
  entangled: ["entangled"],
  fatigued: ["fatigued"],
  exhausted: ["exhausted"],
  panicked: ["panicked"],
  cowering: ["cowering"],
  dazzled: ["dazzled"],
  pinned: ["pinned"],
  staggered: ["staggered"],
  surprised: ["surprised"],
};

/** The target game's condition id for a source word, or null when it has none. */
export function conditionFor(ruleset: Ruleset, word: string): string | null {
  const w = word.trim().toLowerCase();
  const ids = new Set(ruleset.conditions.map((c) => c.id));
  const direct = ruleset.conditions.find((c) => c.id.toLowerCase() === w.replace(/[\s-]/g, ""));
  if (direct) return direct.id;
  for (const id of CONDITION_SYNONYMS[w] ?? []) if (ids.has(id)) return id;
  return null;
}

/** Condition words a sentence names, in the order they appear (only words of the table above). */
export function conditionWords(text: string): string[] {
  const found: { at: number; word: string }[] = [];
  const lower = text.toLowerCase();
  for (const word of Object.keys(CONDITION_SYNONYMS)) {
    const re = new RegExp(`\\b${word.replace(/[-]/g, "\\-")}\\b`, "g");
    let m: RegExpExecArray | null;
    while ((m = re.exec(lower))) found.push({ at: m.index, word });
  }
  found.sort((a, b) => a.at - b.at || b.word.length - a.word.length);
  const out: string[] = [];
  let end = -1;
  for (const f of found) {
    if (f.at < end) continue;
    out.push(f.word);
    end = f.at + f.word.length;
  }
  return out;
}
