/**
 * [SYS-ROLLHOOK] Loose d20 rolls (chat /roll, macros, inline rolls) made with tokens targeted are
 * resolved against each target by the same engine code as sheet attacks. Roll JSON below has the
 * shape Foundry v13's `Roll#toJSON` writes (terms with faces/results; kept dice `active`).
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { d20FromRollJson, decideLooseRoll, inlineRollJson } from "../../src/engine/plans/roll-hook.js";
import { defaultOptions, npc, target } from "./attack-fixtures.js";

const R = getRuleset("13th-age");
const OPTS = defaultOptions(R);

/** Roll JSON of `1d20 + bonus` as Foundry records it. */
function d20Json(natural: number, bonus: number) {
  return {
    class: "Roll",
    formula: `1d20 + ${bonus}`,
    total: natural + bonus,
    evaluated: true,
    terms: [
      { class: "Die", number: 1, faces: 20, modifiers: [], results: [{ result: natural, active: true }] },
      { class: "OperatorTerm", operator: "+" },
      { class: "NumericTerm", number: bonus },
    ],
  };
}

describe("[SYS-ROLLHOOK] loose rolls against targets", () => {
  it("[SYS-ROLLHOOK] /roll 1d20+7 while two tokens are targeted: hit one, miss the other", () => {
    const roll = d20FromRollJson(d20Json(14, 7))!;
    expect(roll).toEqual({ natural: 14, total: 21 });
    const out = decideLooseRoll(R, OPTS, roll, [target("a", npc(R, 20)), target("b", npc(R, 22))]);
    expect(out.defenseKey).toBe(R.defenses[0]!.key);
    expect(out.targets.map((t) => t.outcome.result)).toEqual(["hit", "miss"]);
    expect(out.targets.map((t) => t.outcome.total)).toEqual([21, 21]);
  });

  it("[SYS-ROLLHOOK] [13A-NAT20] a natural 20 from chat crits even when its total misses; a natural 1 misses outright", () => {
    const nat20 = decideLooseRoll(R, OPTS, d20FromRollJson(d20Json(20, 0))!, [target("a", npc(R, 30))]);
    expect(nat20.targets[0]!.outcome.result).toBe("crit");
    const nat1 = decideLooseRoll(R, OPTS, d20FromRollJson(d20Json(1, 30))!, [target("a", npc(R, 5))]);
    expect(nat1.targets[0]!.outcome.result).toBe("autoMiss");
  });

  it("[SYS-ROLLHOOK] a 2d20kh macro roll reads the kept die as the natural", () => {
    const json = {
      total: 19,
      terms: [
        {
          class: "Die",
          number: 2,
          faces: 20,
          modifiers: ["kh"],
          results: [
            { result: 4, active: false, discarded: true },
            { result: 15, active: true },
          ],
        },
        { class: "OperatorTerm", operator: "+" },
        { class: "NumericTerm", number: 4 },
      ],
    };
    expect(d20FromRollJson(json)).toEqual({ natural: 15, total: 19 });
  });

  it("[SYS-ROLLHOOK] an inline [[1d20+5]] in a message is found in the message HTML", () => {
    const encoded = encodeURIComponent(JSON.stringify(d20Json(9, 5)));
    const html = `<p>The dart flies <a class="inline-roll inline-result" data-roll="${encoded}"><i class="fas fa-dice-d20"></i>14</a></p>`;
    const rolls = inlineRollJson(html);
    expect(rolls).toHaveLength(1);
    expect(d20FromRollJson(rolls[0])).toEqual({ natural: 9, total: 14 });
  });

  it("[SYS-ROLLHOOK] a roll without a d20 (damage 2d6) is left alone", () => {
    const json = {
      total: 7,
      terms: [
        {
          class: "Die",
          number: 2,
          faces: 6,
          results: [
            { result: 3, active: true },
            { result: 4, active: true },
          ],
        },
      ],
    };
    expect(d20FromRollJson(json)).toBeNull();
  });
});
