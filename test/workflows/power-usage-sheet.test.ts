/**
 * Power usage and each game's rests through the REAL sheet action handlers (`useItem`, `takeRest`
 * of D20ActorSheet) with the stand-ins of test/stand-ins/foundry-sheet.ts and foundry-items.ts and
 * recorded dice; asserts on the actor and its power items afterwards ([SYS-POWERS], [13A-HEALUP],
 * [WD-RECOVERY], [HD-COND]).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, RulesetId } from "../../src/engine/types.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import { PowerItemStandIn, type PowerUsageSystemStandIn } from "../stand-ins/foundry-items.js";
import {
  CombatStandIn,
  CombatantStandIn,
  SheetActorStandIn,
  clickTarget,
  installSheetStandIn,
  sheetInstance,
  sheetThis,
  targetStandIn,
  type SheetStandInState,
} from "../stand-ins/foundry-sheet.js";
import { npc, power } from "./attack-fixtures.js";
import type * as SheetNs from "../../src/applications/sheets/actor-sheet.js";

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

/** Every leaf path whose value differs between two plain objects. */
function changedPaths(a: unknown, b: unknown, path = ""): string[] {
  if (typeof a === "object" && a !== null && typeof b === "object" && b !== null && !Array.isArray(a)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) =>
      changedPaths((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k),
    );
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [path];
}

const usage = (kind: string, used: boolean, spentUses = 0): PowerUsageSystemStandIn => ({
  usage: kind,
  recharge: kind === "recharge" ? 16 : 0,
  used,
  uses: { spent: spentUses, max: 1 },
});

/** A worn-out character of the game: hurt, temp HP, recoveries spent, two battles since the heal-up, exhausted. */
function wornOut(): ActorSource {
  return defaultActorSource({
    kind: "character",
    hp: { value: 5, max: 30, temp: 3 },
    exhaustion: 2,
    recoveries: {
      value: 2,
      max: 8,
      formula: "1d8",
      noRecoveryUses: 0,
      ralliesThisBattle: 0,
      battlesSinceHealUp: 2,
    },
  });
}

function runGame(id: RulesetId, body: (ctx: { click: Handlers }) => void): void {
  describe(`${id} powers and rests through the sheet`, () => {
    let state: SheetStandInState;
    let uninstall: () => void;
    const handlers = {} as Handlers;
    beforeAll(async () => {
      let setCombat: (combat: CombatStandIn | null) => void;
      ({ state, uninstall, setCombat } = installSheetStandIn(id));
      handlers.setCombat = (combat) => setCombat(combat);
      const { D20ActorSheet } = (await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs;
      const actions = D20ActorSheet.DEFAULT_OPTIONS.actions as Record<string, Handler>;
      handlers.useItem = (actor, itemId, faces) => {
        standInAttackFaces.length = 0;
        standInAttackFaces.push(...faces);
        return actions.useItem!.call(sheetInstance(D20ActorSheet, actor), { shiftKey: true }, clickTarget({ itemId }));
      };
      handlers.takeRest = (actor, rest, faces = []) => {
        standInAttackFaces.length = 0;
        standInAttackFaces.push(...faces);
        return actions.takeRest!.call(sheetThis(D20ActorSheet, actor), { shiftKey: false }, clickTarget({ rest }));
      };
      handlers.state = () => state;
    });
    afterAll(() => uninstall());
    beforeEach(() => {
      state.targets.clear();
      state.messages.length = 0;
      state.errors.length = 0;
    });
    body({ click: handlers });
  });
}

interface Handlers {
  useItem(actor: SheetActorStandIn, itemId: string, faces: number[]): Promise<void>;
  takeRest(actor: SheetActorStandIn, rest: string, faces?: number[]): Promise<void>;
  state(): SheetStandInState;
  setCombat(combat: CombatStandIn | null): void;
}

/** A hero with the given powers (id → usage) and a worn-out source. */
function hero(powers: Record<string, PowerUsageSystemStandIn>): SheetActorStandIn {
  const actor = new SheetActorStandIn("hero", "Ardent", wornOut());
  for (const [id, system] of Object.entries(powers)) actor.items.add(new PowerItemStandIn(id, id, system, power()));
  return actor;
}
const usedOf = (actor: SheetActorStandIn) =>
  Object.fromEntries([...actor.items].map((i) => [i.id, i.system.uses.spent > 0 ? "spent" : i.system.used]));

runGame("13th-age", ({ click }) => {
  it("[SYS-POWERS] an encounter power used through the sheet's attack handler is spent", async () => {
    const actor = hero({ enc: usage("encounter", false) });
    const orc = new SheetActorStandIn("orc", "Orc", npc(getRuleset("13th-age"), 15), false);
    click.state().targets.add(targetStandIn(orc) as never);
    await click.useItem(actor, "enc", [14, 4]);
    expect(click.state().errors).toEqual([]);
    expect(click.state().messages).toHaveLength(1);
    expect(actor.items.get("enc")!.system.used).toBe(true);
  });

  it("[SYS-POWERS] using a spent power asks first: declined, nothing is rolled; confirmed, it is used anyway", async () => {
    const actor = hero({ enc: usage("encounter", true) });
    const orc = new SheetActorStandIn("orc", "Orc", npc(getRuleset("13th-age"), 15), false);
    click.state().targets.add(targetStandIn(orc) as never);
    click.state().confirms.length = 0;
    click.state().confirmAnswer = false;
    await click.useItem(actor, "enc", [14, 4]);
    expect(click.state().confirms).toHaveLength(1);
    expect(click.state().messages).toHaveLength(0);
    expect(actor.items.get("enc")!.system.used).toBe(true);
    click.state().confirmAnswer = true;
    await click.useItem(actor, "enc", [14, 4]);
    expect(click.state().confirms).toHaveLength(2);
    expect(click.state().errors).toEqual([]);
    expect(click.state().messages).toHaveLength(1);
    expect(actor.items.get("enc")!.system.used).toBe(true);
  });

  it("[SYS-POWERS] a power that isn't spent is used without asking", async () => {
    const actor = hero({ enc: usage("encounter", false) });
    const orc = new SheetActorStandIn("orc", "Orc", npc(getRuleset("13th-age"), 15), false);
    click.state().targets.add(targetStandIn(orc) as never);
    click.state().confirms.length = 0;
    await click.useItem(actor, "enc", [14, 4]);
    expect(click.state().confirms).toHaveLength(0);
    expect(click.state().messages).toHaveLength(1);
  });

  it("[13A-HEALUP] [SYS-POWERS] the full heal-up brings back the daily and recharge powers, HP and recoveries, the battle counter; nothing else", async () => {
    const actor = hero({ day: usage("daily", true), rch: usage("recharge", true), enc: usage("encounter", true) });
    const before = structuredClone(actor.source);
    await click.takeRest(actor, "fullHealUp");
    expect(click.state().errors).toEqual([]);
    expect(changedPaths(before, actor.source).sort()).toEqual(
      ["hp.value", "hp.temp", "recoveries.value", "recoveries.battlesSinceHealUp"].sort(),
    );
    expect(actor.source.hp.value).toBe(30);
    expect(actor.source.recoveries).toMatchObject({ value: 8, battlesSinceHealUp: 0 });
    expect(usedOf(actor)).toEqual({ day: false, rch: false, enc: false });
  });
});

runGame("ffd20", ({ click }) => {
  it("[SYS-POWERS] a short rest brings back encounter powers only: the daily stays spent, the actor is untouched", async () => {
    const actor = hero({ enc: usage("encounter", true), day: usage("daily", true) });
    const before = structuredClone(actor.source);
    await click.takeRest(actor, "shortRest");
    expect(click.state().errors).toEqual([]);
    expect(changedPaths(before, actor.source)).toEqual([]);
    expect(usedOf(actor)).toEqual({ enc: false, day: true });
  });

  it("[FF-SUSTAIN] a short rest from the sheet gives second wind back with the encounter powers; nothing else on the actor", async () => {
    const actor = hero({ enc: usage("encounter", true) });
    actor.source.recoveries.ralliesThisBattle = 1;
    const before = structuredClone(actor.source);
    await click.takeRest(actor, "shortRest");
    expect(click.state().errors).toEqual([]);
    expect(changedPaths(before, actor.source)).toEqual(["recoveries.ralliesThisBattle"]);
    expect(actor.source.recoveries.ralliesThisBattle).toBe(0);
    expect(usedOf(actor)).toEqual({ enc: false });
  });

  it("[SYS-POWERS] an extended rest brings back dailies, hit points and healing surges; nothing else", async () => {
    const actor = hero({ enc: usage("encounter", true), day: usage("daily", true) });
    const before = structuredClone(actor.source);
    await click.takeRest(actor, "extendedRest");
    expect(click.state().errors).toEqual([]);
    expect(changedPaths(before, actor.source).sort()).toEqual(["hp.temp", "hp.value", "recoveries.value"]);
    expect(actor.source.hp.value).toBe(30);
    expect(usedOf(actor)).toEqual({ enc: false, day: false });
  });

  it("[FF-DURATION] a short rest deletes the hero's until-the-end-of-the-encounter effects and says so; other effects stay", async () => {
    const actor = hero({ enc: usage("encounter", true) });
    actor.addEffect("fx-enc", "Divine Favor", { duration: "endOfEncounter" });
    actor.addEffect("fx-perm", "Blessing", { duration: "permanent" });
    click.state().messages.length = 0;
    await click.takeRest(actor, "shortRest");
    expect(click.state().errors).toEqual([]);
    expect([...actor.effects.keys()]).toEqual(["fx-perm"]);
    expect(usedOf(actor)).toEqual({ enc: false });
    expect(JSON.stringify(click.state().messages)).toContain("D20C.Power.Rest.EffectEnds");
  });

  it("[FF-SUSTAIN] in a combat, a hero sustaining a zone on a foe can't take either rest: warned, nothing written, powers stay spent", async () => {
    const actor = hero({ enc: usage("encounter", true), day: usage("daily", true) });
    actor.addEffect("fx-enc", "Divine Favor", { duration: "endOfEncounter" });
    const foe = new SheetActorStandIn("foe", "Ogre", npc(getRuleset("ffd20"), 15), false);
    foe.addEffect("fx-zone", "Stinking Cloud", { duration: "sustain", sustain: "minor", sourceCombatantId: "c-hero" });
    const combat = new CombatStandIn(
      2,
      [new CombatantStandIn("c-hero", actor), new CombatantStandIn("c-foe", foe, false, "gm")],
      "c-foe",
    );
    click.setCombat(combat);
    try {
      for (const rest of ["shortRest", "extendedRest"]) {
        const before = structuredClone(actor.source);
        click.state().warnings.length = 0;
        click.state().messages.length = 0;
        await click.takeRest(actor, rest);
        expect(click.state().errors).toEqual([]);
        expect(click.state().warnings).toEqual(["Ardent can't rest while sustaining Stinking Cloud."]);
        expect(click.state().messages).toHaveLength(0);
        expect(changedPaths(before, actor.source)).toEqual([]);
        expect(usedOf(actor)).toEqual({ enc: true, day: true });
        expect([...actor.effects.keys()]).toEqual(["fx-enc"]);
      }
      // The zone lapses (its effect is gone): now the hero rests.
      foe.effects.delete("fx-zone");
      await click.takeRest(actor, "shortRest");
      expect(usedOf(actor)).toEqual({ enc: false, day: true });
      expect([...actor.effects.keys()]).toEqual([]);
    } finally {
      click.setCombat(null);
    }
  });

  it("[FF-DURATION] in a combat, the hero's rest also deletes the until-the-end-of-the-encounter effects it put on others; a foe's own stay, and one only the GM may change is named", async () => {
    const actor = hero({ enc: usage("encounter", true) });
    const ogre = new SheetActorStandIn("foe", "Ogre", npc(getRuleset("ffd20"), 15));
    ogre.addEffect("fx-quarry", "Hunter's Quarry", { duration: "endOfEncounter", sourceCombatantId: "c-hero" });
    ogre.addEffect("fx-rage", "Rage", { duration: "endOfEncounter", sourceCombatantId: "c-foe" });
    const goblin = new SheetActorStandIn("gob", "Goblin", npc(getRuleset("ffd20"), 15), false);
    goblin.addEffect("fx-mark", "Mark", { duration: "endOfEncounter", sourceCombatantId: "c-hero" });
    const combat = new CombatStandIn(
      2,
      [
        new CombatantStandIn("c-hero", actor),
        new CombatantStandIn("c-foe", ogre, false, "gm"),
        new CombatantStandIn("c-gob", goblin, false, "gm"),
      ],
      "c-foe",
    );
    click.setCombat(combat);
    try {
      click.state().warnings.length = 0;
      click.state().messages.length = 0;
      await click.takeRest(actor, "shortRest");
      expect(click.state().errors).toEqual([]);
      expect([...ogre.effects.keys()]).toEqual(["fx-rage"]);
      // The goblin is not this user's to change: its mark stays, and the user is told.
      expect([...goblin.effects.keys()]).toEqual(["fx-mark"]);
      expect(click.state().warnings).toEqual(["Mark on Goblin ends with the rest; only the GM can remove it."]);
      expect(JSON.stringify(click.state().messages)).toContain("D20C.Power.Rest.EffectEndsOn");
      expect(usedOf(actor)).toEqual({ enc: false });
    } finally {
      click.setCombat(null);
    }
  });
});

runGame("hundred-dungeons", ({ click }) => {
  it("[HD-COND] [SYS-POWERS] a long rest takes one exhaustion level off, gives hit dice and hit points back, and the per-rest uses; nothing else", async () => {
    const actor = hero({ per: usage("perRest", false, 1) });
    const before = structuredClone(actor.source);
    await click.takeRest(actor, "longRest");
    expect(click.state().errors).toEqual([]);
    expect(changedPaths(before, actor.source).sort()).toEqual([
      "exhaustion",
      "hp.temp",
      "hp.value",
      "recoveries.value",
    ]);
    expect(actor.source.exhaustion).toBe(1);
    expect(usedOf(actor)).toEqual({ per: false });
  });
});

runGame("wounds-d20", ({ click }) => {
  it("[WD-RECOVERY] [SYS-POWERS] catching one's breath rolls the recovery dice left (recorded 3 and 4) against damage, wound points stay; per-rest uses back", async () => {
    const actor = hero({ per: usage("perRest", false, 1) });
    actor.source.wounds = [{ severity: 2, location: "arm", nasty: false }];
    const before = structuredClone(actor.source);
    await click.takeRest(actor, "breather", [3, 4]);
    expect(click.state().errors).toEqual([]);
    expect(standInAttackFaces).toEqual([]);
    expect(changedPaths(before, actor.source).sort()).toEqual(["hp.value", "recoveries.value"]);
    expect(actor.source.hp.value).toBe(5 + 3 + 4);
    expect(actor.source.recoveries.value).toBe(0);
    expect(actor.source.wounds).toEqual(before.wounds);
    expect(usedOf(actor)).toEqual({ per: false });
  });

  it("[WD-RECOVERY] catching one's breath happens only out of combat: fighting in a battle, the rest is refused with the reason and nothing rolled or changed", async () => {
    const actor = hero({ per: usage("perRest", true, 1) });
    const foe = new SheetActorStandIn("foe", "Ogre", wornOut(), false);
    const combat = new CombatStandIn(
      1,
      [new CombatantStandIn("c-hero", actor), new CombatantStandIn("c-foe", foe, false, "gm")],
      "c-hero",
    );
    click.setCombat(combat);
    try {
      const before = structuredClone(actor.source);
      const usedBefore = usedOf(actor);
      click.state().warnings.length = 0;
      await click.takeRest(actor, "breather", [3, 4]);
      expect(click.state().warnings).toEqual(["Not in the middle of a fight: this rest is taken only out of combat."]);
      expect(standInAttackFaces).toEqual([3, 4]);
      expect(changedPaths(before, actor.source)).toEqual([]);
      expect(usedOf(actor)).toEqual(usedBefore);
    } finally {
      click.setCombat(null);
    }
    // The battle over, the same rest rolls the dice.
    await click.takeRest(actor, "breather", [3, 4]);
    expect(actor.source.recoveries.value).toBe(0);
  });

  it("[WD-RECOVERY] [SYS-POWERS] a long rest refills the recovery dice and removes damage, not wound points; per-rest uses back", async () => {
    const actor = hero({ per: usage("perRest", false, 1) });
    actor.source.wounds = [{ severity: 2, location: "arm", nasty: false }];
    const before = structuredClone(actor.source);
    await click.takeRest(actor, "longRest");
    expect(click.state().errors).toEqual([]);
    expect(changedPaths(before, actor.source).sort()).toEqual(["hp.temp", "hp.value", "recoveries.value"]);
    // Damage gone but the wound's 2 points: they stay until the wound heals.
    expect(actor.source.hp.value).toBe(30 - 2);
    expect(actor.source.recoveries.value).toBe(8);
    expect(actor.source.wounds).toEqual(before.wounds);
    expect(usedOf(actor)).toEqual({ per: false });
  });
});
