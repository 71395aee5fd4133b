/**
 * Screenshot of the Hundred Dungeons Actions panel on the actor sheet ([SYS-ACTIONS], [HD-TURN],
 * [HD-ACTIONS], [HD-QUICK], [HD-MOUNT]): in combat with one quick action spent, every procedure of
 * the text with its cost and what it does, and the choices they ask for; the ridden horse's block
 * (its actions on the rider's turn, Dash / Disengage / Dodge and its attack). Rendered through the real sheet
 * template in headless Chromium. Written to test-output/screenshots/actions-panel-hundred-dungeons.png.
 */
import { afterAll, describe, expect, it } from "vitest";
import { actionsPanelContext } from "../../src/applications/sheets/actions-panel.js";
import { readActionsLeft, spendAction, startControlledTurn } from "../../src/engine/actions.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { combatantSource, effectSource, turnContext } from "../support/engine-fixtures.js";
import { getRuleset } from "../../src/engine/registry.js";
import { closeBrowser, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { heroContext } from "../sheets/sheet-fixtures.js";

const FRAME_CSS = `body { margin: 0; padding: 12px; background: #2b2a33; font-family: "Signika", "Segoe UI", sans-serif; }
.application { width: 800px; background: #ebe6da; color: #191813; border-radius: 6px; overflow: hidden; }
.application i[class*="fa-"] { display: inline-block; width: 0.9em; height: 0.9em; background: currentColor; opacity: 0.45; }`;

describe.skipIf(skipScreenshots())("Hundred Dungeons Actions panel screenshot", () => {
  afterAll(closeBrowser);

  it("[SYS-ACTIONS] [HD-TURN] [HD-ACTIONS] [HD-QUICK] [HD-MOUNT] the panel lists the text's actions and quick actions with costs, results and choices", async () => {
    const R = getRuleset("hundred-dungeons");
    const left = spendAction(R.economy!, readActionsLeft(R.economy!, null), "quick", true).state;
    // [HD-MOUNT] the hero rides a horse: the game says it acts on the hero's turn, and what it may do.
    const hero = combatantSource("hero", defaultActorSource(), {
      effects: [effectSource({ statuses: ["mounted"], sourceCombatantId: "horse" })],
    });
    const horse = combatantSource("horse", defaultActorSource({ size: "large" }));
    const control = R.actsOnTurnOf!(turnContext([hero, horse]), horse)!;
    const horseLeft = startControlledTurn(R.economy!, readActionsLeft(R.economy!, null), null, control.cap);
    const controlled = [
      {
        uuid: "Actor.horse",
        name: "Riding Horse",
        actionsLeft: horseLeft,
        mayAct: true,
        procedures: control.procedures ?? [],
        attacks: [{ id: "hooves", name: "Hooves" }],
      },
    ];
    const ctx = {
      ...heroContext("hundred-dungeons"),
      actionsPanel: actionsPanelContext(R, { actionsLeft: left, effects: [], controlled }),
    };
    const sheet = createTemplateRenderer().render("templates/sheets/actor.hbs", ctx);
    const body = `<div class="application sheet d20-combat actor"><section class="window-content">${sheet}</section></div>`;
    await withPage(
      body,
      async (page) => {
        const panel = page.locator("[data-d20c-actions-panel]");
        expect(await panel.isVisible()).toBe(true);
        const buttons = (await panel.locator('.d20c-procedures [data-action="useProcedure"]').allInnerTexts()).map(
          (b) => b.trim(),
        );
        expect(buttons).toEqual([
          "Cast a slow spell",
          "Dash",
          "Help",
          "Hide",
          "Ready",
          "Search",
          "Escape a grapple",
          "Grapple",
          "Shove",
          "Unarmed strike",
          "Disengage",
          "Dodge",
          "Take the readied action",
          "Mount",
          "Dismount",
          "Stand up",
        ]);
        const mount = panel.locator("[data-controlled-uuid]").first();
        expect((await mount.innerText()).replace(/\s+/g, " ")).toContain("Riding Horse acts on this turn");
        const mountButtons = (await mount.locator("button").allInnerTexts()).map((b) => b.replace(/\s+/g, " ").trim());
        expect(mountButtons).toEqual(["Dash (Action)", "Disengage (Quick action)", "Dodge (Quick action)", "Hooves"]);
        const text = (await panel.innerText()).replace(/\s+/g, " ");
        expect(text).toContain("Quick action 1/2");
        expect(text).toContain("Reaction 1/1");
        expect(text).toContain("12 + the target's better of Strength and Dexterity");
      },
      { width: 830, height: 2200, extraCss: FRAME_CSS },
    );
    await screenshotHtml(body, {
      width: 830,
      height: 2200,
      extraCss: FRAME_CSS,
      selector: "[data-d20c-actions-panel]",
      name: "actions-panel-hundred-dungeons",
    });
  });
});
