/**
 * [SYS-IMPORT] The importer's pure core: one call converts one foreign document (an actor or an
 * item exported from archmage, dnd5e, dnd4e or pf1) into our document for its family's game, with
 * a report line. A document that cannot convert is reported with why; it never stops the others.
 */
import { allRulesets, anyGameDamageTypes } from "../engine/registry.js";
import { actorSystemIssues, itemSystemIssues } from "../data/validation.js";
import { convertActor as archmageActor, convertItem as archmageItem } from "./archmage.js";
import { detectSource, isActorDoc, systemOf } from "./detect.js";
import { convertActor as dnd4eActor, convertItem as dnd4eItem } from "./dnd4e.js";
import { convertActor as dnd5eActor, convertItem as dnd5eItem } from "./dnd5e.js";
import { at, obj, str } from "./json.js";
import { settleClass } from "./mappings.js";
import { convertActor as pf1Actor, convertItem as pf1Item } from "./pf1.js";
import { Losses, type ImportStatus, type ReportEntry, type SourceSystem } from "./report.js";
import { contextFor, importFlags, type ActorDoc, type Conversion, type Ctx, type ItemDoc } from "./shape.js";
import { asHtml, clip, MAX_TEXT } from "./text.js";

/** The game each source system's content is for (docs/import.md): the registered game of its family. */
function targetOf(source: SourceSystem): string {
  return allRulesets().find((r) => r.importFamily === source)?.id ?? "";
}

/** Cross-family mappings docs/import.md documents (none yet): source → games besides its own. */
const DOCUMENTED_CROSS: Partial<Record<SourceSystem, readonly string[]>> = {};

interface Converter {
  actor(ctx: Ctx, doc: unknown): ActorDoc;
  item(ctx: Ctx, doc: unknown): ItemDoc | null;
}

const CONVERTERS: Record<SourceSystem, Converter> = {
  archmage: { actor: archmageActor, item: archmageItem },
  dnd5e: { actor: dnd5eActor, item: dnd5eItem },
  dnd4e: { actor: dnd4eActor, item: dnd4eItem },
  pf1: { actor: pf1Actor, item: pf1Item },
};

export interface ImportOptions {
  /** The game to convert to; absent = the source's own family's game. */
  to?: string;
}

/** Why a target game is refused for a source, or null when it is allowed. */
function targetProblem(source: SourceSystem, to: string | undefined): string | null {
  if (to === undefined || to === targetOf(source)) return null;
  if (DOCUMENTED_CROSS[source]?.includes(to)) return null;
  return `${source} content converts to ${targetOf(source)}; converting it to "${to}" is not a mapping docs/import.md documents`;
}

function failed(raw: unknown, sourceSystem: SourceSystem | "unknown", target: string, errors: string[]): Conversion {
  return {
    doc: null,
    entry: {
      name: clip(str(at(raw, "name")) || "(no name)", 200),
      sourceSystem,
      sourceId: clip(str(at(raw, "_id")), 100),
      type: clip(str(at(raw, "type")), 50),
      target,
      status: "failed",
      automated: [],
      text: [],
      dropped: [],
      errors,
      review: [],
    },
  };
}

/** Move the printed lines gathered on an actor into its biography, after the source's own text. */
function finishActor(actor: ActorDoc, source: SourceSystem, description: string, losses: Losses): void {
  const sys = actor.system;
  if (description.length > MAX_TEXT)
    losses.drop(`biography beyond ${MAX_TEXT.toLocaleString("en")} characters left out`, { lore: true });
  const printed = (sys.__printed as string[] | undefined) ?? [];
  delete sys.__printed;
  const parts = [description.trim(), ...printed].filter(Boolean);
  const bio = parts.length ? asHtml(parts.join("\n")) : "";
  sys.details = {
    biography: bio ? `${bio}<p><em>Imported from ${source}.</em></p>` : `<p><em>Imported from ${source}.</em></p>`,
  };
}

/** Problems our data models would refuse the converted document for (each naming its field). */
function modelIssues(doc: ActorDoc | ItemDoc, isActor: boolean): string[] {
  const types = [...anyGameDamageTypes()];
  if (isActor) {
    const actor = doc as ActorDoc;
    const out = actorSystemIssues(actor.system, types).map((i) => `${i.field}: ${i.message}`);
    for (const item of actor.items)
      for (const i of itemSystemIssues(item.type, item.system, types))
        out.push(`${item.name}: ${i.field}: ${i.message}`);
    return out;
  }
  const item = doc as ItemDoc;
  return itemSystemIssues(item.type, item.system, types).map((i) => `${i.field}: ${i.message}`);
}

/** Convert one foreign document. Never throws: every outcome is a report line. */
export function convertDocument(raw: unknown, options: ImportOptions = {}, index = 0): Conversion {
  const detection = detectSource(raw);
  if (detection.system === null) return failed(raw, "unknown", options.to ?? "", [detection.reason]);
  const source = detection.system;
  const refused = targetProblem(source, options.to);
  if (refused) return failed(raw, source, options.to ?? "", [refused]);
  const target = options.to ?? targetOf(source);
  const losses = new Losses();
  if (!detection.how.startsWith("_stats")) losses.flag(`source system read from ${detection.how}`);
  const sourceId = clip(str(at(raw, "_id")), 100);
  const name = clip(str(at(raw, "name")), 200);
  const seed = `${source}/${target}/${sourceId || `${name}#${index}`}`;
  const ctx = contextFor(target, losses, seed);
  const actorDoc = isActorDoc(raw);
  let doc: ActorDoc | ItemDoc | null;
  try {
    if (actorDoc) {
      const actor = CONVERTERS[source].actor(ctx, raw);
      settleClass(ctx, actor);
      finishActor(actor, source, (actor.system.__description as string | undefined) ?? "", losses);
      delete actor.system.__description;
      doc = actor;
    } else doc = CONVERTERS[source].item(ctx, raw);
  } catch (err) {
    losses.error(`could not convert: ${err instanceof Error ? err.message : String(err)}`);
    doc = null;
  }
  if (doc) {
    const issues = modelIssues(doc, actorDoc);
    if (issues.length) {
      for (const i of issues) losses.error(`our data model refuses ${i}`);
      doc = null;
    }
  }
  const origin = { sourceSystem: source, sourceId, sourceName: name };
  if (doc) {
    doc.flags = importFlags(target, origin, losses);
    if (actorDoc)
      for (const item of (doc as ActorDoc).items)
        item.flags = importFlags(target, { ...origin, sourceName: item.name });
  }
  const status: ImportStatus = doc === null ? "failed" : losses.complete ? "full" : "partial";
  const sysType = str(at(raw, "type")) || (obj(systemOf(raw)) ? "" : "");
  return {
    doc: doc
      ? actorDoc
        ? { documentName: "Actor", data: doc as ActorDoc }
        : { documentName: "Item", data: doc as ItemDoc }
      : null,
    entry: {
      name: name || "(no name)",
      sourceSystem: source,
      sourceId,
      type: clip(sysType, 50),
      target,
      status,
      automated: losses.automated,
      text: losses.text,
      dropped: losses.dropped,
      errors: losses.errors,
      review: losses.review,
    },
  };
}

/** One summary line per source system and target game: how many full, partial, failed. */
export function summaryLines(entries: readonly ReportEntry[]): string[] {
  const groups = new Map<string, { full: number; partial: number; failed: number }>();
  for (const e of entries) {
    const key = `${e.sourceSystem} → ${e.target || "(none)"}`;
    const g = groups.get(key) ?? { full: 0, partial: 0, failed: 0 };
    g[e.status]++;
    groups.set(key, g);
  }
  return [...groups.entries()].map(([key, g]) => {
    const total = g.full + g.partial + g.failed;
    const share = total ? Math.round((100 * g.full) / total) : 0;
    return `${key}: ${total} documents, ${g.full} full (${share}%), ${g.partial} partial, ${g.failed} failed`;
  });
}

export type { Conversion } from "./shape.js";
