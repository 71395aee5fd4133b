/**
 * [HD-CRIT] Hundred Dungeons' widened critical range, through the REAL `rollAttack` (the sheet's
 * attack click, shift-click straight to the card) with the stand-ins of
 * test/stand-ins/foundry-attack.ts and recorded dice: a power that crits on 19–20 crits on a 19
 * only when the total reaches the defense; a 19 whose total falls short misses; only a 20 always
 * succeeds (and crits).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { PowerSource } from "../../src/engine/types.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import {
  ActorStandIn,
  ItemStandIn,
  installAttackStandIn,
  standInAttackFaces,
  tokenStandIn,
  type AttackStandInState,
} from "../stand-ins/foundry-attack.js";
import { derivedDefense, npc, power } from "./attack-fixtures.js";
import { attackCardIn } from "../support/card-messages.js";

const R = getRuleset("hundred-dungeons");
const DEF = R.defenses[0]!.key;

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
  state.dialogs.length = 0;
  state.errors.length = 0;
  state.dialogAnswer = {};
  standInAttackFaces.length = 0;
});

const attacker = new ActorStandIn("attacker", "Bandit Captain", npc(R, 12));
// A keen blade: +5, crits on 19–20 (critRange 1), 1d8 + 3.
const keen: PowerSource = power({ attackBonus: 5, defense: DEF, damage: "1d8 + 3", critRange: 1 });
const item = new ItemStandIn("power", "Keen Scimitar", keen);

/** One attack on one target with the recorded faces; the card's outcome for it. */
async function attackOnce(defense: number, faces: number[]) {
  const foe = new ActorStandIn(`foe${defense}`, "Guard", npc(R, defense));
  state.targets.add(tokenStandIn(foe.id, foe));
  standInAttackFaces.push(...faces);
  await rollAttack(attacker as never, item as never, { fastForward: true });
  expect(state.errors).toEqual([]);
  expect(state.messages).toHaveLength(1);
  const card = attackCardIn(state.messages[0]!.data)!;
  expect(standInAttackFaces).toEqual([]);
  return { card, outcome: card.targets[0]!.outcome, defense: derivedDefense(R, foe.toEngineSource(), DEF) };
}

describe("[HD-CRIT] a widened critical range from the sheet's attack", () => {
  it("[HD-CRIT] a natural 19 on a 19–20 power whose total reaches the defense is a critical hit: double damage on a recorded 6", async () => {
    const { outcome, card, defense } = await attackOnce(24, [19, 6]);
    expect(outcome.natural).toBe(19);
    expect(outcome.total).toBeGreaterThanOrEqual(defense);
    expect(outcome.result).toBe("crit");
    expect(outcome.isCrit).toBe(true);
    expect(card.targets[0]!.damage).toBe((6 + 3) * 2);
  });

  it("[HD-CRIT] a natural 19 on a 19–20 power whose total falls short of the defense misses: only a 20 always succeeds", async () => {
    const { outcome, card, defense } = await attackOnce(25, [19]);
    expect(outcome.natural).toBe(19);
    expect(outcome.total).toBeLessThan(defense);
    expect(outcome.result).toBe("miss");
    expect(outcome.isHit).toBe(false);
    expect(outcome.isCrit).toBe(false);
    expect(card.targets[0]!.damage).toBe(0);
  });

  it("[HD-CRIT] a natural 20 on the same power crits even against a defense its total cannot reach", async () => {
    const { outcome, defense } = await attackOnce(40, [20, 2]);
    expect(outcome.total).toBeLessThan(defense);
    expect(outcome.result).toBe("crit");
    expect(outcome.isHit).toBe(true);
  });
});
