/**
 * The combat templates rendered with the real handlebars (strict): the tracker header additions
 * ([SYS-ESC]) and the turn-automation chat line ([SYS-TURNS]), including lines produced by real
 * rulesets (so every step label and event key they emit exists in lang/en.json).
 */
import { describe, expect, it } from "vitest";
import {
  combatantControlsView,
  trackerHeaderView,
  type TrackerHeaderInput,
} from "../../src/applications/combat/tracker-view.js";
import { getRuleset } from "../../src/engine/registry.js";
import { wordsOf } from "../../src/engine/words.js";
import { turnSummaryView } from "../../src/workflows/combat-chat.js";
import type { ChatLine } from "../../src/engine/plans/turns.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import { StandInCombat, StandInDice } from "../stand-ins/combat-loop.js";
import { combatant, effect } from "../workflows/combat-fixtures.js";

const hbs = createTemplateRenderer();
const i18n = createI18nStandIn();
const format = (key: string, data?: Record<string, string | number>) => i18n.format(key, data);

const base: TrackerHeaderInput = {
  inCombat: true,
  escalationEnabled: true,
  escalation: 3,
  paused: false,
  isGM: true,
  tough: false,
  canFlee: true,
  rests: [{ key: "fullHealUp", label: "D20C.Age13.Rest.fullHealUp" }],
  words: wordsOf(getRuleset("13th-age")),
};
const header = (over: Partial<TrackerHeaderInput> = {}) =>
  hbs.render("templates/combat/tracker-header.hbs", trackerHeaderView({ ...base, ...over }));

/** A summary of one line (how a round or battle event, or a sheet-rolled save, is posted). */
function oneLine(line: ChatLine, fmt: typeof format, opts: { isGM: boolean; undone?: boolean }) {
  return turnSummaryView({ kind: "event" }, [{ line, undone: opts.undone ?? false }], fmt, { isGM: opts.isGM });
}

describe("combat tracker header template", () => {
  it("[SYS-ESC] shows the die's value to every user; only the GM gets −/+/pause and the battle actions", () => {
    const gm = header();
    expect(gm).toMatch(/class="d20c-escalation__die"[^>]*>3</);
    expect(gm).toContain('data-d20c-action="escalationUp"');
    expect(gm).toContain('data-d20c-action="escalationDown"');
    expect(gm).toContain('data-d20c-action="escalationPause"');
    expect(gm).toContain('data-d20c-action="toughBattle"');
    expect(gm).toContain('data-d20c-action="flee"');
    // [13A-HEALUP] issue 45: no party rest while the combat runs; offered once it is over.
    expect(gm).not.toContain('data-d20c-action="rest"');
    expect(header({ inCombat: false })).toContain('data-d20c-action="rest" data-rest="fullHealUp"');
    const player = header({ isGM: false });
    expect(player).toMatch(/class="d20c-escalation__die"[^>]*>3</);
    expect(player).not.toContain("data-d20c-action");
  });

  it("[SYS-ESC] no die where it is off, and none out of combat", () => {
    expect(header({ escalationEnabled: false })).not.toContain("d20c-escalation__die");
    expect(header({ inCombat: false })).not.toContain("d20c-escalation__die");
  });

  it("[SYS-ESC] the GM's controls stop at 0 and 6; a held die says so", () => {
    expect(header({ escalation: 6 })).toMatch(/data-d20c-action="escalationUp"[^>]*disabled/);
    expect(header({ escalation: 0 })).toMatch(/data-d20c-action="escalationDown"[^>]*disabled/);
    expect(header({ escalation: 9 })).toMatch(/d20c-escalation__die"[^>]*>6</);
    const held = header({ paused: true });
    expect(held).toContain("is-paused");
    expect(held).toContain(i18n.localize("D20C.Combat.Escalation.Paused"));
  });

  it("[13A-FLEE] [13A-HEALUP] flee only when the ruleset allows it; tough battle reflects the flag", () => {
    expect(header({ canFlee: false })).not.toContain('data-d20c-action="flee"');
    expect(header({ tough: true })).toMatch(/data-d20c-action="toughBattle" checked/);
  });

  it("[WD-TIES] the simultaneous badge names its group", () => {
    const html = hbs.render("templates/combat/simultaneous.hbs", { group: 2 });
    expect(html).toContain('data-d20c-simultaneous="2"');
    expect(html).toContain(i18n.localize("D20C.Combat.Simultaneous"));
  });
});

describe("combatant controls template", () => {
  const controls = (id: Parameters<typeof getRuleset>[0], aware: boolean, isGM = true) =>
    hbs.render(
      "templates/combat/combatant-controls.hbs",
      combatantControlsView(getRuleset(id).initiative, { aware, seat: 2 }, isGM),
    );

  it("[WD-SURPRISE] [HD-SURPRISE] games with surprise let the GM mark a combatant unaware", () => {
    expect(controls("wounds-d20", true)).toContain('data-d20c-combatant-action="toggleAware"');
    expect(controls("wounds-d20", false)).toContain("is-unaware");
    expect(controls("hundred-dungeons", false)).toContain("is-unaware");
    expect(controls("13th-age", true)).not.toContain("toggleAware");
  });

  it("[HD-INIT] around-the-table play gives each combatant a seat; other games don't", () => {
    expect(controls("hundred-dungeons", true)).toMatch(/value="2" data-d20c-combatant-action="seat"/);
    expect(controls("wounds-d20", true)).not.toContain('data-d20c-combatant-action="seat"');
  });

  it("[WD-SURPRISE] [HD-SURPRISE] the aware toggle only while surprise can matter: before the battle and in round 1, not later", () => {
    const wd = getRuleset("wounds-d20").initiative;
    const at = (started: boolean, round: number) =>
      combatantControlsView(wd, { aware: true, seat: 0 }, true, { started, round }).showAware;
    expect([at(false, 0), at(true, 1), at(true, 2)]).toEqual([true, true, false]);
    // Hundred Dungeons keeps its seat all battle long.
    const hd = combatantControlsView(getRuleset("hundred-dungeons").initiative, { aware: true, seat: 0 }, true, {
      started: true,
      round: 3,
    });
    expect([hd.showAware, hd.showSeat]).toEqual([false, true]);
  });

  it("players see no combatant controls", () => {
    expect(combatantControlsView(getRuleset("hundred-dungeons").initiative, { aware: true, seat: 0 }, false).show).toBe(
      false,
    );
  });
});

describe("turn-automation chat line template", () => {
  const line: ChatLine = {
    key: "D20C.Combat.Step.skipsTurn",
    data: { name: "<b>Grik</b>" },
    actorId: "Actor.g",
    effectId: null,
    events: [],
    rolls: [
      {
        request: {
          kind: "save",
          actorId: "Actor.g",
          formula: "1d20",
          target: 11,
          against: "total",
          label: "D20C.Combat.Escalation.Label",
        },
        result: { total: 14, natural: 14 },
        success: true,
      },
    ],
    undo: {
      actors: [{ actorId: "Actor.g", before: combatant("g").actor }],
      removedEffects: [],
      addedEffects: [],
      updatedEffects: [],
    },
    error: null,
  };

  it("[SYS-TURNS] says what happened, to whom, the roll against its target; escapes names", () => {
    const html = hbs.render("templates/combat/turn-summary.hbs", oneLine(line, format, { isGM: true }));
    expect(html).toContain("&lt;b&gt;Grik&lt;/b&gt; does not act");
    expect(html).toContain("d20c-turn-line__roll--success");
    expect(html).toContain("needs 11+");
    expect(html).toContain('data-action="d20cUndoStep"');
  });

  it("[SYS-TURNS] Undo is for the GM only, and gone once used; an error line shows the error", () => {
    expect(hbs.render("templates/combat/turn-summary.hbs", oneLine(line, format, { isGM: false }))).not.toContain(
      "d20cUndoStep",
    );
    const undone = hbs.render("templates/combat/turn-summary.hbs", oneLine(line, format, { isGM: true, undone: true }));
    expect(undone).not.toContain("d20cUndoStep");
    expect(undone).toContain("is-undone");
    const err = hbs.render(
      "templates/combat/turn-summary.hbs",
      oneLine({ ...line, undo: null, error: "boom" }, format, { isGM: true }),
    );
    expect(err).toContain("d20c-turn-line--error");
    expect(err).toContain("boom");
  });

  it("[SYS-TURNS] every line real rulesets produce over a battle renders with known lang keys", async () => {
    const fire = effect("burning", { ongoing: { amount: 5, type: "fire" }, sourceCombatantId: null });
    const runs = [
      new StandInCombat(
        getRuleset("13th-age"),
        [
          combatant("hero", { initiative: 15, actor: { hp: { value: -2, max: 30, temp: 4 }, state: "dying" } }),
          combatant("ogre", { side: "gm", initiative: 9, effects: [fire], actor: { kind: "npc" } }),
        ],
        { dice: new StandInDice([5, 8, 16, { total: 6, natural: null }, 15]) },
      ),
      new StandInCombat(
        getRuleset("ffd20"),
        [
          combatant("hero", { initiative: 15, actor: { hp: { value: -2, max: 30, temp: 0 }, state: "dying" } }),
          combatant("ogre", { side: "gm", initiative: 9, effects: [fire], actor: { kind: "npc" } }),
        ],
        { dice: new StandInDice([5, 8, 20, { total: 7, natural: null }, 15]) },
      ),
      new StandInCombat(
        getRuleset("wounds-d20"),
        [
          combatant("hero", { actor: { hp: { value: -2, max: 30, temp: 0 }, state: "dying" } }),
          combatant("ogre", { side: "gm", effects: [fire], actor: { kind: "npc" }, aware: false }),
        ],
        { dice: new StandInDice([5, 20, 15, 15]), initiative: { hero: [3, 3, 3], ogre: [9, 9, 9] } },
      ),
    ];
    let rendered = 0;
    for (const c of runs) {
      await c.start();
      await c.toRound(3);
      await c.end(true);
      expect(c.errors).toEqual([]);
      for (const l of c.lines) {
        const html = hbs.render("templates/combat/turn-summary.hbs", oneLine(l, format, { isGM: true }));
        expect(html).toContain("d20c-turn-line__head");
        rendered += 1;
      }
    }
    expect(rendered).toBeGreaterThan(10);
  });
});
