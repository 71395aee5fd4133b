/**
 * [SYS-MONSTERS] Who rolls a target's save against a save-based power (pure). A creature's save is
 * rolled by its owner's client: the player whose character it is, else another active player who
 * owns it, else the active GM's client (an NPC). When that is the attacker's own client it rolls
 * the save itself. The GM's client checks a card's saves by the same choice: a save another user had
 * to roll is taken only from that user's own roll message (its author as Foundry's server stamped
 * it), whose roll is the card's roll for that target, made for that target and for no other card.
 */

/** A user as the choice reads it. */
export interface RollerUser {
  id: string;
  isGM: boolean;
  active: boolean;
  /** The user owns the target's actor. */
  owns: boolean;
  /** The target's actor is this user's own character. */
  character: boolean;
}

/**
 * The user whose client rolls the target's save: the active player whose character it is, else the
 * first active player owning it (by id), else the active GM; null when nobody is online to roll it.
 */
export function saveRoller(users: readonly RollerUser[], activeGMId: string | null): string | null {
  const players = users.filter((u) => !u.isGM && u.active && u.owns).sort((a, b) => (a.id < b.id ? -1 : 1));
  const own = players.find((u) => u.character) ?? players[0];
  return own?.id ?? activeGMId;
}

/** A save roll message as the GM's client reads it. */
export interface PostedSave {
  /** Whether the message exists. */
  found: boolean;
  /** Its author, as the server stamped it. */
  authorId: string | null;
  /** The target and the save request the roll names (flags the rolling client wrote). */
  targetUuid: string | null;
  /** Its one roll, canonical JSON (empty when it has none or several). */
  roll: string;
  /** The cards whose ledgers already took this roll (other than this card). */
  usedBy: readonly string[];
}

/**
 * Why the GM's client refuses a card's save for one target, or "" when it is taken: `roller` is who
 * had to roll it (null when the card's author rolled it itself: then no save message is needed, and
 * one named is ignored); `roll` is the card's roll for that target (canonical JSON).
 */
export function ownerSaveRefusal(args: {
  roller: string | null;
  authorId: string;
  targetUuid: string;
  roll: string;
  posted: PostedSave | null;
  /** The card's author is a GM: a save it names no message for is its own roll (a player who did not answer in time). */
  authorIsGM?: boolean;
}): string {
  const { roller, authorId, posted } = args;
  if (roller === null || roller === authorId) return "";
  if (args.authorIsGM === true && posted === null) return "";
  if (!posted?.found) return "saveRolls";
  if (posted.authorId !== roller) return "saveRolls.author";
  if (posted.targetUuid !== args.targetUuid) return "saveRolls.target";
  if (!posted.roll || posted.roll !== args.roll) return "saveRolls.roll";
  if (posted.usedBy.length) return "saveRolls.used";
  return "";
}

/**
 * Whether a save formula is one a roller's client rolls when asked: a d20 (two kept high or low)
 * plus flat numbers, as the engine's save formulas are; anything else (a die of another size, a
 * thousand dice, words) is refused before it is rolled.
 */
export function isSaveFormula(formula: string): boolean {
  return formula.length <= 100 && /^\s*[12]?d20(k[hl]1?)?(\s*[+-]\s*\d{1,7})*\s*$/.test(formula);
}

/**
 * [SYS-PERM] One key for every way of writing the same save ("1d20+3", "1d20 + 03", "1d20+2+1"):
 * its d20 part and the sum of its flat numbers, so asking again in other words finds the roll
 * already made instead of a fresh one.
 */
export function saveFormulaKey(formula: string): string {
  const f = formula.replace(/\s+/g, "").toLowerCase();
  const dice = /^[12]?d20(k[hl]1?)?/.exec(f)?.[0] ?? "";
  let flat = 0;
  for (const m of f.slice(dice.length).matchAll(/([+-])(\d+)/g)) flat += (m[1] === "-" ? -1 : 1) * Number(m[2]);
  const d20 = dice.replace(/^d20/, "1d20").replace(/(k[hl])$/, "$11");
  return `${d20}${flat < 0 ? "" : "+"}${flat}`;
}

/**
 * The save messages a card names as the GM's card keeps them: the first named for each of its
 * targets (the one the GM's check reads), none for a creature the card does not target, so a
 * card padded with names carries none of them into the GM's copy.
 */
export function keptSaveRolls<T extends { targetUuid: string }>(
  named: readonly T[],
  targetUuids: readonly string[],
): T[] {
  const out: T[] = [];
  for (const uuid of new Set(targetUuids)) {
    const first = named.find((s) => s.targetUuid === uuid);
    if (first) out.push(first);
  }
  return out;
}
