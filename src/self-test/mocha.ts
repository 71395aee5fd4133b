/**
 * Mocha's browser bundle, loaded without leaving its globals behind. The bundle is an ES module
 * whose only output is `globalThis.Mocha` / `globalThis.mocha`, which would replace the copy the
 * Quench module keeps there: ./mocha-globals.ts is evaluated first and remembers them, the class is
 * taken here, and the remembered globals are put back at once. The runner never uses the globals.
 */
import { restoreMochaGlobals } from "./mocha-globals.js";
import "mocha/mocha.js";
import type { MochaConstructor } from "mocha/mocha.js";

const loaded = (globalThis as { Mocha?: MochaConstructor }).Mocha;
restoreMochaGlobals();
if (!loaded) throw new Error("Mocha's browser bundle did not define Mocha");

/** Mocha's class (a fresh instance per self-test run). */
export const Mocha: MochaConstructor = loaded;
