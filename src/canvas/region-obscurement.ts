/**
 * [FF-CONCEAL] The GM marks a Region as lightly, heavily or totally obscured on its configuration
 * sheet: one select in the Region's identity tab, stored as the Region's system flag `obscured`
 * (the sheet's own form submits it with the rest), read by the attack's scene reading
 * (./obscurement.ts). Offered only in a game whose attacks take concealment.
 */
import { SYSTEM_ID } from "../constants.js";
import { activeRuleset } from "../active-ruleset.js";
import { OBSCUREMENTS } from "../engine/scene.js";
import { regionObscurement } from "./obscurement.js";

const TEMPLATE = `systems/${SYSTEM_ID}/templates/canvas/region-obscurement.hbs`;
/** The form field's name: the Region's update data path of the flag. */
const FIELD = `flags.${SYSTEM_ID}.obscured`;

/** The template context of the field for a Region's current flag. */
function obscurementFieldContext(region: { id?: string | null; flags?: Record<string, unknown> }) {
  const current = regionObscurement(region) ?? "";
  return {
    id: `d20c-obscured-${region.id ?? "new"}`,
    name: FIELD,
    choices: ["", ...OBSCUREMENTS].map((value) => ({
      value,
      label: `D20C.Scene.Obscurement.${value || "none"}`,
      selected: value === current,
    })),
  };
}

/** Add the field to a rendered Region configuration (once; only where the game reads concealment). */
async function onRenderRegionConfig(
  app: { document?: { id?: string | null; flags?: Record<string, unknown> } },
  element: HTMLElement,
): Promise<void> {
  if (!(activeRuleset().situational ?? []).includes("concealment") || !app.document) return;
  const tab = element.querySelector('.tab[data-tab="identity"]');
  if (!tab || tab.querySelector(`[name="${FIELD}"]`)) return;
  const html = await foundry.applications.handlebars.renderTemplate(TEMPLATE, obscurementFieldContext(app.document));
  tab.insertAdjacentHTML("beforeend", html);
}

/** Wire the field (call once in `init`). */
export function registerRegionObscurement(): void {
  void foundry.applications.handlebars.loadTemplates([TEMPLATE]);
  Hooks.on("renderRegionConfig", (app: unknown, element: HTMLElement) => {
    onRenderRegionConfig(app as { document?: { id?: string | null; flags?: Record<string, unknown> } }, element).catch(
      (err) => console.error(`${SYSTEM_ID} | region obscurement`, err),
    );
  });
}
