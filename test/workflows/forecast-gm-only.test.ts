/**
 * [SYS-FORECAST] The forecast in Foundry, through the adapter with the test stand-ins: the tracker's
 * header and the encounter planner render it for the GM and nothing for a player; working it out
 * writes nothing to any document (so no player's copy of one holds any of it); and the planner saves
 * a folder whose actors start a combat with the same forecast.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { installAttackStandIn } from "../stand-ins/foundry-attack.js";
import type { PackActor } from "../packs/pack-sources.js";
import { ActorDouble, FORECAST_GAME as GAME, combatOf, fightActors } from "./forecast-doubles.js";

let uninstall: () => void;
const folders: Record<string, unknown>[] = [];
const created: ActorDouble[] = [];

beforeEach(async () => {
  ({ uninstall } = installAttackStandIn(GAME, { preloadTemplates: true }));
  (await import("../../src/settings.js")).registerSettings();
  const g = globalThis as Record<string, unknown>;
  const ruleset = getRuleset(GAME);
  (g.foundry as { utils?: unknown }).utils = { escapeHTML: (s: string) => s };
  g.Folder = {
    create: async (data: Record<string, unknown>) => (folders.push(data), { id: `folder${folders.length}`, ...data }),
  };
  g.Actor = {
    createDocuments: async (datas: Record<string, unknown>[]) =>
      datas.map((d, i) => {
        const a = new ActorDouble(d as unknown as PackActor, ruleset, `copy${created.length + i}`);
        created.push(a);
        return a;
      }),
  };
  folders.length = 0;
  created.length = 0;
  (await import("../../src/applications/forecast/forecast.js")).forgetForecasts();
});
afterEach(() => {
  uninstall();
  const g = globalThis as Record<string, unknown>;
  delete g.Folder;
  delete g.Actor;
});

function setGM(isGM: boolean): void {
  (globalThis as unknown as { game: { user: { isGM: boolean } } }).game.user.isGM = isGM;
}

describe("[SYS-FORECAST] the forecast in Foundry is the GM's alone", () => {
  it("[SYS-FORECAST] the tracker header shows the forecast line and its panel to the GM, nothing to a player, and writes nothing", async () => {
    const { trackerForecastMarkup } = await import("../../src/applications/forecast/forecast.js");
    const actors = fightActors();
    const combat = combatOf(actors);
    setGM(true);
    const gm = await trackerForecastMarkup(combat as never);
    expect(gm).toContain("data-d20c-forecast");
    expect(gm).toMatch(/Party wins in ~\d+ rounds|Foes win in ~\d+ rounds/);
    expect(gm).toContain("Forecast by creature");
    for (const a of actors) expect(gm).toContain(a.name);
    expect(gm).toContain('data-d20c-forecast-action="refresh"');
    setGM(false);
    expect(await trackerForecastMarkup(combat as never)).toBe("");
    // Worked out on the GM's client only: no actor or combat was asked to store anything.
    expect(actors.flatMap((a) => a.writes)).toEqual([]);
    expect(combat.flags).toEqual({});
  });

  it("[SYS-FORECAST] the planner shows the forecast to the GM and changes as foes join and leave; a player gets nothing", async () => {
    const { plannerMarkup } = await import("../../src/applications/forecast/planner-data.js");
    const actors = fightActors();
    const plan = actors.map((a) => ({
      actor: a as never,
      side: a.type === "character" ? ("party" as const) : ("foes" as const),
    }));
    setGM(true);
    const full = await plannerMarkup(plan, "Brutes");
    expect(full).toContain("data-d20c-planner");
    expect(full).toContain("data-d20c-forecast");
    const fewer = await plannerMarkup(plan.slice(0, 5), "Brutes");
    const line = (html: string) => /d20c-forecast__text">([^<]*)</.exec(html)?.[1];
    expect(line(fewer)).toBeTruthy();
    expect(line(fewer)).not.toBe(line(full));
    setGM(false);
    expect(await plannerMarkup(plan, "Brutes")).toBe("");
    expect(actors.flatMap((a) => a.writes)).toEqual([]);
  });

  it("[SYS-FORECAST] the planner saves a folder whose actors start a combat with the same forecast", async () => {
    const { plannerMarkup, savePlanFolder } = await import("../../src/applications/forecast/planner-data.js");
    const { trackerForecastMarkup, forgetForecasts } = await import("../../src/applications/forecast/forecast.js");
    setGM(true);
    const actors = fightActors();
    const plan = actors.map((a) => ({
      actor: a as never,
      side: a.type === "character" ? ("party" as const) : ("foes" as const),
    }));
    const planned = await plannerMarkup(plan, "Brutes");
    const saved = await savePlanFolder(plan, "Brutes");
    expect(folders).toEqual([{ name: "Brutes", type: "Actor" }]);
    expect(saved.actors).toHaveLength(actors.length);
    for (const a of created) expect((a.doc as unknown as { folder: unknown }).folder).toBe("folder1");
    // A combat of the folder's actors, in another order (initiative decides it), forecast afresh.
    forgetForecasts();
    const started = await trackerForecastMarkup(combatOf([...created].reverse()) as never);
    // The forecast the GM reads: the line and every number of the panel.
    const forecastOf = (html: string) => {
      const section = html.slice(html.indexOf("data-d20c-forecast"));
      return {
        line: /d20c-forecast__text">([^<]*)</.exec(section)?.[1],
        numbers: section
          .slice(section.indexOf("<table"), section.lastIndexOf("</table>"))
          .replace(/<[^>]+>/g, " ")
          .replace(/\s+/g, " ")
          .trim(),
      };
    };
    expect(forecastOf(started).line).toMatch(/Party wins|Foes win/);
    expect(forecastOf(started).numbers.length).toBeGreaterThan(100);
    expect(forecastOf(started)).toEqual(forecastOf(planned));
  });
});
