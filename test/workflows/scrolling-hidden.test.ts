/**
 * Floating HP numbers over tokens, through the REAL hooks of src/workflows/scrolling-text.ts
 * (registered as the system registers them) with small stand-ins for `Hooks` (on / call by name),
 * `canvas` (ready, a recording `interface.createScrollingText`) and `CONST.TEXT_ANCHOR_POINTS`:
 * which changes are shown and with what sign, and ([SYS-HIDDEN]) only over the tokens this client
 * can see — an actor's tokens are visible, hidden from this client, or secret.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { registerScrollingText } from "../../src/workflows/scrolling-text.js";

type Listener = (...args: unknown[]) => void;
type Hp = { value: number; temp: number };
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
beforeEach(() => {
  drawn.length = 0;
});

/** A token at x: whether this client sees it (`Token#visible`) and whether it is secret. */
type TokenAt = { x: number; visible: boolean; isSecret: boolean };

/** Visible at x=1, hidden from this client at x=2, secret at x=3. */
const THREE_TOKENS: TokenAt[] = [
  { x: 1, visible: true, isSecret: false },
  { x: 2, visible: false, isSecret: false },
  { x: 3, visible: true, isSecret: true },
];

function actor(hp: Hp, tokens: readonly TokenAt[]) {
  return {
    system: { hp },
    isCharacter: () => false,
    isNpc: () => true,
    getActiveTokens: () =>
      tokens.map((t) => ({ center: { x: t.x, y: 0 }, visible: t.visible, document: { isSecret: t.isSecret } })),
  };
}

/** One actor update as Foundry runs its hooks: preUpdateActor before, updateActor after. */
function update(before: Hp, after: Hp, tokens: readonly TokenAt[] = THREE_TOKENS): void {
  const options: Record<string, unknown> = {};
  for (const fn of listeners.get("preUpdateActor") ?? []) fn(actor(before, tokens), {}, options);
  for (const fn of listeners.get("updateActor") ?? []) fn(actor(after, tokens), {}, options);
}

/** The numbers drawn over the visible token, in order. */
const shown = () => drawn.filter((d) => d.x === 1).map((d) => d.text);

describe("scrolling HP numbers", () => {
  it("[SYS-PERM] old values an updating client forged in the update's options show nothing on this client", () => {
    for (const forged of [{ value: "20", temp: 0 }, { value: Number.NaN, temp: 0 }, { value: 20 }, "20", null]) {
      const options: Record<string, unknown> = { "d20-combatHp": forged };
      for (const fn of listeners.get("updateActor") ?? []) fn(actor({ value: 12, temp: 0 }, THREE_TOKENS), {}, options);
    }
    expect(drawn).toEqual([]);
  });

  it("damage that eats temporary HP first shows the temp loss, then the HP loss", () => {
    // 8 damage on 20 HP + 5 temp: the 5 temp go first, then 3 HP.
    update({ value: 20, temp: 5 }, { value: 17, temp: 0 });
    expect(shown()).toEqual(["−5", "−3"]);
  });

  it("healing shows a gain; temp HP granted shows on its own; no change shows nothing", () => {
    update({ value: 4, temp: 0 }, { value: 12, temp: 0 });
    expect(shown()).toEqual(["+8"]);
    drawn.length = 0;
    update({ value: 12, temp: 0 }, { value: 12, temp: 6 });
    expect(shown()).toEqual(["+6"]);
    drawn.length = 0;
    update({ value: 12, temp: 3 }, { value: 12, temp: 3 });
    expect(drawn).toEqual([]);
  });

  it("a drop below 0 (negative HP) is shown in full", () => {
    update({ value: 3, temp: 0 }, { value: -7, temp: 0 });
    expect(shown()).toEqual(["−10"]);
  });
});

describe("[SYS-HIDDEN] floating numbers only over tokens this client can see", () => {
  it("[SYS-HIDDEN] damage shows its number over the visible token only, never over a hidden or secret one", () => {
    update({ value: 20, temp: 5 }, { value: 17, temp: 0 });
    expect(drawn.map((d) => d.x)).toEqual([1, 1]);
    expect(drawn.map((d) => d.text)).toEqual(["−5", "−3"]);
  });

  it("[SYS-HIDDEN] the decision: visible and not secret", () => {
    const tokens: TokenAt[] = [
      { x: 1, visible: true, isSecret: false },
      { x: 2, visible: false, isSecret: false },
      { x: 3, visible: true, isSecret: true },
      { x: 4, visible: false, isSecret: true },
    ];
    update({ value: 10, temp: 0 }, { value: 6, temp: 0 }, tokens);
    expect(drawn).toEqual([{ x: 1, y: 0, text: "−4" }]);
  });
});
