/**
 * Printed text from another system's HTML ([SYS-IMPORT]): tags and Foundry enrichers of that
 * system (`@UUID[…]{label}`, `&Reference[grappled]`, `[[/attack]]`, `[[d20 + 12]]`) become plain
 * words, so what a table reads survives and nothing of the other system's markup is stored.
 */

/** The most characters one text field keeps; the rest is reported as dropped. */
export const MAX_TEXT = 20_000;

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  rsquo: "’",
  lsquo: "‘",
  ldquo: "“",
  rdquo: "”",
  times: "×",
  minus: "−",
};

function decodeEntities(s: string): string {
  return s.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (m, code: string) => {
    if (code.startsWith("#")) {
      const n = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : "";
    }
    return ENTITIES[code.toLowerCase()] ?? m;
  });
}

/**
 * Plain text of a foreign HTML or Markdown string: block ends become line breaks, tags go,
 * entities decode, enrichers keep their label (or go when they have none).
 */
export function plainText(v: unknown): string {
  if (typeof v !== "string" || v === "") return "";
  let s = v.length > MAX_TEXT * 4 ? v.slice(0, MAX_TEXT * 4) : v;
  s = s.replace(/<\s*(br|\/p|\/div|\/li|\/h\d|\/tr)\b[^>]*>/gi, "\n");
  s = s.replace(/<[^>]*>/g, "");
  s = decodeEntities(s);
  // Enrichers: @UUID[...]{label}, @Compendium[...]{label}, &Reference[word], [[/cmd ...]]{label}.
  s = s.replace(/@\w+\[[^\]]*\]\{([^}]*)\}/g, "$1");
  s = s.replace(/@\w+\[[^\]]*\]/g, "");
  s = s.replace(/&Reference\[([^\]\s]+)[^\]]*\](\{([^}]*)\})?/gi, (_m, word: string, _l, label?: string) =>
    label ? label : word.replace(/=.*$/, ""),
  );
  s = s.replace(/\[\[\/\w+[^\]]*\]\](\{([^}]*)\})?/g, (_m, _l, label?: string) => label ?? "");
  s = s.replace(/\[\[lookup[^\]]*\]\]/gi, "");
  s = s.replace(/\[\[([^\]]*)\]\]/g, "$1");
  s = s.replace(/\*\*?([^*\n]+)\*\*?/g, "$1");
  s = s
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n");
  return s.trim();
}

/** Text cut to `max` characters (a cut is marked with an ellipsis). */
export function clip(s: string, max = MAX_TEXT): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Plain text as our own safe HTML: one paragraph per block, nothing of the source's markup. */
export function asHtml(text: string): string {
  const t = clip(text.trim());
  if (!t) return "";
  return t
    .split(/\n{2,}|\n/)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join("");
}

/** One line of text (line breaks folded), cut to `max`. */
export function oneLine(v: unknown, max = 2000): string {
  return clip(plainText(v).replace(/\s*\n\s*/g, " "), max);
}
