/**
 * [WD-SPELLRES] [SYS-MONSTERS] Wounds d20 spell resistance through the card's REAL Apply and Undo
 * controls (onApplyClick / onUndoClick → applyHere / undoHere on the active GM's client of
 * test/stand-ins/foundry-relay.ts), recorded dice: the caster's check (d20 + its level, read from
 * the attacker the GM's ledger names) is rolled at Apply and posted; short of the golem's SR the
 * spell does nothing. Undone and applied again, the first check stands: nothing is rolled or
 * posted again (the recorded faces would run dry), the outcome is the same.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import type { ledgerOf as LedgerOfFn } from "../../src/workflows/card-ledger.js";
import type * as ApplyNs from "../../src/workflows/apply-damage.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  installRelayStandIn,
  RelayItemStandIn,
  type MessageStandIn,
  type RelayStandIn,
} from "../stand-ins/foundry-relay.js";
import { npc, power } from "./attack-fixtures.js";

const WD = getRuleset("wounds-d20");

describe("[WD-SPELLRES] spell resistance at the card's Apply (applyHere), undo and apply again", () => {
  let w: RelayStandIn;
  let rollAttack: typeof RollAttackFn;
  let ledgerOf: typeof LedgerOfFn;
  let apply: typeof ApplyNs;
  beforeAll(async () => {
    w = installRelayStandIn("wounds-d20");
    const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
    registerAttackWorkflow();
    ({ rollAttack } = await import("../../src/workflows/attack.js"));
    ({ ledgerOf } = await import("../../src/workflows/card-ledger.js"));
    apply = await import("../../src/workflows/apply-damage.js");
  });
  afterAll(() => w.uninstall());

  /** The magister (level 5) casts a 6-damage spell at a golem with SR 16; the attack die shows 16. */
  async function castAtGolem(id: string) {
    const magister = w.addActor(`mag${id}`, "Magister", npc(WD, 10, { level: 5 }));
    const golem = w.addActor(
      `golem${id}`,
      "Golem",
      npc(WD, 10, { hp: { value: 40, max: 40, temp: 0 }, spellResistance: 16 }),
    );
    const item = new RelayItemStandIn(
      `bolt${id}`,
      magister,
      "power",
      "Ember Bolt",
      power({ damage: "6", properties: ["spell"] }),
    );
    magister.items.set(item.id, item);
    w.attack.targets.clear();
    w.attack.targets.add({
      document: { uuid: golem.token!.uuid, name: golem.name, texture: { src: golem.img } },
      actor: golem as never,
    });
    standInAttackFaces.length = 0;
    standInAttackFaces.push(16);
    const m = (await rollAttack(magister as never, item as never, { fastForward: true })) as unknown as MessageStandIn;
    for (let i = 0; i < 50 && ledgerOf(m.id) === null; i++) await new Promise((r) => setTimeout(r, 2));
    expect(ledgerOf(m.id)!.ledger.card.targets[0]!.outcome.isHit).toBe(true);
    return { m, golem };
  }
  const records = (m: MessageStandIn) => ledgerOf(m.id)!.ledger.card.applied;
  const hp = (golem: { toEngineSource(): { hp: { value: number } } }) => golem.toEngineSource().hp.value;
  const checkRolls = () =>
    w.attack.messages.filter((msg) => JSON.stringify(msg.data).includes("D20C.SpellResistance")).length;

  it("[WD-SPELLRES] [SYS-MONSTERS] resisted (10 + 5 = 15 < 16): nothing is dealt; undone and applied again, the check is not rolled again and still resists", async () => {
    const { m, golem } = await castAtGolem("a");
    const before = checkRolls();
    standInAttackFaces.push(10);
    await apply.onApplyClick(m as unknown as ChatMessage, golem.token!.uuid, "full");
    expect(standInAttackFaces).toEqual([]);
    expect(hp(golem)).toBe(40);
    expect(records(m)[0]!.events.map((e) => [e.key, e.data?.total])).toEqual([["D20C.SpellResistance.Resisted", 15]]);
    expect(checkRolls()).toBe(before + 1);

    await apply.onUndoClick(m as unknown as ChatMessage, records(m)[0]!.id);
    expect(records(m)[0]!.undone).toBe(true);
    await apply.onApplyClick(m as unknown as ChatMessage, golem.token!.uuid, "full");
    expect(records(m)).toHaveLength(2);
    expect(records(m)[1]!.undone).toBe(false);
    expect(records(m)[1]!.events.map((e) => [e.key, e.data?.total])).toEqual([["D20C.SpellResistance.Resisted", 15]]);
    expect(hp(golem)).toBe(40);
    expect(checkRolls()).toBe(before + 1);
  });

  it("[WD-SPELLRES] [SYS-MONSTERS] overcome (11 + 5 = 16): the spell deals its 6; undone (40 again) and applied again, it deals 6 with the same check, unrolled", async () => {
    const { m, golem } = await castAtGolem("b");
    standInAttackFaces.push(11);
    await apply.onApplyClick(m as unknown as ChatMessage, golem.token!.uuid, "full");
    expect(hp(golem)).toBe(34);
    expect(records(m)[0]!.events[0]!.key).toBe("D20C.SpellResistance.Overcome");
    await apply.onUndoClick(m as unknown as ChatMessage, records(m)[0]!.id);
    expect(hp(golem)).toBe(40);
    await apply.onApplyClick(m as unknown as ChatMessage, golem.token!.uuid, "full");
    expect(standInAttackFaces).toEqual([]);
    expect(hp(golem)).toBe(34);
    expect(records(m)[1]!.events[0]).toMatchObject({
      key: "D20C.SpellResistance.Overcome",
      data: { total: 16, natural: 11 },
    });
  });
});
