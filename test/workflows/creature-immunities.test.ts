/**
 * [SYS-MONSTERS] Condition and keyword immunity, and resistance that an attack's keywords bypass,
 * through the attack card's Apply button with recorded dice, in every game; the card says why, and
 * undo reverses exactly what the press did.
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

function press(id: RulesetId, card: AttackCardData, actor: ActorSource) {
  const ruleset = getRuleset(id);
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
    roll: recordedRoller([]),
  });
}

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

/** A condition of each game the tests put on with a power. */
const CONDITION: Record<RulesetId, string> = {
  "13th-age": "dazed",
  ffd20: "stunned",
  "hundred-dungeons": "frightened",
  "wounds-d20": "flatFooted",
};

/** Lines the card shows for the target's presses. */
function cardLines(card: AttackCardData): string[] {
  const ctx = attackCardContext(card, standInViewer({ isGM: true, userId: "gm" }));
  return ctx.targets.flatMap((t) => (t.applied || []).flatMap((a) => a.events));
}

const IDS: RulesetId[] = ["13th-age", "ffd20", "hundred-dungeons", "wounds-d20"];

describe("[SYS-MONSTERS] condition and keyword immunity (attack card → Apply, recorded dice)", () => {
  for (const id of IDS) {
    const R = getRuleset(id);
    const condition = CONDITION[id]!;

    it(`[SYS-MONSTERS] ${id}: a creature immune to a condition takes the hit's damage but not the condition, and the card says why`, async () => {
      const p = power({ effects: [onHit(condition)] });
      const immune = npc(R, 5, { conditionImmunities: [condition] });
      const card = attackFromRecordedDice(
        request(id, { power: p, targets: [target("golem", immune, "Golem")] }),
        [[15]],
        {
          "*": [5],
        },
      );
      expect(card.targets[0]!.outcome.isHit).toBe(true);
      const d = await press(id, card, immune);
      expect(d.effects.create).toEqual([]);
      expect(d.record.events.map((e) => e.key)).toContain("D20C.Creature.Event.conditionImmune");
      expect(d.next.hp.value).toBeLessThan(immune.hp.value);
      const label = R.conditions.find((c) => c.id === condition)!.label;
      expect(cardLines(d.card).join(" ")).toContain("Golem");
      expect(d.record.events.find((e) => e.key.endsWith("conditionImmune"))!.data).toEqual({ condition: label });

      // The same press on a creature without the immunity puts the condition on.
      const plain = npc(R, 5);
      const other = await press(id, { ...card, targets: [{ ...card.targets[0]! }] }, plain);
      expect(other.effects.create.map((e) => e.statuses)).toEqual([[condition]]);
    });

    it(`[SYS-MONSTERS] ${id}: an attack with a keyword the creature is immune to (fear) puts none of its conditions on`, async () => {
      const p = power({ effects: [onHit(condition)], properties: ["fear"] });
      const fearless = npc(R, 5, { keywordImmunities: ["fear"] });
      const card = attackFromRecordedDice(
        request(id, { power: p, targets: [target("undead", fearless, "Wight")] }),
        [[15]],
        {
          "*": [5],
        },
      );
      expect(card.properties).toEqual(["fear"]);
      const d = await press(id, card, fearless);
      expect(d.effects.create).toEqual([]);
      const ev = d.record.events.find((e) => e.key === "D20C.Creature.Event.keywordImmune");
      expect(ev?.data?.keyword).toBe("fear");
      // A keyword it is not immune to changes nothing.
      const charmOnly = npc(R, 5, { keywordImmunities: ["charm"] });
      const other = await press(id, card, charmOnly);
      expect(other.effects.create.map((e) => e.statuses)).toEqual([[condition]]);
    });
  }
});

describe("[SYS-MONSTERS] resistance bypass read from the attack's keywords (attack card → Apply, recorded dice)", () => {
  const typeOf: Record<RulesetId, string> = {
    "13th-age": "fire",
    ffd20: "fire",
    "hundred-dungeons": "slashing",
    "wounds-d20": "slashing",
  };
  const resistValue: Record<RulesetId, number> = {
    "13th-age": 18, // resist 18+: halves unless the natural roll is 18 or more
    ffd20: 5,
    "hundred-dungeons": 0, // halves
    "wounds-d20": 5,
  };
  for (const id of IDS) {
    const R = getRuleset(id);
    const type = typeOf[id]!;
    const foe = () =>
      npc(R, 5, {
        resistances: [{ type, value: resistValue[id]! }],
        traitBypass: [{ type, keywords: ["magic", "silver"] }],
      });

    it(`[SYS-MONSTERS] ${id}: the resistance holds against a plain attack and not against a magic weapon (undo gives the HP back)`, async () => {
      const p = power({ damageTypes: [type], damage: "1d8 + 4" });
      const plainCard = attackFromRecordedDice(
        request(id, { power: p, weapon: weapon(), targets: [target("wolf", foe(), "Werewolf")] }),
        [[15]],
        { "*": [6] },
      );
      const full = plainCard.targets[0]!.damage;
      expect(full).toBeGreaterThan(0);
      const plain = await press(id, plainCard, foe());
      expect(plain.record.dealt).toBeLessThan(full);

      const magicCard = attackFromRecordedDice(
        request(id, {
          power: p,
          weapon: weapon({ enhancement: 1 }),
          targets: [target("wolf", foe(), "Werewolf")],
        }),
        [[15]],
        { "*": [6] },
      );
      expect(magicCard.properties).toEqual(["magic"]);
      const magic = await press(id, magicCard, foe());
      expect(magic.record.dealt).toBe(magicCard.targets[0]!.damage);
      expect(magic.record.events.map((e) => e.key)).toContain("D20C.Creature.Event.bypass");
      // The stored resistance is untouched: only the arithmetic read past it.
      expect(magic.next.resistances).toEqual(foe().resistances);
      expect(cardLines(magic.card).some((l) => l.includes("magic"))).toBe(true);
      const undo = decideUndo(magic.card, "r1", magic.next);
      expect(undo.restore.hp.value).toBe(foe().hp.value);

      // A silvered (keyword) weapon gets through too; a cold iron one does not.
      const silver = attackFromRecordedDice(
        request(id, { power: p, weapon: weapon({ properties: ["silver"] }), targets: [target("wolf", foe())] }),
        [[15]],
        { "*": [6] },
      );
      expect((await press(id, silver, foe())).record.dealt).toBe(silver.targets[0]!.damage);
      const iron = attackFromRecordedDice(
        request(id, { power: p, weapon: weapon({ properties: ["coldIron"] }), targets: [target("wolf", foe())] }),
        [[15]],
        { "*": [6] },
      );
      expect((await press(id, iron, foe())).record.dealt).toBeLessThan(iron.targets[0]!.damage);
    });
  }

  it('[SYS-MONSTERS] [HD-RESIST] Hundred Dungeons: an immunity the bypass names is bypassed too ("immune to nonmagical slashing")', async () => {
    const R = getRuleset("hundred-dungeons");
    const golem = npc(R, 5, {
      immunities: ["slashing"],
      traitBypass: [{ type: "slashing", keywords: ["adamantine"] }],
    });
    const p = power({ damageTypes: ["slashing"], properties: ["adamantine"] });
    const card = attackFromRecordedDice(
      request("hundred-dungeons", { power: p, targets: [target("g", golem)] }),
      [[15]],
      {
        "*": [6],
      },
    );
    const d = await press("hundred-dungeons", card, golem);
    expect(d.record.dealt).toBe(card.targets[0]!.damage);
    expect(d.next.immunities).toEqual(["slashing"]);
  });
});
