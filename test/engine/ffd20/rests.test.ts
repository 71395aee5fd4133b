/**
 * FFd20 rests and effects, through the rest plan the sheet and the tracker call (`decideRest`):
 * either rest ends "until the end of the encounter" effects ([FF-DURATION]), and no one rests while
 * sustaining a power ([FF-SUSTAIN]); other games rest while sustaining.
 */
import { describe, expect, it } from "vitest";
import { decideRest, type PowerItemState } from "../../../src/engine/plans/power-usage.js";
import { NO_REST_EFFECTS, type RestEffects } from "../../../src/engine/powers.js";
import { getRuleset } from "../../../src/engine/registry.js";
import type { ActorSource, EffectSource } from "../../../src/engine/types.js";
import { effectSource } from "../../support/engine-fixtures.js";
import { pc } from "./fixtures.js";

const ff = getRuleset("ffd20");
const noRolls = () => Promise.reject(new Error("a rest of FFd20 rolls nothing"));

const encounterPower: PowerItemState = {
  id: "p1",
  name: "Tide of Iron",
  usage: { usage: "encounter", recharge: 0, used: true, uses: { spent: 0, max: 1 } },
};

function rest(which: string, effects: RestEffects, actor: ActorSource = pc({ hp: { value: 10, max: 30, temp: 0 } })) {
  return decideRest(ff, actor, "a1", which, [encounterPower], noRolls, {}, effects);
}

/** Effects borne by another creature of the combat (an ogre unless named). */
const on = (effects: EffectSource[], bearer = "ogre", name = "Ogre") => ({ bearer, name, effects });

const sustained = (over: Partial<EffectSource> = {}) =>
  effectSource({ id: "zone", name: "Stinking Cloud", duration: "sustain", sustain: "minor", ...over });

describe("FFd20 rests and effects", () => {
  for (const which of ["shortRest", "extendedRest"]) {
    it(`[FF-DURATION] a ${which} ends the effects on the creature that last until the end of the encounter, and only those`, async () => {
      const own = [
        effectSource({ id: "enc", name: "Divine Favor", duration: "endOfEncounter" }),
        effectSource({ id: "perm", name: "Blessing", duration: "permanent" }),
        effectSource({ id: "save", name: "Slowed", duration: "saveEnds", statuses: ["slowed"] }),
      ];
      const out = await rest(which, { ...NO_REST_EFFECTS, own });
      expect(out.refusal).toBeNull();
      expect(out.endedEffects).toEqual(["enc"]);
      expect(out.events).toContainEqual({
        key: "D20C.Power.Rest.EffectEnds",
        data: { effect: "Divine Favor" },
        actorId: "a1",
      });
      expect(out.powers.map((p) => p.id)).toEqual(["p1"]);
    });

    it(`[FF-SUSTAIN] no ${which} while sustaining a power on a foe: refused, nothing changes, nothing comes back`, async () => {
      const actor = pc({ hp: { value: 10, max: 30, temp: 0 } });
      const effects: RestEffects = {
        own: [effectSource({ id: "enc", duration: "endOfEncounter" })],
        others: [on([sustained({ sourceCombatantId: "c-me" })])],
        combatantId: "c-me",
      };
      const out = await rest(which, effects, actor);
      expect(out.refusal).toEqual({ key: "D20C.Power.Rest.Sustaining", data: { effects: "Stinking Cloud" } });
      expect(out.next).toEqual(actor);
      expect(out.powers).toEqual([]);
      expect(out.endedEffects).toEqual([]);
      expect(out.rolls).toEqual([]);
    });
  }

  it("[FF-DURATION] a rest also ends the until-the-end-of-the-encounter effects the creature made on others, and only those", async () => {
    const out = await rest("shortRest", {
      own: [effectSource({ id: "mine", name: "Divine Favor", duration: "endOfEncounter", sourceCombatantId: "c-me" })],
      others: [
        on([
          effectSource({ id: "curse", name: "Hunter's Quarry", duration: "endOfEncounter", sourceCombatantId: "c-me" }),
          effectSource({ id: "wiz", name: "Hex", duration: "endOfEncounter", sourceCombatantId: "c-wizard" }),
          effectSource({ id: "slow", name: "Slowed", duration: "saveEnds", sourceCombatantId: "c-me" }),
        ]),
        on(
          [effectSource({ id: "mark", name: "Mark", duration: "endOfEncounter", sourceCombatantId: "c-me" })],
          "gob",
          "Goblin",
        ),
        on(
          [effectSource({ id: "none", name: "Blessing", duration: "endOfEncounter", sourceCombatantId: null })],
          "ally",
          "Ally",
        ),
      ],
      combatantId: "c-me",
    });
    expect(out.refusal).toBeNull();
    expect(out.endedEffects).toEqual(["mine"]);
    expect(out.endedOnOthers).toEqual([
      { bearer: "ogre", effectIds: ["curse"] },
      { bearer: "gob", effectIds: ["mark"] },
    ]);
    expect(out.events).toContainEqual({
      key: "D20C.Power.Rest.EffectEndsOn",
      data: { effect: "Hunter's Quarry", name: "Ogre" },
      actorId: "a1",
    });
    // Outside a combat no effect on another names the creature: none ends there.
    const alone = await rest("shortRest", {
      ...NO_REST_EFFECTS,
      others: [on([effectSource({ duration: "endOfEncounter" })])],
    });
    expect(alone.endedOnOthers).toEqual([]);
  });

  it("[FF-SUSTAIN] a sustained effect the creature keeps on itself (it names no other creator) also forbids the rest", async () => {
    const mine = await rest("shortRest", { ...NO_REST_EFFECTS, own: [sustained({ sourceCombatantId: null })] });
    expect(mine.refusal?.key).toBe("D20C.Power.Rest.Sustaining");
    const inCombat = await rest("shortRest", {
      own: [sustained({ sourceCombatantId: "c-me" })],
      others: [],
      combatantId: "c-me",
    });
    expect(inCombat.refusal?.key).toBe("D20C.Power.Rest.Sustaining");
  });

  it("[FF-SUSTAIN] someone else's sustained effect does not stop the creature resting: only its creator sustains it", async () => {
    const out = await rest("extendedRest", {
      own: [sustained({ sourceCombatantId: "c-wizard" })],
      others: [on([sustained({ id: "other", sourceCombatantId: "c-wizard" })])],
      combatantId: "c-me",
    });
    expect(out.refusal).toBeNull();
    expect(out.next.hp.value).toBe(30);
    // A sustain effect is not an end-of-encounter one: the rest leaves it to its creator.
    expect(out.endedEffects).toEqual([]);
  });

  it("[FF-SUSTAIN] effects on others that name another combatant, or any effect when the creature has none, are not its own", async () => {
    const out = await rest("shortRest", {
      own: [],
      others: [on([sustained({ sourceCombatantId: "c-wizard" }), sustained({ id: "x", sourceCombatantId: null })])],
      combatantId: null,
    });
    expect(out.refusal).toBeNull();
  });

  it("[FF-SUSTAIN] other games rest while sustaining (the rule is FFd20's), but an encounter effect still ends", async () => {
    for (const id of ["13th-age", "hundred-dungeons", "wounds-d20"] as const) {
      const ruleset = getRuleset(id);
      const which = ruleset.rests?.[0]?.key ?? "fullHealUp";
      const own = [sustained({ sourceCombatantId: null }), effectSource({ id: "enc", duration: "endOfEncounter" })];
      const out = await decideRest(
        ruleset,
        pc(),
        "a1",
        which,
        [],
        () => Promise.resolve({ total: 1, natural: 1 }),
        {},
        {
          ...NO_REST_EFFECTS,
          own,
        },
      );
      expect(out.refusal, id).toBeNull();
      expect(out.endedEffects, id).toEqual(["enc"]);
    }
  });
});
