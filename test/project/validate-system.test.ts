import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { validateDist, validateSystem } from "../../scripts/lib/validate-system.mjs";
import { REPO_ROOT } from "../stand-ins/i18n.js";

/** A scratch copy of the files system.json points at, for breaking on purpose. */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "d20c-system-"));
  for (const p of [
    "system.json",
    "lang",
    "styles",
    "templates",
    "packs",
    "src/d20-combat.ts",
    "README.md",
    "CHANGELOG.md",
    "LICENSE",
    "assets/media",
  ]) {
    cpSync(path.join(REPO_ROOT, p), path.join(dir, p), { recursive: true });
  }
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The first Actor pack system.json declares (the tests below break its sources on purpose). */
const ACTOR_PACK = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, "system.json"), "utf8")) as { packs: { name: string; type: string }[] }
).packs.find((p) => p.type === "Actor")!.name;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test edits arbitrary JSON
const edit = (rel: string, fn: (json: Json) => void) => {
  const file = path.join(dir, rel);
  const json = JSON.parse(readFileSync(file, "utf8")) as Json;
  fn(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
};

describe("validateSystem", () => {
  it("accepts the repository's system.json", () => {
    expect(validateSystem(REPO_ROOT)).toEqual([]);
  });

  it("accepts the scratch copy unchanged", () => {
    expect(validateSystem(dir)).toEqual([]);
  });

  it("names a missing documentType", () => {
    edit("system.json", (s) => delete s.documentTypes.Item.weapon);
    expect(validateSystem(dir)).toContain('system.json: documentTypes.Item is missing required type "weapon"');
  });

  it("names a style path that does not exist", () => {
    edit("system.json", (s) => (s.styles = ["styles/missing.css"]));
    expect(validateSystem(dir)).toContain('system.json: styles "styles/missing.css" does not exist');
  });

  it("names an esmodule the build cannot produce", () => {
    edit("system.json", (s) => (s.esmodules = ["wrong.mjs"]));
    expect(validateSystem(dir)).toContain(
      'system.json: esmodules "wrong.mjs" is not produced by the build (no src/wrong.ts)',
    );
  });

  it("[SYS-RELEASE] names a licence, background or media path that does not exist, and a missing second bar or hot reload", () => {
    edit("system.json", (s) => {
      s.license = "LICENCE.txt";
      s.background = "assets/none.webp";
      s.media[1].url = "assets/media/gone.png";
      delete s.secondaryTokenAttribute;
      delete s.flags.hotReload;
    });
    expect(validateSystem(dir)).toEqual(
      expect.arrayContaining([
        'system.json: license "LICENCE.txt" does not exist',
        'system.json: background "assets/none.webp" does not exist',
        'system.json: media[1].url "assets/media/gone.png" does not exist',
        `system.json: "secondaryTokenAttribute" must name the tokens' second bar`,
        "system.json: flags.hotReload is missing (npm run dev reloads styles, templates and lang)",
      ]),
    );
  });

  it("names a language file that does not exist", () => {
    edit("system.json", (s) => (s.languages[0].path = "lang/xx.json"));
    expect(validateSystem(dir)).toContain('system.json: languages "lang/xx.json" does not exist');
  });

  it("names a document type without a TYPES label", () => {
    edit("system.json", (s) => (s.documentTypes.Item.spell = { htmlFields: ["description"] }));
    expect(validateSystem(dir)).toContain("lang/en.json: missing label TYPES.Item.spell");
  });

  it("names invalid JSON", () => {
    writeFileSync(path.join(dir, "system.json"), "{ nope");
    expect(validateSystem(dir)[0]).toMatch(/^system\.json: not valid JSON/);
  });

  it("names a pack whose source folder is missing", () => {
    edit("system.json", (s) => s.packs.push({ ...s.packs[0], name: "spells", path: "packs/spells" }));
    expect(validateSystem(dir)).toContain('system.json packs "spells": source folder packs/spells/ does not exist');
  });

  it("names a pack source without _key, or with a wrong one", () => {
    const folder = path.join(dir, "packs", ACTOR_PACK);
    writeFileSync(path.join(folder, "nokey.yml"), "_id: abcdefghijklmnop\nname: X\ntype: npc\n");
    writeFileSync(
      path.join(folder, "badkey.yml"),
      '_id: bbcdefghijklmnop\n_key: "!items!bbcdefghijklmnop"\nname: Y\ntype: npc\n',
    );
    const errors = validateSystem(dir);
    expect(errors).toContain(
      `packs/${ACTOR_PACK}/nokey.yml: missing _key (foundryvtt-cli silently skips it); expected "!actors!abcdefghijklmnop"`,
    );
    expect(errors).toContain(
      `packs/${ACTOR_PACK}/badkey.yml: _key "!items!bbcdefghijklmnop" should be "!actors!bbcdefghijklmnop"`,
    );
  });

  it("checks embedded documents' _key", () => {
    const folder = path.join(dir, "packs", ACTOR_PACK);
    writeFileSync(
      path.join(folder, "embedded.yml"),
      [
        "_id: cccdefghijklmnop",
        '_key: "!actors!cccdefghijklmnop"',
        "name: Z",
        "type: npc",
        "items:",
        "  - _id: itemitemitemitem",
        '    _key: "!items!itemitemitemitem"',
        "    name: Claw",
        "    type: power",
      ].join("\n"),
    );
    expect(validateSystem(dir)).toContain(
      `packs/${ACTOR_PACK}/embedded.yml items[0]: _key "!items!itemitemitemitem" should be "!actors.items!cccdefghijklmnop.itemitemitemitem"`,
    );
  });
});

describe("validateDist", () => {
  it("names every path dist/system.json lists that is missing", () => {
    const dist = mkdtempSync(path.join(tmpdir(), "d20c-dist-"));
    try {
      cpSync(path.join(REPO_ROOT, "system.json"), path.join(dist, "system.json"));
      const errors = validateDist(dist);
      expect(errors).toContain('dist/system.json esmodules "d20-combat.mjs" is missing from dist/');
      expect(errors).toContain('dist/system.json styles "styles/d20-combat.css" is missing from dist/');
      expect(errors).toContain('dist/system.json languages "lang/en.json" is missing from dist/');
      expect(errors).toContain(`dist/system.json packs "${ACTOR_PACK}" "packs/${ACTOR_PACK}" is missing from dist/`);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
