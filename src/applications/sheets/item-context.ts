/**
 * The item sheet's render context (pure): one labelled input per stored field of the item's type,
 * so the sheet edits every field. Labels follow the LOCALIZATION_PREFIXES pattern:
 * `D20C.Item.<Type>.FIELDS.<path>.label`.
 */
import { EQUIPMENT_USES } from "../../engine/gear-fields.js";
import { say } from "../../engine/vocabulary.js";
import { ROUTINE_WHEN } from "../../engine/routines.js";
import type { Ruleset } from "../../engine/ruleset.js";
import type { RulesetId } from "../../engine/types.js";
import { ABILITY_KEYS } from "../../engine/types.js";
import { MISS_EFFECTS, POWER_USAGES, RANGE_KINDS, SAVE_DIFFICULTIES, WEAPON_CLASSES } from "../../data/schema.js";
import { NO_WEAPON, powerEffectsFrom } from "../../data/item-source.js";
import { AREA_SHAPES, RECHARGE_DICE, RECHARGE_MOMENTS, SAVE_SUCCESS } from "../../engine/item-fields.js";
import { countsUses, effectSaveTarget, powerUsages, usageKind } from "../../engine/powers.js";
import { powerEffectRows, savesDiffer } from "./power-effects.js";
import { itemFieldShown } from "../../engine/words.js";
import { actionChoices } from "./action-words.js";
import { keywordWords } from "../../engine/creature-words.js";
import { chipField } from "./chip-picker.js";

type Kind = "number" | "text" | "checkbox" | "select" | "multiselect" | "effects" | "parts" | "routine";

interface FieldSpec {
  path: string;
  kind: Kind;
  /** Option source for selects. */
  options?:
    | "ability"
    | "defense"
    | "range"
    | "areaShape"
    | "action"
    | "usage"
    | "missEffect"
    | "save"
    | "weaponClass"
    | "damageType"
    | "weapon"
    | "rechargeDie"
    | "rechargeAt"
    | "equipmentUse"
    | "saveKind"
    | "saveSuccess";
  nullable?: boolean;
  /** Section of the sheet (powers: attack, damage, effects, usage); absent = the first. */
  group?: "attack" | "damage" | "effects" | "usage";
  /** Spans both columns (prose, multi-selects). */
  wide?: boolean;
}

const POWER_FIELDS: FieldSpec[] = [
  { path: "attackAbility", kind: "select", options: "ability", nullable: true, group: "attack" },
  { path: "attackBonus", kind: "number", group: "attack" },
  { path: "defense", kind: "select", options: "defense", group: "attack" },
  { path: "range", kind: "select", options: "range", group: "attack" },
  { path: "area.shape", kind: "select", options: "areaShape", group: "attack" },
  { path: "area.size", kind: "number", group: "attack" },
  { path: "actionType", kind: "select", options: "action", group: "usage" },
  { path: "usage", kind: "select", options: "usage", group: "usage" },
  { path: "recharge", kind: "number", group: "usage" },
  { path: "rechargeDie", kind: "select", options: "rechargeDie", group: "usage" },
  { path: "rechargeAt", kind: "select", options: "rechargeAt", group: "usage" },
  // [SYS-MONSTERS] "when first bloodied", and whether this battle's first bloodying was counted.
  { path: "rechargeBloodied", kind: "checkbox", group: "usage" },
  { path: "bloodiedSeen", kind: "checkbox", group: "usage" },
  { path: "used", kind: "checkbox", group: "usage" },
  { path: "uses.spent", kind: "number", group: "usage" },
  { path: "uses.max", kind: "number", group: "usage" },
  { path: "damage", kind: "text", group: "damage" },
  { path: "damageTypes", kind: "multiselect", options: "damageType", group: "damage", wide: true },
  { path: "hitEffect", kind: "text", group: "effects", wide: true },
  { path: "missEffect", kind: "select", options: "missEffect", group: "damage" },
  { path: "missDamage", kind: "text", group: "damage" },
  { path: "missText", kind: "text", group: "effects", wide: true },
  { path: "critDamage", kind: "text", group: "damage" },
  { path: "critRange", kind: "number", group: "damage" },
  { path: "critText", kind: "text", group: "effects", wide: true },
  { path: "ongoing.amount", kind: "number", group: "effects" },
  { path: "ongoing.type", kind: "select", options: "damageType", group: "effects" },
  { path: "ongoing.save", kind: "select", options: "save", group: "effects" },
  { path: "touch", kind: "checkbox", group: "attack" },
  { path: "nonlethal", kind: "checkbox", group: "damage" },
  { path: "weaponId", kind: "select", options: "weapon", group: "attack" },
  { path: "effects", kind: "effects", group: "effects", wide: true },
  // [SYS-MONSTERS] the attack's keywords (bypass, keyword immunity) and its crit multiplier.
  { path: "properties", kind: "text", group: "damage" },
  { path: "critMultiplier", kind: "number", group: "damage" },
  { path: "damageParts", kind: "parts", group: "damage", wide: true },
  { path: "routine", kind: "routine", group: "attack", wide: true },
  // [SYS-MONSTERS] a save-based power: the target's save, its DC and what a success does.
  { path: "saveAttack.save", kind: "select", options: "saveKind", nullable: true, group: "attack" },
  { path: "saveAttack.dc", kind: "number", group: "attack" },
  { path: "saveAttack.onSuccess", kind: "select", options: "saveSuccess", group: "attack" },
  // [SYS-TARGETS] how many targets one use may attack ("2", "1d3": rolled when it is used).
  { path: "targetCount", kind: "text", group: "attack" },
];

const WEAPON_FIELDS: FieldSpec[] = [
  { path: "damageDice", kind: "text" },
  { path: "weaponClass", kind: "select", options: "weaponClass" },
  { path: "light", kind: "checkbox" },
  { path: "finesse", kind: "checkbox" },
  { path: "twoHanded", kind: "checkbox" },
  { path: "offHand", kind: "checkbox" },
  { path: "thrown", kind: "checkbox" },
  { path: "ranged", kind: "checkbox" },
  { path: "proficient", kind: "checkbox" },
  { path: "proficiencyBonus", kind: "number" },
  { path: "enhancement", kind: "number" },
  { path: "critDice", kind: "text" },
  { path: "critRange", kind: "number" },
  { path: "equipped", kind: "checkbox" },
  { path: "attackAbility", kind: "select", options: "ability", nullable: true },
  { path: "missDamage", kind: "text" },
  // [SYS-MONSTERS] the weapon's keywords (magic, silver, cold iron…) and its crit multiplier.
  { path: "properties", kind: "text" },
  { path: "critMultiplier", kind: "number" },
  // [SYS-CHARACTER] what it weighs (Wounds d20's load).
  { path: "weight", kind: "number" },
];

const ARMOR_FIELDS: FieldSpec[] = [
  { path: "armorBonus", kind: "number" },
  { path: "shieldBonus", kind: "number" },
  { path: "maxDex", kind: "number", nullable: true },
  { path: "heavy", kind: "checkbox" },
  { path: "equipped", kind: "checkbox" },
  { path: "weight", kind: "number" },
];

/** [SYS-CHARACTER] Consumables and gear: how many, what they weigh, charges and what a use does. */
const EQUIPMENT_FIELDS: FieldSpec[] = [
  { path: "quantity", kind: "number" },
  { path: "weight", kind: "number" },
  { path: "uses.value", kind: "number" },
  { path: "uses.max", kind: "number" },
  { path: "use", kind: "select", options: "equipmentUse" },
  { path: "heal", kind: "text" },
  { path: "equipped", kind: "checkbox" },
];

/** The item sheet's mechanics, in order: the attack, its damage, its effects by outcome, then how often it may be used (issue 45). */
const FIELD_GROUPS = ["attack", "damage", "effects", "usage"] as const;

/** The editable fields of each item type (everything in its schema except the description). */
const ITEM_FIELDS: Record<string, readonly FieldSpec[]> = {
  power: POWER_FIELDS,
  weapon: WEAPON_FIELDS,
  armor: ARMOR_FIELDS,
  feature: [],
  equipment: EQUIPMENT_FIELDS,
};

/** `D20C.Item.Power` etc.: the LOCALIZATION_PREFIXES of a type. */
function itemPrefix(type: string): string {
  return `D20C.Item.${type.charAt(0).toUpperCase()}${type.slice(1)}`;
}

export interface ItemSheetInput {
  type: string;
  name: string;
  img: string;
  system: Record<string, unknown>;
  ruleset: Pick<
    Ruleset,
    | "defenses"
    | "damageTypes"
    | "conditions"
    | "powerUsages"
    | "effectSaveTarget"
    | "hiddenItemFields"
    | "economy"
    | "weaponClassDice"
    | "powerTriggers"
    | "vocabulary"
    | "saves"
    | "saveAttacks"
  >;
  editable: boolean;
  foreignRuleset: RulesetId | null;
  description: string;
  descriptionHTML: string;
  /** Localized label of a damage type. */
  damageTypeLabel: (type: string) => string;
  /** The owner's weapons (a power's weapon choice); absent = none (an unowned power). */
  weapons?: readonly { id: string; name: string }[];
  /** Localise a key (the weapon choice mixes fixed labels with weapon names). Absent = keys stay. */
  localize?: (key: string) => string;
  /** [SYS-WORDS] The owner's damage for this power or weapon (src/applications/sheets/formula-preview.ts); absent = none. */
  damagePreview?: string;
}

/**
 * A power's weapon choice: the owner's first equipped weapon (`""`), no weapon (`"none"`), or one
 * of the owner's weapons by id; a chosen weapon the owner no longer has is listed as missing so the
 * select shows the truth. Labels come localized (weapon names are the user's own text).
 */
function weaponChoices(
  selected: unknown,
  weapons: readonly { id: string; name: string }[],
  localize: (key: string) => string = (k) => k,
): { value: string; label: string }[] {
  const out = [
    { value: "", label: localize("D20C.Item.Power.Weapon.auto") },
    { value: NO_WEAPON, label: localize("D20C.Item.Power.Weapon.none") },
    ...weapons.map((w) => ({ value: w.id, label: w.name })),
  ];
  const current = typeof selected === "string" ? selected : "";
  if (!out.some((o) => o.value === current))
    out.push({ value: current, label: localize("D20C.Item.Power.Weapon.missing") });
  return out;
}

/**
 * The usage kinds the active game offers; a stored kind it lacks (a power made for another game)
 * is listed too, so the select shows the truth and saving never rewrites it.
 */
function usageChoices(ruleset: Pick<Ruleset, "powerUsages">, stored: unknown): { value: string; label: string }[] {
  const out = powerUsages(ruleset).map((u) => ({ value: u.key, label: u.label }));
  const current = typeof stored === "string" ? stored : "";
  if (current && !out.some((o) => o.value === current) && (POWER_USAGES as readonly string[]).includes(current))
    out.push({ value: current, label: `D20C.Power.Usage.${current}` });
  return out;
}

/** The die an empty weapon's dice stand for in this game (its class's), or null. */
function classDiceHint(
  ruleset: Pick<Ruleset, "weaponClassDice">,
  system: Record<string, unknown>,
): { key: string; dice: string } | null {
  const dice = ruleset.weaponClassDice?.[String(system.weaponClass ?? "")];
  return dice ? { key: "D20C.Item.Weapon.ClassDice", dice } : null;
}

/**
 * Whether a power's field means something for the power as it is set up: the usage it has in this
 * game (a recharge number only for a recharge power, the spent box for one spent whole, uses for a
 * per-rest one), an area only for a close or area attack (its size once it has a shape), a miss
 * formula only for a power that rolls one, ongoing damage's type and save once it deals some, and
 * a save's difficulty only in a game whose save targets differ. A hidden field keeps its value.
 */
function powerFieldUsed(
  ruleset: Pick<Ruleset, "powerUsages" | "effectSaveTarget" | "saveAttacks">,
  system: Record<string, unknown>,
  path: string,
): boolean {
  const usage = usageKind(ruleset, typeof system.usage === "string" ? system.usage : "");
  const areaAttack = system.range === "close" || system.range === "area";
  const ongoing = Number(at(system, "ongoing.amount")) > 0;
  switch (path) {
    case "recharge":
    case "rechargeDie":
    case "rechargeAt":
    case "rechargeBloodied":
      return usage.key === "recharge";
    case "bloodiedSeen":
      return usage.key === "recharge" && system.rechargeBloodied === true;
    case "used":
      return usage.limited && !countsUses(usage.key);
    case "uses.spent":
    case "uses.max":
      return countsUses(usage.key);
    case "area.shape":
      return areaAttack;
    case "area.size":
      return areaAttack && at(system, "area.shape") !== "none";
    case "missDamage":
      return system.missEffect === "formula";
    case "ongoing.type":
      return ongoing;
    case "ongoing.save":
      return ongoing && savesDiffer(ruleset);
    // [SYS-MONSTERS] a save instead of an attack roll, in a game that decides powers so; its DC
    // and success once a save is chosen.
    case "saveAttack.save":
      return ruleset.saveAttacks === true;
    case "saveAttack.dc":
    case "saveAttack.onSuccess":
      return ruleset.saveAttacks === true && Boolean(at(system, "saveAttack.save"));
    default:
      return true;
  }
}

function at(obj: Record<string, unknown>, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), obj);
}

/**
 * [SYS-MONSTERS] The rows of a power's damage parts: each stored part (its formula and its types),
 * then one blank row to add a part; a row left without a formula is dropped on submit.
 */
function damagePartRows(value: unknown, types: readonly { value: string; label: string }[]) {
  const stored = Array.isArray(value) ? (value as { formula?: unknown; types?: unknown }[]) : [];
  const rows = [...stored, { formula: "", types: [] }];
  return rows.map((p, index) => ({
    index,
    formulaName: `system.damageParts.${index}.formula`,
    formula: typeof p.formula === "string" ? p.formula : "",
    /** [SYS-WORDS] The part's types as chips with a picker (issue 45). */
    typeChips: chipField(
      `system.damageParts.${index}.types`,
      Array.isArray(p.types) ? p.types.map(String) : [],
      types.filter((t) => t.value !== "untyped"),
      false,
    ),
  }));
}

/**
 * [SYS-MONSTERS] A routine's rows: each listed power (name or id, count) and each follow-up (power,
 * when, counted power), then one blank row of each to add one; blank rows are dropped on submit.
 */
function routineRows(value: unknown) {
  const r = (value ?? {}) as { attacks?: unknown; followUps?: unknown };
  const list = (v: unknown) => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []);
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  return {
    attacks: [...list(r.attacks), { power: "", count: 1 }].map((a, index) => ({
      powerName: `system.routine.attacks.${index}.power`,
      power: str(a.power),
      countName: `system.routine.attacks.${index}.count`,
      count: typeof a.count === "number" ? a.count : 1,
    })),
    followUps: [...list(r.followUps), { power: "", when: "hit", of: "" }].map((f, index) => ({
      powerName: `system.routine.followUps.${index}.power`,
      power: str(f.power),
      whenName: `system.routine.followUps.${index}.when`,
      when: str(f.when) || "hit",
      ofName: `system.routine.followUps.${index}.of`,
      of: str(f.of),
    })),
    whenOptions: ROUTINE_WHEN.map((w) => ({ value: w, label: `D20C.Routine.When.${w}` })),
  };
}

/** Build the item sheet context. */
export function itemSheetContext(input: ItemSheetInput) {
  const prefix = itemPrefix(input.type);
  const keyed = (keys: readonly string[], group: string) =>
    keys.map((k) => ({ value: k, label: `${prefix}.${group}.${k}` }));
  const optionSets = {
    ability: ABILITY_KEYS.map((k) => ({ value: k, label: `D20C.Ability.${k}` })),
    defense: input.ruleset.defenses.map((d) => ({ value: d.key, label: d.label })),
    range: keyed(RANGE_KINDS, "Range"),
    areaShape: keyed(AREA_SHAPES, "AreaShape"),
    action: actionChoices(input.ruleset, input.system.actionType),
    usage: usageChoices(input.ruleset, input.system.usage),
    missEffect: keyed(MISS_EFFECTS, "MissEffect"),
    // Each difficulty with the number the active game's rules roll against (13th Age 6+/11+/16+,
    // another game its own), never one game's numbers in every game.
    save: SAVE_DIFFICULTIES.map((k) => {
      const word = (input.localize ?? ((key: string) => key))(`D20C.Power.Save.${k}`);
      const target = effectSaveTarget(input.ruleset, k);
      return { value: k, label: target === null ? word : `${word} (${target}+)`, localized: true };
    }),
    weaponClass: keyed(WEAPON_CLASSES, "WeaponClass"),
    rechargeDie: RECHARGE_DICE.map((k) => ({ value: k, label: `D20C.Monster.RechargeDie.${k}` })),
    rechargeAt: RECHARGE_MOMENTS.map((k) => ({ value: k, label: `D20C.Monster.RechargeAt.${k}` })),
    equipmentUse: keyed(EQUIPMENT_USES, "Use"),
    saveKind: input.ruleset.saves.map((k) => ({ value: k.key, label: k.label })),
    saveSuccess: SAVE_SUCCESS.map((k) => ({ value: k, label: `D20C.Item.Power.SaveSuccess.${k}` })),
    weapon: weaponChoices(input.system.weaponId, input.weapons ?? [], input.localize),
    damageType: ["untyped", ...input.ruleset.damageTypes.filter((t) => t !== "untyped")].map((t) => ({
      value: t,
      label: input.damageTypeLabel(t),
      localized: true,
    })),
  };
  // A field the active game's rules never read is not shown in it (its stored value is kept).
  const specs = (ITEM_FIELDS[input.type] ?? []).filter(
    (spec) =>
      itemFieldShown(input.ruleset, input.type, spec.path) &&
      (input.type !== "power" || powerFieldUsed(input.ruleset, input.system, spec.path)),
  );
  const fields = specs.map((spec) => {
    const value = at(input.system, spec.path);
    const options = spec.options ? optionSets[spec.options] : [];
    return {
      name: `system.${spec.path}`,
      id: `d20c-item-${spec.path.replace(/\./g, "-")}`,
      label: say(input.ruleset, `${prefix}.FIELDS.${spec.path}.label`),
      isNumber: spec.kind === "number",
      isText: spec.kind === "text",
      isCheckbox: spec.kind === "checkbox",
      isSelect: spec.kind === "select",
      isMulti: spec.kind === "multiselect",
      /** [SYS-WORDS] A list field as chips with a picker (issue 45). */
      chips:
        spec.kind === "multiselect"
          ? chipField(
              `system.${spec.path}`,
              Array.isArray(value) ? value.map(String) : [],
              options,
              spec.options !== "damageType" && spec.options !== "weapon" && spec.options !== "save",
            )
          : null,
      isEffects: spec.kind === "effects",
      isParts: spec.kind === "parts",
      parts: spec.kind === "parts" ? damagePartRows(value, optionSets.damageType) : null,
      isRoutine: spec.kind === "routine",
      routine: spec.kind === "routine" ? routineRows(value) : null,
      editor:
        spec.kind === "effects" ? powerEffectRows(powerEffectsFrom(value), input.ruleset, input.damageTypeLabel) : null,
      nullable: Boolean(spec.nullable),
      wide: Boolean(spec.wide),
      group: spec.group ?? "attack",
      /** Selects: labels are i18n keys unless already localized (damage types, weapons, saves). */
      localizeOptions: spec.options !== "damageType" && spec.options !== "weapon" && spec.options !== "save",
      // A keyword list is edited as words ("magic, cold iron").
      value: Array.isArray(value) && spec.kind === "text" ? value.map(keywordWords).join(", ") : (value ?? ""),
      /** What an empty field stands for (a weapon naming no dice deals its class's die). */
      hint: spec.path === "damageDice" ? classDiceHint(input.ruleset, input.system) : null,
      /** [SYS-WORDS] What the damage formula rolls for this item's owner ("2d8 + 4"), where it says more (issue 45). */
      preview: spec.path === (input.type === "weapon" ? "damageDice" : "damage") ? (input.damagePreview ?? "") : "",
      checked: value === true,
      selected: Array.isArray(value) ? value.map(String) : value === null || value === undefined ? "" : String(value),
      options,
    };
  });
  return {
    type: input.type,
    typeLabel: say(input.ruleset, `TYPES.Item.${input.type}`),
    name: input.name,
    img: input.img,
    editable: input.editable,
    foreignRuleset: input.foreignRuleset,
    foreignRulesetLabel: input.foreignRuleset ? `D20C.Settings.Ruleset.Choices.${input.foreignRuleset}` : "",
    descriptionLabel: `${prefix}.FIELDS.description.label`,
    fields,
    /**
     * The fields by section, in sheet order, a section's boxes after its inputs (so a row never
     * pairs a box with a labelled input); one untitled section for items without groups.
     */
    groups: FIELD_GROUPS.map((g) => {
      const inGroup = fields.filter((f) => f.group === g);
      return {
        id: g,
        label: (ITEM_FIELDS[input.type] ?? []).some((f) => f.group)
          ? `D20C.Sheet.ItemGroup.${g}`
          : "D20C.Sheet.Details",
        fields: [...inGroup.filter((f) => !f.isCheckbox), ...inGroup.filter((f) => f.isCheckbox)],
      };
    }).filter((g) => g.fields.length > 0),
    description: input.description,
    descriptionHTML: input.descriptionHTML,
  };
}
