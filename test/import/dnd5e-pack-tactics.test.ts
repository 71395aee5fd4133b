/**
 * [SYS-IMPORT] [HD-MIGHTY] Pack Tactics as printed (2014 "isn't incapacitated", 2024 "doesn't have
 * the Incapacitated condition") lands as the attack trait `packTactics`; Hundred Dungeons' scene
 * reading then makes the creature's attack mighty when an ally able to act stands next to the
 * target, with its reason for the attack dialog; the attack keeps the higher of two recorded d20s.
 * The fixture is the self-written marsh lurker with a Pack Tactics feature added.
 */
import { describe, expect, it } from "vitest";
import { packSource } from "../../src/import/cli.js";
import { convertDocument } from "../../src/import/index.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { FieldToken } from "../../src/engine/geometry.js";
import type { SceneReading } from "../../src/engine/scene.js";
import { plainSituation } from "../../src/engine/plans/attack.js";
import { engineActor, packAttackRequest, type PackActor } from "../packs/pack-sources.js";
import { attackFromRecordedDice } from "../support/recorded-dice.js";
import { npc, target } from "../workflows/attack-fixtures.js";
import { fixture, itemNamed, modelProblems } from "./fixtures.js";

type Doc = { items: Record<string, unknown>[] };

const PACK_2014 =
  "<p>The lurker has advantage on an attack roll against a creature if at least one of the lurker's allies is within 5 feet of the creature and the ally isn't &amp;Reference[incapacitated].</p>";
const PACK_2024 =
  "<p>The [[lookup @name lowercase]]{lurker} has Advantage on an attack roll against a creature if at least one of the lurker's allies is within 5 feet of the creature and the ally doesn't have the &amp;Reference[Incapacitated apply=false] condition.</p>";

/** The lurker with a "Pack Tactics" feature printing `html`, converted. */
function lurker(html: string, name = "Pack Tactics") {
  const doc = structuredClone(fixture("dnd5e-marsh-lurker.json")) as Doc;
  doc.items.push({
    _id: "lurkPackTactics1",
    name,
    type: "feat",
    img: "",
    system: { description: { value: html }, type: { value: "monster" }, activities: {} },
    effects: [],
  });
  const c = convertDocument(doc);
  return { entry: c.entry, actor: packSource(c)!.source as unknown as PackActor };
}

const tok = (id: string, x: number, standing: FieldToken["standing"], acts = true): FieldToken => ({
  id,
  x,
  y: 0,
  size: 1,
  standing,
  acts,
});

/** Hundred Dungeons' reading of the lurker (A at 0) attacking T at 1, with the other tokens given. */
function reading(actor: PackActor, others: FieldToken[]): SceneReading {
  const hd = getRuleset("hundred-dungeons");
  return hd.readScene!({
    field: { walls: [], terrain: [], tokens: [tok("A", 0, "self"), tok("T", 1, "enemy"), ...others] },
    attackerId: "A",
    targetId: "T",
    range: "melee",
    attackerSeesTarget: true,
    targetSeesAttacker: true,
    options: {},
    attackerTraits: engineActor(actor).attackTraits ?? [],
  });
}

describe("[SYS-IMPORT] [HD-MIGHTY] dnd5e Pack Tactics → Hundred Dungeons' scene-read mighty attacks", () => {
  it("[SYS-IMPORT] [HD-MIGHTY] the 2014 and 2024 words land as the attack trait packTactics; the monster is full and valid, the trait still printed", () => {
    for (const html of [PACK_2014, PACK_2024]) {
      const { entry, actor } = lurker(html);
      expect(actor.system.attackTraits).toEqual(["packTactics"]);
      expect(entry.automated).toContain(
        "Pack Tactics: attack trait → attackTraits packTactics (mighty while an ally able to act is next to the target)",
      );
      expect(entry.status).toBe("full");
      expect(itemNamed(actor, "Pack Tactics").type).toBe("feature");
      expect(modelProblems(actor)).toEqual([]);
    }
  });

  it("[SYS-IMPORT] a Pack Tactics that says more (or is named otherwise) is not read: kept as text, the monster partial", () => {
    const more = lurker(PACK_2014.replace("</p>", " It also has advantage on saving throws.</p>"));
    expect(more.actor.system.attackTraits ?? []).toEqual([]);
    expect(more.entry.text).toContain("Pack Tactics: trait kept as text");
    expect(more.entry.status).toBe("partial");
    expect(lurker(PACK_2014, "Swarm Sense").actor.system.attackTraits ?? []).toEqual([]);
  });

  it("[HD-MIGHTY] the scene makes its attack mighty only while an ally able to act stands next to the target, with the reason", () => {
    const { actor } = lurker(PACK_2014);
    const next = reading(actor, [tok("B", 2, "ally")]);
    expect(next.situation.mighty).toBe(1);
    expect(next.notes).toContainEqual({
      field: "mighty",
      value: 1,
      reason: "D20C.Scene.Reason.PackTactics",
      data: {},
    });
    // An ally two squares off, an ally who cannot act, an enemy of the attacker next to the target: none.
    expect(reading(actor, [tok("B", 3, "ally")]).situation.mighty).toBeUndefined();
    expect(reading(actor, [tok("B", 2, "ally", false)]).situation.mighty).toBeUndefined();
    expect(reading(actor, [tok("B", 2, "enemy")]).situation.mighty).toBeUndefined();
    // A creature without the trait is never made mighty by an ally.
    const plain = lurker("<p>The lurker smells of the bog.</p>", "Bog Smell").actor;
    expect(reading(plain, [tok("B", 2, "ally")]).situation.mighty).toBeUndefined();
  });

  it("[SYS-IMPORT] [HD-MIGHTY] [HD-ATK] the mighty Spear through the engine keeps the higher of two recorded d20s: 4 and 11 make 15 against Defense 15", () => {
    const { actor } = lurker(PACK_2014);
    const hd = getRuleset("hundred-dungeons");
    const situation = { ...plainSituation(), ...reading(actor, [tok("B", 2, "ally")]).situation };
    const req = packAttackRequest(hd, actor, itemNamed(actor, "Spear"), engineActor(actor), {
      targets: [target("t", npc(hd, 15))],
      situation,
    });
    const card = attackFromRecordedDice(req, [[4, 11]], { "*": [3] });
    // +2 Strength +2 renown: 11 + 4 = 15 hits; without the ally the single d20 4 makes 8 and misses.
    expect(card.targets[0]!.outcome).toMatchObject({ natural: 11, total: 15, isHit: true });
    const alone = packAttackRequest(hd, actor, itemNamed(actor, "Spear"), engineActor(actor), {
      targets: [target("t", npc(hd, 15))],
    });
    expect(attackFromRecordedDice(alone, [[4]], { "*": [3] }).targets[0]!.outcome).toMatchObject({
      total: 8,
      isHit: false,
    });
  });
});
