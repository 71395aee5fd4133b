/**
 * Sheet registration and the portrait: core's V1 sheets are removed for the system's types before
 * ours become the defaults, and the portrait carries DocumentSheetV2's `editImage` action.
 */
import { describe, expect, it } from "vitest";
import {
  ITEM_SHEET_TYPES,
  registerSheetsWith,
  type SheetConfigCalls,
} from "../../src/applications/sheets/registration.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { characterContext, itemContext } from "./sheet-fixtures.js";

/** Records the calls a `DocumentSheetConfig` would receive. */
function recordingConfig() {
  const calls: { op: string; doc: string; scope: string; sheet: string; options: unknown }[] = [];
  const config: SheetConfigCalls<string, string> = {
    registerSheet: (doc, scope, sheet, options) => calls.push({ op: "register", doc, scope, sheet, options }),
    unregisterSheet: (doc, scope, sheet, options) => calls.push({ op: "unregister", doc, scope, sheet, options }),
  };
  return { calls, config };
}

const base = {
  actor: "Actor",
  item: "Item",
  coreActorSheet: "CoreActorSheetV1",
  coreItemSheet: "CoreItemSheetV1",
  actorSheet: "D20ActorSheet",
  itemSheet: "D20ItemSheet",
};

describe("sheet registration", () => {
  it("[SYS-DOCS] unregisters core's V1 sheets for our types, then registers ours as the defaults", () => {
    const { calls, config } = recordingConfig();
    registerSheetsWith(config, base);
    expect(calls.map((c) => `${c.op} ${c.doc} ${c.scope} ${c.sheet}`)).toEqual([
      "unregister Actor core CoreActorSheetV1",
      "unregister Item core CoreItemSheetV1",
      "register Actor d20-combat D20ActorSheet",
      "register Item d20-combat D20ItemSheet",
    ]);
    expect(calls[0]!.options).toEqual({ types: ["character", "npc"] });
    expect(calls[1]!.options).toEqual({ types: [...ITEM_SHEET_TYPES] });
    for (const c of calls.slice(2)) expect(c.options).toMatchObject({ makeDefault: true });
  });

  it("[SYS-DOCS] a Foundry without the V1 sheets still gets ours registered", () => {
    const { calls, config } = recordingConfig();
    registerSheetsWith(config, { ...base, coreActorSheet: null, coreItemSheet: undefined });
    expect(calls.map((c) => c.op)).toEqual(["register", "register"]);
  });
});

describe("portrait", () => {
  const hbs = createTemplateRenderer();
  const portrait = (html: string) => html.match(/<img class="d20c-portrait[^>]*>/)?.[0] ?? "";

  it("[SYS-DOCS] an editable actor or item sheet opens the image picker from the portrait", () => {
    for (const html of [
      hbs.render("templates/sheets/actor.hbs", characterContext("13th-age")),
      hbs.render("templates/sheets/item.hbs", itemContext("power")),
    ]) {
      expect(portrait(html)).toContain('data-action="editImage"');
      expect(portrait(html)).toContain('data-edit="img"');
    }
  });

  it("[SYS-DOCS] a read-only sheet's portrait offers no image picker", () => {
    for (const html of [
      hbs.render("templates/sheets/actor.hbs", { ...characterContext("ffd20"), editable: false }),
      hbs.render("templates/sheets/item.hbs", { ...itemContext("weapon"), editable: false }),
    ]) {
      expect(portrait(html)).not.toBe("");
      expect(portrait(html)).not.toContain("editImage");
    }
  });
});
