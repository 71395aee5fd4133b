/**
 * [HD-MOUNT] [SYS-CONTENT] Mounted is the one Hundred Dungeons condition no pack document carries or
 * imposes: only the Mount procedure sets it, tying a rider to the creature it rides. The coverage
 * test excuses it on the strength of this one, which mounts a pack character on a pack creature
 * through the ruleset's own procedure.
 */
import { describe, expect, it } from "vitest";
import type { ProcedureCreature, ProcedureInput } from "../../src/engine/actions.js";
import { engineActor, type PackActor } from "../packs/pack-sources.js";
import { actorsOf, rulesetOf } from "./content.js";

const hd = rulesetOf("hundred-dungeons");

function creature(id: string, actor: PackActor): ProcedureCreature {
  return { id, name: actor.name, actor: engineActor(actor), combatantId: id, effects: [], side: "player" };
}

function mountInput(rider: PackActor, mount: PackActor): ProcedureInput {
  return {
    actor: engineActor(rider),
    actorId: "rider",
    targets: [creature("mount", mount)],
    others: [],
    effects: [],
    choice: "willing",
    round: 1,
    ownTurn: true,
    memory: { bands: {}, marks: {} },
    numbers: {},
    options: {},
    combatantId: "rider",
    side: "player",
  };
}

describe("[HD-MOUNT] [SYS-CONTENT] the packs hold a mount for the party", () => {
  it("[HD-MOUNT] a level-3 party character mounts a pack creature through the Mount procedure, which makes the rider mounted", () => {
    const actors = actorsOf("hundred-dungeons");
    const party = actors.filter((a) => a.type === "character" && a.system.level === 3);
    const mounts = actors.filter((a) => a.type === "npc");
    expect(party.length).toBeGreaterThan(0);
    if (!hd.planProcedure || !hd.resolveProcedure) throw new Error("Hundred Dungeons plans procedures");
    const rider = party[0] as PackActor;
    const able = mounts.filter((m) => !hd.planProcedure?.("mount", mountInput(rider, m)).refusal);
    expect(able.map((m) => m.name)).toContain("Riding Horse");
    const horse = able.find((m) => m.name === "Riding Horse") as PackActor;
    const input = mountInput(rider, horse);
    const rolls = hd
      .planProcedure("mount", input)
      .requests.map((request) => ({ request, result: { total: 10, natural: 10 } }));
    const done = hd.resolveProcedure("mount", input, rolls);
    expect(done.addEffects?.[0]?.effect).toMatchObject({ statuses: ["mounted"], sourceCombatantId: "mount" });
  });
});
