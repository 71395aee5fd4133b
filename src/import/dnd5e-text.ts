/**
 * [SYS-IMPORT] dnd5e printed text → what the item's activities already hold, and the save-or-condition
 * riders read for sure. dnd5e writes an attack's numbers as enrichers (`[[/attack]]`, `[[/damage]]`,
 * `[[/save]]`, `[[lookup @save.dc.value]]`) that print its activity's numbers; where the activity was
 * read into our fields, that sentence is said by our fields and is no rider. What is left after the
 * sentences our fields say is the rider: read when its shape is sure, else kept as text.
 */
import { at, list, str } from "./json.js";
import { plainText } from "./text.js";
import type { Plain } from "./shape.js";

/** What an item's activities hold, as the printed-text reader needs it. */
export interface Held {
  attack: boolean;
  /** A save activity with damage: half on a success, or none. */
  saveDamage: "half" | "none" | null;
  /** A save activity (with or without damage). */
  save: boolean;
  /** A save activity with an area template. */
  area: boolean;
  /** Some activity deals damage (its enricher prints it). */
  damage: boolean;
  /** The weapon has a two-handed (versatile) damage, printed beside the power. */
  versatile: boolean;
}

/** A save-or-condition rider read for sure: the condition words and how long they last. */
export interface SaveCondition {
  words: string[];
  /** "minute": for 1 minute; "turn": until the end of its next turn; "save": repeats the save; "none": no duration printed. */
  lasts: "minute" | "turn" | "save" | "none";
  printed: string;
}

/**
 * A grapple a hit makes, read for sure from the printed words (2014 data has no effect for it): the
 * conditions ("grappled", and "restrained" while the grapple lasts) and the printed escape DC.
 */
export interface HitGrapple {
  words: string[];
  escapeDc: number;
  printed: string;
}

/** The item's own items named by `[[/item .id]]` / `[[/item Name]]`: the id → name table of its owner. */
export type Names = ReadonlyMap<string, string>;

/**
 * dnd5e's enrichers in readable words: `[[/item .id]]` names the owner's item, `[[lookup @name]]{label}`
 * keeps its label; the roll enrichers become markers (⟨attack⟩, ⟨damage⟩, ⟨save⟩, ⟨dc⟩) when `marked`,
 * else go as `plainText` makes them go.
 */
export function dnd5eText(
  html: unknown,
  names: Names,
  marked: boolean,
  unread: ReadonlySet<string> = new Set<string>(),
): string {
  if (typeof html !== "string") return "";
  // A roll of an activity this import does not read (a "damage" activity at the start of a turn) is
  // never said by our fields: it stays words.
  let s = unread.size
    ? html.replace(/\[\[\/(damage|save)\b([^\]]*)\]\]/gi, (m: string, _k, args: string) => {
        const id = /activity=([\w.]+)/.exec(args)?.[1] ?? "";
        return unread.has(id) ? "(a roll of its own)" : m;
      })
    : html;
  s = s.replace(/\[\[\/item\s+([^\]]*)\]\](\{([^}]*)\})?/gi, (_m, ref: string, _l, label?: string) => {
    const r = ref.trim().replace(/^\./, "");
    return names.get(r) ?? label ?? r;
  });
  s = s.replace(/\[\[lookup\s+@name[^\]]*\]\]\{([^}]*)\}/gi, "$1");
  if (marked) {
    s = s.replace(/\[\[\/attack\b[^\]]*\]\](\{[^}]*\})?/gi, "⟨attack⟩");
    s = s.replace(/\[\[\/damage\b[^\]]*\]\](\{[^}]*\})?/gi, "⟨damage⟩");
    s = s.replace(/\[\[\/save\b[^\]]*\]\](\{[^}]*\})?/gi, "⟨save⟩");
    s = s.replace(/\[\[lookup\s+@save\.dc[^\]]*\]\]/gi, "⟨dc⟩");
  }
  const text = plainText(s);
  // A line the roll enrichers alone made ("[[/attack]]. [[/damage]].") says nothing once they go.
  return marked
    ? text
    : text
        .replace(/^[\s.,;:]+$/gm, "")
        .replace(/\n{2,}/g, "\n")
        .trim();
}

/** What the activities of an item hold. */
export function heldBy(acts: readonly Plain[], versatile = false): Held {
  const saves = acts.filter((a) => str(a.type) === "save");
  const damaged = (a: Plain): boolean => list(at(a, "damage.parts")).length > 0;
  const saveWithDamage = saves.find(damaged);
  return {
    attack: acts.some((a) => str(a.type) === "attack"),
    save: saves.length > 0,
    saveDamage: saveWithDamage ? (str(at(saveWithDamage, "damage.onSave")) === "none" ? "none" : "half") : null,
    area: saves.some((a) => str(at(a, "target.template.type")) !== "" && str(at(a, "target.template.size")) !== ""),
    damage: acts.some(damaged) || acts.some((a) => str(a.type) === "attack"),
    versatile,
  };
}

const ABILITY = "(?:strength|dexterity|constitution|intelligence|wisdom|charisma)";
/** A save as printed: the enricher, or "DC 13 Constitution". */
const SAVE = `(?:⟨save⟩|dc\\s*(?:\\d+|⟨dc⟩)\\s+${ABILITY})`;
/** A damage amount as printed: the enricher, or "7 (2d6)". */
const AMOUNT = "(?:⟨damage⟩|\\d+\\s*\\([^)]*\\))";
/** The subject of a rider sentence. */
const WHO = "(?:if the target is a creature, )?(?:the target|it|that creature|the creature|each creature[^.]*?)";

/**
 * Printed conditions of the save-or-condition shape. Conditions are given by word; durations only
 * in the shapes the text reader knows.
 */
const SAVE_OR_CONDITION = new RegExp(
  `(?:^|(?<=[.!?]\\s))${WHO} must succeed on an? ${SAVE} saving throw or (?:be |become )(?:knocked )?([a-z]+)(?: and ([a-z]+))?( for 1 minute| until the end of its next turn)?\\.(\\s*(?:the target|it|the creature|a creature) can repeat the saving throw at the end of each of its turns, ending the effect on itself on a success\\.)?`,
  "i",
);

/** What a grappler cannot do while it holds one target ("the crocodile can't bite another target"). */
const GRAPPLER_LIMIT =
  "the [a-z' -]{1,40}? can(?:'|’|no)t (?:bite|constrict|grapple|use its [a-z]+ (?:on|against)) another target";

/**
 * "The target is grappled (escape DC 12). Until this grapple ends, the target is restrained, and the
 * crocodile can't bite another target." — the whole rider, nothing else: no size gate, no other
 * condition, no damage while held. An optional closing sentence says how many targets its limbs hold.
 */
const GRAPPLE_RIDER = new RegExp(
  `^(?:if the target is a creature, it|the target|it) (?:is grappled|has the grappled condition) \\(escape dc (\\d+)\\)\\.` +
    `(?:\\s*until (?:this|the) grapple ends, (?:(the (?:target|creature) is restrained)(?:,? and ${GRAPPLER_LIMIT})?|${GRAPPLER_LIMIT})\\.)?` +
    `(?:\\s*the [a-z' -]{1,40}? has (?:two|three|four|five|six|seven|eight|nine|ten) [a-z]+, each of which can grapple (?:only )?one target\\.)?$`,
  "i",
);

/** Sentences an activity already holds: removed from the printed text before the rider is judged. */
function heldSentences(text: string, held: Held): string {
  let s = text;
  if (held.attack) s = s.replace(/⟨attack⟩[.,]?/g, "");
  if (held.versatile)
    s = s.replace(
      /,?\s*or ⟨damage⟩(?: [a-z]+)?(?: damage)? if used with two hands(?: to make a melee attack)?(?=\.)/gi,
      "",
    );
  if (held.damage) {
    s = s.replace(/\bplus ⟨damage⟩(?: [a-z]+)?(?: damage)?/gi, "");
    s = s.replace(/(^\s*|[.:]\s*)⟨damage⟩(?: [a-z]+)?(?: damage)?\./gi, "$1");
    s = s.replace(/\bhit:\s*⟨damage⟩(?: [a-z]+)?(?: damage)?\.?/gi, "");
  }
  if (held.saveDamage === "half") {
    s = s.replace(
      new RegExp(
        `[^.]*must make an? ${SAVE} saving throw, taking ${AMOUNT}(?: [a-z]+)? damage on a failed save, or half as much damage on a successful one\\.`,
        "gi",
      ),
      "",
    );
  }
  if (held.saveDamage) {
    s = s.replace(
      new RegExp(`[^.]*must succeed on an? ${SAVE} saving throw or take ${AMOUNT}(?: [a-z]+)? damage\\.`, "gi"),
      "",
    );
    // 2024: "Failure: 7 (2d6) Fire damage. Success: Half damage."
    s = s.replace(new RegExp(`\\bfailure:\\s*${AMOUNT}(?: [a-z]+)? damage\\.`, "gi"), "");
    s = s.replace(/\bsuccess:\s*half damage\.|\bfailure or success:\s*half damage\./gi, "");
  }
  if (held.save) s = s.replace(new RegExp(`\\b${ABILITY} saving throw:\\s*dc\\s*(?:\\d+|⟨dc⟩)[^.]*\\.`, "gi"), "");
  if (held.area)
    s = s.replace(
      /[^.]*\b\d+-(?:foot|ft)(?:-long)?[ -](?:cone|line|cube|sphere|radius|cylinder|emanation)\b[^.]*\./gi,
      (m) => (/must|saving throw|damage|condition/i.test(m) ? m : ""),
    );
  return s
    .replace(/\s*\.\s*(?=\.)/g, "")
    .replace(/^[\s.,;]+/, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The rider of an item's printed text: a save-or-condition read for sure, and what is left as text. */
export function readRider(
  text: string,
  held: Held,
  isCondition: (word: string) => boolean,
): { rest: string; saveCondition: SaveCondition | null; grapple: HitGrapple | null } {
  let rest = heldSentences(text, held);
  let saveCondition: SaveCondition | null = null;
  if (held.save && !held.saveDamage) {
    const m = SAVE_OR_CONDITION.exec(rest);
    const found = m ? [m[1], m[2]].filter((w): w is string => !!w).map((w) => w.toLowerCase()) : [];
    if (m && found.length && found.every(isCondition)) {
      const lasts = m[4] ? "save" : m[3]?.includes("minute") ? "minute" : m[3] ? "turn" : "none";
      saveCondition = { words: found, lasts, printed: m[0].trim() };
      rest = heldSentences(rest.replace(m[0], ""), held);
    }
  }
  // What is left is printed for the table: the roll markers say nothing there.
  const printed = rest
    .replace(/⟨(attack|damage|save|dc)⟩/g, "")
    .replace(/\s+([.,])/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
  return { rest: printed, saveCondition, grapple: held.attack && !held.save ? grappleOf(printed) : null };
}

/** [SYS-IMPORT] A hit's grapple, when the rider is only the grapple (see `GRAPPLE_RIDER`). */
function grappleOf(rider: string): HitGrapple | null {
  const m = GRAPPLE_RIDER.exec(rider);
  if (!m) return null;
  return { words: m[2] ? ["grappled", "restrained"] : ["grappled"], escapeDc: Number(m[1]), printed: rider };
}
