/**
 * FFd20 overlapping effects through the attack card's Apply ([FF-DURATION], [FF-ONGOING]): which
 * copy of the same effect has the most time remaining is read from the combat's turn order (when
 * each copy actually ends), and a lower ongoing damage of a type stays beside a higher one it
 * outlasts; the turn step then deals only the highest of the type, and the lower one alone once the
 * higher has ended. Dice are recorded (`threeFoeCard`).
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { decideApplication } from "../../src/engine/plans/apply.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import type { EffectSource, EffectTiming, TurnContext } from "../../src/engine/types.js";
import { defaultOptions, npc } from "./attack-fixtures.js";
import { combatant, effect } from "./combat-fixtures.js";
import { ATTACKER_COMBATANT, hitEffect, threeFoeCard } from "./power-fixtures.js";
import { recordedRoller } from "../support/recorded-dice.js";

const R = getRuleset("ffd20");
/** Turn order: X, then the attacker (whose turn it is: it attacks now), then the foe. */
const ORDER = ["cmbXxxxxxxxxxxxx", ATTACKER_COMBATANT, "cmbFoexxxxxxxxxx"];
const TIMING: EffectTiming = { order: ORDER, current: ATTACKER_COMBATANT, bearerId: "cmbFoexxxxxxxxxx" };

function apply(card: AttackCardData, effects: EffectSource[], timing?: EffectTiming) {
  return decideApplication({
    ruleset: R,
    options: defaultOptions(R),
    card,
    targetUuid: card.targets[0]!.uuid,
    mode: "full",
    actor: npc(R, 15),
    actorId: "Actor.foe0",
    userId: "u1",
    recordId: "rec1",
    roll: recordedRoller([]),
    effects,
    powerEffectIds: ["powerEffect00001"],
    powerEffectName: () => "Effect",
    ...(timing ? { timing } : {}),
  });
}

function foeTurn(effects: EffectSource[]): TurnContext {
  return {
    round: 2,
    combatantId: "cmbFoexxxxxxxxxx",
    combatants: ORDER.map((id) =>
      id === "cmbFoexxxxxxxxxx"
        ? combatant(id, { actorId: "Actor.foe0", side: "gm", effects })
        : combatant(id, { actorId: `Actor.${id}` }),
    ),
    surpriseRound: false,
    options: defaultOptions(R),
  };
}

describe("FFd20 overlapping effects end by the turn order", () => {
  it("[FF-DURATION] a 'start of your next turn' that ends later than an 'end of its next turn' replaces it; one that ends sooner does not", async () => {
    const card = threeFoeCard("ffd20", [hitEffect({ statuses: ["slowed"], duration: "startOfNextTurn" })]);
    expect(card.targets[0]!.outcome.isHit).toBe(true);
    // Slowed until the end of the foe's next turn: the foe acts after the attacker this round.
    const itsTurn = effect("slowedItsTurnxxx", {
      statuses: ["slowed"],
      duration: "endOfNextTurn",
      turnOf: "bearer",
      sourceCombatantId: "cmbXxxxxxxxxxxxx",
    });
    const later = await apply(card, [itsTurn], TIMING);
    expect(later.effects.remove).toEqual([itsTurn.id]);
    expect(later.effects.create.map((e) => e.id)).toEqual(["powerEffect00001"]);
    // Out of combat only the kinds rank: end of next turn outlasts start of next turn.
    const ranked = await apply(card, [itsTurn]);
    expect(ranked.effects).toEqual({ create: [], remove: [] });
    // Slowed until the end of the attacker's own next turn ends after the start of it: it stays.
    const yourEnd = effect("slowedYourEndxxx", {
      statuses: ["slowed"],
      duration: "endOfNextTurn",
      sourceCombatantId: ATTACKER_COMBATANT,
    });
    expect((await apply(card, [yourEnd], TIMING)).effects).toEqual({ create: [], remove: [] });
  });

  it("[FF-ONGOING] [FF-DURATION] a lower ongoing damage that outlasts a higher one stays, burns only after the higher one ends", async () => {
    // Ongoing 10 fire until the end of the foe's next turn, then a hit adds ongoing 5 fire (save ends).
    const card = threeFoeCard("ffd20", [hitEffect({ ongoing: { amount: 5, type: "fire" } })]);
    const high = effect("fire10xxxxxxxxxx", {
      ongoing: { amount: 10, type: "fire" },
      duration: "endOfNextTurn",
      turnOf: "bearer",
      sourceCombatantId: ATTACKER_COMBATANT,
    });
    const d = await apply(card, [high], TIMING);
    expect(d.effects.remove).toEqual([]);
    expect(d.effects.create).toHaveLength(1);
    const low = d.effects.create[0]!;
    expect(low).toMatchObject({ duration: "saveEnds", ongoing: { amount: 5, type: "fire" } });

    // The foe's turn starts: only the highest of the type burns (10, not 15), and the 10 is armed.
    const start = R.onTurnStart(foeTurn([high, low]));
    const damage = start.filter((s) => s.kind === "damage");
    expect(damage).toHaveLength(1);
    expect(damage[0]).toMatchObject({ effectId: high.id, packet: { amount: 10, types: ["fire"], ongoing: true } });
    expect(start).toContainEqual(
      expect.objectContaining({ kind: "updateEffect", effectId: high.id, changes: { armed: true } }),
    );
    // Its turn ends: the 10 ends; the 5 stays (saved against) and burns alone at the next turn.
    const end = R.onTurnEnd(foeTurn([{ ...high, armed: true }, low]));
    expect(end).toContainEqual(expect.objectContaining({ kind: "removeEffect", effectId: high.id }));
    expect(end.some((s) => s.kind === "removeEffect" && s.effectId === low.id)).toBe(false);
    const next = R.onTurnStart(foeTurn([low])).filter((s) => s.kind === "damage");
    expect(next).toEqual([
      expect.objectContaining({ effectId: low.id, packet: expect.objectContaining({ amount: 5 }) }),
    ]);
  });

  it("[FF-ONGOING] a lower ongoing damage that ends no later than the higher one is not added, and a higher one that ends sooner keeps the lower one", async () => {
    const lowCard = threeFoeCard("ffd20", [
      hitEffect({ ongoing: { amount: 5, type: "fire" }, duration: "endOfItsNextTurn" }),
    ]);
    const high = effect("fire10xxxxxxxxxx", { ongoing: { amount: 10, type: "fire" }, duration: "saveEnds" });
    expect((await apply(lowCard, [high], TIMING)).effects).toEqual({ create: [], remove: [] });

    const highCard = threeFoeCard("ffd20", [
      hitEffect({ ongoing: { amount: 10, type: "fire" }, duration: "endOfItsNextTurn" }),
    ]);
    const low = effect("fire5xxxxxxxxxxx", { ongoing: { amount: 5, type: "fire" }, duration: "saveEnds" });
    const both = await apply(highCard, [low], TIMING);
    expect(both.effects.remove).toEqual([]);
    expect(both.effects.create.map((e) => e.ongoing?.amount)).toEqual([10]);
    // Out of combat as well (save ends outlasts any next-turn duration).
    expect((await apply(highCard, [low])).effects.remove).toEqual([]);
  });
});
