/**
 * The turn-plan runner ([SYS-TURNS]): carries out the steps a ruleset planned for a turn boundary
 * (`onTurnStart`, `onTurnEnd`, `onRoundStart`…) through injected ports, so it runs the same in
 * Foundry (ports = Roll, document updates, chat) and in tests (ports = recorded dice, arrays).
 *
 * - Steps run in order; a step's `followUps` run right after it, `deferred` steps after the plan
 *   (FFd20 aftereffects begin once every save of the turn is rolled).
 * - Roll steps are decided by `ruleset.resolveTurnRoll`, damage steps by `ruleset.applyDamage`;
 *   rolls those answers request (death save after damage, recovery after a death save) are rolled
 *   and fed to `ruleset.resolveRoll` at once.
 * - The working context's actor and effect snapshots are kept current between steps, so a later
 *   step sees what an earlier one did (ongoing damage that drops a creature, then its save).
 * - An error in one step (a port that throws, a ruleset that refuses) is caught and reported
 *   (GM-only chat line + console); the remaining steps still run. The runner itself never throws.
 * - Every step that changes something yields one compact chat line with an undo record (the prior
 *   actor/effect snapshots) so the GM can put things back.
 */
import { clonePlain } from "../common.js";
import { gainLevelConditions } from "../effects.js";
import { stepActor } from "../turn-taken.js";
import type { Ruleset } from "../ruleset.js";
import type {
  ActorSource,
  CombatantSource,
  EffectSource,
  RollRequest,
  RollResult,
  RuleEvent,
  TurnContext,
  TurnStep,
} from "../types.js";
import { reachedTarget, runRequests } from "./requests.js";

/** One roll made by a step, for the chat line. */
interface RolledLine {
  request: RollRequest;
  result: RollResult;
  /** Whether it reached its target (null = no target). */
  success: boolean | null;
}

/** What the GM's Undo reverses: each actor before and after the step (undo applies the difference). */
export interface UndoRecord {
  /** Actor sources as they were before the step, and as the step left them (absent on older lines). */
  actors: { actorId: string; before: ActorSource; after?: ActorSource }[];
  /** Effects the step removed (to re-create). */
  removedEffects: { actorId: string; effect: EffectSource }[];
  /** Effects the step created (to delete). */
  addedEffects: { actorId: string; effectId: string }[];
  /** Effects the step changed, as they were before. */
  updatedEffects: { actorId: string; before: EffectSource }[];
  /**
   * [SYS-MONSTERS] Power items whose usage the step changed (a recharge at turn start), with their
   * usage fields as they were. Optional: absent = none.
   */
  items?: ItemUsageUndo[];
  /**
   * [FF-ACTIONPOINTS] Turn actions the step granted a combatant (an action point's extra action),
   * to take back. Optional: absent = none.
   */
  actions?: ActionGrantUndo[];
}

/** A turn action granted to a combatant of a combat. */
export interface ActionGrantUndo {
  combatId: string;
  combatantId: string;
  kind: string;
}

/** A power item's usage fields as they were before a turn step changed them. */
interface ItemUsageUndo {
  actorId: string;
  itemId: string;
  before: { used: boolean; uses: { spent: number; max: number }; bloodiedSeen?: boolean };
}

/** One compact chat line: what happened, to whom, the roll, and how to undo it. */
export interface ChatLine {
  /** i18n key of the headline (the step's label, or an event key). */
  key: string;
  /** Format data for `key`. */
  data: Record<string, string | number>;
  /** Actor the line is about (null for round-level notices). */
  actorId: string | null;
  /** Effect the step was about, if any. */
  effectId: string | null;
  /** Rules events the step produced (i18n keys + data), shown under the headline. */
  events: RuleEvent[];
  rolls: RolledLine[];
  /** Null when nothing changed (a notice), and on a posted line whose undo lives in its GM-only record. */
  undo: UndoRecord | null;
  /** On a posted line: its undo is kept in the summary's GM-only record (the GM's Undo reads it there). */
  undoable?: boolean;
  /** Set when the step failed: the error text; such lines are whispered to the GM. */
  error: string | null;
}

/** The Foundry-side (or test-side) effects of a plan. All async; any may throw. */
export interface TurnPorts {
  /** Roll a requested roll (Foundry `Roll`; tests return recorded dice). */
  roll(request: RollRequest): Promise<RollResult>;
  /**
   * Before a roll step is rolled ([SYS-HOOKS]): the request to roll (its target possibly moved, with
   * the lines saying who moved it), or null when a module cancelled it (nothing is rolled or changed).
   */
  beforeRoll?(request: RollRequest): { request: RollRequest; events: RuleEvent[] } | null;
  /** After a roll step was decided and written ([SYS-HOOKS]): what was rolled and what it did. */
  afterRoll?(request: RollRequest, result: RollResult, events: readonly RuleEvent[]): void;
  /** Write an actor's new source (one update). */
  applyActor(actorId: string, next: ActorSource, prior: ActorSource): Promise<void>;
  /** Create an effect on an actor; returns its new id. */
  addEffect(actorId: string, effect: Omit<EffectSource, "id">): Promise<string>;
  removeEffect(actorId: string, effectId: string): Promise<void>;
  updateEffect(actorId: string, effectId: string, changes: Partial<EffectSource>): Promise<void>;
  /** Reroll initiative for these combatants ([WD-INIT]). */
  rerollInitiative(combatantIds: string[]): Promise<void>;
  /** Post one chat line (error lines whispered to the GM). */
  post(line: ChatLine): Promise<void>;
  /** Console side of error reporting; defaults to `console.error`. */
  log?(message: string, error: unknown): void;
}

/** What a plan did. */
export interface PlanOutcome {
  /** The context with every actor/effect snapshot as the plan left it. */
  ctx: TurnContext;
  lines: ChatLine[];
  /** Steps that failed (also posted as error lines). */
  errors: { step: TurnStep; error: unknown }[];
}

/** Safety net against a ruleset whose follow-ups keep producing steps. */
const MAX_STEPS = 200;

const K = "D20C.Combat.Step";

function emptyUndo(): UndoRecord {
  return { actors: [], removedEffects: [], addedEffects: [], updatedEffects: [] };
}

function findByActor(ctx: TurnContext, actorId: string): CombatantSource | undefined {
  return ctx.combatants.find((c) => c.actorId === actorId);
}

/** Working combatants whose actor and effects are the plan's own copies (see {@link runPlan}). */
const ownCopies = new WeakSet<CombatantSource>();

/**
 * The working combatant of an actor a step is about to read or write, its actor and effects
 * copied the first time (so a plan copies only the documents it touches).
 */
function requireByActor(ctx: TurnContext, actorId: string): CombatantSource {
  const c = findByActor(ctx, actorId);
  if (!c) throw new Error(`no combatant in this combat for actor "${actorId}"`);
  if (!ownCopies.has(c)) {
    c.actor = clonePlain(c.actor);
    c.effects = clonePlain(c.effects);
    ownCopies.add(c);
  }
  return c;
}

/** Deep-merge plain `changes` into an actor source (objects merge, arrays and scalars replace). */
function mergeActorChanges(actor: ActorSource, changes: Partial<ActorSource>): ActorSource {
  const merge = (base: unknown, patch: unknown): unknown => {
    if (patch === undefined) return clonePlain(base);
    if (patch === null || typeof patch !== "object" || Array.isArray(patch)) return clonePlain(patch);
    if (base === null || typeof base !== "object" || Array.isArray(base)) return clonePlain(patch);
    const out: Record<string, unknown> = { ...(clonePlain(base) as Record<string, unknown>) };
    for (const [k, v] of Object.entries(patch as Record<string, unknown>)) out[k] = merge(out[k], v);
    return out;
  };
  return merge(actor, changes) as ActorSource;
}

function stepEffectId(step: TurnStep): string | null {
  if (step.kind === "roll") return step.request.effectId ?? null;
  if ("effectId" in step && typeof step.effectId === "string") return step.effectId;
  return null;
}

function stepKey(step: TurnStep): string {
  switch (step.kind) {
    case "roll":
      return step.request.label;
    case "updateEffect":
      return `${K}.effectUpdated`;
    case "rerollInitiative":
      return `${K}.rerollInitiative`;
    case "notice":
      return step.event.key;
    default:
      return step.label;
  }
}

function stepData(step: TurnStep, ctx: TurnContext): Record<string, string | number> {
  const actorId = stepActor(step);
  const c = actorId ? findByActor(ctx, actorId) : undefined;
  const effectId = stepEffectId(step);
  const effect = c && effectId ? c.effects.find((e) => e.id === effectId) : undefined;
  const given = step.kind === "notice" ? step.event.data : step.kind === "damage" ? step.data : undefined;
  const data: Record<string, string | number> = { ...(given ?? {}) };
  if (c) data.name ??= c.name;
  if (effect) data.effect ??= effect.name;
  if (step.kind === "addEffect") data.effect ??= step.effect.name;
  if (step.kind === "damage") data.amount ??= step.packet.amount;
  if (step.kind === "rerollInitiative") data.count = step.combatantIds.length;
  return data;
}

/**
 * Run a plan. Never throws: a failing step becomes an error line and the next step runs.
 * `ctx` is not mutated; the returned `ctx` holds the snapshots after the plan.
 */
export async function runPlan(
  ruleset: Ruleset,
  ctx: TurnContext,
  steps: readonly TurnStep[],
  ports: TurnPorts,
): Promise<PlanOutcome> {
  // The caller's context is never changed: every combatant is a shallow copy here, and the actor
  // and effects of the ones a step touches are copied on first touch (requireByActor). Steps only
  // ever replace a combatant's actor or effects, never edit the caller's objects.
  const work: TurnContext = {
    ...ctx,
    options: clonePlain(ctx.options),
    combatants: ctx.combatants.map((c) => ({ ...c })),
  };
  const lines: ChatLine[] = [];
  const errors: { step: TurnStep; error: unknown }[] = [];
  const queue: TurnStep[] = [...steps];
  const deferred: TurnStep[] = [];
  let count = 0;
  let deferredStarted = false;

  const log = ports.log ?? ((message: string, error: unknown) => console.error(message, error));

  const post = async (line: ChatLine) => {
    lines.push(line);
    try {
      await ports.post(line);
    } catch (err) {
      log("d20-combat | could not post a combat chat line", err);
    }
  };

  while (queue.length || (!deferredStarted && deferred.length)) {
    if (!queue.length) {
      deferredStarted = true;
      queue.push(...deferred.splice(0));
      continue;
    }
    const step = queue.shift() as TurnStep;
    if (++count > MAX_STEPS) {
      errors.push({ step, error: new Error("too many turn steps") });
      await post(errorLine(step, work, new Error(`stopped after ${MAX_STEPS} steps`)));
      break;
    }
    const data = stepData(step, work);
    try {
      const done = await runStep(ruleset, work, step, ports);
      queue.unshift(...done.followUps);
      if (deferredStarted) queue.push(...done.deferred);
      else deferred.push(...done.deferred);
      if (done.line) await post({ ...done.line, data: { ...data, ...done.line.data } });
    } catch (error) {
      errors.push({ step, error });
      log(`d20-combat | turn step "${step.kind}" failed; the rest of the turn goes on`, error);
      await post({ ...errorLine(step, work, error), data });
    }
  }
  return { ctx: work, lines, errors };
}

function errorLine(step: TurnStep, ctx: TurnContext, error: unknown): ChatLine {
  return {
    key: `${K}.failed`,
    data: stepData(step, ctx),
    actorId: stepActor(step),
    effectId: stepEffectId(step),
    events: [],
    rolls: [],
    undo: null,
    error: error instanceof Error ? error.message : String(error),
  };
}

interface StepDone {
  followUps: TurnStep[];
  deferred: TurnStep[];
  line: ChatLine | null;
}

function line(step: TurnStep, undo: UndoRecord | null, events: RuleEvent[] = [], rolls: RolledLine[] = []): ChatLine {
  return {
    key: stepKey(step),
    data: {},
    actorId: stepActor(step),
    effectId: stepEffectId(step),
    events,
    rolls,
    undo,
    error: null,
  };
}

/** Write a new actor source through the port and into the working snapshot. */
async function writeActor(
  work: TurnContext,
  actorId: string,
  next: ActorSource,
  ports: TurnPorts,
  undo: UndoRecord,
): Promise<void> {
  const c = requireByActor(work, actorId);
  const prior = c.actor;
  const entry = undo.actors.find((a) => a.actorId === actorId);
  if (entry) entry.after = clonePlain(next);
  else undo.actors.push({ actorId, before: clonePlain(prior), after: clonePlain(next) });
  await ports.applyActor(actorId, next, prior);
  for (const x of work.combatants) if (x.actorId === actorId) x.actor = clonePlain(next);
}

/** Roll `requests` (possibly for several actors) and resolve each on its actor. */
async function followRequests(
  ruleset: Ruleset,
  work: TurnContext,
  requests: readonly RollRequest[],
  ports: TurnPorts,
  undo: UndoRecord,
  events: RuleEvent[],
  rolls: RolledLine[],
): Promise<void> {
  let pending = [...requests];
  let guard = 0;
  while (pending.length && guard++ < 10) {
    const actorId = (pending[0] as RollRequest).actorId;
    const c = requireByActor(work, actorId);
    const out = await runRequests(ruleset, c.actor, actorId, pending, (r) => ports.roll(r), work.options);
    events.push(...out.events);
    rolls.push(...out.rolls);
    if (out.rolls.length) await writeActor(work, actorId, out.actor, ports, undo);
    // Requests for other actors go round again; leftovers for this actor (chain limit) are dropped.
    pending = out.skipped.filter((r) => r.actorId !== actorId);
  }
}

async function runStep(ruleset: Ruleset, work: TurnContext, step: TurnStep, ports: TurnPorts): Promise<StepDone> {
  const undo = emptyUndo();
  const none: StepDone = { followUps: [], deferred: [], line: null };
  switch (step.kind) {
    case "notice":
      return { ...none, line: line(step, null, [step.event]) };

    case "updateActor": {
      const c = requireByActor(work, step.actorId);
      await writeActor(work, step.actorId, mergeActorChanges(c.actor, step.changes), ports, undo);
      return { ...none, line: { ...line(step, undo), data: { ...(step.data ?? {}) } } };
    }

    case "damage": {
      const c = requireByActor(work, step.actorId);
      const result = ruleset.applyDamage(c.actor, step.packet, work.options, step.actorId);
      await writeActor(work, step.actorId, result.actor, ports, undo);
      const events = [...result.events];
      const rolls: RolledLine[] = [];
      await followRequests(ruleset, work, result.requests, ports, undo, events, rolls);
      return {
        ...none,
        line: {
          ...line(step, undo, events, rolls),
          data: { amount: step.packet.amount, dealt: result.dealt, hpLost: result.hpLost },
        },
      };
    }

    case "roll": {
      const pre = ports.beforeRoll ? ports.beforeRoll(step.request) : { request: step.request, events: [] };
      if (!pre) return { ...none, line: line(step, null, [{ key: "D20C.Hooks.Cancelled" }]) };
      const request = pre.request;
      const result = await ports.roll(request);
      const answer = ruleset.resolveTurnRoll(work, request, result);
      const rolls: RolledLine[] = [{ request, result, success: reachedTarget(request, result, ruleset) }];
      const events = [...pre.events, ...answer.events];
      const c = requireByActor(work, request.actorId);
      if (JSON.stringify(answer.actor) !== JSON.stringify(c.actor))
        await writeActor(work, request.actorId, answer.actor, ports, undo);
      await followRequests(ruleset, work, answer.requests, ports, undo, events, rolls);
      ports.afterRoll?.(request, result, events);
      const changed = undo.actors.length > 0;
      return {
        followUps: answer.followUps,
        deferred: answer.deferred,
        line: line(step, changed ? undo : null, events, rolls),
      };
    }

    case "addEffect": {
      const c = requireByActor(work, step.actorId);
      // A condition the game counts in levels (an aftereffect's exhaustion) is gained, as a hit's is.
      const leveled = gainLevelConditions(ruleset, c.actor, step.actorId, step.effect);
      if (leveled.actor !== c.actor) await writeActor(work, step.actorId, leveled.actor, ports, undo);
      if (!leveled.effect) return { ...none, line: line(step, undo, leveled.events) };
      const id = await ports.addEffect(step.actorId, clonePlain(leveled.effect));
      undo.addedEffects.push({ actorId: step.actorId, effectId: id });
      const incoming: EffectSource = { ...clonePlain(leveled.effect), id };
      // The game's stacking rule may drop or replace effects ([FF-ONGOING], [FF-DURATION]).
      const kept = ruleset.addEffect(c.effects, incoming, {
        order: work.combatants.map((x) => x.id),
        current: work.combatantId,
        bearerId: c.id,
      });
      const keptIds = new Set(kept.map((e) => e.id));
      for (const old of c.effects) {
        if (keptIds.has(old.id)) continue;
        await ports.removeEffect(step.actorId, old.id);
        undo.removedEffects.push({ actorId: step.actorId, effect: clonePlain(old) });
      }
      if (!keptIds.has(id)) await ports.removeEffect(step.actorId, id);
      c.effects = kept;
      return { ...none, line: line(step, undo, leveled.events) };
    }

    case "removeEffect": {
      const c = requireByActor(work, step.actorId);
      const effect = c.effects.find((e) => e.id === step.effectId);
      if (!effect) return none; // already gone (saved earlier this turn): nothing to do
      await ports.removeEffect(step.actorId, step.effectId);
      undo.removedEffects.push({ actorId: step.actorId, effect: clonePlain(effect) });
      c.effects = c.effects.filter((e) => e.id !== step.effectId);
      return { ...none, line: line(step, undo) };
    }

    case "updateEffect": {
      const c = requireByActor(work, step.actorId);
      const effect = c.effects.find((e) => e.id === step.effectId);
      if (!effect) return none;
      await ports.updateEffect(step.actorId, step.effectId, clonePlain(step.changes));
      undo.updatedEffects.push({ actorId: step.actorId, before: clonePlain(effect) });
      c.effects = c.effects.map((e) => (e.id === step.effectId ? { ...e, ...clonePlain(step.changes), id: e.id } : e));
      // Arming an effect is bookkeeping, not news: no chat line.
      return none;
    }

    case "rerollInitiative": {
      await ports.rerollInitiative([...step.combatantIds]);
      return { ...none, line: line(step, null) };
    }
  }
}
