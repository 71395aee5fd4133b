/**
 * [SYS-CHARACTER] Gear and identity through the REAL sheet handlers (`useGear`, `rollIcons`, the
 * sheet's `_onDropItem`) over the sheet stand-in and recorded dice: a potion heals per game (13th
 * Age spends a recovery, the others roll its healing) and one fewer is carried; the icon roll posts
 * its 5s and 6s with the icon's name; a compendium item dragged onto the sheet is created on the
 * actor and the Inventory tab is shown with it; typed quantities and coins become the updates that
 * persist them, and the Inventory tab shows them back.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import type { ActorSource } from "../../src/engine/types.js";
import type * as SheetNs from "../../src/applications/sheets/actor-sheet.js";
import { getRuleset } from "../../src/engine/registry.js";
import { inventoryContext, quantitiesFromForm } from "../../src/applications/sheets/inventory-context.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  SheetActorStandIn,
  clickTarget,
  installSheetStandIn,
  sheetInstance,
  type SheetStandInState,
} from "../stand-ins/foundry-sheet.js";
import { GearItemStandIn, withGearItems } from "../stand-ins/foundry-gear.js";
import { ruleCardIn } from "../support/card-messages.js";

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

function potion(quantity = 2) {
  return new GearItemStandIn("potion1", "Healing potion", "equipment", {
    quantity,
    weight: 0.5,
    uses: { value: 0, max: 0 },
    use: "heal",
    heal: "2d4 + 2",
    equipped: false,
  });
}

function hero(source: Partial<ActorSource>, items: GearItemStandIn[]): SheetActorStandIn {
  const actor = new SheetActorStandIn("hero", "Hero", defaultActorSource({ kind: "character", ...source }));
  return withGearItems(actor, items);
}

function game(id: string) {
  const ctx = {
    state: undefined as unknown as SheetStandInState,
    sheet: undefined as unknown as typeof SheetNs.D20ActorSheet,
  };
  let uninstall: () => void = () => undefined;
  beforeAll(async () => {
    const installed = installSheetStandIn(id);
    ctx.state = installed.state;
    uninstall = installed.uninstall;
    ctx.sheet = ((await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs).D20ActorSheet;
  });
  afterAll(() => uninstall());
  beforeEach(() => {
    ctx.state.messages.length = 0;
    standInAttackFaces.length = 0;
  });
  const press = async (action: string, actor: SheetActorStandIn, data: Record<string, string> = {}) => {
    const handler = (ctx.sheet.DEFAULT_OPTIONS.actions as Record<string, Handler>)[action]!;
    const sheet = Object.assign(sheetInstance(ctx.sheet, actor) as object, { isEditable: true });
    await handler.call(sheet, { shiftKey: false }, clickTarget(data));
  };
  return { ctx, press };
}

describe("[SYS-CHARACTER] 13th Age: gear and identity from the sheet", () => {
  const { ctx, press } = game("13th-age");

  it("[SYS-CHARACTER] [13A-RECOV] drinking a potion spends a recovery (its roll heals) and one potion fewer is carried", async () => {
    const actor = hero({ level: 1, hp: { value: 4, max: 30, temp: 0 } }, [potion(2)]);
    actor.source.recoveries = { ...actor.source.recoveries, value: 8, max: 8, formula: "1d10 + 2" };
    standInAttackFaces.push(7);
    await press("useGear", actor, { itemId: "potion1" });
    expect(actor.source.hp.value).toBe(13);
    expect(actor.source.recoveries.value).toBe(7);
    expect((actor.items.get("potion1") as unknown as GearItemStandIn).system.quantity).toBe(1);
    const card = ruleCardIn(ctx.state.messages.at(-1)!.data)!;
    expect(card.rolls[0]!.total).toBe(9);
  });

  it("[SYS-CHARACTER] the icon roll posts each 6 and 5 with its icon's name (a d6 per relationship point)", async () => {
    const actor = hero({}, []);
    actor.source.identity = {
      ancestry: "Dwarf",
      oneUniqueThing: "I was born in the Koru behemoth's shadow.",
      icons: [
        { name: "The Dwarf King", points: 2, stance: "positive" },
        { name: "The Orc Lord", points: 1, stance: "negative" },
      ],
    };
    standInAttackFaces.push(6, 3, 5);
    await press("rollIcons", actor);
    const card = ruleCardIn(ctx.state.messages.at(-1)!.data)!;
    expect(card.title).toBe("D20C.Gear.IconRollTitle");
    expect(card.rolls.map((r) => [r.label, r.total])).toEqual([
      ["The Dwarf King", 6],
      ["The Dwarf King", 3],
      ["The Orc Lord", 5],
    ]);
    expect(card.events.map((e) => [e.key, e.data?.icon])).toEqual([
      ["D20C.Gear.IconSix", "The Dwarf King"],
      ["D20C.Gear.IconFive", "The Orc Lord"],
    ]);
  });

  it("[SYS-CHARACTER] a compendium item dragged onto the sheet is created on the actor and lands in the Inventory tab", async () => {
    const actor = hero({}, []);
    const sheet = sheetInstance(ctx.sheet, actor) as {
      _onDropItem(event: unknown, item: unknown): Promise<{ type: string } | null>;
      tabGroups: Record<string, string>;
      isEditable: boolean;
      render(): Promise<void>;
    };
    let renders = 0;
    Object.assign(sheet, {
      tabGroups: { primary: "combat" },
      isEditable: true,
      render: async () => {
        renders++;
      },
    });
    const rope = new GearItemStandIn("rope", "Silk rope", "equipment", { quantity: 1, weight: 5, use: "none" });
    const made = await sheet._onDropItem({}, rope);
    expect(made?.type).toBe("equipment");
    const carried = [...(actor.items as unknown as Iterable<GearItemStandIn>)].map((i) => i.name);
    expect(carried).toEqual(["Silk rope"]);
    expect(sheet.tabGroups.primary).toBe("inventory");
    expect(renders).toBe(1);
    const listed = [...(actor.items as unknown as Iterable<GearItemStandIn>)].map((i) => ({ ...i, system: i.system }));
    const tab = inventoryContext(getRuleset("13th-age"), { system: actor.source, storedSpeed: 6, items: listed });
    expect(tab.equipment.map((g) => g.name)).toEqual(["Silk rope"]);
  });
});

for (const id of ["ffd20", "hundred-dungeons", "wounds-d20"]) {
  describe(`[SYS-CHARACTER] ${id}: a potion from the sheet`, () => {
    const { press } = game(id);
    it(`[SYS-CHARACTER] ${id}: drinking a potion rolls its healing (2d4 + 2), heals that much, spends no recovery, and one fewer is carried`, async () => {
      const actor = hero({ level: 1, hp: { value: 4, max: 30, temp: 0 } }, [potion(1)]);
      const recoveries = actor.source.recoveries.value;
      standInAttackFaces.push(3, 4);
      await press("useGear", actor, { itemId: "potion1" });
      expect(actor.source.hp.value).toBe(13);
      expect(actor.source.recoveries.value).toBe(recoveries);
      expect((actor.items.get("potion1") as unknown as GearItemStandIn).system.quantity).toBe(0);
    });
  });
}

describe("[SYS-CHARACTER] quantities and coins typed in the Inventory tab", () => {
  it("[SYS-CHARACTER] a typed quantity becomes its item's update (bad or unchanged ones none), the coins stay system fields, and the tab shows them back", async () => {
    const actor = withGearItems(new SheetActorStandIn("h", "H", defaultActorSource({ kind: "character" })), [
      potion(2),
    ]);
    const items = () =>
      [...(actor.items as unknown as Iterable<GearItemStandIn>)].map((i) => ({ ...i, system: i.system }));
    const form: Record<string, unknown> = {
      system: { currency: { gp: 42, sp: 7 } },
      d20cQuantity: { potion1: "5", nothere: "3" },
    };
    const updates = quantitiesFromForm(form, items());
    expect(updates).toEqual([{ _id: "potion1", system: { quantity: 5 } }]);
    expect(form).toEqual({ system: { currency: { gp: 42, sp: 7 } } });
    expect(quantitiesFromForm({ d20cQuantity: { potion1: "-1" } }, items())).toEqual([]);
    expect(quantitiesFromForm({ d20cQuantity: { potion1: "2" } }, items())).toEqual([]);
    await (
      actor as unknown as { updateEmbeddedDocuments(t: string, u: unknown[]): Promise<unknown> }
    ).updateEmbeddedDocuments("Item", updates);
    await actor.applyEngineActor({ ...actor.source, currency: { pp: 0, gp: 42, sp: 7, cp: 0 } });
    const tab = inventoryContext(getRuleset("hundred-dungeons"), {
      system: actor.source,
      storedSpeed: 30,
      items: items(),
    });
    expect(tab.equipment[0]?.quantity).toBe(5);
    expect(tab.coins.map((c) => [c.key, c.value])).toEqual([
      ["pp", 0],
      ["gp", 42],
      ["sp", 7],
      ["cp", 0],
    ]);
    const age13 = inventoryContext(getRuleset("13th-age"), { system: actor.source, storedSpeed: 6, items: items() });
    expect(age13.coins.map((c) => c.key)).toEqual(["gp"]);
  });
});
