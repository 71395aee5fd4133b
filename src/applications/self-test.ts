/**
 * The system's side of the in-Foundry self-test: a GM-only "Run system self-test" button in the
 * system's settings, and Quench registration when that module is active. Both load the separate
 * self-test file (d20-combat-selftest.mjs, next to this module) only then, so the batches, Mocha
 * and Chai never load in a normal session. The file receives the live workflow functions as ports.
 */
import { SYSTEM_ID } from "../constants.js";
import type { SelfTestPorts } from "../quench/batches.js";
import type * as SelfTestFile from "../self-test/entry.js";
import { applyHere, undoHere } from "../workflows/apply-damage.js";
import { rollAttack } from "../workflows/attack.js";

/** The self-test file's name in the built system, beside d20-combat.mjs. */
const SELF_TEST_FILE = "d20-combat-selftest.mjs";

type SelfTestModule = typeof SelfTestFile;

/** The live workflow functions the batches drive. */
function selfTestPorts(): SelfTestPorts {
  return { rollAttack, apply: applyHere, undo: undoHere };
}

/** Load the self-test file (once; the browser caches the module). */
async function loadSelfTest(): Promise<SelfTestModule> {
  const url = new URL(`./${SELF_TEST_FILE}`, import.meta.url).href;
  const loaded: unknown = await import(/* @vite-ignore */ url);
  return loaded as SelfTestModule;
}

let running = false;

/** Run every batch and show the report (GM only; one run at a time). */
async function launchSelfTest(): Promise<void> {
  const i18n = game.i18n;
  if (!game.user.isGM) {
    ui.notifications.warn(i18n.localize("D20C.SelfTest.GMOnly"));
    return;
  }
  if (running) {
    ui.notifications.warn(i18n.localize("D20C.SelfTest.AlreadyRunning"));
    return;
  }
  running = true;
  try {
    ui.notifications.info(i18n.localize("D20C.SelfTest.Started"));
    const selfTest = await loadSelfTest();
    await selfTest.runSelfTest(selfTestPorts());
  } catch (err) {
    console.error(`${SYSTEM_ID} | self-test`, err);
    ui.notifications.error(
      i18n.format("D20C.SelfTest.Error", { error: err instanceof Error ? err.message : String(err) }),
    );
  } finally {
    running = false;
  }
}

/**
 * What the settings menu opens: instead of drawing a window, rendering starts a run (the report is
 * shown in its own dialog when the run ends).
 */
class SelfTestLauncher extends foundry.applications.api.ApplicationV2 {
  override async render(): Promise<this> {
    await launchSelfTest();
    return this;
  }
}

/** Register the settings-menu button and the Quench hook. Called once from `init`. */
export function registerSelfTest(): void {
  game.settings.registerMenu(SYSTEM_ID, "selfTest", {
    name: "D20C.SelfTest.Menu.Name",
    label: "D20C.SelfTest.Menu.Label",
    hint: "D20C.SelfTest.Menu.Hint",
    icon: "fa-solid fa-vial-circle-check",
    type: SelfTestLauncher,
    restricted: true,
  });
  // `quenchReady` fires only when the Quench module is active.
  Hooks.on("quenchReady", (quench) => {
    loadSelfTest()
      .then((selfTest) => selfTest.registerWithQuench(quench, selfTestPorts()))
      .catch((err: unknown) => console.error(`${SYSTEM_ID} | could not load the self-test for Quench`, err));
  });
}
