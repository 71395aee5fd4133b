/**
 * [WD-TOUCH] [WD-FLAT] [SYS-CONTENT] The Wounds d20 pack powers aim at the AC their words name: a
 * touch spell (its touch box checked, or its words saying touch) targets touch AC; none targets
 * flat-footed AC, which is the target's state ([WD-FLAT]: caught off guard), not a power's choice.
 * A spell whose text calls for a save (the Storm Acolyte's Thunder Blast, a blast a target dodges
 * or not, half damage on a miss) targets the defense closest to a Reflex save: touch AC, where Dex
 * counts and armor does not.
 */
import { describe, expect, it } from "vitest";
import { allItemsOf } from "./content.js";

describe("[WD-TOUCH] Wounds d20 pack powers target the AC their words name", () => {
  const powers = allItemsOf("wounds-d20").filter(({ item }) => item.type === "power");
  const where = ({ item, owner }: (typeof powers)[number]) => (owner ? `${owner.name} / ${item.name}` : item.name);
  const words = ({ item }: (typeof powers)[number]) =>
    [item.system.description, item.system.hitEffect, item.system.missText, item.system.critText].join(" ");

  it("[WD-TOUCH] a touch power targets touch AC, and a power whose words say touch is one", () => {
    expect(powers.filter((p) => p.item.system.touch === true).length).toBeGreaterThan(5);
    const wrong = powers
      .filter((p) => (p.item.system.touch === true) !== (p.item.system.defense === "touch"))
      .map(where);
    expect(wrong).toEqual([]);
    const untouched = powers.filter((p) => /\btouch\b/i.test(words(p)) && p.item.system.touch !== true).map(where);
    expect(untouched).toEqual([]);
  });

  it("[WD-FLAT] no pack power targets flat-footed AC: being caught off guard is the target's state", () => {
    expect(powers.filter((p) => p.item.system.defense === "flat").map(where)).toEqual([]);
    const blast = powers.find((p) => p.owner?.name === "Storm Acolyte" && p.item.name === "Thunder Blast")!;
    expect(blast.item.system.defense).toBe("touch");
  });
});
