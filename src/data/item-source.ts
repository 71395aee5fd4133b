/**
 * The engine's views of item data (pure): `WeaponSource` and `PowerSource` from an item's system
 * data. The Item document (src/documents/item.ts) calls these; tests call them directly.
 */
import { resolveFormulaRefs } from "./formula.js";
import { AREA_SHAPES } from "../engine/item-fields.js";
import { basicWeaponAttack } from "../engine/plans/item-sources.js";
import type { Ruleset } from "../engine/ruleset.js";
import type { RoutineSpec } from "../engine/routines.js";
import { ABILITY_KEYS } from "../engine/types.js";
import type {
  AbilityKey,
  ActorSource,
  AreaSpec,
  DamagePartSource,
  PowerEffectSpec,
  PowerSource,
  PowerUsageState,
  RangeKind,
  SaveAttackSpec,
  WeaponClass,
  WeaponSource,
} from "../engine/types.js";

export type Plain = Record<string, unknown>;

/**
 * A power's `weaponId` that means "no weapon" (spells, monster natural attacks): no weapon dice,
 * enhancement, proficiency or finesse switch. `""` (the stored default) = the owner's first
 * equipped weapon; any other value = that weapon of the owner (none when it is gone).
 */
export const NO_WEAPON = "none";

/**
 * The weapon a power attacks with among its owner's weapons, by its `weaponId` (pure; see
 * {@link NO_WEAPON}). With none chosen, a melee or ranged power takes the first equipped weapon of
 * its kind (`reachOf`: a ranged weapon, or a thrown one, serves at range; a weapon that is not
 * ranged serves in melee), and only with none of that kind the first equipped weapon.
 */
export function chooseWeapon<W>(
  weaponId: unknown,
  weapons: readonly W[],
  idOf: (w: W) => string | null | undefined,
  isEquipped: (w: W) => boolean,
  range?: { wanted: unknown; reachOf: (w: W) => { melee: boolean; ranged: boolean } },
): W | null {
  const chosen = typeof weaponId === "string" ? weaponId : "";
  if (chosen === NO_WEAPON) return null;
  if (chosen) return weapons.find((w) => idOf(w) === chosen) ?? null;
  const wanted = range?.wanted;
  if (range && (wanted === "melee" || wanted === "ranged")) {
    const fits = weapons.find((w) => isEquipped(w) && range.reachOf(w)[wanted]);
    if (fits) return fits;
  }
  return weapons.find(isEquipped) ?? null;
}

/** Where a weapon's system data lets it strike: melee unless it is a ranged weapon; at range when ranged or thrown. */
export function weaponReach(s: Plain): { melee: boolean; ranged: boolean } {
  return { melee: !s.ranged, ranged: Boolean(s.ranged) || Boolean(s.thrown) };
}

/**
 * The attack a weapon item makes on its own, in its owner's hands (pure): the game's weapon formula
 * for the owner's kind and its miss damage, `@references` resolved from the owner's roll data
 * ([13A-DMG], [FF-WDICE]). The sheet row, the card and the odds all read this one power.
 */
export function weaponAttackOf(
  weapon: WeaponSource,
  ruleset: Pick<Ruleset, "defenses" | "weaponDamageFormula">,
  kind: ActorSource["kind"],
  rollData: unknown,
): PowerSource {
  return basicWeaponAttack(weapon, ruleset.defenses[0]?.key ?? "ac", {
    ruleset,
    kind,
    resolve: (formula) => resolveFormulaRefs(formula, rollData),
  });
}

/** Build the engine's `WeaponSource` from a weapon item's system data and name (pure). */
export function weaponSourceFrom(name: string, s: Plain): WeaponSource {
  return {
    name,
    damageDice: String(s.damageDice ?? ""),
    weaponClass: (s.weaponClass as WeaponClass) ?? "simple",
    light: Boolean(s.light),
    finesse: Boolean(s.finesse),
    twoHanded: Boolean(s.twoHanded),
    offHand: Boolean(s.offHand),
    thrown: Boolean(s.thrown),
    ranged: Boolean(s.ranged),
    proficient: Boolean(s.proficient),
    proficiencyBonus: Number(s.proficiencyBonus ?? 0),
    enhancement: Number(s.enhancement ?? 0),
    critDice: String(s.critDice ?? ""),
    critRange: Number(s.critRange ?? 0),
    attackAbility: ABILITY_KEYS.find((k) => k === s.attackAbility) ?? null,
    missDamage: typeof s.missDamage === "string" ? s.missDamage : "",
    ...creatureItemFields(s),
  };
}

/**
 * Build the engine's `PowerSource` from a power item's system data (pure). Formulas have their
 * `@references` resolved from `rollData`; `N[W]` stays for the engine to expand.
 */
export function powerSourceFrom(s: Plain, rollData: unknown): PowerSource {
  const ongoing = s.ongoing as { amount: number; type: string; save: "easy" | "normal" | "hard" } | null | undefined;
  const resolve = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? resolveFormulaRefs(v, rollData) : "");
  return {
    attackAbility: (s.attackAbility as AbilityKey | null) ?? null,
    attackBonus: Number(s.attackBonus ?? 0),
    defense: String(s.defense ?? "ac"),
    range: (s.range as RangeKind) ?? "melee",
    damage: resolve(s.damage),
    damageTypes: Array.isArray(s.damageTypes) ? [...(s.damageTypes as string[])] : [],
    missEffect: (s.missEffect as PowerSource["missEffect"]) ?? "none",
    missDamage: resolve(s.missDamage),
    critDamage: resolve(s.critDamage),
    critRange: Number(s.critRange ?? 0),
    ongoing: ongoing && ongoing.amount > 0 ? { ...ongoing } : null,
    touch: Boolean(s.touch),
    nonlethal: Boolean(s.nonlethal),
    effects: withRiderFormulas(powerEffectsFrom(s.effects), resolve),
    texts: { hit: String(s.hitEffect ?? ""), miss: String(s.missText ?? ""), crit: String(s.critText ?? "") },
    ...areaFrom(s.area),
    ...damagePartsFrom(s.damageParts, resolve),
    ...creatureItemFields(s),
    ...saveAttackField(s.saveAttack),
    ...(typeof s.targetCount === "string" && s.targetCount.trim() !== "" ? { targetCount: s.targetCount.trim() } : {}),
  };
}

/** [SYS-MONSTERS] The effects with their riders' formulas resolved (`@level` and the like). */
function withRiderFormulas(effects: PowerEffectSpec[], resolve: (v: unknown) => string): PowerEffectSpec[] {
  for (const e of effects) if (e.damage) e.damage = { formula: resolve(e.damage.formula), types: [...e.damage.types] };
  return effects;
}

/** [SYS-MONSTERS] A power item's save as the engine reads it (pure); none or malformed = null. */
export function saveAttackFrom(s: Plain): SaveAttackSpec | null {
  return saveAttackField(s.saveAttack).saveAttack ?? null;
}

/** [SYS-MONSTERS] A save-based power's save (kind, DC, what a success does); none or malformed = absent. */
function saveAttackField(raw: unknown): { saveAttack?: SaveAttackSpec } {
  const a = raw as { save?: unknown; dc?: unknown; onSuccess?: unknown } | null | undefined;
  if (!a || typeof a.save !== "string" || a.save === "" || typeof a.dc !== "number" || !(a.dc >= 1)) return {};
  return { saveAttack: { save: a.save, dc: Math.floor(a.dc), onSuccess: a.onSuccess === "half" ? "half" : "none" } };
}

/**
 * [SYS-MONSTERS] A power item's routine as the engine reads it (pure); none = null. Rows missing a
 * power name are kept (the engine refuses them naming the field) so nothing is silently dropped.
 */
export function routineFrom(s: Plain): RoutineSpec | null {
  const r = s.routine as { attacks?: unknown; followUps?: unknown } | null | undefined;
  if (!r || typeof r !== "object") return null;
  const rows = (v: unknown) =>
    Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => Boolean(x) && typeof x === "object") : [];
  const when = (v: unknown): RoutineSpec["followUps"][number]["when"] => (v === "miss" || v === "allHit" ? v : "hit");
  return {
    attacks: rows(r.attacks).map((a) => ({ power: String(a.power ?? ""), count: Number(a.count ?? 1) })),
    followUps: rows(r.followUps).map((f) => ({
      power: String(f.power ?? ""),
      when: when(f.when),
      of: String(f.of ?? ""),
    })),
  };
}

/** [SYS-MONSTERS] An attack item's keywords and crit multiplier, where it states them (pure). */
function creatureItemFields(s: Plain): { properties?: string[]; critMultiplier?: number } {
  const properties = Array.isArray(s.properties) ? s.properties.filter((p): p is string => typeof p === "string") : [];
  const m = Number(s.critMultiplier);
  return {
    ...(properties.length ? { properties } : {}),
    ...(Number.isInteger(m) && m > 2 && m <= 4 ? { critMultiplier: m } : {}),
  };
}

/** [SYS-MONSTERS] A power item's damage parts (formulas resolved); none or malformed = absent. */
function damagePartsFrom(raw: unknown, resolve: (v: unknown) => string): { damageParts?: DamagePartSource[] } {
  if (!Array.isArray(raw) || raw.length === 0) return {};
  const parts = raw
    .filter((p): p is { formula?: unknown; types?: unknown } => Boolean(p) && typeof p === "object")
    .map((p) => ({
      formula: resolve(p.formula),
      types: Array.isArray(p.types) ? p.types.filter((t): t is string => typeof t === "string") : [],
    }))
    .filter((p) => p.formula !== "");
  return parts.length ? { damageParts: parts } : {};
}

/** A power item's stated area (pure; none, missing or malformed = not stated). */
function areaFrom(raw: unknown): { area?: AreaSpec } {
  const a = raw as { shape?: unknown; size?: unknown } | null | undefined;
  const shape = AREA_SHAPES.find((k) => k === a?.shape);
  if (!shape || shape === "none" || typeof a?.size !== "number" || !(a.size >= 1)) return {};
  return { area: { shape, size: Math.floor(a.size) } };
}

/** A power item's effects as the engine reads them (pure; a missing list = none). */
export function powerEffectsFrom(raw: unknown): PowerEffectSpec[] {
  // An empty list needs no clone (most powers have no effect; structuredClone costs microseconds).
  return Array.isArray(raw) && raw.length > 0 ? (structuredClone(raw) as PowerEffectSpec[]) : [];
}

/** A power item's usage as the engine reads it (pure; fields missing in older data take the defaults). */
export function powerUsageFrom(s: Plain): PowerUsageState {
  const uses = (s.uses ?? {}) as { spent?: unknown; max?: unknown };
  return {
    usage: typeof s.usage === "string" ? s.usage : "atWill",
    recharge: Number(s.recharge ?? 0),
    used: Boolean(s.used),
    uses: { spent: Number(uses.spent ?? 0), max: Number(uses.max ?? 1) },
    ...(s.rechargeDie === "d6" ? { rechargeDie: "d6" as const } : {}),
    ...(s.rechargeAt === "turnStart" ? { rechargeAt: "turnStart" as const } : {}),
    ...(s.rechargeBloodied === true ? { rechargeBloodied: true } : {}),
    ...(s.bloodiedSeen === true ? { bloodiedSeen: true } : {}),
  };
}
