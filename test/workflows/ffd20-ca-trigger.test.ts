/**
 * [FF-CA] A power effect that triggers on combat advantage against the target, through the REAL
 * `rollAttack` (the sheet's attack, shift-click) with the stand-ins of
 * test/stand-ins/foundry-attack.ts and recorded dice: both targets are hit, only the stunned one
 * (which grants combat advantage) gets the effect, and the card says when the effect applies.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { powerEffectRows } from "../../src/applications/sheets/power-effects.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import {
  ActorStandIn,
  ItemStandIn,
  installAttackStandIn,
  standInAttackFaces,
  tokenStandIn,
  type AttackStandInState,
} from "../stand-ins/foundry-attack.js";
import { npc, power } from "./attack-fixtures.js";
import { hitEffect } from "./power-fixtures.js";
import { standInViewer } from "./attack-card-fixture.js";
import { attackCardIn } from "../support/card-messages.js";

const R = getRuleset("ffd20");
const AC = R.defenses[0]!.key;

let state: AttackStandInState;
let uninstall: () => void;
let rollAttack: typeof RollAttackFn;

beforeAll(async () => {
  ({ state, uninstall } = installAttackStandIn(R.id));
  state.settings.register("d20-combat", "cardVisibility", { scope: "world", default: "everyone" });
  ({ rollAttack } = await import("../../src/workflows/attack.js"));
});
afterAll(() => uninstall());
beforeEach(() => {
  state.targets.clear();
  state.messages.length = 0;
  state.errors.length = 0;
  state.dialogAnswer = {};
  standInAttackFaces.length = 0;
});

describe("[FF-CA] an effect on combat advantage against the target", () => {
  it("[FF-CA] [SYS-POWERS] both foes are hit on recorded 14s; only the stunned one, which grants combat advantage, is also slowed", async () => {
    const slowed = hitEffect({ statuses: ["slowed"], trigger: { kind: "combatAdvantage", value: 0 } });
    const strike = power({ attackBonus: 5, defense: AC, damage: "1d8 + 4", effects: [slowed] });
    const attacker = new ActorStandIn("rogue", "Rogue", npc(R, 15));
    const stunned = new ActorStandIn("stunned", "Stunned Orc", npc(R, 15, { conditions: ["stunned"] }));
    const alert = new ActorStandIn("alert", "Alert Orc", npc(R, 15));
    state.targets.add(tokenStandIn("stunned", stunned)).add(tokenStandIn("alert", alert));
    standInAttackFaces.push(14, 14, 4);
    await rollAttack(attacker as never, new ItemStandIn("power", "Sly Flourish", strike) as never, {
      fastForward: true,
    });
    expect(state.errors).toEqual([]);
    expect(standInAttackFaces).toEqual([]);
    const card = attackCardIn(state.messages[0]!.data)!;
    expect(card.targets.map((t) => t.outcome.result)).toEqual(["hit", "hit"]);
    // The +2 is on the stunned foe's roll only, and so is the effect.
    expect(card.targets.map((t) => t.outcome.modifiers.some((m) => m.key === "combatAdvantage"))).toEqual([
      true,
      false,
    ]);
    expect(card.targets.map((t) => t.effects)).toEqual([[0], []]);
    const ctx = attackCardContext(card, standInViewer());
    expect(ctx.powerSections[0]!.effects[0]).toMatch(/^With combat advantage against the target: /);
  });

  it("[FF-CA] the power sheet's effect trigger offers combat advantage against the target in FFd20 only", () => {
    const triggers = (id: "ffd20" | "13th-age") =>
      powerEffectRows([hitEffect()], getRuleset(id), (t) => t).triggers.map((t) => t.value);
    // [SYS-MONSTERS] every game also offers at most N, a range N–M and a list of natural rolls.
    const natural = ["any", "even", "odd", "atLeast", "atMost", "range", "list"];
    expect(triggers("ffd20")).toEqual([...natural, "combatAdvantage"]);
    expect(triggers("13th-age")).toEqual(natural);
  });
});
