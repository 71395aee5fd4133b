/**
 * Schema definitions of every actor and item type, written as builders that take Foundry's
 * `fields` namespace as a parameter. The data models pass `foundry.data.fields`; tests pass a
 * stand-in that records each field's options, so defaults and ranges can be checked without
 * Foundry (test/stand-ins/foundry-fields.ts).
 *
 * Schemas hold the union of what every game needs ([SYS-DOCS]); the active ruleset decides what
 * the sheet shows, never what is stored ([SYS-RULESET]). The actor schema mirrors the engine's
 * `ActorSource` field for field (minus `kind`, which is the actor type), so the engine reads
 * `actor.system` directly. Initial values come from the engine's `defaultActorSource()`.
 */
import { defaultActorSource, SIZE_KEYS } from "../engine/common.js";
import { ABILITY_KEYS } from "../engine/types.js";

/** Foundry's data field namespace (`foundry.data.fields`), or a test stand-in shaped like it. */
export type FieldsNamespace = typeof foundry.data.fields;

/** Weapon classes ([HD] damage by class, [FF] proficiency groups). */
export const WEAPON_CLASSES = ["simple", "martial", "heavy"] as const;
/** Range kinds a power can have. */
export const RANGE_KINDS = ["melee", "ranged", "close", "area"] as const;
/** How often a power can be used. */
export const POWER_USAGES = ["atWill", "encounter", "daily", "recharge", "perRest"] as const;
/** Outcomes a power effect belongs to (engine `PowerOutcomeKey`). */
export const POWER_OUTCOMES = ["hit", "miss", "crit"] as const;
/** Natural-roll triggers of a power effect (engine `NaturalTrigger.kind`). */
export const NATURAL_TRIGGERS = ["any", "even", "odd", "atLeast"] as const;
/** Action a power takes (labels come from the ruleset's `actions`; this is the stored key). */
export const POWER_ACTIONS = ["standard", "move", "minor", "quick", "free", "reaction", "interrupt"] as const;
/** Miss effect kinds (engine `PowerSource.missEffect`). */
export const MISS_EFFECTS = ["none", "half", "formula"] as const;
/** Forced movement kinds (engine `ForcedMovement.kind`). */
const FORCED_KINDS = ["push", "pull", "slide"] as const;
/** Save difficulties (engine `EffectSource.save`). */
export const SAVE_DIFFICULTIES = ["easy", "normal", "hard"] as const;
/** Life states (engine `LifeState`). */
export const LIFE_STATES = ["active", "unconscious", "dying", "staggered", "stable", "dead"] as const;
/** Effect durations (engine `DurationKind`). */
export const DURATION_KINDS = [
  "instant",
  "startOfNextTurn",
  "endOfNextTurn",
  "endOfEncounter",
  "saveEnds",
  "sustain",
  "permanent",
] as const;
/** Sustain action kinds (engine `EffectSource.sustain`). */
export const SUSTAIN_KINDS = ["standard", "move", "minor"] as const;

/** Choices object (`{ key: key }`) for a StringField from a key list. */
function choices(keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(keys.map((k) => [k, k]));
}

/** A required integer field (never null) starting at `initial`, with an optional minimum. */
function int(f: FieldsNamespace, initial: number, min?: number) {
  return new f.NumberField({
    required: true,
    nullable: false,
    integer: true,
    initial,
    ...(min === undefined ? {} : { min }),
  });
}

/** A required number field (never null) starting at `initial`, with an optional minimum. */
function num(f: FieldsNamespace, initial: number, min?: number) {
  return new f.NumberField({ required: true, nullable: false, initial, ...(min === undefined ? {} : { min }) });
}

/** A required boolean field starting at `initial`. */
function bool(f: FieldsNamespace, initial: boolean) {
  return new f.BooleanField({ required: true, initial });
}

/** A required text field that may be blank, starting at `initial`. */
function text(f: FieldsNamespace, initial = "") {
  return new f.StringField({ required: true, blank: true, initial });
}

/** The `system` schema shared by `character` and `npc` actors. */
export function actorSchema(f: FieldsNamespace) {
  const d = defaultActorSource();
  const trait = () =>
    new f.SchemaField({
      type: new f.StringField({ required: true, blank: false, initial: "all" }),
      value: num(f, 0, 0),
    });
  const abilities = Object.fromEntries(ABILITY_KEYS.map((k) => [k, int(f, d.abilities[k])])) as Record<
    (typeof ABILITY_KEYS)[number],
    ReturnType<typeof int>
  >;
  return {
    level: int(f, d.level, 0),
    abilities: new f.SchemaField(abilities),
    hp: new f.SchemaField({ value: int(f, d.hp.value), max: int(f, d.hp.max, 1), temp: int(f, d.hp.temp, 0) }),
    defenses: new f.TypedObjectField(
      new f.SchemaField({
        base: new f.NumberField({ required: true, nullable: true, integer: true, initial: null }),
        bonus: int(f, 0),
      }),
      { initial: {} },
    ),
    attackBonus: int(f, d.attackBonus),
    initiativeBonus: int(f, d.initiativeBonus),
    baseCombatBonus: int(f, d.baseCombatBonus),
    baseSaveBonus: int(f, d.baseSaveBonus),
    renown: int(f, d.renown, 0),
    weaponSkills: new f.ArrayField(new f.StringField({ required: true, blank: false }), { initial: [] }),
    speed: num(f, d.speed, 0),
    /** Size category; blank = the token's size decides. */
    size: new f.StringField({ required: true, blank: true, initial: "", choices: choices(["", ...SIZE_KEYS]) }),
    swimSpeed: num(f, d.swimSpeed ?? 0, 0),
    armor: new f.SchemaField({
      armorBonus: int(f, d.armor.armorBonus),
      shieldBonus: int(f, d.armor.shieldBonus),
      maxDex: new f.NumberField({ required: true, nullable: true, integer: true, initial: null }),
      heavy: bool(f, d.armor.heavy),
    }),
    resistances: new f.ArrayField(trait(), { initial: [] }),
    vulnerabilities: new f.ArrayField(trait(), { initial: [] }),
    immunities: new f.ArrayField(new f.StringField({ required: true, blank: false }), { initial: [] }),
    insubstantial: bool(f, d.insubstantial),
    conditions: new f.ArrayField(new f.StringField({ required: true, blank: false }), { initial: [] }),
    exhaustion: int(f, d.exhaustion, 0),
    important: bool(f, d.important),
    usesEscalation: bool(f, d.usesEscalation),
    recoveries: new f.SchemaField({
      value: int(f, d.recoveries.value, 0),
      max: int(f, d.recoveries.max, 0),
      formula: text(f, d.recoveries.formula),
      noRecoveryUses: int(f, d.recoveries.noRecoveryUses, 0),
      ralliesThisBattle: int(f, d.recoveries.ralliesThisBattle, 0),
      battlesSinceHealUp: int(f, d.recoveries.battlesSinceHealUp, 0),
    }),
    deathSaves: new f.SchemaField({ successes: int(f, 0, 0), failures: int(f, 0, 0) }),
    dyingTurns: int(f, d.dyingTurns, 0),
    state: new f.StringField({ required: true, blank: false, initial: d.state, choices: choices(LIFE_STATES) }),
    lastTurn: bool(f, d.lastTurn),
    wounds: new f.ArrayField(
      new f.SchemaField({
        severity: int(f, 0, 0),
        location: text(f),
        nasty: bool(f, false),
      }),
      { initial: [] },
    ),
    constitutionDamage: int(f, d.constitutionDamage, 0),
    details: new f.SchemaField({
      biography: new f.HTMLField({ required: true, blank: true, initial: "" }),
    }),
  };
}

/** Description block every item carries. */
function described(f: FieldsNamespace) {
  return { description: new f.HTMLField({ required: true, blank: true, initial: "" }) };
}

/** `power` items: an attack or other ability (engine `PowerSource` plus usage and texts). */
export function powerSchema(f: FieldsNamespace) {
  return {
    ...described(f),
    attackAbility: new f.StringField({
      required: true,
      nullable: true,
      blank: false,
      initial: "str",
      choices: choices(ABILITY_KEYS),
    }),
    attackBonus: int(f, 0),
    defense: new f.StringField({ required: true, blank: false, initial: "ac" }),
    range: new f.StringField({ required: true, blank: false, initial: "melee", choices: choices(RANGE_KINDS) }),
    actionType: new f.StringField({
      required: true,
      blank: false,
      initial: "standard",
      choices: choices(POWER_ACTIONS),
    }),
    usage: new f.StringField({ required: true, blank: false, initial: "atWill", choices: choices(POWER_USAGES) }),
    /** Recharge roll target (recharge 16+) for `recharge` usage. */
    recharge: int(f, 0, 0),
    /** Whether a limited power has been used (encounter/daily/recharge). */
    used: bool(f, false),
    /** Uses per rest (`perRest` usage): spent so far and the maximum. */
    uses: new f.SchemaField({ spent: int(f, 0, 0), max: int(f, 1, 1) }),
    hitEffect: text(f),
    missText: text(f),
    critText: text(f),
    damage: text(f),
    damageTypes: new f.ArrayField(new f.StringField({ required: true, blank: false }), { initial: [] }),
    missEffect: new f.StringField({ required: true, blank: false, initial: "none", choices: choices(MISS_EFFECTS) }),
    missDamage: text(f),
    critDamage: text(f),
    critRange: int(f, 0, 0),
    ongoing: new f.SchemaField(
      {
        amount: int(f, 0, 0),
        type: new f.StringField({ required: true, blank: false, initial: "untyped" }),
        save: new f.StringField({
          required: true,
          blank: false,
          initial: "normal",
          choices: choices(SAVE_DIFFICULTIES),
        }),
      },
      { required: true, nullable: true, initial: null },
    ),
    touch: bool(f, false),
    nonlethal: bool(f, false),
    /** What the power does on a hit, a miss, a crit beyond damage (engine `PowerEffectSpec`). */
    effects: new f.ArrayField(powerEffectSchema(f), { initial: [] }),
    /** Id of the owned weapon item this power is made with; empty = the first equipped weapon. */
    weaponId: text(f),
  };
}

/** The lasting part of a power effect: conditions, duration, save, sustain, ongoing damage. */
function powerEffectBody(f: FieldsNamespace) {
  return {
    statuses: new f.ArrayField(new f.StringField({ required: true, blank: false }), { initial: [] }),
    duration: new f.StringField({
      required: true,
      blank: false,
      initial: "saveEnds",
      choices: choices(DURATION_KINDS),
    }),
    save: new f.StringField({ required: true, blank: false, initial: "normal", choices: choices(SAVE_DIFFICULTIES) }),
    sustain: new f.StringField({
      required: true,
      nullable: true,
      blank: false,
      initial: null,
      choices: choices(SUSTAIN_KINDS),
    }),
    ongoing: new f.SchemaField(
      { amount: int(f, 0, 0), type: new f.StringField({ required: true, blank: false, initial: "untyped" }) },
      { required: true, nullable: true, initial: null },
    ),
  };
}

/** One effect of a power on an outcome (engine `PowerEffectSpec`). */
function powerEffectSchema(f: FieldsNamespace) {
  return new f.SchemaField({
    outcome: new f.StringField({ required: true, blank: false, initial: "hit", choices: choices(POWER_OUTCOMES) }),
    trigger: new f.SchemaField({
      kind: new f.StringField({ required: true, blank: false, initial: "any", choices: choices(NATURAL_TRIGGERS) }),
      value: int(f, 0, 0),
    }),
    text: text(f),
    ...powerEffectBody(f),
    aftereffect: new f.SchemaField(powerEffectBody(f), { required: true, nullable: true, initial: null }),
    /** Push, pull or slide of the target (engine `ForcedMovement`); null = none. */
    forced: new f.SchemaField(
      {
        kind: new f.StringField({ required: true, blank: false, initial: "push", choices: choices(FORCED_KINDS) }),
        squares: int(f, 1, 0),
      },
      { required: true, nullable: true, initial: null },
    ),
  });
}

/** `weapon` items (engine `WeaponSource` minus the name, which is the item's). */
export function weaponSchema(f: FieldsNamespace) {
  return {
    ...described(f),
    damageDice: text(f, "1d8"),
    weaponClass: new f.StringField({
      required: true,
      blank: false,
      initial: "simple",
      choices: choices(WEAPON_CLASSES),
    }),
    light: bool(f, false),
    finesse: bool(f, false),
    twoHanded: bool(f, false),
    offHand: bool(f, false),
    thrown: bool(f, false),
    ranged: bool(f, false),
    proficient: bool(f, true),
    proficiencyBonus: int(f, 0, 0),
    enhancement: int(f, 0),
    critDice: text(f),
    critRange: int(f, 0, 0),
    equipped: bool(f, true),
  };
}

/** `armor` items: aggregated into the actor's `armor` summary when equipped. */
export function armorSchema(f: FieldsNamespace) {
  return {
    ...described(f),
    armorBonus: int(f, 0, 0),
    shieldBonus: int(f, 0, 0),
    maxDex: new f.NumberField({ required: true, nullable: true, integer: true, initial: null }),
    heavy: bool(f, false),
    equipped: bool(f, true),
  };
}

/** `feature` items: rules text with no mechanics of its own (its effects may carry changes). */
export function featureSchema(f: FieldsNamespace) {
  return { ...described(f) };
}

/** The effect data a system ActiveEffect carries in `flags["d20-combat"].effect`. */
export function effectFlagSchema(f: FieldsNamespace) {
  const save = () =>
    new f.StringField({ required: true, blank: false, initial: "normal", choices: choices(SAVE_DIFFICULTIES) });
  const ongoing = () =>
    new f.SchemaField(
      { amount: int(f, 0, 0), type: new f.StringField({ required: true, blank: false, initial: "untyped" }) },
      { required: true, nullable: true, initial: null },
    );
  const sustain = () =>
    new f.StringField({ required: true, nullable: true, blank: false, initial: null, choices: choices(SUSTAIN_KINDS) });
  const duration = () =>
    new f.StringField({ required: true, blank: false, initial: "saveEnds", choices: choices(DURATION_KINDS) });
  return {
    sourceCombatantId: new f.StringField({ required: true, nullable: true, blank: false, initial: null }),
    duration: duration(),
    save: save(),
    saveBonus: int(f, 0),
    sustain: sustain(),
    sustainedRound: new f.NumberField({ required: true, nullable: true, integer: true, initial: null }),
    ongoing: ongoing(),
    aftereffect: new f.SchemaField(
      {
        name: text(f),
        sourceCombatantId: new f.StringField({ required: true, nullable: true, blank: false, initial: null }),
        duration: duration(),
        save: save(),
        saveBonus: int(f, 0),
        sustain: sustain(),
        ongoing: ongoing(),
        statuses: new f.ArrayField(new f.StringField({ required: true, blank: false }), { initial: [] }),
      },
      { required: true, nullable: true, initial: null },
    ),
    armed: bool(f, false),
    /** A number the effect carries (a Hide result, rounds of a slow spell); null = none. */
    tally: new f.NumberField({ required: false, nullable: true, integer: true, initial: null }),
  };
}
