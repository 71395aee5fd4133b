/**
 * The knip stage of npm test (scripts/lib/knip-check.mjs): knip's JSON report read as one line per
 * unused file, export and exported type; a line the committed baseline lacks fails the stage, a
 * baseline line knip no longer reports is only listed. The stage itself runs knip on the product's
 * entry points (knip.json) in scripts/test.mjs.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compareToBaseline, knipFindings } from "../../scripts/lib/knip-check.mjs";
import { REPO_ROOT } from "../stand-ins/i18n.js";

const report = JSON.stringify({
  issues: [
    { file: "src/engine/index.ts", files: [{ name: "src/engine/index.ts" }], exports: [], types: [] },
    { file: "src/a.ts", files: [], exports: [{ name: "helper" }, { name: "other" }], types: [{ name: "Shape" }] },
  ],
});

describe("[SYS-RELEASE] knip stage", () => {
  it("reads knip's report as one sorted line per unused file, export and type", () => {
    expect(knipFindings(report)).toEqual([
      "export src/a.ts:helper",
      "export src/a.ts:other",
      "file src/engine/index.ts",
      "type src/a.ts:Shape",
    ]);
  });

  it("fails on a new unused export only; lists what left the baseline", () => {
    const found = knipFindings(report);
    expect(compareToBaseline(found, found)).toEqual({ added: [], gone: [] });
    const { added, gone } = compareToBaseline(found, [
      ...found.filter((f) => f !== "export src/a.ts:other"),
      "export src/b.ts:gone",
    ]);
    expect(added).toEqual(["export src/a.ts:other"]);
    expect(gone).toEqual(["export src/b.ts:gone"]);
  });

  it("the baseline is a sorted list of such lines, and npm test runs the stage", () => {
    const baseline = JSON.parse(readFileSync(path.join(REPO_ROOT, "knip-baseline.json"), "utf8")) as string[];
    expect(baseline.every((l) => /^(file|export|type) src\//.test(l))).toBe(true);
    expect([...baseline].sort()).toEqual(baseline);
    expect(readFileSync(path.join(REPO_ROOT, "scripts/test.mjs"), "utf8")).toContain("runKnipCheck(ROOT)");
  });
});
