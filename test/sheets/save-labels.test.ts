/**
 * A power's save choice reads each game's own numbers: 13th Age's easy/normal/hard saves are 6+,
 * 11+ and 16+, another game's are the targets its own rules roll against, never 13th Age's.
 */
import { describe, expect, it } from "vitest";
import { itemSheetContext } from "../../src/applications/sheets/item-context.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { RulesetId } from "../../src/engine/types.js";
import { wordsOf } from "../../src/engine/words.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import { ownLabels } from "./words-screens.js";

function saveLabels(id: RulesetId): string[] {
  const i18n = createI18nStandIn();
  const ctx = itemSheetContext({
    type: "power",
    name: "Spark",
    img: "",
    system: { damageTypes: [], ongoing: { amount: 5, type: "untyped", save: "normal" } },
    ruleset: getRuleset(id),
    editable: true,
    foreignRuleset: null,
    description: "",
    descriptionHTML: "",
    damageTypeLabel: (t: string) => t,
    localize: (k) => i18n.localize(k),
  });
  const field = ctx.fields.find((f) => f.name === "system.ongoing.save");
  if (!field) throw new Error(`${id}: no ongoing save field on the power sheet`);
  expect(field.localizeOptions).toBe(false);
  return field.options.map((o) => o.label);
}

describe("a power's save difficulty in each game's numbers", () => {
  it("[SYS-WORDS] 13th Age offers 6+, 11+ and 16+", () => {
    expect(saveLabels("13th-age")).toEqual(["Easy (6+)", "Normal (11+)", "Hard (16+)"]);
  });

  it("[SYS-WORDS] Hundred Dungeons and Wounds d20 offer their own targets, not 13th Age's", () => {
    for (const id of ["hundred-dungeons", "wounds-d20"] as const) {
      const ruleset = getRuleset(id);
      const expected = (["easy", "normal", "hard"] as const).map(
        (k, i) => `${["Easy", "Normal", "Hard"][i]} (${ruleset.effectSaveTarget?.(k)}+)`,
      );
      const labels = saveLabels(id);
      expect(labels).toEqual(expected);
      expect(labels.join(" ")).not.toMatch(/\b6\+|\b16\+/);
    }
  });
});

describe("a creature's flat save bonus in each game's word", () => {
  it("[SYS-WORDS] only Wounds d20 calls it a base save bonus; 13th Age and FFd20 a save bonus", () => {
    const i18n = createI18nStandIn();
    const word = (id: RulesetId) => i18n.localize(wordsOf(getRuleset(id)).saveBonus);
    expect(word("wounds-d20")).toBe("Base Save Bonus");
    expect(word("13th-age")).toBe("Save Bonus");
    expect(word("ffd20")).toBe("Save Bonus");
    // Being Wounds d20's own word, the label-leak test looks for it on every other game's screens.
    expect([...ownLabels("wounds-d20")].some((l) => /base save bonus/i.test(l))).toBe(true);
  });
});
