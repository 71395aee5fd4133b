/**
 * [SYS-IMPORT] The import report: per document, what landed in a field the engine reads
 * (*automated*), what was kept as printed text (*text*), what was left out (*dropped*), and why a
 * document could not convert (*errors*). A datum that is lore (senses, skills, ecology, languages,
 * biography) never keeps a document from being *full*.
 */

export const SOURCE_SYSTEMS = ["archmage", "dnd5e", "dnd4e", "pf1"] as const;
export type SourceSystem = (typeof SOURCE_SYSTEMS)[number];

export type ImportStatus = "full" | "partial" | "failed";

/** One line of the JSON report (docs/import.md). */
export interface ReportEntry {
  name: string;
  sourceSystem: SourceSystem | "unknown";
  sourceId: string;
  type: string;
  target: string;
  status: ImportStatus;
  automated: string[];
  text: string[];
  dropped: string[];
  errors: string[];
  /** Text a GM should read again: riders parsed from text, values guessed from a default. */
  review: string[];
}

interface Options {
  /** Lore (senses, skills, ecology, languages): never makes a document partial. */
  lore?: boolean;
}

/** Most lines one list of one entry keeps (a thousand-attack document still gives a short report). */
const MAX_LINES = 200;

function push(list: string[], line: string): void {
  if (list.length < MAX_LINES) list.push(line);
  else if (list.length === MAX_LINES) list.push("… (more left out of the report)");
}

/** What happened to each datum of one document, gathered while it converts. */
export class Losses {
  readonly automated: string[] = [];
  readonly text: string[] = [];
  readonly dropped: string[] = [];
  readonly errors: string[] = [];
  readonly review: string[] = [];
  /** Non-lore text or dropped data: the document is at best partial. */
  private lost = 0;

  /** The datum landed in a field the engine reads. */
  auto(line: string): void {
    push(this.automated, line);
  }

  /** The datum is kept as printed text on the document. */
  keep(line: string, options: Options = {}): void {
    push(this.text, line);
    if (!options.lore) this.lost++;
  }

  /** The datum was left out. */
  drop(line: string, options: Options = {}): void {
    push(this.dropped, line);
    if (!options.lore) this.lost++;
  }

  /** Something of the document could not convert (a broken formula, a missing number). */
  error(line: string): void {
    push(this.errors, line);
    this.lost++;
  }

  /** A value the GM should check (parsed from text, or a default used). */
  flag(line: string): void {
    push(this.review, line);
  }

  /** Whether nothing but lore was lost. */
  get complete(): boolean {
    return this.lost === 0;
  }

  /**
   * What was automated under `prefix` is now only text (a power turned into a feature): each such
   * line moves to the text list.
   */
  demote(prefix: string, why: string): void {
    const moved = this.automated.filter((l) => l.startsWith(prefix));
    if (!moved.length) return;
    const kept = this.automated.filter((l) => !l.startsWith(prefix));
    this.automated.splice(0, this.automated.length, ...kept);
    for (const l of moved) this.keep(`${l.replace(/ → .*$/, "")} kept as text (${why})`);
  }

  /** Take over another document's lines (an embedded item's), prefixed with its name. */
  absorb(other: Losses, prefix: string): void {
    for (const l of other.automated) this.auto(`${prefix}: ${l}`);
    for (const l of other.text) push(this.text, `${prefix}: ${l}`);
    for (const l of other.dropped) push(this.dropped, `${prefix}: ${l}`);
    for (const l of other.errors) push(this.errors, `${prefix}: ${l}`);
    for (const l of other.review) this.flag(`${prefix}: ${l}`);
    this.lost += other.lost;
  }
}
