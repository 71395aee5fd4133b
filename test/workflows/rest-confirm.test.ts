/**
 * Issue 45 "rests confirm and report", through the REAL sheet rest handler (`takeRest` of
 * D20ActorSheet) with the sheet stand-ins and recorded dice: the rest asks first and says what
 * will come back; declined, nothing changes; taken, its card lists what came back (hit points, the
 * game's healing resource, exhaustion, uses); a Wounds d20 breather asks how many recovery dice to
 * spend and rolls only those.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import type { ActorSource, RulesetId } from "../../src/engine/types.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import { PowerItemStandIn, type PowerUsageSystemStandIn } from "../stand-ins/foundry-items.js";
import {
  SheetActorStandIn,
  clickTarget,
  installSheetStandIn,
  sheetThis,
  type SheetStandInState,
} from "../stand-ins/foundry-sheet.js";
import { power } from "./attack-fixtures.js";
import { ruleCardIn } from "../support/card-messages.js";
import type * as SheetNs from "../../src/applications/sheets/actor-sheet.js";

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

const usage = (kind: string, used: boolean, spentUses = 0): PowerUsageSystemStandIn => ({
  usage: kind,
  recharge: 0,
  used,
  uses: { spent: spentUses, max: 1 },
});

function wornOut(): ActorSource {
  return defaultActorSource({
    kind: "character",
    hp: { value: 5, max: 30, temp: 0 },
    exhaustion: 2,
    recoveries: { value: 2, max: 8, formula: "1d8", noRecoveryUses: 0, ralliesThisBattle: 0, battlesSinceHealUp: 2 },
  });
}

function hero(powers: Record<string, PowerUsageSystemStandIn>): SheetActorStandIn {
  const actor = new SheetActorStandIn("hero", "Ardent", wornOut());
  for (const [id, system] of Object.entries(powers)) actor.items.add(new PowerItemStandIn(id, id, system, power()));
  return actor;
}

function rests(id: RulesetId, body: (ctx: { rest: Rest; state: () => SheetStandInState }) => void): void {
  describe(`${id}: a rest asks first and reports`, () => {
    let state: SheetStandInState;
    let uninstall: () => void;
    const ctx = { state: () => state } as { rest: Rest; state: () => SheetStandInState };
    beforeAll(async () => {
      ({ state, uninstall } = installSheetStandIn(id));
      const { D20ActorSheet } = (await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs;
      const actions = D20ActorSheet.DEFAULT_OPTIONS.actions as Record<string, Handler>;
      ctx.rest = (actor, key, faces = []) => {
        standInAttackFaces.length = 0;
        standInAttackFaces.push(...faces);
        return actions.takeRest!.call(sheetThis(D20ActorSheet, actor), { shiftKey: false }, clickTarget({ rest: key }));
      };
    });
    afterAll(() => uninstall());
    beforeEach(() => {
      state.messages.length = 0;
      state.errors.length = 0;
      state.confirms.length = 0;
      state.dialogs.length = 0;
      state.confirmAnswer = true;
      state.dialogAnswer = {};
    });
    body({ rest: (actor, key, faces) => ctx.rest(actor, key, faces), state: ctx.state });
  });
}
type Rest = (actor: SheetActorStandIn, rest: string, faces?: number[]) => Promise<void>;

/** The lines of the one posted rest card, in the user's language. */
function cardLines(state: SheetStandInState): string {
  expect(state.messages).toHaveLength(1);
  return String(state.messages[0]!.data.content ?? "");
}

rests("13th-age", ({ rest, state }) => {
  it("[13A-HEALUP] the full heal-up asks first with what will come back (hit points, recoveries, the daily power); declined, nothing changes", async () => {
    const actor = hero({ day: usage("daily", true) });
    const before = structuredClone(actor.source);
    state().confirmAnswer = false;
    await rest(actor, "fullHealUp");
    expect(state().confirms).toHaveLength(1);
    const asked = String(state().confirms[0]!.content);
    expect(asked).toContain("Hit points 5 → 30 (of 30)");
    expect(asked).toMatch(/Recoveries 2 → 8 \(of 8\)/i);
    expect(asked).toContain("Uses back: day");
    expect(actor.source).toEqual(before);
    expect(state().messages).toHaveLength(0);
  });

  it("[13A-HEALUP] taken, the card lists what came back: hit points and recoveries, and the power", async () => {
    const actor = hero({ day: usage("daily", true) });
    await rest(actor, "fullHealUp");
    expect(state().errors).toEqual([]);
    const html = cardLines(state());
    expect(html).toContain("Hit points 5 → 30 (of 30)");
    expect(html).toMatch(/Recoveries 2 → 8 \(of 8\)/i);
    expect(ruleCardIn(state().messages[0]!.data)!.events.map((e) => e.key)).toContain("D20C.Power.Recharge.reset");
  });
});

rests("hundred-dungeons", ({ rest, state }) => {
  it("[HD-COND] [SYS-POWERS] a long rest's card lists the exhaustion it took away with the hit points and hit dice", async () => {
    const actor = hero({});
    await rest(actor, "longRest");
    expect(state().errors).toEqual([]);
    const asked = String(state().confirms[0]!.content);
    expect(asked).toContain("Exhaustion 2 → 1");
    const html = cardLines(state());
    expect(html).toContain("Exhaustion 2 → 1");
    expect(html).toContain("Hit points 5 → 30 (of 30)");
  });
});

rests("wounds-d20", ({ rest, state }) => {
  it("[WD-RECOVERY] catching one's breath asks how many recovery dice to spend (some or all): one of two spent, one die rolled, one left", async () => {
    const actor = hero({});
    state().dialogAnswer = { spend: "1" };
    await rest(actor, "breather", [3, 4]);
    expect(state().errors).toEqual([]);
    expect(state().dialogs).toHaveLength(1);
    expect(String(state().dialogs[0]!.content)).toMatch(/name="spend" value="2"[^>]*max="2"/);
    expect(actor.source.hp.value).toBe(5 + 3);
    expect(actor.source.recoveries.value).toBe(1);
    // The second recorded die was never rolled.
    expect(standInAttackFaces).toEqual([4]);
    expect(cardLines(state())).toContain("Hit points 5 → 8 (of 30)");
  });

  it("[WD-RECOVERY] closing the breather's dialog rolls nothing and changes nothing", async () => {
    const actor = hero({});
    const before = structuredClone(actor.source);
    state().dialogAnswer = null;
    await rest(actor, "breather", [3, 4]);
    expect(actor.source).toEqual(before);
    expect(standInAttackFaces).toEqual([3, 4]);
    expect(state().messages).toHaveLength(0);
  });
});
