/**
 * [WD-SPELLRES] Wounds d20 spell resistance through the attack card's Apply button with recorded
 * dice: a spell rolls the caster's check (d20 + level) against the target's SR; short of it the
 * spell does nothing to that target (no damage, no condition) and the card says why; a weapon
 * swing, a creature without SR and the other games never roll it.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, PowerEffectSpec, RulesetId } from "../../src/engine/types.js";
import { decideApplication, decideUndo } from "../../src/engine/plans/apply.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { defaultOptions, npc, power, request, target, weapon } from "./attack-fixtures.js";
import { attackFromRecordedDice, recordedRoller } from "../support/recorded-dice.js";
import { standInViewer } from "./attack-card-fixture.js";

const onHit = (status: string): PowerEffectSpec => ({
  outcome: "hit",
  trigger: { kind: "any", value: 0 },
  text: "",
  statuses: [status],
  duration: "saveEnds",
  save: "normal",
  sustain: null,
  ongoing: null,
  aftereffect: null,
});

function press(id: RulesetId, card: AttackCardData, actor: ActorSource, rolls: number[], casterLevel = 5) {
  const ruleset = getRuleset(id);
  const asked: string[] = [];
  const roller = recordedRoller(rolls.map((n) => ({ total: n + casterLevel, natural: n })));
  return decideApplication({
    ruleset,
    options: defaultOptions(ruleset),
    card,
    targetUuid: card.targets[0]!.uuid,
    mode: "full",
    actor,
    actorId: "t1",
    userId: "u1",
    recordId: "r1",
    casterLevel,
    roll: async (r) => {
      asked.push(r.formula);
      return roller(r);
    },
  }).then((d) => ({ ...d, asked }));
}

function cardLines(card: AttackCardData): string[] {
  const ctx = attackCardContext(card, standInViewer({ isGM: true, userId: "gm" }));
  return ctx.targets.flatMap((t) => (t.applied || []).flatMap((a) => a.events));
}

describe("[WD-SPELLRES] Wounds d20 spell resistance (attack card → Apply, recorded dice)", () => {
  const WD = getRuleset("wounds-d20");
  const golem = npc(WD, 6, { hp: { value: 60, max: 60, temp: 0 }, spellResistance: 16 });
  const spell = (foe: ActorSource, props = ["spell"]) =>
    attackFromRecordedDice(
      request("wounds-d20", {
        power: power({ damage: "2d6", damageTypes: ["fire"], properties: props, effects: [onHit("dazzled")] }),
        weapon: null,
        targets: [target("golem", foe, "Golem")],
      }),
      [[18]],
      { "*": [4, 3] },
    );

  it("[WD-SPELLRES] [SYS-MONSTERS] a spell whose caster level check (d20 + level) falls short of SR does nothing to the target; the card says why", async () => {
    const card = spell(golem);
    expect(card.targets[0]!.damage).toBeGreaterThan(0);
    const r = await press("wounds-d20", card, golem, [10]); // 10 + 5 = 15 < SR 16
    expect(r.asked).toEqual(["1d20 + 5"]);
    expect(r.next.hp.value).toBe(60);
    expect(r.effects.create).toEqual([]);
    expect(r.record.dealt).toBe(0);
    expect(r.record.changes).toEqual([]);
    expect(r.rolls.map((x) => [x.result.total, x.success])).toEqual([[15, false]]);
    expect(r.record.events.map((e) => e.key)).toEqual(["D20C.SpellResistance.Resisted"]);
    expect(cardLines(r.card).join(" ")).toContain("spell resistance (16)");
    // Undo of a resisted press changes nothing.
    expect(decideUndo(r.card, "r1", r.next).restore.hp.value).toBe(60);
  });

  it("[WD-SPELLRES] a check that reaches SR lets the spell through: damage and its condition, the roll on the card", async () => {
    const card = spell(golem);
    const r = await press("wounds-d20", card, golem, [11]); // 11 + 5 = 16 ≥ 16
    expect(r.record.dealt).toBe(card.targets[0]!.damage);
    expect(r.next.hp.value).toBeLessThan(60);
    expect(r.effects.create.flatMap((e) => e.statuses)).toEqual(["dazzled"]);
    expect(r.rolls[0]!.success).toBe(true);
    expect(r.record.events[0]!.key).toBe("D20C.SpellResistance.Overcome");
  });

  it("[WD-SPELLRES] [SYS-MONSTERS] undo then apply again does not roll spell resistance again: the first press's check stands, resisted or overcome", async () => {
    for (const [natural, dealtAgain] of [
      [10, false],
      [11, true],
    ] as const) {
      const card = spell(golem);
      const first = await press("wounds-d20", card, golem, [natural]);
      const undone = decideUndo(first.card, "r1", first.next);
      const again = await decideApplication({
        ruleset: WD,
        options: defaultOptions(WD),
        card: undone.card,
        targetUuid: card.targets[0]!.uuid,
        mode: "full",
        actor: undone.restore,
        actorId: "t1",
        userId: "u1",
        recordId: "r2",
        casterLevel: 5,
        roll: () => Promise.reject(new Error("spell resistance rolled again")),
      });
      expect(again.rolls).toEqual([]);
      expect(again.record.events[0]!.key).toBe(first.record.events[0]!.key);
      expect(again.record.events[0]!.data).toMatchObject({ total: natural + 5, sr: 16, natural });
      expect(again.record.dealt).toBe(dealtAgain ? card.targets[0]!.damage : 0);
      expect(again.next.hp.value).toBe(dealtAgain ? 60 - card.targets[0]!.damage : 60);
    }
  });

  it("[WD-SPELLRES] no check for a weapon swing, a creature without SR, or healing", async () => {
    const swing = attackFromRecordedDice(
      request("wounds-d20", { power: power({ damage: "1d8" }), weapon: weapon(), targets: [target("g", golem, "G")] }),
      [[18]],
      { "*": [4] },
    );
    expect((await press("wounds-d20", swing, golem, [])).asked).toEqual([]);
    const plain = npc(WD, 6, { hp: { value: 60, max: 60, temp: 0 } });
    expect((await press("wounds-d20", spell(plain), plain, [])).asked).toEqual([]);
  });

  it("[SYS-MONSTERS] the other games have no spell resistance: a spell never rolls against it", () => {
    for (const id of ["13th-age", "ffd20", "hundred-dungeons"] as const)
      expect(getRuleset(id).spellResistanceCheck).toBeUndefined();
    expect(WD.spellResistanceCheck?.({ ...golem }, ["spell"], 3, "t1")?.formula).toBe("1d20 + 3");
  });
});
