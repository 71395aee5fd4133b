/**
 * [SYS-IMPORT] The GM's "Import from another system" in Foundry: what the dialog holds between
 * clicks. Files the GM picked (or JSON pasted) are read and converted by the pure importer
 * (src/import/); each entry shows its detected source, its target game and its automated / text /
 * dropped counts; the GM ticks which to import, and the ticked ones are created in a new folder.
 * Only new documents are created: nothing already in the world is read for writing or changed.
 */
import { convertDocument, summaryLines, type Conversion } from "../../import/index.js";
import { readJsonText, unreadEntry, type Input } from "../../import/read.js";
import type { ReportEntry } from "../../import/report.js";

/** A file as the dialog's picker hands it over (a browser `File` is one). */
export interface PickedFile {
  readonly name: string;
  text(): Promise<string>;
}

/** One entry of the dialog: a converted document (or why none), and whether the GM ticked it. */
export interface ImportRow {
  readonly file: string;
  readonly conversion: Conversion;
  ticked: boolean;
}

/** What an import made. */
export interface ImportResult {
  actors: number;
  items: number;
  /** Entries that could not be created (Foundry refused them), with why. */
  refused: string[];
}

/** Documents created per call (hundreds of entries go in steps, the progress moving between them). */
const BATCH = 50;

/** The words the dialog's markup needs (Foundry's i18n in play; a stand-in in tests). */
export interface ImportWords {
  localize(key: string): string;
  format(key: string, data: Record<string, string | number>): string;
}

/** The dialog's state: the entries read so far, the folder name, the last import's outcome. */
export class ImportSession {
  readonly rows: ImportRow[] = [];
  folder: string;
  result: ImportResult | null = null;
  /** Inputs read so far (each document's index seeds its ids when it has no id of its own). */
  #read = 0;

  /** `worldGame`: the game this world plays; entries for another game start unticked. */
  constructor(
    readonly worldGame: string,
    folder: string,
  ) {
    this.folder = folder;
  }

  /** Read and convert the picked files' documents (a file that is not JSON is one failed entry). */
  async addFiles(files: readonly PickedFile[]): Promise<void> {
    for (const file of files) {
      let text: string;
      try {
        text = await file.text();
      } catch (err) {
        this.#add([{ file: file.name, error: `cannot be read: ${(err as Error).message}` }]);
        continue;
      }
      this.#add(readJsonText(file.name, text));
    }
  }

  /** Read and convert pasted JSON (a document or an array of documents). */
  addText(label: string, text: string): void {
    if (text.trim()) this.#add(readJsonText(label, text));
  }

  #add(inputs: readonly Input[]): void {
    for (const input of inputs) {
      const index = this.#read++;
      if ("error" in input) {
        this.rows.push({
          file: input.file,
          conversion: { doc: null, entry: unreadEntry(input.file, input.error) },
          ticked: false,
        });
        continue;
      }
      const conversion = convertDocument(input.doc, {}, index);
      this.rows.push({
        file: input.file,
        conversion,
        ticked: conversion.doc !== null && conversion.entry.target === this.worldGame,
      });
    }
  }

  /** Tick or untick an entry (one that gave no document stays unticked). */
  tick(index: number, on: boolean): void {
    const row = this.rows[index];
    if (row) row.ticked = on && row.conversion.doc !== null;
  }

  /** Every entry's report line (the JSON report docs/import.md describes). */
  report(): { summary: string[]; entries: ReportEntry[] } {
    const entries = this.rows.map((r) => r.conversion.entry);
    return { summary: summaryLines(entries), entries };
  }

  /**
   * Create the ticked entries in a new folder per document kind (actors in an Actor folder, items
   * in an Item folder, both named `folder`), `BATCH` at a time, calling `progress` after each step.
   * Created documents get new ids (the stored ids are the source's; nothing in the world is replaced).
   */
  async importTicked(progress: (done: number, total: number) => void = () => {}): Promise<ImportResult> {
    const ticked = this.rows.filter((r) => r.ticked && r.conversion.doc);
    const actors = ticked.flatMap((r) => (r.conversion.doc?.documentName === "Actor" ? [r.conversion.doc.data] : []));
    const items = ticked.flatMap((r) => (r.conversion.doc?.documentName === "Item" ? [r.conversion.doc.data] : []));
    const total = actors.length + items.length;
    const result: ImportResult = { actors: 0, items: 0, refused: [] };
    let done = 0;
    progress(0, total);
    const name = this.folder.trim() || "Imported";
    const run = async (kind: "Actor" | "Item", datas: readonly { name: string }[]) => {
      if (!datas.length) return;
      const folder = await Folder.create({ name, type: kind });
      const cls = kind === "Actor" ? Actor : Item;
      for (let i = 0; i < datas.length; i += BATCH) {
        const batch = datas.slice(i, i + BATCH).map((d) => {
          const { _id: _unused, ...rest } = d as { _id?: string; name: string };
          return { ...rest, folder: folder?.id ?? null };
        });
        try {
          const made = await (cls as unknown as { createDocuments(d: object[]): Promise<unknown[]> }).createDocuments(
            batch,
          );
          if (kind === "Actor") result.actors += made.length;
          else result.items += made.length;
        } catch (err) {
          for (const d of batch) result.refused.push(`${d.name}: ${(err as Error).message}`);
        }
        done += batch.length;
        progress(done, total);
      }
    };
    await run("Actor", actors);
    await run("Item", items);
    this.result = result;
    return result;
  }

  /** The dialog's template context. */
  context(words: ImportWords, isGM: boolean): Record<string, unknown> {
    const gameLabel = (id: string) =>
      id ? words.localize(`D20C.Settings.Ruleset.Choices.${id}`) : words.localize("D20C.Import.NoGame");
    const rows = this.rows.map((r, index) => {
      const e = r.conversion.entry;
      const otherGame = r.conversion.doc !== null && e.target !== this.worldGame;
      return {
        index,
        name: e.name,
        file: r.file,
        source: e.sourceSystem === "unknown" ? words.localize("D20C.Import.UnknownSource") : e.sourceSystem,
        target: gameLabel(e.target),
        kind: r.conversion.doc ? words.localize(`D20C.Import.Kind.${r.conversion.doc.documentName}`) : "",
        status: e.status,
        statusLabel: words.localize(`D20C.Import.Status.${e.status}`),
        ticked: r.ticked,
        canTick: r.conversion.doc !== null,
        otherGame: otherGame ? words.format("D20C.Import.OtherGame", { game: gameLabel(e.target) }) : "",
        counts: {
          automated: e.automated.length,
          text: e.text.length,
          dropped: e.dropped.length,
          errors: e.errors.length,
        },
        lists: (["errors", "dropped", "text", "review"] as const)
          .filter((k) => e[k].length)
          .map((k) => ({ label: `D20C.Import.List.${k}`, lines: e[k] })),
      };
    });
    const result = this.result;
    return {
      isGM,
      worldGame: gameLabel(this.worldGame),
      rows,
      hasRows: rows.length > 0,
      tickedCount: this.rows.filter((r) => r.ticked).length,
      folder: this.folder,
      summary: this.report().summary,
      result: result
        ? {
            line: words.format("D20C.Import.Done", { actors: result.actors, items: result.items, folder: this.folder }),
            refused: result.refused,
          }
        : null,
    };
  }
}
