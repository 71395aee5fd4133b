/**
 * In-Foundry batch `d20-combat.combat` ([SYS-TURNS], [13A-ESC]): a real Combat in the viewed scene.
 * A turn cycle under the world's ruleset deals an effect's ongoing damage at the turn boundary and
 * rolls the save against it (the effect is gone exactly when the save succeeded); under 13th Age's
 * escalation die (the ruleset switched to the one whose die is on by default, and back) the die reads
 * 0 in round 1 and climbs by one each round after. Everything it makes is deleted in `after`.
 */
import { SYSTEM_ID } from "../constants.js";
import type { D20Combat } from "../documents/combat.js";
import type { RulesetId } from "../engine/types.js";
import { readTurnSummary } from "../workflows/turn-summary-data.js";
import type { ChatLine } from "../engine/plans/turns.js";
import type { BatchSpec, QuenchBatchContext } from "./quench-api.js";
import {
  createActor,
  firstRulesetWhere,
  requireGM,
  switchRuleset,
  TemporaryDocuments,
  waitFor,
  worldRuleset,
} from "./support.js";

/** Batch key. */
const COMBAT_BATCH = `${SYSTEM_ID}.combat`;

/** Wait until the GM-side turn events of the last update have run. */
function settle(ms = 500): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A new combat on the viewed scene with one combatant per actor (deleted with `temp`). */
async function combatWith(temp: TemporaryDocuments, actors: readonly Actor.Implementation[]): Promise<D20Combat> {
  const combat = (await Combat.create({ scene: canvas?.scene?.id ?? null })) as D20Combat | undefined;
  if (!combat) throw new Error("could not create the combat");
  temp.keep(combat);
  await combat.createEmbeddedDocuments(
    "Combatant",
    actors.map((a, i) => ({ actorId: a.id ?? null, initiative: 20 - i, hidden: false })),
  );
  return combat;
}

/** Turn-summary lines (chat) posted since `known`. */
function newTurnLines(known: ReadonlySet<string>): { line: ChatLine }[] {
  return game.messages.contents.filter((m) => !known.has(m.id ?? "")).flatMap((m) => readTurnSummary(m)?.lines ?? []);
}

function combatBody(context: QuenchBatchContext): void {
  const { describe, it, before, after, assert } = context;
  const temp = new TemporaryDocuments();
  const posted = new Set<string>();
  let initialMessages = new Set<string>();
  let previousRuleset: RulesetId | null = null;

  before(() => {
    requireGM();
    if (!canvas?.scene) throw new Error("View a scene before running d20-combat.combat.");
    initialMessages = new Set(game.messages.keys());
    previousRuleset = worldRuleset();
  });
  after(async () => {
    for (const m of game.messages.contents) {
      if (!initialMessages.has(m.id ?? "") && (posted.has(m.id ?? "") || readTurnSummary(m))) {
        await m.delete().catch(() => undefined);
      }
    }
    // Deleting a combat starts the GM's end-of-battle work without awaiting it; let it finish
    // before its actors disappear.
    const combats = game.combats.contents.length;
    await temp.deleteAll();
    if (combats) await settle();
    if (previousRuleset) await switchRuleset(previousRuleset);
  });

  describe("a turn cycle", () => {
    it("ongoing damage lands at the ruleset's turn boundary and the save against it is rolled", async () => {
      const actor = temp.keep(
        await createActor({ name: "Self-test combatant", type: "character", system: { hp: { value: 30, max: 30 } } }),
      );
      const [effect] =
        (await actor.createEmbeddedDocuments("ActiveEffect", [
          {
            name: "Self-test ongoing fire",
            flags: { [SYSTEM_ID]: { effect: { duration: "saveEnds", ongoing: { amount: 5, type: "fire" } } } },
          },
        ])) ?? [];
      if (!effect) return assert.fail("could not create the ongoing effect");
      const combat = await combatWith(temp, [actor]);
      const known = new Set(game.messages.keys());
      await combat.startCombat();
      await settle();
      await combat.nextTurn(); // one combatant: end of its turn, a new round, the start of its turn
      await waitFor(() => newTurnLines(known).some((l) => l.line.rolls.length > 0), "the save's turn line", 5000);
      await settle();
      assert.isBelow(actor.toEngineSource().hp.value, 30, "ongoing damage was dealt at a turn boundary");
      const saves = newTurnLines(known).flatMap((l) =>
        l.line.rolls.filter((r) => r.request.kind === "save" && r.request.effectId === effect.id),
      );
      assert.equal(saves.length, 1, "one save was rolled against the effect");
      const saved = saves[0]?.success === true;
      assert.equal(!actor.effects.has(effect.id ?? ""), saved, "the effect ended exactly when the save succeeded");
    });
  });

  const escalating = firstRulesetWhere((r) => r.escalationByDefault);
  if (escalating) {
    describe("the escalation die", () => {
      it("reads 0 in round 1 and climbs by one each round after", async () => {
        await switchRuleset(escalating);
        const actors = [
          temp.keep(await createActor({ name: "Self-test hero", type: "character" })),
          temp.keep(await createActor({ name: "Self-test foe", type: "npc" })),
        ];
        const combat = await combatWith(temp, actors);
        await combat.startCombat();
        await settle();
        const seen: number[] = [combat.escalation];
        for (let round = 2; round <= 4; round++) {
          await combat.nextRound();
          await settle();
          seen.push(combat.escalation);
        }
        assert.deepEqual(seen, [0, 1, 2, 3], "the die by round 1 → 4");
      });
    });
  }
}

/** The `d20-combat.combat` batch. */
export function combatBatch(): BatchSpec {
  return { key: COMBAT_BATCH, displayNameKey: "D20C.Quench.Combat", body: combatBody };
}
