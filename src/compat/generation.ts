/**
 * Which Foundry generation this client runs: `game.release.generation` (API v13 and v14,
 * https://foundryvtt.com/api/v14/classes/foundry.config.ReleaseData.html). 13 where there is no
 * `game` yet (before `init`, or a Node test without one). Every compat seam in this folder asks here.
 */
export function foundryGeneration(): number {
  if (typeof game === "undefined") return 13;
  return (game as { release?: { generation?: number } }).release?.generation ?? 13;
}
