/**
 * [SYS-IMPORT] A dnd5e damage part of several types is a choice made as it is rolled ("plus 3 (1d6)
 * lightning or thunder damage (the lurker's choice)"): the import makes one power per type, never
 * one power dealing both (Hundred Dungeons resists mixed damage only when every type is resisted,
 * so a lightning-resistant target would take the chosen lightning whole). Fixture: the self-written
 * marsh lurker with a lightning-or-thunder part on its Spear.
 */
import { describe, expect, it } from "vitest";
import { packSource } from "../../src/import/cli.js";
import { convertDocument } from "../../src/import/index.js";
import { getRuleset } from "../../src/engine/registry.js";
import { packetFor } from "../../src/engine/plans/apply.js";
import type { RoutineSpec } from "../../src/engine/routines.js";
import { engineActor, packAttackRequest, type PackActor } from "../packs/pack-sources.js";
import { attackFromRecordedDice } from "../support/recorded-dice.js";
import { npc, target } from "../workflows/attack-fixtures.js";
import { fixture, itemNamed, modelProblems } from "./fixtures.js";

type Doc = {
  items: {
    name: string;
    system: { activities?: Record<string, { damage?: { parts: unknown[] } }>; description: { value: string } };
  }[];
};

/** The lurker whose Spear adds 1d6 lightning or thunder, and whose Multiattack makes two spear attacks. */
function lurker(types: string[][]) {
  const doc = structuredClone(fixture("dnd5e-marsh-lurker.json")) as Doc;
  const spear = doc.items.find((i) => i.name === "Spear")!;
  spear.system.activities!.lurkSpearAttack1!.damage!.parts = types.map((t) => ({
    number: 1,
    denomination: 6,
    bonus: "",
    types: t,
  }));
  doc.items.find((i) => i.name === "Multiattack")!.system.description.value =
    "<p>The lurker makes two [[/item .marshLurkerSpear]] attacks.</p>";
  const c = convertDocument(doc);
  return { entry: c.entry, actor: packSource(c)!.source as unknown as PackActor };
}

/** HP a lightning-resistant target loses to one hit of `power` (natural 15; every d6 a recorded 4). */
function lostToResistant(actor: PackActor, power: string): number {
  const hd = getRuleset("hundred-dungeons");
  const foe = npc(hd, 10, { resistances: [{ type: "lightning", value: 0 }] });
  const req = packAttackRequest(hd, actor, itemNamed(actor, power), engineActor(actor), {
    targets: [target("t", foe)],
  });
  const card = attackFromRecordedDice(req, [[15]], { "*": [4] });
  const t = card.targets[0]!;
  expect(t.outcome.isHit).toBe(true);
  return hd.applyDamage(foe, packetFor(card, t, "full"), {}, "t").dealt;
}

describe("[SYS-IMPORT] dnd5e damage of a chosen type → one power per type", () => {
  const { entry, actor } = lurker([["lightning", "thunder"]]);

  it("[SYS-IMPORT] [SYS-MONSTERS] a part of lightning or thunder makes Spear (lightning) and Spear (thunder), each part of one type, both valid", () => {
    expect(actor.items.some((i) => i.name === "Spear")).toBe(false);
    for (const t of ["lightning", "thunder"]) {
      const p = itemNamed(actor, `Spear (${t})`);
      expect(p.system).toMatchObject({ damage: "1d6 + 2", damageTypes: ["piercing"] });
      expect(p.system.damageParts).toEqual([{ formula: "1d6", types: [t] }]);
      expect(itemNamed(actor, `Spear (two-handed) (${t})`).system.damageParts).toEqual([
        { formula: "1d6", types: [t] },
      ]);
    }
    expect(new Set(actor.items.map((i) => i._id)).size).toBe(actor.items.length);
    expect(entry.automated).toContain("Spear: damage of a chosen type (lightning or thunder) → one power per type");
    expect(modelProblems(actor)).toEqual([]);
  });

  it("[SYS-IMPORT] [HD-RESIST] through the engine with recorded dice a lightning-resistant target halves the lightning choice and takes the thunder one whole", () => {
    // Main 4 + 2 piercing = 6; the part's 4: lightning halved to 2, thunder 4.
    expect(lostToResistant(actor, "Spear (lightning)")).toBe(6 + 2);
    expect(lostToResistant(actor, "Spear (thunder)")).toBe(6 + 4);
  });

  it("[SYS-IMPORT] [SYS-MONSTERS] a Multiattack naming the spear makes the first type's power, and the GM is told to pick another by hand", () => {
    expect((itemNamed(actor, "Multiattack").system.routine as RoutineSpec).attacks).toEqual([
      { power: "Spear (lightning)", count: 2 },
    ]);
    expect(entry.review).toContain(
      "Multiattack: the routine makes Spear (lightning); the damage type is chosen, so pick another power by hand",
    );
  });

  it("[SYS-IMPORT] [SYS-MONSTERS] a recharge breath of a chosen type is two recharge powers that share one use: said as text (the monster partial) and the GM told, never as automated", () => {
    const doc = structuredClone(fixture("dnd5e-marsh-lurker.json")) as Doc;
    const spit = doc.items.find((i) => i.name === "Bog Spit")!;
    (spit.system.activities!.lurkSpitSave0001!.damage!.parts[0] as { types: string[] }).types = ["acid", "poison"];
    const c = convertDocument(doc);
    const a = packSource(c)!.source as unknown as PackActor;
    for (const t of ["acid", "poison"])
      expect(itemNamed(a, `Bog Spit (${t})`).system).toMatchObject({
        usage: "recharge",
        recharge: 6,
        damageTypes: [t],
      });
    expect(c.entry.text).toContain(
      "Bog Spit: Bog Spit (acid), Bog Spit (poison) share one use kept as text (each power here counts its own)",
    );
    expect(c.entry.review).toContain("Bog Spit: mark the others used when one of 2 powers sharing one use is used");
    expect(c.entry.status).toBe("partial");
  });

  it("[SYS-IMPORT] [HD-RESIST] two parts each of a chosen type stay one power, untyped, its choice kept as text (the monster partial)", () => {
    const two = lurker([
      ["lightning", "thunder"],
      ["fire", "cold"],
    ]);
    const parts = itemNamed(two.actor, "Spear").system.damageParts as { types: string[] }[];
    expect(parts).toHaveLength(2);
    // [HD-RESIST] never every type at once (a creature resisting the chosen one would take it whole): untyped
    expect(parts.map((x) => x.types)).toEqual([[], []]);
    expect(two.entry.text).toContain(
      "Spear: two damage parts each of a chosen type kept as text (one power per type would not say it)",
    );
    expect(two.entry.status).toBe("partial");
  });
});
