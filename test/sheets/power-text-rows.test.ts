/**
 * [SYS-POWERS] An attack row's text is written only for an open row: a render writes the rows the
 * user opened open, with their text, and folded rows without it; the first opening of a folded row
 * writes its text into it (`powerRowToggled`, the sheet's toggle listener, over a stand-in row that
 * records what is written into it).
 */
import { describe, expect, it } from "vitest";
import { powerRowToggled, type PowerRowElement } from "../../src/applications/sheets/power-text.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { heroContext, i18n } from "./sheet-fixtures.js";

const hbs = createTemplateRenderer();
const sheet = (ctx: object) => hbs.render("templates/sheets/actor.hbs", ctx);
/** The `<details>` of one attack row in a rendered sheet. */
const rowDetails = (html: string, id: string) =>
  new RegExp(`<details class="d20c-attack-details" data-item-id="${id}"[^>]*>[\\s\\S]*?</details>`).exec(html)?.[0] ??
  "";

describe("[SYS-POWERS] attack rows write their text when open", () => {
  for (const id of RULESET_IDS) {
    it(`${id}: a folded row holds no text; an opened one is written open with the text the text template gives`, () => {
      const folded = heroContext(id, { text: i18n });
      expect(rowDetails(sheet(folded), "p1")).toContain("<summary");
      expect(rowDetails(sheet(folded), "p1")).not.toContain("data-power-text");
      expect(rowDetails(sheet(folded), "p1")).not.toMatch(/data-item-id="p1" open/);
      const opened = heroContext(id, { text: i18n, expandedPowers: new Set(["p1"]) });
      const row = opened.powers.find((p) => p.id === "p1")!;
      expect(row.expanded).toBe(true);
      const details = rowDetails(sheet(opened), "p1");
      expect(details).toMatch(/data-item-id="p1" open>/);
      expect(details).toContain("The target staggers back.");
      // The same words the sheet writes into the row when it is first opened.
      const text = hbs.render("templates/sheets/power-text.hbs", row);
      expect(details.replace(/\s+/g, " ")).toContain(text.replace(/\s+/g, " ").trim());
    });
  }
});

/** A row as the toggle sees it: open or not, its item id, and the HTML written into it. */
function rowStandIn(id: string, open: boolean): PowerRowElement & { written: string[] } {
  const written: string[] = [];
  return {
    open,
    dataset: { itemId: id },
    written,
    querySelector: (selector: string) =>
      selector === "[data-power-text]" && written.some((h) => h.includes("data-power-text")) ? {} : null,
    insertAdjacentHTML: (_where: InsertPosition, html: string) => void written.push(html),
  };
}

describe("[SYS-POWERS] opening and closing an attack row", () => {
  const rows = new Map([["p1", { numbers: [], sections: [] }]]);
  const renderer = () => {
    let calls = 0;
    return {
      render: async () => {
        calls++;
        return '<div class="d20c-power-body" data-power-text></div>';
      },
      calls: () => calls,
    };
  };

  it("the first opening writes the row's text once and remembers it open; closing forgets it", async () => {
    const expanded = new Set<string>();
    const r = renderer();
    const row = rowStandIn("p1", true);
    await powerRowToggled(row, expanded, rows, r.render);
    expect(row.written).toHaveLength(1);
    expect(expanded.has("p1")).toBe(true);
    row.open = false;
    await powerRowToggled(row, expanded, rows, r.render);
    expect(expanded.has("p1")).toBe(false);
    row.open = true;
    await powerRowToggled(row, expanded, rows, r.render);
    expect(row.written).toHaveLength(1);
    expect(r.calls()).toBe(1);
    expect(expanded.has("p1")).toBe(true);
  });

  it("a row closed before its text is ready gets none; a row the last render did not list is only remembered", async () => {
    const expanded = new Set<string>();
    const row = rowStandIn("p1", true);
    const closing = powerRowToggled(row, expanded, rows, async () => {
      row.open = false;
      return "<div data-power-text></div>";
    });
    await closing;
    expect(row.written).toEqual([]);
    const stranger = rowStandIn("gone", true);
    const r = renderer();
    await powerRowToggled(stranger, expanded, rows, r.render);
    expect(stranger.written).toEqual([]);
    expect(r.calls()).toBe(0);
  });

  it("a row written open by a render (its text already there) is not written again", async () => {
    const expanded = new Set<string>(["p1"]);
    const row = rowStandIn("p1", true);
    row.written.push("<div data-power-text>…</div>");
    const r = renderer();
    await powerRowToggled(row, expanded, rows, r.render);
    expect(r.calls()).toBe(0);
    expect(row.written).toHaveLength(1);
  });
});
