/**
 * Exhaustion edited from outside the dying cycle (a spell's effect, the sheet's pips) through the
 * REAL `D20Actor#update` path: the document's `_preUpdate` runs the ruleset's `actorChanges` on the
 * stand-in Actor base (test/stand-ins/foundry-actor.ts); the tracker's turn start reads the actor.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ActorSource } from "../../src/engine/types.js";
import { installActorStandIn, type ActorDocumentStandIn } from "../stand-ins/foundry-update.js";
import { installSheetStandIn } from "../stand-ins/foundry-sheet.js";
import { attackInput } from "../support/engine-fixtures.js";
import type * as ActorNs from "../../src/documents/actor.js";
import type * as ActionsNs from "../../src/workflows/actions.js";

let uninstallSheet: () => void;
let uninstallActor: () => void;
let D20Actor: typeof ActorNs.D20Actor;
let actions: typeof ActionsNs;

beforeAll(async () => {
  ({ uninstall: uninstallSheet } = installSheetStandIn("hundred-dungeons"));
  uninstallActor = installActorStandIn();
  ({ D20Actor } = (await import("../../src/documents/actor.js")) as typeof ActorNs);
  actions = await import("../../src/workflows/actions.js");
});
afterAll(() => {
  uninstallActor();
  uninstallSheet();
});

const hd = getRuleset("hundred-dungeons");

/** The tracker's turn start for `a`'s combatant; returns what it stored. */
async function turnStart(a: ActorNs.D20Actor): Promise<{ left: Record<string, number>; cap: number | null }> {
  const c = {
    id: "c-hero",
    actor: a,
    flags: {} as Record<string, unknown>,
    async update(data: { flags?: Record<string, unknown> }) {
      Object.assign(this.flags, data.flags ?? {});
    },
  };
  await actions.resetActionsAtTurnStart(c);
  return (c.flags["d20-combat"] as { actions: { left: Record<string, number>; cap: number | null } }).actions;
}

/** A real D20Actor over the stand-in base, stored data from the engine's defaults. */
function hero(
  exhaustion: number,
  conditions: string[] = [],
  size: ActorSource["size"] = "",
): ActorNs.D20Actor & ActorDocumentStandIn {
  const system = { ...defaultActorSource({ speed: 60, exhaustion, conditions, size }) } as Record<string, unknown>;
  delete system.kind;
  const Ctor = D20Actor as unknown as new (
    type: "character",
    system: Record<string, unknown>,
  ) => ActorNs.D20Actor & ActorDocumentStandIn;
  return new Ctor("character", system);
}

describe("Hundred Dungeons exhaustion from any source, through D20Actor#update", () => {
  it("[HD-COND] a spell's effect raising exhaustion 5 → 6 on a creature that is not dying kills it", async () => {
    const a = hero(5);
    expect(a.toEngineSource().state).toBe("active");
    await a.update({ system: { exhaustion: 6 } });
    const after = a.toEngineSource();
    expect(after.exhaustion).toBe(6);
    expect(after.state).toBe("dead");
  });

  it("[HD-COND] exhaustion 5 from a spell leaves the creature stunned: attacks against it mighty, no actions or reaction at its turn's start", async () => {
    const a = hero(2);
    await a.update({ system: { exhaustion: 5 } });
    const me = a.toEngineSource();
    expect(me.state).toBe("active");
    const { dice: _dice, ...input } = attackInput({
      dice: [10],
      attackBonus: 0,
      defense: { key: "def", value: 12 },
      target: { conditions: me.conditions, vulnerabilities: [], exhaustion: me.exhaustion },
    });
    expect(hd.attackMode(input)).toBe("mighty");
    // The tracker's turn start: the stunned creature's combatant gets no quick action, no reaction.
    const stored = await turnStart(a);
    expect(stored.cap).toBe(0);
    expect(stored.left).toMatchObject({ reaction: 0 });
  });
});

describe("Hundred Dungeons action economy while slowed, through the tracker's turn start", () => {
  it("[HD-TURN] [HD-REACT] a slowed creature's turn holds one action or one quick action and no reaction; unslowed, two quick and one reaction", async () => {
    const slowed = await turnStart(hero(0, ["slowed"]));
    expect(slowed.cap).toBe(1);
    expect(slowed.left).toMatchObject({ quick: 2, reaction: 0 });
    // Exhaustion 4 slows too (raised by an update, as a spell would).
    const tired = hero(3);
    await tired.update({ system: { exhaustion: 4 } });
    expect(await turnStart(tired)).toMatchObject({ cap: 1, left: { reaction: 0 } });
    expect(await turnStart(hero(0))).toMatchObject({ cap: null, left: { quick: 2, reaction: 1 } });
  });

  it("[HD-COND] [HD-REACT] exhaustion 1: the turn keeps its two quick actions, uncapped, but the tracker's turn start leaves it no reaction", async () => {
    expect(await turnStart(hero(1))).toMatchObject({ cap: null, left: { quick: 2, reaction: 0 } });
  });
});

describe("Hundred Dungeons size from the token", () => {
  it("[HD-COND] an actor with no size of its own takes its token's: 2 squares wide is Large, and a ranged attack against it prone is not weak; 1 square is Medium, and it is", () => {
    const rangedMode = (a: ActorNs.D20Actor) => {
      const me = a.toEngineSource();
      const { dice: _dice, ...input } = attackInput({
        dice: [10],
        range: "ranged",
        attackBonus: 0,
        defense: { key: "def", value: 12 },
        target: { conditions: me.conditions, vulnerabilities: [], exhaustion: me.exhaustion, size: me.size ?? "" },
      });
      return hd.attackMode(input);
    };
    const ogre = hero(0, ["prone"]);
    ogre.prototypeToken.width = 2;
    expect(ogre.toEngineSource().size).toBe("large");
    expect(rangedMode(ogre)).toBe("normal");
    const man = hero(0, ["prone"]);
    expect(man.toEngineSource().size).toBe("medium");
    expect(rangedMode(man)).toBe("weak");
    // A size of its own wins over the token's.
    const pony = hero(0, ["prone"], "small");
    pony.prototypeToken.width = 2;
    expect(pony.toEngineSource().size).toBe("small");
  });
});
