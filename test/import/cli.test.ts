/**
 * [SYS-IMPORT] The command line: `runImport` (what `npm run import` runs) reads files and folders,
 * writes YAML pack sources that the official CLI compiles into packs whose every document passes
 * our data models, and a JSON report; bad input gets a clear per-entry error and loses nothing.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import yaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import { main, parseArgs, runImport } from "../../src/import/cli.js";
import type { ReportEntry } from "../../src/import/report.js";
import type { PackActor, PackItem } from "../packs/pack-sources.js";
import { FIXTURES, fixture, itemProblems, modelProblems } from "./fixtures.js";

const scratch = mkdtempSync(path.join(tmpdir(), "d20c-import-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Plain = Record<string, unknown>;

/** A small dnd5e monster in the activities shape, numbered. */
function smallMonster(i: number, over: Plain = {}): Plain {
  return {
    _id: `tinyBeast${String(i).padStart(7, "0")}`,
    name: `Tiny Beast ${i}`,
    type: "npc",
    system: {
      abilities: {
        str: { value: 8 },
        dex: { value: 14 },
        con: { value: 10 },
        int: { value: 2 },
        wis: { value: 10 },
        cha: { value: 4 },
      },
      attributes: { ac: { flat: 12, calc: "natural" }, hp: { value: 3, max: 3 }, movement: { walk: 20, units: "ft" } },
      details: { cr: 0 },
      traits: { size: "tiny" },
    },
    items: [
      {
        _id: `tinyBite${String(i).padStart(8, "0")}`,
        name: "Bite",
        type: "weapon",
        system: {
          damage: { base: { number: 1, denomination: 2, types: ["piercing"] } },
          activities: {
            a: {
              _id: "a",
              type: "attack",
              attack: { ability: "dex", bonus: "", flat: false, type: { value: "melee" } },
              damage: { parts: [] },
            },
          },
        },
      },
    ],
    _stats: { systemId: "dnd5e" },
    ...over,
  };
}

function entryNamed(entries: readonly ReportEntry[], name: string): ReportEntry {
  const e = entries.find((x) => x.name === name);
  expect(e, `no report entry "${name}"`).toBeDefined();
  return e!;
}

describe("[SYS-IMPORT] npm run import", () => {
  it("[SYS-IMPORT] arguments: files or folders, --to, --out, --report; a missing value or no input is refused", () => {
    expect(parseArgs(["a.json", "dir", "--out", "o", "--report", "r.json", "--to", "ffd20"])).toEqual({
      inputs: ["a.json", "dir"],
      to: "ffd20",
      out: "o",
      report: "r.json",
    });
    expect(() => parseArgs(["--out"])).toThrow("--out needs a value");
    expect(() => parseArgs([])).toThrow("name at least one file or folder");
    expect(() => parseArgs(["x", "--frobnicate"])).toThrow("unknown option --frobnicate");
    expect(main(["--to"])).toBe(2);
  });

  it("[SYS-IMPORT] the YAML sources it writes compile with the official CLI into packs whose documents pass our data models", async () => {
    const out = path.join(scratch, "out");
    const report = path.join(scratch, "report.json");
    const logs: string[] = [];
    const entries = runImport({ inputs: [FIXTURES], out, report }, (l) => logs.push(l));
    const fixtureCount = readdirSync(FIXTURES).filter((f) => f.endsWith(".json")).length;
    expect(entries.length).toBe(fixtureCount);
    expect(entries.filter((e) => e.status === "failed")).toEqual([]);
    // One summary line per source and game.
    expect(logs.filter((l) => l.includes("→")).sort()).toEqual([
      expect.stringMatching(/^archmage → 13th-age: 5 documents, 1 full \(20%\), 4 partial, 0 failed$/),
      expect.stringMatching(/^dnd4e → ffd20: 4 documents, 3 full \(75%\), 1 partial, 0 failed$/),
      expect.stringMatching(/^dnd5e → hundred-dungeons: 4 documents/),
      expect.stringMatching(/^pf1 → wounds-d20: 4 documents, 1 full \(25%\), 3 partial, 0 failed$/),
    ]);
    const written = JSON.parse(readFileSync(report, "utf8")) as { summary: string[]; entries: ReportEntry[] };
    expect(written.entries).toEqual(entries);
    for (const e of written.entries)
      expect(Object.keys(e).sort()).toEqual([
        "automated",
        "dropped",
        "errors",
        "name",
        "review",
        "sourceId",
        "sourceSystem",
        "status",
        "target",
        "text",
        "type",
      ]);
    const folders = readdirSync(out)
      .filter((f) => !f.endsWith(".json"))
      .sort();
    expect(folders).toEqual([
      "13th-age-actors",
      "ffd20-actors",
      "hundred-dungeons-actors",
      "hundred-dungeons-items",
      "wounds-d20-actors",
    ]);
    let documents = 0;
    for (const folder of folders) {
      const sources = readdirSync(path.join(out, folder));
      const db = path.join(scratch, "db", folder);
      const back = path.join(scratch, "back", folder);
      await compilePack(path.join(out, folder), db, { yaml: true, recursive: true });
      await extractPack(db, back, { yaml: false });
      const docs = readdirSync(back).map((f) => JSON.parse(readFileSync(path.join(back, f), "utf8")) as PackActor);
      // The CLI skips a source whose _key is wrong without a word: every one came back.
      expect(docs.length, folder).toBe(sources.length);
      for (const d of docs) {
        if (folder.endsWith("-actors")) {
          expect(modelProblems(d), d.name).toEqual([]);
          expect(d.items.length, d.name).toBeGreaterThan(0);
        } else expect(itemProblems(d as unknown as PackItem), d.name).toEqual([]);
        expect((d as unknown as { flags: Plain }).flags["d20-combat"]).toMatchObject({
          import: { sourceSystem: expect.any(String) },
        });
        documents++;
      }
    }
    expect(documents).toBe(fixtureCount);
  });

  it("[SYS-IMPORT] bad input: not JSON, another system's document, a broken formula, 10 MB of text and a thousand entries", () => {
    const dir = path.join(scratch, "bad");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "not-json.json"), "{ this is not json");
    writeFileSync(path.join(dir, "notes.txt"), "ignored: not a document file");
    writeFileSync(
      path.join(dir, "pf2e.json"),
      JSON.stringify({
        _id: "pf2eThing0000001",
        name: "Other Game Monster",
        type: "npc",
        system: {},
        _stats: { systemId: "pf2e" },
      }),
    );
    const broken = smallMonster(1, { name: "Broken Formula" });
    ((broken.items as Plain[])[0]!.system as Plain).activities = {
      a: {
        _id: "a",
        type: "attack",
        attack: { ability: "dex" },
        damage: { parts: [{ custom: { enabled: true, formula: "1d4 + @frobnitz" }, types: ["fire"] }] },
      },
    };
    writeFileSync(path.join(dir, "broken.json"), JSON.stringify(broken));
    const huge = smallMonster(2, { name: "Long Story" });
    (huge.system as { details: Plain }).details.biography = { value: `<p>${"The tale goes on. ".repeat(600_000)}</p>` };
    writeFileSync(path.join(dir, "huge.json"), JSON.stringify(huge));
    writeFileSync(
      path.join(dir, "many.json"),
      JSON.stringify(Array.from({ length: 1000 }, (_v, i) => smallMonster(i + 10))),
    );
    expect(readFileSync(path.join(dir, "huge.json")).length).toBeGreaterThan(10_000_000);
    const out = path.join(scratch, "bad-out");
    const entries = runImport({ inputs: [dir], out }, () => {});
    expect(entries.length).toBe(1004);
    const notJson = entries.find((e) => e.errors.some((m) => m.includes("not-json.json")))!;
    expect(notJson).toMatchObject({ status: "failed", sourceSystem: "unknown" });
    expect(notJson.errors[0]).toMatch(/not-json\.json: not JSON/);
    expect(entryNamed(entries, "Other Game Monster")).toMatchObject({
      status: "failed",
      errors: ['a document of the "pf2e" system; this importer reads archmage, dnd5e, dnd4e, pf1'],
    });
    const b = entryNamed(entries, "Broken Formula");
    expect(b.status).toBe("partial");
    expect(b.errors).toEqual(['Bite: damage: "1d4 + @frobnitz" names @frobnitz, which this import cannot resolve']);
    const long = entryNamed(entries, "Long Story");
    expect(long.status).toBe("full");
    expect(long.dropped).toEqual(["biography beyond 20,000 characters left out"]);
    const many = entries.filter((e) => e.name.startsWith("Tiny Beast"));
    expect(many.length).toBe(1000);
    expect(many.every((e) => e.status === "full")).toBe(true);
    // Nothing lost: every converted document was written, the broken formula's power without its damage.
    const files = readdirSync(path.join(out, "hundred-dungeons-actors"));
    expect(files.length).toBe(1002);
    const brokenDoc = files.find((f) => f.startsWith("broken-formula"))!;
    const stored = yaml.load(readFileSync(path.join(out, "hundred-dungeons-actors", brokenDoc), "utf8")) as PackActor;
    expect(stored.items[0]!.system).toMatchObject({
      damage: "1d2 + 2",
      damageTypes: ["piercing"],
      attackAbility: "dex",
    });
    expect(modelProblems(stored)).toEqual([]);
  });

  it("[SYS-IMPORT] --to another game is refused with a reason unless docs/import.md documents the mapping", () => {
    const out = path.join(scratch, "to-out");
    const file = path.join(scratch, "one.json");
    writeFileSync(file, JSON.stringify(fixture("dnd4e-minion.json")));
    const [entry] = runImport({ inputs: [file], out, to: "13th-age" }, () => {});
    expect(entry).toMatchObject({
      status: "failed",
      errors: [
        'dnd4e content converts to ffd20; converting it to "13th-age" is not a mapping docs/import.md documents',
      ],
    });
    cpSync(file, path.join(scratch, "two.json"));
    expect(runImport({ inputs: [path.join(scratch, "two.json")], out, to: "ffd20" }, () => {})[0]!.status).toBe("full");
  });
});
