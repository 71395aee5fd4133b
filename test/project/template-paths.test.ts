/**
 * Every template path the adapter asks Foundry to render (`systems/${SYSTEM_ID}/templates/…`) must
 * exist under templates/, or the sheet, card or tracker fails to open in Foundry with a 404.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listFiles } from "../../scripts/lib/files.mjs";
import { REPO_ROOT } from "../stand-ins/i18n.js";
import { SYSTEM_ID } from "../../src/constants.js";
import { slotTemplates } from "../../src/applications/sheets/game-parts.js";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";

const TEMPLATE_PATH = /systems\/\$\{SYSTEM_ID\}\/(templates\/[\w/.-]+\.hbs)/g;

function referencedTemplates(): string[] {
  const found = new Set<string>();
  for (const rel of listFiles(path.join(REPO_ROOT, "src"), (n) => n.endsWith(".ts"))) {
    const text = readFileSync(path.join(REPO_ROOT, "src", rel), "utf8");
    for (const m of text.matchAll(TEMPLATE_PATH)) found.add(m[1] as string);
  }
  return [...found].sort();
}

describe("template paths named in src/", () => {
  it("every rendered template exists in templates/", () => {
    const refs = referencedTemplates();
    // The sheets, the attack card and the tracker additions are all rendered by path.
    expect(refs).toEqual(expect.arrayContaining(["templates/chat/attack-card.hbs", "templates/sheets/actor.hbs"]));
    expect(refs.filter((p) => !existsSync(path.join(REPO_ROOT, p)))).toEqual([]);
  });

  it("[SYS-RULESET] every sheet part a built-in game writes at the sheet's slots exists in templates/", () => {
    const games = RULESET_IDS.map(getRuleset);
    const paths = [...new Set(games.flatMap((g) => slotTemplates(g)))];
    // The shared HP block and at least one game's own part (Wounds d20's wound track).
    expect(paths).toEqual(
      expect.arrayContaining([
        `systems/${SYSTEM_ID}/templates/actor/parts/hp.hbs`,
        `systems/${SYSTEM_ID}/templates/games/wounds-d20/wounds.hbs`,
      ]),
    );
    const local = paths.map((p) => p.replace(`systems/${SYSTEM_ID}/`, ""));
    expect(local.filter((p) => !existsSync(path.join(REPO_ROOT, p)))).toEqual([]);
    // Every template under templates/games/ and templates/actor/parts/ is some game's part.
    const shipped = listFiles(path.join(REPO_ROOT, "templates"), (n) => n.endsWith(".hbs"))
      .map((rel) => `templates/${rel}`)
      .filter((p) => p.startsWith("templates/games/") || p.startsWith("templates/actor/parts/"));
    expect(shipped.filter((p) => !local.includes(p))).toEqual([]);
  });
});
