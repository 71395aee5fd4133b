/**
 * defineRuleset(): what a game leaves out of its definition gets the shared default, what it writes
 * wins, and the four games are all assembled through it.
 */
import { describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import { defineRuleset, type RulesetDefinition } from "../../src/engine/define-ruleset.js";
import { allRulesets, getRuleset } from "../../src/engine/registry.js";
import { attackInput, combatantSource, effectSource, turnContext } from "../support/engine-fixtures.js";

/** A game that writes only what has no default: the 13th Age members it must have, nothing optional. */
function bare(): RulesetDefinition {
  const age13 = getRuleset("13th-age");
  return {
    id: age13.id,
    label: age13.label,
    defenses: age13.defenses,
    saves: age13.saves,
    damageTypes: age13.damageTypes,
    traitForms: age13.traitForms,
    conditions: age13.conditions,
    initiative: age13.initiative,
    actions: age13.actions,
    options: age13.options,
    deriveActor: age13.deriveActor,
    attackBonus: age13.attackBonus,
    damageExpression: age13.damageExpression,
    resolveAttack: age13.resolveAttack,
    damageRecipe: age13.damageRecipe,
    applyDamage: age13.applyDamage,
    applyHealing: age13.applyHealing,
    startRecovery: age13.startRecovery,
    saveRequest: age13.saveRequest,
    deathSaveRequest: age13.deathSaveRequest,
    resolveRoll: age13.resolveRoll,
    resolveTurnRoll: age13.resolveTurnRoll,
    initiativeFormula: age13.initiativeFormula,
    order: age13.order,
    addEffect: age13.addEffect,
    fullHealUp: age13.fullHealUp,
  };
}

describe("defineRuleset", () => {
  it("[SYS-RULESET] fills every member a game leaves out with the shared default", () => {
    const rs = defineRuleset(bare());
    const hero = combatantSource("hero", defaultActorSource({ kind: "character" }), { side: "player" });
    const down = combatantSource("down", defaultActorSource({ kind: "character", state: "dead" }), { side: "player" });
    const ctx = turnContext([hero, down], { combatantId: "hero" });
    expect(rs.escalationByDefault).toBe(false);
    expect(rs.attackMode(attackInput())).toBe("normal");
    for (const hook of [rs.onCombatStart, rs.onRoundStart, rs.onTurnStart, rs.onTurnEnd, rs.onRoundEnd])
      expect(hook(ctx)).toEqual([]);
    expect(rs.onCombatEnd(ctx, false)).toEqual([]);
    expect([rs.actsThisRound(ctx, hero), rs.actsThisRound(ctx, down)]).toEqual([true, false]);
    expect([rs.canFlee([hero, down]), rs.canFlee([down])]).toEqual([true, false]);
    expect(rs.situational).toContain("mighty");
    expect(rs.coverLevels).toEqual(["none", "partial", "superior", "total"]);
    expect(rs.knockOut).toBe(false);
    expect(rs.powerUsages.map((u) => u.key)).toEqual(["atWill", "encounter", "daily"]);
    expect(rs.rests.map((r) => r.key)).toEqual(["fullHealUp"]);
    expect(rs.mayTarget(hero, down)).toEqual({ allowed: true, reason: null });
    expect(rs.actorChanges(hero.actor, hero.actor)).toEqual({});
    expect(rs.turnNotes(hero.actor)).toEqual([]);
    expect(rs.actionCap(hero.actor)).toBeNull();
    const save = rs.effectSave(hero.actor, "hero", effectSource({ id: "e", saveBonus: 2 }));
    expect([save.formula, save.target]).toEqual(["1d20 + 2", 10]);
    // The prepared attack is the resolved one, face by face.
    const input = attackInput({ attackBonus: 3 });
    for (const face of [1, 7, 20]) {
      const resolved = rs.resolveAttack({ ...input, dice: [face] });
      expect(rs.prepareAttack(input).outcome([face])).toEqual(resolved);
      expect(rs.prepareAttack(input).face(face)).toMatchObject({
        result: resolved.result,
        missEffect: resolved.missEffect,
      });
    }
  });

  it("[SYS-RULESET] what a game writes wins over the default", () => {
    const rs = defineRuleset({ ...bare(), knockOut: true, attackMode: () => "mighty", escalationByDefault: true });
    expect([rs.knockOut, rs.attackMode(attackInput()), rs.escalationByDefault]).toEqual([true, "mighty", true]);
    // The four games are assembled through it: every defaulted member is present.
    for (const game of allRulesets()) {
      expect(typeof game.prepareAttack).toBe("function");
      expect(typeof game.mayTarget).toBe("function");
      expect(Array.isArray(game.powerUsages)).toBe(true);
    }
  });
});
