/**
 * fast-check with a fixed seed. Every property test imports `fc` from here instead of "fast-check",
 * so a CI run draws the same cases every time and a failure reproduces locally. To explore other cases on purpose, run with
 * `FC_SEED=<integer> npx vitest run …`; a failure report prints the seed and path to replay it.
 * test/project/seeded-randomness.test.ts keeps test files from importing "fast-check" directly.
 */
import fc from "fast-check";

const fromEnv = Number.parseInt(process.env.FC_SEED ?? "", 10);
/** The seed every property in the suite runs with. */
export const FC_SEED: number = Number.isSafeInteger(fromEnv) ? fromEnv : 0x0d20c;

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: FC_SEED });

export default fc;
