/**
 * A condition toggled on from the token HUD can be given a duration ([SYS-EFFECTS]): the real
 * hooks of src/workflows/status-duration.ts on the HUD stand-in (test/stand-ins/foundry-hud.ts).
 * The prompt opens only for the user who clicked the HUD's palette, only for the game's conditions
 * (never core's "defeated"), and closing it keeps the condition until removed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asksStatusDuration } from "../../src/engine/effects.js";
import { statusDurationContext, statusDurationFromForm } from "../../src/engine/views/effects-context.js";
import { EngineError } from "../../src/engine/errors.js";
import { getRuleset } from "../../src/engine/registry.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { StandInActor } from "../stand-ins/foundry-combat.js";
import type { StandInActiveEffect } from "../stand-ins/foundry-effects.js";
import { installHudStandIn, tokenHudStandIn } from "../stand-ins/foundry-hud.js";
import type { AttackStandInState } from "../stand-ins/foundry-attack.js";
import type { BootHooksStandIn } from "../stand-ins/foundry-boot.js";

const R = getRuleset("ffd20");
const condition = R.conditions.find((c) => !c.dead)!;

let state: AttackStandInState;
let hooks: BootHooksStandIn;
let uninstall: () => void;

beforeAll(async () => {
  ({ state, hooks, uninstall } = installHudStandIn("ffd20"));
  const { registerStatusDurationPrompt } = await import("../../src/workflows/status-duration.js");
  registerStatusDurationPrompt();
});
afterAll(() => uninstall());
beforeEach(() => {
  state.dialogs.length = 0;
  state.dialogAnswer = null;
});

const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};

/** Core's toggle: an effect with the status and no system data; then core's create hook. */
async function toggleOn(actor: StandInActor, statusId: string, userId = "userStandIn"): Promise<StandInActiveEffect> {
  const [effect] = await actor.createEmbeddedDocuments("ActiveEffect", [
    { name: condition.label, img: condition.img, statuses: [statusId] },
  ]);
  hooks.callAll("createActiveEffect", effect, {}, userId);
  await settle();
  return effect!;
}

const systemData = (e: StandInActiveEffect) =>
  (e.flags["d20-combat"] as { effect?: Record<string, unknown> } | undefined)?.effect;

describe("the token HUD's duration prompt", () => {
  it("[SYS-EFFECTS] a condition clicked on in the HUD asks how long; the answer becomes its duration", async () => {
    const actor = new StandInActor("bryn", defaultActorSource());
    const hud = tokenHudStandIn(actor.uuid, [condition.id, "dead"]);
    hooks.callAll("renderTokenHUD", hud.app, hud.html);
    hud.click(condition.id);
    state.dialogAnswer = { duration: "saveEnds", save: "hard", creator: "" };
    const effect = await toggleOn(actor, condition.id);
    expect(state.dialogs).toHaveLength(1);
    expect(systemData(effect)).toMatchObject({ duration: "saveEnds", save: "hard", sourceCombatantId: null });
    // Its icon stays the game's status icon.
    expect(effect.img).toBe(condition.img);
  });

  it("[SYS-EFFECTS] closing the prompt skips it: the condition stays until removed, with no system data", async () => {
    const actor = new StandInActor("bryn", defaultActorSource());
    const hud = tokenHudStandIn(actor.uuid, [condition.id]);
    hooks.callAll("renderTokenHUD", hud.app, hud.html);
    hud.click(condition.id);
    const effect = await toggleOn(actor, condition.id);
    expect(state.dialogs).toHaveLength(1);
    expect(systemData(effect)).toBeUndefined();
    expect(actor.effects.size).toBe(1);
  });

  it("[SYS-EFFECTS] shift-clicking the condition in the HUD skips the prompt: it goes on until removed, with no system data", async () => {
    const actor = new StandInActor("bryn", defaultActorSource());
    const hud = tokenHudStandIn(actor.uuid, [condition.id]);
    hooks.callAll("renderTokenHUD", hud.app, hud.html);
    hud.click(condition.id, { shiftKey: true });
    state.dialogAnswer = { duration: "saveEnds", save: "hard", creator: "" };
    const effect = await toggleOn(actor, condition.id);
    expect(state.dialogs).toHaveLength(0);
    expect(systemData(effect)).toBeUndefined();
    expect(actor.effects.size).toBe(1);
    // A plain click still asks, and the prompt says how to skip it.
    hud.click(condition.id);
    await toggleOn(new StandInActor("bryn", defaultActorSource()), condition.id);
    expect(state.dialogs).toHaveLength(1);
    expect(String(state.dialogs[0]!.content)).toContain("Shift-click a condition");
  });

  it("[SYS-EFFECTS] no prompt for a toggle that did not come from this user's HUD click, nor for core's defeated", async () => {
    const actor = new StandInActor("bryn", defaultActorSource());
    await toggleOn(actor, condition.id); // a macro or the sheet: no HUD click
    const hud = tokenHudStandIn(actor.uuid, [condition.id, "dead"]);
    hooks.callAll("renderTokenHUD", hud.app, hud.html);
    hud.click(condition.id);
    await toggleOn(actor, condition.id, "someoneElse"); // another user's client made it
    hud.click("dead");
    await toggleOn(actor, "dead");
    expect(state.dialogs).toEqual([]);
  });

  it("[SYS-EFFECTS] the pure rules of the prompt: which toggles ask, and what an answer may hold", () => {
    const facts = { conditionIds: [condition.id], defeatedId: "dead", hasSystemData: false };
    expect(asksStatusDuration([condition.id], facts)).toBe(true);
    expect(asksStatusDuration(["dead"], facts)).toBe(false);
    expect(asksStatusDuration(["elsewhere"], facts)).toBe(false);
    expect(asksStatusDuration([condition.id], { ...facts, hasSystemData: true })).toBe(false);
    expect(statusDurationFromForm({ duration: "sustain", creator: "ayla" }, ["ayla"])).toEqual({
      duration: "sustain",
      save: "normal",
      sourceCombatantId: "ayla",
      sustain: "minor",
    });
    expect(() => statusDurationFromForm({ duration: "instant" }, [])).toThrow(EngineError);
    expect(() => statusDurationFromForm({ duration: "saveEnds", creator: "nobody" }, [])).toThrow(EngineError);
  });
  it("[FF-DURATION] [SYS-EFFECTS] the HUD prompt offers each next-turn duration in a creator kind and an affected-creature kind; the 'its' answer times the condition by the bearer's turn", async () => {
    for (const id of ["13th-age", "ffd20", "hundred-dungeons", "wounds-d20"]) {
      const values = statusDurationContext({
        conditionLabel: "Dazed",
        names: {},
        currentCombatantId: null,
        format: (k) => k,
        ruleset: getRuleset(id),
      }).durations.map((d) => d.value);
      for (const [mine, its] of [
        ["startOfNextTurn", "startOfItsNextTurn"],
        ["endOfNextTurn", "endOfItsNextTurn"],
      ] as const) {
        if (!values.includes(mine)) continue;
        // The affected creature's kind follows the creator's, as on the effect form.
        expect(values.indexOf(its), `${id} ${its}`).toBe(values.indexOf(mine) + 1);
      }
      expect(
        values.some((v) => v.endsWith("ItsNextTurn")),
        id,
      ).toBe(true);
    }
    const actor = new StandInActor("bryn", defaultActorSource());
    const hud = tokenHudStandIn(actor.uuid, [condition.id]);
    hooks.callAll("renderTokenHUD", hud.app, hud.html);
    hud.click(condition.id);
    state.dialogAnswer = { duration: "endOfItsNextTurn", save: "normal", creator: "" };
    const effect = await toggleOn(actor, condition.id);
    expect(state.dialogs).toHaveLength(1);
    expect(String(state.dialogs[0]!.content)).toContain('value="endOfItsNextTurn"');
    expect(systemData(effect)).toMatchObject({ duration: "endOfNextTurn", turnOf: "bearer" });
    // The creator's kind leaves whose turn unsaid, as effects stored before the choice existed.
    expect(statusDurationFromForm({ duration: "startOfNextTurn", creator: "" }, [])).not.toHaveProperty("turnOf");
    expect(statusDurationFromForm({ duration: "startOfItsNextTurn", creator: "" }, [])).toMatchObject({
      duration: "startOfNextTurn",
      turnOf: "bearer",
    });
    expect(() => statusDurationFromForm({ duration: "whenever" }, [])).toThrow(/duration/);
  });
});
