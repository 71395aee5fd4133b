/**
 * The reference encounters of docs/forecast.md ("Validation"), as data: each game's party of four
 * pregens at a level against the foes the game's guidance gives, with the target range written in
 * the docs before the forecast was run on them.
 */
import type { RulesetId } from "../../../src/engine/types.js";

export interface ReferenceEncounter {
  game: RulesetId;
  level: number;
  /** Foes by pack name, each with how many. */
  foes: readonly [string, number][];
  range: { partyWinsAtLeast: number; rounds: [number, number]; droppedAtMost: number };
}

const fair13 = { partyWinsAtLeast: 0.85, rounds: [2, 6] as [number, number], droppedAtMost: 1.5 };
const budgetFF = { partyWinsAtLeast: 0.8, rounds: [3, 10] as [number, number], droppedAtMost: 2 };
const openRange = { partyWinsAtLeast: 0.75, rounds: [2, 10] as [number, number], droppedAtMost: 2 };

export const REFERENCE_ENCOUNTERS: readonly ReferenceEncounter[] = [
  {
    game: "13th-age",
    level: 1,
    foes: [
      ["Goblin Cutthroat", 2],
      ["Grave Moth Swarm", 1],
      ["Sewer Rat-Kin", 5],
    ],
    range: fair13,
  },
  {
    game: "13th-age",
    level: 3,
    foes: [
      ["Gutter Brute", 2],
      ["Hobgoblin Warcaptain", 1],
      ["Marsh Hag", 1],
    ],
    range: fair13,
  },
  {
    game: "ffd20",
    level: 1,
    foes: [
      ["Goblin Sneak", 2],
      ["Bandit Enforcer", 1],
      ["Kobold Scrapper", 3],
    ],
    range: budgetFF,
  },
  {
    game: "ffd20",
    level: 3,
    foes: [
      ["Ghoul", 1],
      ["Harpy Siren", 1],
      ["Rustscale Drake", 1],
      ["Wailing Shade", 1],
    ],
    range: budgetFF,
  },
  {
    game: "hundred-dungeons",
    level: 1,
    foes: [
      ["Marsh Viper", 1],
      ["Road Bandit", 1],
      ["Tunnel Goblin", 2],
    ],
    range: openRange,
  },
  {
    game: "hundred-dungeons",
    level: 3,
    foes: [
      ["Cave Bear", 1],
      ["Orc Reaver", 1],
      ["Quivering Ooze", 1],
      ["Siren of the Reeds", 1],
    ],
    range: openRange,
  },
  {
    game: "wounds-d20",
    level: 1,
    foes: [
      ["Alley Cutpurse", 2],
      ["Gutter Rat Swarm", 1],
      ["Watch Constable", 1],
    ],
    range: openRange,
  },
  {
    game: "wounds-d20",
    level: 3,
    foes: [
      ["Border Sergeant", 1],
      ["Cult Fanatic", 1],
      ["Frost Wolf", 1],
      ["Sellsword Duelist", 1],
    ],
    range: openRange,
  },
];
