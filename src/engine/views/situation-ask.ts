/**
 * Whether an attack asks its situation dialog at all (pure), issue 45 "ask only what is open":
 * the world's and the user's choice (always / when needed / never), shift-click turning that
 * choice over, and what the scene and the data leave open that only the player can answer.
 */
import { expandConditions } from "../conditions.js";
import type { Ruleset } from "../ruleset.js";
import type { SceneReading } from "../scene.js";
import type { Situation } from "../types.js";

/** When the situation dialog opens: every attack, only with an open question, or never. */
export const SITUATION_ASK_CHOICES = ["always", "needed", "never"] as const;
export type SituationAsk = (typeof SITUATION_ASK_CHOICES)[number];

/** A user's own choice: one of the world's, or `world` (follow the world's). */
export const USER_SITUATION_ASK_CHOICES = ["world", ...SITUATION_ASK_CHOICES] as const;
export type UserSituationAsk = (typeof USER_SITUATION_ASK_CHOICES)[number];

/** The choice that holds for this user: its own unless it follows the world's. */
export function situationAskOf(world: SituationAsk, user: UserSituationAsk): SituationAsk {
  return user === "world" ? world : user;
}

/** The fields a scene reading decides for a target (its position, sight and cover). */
const POSITIONAL: readonly (keyof Situation)[] = [
  "combatAdvantage",
  "offGuard",
  "withinMeleeReach",
  "cover",
  "concealment",
];

/** Why the dialog must ask (an i18n key under `D20C.Chat.Situation.Open.*`), one per kind of question. */
export type OpenQuestion = "unread" | "warnings" | "helpless";

/** One target of the attack as the question reads it. */
export interface AskTarget {
  /** What the scene said about it; null = the scene was not read for it (no canvas, gridless, other Level). */
  reading: SceneReading | null;
  /** Its condition ids as stored (the game's implications are followed here). */
  conditions: readonly string[];
  /** Warnings about attacking it (the attacker's range bands), already worded. */
  warnings: readonly string[];
}

/**
 * What is left open for the player to answer: a positional field the game has that the scene did
 * not read for some target (the player knows where things stand), a warning about the attack (the
 * player may think again), a helpless target where the game has a coup de grace (the player
 * chooses it). The free bonus alone is never a question: it defaults to 0.
 */
export function openQuestions(
  ruleset: Pick<Ruleset, "situational" | "conditions">,
  targets: readonly AskTarget[],
): OpenQuestion[] {
  const offered = ruleset.situational;
  const has = (k: keyof Situation) => !offered || offered.includes(k);
  const out: OpenQuestion[] = [];
  if (POSITIONAL.some(has) && targets.some((t) => t.reading === null)) out.push("unread");
  if (targets.some((t) => t.warnings.length > 0)) out.push("warnings");
  if (
    has("coupDeGrace") &&
    targets.some((t) => expandConditions(ruleset.conditions, t.conditions).includes("helpless"))
  )
    out.push("helpless");
  return out;
}

/**
 * Whether the dialog opens: `always` and `never` as they say, `needed` with an open question;
 * shift-click (`invert`) turns the answer over (skips an asked dialog, opens a skipped one).
 */
export function asksSituation(mode: SituationAsk, open: readonly OpenQuestion[], invert: boolean): boolean {
  const asks = mode === "always" || (mode === "needed" && open.length > 0);
  return invert ? !asks : asks;
}
