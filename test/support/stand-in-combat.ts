/**
 * The real D20Combat / D20Combatant on the v13 Combat stand-in (test/stand-ins/foundry-combat.ts),
 * for one test file: {@link useStandInCombat} installs the stand-in before the system's combat
 * modules load (their classes extend its bases) and uninstalls it after the file's tests.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import {
  StandInFoundryCombat,
  installFoundryCombatStandIn,
  standInEffectClass,
  standInGlobals,
  standInRollFaces,
  type StandInActor,
} from "../stand-ins/foundry-combat.js";
import type { StandInActiveEffect } from "../stand-ins/foundry-effects.js";

import type * as CombatModuleNs from "../../src/documents/combat.js";
import type * as CombatantModuleNs from "../../src/documents/combatant.js";
import type * as ActiveEffectNs from "../../src/documents/active-effect.js";

/** What the tests use of a D20Combat built on the stand-in base. */
export interface CombatUnderTest {
  round: number;
  combatant: { id: string } | null;
  turnEventErrors: unknown[];
  settle(): Promise<void>;
  startCombat(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
  nextRound(): Promise<unknown>;
}

/** One combatant of a stand-in combat. */
export interface CombatantSpec {
  id: string;
  actor: StandInActor;
  initiative: number;
  defeated?: boolean;
}

/**
 * Register the file's install / uninstall hooks and, before each test, a fresh chat log, no
 * recorded dice, an active GM, v13 and core's "skip defeated" off; `battle` builds a combat once
 * they ran. `systemEffects`: actors' effects are made through the system's ActiveEffect class.
 */
export function useStandInCombat(opts: { systemEffects?: boolean } = {}): {
  battle(specs: readonly CombatantSpec[]): CombatUnderTest;
} {
  let uninstall: () => void = () => undefined;
  let D20Combat: (typeof CombatModuleNs)["D20Combat"] | null = null;
  let D20Combatant: (typeof CombatantModuleNs)["D20Combatant"] | null = null;
  beforeAll(async () => {
    uninstall = installFoundryCombatStandIn();
    ({ D20Combat } = await import("../../src/documents/combat.js"));
    ({ D20Combatant } = await import("../../src/documents/combatant.js"));
    if (opts.systemEffects) {
      const ae: typeof ActiveEffectNs = await import("../../src/documents/active-effect.js");
      standInEffectClass.current = ae.D20ActiveEffect as unknown as typeof StandInActiveEffect;
    }
  });
  afterAll(() => uninstall());
  beforeEach(() => {
    standInRollFaces.length = 0;
    standInGlobals.messages.length = 0;
    standInGlobals.game.users.activeGM = { isSelf: true };
    standInGlobals.game.release.generation = 13;
    StandInFoundryCombat.skipDefeated = false;
  });
  return {
    battle(specs) {
      if (!D20Combat || !D20Combatant) throw new Error("the stand-in combat is not installed yet");
      const Combatant = D20Combatant;
      const combatants = specs.map(
        (s) =>
          new Combatant(
            { id: s.id, actor: s.actor, initiative: s.initiative, defeated: s.defeated ?? false } as never,
            {} as never,
          ),
      );
      return new D20Combat(combatants as never) as unknown as CombatUnderTest;
    },
  };
}

/**
 * Start the combat and run the second combatant's turn: its turn starts, then it ends with the
 * recorded d20 `face` (the save that turn's end asks for), each step settled.
 */
export async function secondTurnEndsWith(combat: CombatUnderTest, face: number): Promise<void> {
  await combat.startCombat();
  await combat.settle();
  await combat.nextTurn(); // the second combatant's turn starts
  await combat.settle();
  standInRollFaces.push(face);
  await combat.nextTurn();
  await combat.settle();
}
