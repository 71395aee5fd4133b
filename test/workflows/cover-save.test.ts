/**
 * [HD-COVER] Dexterity rolls against an effect from beyond cover, through the REAL sheet handler
 * (`rollSave`, with the cover chosen beside the saves) and recorded dice: +5 behind partial cover,
 * an automatic success behind total cover, nothing for other abilities; the sheet offers the
 * choice only where the game lets cover help such rolls.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import type { RuleCardData } from "../../src/engine/plans/card-data.js";
import type { RulesetId } from "../../src/engine/types.js";
import type * as SheetNs from "../../src/applications/sheets/actor-sheet.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  SheetActorStandIn,
  clickTarget,
  installSheetStandIn,
  type SheetStandInState,
} from "../stand-ins/foundry-sheet.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { bareActorContext } from "../sheets/sheet-fixtures.js";
import { getRuleset } from "../../src/engine/registry.js";
import { ruleCardIn } from "../support/card-messages.js";

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;
let state: SheetStandInState;
let uninstall: () => void;
let rollSave: Handler;

beforeAll(async () => {
  ({ state, uninstall } = installSheetStandIn("hundred-dungeons"));
  const { D20ActorSheet } = (await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs;
  rollSave = (D20ActorSheet.DEFAULT_OPTIONS.actions as Record<string, Handler>).rollSave!;
});
afterAll(() => uninstall());

let hero: SheetActorStandIn;
beforeEach(() => {
  state.messages.length = 0;
  standInAttackFaces.length = 0;
  hero = new SheetActorStandIn(
    "hero",
    "Wren",
    defaultActorSource({ abilities: { str: 1, dex: 3, con: 0, int: 0, wis: 0, cha: 0 } }),
  );
});

/** Press an ability roll on the sheet with the cover picked beside the saves; the rule card posted. */
async function roll(kind: string, cover: string | null, face: number): Promise<RuleCardData> {
  standInAttackFaces.push(face);
  await rollSave.call(
    { document: hero, d20Actor: hero },
    { altKey: false, ctrlKey: false, metaKey: false },
    clickTarget({ kind, saveBlock: "" }, cover),
  );
  return ruleCardIn(state.messages.at(-1)!.data)!;
}

describe("[HD-COVER] Dexterity rolls from beyond cover on the sheet", () => {
  it("[HD-COVER] behind partial cover a Dexterity roll gets +5: 10 + 3 + 5 = 18", async () => {
    const card = await roll("dex", "partial", 10);
    expect(card.rolls[0]!.formula.replace(/\s/g, "")).toBe("1d20+3+5");
    expect(card.rolls[0]!.total).toBe(18);
    const plain = await roll("dex", "none", 10);
    expect(plain.rolls[0]!.total).toBe(13);
  });

  it("[HD-COVER] behind total cover a Dexterity roll succeeds outright, whatever the die", async () => {
    const card = await roll("dex", "total", 1);
    expect(card.events.map((e) => e.key)).toContain("D20C.HD.Event.coverSucceeds");
  });

  it("[HD-COVER] cover helps only Dexterity: a Strength roll behind partial cover is unchanged", async () => {
    const card = await roll("str", "partial", 10);
    expect(card.rolls[0]!.formula.replace(/\s/g, "")).toBe("1d20+1");
    expect(card.events.map((e) => e.key)).not.toContain("D20C.HD.Event.coverSucceeds");
  });

  it("[HD-COVER] the sheet offers the cover choice beside the saves in Hundred Dungeons only", () => {
    const hbs = createTemplateRenderer();
    const render = (id: RulesetId) =>
      hbs.render(
        "templates/sheets/actor.hbs",
        bareActorContext(getRuleset(id), defaultActorSource({ kind: "character" })),
      );
    const hd = render("hundred-dungeons");
    expect(hd).toContain("data-save-cover");
    expect(hd).toContain(">partial cover</option>");
    for (const id of ["13th-age", "ffd20", "wounds-d20"] as RulesetId[])
      expect(render(id)).not.toContain("data-save-cover");
  });
});
