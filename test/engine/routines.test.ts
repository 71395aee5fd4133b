/**
 * [SYS-MONSTERS] Routines in the engine: what a routine rolls (each listed power its number of
 * times, by id or name), a routine naming an unknown power refused naming the field, and follow-ups
 * judged per target on the game's own attack results (recorded d20s decided by each game's attack
 * rule: [13A-ATK], [FF-ATK], [HD-ATK], [WD-ATK]).
 */
import { describe, expect, it } from "vitest";
import { decideAttack, planAttack } from "../../src/engine/plans/attack.js";
import { getRuleset } from "../../src/engine/registry.js";
import { EngineError } from "../../src/engine/errors.js";
import {
  routineFollowUps,
  routineSteps,
  type RoutinePower,
  type RoutineResult,
  type RoutineSpec,
} from "../../src/engine/routines.js";
import type { RulesetId } from "../../src/engine/types.js";
import { routineFrom } from "../../src/data/item-source.js";
import { itemSystemIssues } from "../../src/data/validation.js";
import { npc, power, request, target } from "../workflows/attack-fixtures.js";

const POWERS: RoutinePower[] = [
  { id: "multi", name: "Multiattack", isRoutine: true },
  { id: "bite1", name: "Bite", isRoutine: false },
  { id: "claw1", name: "Claw", isRoutine: false },
  { id: "tail1", name: "Tail Sweep", isRoutine: false },
];

const dragon: RoutineSpec = {
  attacks: [
    { power: "bite", count: 1 },
    { power: "claw1", count: 2 },
  ],
  followUps: [{ power: "Tail Sweep", when: "allHit", of: "Claw" }],
};

function refusal(fn: () => unknown): EngineError {
  try {
    fn();
  } catch (err) {
    if (err instanceof EngineError) return err;
    throw err;
  }
  throw new Error("not refused");
}

describe("[SYS-MONSTERS] what a routine rolls", () => {
  it("[SYS-MONSTERS] one bite and two claws: the bite once then the claw twice, by name (any case) or item id", () => {
    expect(routineSteps("multi", dragon, POWERS)).toEqual([
      { powerId: "bite1", name: "Bite", nth: 1 },
      { powerId: "claw1", name: "Claw", nth: 1 },
      { powerId: "claw1", name: "Claw", nth: 2 },
    ]);
  });

  it("[SYS-MONSTERS] an unknown power is refused naming the field; itself, another routine, a bad count or no row too", () => {
    const unknown = refusal(() =>
      routineSteps(
        "multi",
        {
          ...dragon,
          attacks: [
            { power: "Bite", count: 1 },
            { power: "Horn", count: 1 },
          ],
        },
        POWERS,
      ),
    );
    expect(unknown.field).toBe("system.routine.attacks.1.power");
    expect(unknown.message).toContain('"Horn"');
    expect(
      refusal(() => routineSteps("multi", { ...dragon, attacks: [{ power: "Multiattack", count: 1 }] }, POWERS)).field,
    ).toBe("system.routine.attacks.0.power");
    expect(
      refusal(() => routineSteps("multi", { ...dragon, attacks: [{ power: "Bite", count: 0 }] }, POWERS)).field,
    ).toBe("system.routine.attacks.0.count");
    expect(refusal(() => routineSteps("multi", { ...dragon, attacks: [] }, POWERS)).field).toBe(
      "system.routine.attacks",
    );
    const badFollow = { ...dragon, followUps: [{ power: "Bite", when: "hit" as const, of: "Wing" }] };
    expect(refusal(() => routineSteps("multi", badFollow, POWERS)).field).toBe("system.routine.followUps.0.of");
  });

  it("[SYS-MONSTERS] the data boundary refuses a count out of 1–10 naming the field; a routine of names passes", () => {
    const issues = itemSystemIssues(
      "power",
      { routine: { attacks: [{ power: "Claw", count: 11 }], followUps: [] } },
      [],
    );
    expect(issues.map((i) => i.field)).toEqual(["system.routine.attacks.0.count"]);
    expect(itemSystemIssues("power", { routine: dragon }, [])).toEqual([]);
    expect(itemSystemIssues("power", { routine: null }, [])).toEqual([]);
  });

  it("[SYS-MONSTERS] the stored routine reads as the engine's (missing count = 1, unknown when = hit); none = null", () => {
    expect(routineFrom({ routine: null })).toBeNull();
    expect(routineFrom({})).toBeNull();
    expect(
      routineFrom({ routine: { attacks: [{ power: "Claw" }], followUps: [{ power: "Bite", when: "sometimes" }] } }),
    ).toEqual({ attacks: [{ power: "Claw", count: 1 }], followUps: [{ power: "Bite", when: "hit", of: "" }] });
  });
});

const ATTACK_RULE: Record<RulesetId, string> = {
  "13th-age": "13A-ATK",
  ffd20: "FF-ATK",
  "hundred-dungeons": "HD-ATK",
  "wounds-d20": "WD-ATK",
};

describe("[SYS-MONSTERS] follow-ups judged per target on the game's attack results", () => {
  it.each((Object.keys(ATTACK_RULE) as RulesetId[]).map((id) => [ATTACK_RULE[id], id] as const))(
    "[SYS-MONSTERS] [%s] %s: both claws hit A → bite A; a claw missed B → tail sweep B",
    (_rule, id) => {
      const R = getRuleset(id);
      // Two claws against targets A and B: A is hit by both (natural 19, 18), B by one (natural 18, 2).
      const claw = (faces: number[][]) => {
        const req = request(id, {
          power: power({ damage: "1d6", attackBonus: 5 }),
          targets: [target("a", npc(R, 14), "A"), target("b", npc(R, 14), "B")],
        });
        return decideAttack(req, faces, planAttack(req)).targets.map((t, i) => ({
          uuid: req.targets[i]!.uuid,
          isHit: t.outcome.isHit,
        }));
      };
      const results: RoutineResult[] = [...claw([[19], [18]]), ...claw([[18], [2]])].map((t) => ({
        powerId: "claw1",
        targetId: t.uuid,
        isHit: t.isHit,
      }));
      expect(results.map((r) => r.isHit)).toEqual([true, true, true, false]);
      const spec: RoutineSpec = {
        attacks: [{ power: "Claw", count: 2 }],
        followUps: [
          { power: "Bite", when: "allHit", of: "Claw" },
          { power: "Tail Sweep", when: "miss", of: "" },
        ],
      };
      expect(routineFollowUps(spec, POWERS, results)).toEqual([
        { powerId: "bite1", name: "Bite", targetIds: ["Scene.s1.Token.a"] },
        { powerId: "tail1", name: "Tail Sweep", targetIds: ["Scene.s1.Token.b"] },
      ]);
      // "hit": any counted attack hit — both targets; a follow-up counting only the bite (never made) fires on none.
      expect(
        routineFollowUps({ ...spec, followUps: [{ power: "Bite", when: "hit", of: "" }] }, POWERS, results)[0]!
          .targetIds,
      ).toEqual(["Scene.s1.Token.a", "Scene.s1.Token.b"]);
      expect(
        routineFollowUps(
          { ...spec, followUps: [{ power: "Tail Sweep", when: "allHit", of: "Bite" }] },
          POWERS,
          results,
        ),
      ).toEqual([]);
    },
  );
});
