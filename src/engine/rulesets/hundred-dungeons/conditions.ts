/**
 * Hundred Dungeons conditions as data ([HD-COND]) and the helpers that read them: which conditions
 * a list really means once inclusions are followed, what each exhaustion level adds, and the roll
 * mode of an ability roll.
 */
import { netMode } from "../../common.js";
import { expandConditions as expandConditionIds } from "../../conditions.js";
import type { AbilityKey, ConditionSpec, RollMode } from "../../types.js";

/** What a Hundred Dungeons condition does beyond the shared {@link ConditionSpec}. */
export interface HDConditionSpec extends ConditionSpec {
  /** The bearer's attack rolls. */
  attacks?: RollMode;
  /**
   * The kinds of attack `attacks` is for (Help for the Attack action: weapon and unarmed attacks;
   * for a spell: spells). Absent = every attack.
   */
  attackKinds?: AttackKind[];
  /** Attacks against the bearer. */
  attacksAgainst?: RollMode;
  /** Melee attacks against the bearer. */
  meleeAgainst?: RollMode | "autoHit";
  /** Ranged attacks against the bearer. */
  rangedAgainst?: RollMode;
  /** The bearer's ability rolls. */
  abilityRolls?: RollMode;
  /** Ability rolls that automatically fail. */
  autoFail?: AbilityKey[];
  /** Abilities whose rolls are mighty. */
  mightyAbilities?: AbilityKey[];
  /** Abilities whose rolls are weak (restrained: Dexterity). */
  weakAbilities?: AbilityKey[];
  /** Damage types the bearer resists (immersed in water: fire). */
  resist?: string[];
  /** Resistance to all damage (petrified). */
  resistAll?: boolean;
  /** Damage types the bearer is immune to (petrified: poison). */
  immune?: string[];
  noSkills?: boolean;
  /** Damage from a melee attack starts dying (unconscious). */
  meleeDamageStartsDying?: boolean;
  /** Rolls that rely on these senses fail automatically (blinded: sight, deafened: hearing). */
  autoFailSenses?: ("sight" | "hearing")[];
  /** The bearer sees no one: every creature counts as invisible to it (blinded). */
  seesNothing?: boolean;
  /** The bearer may not attack or harm the effect's creator (charmed). */
  cannotHarmSource?: boolean;
  /** The creator's Charisma rolls against the bearer are mighty (charmed). */
  sourceCharismaMighty?: boolean;
  /** Can't move towards the source of the effect (frightened). */
  noApproachSource?: boolean;
  /** Takes no turn and no reactions in round 1 (surprised). */
  noTurnFirstRound?: boolean;
  /** The benefit is lost while the bearer has any of these conditions (dodging → incapacitated). */
  suppressedBy?: string[];
  /** Doesn't provoke attacks (disengaged). */
  noProvoke?: boolean;
  /** The bearer's next move is forced on it (pushed): the move spends the status. */
  forcedMove?: boolean;
  /** May not spend hit dice (poisoned). */
  noHitDice?: boolean;
  /** Ranged attacks against it are weak only up to this size (prone). */
  rangedAgainstMaxSize?: Size;
  /** Not one of the twenty conditions of the text: a status the system adds (dodging, underwater…). */
  extra?: boolean;
}

/** A weapon or unarmed attack, or a spell (a weaponless attack rolled with Intelligence, Wisdom or Charisma). */
export type AttackKind = "weapon" | "spell";

export const SIZES = ["tiny", "small", "medium", "large", "huge", "gargantuan"] as const;
export type Size = (typeof SIZES)[number];

const L = (id: string): string => `D20C.HD.Condition.${id}`;
const icon = (name: string): string => `icons/svg/${name}.svg`;

/** The twenty conditions of the text, in its order, then the system's extra statuses. */
export const HD_CONDITIONS: readonly HDConditionSpec[] = [
  {
    id: "blinded",
    label: L("blinded"),
    img: icon("blind"),
    implies: [],
    autoFailSenses: ["sight"],
    seesNothing: true,
    attacks: "weak",
    attacksAgainst: "mighty",
  },
  {
    id: "charmed",
    label: L("charmed"),
    img: icon("heal"),
    implies: [],
    cannotHarmSource: true,
    sourceCharismaMighty: true,
  },
  { id: "deafened", label: L("deafened"), img: icon("deaf"), implies: [], autoFailSenses: ["hearing"] },
  { id: "dying", label: L("dying"), img: icon("blood"), implies: ["slowed"] },
  { id: "exhaustion", label: L("exhaustion"), img: icon("degen"), implies: [] },
  {
    id: "frightened",
    label: L("frightened"),
    img: icon("terror"),
    implies: [],
    abilityRolls: "weak",
    attacks: "weak",
    noApproachSource: true,
    // Only while the source is in sight: a blinded creature sees nothing, and an attack whose
    // situation says the source is out of sight is not weakened ([HD-COND], `fearSourceUnseen`).
    whileSourceSeen: true,
    suppressedBy: ["blinded"],
  },
  { id: "grappled", label: L("grappled"), img: icon("hazard"), implies: [], speedMax: 0 },
  // Hidden is per observer (a Hide effect names whom it hides from): the attack reads it pairwise.
  { id: "hidden", label: L("hidden"), img: icon("mystery-man"), implies: [] },
  {
    id: "incapacitated",
    label: L("incapacitated"),
    img: icon("sleep"),
    implies: [],
    noActions: true,
    noReactions: true,
  },
  {
    id: "invisible",
    label: L("invisible"),
    img: icon("invisible"),
    implies: [],
    attacks: "mighty",
    attacksAgainst: "weak",
  },
  { id: "mounted", label: L("mounted"), img: icon("wingfoot"), implies: [] },
  {
    id: "paralyzed",
    label: L("paralyzed"),
    img: icon("paralysis"),
    implies: ["incapacitated"],
    speedMax: 0,
    autoFail: ["str", "dex"],
    attacksAgainst: "mighty",
    meleeAgainst: "autoHit",
  },
  {
    id: "petrified",
    label: L("petrified"),
    img: icon("frozen"),
    implies: ["paralyzed"],
    resistAll: true,
    immune: ["poison", "disease"],
  },
  {
    id: "poisoned",
    label: L("poisoned"),
    img: icon("poison"),
    implies: [],
    autoFail: ["con"],
    abilityRolls: "weak",
    attacks: "weak",
    noHitDice: true,
  },
  {
    id: "prone",
    label: L("prone"),
    img: icon("falling"),
    implies: [],
    attacks: "weak",
    meleeAgainst: "mighty",
    rangedAgainst: "weak",
    rangedAgainstMaxSize: "medium",
  },
  {
    id: "restrained",
    label: L("restrained"),
    img: icon("net"),
    implies: ["grappled"],
    attacksAgainst: "mighty",
    attacks: "weak",
    weakAbilities: ["dex"],
  },
  {
    id: "slowed",
    label: L("slowed"),
    img: icon("downgrade"),
    implies: [],
    oneAction: true,
    noReactions: true,
    speedMax: 20,
  },
  {
    id: "stunned",
    label: L("stunned"),
    img: icon("daze"),
    implies: ["incapacitated"],
    speedMax: 0,
    autoFail: ["str", "dex"],
    attacksAgainst: "mighty",
  },
  { id: "surprised", label: L("surprised"), img: icon("eye"), implies: [], noTurnFirstRound: true, noReactions: true },
  {
    id: "unconscious",
    label: L("unconscious"),
    img: icon("unconscious"),
    implies: ["paralyzed", "prone"],
    meleeDamageStartsDying: true,
  },
  // Statuses the system adds so the action rules and underwater combat have something to carry.
  {
    id: "dodging",
    label: L("dodging"),
    img: icon("shield"),
    implies: [],
    attacksAgainst: "weak",
    mightyAbilities: ["dex"],
    suppressedBy: ["incapacitated"],
    extra: true,
  },
  // Help makes mighty only the rolls of the action chosen: one status per choice. Plain `helped`
  // (effects made before the choice had its own status) keeps its old reading: attacks and ability rolls.
  {
    id: "helped",
    label: L("helped"),
    img: icon("upgrade"),
    implies: [],
    attacks: "mighty",
    abilityRolls: "mighty",
    extra: true,
  },
  {
    id: "helpedAttack",
    label: L("helpedAttack"),
    img: icon("upgrade"),
    implies: [],
    attacks: "mighty",
    attackKinds: ["weapon"],
    extra: true,
  },
  {
    id: "helpedSpell",
    label: L("helpedSpell"),
    img: icon("upgrade"),
    implies: [],
    attacks: "mighty",
    attackKinds: ["spell"],
    extra: true,
  },
  // Ability rolls made as the chosen action (a Search, a Hide, a grapple's Strength); attacks are not.
  {
    id: "helpedAbility",
    label: L("helpedAbility"),
    img: icon("upgrade"),
    implies: [],
    attacks: "normal",
    abilityRolls: "mighty",
    extra: true,
  },
  { id: "disengaged", label: L("disengaged"), img: icon("wing"), implies: [], noProvoke: true, extra: true },
  // A shove's push: the creature's token is moved for it, which is no attempt to move.
  {
    id: "pushed",
    label: L("pushed"),
    img: icon("thrust"),
    implies: [],
    noProvoke: true,
    forcedMove: true,
    extra: true,
  },
  { id: "underwater", label: L("underwater"), img: icon("ice-shield"), implies: [], resist: ["fire"], extra: true },
  { id: "concentrating", label: L("concentrating"), img: icon("light"), implies: [], extra: true },
  { id: "readied", label: L("readied"), img: icon("clockwork"), implies: [], extra: true },
];

const BY_ID = new Map(HD_CONDITIONS.map((c) => [c.id, c]));

export function conditionSpec(id: string): HDConditionSpec | undefined {
  return BY_ID.get(id);
}

/** What one level of exhaustion adds (cumulative), as data ([HD-COND] exhaustion). */
export interface ExhaustionLevel {
  level: number;
  label: string;
  noReactions?: boolean;
  noSkills?: boolean;
  abilityRolls?: RollMode;
  /** Condition the level imposes. */
  condition?: string;
  dead?: boolean;
}

export const EXHAUSTION_LEVELS: readonly ExhaustionLevel[] = [
  { level: 1, label: "D20C.HD.Exhaustion.1", noReactions: true },
  { level: 2, label: "D20C.HD.Exhaustion.2", noSkills: true },
  { level: 3, label: "D20C.HD.Exhaustion.3", abilityRolls: "weak" },
  { level: 4, label: "D20C.HD.Exhaustion.4", condition: "slowed" },
  { level: 5, label: "D20C.HD.Exhaustion.5", condition: "stunned" },
  { level: 6, label: "D20C.HD.Exhaustion.6", dead: true },
];

export const MAX_EXHAUSTION = 6;

/** The combined effect of an exhaustion level: every level up to it applies. */
export interface ExhaustionEffects {
  readonly level: number;
  readonly noReactions: boolean;
  readonly noSkills: boolean;
  readonly abilityRolls: RollMode;
  readonly conditions: readonly string[];
  readonly dead: boolean;
  readonly labels: readonly string[];
}

function effectsAtLevel(lv: number): ExhaustionEffects {
  const active = EXHAUSTION_LEVELS.filter((l) => l.level <= lv);
  return Object.freeze({
    level: lv,
    noReactions: active.some((l) => l.noReactions),
    noSkills: active.some((l) => l.noSkills),
    abilityRolls: active.some((l) => l.abilityRolls === "weak") ? "weak" : "normal",
    conditions: Object.freeze(active.flatMap((l) => (l.condition ? [l.condition] : []))),
    dead: active.some((l) => l.dead),
    labels: Object.freeze(active.map((l) => l.label)),
  });
}

/** What each exhaustion level imposes, worked out once: every attack and roll reads it. */
const EXHAUSTION_BY_LEVEL: readonly ExhaustionEffects[] = Array.from({ length: MAX_EXHAUSTION + 1 }, (_v, lv) =>
  effectsAtLevel(lv),
);

export function exhaustionEffects(level: number): ExhaustionEffects {
  const lv = Math.max(0, Math.min(MAX_EXHAUSTION, Math.trunc(Number.isFinite(level) ? level : 0)));
  return EXHAUSTION_BY_LEVEL[lv]!;
}

/**
 * Every condition a creature really has: the listed ones, what they include (paralyzed →
 * incapacitated), and what its exhaustion level imposes (4 slowed, 5 stunned). Statuses whose
 * benefit is suppressed (dodging while incapacitated) are dropped.
 */
export function expandConditions(ids: readonly string[], exhaustion = 0): string[] {
  const out = new Set(expandConditionIds(HD_CONDITIONS, ids, exhaustionEffects(exhaustion).conditions));
  for (const id of [...out]) {
    const spec = BY_ID.get(id);
    if (spec?.suppressedBy?.some((s) => out.has(s))) out.delete(id);
  }
  return [...out];
}

/**
 * The specs of a creature's conditions, remembered by their list and exhaustion level: an attack
 * reads its attacker's and target's several times, and a sheet reads them for every attack it lists.
 * The lists are few per scene, so the memory is small; it is dropped whole when it fills.
 */
const SPECS_SEEN = new Map<string, readonly HDConditionSpec[]>();
const SPECS_SEEN_MAX = 256;

/**
 * The last answer for each list object: the same list is asked about again and again (every attack
 * on a sheet reads its attacker's), so its answer is found without building a key. The list is kept
 * as it was, so a list changed in place is looked up afresh.
 */
const LAST_FOR_LIST = new WeakMap<
  readonly string[],
  { ids: readonly string[]; exhaustion: number; specs: readonly HDConditionSpec[] }
>();

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

export function specsOf(ids: readonly string[], exhaustion = 0): readonly HDConditionSpec[] {
  // An empty list (a creature with no condition, often a fresh `[]`) is found by its level alone.
  const empty = ids.length === 0;
  const last = empty ? undefined : LAST_FOR_LIST.get(ids);
  if (last && last.exhaustion === exhaustion && sameIds(last.ids, ids)) return last.specs;
  // JSON keeps lists apart that a joined string would not (an id holding the separator).
  const key = empty ? `${exhaustion}[]` : `${exhaustion}${JSON.stringify(ids)}`;
  let specs = SPECS_SEEN.get(key);
  if (!specs) {
    specs = Object.freeze(
      expandConditions(ids, exhaustion).flatMap((id) => {
        const s = BY_ID.get(id);
        return s ? [s] : [];
      }),
    );
    if (SPECS_SEEN.size >= SPECS_SEEN_MAX) SPECS_SEEN.clear();
    SPECS_SEEN.set(key, specs);
  }
  if (!empty) LAST_FOR_LIST.set(ids, { ids: [...ids], exhaustion, specs });
  return specs;
}

/** Mode of an ability roll and whether it fails outright ([HD-COND], exhaustion level 3). */
export interface AbilityRollMode {
  mode: RollMode;
  autoFail: boolean;
  mighty: number;
  weak: number;
}

export function abilityRollMode(
  conditions: readonly string[],
  exhaustion: number,
  ability: AbilityKey,
  extra: { mighty?: number; weak?: number; fearSourceUnseen?: boolean } = {},
): AbilityRollMode {
  let mighty = extra.mighty ?? 0;
  let weak = extra.weak ?? 0;
  let autoFail = false;
  for (const s of specsOf(conditions, exhaustion)) {
    // [HD-COND] frightened: its ability rolls are weak only while the source of its fear is in its
    // line of sight; out of sight (the scene's answer, or the roller's) the condition weakens nothing.
    if (s.whileSourceSeen && extra.fearSourceUnseen === true) continue;
    if (s.abilityRolls === "weak") weak++;
    if (s.abilityRolls === "mighty") mighty++;
    if (s.weakAbilities?.includes(ability)) weak++;
    if (s.mightyAbilities?.includes(ability)) mighty++;
    if (s.autoFail?.includes(ability)) autoFail = true;
  }
  if (exhaustionEffects(exhaustion).abilityRolls === "weak") weak++;
  return { mode: netMode(mighty, weak), autoFail, mighty, weak };
}

/** Speed after conditions cap it (slowed 20 ft, grappled/paralyzed/stunned 0). */
export function speedCap(speed: number, conditions: readonly string[], exhaustion = 0): number {
  let cap = speed;
  for (const s of specsOf(conditions, exhaustion)) if (s.speedMax !== undefined) cap = Math.min(cap, s.speedMax);
  return Math.max(0, cap);
}
