/**
 * [SYS-IMPORT] dnd5e riders and routines → Hundred Dungeons, on a self-written monster in dnd5e's
 * shape (`dnd5e-marsh-lurker.json`): the sentences an activity's enrichers print are said by our
 * fields and are no rider; "must succeed on a saving throw or be knocked prone" after a hit becomes
 * the save power the hit calls for, with its condition; a 2024 Multiattack naming its attacks with
 * `[[/item]]` becomes a routine whose follow-ups roll those saves; a rider it cannot read still
 * keeps the monster partial, printed on the power.
 */
import { describe, expect, it } from "vitest";
import { packSource } from "../../src/import/cli.js";
import { convertDocument } from "../../src/import/index.js";
import { routineFollowUps, routineSteps, type RoutineSpec } from "../../src/engine/routines.js";
import { getRuleset } from "../../src/engine/registry.js";
import { engineActor, packAttackRequest, type PackActor } from "../packs/pack-sources.js";
import { attackFromRecordedDice } from "../support/recorded-dice.js";
import { npc, target } from "../workflows/attack-fixtures.js";
import { attackWith, convertFixture, fixture, itemNamed, modelProblems } from "./fixtures.js";

type Plain = Record<string, unknown>;
type Doc = { items: { name: string; system: { description: { value: string } } }[] };

/** One save power of the converted monster against a target whose abilities are all +0, its d20 recorded. */
function saveAgainst(actor: PackActor, power: string, d20: number) {
  const hd = getRuleset("hundred-dungeons");
  const foe = npc(hd, 10, { abilities: { str: 0, dex: 0, con: 0, int: 0, wis: 0, cha: 0 } });
  const req = packAttackRequest(hd, actor, itemNamed(actor, power), engineActor(actor), {
    targets: [target("t", foe)],
  });
  return attackFromRecordedDice(req, [[d20]], { "*": [] }).targets[0]!;
}

/** The fixture with one item's printed text replaced, converted: its report line and actor. */
function withText(name: string, html: string) {
  const doc = structuredClone(fixture("dnd5e-marsh-lurker.json")) as Doc;
  doc.items.find((i) => i.name === name)!.system.description.value = html;
  const c = convertDocument(doc);
  return { entry: c.entry, actor: packSource(c)!.source as unknown as PackActor };
}

describe("[SYS-IMPORT] dnd5e riders → Hundred Dungeons", () => {
  const { entry, actor } = convertFixture("dnd5e-marsh-lurker.json");

  it("[SYS-IMPORT] [SYS-MONSTERS] [HD-COND] a hit's save-or-prone becomes the save power the hit calls for: a failed Strength roll against DC 12 knocks the target prone", () => {
    const bite = itemNamed(actor, "Bite");
    expect(bite.system).toMatchObject({
      damage: "1d10 + 2",
      damageTypes: ["piercing"],
      saveAttack: null,
      hitEffect: "",
    });
    const save = itemNamed(actor, "Bite (on a hit)");
    expect(save.type).toBe("power");
    expect(save.system.saveAttack).toEqual({ save: "str", dc: 12, onSuccess: "none" });
    expect(save.system.effects).toEqual([
      expect.objectContaining({ outcome: "hit", statuses: ["prone"], duration: "endOfEncounter" }),
    ]);
    // A target whose Strength is +0 rolls 11 against DC 12: it fails, the effect fires; 12 saves.
    const failed = saveAgainst(actor, "Bite (on a hit)", 11);
    expect(failed.outcome).toMatchObject({ total: 11, defense: 12, isHit: true });
    expect(failed.effects).toContain(0);
    const saved = saveAgainst(actor, "Bite (on a hit)", 12);
    expect(saved.outcome.isHit).toBe(false);
    expect(saved.effects).not.toContain(0);
    expect(entry.automated).toContain("Bite (on a hit): on a failed save prone (endOfEncounter) → effect");
    expect(entry.review).toContain(
      "Bite (on a hit): no time printed for prone; it lasts until removed or the battle ends",
    );
    // The enricher-only line of the printed text is gone; the rider is kept in the description.
    expect(bite.system.description).toBe(
      "<p>If the target is a creature, it must succeed on a saving throw or be knocked prone.</p>",
    );
  });

  it("[SYS-IMPORT] [SYS-MONSTERS] poisoned for 1 minute with a repeated save lands as the game's save ends, and the report asks the GM to check it", () => {
    const save = itemNamed(actor, "Sting (on a hit)");
    expect(save.system.saveAttack).toEqual({ save: "con", dc: 11, onSuccess: "none" });
    expect(save.system.effects).toEqual([
      expect.objectContaining({ outcome: "hit", statuses: ["poisoned"], duration: "saveEnds" }),
    ]);
    expect(entry.review).toContain(
      "Sting (on a hit): the repeated save ends it by this game's own save, not the printed DC; check it",
    );
  });

  it("[SYS-IMPORT] [SYS-MONSTERS] a 2014 breath sentence (line, DC, damage, half on a success) is said by the save power's fields: no rider is kept", () => {
    const spit = itemNamed(actor, "Bog Spit");
    expect(spit.system).toMatchObject({
      range: "area",
      area: { shape: "line", size: 6 },
      damage: "3d6",
      damageTypes: ["acid"],
      missEffect: "half",
      hitEffect: "",
      saveAttack: { save: "dex", dc: 12, onSuccess: "half" },
    });
    expect(entry.text.filter((l) => l.startsWith("Bog Spit"))).toEqual([]);
  });

  it("[SYS-IMPORT] [SYS-MONSTERS] a 2024 Multiattack naming its attacks with [[/item]] is a routine; each attack's save follows its hits, and the engine accepts it", () => {
    const multi = itemNamed(actor, "Multiattack");
    const routine = multi.system.routine as RoutineSpec;
    expect(routine).toEqual({
      attacks: [
        { power: "Bite", count: 2 },
        { power: "Sting", count: 1 },
      ],
      followUps: [
        { power: "Bite (on a hit)", when: "hit", of: "Bite" },
        { power: "Sting (on a hit)", when: "hit", of: "Sting" },
      ],
    });
    expect(multi.system.description).toBe(
      "<p>The monster makes two Bite attacks and one Sting attack. It can replace one attack with a use of Bog Spit.</p>",
    );
    const powers = actor.items
      .filter((i) => i.type === "power")
      .map((i) => ({ id: i._id, name: i.name, isRoutine: i.system.routine !== null }));
    const id = (name: string) => powers.find((p) => p.name === name)!.id;
    expect(routineSteps(multi._id, routine, powers).map((s) => s.name)).toEqual(["Bite", "Bite", "Sting"]);
    const follow = routineFollowUps(routine, powers, [
      { powerId: id("Bite"), targetId: "a", isHit: true },
      { powerId: id("Bite"), targetId: "b", isHit: false },
      { powerId: id("Sting"), targetId: "b", isHit: false },
    ]);
    expect(follow).toEqual([{ powerId: id("Bite (on a hit)"), name: "Bite (on a hit)", targetIds: ["a"] }]);
    expect(entry.review).toContain(
      "Multiattack: the text offers other attacks instead; the routine makes the first ones named",
    );
    expect(entry.review).toContain(
      "Multiattack: Bite (on a hit) is rolled once per creature Bite hit; two hits on one creature printed two saves",
    );
  });

  it("[SYS-IMPORT] [SYS-MONSTERS] legendary resistance and the legendary actions pool are said by the legendary field; a legendary action that makes one attack is a free routine", () => {
    expect((actor.system as Record<string, unknown>).legendary).toEqual({
      actions: 2,
      actionsLeft: 2,
      resistances: 1,
      resistancesLeft: 1,
    });
    expect(entry.automated).toContain("Legendary Resistance (1/Day): said by legendary resistance 1 → legendary");
    expect(entry.automated).toContain("Legendary Actions: said by legendary actions 2 per round → legendary");
    const lash = itemNamed(actor, "Tail Lash");
    expect(lash.type).toBe("power");
    expect(lash.system).toMatchObject({
      actionType: "free",
      routine: {
        attacks: [{ power: "Sting", count: 1 }],
        followUps: [{ power: "Sting (on a hit)", when: "hit", of: "Sting" }],
      },
    });
    // A skill check is lore: printed, and it never makes the monster partial.
    expect(itemNamed(actor, "Listen").type).toBe("feature");
    expect(entry.text).toEqual(["Listen: skill check kept as text"]);
  });

  it("[SYS-IMPORT] [HD-ATK] a versatile weapon is two powers: one-handed and two-handed damage, the two-handed line no rider; the two-handed one resolves through the engine", () => {
    expect(itemNamed(actor, "Spear").system).toMatchObject({
      damage: "1d6 + 2",
      damageTypes: ["piercing"],
      hitEffect: "",
    });
    const two = itemNamed(actor, "Spear (two-handed)");
    expect(two.system).toMatchObject({
      attackAbility: "str",
      attackBonus: 2,
      damage: "1d8 + 2",
      damageTypes: ["piercing"],
      hitEffect: "",
    });
    expect(two._id).not.toBe(itemNamed(actor, "Spear")._id);
    expect(entry.automated).toContain("Spear: two-handed damage 1d8 + 2 piercing → the power Spear (two-handed)");
    // +2 Strength +2 renown: a natural 9 makes 13 against Defense 13, a hit for 7 + 2.
    const hit = attackWith("hundred-dungeons", actor, "Spear (two-handed)", 9, [7], 13);
    expect(hit.outcome).toMatchObject({ total: 13, isHit: true });
    expect(hit.damage).toBe(9);
  });

  it("[SYS-IMPORT] [SYS-MONSTERS] a 2024 save activity naming no ability takes the one its text prints (Constitution Saving Throw:), flagged", () => {
    const doc = structuredClone(fixture("dnd5e-marsh-lurker.json")) as {
      items: { name: string; system: { description: { value: string }; activities: Record<string, Plain> } }[];
    };
    const sting = doc.items.find((i) => i.name === "Sting")!;
    sting.system.description.value =
      "<p>[[/attack extended]]. [[/damage extended]]. If the target is a creature, it must make the following saving throw.</p><p><em>Constitution Saving Throw:</em> DC [[lookup @save.dc.value]].</p>";
    (sting.system.activities.lurkStingSave001!.save as Plain).ability = [];
    const c = convertDocument(doc);
    const save = itemNamed(packSource(c)!.source as unknown as PackActor, "Sting (on a hit)");
    expect(save.system.saveAttack).toEqual({ save: "con", dc: 11, onSuccess: "none" });
    expect(c.entry.review).toContain(
      "Sting (on a hit): the save's ability is read from its printed text (constitution)",
    );
    expect(c.entry.errors).toEqual([]);
  });

  it("[SYS-IMPORT] a roll of an activity the import does not read (damage at the start of each turn) stays a rider, never taken as said", () => {
    const doc = structuredClone(fixture("dnd5e-marsh-lurker.json")) as {
      items: { name: string; system: { description: { value: string }; activities: Record<string, Plain> } }[];
    };
    const sting = doc.items.find((i) => i.name === "Sting")!;
    sting.system.description.value =
      "<p>[[/attack extended]]. [[/damage extended]], plus [[/damage average activity=lurkStingDot0001]] poison damage at the start of each of its turns.</p>";
    sting.system.activities = {
      lurkStingAttack1: sting.system.activities.lurkStingAttack1!,
      lurkStingDot0001: {
        _id: "lurkStingDot0001",
        type: "damage",
        activation: { type: "turnStart" },
        damage: { parts: [{ number: 1, denomination: 4, types: ["poison"], custom: { enabled: false } }] },
      },
    };
    const c = convertDocument(doc);
    expect(c.entry.status).toBe("partial");
    expect(c.entry.text).toContain(
      'Sting: rider ", plus (a roll of its own) poison damage at the start of each of its turns." kept as text',
    );
  });

  it("[SYS-IMPORT] a monster whose every rider was read is full and passes our data models", () => {
    expect(entry).toMatchObject({ status: "full", dropped: [], errors: [] });
    expect(modelProblems(actor)).toEqual([]);
  });

  it("[SYS-IMPORT] a rider it cannot read (pushed 10 feet) stays printed on the power and keeps the monster partial", () => {
    const c = withText(
      "Bite",
      "<p>[[/attack extended]]. [[/damage extended]].</p><p>If the target is a creature, it must succeed on a [[/save]] saving throw or be pushed up to 10 feet away.</p>",
    );
    expect(c.entry.status).toBe("partial");
    expect(c.entry.text).toContain(
      'Bite (on a hit): rider "If the target is a creature, it must succeed on a saving throw or be pushed up …" kept as text',
    );
    const save = itemNamed(c.actor, "Bite (on a hit)");
    expect(save.system.effects).toEqual([]);
    expect(save.system.hitEffect).toBe(
      "If the target is a creature, it must succeed on a saving throw or be pushed up to 10 feet away.",
    );
  });

  it('[SYS-IMPORT] [SYS-MONSTERS] "two attacks, using Bite or Sting in any combination": the routine makes two of the first, and the GM is told', () => {
    const c = withText(
      "Multiattack",
      "<p>The [[lookup @name lowercase]]{monster} makes two attacks, using [[/item .marshLurkerBite1]] or [[/item .marshLurkerSting]] in any combination.</p>",
    );
    expect((itemNamed(c.actor, "Multiattack").system.routine as RoutineSpec).attacks).toEqual([
      { power: "Bite", count: 2 },
    ]);
    expect(c.entry.review).toContain(
      "Multiattack: the text offers other attacks instead; the routine makes the first ones named",
    );
  });
});
