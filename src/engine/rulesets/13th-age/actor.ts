/**
 * 13th Age: the values derived from an actor's data (defenses with their penalties, saves,
 * initiative, bloodied and the other statuses). [13A-ATK] [13A-INIT] [13A-NORECOV]
 */
import { abilityModifier, validateActorSource } from "../../common.js";
import { conditionModifiers } from "../../conditions.js";
import type { ActorSource, DerivedActor, Modifier, RuleOptions } from "../../types.js";
import { ABILITY_KEYS } from "../../types.js";
import { CONDITIONS, DAMAGE_TYPES, DEFENSES, SAVES } from "./data.js";

const K = "D20C.Age13";

/** Default defense when neither a stat block nor a class value is given. */
const DEFAULT_DEFENSE = 10;

/** The cumulative −1 per recovery used with none left ([13A-NORECOV]); null when none. */
function noRecoveryPenalty(actor: ActorSource): Modifier | null {
  const n = Math.max(0, Math.trunc(actor.recoveries.noRecoveryUses));
  return n > 0 ? { key: "noRecovery", label: `${K}.Modifier.noRecovery`, value: -n } : null;
}

/** i18n label of a condition id (shared `D20C.Condition.<Name>` keys). */
function conditionLabel(id: string): string {
  return CONDITIONS.find((c) => c.id === id)?.label ?? `D20C.Condition.${id.charAt(0).toUpperCase()}${id.slice(1)}`;
}

/** Staggered (13th Age's word) at half maximum HP or less: shown on the sheet, no mechanical effect by itself. */
function isBloodied(actor: ActorSource): boolean {
  return actor.hp.value <= actor.hp.max / 2;
}

/**
 * Initiative modifier ([13A-INIT]): PCs add level + Dex modifier + extra bonus; NPC stat blocks
 * give their initiative as `initiativeBonus`.
 */
export function initiativeModifier(actor: ActorSource): number {
  if (actor.kind === "character") return actor.level + abilityModifier(actor.abilities.dex) + actor.initiativeBonus;
  return actor.initiativeBonus;
}

/**
 * [13A-DMG] The tier an ability added to a character's damage is multiplied by: adventurer
 * (levels 1–4) ×1, champion (5–7) ×2, epic (8–10) ×3 — 13th Age's published rule, beyond the
 * combat text's excerpt. Monsters deal their printed damage: 1.
 */
function damageTier(actor: Pick<ActorSource, "kind" | "level">): number {
  if (actor.kind !== "character") return 1;
  if (actor.level >= 8) return 3;
  if (actor.level >= 5) return 2;
  return 1;
}

export function deriveActor(actor: ActorSource, _options: RuleOptions): DerivedActor {
  validateActorSource(actor, DAMAGE_TYPES);
  const abilityMods = Object.fromEntries(
    ABILITY_KEYS.map((k) => [k, abilityModifier(actor.abilities[k])]),
  ) as DerivedActor["abilityMods"];
  const norecov = noRecoveryPenalty(actor);
  const attackPenalties = [
    ...(norecov ? [norecov] : []),
    ...conditionModifiers(CONDITIONS, actor.conditions, "attack"),
  ];
  const defensePenalties = [
    ...(norecov ? [norecov] : []),
    ...conditionModifiers(CONDITIONS, actor.conditions, "defense"),
  ];
  const penaltyTotal = defensePenalties.reduce((s, m) => s + m.value, 0);
  const defenses: Record<string, number> = {};
  for (const d of DEFENSES) {
    const src = actor.defenses[d.key];
    defenses[d.key] = (src?.base ?? DEFAULT_DEFENSE) + (src?.bonus ?? 0) + penaltyTotal;
  }
  const saves = Object.fromEntries(SAVES.map((s) => [s.key, actor.baseSaveBonus]));
  const bloodied = isBloodied(actor);
  const statusLabels: string[] = [];
  if (bloodied && actor.state !== "dead") statusLabels.push(`${K}.Status.staggered`);
  if (actor.lastTurn) statusLabels.push(`${K}.Status.lastTurn`);
  if (actor.state !== "active") statusLabels.push(conditionLabel(actor.state));
  if (norecov) statusLabels.push(`${K}.Status.noRecovery`);
  return {
    abilityMods,
    defenses,
    attackPenalties,
    defensePenalties,
    initiative: initiativeModifier(actor),
    saves,
    bloodied,
    wounded: false,
    damageTaken: Math.max(0, actor.hp.max - actor.hp.value),
    statusLabels,
    tier: damageTier(actor),
  };
}
