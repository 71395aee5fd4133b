/**
 * The situational-modifier dialog of an attack, decided (pure): which fields the active game offers
 * (`Ruleset.situational`, cover levels from `Ruleset.coverLevels`), the template context of
 * templates/chat/situation-dialog.hbs, and the form values turned back into a {@link Situation}.
 * A field the game does not offer always comes back at its plain value, whatever the form says.
 */
import type { Ruleset } from "../ruleset.js";
import type { SceneNote, SceneReading } from "../scene.js";
import type { Situation } from "../types.js";
import { plainSituation } from "../plans/attack.js";

/** Every situational field the dialog knows, in dialog order. */
const SITUATIONAL_FIELDS: readonly (keyof Situation)[] = [
  "combatAdvantage",
  "offGuard",
  "withinMeleeReach",
  "wrongSquare",
  "coupDeGrace",
  "fearSourceUnseen",
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
function offeredFields(ruleset: Pick<Ruleset, "situational">): (keyof Situation)[] {
  const offered = ruleset.situational;
  return SITUATIONAL_FIELDS.filter((f) => !offered || offered.includes(f) || f === "bonus");
}

/** Cover levels the ruleset's dialog offers, `none` first. */
function offeredCoverLevels(ruleset: Pick<Ruleset, "coverLevels">): Situation["cover"][] {
  const levels = ruleset.coverLevels;
  return COVER_LEVELS.filter((l) => l === "none" || !levels || levels.includes(l));
}

/** One choice of a select in the dialog. */
interface DialogChoice {
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
  /**
   * [HD-COND] Whether the source of the attacker's fear is out of its sight: asked only of an
   * attacker with such a condition (frightened), pre-ticked when the scene saw it out of sight;
   * null = not asked.
   */
  fearSourceUnseen: { checked: boolean } | null;
  cover: DialogChoice[] | null;
  concealment: DialogChoice[] | null;
  rollMode: DialogChoice[] | null;
  /** One block per target when the scene was read: its positional fields, pre-filled, with reasons. */
  targets: TargetDialogBlock[] | null;
  /** Warnings about this attack shown above the fields (the attacker's range bands); none by default. */
  warnings: string[];
};

/** Fields a scene reading pre-fills per target (every other field stays one for the whole attack). */
const PER_TARGET_FIELDS = [
  "combatAdvantage",
  "offGuard",
  "withinMeleeReach",
  "cover",
  "concealment",
  "rollMode",
] as const;
type PerTargetField = (typeof PER_TARGET_FIELDS)[number];

/** One target's block of the dialog: form names end in `-<index>`. */
type TargetDialogBlock = {
  index: number;
  name: string;
  checks: { name: string; label: string; checked: boolean }[];
  selects: { name: string; label: string; choices: DialogChoice[]; value: string }[];
  /** The scene's reasons, already localised. */
  reasons: string[];
};

/** One target as the dialog pre-fills it: its name, the situation the scene suggests and why. */
export interface DialogTarget {
  name: string;
  situation: Situation;
  reasons: string[];
}

const CHECK_LABEL: Record<"combatAdvantage" | "offGuard" | "withinMeleeReach", string> = {
  combatAdvantage: "D20C.Chat.Situation.combatAdvantage",
  offGuard: "D20C.Chat.Situation.offGuard",
  withinMeleeReach: "D20C.Chat.Situation.withinMeleeReach",
};

const modeOf = (s: Situation): string => (s.mighty > s.weak ? "mighty" : s.weak > s.mighty ? "weak" : "normal");

/** A target's block: the positional fields the game offers, set to what the scene suggests. */
function targetBlock(base: SituationDialogContext, target: DialogTarget, index: number): TargetDialogBlock {
  const s = target.situation;
  const checks = (["combatAdvantage", "offGuard", "withinMeleeReach"] as const)
    .filter((k) => base[k])
    .map((k) => ({ name: `${k}-${index}`, label: CHECK_LABEL[k], checked: s[k] }));
  const select = (name: PerTargetField, label: string, list: DialogChoice[] | null, value: string) =>
    list ? [{ name: `${name}-${index}`, label, choices: list, value }] : [];
  return {
    index,
    name: target.name,
    checks,
    selects: [
      ...select("cover", "D20C.Chat.Situation.cover", base.cover, s.cover),
      ...select("concealment", "D20C.Chat.Situation.concealment", base.concealment, s.concealment),
      ...select("rollMode", "D20C.Chat.Situation.rollMode", base.rollMode, modeOf(s)),
    ],
    reasons: target.reasons,
  };
}

/**
 * The situation the scene suggests for one target: the plain one with every field the scene
 * decided and the game offers. Shift-click rolls with exactly this; the dialog starts from it.
 */
export function sceneSituation(
  ruleset: Pick<Ruleset, "situational" | "coverLevels">,
  reading: SceneReading,
): Situation {
  const fields = offeredFields(ruleset);
  const levels = offeredCoverLevels(ruleset);
  const out: Situation = plainSituation();
  const r = reading.situation;
  if (fields.includes("combatAdvantage") && r.combatAdvantage !== undefined) out.combatAdvantage = r.combatAdvantage;
  if (fields.includes("offGuard") && r.offGuard !== undefined) out.offGuard = r.offGuard;
  if (fields.includes("withinMeleeReach") && r.withinMeleeReach !== undefined)
    out.withinMeleeReach = r.withinMeleeReach;
  if (fields.includes("cover") && r.cover !== undefined)
    out.cover = levels.includes(r.cover)
      ? r.cover
      : r.cover === "superior" && levels.includes("partial")
        ? "partial"
        : "none";
  if (fields.includes("concealment") && r.concealment !== undefined) out.concealment = r.concealment;
  if (fields.includes("mighty") && r.mighty) out.mighty = r.mighty;
  if (fields.includes("weak") && r.weak) out.weak = r.weak;
  if (fields.includes("fearSourceUnseen") && r.fearSourceUnseen) out.fearSourceUnseen = true;
  // [SYS-MONSTERS] an aura's modifier, read from where the creatures stand.
  if (r.bonus) out.bonus = r.bonus;
  return out;
}

/** Whether the situation rolled with still holds what the scene said in `note` (false = changed by hand). */
export function noteKept(note: SceneNote, chosen: Situation): boolean {
  const v = chosen[note.field];
  if (note.field === "mighty" || note.field === "weak") return Number(v ?? 0) > 0;
  return v === note.value;
}

/**
 * Fields only a GM may be asked: whether the unseen target is really in the square attacked is
 * what the GM knows and the player must not learn from the dialog (issue 45).
 */
const GM_ONLY_FIELDS: readonly (keyof Situation)[] = ["wrongSquare"];

/** Who the dialog is shown to: a GM is asked what only the GM knows; a player never sees it. */
export interface DialogViewer {
  gm: boolean;
}

/**
 * What the dialog shows for a ruleset: only the fields (and cover levels) its game has, and the
 * GM-only ones only to a GM (a player is never shown them, by default too).
 */
export function situationDialogContext(
  ruleset: Pick<Ruleset, "situational" | "coverLevels">,
  targets: readonly DialogTarget[] | null = null,
  viewer: DialogViewer = { gm: false },
  /** [HD-COND] The attacker has a condition that holds only while its source is seen (`hasSightBoundCondition`). */
  attacker: { sightBound: boolean } = { sightBound: false },
): SituationDialogContext {
  const fields = offeredFields(ruleset).filter((f) => viewer.gm || !GM_ONLY_FIELDS.includes(f));
  const has = (k: keyof Situation) => fields.includes(k);
  const modes: DialogChoice[] = [{ value: "normal", label: "D20C.Chat.Mode.normal" }];
  if (has("mighty")) modes.push({ value: "mighty", label: "D20C.Chat.Mode.mighty" });
  if (has("weak")) modes.push({ value: "weak", label: "D20C.Chat.Mode.weak" });
  const base: SituationDialogContext = {
    combatAdvantage: has("combatAdvantage"),
    offGuard: has("offGuard"),
    withinMeleeReach: has("withinMeleeReach"),
    wrongSquare: has("wrongSquare"),
    coupDeGrace: has("coupDeGrace"),
    fearSourceUnseen:
      has("fearSourceUnseen") && attacker.sightBound
        ? { checked: (targets ?? []).some((t) => t.situation.fearSourceUnseen === true) }
        : null,
    cover: has("cover") ? offeredCoverLevels(ruleset).map((l) => ({ value: l, label: COVER_LABEL[l] })) : null,
    concealment: has("concealment") ? CONCEALMENT_LEVELS.map((l) => ({ value: l, label: CONCEALMENT_LABEL[l] })) : null,
    rollMode: modes.length > 1 ? modes : null,
    targets: null,
    warnings: [],
  };
  if (!targets || targets.length === 0) return base;
  // Per-target blocks replace the shared positional fields.
  return {
    ...base,
    combatAdvantage: false,
    offGuard: false,
    withinMeleeReach: false,
    cover: null,
    concealment: null,
    rollMode: null,
    targets: targets.map((t, i) => targetBlock(base, t, i)),
  };
}

/**
 * The situation of each of `count` targets from a dialog with per-target blocks: a target's
 * `<field>-<index>` values where the form has them, the shared fields (bonus, wrong square…) for
 * the rest.
 */
export function situationsFromForm(
  form: Record<string, unknown>,
  count: number,
  ruleset?: Pick<Ruleset, "situational" | "coverLevels">,
  viewer: DialogViewer = { gm: true },
): Situation[] {
  return Array.from({ length: count }, (_, i) => {
    const own: Record<string, unknown> = { ...form };
    for (const k of PER_TARGET_FIELDS) {
      delete own[k];
      const key = `${k}-${i}`;
      if (key in form) own[k] = form[key];
    }
    return situationFromForm(own, ruleset, viewer);
  });
}

/**
 * Turn the dialog's form values into a Situation. With a ruleset, anything it does not offer is
 * ignored (a stale or hand-made form cannot switch on a rule the game does not have), and a
 * player's form cannot set a GM-only field.
 */
export function situationFromForm(
  form: Record<string, unknown>,
  ruleset?: Pick<Ruleset, "situational" | "coverLevels">,
  viewer: DialogViewer = { gm: true },
): Situation {
  const fields = (ruleset ? offeredFields(ruleset) : [...SITUATIONAL_FIELDS]).filter(
    (f) => viewer.gm || !GM_ONLY_FIELDS.includes(f),
  );
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
  // Optional fields: set only when ticked in a game that offers them.
  if (on("coupDeGrace") && Boolean(form.coupDeGrace)) situation.coupDeGrace = true;
  if (on("fearSourceUnseen") && Boolean(form.fearSourceUnseen)) situation.fearSourceUnseen = true;
  return situation;
}
