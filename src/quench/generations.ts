/**
 * In-Foundry batch `d20-combat.generations` ([SYS-RELEASE], issue 37): where Foundry v13 and v14
 * differ in a data shape, the adapter's compatibility seam (src/compat/) is compared with core's
 * own answer on this world's generation. The deletion operator: the deletion the adapter writes into an
 * actor's flags
 * (`deletionEntry`: `-=key` on v13, a `ForcedDeletion` on v14) leaves a document exactly as core's
 * own `unsetFlag` leaves a twin of it (API v13/v14 `ClientDocumentMixin#unsetFlag`). A Region area:
 * a rectangle Region the GM draws on the viewed scene is, on v14, the area the fallback for a power
 * with no stated shape reads (`newestUserRegion`), holding the squares core's Region holds
 * (`RegionDocument#polygonTree`, API v14) and none outside; on v13 no Region is read (the fallback
 * reads the newest MeasuredTemplate there). Everything it makes is deleted in `after`.
 */
import { deletionEntry } from "../compat/deletion.js";
import { foundryGeneration } from "../compat/generation.js";
import { newestUserRegion } from "../compat/regions.js";
import { SYSTEM_ID } from "../constants.js";
import type { BatchSpec, QuenchBatchContext } from "./quench-api.js";
import { createActor, requireGM, TemporaryDocuments } from "./support.js";

/** Batch key. */
const GENERATIONS_BATCH = `${SYSTEM_ID}.generations`;

function generationsBody(context: QuenchBatchContext): void {
  const { it, before, after, assert } = context;
  const temp = new TemporaryDocuments();
  let ours: Actor.Implementation;
  let cores: Actor.Implementation;

  before(async () => {
    requireGM();
    const flags = { [SYSTEM_ID]: { selfTestGone: 1, selfTestKept: 2 } };
    ours = temp.keep(await createActor({ name: "Self-test deletion (ours)", type: "npc", flags }));
    cores = temp.keep(await createActor({ name: "Self-test deletion (core)", type: "npc", flags }));
  });
  after(async () => {
    await temp.deleteAll();
  });

  it("a Region the user drew is, on v14 only, the area a power with no stated shape reads: its squares inside, the others not", async () => {
    const scene = canvas?.scene;
    const size = canvas?.grid?.size;
    if (!scene || !size) return assert.fail("view a scene with a grid before running d20-combat.generations");
    const shape = { type: "rectangle", x: 2 * size, y: 2 * size, width: 2 * size, height: 2 * size, rotation: 0 };
    const data = { name: "Self-test area", shapes: [shape] };
    const [region] = (await scene.createEmbeddedDocuments("Region", [data as RegionDocument.CreateData])) ?? [];
    if (!region) return assert.fail("could not draw the Region");
    temp.keep(region);
    const read = newestUserRegion(game.user?.id ?? "");
    if (foundryGeneration() < 14) return assert.isNull(read, "v13 reads no Region (its fallback is the template)");
    if (!read) return assert.fail("v14 reads no Region the user drew");
    const centre = (sx: number, sy: number) => ({ x: (sx + 0.5) * size, y: (sy + 0.5) * size });
    assert.deepEqual(read.origin, { x: shape.x, y: shape.y }, "the area starts at the drawn corner");
    for (const [sx, sy] of [
      [2, 2],
      [3, 3],
    ] as const)
      assert.ok(read.contains(centre(sx, sy)), `square ${sx},${sy} lies inside the drawn Region`);
    for (const [sx, sy] of [
      [1, 2],
      [4, 3],
      [2, 4],
    ] as const)
      assert.ok(!read.contains(centre(sx, sy)), `square ${sx},${sy} lies outside the drawn Region`);
  });

  it("the deletion the adapter writes removes a nested key as core's unsetFlag does, on this world's generation", async () => {
    const [key, value] = deletionEntry("selfTestGone");
    assert.equal(key === "selfTestGone", foundryGeneration() >= 14, "the key is spelled as this generation expects");
    await ours.update({ flags: { [SYSTEM_ID]: { [key]: value } } } as Actor.UpdateData);
    await cores.unsetFlag(SYSTEM_ID, "selfTestGone");
    const probe = (a: Actor.Implementation) => {
      const mine = (a.toObject().flags as Record<string, Record<string, unknown> | undefined>)[SYSTEM_ID] ?? {};
      return { gone: mine.selfTestGone, kept: mine.selfTestKept };
    };
    assert.deepEqual(probe(cores), { gone: undefined, kept: 2 }, "core's unsetFlag deleted the key");
    assert.deepEqual(probe(ours), probe(cores), "the adapter's deletion leaves what core's leaves");
  });
}

/** The `d20-combat.generations` batch. */
export function generationsBatch(): BatchSpec {
  return { key: GENERATIONS_BATCH, displayNameKey: "D20C.Quench.Generations", body: generationsBody };
}
