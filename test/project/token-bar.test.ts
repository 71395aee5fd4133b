/**
 * The token bar Foundry draws by default must point at a real value/max pair of the actor data,
 * or every new token shows an empty bar.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";

describe("system.json primaryTokenAttribute", () => {
  it("[SYS-DOCS] names an HP value/max pair in the actor data", () => {
    const manifest = JSON.parse(readFileSync(new URL("../../system.json", import.meta.url), "utf8")) as {
      primaryTokenAttribute: string;
    };
    let node: unknown = defaultActorSource();
    for (const key of manifest.primaryTokenAttribute.split(".")) {
      node = (node as Record<string, unknown> | undefined)?.[key];
    }
    expect(node).toMatchObject({ value: expect.any(Number), max: expect.any(Number) });
  });

  it("[SYS-RELEASE] secondaryTokenAttribute names a value/max pair every game keeps (recoveries, surges, hit dice)", () => {
    const manifest = JSON.parse(readFileSync(new URL("../../system.json", import.meta.url), "utf8")) as {
      secondaryTokenAttribute: string;
    };
    let node: unknown = defaultActorSource();
    for (const key of manifest.secondaryTokenAttribute.split(".")) {
      node = (node as Record<string, unknown> | undefined)?.[key];
    }
    expect(node).toMatchObject({ value: expect.any(Number), max: expect.any(Number) });
  });
});
