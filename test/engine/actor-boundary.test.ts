/**
 * The actor boundary check (`validateActorSource`) against every number its descriptions hold: each
 * number field of the core and every game's part, at the top, in a group, and in a list or record
 * element, spoiled on its own in an otherwise valid actor (NaN; below the minimum its description
 * checks), is refused naming exactly its path.
 */
import { describe, expect, it } from "vitest";
import { clonePlain, defaultActorSource, validateActorSource } from "../../src/engine/common.js";
import { EngineError } from "../../src/engine/errors.js";
import { defaultsOf, type FieldDesc, type FieldDescs } from "../../src/engine/fields.js";
import { worldActorFields } from "../../src/engine/registry.js";
import type { ActorSource } from "../../src/engine/types.js";

type Holder = Record<string, unknown>;

/** A valid value for a list or record element (a group's defaults, a number's floor, a known type). */
function elementValue(desc: FieldDesc): unknown {
  if (desc.kind === "schema" && desc.fields) {
    const v = defaultsOf(desc.fields) as Holder;
    if ("type" in v) v.type = "fire";
    return v;
  }
  if (desc.kind === "number") return Math.max(1, desc.min ?? 1);
  return "fire";
}

type NumberField = [path: string, desc: FieldDesc, set: (h: Holder, v: number) => void];

/** Every number field under `fields` of `holder`: its path, its description and how to set it in place. */
function numberFields(fields: FieldDescs, holder: Holder, path: string): NumberField[] {
  const out: NumberField[] = [];
  for (const [name, desc] of Object.entries(fields)) {
    const here = `${path}.${name}`;
    if (desc.kind === "number") out.push([here, desc, (h, v) => (h[name] = v)]);
    else if (desc.kind === "schema" && desc.fields) {
      holder[name] ??= defaultsOf(desc.fields);
      for (const [p, d, set] of numberFields(desc.fields, holder[name] as Holder, here))
        out.push([p, d, (h, v) => set(h[name] as Holder, v)]);
    } else if (desc.element && (desc.kind === "array" || desc.kind === "object")) {
      const element = desc.element;
      const at = desc.kind === "array" ? "[0]" : ".x";
      const key = desc.kind === "array" ? 0 : "x";
      const put = (h: Holder) => {
        h[name] = desc.kind === "array" ? [elementValue(element)] : { x: elementValue(element) };
        return h[name] as Holder;
      };
      if (element.kind === "number") out.push([`${here}${at}`, element, (h, v) => (put(h)[key] = v)]);
      else if (element.kind === "schema" && element.fields)
        for (const [p, d, set] of numberFields(element.fields, elementValue(element) as Holder, `${here}${at}`))
          out.push([p, d, (h, v) => set(put(h)[key] as Holder, v)]);
    }
  }
  return out;
}

describe("the actor boundary check", () => {
  it("[SYS-HIDDEN] refuses NaN, or a number below its minimum, in every number field of every game's description, naming its path", () => {
    const valid = defaultActorSource();
    expect(() => validateActorSource(valid, ["fire"])).not.toThrow();
    const fields = numberFields(worldActorFields(), clonePlain(valid) as unknown as Holder, "actor");
    expect(fields.length).toBeGreaterThan(30);
    const refusedAt = (set: NumberField[2], v: number): unknown => {
      const actor = clonePlain(valid) as unknown as Holder;
      set(actor, v);
      try {
        validateActorSource(actor as unknown as ActorSource, ["fire"]);
      } catch (err) {
        return err instanceof EngineError ? err.field : err;
      }
      return null;
    };
    let belowMinimum = 0;
    for (const [path, desc, set] of fields) {
      expect(refusedAt(set, Number.NaN), path).toBe(path);
      if (desc.min === undefined || desc.minStoredOnly) continue;
      belowMinimum++;
      expect(refusedAt(set, desc.integer ? desc.min - 1 : desc.min - 0.5), path).toBe(path);
      expect(refusedAt(set, desc.min), path).toBeNull();
    }
    expect(belowMinimum).toBeGreaterThan(10);
  });
});
