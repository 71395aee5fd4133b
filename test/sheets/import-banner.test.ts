/**
 * [SYS-IMPORT] An imported document's sheet shows what its import lost (kept as text, left out,
 * could not convert, to check) from `flags["d20-combat"].import` until the GM dismisses it: the
 * banner's context from a real conversion's flag, the actor and item templates rendering it, the
 * GM-only dismiss button, and the dismiss action writing only the flag's `dismissed`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importBannerContext } from "../../src/applications/sheets/import-banner.js";
import { convertDocument } from "../../src/import/index.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { installSheetStandIn } from "../stand-ins/foundry-sheet.js";
import { fixture } from "../import/fixtures.js";
import { heroContext, i18n, itemContext, wholeSheet } from "./sheet-fixtures.js";

const hbs = createTemplateRenderer();

/** The import flag a real conversion writes on a fixture. */
function importFlagOf(name: string): Record<string, unknown> {
  const c = convertDocument(fixture(name));
  const flags = c.doc!.data.flags as Record<string, { import: Record<string, unknown> }>;
  return flags["d20-combat"]!.import;
}

describe("[SYS-IMPORT] the import banner on an imported document's sheet", () => {
  it("[SYS-IMPORT] the banner lists a real conversion's losses, most serious first; none without a flag, once dismissed, or when nothing was lost", () => {
    const flag = importFlagOf("pf1-gloom-stalker.json");
    const banner = importBannerContext(flag, true)!;
    expect(banner).not.toBeNull();
    expect(banner.source).toBe("pf1");
    const order = ["errors", "dropped", "text", "review"].filter((k) => (flag[k] as string[]).length);
    expect(banner.lists.map((l) => l.label)).toEqual(order.map((k) => `D20C.Import.List.${k}`));
    const text = banner.lists.find((l) => l.label.endsWith(".text"));
    if (text) expect(text.lines).toEqual((flag.text as string[]).slice(0, 20));
    expect(banner.canDismiss).toBe(true);
    expect(importBannerContext(flag, false)!.canDismiss).toBe(false);
    expect(importBannerContext(undefined, true)).toBeNull();
    expect(importBannerContext({ ...flag, dismissed: true }, true)).toBeNull();
    expect(importBannerContext({ ...flag, text: [], dropped: [], errors: [], review: [] }, true)).toBeNull();
    // A long list shows its first 20 lines and how many more the report holds.
    const long = importBannerContext({ text: Array.from({ length: 25 }, (_, i) => `line ${i}`) }, true)!;
    expect(long.lists[0]!.lines).toHaveLength(20);
    expect(long.lists[0]!.more).toBe(5);
  });

  it("[SYS-IMPORT] the actor sheet shows the banner with the GM's dismiss button; a player reads it without the button", () => {
    const flag = importFlagOf("pf1-gloom-stalker.json");
    const lines = [...(flag.text as string[]), ...(flag.dropped as string[]), ...(flag.errors as string[])];
    expect(lines.length).toBeGreaterThan(0);
    const render = (isGM: boolean) =>
      wholeSheet(hbs, { ...heroContext("wounds-d20", { text: i18n }), importBanner: importBannerContext(flag, isGM) });
    const gm = render(true);
    expect(gm).toContain("data-d20c-import-banner");
    expect(gm).toContain("Imported from pf1");
    const esc = (s: string) =>
      s
        .replace(/&/g, "&amp;")
        .replace(/</g, "&lt;")
        .replace(/>/g, "&gt;")
        .replace(/"/g, "&quot;")
        .replace(/'/g, "&#x27;")
        .replace(/=/g, "&#x3D;")
        .replace(/`/g, "&#x60;");
    expect(gm).toContain(esc(lines[0]!));
    expect(gm).toContain('data-action="dismissImport"');
    const player = render(false);
    expect(player).toContain("data-d20c-import-banner");
    expect(player).not.toContain('data-action="dismissImport"');
    // Not imported: no banner.
    expect(wholeSheet(hbs, heroContext("wounds-d20", { text: i18n }))).not.toContain("data-d20c-import-banner");
  });

  it("[SYS-IMPORT] the item sheet shows an imported item's banner", () => {
    const flag = importFlagOf("dnd5e-legacy-spear.json");
    const banner = importBannerContext({ ...flag, review: ["damage read from the older shape"] }, true);
    const html = hbs.render("templates/sheets/item.hbs", {
      ...itemContext("weapon", "hundred-dungeons"),
      importBanner: banner,
    });
    expect(html).toContain("data-d20c-import-banner");
    expect(html).toContain("damage read from the older shape");
    expect(html).toContain('data-action="dismissImport"');
  });
});

describe("[SYS-IMPORT] dismissing the banner", () => {
  let uninstall: () => void;
  beforeAll(() => {
    ({ uninstall } = installSheetStandIn("wounds-d20"));
  });
  afterAll(() => uninstall());

  type Handler = (this: unknown) => Promise<void>;
  const g = globalThis as unknown as { game: { user: { isGM: boolean } } };

  for (const kind of ["actor", "item"] as const) {
    it(`[SYS-IMPORT] the GM's dismiss on the ${kind} sheet writes only the flag's dismissed; a player's writes nothing`, async () => {
      const mod =
        kind === "actor"
          ? (await import("../../src/applications/sheets/actor-sheet.js")).D20ActorSheet
          : (await import("../../src/applications/sheets/item-sheet.js")).D20ItemSheet;
      const dismiss = (mod.DEFAULT_OPTIONS.actions as unknown as Record<string, Handler>).dismissImport!;
      const writes: unknown[] = [];
      const document = { update: async (change: unknown) => void writes.push(change) };
      const sheet = Object.create(mod.prototype) as object;
      Object.defineProperty(sheet, "document", { value: document });
      g.game.user.isGM = false;
      await dismiss.call(sheet);
      expect(writes).toEqual([]);
      g.game.user.isGM = true;
      await dismiss.call(sheet);
      expect(writes).toEqual([{ flags: { "d20-combat": { import: { dismissed: true } } } }]);
      // The flag keeps its losses: dismissed flags hide the banner.
      const flag = { ...importFlagOf("pf1-gloom-stalker.json"), dismissed: true };
      expect(importBannerContext(flag, true)).toBeNull();
    });
  }
});
