/**
 * The system's ActiveEffect class and the effect data it carries ([SYS-DOCS]): duration kind
 * (save ends easy/normal/hard, start/end of next turn, end of encounter, sustain), aftereffect and
 * ongoing damage live in `flags["d20-combat"].effect` as the engine's `EffectSource` fields (minus
 * `id`, `name`, `statuses`, which are the effect's own).
 */
import { activeRuleset } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import { showsOnToken } from "../engine/effects.js";
import type { EffectSource } from "../engine/types.js";
import { coreEffectFields, systemExpiryEvents } from "../data/effect-core.js";
import { foundryGeneration } from "../compat/generation.js";
import { setStatusEffects, statusEffectList } from "../compat/status-effects.js";
import { coreEffectEnv, hasSystemEffectData } from "../workflows/effect-env.js";
import { activeEffectCoreChanges, v14ActiveEffectConfig } from "../foundry-compat.js";
import {
  effectDataIssues,
  effectFlagOf,
  effectSourceOf,
  readEffectData,
  statusEffectsFromConditions,
} from "../data/effects.js";
import { effectFlagSchema } from "../data/schema.js";
import { describeIssues } from "../data/validation.js";
import { afterCoreCheck } from "./pre-write.js";

// The pure helpers live in src/data/effects.ts (testable without Foundry); re-exported here.
export * from "../data/effects.js";

type EffectFlagSchema = ReturnType<typeof effectFlagSchema>;

/**
 * The effect flag as a data model of its own: Foundry checks each field against
 * `effectFlagSchema` (types, choices, integers). Built on first use (the class extends a Foundry
 * global) and only to validate a write; the effect keeps storing plain flag data.
 */
let flagModel: (new (data: Record<string, unknown>) => object) | null = null;
function effectFlagModel(): new (data: Record<string, unknown>) => object {
  flagModel ??= class EffectFlagModel extends foundry.abstract.DataModel<EffectFlagSchema> {
    static override defineSchema(): EffectFlagSchema {
      return effectFlagSchema(foundry.data.fields);
    }
  } as unknown as new (data: Record<string, unknown>) => object;
  return flagModel;
}

/** Refuse effect data that breaks the schema, with a message naming the field (nothing is written). */
function assertValidEffectData(flag: unknown): void {
  if (flag === undefined || flag === null) return;
  const issues = effectDataIssues(flag);
  if (issues.length) throw new Error(describeIssues(issues));
  const Model = effectFlagModel();
  new Model(flag as Record<string, unknown>);
}

/**
 * Stored effects whose bad data was already reported (each is warned about once per session); at
 * most {@link WARNED_MAX} kept (then it starts again: a repeated warning at worst).
 */
const warned = new Set<string>();
const WARNED_MAX = 1000;

export class D20ActiveEffect extends ActiveEffect {
  /** This effect as the engine reads it. */
  toEffectSource(): EffectSource {
    return effectSourceOf({
      id: this.id,
      name: this.name,
      statuses: this.statuses,
      flags: this.flags as Record<string, unknown>,
    });
  }

  /**
   * v13 draws on the token only temporary effects (a duration or a status). A system effect that
   * belongs there (a condition, ongoing damage, an aftereffect to come, a duration that ends) counts
   * as temporary although it carries no core duration: its timing is the system's.
   */
  override get isTemporary(): boolean {
    if (hasSystemEffectData(this.flags) && showsOnToken(this.toEffectSource())) return true;
    return super.isTemporary;
  }

  /** Stored data that breaks the schema is read with fallbacks (the effect stays usable) and reported. */
  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const { issues } = readEffectData(effectFlagOf({ flags: this.flags as Record<string, unknown> }));
    if (!issues.length) return;
    const key = `${this.uuid}|${describeIssues(issues)}`;
    if (warned.has(key)) return;
    if (warned.size >= WARNED_MAX) warned.clear();
    warned.add(key);
    console.warn(`${SYSTEM_ID} | effect "${this.name}" (${this.uuid}) has bad data, read with fallbacks:`, issues);
  }

  protected override async _preCreate(...args: Parameters<ActiveEffect["_preCreate"]>): Promise<boolean | void> {
    return afterCoreCheck(super._preCreate(...args), () => this.checkAndDress());
  }

  /**
   * On create: refuse bad effect data; a system effect gets its icon (the game's status icon…) and,
   * on v14, `showIcon` and its expiry event.
   */
  private checkAndDress(): void {
    assertValidEffectData(effectFlagOf({ flags: this.flags as Record<string, unknown> }));
    if (hasSystemEffectData(this.flags))
      this.updateSource(activeEffectCoreChanges(coreEffectFields(this.toEffectSource(), coreEffectEnv(), this.img)));
  }

  protected override async _preUpdate(...args: Parameters<ActiveEffect["_preUpdate"]>): Promise<boolean | void> {
    return afterCoreCheck(super._preUpdate(...args), () => this.checkMergedUpdate(args[0]));
  }

  /** On update: refuse effect data that breaks the schema once merged into what the effect has. */
  private checkMergedUpdate(changed: ActiveEffect.UpdateData): void {
    const next = effectFlagOf({ flags: (changed as { flags?: Record<string, unknown> }).flags });
    if (next === undefined) return;
    const current = effectFlagOf({ flags: this.flags as Record<string, unknown> });
    const merged =
      typeof current === "object" && current !== null && typeof next === "object" && next !== null
        ? foundry.utils.mergeObject(structuredClone(current), next, { inplace: false })
        : next;
    assertValidEffectData(merged);
  }
}

/**
 * Configure effects at init: no legacy transfer (v13; v14 has none), status effects from the active
 * ruleset (in the generation's shape: src/compat/status-effects.ts), and on v14 the system's
 * durations as core expiry events. Core's expiry action stays what the world has (it is every
 * module's): a system effect core marks expired is deleted by {@link deleteExpiredSystemEffect}.
 */
export function configureActiveEffects(): void {
  const generation = foundryGeneration();
  if (generation < 14) CONFIG.ActiveEffect.legacyTransferral = false;
  const conditions = activeRuleset().conditions ?? [];
  if (conditions.length) {
    const required = [CONFIG.specialStatusEffects.DEFEATED].filter((id): id is string => typeof id === "string");
    setStatusEffects(statusEffectsFromConditions(conditions, statusEffectList(CONFIG.statusEffects), required));
  }
  if (generation >= 14) {
    const config = v14ActiveEffectConfig();
    config.expiryEvents = { ...(config.expiryEvents ?? {}), ...systemExpiryEvents() };
    Hooks.on("updateActiveEffect", (effect: ActiveEffect.Implementation, changes: object) => {
      void deleteExpiredSystemEffect(effect, changes);
    });
  }
}

/**
 * v14, per effect ([SYS-EFFECTS]): when core's expiry marks a system effect expired (core's default
 * action "update" sets `duration.expired`; API v14 `CONFIG.ActiveEffect.expiryAction`,
 * https://foundryvtt.com/api/v14/variables/CONFIG.ActiveEffect.html), the active GM deletes it, as
 * the system's rules end it; other modules' effects keep whatever action the world configured.
 * Returns whether it deleted.
 */
async function deleteExpiredSystemEffect(effect: ActiveEffect.Implementation, changes: object): Promise<boolean> {
  const duration = (changes as { duration?: { expired?: unknown } }).duration;
  if (duration?.expired !== true || !hasSystemEffectData(effect.flags)) return false;
  if (!game.users?.activeGM?.isSelf) return false;
  await effect.delete();
  return true;
}
