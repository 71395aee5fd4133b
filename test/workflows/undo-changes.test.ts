/**
 * [SYS-PERM] Undo reverses what an application did and never erases later play: the change lists
 * of src/engine/changes.ts, driven through the real card decisions (src/engine/plans/apply.ts) of real rulesets.
 */
import { describe, expect, it } from "vitest";
import { diffActor, fingerprint, invertChanges, type ActorChange } from "../../src/engine/changes.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, EffectSource, RulesetId } from "../../src/engine/types.js";
import {
  applicationKey,
  standingRefusal,
  decideApplication,
  decideUndo,
  mayUseCard,
  undoneCreations,
} from "../../src/engine/plans/apply.js";
import type { AppliedRecord, ApplyMode, AttackCardData } from "../../src/engine/plans/card-data.js";
import fc from "../support/seeded-fc.js";
import { defaultOptions, npc, power, request, target } from "./attack-fixtures.js";
import { attackFromRecordedDice, recordedRoller } from "../support/recorded-dice.js";

/** One target's world: its source and effects, and every card that hit it. */
interface World {
  actor: ActorSource;
  effects: EffectSource[];
  cards: AttackCardData[];
}

function card(id: RulesetId, damage: string, natural: number, ongoing = 0): AttackCardData {
  const R = getRuleset(id);
  const p = power({ damage, ...(ongoing ? { ongoing: { amount: ongoing, type: "fire", save: "normal" } } : {}) });
  return attackFromRecordedDice(request(id, { power: p, targets: [target("ogre", npc(R, 10))] }), [[natural]], {
    "*": [],
  });
}

let nextId = 0;
/** Press a button on card `i` against the world's target, as the GM's client would. */
async function press(id: RulesetId, world: World, i: number, mode: ApplyMode = "full"): Promise<AppliedRecord> {
  const R = getRuleset(id);
  const c = world.cards[i] as AttackCardData;
  nextId++;
  const d = await decideApplication({
    ruleset: R,
    options: defaultOptions(R),
    card: c,
    cardId: `card${i}`,
    targetUuid: c.targets[0]!.uuid,
    mode,
    actor: world.actor,
    actorId: "ogre",
    userId: "gm",
    recordId: `rec${String(nextId).padStart(13, "0")}`,
    effectId: `eff${String(nextId).padStart(13, "0")}`,
    effects: world.effects,
    roll: recordedRoller([]),
  });
  world.actor = d.next;
  world.effects = [...world.effects.filter((e) => !d.effects.remove.includes(e.id)), ...d.effects.create];
  world.cards[i] = d.card;
  return d.record;
}

/** Undo a record on the world's target as it is now. */
function undo(world: World, record: AppliedRecord) {
  const i = world.cards.findIndex((c) => c.applied.some((r) => r.id === record.id));
  const all = world.cards.flatMap((c) => c.applied);
  const d = decideUndo(world.cards[i]!, record.id, world.actor, world.effects, undoneCreations(all));
  world.actor = d.restore;
  world.effects = [...world.effects.filter((e) => !d.effects.remove.includes(e.id)), ...d.effects.create];
  world.cards[i] = d.card;
  return d;
}

function healBy(world: World, amount: number): void {
  const R = getRuleset("13th-age");
  world.actor = R.applyHealing(world.actor, amount, "heal", defaultOptions(R), "ogre").actor;
}

describe("[SYS-PERM] undo reverses, it doesn't restore", () => {
  it("[SYS-PERM] hit A, hit B, undo A: only A is reversed (B's damage stays)", async () => {
    const world: World = {
      actor: npc(getRuleset("13th-age"), 10),
      effects: [],
      cards: [card("13th-age", "6", 15), card("13th-age", "4", 15)],
    };
    const a = await press("13th-age", world, 0);
    const b = await press("13th-age", world, 1);
    expect(world.actor.hp.value).toBe(30 - a.hpLost - b.hpLost);
    undo(world, a);
    expect(world.actor.hp.value).toBe(30 - b.hpLost);
    expect(b.hpLost).toBe(4);
  });

  it("[SYS-PERM] undo after a heal and a new condition keeps both (held to maximum HP)", async () => {
    const world: World = { actor: npc(getRuleset("13th-age"), 10), effects: [], cards: [card("13th-age", "10", 15)] };
    const a = await press("13th-age", world, 0);
    healBy(world, 3);
    world.actor = { ...world.actor, conditions: [...world.actor.conditions, "dazed"] };
    const d = undo(world, a);
    // 30 − 10 + 3 + 10 would be 33 of 30: undo gives back only up to the maximum.
    expect(world.actor.hp.value).toBe(30);
    expect(d.shortfalls).toEqual([{ field: "hp", restored: 7, wanted: 10 }]);
    expect(world.actor.conditions).toContain("dazed");
    expect(d.changedSince).toBe(true);
  });

  it("[SYS-PERM] undo A then undo B returns to the start, and so does B then A", async () => {
    for (const order of [
      [0, 1],
      [1, 0],
    ]) {
      const start = npc(getRuleset("13th-age"), 10, { hp: { value: 20, max: 30, temp: 5 } });
      const world: World = {
        actor: start,
        effects: [],
        cards: [card("13th-age", "7", 15, 3), card("13th-age", "9", 15)],
      };
      const records = [await press("13th-age", world, 0), await press("13th-age", world, 1)];
      expect(world.effects).toHaveLength(1);
      for (const i of order) undo(world, records[i]!);
      expect(world.actor).toEqual(start);
      expect(world.effects).toEqual([]);
    }
  });

  it("[SYS-PERM] a field the application set is put back only while it still holds what the application left", () => {
    const before = npc(getRuleset("13th-age"), 10);
    const after = { ...before, state: "dead" as const, hp: { ...before.hp, value: 0 } };
    const changes = diffActor(before, after);
    expect(changes).toEqual([
      { kind: "add", path: "hp.value", delta: -30 },
      { kind: "set", path: "state", before: before.state, after: "dead" },
    ]);
    // Left alone: someone else changed the state since; the HP still come back.
    const later = { ...after, state: "unconscious" as const };
    const plan = invertChanges(changes, later, []);
    expect(plan.next.state).toBe("unconscious");
    expect(plan.next.hp.value).toBe(30);
    expect(plan.conflicts).toEqual([{ path: "state", expected: "dead", found: "unconscious" }]);
    // Untouched since: exact.
    expect(invertChanges(changes, after, []).next).toEqual(before);
  });

  it("[SYS-PERM] an effect the application replaced is not brought back once its own creator was undone", () => {
    const eff = (id: string, amount: number): EffectSource => ({
      id,
      name: `fire ${amount}`,
      sourceCombatantId: null,
      duration: "saveEnds",
      save: "normal",
      saveBonus: 0,
      sustain: null,
      sustainedRound: null,
      ongoing: { amount, type: "fire" },
      aftereffect: null,
      armed: false,
      statuses: [],
    });
    const a = eff("aaaaaaaaaaaaaaaa", 3);
    const b = eff("bbbbbbbbbbbbbbbb", 10);
    const replaced: ActorChange[] = [
      { kind: "effectRemoved", effect: a },
      { kind: "effectAdded", effect: b },
    ];
    const actor = npc(getRuleset("ffd20"), 10);
    expect(invertChanges(replaced, actor, [b]).effects).toEqual({ remove: [b.id], create: [a], update: [] });
    expect(invertChanges(replaced, actor, [b], new Set([a.id])).effects).toEqual({
      remove: [b.id],
      create: [],
      update: [],
    });
    // An updated effect gets back only the fields that still hold the update.
    const armed = { ...a, armed: true, saveBonus: 2 };
    const later = { ...armed, saveBonus: 4 };
    const plan = invertChanges([{ kind: "effectUpdated", before: a, after: armed }], actor, [later]);
    expect(plan.effects.update).toEqual([{ ...a, saveBonus: 4 }]);
    expect(plan.conflicts).toEqual([{ path: `effect:${a.id}.saveBonus`, expected: 2, found: 4 }]);
  });

  it("[SYS-PERM] an application's identity is (card, target, outcome, mode) and it is in effect until undone", async () => {
    const world: World = { actor: npc(getRuleset("13th-age"), 10), effects: [], cards: [card("13th-age", "5", 15)] };
    const a = await press("13th-age", world, 0);
    const t = world.cards[0]!.targets[0]!;
    expect(a.key).toBe(applicationKey("card0", t, "full"));
    expect(applicationKey("card0", t, "half")).not.toBe(a.key);
    expect(standingRefusal(world.cards[0]!.applied, a.key, t.uuid)).toMatchObject({ message: "already" });
    // [SYS-TARGETS] another button on the same target is refused while this one stands.
    const half = applicationKey("card0", t, "half");
    expect(standingRefusal(world.cards[0]!.applied, half, t.uuid)).toMatchObject({ message: "other" });
    expect(standingRefusal(world.cards[0]!.applied, half, "Scene.s1.Token.other")).toBeNull();
    undo(world, a);
    expect(standingRefusal(world.cards[0]!.applied, a.key, t.uuid)).toBeNull();
    expect(standingRefusal(world.cards[0]!.applied, half, t.uuid)).toBeNull();
    expect(fingerprint(world.actor)).toBe(fingerprint(structuredClone(world.actor)));
  });

  it("[SYS-PERM] a GM, the card's author or an owner of the target may use a card; nobody else", () => {
    expect(mayUseCard({ isGM: true, isAuthor: false, ownsTarget: false })).toBe(true);
    expect(mayUseCard({ isGM: false, isAuthor: true, ownsTarget: false })).toBe(true);
    expect(mayUseCard({ isGM: false, isAuthor: false, ownsTarget: true })).toBe(true);
    expect(mayUseCard({ isGM: false, isAuthor: false, ownsTarget: false })).toBe(false);
  });
});

describe("[SYS-PERM] property: any sequence of applications and undos", () => {
  const games: RulesetId[] = ["13th-age", "ffd20", "hundred-dungeons", "wounds-d20"];
  const modes: ApplyMode[] = ["full", "half", "double", "heal", "temp"];
  it("[SYS-PERM] undoing all returns HP, temp HP and effects to the start; undoing some leaves the others' HP changes (while no bound holds an undo; HP never above maximum nor temporary HP below 0)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...games),
        fc.array(
          fc.record({
            dmg: fc.integer({ min: 0, max: 12 }),
            nat: fc.integer({ min: 2, max: 19 }),
            ongoing: fc.constantFrom(0, 0, 3, 6),
            mode: fc.constantFrom(...modes),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.integer({ min: 25, max: 60 }),
        async (id, presses, picks, hp) => {
          const R = getRuleset(id);
          const start = npc(R, 10, { hp: { value: hp, max: 60, temp: 4 } });
          const world: World = {
            actor: start,
            effects: [],
            cards: presses.map((p) => card(id, String(p.dmg), p.nat, p.ongoing)),
          };
          const records: AppliedRecord[] = [];
          const hpDelta = new Map<string, { value: number; temp: number }>();
          for (let i = 0; i < presses.length; i++) {
            const before = world.actor.hp;
            const r = await press(id, world, i, presses[i]!.mode);
            records.push(r);
            hpDelta.set(r.id, { value: world.actor.hp.value - before.value, temp: world.actor.hp.temp - before.temp });
          }
          // Undo some, in the order the picks say; the others' HP changes stay exactly.
          const live = [...records];
          let held = false;
          const undoAndCheck = (r: AppliedRecord) => {
            held = undo(world, r).shortfalls.length > 0 || held;
            expect(world.actor.hp.value).toBeLessThanOrEqual(world.actor.hp.max);
            expect(world.actor.hp.temp).toBeGreaterThanOrEqual(0);
          };
          for (const p of picks.slice(0, Math.floor(picks.length / 2))) {
            if (!live.length) break;
            const [r] = live.splice(p % live.length, 1);
            undoAndCheck(r!);
          }
          const kept = live.map((r) => hpDelta.get(r.id)!);
          if (!held) {
            expect(world.actor.hp.value).toBe(start.hp.value + kept.reduce((s, d) => s + d.value, 0));
            expect(world.actor.hp.temp).toBe(start.hp.temp + kept.reduce((s, d) => s + d.temp, 0));
          }
          // Then undo the rest in any order: back to the start unless a bound held an undo.
          for (const p of picks.slice(Math.floor(picks.length / 2))) {
            if (!live.length) break;
            const [r] = live.splice(p % live.length, 1);
            undoAndCheck(r!);
          }
          for (const r of live) undoAndCheck(r);
          if (!held) expect(world.actor.hp).toEqual(start.hp);
          expect(world.effects).toEqual([]);
        },
      ),
      { numRuns: 120 },
    );
  });

  it("[SYS-PERM] undone newest first, every press comes back exactly (no bound ever holds) and the target is as it started", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...games),
        fc.array(
          fc.record({
            dmg: fc.integer({ min: 0, max: 3 }),
            nat: fc.integer({ min: 2, max: 19 }),
            mode: fc.constantFrom(...modes),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        // Never down to where the rules ask for rolls (death saves).
        fc.integer({ min: 40, max: 60 }),
        async (id, presses, hp) => {
          const R = getRuleset(id);
          const start = npc(R, 10, { hp: { value: hp, max: 60, temp: 4 } });
          const world: World = { actor: start, effects: [], cards: presses.map((p) => card(id, String(p.dmg), p.nat)) };
          const records: AppliedRecord[] = [];
          for (let i = 0; i < presses.length; i++) records.push(await press(id, world, i, presses[i]!.mode));
          for (const r of records.reverse()) expect(undo(world, r).shortfalls).toEqual([]);
          expect(world.actor.hp).toEqual(start.hp);
        },
      ),
      { numRuns: 60 },
    );
  });
});
