/**
 * The Effects section and the effect form ([SYS-EFFECTS]): the pure contexts rendered with the
 * real handlebars (strict) inside the actor and feature sheets, the form's parser refusing bad
 * input, and per game a screenshot of the section with a save-ends effect and an aftereffect in
 * headless Chromium (test-output/screenshots/effects-section-<game>.png).
 */
import { afterAll, describe, expect, it } from "vitest";
import {
  editedEffect,
  effectFormContext,
  effectFromForm,
  effectsSectionContext,
  type EffectRowInput,
} from "../../src/engine/views/effects-context.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { EngineError } from "../../src/engine/errors.js";
import { getRuleset } from "../../src/engine/registry.js";
import { type RulesetId } from "../../src/engine/types.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { closeBrowser, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { effect } from "../workflows/combat-fixtures.js";
import { characterContext, i18n, typeLabel } from "./sheet-fixtures.js";

const hbs = createTemplateRenderer();
const format = (key: string, data?: Record<string, string | number>) =>
  data ? i18n.format(key, data) : i18n.localize(key);

const svg = (body: string, bg: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${bg}"/>${body}</svg>`)}`;
const FIRE = svg('<path d="M32 8c10 14 16 22 16 32a16 16 0 0 1-32 0c0-10 6-18 16-32z" fill="#f08a24"/>', "#3a1d12");
const HELD = svg('<circle cx="32" cy="32" r="18" fill="none" stroke="#7a1f1f" stroke-width="6"/>', "#f4efe3");
const ZONE = svg('<circle cx="32" cy="32" r="22" fill="#3b5b8a"/>', "#dfe7f2");

/** Conditions of the game a creature keeps acting under (for the effect and its aftereffect). */
function twoConditions(id: RulesetId): [string, string] {
  const usable = getRuleset(id).conditions.filter((c) => !c.dead && !c.noActions && !c.implies.length);
  return [usable[0]!.id, usable[1]!.id];
}

/** Ayla's save-ends fire, a held-type condition with an aftereffect, and Ayla's sustained zone. */
function rows(id: RulesetId): EffectRowInput[] {
  const [cond, after] = twoConditions(id);
  return [
    {
      id: "fire",
      name: "Ongoing 5 fire damage",
      img: FIRE,
      disabled: false,
      sourceName: null,
      effect: effect("fire", { sourceCombatantId: "ayla", ongoing: { amount: 5, type: "fire" } }),
    },
    {
      id: "held",
      name: "Net of Thorns",
      img: HELD,
      disabled: false,
      sourceName: "Net of Thorns (power)",
      effect: effect("held", {
        sourceCombatantId: "ayla",
        statuses: [cond],
        aftereffect: {
          name: "Scratched",
          sourceCombatantId: "ayla",
          duration: "endOfNextTurn",
          save: "normal",
          saveBonus: 0,
          sustain: null,
          ongoing: null,
          statuses: [after],
        },
      }),
    },
    {
      id: "zone",
      name: "Zone of Frost",
      img: ZONE,
      disabled: true,
      sourceName: null,
      effect: effect("zone", { duration: "sustain", sustain: "minor", sourceCombatantId: "ayla", armed: true }),
    },
  ];
}

function section(id: RulesetId, editable = true) {
  return effectsSectionContext({
    ruleset: getRuleset(id),
    bearer: { actor: defaultActorSource(), actorId: "Actor.bryn", name: "Bryn", combatantId: "bryn" },
    effects: rows(id),
    names: { ayla: "Ayla", bryn: "Bryn" },
    round: 2,
    currentCombatantId: "ayla",
    editable,
    format,
    damageTypeLabel: typeLabel,
  });
}

const SAVE_AT: Record<RulesetId, number> = { "13th-age": 11, ffd20: 10, "hundred-dungeons": 12, "wounds-d20": 15 };
/** [SYS-WORDS] a save-ends effect in each game's words (issue 45): Hundred Dungeons has no saves, Wounds d20 a DC. */
const SAVE_ENDS: Record<RulesetId, string> = {
  "13th-age": "save ends (11+)",
  ffd20: "save ends (10+)",
  "hundred-dungeons": "until it rolls 12+ at the end of its turn",
  "wounds-d20": "until a save succeeds (DC 15)",
};
/** A sustained effect: kept up each turn in Hundred Dungeons and Wounds d20. */
const SUSTAINED: Record<RulesetId, string> = {
  "13th-age": "sustain minor",
  ffd20: "sustain minor",
  "hundred-dungeons": "kept up each turn",
  "wounds-d20": "kept up each turn",
};
/** What follows an effect: an aftereffect in FFd20 only. */
const THEN: Record<RulesetId, string> = {
  "13th-age": "Then",
  ffd20: "Aftereffect",
  "hundred-dungeons": "Then",
  "wounds-d20": "Then",
};

describe("the Effects section", () => {
  it.each(RULESET_IDS.map((id) => [id]))(
    "[SYS-EFFECTS] [SYS-WORDS] %s: every effect with its source, duration in its game's words, ongoing damage, aftereffect and controls",
    (id) => {
      const ctx = section(id);
      expect(ctx.rows.map((r) => r.duration)).toEqual([SAVE_ENDS[id], SAVE_ENDS[id], SUSTAINED[id]]);
      expect(SAVE_ENDS[id]).toContain(String(SAVE_AT[id]));
      expect(ctx.rows[0]).toMatchObject({ source: "from Ayla", ongoing: "ongoing 5 Fire", canSave: true });
      expect(ctx.rows[1]!.aftereffect).toBe(`${THEN[id]}: Scratched (until the end of Ayla's next turn)`);
      expect(ctx.rows[1]!.source).toBe("from Net of Thorns (power)");
      // Disabled: no save, no sustain, although it is the creator's turn.
      expect(ctx.rows[2]).toMatchObject({ sustainable: true, canSustain: false, canSave: false });
      const html = hbs.render("templates/sheets/actor.hbs", { ...characterContext(id), effectsSection: ctx });
      for (const action of [
        "rollEffectSave",
        "sustainEffect",
        "toggleEffect",
        "editEffect",
        "deleteEffect",
        "createEffect",
      ])
        expect(html, action).toContain(`data-action="${action}"`);
      expect(html).toContain(SAVE_ENDS[id]);
      expect(html).toContain(`${THEN[id]}: Scratched`);
    },
  );

  it("[SYS-EFFECTS] a read-only viewer sees the list without controls; the feature sheet shows the same section", () => {
    const html = hbs.render("templates/sheets/actor.hbs", {
      ...characterContext("ffd20"),
      effectsSection: section("ffd20", false),
    });
    expect(html).toContain("Net of Thorns");
    expect(html).not.toContain('data-action="deleteEffect"');
    expect(html).not.toContain('data-action="createEffect"');
  });

  it("[FF-SUSTAIN] on a foe's read-only sheet, the player of the effect's creator gets its sustain control only (on the creator's turn)", () => {
    const viewer = (viewerCombatantIds: string[], currentCombatantId = "ayla") =>
      effectsSectionContext({
        ruleset: getRuleset("ffd20"),
        bearer: { actor: defaultActorSource(), actorId: "Actor.bryn", name: "Bryn", combatantId: "bryn" },
        effects: rows("ffd20").map((r) => ({ ...r, disabled: false })),
        names: { ayla: "Ayla", bryn: "Bryn" },
        round: 2,
        currentCombatantId,
        editable: false,
        viewerCombatantIds,
        format,
        damageTypeLabel: typeLabel,
      });
    const render = (ctx: ReturnType<typeof viewer>) =>
      hbs.render("templates/sheets/effects.hbs", ctx).match(/data-action="(\w+)"/g) ?? [];
    expect(render(viewer(["ayla"]))).toEqual(['data-action="sustainEffect"']);
    // Another player's viewer, or not Ayla's turn: nothing to click.
    expect(render(viewer(["cara"]))).toEqual([]);
    expect(render(viewer(["ayla"], "bryn"))).toEqual([]);
  });

  it("[SYS-EFFECTS] the form offers the game's conditions and damage types, and reads back what it shows", () => {
    const R = getRuleset("13th-age");
    const [cond, after] = twoConditions("13th-age");
    const e = rows("13th-age")[1]!.effect;
    const { id: _id, ...data } = e;
    const ctx = effectFormContext({
      ruleset: R,
      effect: data,
      names: { ayla: "Ayla" },
      format,
      damageTypeLabel: typeLabel,
    });
    const html = hbs.render("templates/sheets/effect-form.hbs", ctx);
    expect(html).toContain(`name="status.${cond}" checked`);
    expect(html).toContain(`name="afterStatus.${after}" checked`);
    // What the form would submit (FormDataExtended: flat keys, checkboxes as booleans).
    const form = {
      name: "held",
      duration: "saveEnds",
      save: "normal",
      saveBonus: 0,
      sustain: "minor",
      creator: "ayla",
      ongoingAmount: 0,
      ongoingType: "untyped",
      [`status.${cond}`]: true,
      afterName: "Scratched",
      afterDuration: "endOfNextTurn",
      afterSave: "normal",
      [`afterStatus.${after}`]: true,
    };
    expect(effectFromForm(form, R, ["ayla"])).toEqual({ ...data, armed: false });
  });

  it("[SYS-EFFECTS] the form refuses unknown durations, conditions' creators, damage types and out-of-range numbers", () => {
    const R = getRuleset("ffd20");
    const ok = { name: "X", duration: "saveEnds", ongoingAmount: 5, ongoingType: "fire" };
    expect(effectFromForm(ok, R, []).ongoing).toEqual({ amount: 5, type: "fire" });
    const bad: Record<string, unknown>[] = [
      { ...ok, name: "  " },
      { ...ok, duration: "forever" },
      { ...ok, ongoingType: "laser" },
      { ...ok, ongoingAmount: -1 },
      { ...ok, ongoingAmount: 2.5 },
      { ...ok, saveBonus: "1e9" },
      { ...ok, creator: "nobody" },
    ];
    for (const b of bad) expect(() => effectFromForm(b, R, []), JSON.stringify(b)).toThrow(EngineError);
    // Editing keeps the timing state while the duration kind stays.
    const before = { ...effectFromForm(ok, R, []), armed: true, sustainedRound: 3 };
    expect(editedEffect(before, { ...effectFromForm(ok, R, []), name: "Y" })).toMatchObject({
      armed: true,
      sustainedRound: 3,
    });
    expect(editedEffect(before, effectFromForm({ ...ok, duration: "endOfNextTurn" }, R, []))).toMatchObject({
      armed: false,
    });
  });
});

const WIDTH = 800;
const FRAME_CSS = `body { margin: 0; padding: 12px; background: #2b2a33; font-family: "Signika", "Segoe UI", sans-serif; }
.application { width: ${WIDTH}px; border-radius: 6px; overflow: hidden; background: #ebe6da; color: #191813; }
.application .window-header { display: flex; align-items: center; height: 32px; padding: 0 10px; background: #17161c;
  color: #e7e3d7; font-size: 14px; }
.application i[class*="fa-"] { display: inline-block; width: 0.9em; height: 0.9em; vertical-align: -0.1em;
  background: currentColor; opacity: 0.45; border-radius: 2px; }`;

describe.skipIf(skipScreenshots())("Effects section screenshots", () => {
  afterAll(closeBrowser);

  for (const id of RULESET_IDS) {
    it(`[SYS-EFFECTS] ${id}: the section shows a save-ends effect and an aftereffect, readable and inside the sheet`, async () => {
      const inner = hbs.render("templates/sheets/effects.hbs", section(id));
      const body =
        `<div class="application sheet d20-combat actor themed theme-light"><header class="window-header">Bryn</header>` +
        `<section class="window-content"><section class="d20c-sheet d20c-actor character">${inner}</section></section></div>`;
      await withPage(
        body,
        async (page) => {
          const durations = await page.locator(".d20c-effect-duration").allInnerTexts();
          expect(durations.map((t) => t.trim())).toEqual([SAVE_ENDS[id], SAVE_ENDS[id], SUSTAINED[id]]);
          expect(await page.locator(".d20c-effect-after").first().isVisible()).toBe(true);
          const overflow = await page.$eval(".d20c-sheet", (el) => el.scrollWidth - el.clientWidth);
          expect(overflow).toBeLessThanOrEqual(0);
        },
        { width: WIDTH + 24, height: 400, extraCss: FRAME_CSS, bodyClass: "" },
      );
      await screenshotHtml(body, {
        width: WIDTH + 24,
        height: 300,
        extraCss: FRAME_CSS,
        bodyClass: "",
        name: `effects-section-${id}`,
      });
    });
  }
});
