/**
 * The damage packet an attack card's button sends ([SYS-TARGETS]), pinned where mutation testing
 * found it loose: the types come from the damage roll THAT target's outcome used, the packet counts
 * as damage from an attack ([FF-INSUB]), and the healing buttons impose none of the power's hit
 * effects ([SYS-POWERS]). Cards are made from recorded dice inside each test.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import {
  amountFor,
  applicationKey,
  decideApplication,
  mayUseCard,
  packetFor,
  sameCreatureBefore,
  standingRefusal,
} from "../../src/engine/plans/apply.js";
import type { ApplyMode, AttackCardData, CardTarget } from "../../src/engine/plans/card-data.js";
import type { ActorSource } from "../../src/engine/types.js";
import type { BuiltInRulesetId } from "../../src/engine/rulesets/ids.js";
import { defaultOptions, npc } from "./attack-fixtures.js";
import { threeFoeCard } from "./power-fixtures.js";
import { recordedRoller } from "../support/recorded-dice.js";

/** The card with each damage roll's types set by its key, and a decoy roll of another key listed first. */
function withRollTypes(card: AttackCardData, types: Record<string, string[]>): AttackCardData {
  const first = card.damageRolls[0]!;
  const decoy = { ...first, key: "decoy", recipe: { ...first.recipe, types: ["acid"] } };
  return {
    ...card,
    damageTypes: ["acid"],
    damageRolls: [
      decoy,
      ...card.damageRolls.map((d) => ({ ...d, recipe: { ...d.recipe, types: types[d.key] ?? ["acid"] } })),
    ],
  };
}

function press(id: BuiltInRulesetId, card: AttackCardData, mode: ApplyMode, actor: ActorSource, i = 0) {
  const R = getRuleset(id);
  return decideApplication({
    ruleset: R,
    options: defaultOptions(R),
    card,
    targetUuid: card.targets[i]!.uuid,
    mode,
    actor,
    actorId: `Actor.foe${i}`,
    userId: "u1",
    recordId: "rec1",
    roll: recordedRoller([]),
    powerEffectIds: ["powerEffect00001"],
    powerEffectName: () => "Effect",
  });
}

describe("the damage packet a card button sends", () => {
  it("[SYS-TARGETS] takes the types of the damage roll its target's outcome used, not another roll's or the card's", () => {
    const base = threeFoeCard("13th-age");
    const hit = base.targets[0]!;
    expect(hit.damageKey).not.toBeNull();
    const card = withRollTypes(base, { [hit.damageKey!]: ["fire", "cold"] });
    expect(packetFor(card, card.targets[0]!, "full").types).toEqual(["fire", "cold"]);
    // A target with no damage roll of its own falls back on the card's types.
    const none = { ...card.targets[0]!, damageKey: null };
    expect(packetFor(card, none, "full").types).toEqual(["acid"]);
  });

  it("[SYS-TARGETS] carries the target's natural roll and crit, the card's range and nonlethal flag, and the button", () => {
    const card = threeFoeCard("wounds-d20");
    const t = card.targets[0]!;
    const p = packetFor(card, t, "half");
    expect(p).toEqual({
      amount: Math.floor(t.damage / 2),
      types: expect.any(Array),
      natural: t.outcome.natural,
      critical: t.outcome.isCrit,
      ongoing: false,
      fromAttack: true,
      melee: card.range === "melee",
      nonlethal: card.nonlethal,
      knockOut: false,
    });
    expect(packetFor(card, t, "double").amount).toBe(t.damage * 2);
    expect(packetFor(card, t, "knockOut")).toMatchObject({ amount: t.damage, knockOut: true });
    expect(packetFor({ ...card, range: "ranged" }, t, "full").melee).toBe(false);
    expect(packetFor({ ...card, nonlethal: true }, t, "full").nonlethal).toBe(true);
  });

  it("[FF-INSUB] the button's damage is damage from an attack, so an insubstantial target takes half", async () => {
    const R = getRuleset("ffd20");
    const card = threeFoeCard("ffd20", []);
    const t = card.targets[0]!;
    expect(t.outcome.isHit).toBe(true);
    expect(t.damage).toBeGreaterThan(1);
    const ghost = npc(R, 15, { insubstantial: true, hp: { value: 40, max: 40, temp: 0 } });
    const d = await press("ffd20", card, "full", ghost);
    expect(d.next.hp.value).toBe(40 - Math.floor(t.damage / 2));
    const solid = await press("ffd20", card, "full", npc(R, 15, { hp: { value: 40, max: 40, temp: 0 } }));
    expect(solid.next.hp.value).toBe(40 - t.damage);
  });

  it("[SYS-POWERS] the Heal and temporary-HP buttons impose none of the power's hit effects; the damage buttons do", async () => {
    for (const id of ["13th-age", "ffd20", "hundred-dungeons", "wounds-d20"] as const) {
      const R = getRuleset(id);
      const card = threeFoeCard(id);
      expect(card.targets[0]!.outcome.isHit).toBe(true);
      for (const mode of ["heal", "temp"] as const) {
        const foe = npc(R, 15, { hp: { value: 5, max: 20, temp: 0 } });
        const d = await press(id, card, mode, foe);
        expect(d.effects, `${id} ${mode}`).toEqual({ create: [], remove: [] });
        expect(d.next.conditions, `${id} ${mode}`).toEqual(foe.conditions);
        expect(d.next.exhaustion, `${id} ${mode}`).toBe(foe.exhaustion);
      }
      const full = await press(id, card, "full", npc(R, 15, { hp: { value: 40, max: 40, temp: 0 } }));
      expect(full.effects.create, id).toHaveLength(1);
    }
  });
});

describe("what one press on a card records and refuses", () => {
  it("[SYS-TARGETS] the buttons' amounts: half rounds down, double doubles, the rest send the damage", () => {
    expect(amountFor(9, "half")).toBe(4);
    expect(amountFor(9, "double")).toBe(18);
    for (const mode of ["full", "knockOut", "heal", "temp"] as const) expect(amountFor(9, mode)).toBe(9);
  });

  it("[SYS-HOOKS] a hook's amount must be a whole number from 0 to the card's double damage", async () => {
    const R = getRuleset("13th-age");
    const card = threeFoeCard("13th-age", []);
    const t = card.targets[0]!;
    const base = {
      ruleset: R,
      options: defaultOptions(R),
      card,
      targetUuid: t.uuid,
      mode: "full" as const,
      actor: npc(R, 15, { hp: { value: 40, max: 40, temp: 0 } }),
      actorId: "Actor.foe0",
      userId: "u1",
      recordId: "rec1",
      roll: recordedRoller([]),
    };
    const top = await decideApplication({ ...base, amount: t.damage * 2 });
    expect(top.next.hp.value).toBe(40 - t.damage * 2);
    expect(top.record.amount).toBe(t.damage * 2);
    expect((await decideApplication({ ...base, amount: 0 })).next.hp.value).toBe(40);
    for (const bad of [-1, t.damage * 2 + 1, 1.5])
      await expect(decideApplication({ ...base, amount: bad }), String(bad)).rejects.toThrow(/amount/);
    await expect(decideApplication({ ...base, targetUuid: "nobody" })).rejects.toThrow(/targetUuid/);
    await expect(decideApplication({ ...base, mode: "knockOut" })).rejects.toThrow(/mode/);
  });

  it("[SYS-TARGETS] the record says what the press did: HP lost, temp HP soaked, healing gained", async () => {
    const R = getRuleset("13th-age");
    const card = threeFoeCard("13th-age", []);
    const t = card.targets[0]!;
    const foe = npc(R, 15, { hp: { value: 20, max: 40, temp: 2 } });
    const hit = await press("13th-age", card, "full", foe);
    expect(hit.record).toMatchObject({ mode: "full", amount: t.damage, hpLost: t.damage - 2, absorbedByTemp: 2 });
    expect(hit.record.key).toBe(applicationKey("", t, "full"));
    expect(hit.card.applied.at(-1)).toEqual(hit.record);
    const healed = await press("13th-age", card, "heal", foe);
    expect(healed.record.dealt).toBe(Math.min(t.damage, 20));
    expect(healed.record.hpLost).toBe(0);
    const temp = await press("13th-age", card, "temp", foe);
    expect(temp.record.dealt).toBe(Math.max(0, t.damage - 2));
    expect(temp.next.hp.temp).toBe(Math.max(2, t.damage));
  });

  it("[SYS-PERM] a GM, the card's author or an owner of the target may use the card; nobody else", () => {
    expect(mayUseCard({ isGM: true, isAuthor: false, ownsTarget: false })).toBe(true);
    expect(mayUseCard({ isGM: false, isAuthor: true, ownsTarget: false })).toBe(true);
    expect(mayUseCard({ isGM: false, isAuthor: false, ownsTarget: true })).toBe(true);
    expect(mayUseCard({ isGM: false, isAuthor: false, ownsTarget: false })).toBe(false);
  });

  it("[SYS-TARGETS] one standing application per target and per creature: the same, another button, a twin token", async () => {
    const card = threeFoeCard("13th-age", []);
    const R = getRuleset("13th-age");
    const d = await press("13th-age", card, "full", npc(R, 15));
    const records = d.card.applied;
    const rec = records.at(-1)!;
    expect(standingRefusal(records, rec.key, rec.targetUuid)).toEqual({ message: "already", standing: rec });
    expect(standingRefusal(records, "other-key", rec.targetUuid)?.message).toBe("other");
    expect(standingRefusal(records, "k", "another-token", rec.actorUuid)?.message).toBe("sameCreature");
    expect(standingRefusal(records, "k", "another-token")).toBeNull();
    const undone = records.map((r) => ({ ...r, undone: true }));
    expect(standingRefusal(undone, rec.key, rec.targetUuid, rec.actorUuid)).toBeNull();
    const [a, b, c] = card.targets as [CardTarget, CardTarget, CardTarget];
    const twins = { targets: [a, { ...b, actorUuid: a.actorUuid }, { ...c, actorUuid: "" }] };
    expect(sameCreatureBefore(twins, twins.targets[1]!)).toBe(a);
    expect(sameCreatureBefore(twins, a)).toBeUndefined();
    expect(
      sameCreatureBefore({ targets: [{ ...a, actorUuid: "" }, twins.targets[2]!] }, twins.targets[2]!),
    ).toBeUndefined();
  });
});
