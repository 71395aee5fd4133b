/**
 * The actor sheet writes the shown tab's contents only: an opening renders one tab, not four, and
 * choosing a tab the last render left empty renders the sheet again with it shown
 * (`D20ActorSheet.changeTab`, driven here over a stand-in `ActorSheetV2` whose `changeTab` records
 * the tab as core's does and whose `render` is counted, and a stand-in element read from the real
 * template's HTML).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTOR_TABS } from "../../src/applications/sheets/actor-context.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { installSheetStandIn } from "../stand-ins/foundry-sheet.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { heroContext, onTab, tabBodies, type ActorTab } from "./sheet-fixtures.js";

const hbs = createTemplateRenderer();
const render = (ctx: object) => hbs.render("templates/sheets/actor.hbs", ctx);
/** Whether a tab's section holds any element (a written tab always holds a block). */
const written = (body: string | undefined) => /<[a-z]/i.test(body ?? "");

describe("[SYS-RELEASE] the sheet writes the shown tab only", () => {
  for (const id of RULESET_IDS) {
    it(`${id}: each tab, when shown, is the only one written; the others are empty sections; with the biography shown, all are`, () => {
      for (const tab of ACTOR_TABS) {
        const bodies = tabBodies(render(heroContext(id, { activeTab: tab })));
        expect([...bodies.keys()]).toEqual([...ACTOR_TABS]);
        for (const other of ACTOR_TABS)
          expect(written(bodies.get(other)), `${tab} shown: ${other}`).toBe(tab === "biography" || other === tab);
      }
    });
  }

  it("whichever tabs are written, only the shown one is marked active (the biography too, which writes all)", () => {
    const activeOf = (html: string) =>
      [...html.matchAll(/<section class="tab d20c-tab( active)?" data-group="primary" data-tab="(\w+)"/g)]
        .filter((m) => m[1])
        .map((m) => m[2]);
    for (const id of RULESET_IDS)
      for (const tab of ACTOR_TABS)
        expect(activeOf(render(heroContext(id, { activeTab: tab }))), `${id} ${tab}`).toEqual([tab]);
  });

  it("the tests' onTab gives the sheet's own context for a chosen tab", () => {
    for (const id of RULESET_IDS)
      for (const tab of ACTOR_TABS)
        expect(render(onTab(heroContext(id), tab)), `${id} ${tab}`).toBe(render(heroContext(id, { activeTab: tab })));
  });
});

/** Core's ActorSheetV2 as far as changeTab touches it: the tab is recorded, renders are counted. */
class TabbedSheetStandIn {
  tabGroups: Record<string, string> = { primary: "combat" };
  renders = 0;
  element: {
    querySelectorAll(selector: string): { dataset: Record<string, string>; childElementCount: number }[];
  } | null = null;
  changeTab(tab: string, group: string): void {
    this.tabGroups[group] = tab;
  }
  async _onRender(_context: object, _options: object): Promise<void> {}
  render(): Promise<this> {
    this.renders++;
    return Promise.resolve(this);
  }
}

/** The sheet's element as the browser would build it from the template's HTML: its tab sections. */
function elementOf(html: string): TabbedSheetStandIn["element"] {
  const sections = [...tabBodies(html)].map(([tab, body]) => ({
    dataset: { group: "primary", tab },
    childElementCount: written(body) ? 1 : 0,
  }));
  return { querySelectorAll: (selector) => (selector === ".tab[data-tab]" ? sections : []) };
}

describe("[SYS-RELEASE] choosing a tab renders it when it was not written", () => {
  let uninstall: () => void;
  let Sheet: new () => TabbedSheetStandIn;
  beforeAll(async () => {
    ({ uninstall } = installSheetStandIn("ffd20"));
    (
      globalThis as unknown as { foundry: { applications: { sheets: Record<string, unknown> } } }
    ).foundry.applications.sheets.ActorSheetV2 = TabbedSheetStandIn;
    Sheet = (await import("../../src/applications/sheets/actor-sheet.js"))
      .D20ActorSheet as unknown as new () => TabbedSheetStandIn;
  });
  afterAll(() => uninstall());

  const opened = (tab: ActorTab) => {
    const sheet = new Sheet();
    sheet.tabGroups.primary = tab;
    sheet.element = elementOf(render(heroContext("ffd20", { activeTab: tab })));
    return sheet;
  };

  it("an empty tab is rendered once chosen; the written one is not rendered again", () => {
    const sheet = opened("combat");
    sheet.changeTab("abilities", "primary");
    expect(sheet.tabGroups.primary).toBe("abilities");
    expect(sheet.renders).toBe(1);
    // After that render the abilities tab is the written one; going back renders combat again.
    sheet.element = elementOf(render(heroContext("ffd20", { activeTab: "abilities" })));
    sheet.changeTab("abilities", "primary");
    expect(sheet.renders).toBe(1);
    sheet.changeTab("combat", "primary");
    expect(sheet.renders).toBe(2);
  });

  it("every tab chosen from the combat tab is rendered; another tab group is left to core", () => {
    for (const tab of ACTOR_TABS.filter((t) => t !== "combat")) {
      const sheet = opened("combat");
      sheet.changeTab(tab, "primary");
      expect(sheet.renders, tab).toBe(1);
    }
    const other = opened("combat");
    other.changeTab("abilities", "secondary");
    expect(other.renders).toBe(0);
  });

  it("leaving the biography renders nothing: with it shown every tab was written (its editor stays)", () => {
    const sheet = opened("biography");
    for (const tab of ACTOR_TABS) sheet.changeTab(tab, "primary");
    expect(sheet.renders).toBe(0);
  });

  it("a tab chosen while a render was being prepared is rendered once that render is done; an unknown one is not", async () => {
    const sheet = opened("combat");
    const onRender = (sheet as unknown as { _onRender(c: object, o: object): Promise<void> })._onRender.bind(sheet);
    // The render prepared for the abilities tab lands after the user went back to combat.
    sheet.tabGroups.primary = "combat";
    await onRender({ activeTab: "abilities" }, {});
    expect(sheet.renders).toBe(1);
    await onRender({ activeTab: "combat" }, {});
    expect(sheet.renders).toBe(1);
    sheet.tabGroups.primary = "spellbook";
    await onRender({ activeTab: "combat" }, {});
    expect(sheet.renders).toBe(1);
    // The limited view has no tabs.
    sheet.tabGroups.primary = "traits";
    await onRender({ name: "Aria" }, {});
    expect(sheet.renders).toBe(1);
  });
});
