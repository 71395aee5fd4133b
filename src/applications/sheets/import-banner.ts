/**
 * [SYS-IMPORT] The banner an imported document's sheet shows until the GM dismisses it: where the
 * document came from and what of it did not land in a field the rules read (kept as text, left
 * out, could not convert, to check), from `flags["d20-combat"].import`. Pure: the sheets pass the
 * flag and whether the viewer is the GM.
 */
import { SYSTEM_ID } from "../../constants.js";

export const IMPORT_BANNER_TEMPLATE = `systems/${SYSTEM_ID}/templates/sheets/import-banner.hbs`;

/** What the importer writes on every document it makes (src/import/shape.ts importFlags). */
export interface ImportFlag {
  sourceSystem?: string;
  sourceId?: string;
  sourceName?: string;
  text?: string[];
  dropped?: string[];
  errors?: string[];
  review?: string[];
  dismissed?: boolean;
}

/** The banner's lists, most serious first. */
const LISTS = ["errors", "dropped", "text", "review"] as const;

/** Lines one list shows (the report has them all). */
const MAX_SHOWN = 20;

export interface ImportBannerContext {
  source: string;
  name: string;
  lists: { label: string; lines: string[]; more: number }[];
  canDismiss: boolean;
}

function lines(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((l): l is string => typeof l === "string" && l.length > 0) : [];
}

/**
 * The banner for a document's import flag, or null: no flag, dismissed, or nothing lost (every
 * datum landed, so there is nothing to read). Only the GM gets the dismiss button.
 */
export function importBannerContext(flag: unknown, isGM: boolean): ImportBannerContext | null {
  if (typeof flag !== "object" || flag === null) return null;
  const f = flag as ImportFlag;
  if (f.dismissed === true) return null;
  const lists = LISTS.map((k) => {
    const all = lines(f[k]);
    return {
      label: `D20C.Import.List.${k}`,
      lines: all.slice(0, MAX_SHOWN),
      more: Math.max(0, all.length - MAX_SHOWN),
    };
  }).filter((l) => l.lines.length > 0);
  if (!lists.length) return null;
  return {
    source: typeof f.sourceSystem === "string" ? f.sourceSystem : "",
    name: typeof f.sourceName === "string" ? f.sourceName : "",
    lists,
    canDismiss: isGM,
  };
}

/** The update that dismisses the banner (the flag's other data stays: the losses remain on record). */
export const DISMISS_IMPORT_UPDATE = { flags: { [SYSTEM_ID]: { import: { dismissed: true } } } } as const;
