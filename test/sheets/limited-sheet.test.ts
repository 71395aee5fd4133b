/**
 * [SYS-HIDDEN] A limited-permission sheet shows only the name, the image and what the game makes
 * public: the REAL D20ActorSheet (under test/stand-ins/foundry-sheet.ts) renders only its limited
 * part for a non-GM with LIMITED permission, builds a context holding nothing else, and the
 * template (real handlebars) shows no number of the monster; GMs and observers get the full sheet.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import { limitedSheetContext, showsLimitedView } from "../../src/applications/sheets/limited-context.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { installSheetStandIn } from "../stand-ins/foundry-sheet.js";
import type * as SheetNs from "../../src/applications/sheets/actor-sheet.js";

let uninstall: () => void;
let Sheet: typeof SheetNs.D20ActorSheet;
const g = globalThis as unknown as { game: { user: { isGM: boolean } } };

beforeAll(async () => {
  ({ uninstall } = installSheetStandIn("13th-age"));
  ({ D20ActorSheet: Sheet } = (await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs);
});
afterAll(() => uninstall());

const ogre = defaultActorSource({
  kind: "npc",
  level: 7,
  hp: { value: 17, max: 93, temp: 0 },
  defenses: { ac: { base: 23, bonus: 0 }, pd: { base: 21, bonus: 0 }, md: { base: 16, bonus: 0 } },
});

/** A sheet instance over a document stand-in (`limited` as Foundry's ClientDocument#limited). */
function sheetOver(limited: boolean) {
  const derived = getRuleset("13th-age").deriveActor(ogre, {});
  const document = { limited, name: "Ogre <Chief>", img: "icons/ogre.webp", derived };
  const sheet = Object.create(Sheet.prototype) as InstanceType<typeof Sheet>;
  Object.defineProperty(sheet, "document", { value: document });
  return sheet;
}

describe("[SYS-HIDDEN] limited view of an actor sheet", () => {
  it("[SYS-HIDDEN] a player with LIMITED permission gets only the limited part and a context of name, image and public states", async () => {
    g.game.user.isGM = false;
    const sheet = sheetOver(true);
    expect(sheet.showsLimited).toBe(true);
    const parts = sheet._configureRenderParts({} as never) as Record<string, { template: string }>;
    expect(Object.keys(parts)).toEqual(["limited"]);
    expect(parts.limited!.template).toBe("systems/d20-combat/templates/sheets/actor-limited.hbs");
    const context = await sheet._prepareContext({} as never);
    expect(Object.keys(context).sort()).toEqual(["img", "limited", "name", "statusLabels"]);
    // 17 of 93 HP: staggered (13th Age's word for half HP or less), which the game makes public.
    expect(context.statusLabels).toContain("D20C.Age13.Status.staggered");
  });

  it("[SYS-HIDDEN] the limited template shows the name, image and states, and no number of the creature", () => {
    const html = createTemplateRenderer().render(
      "templates/sheets/actor-limited.hbs",
      limitedSheetContext({
        name: "Ogre <Chief>",
        img: "icons/ogre.webp",
        derived: getRuleset("13th-age").deriveActor(ogre, {}),
      }),
    );
    expect(html).toContain("Ogre &lt;Chief&gt;");
    expect(html).toContain('src="icons/ogre.webp"');
    expect(html).toMatch(/Staggered/);
    expect(html).not.toMatch(/Bloodied/i);
    for (const secret of ["17", "93", "23", "21", "16"]) expect(html).not.toContain(secret);
    expect(html).not.toContain("<input");
  });

  it("[SYS-HIDDEN] GMs and observers or owners get the full sheet", () => {
    expect(showsLimitedView({ isGM: true, limited: true })).toBe(false);
    expect(showsLimitedView({ isGM: false, limited: false })).toBe(false);
    expect(showsLimitedView({ isGM: false, limited: true })).toBe(true);
    g.game.user.isGM = true;
    expect(sheetOver(true).showsLimited).toBe(false);
    g.game.user.isGM = false;
    expect(sheetOver(false).showsLimited).toBe(false);
  });
});
