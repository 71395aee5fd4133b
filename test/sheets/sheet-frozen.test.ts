/**
 * The sheet reads its actor through views of the prepared and the stored data, not copies: its
 * context builder must never change what it is given. Every input here is frozen all the way down,
 * so any write into the actor's data or its items throws.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { heroContext, heroPrepared, nineteenItems, storedHero, wholeSheet } from "./sheet-fixtures.js";

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}

const hbs = createTemplateRenderer();

describe("the sheet only reads its actor", () => {
  for (const id of RULESET_IDS) {
    for (const kind of ["character", "npc"] as const) {
      it(`[SYS-RELEASE] ${id} ${kind}: the context and its HTML are built from frozen stored and prepared data, which stay as they were`, () => {
        const stored = storedHero(id);
        const prepared = heroPrepared(stored);
        const items = nineteenItems(getRuleset(id));
        const before = structuredClone({ stored, prepared, items });
        deepFreeze(stored);
        deepFreeze(prepared);
        deepFreeze(items);
        const context = heroContext(id, { kind, items, stored, prepared, escalation: 2 });
        const html = wholeSheet(hbs, context);
        expect(html).toContain(items[0]!.name);
        expect({ stored, prepared, items }).toEqual(before);
      });
    }
  }
});
