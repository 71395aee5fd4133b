/**
 * The system's Actor class (thin): type guards, the engine's view of the actor, writing an engine
 * answer back in one update, roll data for formulas, HP edits from the token HUD routed through the
 * ruleset, and on create the ruleset stamp, the game's starting values and a character's token.
 */
import { activeRuleset, activeRulesetId, ruleOptions } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import {
  actorRollData,
  actorSourceView,
  actorSystemChanges,
  deriveSafely,
  toActorSource,
  withStatuses,
  withoutStatuses,
  type ActorRollData,
  type ActorSystemLike,
} from "../data/prepare.js";
import {
  abilitiesOnCreate,
  prototypeTokenOnCreate,
  recoveriesOnCreate,
  rulesetMismatch,
  speedOnCreate,
} from "../data/stamp.js";
import { tokenHpChange } from "../data/token-hp.js";
import { plainDamagePacket, sizeFromTokenSpaces } from "../engine/common.js";
import type { RuleResult, RulesetId } from "../engine/types.js";
import { type ActorSource, type DerivedActor } from "../engine/types.js";
import { currentEscalation } from "../escalation.js";
import { withActorQueue } from "../workflows/actor-queue.js";
import { afterCoreCheck, stampRuleset } from "./pre-write.js";

export class D20Actor extends Actor {
  /** This actor is a player character. */
  isCharacter(): this is Actor.OfType<"character"> {
    return (this.type as string) === "character";
  }

  /** This actor is an NPC / monster. */
  isNpc(): this is Actor.OfType<"npc"> {
    return (this.type as string) === "npc";
  }

  /** Prepared system data as a plain record (both types share one schema). */
  private get systemRecord(): ActorSystemLike & { readonly derived?: unknown } {
    // (Both our actor types share one schema; any other type would be a foreign module's.)
    return this.isCharacter() || this.isNpc() ? this.system : {};
  }

  /** The engine's plain copy of this actor with Active Effects and equipped armor applied. */
  toEngineSource(): ActorSource {
    return this.engineActor(toActorSource);
  }

  /**
   * The engine's read-only view of this actor, for a decision that only reads it (an attack's
   * targets): {@link toEngineSource} without copying the prepared data. Nothing may change or keep it.
   */
  engineView(): ActorSource {
    return this.engineActor(actorSourceView);
  }

  private engineActor(read: typeof toActorSource): ActorSource {
    // Status effects toggled on the token count as conditions too (one list for the rules).
    const source = withStatuses(read(this.isNpc() ? "npc" : "character", this.systemRecord), this.statuses);
    // A blank size is the token's: a synthetic token actor's own token, else the prototype.
    if (!source.size) source.size = sizeFromTokenSpaces(this.token?.width ?? this.prototypeToken?.width);
    return source;
  }

  /**
   * The derived values the data model prepared at the actor's last change, for an attack to read
   * rather than derive again; undefined when they could not be derived (the attack then derives
   * and reports why) or were never prepared.
   */
  preparedDerived(): DerivedActor | undefined {
    const system = this.systemRecord as { readonly derived?: unknown; readonly deriveError?: unknown };
    return system.deriveError ? undefined : (system.derived as DerivedActor | undefined);
  }

  /** The active ruleset's derived values (prepared in the data model). */
  get derived(): DerivedActor {
    const prepared = this.systemRecord.derived as DerivedActor | undefined;
    return prepared ?? deriveSafely(activeRuleset(), this.toEngineSource(), ruleOptions()).derived;
  }

  /**
   * Write an engine answer back with ONE update: only the fields the engine changed relative to
   * {@link toEngineSource} (so Active Effect and armor-item contributions are never baked into the
   * source). Resolves to undefined when nothing changed.
   */
  async applyEngineActor(next: ActorSource): Promise<this | undefined> {
    // Compare against the prepared data WITHOUT token statuses, and leave status-only conditions
    // out of the answer: they live on their effects, never in system.conditions.
    const prepared = toActorSource(this.isNpc() ? "npc" : "character", this.systemRecord);
    const wanted = { ...withoutStatuses(next, prepared.conditions, this.statuses) };
    // The token-derived size of a blank one is never written back (the engine doesn't change sizes).
    if (!prepared.size) wanted.size = "";
    const changes = actorSystemChanges(prepared as unknown as Record<string, unknown>, wanted);
    if (!changes) return undefined;
    return (await this.update({ system: changes } as Actor.UpdateData)) as this | undefined;
  }

  /** The ruleset this actor was made for when it is not the world's, else null. */
  get foreignRuleset(): RulesetId | null {
    return rulesetMismatch(this.flags[SYSTEM_ID]?.ruleset, activeRulesetId());
  }

  /** Formula data: abilities and their modifiers (`@str`), `@level`, `@escalation`, defenses. */
  override getRollData(): ActorRollData & Record<string, unknown> {
    const base = super.getRollData() as Record<string, unknown>;
    // The roll data copies what it reads: the actor's view, not a copy of all its data.
    return { ...base, ...actorRollData(this.engineView(), this.derived, currentEscalation()) };
  }

  /** Run a damage or healing answer of the ruleset and let workflows handle the rolls it asks for. */
  private async commitRuleResult(result: RuleResult): Promise<this | undefined> {
    const updated = await this.applyEngineActor(result.actor);
    // Workflows listen on this hook for the rolls the rules now demand (death saves…).
    Hooks.callAll(`${SYSTEM_ID}.ruleResult`, this, result);
    return updated;
  }

  /** HP typed into the token HUD goes through the ruleset's damage / healing rules. */
  override async modifyTokenAttribute(
    attribute: string,
    value: number,
    isDelta = false,
    isBar = true,
  ): Promise<this | undefined> {
    if (attribute !== "hp")
      return (await super.modifyTokenAttribute(attribute, value, isDelta, isBar)) as this | undefined;
    // In the actor's queue, shared with card applications and turn automation: read it afresh there.
    return withActorQueue([this.uuid], async () => {
      const source = this.toEngineSource();
      const change = tokenHpChange(source.hp.value, value, isDelta);
      if (change.kind === "none") return this;
      const ruleset = activeRuleset();
      const id = this.id ?? "";
      const result =
        change.kind === "damage"
          ? ruleset.applyDamage(source, plainDamagePacket(change.amount), ruleOptions(), id)
          : ruleset.applyHealing(source, change.amount, "heal", ruleOptions(), id);
      return this.commitRuleResult(result);
    });
  }

  /**
   * An edit of the stored data (the sheet's exhaustion pips, a spell's update) passes through the
   * ruleset's implied changes: in Hundred Dungeons exhaustion 6, from any source, is death.
   */
  protected override async _preUpdate(...args: Parameters<Actor["_preUpdate"]>): Promise<boolean | void> {
    return afterCoreCheck(super._preUpdate(...args), () => this.addImpliedChanges(args[0]));
  }

  /** The ruleset's implied changes of an edit, added to the pending changes in place. */
  private addImpliedChanges(changed: Actor.UpdateData): void {
    const ruleset = activeRuleset();
    const system = (changed as { system?: Record<string, unknown> }).system;
    if (!ruleset.actorChanges || !system || typeof system !== "object") return;
    const before = this.toEngineSource();
    const after = { ...before };
    if (typeof system.exhaustion === "number") after.exhaustion = system.exhaustion;
    if (typeof system.state === "string") after.state = system.state as ActorSource["state"];
    if (Array.isArray(system.conditions)) after.conditions = system.conditions.map(String);
    const implied = { ...ruleset.actorChanges(before, after) };
    // Conditions go back as the stored list (status effects live on their effects, never here).
    if (implied.conditions) {
      const keep = new Set(implied.conditions);
      const stored = Array.isArray(system.conditions)
        ? system.conditions.map(String)
        : ((this._source.system as unknown as { conditions?: string[] }).conditions ?? []);
      implied.conditions = stored.filter((c) => keep.has(c));
    }
    if (Object.keys(implied).length) Object.assign(system, implied);
  }

  protected override async _preCreate(...args: Parameters<Actor["_preCreate"]>): Promise<boolean | void> {
    return afterCoreCheck(super._preCreate(...args), () => this.startValues(args[0]));
  }

  /** On create: the ruleset stamp, the game's starting speed, abilities and recoveries, a character's token. */
  private startValues(data: Actor.CreateData): void {
    stampRuleset(this);
    const ruleset = activeRuleset();
    const speed = speedOnCreate(data, ruleset.defaultSpeed);
    const abilities = abilitiesOnCreate(data, ruleset.defaultAbilities);
    const recoveries = recoveriesOnCreate(data, ruleset.startingRecoveries);
    const prototypeToken = prototypeTokenOnCreate(this.type, data);
    const changes: Actor.UpdateData = {};
    if (speed !== null || abilities || recoveries)
      changes.system = {
        ...(speed !== null ? { speed } : {}),
        ...(abilities ? { abilities } : {}),
        ...(recoveries ? { recoveries } : {}),
      };
    if (prototypeToken)
      changes.prototypeToken = {
        ...(prototypeToken.actorLink ? { actorLink: true } : {}),
        ...(prototypeToken.disposition ? { disposition: CONST.TOKEN_DISPOSITIONS[prototypeToken.disposition] } : {}),
        ...(prototypeToken.displayBars ? { displayBars: CONST.TOKEN_DISPLAY_MODES[prototypeToken.displayBars] } : {}),
      };
    if (Object.keys(changes).length) this.updateSource(changes);
  }
}
