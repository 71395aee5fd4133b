/**
 * In-Foundry batch `d20-combat.conditions` ([SYS-EFFECTS]): a condition of the world's game set on
 * an actor the way the token HUD sets it (`toggleStatusEffect`) shows on the actor's token, counts
 * for the rules (the engine's view and the derived values list it), and is gone from all three when
 * toggled off. Everything it makes is deleted in `after`.
 */
import { activeRuleset } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import type { BatchSpec, QuenchBatchContext } from "./quench-api.js";
import { createActor, requireGM, TemporaryDocuments, waitFor } from "./support.js";

/** Batch key. */
const CONDITIONS_BATCH = `${SYSTEM_ID}.conditions`;

function conditionsBody(context: QuenchBatchContext): void {
  const { it, before, after, assert } = context;
  const temp = new TemporaryDocuments();
  let actor: Actor.Implementation;
  let token: TokenDocument.Implementation;

  before(async () => {
    requireGM();
    const scene = canvas?.scene;
    if (!scene) throw new Error("View a scene before running d20-combat.conditions.");
    actor = temp.keep(
      await createActor({ name: "Self-test bearer", type: "npc", prototypeToken: { actorLink: true } }),
    );
    const data = (
      await actor.getTokenDocument({ x: canvas?.dimensions?.sceneX ?? 0, y: canvas?.dimensions?.sceneY ?? 0 })
    ).toObject();
    const [placed] = (await scene.createEmbeddedDocuments("Token", [data])) ?? [];
    if (!placed) throw new Error("could not place the token");
    token = temp.keep(placed);
  });
  after(async () => {
    await temp.deleteAll();
  });

  it("a condition set from the token HUD shows on the token, counts for the rules, and goes when toggled off", async () => {
    const condition = activeRuleset().conditions[0];
    if (!condition) return assert.fail("the world's game has no conditions");
    await actor.toggleStatusEffect(condition.id, { active: true });
    await waitFor(() => actor.statuses.has(condition.id), "the status to be applied");
    assert.ok(token.hasStatusEffect(condition.id), "the token shows the condition");
    assert.include(actor.toEngineSource().conditions, condition.id, "the engine's view of the actor has it");
    await actor.toggleStatusEffect(condition.id, { active: false });
    await waitFor(() => !actor.statuses.has(condition.id), "the status to be removed");
    assert.ok(!token.hasStatusEffect(condition.id), "the token no longer shows it");
    assert.ok(!actor.toEngineSource().conditions.includes(condition.id), "the rules no longer count it");
  });
}

/** The `d20-combat.conditions` batch. */
export function conditionsBatch(): BatchSpec {
  return { key: CONDITIONS_BATCH, displayNameKey: "D20C.Quench.Conditions", body: conditionsBody };
}
