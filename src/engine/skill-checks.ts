/**
 * [SYS-CHARACTER] Shared pieces of the games' checks: a skill list (key → ability), the options a
 * list offers, and the ability part of a check. Each game's class file decides what a skill adds.
 */
import type { CheckOption } from "./build.js";
import { buildOf } from "./build.js";
import type { AbilityKey, ActorSource, DerivedActor, Modifier } from "./types.js";

export type SkillList = Readonly<Record<string, AbilityKey>>;

/** The skill entry of `key` on the actor, if it has one. */
export function skillOf(
  actor: ActorSource,
  key: string,
): NonNullable<ActorSource["build"]>["skills"][number] | undefined {
  return buildOf(actor).skills.find((s) => s.key === key);
}

/** Every skill of the list as an option (`only`: just the ones the actor has). */
export function skillOptions(
  list: SkillList,
  skillLabel: (key: string) => string,
  actor: ActorSource,
  only = false,
): CheckOption[] {
  return Object.entries(list)
    .filter(([key]) => !only || skillOf(actor, key) !== undefined)
    .map(([key, ability]) => ({ value: key, label: skillLabel(key), ability }));
}

/** The ability part of a check. */
export function abilityPart(derived: DerivedActor, ability: AbilityKey): Modifier {
  return { key: "ability", label: `D20C.Ability.${ability}`, value: derived.abilityMods[ability] ?? 0 };
}
