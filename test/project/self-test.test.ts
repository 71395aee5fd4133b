/**
 * The in-Foundry self-test as built ([SYS-RELEASE]): dist/d20-combat-selftest.mjs is loaded under the
 * boot stand-in and runs batches with its own bundled Mocha and Chai, in a sandbox folder and scene it
 * creates and deletes, reporting every case (a failure with its assertion) in a dialog and in a chat
 * message whispered to the GMs. The system's module contains no batch, no Mocha and no Chai, and its
 * settings-menu button loads the self-test file from beside it and runs every batch.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { BatchSpec } from "../../src/quench/quench-api.js";
import type * as SelfTestFile from "../../src/self-test/entry.js";
import { installFoundryBootStandIn, type FoundryBootStandIn } from "../stand-ins/foundry-boot.js";
import { DIST, ensureBuilt } from "../support/built-dist.js";
import { createTemplateRenderer } from "../support/handlebars.js";

const MODULE = path.join(DIST, "d20-combat.mjs");
const SELF_TEST = path.join(DIST, "d20-combat-selftest.mjs");

/** Strings only a batch, Mocha or Chai carries (each found in the self-test file, see below). */
const MARKERS = {
  batch: "undo restores the exact prior system",
  mocha: '"pre-require"',
  mochaTimeout: "Timeout of ",
  chai: "expected #{this} to equal #{exp}",
};

let loads = 0;
/** A fresh copy of a built file (each import evaluates it again, as a page load does). */
async function load<T>(file: string): Promise<T> {
  return (await import(/* @vite-ignore */ `${pathToFileURL(file).href}?load=${++loads}`)) as T;
}

/** renderTemplate through the real Handlebars, for the report's HTML. */
function renderWithHandlebars(): void {
  const hbs = createTemplateRenderer();
  const foundryGlobal = globalThis as unknown as {
    foundry: { applications: { handlebars: { renderTemplate: (p: string, c: object) => Promise<string> } } };
  };
  foundryGlobal.foundry.applications.handlebars.renderTemplate = async (p, c) =>
    hbs.render(p.replace(/^systems\/d20-combat\//, ""), c);
}

/** A batch with one passing and one deliberately failing case. */
const probeBatch: BatchSpec = {
  key: "d20-combat.probe",
  displayNameKey: "D20C.Quench.Documents",
  body: ({ describe, it, assert }) => {
    describe("probe", () => {
      it("passes", () => assert.equal(2 + 2, 4, "arithmetic holds"));
      it("fails on purpose", async () => {
        await Promise.resolve();
        assert.equal(2 + 2, 5, "two and two make five");
      });
    });
  },
};

/** Ports the probe never calls. */
const unusedPorts: SelfTestFile.SelfTestPorts = {
  rollAttack: () => Promise.reject(new Error("not used")),
  apply: () => Promise.reject(new Error("not used")),
  undo: () => Promise.reject(new Error("not used")),
};

beforeAll(() => ensureBuilt(["d20-combat.mjs", "d20-combat-selftest.mjs"]), 120_000);

describe("[SYS-RELEASE] the self-test lives outside the system's module", () => {
  it("d20-combat.mjs contains no batch, no Mocha and no Chai; the self-test file contains all three", () => {
    const moduleCode = readFileSync(MODULE, "utf8");
    const selfTestCode = readFileSync(SELF_TEST, "utf8");
    for (const [what, marker] of Object.entries(MARKERS)) {
      expect(moduleCode.includes(marker), `${what} in d20-combat.mjs`).toBe(false);
      expect(selfTestCode.includes(marker), `${what} in the self-test file`).toBe(true);
    }
    // No batch source was bundled into the module (its sourcemap names every module it holds).
    const map = JSON.parse(readFileSync(`${MODULE}.map`, "utf8")) as { sources: string[] };
    expect(
      map.sources.filter((s) => /quench|self-test|mocha|chai/.test(s) && !s.endsWith("applications/self-test.ts")),
    ).toEqual([]);
  });
});

describe("[SYS-RELEASE] the built self-test file under the boot stand-in", () => {
  let s: FoundryBootStandIn;
  afterEach(() => s.uninstall());

  it("runs a batch with its bundled Mocha and reports the passing case and the failing one with its assertion", async () => {
    s = installFoundryBootStandIn(14, "13th-age");
    renderWithHandlebars();
    const previous = await s.world.creator("Scene")({ name: "The GM's scene" });
    await previous.view();
    const selfTest = await load<typeof SelfTestFile>(SELF_TEST);

    const report = await selfTest.runSelfTest(unusedPorts, { batches: [probeBatch], timeoutMs: 2000 });

    expect(report.passed).toBe(1);
    expect(report.failed).toBe(1);
    const failure = report.cases.find((c) => c.state === "failed");
    expect(failure?.title).toContain("probe fails on purpose");
    expect(failure?.error).toBe("AssertionError: two and two make five: expected 4 to equal 5");
    expect(report.cases.find((c) => c.state === "passed")?.title).toContain("probe passes");

    // The report: whispered to the GMs and shown in a dialog, naming the failure and its assertion.
    expect(s.world.chatMessages).toHaveLength(1);
    const message = s.world.chatMessages[0] as { content: string; whisper: string[] };
    expect(message.whisper).toEqual(["gm0000000000000"]);
    expect(message.content).toContain("1 passed, 1 failed, 0 skipped");
    expect(message.content).toContain("probe fails on purpose");
    expect(message.content).toContain("two and two make five: expected 4 to equal 5");
    expect(s.world.dialogs.map((d) => d.content)).toEqual([message.content]);

    // The sandbox: a folder and a scene made, viewed while running, deleted after; the GM's scene back.
    const made = s.world.created.filter((d) => d !== previous);
    expect(made.map((d) => d.documentName).sort()).toEqual(["Folder", "Scene"]);
    expect(made.every((d) => d.deleted)).toBe(true);
    const sandboxScene = made.find((d) => d.documentName === "Scene");
    expect(s.world.viewed).toEqual([previous.id, sandboxScene?.id, previous.id]);
    expect(s.world.canvas.scene).toBe(previous);
  });

  it("reports a case a batch skips (a generation without the feature: `this.skip()`) as skipped, neither passed nor failed", async () => {
    s = installFoundryBootStandIn(13, "13th-age");
    renderWithHandlebars();
    const previous = await s.world.creator("Scene")({ name: "The GM's scene" });
    await previous.view();
    const selfTest = await load<typeof SelfTestFile>(SELF_TEST);
    const skipping: BatchSpec = {
      key: "d20-combat.probe",
      displayNameKey: "D20C.Quench.Documents",
      body: ({ it, assert }) => {
        it("runs only on v14", function () {
          this.skip();
          assert.fail("ran after skip()");
        });
      },
    };

    const report = await selfTest.runSelfTest(unusedPorts, { batches: [skipping], timeoutMs: 2000 });

    expect({ passed: report.passed, failed: report.failed, pending: report.pending }).toEqual({
      passed: 0,
      failed: 0,
      pending: 1,
    });
    expect(report.cases.map((c) => [c.title, c.state])).toEqual([
      [expect.stringContaining("runs only on v14"), "pending"],
    ]);
    expect((s.world.chatMessages[0] as { content: string }).content).toContain("0 passed, 0 failed, 1 skipped");
  });

  it("leaves the globals Mocha's browser bundle sets (Quench keeps its own Mocha there) as they were", async () => {
    s = installFoundryBootStandIn(13, "ffd20");
    const g = globalThis as Record<string, unknown>;
    const quenchMocha = { quench: true };
    g.Mocha = quenchMocha;
    try {
      await load<typeof SelfTestFile>(SELF_TEST);
      expect(g.Mocha).toBe(quenchMocha);
      expect("mocha" in g).toBe(false);
    } finally {
      delete g.Mocha;
    }
  });

  it("the module's GM-only settings button loads the self-test file beside it and runs every batch", async () => {
    s = installFoundryBootStandIn(13, "13th-age");
    renderWithHandlebars();
    await load<unknown>(MODULE);
    for (const hook of ["init", "i18nInit", "setup"]) s.hooks.callAll(hook);
    const menu = s.settings.menus.get("d20-combat.selfTest") as {
      restricted: boolean;
      label: string;
      type: new () => { render(): Promise<unknown> };
    };
    expect(menu.restricted).toBe(true);
    expect(s.i18n.localize(menu.label)).toBe("Run system self-test");

    await new menu.type().render();

    // Outside Foundry the batches cannot make documents, so they fail — but they ran and were reported.
    const message = s.world.chatMessages[0] as { content: string } | undefined;
    expect(message?.content).toMatch(/\d+ passed, [1-9]\d* failed/);
    for (const name of ["documents", "attacks", "combat"]) expect(message?.content).toContain(`d20 Combat: ${name}`);
    expect(s.world.created.every((d) => d.deleted)).toBe(true);
  });
});
