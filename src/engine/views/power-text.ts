/**
 * A power's words as a reader sees them (pure): each hit / miss / crit effect in one line
 * ("Natural even: dazed (save ends, 11+); aftereffect: weakened"), and the power's sections, each
 * outcome's free text with its effects under it. Used by the attack card and the sheet's expanded
 * attack row, so both say the same thing.
 */
import type { CardEffectBody, CardPower, CardPowerEffect } from "../plans/power-card.js";
import { durationChoiceOf } from "../effects.js";

export interface TextViewer {
  localize: (key: string) => string;
  has: (key: string) => boolean;
  format: (key: string, data: Record<string, string | number>) => string;
}

const P = "D20C.Power";

function localizeOr(viewer: TextViewer, key: string, fallback: string): string {
  return viewer.has(key) ? viewer.localize(key) : fallback;
}

function bodyLine(b: CardEffectBody, viewer: TextViewer): string {
  const parts: string[] = b.statuses.map((id, i) => localizeOr(viewer, b.statusLabels[i] ?? id, id));
  if (b.ongoing && b.ongoing.amount > 0) {
    const typed = b.ongoing.type !== "" && b.ongoing.type !== "untyped";
    const type = typed ? localizeOr(viewer, `D20C.DamageType.${b.ongoing.type}`, b.ongoing.type) : "";
    parts.push(
      viewer.format(typed ? `${P}.Text.ongoingTyped` : `${P}.Text.ongoing`, { amount: b.ongoing.amount, type }),
    );
  }
  const what = parts.join(", ");
  const duration =
    b.duration === "saveEnds" && b.saveTarget !== null
      ? viewer.format(`${P}.Text.saveEndsTarget`, { target: b.saveTarget })
      : b.duration === "sustain"
        ? viewer.format(`${P}.Text.sustain`, { action: viewer.localize(`${P}.Sustain.${b.sustain ?? "standard"}`) })
        : viewer.localize(`${P}.Text.${durationChoiceOf(b.duration, b.turnOf)}`);
  return duration ? viewer.format(`${P}.Text.withDuration`, { what, duration }) : what;
}

/** One effect in words: trigger, what it imposes and for how long, its aftereffect, its own text. */
export function effectLine(e: CardPowerEffect, viewer: TextViewer): string {
  const parts: string[] = [];
  if (e.statuses.length || (e.ongoing && e.ongoing.amount > 0)) parts.push(bodyLine(e, viewer));
  if (e.aftereffect) parts.push(viewer.format(`${P}.Text.aftereffect`, { effect: bodyLine(e.aftereffect, viewer) }));
  // [FF-FORCED] the push / pull / slide the outcome causes, with its distance.
  if (e.forced && e.forced.squares > 0)
    parts.push(viewer.format(`D20C.Forced.Text.${e.forced.kind}`, { squares: e.forced.squares }));
  // [SYS-MONSTERS] a rider's damage, with its types in the game's words ("+5 fire damage").
  if (e.damage && e.damage.formula.trim()) parts.push(riderWords(e.damage, viewer));
  if (e.text.trim()) parts.push(e.text.trim());
  const line = parts.join("; ");
  if (e.trigger.kind === "any") return line;
  return viewer.format(`${P}.Text.triggered`, { trigger: triggerWords(e.trigger, viewer), effect: line });
}

/** [SYS-MONSTERS] A rider's damage in words: "+5 Fire damage", "+1d6 damage" (untyped). */
function riderWords(d: { formula: string; types: string[] }, viewer: TextViewer): string {
  const types = d.types.map((t) => localizeOr(viewer, `D20C.DamageType.${t}`, t)).join(", ");
  return types
    ? viewer.format("D20C.Rider.Text.damageTyped", { formula: d.formula.trim(), types })
    : viewer.format("D20C.Rider.Text.damage", { formula: d.formula.trim() });
}

/** A natural-roll trigger in words ("Natural 16+", [SYS-MONSTERS] "Natural 1–5", "Natural 5, 10, 15 or 20"). */
function triggerWords(t: CardPowerEffect["trigger"], viewer: TextViewer): string {
  switch (t.kind) {
    case "atLeast":
      return viewer.format(`${P}.Text.naturalAtLeast`, { value: t.value });
    case "combatAdvantage":
      return viewer.localize(`${P}.Text.combatAdvantage`);
    case "atMost":
      return viewer.format("D20C.Rider.Text.naturalAtMost", { value: t.value });
    case "range":
      return viewer.format("D20C.Rider.Text.naturalRange", { low: t.value, high: t.max ?? 0 });
    case "list": {
      const faces = t.values ?? [];
      const last = faces.at(-1);
      if (last === undefined) return viewer.localize("D20C.Rider.Text.naturalNone");
      if (faces.length === 1) return viewer.format("D20C.Rider.Text.naturalOne", { value: last });
      return viewer.format("D20C.Rider.Text.naturalList", { values: faces.slice(0, -1).join(", "), last });
    }
    default:
      return viewer.localize(`${P}.Text.natural${t.kind === "even" ? "Even" : "Odd"}`);
  }
}

/**
 * The outcome sections of a power (hit, miss, crit) that have text or effects, in that order.
 * `listed` says whether an effect gets its own line under the section's text (default: each does).
 */
export function powerSections(
  power: CardPower | undefined,
  viewer: TextViewer,
  listed: (e: CardPowerEffect, text: string) => boolean = () => true,
) {
  if (!power) return [];
  return (["hit", "miss", "crit"] as const)
    .map((key) => {
      const text = power.texts[key].trim();
      const effects = power.effects.filter((e) => e.outcome === key && listed(e, text));
      return { key, label: `${P}.Outcome.${key}`, text, effects: effects.map((e) => effectLine(e, viewer)) };
    })
    .filter((s) => s.text !== "" || s.effects.length > 0);
}

/**
 * Whether an outcome's printed words already name every condition an effect imposes, its
 * aftereffect's too ("…and the target is restrained (save ends). Aftereffect: petrified"), each as
 * a whole word in the viewer's language. An effect that imposes no condition (ongoing damage or a
 * push alone) is never taken as named.
 */
export function namedInText(e: CardPowerEffect, text: string, viewer: TextViewer): boolean {
  const bodies = e.aftereffect ? [e, e.aftereffect] : [e];
  const names = bodies.flatMap((b) => b.statuses.map((id, i) => localizeOr(viewer, b.statusLabels[i] ?? id, id)));
  if (!text || !names.length) return false;
  const printed = text.toLowerCase();
  return names.every((name) => hasWord(printed, name.trim().toLowerCase()));
}

const LETTER = /\p{L}/u;

/** Whether `word` stands in `text` as a whole word (no letter just before or after it). */
function hasWord(text: string, word: string): boolean {
  if (!word) return false;
  for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + 1)) {
    const before = text[i - 1];
    const after = text[i + word.length];
    if (!(before && LETTER.test(before)) && !(after && LETTER.test(after))) return true;
  }
  return false;
}
