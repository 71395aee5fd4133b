/**
 * What the sheet's attack rows and rest buttons say about powers (pure): a power's usage in the
 * active game's words with whether it is spent (and uses left per rest), its expanded text (each
 * outcome's words and effects, as the card shows them) with its numbers, and the game's rests.
 */
import { powerUsageFrom, saveAttackFrom } from "../../data/item-source.js";
import { saveAttackOf } from "../../engine/save-attacks.js";
import { countsUses, isSpent, restsOf, usageKind } from "../../engine/powers.js";
import type { Ruleset } from "../../engine/ruleset.js";
import type { PowerEffectSpec, PowerSource, PowerUsageState } from "../../engine/types.js";
import { cardPowerOf } from "../../engine/plans/power-card.js";
import { namedInText, powerSections, type TextViewer } from "../../engine/views/power-text.js";
import type { AttackSummary } from "./attack-summary.js";

/** Reads keys as they are (no localisation at hand): the template localises what it can. */
const KEY_VIEWER: TextViewer = { localize: (k) => k, has: () => false, format: (k) => k };

const P = "D20C.Power";

/**
 * [SYS-MONSTERS] A recharge number as printed: "16+" after the battle on a d20; a monster's d6 at
 * its turn start as "5–6" (or "6"), with when it rolls.
 */
function rechargeText(usage: PowerUsageState, viewer: TextViewer): string {
  const d6 = usage.rechargeDie === "d6";
  const n = d6 ? Math.min(6, usage.recharge) : usage.recharge;
  const number = !d6 ? `${n}+` : n >= 6 ? "6" : `${n}–6`;
  return usage.rechargeAt === "turnStart" ? viewer.format("D20C.Monster.Recharge.atTurnStart", { number }) : number;
}

/** [SYS-MONSTERS] The recharge as printed, with "when first bloodied" where the power has it. */
function withBloodied(usage: PowerUsageState, viewer: TextViewer): string {
  if (!usage.rechargeBloodied) return rechargeText(usage, viewer);
  if (usage.recharge <= 0) return viewer.localize("D20C.Monster.Recharge.bloodiedOnly");
  return viewer.format("D20C.Monster.Recharge.bloodiedToo", { number: rechargeText(usage, viewer) });
}

function texts(system: Record<string, unknown>): NonNullable<PowerSource["texts"]> {
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  return { hit: str(system.hitEffect), miss: str(system.missText), crit: str(system.critText) };
}

/** The usage, text and numbers of one power row. */
export function powerRowView(
  ruleset: Ruleset,
  system: Record<string, unknown>,
  attack: AttackSummary | null,
  viewer: TextViewer = KEY_VIEWER,
  /** A stat block's row, printed as its attack card is: no effect line its outcome's words already name. */
  printedOnce = false,
) {
  const usage = powerUsageFrom(system);
  const kind = usageKind(ruleset, usage.usage);
  const spent = isSpent(ruleset, usage);
  const perRest = countsUses(kind.key);
  // The stored effects as they are: the card's power block copies what it reads (no clone needed).
  const effects = Array.isArray(system.effects) ? (system.effects as PowerEffectSpec[]) : [];
  const power = cardPowerOf(ruleset, { effects, texts: texts(system) }, null);
  const numbers: { label: string; value: string }[] = [];
  const save = saveAttackOf(ruleset, { saveAttack: saveAttackFrom(system) } as PowerSource);
  if (save) {
    // [SYS-MONSTERS] a save-based power prints its save instead of an attack: "DC 13 Dexterity, half".
    const name = viewer.localize(ruleset.saves.find((k) => k.key === save.save)?.label ?? save.save);
    numbers.push({
      label: "D20C.SaveAttack.Row",
      value: viewer.format(`D20C.SaveAttack.RowValue.${save.onSuccess}`, { dc: save.dc, save: name }),
    });
  }
  if (attack && !attack.error) {
    if (!save)
      numbers.push({ label: `${P}.Row.attack`, value: `${attack.bonus} ${viewer.localize(attack.defenseAbbr)}` });
    if (attack.damage)
      numbers.push({
        label: `${P}.Row.damage`,
        value: [attack.damage, ...attack.damageTypes, ...(attack.parts ?? [])].join(" "),
      });
  }
  if (kind.key === "recharge" && (usage.recharge > 0 || usage.rechargeBloodied))
    numbers.push({ label: kind.label, value: withBloodied(usage, viewer) });
  if (perRest) numbers.push({ label: kind.label, value: `${usage.uses.spent} / ${Math.max(1, usage.uses.max)}` });
  return {
    usageLabel: kind.label,
    usageKey: kind.key,
    limited: kind.limited,
    used: spent,
    /** The spent state as the row's attributes and label write it (an expression each, no block per row). */
    state: spent
      ? { row: " used", usage: " spent", pressed: "true", label: `${P}.Row.spent` }
      : { row: "", usage: "", pressed: "false", label: `${P}.Row.fresh` },
    /** What a per-rest power has left, said where a fresh one says "Ready" (a spent one says "Spent"). */
    usesText:
      perRest && !spent
        ? viewer.format(`${P}.Row.usesLeft`, {
            left: Math.max(0, Math.max(1, usage.uses.max) - usage.uses.spent),
            max: Math.max(1, usage.uses.max),
          })
        : "",
    sections: printedOnce
      ? powerSections(power, viewer, (e, text) => !namedInText(e, text, viewer))
      : powerSections(power, viewer),
    numbers,
  };
}

/** The rest buttons of the active game. */
export function restsView(ruleset: Ruleset) {
  return restsOf(ruleset).map((r) => ({ key: r.key, label: r.label, hint: r.hint }));
}
