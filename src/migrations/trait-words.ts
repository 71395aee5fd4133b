/**
 * Old trait words (damage types written by hand in older versions or imported sheets: "Fire",
 * "electric", "cold damage") turned into the damage type keys the games use. Pure.
 *
 * A word that is already a key of any game is kept as it is (another game's trait is valid data).
 * Otherwise it is lowercased, trimmed and stripped of a trailing "damage"; if that is a key it is
 * used, else a synonym maps it to the first of its candidate keys the preferred game (the world's
 * active one) knows, then the first any game knows. A word nothing maps is left for the caller to
 * keep as free text.
 */

/** The damage type keys a migration may write: the preferred game's first, then every game's. */
export interface TraitVocabulary {
  preferred: ReadonlySet<string>;
  known: ReadonlySet<string>;
}

/** Build a vocabulary (`all` is always a key: a trait against every type). */
export function traitVocabulary(preferred: Iterable<string>, anyGame: Iterable<string>): TraitVocabulary {
  return { preferred: new Set([...preferred, "all"]), known: new Set([...anyGame, ...preferred, "all"]) };
}

/**
 * Words tables use for a damage type, grouped by the keys they may mean (most usual first): each
 * word of a group stands for that group's keys.
 */
const SYNONYM_GROUPS: readonly (readonly [keys: readonly string[], words: readonly string[]])[] = [
  [
    ["lightning", "electricity"],
    ["electric", "electrical", "shock", "lightning"],
  ],
  [["electricity", "lightning"], ["electricity"]],
  [["sonic", "thunder"], ["sonic"]],
  [
    ["thunder", "sonic"],
    ["sound", "thunder"],
  ],
  [["holy", "radiant"], ["holy"]],
  [
    ["radiant", "holy"],
    ["divine", "radiant", "light"],
  ],
  [
    ["negative", "necrotic"],
    ["negative", "negative energy"],
  ],
  [
    ["necrotic", "negative"],
    ["necrotic", "unholy"],
  ],
  [["psychic"], ["mental", "mind", "psionic"]],
  [["poison"], ["poisonous", "toxic", "venom"]],
  [["cold"], ["frost", "ice"]],
  [["fire"], ["flame", "flames", "heat", "burning"]],
  [["acid"], ["corrosive"]],
  [["bludgeoning"], ["blunt", "crushing"]],
  [["slashing"], ["cutting", "slash"]],
  [["piercing"], ["pierce", "stabbing"]],
  [["all"], ["everything"]],
];

/** Each synonym with the keys it may mean. */
const SYNONYMS: ReadonlyMap<string, readonly string[]> = new Map(
  SYNONYM_GROUPS.flatMap(([keys, words]) => words.map((word) => [word, keys] as const)),
);

/** The key an old trait word stands for, or null when nothing maps it. */
export function traitKeyFor(word: unknown, vocabulary: TraitVocabulary): string | null {
  if (typeof word !== "string") return null;
  if (vocabulary.known.has(word)) return word;
  const plain = word
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/ damage$/, "");
  if (plain === "") return null;
  const candidates = [plain, ...(SYNONYMS.get(plain) ?? [])];
  return candidates.find((k) => vocabulary.preferred.has(k)) ?? candidates.find((k) => vocabulary.known.has(k)) ?? null;
}
