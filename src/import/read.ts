/**
 * [SYS-IMPORT] Reading what a GM hands the importer, in Foundry or on the command line: the text
 * of a file (a document's "Export Data" JSON, an array of documents, a compendium entry) split into
 * documents, folder entries skipped. Pure: no Foundry globals, no file system. Never throws: a text
 * that is not JSON is one failed input naming the file.
 */
import type { ReportEntry } from "./report.js";

/** One input: a parsed document, or why the file could not be read. */
export type Input = { file: string; doc: unknown } | { file: string; error: string };

/** Largest text read in one go (a bigger one is reported, not read). */
export const MAX_TEXT_BYTES = 64 * 1024 * 1024;

/** A folder entry of a compendium extracted with the official CLI (skipped: it is no document). */
function isFolderDoc(doc: unknown): boolean {
  const o = doc as { _key?: unknown; type?: unknown; system?: unknown; data?: unknown; sorting?: unknown } | null;
  return typeof o?._key === "string"
    ? o._key.startsWith("!folders!")
    : o !== null && typeof o === "object" && "sorting" in o && !("system" in o) && !("data" in o);
}

/** The documents of parsed text (an array is split; folders are skipped). */
export function documentsOf(file: string, parsed: unknown): Input[] {
  const docs = Array.isArray(parsed) ? parsed : [parsed];
  return docs.filter((d) => !isFolderDoc(d)).map((doc) => ({ file, doc }));
}

/** The documents of a JSON text, or one failed input saying why it could not be read. */
export function readJsonText(file: string, text: string): Input[] {
  if (text.length > MAX_TEXT_BYTES)
    return [{ file, error: `larger than ${MAX_TEXT_BYTES / 1024 / 1024} MB; not read` }];
  if (!text.trim()) return [{ file, error: "empty: no document to read" }];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return [{ file, error: `not JSON: ${(err as Error).message.split("\n")[0]}` }];
  }
  return documentsOf(file, parsed);
}

/** The report line of an input that could not be read (no document: failed, naming the file). */
export function unreadEntry(file: string, error: string, target = ""): ReportEntry {
  const base = file.split(/[\\/]/).pop() || file;
  return {
    name: base,
    sourceSystem: "unknown",
    sourceId: "",
    type: "",
    target,
    status: "failed",
    automated: [],
    text: [],
    dropped: [],
    errors: [`${file}: ${error}`],
    review: [],
  };
}
