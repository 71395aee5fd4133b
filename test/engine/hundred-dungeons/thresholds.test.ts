/**
 * Thresholds of the Hundred Dungeons module against the rules text: threshold cases and
 * readings the first round of tests did not pin down.
 */
import { describe, expect, it } from "vitest";
import { gainExhaustion } from "../../../src/engine/rulesets/hundred-dungeons/damage.js";
import { hundredDungeons as hd } from "../../../src/engine/rulesets/hundred-dungeons/index.js";
import { recipeInput } from "../../support/engine-fixtures.js";
import {
  attack,
  combatant,
  ctx,
  hdActor,
  packet,
  power,
  procedureInput,
  situation,
  turnOf,
  weapon,
} from "./fixtures.js";

const derived = (a = hdActor()) => hd.deriveActor(a, {});
const renownOf = (exhaustion: number): number | undefined => {
  const a = hdActor({ renown: 2, weaponSkills: ["martial"], exhaustion });
  return hd.attackBonus(a, derived(a), power(), weapon({ weaponClass: "martial" })).find((m) => m.key === "renown")
    ?.value;
};

describe("Hundred Dungeons thresholds: skills and exhaustion", () => {
  it("[HD-COND] [HD-ATK] exhaustion level 2 (no benefit from skills) drops the weapon skill's renown; level 1 keeps it", () => {
    expect(renownOf(0)).toBe(2);
    expect(renownOf(1)).toBe(2);
    expect(renownOf(2)).toBeUndefined();
    expect(renownOf(4)).toBeUndefined();
  });
});

describe("Hundred Dungeons thresholds: surprise, hiding, knock-outs", () => {
  it("[HD-SURPRISE] surprise takes reactions only in round 1, even if the condition is still listed later", () => {
    const a = hdActor({ conditions: ["surprised"] });
    const surprised = combatant("s", { actor: a });
    expect(turnOf(a, 1).canReact).toBe(false);
    expect(hd.actsThisRound(ctx([surprised], { round: 1 }), surprised)).toBe(false);
    expect(turnOf(a, 2).canReact).toBe(true);
    expect(hd.actsThisRound(ctx([surprised], { round: 2 }), surprised)).toBe(true);
  });

  it("[HD-HIDE] [HD-COND] taking the Hide action while already invisible gives a mighty Dexterity roll", () => {
    const hideMode = (conditions: string[]) => {
      const orc = combatant("orc", { side: "gm" });
      const plan = hd.planProcedure?.(
        "hide",
        procedureInput(hdActor({ conditions }), {
          targets: [{ id: orc.actorId, name: orc.name, actor: orc.actor, combatantId: orc.id, side: "gm" }],
          choice: "cover",
        }),
      );
      return plan?.requests[0]?.formula.split(" ")[0] ?? null;
    };
    expect(hideMode([])).toBe("1d20");
    expect(hideMode(["invisible"])).toBe("2d20kh");
    // Hidden from someone is invisible to it.
    expect(hideMode(["hidden"])).toBe("2d20kh");
    // A weak source (poisoned) cancels it.
    expect(hideMode(["invisible", "poisoned"])).toBe("1d20");
    // Restrained makes Dexterity weak on its own.
    expect(hideMode(["restrained"])).toBe("2d20kl");
  });

  it("[HD-ENEMYDEATH] [HD-DYING] a knocked-out PC stabbed into dying and then healed is up again, neither dying nor unconscious", () => {
    const down = hd.applyDamage(hdActor(), packet({ amount: 10, knockOut: true }), {}, "p").actor;
    expect(down.state).toBe("unconscious");
    expect(down.hp.value).toBe(0);
    const stabbed = hd.applyDamage(down, packet({ amount: 3, melee: true }), {}, "p").actor;
    expect(stabbed.state).toBe("dying");
    const healed = hd.applyHealing(stabbed, 4, "heal", {}, "p").actor;
    expect(healed.state).toBe("active");
    expect(healed.hp.value).toBe(4);
    expect(healed.conditions).not.toContain("dying");
    expect(healed.conditions).not.toContain("unconscious");
  });

  it("[HD-DYING] temporary HP soak first; the rest reaching exactly 0 starts dying, 1 short does not", () => {
    const a = hdActor({ hp: { value: 5, max: 10, temp: 3 } });
    const to0 = hd.applyDamage(a, packet({ amount: 8 }), {}, "p");
    expect(to0.absorbedByTemp).toBe(3);
    expect(to0.actor.hp).toEqual({ value: 0, max: 10, temp: 0 });
    expect(to0.actor.state).toBe("dying");
    const to1 = hd.applyDamage(a, packet({ amount: 7 }), {}, "p");
    expect(to1.actor.hp.value).toBe(1);
    expect(to1.actor.state).toBe("active");
  });
});

describe("Hundred Dungeons thresholds: the die, mighty and weak", () => {
  it("[HD-CRIT] [HD-MIGHTY] the kept die decides: mighty 1 and 20 crits; weak 20 and 1 is a critical miss", () => {
    const prone = { conditions: ["prone"], vulnerabilities: [], exhaustion: 0 };
    const mighty = hd.resolveAttack(attack({ dice: [1, 20], attackBonus: 0, target: prone }));
    expect(mighty.mode).toBe("mighty");
    expect(mighty.natural).toBe(20);
    expect(mighty.result).toBe("crit");
    const weak = hd.resolveAttack(attack({ dice: [20, 1], attackBonus: 30, situation: situation({ weak: 1 }) }));
    expect(weak.mode).toBe("weak");
    expect(weak.natural).toBe(1);
    expect(weak.result).toBe("autoMiss");
    const weak19 = hd.resolveAttack(attack({ dice: [20, 19], attackBonus: 0, situation: situation({ weak: 1 }) }));
    expect(weak19.natural).toBe(19);
    expect(weak19.isCrit).toBe(false);
  });

  it("[HD-COND] [HD-MIGHTY] prone: the prone creature's attacks are weak, melee against it mighty, ranged against it weak", () => {
    const proneTarget = { conditions: ["prone"], vulnerabilities: [], exhaustion: 0 };
    expect(hd.attackMode(attack({ range: "melee", target: proneTarget }))).toBe("mighty");
    expect(hd.attackMode(attack({ range: "ranged", target: proneTarget }))).toBe("weak");
    const proneAttacker = {
      kind: "character" as const,
      usesEscalation: false,
      penalties: [],
      conditions: ["prone"],
      exhaustion: 0,
    };
    expect(hd.attackMode(attack({ attacker: proneAttacker }))).toBe("weak");
  });

  it("[HD-COND] exhaustion 5 stuns: attacks against the creature are mighty; at 4 they are not", () => {
    const t = (exhaustion: number) => ({ conditions: [], vulnerabilities: [], exhaustion });
    expect(hd.attackMode(attack({ target: t(5) }))).toBe("mighty");
    expect(hd.attackMode(attack({ target: t(4) }))).toBe("normal");
  });

  it("[HD-COVER] partial cover: a total equal to defense + 5 hits, one less misses", () => {
    const cover = situation({ cover: "partial" });
    expect(
      hd.resolveAttack(attack({ dice: [10], attackBonus: 8, defense: { key: "def", value: 13 }, situation: cover }))
        .result,
    ).toBe("hit");
    expect(
      hd.resolveAttack(attack({ dice: [10], attackBonus: 7, defense: { key: "def", value: 13 }, situation: cover }))
        .result,
    ).toBe("miss");
  });
});

describe("Hundred Dungeons thresholds: damage numbers", () => {
  it("[HD-UNARMED] [HD-CRIT] a critical unarmed hit doubles the Strength damage (Strength 0 still deals 1, so 2)", () => {
    const strike = power({ damage: "", range: "melee", attackAbility: "str", damageTypes: ["bludgeoning"] });
    const dmg = (str: number) => {
      const a = hdActor({ abilities: { str, dex: 0, con: 0, int: 0, wis: 0, cha: 0 } });
      return hd.damageExpression(a, derived(a), strike, null);
    };
    const recipe = hd.damageRecipe(recipeInput("crit", dmg(3), { types: ["bludgeoning"] }));
    expect(recipe?.roll).toEqual({ dice: [], flat: 3 });
    expect(recipe?.multiplier).toBe(2);
    expect(dmg(0)?.flat).toBe(1);
    expect(dmg(-2)?.flat).toBe(1);
  });

  it("[HD-RESIST] odd damage against resistance rounds down by default (7 → 3)", () => {
    const a = hdActor({ resistances: [{ type: "fire", value: 0 }] });
    expect(hd.applyDamage(a, packet({ amount: 7, types: ["fire"] }), {}, "a").dealt).toBe(3);
  });
});

describe("Hundred Dungeons thresholds: whole hit points", () => {
  it("[HD-HP] fractional damage and healing are rounded down, so HP stay whole numbers", () => {
    const hit = hd.applyDamage(hdActor(), packet({ amount: 2.5 }), {}, "a");
    expect(hit.actor.hp.value).toBe(8);
    expect(hit.dealt).toBe(2);
    const healed = hd.applyHealing(hdActor({ hp: { value: 4, max: 10, temp: 0 } }), 2.9, "heal", {}, "a");
    expect(healed.actor.hp.value).toBe(6);
    expect(hd.applyHealing(hdActor(), 3.7, "temp", {}, "a").actor.hp.temp).toBe(3);
  });
});

describe("Hundred Dungeons thresholds: exhaustion from any source", () => {
  it("[HD-COND] levels add up; reaching level 6 is death even for a creature that is not dying; 5 is not", () => {
    const five = gainExhaustion(hdActor({ exhaustion: 3 }), 2, "a");
    expect(five.actor.exhaustion).toBe(5);
    expect(five.actor.state).toBe("active");
    const six = gainExhaustion(five.actor, 1, "a");
    expect(six.actor.exhaustion).toBe(6);
    expect(six.actor.state).toBe("dead");
    expect(gainExhaustion(hdActor({ exhaustion: 5 }), 3, "a").actor.exhaustion).toBe(6);
  });
});

describe("Hundred Dungeons thresholds: events", () => {
  it("[HD-HP] damage reports what was dealt, what temp HP soaked and what HP lost, like the other games", () => {
    const r = hd.applyDamage(hdActor({ hp: { value: 10, max: 10, temp: 2 } }), packet({ amount: 5 }), {}, "a");
    expect(r.events[0]).toEqual({
      key: "D20C.HD.Event.damaged",
      data: { dealt: 5, hpLost: 3, absorbed: 2 },
      actorId: "a",
    });
  });
});
