/**
 * [SYS-HIDDEN] No floating HP numbers over tokens a user can't see: the REAL hooks of
 * src/workflows/scrolling-text.ts (registered as the system registers them) run with small
 * stand-ins for `Hooks` (on / call by name), `canvas` (ready, a recording
 * `interface.createScrollingText`) and `CONST.TEXT_ANCHOR_POINTS`, and an actor whose tokens are
 * visible, hidden from this client, or secret. Only the visible, non-secret token gets numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerScrollingText, showsNumbersOver } from "../../src/workflows/scrolling-text.js";

type Listener = (...args: unknown[]) => void;
const listeners = new Map<string, Listener[]>();
const drawn: { x: number; y: number; text: string }[] = [];
const g = globalThis as Record<string, unknown>;
const saved = new Map(["Hooks", "canvas", "CONST"].map((n) => [n, g[n]]));

beforeAll(() => {
  g.Hooks = {
    on: (name: string, fn: Listener) => void listeners.set(name, [...(listeners.get(name) ?? []), fn]),
  };
  g.canvas = {
    ready: true,
    interface: {
      createScrollingText: (at: { x: number; y: number }, text: string) => void drawn.push({ ...at, text }),
    },
  };
  g.CONST = { TEXT_ANCHOR_POINTS: { TOP: 2 } };
  registerScrollingText();
});
afterAll(() => {
  for (const [n, v] of saved) {
    if (v === undefined) delete g[n];
    else g[n] = v;
  }
});

const token = (x: number, visible: boolean, isSecret: boolean) => ({
  center: { x, y: 0 },
  visible,
  document: { isSecret },
});

/** An actor on three tokens: visible at x=1, hidden from this client at x=2, secret at x=3. */
function actor(hp: { value: number; temp: number }) {
  return {
    system: { hp },
    isCharacter: () => false,
    isNpc: () => true,
    getActiveTokens: () => [token(1, true, false), token(2, false, false), token(3, true, true)],
  };
}

function update(before: { value: number; temp: number }, after: { value: number; temp: number }): void {
  const options: Record<string, unknown> = {};
  for (const fn of listeners.get("preUpdateActor") ?? []) fn(actor(before), {}, options);
  for (const fn of listeners.get("updateActor") ?? []) fn(actor(after), {}, options);
}

describe("[SYS-HIDDEN] floating numbers only over tokens this client can see", () => {
  it("[SYS-HIDDEN] damage shows its number over the visible token only, never over a hidden or secret one", () => {
    drawn.length = 0;
    update({ value: 20, temp: 5 }, { value: 17, temp: 0 });
    expect(drawn.map((d) => d.x)).toEqual([1, 1]);
    expect(drawn.map((d) => d.text)).toEqual(["−5", "−3"]);
  });

  it("[SYS-HIDDEN] the decision: visible and not secret", () => {
    expect(showsNumbersOver({ visible: true, secret: false })).toBe(true);
    expect(showsNumbersOver({ visible: false, secret: false })).toBe(false);
    expect(showsNumbersOver({ visible: true, secret: true })).toBe(false);
  });
});
