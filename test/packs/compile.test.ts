/**
 * [SYS-DOCS] Every declared pack compiles with foundryvtt-cli the way `npm run build` compiles it
 * (YAML, recursive) and reads back with every document and embedded item present: the CLI skips a
 * source whose `_key` is missing or wrong without a word, so a count that matches proves none was
 * dropped. Compiles into a scratch folder, never into dist/.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../stand-ins/i18n.js";
import { fillPackDocument } from "../../src/data/pack-fill.js";
import { loadPacks, type Plain } from "./pack-sources.js";

const scratch = mkdtempSync(path.join(tmpdir(), "d20c-packs-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("[SYS-DOCS] pack compilation", () => {
  for (const pack of loadPacks()) {
    it(`[SYS-DOCS] ${pack.entry.name} compiles and extracts with every document and embedded item`, async () => {
      const db = path.join(scratch, "db", pack.entry.name);
      const out = path.join(scratch, "out", pack.entry.name);
      await compilePack(path.join(REPO_ROOT, "packs", pack.entry.name), db, {
        yaml: true,
        recursive: true,
        transformEntry: (doc) => void fillPackDocument(doc),
      });
      await extractPack(db, out, { yaml: false });
      const extracted = readdirSync(out)
        .filter((f) => f.endsWith(".json"))
        .map((f) => JSON.parse(readFileSync(path.join(out, f), "utf8")) as Plain);
      const byId = new Map(extracted.map((d) => [String(d._id), d]));
      expect(extracted.length).toBe(pack.docs.length + pack.folders.length);
      for (const { doc } of pack.folders) expect(byId.get(String(doc._id))?.name).toBe(doc.name);
      for (const { doc } of pack.docs) {
        const back = byId.get(String(doc._id));
        expect(back, String(doc.name)).toBeDefined();
        expect(back!.name).toBe(doc.name);
        expect(back!.system).toEqual(doc.system);
        const items = (doc.items as Plain[] | undefined) ?? [];
        const backItems = (back!.items as Plain[] | undefined) ?? [];
        expect(backItems.map((i) => i._id).sort(), String(doc.name)).toEqual(items.map((i) => i._id).sort());
      }
    });
  }
});
