/**
 * [SYS-CANVAS] Screenshots of what the scene reading shows, in headless Chromium: the attack
 * dialog's per-target blocks pre-filled from a stand-in scene with their reasons ("superior cover:
 * 3 of 4 lines blocked by a wall"), and the card's "from the scene" lines. Both are the HTML the REAL
 * `rollAttack` produced with the attack and scene stand-ins (as in test/workflows/attack-scene.test.ts).
 * Written to test-output/screenshots/scene-dialog.png and scene-card.png.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import { closeBrowser, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { CHAT_PAGE } from "../support/chat-frame.js";
import { drawnCardHtml } from "../support/card-messages.js";
import {
  ActorStandIn,
  ItemStandIn,
  installAttackStandIn,
  standInAttackFaces,
  type AttackStandInState,
} from "../stand-ins/foundry-attack.js";
import { addWall, installSceneStandIn, placeToken } from "../stand-ins/foundry-scene.js";
import { npc, power } from "../workflows/attack-fixtures.js";

const FF = getRuleset("ffd20");

/** A DialogV2 window around the dialog's content, at Foundry's default dialog width. */
const DIALOG_PAGE = {
  width: 460,
  extraCss: `body { margin: 0; background: #1c1b22; }
.window { box-sizing: border-box; width: 420px; margin: 20px; padding: 10px 12px; background: #f5f1e8;
  border-radius: 6px; font-family: "Signika", sans-serif; }
.window i[class*="fa-"] { display: inline-block; width: 1em; height: 1em; background: currentColor; opacity: 0.35; }`,
};

let state: AttackStandInState;
let uninstall: () => void;
let rollAttack: typeof RollAttackFn;
let dialogHtml = "";
let cardHtml = "";

beforeAll(async () => {
  const attack = installAttackStandIn(FF.id);
  const canvas = installSceneStandIn();
  state = attack.state;
  uninstall = () => {
    canvas.uninstall();
    attack.uninstall();
  };
  state.settings.register(SYSTEM_ID, "sceneReading", { scope: "world", default: true });
  ({ rollAttack } = await import("../../src/workflows/attack.js"));
  // The archer on (0, 0); a crossbowman behind an arrow slit on (5, 0) (superior cover); a goblin in
  // the open on (0, 5) that the archer cannot see (total concealment).
  const scene = canvas.scene;
  const archer = new ActorStandIn("archer", "Archer", npc(FF, 10));
  placeToken(scene, "tArcher", archer, 0, 0, 1);
  const slit = placeToken(scene, "tSlit", new ActorStandIn("slit", "Crossbowman", npc(FF, 10)), 5, 0, -1);
  const open = placeToken(scene, "tOpen", new ActorStandIn("open", "Goblin", npc(FF, 10)), 0, 5, -1);
  addWall(scene, 4.5, -10, 4.5, 0.3);
  addWall(scene, 4.5, 0.7, 4.5, 10);
  scene.blind.set("tArcher", new Set(["tOpen"]));
  state.targets.add(slit);
  state.targets.add(open);
  const push = state.dialogs.push.bind(state.dialogs);
  state.dialogs.push = (...configs: Record<string, unknown>[]) => {
    dialogHtml = String(configs[0]?.content ?? "");
    // The user keeps the crossbowman's superior cover and changes the goblin's concealment to none.
    state.dialogAnswer = {
      "cover-0": "superior",
      "concealment-0": "none",
      "combatAdvantage-0": false,
      "cover-1": "none",
      "concealment-1": "none",
      "combatAdvantage-1": false,
      bonus: "0",
    };
    return push(...configs);
  };
  standInAttackFaces.push(12, 12, 5, 5);
  const bow = new ItemStandIn("power", "Longbow Shot", power({ range: "ranged", defense: "ac", damage: "1d10" }));
  // Shift-click: the scene read every target, so "when needed" would not ask.
  await rollAttack(archer as never, bow as never, { invert: true });
  cardHtml = await drawnCardHtml(state.messages[0]!.data);
});
afterAll(async () => {
  uninstall();
  await closeBrowser();
});

describe.skipIf(skipScreenshots())("[SYS-CANVAS] the scene's values on screen", () => {
  it("[SYS-CANVAS] [FF-COVER] [FF-CONCEAL] the attack dialog shows one block per target with the scene's values and reasons", async () => {
    const body = `<div class="window"><div class="dialog-content">${dialogHtml}</div></div>`;
    await screenshotHtml(body, { ...DIALOG_PAGE, name: "scene-dialog" });
    await withPage(
      body,
      async (page) => {
        const text = await page.$eval(".window", (el) => (el as HTMLElement).innerText);
        expect(text).toContain("Crossbowman");
        expect(text).toContain("superior cover: 3 of 4 lines blocked by a wall");
        expect(text).toContain("Goblin");
        expect(text).toContain("the attacker cannot see the target");
        const value = (name: string) => page.$eval(`select[name="${name}"]`, (el) => (el as HTMLSelectElement).value);
        expect(await value("cover-0")).toBe("superior");
        expect(await value("concealment-1")).toBe("total");
      },
      DIALOG_PAGE,
    );
  });

  it("[SYS-CANVAS] the card lists what came from the scene under each target, and what the user changed", async () => {
    const body = `<div class="chat-message">${cardHtml}</div>`;
    await screenshotHtml(body, { ...CHAT_PAGE, name: "scene-card" });
    await withPage(
      body,
      async (page) => {
        const notes = await page.$$eval(".d20c-scene__note", (els) =>
          els.map((el) => {
            const r = el.getBoundingClientRect();
            return { text: (el as HTMLElement).innerText.trim(), visible: r.width > 0 && r.height > 0 };
          }),
        );
        expect(notes.length).toBeGreaterThanOrEqual(2);
        expect(notes.every((n) => n.visible)).toBe(true);
        expect(notes.map((n) => n.text).join("\n")).toContain("superior cover: 3 of 4 lines blocked by a wall");
      },
      CHAT_PAGE,
    );
  });
});
