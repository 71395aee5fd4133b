/**
 * [SYS-MONSTERS] A save-based power on the tracker's turn path ([HD-ATK] an ability roll; [WD-SAVES]
 * one of the five saves), recorded dice throughout: the drake's poison breath is decided by each
 * target's own save on one card; the Apply button puts the breath's ongoing poison (save ends) and
 * its condition on the target that failed, nothing lasting on the one that saved; then the real
 * D20Combat on the Combat stand-in runs the turns: the poisoned creature's turn rolls its saves
 * against both at its end (failing once, passing the next round) and the effects end, while the
 * one that saved has nothing to roll.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { PowerEffectSpec, RulesetId } from "../../src/engine/types.js";
import { decideApplication } from "../../src/engine/plans/apply.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import { StandInActor, standInGlobals, standInRollFaces } from "../stand-ins/foundry-combat.js";
import { defaultOptions, npc, power, request, target } from "./attack-fixtures.js";
import type * as FoundryDocsNs from "../../src/workflows/foundry-docs.js";
import { turnLinesOf } from "../support/turn-summaries.js";
import { useStandInCombat, type CombatUnderTest } from "../support/stand-in-combat.js";
import { attackFromRecordedDice, recordedRoller } from "../support/recorded-dice.js";

const { battle } = useStandInCombat({ systemEffects: true });
let changeEffects: (typeof FoundryDocsNs)["changeEffects"];
const i18n = createI18nStandIn({ missing: "key" });
const plainI18n = standInGlobals.game.i18n;

beforeAll(async () => {
  ({ changeEffects } = await import("../../src/workflows/foundry-docs.js"));
});
afterAll(() => {
  standInGlobals.game.i18n = plainI18n;
  (standInGlobals.game as { combat?: unknown }).combat = undefined;
});
beforeEach(() => {
  standInGlobals.game.i18n = i18n as unknown as typeof plainI18n;
});

async function step(combat: CombatUnderTest, action: () => Promise<unknown>): Promise<void> {
  await action();
  await combat.settle();
}

interface Case {
  id: RulesetId;
  rule: string;
  save: string;
  condition: string;
}

const CASES: Case[] = [
  { id: "hundred-dungeons", rule: "[HD-ATK]", save: "con", condition: "poisoned" },
  { id: "wounds-d20", rule: "[WD-SAVES]", save: "death", condition: "sickened" },
];

for (const c of CASES) {
  describe(`[SYS-MONSTERS] ${c.rule} a save-based power on the tracker's turns (${c.id})`, () => {
    it(`[SYS-MONSTERS] ${c.rule} card (one failed save, one success) → Apply: ongoing poison and ${c.condition} on the failure only → the bearer's turn ends: its saves fail, then pass, and the effects end`, async () => {
      standInGlobals.rulesetId = c.id;
      const R = getRuleset(c.id);
      expect(R.conditions.some((x) => x.id === c.condition)).toBe(true);
      // Saves of d20 + 0: Hundred Dungeons stores ability modifiers, Wounds d20 scores (10 = +0).
      const flat = c.id === "hundred-dungeons" ? 0 : 10;
      const abilities = { str: flat, dex: flat, con: flat, int: flat, wis: flat, cha: flat };
      const hp = (n: number) => ({ hp: { value: n, max: n, temp: 0 }, abilities, baseSaveBonus: 0 });
      const drake = new StandInActor("drake", npc(R, 15, hp(60)));
      const foe = new StandInActor("foe", npc(R, 15, hp(60)), true);
      const other = new StandInActor("other", npc(R, 15, hp(60)), true);
      const combat = battle([
        { id: "drake", actor: drake, initiative: 20 },
        { id: "foe", actor: foe, initiative: 10 },
        { id: "other", actor: other, initiative: 5 },
      ]);
      (standInGlobals.game as { combat?: unknown }).combat = combat;
      const initiative = R.initiative.mode === "everyRound" ? [20, 10, 5] : [];
      standInRollFaces.push(...initiative);
      await step(combat, () => combat.startCombat());
      expect(standInRollFaces).toEqual([]);

      // The breath: 2d6 poison, the target's save against DC 13, nothing on a success; a failure
      // leaves ongoing 3 poison and the condition, each until saved.
      const sick: PowerEffectSpec = {
        outcome: "hit",
        trigger: { kind: "any", value: 0 },
        text: "",
        statuses: [c.condition],
        duration: "saveEnds",
        save: "normal",
        sustain: null,
        ongoing: null,
        aftereffect: null,
      };
      const breath = power({
        damage: "2d6",
        damageTypes: ["poison"],
        saveAttack: { save: c.save, dc: 13, onSuccess: "none" },
        ongoing: { amount: 3, type: "poison", save: "normal" },
        effects: [sick],
      });
      const req = request(c.id, {
        power: breath,
        targets: [target("foe", foe.source, "Foe"), target("other", other.source, "Other")],
      });
      // The foe's save comes up 3 (fails), the other's 19 (saves); the failure's 2d6 are 4 and 4.
      const card = attackFromRecordedDice({ ...req, sourceCombatantId: "drake" }, [[3], [19]], { "*": [4, 4] });
      expect(card.targets.map((t) => [t.outcome.result, t.damage])).toEqual([
        ["hit", 8],
        ["miss", 0],
      ]);
      for (const [who, n] of [
        [foe, 0],
        [other, 1],
      ] as const) {
        const decision = await decideApplication({
          ruleset: R,
          options: defaultOptions(R),
          card,
          targetUuid: card.targets[n]!.uuid,
          mode: "full",
          actor: who.toEngineSource(),
          actorId: who.uuid,
          userId: "gm",
          recordId: `rec${n}`,
          roll: recordedRoller([]),
          effects: [],
          effectId: `ongoingPoison0${n}`,
          ongoingName: "Ongoing 3 poison damage",
          powerEffectName: () => "Breath",
          powerEffectIds: [`breathSick000${n}`],
        });
        await who.applyEngineActor(decision.next);
        await changeEffects(who as never, decision.effects);
      }
      expect(foe.source.hp.value).toBe(52);
      expect(foe.effects.contents.map((e) => e.name).sort()).toEqual(["Breath", "Ongoing 3 poison damage"]);
      expect(foe.statuses.has(c.condition)).toBe(true);
      expect(other.source.hp.value).toBe(60);
      expect(other.effects.size).toBe(0);

      // Round 1: the foe's two saves fail at the end of its turn; round 2 both pass. The other rolls nothing.
      standInRollFaces.push(2, 2, ...initiative, 19, 19);
      await step(combat, () => combat.nextTurn()); // the foe's turn starts
      await step(combat, () => combat.nextTurn()); // it ends: two saves, both fail; the other's turn starts
      expect(foe.effects.size).toBe(2);
      await step(combat, () => combat.nextTurn()); // the other's turn ends; round 2: the drake's turn
      expect(combat.round).toBe(2);
      await step(combat, () => combat.nextTurn()); // the foe's turn starts
      await step(combat, () => combat.nextTurn()); // it ends: both saves pass
      expect(standInRollFaces).toEqual([]);
      expect(combat.turnEventErrors).toEqual([]);
      expect(turnLinesOf(standInGlobals.messages).filter((l: { error: string | null }) => l.error)).toEqual([]);
      expect(foe.effects.size).toBe(0);
      expect(foe.statuses.has(c.condition)).toBe(false);
      // Its poison burned while it lasted: the foe ends below what the breath alone left.
      expect(foe.source.hp.value).toBeLessThan(52);
      expect(other.source.hp.value).toBe(60);
    });
  });
}
