/**
 * [SYS-MONSTERS] The creature lists a stat block edits as words (pure): condition and keyword
 * immunities ("charmed, frightened"), trait bypass ("slashing/magic silver, piercing/magic") and
 * Wounds d20 damage reduction ("5/magic, 10/cold iron and good, 5/—"), printed and read back. A
 * keyword of several words is stored as one camelCase key ("cold iron" → `coldIron`).
 */
import type { ActorSource } from "./types.js";

type Reduction = NonNullable<ActorSource["damageReduction"]>[number];
type Bypass = NonNullable<ActorSource["traitBypass"]>[number];

/** The stored fields the stat block edits as words, by how they read. */
export const CREATURE_WORD_FIELDS = {
  conditionImmunities: "list",
  keywordImmunities: "list",
  traitBypass: "bypass",
  damageReduction: "reduction",
} as const;
export type CreatureWordField = keyof typeof CREATURE_WORD_FIELDS;

/** "cold iron" → `coldIron`; a single word keeps its case after the first letter (`coldIron` stays). */
function keywordKey(word: string): string {
  const parts = word
    .trim()
    .split(/[\s_]+/)
    .filter(Boolean);
  if (parts.length === 1) {
    const w = parts[0]!;
    return w.charAt(0).toLowerCase() + w.slice(1);
  }
  return parts
    .map((p, i) => (i === 0 ? p.toLowerCase() : p.charAt(0).toUpperCase() + p.slice(1).toLowerCase()))
    .join("");
}

/** `coldIron` → "cold iron" (how a key reads in a stat block). */
export function keywordWords(key: string): string {
  return key.replace(/([a-z])([A-Z])/g, (_m, a: string, b: string) => `${a} ${b.toLowerCase()}`);
}

const listOf = (text: string) =>
  text
    .split(/[,;]/)
    .map((w) => w.trim())
    .filter((w) => w !== "");

/** How one damage reduction prints ("5/magic", "10/cold iron and good", "10/—"). */
function printReduction(dr: Reduction, and: string, or: string): string {
  const by = dr.bypass.map(keywordWords).join(dr.needsAll ? ` ${and} ` : ` ${or} `);
  return `${dr.amount}/${by || "—"}`;
}

/** Read "5/magic, 10/cold iron and good, 5/—" back (a part that is not "N/…" is left out). */
function parseReductions(text: string): Reduction[] {
  const out: Reduction[] = [];
  for (const part of listOf(text)) {
    const m = /^(\d+)\s*\/\s*(.*)$/.exec(part);
    if (!m) continue;
    const rest = (m[2] ?? "").trim();
    const bypass = rest
      .split(/\s+(?:and|or)\s+/i)
      .map((w) => w.trim())
      .filter((w) => w !== "" && w !== "—" && w !== "-")
      .map(keywordKey);
    out.push({ amount: Number(m[1]), bypass, needsAll: /\sand\s/i.test(rest) && bypass.length > 1 });
  }
  return out;
}

/** How one bypass prints ("slashing/magic silver"). */
const printBypass = (b: Bypass) => `${b.type}/${b.keywords.map((k) => k.replace(/\s/g, "")).join(" ")}`;

/** Read "slashing/magic silver, piercing/magic" back (a part without a "/" is left out). */
function parseBypass(text: string): Bypass[] {
  const out: Bypass[] = [];
  for (const part of listOf(text)) {
    const [type, rest] = part.split("/");
    const keywords = (rest ?? "").split(/\s+/).filter(Boolean).map(keywordKey);
    if (type?.trim() && keywords.length) out.push({ type: type.trim(), keywords });
  }
  return out;
}

/** A creature list as the stat block prints it; `and`/`or` are the viewer's words. */
export function printCreatureWords(field: CreatureWordField, value: unknown, and = "and", or = "or"): string {
  if (!Array.isArray(value)) return "";
  switch (CREATURE_WORD_FIELDS[field]) {
    case "list":
      return (value as string[]).join(", ");
    case "bypass":
      return (value as Bypass[]).map(printBypass).join(", ");
    case "reduction":
      return (value as Reduction[]).map((dr) => printReduction(dr, and, or)).join(", ");
  }
}

/** The submitted words of a creature list read back into its stored shape. */
export function parseCreatureWords(field: CreatureWordField, text: string): unknown[] {
  switch (CREATURE_WORD_FIELDS[field]) {
    case "list":
      return listOf(text).map(keywordKey);
    case "bypass":
      return parseBypass(text);
    case "reduction":
      return parseReductions(text);
  }
}

/** A submitted `system` with every creature list given as words turned back into its stored shape (in place). */
export function creatureWordsFromForm(system: Record<string, unknown> | undefined): void {
  if (!system) return;
  for (const field of Object.keys(CREATURE_WORD_FIELDS) as CreatureWordField[]) {
    const v = system[field];
    if (typeof v === "string") system[field] = parseCreatureWords(field, v);
  }
}
