/**
 * The dialogs that edit an effect (the effect form, the HUD's status duration prompt): render the
 * form, wait for the answer, and read it through the engine. A form the engine refuses is reported
 * with the field it names and changes nothing.
 */
import { EngineError } from "../engine/errors.js";
import type { Format } from "../engine/views/effects-context.js";

/** Localise a key, formatting it when data is given. */
export const format: Format = (key, data) =>
  data && Object.keys(data).length ? game.i18n.format(key, data as Record<string, string>) : game.i18n.localize(key);

/** Show `template` in a dialog and read the submitted form; null when cancelled or refused. */
export async function askEffectForm<T>(
  template: string,
  context: Parameters<typeof foundry.applications.handlebars.renderTemplate>[1],
  dialog: { title: string; submit: { label: string; icon: string } },
  read: (form: Record<string, unknown>) => T,
): Promise<T | null> {
  const content = await foundry.applications.handlebars.renderTemplate(template, context);
  let form: Record<string, unknown> | null | undefined;
  try {
    form = (await foundry.applications.api.DialogV2.input({
      window: { title: dialog.title },
      content,
      ok: dialog.submit,
      rejectClose: false,
    })) as Record<string, unknown> | null | undefined;
  } catch {
    return null;
  }
  if (!form) return null;
  try {
    return read(form);
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
    ui.notifications?.error(format("D20C.Effects.Form.Invalid", { message: `${err.field}: ${err.message}` }));
    return null;
  }
}
