/**
 * [SYS-TARGETS] The Foundry-side attack orchestration, driven through the REAL `rollAttack`
 * (src/workflows/attack.ts) with the stand-ins of test/stand-ins/foundry-attack.ts and recorded
 * dice: the situational dialog opens as the settings say, shift-click turns that over and a macro's
 * fastForward skips it; ONE chat message holds
 * every roll of the attack; the target UUIDs and each target's outcome go into the message flags at
 * roll time; with no target the roll still posts with the no-target note.
 *
 * Every target gets its OWN attack roll (one d20 roll per target, in target order; one roll with no
 * target), then one damage roll per distinct outcome, shared by the targets with that outcome.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { AttackInput, AttackOutcome, PowerSource } from "../../src/engine/types.js";
import { plainSituation } from "../../src/engine/plans/attack.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import {
  ActorStandIn,
  ItemStandIn,
  installAttackStandIn,
  standInAttackFaces,
  tokenStandIn,
  type AttackStandInState,
  type StandInAttackRoll,
} from "../stand-ins/foundry-attack.js";
import { defaultOptions, npc, power } from "./attack-fixtures.js";
import { attackCardIn, drawnCardHtml } from "../support/card-messages.js";

type RollAttack = typeof RollAttackFn;

const R = getRuleset("13th-age");
const OPTS = defaultOptions(R);
const DEF = R.defenses[0]!.key;

let state: AttackStandInState;
let uninstall: () => void;
let rollAttack: RollAttack;

beforeAll(async () => {
  ({ state, uninstall } = installAttackStandIn(R.id));
  // Every number in the public message: the flags then carry the engine's whole outcome
  // (what the other visibility settings keep out of the message is test/workflows/card-secrets.test.ts).
  state.settings.register("d20-combat", "cardVisibility", { scope: "world", default: "everyone" });
  state.settings.register("d20-combat", "situationDialog", { scope: "world", default: "needed" });
  state.settings.register("d20-combat", "situationDialogUser", { scope: "client", default: "world" });
  // Imported after the stand-in is installed: the roll classes extend `Roll` when the module loads.
  ({ rollAttack } = await import("../../src/workflows/attack.js"));
});
afterAll(() => uninstall());
beforeEach(() => {
  state.targets.clear();
  state.messages.length = 0;
  state.dialogs.length = 0;
  state.errors.length = 0;
  state.dialogAnswer = {};
  standInAttackFaces.length = 0;
});

const attackerSource = npc(R, 10);
const attacker = new ActorStandIn("attacker", "Orc Berserker", attackerSource);
const strike: PowerSource = power({ attackBonus: 5, defense: DEF, damage: "1d8 + 4" });
const item = new ItemStandIn("power", "Cleaver", strike);
const lowGuard = new ActorStandIn("low", "Goblin", npc(R, 12));
const highGuard = new ActorStandIn("high", "Ogre", npc(R, 30));

/** The engine's own answer for a target on the given d20 faces (what the flags must agree with). */
function engineOutcome(target: ActorStandIn, dice: number[]): AttackOutcome {
  const derived = R.deriveActor(attackerSource, OPTS);
  const bonusParts = R.attackBonus(attackerSource, derived, strike, null);
  const t = target.toEngineSource();
  const input: AttackInput = {
    dice,
    attackBonus: bonusParts.reduce((s, m) => s + m.value, 0),
    bonusParts,
    defense: { key: DEF, value: R.deriveActor(t, OPTS).defenses[DEF]! },
    range: strike.range,
    situation: plainSituation(),
    escalation: 0,
    attacker: {
      kind: attackerSource.kind,
      usesEscalation: attackerSource.usesEscalation,
      penalties: derived.attackPenalties,
      conditions: attackerSource.conditions,
      exhaustion: attackerSource.exhaustion,
    },
    target: { conditions: t.conditions, vulnerabilities: t.vulnerabilities, exhaustion: t.exhaustion },
    damageTypes: strike.damageTypes,
    critRange: 0,
    hasMissEffect: false,
    options: OPTS,
  };
  return R.resolveAttack(input);
}

function onlyMessage() {
  expect(state.messages).toHaveLength(1);
  const { data, options } = state.messages[0]!;
  const rolls = data.rolls as StandInAttackRoll[];
  const card = attackCardIn(data)!;
  return { data, options, rolls, card };
}

describe("[SYS-TARGETS] rollAttack in Foundry: dialog, one message, flags", () => {
  it("[SYS-TARGETS] fastForward (a macro) skips the situational dialog; a click opens it as the settings say and shift-click (invert) turns that over", async () => {
    state.targets.add(tokenStandIn("low", lowGuard));
    standInAttackFaces.push(11, 5);
    await rollAttack(attacker as never, item as never, { fastForward: true });
    expect(state.dialogs).toHaveLength(0);
    expect(state.messages).toHaveLength(1);

    // "When needed" (the default): 13th Age's dialog has nothing the scene leaves open.
    standInAttackFaces.push(11, 5);
    await rollAttack(attacker as never, item as never, {});
    expect(state.dialogs).toHaveLength(0);
    standInAttackFaces.push(11, 5);
    await rollAttack(attacker as never, item as never, { invert: true });
    expect(state.dialogs).toHaveLength(1);
    expect(String(state.dialogs[0]!.content)).toContain("<");
    expect(state.messages).toHaveLength(3);

    // "Always" in the world: a click asks, shift-click does not; the user's "never" wins over it.
    await state.settings.set("d20-combat", "situationDialog", "always");
    try {
      standInAttackFaces.push(11, 5);
      await rollAttack(attacker as never, item as never, {});
      expect(state.dialogs).toHaveLength(2);
      standInAttackFaces.push(11, 5);
      await rollAttack(attacker as never, item as never, { invert: true });
      expect(state.dialogs).toHaveLength(2);
      await state.settings.set("d20-combat", "situationDialogUser", "never");
      standInAttackFaces.push(11, 5);
      await rollAttack(attacker as never, item as never, {});
      expect(state.dialogs).toHaveLength(2);
      expect(state.messages).toHaveLength(6);
    } finally {
      await state.settings.set("d20-combat", "situationDialog", "needed");
      await state.settings.set("d20-combat", "situationDialogUser", "world");
    }
  });

  it("[SYS-TARGETS] on Foundry v14 the card goes out in the user's message mode, and the in-character mode posts it public (API v14 CONFIG.ChatMessage.modes)", async () => {
    const release = (globalThis as unknown as { game: { release: { generation: number } } }).game.release;
    release.generation = 14;
    if (!state.settings.settings.has("core.messageMode"))
      state.settings.register("core", "messageMode", { scope: "client", default: "public" });
    try {
      for (const [mode, posted] of [
        ["ic", "public"],
        ["blind", "blind"],
        ["public", "public"],
      ] as const) {
        state.messages.length = 0;
        state.targets.clear();
        state.targets.add(tokenStandIn("low", lowGuard));
        await state.settings.set("core", "messageMode", mode);
        standInAttackFaces.push(11, 5);
        await rollAttack(attacker as never, item as never, { fastForward: true });
        expect(onlyMessage().options, mode).toEqual({ messageMode: posted });
      }
    } finally {
      release.generation = 13;
    }
  });

  it("[SYS-TARGETS] closing the dialog rolls nothing and posts nothing", async () => {
    state.targets.add(tokenStandIn("low", lowGuard));
    state.dialogAnswer = null;
    standInAttackFaces.push(11, 5);
    expect(await rollAttack(attacker as never, item as never, { invert: true })).toBeNull();
    expect(state.dialogs).toHaveLength(1);
    expect(state.messages).toHaveLength(0);
    expect(standInAttackFaces).toEqual([11, 5]);
  });

  it("[SYS-TARGETS] two targets: ONE message whose rolls hold one d20 roll per target and the damage roll; flags hold every target UUID with the engine's outcome on its own roll", async () => {
    const low = tokenStandIn("low", lowGuard);
    const high = tokenStandIn("high", highGuard);
    state.targets.add(low).add(high);
    // The low guard's roll is 14 → a hit; the high guard's own roll is 3 → a miss (reasoned below
    // from the engine itself); the hit rolls 1d8 + 4 once → face 6.
    standInAttackFaces.push(14, 3, 6);
    const msg = await rollAttack(attacker as never, item as never, { fastForward: true });
    expect(msg).not.toBeNull();
    expect(state.errors).toEqual([]);
    const { data, options, rolls, card } = onlyMessage();

    const expectedLow = engineOutcome(lowGuard, [14]);
    const expectedHigh = engineOutcome(highGuard, [3]);
    expect(expectedLow.result).toBe("hit");
    expect(expectedHigh.result).toBe("miss");

    // Every roll of the attack is in this one message: one d20 roll per target in target order,
    // then the hit's damage.
    expect(rolls).toHaveLength(3);
    expect(rolls[0]!.dice[0]!.faces).toBe(20);
    expect(rolls[0]!.dice[0]!.results.map((r) => r.result)).toEqual([14]);
    expect(rolls[0]!.total).toBe(expectedLow.total);
    expect(rolls[1]!.dice[0]!.faces).toBe(20);
    expect(rolls[1]!.dice[0]!.results.map((r) => r.result)).toEqual([3]);
    expect(rolls[1]!.total).toBe(expectedHigh.total);
    expect(rolls[2]!.formula.replace(/\s+/g, "")).toBe("1d8+4");
    expect(rolls[2]!.total).toBe(10);
    expect(standInAttackFaces).toEqual([]);

    // Flags: every target UUID stored at roll time, each with the engine's outcome on the same faces.
    expect(card.targets.map((t) => t.uuid)).toEqual([low.document.uuid, high.document.uuid]);
    expect(card.targets.map((t) => t.actorUuid)).toEqual([lowGuard.uuid, highGuard.uuid]);
    expect(card.targets[0]!.outcome).toEqual(expectedLow);
    expect(card.targets[1]!.outcome).toEqual(expectedHigh);
    expect(card.targets[0]!.damage).toBe(10);
    expect(card.targets[1]!.damage).toBe(0);
    expect(card.dice).toEqual([[14], [3]]);
    expect(card.targets.map((t) => t.outcome.natural)).toEqual([14, 3]);

    // Posted as the attacker with the user's roll mode; the content is a short line ([SYS-RELEASE]),
    // the card is drawn from the data.
    expect(data.speaker).toEqual({ alias: "Orc Berserker" });
    expect(options).toEqual({ rollMode: "publicroll" });
    expect(String(data.content)).toBe('<p class="d20c-card-line">Orc Berserker: Cleaver against Goblin, Ogre</p>');
    const drawn = await drawnCardHtml(data);
    expect(drawn).toContain("Cleaver");
    expect(drawn).toContain("Goblin");
    expect(drawn).toContain("Ogre");

    // Targets changing after the roll do not change what was stored.
    state.targets.clear();
    expect(card.targets).toHaveLength(2);
  });

  it("[SYS-TARGETS] a natural 20 crits against both targets and every distinct damage roll joins the same message", async () => {
    state.targets.add(tokenStandIn("low", lowGuard)).add(tokenStandIn("high", highGuard));
    standInAttackFaces.push(20, 20, ...Array(8).fill(3));
    await rollAttack(attacker as never, item as never, { fastForward: true });
    const { rolls, card } = onlyMessage();
    const expected = [engineOutcome(lowGuard, [20]), engineOutcome(highGuard, [20])];
    expect(card.targets.map((t) => t.outcome)).toEqual(expected);
    // Both targets share one outcome, so one damage roll; one d20 roll per target + one damage roll.
    const keys = new Set(card.targets.map((t) => t.damageKey));
    expect(keys.size).toBe(1);
    expect(rolls).toHaveLength(2 + [...keys].filter((k) => k !== null).length);
    expect(rolls.slice(0, 2).map((r) => r.dice[0]!.faces)).toEqual([20, 20]);
    expect(card.damageRolls.map((d) => d.formula)).toEqual(rolls.slice(2).map((r) => r.formula));
  });

  it("[SYS-TARGETS] no target: the roll still posts one message with the no-target note", async () => {
    standInAttackFaces.push(9, 4);
    const msg = await rollAttack(attacker as never, item as never, { fastForward: true });
    expect(msg).not.toBeNull();
    const { data, rolls, card } = onlyMessage();
    expect(card.targets).toEqual([]);
    expect(card.untargeted?.natural).toBe(9);
    expect(rolls).toHaveLength(2);
    expect(rolls[0]!.dice[0]!.results.map((r) => r.result)).toEqual([9]);
    expect(card.dice).toEqual([[9]]);
    const note = (globalThis as unknown as { game: { i18n: { localize(k: string): string } } }).game.i18n.localize(
      "D20C.Chat.NoTargets",
    );
    expect(note.length).toBeGreaterThan(0);
    expect(await drawnCardHtml(data)).toContain(note);
  });

  it("[SYS-TARGETS] the recorded dice running dry is reported, and no message is posted", async () => {
    state.targets.add(tokenStandIn("low", lowGuard));
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const msg = await rollAttack(attacker as never, item as never, { fastForward: true });
    quiet.mockRestore();
    expect(msg).toBeNull();
    expect(state.messages).toHaveLength(0);
    expect(state.errors).toHaveLength(1);
  });
});
