/**
 * [SYS-WORDS] The journals a game ships, as the reader sees them (issue 45): each JournalEntry of the
 * game's packs, and the shared Quick Start guide, rendered as Foundry's journal sheet shows a text
 * page — the page's title as a heading of its stored level where the page shows it, then its
 * content after enrichment. Enrichment here is a small stand-in of core's `TextEditor.enrichHTML`
 * for the enrichers core ships (a content link `@UUID[…]{Label}` shows its label, or the linked
 * document's name when it names none; an inline roll `[[/r 1d20]]` shows its formula); it decides
 * nothing, and whatever it leaves raw (an unknown `@ref`, an unfilled `{placeholder}`) stays on
 * screen for the words test to find.
 */
import { allPacks, packsOf } from "../content/content.js";
import type { Plain } from "../packs/pack-sources.js";
import type { RulesetId } from "../../src/engine/types.js";
import type { Screen } from "./words-screens.js";

/** Every document name in the shipped packs by id (what a content link without a label shows). */
function namesById(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (doc: Plain) => {
    if (typeof doc._id === "string" && typeof doc.name === "string") out.set(doc._id, doc.name);
    for (const key of ["items", "pages", "effects"]) for (const d of (doc[key] ?? []) as Plain[]) walk(d);
  };
  for (const p of allPacks()) for (const { doc } of p.docs) walk(doc as Plain);
  return out;
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Core's content links and inline rolls as they render; anything else left as written. */
export function enrichStandIn(html: string, names: ReadonlyMap<string, string> = namesById()): string {
  return html
    .replace(
      /@(UUID|Compendium|Actor|Item|JournalEntry|Scene|RollTable|Macro)\[([^\]]+)\](?:\{([^}]*)\})?/g,
      (whole, _kind: string, ref: string, label: string | undefined) => {
        const name = label ?? names.get(ref.split(".").at(-1) ?? "");
        return name === undefined ? whole : `<a class="content-link">${escapeHtml(name)}</a>`;
      },
    )
    .replace(
      /\[\[\/(?:r|roll|gmr|br|pr) ([^\]]+)\]\]/g,
      (_w, formula: string) => `<a class="inline-roll">${escapeHtml(formula)}</a>`,
    );
}

/** One journal entry as its sheet shows it: each text page in sort order, its title as a heading when shown. */
export function journalHtml(entry: Plain, names?: ReadonlyMap<string, string>): string {
  const pages = [...((entry.pages ?? []) as Plain[])].sort((a, b) => Number(a.sort ?? 0) - Number(b.sort ?? 0));
  const body = pages
    .map((page) => {
      const title = (page.title ?? {}) as { show?: boolean; level?: number };
      const level = Math.min(6, Math.max(1, Number(title.level ?? 1)));
      const heading =
        title.show === false
          ? ""
          : `<h${level} class="journal-page-header">${escapeHtml(String(page.name ?? ""))}</h${level}>`;
      const content = String(((page.text ?? {}) as Plain).content ?? "");
      return `<article class="journal-entry-page text">${heading}<section class="journal-page-content">${enrichStandIn(content, names)}</section></article>`;
    })
    .join("");
  return `<div class="journal-entry-pages">${body}</div>`;
}

/** Whether a pack document is a journal entry (it has pages). */
export const isJournal = (doc: Plain): boolean => Array.isArray(doc.pages);

/** The shared packs every game's world shows (no ruleset flag): the Quick Start guide. */
const sharedJournals = () =>
  allPacks().filter((p) => p.entry.type === "JournalEntry" && !p.entry.flags?.["d20-combat"]?.ruleset);

/** Each journal a game's world shows, as a rendered screen: the game's own, then the shared guide. */
export function journalScreensOf(id: RulesetId): Screen[] {
  const names = namesById();
  return [...packsOf(id), ...sharedJournals()].flatMap((p) =>
    p.docs
      .filter(({ doc }) => isJournal(doc as Plain))
      .map(({ file, doc }) => ({
        name: `journal ${String((doc as Plain).name)} (packs/${p.entry.name}/${file})`,
        slug: `journal-${p.entry.name}-${file.replace(/\.ya?ml$/, "")}`,
        kind: "sheet" as const,
        html: journalHtml(doc as Plain, names),
        numbers: [],
      })),
  );
}
