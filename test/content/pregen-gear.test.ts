/**
 * [SYS-CHARACTER] The pregens carry what the sheet's Inventory tab plays with: each a healing potion
 * it can drink (heals per its game) and gear, and coins; the 13th Age pregens also their One Unique
 * Thing, backgrounds and icon relationships.
 */
import { describe, expect, it } from "vitest";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { actorsOf } from "./content.js";

type Plain = Record<string, unknown>;

for (const id of RULESET_IDS) {
  describe(`[SYS-CHARACTER] ${id} pregens`, () => {
    const pcs = actorsOf(id).filter((a) => (a as unknown as { type: string }).type === "character");
    it(`[SYS-CHARACTER] ${id}: every pregen carries a healing potion (that heals here), gear and coins`, () => {
      expect(pcs.length).toBeGreaterThan(0);
      for (const pc of pcs) {
        const items = pc.items as unknown as { name: string; type: string; system: Plain }[];
        const potion = items.find((i) => i.type === "equipment" && i.system.use === "heal");
        expect(potion, pc.name).toBeDefined();
        expect(Number(potion!.system.quantity), pc.name).toBeGreaterThan(0);
        // 13th Age spends a recovery; the other games roll what is written on it.
        expect(String(potion!.system.heal) !== "", pc.name).toBe(id !== "13th-age");
        expect(
          items.some((i) => i.type === "equipment" && i.system.use === "none"),
          pc.name,
        ).toBe(true);
        expect(((pc.system as Plain).currency as Plain).gp, pc.name).toBeGreaterThan(0);
      }
    });
    if (id === "13th-age") {
      it("[SYS-CHARACTER] 13th Age: every pregen has its One Unique Thing, backgrounds and icon relationships", () => {
        for (const pc of pcs) {
          const system = pc.system as Plain;
          const identity = system.identity as { oneUniqueThing: string; icons: { name: string; points: number }[] };
          expect(identity.oneUniqueThing.length, pc.name).toBeGreaterThan(10);
          expect(
            identity.icons.reduce((n, i) => n + i.points, 0),
            pc.name,
          ).toBe(3);
          expect(((system.build as Plain).backgrounds as unknown[]).length, pc.name).toBeGreaterThan(0);
        }
      });
    }
  });
}
