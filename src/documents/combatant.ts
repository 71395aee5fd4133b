/**
 * The system's Combatant: its engine view (`CombatantSource`), the GM's rulings on it (`aware` at
 * the start of battle, table `seat` for around-the-table order) and its initiative formula from the
 * active ruleset ([13A-INIT], [WD-INIT], [HD-INIT]). The rulings live in its Combat's flags
 * (`rulings.<combatant id>`), which only GMs may write ([SYS-PERM]): a combatant's own flags are
 * its owner's to write, so a surprised character could make itself aware there.
 */
import { activeRuleset, ruleOptions } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import { defaultActorSource } from "../engine/common.js";
import type { ActorSource, CombatantSource, EffectSource } from "../engine/types.js";
import { effectSourceOf, type EffectLike } from "./active-effect.js";

/** What the GM rules about one combatant, kept in its Combat's flags (`rulings.<combatant id>`). */
export interface CombatantRuling {
  /** Aware of the foe when the battle starts (unset = aware). */
  aware?: boolean;
  /** Seat at the table, for around-the-table order (unset = order of joining). */
  seat?: number;
}

/**
 * The flags a combatant carries under `flags["d20-combat"]` (its owner may write them: the action
 * economy it spent and its procedures' memory, src/workflows/actions.ts). `aware` and `seat` written
 * here by older versions or by a player are read by nothing.
 */
export interface CombatantFlags {
  actions?: unknown;
  procedures?: unknown;
  /** Read by nothing: the GM's ruling is in the Combat's flags. */
  aware?: boolean;
  /** Read by nothing: the GM's ruling is in the Combat's flags. */
  seat?: number;
}

/** The engine source of whatever actor-like object a combatant has (the system Actor, or a stand-in). */
function engineActorOf(actor: unknown): ActorSource {
  const a = actor as { toEngineSource?: () => ActorSource } | null | undefined;
  return typeof a?.toEngineSource === "function" ? a.toEngineSource() : defaultActorSource();
}

/** The engine sources of an actor's effects; a disabled effect is paused (no damage, save or expiry). */
function engineEffectsOf(actor: unknown): EffectSource[] {
  const effects = (actor as { effects?: Iterable<EffectLike & { disabled?: boolean }> } | null | undefined)?.effects;
  if (!effects) return [];
  return [...effects].filter((e) => !e.disabled).map((e) => effectSourceOf(e));
}

/**
 * The key the turn plans use for a combatant's actor: its UUID, so two unlinked tokens of the same
 * monster are two actors (the world actor id would merge them).
 */
function actorKeyOf(actor: { uuid?: string; id?: string | null } | null | undefined, combatantId: string): string {
  return actor?.uuid ?? actor?.id ?? `combatant:${combatantId}`;
}

export class D20Combatant extends Combatant {
  /** The system flags of this combatant. */
  get d20Flags(): CombatantFlags {
    return this.flags[SYSTEM_ID] ?? {};
  }

  /** The GM's ruling on this combatant, from its Combat's flags (only GMs write a Combat). */
  get ruling(): CombatantRuling {
    const rulings = this.parent?.flags[SYSTEM_ID]?.rulings;
    const own = this.id && rulings ? rulings[this.id] : undefined;
    return own && typeof own === "object" ? own : {};
  }

  /** Whether this combatant started the battle aware (WD surprise round, HD surprised), as the GM ruled. */
  get aware(): boolean {
    return this.ruling.aware !== false;
  }

  /** The player side owns a player character or is owned by a player; everything else is the GM's. */
  get side(): "player" | "gm" {
    return this.hasPlayerOwner ? "player" : "gm";
  }

  /** This combatant as the engine reads it. `index` = its place in the combat's list (default seat). */
  toCombatantSource(index = 0): CombatantSource {
    const id = this.id ?? "";
    return {
      id,
      actorId: actorKeyOf(this.actor, id),
      name: this.name ?? "",
      actor: engineActorOf(this.actor),
      effects: engineEffectsOf(this.actor),
      initiative: typeof this.initiative === "number" ? this.initiative : null,
      side: this.side,
      aware: this.aware,
      defeated: this.isDefeated,
      seat: typeof this.ruling.seat === "number" ? this.ruling.seat : index,
    };
  }

  /** The active ruleset's initiative formula for this combatant's actor. */
  protected override _getInitiativeFormula(): string {
    try {
      const ruleset = activeRuleset();
      const actor = engineActorOf(this.actor);
      const derived =
        (this.actor as { derived?: ReturnType<typeof ruleset.deriveActor> } | null)?.derived ??
        ruleset.deriveActor(actor, ruleOptions());
      return ruleset.initiativeFormula(actor, derived);
    } catch (err) {
      console.error(`${SYSTEM_ID} | initiative formula`, err);
      return super._getInitiativeFormula();
    }
  }
}
