/**
 * Scene Levels (Foundry v14, issue 37): a token stands on one Level of its scene (`TokenData#level`,
 * a Level's id; API v14 https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.TokenData.html
 * and `Level` https://foundryvtt.com/api/classes/foundry.documents.BaseLevel.html). A creature on
 * another Level than the one whose rules are read is never adjacent to it, in its reach, flanking
 * with or against it, nor giving cover: the positional rules read only the tokens on that Level.
 * v13 has no Levels (every token is on the scene's one floor). Elevation within a Level is not read
 * here (see each game's rule in docs/rules.md).
 */

/** The Level a token document stands on: its id on v14, null on v13 (or a token with none). */
function levelOf(token: { level?: unknown } | object): string | null {
  const level = (token as { level?: unknown }).level;
  return typeof level === "string" && level ? level : null;
}

/** Whether two token documents stand on the same Level (always on v13). */
export function sameLevel(a: object, b: object): boolean {
  return levelOf(a) === levelOf(b);
}
