/**
 * [SYS-HIDDEN] [SYS-RULESET] No valid document becomes unusable on a ruleset switch: random valid
 * stored actors (every game's traits, conditions, wounds and states mixed, as a world holds them
 * after switches and imports) stay derivable and damageable under all four games, through the
 * adapter's own path (migrate → engine view → derive → damage/heal → changes written back). A
 * trait or condition only another game knows is ignored with a warning, never thrown, and never
 * dropped from the stored data.
 */
import { describe, expect, it } from "vitest";
import fc from "../support/seeded-fc.js";
import { ANY_DAMAGE_TYPES, storedActorArb } from "../support/stored-actor-arb.js";
import { actorSystemChanges, deriveSafely, toActorSource } from "../../src/data/prepare.js";
import { ignoredUnderRuleset } from "../../src/data/ignored.js";
import { actorSystemIssues } from "../../src/data/validation.js";
import { defaultActorSource, plainDamagePacket } from "../../src/engine/common.js";
import { allRulesets, getRuleset } from "../../src/engine/registry.js";
import type { ActorSource } from "../../src/engine/types.js";
import { migrateActorSystem } from "../../src/migrations/migrate-data.js";
import { combatantSource, effectSource, turnContext } from "../support/engine-fixtures.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { heroContext, storedHero } from "../sheets/sheet-fixtures.js";

/** The stored `system` of an engine actor (everything but `kind`). */
function stored(actor: ActorSource): Record<string, unknown> {
  const { kind: _kind, ...system } = actor;
  return system as Record<string, unknown>;
}

describe("[SYS-HIDDEN] random valid actors across a ruleset switch", () => {
  it("[SYS-HIDDEN] every valid actor stays derivable, damageable and healable under all four games; foreign data survives the write-back", () => {
    let foreignSeen = 0;
    fc.assert(
      fc.property(storedActorArb(), fc.integer({ min: 0, max: 60 }), (actor, amount) => {
        const system = stored(actor);
        expect(actorSystemIssues(system, ANY_DAMAGE_TYPES)).toEqual([]);
        for (const ruleset of allRulesets()) {
          const view = toActorSource(actor.kind, migrateActorSystem(system));
          const { error } = deriveSafely(ruleset, view, {});
          expect(error, `${ruleset.id} derives`).toBeNull();
          const hurt = ruleset.applyDamage(view, plainDamagePacket(amount), {}, "a1").actor;
          const healed = ruleset.applyHealing(view, amount, "heal", {}, "a1").actor;
          for (const next of [hurt, healed]) {
            // What the adapter writes back never touches the traits it ignored.
            const changes = actorSystemChanges(system, next) ?? {};
            for (const key of ["resistances", "vulnerabilities", "immunities"]) expect(changes).not.toHaveProperty(key);
          }
          if (ignoredUnderRuleset(view, ruleset).length) foreignSeen++;
        }
      }),
      { numRuns: 1000 },
    );
    // The property did meet other games' data (most random actors carry some).
    expect(foreignSeen).toBeGreaterThan(1000);
  });

  it("[SYS-HIDDEN] 13th Age 'resist holy 16+' under FFd20 is ignored with a warning entry, and fire resistance still works", () => {
    const ff = getRuleset("ffd20");
    const actor = defaultActorSource({
      hp: { value: 30, max: 30, temp: 0 },
      resistances: [
        { type: "holy", value: 16 },
        { type: "fire", value: 5 },
      ],
      conditions: ["dazed", "homebrew-hexed"],
    });
    expect(() => ff.deriveActor(actor, {})).not.toThrow();
    const r = ff.applyDamage(actor, { ...plainDamagePacket(10), types: ["fire"] }, {}, "a1");
    expect(r.actor.hp.value).toBe(25);
    expect(r.actor.resistances).toEqual(actor.resistances);
    const ignored = ignoredUnderRuleset(actor, ff);
    expect(ignored).toContainEqual({ field: "resistances[0]", value: "holy" });
    // dazed is FFd20's own; a word no game knows is not called another game's.
    expect(ignored.map((e) => e.value)).not.toContain("homebrew-hexed");
    const hd = getRuleset("hundred-dungeons");
    expect(ignoredUnderRuleset(actor, hd).map((e) => e.value)).toEqual(expect.arrayContaining(["holy", "dazed"]));
  });

  it("[SYS-HIDDEN] a type no game knows is still refused naming the field (bad data is not silently accepted)", () => {
    const actor = defaultActorSource({ resistances: [{ type: "banana", value: 5 }] });
    for (const r of allRulesets()) expect(() => r.deriveActor(actor, {})).toThrow(/actor\.resistances\[0\]\.type/);
  });

  it("[SYS-HIDDEN] ongoing damage of another game's type still hurts (untyped) instead of failing every turn", () => {
    for (const r of allRulesets()) {
      const foreign = ANY_DAMAGE_TYPES.find((t) => t !== "all" && !r.damageTypes.includes(t))!;
      const e = effectSource({ ongoing: { amount: 4, type: foreign }, duration: "saveEnds" });
      const bearer = combatantSource("b", defaultActorSource({ hp: { value: 20, max: 20, temp: 0 } }), {
        effects: [e],
      });
      const ctx = turnContext([bearer], { combatantId: "b" });
      const steps = [...r.onTurnStart(ctx), ...r.onTurnEnd(ctx)];
      const tick = steps.find((s) => s.kind === "damage");
      expect(tick, r.id).toBeDefined();
      if (tick?.kind !== "damage") continue;
      expect(tick.packet.types).toEqual([]);
      expect(r.applyDamage(bearer.actor, tick.packet, {}, "b").actor.hp.value).toBe(16);
    }
  });
});

describe("[SYS-HIDDEN] the sheet warns about what this game ignores", () => {
  it("[SYS-HIDDEN] an FFd20 sheet of an actor with 13th Age 'holy' resistance says it does nothing here", () => {
    const stored = storedHero("ffd20", { resistances: [{ type: "holy", value: 16 }] });
    const context = heroContext("ffd20", { stored });
    expect(context.ignored).toBe("holy");
    const html = createTemplateRenderer().render("templates/sheets/actor.hbs", context);
    expect(html).toContain("d20c-banner--ignored");
    expect(html).toMatch(/do nothing in this game[^<]*holy/);
    // An actor with only this game's data shows no such banner.
    expect(heroContext("ffd20").ignored).toBe("");
  });
});
