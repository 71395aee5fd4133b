/**
 * What an act sets off ([SYS-ACTIONS]): after an attack, a spell or a token's move, the active
 * ruleset's `afterAct` says which creatures may answer with a reaction (provoked attacks, posted as
 * a prompt whispered to their owners) and what the act ends on the actor (hiding). Whose reach an
 * act happens in comes from the scene where it is read (src/canvas/scene-reading.ts); where it is
 * not (the setting off, gridless or hex scenes), the actor's user says.
 */
import { activeRuleset } from "../active-ruleset.js";
import {
  nearerOnScene,
  reachHoldingOnScene,
  reachLeftOnScene,
  reachLostOnScene,
  type MoveStart,
} from "../canvas/scene-reading.js";
import { isForcedUpdate, movementPath, onMoveToken } from "../compat/movement.js";
import { moveStopped } from "../engine/condition-rules.js";
import { SYSTEM_ID } from "../constants.js";
import type { ActInput, CombatantSource, TurnStep } from "../engine/types.js";
import { effectCreateData } from "../data/effects.js";
import { combatantIdOf, effectSources, engineSource } from "./foundry-docs.js";

/** The whispered prompt offered to another creature's owners (the procedures' prompt card). */
const PROMPT_TEMPLATE = `systems/${SYSTEM_ID}/templates/chat/prompt.hbs`;

/** An actor as the ruleset's combatant (its combatant id in the fight, else its UUID). */
function combatantSourceOf(actor: Actor.Implementation): CombatantSource {
  const combatant = game.combat?.combatants.contents.find((c) => c.actor?.uuid === actor.uuid) as
    { side?: unknown; initiative?: number | null } | undefined;
  const side =
    combatant?.side === "gm" || combatant?.side === "player" ? combatant.side : actor.hasPlayerOwner ? "player" : "gm";
  return {
    id: combatantIdOf(actor) ?? actor.uuid,
    actorId: actor.uuid,
    name: actor.name ?? "",
    // The ruleset only reads it: the actor's view, not a copy.
    actor: actor.engineView(),
    effects: effectSources(actor),
    initiative: combatant?.initiative ?? null,
    side,
    aware: true,
    defeated: false,
    seat: 0,
  };
}

/** The ports an act needs (Foundry's documents and chat, or test stand-ins). */
export interface ActPorts {
  /** Carry out one step on the actor (remove an effect, change its stored conditions). */
  step(actor: Actor.Implementation, step: TurnStep): Promise<void>;
  /** Offer a provoked attack to `reactor`'s owners. */
  prompt(reactor: Actor.Implementation, from: Actor.Implementation, reason: string): Promise<void>;
}

/** Foundry's side of an act: document writes and a whispered chat prompt. */
export const foundryActPorts: ActPorts = {
  step: async (actor, step) => {
    if (step.kind === "notice") {
      const data = Object.fromEntries(Object.entries(step.event.data ?? {}).map(([k, v]) => [k, String(v)]));
      ui.notifications?.warn(game.i18n.format(step.event.key, data));
    } else if (step.kind === "removeEffect") {
      if (actor.effects.has(step.effectId)) await actor.deleteEmbeddedDocuments("ActiveEffect", [step.effectId]);
    } else if (step.kind === "addEffect") {
      // The act's own running count (the movement spent this turn, [HD-ACTIONS]).
      await actor.createEmbeddedDocuments("ActiveEffect", [
        effectCreateData({ ...step.effect, name: game.i18n.localize(step.effect.name) }),
      ]);
    } else if (step.kind === "updateEffect") {
      // The effect's own running state (a hiding's feet moved), in its system data.
      await actor.effects.get(step.effectId)?.update({ flags: { [SYSTEM_ID]: { effect: step.changes } } });
    } else if (step.kind === "updateActor" && step.changes.conditions) {
      await actor.applyEngineActor({ ...engineSource(actor), conditions: step.changes.conditions });
    }
  },
  prompt: async (reactor, from, reason) => {
    const whisper = game.users.filter((u) => reactor.testUserPermission(u, "OWNER")).map((u) => u.id ?? "");
    const content = await foundry.applications.handlebars.renderTemplate(PROMPT_TEMPLATE, {
      title: game.i18n.format("D20C.Actions.Prompt.Title", { name: reactor.name ?? "" }),
      text: game.i18n.format("D20C.Acts.Provoked", {
        mover: from.name ?? "",
        foe: reactor.name ?? "",
        reason: game.i18n.localize(reason),
      }),
    });
    await ChatMessage.create({ content, whisper, speaker: ChatMessage.getSpeaker({ actor: reactor }) });
  },
};

/** A part of an act's steps: the notices to the actor's user, or the changes to documents. */
type StepPart = "notices" | "changes";

/** Whether `step` is in `part` (true: every step). */
function stepIn(part: boolean | StepPart, step: TurnStep): boolean {
  if (typeof part === "boolean") return part;
  return (step.kind === "notice") === (part === "notices");
}

/**
 * Let the ruleset answer an act of `actor` done within the reach of `within`: end what the act ends
 * on the actor, and prompt each creature that may take a provoked attack. Nothing in a game without
 * `afterAct`. Returns the ids of the creatures prompted.
 */
export async function answerAct(
  actor: Actor.Implementation,
  act: ActInput["act"],
  feet: number,
  within: readonly Actor.Implementation[],
  ports: ActPorts = foundryActPorts,
  /**
   * Which halves to carry out: the steps on the actor (all, none, or only its user's `notices` or
   * only the `changes` to documents), the prompts to others. Default both, all.
   */
  parts: { steps?: boolean | StepPart; prompts?: boolean } = {},
  /** A move: what the scene says of the rest of the combat (see `ActInput`). */
  around: { others?: Actor.Implementation[]; nearer?: Actor.Implementation[]; released?: Actor.Implementation[] } = {},
): Promise<string[]> {
  const ruleset = activeRuleset();
  if (!ruleset.afterAct) return [];
  const others = within.filter((w) => w.uuid !== actor.uuid);
  const ids = (list: readonly Actor.Implementation[]) => list.map((a) => combatantSourceOf(a).id);
  const outcome = ruleset.afterAct({
    act,
    feet,
    round: game.combat?.round ?? 1,
    actor: combatantSourceOf(actor),
    within: others.map(combatantSourceOf),
    ...(around.others ? { others: around.others.map(combatantSourceOf) } : {}),
    ...(around.nearer ? { nearer: ids(around.nearer) } : {}),
    ...(around.released ? { released: around.released.map(combatantSourceOf) } : {}),
  });
  // Steps on other creatures (a grip left behind) are the active GM's to carry out.
  const mine = outcome.steps.filter((s) => !("actorId" in s) || s.actorId === actor.uuid);
  const kept = mine.filter((s) => stepIn(parts.steps ?? true, s));
  if (parts.steps !== false) for (const step of kept) await ports.step(actor, step);
  const prompted: string[] = [];
  if (parts.prompts === false) return prompted;
  for (const p of outcome.provocations) {
    if (!p.canReact) continue;
    const reactor = others.find((o) => combatantSourceOf(o).id === p.reactorId);
    if (!reactor) continue;
    await ports.prompt(reactor, actor, p.reason);
    prompted.push(reactor.uuid);
  }
  return prompted;
}

/**
 * After the active GM has decided an attack card from the attacker's state, what attacking ends on
 * the attacker (hiding) is carried out: deciding first keeps the GM's reading of the card the same
 * as the attacker's (a hidden attacker's mighty roll).
 */
export async function endAfterAttack(attacker: Actor.Implementation, range: string): Promise<void> {
  await answerAct(attacker, range === "ranged" ? "rangedAttack" : "attack", 0, [], foundryActPorts, {
    prompts: false,
  });
}

/** A token's move: where it was and where it went, in scene pixels, and the scene's grid. */
interface TokenMove {
  from: MoveStart;
  to: { x: number; y: number };
  /** Pixels per grid square and the distance a square stands for (feet). */
  gridSize: number;
  gridDistance: number;
  /** The moved token, now at `to` (absent: its scene is not read and the user is asked). */
  token?: TokenDocument.Implementation;
  /** The waypoints passed between `from` and `to` (pixels; from the `moveToken` hook), if known. */
  waypoints?: readonly { x: number; y: number }[];
}

/** Feet moved, waypoint to waypoint in straight lines (the scene's own measurement is the battlefield code's). */
function feetMoved(move: TokenMove): number {
  const points = [move.from, ...(move.waypoints ?? []), move.to];
  let pixels = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as { x: number; y: number };
    const b = points[i] as { x: number; y: number };
    pixels += Math.hypot(b.x - a.x, b.y - a.y);
  }
  return Math.round((pixels / Math.max(1, move.gridSize)) * move.gridDistance);
}

/** The actor's user names whose reach it left or acts in, among `foes` (`ticked` start ticked). */
type ReachConfirm = (
  mover: Actor.Implementation,
  foes: Actor.Implementation[],
  ticked?: readonly Actor.Implementation[],
) => Promise<Actor.Implementation[]>;

/**
 * Which client answers what of a move ([SYS-PERM]). The `judge` (the active GM's client; with no
 * GM online, the mover's own, as nobody else can) decides what the move changes — provoked-attack
 * prompts, hiding ended, movement counted, a grip out of reach — from its own record of the move,
 * so a mover's client that skips its handler or forges its word changes nothing. The `mover` (the
 * client whose user moved the token) shows its user the warnings the move draws (frightened,
 * dragging), and where the scene is not read, asks its user whose reach the move left: that word
 * is all there is, so its prompts and what leaving those reaches ends come from the mover's client.
 */
interface MoveRole {
  judge: boolean;
  mover: boolean;
}

/**
 * A combatant's token moved: whose reach it left among the other side's combatants — from the
 * scene where it is read, else its user says — then answer the move ([HD-PROVOKE] provoked
 * attacks, [HD-HIDE] hiding ends past 10 ft), each part on the client `role` says.
 */
async function onTokenMoved(
  actor: Actor.Implementation,
  move: TokenMove,
  confirm: ReachConfirm,
  role: MoveRole,
  ports: ActPorts = foundryActPorts,
): Promise<string[]> {
  if (!activeRuleset().afterAct || !game.combat || !(role.judge || role.mover)) return [];
  const foes = foesInCombat(actor);
  const fromScene = foes.length && move.token ? reachLeftOnScene(move.token, move.from, foes, move.waypoints) : null;
  const read = fromScene !== null || !foes.length;
  const others = othersInCombat(actor);
  const nearer = move.token ? nearerOnScene(move.token, move.from, others) : null;
  const released = move.token && others.length ? reachLostOnScene(move.token, others) : null;
  const around = { others, ...(nearer ? { nearer } : {}), ...(released ? { released } : {}) };
  const feet = feetMoved(move);
  if (role.judge && role.mover) {
    const left = fromScene ?? (foes.length ? await confirm(actor, foes) : []);
    return answerAct(actor, "move", feet, left, ports, {}, around);
  }
  if (role.judge) {
    // Where the scene is not read, the mover's user says whose reach it left (on its client).
    return answerAct(actor, "move", feet, fromScene ?? [], ports, { steps: "changes", prompts: read }, around);
  }
  // The mover's client, the active GM's elsewhere: its user's warnings; and, where the scene is
  // not read, its user's word on whose reach it left, with what only that word changes.
  await answerAct(actor, "move", feet, [], ports, { steps: "notices", prompts: false }, around);
  if (read) return [];
  const left = await confirm(actor, foes);
  if (!left.length) return [];
  return answerAct(actor, "move", feet, left, onlyBeyond(actor, feet, around, ports), {}, around);
}

/**
 * Ports that carry out only the changes a move's answer makes beyond what it makes with nobody's
 * reach left (which the judge carries out): the mover's word adds prompts and what leaving those
 * reaches ends (a grip out of reach), nothing the judge does already.
 */
function onlyBeyond(
  actor: Actor.Implementation,
  feet: number,
  around: { others?: Actor.Implementation[]; nearer?: Actor.Implementation[]; released?: Actor.Implementation[] },
  ports: ActPorts,
): ActPorts {
  const ruleset = activeRuleset();
  const ids = (list: readonly Actor.Implementation[]) => list.map((a) => combatantSourceOf(a).id);
  const base = ruleset.afterAct?.({
    act: "move",
    feet,
    round: game.combat?.round ?? 1,
    actor: combatantSourceOf(actor),
    within: [],
    ...(around.others ? { others: around.others.map(combatantSourceOf) } : {}),
    ...(around.nearer ? { nearer: ids(around.nearer) } : {}),
    ...(around.released ? { released: around.released.map(combatantSourceOf) } : {}),
  });
  const done = new Set((base?.steps ?? []).map((s) => JSON.stringify(s)));
  return {
    step: (a, step) =>
      step.kind === "notice" || done.has(JSON.stringify(step)) ? Promise.resolve() : ports.step(a, step),
    prompt: ports.prompt,
  };
}

/** The other creatures of the current combat, each once. */
function othersInCombat(actor: Actor.Implementation): Actor.Implementation[] {
  const others: Actor.Implementation[] = [];
  for (const c of game.combat?.combatants.contents ?? [])
    if (c.actor && c.actor.uuid !== actor.uuid && !others.includes(c.actor)) others.push(c.actor);
  return others;
}

/**
 * On the active GM's client, after a creature in the combat changed (its data, an effect on it):
 * what its state now ends on the others ([HD-COND] a grappler incapacitated lets go at once).
 */
async function onCreatureChanged(actor: Actor.Implementation, ports: ActPorts = foundryActPorts): Promise<void> {
  // Run after the change's own handling, once the actor's prepared data (its statuses) is current.
  await Promise.resolve();
  const ruleset = activeRuleset();
  if (!ruleset.releasedBy || !game.combat || !game.users.activeGM?.isSelf) return;
  if (!game.combat.combatants.contents.some((c) => c.actor?.uuid === actor.uuid)) return;
  const others = othersInCombat(actor);
  const steps = ruleset.releasedBy(combatantSourceOf(actor), others.map(combatantSourceOf));
  for (const step of steps) {
    const other = "actorId" in step ? others.find((o) => o.uuid === step.actorId) : undefined;
    if (other) await ports.step(other, step);
  }
}

/**
 * On the active GM's client, after any user's move of a combatant's token: the creatures the
 * mover's reach no longer holds (left behind, read from the scene) go to the ruleset's answer to
 * the move, and what it ends on them is carried out here, where every creature may be changed
 * ([HD-COND] a grappler walking off lets go). The mover's own client answers for the mover.
 */
async function onMoveLeftBehind(
  actor: Actor.Implementation,
  token: TokenDocument.Implementation,
  feet: number,
  ports: ActPorts = foundryActPorts,
): Promise<void> {
  const ruleset = activeRuleset();
  if (!ruleset.afterAct || !game.combat || !game.users.activeGM?.isSelf) return;
  const others = othersInCombat(actor);
  const lost = others.length ? reachLostOnScene(token, others) : null;
  if (!lost?.length) return;
  const released = [...new Set(lost)];
  const outcome = ruleset.afterAct({
    act: "move",
    feet,
    round: game.combat.round ?? 1,
    actor: combatantSourceOf(actor),
    within: [],
    released: released.map(combatantSourceOf),
  });
  for (const step of outcome.steps) {
    const other = "actorId" in step ? released.find((r) => r.uuid === step.actorId) : undefined;
    if (other) await ports.step(other, step);
  }
}

/** The other side's creatures in the current combat (none outside combat). */
function foesInCombat(actor: Actor.Implementation): Actor.Implementation[] {
  const me = combatantSourceOf(actor);
  const foes: Actor.Implementation[] = [];
  for (const c of game.combat?.combatants.contents ?? []) {
    const a = c.actor;
    if (!a || a.uuid === actor.uuid) continue;
    if (combatantSourceOf(a).side !== me.side) foes.push(a);
  }
  return foes;
}

/** The Foundry dialog: a checkbox per foe under `question` (none ticked = none). */
function reachConfirm(question: string): ReachConfirm {
  return async (mover, foes, ticked = []) => {
    const rows = foes
      .map(
        (f, i) =>
          `<label class="d20c-reach-row"><input type="checkbox" name="foe${i}"${ticked.includes(f) ? " checked" : ""}> ${foundry.utils.escapeHTML(f.name ?? "")}</label>`,
      )
      .join("");
    try {
      const form = (await foundry.applications.api.DialogV2.input({
        window: { title: game.i18n.format("D20C.Acts.ReachTitle", { name: mover.name ?? "" }) },
        content: `<p>${game.i18n.localize(question)}</p>${rows}`,
        ok: { label: "D20C.Acts.ReachOk" },
        rejectClose: false,
      })) as Record<string, unknown> | null;
      return form ? foes.filter((_f, i) => form[`foe${i}`] === true) : [];
    } catch {
      return [];
    }
  };
}

/** "Whose reach did you leave?" after a combatant's token moved. */
const foundryReachConfirm: ReachConfirm = reachConfirm("D20C.Acts.ReachQuestion");

/** "Whose reach are you casting in?" when a spell is cast in combat ([HD-PROVOKE]). */
const foundryCastReachConfirm: ReachConfirm = reachConfirm("D20C.Acts.CastReachQuestion");

/**
 * Whose reach an attack is made in, for `answerAct` ([HD-PROVOKE]). A spell: the other side's
 * combatants whose reach holds the caster's token on the scene — asked of the caster's user with
 * those ticked, or taken as they are on a shift-click; where the scene is not read, the user ticks
 * them. A ranged attack: every foe whose reach holds the attacker on the scene (a shot at a distant
 * target made next to another foe provokes that foe); where the scene is not read, the targets the
 * dialog said it is made within reach of (`shotInReach`).
 */
export async function reachOfAttack(
  actor: Actor.Implementation,
  act: ActInput["act"],
  shotInReach: readonly Actor.Implementation[],
  fastForward: boolean,
): Promise<Actor.Implementation[]> {
  if (act === "castSpell") {
    const foes = activeRuleset().afterAct ? foesInCombat(actor) : [];
    if (!foes.length) return [];
    const held = reachHoldingOnScene(actor, foes);
    return held && fastForward ? held : foundryCastReachConfirm(actor, foes, held ?? []);
  }
  if (act !== "rangedAttack") return [];
  const held =
    game.combat || shotInReach.length
      ? reachHoldingOnScene(actor, game.combat ? foesInCombat(actor) : shotInReach)
      : null;
  return held ?? [...shotInReach];
}

/** Why this client's move of a token is stopped by its creature's conditions (i18n key), or null. */
function stoppedMove(doc: TokenDocument, options: Record<string, unknown>): string | null {
  const actor = doc.actor as Actor.Implementation | null;
  if (!actor || game.user?.isGM) return null;
  const table = activeRuleset().conditions;
  const conditions = actor.toEngineSource().conditions;
  const move = { ownTurn: true, forced: isForcedUpdate(doc.id ?? null, options), byGM: false };
  // Most moves: nothing in its conditions stops it, and the combat is not read at all.
  if (!moveStopped(table, conditions, move)) return null;
  const combat = game.combat;
  // Its own move is one on its own turn: moved on another's (dragged by its grappler) it is carried.
  const ownTurn = Boolean(combat?.started && combat.combatant?.actor?.uuid === actor.uuid);
  return moveStopped(table, conditions, { ...move, ownTurn });
}

/** Whether a token update moves it: across the scene, or up or down ([SYS-MONSTERS] flying, burrowing). */
function movedIn(change: Record<string, unknown>): boolean {
  return "x" in change || "y" in change || "elevation" in change;
}

/**
 * Wire token moves (Foundry's `moveToken` hook, on every client, after the update) to
 * {@link onTokenMoved} — judged on the active GM's client, its user's warnings on the mover's —
 * and to {@link onMoveLeftBehind} on the active GM's; a creature's change (its data, an effect on
 * it created or changed) to {@link onCreatureChanged} on the active GM's. Where a move started
 * and the waypoints it passed are Foundry's record of the move (the hook's `origin` and
 * `passed.waypoints`), never a client's note in the update's options: a forged waypoint can only
 * lengthen the path it is measured along, never move its ends.
 */
export function registerActHooks(): void {
  const changed = (doc: Actor.Implementation | ActiveEffect.Implementation["parent"]) => {
    // An effect's parent may be an item (its transferred effects): only creatures count.
    if (doc?.documentName !== "Actor") return;
    void onCreatureChanged(doc as Actor.Implementation).catch((err) =>
      console.error(`${SYSTEM_ID} | what a creature's change ends on others`, err),
    );
  };
  Hooks.on("updateActor", (actor: Actor.Implementation) => changed(actor));
  Hooks.on("createActiveEffect", (effect: ActiveEffect.Implementation) => changed(effect.parent));
  Hooks.on("updateActiveEffect", (effect: ActiveEffect.Implementation) => changed(effect.parent));
  Hooks.on(
    "preUpdateToken",
    (doc: TokenDocument, change: Record<string, unknown>, options: Record<string, unknown>) => {
      if (!movedIn(change)) return;
      // [SYS-MONSTERS] a condition that leaves the creature speed 0 stops its own move (not a forced one).
      const stopped = stoppedMove(doc, options);
      if (stopped) {
        ui.notifications?.warn(game.i18n.format(stopped, { name: doc.name ?? "" }));
        return false;
      }
    },
  );
  // v13 and v14: after the update, every client hears the move with its origin and the waypoints it
  // passed (src/compat/movement.ts); reach is judged along them ([HD-PROVOKE]).
  onMoveToken((doc, movement, _operation, user) => {
    if (!doc.actor) return;
    const path = movementPath(movement);
    if (!path) return;
    const gm = game.users.activeGM;
    const mover = Boolean((user as { isSelf?: unknown } | null)?.isSelf);
    const role: MoveRole = { judge: gm ? Boolean(gm.isSelf) : mover, mover };
    if (!role.judge && !role.mover) return;
    const grid = doc.parent?.grid;
    const to = { x: doc.x, y: doc.y };
    const last = path.waypoints.at(-1);
    const waypoints = last && last.x === to.x && last.y === to.y ? path.waypoints.slice(0, -1) : path.waypoints;
    const move: TokenMove = {
      from: path.origin,
      to,
      gridSize: grid?.size ?? 100,
      gridDistance: grid?.distance ?? 5,
      token: doc,
      waypoints,
    };
    void onTokenMoved(doc.actor, move, foundryReachConfirm, role).catch((err) =>
      console.error(`${SYSTEM_ID} | provoked attacks after a move`, err),
    );
    // What the move leaves behind is read on the GM's client from where the tokens stand now.
    if (gm?.isSelf)
      void onMoveLeftBehind(doc.actor, doc, feetMoved(move)).catch((err) =>
        console.error(`${SYSTEM_ID} | what a move leaves behind`, err),
      );
  });
}
