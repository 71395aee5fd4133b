/**
 * The layers of src/ form no circle. Every folder directly under src/ (and every file directly in
 * it) is one unit, and src/engine/ is cut finer ([SYS-RULESET], issue 35): the files directly in
 * it (the core), each engine/<sub>/, each engine/rulesets/<game>/ and the files directly in
 * engine/rulesets/ are units of their own, so the core and the games cannot form a loop unseen. An import from a file of unit A of a file of unit B draws the arrow A → B (type
 * imports and re-exports included: they couple the two as much). The arrows must form no cycle,
 * so no two folders import each other, directly or around a loop. Parsed with the TypeScript
 * compiler, so comments and strings never count.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { specifiers, srcFiles, unitOf } from "../support/src-imports.js";

/** Unit-level arrows of a set of files (path relative to src/ → source text). */
function unitArrows(files: ReadonlyMap<string, string>): Map<string, Map<string, string>> {
  const arrows = new Map<string, Map<string, string>>();
  for (const [rel, text] of files) {
    const from = unitOf(rel);
    for (const spec of specifiers(rel, text)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
      if (target.startsWith("..")) continue;
      const to = unitOf(target);
      if (to === from) continue;
      const out = arrows.get(from) ?? new Map<string, string>();
      if (!out.has(to)) out.set(to, `${rel} imports "${spec}"`);
      arrows.set(from, out);
    }
  }
  return arrows;
}

/** Every cycle's units (strongly connected components of more than one unit), each with its arrows. */
function cycles(arrows: Map<string, Map<string, string>>): string[] {
  const units = new Set<string>([...arrows.keys(), ...[...arrows.values()].flatMap((m) => [...m.keys()])]);
  const reach = (from: string): Set<string> => {
    const seen = new Set<string>();
    const todo = [from];
    while (todo.length > 0) {
      const u = todo.pop()!;
      for (const v of arrows.get(u)?.keys() ?? []) {
        if (seen.has(v)) continue;
        seen.add(v);
        todo.push(v);
      }
    }
    return seen;
  };
  const reachable = new Map([...units].map((u) => [u, reach(u)]));
  const found: string[] = [];
  const done = new Set<string>();
  for (const u of [...units].sort()) {
    if (done.has(u)) continue;
    const scc = [...units].filter((v) => v === u || (reachable.get(u)!.has(v) && reachable.get(v)!.has(u))).sort();
    for (const v of scc) done.add(v);
    if (scc.length < 2) continue;
    const inside = scc.flatMap((a) =>
      [...(arrows.get(a) ?? new Map<string, string>())]
        .filter(([b]) => scc.includes(b))
        .map(([b, why]) => `  ${a} → ${b} (${why})`),
    );
    found.push(`cycle ${scc.join(" ")}:\n${inside.join("\n")}`);
  }
  return found;
}

describe("the layers of src/ form no cycle", () => {
  it("reads the folders of src/ and the arrows between them", () => {
    const arrows = unitArrows(srcFiles());
    expect([...arrows.keys()]).toEqual(expect.arrayContaining(["workflows/", "applications/", "documents/"]));
    expect(arrows.get("workflows/")?.has("engine/")).toBe(true);
    expect([...arrows.keys()]).toEqual(
      expect.arrayContaining(["engine/plans/", "engine/views/", "engine/rulesets/", "engine/rulesets/ffd20/"]),
    );
    expect(arrows.get("engine/rulesets/ffd20/")?.has("engine/")).toBe(true);
  });

  it("cuts src/engine/ into the core, its sub-folders, the rulesets' own files and each game", () => {
    expect(unitOf("engine/common.ts")).toBe("engine/");
    expect(unitOf("engine/plans/attack.ts")).toBe("engine/plans/");
    expect(unitOf("engine/rulesets/index.ts")).toBe("engine/rulesets/");
    expect(unitOf("engine/rulesets/13th-age/data.ts")).toBe("engine/rulesets/13th-age/");
    expect(unitOf("workflows/chat/x.ts")).toBe("workflows/");
    expect(unitOf("d20-combat.ts")).toBe("d20-combat.ts");
  });

  it("no folder (or root file) under src/ imports another that imports it back, directly or around a loop", () => {
    const found = cycles(unitArrows(srcFiles()));
    expect(found, found.join("\n")).toEqual([]);
  });

  it("the checker sees direct and longer cycles through every import form, and ignores comments and strings", () => {
    const loop = new Map([
      ["a/x.ts", `import { y } from "../b/y.js";`],
      ["b/y.ts", `export type { Z } from "../c/z.js";`],
      ["c/z.ts", `type T = import("../a/x.js").X; const m = await import("../root.js");`],
      ["root.ts", `// import { q } from "./d/q.js"\nconst s = "../d/q.js";`],
    ]);
    expect(cycles(unitArrows(loop))).toEqual([expect.stringMatching(/^cycle a\/ b\/ c\/:\n/)]);
    const pair = new Map([
      ["p/one.ts", `import { two } from "../q/two.js";`],
      ["q/two.ts", `import type { One } from "../p/one.js";`],
      ["q/three.ts", `import { x } from "./two.js";`],
    ]);
    expect(cycles(unitArrows(pair))).toEqual([expect.stringContaining("p/ → q/")]);
    const layered = new Map([
      ["p/one.ts", `import { two } from "../q/two.js";`],
      ["q/two.ts", `import { r } from "../r.js";`],
    ]);
    expect(cycles(unitArrows(layered))).toEqual([]);
  });
});
