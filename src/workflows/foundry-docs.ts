/**
 * The few Foundry document facts the workflows need, in one place: an actor's engine source and
 * how to write one back, an item's power/weapon, targets, rolling a requested roll, posting a card.
 * The Actor document's methods (`toEngineSource`, `applyEngineActor`) are used when
 * present; the fallbacks read and write `system` directly.
 */
import type { Ruleset } from "../engine/ruleset.js";
import type {
  ActorSource,
  DerivedActor,
  EffectSource,
  PowerSource,
  RollRequest,
  RollResult,
  WeaponSource,
} from "../engine/types.js";
import { effectCreateData, effectSourceOf } from "../data/effects.js";
import { SaveRoll } from "../dice/rolls.js";
import { isDocumentUuid, v14MessageModeOption, type ChatMessageCreateOptions } from "../foundry-compat.js";
import type { AttackRequest, ReactorFacts, TargetSnapshot } from "../engine/plans/attack.js";
import { cardCreateData, type CardDataOf } from "./card-messages.js";
import { weaponAttackOf } from "../data/item-source.js";
import { activeRuleset, ruleOptions } from "../active-ruleset.js";
import { currentEscalation } from "../escalation.js";
import { messageModeSetting, rollCardMessageMode } from "../compat/message-mode.js";
import { actionsLeftOf, combatantOfActor, type EconomyCombat } from "./actions.js";

/** The actor's engine source (a fresh plain copy, Active Effects applied). */
export function engineSource(actor: Actor.Implementation): ActorSource {
  return actor.toEngineSource();
}

/** Write a new engine source back in one update (only the fields that changed). */
export async function writeEngineSource(actor: Actor.Implementation, next: ActorSource): Promise<void> {
  await actor.applyEngineActor(next);
}

/**
 * The power and weapon an item attacks with. Weapons alone make a basic attack. `ownerRollData`:
 * the owner's `getRollData()` when the caller reads it once for many of its items.
 */
export function attackSources(
  item: Item.Implementation,
  ruleset: Ruleset,
  ownerRollData?: Record<string, unknown>,
): { power: PowerSource; weapon: WeaponSource | null } {
  if ((item.type as string) === "weapon") {
    const weapon = item.toWeaponSource();
    if (weapon) {
      const owner = item.actor;
      const data = ownerRollData ?? owner?.getRollData() ?? {};
      const power = weaponAttackOf(weapon, ruleset, owner?.isNpc() ? "npc" : "character", data);
      return { power, weapon };
    }
  }
  return { power: item.toPowerSource(ownerRollData), weapon: item.toWeaponSource() };
}

/** The engine sources of the actor's equipped weapons (dual wielding, Parry). */
export function equippedWeapons(actor: Actor.Implementation): WeaponSource[] {
  const out: WeaponSource[] = [];
  for (const item of actor.items ?? []) {
    if ((item.type as string) !== "weapon") continue;
    if ((item.system as unknown as { equipped?: unknown }).equipped !== true) continue;
    const w = item.toWeaponSource();
    if (w) out.push(w);
  }
  return out;
}

/**
 * What the actor's reactions against an attack depend on ([HD-REACT]): its equipped weapons and
 * whether its combatant has an out-of-turn action left (outside combat: it has).
 */
export function reactorFacts(actor: Actor.Implementation, ruleset: Ruleset = activeRuleset()): ReactorFacts {
  const combat = game.combat as EconomyCombat | null | undefined;
  const c = combatantOfActor(combat, actor.uuid);
  const left = c ? actionsLeftOf(ruleset, c) : null;
  const kinds = (ruleset.economy?.outOfTurn ?? []).map((s) => s.key);
  const reactionUsed = left !== null && kinds.length > 0 && kinds.every((k) => (left.left[k] ?? 0) <= 0);
  return { weapons: equippedWeapons(actor), reactionUsed, round: combat?.started ? combat.round : 2 };
}

/** The actor's prepared derived values, as the optional `derived` of an attack's actor or target. */
function derivedOf(actor: Actor.Implementation): { derived?: DerivedActor } {
  const derived = actor.preparedDerived();
  return derived ? { derived } : {};
}

/**
 * How an attack request reads its creatures: `view` on the attacker's client, whose decision ends
 * with the click (the actor's read-only view and what its preparation derived), `copy` on the GM's
 * client, whose decision outlives it (the ledger and a reaction's re-decision keep it).
 */
type CreatureRead = "view" | "copy";

/** An attack's creature (attacker or target) from its actor: engine source, combatant id, effects. */
function attackCreature(
  actor: Actor.Implementation,
  read: CreatureRead,
): { actor: ActorSource; derived?: DerivedActor; id: string; effects: EffectSource[] } {
  return {
    // Read, never changed: the actor's view, not a copy, and what its preparation derived.
    ...(read === "view" ? { actor: actor.engineView(), ...derivedOf(actor) } : { actor: engineSource(actor) }),
    id: combatantIdOf(actor) ?? actor.uuid,
    effects: effectSources(actor),
  };
}

/**
 * One target of an attack from its documents: `shown` (the token's UUID, name and image, or as a
 * posted card names them), its actor, and what the attacker's side said of it (its own situation,
 * the scene's notes, the bands' warnings).
 */
export function attackTarget(
  shown: { uuid: string; name: string; img: string },
  actor: Actor.Implementation,
  read: CreatureRead,
  said: Pick<TargetSnapshot, "situation" | "scene" | "warnings"> = {},
  ruleset: Ruleset = activeRuleset(),
): TargetSnapshot {
  return {
    ...shown,
    actorUuid: actor.uuid,
    ...attackCreature(actor, read),
    reactor: reactorFacts(actor, ruleset),
    ...said,
  };
}

/**
 * The attack request from documents ([SYS-TARGETS], [SYS-PERM]), the same on both sides: the
 * attacker's client builds it to roll and post the card, the GM's client builds it again from the
 * posted card's attacker, item and targets to decide the card for its ledger. `shownItem` is the
 * item's name and image as the card shows them; `sources` the item's power and weapon when the
 * caller read them already.
 */
export function attackRequestFrom(input: {
  ruleset: Ruleset;
  attacker: Actor.Implementation;
  attackerName: string;
  item: Item.Implementation;
  shownItem: { name: string; img: string };
  situation: AttackRequest["situation"];
  targets: TargetSnapshot[];
  read: CreatureRead;
  sources?: { power: PowerSource; weapon: WeaponSource | null };
}): AttackRequest {
  const { ruleset, attacker, item } = input;
  const { power, weapon } = input.sources ?? attackSources(item, ruleset);
  return {
    ruleset,
    options: ruleOptions(),
    attacker: { uuid: attacker.uuid, name: input.attackerName, ...attackCreature(attacker, input.read) },
    item: { ...input.shownItem, uuid: item.uuid },
    power,
    weapon,
    situation: input.situation,
    escalation: currentEscalation(),
    targets: input.targets,
    sourceCombatantId: combatantIdOf(attacker),
    // [SYS-MONSTERS] a power's usage, for conditions that allow at-will attacks only (hampered).
    ...usageOf(item),
  };
}

/** A power's usage kind as its item stores it (absent for a weapon, or an item that names none). */
function usageOf(item: Item.Implementation): { usage?: string } {
  if ((item.type as string) !== "power") return {};
  const usage: unknown = (item.system as unknown as { usage?: unknown } | undefined)?.usage;
  return typeof usage === "string" ? { usage } : {};
}

/** Snapshots of the user's targeted tokens (or the given ones: UUIDs, names, engine sources) at roll time. */
export function targetSnapshots(
  tokens: Iterable<foundry.canvas.placeables.Token> = game.user.targets,
): TargetSnapshot[] {
  const out: TargetSnapshot[] = [];
  let ruleset: Ruleset | undefined;
  for (const token of tokens) {
    const actor = token.actor;
    if (!actor) continue;
    const shown = {
      uuid: token.document.uuid,
      name: token.document.name ?? actor.name ?? "",
      img: (token.document.texture?.src as string | null | undefined) ?? actor.img ?? "",
    };
    out.push(attackTarget(shown, actor, "view", {}, (ruleset ??= activeRuleset())));
  }
  return out;
}

/**
 * The actor's combatant in the current combat (matched by actor UUID, so each unlinked token is its
 * own), or null outside combat. Times the ongoing damage its attacks cause.
 */
export function combatantIdOf(actor: Actor.Implementation): string | null {
  const combat = game.combat;
  if (!combat) return null;
  for (const c of combat.combatants.contents) if (c.actor?.uuid === actor.uuid) return c.id ?? null;
  return null;
}

/** The engine sources of an actor's effects (the system's effect data on its ActiveEffects). */
export function effectSources(actor: Actor.Implementation): EffectSource[] {
  return [...actor.effects].map((e) =>
    effectSourceOf({ id: e.id, name: e.name, statuses: e.statuses, flags: e.flags as Record<string, unknown> }),
  );
}

/**
 * Create and delete effects on an actor: deletions first (only those still there), then creations
 * with their given ids kept (so undo can find them again).
 */
export async function changeEffects(
  actor: Actor.Implementation,
  change: { create: readonly EffectSource[]; remove: readonly string[] },
): Promise<void> {
  const doc = actor;
  const remove = change.remove.filter((id) => doc.effects.has(id));
  if (remove.length) await doc.deleteEmbeddedDocuments("ActiveEffect", remove);
  const create = change.create.filter((e) => !doc.effects.has(e.id));
  if (create.length) {
    await doc.createEmbeddedDocuments(
      "ActiveEffect",
      create.map(({ id, ...rest }) => ({ _id: id, ...effectCreateData(rest) })),
      { keepId: true },
    );
  }
}

/** The actor behind a target UUID (token or actor). */
export async function actorFromUuid(uuid: string): Promise<Actor.Implementation | null> {
  if (!isDocumentUuid(uuid)) return null;
  const doc = await fromUuid(uuid);
  if (doc instanceof Actor.implementation) return doc;
  if (doc instanceof TokenDocument.implementation) return doc.actor;
  return null;
}

/**
 * Roll a rules request with a SaveRoll whose formula is resolved from the roller's roll data (a
 * recovery written `1d8 + @con` needs it: Foundry leaves an unresolved `@con` in the formula and
 * refuses to evaluate it); returns the roll and the engine's view of it.
 */
export async function rollRequest(
  request: RollRequest,
  rollData: Record<string, unknown>,
): Promise<{ roll: SaveRoll; result: RollResult }> {
  const roll = new SaveRoll(SaveRoll.replaceFormulaData(request.formula, rollData));
  await roll.evaluate();
  return { roll, result: roll.toRollResult() };
}

/**
 * The create options that apply the user's current roll/message mode: v13 calls it the roll mode
 * (core setting `rollMode`, option `rollMode`), v14 the message mode (`messageMode`; its
 * in-character mode posts a roll card public). The generation's difference is src/compat/message-mode.ts.
 */
function messageModeOptions(): ChatMessageCreateOptions {
  try {
    if (messageModeSetting() === "messageMode")
      return v14MessageModeOption(rollCardMessageMode(String(game.settings.get("core", "messageMode"))));
    return { rollMode: game.settings.get("core", "rollMode") };
  } catch {
    return {};
  }
}

/**
 * Roll data for a request's `actorId` (an actor UUID or id): the first of `actors` it names, else
 * the document that UUID resolves to, else the first actor's.
 */
export function rollDataFor(actorId: string, actors: readonly Actor.Implementation[]): Record<string, unknown> {
  const named = actors.find((a) => a.uuid === actorId || a.id === actorId);
  if (named) return named.getRollData();
  const doc = isDocumentUuid(actorId) ? fromUuidSync(actorId) : null;
  if (doc instanceof Actor.implementation) return doc.getRollData();
  if (doc instanceof TokenDocument.implementation && doc.actor) return doc.actor.getRollData();
  return actors[0]?.getRollData() ?? {};
}

/**
 * Post one card (an attack card or a rule card: the message's sub-type and `system`) with its rolls,
 * in the user's message mode, or whispered to `whisper` (user ids) whatever the mode.
 */
export async function postCard<K extends "attack" | "rule">(data: {
  actor: Actor.Implementation | null;
  content: string;
  rolls: Roll[];
  kind: K;
  card: CardDataOf[K];
  whisper?: string[];
}): Promise<ChatMessage | undefined> {
  const speaker = data.actor ? ChatMessage.getSpeaker({ actor: data.actor }) : ChatMessage.getSpeaker();
  return ChatMessage.create(
    {
      speaker,
      content: data.content,
      rolls: data.rolls,
      ...cardCreateData(data.kind, data.card),
      ...(data.whisper ? { whisper: data.whisper } : {}),
    } as ChatMessage.CreateData,
    data.whisper ? {} : messageModeOptions(),
  );
}

/** Localise with format data (game.i18n). */
export function fmt(key: string, data: Record<string, string | number> = {}): string {
  return Object.keys(data).length ? game.i18n.format(key, data as Record<string, string>) : game.i18n.localize(key);
}
