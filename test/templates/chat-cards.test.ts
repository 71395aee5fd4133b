/**
 * The chat card templates rendered with the real `handlebars` package (strict) from contexts built
 * by the same code Foundry uses: every target's outcome, the visibility setting, escaping of
 * user-written names, the applied record with its undo, and the smaller cards.
 */
import { describe, expect, it } from "vitest";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { looseRollContext, ruleCardContext } from "../../src/engine/views/rule-card-context.js";
import { getRuleset } from "../../src/engine/registry.js";
import { decideLooseRoll } from "../../src/engine/plans/roll-hook.js";
import { situationDialogContext } from "../../src/engine/views/situation-dialog.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { defaultOptions, npc, power, request, target } from "../workflows/attack-fixtures.js";
import { standInViewer, threeTargetCard } from "../workflows/attack-card-fixture.js";
import { attackFromRecordedDice } from "../support/recorded-dice.js";

const hbs = createTemplateRenderer();
const render = async (viewer = standInViewer(), names?: string[]) =>
  hbs.render("templates/chat/attack-card.hbs", attackCardContext(await threeTargetCard(names), viewer));

describe("attack card template", () => {
  it("[SYS-TARGETS] shows each target's outcome, numbers and apply buttons", async () => {
    const html = await render();
    for (const cls of ["d20c-target--crit", "d20c-target--hit", "d20c-target--miss"]) expect(html).toContain(cls);
    expect(html).toContain("Critical hit");
    expect(html.match(/data-action="d20c-apply"/g)?.length).toBe(5 * 2); // crit and hit deal damage (heal and temp HP in the row's menu)
    for (const mode of ["full", "half", "double", "heal", "temp"]) expect(html).toContain(`data-mode="${mode}"`);
    expect(html).toContain('data-target-uuid="Scene.s1.Token.imp"');
    // Itemised modifiers include the escalation die.
    expect(html).toMatch(/Escalation[^<]*<\/span> <b class="d20c-chip__value">\+2<\/b>/i);
  });

  it("[SYS-TARGETS] the applied amount is on the card with an undo for the user who applied it", async () => {
    const html = await render();
    expect(html).toContain('data-action="d20c-undo"');
    expect(html).toContain('data-record-id="rec1"');
    expect(html).toContain("Bugbear takes 12 damage");
  });

  it("[SYS-TARGETS] damage that resistance took whole reads as no damage (resisted), never as −0", async () => {
    const card = await threeTargetCard();
    const resisted = { ...card, applied: card.applied.map((r) => ({ ...r, dealt: 0, hpLost: 0 })) };
    const html = hbs.render("templates/chat/attack-card.hbs", attackCardContext(resisted, standInViewer()));
    expect(html).toContain("No damage (resisted)");
    expect(html).not.toContain("−0");
    // Damage that got through still reads as the amount lost.
    expect(await render()).toContain("−12");
  });

  it("[SYS-TARGETS] the header's formula is the roll's: each modifier every target shares, once; a target's own stay with it", async () => {
    const card = await threeTargetCard();
    const cover = { key: "cover", label: "D20C.Modifier.cover", value: -2 };
    const [imp, ...rest] = card.targets;
    const covered = {
      ...card,
      targets: [{ ...imp!, outcome: { ...imp!.outcome, modifiers: [...imp!.outcome.modifiers, cover] } }, ...rest],
    };
    const view = attackCardContext(covered, standInViewer());
    expect(view.formulaTerms.map((m) => [m.label, m.amount])).toEqual([
      ["Level", 1],
      ["Power", 7],
      ["Escalation die", 2],
    ]);
    expect(view.targets.map((t) => t.modifiers.map((m) => m.amount))).toEqual([[-2], [], []]);
  });

  it("[SYS-TARGETS] defenses and odds are hidden from players when the setting says GM only", async () => {
    const hidden = await render(standInViewer({ visibility: "gm" }));
    expect(hidden).not.toContain("d20c-odds");
    expect(hidden).not.toContain("d20c-vs");
    const gm = await render(standInViewer({ visibility: "gm", isGM: true }));
    expect(gm).toContain("d20c-odds");
    expect(gm).toContain("d20c-vs");
    const owner = await render(standInViewer({ visibility: "owners", ownsTarget: (u) => u.endsWith(".imp") }));
    expect(owner.match(/class="d20c-odds"/g)?.length).toBe(1);
  });

  it("[SYS-WORDS] [13A-ATK] the card names the defense as its game's sheet does: 13th Age 'vs AC', not 'vs Armor Class'", async () => {
    const card = await threeTargetCard();
    const a13 = attackCardContext(card, standInViewer());
    expect(a13.versus).toBe("vs AC");
    expect(hbs.render("templates/chat/attack-card.hbs", a13)).not.toContain("Armor Class");
    for (const id of ["13th-age", "ffd20", "hundred-dungeons", "wounds-d20"] as const) {
      for (const d of getRuleset(id).defenses) {
        const asGame = { ...card, rulesetId: id, defenseKey: d.key, defenseLabel: d.label };
        const viewer = standInViewer();
        expect(attackCardContext(asGame, viewer).versus, `${id} ${d.key}`).toBe(`vs ${viewer.localize(d.abbr)}`);
      }
    }
    // A card whose defense its game no longer has keeps the label it was posted with.
    expect(attackCardContext({ ...card, defenseKey: "gone" }, standInViewer()).versus).toBe("vs Armor Class");
  });

  it("escapes user-written names", async () => {
    const html = await render(standInViewer(), ['<img src=x onerror="alert(1)">', "B", "C"]);
    expect(html).not.toContain('<img src=x onerror="alert(1)">');
    expect(html).toContain("&lt;img src&#x3D;x onerror&#x3D;&quot;alert(1)&quot;&gt;");
  });
});

describe("[SYS-HIDDEN] attack card odds over the work budget", () => {
  it("[SYS-HIDDEN] a target whose odds would cost too much to sum gets no odds, and the card says they are unavailable", () => {
    const R = getRuleset("13th-age");
    const card = (damage: string) =>
      attackFromRecordedDice(
        request("13th-age", {
          power: power({ damage, attackBonus: 7 }),
          targets: [target("ogre", npc(R, 15), "Ogre")],
        }),
        [[2]], // a miss: no damage to roll, the odds are what is at stake
        {},
      );
    const huge = card("199d1000");
    expect(huge.targets[0]!.odds).toBeNull();
    const view = attackCardContext({ ...huge, defenseLabel: "D20C.Defense.ac" }, standInViewer());
    expect(view.targets[0]!.oddsUnavailable).toBe(true);
    const html = hbs.render("templates/chat/attack-card.hbs", view);
    expect(html).toContain("d20c-odds--unavailable");
    expect(html).toContain("too many dice to work them out exactly");
    // Ordinary damage still gets its exact odds, and no "unavailable" note.
    const plain = attackCardContext({ ...card("2d6 + 4"), defenseLabel: "D20C.Defense.ac" }, standInViewer());
    expect(plain.targets[0]!.odds).not.toBeNull();
    expect(plain.targets[0]!.oddsUnavailable).toBe(false);
    // A viewer not allowed the numbers is not told either way.
    const player = attackCardContext({ ...huge, defenseLabel: "D20C.Defense.ac" }, standInViewer({ visibility: "gm" }));
    expect(player.targets[0]!.oddsUnavailable).toBe(false);
  });
});

describe("attack card without targets", () => {
  it("[SYS-TARGETS] still shows the roll, with a note to target tokens, and the damage", () => {
    const R = getRuleset("13th-age");
    const card = attackFromRecordedDice(request("13th-age"), [[11]], { "*": [3] });
    const html = hbs.render(
      "templates/chat/attack-card.hbs",
      attackCardContext({ ...card, defenseLabel: R.defenses[0]!.label }, standInViewer()),
    );
    expect(html).toContain("d20c-untargeted");
    expect(html).toContain("No tokens targeted");
    expect(html).toContain(">16<"); // 11 + 5
    expect(html).not.toContain('data-action="d20c-apply"');
    expect(html).toContain("d20c-damage-roll");
  });
});

describe("smaller chat cards", () => {
  it("[SYS-ROLLHOOK] the loose-roll block lists each target's outcome", () => {
    const R = getRuleset("13th-age");
    const data = decideLooseRoll(R, defaultOptions(R), { natural: 14, total: 21 }, [
      target("a", npc(R, 20), "Goblin"),
      target("b", npc(R, 25), "Ogre"),
    ]);
    const html = hbs.render("templates/chat/loose-roll.hbs", looseRollContext(data, standInViewer()));
    expect(html).toContain("d20c-target--hit");
    expect(html).toContain("d20c-target--miss");
    expect(html).toContain("Goblin");
    // [SYS-WORDS] the defense in the game's word, as on the attack card and the sheet
    expect(html).toContain("against AC");
    expect(html).toContain("vs AC");
    expect(html).not.toContain("Armor Class");
  });

  it("[13A-DEATHSAVE] the rule card shows the roll, its target and the result", () => {
    const html = hbs.render(
      "templates/chat/rule-card.hbs",
      ruleCardContext(
        {
          version: 1,
          actorUuid: "Actor.x",
          actorName: "Tamsin <the Bold>",
          title: "D20C.Age13.Words.deathSave",
          rolls: [
            {
              label: "D20C.Chat.Roll",
              formula: "1d20",
              total: 17,
              natural: 17,
              target: 16,
              against: "total",
              success: true,
            },
          ],
          events: [{ key: "D20C.Chat.Undone" }],
        },
        standInViewer(),
      ),
    );
    expect(html).toContain("d20c-rule-roll--success");
    expect(html).toContain("Tamsin &lt;the Bold&gt;");
    expect(html).toContain("total 16+");
  });

  it("the situational dialog renders every field when a game does not limit them (to a GM: the wrong square is the GM's)", () => {
    const html = hbs.render("templates/chat/situation-dialog.hbs", situationDialogContext({}, null, { gm: true }));
    for (const name of ["combatAdvantage", "offGuard", "withinMeleeReach", "wrongSquare", "cover", "concealment"])
      expect(html).toContain(`name="${name}"`);
    for (const name of ["rollMode", "bonus"]) expect(html).toContain(`name="${name}"`);
    for (const level of ["none", "partial", "superior", "total"]) expect(html).toContain(`<option value="${level}">`);
  });
});
