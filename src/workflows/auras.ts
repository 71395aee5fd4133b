/**
 * Auras in play ([SYS-MONSTERS], [SYS-CANVAS]): where the tokens stand is read from the scene (the
 * same reading as reach and cover: squares, footprints, elevation) and the pure aura rules
 * (src/engine/auras.ts) say which auras touch whom; what they do runs through the turn runner with
 * the combat's ports, so each damage and condition is a line of the turn summary with the GM's Undo.
 *
 * - At a combatant's turn start (src/documents/combat.ts): the `turnStart` auras (and `within`
 *   conditions) holding its token. On a gridless scene the GM ticks which auras hold it.
 * - After a combatant's token moves (the active GM's client): the `enter` auras (and `within`
 *   conditions) the move brought it into. Where the move started is the GM's own record of where
 *   the token last stood, falling back to the mover's word the first time the GM sees the token.
 * - On an attack (src/workflows/attack.ts): the `within` modifiers holding the attacker and the
 *   target, as a scene note on the situational bonus.
 *
 * Foundry I/O only; every decision is the engine's.
 */
import { activeRuleset } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import { auraModifier, aurasEntered, aurasOn, auraSteps, type AuraCreature, type AuraHit } from "../engine/auras.js";
import { runPlan, type TurnPorts } from "../engine/plans/turns.js";
import type { Ruleset } from "../engine/ruleset.js";
import type { ActorSource, RollRequest, TurnContext } from "../engine/types.js";
import { sceneReadingOn } from "../settings-scene.js";
import { elevationSquares } from "../canvas/elevation.js";
import type { AttackSceneReading, MoveStart } from "../canvas/scene-reading.js";
import { movementPath, onMoveToken } from "../compat/movement.js";
import { withActorQueue } from "./actor-queue.js";

/** What is read of a token document. */
interface AuraTokenDoc {
  id: string | null;
  uuid?: string;
  x: number;
  y: number;
  width: number;
  disposition: number;
  elevation?: number | null;
  actor: { uuid: string; name: string | null; toEngineSource(): ActorSource } | null;
  parent?: AuraScene | null;
}

/** What is read of a scene: its grid and its tokens. */
interface AuraScene {
  id?: string | null;
  grid: { type: number; size: number; distance?: number };
  tokens: { contents: readonly AuraTokenDoc[] };
}

/** The combat as the aura steps use it (the real D20Combat). */
export interface AuraCombat {
  combatants: { contents: readonly { id: string | null; tokenId?: string | null; actor: { uuid: string } | null }[] };
  turnContext(combatantId: string | null, round?: number): TurnContext;
  turnPorts(ctx: TurnContext, summary?: { kind: "event" }): TurnPorts & { flush(): Promise<void> };
  combatant: { id: string | null } | null;
  scene?: unknown;
}

/** Whether positions on `scene` are read by squares (a square grid), exactly (gridless), or not at all (hex, setting off). */
function readingOf(scene: AuraScene | null | undefined): "square" | "gridless" | null {
  if (!scene || !sceneReadingOn()) return null;
  if (scene.grid.type === CONST.GRID_TYPES.SQUARE) return "square";
  if (scene.grid.type === CONST.GRID_TYPES.GRIDLESS) return "gridless";
  return null;
}

/** The creatures on `scene` as the aura rules read them (tokens without an actor are left out). */
function auraCreatures(
  scene: AuraScene,
  combat: Pick<AuraCombat, "combatants"> | null,
  moved: { tokenId: string; from: MoveStart } | null = null,
): AuraCreature[] {
  const size = scene.grid.size || 1;
  const exact = scene.grid.type !== CONST.GRID_TYPES.SQUARE;
  const at = (px: number) => (exact ? px / size : Math.round(px / size));
  const out: AuraCreature[] = [];
  for (const t of scene.tokens.contents) {
    const actor = t.actor;
    if (!actor || !t.id) continue;
    const source = actor.toEngineSource();
    const from = moved && moved.tokenId === t.id ? moved.from : null;
    const elevation = elevationSquares(
      { parent: scene },
      from && from.elevation !== undefined ? from.elevation : (t.elevation ?? 0),
    );
    const combatant = combat?.combatants.contents.find(
      (c) => (c.tokenId && c.tokenId === t.id) || c.actor?.uuid === actor.uuid,
    );
    out.push({
      id: t.id,
      actorId: actor.uuid,
      combatantId: combatant?.id ?? null,
      name: actor.name ?? "",
      x: at(from ? from.x : t.x),
      y: at(from ? from.y : t.y),
      size: Math.max(1, Math.round(t.width)),
      ...(elevation ? { elevation } : {}),
      disposition: t.disposition,
      hp: source.hp.value,
      auras: source.auras ?? [],
    });
  }
  return out;
}

/** A flat formula's number ("5"), or null when it must be rolled. */
function flatAmount(formula: string): number | null {
  const f = formula.trim();
  return /^\d+$/.test(f) ? Number(f) : null;
}

/**
 * Roll each hit's damage (a flat number is taken as it is) and run its steps on `actorId` through
 * the turn runner, one hit after another so each roll sits on its own line.
 */
async function runAuraHits(
  ruleset: Ruleset,
  ctx: TurnContext,
  actorId: string,
  hits: readonly AuraHit[],
  ports: TurnPorts,
): Promise<TurnContext> {
  let work = ctx;
  for (const hit of hits) {
    const formula = hit.aura.damage.formula.trim();
    let amount: number | null = null;
    if (formula) {
      amount = flatAmount(formula);
      if (amount === null) {
        const request: RollRequest = {
          kind: "procedure",
          actorId,
          formula,
          target: null,
          against: "total",
          label: "D20C.Aura.Step.Damage",
        };
        amount = (await ports.roll(request)).total;
      }
    }
    const outcome = await runPlan(ruleset, work, auraSteps(actorId, [hit], [amount]), ports);
    work = outcome.ctx;
  }
  return work;
}

/** The GM ticks which of `hits` hold the creature (a gridless scene: nothing is measured). */
export type AuraTick = (subjectName: string, hits: readonly AuraHit[]) => Promise<AuraHit[]>;

/** Foundry's dialog for {@link AuraTick}: a checkbox per aura that could touch the creature. */
const foundryAuraTick: AuraTick = async (subjectName, hits) => {
  const rows = hits
    .map(
      (h, i) =>
        `<label class="d20c-aura-row"><input type="checkbox" name="aura${i}"> ${foundry.utils.escapeHTML(
          `${h.aura.name || h.bearer.name} (${h.bearer.name})`,
        )}</label>`,
    )
    .join("");
  try {
    const form = (await foundry.applications.api.DialogV2.input({
      window: { title: game.i18n.format("D20C.Aura.TickTitle", { name: subjectName }) },
      content: `<p>${game.i18n.format("D20C.Aura.TickQuestion", { name: subjectName })}</p>${rows}`,
      ok: { label: "D20C.Aura.TickOk" },
      rejectClose: false,
    })) as Record<string, unknown> | null;
    return form ? hits.filter((_h, i) => form[`aura${i}`] === true) : [];
  } catch {
    return [];
  }
};

/**
 * The auras that could touch a creature on a gridless scene, wherever it stands: every aura of
 * `moment` of the right side and HP, as if the creature stood next to its bearer.
 */
function candidatesAnywhere(creatures: readonly AuraCreature[], subjectId: string, moment: "turnStart"): AuraHit[] {
  const subject = creatures.find((c) => c.id === subjectId);
  if (!subject) return [];
  return creatures.flatMap((bearer) =>
    aurasOn(
      creatures.map((c) =>
        c.id === subjectId ? { ...c, x: bearer.x, y: bearer.y, elevation: bearer.elevation ?? 0 } : c,
      ),
      subjectId,
      moment,
    ).filter((h) => h.bearer.id === bearer.id),
  );
}

/**
 * At the start of a combatant's turn (the active GM's client, inside the turn's actor queue): the
 * auras holding its token, run after the game's own turn-start plan on the context it left, with
 * the same ports (so the lines join the turn's summary). Returns the context after them.
 */
export async function runTurnStartAuras(
  combat: Pick<AuraCombat, "combatants">,
  ruleset: Ruleset,
  ctx: TurnContext,
  ports: TurnPorts,
  tick: AuraTick = foundryAuraTick,
): Promise<TurnContext> {
  const subject = ctx.combatants.find((c) => c.id === ctx.combatantId);
  const combatant = combat.combatants.contents.find((c) => c.id === ctx.combatantId) as
    { token?: AuraTokenDoc | null } | undefined;
  const token = combatant?.token;
  const scene = token?.parent;
  const reading = readingOf(scene);
  if (!subject || !token?.id || !scene || !reading) return ctx;
  const creatures = auraCreatures(scene, combat);
  if (!creatures.some((c) => c.auras.length)) return ctx;
  const hits =
    reading === "square"
      ? aurasOn(creatures, token.id, "turnStart")
      : await pickOnGridless(creatures, token.id, subject.name, tick);
  if (!hits.length) return ctx;
  return runAuraHits(ruleset, ctx, subject.actorId, hits, ports);
}

/** On a gridless scene, the GM ticks which of the auras that could touch the creature hold it. */
async function pickOnGridless(
  creatures: readonly AuraCreature[],
  subjectId: string,
  name: string,
  tick: AuraTick,
): Promise<AuraHit[]> {
  const candidates = candidatesAnywhere(creatures, subjectId, "turnStart");
  return candidates.length ? tick(name, candidates) : [];
}

/** Where each token last stood, as this (the active GM's) client saw it. */
const lastSeen = new Map<string, MoveStart>();

/**
 * After a token moved (the active GM's client): the `enter` auras its move brought it into, run
 * on it as an event of the combat, each a line with its Undo. Only a combatant of the combat on
 * the token's scene, on a square-grid scene with the scene reading on.
 */
async function onTokenMovedIntoAuras(
  token: AuraTokenDoc,
  origin: MoveStart | null,
  combat: AuraCombat | null,
  ruleset: Ruleset = activeRuleset(),
): Promise<void> {
  if (!token.id) return;
  const from = origin ?? lastSeen.get(token.id);
  lastSeen.set(token.id, { x: token.x, y: token.y, elevation: token.elevation ?? 0 });
  const scene = token.parent;
  if (!from || !combat || readingOf(scene) !== "square" || !scene || !token.actor) return;
  const combatScene = combat.scene as { id?: string | null } | null | undefined;
  if (combatScene && scene.id && combatScene.id !== scene.id) return;
  const before = auraCreatures(scene, combat, { tokenId: token.id, from });
  if (!before.some((c) => c.auras.length)) return;
  const after = auraCreatures(scene, combat);
  const hits = aurasEntered(before, after, token.id);
  if (!hits.length) return;
  const mover = after.find((c) => c.id === token.id);
  if (!mover?.combatantId) return;
  const keys = combat.combatants.contents.flatMap((c) => (c.actor ? [c.actor.uuid] : []));
  await withActorQueue(keys, async () => {
    const ctx = combat.turnContext(combat.combatant?.id ?? null);
    if (!ctx.combatants.some((c) => c.actorId === mover.actorId)) return;
    const ports = combat.turnPorts(ctx, { kind: "event" });
    await runAuraHits(ruleset, ctx, mover.actorId, hits, ports);
    await ports.flush();
  });
}

/**
 * Wire token moves to {@link onTokenMovedIntoAuras} on the active GM's client (registered once in
 * `init`): Foundry's `moveToken` hook, whose origin is Foundry's record of where the move started
 * (read when this client has no record of its own), never a client's note in the update's options.
 */
export function registerAuraHooks(): void {
  onMoveToken((doc, movement) => {
    if (!game.users.activeGM?.isSelf) return;
    const path = movementPath(movement);
    const combat = game.combat as unknown as AuraCombat | null;
    void onTokenMovedIntoAuras(doc as unknown as AuraTokenDoc, path?.origin ?? null, combat).catch((err: unknown) =>
      console.error(`${SYSTEM_ID} | auras entered by a move`, err),
    );
  });
}

/**
 * An attack read from the scene: the `within` auras holding the attacker (a modifier to attacks)
 * and each target (a modifier to defenses, taken off the roll) are added to each target's
 * situational bonus, with a note naming why, pre-filled and changeable like every scene value.
 */
export function addAuraModifiers(reading: AttackSceneReading): void {
  const token = reading.attacker.document as unknown as AuraTokenDoc;
  const scene = token.parent;
  if (!token.id || !scene || readingOf(scene) !== "square") return;
  const creatures = auraCreatures(scene, null);
  if (!creatures.some((c) => c.auras.some((a) => a.when === "within"))) return;
  const attacks = auraModifier(aurasOn(creatures, token.id, "within"), "attacks");
  for (const [uuid, target] of reading.readings) {
    const doc = scene.tokens.contents.find((t) => t.uuid === uuid);
    const defenses = doc?.id ? auraModifier(aurasOn(creatures, doc.id, "within"), "defenses") : { value: 0 };
    const total = attacks.value - defenses.value;
    if (!attacks.value && !defenses.value) continue;
    target.situation.bonus = (target.situation.bonus ?? 0) + total;
    const value = target.situation.bonus;
    if (attacks.value)
      target.notes.push({ field: "bonus", value, reason: "D20C.Aura.Reason.Attacks", data: { value: attacks.value } });
    if (defenses.value)
      target.notes.push({
        field: "bonus",
        value,
        reason: "D20C.Aura.Reason.Defenses",
        data: { value: defenses.value },
      });
  }
}
