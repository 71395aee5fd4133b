/**
 * What a card button's press that failed tells the pressing user ([SYS-PERM]): the rules' refusal
 * (an EngineError, naming the field) or the error's words, as a notice — never only the console.
 * Presses the GM's client carries out for a player already answer with a report (socket.ts); this
 * is for what a client carries out itself.
 */
import { SYSTEM_ID } from "../constants.js";
import { EngineError } from "../engine/errors.js";

export function notifyPressError(err: unknown): void {
  console.error(`${SYSTEM_ID} | card button`, err);
  const text =
    err instanceof EngineError
      ? game.i18n.format("D20C.Chat.Error.Engine", { field: err.field, message: err.message })
      : game.i18n.format("D20C.Chat.Permission.Failed", { error: err instanceof Error ? err.message : String(err) });
  ui.notifications?.error(text);
}
