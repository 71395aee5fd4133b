/**
 * Wounds d20 derived values: AC / touch / flat-footed ([WD-AC], [WD-TOUCH], [WD-FLAT]), the
 * bloodied and wounded penalties ([WD-BLOODIED], [WD-WOUNDED]), initiative ([WD-INIT]) and the
 * five saves ([WD-SAVES]).
 */
import { abilityModifier, validateActorSource } from "../../common.js";
import { saveModifiers } from "../../condition-rules.js";
import { conditionModifiers, conditionSpecs } from "../../conditions.js";
import type { AbilityKey, ActorSource, DerivedActor, Modifier } from "../../types.js";
import { ABILITY_KEYS } from "../../types.js";
import { CONDITIONS, DAMAGE_TYPES, K, damageTaken, isBloodied, isWounded } from "./data.js";
import { statBlockSaveTotal } from "./creature.js";

/** Ability modifiers; Constitution damage from death saves lowers the Con score first. */
function abilityMods(actor: ActorSource): Record<AbilityKey, number> {
  const out = {} as Record<AbilityKey, number>;
  for (const k of ABILITY_KEYS) {
    const score = k === "con" ? actor.abilities.con - Math.max(0, actor.constitutionDamage) : actor.abilities[k];
    out[k] = abilityModifier(score);
  }
  return out;
}

/** Dex modifier as AC sees it: a positive one is capped by the armor's max Dex. */
function dexToAC(actor: ActorSource, dexMod: number): number {
  const cap = actor.armor.maxDex;
  return cap === null ? dexMod : Math.min(dexMod, Math.max(0, cap));
}

/** [WD-BLOODIED]/[WD-WOUNDED] −1 each on attacks and checks (initiative included). */
function conditionPenalties(actor: ActorSource): Modifier[] {
  const dmg = damageTaken(actor);
  const out: Modifier[] = [];
  if (isBloodied(dmg, actor.hp.max)) out.push({ key: "bloodied", label: `${K}.Mod.Bloodied`, value: -1 });
  if (isWounded(dmg, actor.hp.max)) out.push({ key: "wounded", label: `${K}.Mod.Wounded`, value: -1 });
  return out;
}

function bonusOf(actor: ActorSource, key: string): number {
  const b = actor.defenses[key]?.bonus ?? 0;
  return Number.isFinite(b) ? b : 0;
}

function baseOf(actor: ActorSource, key: string): number | null {
  const b = actor.defenses[key]?.base;
  return typeof b === "number" && Number.isFinite(b) ? b : null;
}

/**
 * The three armor classes. `defenses.ac.bonus` (cover, magic, feats…) applies to all three;
 * `touch.bonus` / `flat.bonus` add only to their own. `touchFlat` (not a sheet defense) is the touch
 * AC less a positive Dex modifier, for a touch attack on a creature caught off guard. A stat-block `ac.base` replaces the
 * 10 + armor + shield + Dex sum, and touch / flat are then worked back from it.
 */
function armorClasses(actor: ActorSource, dexMod: number): Record<"ac" | "touch" | "flat" | "touchFlat", number> {
  const armor = actor.armor.armorBonus;
  const shield = actor.armor.shieldBonus;
  const dex = dexToAC(actor, dexMod);
  // [WD-FLAT] off guard loses a Dex bonus, never a Dex penalty.
  const flatDex = Math.min(0, dex);
  const common = bonusOf(actor, "ac");
  const acBase = baseOf(actor, "ac");
  const full = acBase ?? 10 + armor + shield + dex;
  const touch = baseOf(actor, "touch") ?? full - armor;
  const flat = baseOf(actor, "flat") ?? full - dex + flatDex;
  const touchTotal = touch + common + bonusOf(actor, "touch");
  return {
    ac: full + common,
    touch: touchTotal,
    flat: flat + common + bonusOf(actor, "flat"),
    // A touch attack on a creature caught off guard: no armor bonus and no Dex bonus either.
    touchFlat: touchTotal - dex + flatDex,
  };
}

/** [WD-SAVES] base save bonus plus the ability each kind names. */
function saveBonuses(actor: ActorSource, mods: Record<AbilityKey, number>): Record<string, number> {
  const base = actor.baseSaveBonus;
  const text: Record<string, number> = {
    charm: base + Math.max(mods.cha, mods.wis),
    reflex: base + mods.dex,
    death: base,
    fear: base,
    spell: base,
  };
  // [SYS-MONSTERS] a stat block's own total for a kind replaces the text rule's.
  for (const kind of Object.keys(text)) text[kind] = statBlockSaveTotal(actor, kind) ?? text[kind]!;
  return text;
}

export function deriveActor(actor: ActorSource): DerivedActor {
  validateActorSource(actor, DAMAGE_TYPES);
  const mods = abilityMods(actor);
  const dmg = damageTaken(actor);
  const penalties = conditionPenalties(actor);
  const penaltySum = penalties.reduce((s, m) => s + m.value, 0);
  const bloodied = isBloodied(dmg, actor.hp.max);
  const wounded = isWounded(dmg, actor.hp.max);
  const statusLabels: string[] = [];
  if (bloodied) statusLabels.push(`${K}.Status.Bloodied`);
  if (wounded) statusLabels.push(`${K}.Status.Wounded`);
  if (actor.state !== "active") statusLabels.push(`${K}.Condition.${actor.state}`);
  // [SYS-MONSTERS] the condition table's numbers: attacks, AC (all three), saves, initiative.
  const attackPenalties = [...penalties, ...conditionModifiers(CONDITIONS, actor.conditions, "attack")];
  const defensePenalties = conditionModifiers(CONDITIONS, actor.conditions, "defense");
  const defenseDelta = defensePenalties.reduce((s, m) => s + m.value, 0);
  const defenses: Record<string, number> = armorClasses(actor, mods.dex);
  if (defenseDelta !== 0)
    for (const key of Object.keys(defenses)) defenses[key] = (defenses[key] as number) + defenseDelta;
  const saveDelta = saveModifiers(CONDITIONS, actor.conditions).reduce((s, m) => s + m.value, 0);
  const saves = saveBonuses(actor, mods);
  if (saveDelta !== 0) for (const key of Object.keys(saves)) saves[key] = (saves[key] as number) + saveDelta;
  const initiativeDelta =
    actor.conditions.length === 0
      ? 0
      : conditionSpecs(CONDITIONS, actor.conditions).reduce((s, c) => s + (c.initiative ?? 0), 0);
  return {
    abilityMods: mods,
    defenses,
    attackPenalties,
    defensePenalties,
    // [WD-INIT] BCB + Dex, with the bloodied / wounded check penalties.
    initiative: actor.baseCombatBonus + mods.dex + actor.initiativeBonus + penaltySum + initiativeDelta,
    saves,
    bloodied,
    wounded,
    damageTaken: dmg,
    statusLabels,
  };
}
