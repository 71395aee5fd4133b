/**
 * Per-kind refinement of the actor sheet's optional blocks ([SYS-RULESET]): recoveries, rallies and
 * death saves show on an NPC's sheet only where the game gives NPCs (or important NPCs) those rules.
 * The expectations below are read from each game's rules, not from the ruleset data.
 */
import { describe, expect, it } from "vitest";
import type { RulesetId } from "../../src/engine/types.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { heroContext, shownBlocksOf, storedHero, type HeroOptions } from "./sheet-fixtures.js";
import { CHARACTERS, SHARED_SHEET_PARTS } from "../../src/engine/sheet-parts.js";

/** Whose sheet it is: a PC, an NPC, or an NPC the GM marked important. */
type SheetHolder = { kind: "character" | "npc"; important: boolean };

/** The optional blocks the actor sheet's context shows for `holder` in game `id` (or a variant of it). */
function shownFor(id: RulesetId, holder: SheetHolder, ruleset?: HeroOptions["ruleset"]) {
  const stored = storedHero(id, { important: holder.important });
  return shownBlocksOf(heroContext(id, { kind: holder.kind, stored, ...(ruleset ? { ruleset } : {}) }));
}

const PC: SheetHolder = { kind: "character", important: false };
const NPC: SheetHolder = { kind: "npc", important: false };
const IMPORTANT: SheetHolder = { kind: "npc", important: true };

type Row = [RulesetId, string, SheetHolder, { recoveries: boolean; rallies: boolean; deathSaves: boolean }];

const ROWS: Row[] = [
  // [13A-DOWN] monsters are slain at 0 HP; recoveries, rallies and death saves are the PCs'.
  // An important NPC makes death saves like a PC, but monsters have no recoveries: the sheet offers
  // it no recovery to spend and no rally ([SYS-WORDS]).
  ["13th-age", "PC", PC, { recoveries: true, rallies: true, deathSaves: true }],
  ["13th-age", "NPC", NPC, { recoveries: false, rallies: false, deathSaves: false }],
  ["13th-age", "important NPC", IMPORTANT, { recoveries: false, rallies: false, deathSaves: true }],
  // [FF-DEATH] (Open, 4th-edition dying): only PCs and important NPCs drop dying and spend surges.
  ["ffd20", "PC", PC, { recoveries: true, rallies: true, deathSaves: true }],
  ["ffd20", "NPC", NPC, { recoveries: false, rallies: false, deathSaves: false }],
  ["ffd20", "important NPC", IMPORTANT, { recoveries: true, rallies: true, deathSaves: true }],
  // [HD-DYING]/[HD-ENEMYDEATH] PCs go dying and spend hit dice; enemies die outright unless marked
  // important, and then they go dying (the text gives them no hit dice). The game has no rally.
  ["hundred-dungeons", "PC", PC, { recoveries: true, rallies: false, deathSaves: true }],
  ["hundred-dungeons", "NPC", NPC, { recoveries: false, rallies: false, deathSaves: false }],
  ["hundred-dungeons", "important NPC", IMPORTANT, { recoveries: false, rallies: false, deathSaves: true }],
  // [WD-DAMAGE]/[WD-DYING] every creature past its HP makes Death saves; recovery dice ([WD-RECOVERY])
  // are the resting characters'. No rally.
  ["wounds-d20", "PC", PC, { recoveries: true, rallies: false, deathSaves: true }],
  ["wounds-d20", "NPC", NPC, { recoveries: false, rallies: false, deathSaves: true }],
  ["wounds-d20", "important NPC", IMPORTANT, { recoveries: false, rallies: false, deathSaves: true }],
];

describe("NPC sheet blocks", () => {
  it.each(ROWS)(
    "[SYS-RULESET] %s: a %s's sheet shows recoveries/rallies/death saves as the game gives them",
    (id, _who, holder, want) => {
      const show = shownFor(id, holder);
      expect({ recoveries: show.recoveries, rallies: show.rallies, deathSaves: show.deathSaves }).toEqual(want);
    },
  );

  it("[SYS-RULESET] a part shows for the holders it names and no other: a game's sheet parts decide, not the sheet", () => {
    const ruleset = {
      sheetParts: [SHARED_SHEET_PARTS.recoveries(CHARACTERS), SHARED_SHEET_PARTS.deathSaves(["importantNpc"])],
    };
    expect(shownFor("13th-age", PC, ruleset)).toMatchObject({ recoveries: true, deathSaves: false, wounds: false });
    expect(shownFor("13th-age", NPC, ruleset)).toMatchObject({ recoveries: false, deathSaves: false });
    expect(shownFor("13th-age", IMPORTANT, ruleset)).toMatchObject({ recoveries: false, deathSaves: true });
    // A game with no parts shows none of them, and the shared hit points stay.
    const bare = heroContext("13th-age", { ruleset: { sheetParts: [] } });
    expect(Object.values(shownBlocksOf(bare)).some(Boolean)).toBe(false);
    expect(bare.slots.hp.map((p) => p.id)).toEqual(["hp"]);
  });

  it("[SYS-RULESET] the rendered HD sheet: a plain enemy has no dying check; marked important, it does", () => {
    const hbs = createTemplateRenderer();
    const render = (important: boolean) =>
      hbs.render(
        "templates/sheets/actor.hbs",
        heroContext("hundred-dungeons", { kind: "npc", stored: storedHero("hundred-dungeons", { important }) }),
      );
    const plain = render(false);
    expect(plain).not.toContain('data-action="rollDeathSave"');
    expect(plain).not.toContain('data-action="spendRecovery"');
    const important = render(true);
    expect(important).toContain('data-action="rollDeathSave"');
    expect(important).not.toContain('data-action="spendRecovery"');
    // A PC's sheet keeps both.
    const pc = hbs.render("templates/sheets/actor.hbs", heroContext("hundred-dungeons"));
    expect(pc).toContain('data-action="rollDeathSave"');
    expect(pc).toContain('data-action="spendRecovery"');
  });
});
