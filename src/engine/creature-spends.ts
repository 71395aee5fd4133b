/**
 * [SYS-MONSTERS] What a creature spends by the GM's button (a solo's action points, a legend's
 * legendary actions and resistances): the shape every game answers with. Each game decides what
 * it has and when a spend is allowed (its `creatureSpends` / `spendCreature`); the tracker shows
 * and presses them, and the spend is a turn line with the GM's Undo.
 */
import type { Ruleset } from "./ruleset.js";
import type { ActorSource, TurnStep } from "./types.js";

/** One thing a creature can spend, with what is left of it. */
export interface CreatureSpend {
  /** The game's key ("actionPoint", "legendaryAction", "legendaryResistance"). */
  key: string;
  /** i18n key of its short label. */
  label: string;
  left: number;
  max: number;
}

/** A spend decided: the steps that carry it out, or why it is refused (an i18n key with data). */
export type SpendDecision =
  | {
      ok: true;
      steps: TurnStep[];
      /**
       * [FF-ACTIONPOINTS] A turn action the spend adds to the spender's turn (an action point's extra
       * action), shown in its action pills and taken back by the line's Undo. Optional: absent = none.
       */
      grant?: string;
    }
  | { ok: false; reason: string; data?: Record<string, string | number> };

/** The refusal every game shares: nothing of it is left. */
export function noneLeft(name: string): SpendDecision {
  return { ok: false, reason: "D20C.Spend.Refused.NoneLeft", data: { name } };
}

/** Template data of a creature's tracker row (a type alias: Foundry's `renderTemplate` takes a string-keyed record). */
type CreatureSpendsView = { spends: (CreatureSpend & { spent: boolean })[] };

/** What a creature's tracker row shows (pure): each spend with what is left; null when it has none. */
export function creatureSpendsView(
  ruleset: Pick<Ruleset, "creatureSpends">,
  actor: ActorSource,
): CreatureSpendsView | null {
  const spends = ruleset.creatureSpends?.(actor) ?? [];
  return spends.length ? { spends: spends.map((s) => ({ ...s, spent: s.left <= 0 })) } : null;
}
