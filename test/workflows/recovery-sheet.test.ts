/**
 * The sheet's Rally and Spend-recovery buttons through the REAL sheet action handlers, with the
 * stand-ins of test/stand-ins/foundry-sheet.ts and recorded dice: a 13th Age character down
 * (unconscious or dying) cannot rally, a standard action it cannot take, while a recovery spent for
 * it by another's healing still heals ([13A-RALLY], [13A-DOWN]); a Wounds d20 character rolls its
 * recovery dice only out of combat ([WD-RECOVERY]).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import type { ActorSource } from "../../src/engine/types.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  CombatStandIn,
  CombatantStandIn,
  SheetActorStandIn,
  installSheetStandIn,
  type SheetStandInState,
} from "../stand-ins/foundry-sheet.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import type * as SheetNs from "../../src/applications/sheets/actor-sheet.js";

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;
const i18n = createI18nStandIn();

const recoveries = { value: 4, max: 8, formula: "1d8", noRecoveryUses: 0, ralliesThisBattle: 0, battlesSinceHealUp: 0 };
const character = (over: Partial<ActorSource> = {}): ActorSource =>
  defaultActorSource({ kind: "character", hp: { value: 5, max: 40, temp: 0 }, recoveries, ...over });

/** The text of the last card posted, its HTML entities read back. */
function lastCard(state: SheetStandInState): string {
  return String(state.messages.at(-1)?.data.content ?? "").replace(/&#x27;/g, "'");
}

function sheetGame(id: string, body: (ctx: () => Ctx) => void): void {
  describe(`${id}: the sheet's recovery buttons`, () => {
    const ctx = {} as Ctx;
    let uninstall: () => void;
    beforeAll(async () => {
      let setCombat: (c: CombatStandIn | null) => void;
      ({ state: ctx.state, setCombat, uninstall } = installSheetStandIn(id));
      ctx.setCombat = (c) => setCombat(c);
      const { D20ActorSheet } = (await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs;
      const actions = D20ActorSheet.DEFAULT_OPTIONS.actions as Record<string, Handler>;
      ctx.press = (button, actor) => actions[button]!.call({ document: actor, d20Actor: actor }, {}, {});
    });
    afterAll(() => uninstall());
    beforeEach(() => {
      ctx.state.messages.length = 0;
      ctx.state.errors.length = 0;
      standInAttackFaces.length = 0;
    });
    body(() => ctx);
  });
}

interface Ctx {
  state: SheetStandInState;
  setCombat(c: CombatStandIn | null): void;
  press(button: "rally" | "spendRecovery", actor: SheetActorStandIn): Promise<void>;
}

sheetGame("13th-age", (ctx) => {
  it.each([
    ["unconscious", 0],
    ["dying", -4],
  ] as const)(
    "[13A-RALLY] [13A-DOWN] a %s character's Rally is refused with the reason: nothing rolled, no recovery spent, no rally counted",
    async (state, hp) => {
      const hero = new SheetActorStandIn("hero", "Bryndis", character({ state, hp: { value: hp, max: 40, temp: 0 } }));
      standInAttackFaces.push(6);
      await ctx().press("rally", hero);
      expect(ctx().state.errors).toEqual([]);
      expect(lastCard(ctx().state)).toContain(i18n.localize("D20C.Age13.Event.cannotRally"));
      expect(standInAttackFaces).toEqual([6]);
      expect(hero.source.hp.value).toBe(hp);
      expect(hero.source.recoveries).toEqual(recoveries);
    },
  );

  it("[13A-RALLY] [13A-NEGHEAL] a recovery spent for the dying character by another's healing still heals it, from 0 (recorded 6)", async () => {
    const hero = new SheetActorStandIn(
      "hero",
      "Bryndis",
      character({ state: "dying", hp: { value: -4, max: 40, temp: 0 } }),
    );
    standInAttackFaces.push(6);
    await ctx().press("spendRecovery", hero);
    expect(ctx().state.errors).toEqual([]);
    expect(hero.source.hp.value).toBe(6);
    expect(hero.source.state).toBe("active");
    expect(hero.source.recoveries.value).toBe(3);
  });

  it("[13A-RALLY] on its feet the same character rallies (its first rally: no save, recorded 6)", async () => {
    const hero = new SheetActorStandIn("hero", "Bryndis", character());
    standInAttackFaces.push(6);
    await ctx().press("rally", hero);
    expect(hero.source.hp.value).toBe(11);
    expect(hero.source.recoveries.ralliesThisBattle).toBe(1);
  });
});

sheetGame("wounds-d20", (ctx) => {
  it("[WD-RECOVERY] Spend recovery in a battle the character fights in is refused (out of combat only); after it, the die is rolled (recorded 6)", async () => {
    const hero = new SheetActorStandIn("hero", "Aldo", character());
    const foe = new SheetActorStandIn("foe", "Ogre", defaultActorSource({ kind: "npc" }), false);
    const combat = new CombatStandIn(1, [new CombatantStandIn("c-h", hero), new CombatantStandIn("c-f", foe)], "c-h");
    ctx().setCombat(combat);
    try {
      standInAttackFaces.push(6);
      await ctx().press("spendRecovery", hero);
      expect(lastCard(ctx().state)).toContain(i18n.localize("D20C.WD.Event.NoRallyInCombat"));
      expect(standInAttackFaces).toEqual([6]);
      expect(hero.source.recoveries.value).toBe(4);
    } finally {
      ctx().setCombat(null);
    }
    await ctx().press("spendRecovery", hero);
    expect(hero.source.hp.value).toBe(11);
    expect(hero.source.recoveries.value).toBe(3);
  });
});
