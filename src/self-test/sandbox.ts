/**
 * The throwaway place a self-test run works in: an actor folder and a scene, created at the start
 * and deleted at the end (with every actor left in the folder), the scene viewed while the batches
 * run and the previously viewed scene viewed again afterwards.
 */
import { SYSTEM_ID } from "../constants.js";
import { requireGM, useActorFolder, waitFor } from "../quench/support.js";

interface OpenSandbox {
  folder: Folder.Implementation;
  scene: Scene.Implementation;
  previousSceneId: string | null;
}

let open: OpenSandbox | null = null;

/** Create the folder and scene and view the scene (the batches place tokens on the viewed scene). */
export async function openSandbox(): Promise<void> {
  requireGM();
  if (open) await closeSandbox();
  const name = game.i18n.localize("D20C.SelfTest.Sandbox");
  const previousSceneId = canvas?.scene?.id ?? null;
  const folder = await Folder.implementation.create({ name, type: "Actor" });
  if (!folder) throw new Error("could not create the self-test folder");
  const scene = await Scene.implementation.create({
    name,
    width: 1200,
    height: 800,
    padding: 0,
  });
  if (!scene) {
    await folder.delete();
    throw new Error("could not create the self-test scene");
  }
  open = { folder, scene, previousSceneId };
  useActorFolder(folder.id);
  await scene.view();
  await waitFor(() => canvas?.ready && canvas.scene?.id === scene.id, "the self-test scene to be drawn", 10_000);
}

/** Delete what {@link openSandbox} made and view the scene viewed before. Never throws. */
export async function closeSandbox(): Promise<void> {
  const sandbox = open;
  open = null;
  useActorFolder(null);
  if (!sandbox) return;
  const { folder, scene, previousSceneId } = sandbox;
  const log = (what: string) => (err: unknown) => console.warn(`${SYSTEM_ID} | self-test: could not ${what}`, err);
  const previous = previousSceneId ? game.scenes.get(previousSceneId) : undefined;
  if (previous) await previous.view().catch(log("view the previous scene"));
  await scene.delete().catch(log("delete its scene"));
  const leftovers = game.actors.filter((a) => a.folder?.id === folder.id).map((a) => a.id ?? "");
  if (leftovers.length) await Actor.implementation.deleteDocuments(leftovers).catch(log("delete its actors"));
  await folder.delete().catch(log("delete its folder"));
}
