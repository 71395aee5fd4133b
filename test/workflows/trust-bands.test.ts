/**
 * [13A-RANGE] [SYS-HIDDEN] Range bands the GM's client writes from the scene, through the REAL
 * token-movement hook (`registerSceneBands`, setting on, active GM): two quick moves land in move
 * order (a token stepping away and straight back ends engaged, even when the first write is the
 * slower one), and a creature on a token the GM has hidden is never named in any combatant's
 * memory (every client's copy of the combat holds it). Combatants are small stand-ins whose flag
 * update lands after a delay, as a server round trip does; `Hooks`, `game` and `CONST.GRID_TYPES`
 * are the few globals the hook reads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerSceneBands } from "../../src/workflows/scene-bands.js";
import { registerSceneSettings } from "../../src/settings-scene.js";
import { SYSTEM_ID } from "../../src/constants.js";
import type { ProcedureMemory } from "../../src/engine/actions.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { SettingsStandIn } from "../stand-ins/settings.js";

const GRID = { size: 100, distance: 5 };
const SQUARE = 1;
type Listener = (...args: unknown[]) => void;
const hooks = new Map<string, Listener[]>();
const settings = new SettingsStandIn();
const g = globalThis as Record<string, unknown>;
const saved = new Map(["game", "Hooks", "CONST"].map((n) => [n, g[n]]));
beforeAll(async () => {
  g.game = { settings, user: { isGM: true }, users: { activeGM: { isSelf: true } }, combat: null };
  g.Hooks = { on: (name: string, fn: Listener) => void hooks.set(name, [...(hooks.get(name) ?? []), fn]) };
  g.CONST = { GRID_TYPES: { SQUARE } };
  settings.register(SYSTEM_ID, "ruleset", { default: "13th-age" });
  registerSceneSettings();
  await settings.set(SYSTEM_ID, "sceneBands", true);
  registerSceneBands();
});
afterAll(() => {
  for (const [n, v] of saved) {
    if (v === undefined) delete g[n];
    else g[n] = v;
  }
});

/** A combatant whose flag writes land `delays[i]` ms after its i-th update (a server round trip). */
function combatant(id: string, tokenId: string, delays: number[] = []) {
  let n = 0;
  const c = {
    id,
    tokenId,
    actor: { uuid: `Actor.${id}`, toEngineSource: () => ({ ...defaultActorSource(), speed: 30 }) },
    isOwner: true,
    flags: {} as Record<string, { procedures?: ProcedureMemory }>,
    update: async (data: { flags: Record<string, { procedures: ProcedureMemory }> }) => {
      await new Promise((r) => setTimeout(r, delays[n++] ?? 0));
      c.flags[SYSTEM_ID] = { ...(c.flags[SYSTEM_ID] ?? {}), ...data.flags[SYSTEM_ID] };
    },
  };
  return c;
}
const token = (id: string, col: number, row: number, disposition: number, hidden = false) => ({
  id,
  x: col * GRID.size,
  y: row * GRID.size,
  width: 1,
  disposition,
  hidden,
});
const bands = (c: ReturnType<typeof combatant>) => c.flags[SYSTEM_ID]?.procedures?.bands ?? {};

/** Foundry reports a move of the combat's scene: the tokens as they stand after it. */
function moved(combatants: readonly ReturnType<typeof combatant>[], tokens: readonly ReturnType<typeof token>[]) {
  const scene = { id: "scene1", grid: { type: SQUARE, ...GRID }, tokens: { contents: tokens } };
  (g.game as { combat: unknown }).combat = { scene: { id: scene.id }, combatants: { contents: combatants } };
  for (const fn of hooks.get("updateToken") ?? []) fn({ parent: scene }, { x: tokens[0]!.x });
}
const settle = async (ms = 300) => new Promise((r) => setTimeout(r, ms));

describe("[13A-RANGE] bands without races or leaks", () => {
  it("[13A-RANGE] [13A-ENGAGE] a step away and straight back ends engaged, though the first move's write is the slower", async () => {
    // The hero's first write takes 40 ms, its second none: read together, the far-away read would land last.
    const hero = combatant("hero", "tHero", [40, 0]);
    const orc = combatant("orc", "tOrc", [40, 0]);
    moved([hero, orc], [token("tHero", 0, 0, 1), token("tOrc", 9, 0, -1)]);
    moved([hero, orc], [token("tHero", 0, 0, 1), token("tOrc", 1, 0, -1)]);
    await settle();
    expect(bands(hero)).toEqual({ "Actor.orc": "engaged" });
    expect(bands(orc)).toEqual({ "Actor.hero": "engaged" });
  });

  it("[SYS-HIDDEN] [13A-RANGE] a creature on a token the GM has hidden is named in no combatant's bands, and a band kept from before it was hidden goes", async () => {
    const hero = combatant("hero", "tHero");
    const orc = combatant("orc", "tOrc");
    const lurker = combatant("lurker", "tLurker");
    moved([hero, orc, lurker], [token("tHero", 0, 0, 1), token("tOrc", 1, 0, -1), token("tLurker", 0, 1, -1)]);
    await settle(20);
    expect(bands(hero)).toEqual({ "Actor.orc": "engaged", "Actor.lurker": "engaged" });
    // The GM hides the lurker; the next move names it nowhere.
    moved([hero, orc, lurker], [token("tHero", 0, 0, 1), token("tOrc", 1, 0, -1), token("tLurker", 0, 1, -1, true)]);
    await settle(20);
    expect(bands(hero)).toEqual({ "Actor.orc": "engaged" });
    for (const c of [hero, orc, lurker]) expect(JSON.stringify(c.flags)).not.toContain("Actor.lurker");
  });
});
