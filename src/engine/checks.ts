/**
 * [SYS-CHARACTER] Checks from the sheet, decided (pure): the game's itemised bonus for an ability
 * with an optional background or skill (`Progression.checkParts`), the penalties that fall on the
 * actor's attacks (bloodied / wounded, conditions) falling on checks alike, and the roll mode
 * (mighty / weak where the game rolls them). The request has no target: the GM names the number.
 */
import type { Ruleset } from "./ruleset.js";
import {
  ABILITY_KEYS,
  type AbilityKey,
  type ActorSource,
  type DerivedActor,
  type Modifier,
  type RollMode,
  type RollRequest,
  type RuleOptions,
} from "./types.js";

export interface CheckPlan {
  request: RollRequest;
  /** Every number added, itemised (the card's lines). */
  parts: Modifier[];
  total: number;
}

function d20Of(mode: RollMode): string {
  if (mode === "mighty") return "2d20kh";
  if (mode === "weak") return "2d20kl";
  return "1d20";
}

export function isAbilityKey(v: unknown): v is AbilityKey {
  return (ABILITY_KEYS as readonly unknown[]).includes(v);
}

/** The check of `ability` (with `option`, "" = none) of `actor` in `mode`; null where the game has no checks. */
export function planCheck(
  ruleset: Pick<Ruleset, "progression" | "deriveActor">,
  actor: ActorSource,
  actorId: string,
  ability: AbilityKey,
  option: string,
  mode: RollMode,
  options: RuleOptions = {},
  /** The actor's derived values when already worked out (the sheet's prepared ones). */
  prepared?: DerivedActor,
): CheckPlan | null {
  const progression = ruleset.progression;
  if (!progression) return null;
  const derived = prepared ?? ruleset.deriveActor(actor, options);
  const parts = [...progression.checkParts(actor, derived, ability, option), ...derived.attackPenalties].filter(
    (m) => m.value !== 0,
  );
  const total = parts.reduce((s, m) => s + m.value, 0);
  const sign = total === 0 ? "" : total > 0 ? ` + ${total}` : ` - ${-total}`;
  return {
    request: {
      kind: "procedure",
      actorId,
      formula: `${d20Of(mode)}${sign}`,
      target: null,
      against: "total",
      label: `D20C.Ability.${ability}`,
      data: { check: ability, option, mode },
    },
    parts,
    total,
  };
}
