/**
 * The system Actor's read-only engine view (`D20Actor#engineView`, what an attack reads of its
 * targets) against its engine copy (`toEngineSource`), on the REAL `D20Actor` over the stand-in
 * Actor base (test/stand-ins/foundry-update.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import { installActorStandIn, type ActorDocumentStandIn } from "../stand-ins/foundry-update.js";
import type * as ActorNs from "../../src/documents/actor.js";

let uninstall: () => void;
let D20Actor: typeof ActorNs.D20Actor;

beforeAll(async () => {
  uninstall = installActorStandIn();
  ({ D20Actor } = (await import("../../src/documents/actor.js")) as typeof ActorNs);
});
afterAll(() => uninstall());

function goblin(): ActorNs.D20Actor & ActorDocumentStandIn {
  const system = { ...defaultActorSource({ conditions: ["weakened"], size: "" }) } as Record<string, unknown>;
  delete system.kind;
  const Ctor = D20Actor as unknown as new (
    type: "npc",
    system: Record<string, unknown>,
  ) => ActorNs.D20Actor & ActorDocumentStandIn;
  const actor = new Ctor("npc", system);
  actor.statuses.add("prone");
  return actor;
}

describe("the actor's engine view", () => {
  it("[SYS-DOCS] reads as the engine copy (statuses as conditions, a blank size from the token) without copying the data", () => {
    const actor = goblin();
    const view = actor.engineView();
    expect(view).toEqual(actor.toEngineSource());
    expect(view.conditions).toEqual(["weakened", "prone"]);
    expect(view.size).not.toBe("");
    // The prepared data's own objects, where the copy has its own; the stored data is untouched.
    const system = actor.system as unknown as { hp: object; defenses: object; conditions: string[]; size: string };
    expect(view.hp).toBe(system.hp);
    expect(view.defenses).toBe(system.defenses);
    expect(actor.toEngineSource().hp).not.toBe(system.hp);
    expect(system.conditions).toEqual(["weakened"]);
    expect(system.size).toBe("");
  });

  it("[SYS-RELEASE] gives what the data model's preparation derived, and nothing when that failed (the attack then derives and says why)", () => {
    const actor = goblin();
    const system = actor.system as unknown as Record<string, unknown>;
    expect(actor.preparedDerived()).toBeUndefined();
    const derived = { defenses: { ac: 14 } };
    Object.assign(system, { derived, deriveError: null });
    expect(actor.preparedDerived()).toBe(derived);
    system.deriveError = "abilities.str: not a number";
    expect(actor.preparedDerived()).toBeUndefined();
  });
});
