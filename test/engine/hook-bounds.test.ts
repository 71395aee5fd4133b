/**
 * [SYS-HOOKS] The bounds of what a module's pre hook may change (src/engine/plans/hook-bounds.ts)
 * and the engine's own check of an application's amount, over plain data.
 */
import { describe, expect, it } from "vitest";
import {
  HOOK_LIMITS,
  deepFreeze,
  hookChangeText,
  readHookAnswer,
  validHookChanges,
} from "../../src/engine/plans/hook-bounds.js";
import { parseActionId } from "../../src/engine/views/action-list.js";

describe("[SYS-HOOKS] reading a pre hook's answer", () => {
  it("[SYS-HOOKS] false cancels; nothing, true or an object without the field changes nothing", () => {
    expect(readHookAnswer(false, "bonus", 0)).toEqual({ kind: "cancel" });
    for (const a of [undefined, null, true, { source: "X" }])
      expect(readHookAnswer(a, "bonus", 0)).toEqual({ kind: "none" });
  });

  it("[SYS-HOOKS] an attack's bonus moves by the answer, at most 10 either way; an amount is set from 0 to the most; a save's target moves at most 10 and stays at least 1", () => {
    expect(readHookAnswer({ bonus: 2, source: "Bless" }, "bonus", 3)).toEqual({
      kind: "change",
      value: 5,
      change: { field: "bonus", delta: 2, source: "Bless" },
    });
    expect(readHookAnswer({ bonus: 11, source: "X" }, "bonus", 0)).toEqual({ kind: "refused", reason: "bonus" });
    expect(readHookAnswer({ bonus: -10, source: "X" }, "bonus", 0).kind).toBe("change");
    expect(readHookAnswer({ amount: 0, source: "Ward" }, "amount", 7, 14)).toMatchObject({
      value: 0,
      change: { delta: -7 },
    });
    expect(readHookAnswer({ amount: 14, source: "X" }, "amount", 7, 14).kind).toBe("change");
    expect(readHookAnswer({ amount: 15, source: "X" }, "amount", 7, 14)).toEqual({ kind: "refused", reason: "amount" });
    expect(readHookAnswer({ target: 21, source: "X" }, "target", 11)).toMatchObject({ value: 21 });
    expect(readHookAnswer({ target: 22, source: "X" }, "target", 11).kind).toBe("refused");
    expect(readHookAnswer({ target: 0, source: "X" }, "target", 5).kind).toBe("refused");
  });

  it("[SYS-HOOKS] the bounds hold around the value before any listener: a second +6 after a first +6 is refused", () => {
    const same = (raw: string) => raw;
    expect(readHookAnswer({ bonus: 6, source: "A" }, "bonus", 0, 0, same, 0).kind).toBe("change");
    expect(readHookAnswer({ bonus: 6, source: "B" }, "bonus", 6, 6, same, 0)).toEqual({
      kind: "refused",
      reason: "bonus",
    });
    expect(readHookAnswer({ target: 20, source: "B" }, "target", 15, 15, same, 11).kind).toBe("change");
    expect(readHookAnswer({ target: 22, source: "B" }, "target", 15, 15, same, 11).kind).toBe("refused");
  });

  it("[SYS-HOOKS] a fraction, a string number or a nameless change is refused; an unchanged value is no change", () => {
    expect(readHookAnswer({ bonus: 1.5, source: "X" }, "bonus", 0)).toEqual({ kind: "refused", reason: "bonus" });
    expect(readHookAnswer({ bonus: "2", source: "X" }, "bonus", 0)).toEqual({ kind: "refused", reason: "bonus" });
    expect(readHookAnswer({ bonus: 2 }, "bonus", 0)).toEqual({ kind: "refused", reason: "source" });
    expect(readHookAnswer({ bonus: 2, source: "   " }, "bonus", 0)).toEqual({ kind: "refused", reason: "source" });
    expect(readHookAnswer([1], "bonus", 0)).toEqual({ kind: "refused", reason: "answer" });
    expect(readHookAnswer({ amount: 7, source: "X" }, "amount", 7, 14)).toEqual({ kind: "none" });
  });

  it("[SYS-HOOKS] the module's name is localised by the caller, put on one line and cut to its length", () => {
    expect(readHookAnswer({ bonus: 1, source: "MOD.Name" }, "bonus", 0, 0, () => "My Module")).toMatchObject({
      change: { source: "My Module" },
    });
    const named = (source: unknown) => readHookAnswer({ bonus: 1, source }, "bonus", 0);
    expect(named("a\nb\u0007c")).toMatchObject({ change: { source: "a b c" } });
    const long = named("x".repeat(200));
    expect(long.kind === "change" && long.change.source.length).toBe(HOOK_LIMITS.source);
    expect(named(3)).toEqual({ kind: "refused", reason: "source" });
  });

  it("[SYS-HOOKS] the card says each change with its sign and who made it", () => {
    const fmt = (k: string, d: Record<string, string | number>) => `${k}:${d.amount} ${d.source}`;
    expect(hookChangeText({ field: "bonus", delta: 2, source: "Bless" }, fmt)).toBe("D20C.Hooks.From:+2 Bless");
    expect(hookChangeText({ field: "amount", delta: -3, source: "Ward" }, fmt)).toBe("D20C.Hooks.From:−3 Ward");
  });
});

describe("[SYS-HOOKS] the GM's client re-validates the changes a card carries", () => {
  it("[SYS-HOOKS] valid changes pass; too many, an unknown field, a zero, an out-of-bounds delta or an unclean name is refused", () => {
    const ok = { field: "bonus", delta: 2, source: "Bless" };
    expect(validHookChanges(undefined)).toEqual([]);
    expect(validHookChanges([ok])).toEqual([ok]);
    expect(validHookChanges(Array.from({ length: HOOK_LIMITS.changes + 1 }, () => ok))).toBeNull();
    expect(validHookChanges([{ ...ok, field: "hp" }])).toBeNull();
    expect(validHookChanges([{ ...ok, delta: 0 }])).toBeNull();
    expect(validHookChanges([{ ...ok, delta: 11 }])).toBeNull();
    expect(validHookChanges([{ ...ok, source: "a\nb" }])).toBeNull();
    expect(validHookChanges("x")).toBeNull();
    // Together a field's changes stay within its bound.
    expect(
      validHookChanges([
        { ...ok, delta: 6 },
        { ...ok, delta: 6 },
      ]),
    ).toBeNull();
    expect(
      validHookChanges([
        { ...ok, delta: 6 },
        { ...ok, delta: -2 },
      ]),
    ).toHaveLength(2);
  });

  it("[SYS-HOOKS] a post hook's copy is frozen all the way down", () => {
    const v = deepFreeze({ a: { b: [1, { c: 2 }] } });
    expect(Object.isFrozen(v.a.b[1])).toBe(true);
  });
});

describe("[SYS-HOOKS] action ids", () => {
  it("[SYS-HOOKS] an action id names its kind and key; anything else is none", () => {
    expect(parseActionId("attack.abc")).toEqual({ kind: "attack", key: "abc" });
    expect(parseActionId("procedure.setBand")).toEqual({ kind: "procedure", key: "setBand" });
    expect(parseActionId("deathSave")).toEqual({ kind: "deathSave", key: "" });
    for (const bad of ["attack.", ".x", "fly.x", "save", ""]) expect(parseActionId(bad)).toBeNull();
  });
});
