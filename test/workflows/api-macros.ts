/**
 * Runs a macro of the compendium's `macros` pack the way Foundry runs a script macro: its command as
 * the body of an async function (here with no speaker, actor or event in scope).
 */
import { loadPacks } from "../packs/pack-sources.js";

type AsyncFn = (...args: unknown[]) => Promise<unknown>;
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => AsyncFn;

export async function runPackMacro(name: string): Promise<unknown> {
  const macro = loadPacks()
    .find((p) => p.entry.name === "macros")
    ?.docs.find((d) => d.doc.name === name)?.doc;
  if (!macro) throw new Error(`no macro "${name}" in the macros pack`);
  if (macro.type !== "script") throw new Error(`macro "${name}" is not a script macro`);
  return new AsyncFunction("speaker", "actor", "token", "character", "scope", String(macro.command))(
    null,
    null,
    null,
    null,
    {},
  );
}
