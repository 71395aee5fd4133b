/**
 * [SYS-CHARACTER] [13A-DMG] Level-scaled weapon dice follow a level-up pressed on the sheet: the
 * pregen Bryndis (13th Age fighter, Str 18) is raised 4 → 5 through the REAL `levelUp` handler, then
 * her Longsword row (level × d8 + Str × tier) and the pack power Heavy Blow (WEAPON dice = level)
 * are built from her prepared data as the sheet row and the card build them (`weaponAttackOf` /
 * the power with the owner's roll data, then `planAttack`): the row's damage is `formatDamage(plan.hit)`,
 * the card's hit roll is the same expression and its header `plan.formula`. Before and after, and
 * back after Undo. Nothing is stored per level: both read `@level` / `@tier` when they are built.
 * FFd20's pregen Garrick (fighter) 3 → 4: his Longsword's dice hold no level (1[W] + Str) while
 * the attack gains ½ level. (No FFd20 power in the packs or the text scales its dice by tier.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toActorSource } from "../../src/data/prepare.js";
import { formatDamage } from "../../src/engine/dice.js";
import { planAttack } from "../../src/engine/plans/attack.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource } from "../../src/engine/types.js";
import type * as SheetNs from "../../src/applications/sheets/actor-sheet.js";
import { installSheetStandIn } from "../stand-ins/foundry-sheet.js";
import {
  installLevelUpStandIn,
  LevelUpActorStandIn,
  LevelUpItemStandIn,
  type LevelUpDialogState,
} from "../stand-ins/foundry-level-up.js";
import {
  loadPacks,
  packAttackRequest,
  preparedArmor,
  weaponFor,
  weaponOf,
  type PackActor,
} from "../packs/pack-sources.js";
import "../../src/engine/rulesets/index.js";

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

const packs = loadPacks();
const pregen = (pack: string, name: string) =>
  packs
    .find((p) => p.entry.name === pack)!
    .docs.map((d) => d.doc as unknown as PackActor)
    .find((d) => d.name.startsWith(name))!;
const bryndis = pregen("characters-13th-age", "Bryndis");
const garrick = pregen("characters-ffd20", "Garrick");

/** A pregen as the sheet stores it, at `level`. */
function stored(doc: PackActor, level: number): ActorSource {
  return { ...toActorSource("character", { ...doc.system, armor: preparedArmor(doc) }), level };
}

/** The row / card of `what` for the actor as prepared now: damage, card header, miss damage. */
function row(actor: LevelUpActorStandIn, what: string, doc = bryndis, game = "13th-age") {
  const item = doc.items.find((i) => i.name === what)!;
  const plan = planAttack(packAttackRequest(getRuleset(game), doc, item, actor.toEngineSource()));
  return { damage: plan.hit ? formatDamage(plan.hit) : "", header: plan.formula, miss: plan.miss?.flat ?? null };
}

/** The pregen's weapons and powers as items on the stand-in actor (each power with its weapon). */
function withItems(actor: LevelUpActorStandIn, doc: PackActor): LevelUpActorStandIn {
  const items = doc.items
    .filter((i) => i.type === "weapon" || i.type === "power")
    .map((i) => {
      const w = weaponFor(doc, i);
      return new LevelUpItemStandIn(i.type as "weapon" | "power", i.name, i.system, w ? weaponOf(w) : null);
    });
  return actor.withItems(...items);
}

/** Install `game`'s stand-ins for a describe block; press a sheet button with the dialog answered. */
function world(game: string) {
  let actions: Record<string, Handler> = {};
  let dialog: LevelUpDialogState;
  let uninstall: () => void = () => undefined;
  beforeAll(async () => {
    const installed = installSheetStandIn(game);
    uninstall = installed.uninstall;
    dialog = installLevelUpStandIn();
    const { D20ActorSheet } = (await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs;
    actions = D20ActorSheet.DEFAULT_OPTIONS.actions as Record<string, Handler>;
  });
  afterAll(() => uninstall());
  const press = async (actor: LevelUpActorStandIn, action: string) => {
    dialog.answer = "average";
    await actions[action]!.call({ document: actor, d20Actor: actor }, {}, { dataset: {} });
  };
  /** The last Level up dialog's content. */
  press.shown = () => dialog.opened.at(-1)?.content ?? "";
  return press;
}

describe("[SYS-CHARACTER] [13A-DMG] 13th Age weapon dice after a level-up", () => {
  const press = world("13th-age");

  it("[SYS-CHARACTER] [13A-DMG] Bryndis 4 → 5: Longsword 4d8 + 4 → 5d8 + 8 (tier ×2), Heavy Blow the same, attack +8 → +9, miss 4 → 5; Undo puts 4d8 + 4 back", async () => {
    const hero = new LevelUpActorStandIn("bryndis", bryndis.name, stored(bryndis, 4), "13th-age");
    expect(row(hero, "Longsword")).toEqual({ damage: "4d8 + 4", header: "1d20 + 8", miss: 4 });
    expect(row(hero, "Heavy Blow").damage).toBe("4d8 + 4");

    await press(hero, "levelUp");
    expect(hero.toEngineSource().level).toBe(5);
    expect(row(hero, "Longsword")).toEqual({ damage: "5d8 + 8", header: "1d20 + 9", miss: 5 });
    expect(row(hero, "Heavy Blow").damage).toBe("5d8 + 8");

    await press(hero, "undoLevelUp");
    expect(row(hero, "Longsword")).toEqual({ damage: "4d8 + 4", header: "1d20 + 8", miss: 4 });
    expect(row(hero, "Heavy Blow").damage).toBe("4d8 + 4");
  });

  it("[SYS-CHARACTER] [13A-DMG] the Level up dialog lists Bryndis's Longsword 4d8 + 4 → 5d8 + 8 with its attack +8 → +9, and Heavy Blow's dice, as her rows will read", async () => {
    const hero = withItems(new LevelUpActorStandIn("bryndis", bryndis.name, stored(bryndis, 4), "13th-age"), bryndis);
    await press(hero, "levelUp");
    const shown = press.shown();
    expect(shown).toContain("Attacks at the new level:");
    expect(shown).toContain("<li>Longsword: 4d8 + 4 → 5d8 + 8; attack +8 → +9</li>");
    expect(shown).toContain("<li>Heavy Blow: 4d8 + 4 → 5d8 + 8; attack +8 → +9</li>");
    // The lines are what the rows now say.
    expect(row(hero, "Longsword")).toMatchObject({ damage: "5d8 + 8", header: "1d20 + 9" });
    await press(hero, "undoLevelUp");
  });
});

describe("[SYS-CHARACTER] [FF-WDICE] FFd20 weapon rows after a level-up", () => {
  const press = world("ffd20");

  it("[SYS-CHARACTER] [FF-WDICE] [FF-ATKBONUS] FFd20 Garrick 3 → 4: the Longsword stays 1[W] + Str (1d8 + 4, no level in its dice) while the attack gains ½ level: +8 → +9", async () => {
    const hero = new LevelUpActorStandIn("garrick", garrick.name, stored(garrick, 3), "ffd20");
    expect(row(hero, "Longsword", garrick, "ffd20")).toMatchObject({ damage: "1d8 + 4", header: "1d20 + 8" });
    await press(hero, "levelUp");
    expect(hero.toEngineSource().level).toBe(4);
    expect(row(hero, "Longsword", garrick, "ffd20")).toMatchObject({ damage: "1d8 + 4", header: "1d20 + 9" });
  });

  it("[SYS-CHARACTER] [FF-ATKBONUS] the FFd20 Level up dialog lists Garrick's Longsword attack +8 → +9 and not its unchanged dice", async () => {
    const hero = withItems(new LevelUpActorStandIn("garrick", garrick.name, stored(garrick, 3), "ffd20"), garrick);
    await press(hero, "levelUp");
    const shown = press.shown();
    expect(shown).toContain("<li>Longsword: attack +8 → +9</li>");
    expect(shown).not.toContain("1d8 + 4 →");
  });
});
