/**
 * The situational-modifier dialog per game: rendered with the real `handlebars` package from the
 * context the Foundry dialog uses, it offers only what the game's text has (13th Age: a free bonus;
 * FFd20: combat advantage, cover, concealment, wrong square; Hundred Dungeons: partial/total cover,
 * mighty/weak, ranged within reach, wrong space; Wounds d20: caught off guard). The form values then
 * go through the attack workflow with recorded dice, and what a game does not offer is ignored.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { RulesetId } from "../../src/engine/types.js";
import { situationDialogContext, situationFromForm } from "../../src/engine/views/situation-dialog.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { derivedDefense, npc, power, request, target } from "./attack-fixtures.js";
import { attackFromRecordedDice } from "../support/recorded-dice.js";

const hbs = createTemplateRenderer();

/** The dialog as rendered for a game: field names in order, and the options of each select. */
function dialogFor(id: RulesetId, gm = true): { fields: string[]; options: Record<string, string[]> } {
  const html = hbs.render("templates/chat/situation-dialog.hbs", situationDialogContext(getRuleset(id), null, { gm }));
  const fields = [...html.matchAll(/<(?:input|select)[^>]*\bname="([^"]+)"/g)].map((m) => m[1]!);
  const options: Record<string, string[]> = {};
  for (const m of html.matchAll(/<select name="([^"]+)">([\s\S]*?)<\/select>/g))
    options[m[1]!] = [...m[2]!.matchAll(/<option value="([^"]+)">/g)].map((o) => o[1]!);
  return { fields, options };
}

/** Everything a form could say, ticked: what a game does not offer must not get through. */
const EVERYTHING = {
  combatAdvantage: "on",
  offGuard: "on",
  withinMeleeReach: "on",
  wrongSquare: "on",
  cover: "superior",
  concealment: "total",
  rollMode: "mighty",
  bonus: "2",
};

describe("the situational dialog offers each game's own fields", () => {
  it("[13A-ATK] 13th Age: only the free bonus (the text has no combat advantage, cover or concealment)", () => {
    expect(dialogFor("13th-age")).toEqual({ fields: ["bonus"], options: {} });
  });

  it("[FF-CA] [FF-COVER] [FF-CONCEAL] [FF-INVIS] [FF-CRITDMG] FFd20: combat advantage, wrong square, coup de grace, cover, concealment, bonus", () => {
    const { fields, options } = dialogFor("ffd20");
    expect(fields).toEqual(["combatAdvantage", "wrongSquare", "coupDeGrace", "cover", "concealment", "bonus"]);
    expect(options.cover).toEqual(["none", "partial", "superior", "total"]);
    expect(options.concealment).toEqual(["none", "partial", "total"]);
  });

  it("[HD-COVER] [HD-MIGHTY] [HD-HIDE] Hundred Dungeons: ranged in reach, wrong space, partial/total cover, mighty/weak, bonus", () => {
    const { fields, options } = dialogFor("hundred-dungeons");
    expect(fields).toEqual(["withinMeleeReach", "wrongSquare", "cover", "rollMode", "bonus"]);
    expect(options.cover).toEqual(["none", "partial", "total"]);
    expect(options.rollMode).toEqual(["normal", "mighty", "weak"]);
  });

  it("[WD-FLAT] [WD-COUPDEGRACE] [WD-MISSCHANCE] Wounds d20: caught off guard, coup de grace, concealment (a miss chance) and the bonus (range penalties go there)", () => {
    expect(dialogFor("wounds-d20")).toEqual({
      fields: ["offGuard", "coupDeGrace", "concealment", "bonus"],
      options: { concealment: ["none", "partial", "total"] },
    });
  });

  it("[SYS-HIDDEN] [FF-CONCEAL] [HD-HIDE] a player is never offered the wrong square (only the GM knows the unseen target's square), and a player's form cannot set it", () => {
    expect(dialogFor("ffd20", false).fields).toEqual([
      "combatAdvantage",
      "coupDeGrace",
      "cover",
      "concealment",
      "bonus",
    ]);
    expect(dialogFor("hundred-dungeons", false).fields).toEqual(["withinMeleeReach", "cover", "rollMode", "bonus"]);
    expect(situationFromForm({ wrongSquare: "on" }, getRuleset("ffd20"), { gm: false }).wrongSquare).toBe(false);
    expect(situationFromForm({ wrongSquare: "on" }, getRuleset("ffd20"), { gm: true }).wrongSquare).toBe(true);
  });
});

describe("the dialog's answers through the attack (recorded dice)", () => {
  it("[13A-ATK] 13th Age: a form claiming everything adds only the bonus, on one d20", () => {
    const R = getRuleset("13th-age");
    const situation = situationFromForm(EVERYTHING, R);
    const foe = npc(R, 15);
    const card = attackFromRecordedDice(request("13th-age", { situation, targets: [target("foe", foe)] }), [[10]], {
      "*": [4],
    });
    const o = card.targets[0]!.outcome;
    expect(o.dice).toEqual([10]);
    expect(o.total).toBe(10 + 5 + 2);
    expect(o.result).toBe("hit");
  });

  it("[FF-CA] [FF-COVER] [FF-CONCEAL] FFd20: combat advantage +2, cover -2 and concealment -2 from the form", () => {
    const R = getRuleset("ffd20");
    const situation = situationFromForm(
      { combatAdvantage: "on", cover: "partial", concealment: "partial", rollMode: "mighty", offGuard: "" },
      R,
    );
    expect(situation).toMatchObject({ combatAdvantage: true, cover: "partial", concealment: "partial", mighty: 0 });
    const card = attackFromRecordedDice(request("ffd20", { situation, targets: [target("foe", npc(R, 14))] }), [[12]], {
      "*": [4],
    });
    const o = card.targets[0]!.outcome;
    const byKey = Object.fromEntries(o.modifiers.map((m) => [m.key, m.value]));
    expect(byKey).toMatchObject({ combatAdvantage: 2, cover: -2, concealment: -2 });
    expect(o.total).toBe(12 + 5 + 2 - 2 - 2);
  });

  it("[FF-INVIS] FFd20: ticking the wrong square makes the attack an automatic miss", () => {
    const R = getRuleset("ffd20");
    const situation = situationFromForm({ wrongSquare: "on" }, R);
    const card = attackFromRecordedDice(request("ffd20", { situation, targets: [target("foe", npc(R, 5))] }), [[19]], {
      "*": [4],
    });
    expect(card.targets[0]!.outcome.result).toBe("autoMiss");
  });

  it("[HD-COVER] Hundred Dungeons: partial cover raises the defense by 5; a superior cover it does not offer is no cover", () => {
    const R = getRuleset("hundred-dungeons");
    const foe = npc(R, 12);
    const attack = (form: Record<string, unknown>) =>
      attackFromRecordedDice(
        request("hundred-dungeons", { situation: situationFromForm(form, R), targets: [target("foe", foe)] }),
        [[14]],
        { "*": [3] },
      ).targets[0]!.outcome;
    expect(attack({ cover: "partial" }).defense).toBe(derivedDefense(R, foe, "def") + 5);
    expect(attack({ cover: "superior" }).defense).toBe(derivedDefense(R, foe, "def"));
    expect(attack({ cover: "total" }).result).toBe("autoMiss");
  });

  it("[HD-MIGHTY] Hundred Dungeons: the roll select makes the attack mighty (two d20, the higher kept)", () => {
    const R = getRuleset("hundred-dungeons");
    const situation = situationFromForm({ rollMode: "mighty" }, R);
    const card = attackFromRecordedDice(
      request("hundred-dungeons", { situation, targets: [target("foe", npc(R, 12))] }),
      [[4, 17]],
      { "*": [3] },
    );
    const o = card.targets[0]!.outcome;
    expect(o.mode).toBe("mighty");
    expect(o.natural).toBe(17);
  });

  it("[HD-MIGHTY] Hundred Dungeons: a ranged attack within an enemy's reach is weak (lower d20 kept)", () => {
    const R = getRuleset("hundred-dungeons");
    const situation = situationFromForm({ withinMeleeReach: "on" }, R);
    const card = attackFromRecordedDice(
      request("hundred-dungeons", {
        power: power({ range: "ranged" }),
        situation,
        targets: [target("foe", npc(R, 12))],
      }),
      [[4, 17]],
      { "*": [3] },
    );
    expect(card.targets[0]!.outcome.mode).toBe("weak");
    expect(card.targets[0]!.outcome.natural).toBe(4);
  });

  it("[WD-FLAT] Wounds d20: off guard meets the flat-footed defense; combat advantage and cover in the form are ignored", () => {
    const R = getRuleset("wounds-d20");
    const situation = situationFromForm(EVERYTHING, R);
    expect(situation).toMatchObject({
      offGuard: true,
      combatAdvantage: false,
      cover: "none",
      // [WD-MISSCHANCE] concealment is offered: a miss chance.
      concealment: "total",
      wrongSquare: false,
      mighty: 0,
      bonus: 2,
    });
    const nimble = npc(R, 10, { abilities: { str: 10, dex: 18, con: 10, int: 10, wis: 10, cha: 10 }, defenses: {} });
    const seen = { ...situation, concealment: "none" as const };
    const card = attackFromRecordedDice(
      request("wounds-d20", { situation: seen, targets: [target("foe", nimble)] }),
      [[9]],
      {
        "*": [3],
      },
    );
    const o = card.targets[0]!.outcome;
    expect(o.defenseKey).toBe("flat");
    expect(o.defense).toBe(derivedDefense(R, nimble, "flat"));
    expect(o.defense).toBeLessThan(derivedDefense(R, nimble, "ac"));
  });
});
