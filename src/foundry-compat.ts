/**
 * The few places where fvtt-types 13.345.1 cannot express a call that is correct on Foundry v13.
 * Each helper wraps ONE such API with honest types on our side, and its comment names the type that
 * is wrong and why the call is right. Everything else in the adapter is checked without escapes;
 * test/project/type-escapes.test.ts keeps `as never` out of every other adapter file.
 */

/**
 * A Foundry document UUID as fvtt-types spells it: a union of template literals, one per document
 * name (`Actor.${string}`, `Scene.${string}`, `Compendium.${string}` …).
 */
export type DocumentUuid = Parameters<typeof fromUuidSync>[0];

/**
 * Whether a plain string is shaped like a document UUID (`DocumentName.id…`). The UUIDs we hold
 * (card data in messages, engine data) are plain strings because they are stored as JSON; this is the one
 * narrowing from such a string to the UUID type `fromUuid`/`fromUuidSync` accept. A string that
 * fits the shape but names no document still resolves to null (or throws) at run time, exactly as
 * Foundry does for any unknown UUID.
 */
export function isDocumentUuid(uuid: string): uuid is NonNullable<DocumentUuid> & string {
  return /^[A-Z][A-Za-z]*\.[^.]/.test(uuid);
}

/**
 * Pass a data model's joint validation on to its base class: `superValidateJoint(super.validateJoint,
 * this, data)` inside `static override validateJoint(data)`.
 *
 * Why a helper: fvtt-types 13.345.1 resolves the parameter of the static `validateJoint` of a
 * `TypeDataModel` subclass to `never` (the static side cannot see the subclass's schema type), so
 * `super.validateJoint(data)` does not type-check with any data at all. Foundry v13 calls
 * `validateJoint` with the candidate source object and the base implementation takes exactly that,
 * so forwarding the same object is right.
 */
export function superValidateJoint(base: (data: never) => void, model: object, data: Record<string, unknown>): void {
  base.call(model, data as never);
}

/** Create options of a chat message as fvtt-types 13.345.1 describes them (Foundry v13). */
export type ChatMessageCreateOptions = NonNullable<Parameters<typeof ChatMessage.create>[1]>;

/**
 * The create option that applies a v14 message mode (`messageMode`, a key of
 * `CONFIG.ChatMessage.modes`; v14's name for v13's `rollMode`, which it deprecates).
 *
 * Why a helper: fvtt-types 13.345.1 describes v13, whose create options have no `messageMode`, so
 * the option cannot be written as typed create options. Only called when
 * `game.release.generation >= 14` (src/workflows/foundry-docs.ts messageModeOptions), where Foundry
 * reads exactly this option.
 */
export function v14MessageModeOption(mode: string): ChatMessageCreateOptions {
  const options: { messageMode: string } = { messageMode: mode };
  return options as ChatMessageCreateOptions;
}

/**
 * `DetectionMode#testVisibility(visionSource, mode, config)` for a token's vision source. fvtt-types
 * 13.345.1 types `Token#vision` as `PointVisionSource.Implementation` but the parameter as
 * `PointVisionSource.Any`, and the two disagree on `layers` (a typed record against a plain one) —
 * the very object Foundry's own `CanvasVisibility#testVisibility` passes here. The tests carry the
 * point's elevation both inside the point (v14's elevated point) and beside it (v13).
 */
export function detectionModeSees(
  mode: foundry.canvas.perception.DetectionMode,
  source: foundry.canvas.sources.PointVisionSource.Implementation,
  data: TokenDocument.DetectionModeData,
  object: foundry.canvas.placeables.Token,
  points: readonly { x: number; y: number }[],
  elevation: number,
): boolean {
  const tests = points.map((p) => ({ point: { x: p.x, y: p.y, elevation }, elevation, los: new Map() }));
  return mode.testVisibility(source as never, data, { object, tests: tests as never });
}

/**
 * Source changes for an ActiveEffect that carry v14's `showIcon` and `duration.expiry` fields.
 *
 * Why a helper: fvtt-types 13.345.1 describes v13, whose ActiveEffect schema has neither field, so
 * they cannot be written as typed update data. The adapter adds them only when
 * `game.release.generation >= 14` (src/data/effect-core.ts coreEffectFields), where v14's schema
 * defines exactly these two fields; on v13 only `img` is passed.
 */
export function activeEffectCoreChanges(fields: {
  img: string;
  showIcon?: number;
  duration?: { expiry: string | null };
}): ActiveEffect.UpdateData {
  return { ...fields } as ActiveEffect.UpdateData;
}

/**
 * `CONFIG.ActiveEffect` with v14's expiry configuration (`expiryEvents`: event id → label,
 * `expiryAction`: "update" | "delete" | null).
 *
 * Why a helper: fvtt-types 13.345.1 describes v13's `CONFIG.ActiveEffect`, which has neither key.
 * Only called when `game.release.generation >= 14`, where core defines and reads both.
 */
export function v14ActiveEffectConfig(): { expiryEvents?: Record<string, string>; expiryAction?: string | null } {
  return CONFIG.ActiveEffect as unknown as { expiryEvents?: Record<string, string>; expiryAction?: string | null };
}

/** A Region the user placed on the viewed scene (v14): its origin point, what it holds, its removal. */
export interface PlacedRegion {
  /** Its shape's origin point in scene pixels (a burst's centre, a cone's or a line's start). */
  origin: { x: number; y: number };
  /** Whether a point (scene pixels) lies inside it: `RegionDocument#polygonTree.testPoint`. */
  contains(point: { x: number; y: number }): boolean;
  /** Delete it when it was created (a preview the user could not create leaves nothing behind). */
  remove(): Promise<void>;
}

/** What v14's RegionLayer#placeRegion resolves with (the created document, or the preview's). */
interface V14RegionDocument {
  shapes: readonly { x?: number; y?: number }[];
  polygonTree: { testPoint(point: { x: number; y: number }): boolean };
  delete(): Promise<unknown>;
}

/**
 * Let the user place a Region of one shape on the viewed scene with v14's placement preview
 * (`canvas.regions.placeRegion(data, {create})`, the user moves it, clicks to confirm, right-clicks
 * to cancel), created when the user may create Regions (`User#can("REGION_CREATE")`), else only
 * previewed; null when cancelled or unavailable.
 *
 * Why a helper: fvtt-types 13.345.1 describes v13, whose RegionLayer has no `placeRegion`, whose
 * permission names lack v14's, and whose Region document has no `polygonTree` of its own. Only called
 * when `game.release.generation >= 14` (src/canvas/areas.ts), where Foundry provides exactly these.
 */
export async function v14PlaceRegion(data: Record<string, unknown>): Promise<PlacedRegion | null> {
  const layer = canvas?.regions as unknown as
    | {
        placeRegion?(
          data: object,
          options: { create: boolean },
        ): Promise<V14RegionDocument | { document: V14RegionDocument } | null>;
      }
    | undefined;
  if (!layer?.placeRegion) return null;
  const create = (game.user as unknown as { can(permission: string): boolean }).can("REGION_CREATE");
  let placed: V14RegionDocument | { document: V14RegionDocument } | null;
  try {
    placed = await layer.placeRegion(data, { create });
  } catch {
    return null;
  }
  // The document, or (should a build resolve with the placeable) the placeable's document.
  const doc = placed && "document" in placed ? placed.document : placed;
  if (!doc?.polygonTree) return null;
  const shape = doc.shapes[0];
  return {
    origin: { x: shape?.x ?? 0, y: shape?.y ?? 0 },
    contains: (point) => doc.polygonTree.testPoint(point),
    remove: async () => {
      if (create) await doc.delete();
    },
  };
}
