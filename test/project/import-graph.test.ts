/**
 * [SYS-RULESET] The core knows no game (issue 35): parsed as the folder-cycle test parses imports
 * (every form, type imports included), no file under src/ outside src/engine/rulesets/ imports
 * anything under it, except the entry points that register the built-in games as any game
 * registers: the system's (`d20-combat.ts`), the self-test bundle's and the importer command's,
 * each with its own copy of the engine. The test setup (`test/support/register-games.ts`) is the
 * fourth such place. Everything else reads the games through the registry.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { specifiers, srcFiles } from "../support/src-imports.js";

/** The files that may import the games: the bundles' and the command's entry points. */
const ENTRY_POINTS = new Set(["d20-combat.ts", "self-test/entry.ts", "import/cli.ts"]);

const inRulesets = (rel: string): boolean => rel.startsWith("engine/rulesets/");

/** `file imports "spec"` for every import of a file outside engine/rulesets/ that lands inside it. */
function gameImports(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [rel, text] of files) {
    if (inRulesets(rel) || ENTRY_POINTS.has(rel)) continue;
    for (const spec of specifiers(rel, text)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
      if (inRulesets(target)) found.push(`${rel} imports "${spec}"`);
    }
  }
  return found;
}

describe("[SYS-RULESET] the core imports no game", () => {
  it("[SYS-RULESET] no file under src/ outside engine/rulesets/ imports a game, except the entry points", () => {
    const found = gameImports(srcFiles());
    expect(found, found.join("\n")).toEqual([]);
  });

  it("[SYS-RULESET] the entry points register the built-in games (and nothing else reaches them)", () => {
    const files = srcFiles();
    for (const entry of ENTRY_POINTS) {
      expect(files.get(entry), entry).toMatch(
        /BUILT_IN_RULESETS\) (if \(!isRulesetId\(ruleset\.id\)\) )?registerRuleset\(ruleset\)/,
      );
    }
  });

  it("[SYS-RULESET] the check sees every import form reaching a game, from the core, plans, views, data and migrations", () => {
    const files = new Map([
      ["engine/common.ts", `import type { X } from "./rulesets/ffd20/fields.js";`],
      ["engine/plans/attack.ts", `export { y } from "../rulesets/index.js";`],
      ["engine/views/card.ts", `type T = import("../rulesets/ids.js").Id;`],
      ["data/prepare.ts", `const m = await import("../engine/rulesets/13th-age/data.js");`],
      [
        "migrations/migrate-data.ts",
        `// import { z } from "../engine/rulesets/ids.js"\nconst s = "../engine/rulesets/x.js";`,
      ],
      ["engine/rulesets/ffd20/index.ts", `import { c } from "../../common.js"; import { d } from "../ids.js";`],
      ["d20-combat.ts", `import { BUILT_IN_RULESETS } from "./engine/rulesets/index.js";`],
    ]);
    expect(gameImports(files)).toEqual([
      `engine/common.ts imports "./rulesets/ffd20/fields.js"`,
      `engine/plans/attack.ts imports "../rulesets/index.js"`,
      `engine/views/card.ts imports "../rulesets/ids.js"`,
      `data/prepare.ts imports "../engine/rulesets/13th-age/data.js"`,
    ]);
  });
});
