/**
 * A condition toggled on from the token HUD can be given a duration ([SYS-EFFECTS]): a small,
 * skippable prompt (closing it keeps the condition until removed; shift-clicking the condition
 * skips it altogether, issue 45) on the client that clicked.
 * Only toggles from the HUD's status palette ask; the system's own effects, sheet toggles and
 * macros never do. Whether to ask and what the answer means are decided in pure code
 * (src/engine/effects.ts, src/engine/views/effects-context.ts).
 */
import { askEffectForm, format } from "./effect-form.js";
import { activeRuleset } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import { coreEffectFields } from "../data/effect-core.js";
import { effectCreateData, effectSourceOf } from "../data/effects.js";
import { coreEffectEnv, hasSystemEffectData } from "./effect-env.js";
import { asksStatusDuration } from "../engine/effects.js";
import { activeEffectCoreChanges } from "../foundry-compat.js";
import { statusDurationContext, statusDurationFromForm } from "../engine/views/effects-context.js";

const STATUS_DURATION_TEMPLATE = `systems/${SYSTEM_ID}/templates/sheets/status-duration.hbs`;

/** How long after a HUD click its effect may still be created (the toggle is one round trip). */
const CLICK_WINDOW_MS = 5000;

/** The last status the user clicked in a token HUD's palette (this client only). */
let lastHudClick: { actorUuid: string; statusId: string; at: number; skip: boolean } | null = null;

/** Remember which status the user toggles from the HUD (its buttons carry `data-status-id`). */
function onRenderTokenHUD(app: unknown, html: HTMLElement): void {
  const actorUuid = (app as { actor?: { uuid?: string } | null }).actor?.uuid;
  if (!actorUuid) return;
  for (const el of html.querySelectorAll<HTMLElement>("[data-status-id]")) {
    el.addEventListener(
      "click",
      (event: { shiftKey?: boolean }) => {
        // Shift held: the condition goes on without the prompt (until removed).
        const skip = event.shiftKey === true;
        lastHudClick = { actorUuid, statusId: el.dataset.statusId ?? "", at: Date.now(), skip };
      },
      { capture: true },
    );
  }
}

/** Whether this new effect is the one the user just toggled on from the HUD without shift held. */
function fromHudClick(effect: ActiveEffect.Implementation): boolean {
  const click = lastHudClick;
  if (!click || Date.now() - click.at > CLICK_WINDOW_MS) return false;
  const actor = effect.parent as { uuid?: string } | null;
  if (actor?.uuid !== click.actorUuid || !effect.statuses.has(click.statusId)) return false;
  lastHudClick = null;
  return !click.skip;
}

/** Ask how long the condition lasts; null = skipped (closed), or a refused answer. */
async function askDuration(effect: ActiveEffect.Implementation): Promise<ActiveEffect.UpdateData | null> {
  const combat = game.combat;
  const names: Record<string, string> = {};
  for (const c of combat?.combatants.contents ?? []) if (c.id) names[c.id] = c.name ?? "";
  const context = statusDurationContext({
    conditionLabel: effect.name,
    names,
    currentCombatantId: combat?.combatant?.id ?? null,
    format,
    ruleset: activeRuleset(),
  });
  return askEffectForm(
    STATUS_DURATION_TEMPLATE,
    { ...context, skipHint: format("D20C.Calm.Hud.SkipHint") },
    {
      title: format("D20C.Effects.Prompt.Title", { condition: effect.name }),
      submit: { label: "D20C.Effects.Prompt.Apply", icon: "fa-solid fa-hourglass-half" },
    },
    (form) => {
      const chosen = statusDurationFromForm(form, Object.keys(names));
      const { id: _id, ...current } = effectSourceOf({ id: effect.id, name: effect.name, statuses: effect.statuses });
      const next = { ...current, ...chosen };
      return {
        flags: effectCreateData(next).flags,
        ...activeEffectCoreChanges(coreEffectFields(next, coreEffectEnv(), effect.img)),
      } as ActiveEffect.UpdateData;
    },
  );
}

/** A condition the user toggled on from the HUD: offer the prompt, write the answer. */
async function onCreateActiveEffect(effect: ActiveEffect.Implementation, userId: string): Promise<void> {
  if (userId !== game.user?.id || !fromHudClick(effect)) return;
  const asks = asksStatusDuration(effect.statuses, {
    conditionIds: (activeRuleset().conditions ?? []).map((c) => c.id),
    defeatedId: typeof CONFIG.specialStatusEffects.DEFEATED === "string" ? CONFIG.specialStatusEffects.DEFEATED : null,
    hasSystemData: hasSystemEffectData(effect.flags),
  });
  if (!asks) return;
  const update = await askDuration(effect);
  if (update && effect.parent?.effects.has(effect.id ?? "")) await effect.update(update);
}

/** Wire the prompt (call once in `init`). */
export function registerStatusDurationPrompt(): void {
  void foundry.applications.handlebars.loadTemplates([STATUS_DURATION_TEMPLATE]);
  Hooks.on("renderTokenHUD", (app: unknown, html: HTMLElement) => onRenderTokenHUD(app, html));
  Hooks.on("createActiveEffect", (effect: ActiveEffect.Implementation, _options: unknown, userId: string) => {
    onCreateActiveEffect(effect, userId).catch((err) => console.error(`${SYSTEM_ID} | condition duration`, err));
  });
}
