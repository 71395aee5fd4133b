/**
 * [SYS-RULESET] The fifth game is a module's game: its files (everything in test/fifth-game/ but
 * the tests that drive it) import nothing from src/ but types. The engine's helpers it builds with
 * come through the registration hook (`registerDuel`), so it runs on the built bundle's copy.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../stand-ins/i18n.js";
import { valueSpecifiers } from "../support/src-imports.js";

const DIR = path.join(REPO_ROOT, "test/fifth-game");

/** `file imports "spec"` for each value import of a module file that lands under src/. */
function srcValueImports(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [rel, text] of files) {
    for (const spec of valueSpecifiers(rel, text)) {
      const target = path.posix.normalize(path.posix.join("test/fifth-game", path.posix.dirname(rel), spec));
      if (target.startsWith("src/")) found.push(`${rel} imports "${spec}"`);
    }
  }
  return found;
}

describe("[SYS-RULESET] the module game imports nothing from src/ but types", () => {
  it("[SYS-RULESET] no file of the fifth game imports a value from src/", () => {
    const files = new Map(
      readdirSync(DIR)
        .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
        .map((f) => [f, readFileSync(path.join(DIR, f), "utf8")]),
    );
    expect([...files.keys()]).toContain("duel.ts");
    const found = srcValueImports(files);
    expect(found, found.join("\n")).toEqual([]);
  });

  it("[SYS-RULESET] the check tells type imports from value imports of src/", () => {
    const files = new Map([
      ["a.ts", `import type { R } from "../../src/engine/ruleset.js";`],
      ["b.ts", `import { type T, type U } from "../../src/engine/types.js";`],
      ["c.ts", `import { int } from "../../src/engine/fields.js";`],
      ["d.ts", `import { type T, ABILITY_KEYS } from "../../src/engine/types.js";`],
      ["e.ts", `const m = await import("../../src/engine/common.js"); type X = import("../../src/engine/types.js").X;`],
      ["f.ts", `export { duel } from "./duel.js"; import { x } from "../support/x.js";`],
    ]);
    expect(srcValueImports(files)).toEqual([
      `c.ts imports "../../src/engine/fields.js"`,
      `d.ts imports "../../src/engine/types.js"`,
      `e.ts imports "../../src/engine/common.js"`,
    ]);
  });
});
