/**
 * [SYS-PERM] [HD-MOUNT] A player's own documents never steer another creature. A player may write
 * any effect on their own hero; one with the `mounted` status whose source names the GM's dragon
 * would make the dragon hold no turn of its own and cap its actions, bypassing the mount
 * procedure's checks. The active GM's client hears the write (the REAL `createActiveEffect` /
 * `updateActiveEffect` hooks the workflow registers, called with the writer's id as the server
 * names it) and takes the link off; a link to the player's own creature, or one the GM's client
 * made, stays. The GM's decision (whose turn the dragon acts on) is read from the effects after it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
import { plainEffectData } from "../../src/engine/effects.js";
import { effectSourceOf } from "../../src/data/effects.js";
import { combatantSource, turnContext } from "../support/engine-fixtures.js";
import { CombatStandIn } from "../stand-ins/foundry-sheet.js";
import {
  installRelayStandIn,
  RelayCombatantStandIn,
  type RelayActorStandIn,
  type RelayStandIn,
} from "../stand-ins/foundry-relay.js";
import { npc } from "./attack-fixtures.js";

const R = getRuleset("hundred-dungeons");
let w: RelayStandIn;

beforeAll(async () => {
  w = installRelayStandIn(R.id);
  const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
  registerAttackWorkflow();
});
afterAll(() => w.uninstall());

let hero: RelayActorStandIn;
let dragon: RelayActorStandIn;
let horse: RelayActorStandIn;
beforeEach(() => {
  w.actors.clear();
  w.tokens.clear();
  w.attack.warnings.length = 0;
  w.addUser("alice");
  hero = w.addActor("hero", "Hero", npc(R, 10, { kind: "character" }), ["alice"]);
  dragon = w.addActor("dragon", "Dragon", npc(R, 10));
  horse = w.addActor("horse", "Horse", npc(R, 10), ["alice"]);
  w.setCombat(
    new CombatStandIn(
      1,
      [
        new RelayCombatantStandIn("c-hero", hero),
        new RelayCombatantStandIn("c-dragon", dragon),
        new RelayCombatantStandIn("c-horse", horse),
      ],
      "c-hero",
    ),
  );
});

/** A user's client creates a `mounted` effect on the hero naming `source`; Foundry then calls every client's hooks with that user's id. */
async function mountedBy(userId: string, source: string) {
  const [effect] = await hero.createEmbeddedDocuments("ActiveEffect", [
    {
      name: "Mounted",
      statuses: ["mounted"],
      flags: { [SYSTEM_ID]: { effect: { ...plainEffectData(), duration: "permanent", sourceCombatantId: source } } },
    },
  ]);
  for (const fn of w.hooks.get("createActiveEffect") ?? []) await fn(effect, {}, userId);
  await new Promise((r) => setTimeout(r, 5));
  return effect!;
}

/** Whose turn each creature acts on, as the GM's automation reads it from the effects now. */
function actsOn(id: string): string | null {
  const sources = [
    combatantSource("c-hero", hero.source, { effects: [...hero.effects].map((e) => effectSourceOf(e as never)) }),
    combatantSource("c-dragon", dragon.source, { side: "gm" }),
    combatantSource("c-horse", horse.source),
  ];
  return (
    R.actsOnTurnOf!(
      turnContext(sources),
      sources.find((c) => c.id === id)!,
    )?.id ?? null
  );
}

const link = (e: { flags: Record<string, unknown> }) =>
  (e.flags[SYSTEM_ID] as { effect: { sourceCombatantId: string | null } }).effect.sourceCombatantId;

describe("[SYS-PERM] [HD-MOUNT] a player's own effect never steers another creature", () => {
  it("[HD-MOUNT] [SYS-PERM] alice's `mounted` effect on her hero naming the GM's dragon loses the link: the dragon keeps its own turn, and the GMs are told", async () => {
    const effect = await mountedBy("alice", "c-dragon");
    expect(link(effect)).toBeNull();
    expect(actsOn("c-dragon")).toBeNull();
    expect(w.attack.warnings.at(-1)).toContain("naming a creature they may not steer");
    // Written again by an update: taken off again.
    await effect.update({ flags: { [SYSTEM_ID]: { effect: { sourceCombatantId: "c-dragon" } } } });
    for (const fn of w.hooks.get("updateActiveEffect") ?? []) await fn(effect, {}, {}, "alice");
    await new Promise((r) => setTimeout(r, 5));
    expect(link(effect)).toBeNull();
    expect(actsOn("c-dragon")).toBeNull();
  });

  it("[HD-MOUNT] alice's own horse stays her hero's mount (she may steer both)", async () => {
    const effect = await mountedBy("alice", "c-horse");
    expect(link(effect)).toBe("c-horse");
    expect(actsOn("c-horse")).toBe("c-hero");
    expect(w.attack.warnings).toEqual([]);
  });

  it("[HD-MOUNT] [SYS-PERM] the link the GM's client made (its mount procedure, a card it decided) stays", async () => {
    const effect = await mountedBy("gm", "c-dragon");
    expect(link(effect)).toBe("c-dragon");
    expect(actsOn("c-dragon")).toBe("c-hero");
  });
});
