/**
 * A power's hit / miss / crit words and effects on the attack card ([SYS-POWERS]): per game, the
 * "condition, save ends; aftereffect …" power hits two targets and misses one; the card keeps the
 * effect with the game's save target, gives it to the two hit targets only, and shows the hit text
 * under the Hit heading and each hit target's effect under its outcome. 13th Age natural-even
 * effects follow the natural roll ([13A-SAVE], [FF-SAVE]).
 */
import { describe, expect, it } from "vitest";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { standInViewer } from "./attack-card-fixture.js";
import { hitEffect, threeFoeCard } from "./power-fixtures.js";

const hbs = createTemplateRenderer();
const SAVE_TARGET = { "13th-age": 11, ffd20: 10, "hundred-dungeons": 12, "wounds-d20": 15 } as const;
/** How each game words the effect's end in the power text ([SYS-WORDS]: its own words). */
const SAVE_WORDS = {
  "13th-age": "save ends, 11+",
  ffd20: "save ends, 10+",
  "hundred-dungeons": "a roll of 12+",
  "wounds-d20": "until a save succeeds",
} as const;

describe("the card keeps a power's effects and gives them to the targets whose outcome triggers them", () => {
  for (const id of RULESET_IDS) {
    it(`[SYS-POWERS] ${id}: two hits get the save-ends effect, the miss gets nothing; the card says so under Hit`, () => {
      const card = threeFoeCard(id);
      expect(card.targets.map((t) => t.outcome.result)).toEqual(["hit", "hit", "miss"]);
      expect(card.targets.map((t) => t.effects)).toEqual([[0], [0], []]);
      expect(card.power?.effects[0]).toMatchObject({ duration: "saveEnds", saveTarget: SAVE_TARGET[id] });
      expect(card.power?.sourceCombatantId).toBe("cmbAttacker00001");
      const viewer = standInViewer();
      const ctx = attackCardContext(card, viewer);
      expect(ctx.powerSections.map((s) => s.key)).toEqual(["hit"]);
      expect(ctx.powerSections[0]!.text).toBe("The foe reels.");
      expect(ctx.powerSections[0]!.effects[0]).toContain(SAVE_WORDS[id]);
      // Every target hit gets it alike: printed once above the rows, not under each (issue 45).
      expect(ctx.targets.map((t) => t.imposes.length)).toEqual([0, 0, 0]);
      expect(ctx.sharedImposes?.lines).toHaveLength(1);
      const html = hbs.render("templates/chat/attack-card.hbs", ctx);
      expect(html).toMatch(/data-outcome="hit"[\s\S]*The foe reels\./);
      expect(html.match(/class="d20c-imposes__effect"/g)).toHaveLength(1);
    });
  }

  it("[SYS-POWERS] 13th Age: a natural-even hit effect goes to the target hit on a natural 14, not the one hit on a natural 13", () => {
    const card = threeFoeCard(
      "13th-age",
      [hitEffect({ statuses: ["dazed"], trigger: { kind: "even", value: 0 } })],
      [[14], [13], [3]],
    );
    expect(card.targets.map((t) => t.outcome.isHit)).toEqual([true, true, false]);
    expect(card.targets.map((t) => t.effects)).toEqual([[0], [], []]);
    const ctx = attackCardContext(card, standInViewer());
    expect(ctx.powerSections[0]!.effects[0]).toMatch(/^Natural even roll: /);
  });

  it("[SYS-POWERS] [13A-MISS] a miss effect goes to the missed target only; a crit effect to a crit only", () => {
    const card = threeFoeCard(
      "13th-age",
      [
        hitEffect({ outcome: "miss", statuses: ["weakened"], duration: "endOfNextTurn" }),
        hitEffect({ outcome: "crit", statuses: ["stunned"] }),
      ],
      [[20], [14], [3]],
    );
    expect(card.targets.map((t) => t.outcome.result)).toEqual(["crit", "hit", "miss"]);
    expect(card.targets.map((t) => t.effects)).toEqual([[1], [], [0]]);
    const html = hbs.render("templates/chat/attack-card.hbs", attackCardContext(card, standInViewer()));
    expect(html).toContain('data-outcome="miss"');
    expect(html).toContain('data-outcome="crit"');
  });

  it("[SYS-POWERS] a power with neither text nor effects keeps the card as it was (no power block)", () => {
    const card = threeFoeCard("ffd20", [], [[16], [14], [3]], { hit: "", miss: "", crit: "" });
    expect(card.power).toBeUndefined();
    expect(card.targets.every((t) => t.effects === undefined)).toBe(true);
  });
});
