/** Hundred Dungeons Open rules, registered as world settings by the adapter. */
import { option } from "../../common.js";
import type { OptionSpec, RuleOptions } from "../../types.js";

const O = (k: string): string => `D20C.HD.Option.${k}`;

export const HD_OPTIONS: readonly OptionSpec[] = [
  {
    key: "mightyCancel",
    rule: "HD-MIGHTY",
    label: O("mightyCancel.Name"),
    hint: O("mightyCancel.Hint"),
    type: "choice",
    choices: { any: O("mightyCancel.any"), pairs: O("mightyCancel.pairs") },
    default: "any",
  },
  {
    key: "resistanceRule",
    rule: "HD-RESIST",
    label: O("resistanceRule.Name"),
    hint: O("resistanceRule.Hint"),
    type: "choice",
    choices: { halfDown: O("resistanceRule.halfDown"), halfUp: O("resistanceRule.halfUp") },
    default: "halfDown",
  },
  {
    key: "gmSeat",
    rule: "HD-INIT",
    label: O("gmSeat.Name"),
    hint: O("gmSeat.Hint"),
    type: "number",
    default: 0,
  },
  {
    key: "paralyzedCrit",
    rule: "HD-PARALYZEDCRIT",
    label: O("paralyzedCrit.Name"),
    hint: O("paralyzedCrit.Hint"),
    type: "boolean",
    default: false,
  },
];

/**
 * [HD-PARALYZEDCRIT] Whether a melee hit on a paralyzed target is a critical hit (the 5th-edition
 * family's rule, beyond the text: off by default, where the text's automatic hit stands alone).
 */
export function paralyzedMeleeCrit(options: RuleOptions): boolean {
  return option<boolean>(options, "paralyzedCrit", false);
}

export function mightyCancel(options: RuleOptions): "any" | "pairs" {
  return option<string>(options, "mightyCancel", "any") === "pairs" ? "pairs" : "any";
}

export function resistanceRule(options: RuleOptions): "halfDown" | "halfUp" {
  return option<string>(options, "resistanceRule", "halfDown") === "halfUp" ? "halfUp" : "halfDown";
}

export function gmSeat(options: RuleOptions): number {
  const v = option(options, "gmSeat", 0);
  return Number.isFinite(v) ? v : 0;
}
