/**
 * The Effects section's `data-action` handlers, shared by the actor and item sheets: each finds the
 * effect the clicked row names and runs the control (src/workflows/effects.ts).
 */
import { EFFECT_ACTIONS, onEffectControl, type EffectAction, type EffectOwner } from "../../workflows/effects.js";

/** A sheet whose document holds effects. */
interface EffectSheet {
  document: unknown;
}

type Handler = (this: EffectSheet, event: PointerEvent, target: HTMLElement) => Promise<void>;

function handler(action: EffectAction): Handler {
  return async function (this: EffectSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const row = target.closest<HTMLElement>("[data-effect-id]");
    const effectId = row?.dataset.effectId ?? "";
    // A transferred effect's row names the item it lives on.
    const parentId = row?.closest<HTMLElement>("[data-effect-parent]")?.dataset.effectParent || null;
    await onEffectControl(this.document as EffectOwner, action, effectId, parentId);
  };
}

/** `actions` entries for every control of the section. */
export function effectActionHandlers(): Record<EffectAction, Handler> {
  return Object.fromEntries(EFFECT_ACTIONS.map((a) => [a, handler(a)])) as Record<EffectAction, Handler>;
}
