/**
 * 13th Age read from a gridded scene ([13A-RANGE], [13A-ENGAGE]): each enemy's band from token
 * distance — engaged when adjacent, nearby when one move brings the mover next to it, far away
 * beyond. Walls and difficult terrain are not read: the bands stay a suggestion the table sets by
 * hand when the map says otherwise.
 */
import { squaresBetween } from "../../geometry.js";
import type { SceneBandsInput } from "../../scene.js";

/** The band the mover has to each enemy token, by token id. */
export function readAge13Bands(input: SceneBandsInput): Record<string, string> {
  const mover = input.field.tokens.find((t) => t.id === input.moverId);
  if (!mover) return {};
  const move = Math.max(0, Math.floor(input.moveSquares));
  const out: Record<string, string> = {};
  for (const t of input.field.tokens) {
    if (t.id === mover.id || t.standing !== "enemy") continue;
    const gap = squaresBetween(mover, t);
    out[t.id] = gap === 0 ? "engaged" : gap <= move ? "nearby" : "farAway";
  }
  return out;
}
