/**
 * Screenshot of a Hundred Dungeons attack card that hits two dual-wielding targets ([HD-REACT]
 * Parry), in headless Chromium at the width of Foundry's chat log, as the owner of one of them
 * sees it: a whole "Parry (+2 defense)" control in that target's row, just above its apply row,
 * and none on the other target (not this viewer's) nor on the miss. The GM sees it on both hits.
 * Written to test-output/screenshots/chat-attack-card-parry.png.
 */
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { getRuleset } from "../../src/engine/registry.js";
import { type TargetSnapshot } from "../../src/engine/plans/attack.js";
import { closeBrowser, pngSize, screenshotHtml, skipScreenshots, withPage } from "../support/browser.js";
import { CHAT_PAGE } from "../support/chat-frame.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { npc, power, request, target, weapon } from "../workflows/attack-fixtures.js";
import { standInViewer } from "../workflows/attack-card-fixture.js";
import { attackFromRecordedDice } from "../support/recorded-dice.js";

const hbs = createTemplateRenderer();
const HD = getRuleset("hundred-dungeons");

/** Three dual-wielders (dagger and sickle) of Defense 15: +5 with naturals 12 and 10 hit, 3 misses. */
function parryCard() {
  const pair = [
    weapon({ name: "Dagger", light: true, weaponClass: "simple" }),
    weapon({ name: "Sickle", light: true, weaponClass: "simple" }),
  ];
  const targets: TargetSnapshot[] = ["Wren", "Tamsin", "Oslo"].map((name, i) => ({
    ...target(`foe${i}`, npc(HD, 15, { kind: "character" }), name),
    reactor: { weapons: pair, reactionUsed: false, round: 2 },
  }));
  const req = request("hundred-dungeons", { power: power({ damage: "6" }), targets });
  const card = attackFromRecordedDice(
    { ...req, item: { name: "Hammer Blow", img: "icons/svg/sword.svg" } },
    [[12], [10], [3]],
    {
      "*": [],
    },
  );
  return { ...card, defenseLabel: HD.defenses[0]!.label };
}

async function controls(page: Page) {
  return page.$$eval(".d20c-reaction__btn", (els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      const row = el.closest(".d20c-target")!;
      const apply = row.querySelector(".d20c-apply")!.getBoundingClientRect();
      return {
        text: (el as HTMLElement).innerText.replace(/\s+/g, " ").trim(),
        target: (el as HTMLElement).dataset.targetUuid ?? "",
        reaction: (el as HTMLElement).dataset.reaction ?? "",
        height: r.height,
        width: r.width,
        aboveApply: r.bottom <= apply.top + 1,
        right: r.right,
        cardRight: el.closest(".d20c-attack-card")!.getBoundingClientRect().right,
      };
    }),
  );
}

describe.skipIf(skipScreenshots())("Parry on the attack card", () => {
  afterAll(closeBrowser);

  it("[HD-REACT] the owner of a hit dual-wielder sees a whole Parry control in its row above the apply buttons; nothing on others' rows or the miss", async () => {
    const card = parryCard();
    expect(card.targets.map((t) => t.reactions?.map((r) => r.key) ?? [])).toEqual([["parry"], ["parry"], []]);
    const owner = standInViewer({ ownsTarget: (uuid) => uuid === "Scene.s1.Token.foe0" });
    const body = `<div class="chat-message">${hbs.render("templates/chat/attack-card.hbs", attackCardContext(card, owner))}</div>`;
    await withPage(
      body,
      async (page) => {
        const boxes = await controls(page);
        expect(boxes.map((b) => [b.text, b.target, b.reaction])).toEqual([
          ["Parry (+2 defense)", "Scene.s1.Token.foe0", "parry"],
        ]);
        for (const b of boxes) {
          expect(b.width).toBeGreaterThan(40);
          expect(b.height).toBeLessThanOrEqual(26);
          expect(b.aboveApply).toBe(true);
          expect(b.right).toBeLessThanOrEqual(b.cardRight);
        }
      },
      CHAT_PAGE,
    );
    const png = await screenshotHtml(body, { ...CHAT_PAGE, selector: ".chat-message", name: "chat-attack-card-parry" });
    expect(pngSize(png).width).toBeGreaterThan(250);
    // The GM sees the control on both hit targets.
    const gm = hbs.render("templates/chat/attack-card.hbs", attackCardContext(card, standInViewer({ isGM: true })));
    expect(gm.match(/data-action="d20c-react"/g)).toHaveLength(2);
  });
});
