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

/** Words tables use for a damage type, with the keys they may mean (most usual first). */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  electric: ["lightning", "electricity"],
  electrical: ["lightning", "electricity"],
  electricity: ["electricity", "lightning"],
  shock: ["lightning", "electricity"],
  lightning: ["lightning", "electricity"],
  sonic: ["sonic", "thunder"],
  sound: ["thunder", "sonic"],
  thunder: ["thunder", "sonic"],
  holy: ["holy", "radiant"],
  divine: ["radiant", "holy"],
  radiant: ["radiant", "holy"],
  light: ["radiant", "holy"],
  negative: ["negative", "necrotic"],
  "negative energy": ["negative", "necrotic"],
  necrotic: ["necrotic", "negative"],
  unholy: ["necrotic", "negative"],
  mental: ["psychic"],
  mind: ["psychic"],
  psionic: ["psychic"],
  poisonous: ["poison"],
  toxic: ["poison"],
  venom: ["poison"],
  frost: ["cold"],
  ice: ["cold"],
  flame: ["fire"],
  flames: ["fire"],
  heat: ["fire"],
  burning: ["fire"],
  corrosive: ["acid"],
  blunt: ["bludgeoning"],
  crushing: ["bludgeoning"],
  cutting: ["slashing"],
  slash: ["slashing"],
  pierce: ["piercing"],
  stabbing: ["piercing"],
  everything: ["all"],
};

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
  const candidates = [plain, ...(SYNONYMS[plain] ?? [])];
  return candidates.find((k) => vocabulary.preferred.has(k)) ?? candidates.find((k) => vocabulary.known.has(k)) ?? null;
}
