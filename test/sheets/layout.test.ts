/**
 * The sheet's layout decisions that are plain data: which tab shows, the HP bar's shares, the
 * damage-counting header of games that track damage taken.
 */
import { describe, expect, it } from "vitest";
import { ACTOR_TABS } from "../../src/applications/sheets/actor-context.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { heroContext, storedHero } from "./sheet-fixtures.js";

const hbs = createTemplateRenderer();
const activeTabs = (html: string) =>
  [...html.matchAll(/<section class="tab d20c-tab( active)?" data-group="primary" data-tab="(\w+)"/g)]
    .filter((m) => m[1])
    .map((m) => m[2]);

describe("sheet layout", () => {
  it("[SYS-DOCS] the attacks tab comes first and opens by default; a remembered tab reopens; an unknown one falls back", () => {
    expect(ACTOR_TABS[0]).toBe("combat");
    const tabOf = (activeTab?: string) => {
      const ctx = heroContext("ffd20", activeTab === undefined ? {} : { activeTab });
      expect(ctx.tabs.filter((t) => t.active).map((t) => t.id)).toEqual([ctx.activeTab]);
      return activeTabs(hbs.render("templates/sheets/actor.hbs", ctx));
    };
    expect(tabOf()).toEqual(["combat"]);
    expect(tabOf("traits")).toEqual(["traits"]);
    expect(tabOf("spellbook")).toEqual(["combat"]);
  });

  it("[SYS-DOCS] the HP bar shows the share of HP left, temporary HP after it without overflowing, and damage taken", () => {
    // The bar of the sheet of a 13th Age hero (damage taken = HP lost) with these HP.
    const bar = (hp: { value: number; max: number; temp: number }) =>
      heroContext("13th-age", { stored: storedHero("13th-age", { hp }) }).hpBar;
    expect(bar({ value: 18, max: 40, temp: 6 })).toEqual({ valuePct: 45, tempPct: 15, damagePct: 55 });
    expect(bar({ value: 35, max: 40, temp: 10 })).toEqual({ valuePct: 88, tempPct: 12, damagePct: 13 }); // 87.5 + 25 capped at 100
    expect(bar({ value: 40, max: 40, temp: 10 })).toEqual({ valuePct: 100, tempPct: 0, damagePct: 0 });
    expect(bar({ value: -5, max: 20, temp: 0 })).toEqual({ valuePct: 0, tempPct: 0, damagePct: 100 });
    // A maximum of 0 never reaches the bar: the schema's minimum is 1 and the engine refuses 0.
  });

  it("[WD-DAMAGE] Wounds d20 heads its HP block with the damage taken of its HP and the wound points; others show HP left", () => {
    const wd = heroContext("wounds-d20");
    const html = hbs.render("templates/sheets/actor.hbs", wd);
    expect(html).toContain(`${wd.damageTaken} damage of ${wd.hp.max}`);
    expect(html).toContain(`width: ${wd.hpBar.damagePct}%`);
    expect(html).toContain(`Wound points ${wd.woundTotal}`);
    expect(wd.woundTotal).toBe(2);
    const age = heroContext("13th-age");
    const ageHtml = hbs.render("templates/sheets/actor.hbs", age);
    expect(ageHtml).toContain(`${age.hp.value} / ${age.hp.max}`);
    expect(ageHtml).not.toContain("Wound points");
  });

  it("[HD-COND] exhaustion shows as six levels with as many lit as the actor has", () => {
    const ctx = heroContext("hundred-dungeons", {
      stored: storedHero("hundred-dungeons", { exhaustion: 4 }),
    });
    expect(ctx.exhaustionPips).toEqual([true, true, true, true, false, false]);
  });
});
