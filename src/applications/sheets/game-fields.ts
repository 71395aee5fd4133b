/**
 * The actor sheet's inputs for the active game's own fields that ask for one (`onSheet` in the
 * field description), as template data (pure; templates/actor/game-fields.hbs). Fields with a
 * bespoke place on the sheet do not ask; FFd20's insubstantial flag and a game registered later do.
 */
import type { FieldDesc } from "../../engine/fields.js";
import type { Ruleset } from "../../engine/ruleset.js";

export const GAME_FIELDS_TEMPLATE = "systems/d20-combat/templates/actor/game-fields.hbs";

/** One input of the block. */
export interface GameFieldInput {
  /** Form name (`system.<field>`). */
  name: string;
  /** i18n key of the label (the data model's field label). */
  label: string;
  type: "number" | "checkbox" | "text";
  /** The stored value as the input shows it ("" for a checkbox). */
  value: string | number;
  checked: boolean;
  /** Smallest value of a number input, or null. */
  min: number | null;
}

function inputOf(name: string, desc: FieldDesc, stored: unknown): GameFieldInput {
  const base = { name: `system.${name}`, label: `D20C.Actor.FIELDS.${name}.label`, checked: false, min: null };
  if (desc.kind === "boolean") return { ...base, type: "checkbox", value: "", checked: stored === true };
  if (desc.kind === "number") {
    return { ...base, type: "number", value: typeof stored === "number" ? stored : "", min: desc.min ?? null };
  }
  return { ...base, type: "text", value: typeof stored === "string" ? stored : "" };
}

/**
 * The inputs the active game's fields ask for, in their order, showing the stored values.
 */
export function gameFieldInputs(
  ruleset: Pick<Ruleset, "actorFields">,
  stored: Readonly<Record<string, unknown>>,
): GameFieldInput[] {
  return Object.entries(ruleset.actorFields ?? {})
    .filter(([, desc]) => desc.sheet === true)
    .map(([name, desc]) => inputOf(name, desc, stored[name]));
}
