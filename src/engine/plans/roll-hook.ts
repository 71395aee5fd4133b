/**
 * Loose d20 rolls (chat `/roll 1d20+7`, macros, inline `[[1d20+5]]`) made while tokens are
 * targeted, decided (pure) by the same engine code as sheet attacks ([SYS-ROLLHOOK]): the kept
 * natural and the total come from the roll's JSON; each target's outcome from `resolveAttack`
 * against the ruleset's first defense (natural 1/20, crit range such as vulnerability).
 */
import type { Ruleset } from "../ruleset.js";
import type { RuleOptions } from "../types.js";
import { plainSituation, type TargetSnapshot } from "./attack.js";
import type { LooseRollData } from "./card-data.js";

/** The natural and total of a roll's JSON (`Roll#toJSON`), or null when it has no d20. */
export function d20FromRollJson(json: unknown): { natural: number; total: number } | null {
  if (!json || typeof json !== "object") return null;
  const data = json as { terms?: unknown[]; total?: unknown };
  if (typeof data.total !== "number" || !Array.isArray(data.terms)) return null;
  const found = findD20(data.terms);
  return found === null ? null : { natural: found, total: data.total };
}

function findD20(terms: unknown[]): number | null {
  for (const t of terms) {
    if (!t || typeof t !== "object") continue;
    const term = t as { faces?: unknown; results?: unknown; terms?: unknown; roll?: unknown; rolls?: unknown };
    if (term.faces === 20 && Array.isArray(term.results)) {
      const kept = (term.results as { result: number; active?: boolean; discarded?: boolean }[]).find(
        (r) => r.active !== false && !r.discarded,
      );
      if (kept) return kept.result;
    }
    // Parenthetical and pool terms hold their own terms / rolls.
    const nested = [term.terms, (term.roll as { terms?: unknown } | undefined)?.terms, term.rolls]
      .filter(Array.isArray)
      .flatMap((a) =>
        (a as unknown[]).flatMap((x) =>
          (x as { terms?: unknown[] })?.terms ? (x as { terms: unknown[] }).terms : [x],
        ),
      );
    if (nested.length) {
      const n = findD20(nested);
      if (n !== null) return n;
    }
  }
  return null;
}

/** Foundry writes inline rolls with the legacy `escape`; undo it (also %uXXXX sequences). */
function unescapeLegacy(s: string): string {
  return s.replace(/%u([0-9a-fA-F]{4})|%([0-9a-fA-F]{2})/g, (_m, u: string | undefined, b: string | undefined) =>
    String.fromCharCode(parseInt((u ?? b) as string, 16)),
  );
}

/** Roll JSON of the inline rolls in message HTML (`data-roll` attributes). */
export function inlineRollJson(html: string): unknown[] {
  const out: unknown[] = [];
  for (const m of html.matchAll(/data-roll="([^"]+)"/g)) {
    const raw = (m[1] as string).replace(/&quot;/g, '"').replace(/&amp;/g, "&");
    for (const decode of [decodeURIComponent, unescapeLegacy, (s: string) => s]) {
      try {
        out.push(JSON.parse(decode(raw)));
        break;
      } catch {
        /* try the next decoding */
      }
    }
  }
  return out;
}

/** Decide a loose roll against each target. */
export function decideLooseRoll(
  ruleset: Ruleset,
  options: RuleOptions,
  roll: { natural: number; total: number },
  targets: readonly TargetSnapshot[],
): LooseRollData {
  const defense = ruleset.defenses[0];
  const defenseKey = defense?.key ?? "ac";
  return {
    version: 1,
    rulesetId: ruleset.id,
    natural: roll.natural,
    total: roll.total,
    defenseKey,
    defenseLabel: defense?.label ?? defenseKey,
    targets: targets.map((t) => {
      const derived = ruleset.deriveActor(t.actor, options);
      const outcome = ruleset.resolveAttack({
        // The roll already kept its die (2d20kh…): the same natural under any mode.
        dice: [roll.natural, roll.natural],
        attackBonus: roll.total - roll.natural,
        defense: { key: defenseKey, value: derived.defenses[defenseKey] ?? 10 },
        range: "melee",
        situation: plainSituation(),
        escalation: 0,
        attacker: { kind: "character", usesEscalation: false, penalties: [], conditions: [], exhaustion: 0 },
        target: {
          conditions: t.actor.conditions,
          vulnerabilities: t.actor.vulnerabilities,
          exhaustion: t.actor.exhaustion,
        },
        damageTypes: [],
        critRange: 0,
        hasMissEffect: false,
        options,
      });
      return { uuid: t.uuid, name: t.name, img: t.img, outcome };
    }),
  };
}

const LOOSE_RESULTS: readonly string[] = ["crit", "hit", "miss", "autoMiss"];
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === "string" && v.length <= 1000;
const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * A loose roll's outcomes as a message's flags hold them, or null when they are not what the roll
 * hook writes: the roller's client writes them, so any player can put any JSON there, and every
 * client renders them. What the render reads is checked (at most 100 targets).
 */
export function readLooseRoll(value: unknown): LooseRollData | null {
  if (!isRecord(value) || !isNumber(value.natural) || !isNumber(value.total) || !isText(value.defenseLabel))
    return null;
  const targets = value.targets;
  if (!Array.isArray(targets) || targets.length > 100) return null;
  const readable = targets.every((t: unknown) => {
    if (!isRecord(t) || !isText(t.uuid) || !isText(t.name) || !isText(t.img) || !isRecord(t.outcome)) return false;
    const { result, defense, reasons } = t.outcome;
    return (
      typeof result === "string" &&
      LOOSE_RESULTS.includes(result) &&
      isNumber(defense) &&
      Array.isArray(reasons) &&
      reasons.length <= 100 &&
      reasons.every(isText)
    );
  });
  return readable ? (value as unknown as LooseRollData) : null;
}
