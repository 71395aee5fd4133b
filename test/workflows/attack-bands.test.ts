/**
 * [13A-RANGE] [13A-ENGAGE] Bands the table placed reach the attack: through the REAL `rollAttack`
 * (test/stand-ins/foundry-attack.ts, recorded dice) a melee power against a foe the attacker placed
 * nearby warns in the attack dialog and on the card, and the attack still rolls (never blocked); a
 * ranged power while engaged warns of the opportunity attacks; an engaged target draws nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import {
  ActorStandIn,
  ItemStandIn,
  installAttackStandIn,
  standInAttackFaces,
  tokenStandIn,
  type AttackStandInState,
} from "../stand-ins/foundry-attack.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import { npc, power } from "./attack-fixtures.js";

const R = getRuleset("13th-age");
const i18n = createI18nStandIn();
let state: AttackStandInState;
let uninstall: () => void;
let rollAttack: typeof RollAttackFn;

beforeAll(async () => {
  ({ state, uninstall } = installAttackStandIn(R.id));
  ({ rollAttack } = await import("../../src/workflows/attack.js"));
});
afterAll(() => {
  (globalThis as unknown as { game: { combat: unknown } }).game.combat = null;
  uninstall();
});

const fighter = new ActorStandIn("fighter", "Fighter", npc(R, 10));
const orc = new ActorStandIn("orc", "Orc", npc(R, 12));
const imp = new ActorStandIn("imp", "Imp", npc(R, 12));

/** A combat in which the fighter's combatant placed the orc engaged and the imp nearby. */
function combatWithBands() {
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
  const procedures = { bands: { [orc.uuid]: "engaged", [imp.uuid]: "nearby" }, marks: {} };
  const list = [combatant("c-fighter", fighter, { procedures }), combatant("c-orc", orc), combatant("c-imp", imp)];
  return { round: 1, started: true, combatant: list[0], combatants: { contents: list } };
}

beforeEach(() => {
  state.targets.clear();
  state.messages.length = 0;
  state.dialogs.length = 0;
  state.dialogAnswer = {};
  standInAttackFaces.length = 0;
  (globalThis as unknown as { game: { combat: unknown } }).game.combat = combatWithBands();
});

async function attack(range: "melee" | "ranged", target: ActorStandIn) {
  state.targets.add(tokenStandIn(target.id, target));
  standInAttackFaces.push(15);
  const item = new ItemStandIn("power", range === "melee" ? "Cleave" : "Bolt", power({ range, damage: "6" }));
  await rollAttack(fighter as never, item as never);
  const message = state.messages.at(-1)!;
  const card = (message.data.flags as Record<string, { attack: AttackCardData }>)[SYSTEM_ID]!.attack;
  return { dialog: String(state.dialogs.at(-1)?.content ?? ""), card, content: String(message.data.content) };
}

describe("[13A-RANGE] [13A-ENGAGE] bands on the attack dialog and card", () => {
  it("[13A-RANGE] a melee power against the nearby imp: the dialog and the card warn, and the attack is rolled", async () => {
    const text = i18n.format("D20C.Age13.BandWarn.meleeNearby", { name: "Imp" });
    const { dialog, card, content } = await attack("melee", imp);
    expect(dialog).toContain(text);
    expect(card.targets[0]!.warnings).toEqual([text]);
    expect(content).toContain(text);
    expect(standInAttackFaces).toEqual([]);
    expect(card.targets[0]!.outcome.natural).toBe(15);
  });

  it("[13A-ENGAGE] a ranged power while engaged with the orc warns of its opportunity attack; a melee one on the orc warns nothing", async () => {
    const text = i18n.format("D20C.Age13.BandWarn.rangedEngaged", { foes: "Orc" });
    const ranged = await attack("ranged", imp);
    expect(ranged.card.targets[0]!.warnings).toEqual([text]);
    expect(ranged.dialog).toContain(text);
    state.targets.clear();
    const melee = await attack("melee", orc);
    expect(melee.card.targets[0]!.warnings).toBeUndefined();
    expect(melee.dialog).not.toContain("d20c-warning");
  });
});
