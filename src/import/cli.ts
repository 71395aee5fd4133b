/**
 * [SYS-IMPORT] `npm run import -- <files or folders> [--to <game>] [--out <dir>] [--report <file.json>]`:
 * reads Foundry exports (a document's "Export Data" JSON, a compendium extracted with the official
 * CLI as JSON or YAML files, a world's unpacked actors), converts each document, and writes our
 * YAML pack sources (one folder per game and document kind, every `_key` set) and the JSON report.
 * Node only (the file system); the conversion itself is the pure core in this folder.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { convertDocument, summaryLines, type ImportOptions } from "./index.js";
import { documentsOf, MAX_TEXT_BYTES, unreadEntry, type Input } from "./read.js";
import type { ReportEntry } from "./report.js";
import type { ActorDoc, Conversion, ItemDoc } from "./shape.js";
import { isRulesetId, registerRuleset } from "../engine/registry.js";
import { BUILT_IN_RULESETS } from "../engine/rulesets/index.js";

// [SYS-RULESET] This entry point's own copy of the engine knows the built-in games as the system's does.
for (const ruleset of BUILT_IN_RULESETS) if (!isRulesetId(ruleset.id)) registerRuleset(ruleset);

/** Largest input file read (a bigger one is reported, not read). */
const MAX_FILE_BYTES = MAX_TEXT_BYTES;

export interface CliArgs {
  inputs: string[];
  to?: string;
  out: string;
  report?: string;
}

/** Parse the command line; a problem is thrown as an Error naming the argument. */
export function parseArgs(argv: readonly string[]): CliArgs {
  const inputs: string[] = [];
  let to: string | undefined;
  let out = "import-out";
  let report: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = (): string => {
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === "--to") to = next();
    else if (a === "--out") out = next();
    else if (a === "--report") report = next();
    else if (a.startsWith("--")) throw new Error(`unknown option ${a}`);
    else inputs.push(a);
  }
  if (!inputs.length) throw new Error("name at least one file or folder to import");
  return { inputs, ...(to === undefined ? {} : { to }), out, ...(report === undefined ? {} : { report }) };
}

function filesUnder(p: string): string[] {
  const st = statSync(p);
  if (st.isFile()) return [p];
  if (!st.isDirectory()) return [];
  return readdirSync(p)
    .sort()
    .flatMap((f) => filesUnder(path.join(p, f)));
}

/** Read every document of the given files and folders (arrays of documents are split). */
export function readInputs(paths: readonly string[]): Input[] {
  const out: Input[] = [];
  for (const p of paths) {
    let files: string[];
    try {
      files = filesUnder(p);
    } catch (err) {
      out.push({ file: p, error: `cannot be read: ${(err as Error).message}` });
      continue;
    }
    for (const file of files) {
      const ext = path.extname(file).toLowerCase();
      if (![".json", ".yml", ".yaml"].includes(ext)) {
        if (files.length === 1) out.push({ file, error: "not a .json, .yml or .yaml file" });
        continue;
      }
      if (statSync(file).size > MAX_FILE_BYTES) {
        out.push({ file, error: `larger than ${MAX_FILE_BYTES / 1024 / 1024} MB; not read` });
        continue;
      }
      let parsed: unknown;
      try {
        const text = readFileSync(file, "utf8");
        parsed = ext === ".json" ? JSON.parse(text) : yaml.load(text, { json: true });
      } catch (err) {
        out.push({ file, error: `not ${ext === ".json" ? "JSON" : "YAML"}: ${(err as Error).message.split("\n")[0]}` });
        continue;
      }
      out.push(...documentsOf(file, parsed));
    }
  }
  return out;
}

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "document"
  );
}

/** Our pack source of a converted document: `_key`s on it and on each embedded item. */
export function packSource(c: Conversion): { folder: string; file: string; source: Record<string, unknown> } | null {
  if (!c.doc) return null;
  if (c.doc.documentName === "Actor") {
    const a: ActorDoc = c.doc.data;
    return {
      folder: `${c.entry.target}-actors`,
      file: `${slug(a.name)}_${a._id}.yml`,
      source: {
        ...a,
        _key: `!actors!${a._id}`,
        items: a.items.map((i) => ({ ...i, _key: `!actors.items!${a._id}.${i._id}` })),
      },
    };
  }
  const i: ItemDoc = c.doc.data;
  return {
    folder: `${c.entry.target}-items`,
    file: `${slug(i.name)}_${i._id}.yml`,
    source: { ...i, _key: `!items!${i._id}` },
  };
}

/** Run an import: read, convert, write the YAML sources and the report; answers the report's entries. */
export function runImport(args: CliArgs, log: (line: string) => void = console.log): ReportEntry[] {
  const options: ImportOptions = args.to === undefined ? {} : { to: args.to };
  const entries: ReportEntry[] = [];
  const written = new Set<string>();
  readInputs(args.inputs).forEach((input, index) => {
    if ("error" in input) {
      entries.push(unreadEntry(input.file, input.error, args.to));
      return;
    }
    const c = convertDocument(input.doc, options, index);
    entries.push(c.entry);
    const src = packSource(c);
    if (!src) return;
    const dir = path.join(args.out, src.folder);
    mkdirSync(dir, { recursive: true });
    let file = src.file;
    for (let n = 2; written.has(path.join(dir, file)); n++) file = src.file.replace(/\.yml$/, `-${n}.yml`);
    written.add(path.join(dir, file));
    writeFileSync(path.join(dir, file), yaml.dump(src.source, { lineWidth: 120, noRefs: true }));
  });
  const summary = summaryLines(entries);
  const reportFile = args.report ?? path.join(args.out, "import-report.json");
  mkdirSync(path.dirname(reportFile), { recursive: true });
  writeFileSync(reportFile, `${JSON.stringify({ summary, entries }, null, 2)}\n`);
  for (const line of summary) log(line);
  log(`report: ${reportFile}`);
  return entries;
}

/** The command line's entry: exit code 0 when it ran (failed entries are in the report), 2 on bad arguments. */
export function main(argv: readonly string[]): number {
  let args: CliArgs;
  try {
    args = parseArgs(argv);
  } catch (err) {
    console.error(`import: ${(err as Error).message}`);
    console.error("usage: npm run import -- <files or folders> [--to <game>] [--out <dir>] [--report <file.json>]");
    return 2;
  }
  runImport(args);
  return 0;
}
