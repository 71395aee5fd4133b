/**
 * [SYS-IMPORT] Pieces every converter shares: bounded numbers, damage types and traits in the
 * target's words, a power's effect rows, and natural-roll trigger phrases.
 */
import { defaultsOf } from "../engine/fields.js";
import { POWER_FIELDS } from "../engine/item-fields.js";
import { printLine, type Aura } from "./mappings.js";
import { itemFieldChoices, type ActorDoc, type Ctx, type ItemDoc, type Plain } from "./shape.js";
import { conditionFor, conditionWords, damageTypeFor } from "./words.js";

/** The data model's bound on every stored number (src/engine/fields.ts `numberBounds`). */
const NUMBER_LIMIT = 1_000_000;

/** A whole number kept within [min, max] (the data model's bounds). */
export function bounded(n: number, min = -NUMBER_LIMIT, max = NUMBER_LIMIT): number {
  return Math.max(min, Math.min(max, Math.round(n)));
}

/** Ability modifier of a 3–30 score. */
export function modOf(score: number): number {
  return Math.floor((score - 10) / 2);
}

/** Target damage types of source words; words the game lacks are returned apart. */
export function damageTypesFor(ctx: Ctx, words: readonly string[]): { types: string[]; unknown: string[] } {
  const types: string[] = [];
  const unknown: string[] = [];
  for (const w of words) {
    const t = damageTypeFor(ctx.ruleset, w);
    if (t === null) unknown.push(w);
    else if (t && !types.includes(t)) types.push(t);
  }
  return { types, unknown };
}

/**
 * Resistances, vulnerabilities and immunities by damage word: each type the game knows lands in
 * the actor's list with the game's value (`value`); a word it lacks is kept as text.
 */
export function addTraits(
  ctx: Ctx,
  actor: ActorDoc,
  kind: "resistances" | "vulnerabilities" | "immunities",
  words: readonly string[],
  value = 0,
): void {
  const sys = actor.system;
  const label = kind === "resistances" ? "resistance" : kind === "vulnerabilities" ? "vulnerability" : "immunity";
  for (const w of words) {
    const raw = w.trim().toLowerCase();
    if (!raw) continue;
    const all = ["all", "all damage"].includes(raw);
    const t = all ? "all" : damageTypeFor(ctx.ruleset, raw);
    if (t === null || t === "") {
      printLine(actor, `${label[0]!.toUpperCase()}${label.slice(1)}: ${w}.`);
      ctx.losses.keep(`${label} to ${w} kept as text (no such damage type in this game)`);
      continue;
    }
    if (kind === "immunities") {
      const list = sys.immunities as string[];
      if (!list.includes(t)) list.push(t);
    } else {
      const list = sys[kind] as { type: string; value: number }[];
      const prev = list.find((r) => r.type === t);
      if (prev) prev.value = Math.max(prev.value, value);
      else list.push({ type: t, value: bounded(value, 0) });
    }
    ctx.losses.auto(`${label} ${w}${value ? ` ${value}` : ""} → ${kind}`);
  }
}

/** The effect row of a power (every field at its initial value, then the overrides). */
export function effectRow(over: Plain): Plain {
  // Every field the effect row's description has (another issue's new ones too), then the overrides.
  const fields = POWER_FIELDS.effects.element?.fields ?? {};
  const base = structuredClone(defaultsOf(fields)) as Plain;
  const trigger = { ...((base.trigger as Plain | undefined) ?? {}), ...((over.trigger as Plain | undefined) ?? {}) };
  return { ...base, ...over, trigger };
}

/** A natural-roll trigger read from a phrase ("natural even hit", "natural 16+", "natural 18–20"). */
export interface Trigger {
  outcome: "hit" | "miss" | "crit" | "any";
  kind: "any" | "even" | "odd" | "atLeast" | "range" | "list";
  value: number;
  /** High end of a range ("natural 1–5"). */
  to?: number;
  /** The naturals of a list ("natural 5, 10, 15, 20"). */
  values?: number[];
}

/** Whether power effect rows hold this trigger kind (ranges and lists come with another issue's fields). */
function triggerKindStored(kind: string): boolean {
  return itemFieldChoices("power", "effects.trigger.kind").includes(kind);
}

/**
 * The trigger a phrase names, or null when it is not one this model holds (a range "natural 1–5",
 * a list "natural 2, 4, 6" and conditions other than the roll stay text).
 */
export function readTrigger(phrase: string): Trigger | null {
  const p = phrase.toLowerCase().replace(/[–—]/g, "-").trim();
  const outcome: Trigger["outcome"] = /\bhit or miss\b/.test(p)
    ? "any"
    : /\bmiss\b/.test(p)
      ? "miss"
      : /\bcrit(ical)?( hit)?\b/.test(p)
        ? "crit"
        : "hit";
  if (/^(crit|critical hit|critical)$/.test(p)) return { outcome: "crit", kind: "any", value: 0 };
  if (/^miss$/.test(p)) return { outcome: "miss", kind: "any", value: 0 };
  let m: RegExpMatchArray | null;
  if ((m = p.match(/^natural (even|odd)( roll)?( (hit|miss|hit or miss))?$/)))
    return { outcome, kind: m[1] as "even" | "odd", value: 0 };
  if ((m = p.match(/^natural (\d+)\+( roll)?( (hit|miss|hit or miss))?$/)))
    return { outcome, kind: "atLeast", value: Number(m[1]) };
  if ((m = p.match(/^natural (\d+)-20( (hit|miss|hit or miss))?$/)))
    return { outcome, kind: "atLeast", value: Number(m[1]) };
  if ((m = p.match(/^natural 20( (hit|miss|hit or miss))?$/))) return { outcome, kind: "atLeast", value: 20 };
  if ((m = p.match(/^natural (\d+) ?(?:-|to) ?(\d+)( (hit|miss|hit or miss))?$/)) && triggerKindStored("range"))
    return { outcome, kind: "range", value: Number(m[1]), to: Number(m[2]) };
  if ((m = p.match(/^natural ((?:\d+,? )+(?:or )?\d+)( (hit|miss|hit or miss))?$/)) && triggerKindStored("list"))
    return {
      outcome,
      kind: "list",
      value: 0,
      values: m[1]!
        .split(/[^\d]+/)
        .filter(Boolean)
        .map(Number),
    };
  return null;
}

/** What a rider sentence says, when every part of it was read for sure. */
export interface Rider {
  statuses: string[];
  duration: string;
  save: "easy" | "normal" | "hard";
  ongoing: { amount: number; type: string } | null;
  /** [FF-FORCED] "push the target 2 squares", "the target slides 1 square". */
  forced?: { kind: "push" | "pull" | "slide"; squares: number };
  /** What follows a save that ends it ("Aftereffect: the target is slowed (save ends)"). */
  aftereffect?: Pick<Rider, "statuses" | "duration" | "save" | "ongoing">;
  /** No time was printed for its conditions ("the target is knocked prone"): they last until removed or the battle ends. */
  unstated?: true;
}

/**
 * Read a short rider ("the target is dazed (save ends)", "5 ongoing fire damage", "weakened until
 * the end of its next turn"). Null unless the whole sentence was understood: anything else stays text.
 */
export function readRider(ctx: Ctx, text: string): Rider | null {
  // "… (save ends). Aftereffect: …": both parts read whole, the second after a save ends the first.
  const parts = text.split(/\baftereffect\s*:\s*/i);
  if (parts.length > 2) return null;
  if (parts.length === 2) {
    const main = readRider(ctx, parts[0]!);
    const after = readRider(ctx, parts[1]!);
    if (!main || !after || main.duration !== "saveEnds" || after.forced || after.aftereffect || after.unstated)
      return null;
    const { statuses, duration, save, ongoing } = after;
    return { ...main, aftereffect: { statuses, duration, save, ongoing } };
  }
  let t = text.toLowerCase().replace(/[*_]/g, "").replace(/\s+/g, " ").trim().replace(/[.;]$/, "");
  if (!t || t.length > 160) return null;
  let duration = "";
  let save: Rider["save"] = "normal";
  const sv = t.match(
    /\((easy |normal |hard )?save ends(?: both)?(, (\d+)\+)?\)|\b(easy |normal |hard )?save ends(?: both)?\b/,
  );
  if (sv) {
    duration = "saveEnds";
    const d = (sv[1] ?? sv[4] ?? "").trim();
    if (d === "easy" || d === "hard") save = d;
    const n = Number(sv[3] ?? 0);
    if (n >= 16) save = "hard";
    else if (n > 0 && n <= 6) save = "easy";
    t = t.replace(sv[0], " ");
  }
  const nt = t.match(
    /until (?:the )?(start|end) of (its|your|the [\w'’ -]+?|their|this creature's|this creature’s) next turn/,
  );
  if (nt) {
    const its = nt[2] === "its" || nt[2] === "their";
    duration =
      nt[1] === "start" ? (its ? "startOfItsNextTurn" : "startOfNextTurn") : its ? "endOfItsNextTurn" : "endOfNextTurn";
    t = t.replace(nt[0], " ");
  }
  if (/until the end of the (battle|encounter|combat)/.test(t)) {
    duration = "endOfEncounter";
    t = t.replace(/until the end of the (battle|encounter|combat)/, " ");
  }
  let ongoing: Rider["ongoing"] = null;
  // "5 ongoing fire damage", and the 4th-edition order "ongoing 5 fire damage".
  const og = t.match(/(\d+) ongoing ([a-z ]*?)\s?damage/) ?? t.match(/\bongoing (\d+) ([a-z ]*?)\s?damage/);
  if (og) {
    const type = og[2]!.trim();
    const dt = type ? damageTypeFor(ctx.ruleset, type) : "";
    if (dt === null) return null;
    ongoing = { amount: Number(og[1]), type: dt || "untyped" };
    t = t.replace(og[0], " ");
    if (!duration) duration = "saveEnds";
  }
  let forced: Rider["forced"];
  const fm = t.match(/\b(push|pull|slide)(?:es|s|ed|d)? (?:the target |it )?(\d+) squares?\b/);
  // Only in a game that moves targets by squares (`forcedPath`); elsewhere the words stay unread.
  if (fm && ctx.ruleset.forcedPath) {
    forced = { kind: fm[1] as "push" | "pull" | "slide", squares: Number(fm[2]) };
    t = t.replace(fm[0], " ");
  }
  const words = conditionWords(t);
  const statuses: string[] = [];
  for (const w of words) {
    const id = conditionFor(ctx.ruleset, w);
    if (!id) return null;
    statuses.push(id);
    t = t.replace(new RegExp(`\\b${w}\\b`), " ");
  }
  // What is left must be glue words only.
  const rest = t
    .replace(
      /\b(and|the|target|is|are|also|takes|becomes|it|then|be|a|an|each|of|to|on|as|and the target|creature|\(|\)|,)\b/g,
      " ",
    )
    .replace(/[(),]/g, " ")
    .trim();
  if (rest !== "") return null;
  if (!statuses.length && !ongoing && !forced) return null;
  // A condition printed with no time ("knocked prone", "grabbed") is no save-ends effect: it stays
  // until it is removed (standing up, escaping) or the battle ends, and the import says so.
  const unstated = !duration && statuses.length > 0;
  return {
    statuses,
    duration: duration || (unstated ? "endOfEncounter" : "saveEnds"),
    save,
    ongoing,
    ...(forced ? { forced } : {}),
    ...(unstated ? { unstated: true as const } : {}),
  };
}

/** Put a rider on a power as an effect row; true when it landed. */
export function addRider(ctx: Ctx, item: ItemDoc, trigger: Trigger, rider: Rider, printed: string): boolean {
  const sys = item.system;
  const rows = sys.effects as Plain[];
  if (trigger.outcome === "any") {
    // A hit-or-miss trigger is two rows.
    addRider(ctx, item, { ...trigger, outcome: "hit" }, rider, printed);
    const { unstated: _flaggedOnce, ...same } = rider;
    return addRider(ctx, item, { ...trigger, outcome: "miss" }, same, printed);
  }
  if (rider.unstated)
    ctx.losses.flag(
      `${item.name}: no time printed for ${rider.statuses.join(", ")}; it lasts until removed or the battle ends`,
    );
  rows.push(
    effectRow({
      outcome: trigger.outcome,
      trigger: {
        kind: trigger.kind,
        value: trigger.value,
        // The data model's and the engine's name for a range's high end is `max`.
        ...(trigger.to !== undefined ? { max: trigger.to } : {}),
        ...(trigger.values !== undefined ? { values: trigger.values } : {}),
      },
      statuses: rider.statuses,
      duration: rider.duration,
      save: rider.save,
      ongoing: rider.ongoing,
      ...(rider.forced ? { forced: rider.forced } : {}),
      ...(rider.aftereffect ? { aftereffect: { ...rider.aftereffect, sustain: null } } : {}),
    }),
  );
  return true;
}

/** What an aura's text says, when it says it plainly (who, when, damage or a condition). */
export function readAuraText(ctx: Ctx, text: string): Pick<Aura, "who" | "when" | "damage" | "condition"> {
  const t = text.toLowerCase();
  const out: Pick<Aura, "who" | "when" | "damage" | "condition"> = {};
  if (/\b(enem(y|ies)|foes?)\b/.test(t)) out.who = "enemies";
  else if (/\ball(y|ies)\b/.test(t)) out.who = "allies";
  else if (/\bcreatures?\b/.test(t)) out.who = "all";
  if (/starts? (its|their) turn/.test(t)) out.when = "turnStart";
  else if (/\benters?\b/.test(t)) out.when = "enter";
  else if (/\bwhile\b|\bwithin the aura\b.*\b(takes a|has a|is)\b/.test(t)) out.when = "within";
  const dmg = t.match(/takes? (\d+(?:d\d+)?(?: ?\+ ?\d+)?) ([a-z]+ )?damage/);
  if (dmg) {
    const type = dmg[2] ? damageTypeFor(ctx.ruleset, dmg[2].trim()) : "";
    if (type !== null) out.damage = { formula: dmg[1]!.replace(/\s/g, ""), type: type || "untyped" };
  }
  const cond = conditionWords(t)
    .map((w) => conditionFor(ctx.ruleset, w))
    .find((c): c is string => c !== null);
  if (cond) out.condition = cond;
  return out;
}
