/**
 * Helpers the in-Foundry batches share: a list of the temporary documents a batch made (deleted in
 * its `after`), the sandbox's actor folder, a GM check, polling for the canvas and hooks to settle, and plain copies of stored
 * data. They touch Foundry globals only when called (inside a test), never at import.
 */
import { activeRulesetId } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import { allRulesets } from "../engine/registry.js";
import type { Ruleset } from "../engine/ruleset.js";
import type { RulesetId } from "../engine/types.js";

/** A document the batches can delete. */
interface Deletable {
  delete(): Promise<unknown>;
}

/** The temporary documents one batch made, deleted newest first. */
export class TemporaryDocuments {
  private readonly docs: Deletable[] = [];

  /** Remember a document (or nothing) for deletion; returns it unchanged. */
  keep<T extends Deletable | null | undefined>(doc: T): T {
    if (doc) this.docs.push(doc);
    return doc;
  }

  /** Delete everything kept, newest first; a document already gone is skipped. */
  async deleteAll(): Promise<void> {
    while (this.docs.length) {
      const doc = this.docs.pop();
      try {
        await doc?.delete();
      } catch (err) {
        console.warn("d20-combat | Quench: could not delete a temporary document", err);
      }
    }
  }
}

/** The world's ruleset now (to switch back to after a batch). */
export function worldRuleset(): RulesetId {
  return activeRulesetId();
}

/** The first game whose ruleset satisfies `test` (a batch about one game's rule runs under it). */
export function firstRulesetWhere(test: (ruleset: Ruleset) => boolean): RulesetId | undefined {
  return allRulesets().find(test)?.id;
}

/** Switch the world's ruleset setting (documents re-read it when they prepare). */
export async function switchRuleset(id: RulesetId): Promise<void> {
  if (activeRulesetId() !== id) await game.settings.set(SYSTEM_ID, "ruleset", id);
}

/** Refuse to run a batch that creates world documents and changes settings unless the user is a GM. */
export function requireGM(): void {
  if (!game.user.isGM) throw new Error("Run the d20-combat Quench batches as a GM: they create and delete documents.");
}

/** Poll until `check` gives a truthy value (or fail after `timeoutMs`). */
export async function waitFor<T>(check: () => T, what: string, timeoutMs = 3000): Promise<NonNullable<T>> {
  const start = Date.now();
  for (;;) {
    const value = check();
    if (value) return value as NonNullable<T>;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A deep plain copy of a document's stored `system` (what `toObject()` holds). */
export function storedSystem(doc: { toObject(): unknown }): unknown {
  return structuredClone((doc.toObject() as { system?: unknown }).system);
}

/** The folder the run's actors go into (set while a self-test sandbox is open). */
let actorFolderId: string | null = null;

/** Put the actors the batches create into this folder (null: the sidebar's root). */
export function useActorFolder(folderId: string | null): void {
  actorFolderId = folderId;
}

/** Create a world actor (in the sandbox's folder while one is open). */
export async function createActor(data: Actor.CreateData): Promise<Actor.Implementation> {
  const created = await Actor.create(actorFolderId ? { folder: actorFolderId, ...data } : data);
  if (!created) throw new Error(`could not create the actor ${String(data.name)}`);
  return created;
}

/** A target NPC with a linked token, `hp` hit points and the given defense at 5 (every attack but a natural 1 hits). */
export async function createTargetNpc(name: string, defense: string, hp: number): Promise<Actor.Implementation> {
  return createActor({
    name,
    type: "npc",
    system: { level: 1, hp: { value: hp, max: hp, temp: 0 }, defenses: { [defense]: { base: 5, bonus: 0 } } },
    prototypeToken: { actorLink: true },
  });
}

/** Create one owned item on an actor. */
export async function createOwnedItem(
  actor: Actor.Implementation,
  data: Item.CreateData,
): Promise<Item.Implementation> {
  const [item] = (await actor.createEmbeddedDocuments("Item", [data])) ?? [];
  // (instanceof: the created item is of the configured Item class, which the return type of
  // createEmbeddedDocuments does not say.)
  if (!(item instanceof Item.implementation)) throw new Error(`could not create the item ${String(data.name)}`);
  return item;
}

/** The placeable Token a token document draws, as far as targeting needs it. */
interface TargetablePlaceable {
  id: string;
  setTarget(targeted: boolean, options: { releaseOthers: boolean; groupSelection?: boolean }): void;
}

/** Make exactly these tokens (by id) the user's targets. The one place that targets tokens. */
function targetOnly(ids: readonly string[]): void {
  const placeables: TargetablePlaceable[] = canvas?.tokens?.placeables ?? [];
  for (const token of placeables)
    token.setTarget(ids.includes(token.id), { releaseOthers: false, groupSelection: true });
}

/** What a per-game suite changes in the world, put back by {@link leaveGame}. */
export interface GameSuiteWorld {
  ruleset: RulesetId;
  /** Chat messages there before the suite (kept). */
  messages: ReadonlySet<string>;
  /** The user's targets before the suite. */
  targets: string[];
}

/** Start a per-game suite: as a GM, on the viewed scene, with the world's ruleset switched to `rulesetId`. */
export async function enterGame(
  batch: string,
  rulesetId: RulesetId,
): Promise<{ scene: Scene.Implementation; world: GameSuiteWorld }> {
  requireGM();
  const scene = canvas?.scene;
  if (!scene) throw new Error(`View a scene before running ${batch} (it places a temporary token).`);
  const world = {
    ruleset: activeRulesetId(),
    messages: new Set(game.messages.keys()),
    targets: [...game.user.targets].map((t) => t.id),
  };
  await switchRuleset(rulesetId);
  return { scene, world };
}

/**
 * End a per-game suite: untarget, delete the new messages `ours` picks, then the suite's documents,
 * and put the user's targets and the world's ruleset back.
 */
export async function leaveGame(
  world: GameSuiteWorld | null,
  temp: TemporaryDocuments,
  ours: (message: ChatMessage) => boolean,
): Promise<void> {
  targetOnly([]);
  for (const message of game.messages.contents) {
    if (world?.messages.has(message.id ?? "") || !ours(message)) continue;
    await message.delete().catch(() => undefined);
  }
  await temp.deleteAll();
  if (!world) return;
  targetOnly(world.targets);
  await switchRuleset(world.ruleset);
}

/** Place a token of `actor` at the scene's top-left corner (inside the padding) and make it the only target. */
export async function placeTarget(
  scene: Scene.Implementation,
  actor: Actor.Implementation,
  temp: TemporaryDocuments,
): Promise<TokenDocument.Implementation> {
  const d = canvas?.dimensions;
  const data = (await actor.getTokenDocument({ x: d?.sceneX ?? 0, y: d?.sceneY ?? 0 })).toObject();
  const [token] = (await scene.createEmbeddedDocuments("Token", [data])) ?? [];
  if (!token) throw new Error("could not place the target token");
  temp.keep(token);
  await waitFor(() => canvas?.tokens?.placeables.find((t) => t.id === token.id), "the target token to be drawn");
  targetOnly([token.id ?? ""]);
  await waitFor(() => game.user.targets.size === 1, "the token to be targeted");
  return token;
}
