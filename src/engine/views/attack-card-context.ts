/**
 * The attack card as one viewer sees it (pure): from the card data in the message's `system` and who is
 * looking, build the template context of templates/chat/attack-card.hbs. Defenses and odds show
 * only where the world setting lets this viewer see them. Every damaging target gets the apply
 * buttons (a press by a non-owner goes through the GM), plus a knock-out button where the card's
 * game lets an attacker knock a creature out instead of killing it ([HD-ENEMYDEATH]).
 */
import { hookChangeText } from "../plans/hook-bounds.js";
import type { AttackOutcome, AttackResult, Modifier, RuleEvent } from "../types.js";
import type { AppliedRecord, ApplyMode, AttackCardData, CardTarget } from "../plans/card-data.js";
import { APPLY_MODES } from "../plans/card-data.js";
import { ongoingName, sameCreatureBefore } from "../plans/apply.js";
import { canSeeDetails, type CardVisibility } from "../plans/card-secrets.js";
import { getRuleset, isRulesetId } from "../registry.js";
import { effectLine, namedInText, powerSections, sayOf } from "./power-text.js";

export interface CardViewer {
  isGM: boolean;
  userId: string;
  /** Whether the viewer owns the target (token or actor UUID). */
  ownsTarget: (uuid: string) => boolean;
  visibility: CardVisibility;
  /** Localise a key; unknown keys may come back unchanged. */
  localize: (key: string) => string;
  /** Whether a key exists (for optional labels such as damage types). */
  has: (key: string) => boolean;
  /** Localise a key with `{name}` placeholders filled from `data`. */
  format: (key: string, data: Record<string, string | number>) => string;
}

const RESULT_CLASS: Record<AttackResult, string> = { crit: "crit", hit: "hit", miss: "miss", autoMiss: "automiss" };
const RESULT_LABEL: Record<AttackResult, string> = {
  crit: "D20C.Chat.Result.crit",
  hit: "D20C.Chat.Result.hit",
  miss: "D20C.Chat.Result.miss",
  autoMiss: "D20C.Chat.Result.autoMiss",
};
/** [SYS-MONSTERS] A save-based power's results, said of the target's save. */
const SAVE_RESULT_LABEL: Record<AttackResult, string> = {
  crit: "D20C.SaveAttack.Result.failed",
  hit: "D20C.SaveAttack.Result.failed",
  miss: "D20C.SaveAttack.Result.saved",
  autoMiss: "D20C.SaveAttack.Result.saved",
};
const signed = (n: number): string => (n >= 0 ? `+${n}` : `−${-n}`);
const percent = (p: number): string => `${Math.round(p * 1000) / 10}%`;

function modifierView(
  m: Modifier,
  viewer: CardViewer,
): { label: string; value: string; amount: number; negative: boolean } {
  return {
    label: viewer.has(m.label) ? viewer.localize(m.label) : m.key,
    value: signed(m.value),
    amount: m.value,
    negative: m.value < 0,
  };
}

const sameModifier = (a: Modifier, b: Modifier): boolean => a.key === b.key && a.value === b.value;

/**
 * The modifiers every target's roll shares (the escalation die, the power's bonus, a penalty on
 * the attacker): the card's header shows them once as the roll's formula; each target shows only
 * its own. With no target, the untargeted roll's modifiers are the formula.
 */
function sharedModifiers(card: Pick<AttackCardData, "targets" | "untargeted">): Modifier[] {
  const rolls = card.targets.length ? card.targets.map((t) => t.outcome.modifiers) : [card.untargeted?.modifiers ?? []];
  const [first = [], ...rest] = rolls;
  return first.filter((m) => rest.every((mods) => mods.some((x) => sameModifier(x, m))));
}

/**
 * The d20s a roll shows, each with its class: the kept one marked as the natural roll
 * (`naturalClass`: a natural 20 or 1), a dropped one as dropped.
 */
function diceView(outcome: AttackOutcome, naturalClass = ""): { value: number; kept: boolean; dieClass: string }[] {
  let keptUsed = false;
  return outcome.dice.map((d) => {
    const first = !keptUsed && d === outcome.natural;
    if (first) keptUsed = true;
    const kept = outcome.dice.length > 1 ? first : true;
    return { value: d, kept, dieClass: kept ? naturalClass : "d20c-die--dropped" };
  });
}

/** A damage type's label when the ruleset ships one, else the key itself. */
function typeLabel(type: string, viewer: CardViewer): string {
  const key = `D20C.DamageType.${type}`;
  return viewer.has(key) ? viewer.localize(key) : type;
}

/** Words of damage types ("piercing, fire"; none = untyped), in the game's words. */
function typesText(types: readonly string[], viewer: CardViewer): string {
  return types.length ? types.map((t) => typeLabel(t, viewer)).join(", ") : viewer.localize("D20C.Monster.Untyped");
}

/**
 * A damage roll's label: its outcome's words, and for a damage part ([SYS-MONSTERS], key
 * `hit~part1`) the part's types after them ("Hit damage (fire)").
 */
function damageRollLabel(
  key: string,
  types: readonly string[],
  words: (key: string) => string,
  viewer: CardViewer,
): string {
  const [main = key, part] = key.split("~");
  const label = words(`D20C.Chat.DamageFor.${main.replace(/-noeffect$/, "")}`);
  return part ? viewer.format("D20C.Monster.PartFor", { damage: label, types: typesText(types, viewer) }) : label;
}

/** [SYS-MONSTERS] A target's damage by part ("10 piercing + 5 fire"); null when it is one part. */
function partsLine(parts: CardTarget["parts"], viewer: CardViewer): string | null {
  if (!parts || parts.length < 2) return null;
  return parts
    .map((p) => viewer.format("D20C.Monster.Part", { amount: p.amount, types: typesText(p.types, viewer) }))
    .join(" + ");
}

/** The line an applied record shows for the ongoing damage it put on (or the stacking rule refused). */
function ongoingLine(r: AppliedRecord, viewer: CardViewer): string | null {
  if (!r.effects) return null;
  const effect = ongoingName(r.effects, viewer);
  return viewer.format(r.effects.addedId ? "D20C.Chat.Ongoing.Added" : "D20C.Chat.Ongoing.Kept", { effect });
}

/** What undo gave back where the game's bounds held it; without numbers on the public copy (they are 0 there). */
function heldNote(shortfalls: NonNullable<AppliedRecord["undoShortfalls"]>, viewer: CardViewer): string {
  if (shortfalls.every((s) => s.wanted === 0)) return viewer.localize("D20C.Chat.Undo.HeldPart");
  const held = shortfalls
    .map((s) =>
      viewer.format(`D20C.Chat.Undo.Gave.${s.field}`, { restored: Math.abs(s.restored), wanted: Math.abs(s.wanted) }),
    )
    .join(", ");
  return viewer.format("D20C.Chat.Undo.HeldNote", { held });
}

/**
 * [SYS-MONSTERS] An event's data with the words it names in the viewer's language: a condition's
 * or damage type's i18n key, an attack keyword (`coldIron` → "cold iron"); other values as they are.
 */
function wordsIn(data: RuleEvent["data"], viewer: CardViewer): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(data ?? {})) {
    const keyword = `D20C.Creature.Keyword.${String(v)}`;
    if (typeof v !== "string") out[k] = v;
    else if (v.startsWith("D20C.") && viewer.has(v)) out[k] = viewer.localize(v);
    else if (k === "keyword" && viewer.has(keyword)) out[k] = viewer.localize(keyword);
    else out[k] = v;
  }
  return out;
}

function appliedView(r: AppliedRecord, viewer: CardViewer, targetName: string, c: CardShared) {
  const canUndo = !r.undone && (viewer.isGM || viewer.ownsTarget(r.targetUuid) || r.userId === viewer.userId);
  return {
    id: r.id,
    modeLabel: `D20C.Chat.Apply.${r.mode}`,
    modeText: wordsOf(c, viewer, `D20C.Chat.Apply.${r.mode}`),
    healing: r.mode === "heal" || r.mode === "temp",
    /** Damage that all went into resistance reads as such, not as "−0". */
    noDamage: r.mode !== "heal" && r.mode !== "temp" && r.dealt === 0,
    amount: r.amount,
    dealt: r.dealt,
    hpLost: r.hpLost,
    absorbedByTemp: r.absorbedByTemp,
    adjustments: r.adjustments.map((m) => modifierView(m, viewer)),
    /** [SYS-HOOKS] "−3 from <module>": what the GM's modules changed in the amount. */
    hookNotes: (r.hooks ?? []).map((h) => hookChangeText(h, viewer.format)),
    events: r.events.map((e) =>
      viewer.has(e.key) ? viewer.format(e.key, { name: targetName, ...wordsIn(e.data, viewer) }) : e.key,
    ),
    ongoing: ongoingLine(r, viewer),
    undone: r.undone,
    /** What undo could not give back (held to the game's bounds), said on the card. */
    held: r.undoShortfalls?.length ? heldNote(r.undoShortfalls, viewer) : null,
    canUndo,
  };
}

/**
 * The words of the apply buttons a card offers, by mode: every mode, the knock-out one only where
 * the card's game has it. The template writes the buttons out (healing and temporary HP behind the
 * row's small menu) and reads their label and hint here.
 */
function applyWords(card: Pick<AttackCardData, "knockOut">, viewer: CardViewer) {
  const out: Partial<Record<ApplyMode, { label: string; hint: string }>> = {};
  for (const mode of APPLY_MODES) {
    if (mode === "knockOut" && card.knockOut !== true) continue;
    out[mode] = {
      label: viewer.localize(`D20C.Chat.Apply.${mode}`),
      hint: viewer.localize(`D20C.Chat.ApplyHint.${mode}`),
    };
  }
  return out;
}

/** The card's fixed words (headings, hints, control labels), in the viewer's language. */
const CARD_TEXT = {
  attackRoll: "D20C.Chat.AttackRoll",
  formulaDie: "D20C.Chat.FormulaDie",
  noTargets: "D20C.Chat.NoTargets",
  modifiers: "D20C.Chat.Modifiers",
  fromScene: "D20C.Scene.FromScene",
  sceneChanged: "D20C.Scene.Changed",
  oddsHint: "D20C.Chat.OddsHint",
  oddsHit: "D20C.Chat.Odds.hit",
  oddsCrit: "D20C.Chat.Odds.crit",
  oddsExpected: "D20C.Chat.Odds.expected",
  oddsUnavailable: "D20C.Chat.OddsUnavailable",
  imposes: "D20C.Power.Imposes",
  forcedGroup: "D20C.Forced.Group",
  forcedHint: "D20C.Forced.Hint",
  reactionGroup: "D20C.Reaction.Group",
  reactionHint: "D20C.Reaction.Hint",
  applyGroup: "D20C.Chat.ApplyGroup",
  damage: "D20C.Chat.Damage",
  applyMore: "D20C.Chat.ApplyMore",
  noDamageResisted: "D20C.Chat.NoDamageResisted",
  undone: "D20C.Chat.Undone",
  undoButton: "D20C.Chat.UndoButton",
} as const;

function cardText(viewer: CardViewer): Record<keyof typeof CARD_TEXT, string> {
  const out = {} as Record<keyof typeof CARD_TEXT, string>;
  for (const key of Object.keys(CARD_TEXT) as (keyof typeof CARD_TEXT)[]) out[key] = viewer.localize(CARD_TEXT[key]);
  return out;
}

/**
 * What every target of one card shows alike for one viewer, worked out once per card: the shared
 * modifiers, the "vs defense" words, and each power effect's line and each result's label as
 * first asked for.
 */
interface CardShared {
  shared: readonly Modifier[];
  versus: string;
  effectLines: Map<number, string>;
  words: Map<string, string>;
}

/**
 * The defense as a card's game names it after "vs", the word its sheet's attack rows use (13th
 * Age "vs AC"); the stored label where the game or the defense is not known here. The loose-roll
 * block names it the same way.
 */
export function versusWord(card: Pick<AttackCardData, "rulesetId" | "defenseKey" | "defenseLabel">): string {
  if (!isRulesetId(card.rulesetId)) return card.defenseLabel;
  return getRuleset(card.rulesetId).defenses.find((d) => d.key === card.defenseKey)?.abbr ?? card.defenseLabel;
}

function cardShared(card: AttackCardData, viewer: CardViewer, shared: readonly Modifier[]): CardShared {
  return {
    shared,
    // [SYS-MONSTERS] a save-based power's row reads "→ 12 DC 15".
    versus: card.saveAttack
      ? viewer.localize("D20C.SaveAttack.DC")
      : viewer.format("D20C.Chat.Versus", { defense: viewer.localize(versusWord(card)) }),
    effectLines: new Map(),
    words: new Map(),
  };
}

/** The list a target's row has nothing in (one for every row: the template only reads it). */
const NONE: readonly never[] = Object.freeze([]);

/** A key's words for the viewer, looked up once per card. */
function wordsOf(c: CardShared, viewer: CardViewer, key: string): string {
  let text = c.words.get(key);
  if (text === undefined) {
    text = viewer.localize(key);
    c.words.set(key, text);
  }
  return text;
}

/**
 * The outcome a viewer is shown: the GM sees the real one (with the wrong-square reason); others
 * see a wrong-square miss as an ordinary miss ([FF-INVIS]: the attacker is not told why).
 */
function viewedOutcome(t: CardTarget, viewer: CardViewer) {
  // A public copy without this target's numbers never shows them, whoever looks.
  if (!t.shown) return { o: t.outcome, odds: t.odds, hide: t.detailsHidden === true, extraReasons: [] as string[] };
  if (viewer.isGM) return { o: t.outcome, odds: t.odds, hide: false, extraReasons: ["D20C.Chat.Reason.wrongSquareGM"] };
  return { o: t.shown.outcome, odds: t.shown.odds, hide: t.shown.hideDetails, extraReasons: [] as string[] };
}

/** The card controls moving a target by the power's push / pull / slide ("Push 2"). */
function forcedControls(card: AttackCardData, t: CardTarget, viewer: CardViewer) {
  if (!t.forced?.length) return NONE;
  return t.forced.flatMap((index) => {
    const move = card.power?.effects[index]?.forced;
    if (!move) return [];
    const label = viewer.format(`D20C.Forced.${move.kind}`, { squares: move.squares });
    return [{ index, kind: move.kind, squares: move.squares, label, targetUuid: t.uuid }];
  });
}

function reactionControls(card: AttackCardData, t: CardTarget, viewer: CardViewer) {
  if (!t.reactions?.length || t.reacted || !(viewer.isGM || viewer.ownsTarget(t.uuid))) return NONE;
  if (card.applied.some((r) => r.targetUuid === t.uuid && !r.undone)) return NONE;
  return t.reactions.map((r) => ({
    key: r.key,
    label: r.label,
    labelText: viewer.localize(r.label),
    targetUuid: t.uuid,
  }));
}

/** The power's effects a target's outcome and natural roll trigger, in words (each line made once per card). */
function imposedLines(card: AttackCardData, t: CardTarget, viewer: CardViewer, c: CardShared): readonly string[] {
  if (!t.effects?.length) return NONE;
  return t.effects.flatMap((i) => {
    let line = c.effectLines.get(i);
    if (line === undefined) {
      const e = card.power?.effects[i];
      if (!e) return [];
      line = effectLine(e, viewer, sayOf(card.power?.words));
      c.effectLines.set(i, line);
    }
    return [line];
  });
}

/** The reasons a target's roll shows that the viewer has words for. */
function reasonLines(reasons: readonly string[], extra: readonly string[], viewer: CardViewer, c: CardShared) {
  if (!reasons.length && !extra.length) return NONE;
  return [...extra, ...reasons].filter((r) => viewer.has(r)).map((r) => wordsOf(c, viewer, r));
}

/**
 * [WD-MISSCHANCE] The d100 a target's hit was rolled against ("Miss chance 20%: rolled 13, the hit
 * misses"), or nothing when none was rolled (or the card's record of it is not two numbers).
 */
function missChanceLines(t: CardTarget, viewer: CardViewer): string[] {
  const m = t.missChance;
  if (!m || !Number.isFinite(m.chance) || !Number.isFinite(m.roll)) return [];
  const key = m.roll <= m.chance ? "D20C.Chat.MissChance.Missed" : "D20C.Chat.MissChance.Held";
  return [viewer.format(key, { chance: m.chance, roll: m.roll })];
}

function targetView(card: AttackCardData, t: CardTarget, viewer: CardViewer, c: CardShared) {
  const { shared } = c;
  const view = viewedOutcome(t, viewer);
  const details =
    !view.hide && canSeeDetails(viewer.visibility, { isGM: viewer.isGM, ownsTarget: viewer.ownsTarget(t.uuid) });
  const o = view.o;
  const naturalClass = o.natural === 20 ? "nat20" : o.natural === 1 ? "nat1" : "";
  const own = o.modifiers.filter((m) => !shared.some((x) => sameModifier(x, m)));
  const missChance = missChanceLines(t, viewer);
  const lines = reasonLines(o.reasons, view.extraReasons, viewer, c);
  const reasons = missChance.length ? [...missChance, ...lines] : lines;
  const scene = t.scene?.length ? t.scene.map((n) => ({ text: n.text, kept: n.kept })) : NONE;
  const warnings = t.warnings?.length ? [...t.warnings] : NONE;
  const odds =
    details && view.odds
      ? { hit: percent(view.odds.hit), crit: percent(view.odds.crit), expected: view.odds.expectedDamage.toFixed(1) }
      : null;
  // Odds the engine refused (too many dice to sum within its work budget) are said to be missing.
  const oddsUnavailable = details && !view.odds;
  const imposes = imposedLines(card, t, viewer, c);
  const forced = forcedControls(card, t, viewer);
  const reactions = reactionControls(card, t, viewer);
  const twin = sameCreatureBefore(card, t);
  const otherNotes =
    scene.length > 0 ||
    warnings.length > 0 ||
    reasons.length > 0 ||
    odds !== null ||
    oddsUnavailable ||
    forced.length > 0 ||
    reactions.length > 0;
  return {
    uuid: t.uuid,
    name: t.name,
    img: t.img,
    /** Another token of a creature listed before it: one creature, one share of the attack. */
    sameAs: twin ? viewer.format("D20C.Chat.SameCreature", { name: twin.name }) : null,
    resultClass: RESULT_CLASS[o.result],
    resultText: wordsOf(c, viewer, card.saveAttack ? SAVE_RESULT_LABEL[o.result] : RESULT_LABEL[o.result]),
    dice: diceView(o, naturalClass),
    mode: o.mode,
    modeText: o.mode !== "normal" ? wordsOf(c, viewer, `D20C.Chat.Mode.${o.mode}`) : "",
    showMode: o.mode !== "normal",
    total: o.total,
    showDetails: details,
    defense: o.defense,
    versus: c.versus,
    /** This target's own modifiers (the shared ones are the header's formula). */
    modifiers: own.length ? own.map((m) => modifierView(m, viewer)) : NONE,
    /** Whether the row shows any of the notes, odds and controls below its numbers. */
    hasNotes: otherNotes || imposes.length > 0,
    /** The same, but for the effects it imposes (when those are printed once for every target). */
    otherNotes,
    reasons,
    scene,
    warnings,
    odds,
    oddsUnavailable,
    damage: t.damage,
    /** [SYS-MONSTERS] The damage by part ("10 piercing + 5 fire"), when it has parts. */
    damageParts: partsLine(t.parts, viewer),
    hasDamage: t.damageKey !== null,
    imposes,
    /** [FF-FORCED] The push / pull / slide this target's outcome triggers, each a card control. */
    forced,
    /** [HD-REACT] Reactions offered to the target (Parry), for its owners and the GM, until taken or damage is applied. */
    reactions,
    applied: card.applied.length
      ? card.applied.filter((r) => r.targetUuid === t.uuid).map((r) => appliedView(r, viewer, t.name, c))
      : NONE,
  };
}

/**
 * The viewer with each answer of `ownsTarget` kept for the render: a target's ownership is asked
 * for its numbers, its reactions and its records' undo, and in Foundry each asking finds the
 * document by its UUID.
 */
function rememberingOwnership(viewer: CardViewer): CardViewer {
  const owned = new Map<string, boolean>();
  const ownsTarget = (uuid: string): boolean => {
    let owns = owned.get(uuid);
    if (owns === undefined) {
      owns = viewer.ownsTarget(uuid);
      owned.set(uuid, owns);
    }
    return owns;
  };
  return { ...viewer, ownsTarget };
}

/** The results whose rows count as hit for an effect shared by every target hit. */
const HIT_RESULTS: ReadonlySet<string> = new Set(["hit", "crit"]);

/**
 * Issue 45: the effect lines every target shares (or every target hit, the misses having none),
 * printed once above the rows rather than under each; null when the rows differ or fewer than two
 * targets have them. `label` is the i18n key of who gets them.
 */
function sharedImposes(
  card: AttackCardData,
  rows: readonly { imposes: readonly string[] }[],
): { label: string; lines: readonly string[] } | null {
  const having = rows.filter((r) => r.imposes.length > 0);
  if (having.length < 2) return null;
  const first = having[0]!.imposes.join("\n");
  if (having.some((r) => r.imposes.join("\n") !== first)) return null;
  if (having.length === rows.length) return { label: "D20C.Calm.Card.EveryTarget", lines: having[0]!.imposes };
  const hitOnly = card.targets.every((t, i) => HIT_RESULTS.has(t.outcome.result) === rows[i]!.imposes.length > 0);
  return hitOnly ? { label: "D20C.Calm.Card.EveryTargetHit", lines: having[0]!.imposes } : null;
}

/** The rows with a shared effect taken out of each (and their notes flag worked out again). */
function withoutShared<R extends { imposes: readonly string[]; hasNotes: boolean; otherNotes: boolean }>(
  rows: R[],
  shared: boolean,
): R[] {
  return shared ? rows.map((r) => ({ ...r, imposes: NONE, hasNotes: r.otherNotes })) : rows;
}

/** [SYS-TARGETS] "up to 2 targets", "up to 1 target (rolled 1d3)". */
function targetCountWords(count: { formula: string; count: number }, viewer: CardViewer): string {
  const key = `D20C.TargetCount.${/d/i.test(count.formula) ? "Rolled" : "UpTo"}${count.count === 1 ? "One" : ""}`;
  return viewer.format(key, { count: String(count.count), formula: String(count.formula) });
}

/** The template context of an attack card for one viewer. */
export function attackCardContext(card: AttackCardData, asked: CardViewer) {
  const viewer = rememberingOwnership(asked);
  const shared = sharedModifiers(card);
  const perCard = cardShared(card, viewer, shared);
  const rows = card.targets.map((t) => targetView(card, t, viewer, perCard));
  const once = sharedImposes(card, rows);
  return {
    /** The card's fixed words for this viewer. */
    text: cardText(viewer),
    actorName: card.actorName,
    itemName: card.itemName,
    itemImg: card.itemImg,
    // [SYS-MONSTERS] a save-based power's header names the save ("Dexterity save").
    versus: card.saveAttack
      ? viewer.format("D20C.SaveAttack.Versus", { save: viewer.localize(card.saveAttack.label) })
      : perCard.versus,
    /** [SYS-TARGETS] "up to 2 targets (rolled 1d3)": the power's target count as this use had it. */
    targetCount: card.targetCount ? targetCountWords(card.targetCount, viewer) : null,
    /** The roll's real formula: the d20, then every modifier all targets share. */
    formulaTerms: shared.map((m) => modifierView(m, viewer)),
    /** [SYS-HOOKS] "+2 from <module>": what modules' hooks changed in the attack's bonus. */
    hookNotes: (card.situation?.hooks ?? []).map((h) => hookChangeText(h, viewer.format)),
    damageTypes: card.damageTypes.map((t) => typeLabel(t, viewer)).join(", "),
    ongoing: card.ongoing
      ? viewer.format("D20C.Chat.Ongoing.OnHit", { effect: ongoingName(card.ongoing, viewer) })
      : null,
    /**
     * The power's hit / miss / crit words, each under its outcome; an effect the printed words
     * already name (a monster's hit line) is not listed again under them.
     */
    powerSections: powerSections(card.power, viewer, (e, text) => !namedInText(e, text, viewer)),
    hasTargets: card.targets.length > 0,
    untargeted: card.untargeted
      ? {
          natural: card.untargeted.natural,
          total: card.untargeted.total,
          dice: diceView(card.untargeted),
          modifiers: card.untargeted.modifiers
            .filter((m) => !shared.some((x) => sameModifier(x, m)))
            .map((m) => modifierView(m, viewer)),
        }
      : null,
    damageRolls: card.damageRolls.map((d) => ({
      key: d.key,
      label: damageRollLabel(d.key, d.recipe.types, (k) => wordsOf(perCard, viewer, k), viewer),
      formula: d.formula,
      faces: d.faces.join(", "),
      total: d.total,
      notes: d.recipe.notes.filter((n) => viewer.has(n)).map((n) => wordsOf(perCard, viewer, n)),
    })),
    /** The apply buttons' words, by mode (a knock-out button only where the card's game has it). */
    apply: applyWords(card, viewer),
    knockOut: card.knockOut === true,
    /** An effect every target (or every target hit) gets, printed once above the rows. */
    sharedImposes: once ? { label: viewer.localize(once.label), lines: once.lines } : null,
    targets: withoutShared(rows, once !== null),
  };
}
