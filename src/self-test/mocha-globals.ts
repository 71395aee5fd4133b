/**
 * Remembers the globals Mocha's browser bundle overwrites when it loads (see ./mocha.ts, which
 * imports this module before the bundle so that this runs first).
 */
const NAMES = ["Mocha", "mocha"] as const;
const globals = globalThis as unknown as Record<string, unknown>;
const saved = NAMES.map((name) => ({ name, had: name in globals, value: globals[name] }));

/** Put the remembered globals back (removing the ones that were not there). */
export function restoreMochaGlobals(): void {
  for (const { name, had, value } of saved) {
    if (had) globals[name] = value;
    else delete globals[name];
  }
}
