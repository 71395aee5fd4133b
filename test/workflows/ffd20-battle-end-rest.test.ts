/**
 * FFd20 rests and the battle's end ([FF-SUSTAIN], [FF-DURATION]), through the REAL D20Combat delete
 * path the tracker's End Combat takes (`_onDelete` on the active GM → combat-end phase → powers at
 * the battle's end) on the stand-ins of test/stand-ins/foundry-combat.ts: encounter powers and
 * second wind come back with a short rest, so by default (the text) deleting the Combat brings
 * neither back; the Open world option `battleEndRest` makes the end first end the battle's effects,
 * then count as each combatant's short rest.
 */
import { describe, expect, it, vi } from "vitest";
import { effectCreateData } from "../../src/data/effects.js";
import { defaultActorSource } from "../../src/engine/common.js";
import type { EffectSource } from "../../src/engine/types.js";
import { StandInActor, standInGlobals } from "../stand-ins/foundry-combat.js";
import { PowerItemStandIn, type PowerUsageSystemStandIn } from "../stand-ins/foundry-items.js";
import { useStandInCombat, type CombatUnderTest } from "../support/stand-in-combat.js";
import { effect } from "./combat-fixtures.js";
import { power } from "./attack-fixtures.js";

const { battle } = useStandInCombat({ systemEffects: true });

const spent = (usage: string): PowerUsageSystemStandIn => ({
  usage,
  recharge: 0,
  used: true,
  uses: { spent: 0, max: 1 },
});

/** The stand-in settings answer `battleEndRest` as the GM set it (unset = the default). */
function setBattleEndRest(value: boolean | null): void {
  const settings = standInGlobals.game.settings;
  const key = "d20-combat.ffd20.battleEndRest";
  if (value === null) settings.settings.delete(key);
  else settings.settings.set(key, {});
  const ruleset = (ns: string, k: string): unknown => (k === "ruleset" ? standInGlobals.rulesetId : undefined);
  settings.get =
    value === null
      ? ruleset
      : (ns: string, k: string): unknown => (k === "ffd20.battleEndRest" ? value : ruleset(ns, k));
}

/** A hero who used its second wind, an encounter and a daily power, blessed until the encounter's end. */
async function foughtBattle(): Promise<{
  hero: StandInActor;
  combat: CombatUnderTest & { delete(): Promise<unknown> };
}> {
  standInGlobals.rulesetId = "ffd20";
  const source = defaultActorSource({ kind: "character", hp: { value: 20, max: 30, temp: 0 } });
  source.recoveries.ralliesThisBattle = 1;
  const hero = new StandInActor("hero", source, true);
  hero.items.add(new PowerItemStandIn("enc", "Tide of Iron", spent("encounter"), power()));
  hero.items.add(new PowerItemStandIn("day", "Come and Get It", spent("daily"), power()));
  const { id: _id, ...blessing } = effect("bless", { name: "Blessing", duration: "endOfEncounter" });
  await hero.createEmbeddedDocuments("ActiveEffect", [effectCreateData(blessing as Omit<EffectSource, "id">)]);
  const orc = new StandInActor("orc", defaultActorSource({ kind: "npc" }), false);
  const combat = battle([
    { id: "c-hero", actor: hero, initiative: 20 },
    { id: "c-orc", actor: orc, initiative: 10 },
  ]) as CombatUnderTest & { delete(): Promise<unknown> };
  await combat.startCombat();
  await combat.settle();
  return { hero, combat };
}

/** End Combat, then let the end-of-battle work (effects, then powers) finish. */
async function endBattle(hero: StandInActor, combat: { delete(): Promise<unknown> }): Promise<void> {
  await combat.delete();
  await vi.waitFor(() => expect(hero.effects.size).toBe(0));
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}

describe("FFd20: what the battle's end brings back", () => {
  it("[FF-SUSTAIN] [FF-DURATION] by default (the text) the battle's end ends its effects but gives back no encounter power and no second wind", async () => {
    setBattleEndRest(null);
    const { hero, combat } = await foughtBattle();
    // A new battle gave nothing back either.
    expect(hero.source.recoveries.ralliesThisBattle).toBe(1);
    await endBattle(hero, combat);
    expect(hero.items.get("enc")!.system.used).toBe(true);
    expect(hero.items.get("day")!.system.used).toBe(true);
    expect(hero.source.recoveries.ralliesThisBattle).toBe(1);
  });

  it("[FF-SUSTAIN] [FF-DURATION] with the Open option on, the battle's end ends its effects, then counts as a short rest: encounter power and second wind back, the daily stays spent", async () => {
    setBattleEndRest(true);
    try {
      const { hero, combat } = await foughtBattle();
      await endBattle(hero, combat);
      await vi.waitFor(() => expect(hero.items.get("enc")!.system.used).toBe(false));
      expect(hero.items.get("day")!.system.used).toBe(true);
      expect(hero.source.recoveries.ralliesThisBattle).toBe(0);
    } finally {
      setBattleEndRest(null);
    }
  });
});
