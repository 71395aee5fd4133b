/**
 * Saves from the sheet in a game with roll modes ([HD-MIGHTY], [HD-COND]): alt-click mighty,
 * ctrl-click weak, the roller's conditions adding theirs through the ruleset, one of each
 * cancelling; games without roll modes always roll normally. The mode reaches the roll formula
 * through the real ruleset, and the sheet shows the hint and the mode conditions force.
 */
import { describe, expect, it } from "vitest";
import { bareActorContext } from "./sheet-fixtures.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, RulesetId } from "../../src/engine/types.js";
import { decideSave, sheetSaveMode, usesRollModes } from "../../src/engine/plans/sheet-rolls.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { recordedRoller } from "../support/recorded-dice.js";

const HD = getRuleset("hundred-dungeons");
const plain = (over: Partial<ActorSource> = {}) =>
  defaultActorSource({ kind: "character", level: 3, hp: { value: 20, max: 20, temp: 0 }, ...over });
const click = (mighty: boolean, weak: boolean) => ({ mighty, weak });

describe("sheet save modes", () => {
  it("[HD-MIGHTY] alt-click rolls mighty, ctrl-click weak, both cancel, a plain click is normal", () => {
    expect(sheetSaveMode(HD, plain(), "str", click(true, false))).toBe("mighty");
    expect(sheetSaveMode(HD, plain(), "str", click(false, true))).toBe("weak");
    expect(sheetSaveMode(HD, plain(), "str", click(true, true))).toBe("normal");
    expect(sheetSaveMode(HD, plain(), "str")).toBe("normal");
  });

  it("[HD-COND] the roller's conditions decide too: exhaustion 3 and poisoned make every ability roll weak", () => {
    expect(sheetSaveMode(HD, plain({ exhaustion: 2 }), "wis")).toBe("normal");
    expect(sheetSaveMode(HD, plain({ exhaustion: 3 }), "wis")).toBe("weak");
    expect(sheetSaveMode(HD, plain({ conditions: ["poisoned"] }), "str")).toBe("weak");
    // [HD-MIGHTY] a mighty source cancels the weak one.
    expect(sheetSaveMode(HD, plain({ exhaustion: 3 }), "wis", click(true, false))).toBe("normal");
  });

  it("[HD-COND] restrained makes Dexterity rolls weak, not Strength", () => {
    const bound = plain({ conditions: ["restrained"] });
    expect(sheetSaveMode(HD, bound, "dex")).toBe("weak");
    expect(sheetSaveMode(HD, bound, "str")).toBe("normal");
  });

  it("[HD-MIGHTY] the mode reaches the roll: two d20s, the lower kept for a weak roll", async () => {
    const actor = plain({ exhaustion: 3, abilities: { str: 2, dex: 0, con: 0, int: 0, wis: 1, cha: 0 } });
    const mode = sheetSaveMode(HD, actor, "wis");
    let formula = "";
    const out = await decideSave(
      HD,
      actor,
      "a1",
      "wis",
      mode,
      async (request) => {
        formula = request.formula;
        return recordedRoller([{ total: 4, natural: 3 }])(request);
      },
      {},
    );
    expect(formula.replace(/\s/g, "")).toBe("2d20kl+1");
    expect(out.rolls).toHaveLength(1);
  });

  it("[HD-MIGHTY] games without roll modes ignore the modifier keys", () => {
    for (const id of ["13th-age", "ffd20", "wounds-d20"] as RulesetId[]) {
      const R = getRuleset(id);
      expect(usesRollModes(R)).toBe(false);
      const kind = R.saves[0]!.key;
      expect(sheetSaveMode(R, plain({ exhaustion: 3 }), kind, click(true, false))).toBe("normal");
      expect(sheetSaveMode(R, plain(), kind, click(false, true))).toBe("normal");
    }
    expect(usesRollModes(HD)).toBe(true);
  });

  it("[HD-MIGHTY] the sheet shows the alt/ctrl hint and the mode conditions force, only where the game has modes", () => {
    const hbs = createTemplateRenderer();
    const render = (id: RulesetId, actor: ActorSource) => {
      const R = getRuleset(id);
      return hbs.render("templates/sheets/actor.hbs", bareActorContext(R, actor));
    };
    const hd = render("hundred-dungeons", plain({ exhaustion: 3 }));
    expect(hd).toMatch(/data-action="rollSave" data-kind="str" title="Alt-click: mighty/);
    expect(hd.match(/<span class="d20c-mode">Weak<\/span>/g)?.length).toBe(6);
    const age = render("13th-age", plain());
    expect(age).not.toContain("Alt-click");
    expect(age).not.toContain('class="d20c-mode"');
  });

  it("[HD-COND] a frightened creature's saves read 'Weak while it sees its fear' (the sheet does not read the scene), not a flat 'Weak'", () => {
    const hbs = createTemplateRenderer();
    const render = (actor: ActorSource) => hbs.render("templates/sheets/actor.hbs", bareActorContext(HD, actor));
    const frightened = render(plain({ conditions: ["frightened"] }));
    expect(frightened.match(/<span class="d20c-mode">Weak while it sees its fear<\/span>/g)?.length).toBe(6);
    expect(frightened).not.toContain('<span class="d20c-mode">Weak</span>');
    // Exhaustion 3 weakens whether or not the source is seen: a flat "Weak" again.
    const exhausted = render(plain({ conditions: ["frightened"], exhaustion: 3 }));
    expect(exhausted.match(/<span class="d20c-mode">Weak<\/span>/g)?.length).toBe(6);
    // Restrained weakens Dexterity only: there frightened changes nothing; the other five say "while it sees".
    const restrained = bareActorContext(HD, plain({ conditions: ["frightened", "restrained"] })) as {
      saves: { key: string; modeLabel: string }[];
    };
    expect(restrained.saves.find((s) => s.key === "dex")!.modeLabel).toBe("D20C.Chat.Mode.weak");
    expect(restrained.saves.find((s) => s.key === "str")!.modeLabel).toBe("D20C.FearSight.SaveMode.weak-normal");
  });
});
