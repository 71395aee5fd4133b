/**
 * [13A-RANGE] Range bands suggested from the scene: `writeSceneBands` (what the token-movement hook
 * runs on the active GM) reads each combatant's band to every enemy combatant from token positions
 * through the active game and writes the bands the Actions panel's band procedure reads (the
 * combatant's procedure memory, keyed by actor UUID), leaving other entries and marks alone and
 * writing nothing that did not change. Combatants are small recording stand-ins.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSceneBands, type BandCombatant } from "../../src/workflows/scene-bands.js";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ProcedureMemory } from "../../src/engine/actions.js";
import { defaultActorSource } from "../../src/engine/common.js";

const GRID = { size: 100, distance: 5 };

// The one Foundry global the memory write reads: `game.user.isGM` (a player owning the combatants).
const g = globalThis as Record<string, unknown>;
const savedGame = g.game;
beforeAll(() => {
  g.game = { user: { isGM: false } };
});
afterAll(() => {
  if (savedGame === undefined) delete g.game;
  else g.game = savedGame;
});

/** A combatant stand-in: its actor's UUID and speed, its token, and the flag updates it received. */
function combatant(id: string, tokenId: string, speed: number, memory?: ProcedureMemory) {
  const updates: object[] = [];
  const c: BandCombatant & { updates: object[] } = {
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
    const written = await writeSceneBands(getRuleset("13th-age"), [hero, orc, archer, ally], tokens, GRID);
    expect(written).toBe(4);
    // 30 ft on a 5 ft grid: six squares a move; the archer is eight squares off.
    expect(bandsOf(hero)).toEqual({
      bands: { "Actor.other": "nearby", "Actor.orc": "engaged", "Actor.archer": "farAway" },
      marks: { disengaged: 2 },
    });
    expect(bandsOf(orc).bands).toEqual({ "Actor.hero": "engaged", "Actor.ally": "engaged" });
    expect(bandsOf(archer).bands).toEqual({ "Actor.hero": "farAway", "Actor.ally": "farAway" });
    // A fast archer (60 ft, twelve squares) has the hero nearby.
    const fast = combatant("archer", "tArcher", 60);
    await writeSceneBands(getRuleset("13th-age"), [hero, orc, fast, ally], tokens, GRID);
    expect(bandsOf(fast).bands["Actor.hero"]).toBe("nearby");
  });

  it("[13A-RANGE] nothing is written when the bands did not change, nor in a game without bands", async () => {
    const hero = combatant("hero", "tHero", 30, { bands: { "Actor.orc": "engaged" }, marks: {} });
    const orc = combatant("orc", "tOrc", 30, { bands: { "Actor.hero": "engaged" }, marks: {} });
    const tokens = [token("tHero", 0, 0, 1), token("tOrc", 1, 1, -1)];
    expect(await writeSceneBands(getRuleset("13th-age"), [hero, orc], tokens, GRID)).toBe(0);
    expect(hero.updates).toEqual([]);
    expect(
      await writeSceneBands(getRuleset("ffd20"), [hero, orc], [token("tHero", 0, 0, 1), token("tOrc", 5, 5, -1)], GRID),
    ).toBe(0);
  });
});
