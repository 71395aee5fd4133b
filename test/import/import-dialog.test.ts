/**
 * [SYS-IMPORT] "Import from another system" in Foundry, through the adapter with the test
 * stand-ins: the directories' GM-only button, the window's controls driven with a stand-in file
 * picker (exported files, a file that is not JSON, another system's document, pasted JSON), the
 * table of entries the GM reads, ticking, importing into a folder, the created documents with their
 * flags, the saved report, and nothing else in the world changed.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installAttackStandIn } from "../stand-ins/foundry-attack.js";
import { DirectoryHtmlStandIn, ImportHostStandIn, renderDirectoryStandIn } from "../stand-ins/directory-html.js";
import { FIXTURES } from "./fixtures.js";

const GAME = "hundred-dungeons";

/** A file as the browser's picker hands it over. */
const file = (name: string, text: string) => ({ name, text: async () => text });
const fixtureFile = (name: string) => file(name, readFileSync(path.join(FIXTURES, name), "utf8"));

interface Created {
  kind: "Actor" | "Item";
  data: Record<string, unknown>;
}

let uninstall: () => void;
let folders: Record<string, unknown>[];
let created: Created[];
let saved: { data: string; type: string; name: string }[];
/** The world before the import: documents that must not change. */
let world: { name: string; system: Record<string, unknown>; writes: unknown[] }[];

beforeEach(() => {
  ({ uninstall } = installAttackStandIn(GAME, { preloadTemplates: true }));
  const g = globalThis as Record<string, unknown>;
  (g.game as { user: { isGM: boolean } }).user.isGM = true;
  folders = [];
  created = [];
  saved = [];
  world = [{ name: "Old Goblin", system: { hp: { value: 7, max: 7 } }, writes: [] }];
  (g.foundry as { utils?: unknown }).utils = {
    escapeHTML: (s: string) => s,
    saveDataToFile: (data: string, type: string, name: string) => saved.push({ data, type, name }),
  };
  g.Folder = {
    create: async (data: Record<string, unknown>) => {
      folders.push(data);
      return { id: `folder${folders.length}`, ...data };
    },
  };
  const cls = (kind: "Actor" | "Item") => ({
    createDocuments: async (datas: Record<string, unknown>[]) =>
      datas.map((data) => {
        created.push({ kind, data: structuredClone(data) });
        return { id: `new${created.length}`, ...data };
      }),
  });
  g.Actor = cls("Actor");
  g.Item = cls("Item");
  // The world's documents: any write to them (an update, a delete, one by class) is recorded.
  const worldDoc = world[0]!;
  const doc = {
    ...worldDoc,
    id: "old1",
    update: async (change: unknown) => worldDoc.writes.push({ update: change }),
    delete: async () => worldDoc.writes.push({ delete: true }),
  };
  const collection = { contents: [doc], get: (id: string) => (id === "old1" ? doc : undefined), size: 1 };
  Object.assign(g.game as object, { actors: collection, items: { contents: [], get: () => undefined, size: 0 } });
  for (const c of [g.Actor, g.Item] as Record<string, unknown>[]) {
    c.updateDocuments = async (u: unknown) => worldDoc.writes.push({ updateDocuments: u });
    c.deleteDocuments = async (ids: unknown) => worldDoc.writes.push({ deleteDocuments: ids });
  }
});

afterEach(() => {
  uninstall();
  const g = globalThis as Record<string, unknown>;
  delete g.Folder;
  delete g.Actor;
  delete g.Item;
});

function setGM(isGM: boolean): void {
  (globalThis as unknown as { game: { user: { isGM: boolean } } }).game.user.isGM = isGM;
}

async function dialogModules() {
  const dialog = {
    ...(await import("../../src/applications/import/import-actions.js")),
    ...(await import("../../src/applications/import/import-dialog.js")),
  };
  const { ImportSession } = await import("../../src/applications/import/import-session.js");
  return { ...dialog, session: new ImportSession(GAME, "Imported") };
}

/** The picked files of the tests: two dnd5e exports, a 13th Age monster, a broken file, a pf2e document. */
const PICKED = () => [
  fixtureFile("dnd5e-ember-hound.json"),
  fixtureFile("dnd5e-legacy-spear.json"),
  fixtureFile("archmage-mook.json"),
  file("broken.json", "{ this is not json"),
  file("other.json", JSON.stringify({ name: "Other Beast", type: "npc", system: {}, _stats: { systemId: "pf2e" } })),
];

describe("[SYS-IMPORT] the import window in Foundry", () => {
  it("[SYS-IMPORT] the Actors and Items directories get the GM's import button; a player gets none", async () => {
    const { onRenderImportDirectory } = await dialogModules();
    const html = new DirectoryHtmlStandIn();
    renderDirectoryStandIn(onRenderImportDirectory, html);
    // Rendered again (Foundry re-renders directories), still one button.
    renderDirectoryStandIn(onRenderImportDirectory, html);
    const buttons = html.querySelectorAll("[data-d20c-import-open]");
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.innerHTML).toContain("Import from another system");
    setGM(false);
    const playerHtml = new DirectoryHtmlStandIn();
    renderDirectoryStandIn(onRenderImportDirectory, playerHtml);
    expect(playerHtml.appended).toHaveLength(0);
  });

  it("[SYS-IMPORT] picked files are read into a table: source, game, status and counts per entry; broken and foreign files are failed entries naming why", async () => {
    const { importAction, importMarkup, session } = await dialogModules();
    const host = new ImportHostStandIn();
    const redraw = await importAction(session, "read", host as never, () => PICKED());
    expect(redraw).toBe(true);
    const entries = session.rows.map((r) => r.conversion.entry);
    expect(entries.map((e) => [e.name, e.sourceSystem, e.target, e.status])).toEqual([
      ["Ember Hound", "dnd5e", GAME, expect.stringMatching(/^(full|partial)$/)],
      ["Guard's Spear", "dnd5e", GAME, expect.stringMatching(/^(full|partial)$/)],
      [expect.any(String), "archmage", "13th-age", expect.stringMatching(/^(full|partial)$/)],
      ["broken.json", "unknown", "", "failed"],
      ["Other Beast", "unknown", "", "failed"],
    ]);
    expect(entries[3]!.errors[0]).toMatch(/^broken\.json: not JSON/);
    expect(entries[4]!.errors.join(" ")).toMatch(/pf2e/);
    // This world's game is ticked; another game's entry and the failed ones are not.
    expect(session.rows.map((r) => r.ticked)).toEqual([true, true, false, false, false]);
    const html = await importMarkup(session);
    expect(html).toContain("Ember Hound");
    expect(html).toContain("Hundred Dungeons");
    expect(html).toContain("13th Age");
    expect(html).toContain("Not converted");
    expect(html).toContain("For 13th Age, not this world&#x27;s game");
    expect(html).toContain("not JSON");
    // Each entry's counts: its automated / text / dropped / errors lines.
    const hound = entries[0]!;
    expect(hound.automated.length).toBeGreaterThan(0);
    const cells = (row: number) =>
      [
        ...html
          .split(`data-d20c-import-row="${row}"`)[1]!
          .split("</tr>")[0]!
          .matchAll(/<td>(\d+)<\/td>/g),
      ].map((m) => Number(m[1]));
    expect(cells(0)).toEqual([hound.automated.length, hound.text.length, hound.dropped.length, hound.errors.length]);
    expect(cells(3)).toEqual([0, 0, 0, 1]);
    expect(html).toMatch(/dnd5e → hundred-dungeons: 2 documents/);
  });

  it("[SYS-IMPORT] importing the ticked entries makes a folder per kind with new documents carrying their origin and losses; nothing else in the world changes", async () => {
    const { importAction, importMarkup, session } = await dialogModules();
    const host = new ImportHostStandIn();
    host.paste.value = readFileSync(path.join(FIXTURES, "dnd5e-character.json"), "utf8");
    await importAction(session, "read", host as never, () => PICKED());
    // The GM unticks the spear, ticks the 13th Age mook anyway, names the folder.
    session.tick(1, false);
    session.tick(2, true);
    session.tick(3, true); // a failed entry cannot be ticked
    session.folder = "From the old campaign";
    const before = structuredClone(world);
    await importAction(session, "import", host as never);
    expect(folders).toEqual([{ name: "From the old campaign", type: "Actor" }]);
    expect(created.map((c) => [c.kind, c.data.name])).toEqual([
      ["Actor", "Ember Hound"],
      ["Actor", session.rows[2]!.conversion.entry.name],
      ["Actor", session.rows[5]!.conversion.entry.name],
    ]);
    for (const c of created) {
      // New ids (nothing replaced), in the new folder, with the origin and losses on record.
      expect(c.data._id).toBeUndefined();
      expect(c.data.folder).toBe("folder1");
      const flag = (c.data.flags as Record<string, { import: Record<string, unknown>; ruleset: string }>)[
        "d20-combat"
      ]!;
      expect(flag.import).toMatchObject({ dismissed: false, sourceName: c.data.name });
      expect(["dnd5e", "archmage"]).toContain(flag.import.sourceSystem);
    }
    const hound = created[0]!.data;
    const houndEntry = session.rows[0]!.conversion.entry;
    expect(
      (hound.flags as Record<string, { import: { text: string[]; sourceId: string } }>)["d20-combat"]!.import,
    ).toMatchObject({
      text: houndEntry.text,
      sourceId: houndEntry.sourceId,
    });
    expect((hound.flags as Record<string, { ruleset: string }>)["d20-combat"]!.ruleset).toBe(GAME);
    expect((created[1]!.data.flags as Record<string, { ruleset: string }>)["d20-combat"]!.ruleset).toBe("13th-age");
    // The progress bar moved to the end; the window says what was made.
    expect(host.progress.seen.at(-1)).toBe(3);
    expect(host.progress.max).toBe(3);
    expect(await importMarkup(session)).toContain("Imported 3 actors and 0 items into the folder");
    // Nothing already in the world was written.
    expect(world).toEqual(before);
    expect(world.flatMap((d) => d.writes)).toEqual([]);
  });

  it("[SYS-IMPORT] an item entry goes to an Item folder; hundreds of entries import in steps", async () => {
    const { importAction, session } = await dialogModules();
    const spear = JSON.parse(readFileSync(path.join(FIXTURES, "dnd5e-legacy-spear.json"), "utf8")) as Record<
      string,
      unknown
    >;
    const many = Array.from({ length: 120 }, (_, i) => ({
      ...spear,
      _id: `spear${String(i).padStart(11, "0")}`,
      name: `Spear ${i}`,
    }));
    const host = new ImportHostStandIn();
    await importAction(session, "read", host as never, () => [file("spears.json", JSON.stringify(many))]);
    expect(session.rows).toHaveLength(120);
    await importAction(session, "import", host as never);
    expect(folders).toEqual([{ name: "Imported", type: "Item" }]);
    expect(created).toHaveLength(120);
    expect(created.every((c) => c.kind === "Item" && c.data.folder === "folder1")).toBe(true);
    expect(host.progress.seen).toEqual([0, 50, 100, 120]);
  });

  it("[SYS-IMPORT] the report saves as the JSON the command line writes, one entry per document", async () => {
    const { importAction, session } = await dialogModules();
    await importAction(session, "read", new ImportHostStandIn() as never, () => PICKED());
    expect(await importAction(session, "report", new ImportHostStandIn() as never)).toBe(false);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe("import-report.json");
    const report = JSON.parse(saved[0]!.data) as { summary: string[]; entries: Record<string, unknown>[] };
    expect(report.entries).toHaveLength(5);
    for (const e of report.entries)
      expect(Object.keys(e).sort()).toEqual(
        [
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
        ].sort(),
      );
    expect(report.summary.some((l) => l.startsWith("dnd5e → hundred-dungeons: 2 documents"))).toBe(true);
  });

  it("[SYS-IMPORT] a player's click reads nothing and imports nothing", async () => {
    const { importAction, session } = await dialogModules();
    setGM(false);
    expect(await importAction(session, "read", new ImportHostStandIn() as never, () => PICKED())).toBe(false);
    expect(session.rows).toHaveLength(0);
    expect(await importAction(session, "import", new ImportHostStandIn() as never)).toBe(false);
    expect(created).toHaveLength(0);
    expect(folders).toHaveLength(0);
  });
});
