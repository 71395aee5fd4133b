/**
 * [SYS-RELEASE] Precompiled templates (issue 34): what the build puts into the bundle for the first
 * renders (scripts/lib/precompiled-templates.mjs), registered at init by the product's own
 * `registerPrecompiledTemplates`, renders exactly what the template's source compiles to, and the
 * card's synchronous render then uses it (no template compiled at the first card).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PRECOMPILED_BUDGET,
  firstRenderTemplates,
  precompiledModule,
  precompiledSize,
} from "../../scripts/lib/precompiled-templates.mjs";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { installAttackStandIn } from "../stand-ins/foundry-attack.js";
import { createTemplateRenderer, REPO_ROOT } from "../support/handlebars.js";
import { standInViewer, threeTargetCard } from "../workflows/attack-card-fixture.js";

const dir = mkdtempSync(path.join(tmpdir(), "d20c-precompiled-"));
let specs: Record<string, unknown>;
let uninstall: () => void;

beforeAll(async () => {
  const file = path.join(dir, "templates.mjs");
  writeFileSync(file, precompiledModule(REPO_ROOT, "d20-combat"));
  ({ PRECOMPILED_TEMPLATES: specs } = (await import(pathToFileURL(file).href)) as {
    PRECOMPILED_TEMPLATES: Record<string, unknown>;
  });
  ({ uninstall } = installAttackStandIn("13th-age"));
});
afterAll(() => {
  uninstall();
  rmSync(dir, { recursive: true, force: true });
});

describe("[SYS-RELEASE] precompiled templates", () => {
  it("[SYS-RELEASE] the first card's and the first sheet's templates are precompiled, within the 30 KB gzip the build may add", async () => {
    const paths = firstRenderTemplates(REPO_ROOT);
    for (const t of ["templates/chat/attack-card.hbs", "templates/sheets/actor.hbs", "templates/actor/parts/hp.hbs"])
      expect(paths).toContain(t);
    expect(Object.keys(specs).sort()).toEqual(paths.map((p) => `systems/d20-combat/${p}`).sort());
    const size = await precompiledSize(REPO_ROOT, "d20-combat");
    expect(size.gzip).toBeGreaterThan(0);
    expect(size.gzip).toBeLessThan(PRECOMPILED_BUDGET);
  });

  it("[SYS-RELEASE] registered at init as the partials of their paths, the card renders synchronously from the precompiled template, byte for byte what its source renders", async () => {
    // Foundry's Handlebars after init: the helpers, and the partials loaded so far (none).
    const { handlebars } = createTemplateRenderer({ strict: false });
    for (const name of Object.keys(handlebars.partials)) handlebars.unregisterPartial(name);
    const g = globalThis as { Handlebars?: unknown };
    const before = g.Handlebars;
    g.Handlebars = handlebars;
    try {
      const { registerPrecompiledTemplates } = await import("../../src/applications/precompiled-templates.js");
      const { renderAttackCardSync } = await import("../../src/workflows/chat-render.js");
      const card = await threeTargetCard();
      const viewer = standInViewer({ isGM: true, visibility: "owners" });
      expect(renderAttackCardSync(card, viewer)).toBeNull();
      expect(registerPrecompiledTemplates(specs)).toBe(Object.keys(specs).length);
      const fromSource = createTemplateRenderer({ strict: false }).render(
        "templates/chat/attack-card.hbs",
        attackCardContext(card, viewer),
      );
      expect(renderAttackCardSync(card, viewer)).toBe(fromSource);
    } finally {
      g.Handlebars = before;
    }
  });
});
