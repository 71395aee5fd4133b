/**
 * [SYS-RULESET] A fifth game, Duel (./duel.ts, test-only), registered through the public hook the
 * system fires first in `init` (`collectRulesets`, src/active-ruleset.ts), is played through the
 * same adapter code as the built-in four: the registry knows it, its sheet renders with its
 * defense, condition and option, the real `rollAttack` posts its attack card against its Guard with
 * its condition's penalty, and its turn plan runs through the production plan runner. The built
 * bundle booting with it is ./boot.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { collectRulesets } from "../../src/active-ruleset.js";
import { allRulesets, getRuleset, isRulesetId, registerRuleset } from "../../src/engine/registry.js";
import type { RegisterRulesetsApi } from "../../src/engine/module-api.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import { runBoundary } from "../../src/engine/plans/combat-cycle.js";
import type { TurnPorts } from "../../src/engine/plans/turns.js";
import type { CombatantSource, TurnContext } from "../../src/engine/types.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import {
  ActorStandIn,
  ItemStandIn,
  installAttackStandIn,
  standInAttackFaces,
  tokenStandIn,
} from "../stand-ins/foundry-attack.js";
import type { AttackStandInState } from "../stand-ins/foundry-attack.js";
import { BootHooksStandIn } from "../stand-ins/foundry-boot.js";
import { standInLangStrings } from "../stand-ins/i18n.js";
import { effectSource } from "../support/engine-fixtures.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { characterContext, i18n, wholeSheet } from "../sheets/sheet-fixtures.js";
import { npc, power } from "../workflows/attack-fixtures.js";
import { DUEL_ID, DUEL_LANG, REELING, registerDuel } from "./duel.js";
import { attackCardIn } from "../support/card-messages.js";

let state: AttackStandInState;
let uninstall: () => void;
let rollAttack: typeof RollAttackFn;
let offered: ((ruleset: Ruleset) => void) | null = null;
let duel: Ruleset;

beforeAll(async () => {
  // The module's lang file, as Foundry would merge it.
  for (const [k, v] of Object.entries(DUEL_LANG)) standInLangStrings().set(k, v);
  ({ state, uninstall } = installAttackStandIn(DUEL_ID));
  state.settings.register("d20-combat", "cardVisibility", { scope: "world", default: "everyone" });
  // A module's script: listen for the system's call, as Foundry evaluates module scripts before init.
  const g = globalThis as unknown as { Hooks?: BootHooksStandIn };
  const hooks = (g.Hooks ??= new BootHooksStandIn());
  // The hook's name as a module spells it (docs/architecture.md).
  hooks.once("d20-combat.registerRulesets", (api) => {
    offered = (api as RegisterRulesetsApi).registerRuleset;
    duel = registerDuel(api as RegisterRulesetsApi);
  });
  collectRulesets();
  ({ rollAttack } = await import("../../src/workflows/attack.js"));
});
afterAll(() => uninstall());
beforeEach(() => {
  state.targets.clear();
  state.messages.length = 0;
  state.errors.length = 0;
  standInAttackFaces.length = 0;
});

describe("[SYS-RULESET] a fifth game registered through the public hook", () => {
  it("[SYS-RULESET] the hook offers the engine's registerRuleset; the game joins the built-in four; later registration is refused", () => {
    expect(offered).toBe(registerRuleset);
    expect(isRulesetId(DUEL_ID)).toBe(true);
    expect(getRuleset(DUEL_ID)).toBe(duel);
    expect(allRulesets().map((r) => r.id)).toEqual(["13th-age", "ffd20", "hundred-dungeons", "wounds-d20", DUEL_ID]);
    expect(() => registerRuleset({ ...duel, id: "late-game" })).toThrow(/too late/);
    expect(isRulesetId("late-game")).toBe(false);
  });

  it("[SYS-RULESET] its actor sheet renders its own defense, save and condition", () => {
    const html = wholeSheet(createTemplateRenderer(), characterContext(DUEL_ID));
    expect(html).toContain(i18n.localize("DUEL.Defense.Abbr.guard"));
    expect(html).toContain('data-kind="nerve"');
    expect(html).toContain(i18n.localize(REELING.label));
    for (const other of ["D20C.Defense.ac", "D20C.Defense.pd"]) expect(html).not.toContain(i18n.localize(other));
  });

  it("[SYS-RULESET] the real rollAttack posts its card: d20 + level against Guard (10 + level + Dex + Grit), Reeling's −2 from the condition's data", async () => {
    const reeling = npc(duel, 0, { level: 3, conditions: [REELING.id] });
    const attacker = new ActorStandIn("duellist", "Duellist", reeling);
    const item = new ItemStandIn("power", "Lunge", power({ attackAbility: null, defense: "guard", damage: "1d6" }));
    const gritty = new ActorStandIn("rival", "Rival", { ...npc(duel, 0), grit: 2 } as never);
    state.targets.add(tokenStandIn("rival", gritty));
    // Guard 10 + 1 + 0 + 2 = 13; d20 12 + level 3 − 2 = 13 hits; damage 4.
    standInAttackFaces.push(12, 4);
    await rollAttack(attacker as never, item as never, { fastForward: true });
    expect(state.errors).toEqual([]);
    const card = attackCardIn(state.messages[0]!.data)!;
    expect(card.rulesetId).toBe(DUEL_ID);
    const t = card.targets[0]!;
    expect(t.outcome.defenseKey).toBe("guard");
    expect(t.outcome.defense).toBe(13);
    expect(t.outcome.modifiers.map((m) => [m.key, m.value])).toContainEqual(["condition.reeling", -2]);
    expect(t.outcome.total).toBe(13);
    expect(t.outcome.result).toBe("hit");
    expect(t.damage).toBe(4);

    // The same roll without the condition's penalty would beat Guard by 2: the data is what decided.
    standInAttackFaces.push(10, 4);
    await rollAttack(attacker as never, item as never, { fastForward: true });
    const second = attackCardIn(state.messages[1]!.data)!;
    expect(second.targets[0]!.outcome.total).toBe(11);
    expect(second.targets[0]!.outcome.result).toBe("miss");
  });

  it("[SYS-TURNS] its turn plan runs through the production runner: a reeling duellist shakes the condition off at the start of its turn", async () => {
    const effect = effectSource({ id: "e1", name: "Reeling", statuses: [REELING.id] });
    const combatant: CombatantSource = {
      id: "c1",
      actorId: "a1",
      name: "Duellist",
      actor: npc(duel, 0, { conditions: [REELING.id] }),
      effects: [effect],
      initiative: 12,
      side: "player",
      aware: true,
      defeated: false,
      seat: 0,
    };
    const ctx: TurnContext = {
      round: 1,
      combatantId: "c1",
      combatants: [combatant],
      surpriseRound: false,
      options: {},
    };
    const removed: [string, string][] = [];
    const ports: TurnPorts = {
      roll: () => Promise.reject(new Error("no roll in this plan")),
      applyActor: () => Promise.resolve(),
      addEffect: () => Promise.resolve("new"),
      removeEffect: (actorId, effectId) => {
        removed.push([actorId, effectId]);
        return Promise.resolve();
      },
      updateEffect: () => Promise.resolve(),
      rerollInitiative: () => Promise.resolve(),
      post: () => Promise.resolve(),
    };
    const outcome = await runBoundary(duel, "turnStart", ctx, ports);
    expect(outcome.errors).toEqual([]);
    expect(removed).toEqual([["a1", "e1"]]);
    expect(outcome.lines.map((l) => l.key)).toContain("DUEL.Event.shookOff");
  });
});
