/**
 * Token HUD edits of HP ([SYS-DOCS]): a typed number in the HP bar becomes damage or healing that
 * goes through the ruleset (temp HP first, states, wounds) rather than a raw write.
 */

/** What a HUD edit of the HP value means. */
export type TokenHpChange = { kind: "damage" | "heal"; amount: number } | { kind: "none" };

/**
 * Decide a HUD edit: `value` is the typed number, `isDelta` whether it was typed as ±N.
 * Non-finite input means no change.
 */
export function tokenHpChange(current: number, value: number, isDelta: boolean): TokenHpChange {
  if (!Number.isFinite(value) || !Number.isFinite(current)) return { kind: "none" };
  const delta = Math.trunc(isDelta ? value : value - current);
  if (delta < 0) return { kind: "damage", amount: -delta };
  if (delta > 0) return { kind: "heal", amount: delta };
  return { kind: "none" };
}
