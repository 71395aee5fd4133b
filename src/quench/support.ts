/**
 * Helpers the in-Foundry batches share: a list of the temporary documents a batch made (deleted in
 * its `after`), a GM check, polling for the canvas and hooks to settle, and plain copies of stored
 * data. They touch Foundry globals only when called (inside a test), never at import.
 */

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

/** Create a world actor. */
export async function createActor(data: Actor.CreateData): Promise<Actor.Implementation> {
  const created = await Actor.create(data);
  if (!created) throw new Error(`could not create the actor ${String(data.name)}`);
  return created;
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
