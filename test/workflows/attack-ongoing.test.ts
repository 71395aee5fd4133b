/**
 * Ongoing damage from powers ([13A-ONGOING], [FF-ONGOING], [SYS-TURNS]): a damage button on a
 * target the attack hit puts the power's ongoing damage on it as a save-ends effect timed by the
 * attacker's combatant, with the game's stacking rule; undo takes it off again. The effect is then
 * read back through the ActiveEffect flag shape and handed to the real rulesets' turn cycle, which
 * must deal it as a damage step.
 */
import { describe, expect, it } from "vitest";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { effectCreateData, effectSourceOf } from "../../src/data/effects.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, EffectSource, PowerSource, RulesetId, TurnContext } from "../../src/engine/types.js";
import { decideApplication, decideUndo } from "../../src/engine/plans/apply.js";
import type { ApplyMode, AttackCardData } from "../../src/engine/plans/card-data.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { standInViewer } from "./attack-card-fixture.js";
import { defaultOptions, npc, power, request, target } from "./attack-fixtures.js";
import { combatant, effect } from "./combat-fixtures.js";
import { attackFromRecordedDice, recordedRoller } from "../support/recorded-dice.js";

const ATTACKER_COMBATANT = "cmbAttacker00001";

function attack(
  id: RulesetId,
  natural: number,
  ongoing: PowerSource["ongoing"] = { amount: 5, type: "fire", save: "normal" },
  foe: ActorSource = npc(getRuleset(id), 15),
): AttackCardData {
  const req = request(id, { power: power({ ongoing }), targets: [target("foe", foe, "Foe")] });
  return attackFromRecordedDice({ ...req, sourceCombatantId: ATTACKER_COMBATANT }, [[natural]], { "*": [4] });
}

function apply(id: RulesetId, card: AttackCardData, mode: ApplyMode = "full", effects: EffectSource[] = []) {
  const R = getRuleset(id);
  return decideApplication({
    ruleset: R,
    options: defaultOptions(R),
    card,
    targetUuid: card.targets[0]!.uuid,
    mode,
    actor: npc(R, 15),
    actorId: "Actor.foe",
    userId: "u1",
    recordId: "rec1",
    roll: recordedRoller([]),
    effects,
    effectId: "ongoingEffect001",
    ongoingName: "Ongoing 5 fire damage",
  });
}

/** Store an engine effect the way the ActiveEffect does (flag shape) and read it back. */
function throughActiveEffect(e: EffectSource): EffectSource {
  const { id, ...rest } = e;
  const data = effectCreateData(rest);
  return effectSourceOf({ id, name: data.name, statuses: data.statuses, flags: data.flags });
}

function ctxWith(id: RulesetId, effects: EffectSource[]): TurnContext {
  const R = getRuleset(id);
  return {
    round: 2,
    combatantId: "cmbFoe",
    combatants: [
      combatant("cmbFoe", { actorId: "Actor.foe", side: "gm", effects }),
      combatant(ATTACKER_COMBATANT, { actorId: "Actor.attacker" }),
    ],
    surpriseRound: false,
    options: defaultOptions(R),
  };
}

describe("the damage button puts the power's ongoing damage on a target it hit", () => {
  it("[13A-ONGOING] [SYS-TURNS] 13th Age: a save-ends effect the turn cycle deals at the end of the bearer's turn, then saves 11+", async () => {
    const card = attack("13th-age", 16);
    expect(card.targets[0]!.outcome.isHit).toBe(true);
    const d = await apply("13th-age", card);
    expect(d.effects.remove).toEqual([]);
    expect(d.effects.create).toHaveLength(1);
    const made = throughActiveEffect(d.effects.create[0]!);
    expect(made).toMatchObject({
      id: "ongoingEffect001",
      duration: "saveEnds",
      save: "normal",
      sourceCombatantId: ATTACKER_COMBATANT,
      ongoing: { amount: 5, type: "fire" },
      statuses: [],
    });
    const R = getRuleset("13th-age");
    const steps = R.onTurnEnd(ctxWith("13th-age", [made]));
    const damage = steps.find((s) => s.kind === "damage");
    expect(damage).toMatchObject({
      actorId: "Actor.foe",
      effectId: "ongoingEffect001",
      packet: { amount: 5, types: ["fire"], ongoing: true },
    });
    const save = steps.find((s) => s.kind === "roll");
    expect(save).toMatchObject({ request: { kind: "save", effectId: "ongoingEffect001", target: 11 } });
    // Nothing at the start of the turn: the text deals it at the end.
    expect(R.onTurnStart(ctxWith("13th-age", [made])).some((s) => s.kind === "damage")).toBe(false);
  });

  it("[13A-ONGOING] the power's save difficulty is the effect's (hard: 16+)", async () => {
    const d = await apply("13th-age", attack("13th-age", 16, { amount: 3, type: "poison", save: "hard" }));
    const made = throughActiveEffect(d.effects.create[0]!);
    const save = getRuleset("13th-age")
      .onTurnEnd(ctxWith("13th-age", [made]))
      .find((s) => s.kind === "roll");
    expect(save).toMatchObject({ request: { target: 16 } });
  });

  it("[FF-ONGOING] [SYS-TURNS] FFd20: the effect is dealt at the start of the bearer's turn and saved against at its end", async () => {
    const d = await apply("ffd20", attack("ffd20", 16));
    const made = throughActiveEffect(d.effects.create[0]!);
    const R = getRuleset("ffd20");
    const start = R.onTurnStart(ctxWith("ffd20", [made]));
    expect(start.find((s) => s.kind === "damage")).toMatchObject({
      packet: { amount: 5, types: ["fire"], ongoing: true },
    });
    expect(R.onTurnEnd(ctxWith("ffd20", [made])).some((s) => s.kind === "roll")).toBe(true);
  });

  it("[FF-ONGOING] only the highest of a type burns: a lower one is not added, a higher one replaces it", async () => {
    const card = attack("ffd20", 16);
    const strong = effect("fire10xxxxxxxxxx", { ongoing: { amount: 10, type: "fire" } });
    const weak = effect("fire3xxxxxxxxxxx", { ongoing: { amount: 3, type: "fire" } });
    const cold = effect("cold8xxxxxxxxxxx", { ongoing: { amount: 8, type: "cold" } });

    const kept = await apply("ffd20", card, "full", [strong]);
    expect(kept.effects).toEqual({ create: [], remove: [] });
    expect(kept.record.effects).toMatchObject({ addedId: null, removed: [] });

    const replaced = await apply("ffd20", card, "full", [weak, cold]);
    expect(replaced.effects.remove).toEqual([weak.id]);
    expect(replaced.effects.create.map((e) => e.id)).toEqual(["ongoingEffect001"]);

    // Undo takes the new one off and puts the replaced one back, exactly.
    const undo = decideUndo(replaced.card, "rec1", replaced.next);
    expect(undo.effects.remove).toEqual(["ongoingEffect001"]);
    expect(undo.effects.create).toEqual([weak]);
  });

  it("[13A-ONGOING] effects stack as separate entries in 13th Age (its rule), and undo removes the added one", async () => {
    const old = effect("fire10xxxxxxxxxx", { ongoing: { amount: 10, type: "fire" } });
    const d = await apply("13th-age", attack("13th-age", 16), "full", [old]);
    expect(d.effects.remove).toEqual([]);
    expect(d.effects.create).toHaveLength(1);
    expect(decideUndo(d.card, "rec1", d.next).effects).toEqual({ remove: ["ongoingEffect001"], create: [] });
  });

  it("[13A-ONGOING] [FF-ONGOING] never on a miss (a natural 1 included), nor with the healing buttons", async () => {
    const miss = attack("13th-age", 2);
    expect(miss.targets[0]!.outcome.isHit).toBe(false);
    expect((await apply("13th-age", miss)).effects.create).toEqual([]);
    const nat1 = attack("ffd20", 1);
    expect(nat1.targets[0]!.outcome.natural).toBe(1);
    expect((await apply("ffd20", nat1)).effects.create).toEqual([]);
    const hit = attack("13th-age", 16);
    for (const mode of ["heal", "temp"] as const)
      expect((await apply("13th-age", hit, mode)).effects.create).toEqual([]);
    for (const mode of ["full", "half", "double"] as const)
      expect((await apply("13th-age", hit, mode)).effects.create, mode).toHaveLength(1);
  });

  it("[SYS-TARGETS] a power without ongoing damage changes no effects and its card keeps no ongoing data", async () => {
    const card = attack("13th-age", 16, null);
    expect(card.ongoing).toBeUndefined();
    const d = await apply("13th-age", card);
    expect(d.effects).toEqual({ create: [], remove: [] });
    expect(d.record.effects).toBeUndefined();
  });

  it("[SYS-TARGETS] the card says what a hit adds, and the applied line names the ongoing damage put on", async () => {
    const d = await apply("13th-age", attack("13th-age", 16));
    const html = createTemplateRenderer().render(
      "templates/chat/attack-card.hbs",
      attackCardContext({ ...d.card, defenseLabel: "D20C.Defense.ac" }, standInViewer()),
    );
    expect(html).toContain("On a hit: Ongoing 5 Fire damage (save ends)");
    expect(html).toMatch(/d20c-applied__ongoing">Ongoing 5 Fire damage \(save ends\)/);
  });
});
