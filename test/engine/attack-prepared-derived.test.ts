/**
 * An attack reads the derived data its actors' preparation left (a target's `derived`, the
 * attacker's), rather than deriving each actor again per click: what the plan and the decision
 * use is that data, and a target without it is derived as before.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { planAttack } from "../../src/engine/plans/attack.js";
import type { BuiltInRulesetId as RulesetId } from "../../src/engine/rulesets/ids.js";
import { defaultOptions, npc, request, target } from "../workflows/attack-fixtures.js";

const GAMES: RulesetId[] = ["13th-age", "ffd20", "hundred-dungeons", "wounds-d20"];

describe("an attack's prepared derived data", () => {
  for (const id of GAMES) {
    it(`[SYS-RELEASE] ${id}: a target's prepared defenses are the ones attacked; one without them is derived`, () => {
      const R = getRuleset(id);
      const key = R.defenses[0]?.key ?? "ac";
      const actor = npc(R, 12);
      const derived = R.deriveActor(actor, defaultOptions(R));
      // What a preparation after a change left (here a defense of 25), against the source's 12.
      const prepared = { ...derived, defenses: { ...derived.defenses, [key]: 25 } };
      const plan = planAttack(
        request(id, { targets: [{ ...target("a", actor), derived: prepared }, target("b", actor)] }),
      );
      const [a, b] = [...plan.inputs.values()];
      expect(a?.defense.value).toBe(25);
      expect(b?.defense.value).toBe(derived.defenses[key]);
    });

    it(`[SYS-RELEASE] ${id}: the attacker's prepared derived data prices its attack`, () => {
      const R = getRuleset(id);
      const req = request(id, { targets: [target("a", npc(R, 12))] });
      const derived = R.deriveActor(req.attacker.actor, defaultOptions(R));
      const plain = planAttack(req);
      const prepared = planAttack({ ...req, attacker: { ...req.attacker, derived } });
      expect(prepared.derived).toBe(derived);
      expect(prepared.bonus).toBe(plain.bonus);
    });
  }
});
