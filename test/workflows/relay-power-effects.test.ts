/**
 * [SYS-POWERS] A power's conditions reach the table through the Apply buttons, per game, through
 * the REAL registered socket listener on the active GM's client (test/stand-ins/foundry-relay.ts):
 * a "condition, save ends; aftereffect …" power hits two targets and misses one; Apply on all
 * three puts the effect (with its save and aftereffect data) on the two hit targets only, recorded
 * as an "effect added" change; undo on one target removes exactly that effect and leaves the
 * other target's alone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { readEffectData } from "../../src/data/effects.js";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import type { PowerEffectSpec } from "../../src/engine/types.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import type { ledgerOf as LedgerOfFn } from "../../src/workflows/card-ledger.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  installRelayStandIn,
  RelayItemStandIn,
  type MessageStandIn,
  type RelayStandIn,
} from "../stand-ins/foundry-relay.js";
import { npc, power } from "./attack-fixtures.js";
import { SAVE_ENDS_PAIR, SAVE_RULE_CITES, saveEndsEffect } from "./power-fixtures.js";

const FOES = ["imp", "bugbear", "troll"] as const;
const token = (id: string) => `Scene.s1.Token.${id}`;
let seq = 0;
const wire = (action: "apply" | "undo", data: Record<string, unknown>) => ({
  type: "request",
  id: `pe${++seq}`,
  gmId: "gm",
  action,
  data,
});
type Answer = { type: string; to: string; report: { ok: boolean; message: string } };

describe.each(RULESET_IDS.map((id) => [id, getRuleset(id)] as const))(
  "[SYS-POWERS] Apply imposes the power's effects (%s)",
  (id, R) => {
    let w: RelayStandIn;
    let rollAttack: typeof RollAttackFn;
    let ledgerOf: typeof LedgerOfFn;
    beforeAll(async () => {
      w = installRelayStandIn(id);
      const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
      registerAttackWorkflow();
      ({ rollAttack } = await import("../../src/workflows/attack.js"));
      ({ ledgerOf } = await import("../../src/workflows/card-ledger.js"));
    });
    afterAll(() => w.uninstall());

    async function card(effect: PowerEffectSpec): Promise<MessageStandIn> {
      w.messages.clear();
      w.actors.clear();
      w.tokens.clear();
      const alice = w.addUser("alice");
      const attacker = w.addActor("attacker", "Orc", npc(R, 10), ["alice"]);
      for (const f of FOES) w.addActor(f, f, npc(R, 15));
      const item = new RelayItemStandIn(
        "blow",
        attacker,
        "power",
        "Staggering Blow",
        power({ damage: "6", effects: [effect] }),
      );
      attacker.items.set(item.id, item);
      w.attack.targets.clear();
      for (const f of FOES) {
        const a = w.actors.get(f)!;
        w.attack.targets.add({
          document: { uuid: token(f), name: a.name, texture: { src: a.img } },
          actor: a as never,
        });
      }
      // +5 against defense 15: natural 16 and 14 hit, natural 3 misses.
      standInAttackFaces.length = 0;
      standInAttackFaces.push(16, 14, 3);
      w.postAs = alice;
      const posted = (await rollAttack(attacker as never, item as never, {
        fastForward: true,
      })) as unknown as MessageStandIn;
      w.postAs = null;
      expect(posted, w.attack.errors.join("; ")).toBeTruthy();
      for (let i = 0; i < 50 && ledgerOf(posted.id) === null; i++) await new Promise((r) => setTimeout(r, 2));
      expect(ledgerOf(posted.id)).not.toBeNull();
      return posted;
    }
    const records = (m: MessageStandIn) => ledgerOf(m.id)?.ledger.card.applied ?? [];
    const effectsOn = (f: string) => [...w.actors.get(f)!.effectDocs.values()];

    it(`[SYS-POWERS] ${SAVE_RULE_CITES[id]} "save ends; aftereffect" lands on the two hit targets only, and undo on one removes exactly it`, async () => {
      const pair = SAVE_ENDS_PAIR[id];
      const m = await card(saveEndsEffect(id));
      const outcomes = ledgerOf(m.id)!.ledger.card.targets.map((t) => t.outcome.isHit);
      expect(outcomes).toEqual([true, true, false]);
      for (const f of FOES) {
        const answer = (await w.send(
          wire("apply", { messageId: m.id, targetUuid: token(f), mode: "full" }),
          "alice",
        )) as Answer;
        expect(answer.report.ok, answer.report.message).toBe(true);
      }
      for (const f of ["imp", "bugbear"]) {
        const docs = effectsOn(f);
        expect(docs).toHaveLength(1);
        const doc = docs[0]!;
        expect([...doc.statuses]).toEqual([pair.first]);
        const { data, issues } = readEffectData((doc.flags[SYSTEM_ID] as { effect: unknown }).effect);
        expect(issues).toEqual([]);
        expect(data.duration).toBe("saveEnds");
        expect(data.save).toBe("normal");
        expect(data.aftereffect).toMatchObject({
          duration: pair.after.duration,
          statuses: pair.after.statuses,
          ongoing: pair.after.ongoing,
        });
      }
      expect(effectsOn("troll")).toEqual([]);
      // Each hit target's record lists the effect it added; the miss's lists none.
      const added = (uuid: string) =>
        records(m)
          .filter((r) => r.targetUuid === uuid)
          .flatMap((r) => r.changes.flatMap((c) => (c.kind === "effectAdded" ? [c.effect.id] : [])));
      expect(added(token("imp"))).toEqual(effectsOn("imp").map((e) => e.id));
      expect(added(token("troll"))).toEqual([]);
      const bugbearEffect = effectsOn("bugbear")[0]!.id;
      const impRecord = records(m).find((r) => r.targetUuid === token("imp"))!;
      const undone = (await w.send(wire("undo", { messageId: m.id, recordId: impRecord.id }), "alice")) as Answer;
      expect(undone.report.ok, undone.report.message).toBe(true);
      expect(effectsOn("imp")).toEqual([]);
      expect(effectsOn("bugbear").map((e) => e.id)).toEqual([bugbearEffect]);
      expect(effectsOn("troll")).toEqual([]);
    });

    it(`[SYS-POWERS] a miss effect lands on the missed target only`, async () => {
      const pair = SAVE_ENDS_PAIR[id];
      const m = await card({ ...saveEndsEffect(id), outcome: "miss", aftereffect: null });
      for (const f of FOES)
        await w.send(wire("apply", { messageId: m.id, targetUuid: token(f), mode: "full" }), "alice");
      const missEffect = ledgerOf(m.id)!.ledger.card.targets[2]!.outcome.missEffect;
      expect(effectsOn("imp")).toEqual([]);
      expect(effectsOn("bugbear")).toEqual([]);
      expect(effectsOn("troll").map((e) => [...e.statuses])).toEqual(missEffect ? [[pair.first]] : []);
      expect(missEffect).toBe(true);
    });
  },
);
