/**
 * 13th Age attacks through the REAL `rollAttack` (test/stand-ins/foundry-attack.ts, recorded dice)
 * in a fight where the fighter's combatant placed the orc engaged and the imp nearby: its procedure
 * memory, as the Actions panel's band procedure writes it. {@link useBandFight} registers the file's
 * install / uninstall hooks and, before each test, no targets, messages, dialogs or dice.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import { ActorStandIn, ItemStandIn, installAttackStandIn, standInAttackFaces } from "../stand-ins/foundry-attack.js";
import { tokenStandIn } from "../stand-ins/foundry-attack.js";
import { npc, power } from "./attack-fixtures.js";
import { attackCardIn, drawnCardHtml } from "../support/card-messages.js";

/** The stand-in combat: combatants merge their flags on update, as Foundry's do. */
function combatWithBands(attacker: ActorStandIn, engaged: ActorStandIn, nearby: ActorStandIn) {
  const combatant = (id: string, actor: ActorStandIn, flags: Record<string, unknown> = {}) => ({
    id,
    name: actor.name,
    actor,
    isOwner: true,
    flags: { [SYSTEM_ID]: flags } as Record<string, Record<string, unknown>>,
    async update(data: { flags: Record<string, Record<string, unknown>> }) {
      Object.assign(this.flags[SYSTEM_ID]!, data.flags[SYSTEM_ID]);
    },
  });
  const procedures = { bands: { [engaged.uuid]: "engaged", [nearby.uuid]: "nearby" }, marks: {} };
  const list = [
    combatant(`c-${attacker.id}`, attacker, { procedures }),
    combatant(`c-${engaged.id}`, engaged),
    combatant(`c-${nearby.id}`, nearby),
  ];
  return { round: 1, started: true, combatant: list[0], combatants: { contents: list } };
}

const setCombat = (combat: unknown) => {
  (globalThis as unknown as { game: { combat: unknown } }).game.combat = combat;
};

export function useBandFight() {
  const R = getRuleset("13th-age");
  const fighter = new ActorStandIn("fighter", "Fighter", npc(R, 10));
  const orc = new ActorStandIn("orc", "Orc", npc(R, 12));
  const imp = new ActorStandIn("imp", "Imp", npc(R, 12));
  let state: ReturnType<typeof installAttackStandIn>["state"] | null = null;
  let uninstall: () => void = () => undefined;
  let rollAttack: typeof RollAttackFn | null = null;
  beforeAll(async () => {
    ({ state, uninstall } = installAttackStandIn(R.id));
    ({ rollAttack } = await import("../../src/workflows/attack.js"));
  });
  afterAll(() => {
    setCombat(null);
    uninstall();
  });
  beforeEach(() => {
    if (!state) return;
    state.targets.clear();
    state.messages.length = 0;
    state.dialogs.length = 0;
    state.dialogAnswer = {};
    standInAttackFaces.length = 0;
    setCombat(combatWithBands(fighter, orc, imp));
  });

  /** The fighter attacks `target` alone with a melee or ranged power (the d20 shows 15): the dialog, the card and its HTML. */
  async function attack(range: "melee" | "ranged", target: ActorStandIn) {
    if (!state || !rollAttack) throw new Error("the attack stand-in is not installed yet");
    state.targets.clear();
    state.dialogs.length = 0;
    state.targets.add(tokenStandIn(target.id, target));
    standInAttackFaces.push(15);
    const item = new ItemStandIn("power", range === "melee" ? "Cleave" : "Bolt", power({ range, damage: "6" }));
    await rollAttack(fighter as never, item as never);
    const message = state.messages.at(-1)!;
    const card = attackCardIn(message.data)!;
    return { dialog: String(state.dialogs.at(-1)?.content ?? ""), card, content: await drawnCardHtml(message.data) };
  }
  return { orc, imp, attack };
}
