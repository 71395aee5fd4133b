/**
 * Table procedures from the sheet's Actions panel ([SYS-ACTIONS]): gather what the procedure reads
 * (the actor, targeted tokens, the other combatants, the actor's effects, the combatant's memory),
 * ask the active ruleset by procedure id (`planProcedure` → the rolls, `resolveProcedure` → what
 * they did), roll with Foundry, write the changed documents, spend the action, post the card and
 * any prompt to another creature's side. No game is named here: the ruleset decides everything.
 */
import { activeRuleset, ruleOptions } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import {
  aimRefusal,
  procedureNumbers,
  type CreaturePlace,
  type ProcedureEffect,
  type ActionsLeft,
  type ProcedureCreature,
  type ProcedureInput,
  type ProcedureOutcome,
  type ProcedurePrompt,
  type ProcedureRoll,
  type ProcedureSpec,
} from "../engine/actions.js";
import type { ActorSource, EffectSource, RollRequest, RollResult } from "../engine/types.js";
import type { SaveRoll } from "../dice/rolls.js";
import {
  actionsLeftOf,
  combatantOfActor,
  controlledBy,
  procedureMemoryOf,
  spendForActor,
  writeProcedureMemory,
  type EconomyCombat,
  type EconomyCombatant,
} from "./actions.js";
import { postRequestRolls } from "./apply-damage.js";
import { effectCreateData } from "../data/effects.js";
import { actorFromUuid, effectSources, rollDataFor, rollRequest } from "./foundry-docs.js";
import { reachedTarget, type ResolvedRequest } from "../engine/plans/requests.js";
import { withActorQueue } from "./actor-queue.js";
import { scenesOf, targetFacts } from "./card-ledger.js";
import { forgedTargets } from "../engine/plans/card-secrets.js";
import {
  anyAsker,
  askGM,
  isShortText,
  routeToGM,
  type ActionReport,
  type Asker,
  type RelayRequest,
} from "../socket.js";
import { sceneReadingOn } from "../settings-scene.js";
import { afterActionHook, mayGoAhead } from "./hooks.js";
import { fearSourceUnseenOnScene } from "../canvas/scene-reading.js";

/** The actor surface a procedure reads and writes (the system Actor, or a stand-in). */
export interface ProcedureActor {
  uuid: string;
  name: string | null;
  isOwner: boolean;
  toEngineSource(): ActorSource;
  applyEngineActor(next: ActorSource): Promise<unknown>;
  effects: Iterable<unknown> & { get(id: string): { update(data: object): Promise<unknown> } | undefined };
}

/** What Foundry I/O a procedure needs, injected so tests can stand in for it. */
export interface ProcedurePorts {
  /** The actors of the user's targeted tokens. */
  targets(): ProcedureActor[];
  /** The actor's own effects as the engine reads them. */
  effects(actor: ProcedureActor): EffectSource[];
  roll(request: RollRequest): Promise<{ roll: SaveRoll | null; result: RollResult }>;
  /** Post the procedure's card (its rolls and what they did). */
  post(
    actor: ProcedureActor,
    title: string,
    rolls: { resolved: ResolvedRequest; roll: SaveRoll | null }[],
    events: ProcedureOutcome["events"],
  ): Promise<void>;
  /** Post a prompt to the side of the creature (whispered to its owners). */
  prompt(creature: ProcedureActor, from: ProcedureActor, prompt: ProcedurePrompt): Promise<void>;
  /** Create an effect on a creature (the actor or another); nothing when it is gone. */
  addEffect(on: ProcedureActor | undefined, effect: Omit<EffectSource, "id">): Promise<void>;
  /** Remove one of a creature's effects by id; nothing when it is gone. */
  removeEffect(on: ProcedureActor | undefined, effectId: string): Promise<void>;
  warn(key: string, data?: Record<string, string>): void;
  /**
   * Where the creature's token stands on the viewed square-grid scene (`targeted`: the token the
   * user targeted); null when the scene is not read. Absent = positions are never read.
   */
  place?(a: ProcedureActor, targeted: boolean): CreaturePlace | null;
  /**
   * [HD-COND] Whether the sources of the creature's fear are all out of its token's sight on the
   * viewed scene (true), one is in sight (false), or the scene cannot tell (null). Absent = not read.
   */
  fearSourceUnseen?(a: ProcedureActor): boolean | null;
  /**
   * Hand the procedure to the active GM when it is aimed at creatures this user cannot write; true
   * when it went (the GM plans, rolls and writes it), false when it runs here (no GM online).
   */
  viaGM?(request: ProcedureRequest): Promise<boolean>;
}

/** A creature as a procedure reads it: its source, effects, and its combatant (id, side) when in the fight. */
function creature(
  a: ProcedureActor,
  combat: EconomyCombat | null | undefined,
  effects: (a: ProcedureActor) => EffectSource[],
): ProcedureCreature {
  const c = combatantOfActor(combat, a.uuid) as (EconomyCombatant & { side?: unknown }) | null;
  const side = c?.side === "player" || c?.side === "gm" ? c.side : null;
  return {
    id: a.uuid,
    name: a.name ?? "",
    actor: a.toEngineSource(),
    effects: effects(a),
    combatantId: c?.id ?? null,
    ...(side ? { side } : {}),
  };
}

/** The other combatants' actors (not the actor's own), each once. */
function otherActors(combat: EconomyCombat | null | undefined, self: string): ProcedureActor[] {
  const out = new Map<string, ProcedureActor>();
  for (const c of combat?.combatants.contents ?? []) {
    const a = (c as { actor?: ProcedureActor | null }).actor;
    if (a && a.uuid !== self && typeof a.toEngineSource === "function") out.set(a.uuid, a);
  }
  return [...out.values()];
}

/** What the user picked in the procedure's row: a choice key or effect id, and the numbers entered. */
export interface ProcedurePick {
  choice: string | null;
  numbers: Record<string, unknown>;
}

/**
 * The effects a procedure may act on: the actor's own, and those on other combatants' actors that
 * its combatant made (their `sourceCombatantId`), each with its holder.
 */
function procedureEffects(
  actor: ProcedureActor,
  others: readonly ProcedureActor[],
  combatantId: string | null,
  ports: ProcedurePorts,
): ProcedureEffect[] {
  const own = ports.effects(actor).map((e) => ({ ...e, holderId: actor.uuid, holderName: actor.name ?? "" }));
  if (!combatantId) return own;
  const made = others.flatMap((o) =>
    ports
      .effects(o)
      .filter((e) => e.sourceCombatantId === combatantId)
      .map((e) => ({ ...e, holderId: o.uuid, holderName: o.name ?? "" })),
  );
  return [...own, ...made];
}

/**
 * The creatures a procedure is aimed at besides the actor: its targeted tokens' actors, or the
 * holder of the effect picked in its row.
 */
function aimedAt(
  spec: ProcedureSpec,
  input: ProcedureInput,
  targets: readonly ProcedureActor[],
  docs: ReadonlyMap<string, ProcedureActor>,
): ProcedureActor[] {
  if (spec.aim === "target" || spec.aim === "targets") return [...targets];
  if (spec.aim !== "effect") return [];
  const holder = input.effects.find((e) => e.id === input.choice)?.holderId;
  const doc = holder && holder !== input.actorId ? docs.get(holder) : undefined;
  return doc ? [doc] : [];
}

/**
 * Carry out the procedure `id` for `actor` with what the user picked in its row. Returns what it
 * did, or null when it was refused (the user is told why) or unknown.
 */
export async function useProcedure(
  actor: ProcedureActor,
  id: string,
  pick: ProcedurePick,
  ports: ProcedurePorts,
  combat: EconomyCombat | null | undefined = game.combat as EconomyCombat | null | undefined,
): Promise<ProcedureOutcome | null> {
  const ruleset = activeRuleset();
  const spec = ruleset.procedures?.find((p) => p.id === id);
  if (!spec || !ruleset.planProcedure || !ruleset.resolveProcedure) return null;
  // [SYS-HOOKS] modules on the client that carries it out may cancel it.
  if (!mayGoAhead("preProcedure", actor, { procedureId: id, choice: pick.choice, numbers: pick.numbers })) return null;
  const c = combatantOfActor(combat, actor.uuid);
  const targets = ports.targets();
  const others = otherActors(combat, actor.uuid);
  const docs = new Map<string, ProcedureActor>([...others, ...targets].map((a) => [a.uuid, a]));
  const self = creature(actor, combat, ports.effects);
  const input: ProcedureInput = {
    actor: self.actor,
    actorId: actor.uuid,
    place: ports.place?.(actor, false) ?? null,
    fearSourceUnseen: ports.fearSourceUnseen?.(actor) ?? null,
    targets: targets.map((t) => ({ ...creature(t, combat, ports.effects), place: ports.place?.(t, true) ?? null })),
    others: others.map((o) => creature(o, combat, ports.effects)),
    combatantId: self.combatantId ?? null,
    ...(self.side ? { side: self.side } : {}),
    effects: procedureEffects(actor, others, c?.id ?? null, ports),
    choice: pick.choice,
    numbers: procedureNumbers(spec, pick.numbers),
    round: combat?.started !== false && combat ? combat.round : null,
    ownTurn: Boolean(c && combat?.combatant?.id === c.id),
    memory: c ? procedureMemoryOf(c) : { bands: {}, marks: {} },
    options: ruleOptions(),
  };
  const refusal = aimRefusal(spec, input) ?? ruleset.planProcedure(id, input).refusal;
  if (refusal) {
    ports.warn(refusal);
    return null;
  }
  // Aimed at a creature this user cannot write: the active GM carries it out from its own documents,
  // before anything is rolled here (a roll made here never counts twice).
  const foreign = aimedAt(spec, input, targets, docs).some((d) => !d.isOwner);
  if (foreign && ports.viaGM && !game.user?.isGM) {
    const request: ProcedureRequest = {
      actorUuid: actor.uuid,
      procedureId: id,
      choice: pick.choice,
      numbers: input.numbers,
      targetUuids: targets.map((t) => t.uuid),
    };
    if (await ports.viaGM(request)) return null;
  }
  const plan = ruleset.planProcedure(id, input);
  const rolls: ProcedureRoll[] = [];
  const made: { resolved: ResolvedRequest; roll: SaveRoll | null }[] = [];
  for (const request of plan.requests) {
    const { roll, result } = await ports.roll(request);
    rolls.push({ request, result });
    made.push({ resolved: { request, result, success: reachedTarget(request, result, ruleset) }, roll });
  }
  const outcome = ruleset.resolveProcedure(id, input, rolls);
  // Check every write first, so a refused one changes nothing at all.
  const holders = outcome.effectChanges.map((c) => c.holderId).filter((h) => h !== actor.uuid);
  const effectKeys = [...(outcome.addEffects ?? []), ...(outcome.removeEffects ?? [])].flatMap((e) =>
    e.creatureId ? [e.creatureId] : [],
  );
  for (const key of new Set([...Object.keys(outcome.creatures), ...holders, ...effectKeys])) {
    const doc = docs.get(key);
    if (!doc || !(doc.isOwner || game.user?.isGM)) {
      ports.warn("D20C.Actions.Refused.NotWritable", { name: doc?.name ?? key });
      return null;
    }
  }
  if (outcome.actor) await actor.applyEngineActor(outcome.actor);
  for (const [key, next] of Object.entries(outcome.creatures)) await docs.get(key)?.applyEngineActor(next);
  for (const { holderId, id: effectId, changes } of outcome.effectChanges) {
    const holder = holderId === actor.uuid ? actor : docs.get(holderId);
    await holder?.effects.get(effectId)?.update({ flags: { [SYSTEM_ID]: { effect: changes } } });
  }
  const holder = (key: string | null): ProcedureActor | undefined => (key === null ? actor : docs.get(key));
  for (const { creatureId, effectId } of outcome.removeEffects ?? [])
    await ports.removeEffect(holder(creatureId), effectId);
  for (const { creatureId, effect } of outcome.addEffects ?? []) await ports.addEffect(holder(creatureId), effect);
  if (c && outcome.memory) await writeProcedureMemory(c, outcome.memory);
  if (outcome.spend) await spendForActor(actor, outcome.spend, combat);
  await ports.post(actor, spec.label, made, outcome.events);
  afterActionHook("procedure", actor, { procedureId: id, events: outcome.events });
  for (const prompt of outcome.prompts) {
    const to = docs.get(prompt.creatureId);
    if (to) await ports.prompt(to, actor, prompt);
  }
  return outcome;
}

const PROMPT_TEMPLATE = `systems/${SYSTEM_ID}/templates/chat/prompt.hbs`;

/** The actors of this user's targeted tokens. */
function targetedActors(): Actor.Implementation[] {
  return [...game.user.targets].flatMap((t) => (t.actor ? [t.actor] : []));
}

/** The token UUIDs of {@link targetedActors}, in the same order (what a request to the GM names). */
function targetedTokenUuids(): string[] {
  return [...game.user.targets].flatMap((t) => (t.actor ? [t.document.uuid] : []));
}

/**
 * Where `actor`'s token stands on the viewed scene, in squares: its token this user targeted (for a
 * target), else its controlled one, else its first there. Read only with the scene reading on and a
 * square grid; null otherwise (gridless or theatre-of-the-mind play), and then the procedure takes
 * the user's targeting as given.
 */
function placeOf(actor: Actor.Implementation, targeted: boolean): CreaturePlace | null {
  if (!sceneReadingOn() || !canvas?.ready || !canvas.scene || !canvas.grid) return null;
  if (canvas.scene.grid.type !== CONST.GRID_TYPES.SQUARE) return null;
  const own = (t: foundry.canvas.placeables.Token) => t.actor === actor;
  const token =
    (targeted ? [...game.user.targets].find(own) : canvas.tokens?.controlled.find(own)) ??
    actor.getActiveTokens().find((t) => t.scene === canvas?.scene);
  if (!token) return null;
  const square = canvas.grid.size;
  const { x, y, width } = token.document;
  return { x: Math.round(x / square), y: Math.round(y / square), size: Math.max(1, Math.round(width ?? 1)) };
}

/**
 * The Foundry ports of a procedure used from `sheetActor`'s sheet, aimed at the user's targeted
 * tokens, or (on the GM's client, for a player) at the targets the request named.
 */
export function foundryProcedurePorts(
  sheetActor: Actor.Implementation,
  named: Actor.Implementation[] | null = null,
): ProcedurePorts {
  const targets = (): Actor.Implementation[] => named ?? targetedActors();
  return {
    targets,
    effects: (a) => effectSources(a as unknown as Actor.Implementation),
    roll: async (request) => {
      // The roller's data: the sheet's actor, or the target or other combatant the request names.
      return rollRequest(request, rollDataFor(request.actorId, [sheetActor, ...targets()]));
    },
    post: async (_a, title, rolls, events) => {
      const made = rolls.flatMap((r) => (r.roll ? [{ resolved: r.resolved, roll: r.roll }] : []));
      await postRequestRolls(sheetActor, title, made, events);
    },
    prompt: async (to, from, prompt) => {
      const doc = to as unknown as Actor.Implementation;
      const whisper = game.users.filter((u) => doc.testUserPermission(u, "OWNER")).map((u) => u.id ?? "");
      const content = await foundry.applications.handlebars.renderTemplate(PROMPT_TEMPLATE, {
        title: game.i18n.format("D20C.Actions.Prompt.Title", { name: to.name ?? "" }),
        text: game.i18n.format(prompt.key, { ...(prompt.data ?? {}), mover: from.name ?? "", foe: to.name ?? "" }),
      });
      await ChatMessage.create({ content, whisper, speaker: ChatMessage.getSpeaker({ actor: doc }) });
    },
    warn: (key, data) => ui.notifications?.warn(data ? game.i18n.format(key, data) : game.i18n.localize(key)),
    place: (a, targeted) => placeOf(a as unknown as Actor.Implementation, targeted),
    fearSourceUnseen: (a) => fearSourceUnseenOnScene(activeRuleset(), a as unknown as Actor.Implementation),
    addEffect: async (on, effect) => {
      const doc = on as unknown as Actor.Implementation | undefined;
      if (!doc) return;
      await doc.createEmbeddedDocuments("ActiveEffect", [
        effectCreateData({ ...effect, name: game.i18n.localize(effect.name) }),
      ]);
    },
    removeEffect: async (on, effectId) => {
      const doc = on as unknown as Actor.Implementation | undefined;
      if (doc?.effects.has(effectId)) await doc.deleteEmbeddedDocuments("ActiveEffect", [effectId]);
    },
    viaGM: async (request) => {
      if (named || !game.users.activeGM) return false;
      // The GM checks the tokens themselves (on a scene, not hidden), as it does a card's targets.
      await routeToGM(() => askGM(PROCEDURE_REQUEST, { ...request, targetUuids: targetedTokenUuids() }));
      return true;
    },
  };
}

/**
 * A table procedure of the Actions panel the asker's character uses on creatures the asker cannot
 * write (a foe's effect it sustains, a patient it helps): the GM's client plans, rolls and writes it
 * from its own documents.
 */
export interface ProcedureRequest {
  actorUuid: string;
  procedureId: string;
  choice: string | null;
  numbers: Record<string, number>;
  targetUuids: string[];
}

/** At most this many targets or numbers in one procedure request. */
const MAX_REQUEST_ITEMS = 20;

/** A procedure request's data, or null when anything in it is malformed. Pure. */
function readProcedure(d: Record<string, unknown>): ProcedureRequest | null {
  if (!isShortText(d.actorUuid) || !isShortText(d.procedureId)) return null;
  if (d.choice !== null && !isShortText(d.choice)) return null;
  const targets = d.targetUuids;
  if (!Array.isArray(targets) || targets.length > MAX_REQUEST_ITEMS || !targets.every(isShortText)) return null;
  const given = d.numbers;
  if (typeof given !== "object" || given === null) return null;
  const entries = Object.entries(given);
  if (entries.length > MAX_REQUEST_ITEMS) return null;
  const numbers: Record<string, number> = {};
  for (const [k, v] of entries) {
    if (!isShortText(k) || typeof v !== "number" || !Number.isFinite(v)) return null;
    numbers[k] = v;
  }
  return {
    actorUuid: d.actorUuid,
    procedureId: d.procedureId,
    choice: d.choice,
    numbers,
    targetUuids: [...targets],
  };
}

/**
 * The relay's procedure request: the acting character, the procedure, its choice and numbers, the
 * targeted tokens; anyone may ask (the work checks the asker owns the actor and could have
 * targeted those tokens); the GM's client plans, rolls and writes it. Nothing undoes it.
 */
export const PROCEDURE_REQUEST: RelayRequest<ProcedureRequest> = {
  action: "procedure",
  read: readProcedure,
  mayAsk: anyAsker,
  run: (data, asker) => procedureHere(data, asker),
  undoneBy: null,
};

/**
 * The active GM carries out a player's procedure ([SYS-PERM]): the asker (as the transport named
 * them) must own the acting character; the targets are the tokens the request names, each one the
 * asker could have targeted (a token on a scene, listed once, not hidden unless the asker is a
 * GM: the check a posted card's targets pass), and their actors; then the
 * procedure is planned, rolled and written here from this client's documents, in the queues of
 * every actor it reads, exactly as the GM's own click would (the ruleset refuses what the GM's
 * state does not allow: another creator's effect, a made-up one, a patient who is not dying).
 */
async function procedureHere(data: ProcedureRequest, asker: Asker): Promise<ActionReport> {
  const user = game.users.get(asker.id);
  const actor = await actorFromUuid(data.actorUuid);
  if (!user || !actor) return { ok: false, message: "D20C.Actions.Route.NoActor" };
  if (!actor.testUserPermission(user, "OWNER"))
    return { ok: false, message: "D20C.Actions.Route.NotYours", data: { name: actor.name ?? "" } };
  const targets: Actor.Implementation[] = [];
  for (const uuid of data.targetUuids) {
    const target = await actorFromUuid(uuid);
    if (!target) return { ok: false, message: "D20C.Actions.Route.NoTarget" };
    targets.push(target);
  }
  const forged = forgedTargets(await targetFacts(data.targetUuids), user.isGM, await scenesOf(actor.uuid));
  if (forged === "scene")
    return { ok: false, message: "D20C.Actions.Route.OtherScene", data: { name: actor.name ?? "" } };
  if (forged) return { ok: false, message: "D20C.Actions.Route.NotTargetable" };
  const combat = game.combat as EconomyCombat | null | undefined;
  const keys = [actor, ...targets, ...otherActors(combat, actor.uuid)].map((a) => a.uuid);
  return withActorQueue(keys, async () => {
    let refusal: ActionReport | null = null;
    const ports: ProcedurePorts = {
      ...foundryProcedurePorts(actor, targets),
      warn: (message, data) => void (refusal ??= { ok: false, message, ...(data ? { data } : {}) }),
    };
    const pick = { choice: data.choice, numbers: data.numbers };
    const outcome = await useProcedure(actor, data.procedureId, pick, ports, combat);
    if (!outcome) return refusal ?? { ok: false, message: "D20C.Actions.Route.Unknown" };
    const label = activeRuleset().procedures?.find((p) => p.id === data.procedureId)?.label ?? "";
    return {
      ok: true,
      message: "D20C.Actions.Route.Done",
      data: { name: actor.name ?? "", procedure: game.i18n.localize(label) },
    };
  });
}

/** A creature that acts on the actor's turn instead of its own, as the panel shows it. */
export interface ControlledInput {
  uuid: string;
  name: string;
  /** Its combatant's actions left. */
  actionsLeft: ActionsLeft | null;
  /** Whether this user may act with it (its owner, or the GM). */
  mayAct: boolean;
  /** The ids of the game's procedures offered for it (the ruleset's `actsOnTurnOf`). */
  procedures: readonly string[];
  /** Its attacks (powers and weapons) by item id. */
  attacks: readonly { id: string; name: string }[];
}

/** The Actions panel's input for an actor's sheet: its combatant's actions left and the effects it may act on. */
export function sheetActionsInput(actor: Actor.Implementation): {
  actionsLeft: ActionsLeft | null;
  effects: ProcedureEffect[];
  notes: { key: string; value?: number }[];
  controlled: ControlledInput[];
  statuses: string[];
} {
  const combat = game.combat as EconomyCombat | null | undefined;
  const c = combatantOfActor(combat, actor.uuid);
  const ports = foundryProcedurePorts(actor);
  const effects = procedureEffects(actor, otherActors(combat, actor.uuid), c?.id ?? null, ports);
  const ruleset = activeRuleset();
  const notes = ruleset.turnNotes?.(actor.toEngineSource()) ?? [];
  // [HD-MOUNT] the creatures acting on this actor's turn (its ridden mount), with their attacks.
  const controlled = controlledBy(combat, c ?? { id: null }).flatMap(({ combatant, procedures }) => {
    const other = combatant.actor as unknown as Actor.Implementation | null;
    if (!other) return [];
    const attacks = [...other.items]
      .filter((i) => i.type === "power" || i.type === "weapon")
      .map((i) => ({ id: i.id ?? "", name: i.name ?? "" }));
    const mayAct = Boolean(game.user?.isGM) || other.isOwner;
    return [
      {
        uuid: other.uuid,
        name: other.name ?? "",
        actionsLeft: actionsLeftOf(ruleset, combatant),
        mayAct,
        procedures,
        attacks,
      },
    ];
  });
  // [SYS-ACTIONS] its conditions (listed and its effects' statuses): the panel lists what is open to it (issue 45).
  const statuses = actor.toEngineSource().conditions;
  return { actionsLeft: c ? actionsLeftOf(ruleset, c) : null, effects, notes, controlled, statuses };
}

/**
 * The creature `uuid` when it acts on `actor`'s turn in the current combat (its ridden mount) and
 * this user may act with it, else null: what the sheet's Actions panel uses or attacks with.
 */
export function controlledActor(actor: Actor.Implementation, uuid: string): Actor.Implementation | null {
  const combat = game.combat as EconomyCombat | null | undefined;
  const c = combatantOfActor(combat, actor.uuid);
  const found = controlledBy(combat, c ?? { id: null }).find((x) => x.combatant.actor?.uuid === uuid);
  const other = (found?.combatant.actor ?? null) as unknown as Actor.Implementation | null;
  return other && (game.user?.isGM || other.isOwner) ? other : null;
}
