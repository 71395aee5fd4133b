/**
 * The dead stay dead in every game, whatever the engine is handed next: more damage (ongoing and
 * nonlethal included), healing, temporary HP, a full heal-up or long rest, a death save with a
 * natural 20, a recovery. Each test builds its creature itself.
 */
import { describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource, RollRequest } from "../../src/engine/types.js";
import type { BuiltInRulesetId } from "../../src/engine/rulesets/ids.js";
import { damagePacket } from "../support/engine-fixtures.js";

/** Each game's rule for death, cited in the test names. */
const DEATH_RULE: Record<BuiltInRulesetId, string> = {
  "13th-age": "[13A-DEATH]",
  ffd20: "[FF-DEATH]",
  "hundred-dungeons": "[HD-DYING]",
  "wounds-d20": "[WD-DYING]",
};

function deadCharacter(): ActorSource {
  return defaultActorSource({
    kind: "character",
    hp: { value: -12, max: 20, temp: 0 },
    state: "dead",
    deathSaves: { successes: 1, failures: 3 },
    recoveries: { ...defaultActorSource().recoveries, value: 2, max: 8 },
  });
}

describe.each(Object.keys(DEATH_RULE) as BuiltInRulesetId[])("%s: the dead stay dead", (id) => {
  const cite = DEATH_RULE[id];

  it(`${cite} more damage (plain, ongoing, nonlethal, critical) leaves a dead creature dead and asks for no roll`, () => {
    const R = getRuleset(id);
    for (const over of [
      {},
      { ongoing: true, fromAttack: false },
      { nonlethal: true },
      { critical: true, natural: 20 },
    ]) {
      const r = R.applyDamage(deadCharacter(), damagePacket(6, over), {}, "A");
      expect(r.actor.state, JSON.stringify(over)).toBe("dead");
      expect(r.requests, JSON.stringify(over)).toEqual([]);
    }
  });

  it(`${cite} healing and temporary HP do nothing for the dead`, () => {
    const R = getRuleset(id);
    const dead = deadCharacter();
    const healed = R.applyHealing(dead, 30, "heal", {}, "A");
    expect(healed.actor.state).toBe("dead");
    expect(healed.actor.hp).toEqual(dead.hp);
    expect(R.applyHealing(dead, 5, "temp", {}, "A").actor.hp.temp).toBe(0);
  });

  it(`${cite} a full heal-up or long rest does not restore the dead`, () => {
    const R = getRuleset(id);
    const after = R.fullHealUp(deadCharacter());
    expect(after.state).toBe("dead");
    expect(after.hp.value).toBe(-12);
  });

  it(`${cite} no death save is offered to the dead, and one resolved anyway (a natural 20) changes nothing`, () => {
    const R = getRuleset(id);
    const dead = deadCharacter();
    expect(R.deathSaveRequest(dead, R.deriveActor(dead, {}), "A")).toBeNull();
    const dying = { ...deadCharacter(), state: "dying" as const, hp: { value: -2, max: 20, temp: 0 } };
    const req: RollRequest | null = R.deathSaveRequest(dying, R.deriveActor(dying, {}), "A");
    expect(req).not.toBeNull();
    const r = R.resolveRoll(dead, req!, { total: 30, natural: 20 }, {});
    expect(r.actor.state).toBe("dead");
    expect(r.actor.hp).toEqual(dead.hp);
    expect(r.requests).toEqual([]);
  });

  it(`${cite} a recovery cannot be started by the dead`, () => {
    const R = getRuleset(id);
    const r = R.startRecovery(deadCharacter(), false, {}, "A");
    expect(r.actor.state).toBe("dead");
    expect(r.requests).toEqual([]);
  });
});
