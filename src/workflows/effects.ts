/**
 * The Effects section's Foundry side ([SYS-EFFECTS]): reading an actor's or feature's effects for
 * the section, and its controls — roll the save now, sustain, disable, edit, delete, create. Every
 * decision is the engine's (src/engine/effects.ts: the save, its ending and aftereffect through the
 * game's own turn-roll rules; who may sustain) or the form parser's; this module does the I/O.
 */
import { askEffectForm, format } from "./effect-form.js";
import { activeRuleset, ruleOptions } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import { coreEffectFields, type CoreEffectEnv } from "../data/effect-core.js";
import { effectCreateData, effectSourceOf } from "../data/effects.js";
import { coreEffectEnv } from "./effect-env.js";
import { effectIcon, saveNowPlan, soloContext, sustainChange, sustainRefusal } from "../engine/effects.js";
import type { EffectSource, RollRequest, RollResult } from "../engine/types.js";
import { activeEffectCoreChanges } from "../foundry-compat.js";
import { postTurnLine } from "./turn-chat.js";
import {
  editedEffect,
  effectFormContext,
  effectFromForm,
  effectsSectionContext,
  type EffectRowInput,
  type EffectsSectionContext,
} from "../engine/views/effects-context.js";
import { actorFromUuid, rollRequest } from "./foundry-docs.js";
import { withActorQueue } from "./actor-queue.js";
import { anyAsker, askGM, readTexts, routeToGM, type ActionReport, type Asker, type RelayRequest } from "../socket.js";
import { runPlan, type TurnPorts } from "../engine/plans/turns.js";

const EFFECTS_TEMPLATE = `systems/${SYSTEM_ID}/templates/sheets/effects.hbs`;
const EFFECT_FORM_TEMPLATE = `systems/${SYSTEM_ID}/templates/sheets/effect-form.hbs`;

/** Load the section partial and the form (call once in `init`). */
export function loadEffectTemplates(): void {
  void foundry.applications.handlebars.loadTemplates([EFFECTS_TEMPLATE, EFFECT_FORM_TEMPLATE]);
}

/** What holds effects: an actor (their bearer) or an item (a feature carrying them). */
export type EffectOwner = Actor.Implementation | Item.Implementation;

/** The minimal surface of one ActiveEffect the section reads. */
interface EffectDoc {
  id: string | null;
  name: string;
  img: string | null | undefined;
  disabled: boolean | undefined;
  origin: string | null | undefined;
  statuses: Set<string>;
  flags: unknown;
  /** The document holding it: the actor itself, or the item it transfers from. */
  parent?: { documentName: string; id: string | null; name: string | null } | null;
}

const damageTypeLabel = (t: string): string => (game.i18n.has(`D20C.DamageType.${t}`) ? `D20C.DamageType.${t}` : t);

function sourceOf(doc: EffectDoc): EffectSource {
  return effectSourceOf({
    id: doc.id,
    name: doc.name,
    statuses: doc.statuses,
    flags: doc.flags as Record<string, unknown>,
  });
}

/** The name of the document an effect came from (its origin), when it can be found here. */
function originName(origin: string | null): string | null {
  if (!origin) return null;
  try {
    const doc = fromUuidSync(origin as Parameters<typeof fromUuidSync>[0]) as { name?: string } | null;
    return doc?.name ?? null;
  } catch {
    return null;
  }
}

/** The current combat's names, round and turn, and the actor's combatant in it. */
function combatFacts(actor: Actor.Implementation | null): {
  names: Record<string, string>;
  round: number;
  currentCombatantId: string | null;
  combatantId: string | null;
  viewerCombatantIds: string[];
} {
  const combat = game.combat;
  const names: Record<string, string> = {};
  let combatantId: string | null = null;
  const viewerCombatantIds: string[] = [];
  for (const c of combat?.combatants.contents ?? []) {
    if (!c.id) continue;
    names[c.id] = c.name ?? "";
    if (actor && c.actor?.uuid === actor.uuid) combatantId = c.id;
    if (c.actor?.isOwner) viewerCombatantIds.push(c.id);
  }
  return {
    names,
    round: combat?.round ?? 0,
    currentCombatantId: combat?.combatant?.id ?? null,
    combatantId,
    viewerCombatantIds,
  };
}

function isActor(owner: EffectOwner): owner is Actor.Implementation {
  return owner.documentName === "Actor";
}

/** The Effects section of a sheet. */
export function effectsSectionFor(owner: EffectOwner, editable: boolean): EffectsSectionContext {
  const actor = isActor(owner) ? owner : null;
  const facts = combatFacts(actor);
  // An actor lists every effect that applies to it: its own and those its items transfer.
  const docs = (actor ? actor.allApplicableEffects() : owner.effects) as Iterable<EffectDoc>;
  const rows: EffectRowInput[] = [...docs].map((doc) => {
    const item = actor && doc.parent?.documentName === "Item" ? doc.parent : null;
    return {
      id: doc.id ?? "",
      name: doc.name,
      img: doc.img ?? "",
      disabled: Boolean(doc.disabled),
      sourceName: item ? item.name : originName(doc.origin ?? null),
      parentId: item?.id ?? null,
      effect: sourceOf(doc),
    };
  });
  return effectsSectionContext({
    ruleset: activeRuleset(),
    bearer: actor
      ? { actor: actor.toEngineSource(), actorId: actor.uuid, name: actor.name ?? "", combatantId: facts.combatantId }
      : null,
    effects: rows,
    names: facts.names,
    round: facts.round,
    currentCombatantId: facts.currentCombatantId,
    editable,
    viewerCombatantIds: facts.viewerCombatantIds,
    format,
    damageTypeLabel,
  });
}

/** The effect a control names, on its owner. */
function effectDoc(owner: EffectOwner, effectId: string): ActiveEffect.Implementation | null {
  return (owner.effects.get(effectId) as ActiveEffect.Implementation | undefined) ?? null;
}

/** Ports for a plan about one actor (the sheet's save): real rolls, its documents, turn lines with Undo. */
function actorPorts(actor: Actor.Implementation): TurnPorts {
  const rolls: Roll.Any[] = [];
  const removed = new Map<string, ActiveEffect.CreateData>();
  return {
    roll: async (request: RollRequest): Promise<RollResult> => {
      const { roll, result } = await rollRequest(request, actor.getRollData());
      rolls.push(roll);
      return result;
    },
    applyActor: async (_key, next) => {
      await actor.applyEngineActor(next);
    },
    addEffect: async (_key, effect) => {
      const [created] = (await actor.createEmbeddedDocuments("ActiveEffect", [effectCreateData(effect)])) ?? [];
      return created?.id ?? "";
    },
    removeEffect: async (_key, effectId) => {
      const doc = actor.effects.get(effectId);
      if (!doc) return;
      removed.set(effectId, doc.toObject());
      await doc.delete();
    },
    updateEffect: async (_key, effectId, changes) => {
      const doc = actor.effects.get(effectId);
      if (!doc) return;
      const { name, statuses, id: _id, ...rest } = changes;
      await doc.update({
        ...(name !== undefined ? { name } : {}),
        ...(statuses !== undefined ? { statuses } : {}),
        flags: { [SYSTEM_ID]: { effect: rest } },
      });
    },
    rerollInitiative: async () => undefined,
    post: async (line) => {
      await postTurnLine(line, { rolls: rolls.splice(0), removedEffects: removed, combatId: game.combat?.id ?? "" });
    },
  };
}

/** Roll the bearer's save against one effect now: a success ends it (its aftereffect follows). */
async function rollEffectSave(actor: Actor.Implementation, effectId: string): Promise<void> {
  const doc = effectDoc(actor, effectId);
  if (!doc) return;
  const ruleset = activeRuleset();
  const effects = [...actor.effects].filter((e) => !e.disabled).map((e) => sourceOf(e));
  const effect = effects.find((e) => e.id === effectId);
  if (!effect) return;
  const bearer = { actor: actor.toEngineSource(), actorId: actor.uuid, name: actor.name ?? "", effects };
  const ctx = soloContext(bearer, ruleOptions());
  await runPlan(ruleset, ctx, saveNowPlan(ruleset, bearer, effect), actorPorts(actor));
}

/**
 * Whether the effect's creator may sustain it now, from this client's combat: the refusal's i18n
 * key, or null; and the creator's combatant (the one whose turn it is) when it may.
 */
function sustainFacts(
  actor: Actor.Implementation,
  effect: EffectSource,
): { refusal: string | null; creator: Combatant.Implementation | null; names: Record<string, string>; round: number } {
  const facts = combatFacts(actor);
  const refusal = sustainRefusal(effect, {
    bearerCombatantId: facts.combatantId,
    currentCombatantId: facts.currentCombatantId,
    round: facts.round,
    combatantIds: Object.keys(facts.names),
  });
  const creator = refusal ? null : (game.combat?.combatant ?? null);
  return { refusal, creator, names: facts.names, round: facts.round };
}

/**
 * The creator sustains an effect (on its own turn, from the turn after it was made, once a turn).
 * An effect on a creature this user cannot write (the foe it was put on) is sustained by the
 * active GM for them.
 */
async function sustainEffect(actor: Actor.Implementation, effectId: string): Promise<boolean> {
  const doc = effectDoc(actor, effectId);
  if (!doc) return false;
  const effect = sourceOf(doc);
  const { refusal, names, round } = sustainFacts(actor, effect);
  if (refusal) {
    ui.notifications?.warn(refusal, { localize: true });
    return false;
  }
  if (!actor.isOwner && !game.user.isGM) {
    const routed = await routeToGM(() => askGM(SUSTAIN_REQUEST, { holderUuid: actor.uuid, effectId }));
    return routed.ok;
  }
  await doc.update({ flags: { [SYSTEM_ID]: { effect: sustainChange(round) } } });
  ui.notifications?.info(
    format("D20C.Effects.Sustained", {
      name: names[effect.sourceCombatantId ?? ""] ?? actor.name ?? "",
      effect: effect.name,
    }),
  );
  return true;
}

/** The Effects section's sustain control on an effect whose bearer the asker cannot write. */
export interface SustainRequest {
  holderUuid: string;
  effectId: string;
}

/**
 * The relay's sustain request ([FF-SUSTAIN]): the bearer and the effect; anyone may ask (the work
 * checks the asker owns the effect's creator); the GM's client sustains it. Nothing undoes it.
 */
export const SUSTAIN_REQUEST: RelayRequest<SustainRequest> = {
  action: "sustain",
  read: (d) => readTexts(d, ["holderUuid", "effectId"]),
  mayAsk: anyAsker,
  run: (data, asker) => sustainHere(data, asker),
  undoneBy: null,
};

/**
 * The active GM sustains an effect for a player ([SYS-PERM], [FF-SUSTAIN]): the effect must be on
 * the named creature here, its creator must be allowed to sustain it now by this client's combat,
 * and that creator's actor must be owned by the asker (as the transport named them). Written in
 * the bearer's queue.
 */
async function sustainHere(data: SustainRequest, asker: Asker): Promise<ActionReport> {
  const user = game.users.get(asker.id);
  const actor = await actorFromUuid(data.holderUuid);
  if (!user || !actor) return { ok: false, message: "D20C.Actions.Route.NoActor" };
  return withActorQueue([actor.uuid], async () => {
    const doc = effectDoc(actor, data.effectId);
    if (!doc) return { ok: false, message: "D20C.Actions.Route.NoEffect", data: { name: actor.name ?? "" } };
    const effect = sourceOf(doc);
    const { refusal, creator, names, round } = sustainFacts(actor, effect);
    if (refusal) return { ok: false, message: refusal };
    if (!creator?.actor?.testUserPermission(user, "OWNER"))
      return { ok: false, message: "D20C.Actions.Route.NotCreator", data: { effect: effect.name } };
    await doc.update({ flags: { [SYSTEM_ID]: { effect: sustainChange(round) } } });
    return {
      ok: true,
      message: "D20C.Effects.Sustained",
      data: { name: names[effect.sourceCombatantId ?? ""] ?? creator.name ?? "", effect: effect.name },
    };
  });
}

/** Disable or enable an effect (a disabled effect applies nothing and the turn cycle skips it). */
async function toggleEffect(owner: EffectOwner, effectId: string): Promise<void> {
  const doc = effectDoc(owner, effectId);
  if (doc) await doc.update({ disabled: !doc.disabled });
}

/** Delete an effect (its statuses go with it). */
async function deleteEffect(owner: EffectOwner, effectId: string): Promise<void> {
  if (!owner.effects.has(effectId)) return;
  if (isActor(owner)) await owner.deleteEmbeddedDocuments("ActiveEffect", [effectId]);
  else await owner.deleteEmbeddedDocuments("ActiveEffect", [effectId]);
}

/** Ask for an effect's fields; null when the user cancels or the form is refused. */
async function askEffect(
  title: string,
  effect: Omit<EffectSource, "id"> | null,
): Promise<Omit<EffectSource, "id"> | null> {
  const ruleset = activeRuleset();
  const { names } = combatFacts(null);
  const context = effectFormContext({ ruleset, effect, names, format, damageTypeLabel });
  return askEffectForm(
    EFFECT_FORM_TEMPLATE,
    context,
    { title, submit: { label: "D20C.Effects.Form.Submit", icon: "fa-solid fa-check" } },
    (form) => effectFromForm(form, ruleset, Object.keys(names)),
  );
}

/** The document data of a system effect (flag, name, statuses, icon; v14 fields) from engine data. */
function effectDocumentData(
  effect: Omit<EffectSource, "id">,
  env: CoreEffectEnv,
  img?: string | null,
): ActiveEffect.CreateData {
  return { ...effectCreateData(effect), ...activeEffectCoreChanges(coreEffectFields(effect, env, img)) };
}

/** Create an effect from the section's form on an actor or feature. */
async function createEffect(owner: EffectOwner): Promise<void> {
  const data = await askEffect(format("D20C.Effects.Form.TitleNew"), null);
  if (!data) return;
  const created = [{ ...effectDocumentData(data, coreEffectEnv()), origin: owner.uuid }];
  if (isActor(owner)) await owner.createEmbeddedDocuments("ActiveEffect", created);
  else await owner.createEmbeddedDocuments("ActiveEffect", created);
}

/** Edit an effect through the same form; its icon follows its conditions unless someone chose one. */
async function editEffect(owner: EffectOwner, effectId: string): Promise<void> {
  const doc = effectDoc(owner, effectId);
  if (!doc) return;
  const { id: _id, ...before } = sourceOf(doc);
  const asked = await askEffect(format("D20C.Effects.Form.TitleEdit", { name: doc.name }), before);
  if (!asked) return;
  const next = editedEffect(before, asked);
  const env = coreEffectEnv();
  const automatic = !doc.img || doc.img === effectIcon(before, env.conditions);
  await doc.update(effectDocumentData(next, env, automatic ? null : doc.img) as ActiveEffect.UpdateData);
}

/** The section's controls, by the `data-action` that names them. */
export const EFFECT_ACTIONS = [
  "rollEffectSave",
  "sustainEffect",
  "toggleEffect",
  "editEffect",
  "deleteEffect",
  "createEffect",
] as const;
export type EffectAction = (typeof EFFECT_ACTIONS)[number];

/**
 * The document a row's effect lives on: the sheet's own document, or, on an actor sheet, the item
 * that transfers it (found among the effects that apply to the actor; null when it is gone).
 */
function effectParent(owner: EffectOwner, effectId: string, parentId: string | null): EffectOwner | null {
  if (!parentId) return owner;
  if (!isActor(owner)) return null;
  for (const doc of owner.allApplicableEffects() as Iterable<EffectDoc>) {
    const parent = doc.parent;
    if (doc.id === effectId && parent?.documentName === "Item" && parent.id === parentId)
      return parent as unknown as Item.Implementation;
  }
  return null;
}

/**
 * Run one control of the section (the sheets' action handlers call this). `parentId` names the
 * item a transferred effect lives on: disable, edit and delete act on it there; its save and
 * sustain are the bearer's own effects' only.
 */
export async function onEffectControl(
  sheetOwner: EffectOwner,
  action: EffectAction,
  effectId: string,
  parentId: string | null = null,
): Promise<void> {
  const owner = effectParent(sheetOwner, effectId, parentId);
  if (!owner) return;
  switch (action) {
    case "rollEffectSave":
      if (isActor(owner)) await rollEffectSave(owner, effectId);
      return;
    case "sustainEffect":
      if (isActor(owner)) await sustainEffect(owner, effectId);
      return;
    case "toggleEffect":
      return toggleEffect(owner, effectId);
    case "editEffect":
      return editEffect(owner, effectId);
    case "deleteEffect":
      return deleteEffect(owner, effectId);
    case "createEffect":
      return createEffect(owner);
  }
}
