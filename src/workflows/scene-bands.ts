/**
 * Range bands suggested from the scene ([13A-RANGE]): when a token moves on a square-grid scene in
 * combat, every combatant's band to each enemy combatant is read again from token distance by the
 * active game (`Ruleset.readBands`) and written into the combatant's procedure memory — the same
 * bands the Actions panel's band procedure sets by hand, which still overrides until the next move.
 * Off unless the world setting turns it on. The active GM writes; Foundry I/O only.
 */
import { activeRuleset } from "../active-ruleset.js";
import type { Ruleset } from "../engine/ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import { procedureMemoryOf, writeProcedureMemory, type EconomyCombatant } from "./actions.js";
import { battlefieldFrom, sceneToken, type SceneToken } from "../canvas/scene-reading.js";
import { sceneBandsOn } from "../settings-scene.js";

/** A combatant with the token it stands for. */
interface BandCombatant extends EconomyCombatant {
  tokenId: string | null;
}

/** Squares one move takes when the actor's speed is unknown (30 ft on a 5 ft grid). */
const DEFAULT_MOVE_SQUARES = 6;

/**
 * Read every combatant's bands to the other combatants from `tokens` and write the ones that
 * changed. Returns how many combatants were written.
 */
async function writeSceneBands(
  ruleset: Pick<Ruleset, "readBands">,
  combatants: readonly BandCombatant[],
  tokens: readonly SceneToken[],
  grid: { size: number; distance: number },
  hidden: ReadonlySet<string> = new Set<string>(),
): Promise<number> {
  const readBands = ruleset.readBands;
  if (!readBands) return 0;
  const actorOfToken = new Map<string, string>();
  for (const c of combatants) if (c.tokenId && c.actor?.uuid) actorOfToken.set(c.tokenId, c.actor.uuid);
  // [SYS-HIDDEN] a combatant's memory is in every client's copy of the combat: a creature on a
  // token the GM has hidden is named in none (and a band kept from before it was hidden goes).
  const secret = new Set([...hidden].flatMap((id) => actorOfToken.get(id) ?? []));
  let written = 0;
  for (const c of combatants) {
    if (!c.tokenId || !tokens.some((t) => t.id === c.tokenId)) continue;
    const speed = c.actor?.toEngineSource?.().speed ?? 0;
    const moveSquares = speed > 0 && grid.distance > 0 ? speed / grid.distance : DEFAULT_MOVE_SQUARES;
    const bands = readBands({
      field: battlefieldFrom(grid.size, [], tokens, c.tokenId),
      moverId: c.tokenId,
      moveSquares,
    });
    const memory = procedureMemoryOf(c);
    const next = { ...memory.bands };
    for (const [tokenId, band] of Object.entries(bands)) {
      const uuid = actorOfToken.get(tokenId);
      if (uuid && uuid !== c.actor?.uuid && !secret.has(uuid)) next[uuid] = band;
    }
    for (const uuid of secret) delete next[uuid];
    const same =
      Object.keys(next).length === Object.keys(memory.bands).length &&
      Object.entries(next).every(([k, v]) => memory.bands[k] === v);
    if (same) continue;
    await writeProcedureMemory(c, { ...memory, bands: next });
    written++;
  }
  return written;
}

/** After a token moves: re-read the bands of the combat on that scene (active GM, setting on). */
async function onTokenMoved(token: TokenDocument.Implementation, changes: Record<string, unknown>): Promise<void> {
  if (!("x" in changes) && !("y" in changes) && !("elevation" in changes)) return;
  if (!sceneBandsOn() || !game.users.activeGM?.isSelf) return;
  const scene = token.parent;
  const combat = game.combat;
  if (!scene || !combat || combat.scene?.id !== scene.id || scene.grid.type !== CONST.GRID_TYPES.SQUARE) return;
  const tokens = scene.tokens.contents.map(sceneToken);
  const hidden = new Set(scene.tokens.contents.filter((t) => t.hidden).map((t) => t.id ?? ""));
  const combatants: BandCombatant[] = combat.combatants.contents.map((c) =>
    Object.assign(c as unknown as EconomyCombatant, { tokenId: c.tokenId ?? null }),
  );
  await writeSceneBands(
    activeRuleset(),
    combatants,
    tokens,
    { size: scene.grid.size, distance: scene.grid.distance },
    hidden,
  );
}

/**
 * Moves are read one after another, in the order Foundry reported them, each from the scene as it
 * is when its turn comes and after the writes of the one before: two quick moves (a step away and
 * straight back) end with the bands of where the tokens stand, never an earlier read landing last.
 */
let moves: Promise<void> = Promise.resolve();

/** Listen for token movement (registered once in `init`). */
export function registerSceneBands(): void {
  Hooks.on("updateToken", (token, changes) => {
    moves = moves
      .then(() => onTokenMoved(token, changes as Record<string, unknown>))
      .catch((err: unknown) => console.warn(`${SYSTEM_ID} | could not update range bands from the scene`, err));
  });
}
