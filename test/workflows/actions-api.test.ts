/**
 * [SYS-HOOKS] `game.system.api.actions` lists a token's actions in each game (its attacks with
 * their usage, the game's saves and death save, the Actions panel's procedures, the game's rests),
 * each with an id, a label in the game's words, an icon and whether it is usable now; and
 * `useAction` runs each kind by id through the sheet click's code: the same card and the same
 * documents as the REAL sheet handler (`useItem`, `rollSave`, `rollDeathSave`, `useProcedure`,
 * `takeRest`), with the sheet stand-in (test/stand-ins/foundry-sheet.ts) and recorded dice.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import type { ActorSource, RulesetId } from "../../src/engine/types.js";
import { wordsOf } from "../../src/engine/words.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import { PowerItemStandIn } from "../stand-ins/foundry-items.js";
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
import { createI18nStandIn } from "../stand-ins/i18n.js";
import { npc, power } from "./attack-fixtures.js";
import { publishApi } from "./api-macros.js";
import type * as SheetNs from "../../src/applications/sheets/actor-sheet.js";

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;
const i18n = createI18nStandIn();

interface Listed {
  id: string;
  kind: string;
  label: string;
  icon: string;
  usable: boolean;
  usage?: { label: string; spent: boolean };
}
interface ActionsApi {
  actions(of?: unknown): Listed[];
  useAction(of: unknown, id: string, options?: Record<string, unknown>): Promise<boolean>;
}

/** A hero of the game with two powers: an at-will one and a spent encounter-style one. */
function hero(source: ActorSource = defaultActorSource({ kind: "character", hp: { value: 20, max: 30, temp: 0 } })) {
  const actor = new SheetActorStandIn("hero", "Ardent", source);
  const usages = getRuleset(current).powerUsages ?? [];
  const limited = usages.find((u) => u.limited)?.key ?? "daily";
  actor.items.add(
    new PowerItemStandIn(
      "strike",
      "Strike",
      { usage: "atWill", recharge: 0, used: false, uses: { spent: 0, max: 1 } },
      power({ damage: "5" }),
    ),
  );
  actor.items.add(
    new PowerItemStandIn(
      "blast",
      "Blast",
      { usage: limited, recharge: 0, used: true, uses: { spent: 1, max: 1 } },
      power({ damage: "7" }),
    ),
  );
  return actor;
}
const dyingSource = (id: RulesetId): ActorSource =>
  defaultActorSource({
    kind: "character",
    state: "dying",
    hp: { value: id === "hundred-dungeons" ? 0 : -3, max: 30, temp: 0 },
  });

let current: RulesetId = "13th-age";

for (const id of RULESET_IDS) {
  describe(`[SYS-HOOKS] ${id}: a token's actions through game.system.api`, () => {
    const R = getRuleset(id);
    let state: SheetStandInState;
    let uninstall: () => void;
    let setCombat: (combat: CombatStandIn | null) => void;
    let api: ActionsApi;
    let actions: Record<string, Handler>;
    let sheetClass: typeof SheetNs.D20ActorSheet;
    beforeAll(async () => {
      current = id;
      ({ state, uninstall, setCombat } = installSheetStandIn(id));
      ({ D20ActorSheet: sheetClass } =
        (await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs);
      actions = sheetClass.DEFAULT_OPTIONS.actions as Record<string, Handler>;
      api = (await publishApi()) as unknown as ActionsApi;
    });
    afterAll(() => uninstall());
    beforeEach(() => {
      current = id;
      state.targets.clear();
      state.messages.length = 0;
      state.errors.length = 0;
      state.warnings.length = 0;
      standInAttackFaces.length = 0;
    });

    /** What a run left: the posted cards' data, the actor's source and powers, the notices. */
    function outcome(actor: SheetActorStandIn) {
      return {
        messages: state.messages.map((m) => ({ type: m.data.type, system: m.data.system, content: m.data.content })),
        source: actor.toEngineSource(),
        powers: [...actor.items].map((i) => ({ id: i.id, system: i.system })),
        notices: [...state.warnings, ...state.errors],
      };
    }
    /** Run `click` on one fresh hero and `byId` on another with the same dice: both outcomes. */
    async function both(
      make: () => SheetActorStandIn,
      faces: number[],
      click: (a: SheetActorStandIn) => Promise<void>,
      byId: (a: SheetActorStandIn) => Promise<boolean>,
    ) {
      const runs = [];
      for (const run of [click, byId]) {
        state.messages.length = 0;
        state.errors.length = 0;
        state.warnings.length = 0;
        state.targets.clear();
        const actor = make();
        const orc = new SheetActorStandIn("orc", "Orc", npc(R, 10), false);
        state.targets.add(targetStandIn(orc) as never);
        standInAttackFaces.length = 0;
        standInAttackFaces.push(...faces);
        const ran = await run(actor);
        if (ran !== undefined) expect(ran).toBe(true);
        runs.push(outcome(actor));
      }
      expect(runs[1]).toEqual(runs[0]);
      return runs[0]!;
    }

    it(`[SYS-HOOKS] ${id}: lists the attacks with their usage, the saves, the death save, the procedures and the rests, in the game's words`, () => {
      const list = api.actions(targetStandIn(hero()));
      const ids = list.map((a) => a.id);
      expect(ids).toEqual([
        "attack.strike",
        "attack.blast",
        ...R.saves.map((s) => `save.${s.key}`),
        "deathSave",
        ...(R.procedures ?? []).map((p) => `procedure.${p.id}`),
        ...(R.rests ?? [{ key: "shortRest" }, { key: "fullHealUp" }]).map((r) => `rest.${r.key}`),
      ]);
      for (const a of list) {
        expect(a.label, a.id).not.toMatch(/^D20C\./);
        expect(a.icon, a.id).toBeTruthy();
      }
      const byId = (x: string) => list.find((a) => a.id === x)!;
      expect(byId("attack.strike")).toMatchObject({
        kind: "attack",
        label: "Strike",
        usable: true,
        usage: { spent: false },
      });
      // A spent power is listed, not usable now (using it asks first, as on the sheet).
      expect(byId("attack.blast")).toMatchObject({ usable: false, usage: { spent: true } });
      expect(byId(`save.${R.saves[0]!.key}`).label).toBe(i18n.localize(R.saves[0]!.label));
      expect(byId("deathSave")).toMatchObject({ label: i18n.localize(wordsOf(R).deathSave), usable: false });
      expect(api.actions(targetStandIn(hero(dyingSource(id))))).toContainEqual(
        expect.objectContaining({ id: "deathSave", usable: true }),
      );
      // Out of battle every rest is usable.
      expect(list.filter((a) => a.kind === "rest").every((a) => a.usable)).toBe(true);
    });

    it(`[SYS-HOOKS] ${id}: an attack run by id posts the same card and spends the same as the sheet's click`, async () => {
      const r = await both(
        () => hero(),
        [14, 4, 4, 4],
        (a) =>
          actions.useItem!.call(sheetInstance(sheetClass, a), { shiftKey: true }, clickTarget({ itemId: "strike" })),
        (a) => api.useAction(targetStandIn(a), "attack.strike", { fastForward: true }),
      );
      expect(r.messages).toHaveLength(1);
      expect(r.messages[0]!.type).toBe("attack");
    });

    it(`[SYS-HOOKS] ${id}: a save run by id rolls and writes the same as the sheet's save button`, async () => {
      const kind = R.saves[0]!.key;
      const r = await both(
        () => hero(),
        [12],
        (a) =>
          actions.rollSave!.call(
            sheetThis(sheetClass, a),
            { altKey: false, ctrlKey: false, metaKey: false },
            clickTarget({ kind }),
          ),
        (a) => api.useAction(targetStandIn(a), `save.${kind}`),
      );
      expect(r.messages).toHaveLength(1);
    });

    it(`[SYS-HOOKS] ${id}: the death save run by id is the sheet's death save`, async () => {
      const r = await both(
        () => hero(dyingSource(id)),
        [12, 12],
        (a) => actions.rollDeathSave!.call(sheetThis(sheetClass, a), {}, clickTarget({})),
        (a) => api.useAction(targetStandIn(a), "deathSave"),
      );
      expect(r.messages).toHaveLength(1);
    });

    it(`[SYS-HOOKS] ${id}: a rest run by id is the sheet's rest`, async () => {
      const rest = (R.rests ?? [{ key: "shortRest" }])[0]!.key;
      const worn = () => {
        const a = hero();
        for (const i of a.items) i.system = { ...i.system, used: true };
        return a;
      };
      const r = await both(
        worn,
        Array.from({ length: 12 }, () => 4),
        (a) => actions.takeRest!.call(sheetThis(sheetClass, a), { shiftKey: false }, clickTarget({ rest })),
        (a) => api.useAction(targetStandIn(a), `rest.${rest}`),
      );
      expect(r.messages).toHaveLength(1);
      expect(r.notices).toEqual([]);
    });

    it(`[SYS-HOOKS] ${id}: each Actions-panel procedure run by id does what the panel's button does`, async () => {
      for (const p of R.procedures ?? []) {
        const choice = p.choices?.[0]?.key ?? null;
        const r = await both(
          () => hero(),
          [12, 12, 12],
          (a) =>
            actions.useProcedure!.call(
              sheetThis(sheetClass, a),
              { shiftKey: false },
              clickTarget({ procedureId: p.id }, choice),
            ),
          (a) => api.useAction(targetStandIn(a), `procedure.${p.id}`, { choice }),
        );
        // Carried out (a card) or refused with the game's reason (a notice): never nothing, never an error.
        expect(r.messages.length + r.notices.length, p.id).toBeGreaterThan(0);
        expect(r.notices.join(" "), p.id).not.toMatch(/unexpected|recorded face/i);
      }
    });

    it(`[SYS-HOOKS] ${id}: in a battle, out of its turn: its attacks and the rests are not usable now; on its turn the attack is`, () => {
      const a = hero();
      const foe = new SheetActorStandIn("orc", "Orc", npc(R, 10), false);
      const combat = new CombatStandIn(
        1,
        [new CombatantStandIn("c-hero", a), new CombatantStandIn("c-foe", foe, false, "gm")],
        "c-foe",
      );
      setCombat(combat);
      try {
        const usable = () => Object.fromEntries(api.actions(targetStandIn(a)).map((x) => [x.id, x.usable]));
        expect(usable()["attack.strike"]).toBe(false);
        expect(Object.entries(usable()).filter(([k, v]) => k.startsWith("rest.") && v)).toEqual([]);
        combat.current = "c-hero";
        expect(usable()["attack.strike"]).toBe(true);
      } finally {
        setCombat(null);
      }
    });

    it(`[SYS-HOOKS] ${id}: an id the token does not have is refused with a notice and runs nothing`, async () => {
      const a = hero();
      expect(await api.useAction(targetStandIn(a), "attack.nothing")).toBe(false);
      expect(await api.useAction(targetStandIn(a), "fly")).toBe(false);
      expect(state.messages).toEqual([]);
      expect(state.warnings.join(" ")).toMatch(/Ardent has no action "attack.nothing"/);
    });
  });
}
