/**
 * [SYS-CONTENT] Every document of every game's packs, embedded items included, is one the data
 * models accept (the schema's types, integers, minimums, choices and exact keys, then the joint
 * validation Foundry runs on create) and every formula in it parses under its own game: each
 * attack planned through the real attack pipeline with its owner (a world item with the game's
 * first level-3 character), weapon dice, extra crit dice and recovery formulas.
 */
import { describe, expect, it } from "vitest";
import { actorSystemIssues, itemSystemIssues } from "../../src/data/validation.js";
import { validateActorSource } from "../../src/engine/common.js";
import { parseDamage, parseWeaponDice } from "../../src/engine/dice.js";
import { planAttack } from "../../src/engine/plans/attack.js";
import { defaultOptions, engineActor, packAttackRequest, type PackActor } from "../packs/pack-sources.js";
import { GAMES, actorsOf, allItemsOf, levelThreeParty, rulesetOf, SCHEMAS, schemaIssues } from "./content.js";

describe.each(GAMES.map((g) => [g.id, g] as const))("[SYS-CONTENT] %s content", (game) => {
  const ruleset = rulesetOf(game);
  const actors = actorsOf(game);
  const items = allItemsOf(game);

  it("[SYS-CONTENT] every actor's system passes its data model's schema and validation, and the engine accepts it", () => {
    expect(actors.length).toBeGreaterThan(0);
    for (const a of actors) {
      expect(Object.keys(SCHEMAS), a.name).toContain(a.type);
      expect(schemaIssues(SCHEMAS[a.type]!, a.system, "system"), a.name).toEqual([]);
      expect(actorSystemIssues(a.system, ruleset.damageTypes), a.name).toEqual([]);
      expect(() => validateActorSource(engineActor(a), ruleset.damageTypes), a.name).not.toThrow();
      const derived = ruleset.deriveActor(engineActor(a), defaultOptions(ruleset));
      for (const d of ruleset.defenses)
        expect(Number.isFinite(derived.defenses[d.key]), `${a.name} ${d.key}`).toBe(true);
    }
  });

  it("[SYS-CONTENT] every item's system, embedded or not, passes its data model's schema and validation", () => {
    expect(items.length).toBeGreaterThan(0);
    for (const { item, owner } of items) {
      const where = `${owner ? `${owner.name}: ` : ""}${item.name}`;
      expect(Object.keys(SCHEMAS), where).toContain(item.type);
      expect(schemaIssues(SCHEMAS[item.type]!, item.system, "system"), where).toEqual([]);
      expect(itemSystemIssues(item.type, item.system, ruleset.damageTypes), where).toEqual([]);
    }
  });

  it("[SYS-CONTENT] every attack's damage, miss and crit formulas parse under the game, planned with its owner and weapon", () => {
    const stand = levelThreeParty(game)[0];
    expect(stand, "a level-3 character to hold the world items").toBeDefined();
    let planned = 0;
    for (const { item, owner } of items.filter((i) => i.item.type === "power" || i.item.type === "weapon")) {
      const holder: PackActor = owner ?? { ...stand!, items: [...stand!.items, item] };
      const req = packAttackRequest(ruleset, holder, item);
      const power = req.power;
      const where = `${holder.name}: ${item.name}`;
      for (const f of [power.damage, power.missDamage, power.critDamage]) expect(f, where).not.toContain("@");
      const plan = planAttack(req);
      expect(Number.isFinite(plan.bonus), where).toBe(true);
      for (const e of [plan.hit, plan.miss, plan.critExtra]) {
        if (!e) continue;
        expect(Number.isFinite(e.flat), where).toBe(true);
        for (const d of e.dice) expect(d.count > 0 && d.faces > 0, where).toBe(true);
      }
      // A formula given is a formula dealt: a damage text never silently plans to nothing.
      if (power.damage.trim() !== "") expect(plan.hit, where).not.toBeNull();
      if (power.missEffect === "formula") expect(plan.miss, where).not.toBeNull();
      planned++;
    }
    expect(planned).toBeGreaterThanOrEqual(10);
  });

  it("[SYS-CONTENT] every weapon's dice and extra crit dice, and every recovery formula, parse", () => {
    for (const { item } of items.filter((i) => i.item.type === "weapon")) {
      const dice = String(item.system.damageDice);
      if (dice !== "") expect(() => parseWeaponDice(dice), item.name).not.toThrow();
      const crit = String(item.system.critDice);
      if (crit !== "") expect(() => parseDamage(crit), item.name).not.toThrow();
    }
    const withRecoveries = actors.filter((a) => a.type === "character");
    expect(withRecoveries.length).toBeGreaterThan(0);
    for (const a of withRecoveries) {
      const r = a.system.recoveries as { value: number; max: number; formula: string };
      expect(r.max, a.name).toBeGreaterThan(0);
      expect(r.value, a.name).toBe(r.max);
      expect(() => parseDamage(r.formula), a.name).not.toThrow();
    }
  });

  it("[SYS-CONTENT] every power effect names the game's own conditions and damage types", () => {
    const conditions = new Set(ruleset.conditions.map((c) => c.id));
    const types = new Set([...ruleset.damageTypes, "untyped"]);
    let effects = 0;
    for (const { item, owner } of items.filter((i) => i.item.type === "power")) {
      const where = `${owner ? `${owner.name}: ` : ""}${item.name}`;
      const list = item.system.effects as {
        statuses: string[];
        ongoing: { type: string } | null;
        aftereffect: unknown;
      }[];
      for (const e of list) {
        effects++;
        const bodies = [e, ...(e.aftereffect ? [e.aftereffect as typeof e] : [])];
        for (const b of bodies) {
          for (const s of b.statuses) expect(conditions.has(s), `${where}: condition ${s}`).toBe(true);
          if (b.ongoing) expect(types.has(b.ongoing.type), `${where}: ${b.ongoing.type}`).toBe(true);
        }
      }
    }
    expect(effects).toBeGreaterThan(0);
    for (const a of actors)
      for (const s of a.system.conditions as string[]) expect(conditions.has(s), `${a.name}: ${s}`).toBe(true);
  });

  it("[SYS-CONTENT] each outcome's words stand under their own heading: no hit text carries the miss's", () => {
    const powers = items.filter((i) => i.item.type === "power");
    expect(powers.length).toBeGreaterThan(0);
    for (const { item, owner } of powers) {
      const where = `${owner ? `${owner.name}: ` : ""}${item.name}`;
      expect(String(item.system.hitEffect ?? ""), where).not.toMatch(/\bMiss:/i);
      // A power that deals something on a miss says what under the Miss heading.
      if (item.system.missEffect === "formula") expect(String(item.system.missText ?? ""), where).not.toBe("");
    }
  });
});
