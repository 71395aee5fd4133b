/**
 * [SYS-TURNS] Nothing in the combat code branches on a ruleset id — every
 * difference between the games comes from the ruleset's data and functions.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../stand-ins/i18n.js";

const COMBAT_FILES = [
  "src/documents/combat.ts",
  "src/documents/combatant.ts",
  "src/engine/plans/turns.ts",
  "src/engine/plans/combat-cycle.ts",
  "src/workflows/combat-chat.ts",
  "src/escalation.ts",
  "src/settings-combat.ts",
  "src/applications/combat/register.ts",
  "src/applications/combat/tracker.ts",
  "src/applications/combat/tracker-view.ts",
  "src/workflows/turn-chat.ts",
  "src/quench/combat.ts",
  "templates/combat/tracker-header.hbs",
  "templates/combat/turn-summary.hbs",
  "templates/combat/simultaneous.hbs",
  "templates/combat/combatant-controls.hbs",
];

/** Ways code could tell the games apart by name. */
const BRANCHES = [
  /(["'`])(13th-age|ffd20|hundred-dungeons|wounds-d20)\1/,
  /activeRulesetId\s*\(/,
  /\bruleset\.id\b/,
  /\bRULESET_IDS\b/,
  /\bgetRuleset\s*\(/,
];

describe("combat code never branches on the ruleset id", () => {
  it("[SYS-TURNS] no combat file names a ruleset or reads the active ruleset's id", () => {
    const found: string[] = [];
    for (const rel of COMBAT_FILES) {
      readFileSync(path.join(REPO_ROOT, rel), "utf8")
        .split("\n")
        .forEach((line, i) => {
          for (const re of BRANCHES) if (re.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it("the patterns catch what they must", () => {
    for (const s of [`if (id === "ffd20")`, "activeRulesetId()", "ruleset.id === x", "getRuleset(x)"]) {
      expect(
        BRANCHES.some((re) => re.test(s)),
        s,
      ).toBe(true);
    }
    expect(BRANCHES.some((re) => re.test("ruleset.initiative.mode"))).toBe(false);
  });
});
