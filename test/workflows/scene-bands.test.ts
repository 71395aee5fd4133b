/**
 * [13A-RANGE] Range bands suggested from the scene, through the token-movement hook the system
 * registers (`registerSceneBands`) on the active GM's client with the world setting on: each
 * combatant's band to every enemy combatant is read from token positions through the active game
 * and written where the Actions panel's band procedure reads it (the combatant's procedure memory,
 * keyed by actor UUID), leaving other entries and marks alone and writing nothing that did not
 * change. Combatants are small recording stand-ins; `Hooks`, `game` (settings, users, combat) and
 * `CONST.GRID_TYPES` are the few globals the hook reads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerSceneBands } from "../../src/workflows/scene-bands.js";
import { registerSceneSettings } from "../../src/settings-scene.js";
import { SYSTEM_ID } from "../../src/constants.js";
import type { ProcedureMemory } from "../../src/engine/actions.js";
import { defaultActorSource } from "../../src/engine/common.js";
import type { RulesetId } from "../../src/engine/types.js";
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

/** A combatant stand-in: its actor's UUID and speed, its token, and the flag updates it received. */
function combatant(id: string, tokenId: string, speed: number, memory?: ProcedureMemory) {
  const updates: object[] = [];
  const c = {
    id,
    tokenId,
    actor: { uuid: `Actor.${id}`, toEngineSource: () => ({ ...defaultActorSource(), speed }) },
    isOwner: true,
    flags: memory ? { [SYSTEM_ID]: { procedures: memory } } : {},
    update: async (data: object) => {
      updates.push(data);
    },
    updates,
  };
  return c;
}
const token = (id: string, col: number, row: number, disposition: number) => ({
  id,
  x: col * GRID.size,
  y: row * GRID.size,
  width: 1,
  disposition,
});
const bandsOf = (c: { updates: object[] }) =>
  (c.updates.at(-1) as { flags: Record<string, { procedures: ProcedureMemory }> }).flags[SYSTEM_ID]!.procedures;

/**
 * A token of the combat's scene moved, in game `rulesetId`: Foundry's updateToken on this client;
 * resolves once the bands are written.
 */
async function tokenMoved(
  combatants: readonly ReturnType<typeof combatant>[],
  tokens: readonly ReturnType<typeof token>[],
  rulesetId: RulesetId = "13th-age",
): Promise<void> {
  await settings.set(SYSTEM_ID, "ruleset", rulesetId);
  const scene = { id: "scene1", grid: { type: SQUARE, ...GRID }, tokens: { contents: tokens } };
  (g.game as { combat: unknown }).combat = { scene: { id: scene.id }, combatants: { contents: combatants } };
  for (const fn of hooks.get("updateToken") ?? []) fn({ parent: scene }, { x: tokens[0]!.x });
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
}

describe("[13A-RANGE] bands written from token distance", () => {
  it("[13A-RANGE] [13A-ENGAGE] engaged, nearby and far away per enemy, by the mover's own speed", async () => {
    const hero = combatant("hero", "tHero", 30, { bands: { "Actor.other": "nearby" }, marks: { disengaged: 2 } });
    const orc = combatant("orc", "tOrc", 30);
    const archer = combatant("archer", "tArcher", 30);
    const ally = combatant("ally", "tAlly", 30);
    const tokens = [
      token("tHero", 0, 0, 1),
      token("tOrc", 1, 0, -1),
      token("tArcher", 9, 0, -1),
      token("tAlly", 0, 1, 1),
    ];
    await tokenMoved([hero, orc, archer, ally], tokens);
    expect([hero, orc, archer, ally].map((c) => c.updates.length)).toEqual([1, 1, 1, 1]);
    // 30 ft on a 5 ft grid: six squares a move; the archer is eight squares off.
    expect(bandsOf(hero)).toEqual({
      bands: { "Actor.other": "nearby", "Actor.orc": "engaged", "Actor.archer": "farAway" },
      marks: { disengaged: 2 },
    });
    expect(bandsOf(orc).bands).toEqual({ "Actor.hero": "engaged", "Actor.ally": "engaged" });
    expect(bandsOf(archer).bands).toEqual({ "Actor.hero": "farAway", "Actor.ally": "farAway" });
    // A fast archer (60 ft, twelve squares) has the hero nearby.
    const fast = combatant("archer", "tArcher", 60);
    await tokenMoved([hero, orc, fast, ally], tokens);
    expect(bandsOf(fast).bands["Actor.hero"]).toBe("nearby");
  });

  it("[13A-RANGE] nothing is written when the bands did not change, nor in a game without bands", async () => {
    const hero = combatant("hero", "tHero", 30, { bands: { "Actor.orc": "engaged" }, marks: {} });
    const orc = combatant("orc", "tOrc", 30, { bands: { "Actor.hero": "engaged" }, marks: {} });
    const tokens = [token("tHero", 0, 0, 1), token("tOrc", 1, 1, -1)];
    await tokenMoved([hero, orc], tokens);
    expect([hero.updates, orc.updates]).toEqual([[], []]);
    await tokenMoved([hero, orc], [token("tHero", 0, 0, 1), token("tOrc", 5, 5, -1)], "ffd20");
    expect([hero.updates, orc.updates]).toEqual([[], []]);
  });
});
