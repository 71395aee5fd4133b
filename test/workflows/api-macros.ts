/**
 * Runs a macro of the compendium's `macros` pack the way Foundry runs a script macro: its command as
 * the body of an async function (here with no speaker, actor or event in scope).
 */
import { SYSTEM_ID } from "../../src/constants.js";
import { loadPacks } from "../packs/pack-sources.js";

/** The calls of `game.system.api` these tests make (docs/api.md), as a macro sees them. */
export interface ApiUnderTest {
  firstAttack(actor: unknown): { name: string } | null;
  attack(options?: { fastForward?: boolean }): Promise<unknown>;
  lastAttackCard(): unknown;
  applyLastCard(mode?: string): Promise<number>;
  advanceEscalation(delta?: number): Promise<number | null>;
}

/** Publish the API as `init` does (`registerApi`) on the installed `game`, and return `game.system.api`. */
export async function publishApi(): Promise<ApiUnderTest> {
  const g = globalThis as unknown as { game: { system?: { id: string; api?: unknown } } };
  g.game.system = { id: SYSTEM_ID };
  const { registerApi } = await import("../../src/api.js");
  registerApi();
  return g.game.system.api as ApiUnderTest;
}

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
