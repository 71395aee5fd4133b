/**
 * The situational-modifier dialog of an attack, decided (pure): which fields the active game offers
 * (`Ruleset.situational`, cover levels from `Ruleset.coverLevels`), the template context of
 * templates/chat/situation-dialog.hbs, and the form values turned back into a {@link Situation}.
 * A field the game does not offer always comes back at its plain value, whatever the form says.
 */
import type { Ruleset } from "../engine/ruleset.js";
import type { Situation } from "../engine/types.js";
import { plainSituation } from "./attack-core.js";

/** Every situational field the dialog knows, in dialog order. */
export const SITUATIONAL_FIELDS: readonly (keyof Situation)[] = [
  "combatAdvantage",
  "offGuard",
  "withinMeleeReach",
  "wrongSquare",
  "coupDeGrace",
  "cover",
  "concealment",
  "mighty",
  "weak",
  "bonus",
];

const COVER_LEVELS: readonly Situation["cover"][] = ["none", "partial", "superior", "total"];
const CONCEALMENT_LEVELS: readonly Situation["concealment"][] = ["none", "partial", "total"];

const COVER_LABEL: Record<Situation["cover"], string> = {
  none: "D20C.Chat.Situation.none",
  partial: "D20C.Chat.Situation.coverPartial",
  superior: "D20C.Chat.Situation.coverSuperior",
  total: "D20C.Chat.Situation.coverTotal",
};
const CONCEALMENT_LABEL: Record<Situation["concealment"], string> = {
  none: "D20C.Chat.Situation.none",
  partial: "D20C.Chat.Situation.concealPartial",
  total: "D20C.Chat.Situation.concealTotal",
};

/** The dialog fields a ruleset offers (all when it does not say). The free bonus is always offered. */
export function offeredFields(ruleset: Pick<Ruleset, "situational">): (keyof Situation)[] {
  const offered = ruleset.situational;
  return SITUATIONAL_FIELDS.filter((f) => !offered || offered.includes(f) || f === "bonus");
}

/** Cover levels the ruleset's dialog offers, `none` first. */
export function offeredCoverLevels(ruleset: Pick<Ruleset, "coverLevels">): Situation["cover"][] {
  const levels = ruleset.coverLevels;
  return COVER_LEVELS.filter((l) => l === "none" || !levels || levels.includes(l));
}

/** One choice of a select in the dialog. */
export interface DialogChoice {
  value: string;
  label: string;
}

/**
 * Template context of templates/chat/situation-dialog.hbs. Absent select lists = not offered.
 * A type alias, not an interface: template data is a string-keyed record.
 */
export type SituationDialogContext = {
  combatAdvantage: boolean;
  offGuard: boolean;
  withinMeleeReach: boolean;
  wrongSquare: boolean;
  coupDeGrace: boolean;
  cover: DialogChoice[] | null;
  concealment: DialogChoice[] | null;
  rollMode: DialogChoice[] | null;
};

/** What the dialog shows for a ruleset: only the fields (and cover levels) its game has. */
export function situationDialogContext(ruleset: Pick<Ruleset, "situational" | "coverLevels">): SituationDialogContext {
  const fields = offeredFields(ruleset);
  const has = (k: keyof Situation) => fields.includes(k);
  const modes: DialogChoice[] = [{ value: "normal", label: "D20C.Chat.Mode.normal" }];
  if (has("mighty")) modes.push({ value: "mighty", label: "D20C.Chat.Mode.mighty" });
  if (has("weak")) modes.push({ value: "weak", label: "D20C.Chat.Mode.weak" });
  return {
    combatAdvantage: has("combatAdvantage"),
    offGuard: has("offGuard"),
    withinMeleeReach: has("withinMeleeReach"),
    wrongSquare: has("wrongSquare"),
    coupDeGrace: has("coupDeGrace"),
    cover: has("cover") ? offeredCoverLevels(ruleset).map((l) => ({ value: l, label: COVER_LABEL[l] })) : null,
    concealment: has("concealment") ? CONCEALMENT_LEVELS.map((l) => ({ value: l, label: CONCEALMENT_LABEL[l] })) : null,
    rollMode: modes.length > 1 ? modes : null,
  };
}

/**
 * Turn the dialog's form values into a Situation. With a ruleset, anything it does not offer is
 * ignored (a stale or hand-made form cannot switch on a rule the game does not have).
 */
export function situationFromForm(
  form: Record<string, unknown>,
  ruleset?: Pick<Ruleset, "situational" | "coverLevels">,
): Situation {
  const fields = ruleset ? offeredFields(ruleset) : [...SITUATIONAL_FIELDS];
  const on = (k: keyof Situation) => fields.includes(k);
  const pick = <T extends string>(v: unknown, allowed: readonly T[], d: T): T =>
    (allowed as readonly unknown[]).includes(v) ? (v as T) : d;
  const mode = String(form.rollMode ?? "normal");
  const bonus = Number(form.bonus ?? 0);
  const coverLevels = ruleset ? offeredCoverLevels(ruleset) : COVER_LEVELS;
  const situation = plainSituation({
    combatAdvantage: on("combatAdvantage") && Boolean(form.combatAdvantage),
    offGuard: on("offGuard") && Boolean(form.offGuard),
    withinMeleeReach: on("withinMeleeReach") && Boolean(form.withinMeleeReach),
    wrongSquare: on("wrongSquare") && Boolean(form.wrongSquare),
    cover: on("cover") ? pick(form.cover, coverLevels, "none") : "none",
    concealment: on("concealment") ? pick(form.concealment, CONCEALMENT_LEVELS, "none") : "none",
    mighty: on("mighty") && mode === "mighty" ? 1 : 0,
    weak: on("weak") && mode === "weak" ? 1 : 0,
    bonus: Number.isFinite(bonus) ? Math.trunc(bonus) : 0,
  });
  // Optional field: set only when ticked in a game that offers it.
  return on("coupDeGrace") && Boolean(form.coupDeGrace) ? { ...situation, coupDeGrace: true } : situation;
}
