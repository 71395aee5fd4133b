/**
 * Each game's vocabulary, derived from its ruleset ([SYS-WORDS]), pure: the i18n keys of its
 * defenses, conditions, saves, usage kinds, rests, the effect durations and save difficulties it
 * offers, its item types and the bonus kinds its attacks itemise, and its own words for the
 * shared strings it says differently (a game's key in place of a core one). Screens read words
 * through {@link say} so each game shows its own; the words test reads the vocabularies to find
 * a term one game has and another has not.
 */
import type { Ruleset } from "./ruleset.js";
import type { DurationKind } from "./types.js";
import { powerUsages, restsOf } from "./powers.js";
import { wordsOf } from "./words.js";
import { LIFE_STATES } from "./actor-fields.js";
import { defaultActorSource } from "./common.js";
import { DURATION_KINDS } from "./effects.js";

/** Item types every game stores (the sheet's and the create dialog's). */
export const ITEM_TYPES = ["power", "weapon", "armor", "feature"] as const;
type ItemType = (typeof ITEM_TYPES)[number];

/** The save difficulties a save-ends effect may have (engine `EffectSource.save`). */
const ALL_SAVE_KINDS = ["easy", "normal", "hard"] as const;

/** What a game writes of its vocabulary beyond its data; every member optional. */
export interface VocabularySpec {
  /** Effect durations its forms offer (absent = every kind). A stored other kind still shows. */
  readonly durations?: readonly DurationKind[];
  /**
   * Its own key for a shared string it words differently, by the shared key
   * (`D20C.Power.Text.saveEnds` → `D20C.HD.Vocab.saveEnds`).
   */
  readonly words?: Readonly<Record<string, string>>;
  /** The i18n keys of the attack bonus kinds its attacks itemise (the modifiers' labels). */
  readonly bonusKinds?: readonly string[];
}

/** A game's vocabulary as every screen and the words test read it. */
export interface Vocabulary {
  defenses: string[];
  conditions: string[];
  saves: string[];
  usages: string[];
  rests: string[];
  /** The duration kinds offered, each with the key of its label as the forms show it. */
  durations: { kind: DurationKind; label: string }[];
  /** The save difficulties offered with their labels; empty = the game has no save-ends. */
  saveKinds: { kind: (typeof ALL_SAVE_KINDS)[number]; label: string }[];
  /** Whether a creator sustains an effect with an action in this game. */
  sustain: boolean;
  /** The item types with their labels (singular and plural). */
  itemTypes: { type: ItemType; label: string; plural: string }[];
  bonusKinds: string[];
  /** Its words for the shared sheet and tracker controls (recoveries, death save…). */
  controls: string[];
  /** The statuses its creatures show (bloodied or staggered, each life state), as its rules derive them. */
  statuses: string[];
  /** Shared key → the game's own key. */
  words: Readonly<Record<string, string>>;
}

/** The game's own key for a shared string, or the shared key itself. */
export function say(ruleset: Pick<Ruleset, "vocabulary">, key: string): string {
  return ruleset.vocabulary?.words?.[key] ?? key;
}

/** The duration kinds a game's forms offer, in the forms' order. */
export function offeredDurations(ruleset: Pick<Ruleset, "vocabulary">): readonly DurationKind[] {
  const own = ruleset.vocabulary?.durations;
  return own ? DURATION_KINDS.filter((d) => own.includes(d)) : DURATION_KINDS;
}

/** A game's vocabulary, from its data and its `vocabulary` spec. */
export function vocabularyOf(ruleset: Ruleset): Vocabulary {
  const spec = ruleset.vocabulary ?? {};
  const durations = offeredDurations(ruleset);
  const s = (key: string) => say(ruleset, key);
  return {
    defenses: ruleset.defenses.map((d) => d.label),
    conditions: ruleset.conditions.map((c) => c.label),
    saves: ruleset.saves.map((x) => x.label),
    usages: powerUsages(ruleset).map((u) => u.label),
    rests: restsOf(ruleset).map((r) => r.label),
    durations: durations.map((kind) => ({ kind, label: s(`D20C.Effects.Kind.${kind}`) })),
    saveKinds: durations.includes("saveEnds")
      ? ALL_SAVE_KINDS.map((kind) => ({ kind, label: s(`D20C.Effects.SaveDifficulty.${kind}`) }))
      : [],
    sustain: durations.includes("sustain"),
    itemTypes: ITEM_TYPES.map((type) => ({
      type,
      label: s(`TYPES.Item.${type}`),
      plural: s(`TYPES.Item.${type}Pl`),
    })),
    bonusKinds: [...(spec.bonusKinds ?? [])],
    controls: Object.values(wordsOf(ruleset)).filter((w): w is string => typeof w === "string" && w.includes(".")),
    statuses: statusesOf(ruleset),
    words: { ...(spec.words ?? {}) },
  };
}

/** The life states every game's creatures pass through (the others are some games' own). */
const COMMON_STATES = LIFE_STATES.filter((s) => s === "active" || s === "dying" || s === "dead");

/** The status labels a game derives: a creature at a third of its HP, active, dying and dead. */
function statusesOf(ruleset: Ruleset): string[] {
  const out = new Set<string>();
  for (const state of COMMON_STATES) {
    const actor = defaultActorSource({ hp: { value: 10, max: 30, temp: 0 }, state });
    try {
      for (const l of ruleset.deriveActor(actor, {}).statusLabels) out.add(l);
    } catch {
      // a game that refuses a blank creature names no statuses for it
    }
  }
  return [...out];
}
