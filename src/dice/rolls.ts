/**
 * Our Roll subclasses: attack, damage and save rolls. They are plain Foundry rolls (Dice So Nice
 * animates them, chat rebuilds them by class name) that also know how to hand their dice to the
 * engine: the d20 faces of an attack, the faces of a damage roll in term order, a save's natural.
 * Registered in CONFIG.Dice.rolls by {@link registerRolls}, with the core Roll kept at index 0.
 */
import type { RollResult } from "../engine/types.js";

/** A die term as the engine reads it: faces and each result's value and whether it counts. */
interface DieLike {
  faces?: number | null | undefined;
  results: readonly { result: number; active?: boolean | undefined; discarded?: boolean | undefined }[];
}

/** Every d20 face a roll threw, kept and dropped, in order (mighty/weak rolls throw two). */
export function d20Faces(roll: Roll): number[] {
  const dice: readonly DieLike[] = roll.dice;
  const d20 = dice.find((d) => d.faces === 20);
  return d20 ? d20.results.map((r) => r.result) : [];
}

/** The kept natural d20 of a roll, or null when it has no d20. */
function keptD20(roll: Roll): number | null {
  const dice: readonly DieLike[] = roll.dice;
  const d20 = dice.find((d) => d.faces === 20);
  const kept = d20?.results.find((r) => r.active !== false && !r.discarded);
  return kept ? kept.result : null;
}

/** All dice faces of a roll in term order (as the engine reads a damage roll's faces). */
export function allFaces(roll: Roll): number[] {
  const dice: readonly DieLike[] = roll.dice;
  return dice.flatMap((d) => d.results.filter((r) => r.active !== false && !r.discarded).map((r) => r.result));
}

/** An attack roll: one d20 (two for mighty/weak) plus the base attack bonus. */
export class AttackRoll extends Roll {
  /** The d20 faces thrown (both, for mighty/weak). */
  get d20Faces(): number[] {
    return d20Faces(this);
  }
}

/** A damage roll made from an engine damage recipe. */
export class DamageRoll extends Roll {
  get faces(): number[] {
    return allFaces(this);
  }
}

/** A save, death save, rally or recovery roll requested by the rules. */
export class SaveRoll extends Roll {
  /** The roll as the engine's `resolveRoll` reads it. */
  toRollResult(): RollResult {
    return { total: this.total ?? 0, natural: keptD20(this) };
  }
}

/** Add our roll classes to CONFIG.Dice.rolls (init, every client); core Roll stays at index 0. */
export function registerRolls(): void {
  const rolls = CONFIG.Dice.rolls;
  for (const cls of [AttackRoll, DamageRoll, SaveRoll]) {
    if (!rolls.includes(cls)) rolls.push(cls);
  }
}
