/**
 * The world migration runner: on `ready`, the active GM rewrites every world actor and item (and
 * actors' embedded items), every unlinked token's own actor on every scene (its delta, issue 37),
 * and the Actor and Item documents of the world's own compendium packs, whose stored schema version
 * is older than {@link SCHEMA_VERSION}, then
 * records the version in the world setting `d20-combat.schemaVersion`. Each document's data was
 * already brought to the current shape by `migrateData` on load; the runner persists it, so the
 * stored data no longer depends on the migration code.
 */
import { SYSTEM_ID } from "../constants.js";
import { SCHEMA_VERSION } from "./migrate-data.js";

/** Whether the world needs the runner (pure): its recorded version is older than the code's. */
function worldNeedsMigration(worldVersion: unknown, current = SCHEMA_VERSION): boolean {
  return typeof worldVersion !== "number" || !Number.isFinite(worldVersion) || worldVersion < current;
}

/** Whether one document needs rewriting (pure): no stamp, or an older one. */
function documentNeedsMigration(flags: unknown, current = SCHEMA_VERSION): boolean {
  const v = (flags as Record<string, { schemaVersion?: unknown } | undefined> | undefined)?.[SYSTEM_ID]?.schemaVersion;
  return typeof v !== "number" || v < current;
}

/** A document the runner can rewrite. */
interface Migratable {
  name: string | null;
  flags: unknown;
  toObject(): { system?: unknown; flags?: unknown };
  update(data: object, options?: object): Promise<unknown>;
}

/**
 * The update that persists a document's migrated source (pure). It is sent with
 * `{recursive: false}` so the stored `system` is replaced whole and keys the migration dropped
 * disappear from the database. Foundry applies a non-recursive update by replacing each top-level
 * object field it names, so `flags` must be the document's COMPLETE flags (every module's, and our
 * ruleset stamp) with only our schema version changed: a bare `{ "d20-combat": { schemaVersion } }`
 * would wipe everything else.
 */
function migrationUpdate(
  source: { system?: unknown; flags?: unknown },
  version = SCHEMA_VERSION,
): { system: unknown; flags: Record<string, unknown> } {
  const flags = structuredClone((isObject(source.flags) ? source.flags : {}) as Record<string, unknown>);
  const own = isObject(flags[SYSTEM_ID]) ? flags[SYSTEM_ID] : {};
  flags[SYSTEM_ID] = { ...own, schemaVersion: version };
  return { system: structuredClone(source.system), flags };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

async function migrateOne(doc: Migratable, failures: string[]): Promise<void> {
  if (!documentNeedsMigration(doc.flags)) return;
  try {
    await doc.update(migrationUpdate(doc.toObject()), { recursive: false, diff: false });
  } catch (err) {
    failures.push(`${doc.name ?? "?"}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Register the world setting that records the migrated schema version (call in `init`). */
export function registerMigrationSetting(): void {
  game.settings.register(SYSTEM_ID, "schemaVersion", {
    scope: "world",
    config: false,
    type: Number,
    default: 0,
  });
}

/** Migrate the world when needed; only the active GM does it. Call from the `ready` hook. */
export async function migrateWorld(): Promise<void> {
  if (!game.user.isGM || !game.users.activeGM?.isSelf) return;
  if (!worldNeedsMigration(game.settings.get(SYSTEM_ID, "schemaVersion"))) return;
  ui.notifications?.info(game.i18n.format("D20C.Migration.Started", { version: String(SCHEMA_VERSION) }));
  const failures: string[] = [];
  for (const actor of game.actors ?? []) {
    await migrateOne(actor, failures);
    for (const item of actor.items) await migrateOne(item, failures);
  }
  for (const item of game.items ?? []) await migrateOne(item, failures);
  for (const actor of unlinkedTokenActors()) {
    // Judged by the delta's own stamp (the token's actor shows its base actor's, just rewritten).
    await migrateOne(
      { name: actor.name, flags: {}, toObject: () => actor.toObject(), update: (d, o) => actor.update(d, o) },
      failures,
    );
    for (const item of actor.items) await migrateOne(item, failures);
  }
  await migrateWorldPacks(failures);
  if (failures.length) {
    console.error(`${SYSTEM_ID} | migration failures`, failures);
    ui.notifications?.error(game.i18n.format("D20C.Migration.Failed", { count: String(failures.length) }));
    return;
  }
  await game.settings.set(SYSTEM_ID, "schemaVersion", SCHEMA_VERSION);
  ui.notifications?.info(game.i18n.format("D20C.Migration.Done", { version: String(SCHEMA_VERSION) }));
}

/**
 * The synthetic actor of every unlinked token on every scene whose delta stores its own data (an
 * unlinked token's changes live in its `delta`; writing its actor writes the delta). API v13/v14
 * `TokenDocument#delta` / `TokenDocument#actor`.
 */
function unlinkedTokenActors(): Actor.Implementation[] {
  const out: Actor.Implementation[] = [];
  for (const scene of game.scenes ?? []) {
    for (const token of scene.tokens) {
      if (token.actorLink || !token.actor) continue;
      const own = token.delta?.toObject() as { system?: unknown; flags?: unknown } | undefined;
      const hasOwn = isObject(own?.system) && Object.keys(own.system).length > 0;
      if (hasOwn && documentNeedsMigration(own?.flags)) out.push(token.actor);
    }
  }
  return out;
}

/**
 * The Actor and Item documents of the world's own compendium packs (a system's or module's packs are
 * theirs to migrate): each unlocked for the rewrite and locked again as it was. API v13/v14
 * `CompendiumCollection#getDocuments`, `#configure({locked})`.
 */
async function migrateWorldPacks(failures: string[]): Promise<void> {
  for (const pack of game.packs ?? []) {
    if (pack.metadata.packageType !== "world") continue;
    if (pack.documentName !== "Actor" && pack.documentName !== "Item") continue;
    const locked = pack.locked;
    try {
      if (locked) await pack.configure({ locked: false });
      for (const doc of await pack.getDocuments()) {
        await migrateOne(doc as Migratable, failures);
        if (pack.documentName === "Actor")
          for (const item of (doc as Actor.Implementation).items) await migrateOne(item, failures);
      }
    } catch (err) {
      failures.push(`${pack.collection}: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      if (locked) await pack.configure({ locked: true });
    }
  }
}
