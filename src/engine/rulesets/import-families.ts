/**
 * [SYS-IMPORT] Which of our games each foreign system's content is for: the game of its family
 * (docs/import.md). Kept beside the ruleset ids so id literals stay inside src/engine/rulesets/.
 */
export const FAMILY_GAME = {
  archmage: "13th-age",
  dnd5e: "hundred-dungeons",
  dnd4e: "ffd20",
  pf1: "wounds-d20",
} as const;
