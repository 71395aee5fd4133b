/**
 * What a condition button on the sheet does (pure). A condition can live in two places: stored in
 * `system.conditions` (the engine writes e.g. dying there) and/or as a status effect (token HUD,
 * effects). A button for an active condition turns it off wherever it lives; an inactive one is
 * added as a status effect, so the token shows it too.
 */

/** The writes one click needs: a new stored list (null = leave it) and a status effect change. */
export interface ConditionTogglePlan {
  /** The new `system.conditions` list, or null when the stored list stays as it is. */
  stored: string[] | null;
  /** `toggleStatusEffect(id, { active })` to make, or null for none. */
  statusActive: boolean | null;
}

/**
 * Plan a click on condition `id`, given the actor's stored conditions and its active statuses
 * (`Actor#statuses`). Never mutates its inputs.
 */
export function conditionToggle(
  id: string,
  storedConditions: readonly string[],
  statuses: Iterable<string> | null | undefined,
): ConditionTogglePlan {
  const inStored = storedConditions.includes(id);
  const asStatus = new Set(statuses ?? []).has(id);
  if (!inStored && !asStatus) return { stored: null, statusActive: true };
  return {
    stored: inStored ? storedConditions.filter((c) => c !== id) : null,
    statusActive: asStatus ? false : null,
  };
}
