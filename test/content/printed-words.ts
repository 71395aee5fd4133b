/**
 * [SYS-CONTENT] [SYS-POWERS] What a power's printed words promise, read in its game's own words, and
 * what its data does, both as one comparable set of claims.
 *
 * The printed side reads a power's hit, miss and crit texts and its effects' texts; a weapon's
 * printed side is its description. It finds conditions, forced movement (kind and squares), ongoing
 * damage (amount, type, duration, save), the damage's types, the crit range, and each condition's
 * duration and save difficulty. The data side lists the same things from the stored fields
 * (`damageTypes`, `critRange`, `ongoing`, each effect's statuses, duration, save, ongoing damage,
 * forced movement and aftereffect). A content test compares the two sets.
 *
 * Nothing here lists exceptions: where a phrase could mean two things, the game's vocabulary
 * decides, and that vocabulary is derived from the ruleset's own data ({@link vocabularyOf}): its
 * condition ids and localised names (a condition that only marks its bearer off guard is also
 * "caught off guard", the words its rules use for it), its damage types and their localised names
 * ("negative energy"), the forced-movement kinds of the power data model where the game moves
 * creatures by force (its `forcedPath`), the save difficulties its `effectSaveTarget` tells apart (FFd20 saves alike
 * whatever the difficulty, so there every save is "save ends"), and the duration words of the effect labels (`D20C.Effects.Duration`).
 */
import { FORCED_KINDS, SAVE_DIFFICULTIES } from "../../src/engine/item-fields.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import { standInLangStrings } from "../stand-ins/i18n.js";
import type { Plain } from "../packs/pack-sources.js";

type Outcome = "hit" | "miss" | "crit";
type Save = (typeof SAVE_DIFFICULTIES)[number];

/** A game's words for what a power does. */
export interface Vocabulary {
  /** Condition id → the phrases that name it. */
  conditions: { id: string; phrases: string[] }[];
  /** Condition names of the other games this one lacks: printed, they promise what no data can apply. */
  foreign: string[];
  /** Damage type id → the phrases that name it. */
  damageTypes: { id: string; phrases: string[] }[];
  /** Stored save difficulty → the difficulty the game plays it as (saves the game does not tell apart are one). */
  saveAs: Record<Save, Save>;
  /** The difficulty whose save target is a printed number. */
  saveAt: Record<number, Save>;
  /** Forced-movement verb form → its kind (none where the game moves no creature by force). */
  forced: Map<string, string>;
  /** The words for a whole battle in the duration labels ("encounter", "battle"). */
  battleWords: string[];
}

const LANG = standInLangStrings();
const lang = (key: string) => LANG.get(key) ?? key;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** "flatFooted" → "flat footed". */
const idWords = (id: string) => id.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
const alternation = (phrases: string[]) =>
  [...new Set(phrases)]
    .sort((a, b) => b.length - a.length)
    .map((p) => escape(p).replace(/[ -]/g, "[ -]"))
    .join("|");

/** Inflections of a forced-movement kind: push, pushes, pushed; slide, slides, slid. */
function forcedForms(kind: string): string[] {
  const base = [kind, `${kind}s`, `${kind}es`, `${kind}ed`, kind.endsWith("e") ? `${kind}d` : `${kind}ed`];
  if (kind.endsWith("ide")) base.push(kind.slice(0, -1)); // slide → slid
  return base;
}

/** A game's conditions, each with the phrases that name it. */
function conditionPhrases(ruleset: Ruleset): { id: string; phrases: string[] }[] {
  return ruleset.conditions.map((c) => {
    const phrases = [c.id.toLowerCase(), idWords(c.id), lang(c.label).toLowerCase()];
    // A condition whose one mechanic is leaving its bearer off guard is what the rules call caught off guard.
    // (Granting combat advantage and not flanking are what being off guard means; any other number is more.)
    const keep = ["id", "label", "img", "implies", "offGuard", "grantsCombatAdvantage", "noFlank"];
    const mechanics = Object.keys(c).filter((k) => !keep.includes(k));
    if (c.offGuard === true && mechanics.length === 0 && c.implies.length === 0) phrases.push("caught off guard");
    return { id: c.id, phrases };
  });
}

/** The vocabulary of one game, from its ruleset's data and the shared effect labels; `others`: the other games. */
export function vocabularyOf(ruleset: Ruleset, others: readonly Ruleset[] = []): Vocabulary {
  const conditions = conditionPhrases(ruleset);
  const own = new Set(conditions.flatMap((c) => c.phrases));
  const foreign = [
    ...new Set(others.flatMap((r) => (r.id === ruleset.id ? [] : conditionPhrases(r).flatMap((c) => c.phrases)))),
  ].filter((p) => !own.has(p));
  const damageTypes = ruleset.damageTypes.map((t) => ({
    id: t,
    phrases: [t, lang(`D20C.DamageType.${t}`).toLowerCase()],
  }));
  const target = (s: Save) => ruleset.effectSaveTarget?.(s) ?? null;
  const saveAs = Object.fromEntries(
    SAVE_DIFFICULTIES.map((s) => [s, target(s) === target("normal") ? "normal" : s]),
  ) as Record<Save, Save>;
  // A game that moves no creature by force (no `forcedPath`) leaves a printed shove to the table: plain words.
  const forced = new Map<string, string>();
  if (ruleset.forcedPath) for (const kind of FORCED_KINDS) for (const form of forcedForms(kind)) forced.set(form, kind);
  // "until the end of the encounter", "… of the battle": every label of the until-the-end-of-the-encounter kind
  const battleWords = [...LANG]
    .filter(([key]) => key.endsWith(".endOfEncounter"))
    .flatMap(([, label]) => /end of the (\w+)$/i.exec(label)?.[1] ?? [])
    .map((w) => w.toLowerCase());
  // the difficulty a printed target names (Hundred Dungeons "rolls 15+", Wounds d20 "DC 20")
  const saveAt: Record<number, Save> = {};
  for (const s of SAVE_DIFFICULTIES) {
    const t = target(s);
    if (t !== null && saveAt[t] === undefined) saveAt[t] = s;
  }
  return { conditions, foreign, damageTypes, saveAs, saveAt, forced, battleWords: [...new Set(battleWords)] };
}

// ---- the printed side ------------------------------------------------------------------------------

interface Match {
  at: number;
  end: number;
  kind: "crit" | "ongoing" | "forced" | "instead" | "types" | "duration" | "condition";
  groups: string[];
}

/** Every phrase of one clause, earliest first, overlaps dropped (the earlier, then the longer, wins). */
function phrasesOf(clause: string, voc: Vocabulary): Match[] {
  const types = alternation(voc.damageTypes.flatMap((t) => t.phrases));
  const conds = alternation([...voc.conditions.flatMap((c) => c.phrases), ...voc.foreign]);
  const verbs = alternation([...voc.forced.keys()]);
  const battle = voc.battleWords.join("|");
  const patterns: [Match["kind"], RegExp][] = [
    [
      "crit",
      /\bcrit(?:s|ical)?(?: hits?)?(?: range)?:?(?: on)?(?: a)?(?: natural)? (\d+)(?:\+|(?: or |[-–])20\b| or more)/g,
    ],
    ["ongoing", new RegExp(`\\b(\\d+) ongoing (?:(${types}) )?damage`, "g")],
    ["ongoing", new RegExp(`\\bongoing (\\d+) (?:(${types}) )?damage`, "g")],
    ["ongoing", new RegExp(`\\b(\\d+) (?:(${types}) )?damage at the start of each of [^.;()]*?turns`, "g")],
    ...(verbs === ""
      ? []
      : ([
          [
            "forced",
            new RegExp(`\\b(${verbs})\\b(?: the target| it| them)?(?: (a|an|\\d+))? (squares?|feet|foot)\\b`, "g"),
          ],
          ["instead", /\b(\d+) (squares?|feet) instead\b/g],
        ] as [Match["kind"], RegExp][])),
    ["types", new RegExp(`\\b((?:${types})(?:(?:,| and| or) (?:${types}))*) damage\\b`, "g")],
    ["duration", /\((?:(easy|normal|hard) )?save ends\b/g],
    // issue 45: Hundred Dungeons' "(until it rolls 12+" and Wounds d20's "(until a save succeeds, DC 15"
    ["duration", /\(until it rolls (\d+)\+/g],
    ["duration", /\(until a save succeeds, dc (\d+)\b/g],
    ["duration", /\buntil the (start|end) of [^.;()]*?next turn\b/g],
    ["duration", new RegExp(`\\b(?:until the end|for the rest) of the (?:${battle})\\b`, "g")],
    ["duration", /\buntil [^.;()]*?\bremove[sd]?\b/g],
    ["duration", /\bsustain(?:s|ed)?\b/g],
    ["condition", new RegExp(`\\b(${conds})\\b`, "g")],
  ];
  const all: Match[] = [];
  for (const [kind, re] of patterns) {
    for (const m of clause.matchAll(re)) {
      all.push({ at: m.index, end: m.index + m[0].length, kind, groups: [m[0], ...m.slice(1).map((g) => g ?? "")] });
    }
  }
  all.sort((a, b) => a.at - b.at || b.end - a.end);
  const kept: Match[] = [];
  for (const m of all) if (!kept.some((k) => m.at < k.end && k.at < m.end)) kept.push(m);
  return kept;
}

/** The duration (and save) a duration phrase names, as a claim suffix. */
function durationOf(m: Match, voc: Vocabulary): string {
  const text = m.groups[0]!;
  const said = m.groups[1] || "normal";
  if (text.startsWith("(") && /^\d+$/.test(said)) return `saveEnds ${voc.saveAs[voc.saveAt[Number(said)] ?? "normal"]}`;
  if (text.startsWith("(")) return `saveEnds ${voc.saveAs[said as Save]}`;
  // "its next turn" (the target's) is the affected creature's turn; "your next turn" the creator's ([SYS-EFFECTS]).
  const its = /\b(?:its|the target's)\s+next turn$/.test(text) ? "Its" : "";
  if (text.startsWith("until the start")) return `startOf${its}NextTurn`;
  if (/next turn$/.test(text)) return `endOf${its}NextTurn`;
  if (/remove[sd]?$/.test(text)) return "permanent";
  if (text.startsWith("sustain")) return "sustain";
  return "endOfEncounter";
}

const squaresOf = (count: string, unit: string) => {
  const n = count === "a" || count === "an" || count === "" ? 1 : Number(count);
  return unit.startsWith("f") ? n / 5 : n;
};

/** Claims of one printed text whose outcome is `outcome` (a clause about a crit in a hit text is the crit's). */
function readText(
  text: string,
  outcome: Outcome,
  voc: Vocabulary,
  out: Set<string>,
  /** The duration words a condition named without any have (an effect's own text labels that effect). */
  unsaid: string | null = null,
): void {
  const clean = text
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .toLowerCase();
  for (const clause of clean.split(/[.;](?:\s|$)/)) {
    const matches = phrasesOf(clause, voc);
    const claimsCrit = /\b(?:a |on a )?crit(?:ical)?(?: hit)?\b/.test(
      matches.filter((m) => m.kind === "crit").reduce((c, m) => c.replace(m.groups[0]!, ""), clause),
    );
    const at: Outcome = outcome === "hit" && claimsCrit ? "crit" : outcome;
    let pending: string[] = [];
    let lastForced = "";
    const settle = (duration: string | null) => {
      for (const p of pending)
        out.add(
          `${p} (${duration ?? unsaid ?? (p.startsWith(`${at}: ongoing`) ? `saveEnds ${voc.saveAs.normal}` : "permanent")})`,
        );
      pending = [];
    };
    for (const m of matches) {
      const g = m.groups;
      if (m.kind === "crit") out.add(`crit range: ${g[1]}+`);
      else if (m.kind === "ongoing") pending.push(`${at}: ongoing ${g[1]} ${typeId(g[2]!, voc)}`);
      else if (m.kind === "types")
        for (const t of g[1]!.split(/,| and | or /)) out.add(`damage type: ${typeId(t, voc)}`);
      else if (m.kind === "forced") {
        lastForced = voc.forced.get(g[1]!)!;
        out.add(`${at}: ${lastForced} ${squaresOf(g[2]!, g[3]!)}`);
      } else if (m.kind === "instead" && lastForced) out.add(`${at}: ${lastForced} ${squaresOf(g[1]!, g[2]!)}`);
      else if (m.kind === "duration") settle(durationOf(m, voc));
      else if (m.kind === "condition") {
        // "not dying", "instead of dying": named to be denied
        if (/\b(?:not|instead of|no)\s+$/.test(clause.slice(0, m.at))) continue;
        pending.push(`${at}: ${conditionId(g[1]!, voc)}`);
      }
    }
    settle(null);
  }
}

function typeId(phrase: string, voc: Vocabulary): string {
  const p = phrase.trim().replace(/-/g, " ");
  if (p === "") return "untyped";
  return voc.damageTypes.find((t) => t.phrases.some((w) => w.replace(/-/g, " ") === p))?.id ?? `?${p}`;
}

function conditionId(phrase: string, voc: Vocabulary): string {
  const p = phrase.replace(/-/g, " ");
  return voc.conditions.find((c) => c.phrases.some((w) => w.replace(/-/g, " ") === p))?.id ?? `?${p}`;
}

/** What a pack item's printed words promise. */
export function printedClaims(item: { type: string; system: Plain }, voc: Vocabulary): Set<string> {
  const out = new Set<string>();
  const s = item.system;
  if (item.type === "weapon") {
    readText(String(s.description ?? ""), "hit", voc, out);
    return new Set([...out].filter((c) => c.startsWith("crit range")));
  }
  readText(String(s.hitEffect ?? ""), "hit", voc, out);
  readText(String(s.missText ?? ""), "miss", voc, out);
  readText(String(s.critText ?? ""), "crit", voc, out);
  for (const e of (s.effects ?? []) as EffectData[]) readText(e.text ?? "", e.outcome, voc, out, timingOf(e, voc));
  return out;
}

// ---- the data side ---------------------------------------------------------------------------------

interface EffectBody {
  statuses: string[];
  duration: string;
  save: Save;
  ongoing: { amount: number; type: string } | null;
}
interface EffectData extends EffectBody {
  outcome: Outcome;
  text?: string;
  aftereffect: EffectBody | null;
  forced: { kind: string; squares: number } | null;
}

/** An effect's duration (and save) as a claim suffix. */
const timingOf = (b: { duration: string; save: Save }, voc: Vocabulary) =>
  b.duration === "saveEnds" ? `saveEnds ${voc.saveAs[b.save]}` : b.duration;

/** What a pack item's data does, in the claims' terms. */
export function dataClaims(item: { type: string; system: Plain }, voc: Vocabulary): Set<string> {
  const out = new Set<string>();
  const s = item.system;
  const critRange = Number(s.critRange ?? 0);
  if (critRange > 0) out.add(`crit range: ${20 - critRange}+`);
  if (item.type === "weapon") return out;
  for (const t of (s.damageTypes ?? []) as string[]) out.add(`damage type: ${t}`);
  const timing = (b: EffectBody) => timingOf(b, voc);
  const ongoing = s.ongoing as { amount: number; type: string; save: Save } | null;
  if (ongoing) out.add(`hit: ongoing ${ongoing.amount} ${ongoing.type} (saveEnds ${voc.saveAs[ongoing.save]})`);
  const body = (at: Outcome, b: EffectBody) => {
    for (const status of b.statuses) out.add(`${at}: ${status} (${timing(b)})`);
    if (b.ongoing) out.add(`${at}: ongoing ${b.ongoing.amount} ${b.ongoing.type} (${timing(b)})`);
  };
  for (const e of (s.effects ?? []) as EffectData[]) {
    body(e.outcome, e);
    if (e.aftereffect) body(e.outcome, e.aftereffect);
    if (e.forced) out.add(`${e.outcome}: ${e.forced.kind} ${e.forced.squares}`);
  }
  return out;
}

/** The claims on one side only: what the words promise and the data lacks, and the reverse. */
export function claimDiff(
  item: { type: string; system: Plain },
  voc: Vocabulary,
): { printedOnly: string[]; dataOnly: string[] } {
  const printed = printedClaims(item, voc);
  const data = dataClaims(item, voc);
  return {
    printedOnly: [...printed].filter((c) => !data.has(c)).sort(),
    dataOnly: [...data].filter((c) => !printed.has(c)).sort(),
  };
}
