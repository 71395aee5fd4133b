/**
 * The Effects section's form as a user fills it in: the fields templates/sheets/effect-form.hbs
 * submits for an effect (flat keys, checkboxes as booleans, as FormDataExtended gives them), for a
 * test to queue as the dialog's answer (test/stand-ins/foundry-combat.ts `dialogForms`).
 */
import type { EffectSource } from "../../src/engine/types.js";

/** The submitted form of `effect`; its creator is picked by combatant id. */
export function effectFormFields(effect: Omit<EffectSource, "id">): Record<string, unknown> {
  const after = effect.aftereffect;
  return {
    name: effect.name,
    creator: effect.sourceCombatantId ?? "",
    duration: effect.duration,
    save: effect.save,
    saveBonus: effect.saveBonus,
    ...(effect.sustain ? { sustain: effect.sustain } : {}),
    ongoingAmount: effect.ongoing?.amount ?? 0,
    ongoingType: effect.ongoing?.type ?? "untyped",
    ...Object.fromEntries(effect.statuses.map((s) => [`status.${s}`, true])),
    ...(after
      ? {
          afterName: after.name,
          afterDuration: after.duration,
          afterSave: after.save,
          ...Object.fromEntries(after.statuses.map((s) => [`afterStatus.${s}`, true])),
        }
      : {}),
  };
}
