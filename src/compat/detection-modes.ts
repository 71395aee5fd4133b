/**
 * A token's detection modes, read the same way on both generations:
 * - v13: `TokenDocument#detectionModes` is an array of `{id, enabled, range}` (API v13
 *   `TokenDetectionMode`, https://foundryvtt.com/api/v13/interfaces/foundry.types.TokenDetectionMode.html);
 * - v14: an object keyed by the mode's id whose entries are `{enabled, range}` (API v14 `TokenData`,
 *   `detectionModes: {[id]: TokenDetectionMode}`,
 *   https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.TokenData.html).
 * Iterating v14's object as a list throws; this seam is why "attacker sees target" is read on v14.
 */

/** One enabled detection mode: its id (a key of `CONFIG.Canvas.detectionModes`) and its data. */
export interface EnabledDetectionMode {
  id: string;
  data: TokenDocument.DetectionModeData;
}

function isEntry(value: unknown): value is { id?: unknown; enabled?: unknown } {
  return typeof value === "object" && value !== null;
}

/** The enabled detection modes of a token document's `detectionModes`, in either generation's shape. */
export function enabledDetectionModes(modes: unknown): EnabledDetectionMode[] {
  const entries: [string, unknown][] = Array.isArray(modes)
    ? modes.map((m: unknown) => [isEntry(m) && typeof m.id === "string" ? m.id : "", m])
    : isEntry(modes)
      ? Object.entries(modes)
      : [];
  const out: EnabledDetectionMode[] = [];
  for (const [id, entry] of entries) {
    if (!id || !isEntry(entry) || entry.enabled !== true) continue;
    // The core test reads `range` (and on v13 `id`); both shapes carry it.
    out.push({ id, data: { ...entry, id } as TokenDocument.DetectionModeData });
  }
  return out;
}
