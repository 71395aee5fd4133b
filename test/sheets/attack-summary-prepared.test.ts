/**
 * The sheet's attack list reads the actor's derived values as its data preparation left them (the
 * sheet's other numbers do too) rather than deriving the actor again at every opening; a failed
 * preparation is derived again, so each attack says why.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, RuleOptions } from "../../src/engine/types.js";
import type { BuiltInRulesetId as RulesetId } from "../../src/engine/rulesets/ids.js";
import { heroContext, heroSystem, storedHero } from "./sheet-fixtures.js";

const GAMES: RulesetId[] = ["13th-age", "ffd20", "hundred-dungeons", "wounds-d20"];

const summaries = (ctx: ReturnType<typeof heroContext>) =>
  (ctx.powers as { attack: { bonus: string; error: string } | null }[]).map((p) => p.attack);

describe("the sheet's attack summaries", () => {
  for (const id of GAMES) {
    it(`[SYS-RELEASE] ${id}: read the prepared derived values, not the actor derived again`, () => {
      const R = getRuleset(id);
      const stored = storedHero(id);
      const derived = R.deriveActor(heroSystem("character", stored), {});
      let derivations = 0;
      const counted = {
        deriveActor: (actor: ActorSource, options: RuleOptions) => {
          derivations++;
          return R.deriveActor(actor, options);
        },
      };
      const plain = summaries(heroContext(id, { stored, ruleset: counted }));
      expect(derivations).toBeGreaterThan(0);
      derivations = 0;
      expect(summaries(heroContext(id, { stored, derived, ruleset: counted }))).toEqual(plain);
      expect(derivations).toBe(0);
    });
  }
});
