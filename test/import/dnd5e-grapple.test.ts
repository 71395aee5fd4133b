/**
 * [SYS-IMPORT] dnd5e 2014 grapples printed in words ("The target is grappled (escape DC 12). Until
 * this grapple ends, the target is restrained, and the lurker can't bite another target.") → a hit's
 * effect in Hundred Dungeons: grappled (and restrained) until escaped, escaped by this game's own
 * Escape (12 + the grappler's Strength). Only a rider that is the grapple and nothing else is read;
 * a size gate or another condition keeps it text. The fixture is the self-written marsh lurker with
 * its Spear's printed text replaced.
 */
import { describe, expect, it } from "vitest";
import { packSource } from "../../src/import/cli.js";
import { convertDocument } from "../../src/import/index.js";
import { hundredDungeons as hd } from "../../src/engine/rulesets/hundred-dungeons/index.js";
import type { PackActor } from "../packs/pack-sources.js";
import { engineActor } from "../packs/pack-sources.js";
import { effect, hdActor, procedureInput } from "../engine/hundred-dungeons/fixtures.js";
import { attackWith, fixture, itemNamed, modelProblems } from "./fixtures.js";

type Doc = { items: { name: string; system: { description: { value: string } } }[] };

const ATTACK =
  "<p>[[/attack extended]]. [[/damage extended]] or [[/damage average attackMode=twoHanded]] damage if used with two hands to make a melee attack.</p>";

/** The marsh lurker with its Spear's rider replaced, converted. */
function spearWith(rider: string) {
  const doc = structuredClone(fixture("dnd5e-marsh-lurker.json")) as Doc;
  doc.items.find((i) => i.name === "Spear")!.system.description.value = `${ATTACK}<p>${rider}</p>`;
  const c = convertDocument(doc);
  return { entry: c.entry, actor: packSource(c)!.source as unknown as PackActor };
}

describe("[SYS-IMPORT] dnd5e printed grapples → Hundred Dungeons", () => {
  const rider =
    "The target is &amp;Reference[grappled] (escape DC 12). Until this grapple ends, the target is &amp;Reference[restrained], and the lurker can't bite another target.";
  const { entry, actor } = spearWith(rider);

  it("[SYS-IMPORT] [HD-COND] a hit's printed grapple is an effect of the hit: grappled and restrained until escaped, the monster full and valid", () => {
    for (const name of ["Spear", "Spear (two-handed)"]) {
      expect(itemNamed(actor, name).system.effects).toEqual([
        expect.objectContaining({ outcome: "hit", statuses: ["grappled", "restrained"], duration: "endOfEncounter" }),
      ]);
    }
    expect(entry.automated).toContain("Spear: on a hit grappled, restrained (escape DC 12) → effect until escaped");
    // The printed words stay beside the effect for the table (the grappler's own limit is in them).
    expect(itemNamed(actor, "Spear").system.hitEffect).toBe(
      "The target is grappled (escape DC 12). Until this grapple ends, the target is restrained, and the lurker can't bite another target.",
    );
    expect(entry.text.filter((l) => l.startsWith("Spear"))).toEqual([]);
    expect(entry.status).toBe("full");
    expect(modelProblems(actor)).toEqual([]);
  });

  it("[SYS-IMPORT] [HD-ATK] [HD-COND] the converted spear hits through the engine with recorded dice and its grapple fires; a miss grapples nothing", () => {
    // +2 Strength +2 renown: a natural 9 makes 13 against Defense 13.
    const hit = attackWith("hundred-dungeons", actor, "Spear", 9, [4], 13);
    expect(hit.outcome).toMatchObject({ total: 13, isHit: true });
    expect(hit.effects).toEqual([0]);
    const miss = attackWith("hundred-dungeons", actor, "Spear", 8, [4], 13);
    expect(miss.outcome.isHit).toBe(false);
    expect(miss.effects).toEqual([]);
  });

  it("[SYS-IMPORT] [HD-UNARMED] the grapple is escaped by this game's Escape at 12 + the grappler's Strength (14), not the printed DC 12; the GM is told both", () => {
    const statuses = (itemNamed(actor, "Spear").system.effects as { statuses: string[] }[])[0]!.statuses;
    const lurker = engineActor(actor);
    const held = hdActor({ abilities: { str: 1, dex: 3, con: 0, int: 0, wis: 0, cha: 0 } });
    const input = procedureInput(held, {
      effects: [{ ...effect({ id: "g", statuses, sourceCombatantId: "lurker" }), holderId: "me", holderName: "Held" }],
      others: [{ id: "lurker-actor", name: "Lurker", actor: lurker, combatantId: "lurker", effects: [], side: "gm" }],
    });
    const req = hd.planProcedure!("escape", input).requests[0]!;
    expect(req).toMatchObject({ formula: "1d20 + 3", target: 14 });
    expect(entry.review).toContain(
      "Spear: printed escape DC 12; this game's Escape rolls against 12 + the grappler's Strength (14)",
    );
  });

  it("[SYS-IMPORT] a grapple without restraint ('each of which can grapple only one target') is grappled alone", () => {
    const c = spearWith(
      "The target is grappled (escape DC 11). The lurker has two claws, each of which can grapple only one target.",
    );
    expect(itemNamed(c.actor, "Spear").system.effects).toEqual([
      expect.objectContaining({ outcome: "hit", statuses: ["grappled"], duration: "endOfEncounter" }),
    ]);
    expect(c.entry.status).toBe("full");
  });

  it("[SYS-IMPORT] a grapple gated by size, or holding another condition, is not read: it stays a rider and the monster partial", () => {
    for (const text of [
      "If the target is a Medium or smaller creature, it is grappled (escape DC 12).",
      "The target is grappled (escape DC 12). Until this grapple ends, the target is restrained, blinded, and at risk of suffocating.",
      "The target is grappled (escape DC 12) if the lurker isn't already grappling a creature.",
    ]) {
      const c = spearWith(text);
      expect(itemNamed(c.actor, "Spear").system.effects, text).toEqual([]);
      expect(c.entry.status, text).toBe("partial");
      expect(c.entry.text.some((l) => l.startsWith('Spear: rider "'))).toBe(true);
    }
  });
});
