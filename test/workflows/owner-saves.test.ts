/**
 * [SYS-MONSTERS] Targets' saves against a save-based power rolled by each target's owner: the pure
 * choice of who rolls and of what the GM's client takes (src/engine/save-rollers.ts), and at the
 * table through the REAL entry points (test/stand-ins/foundry-relay.ts, recorded dice): the drake's
 * breath (`rollAttack` on the GM's client) asks the player who owns Foe A to roll its save (the
 * player's own client rolls and posts it, authored by the player), rolls the NPC Foe B's save
 * itself, and posts ONE card carrying both rolls; the GM's ledger takes the card, Apply deals the
 * failure's damage. A card whose save the player had to roll but did not, a player's roll taken
 * again by a second card, or a roll message of someone else is refused, and nothing applies.
 * [HD-ATK] Hundred Dungeons' save is an ability roll; [WD-SAVES] Wounds d20's one of its five saves.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
import { ownerSaveRefusal, saveRoller, type RollerUser } from "../../src/engine/save-rollers.js";
import type { ActorSource, PowerSource, RulesetId } from "../../src/engine/types.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import type { ledgerOf as LedgerOfFn } from "../../src/workflows/card-ledger.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  installRelayStandIn,
  RelayItemStandIn,
  type MessageStandIn,
  type RelayStandIn,
  type UserStandIn,
} from "../stand-ins/foundry-relay.js";
import { npc, power } from "./attack-fixtures.js";
import { attackCardIn } from "../support/card-messages.js";

const user = (id: string, over: Partial<RollerUser> = {}): RollerUser => ({
  id,
  isGM: false,
  active: true,
  owns: true,
  character: false,
  ...over,
});

describe("[SYS-MONSTERS] who rolls a target's save (pure)", () => {
  it("[SYS-MONSTERS] the active player whose character it is, else the first active owning player, else the active GM; nobody online: null", () => {
    expect(saveRoller([user("zed"), user("amy", { character: true }), user("bob")], "gm")).toBe("amy");
    expect(saveRoller([user("zed"), user("bob")], "gm")).toBe("bob");
    expect(
      saveRoller(
        [user("amy", { active: false, character: true }), user("bob", { owns: false }), user("gm", { isGM: true })],
        "gm",
      ),
    ).toBe("gm");
    expect(saveRoller([user("amy", { active: false })], null)).toBeNull();
  });

  it("[SYS-MONSTERS] the GM takes a save another user had to roll only from that user's own roll for that target, the card's roll, used by no other card", () => {
    const posted = { found: true, authorId: "bob", targetUuid: "T", roll: "R", usedBy: [] as string[] };
    const base = { roller: "bob", authorId: "gm", targetUuid: "T", roll: "R" };
    expect(ownerSaveRefusal({ ...base, posted })).toBe("");
    // The card's author was the roller (its own creature) or nobody was online: its own roll stands.
    expect(ownerSaveRefusal({ ...base, roller: "gm", posted: null })).toBe("");
    expect(ownerSaveRefusal({ ...base, roller: null, posted: null })).toBe("");
    expect(ownerSaveRefusal({ ...base, posted: null })).toBe("saveRolls");
    // A GM's own card may carry its own roll (the player did not answer); one it names is still checked.
    expect(ownerSaveRefusal({ ...base, posted: null, authorIsGM: true })).toBe("");
    expect(ownerSaveRefusal({ ...base, posted: { ...posted, authorId: "eve" }, authorIsGM: true })).toBe(
      "saveRolls.author",
    );
    expect(ownerSaveRefusal({ ...base, posted: { ...posted, found: false } })).toBe("saveRolls");
    expect(ownerSaveRefusal({ ...base, posted: { ...posted, authorId: "eve" } })).toBe("saveRolls.author");
    expect(ownerSaveRefusal({ ...base, posted: { ...posted, targetUuid: "U" } })).toBe("saveRolls.target");
    expect(ownerSaveRefusal({ ...base, posted: { ...posted, roll: "S" } })).toBe("saveRolls.roll");
    expect(ownerSaveRefusal({ ...base, posted: { ...posted, usedBy: ["other"] } })).toBe("saveRolls.used");
  });
});

interface Case {
  id: RulesetId;
  rule: string;
  breath: PowerSource;
  foe: Partial<ActorSource>;
}

const CASES: Case[] = [
  {
    id: "hundred-dungeons",
    rule: "[HD-ATK]",
    breath: power({ damage: "2d6", damageTypes: ["fire"], saveAttack: { save: "dex", dc: 13, onSuccess: "half" } }),
    foe: { abilities: { str: 0, dex: 2, con: 0, int: 0, wis: 0, cha: 0 } },
  },
  {
    id: "wounds-d20",
    rule: "[WD-SAVES]",
    breath: power({ damage: "2d6", damageTypes: ["fire"], saveAttack: { save: "reflex", dc: 13, onSuccess: "half" } }),
    foe: { baseSaveBonus: 0, abilities: { str: 10, dex: 14, con: 10, int: 10, wis: 10, cha: 10 } },
  },
];

for (const c of CASES) {
  describe(`[SYS-MONSTERS] ${c.rule} the targets' owners roll their saves (${c.id})`, () => {
    const R = getRuleset(c.id);
    let w: RelayStandIn;
    let rollAttack: typeof RollAttackFn;
    let ledgerOf: typeof LedgerOfFn;
    let seq = 0;
    const wire = (data: Record<string, unknown>) => ({
      type: "request",
      id: `owner${++seq}`,
      gmId: "gm",
      action: "apply",
      data,
    });

    beforeAll(async () => {
      w = installRelayStandIn(c.id);
      const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
      registerAttackWorkflow();
      ({ rollAttack } = await import("../../src/workflows/attack.js"));
      ({ ledgerOf } = await import("../../src/workflows/card-ledger.js"));
    });
    afterAll(() => w.uninstall());

    /** Bob's Foe A and the NPC Foe B (saves d20 + 2) targeted by the drake's breath. */
    function scene(bobAnswers: boolean) {
      w.messages.clear();
      w.actors.clear();
      w.tokens.clear();
      w.queried.length = 0;
      const bob = w.addUser("bob");
      if (bobAnswers) w.answersOnOwnClient(bob);
      // Eve plays the drake too: a card of hers is a player's card, which the GM checks.
      const eve = w.addUser("eve");
      const drake = w.addActor("drake", "Drake", npc(R, 10), ["eve"]);
      const hp = { hp: { value: 40, max: 40, temp: 0 } };
      const a = w.addActor("a", "Foe A", npc(R, 10, { ...hp, ...c.foe }), ["bob"]);
      const b = w.addActor("b", "Foe B", npc(R, 10, { ...hp, ...c.foe }));
      drake.items.set("breath", new RelayItemStandIn("breath", drake, "power", "Breath", c.breath));
      w.attack.targets.clear();
      for (const foe of [a, b])
        w.attack.targets.add({
          document: { uuid: `Scene.s1.Token.${foe.id}`, name: foe.name, texture: { src: foe.img } },
          actor: foe as never,
        });
      return { bob, eve, drake, a, b };
    }

    async function breathe(drake: ReturnType<typeof scene>["drake"]) {
      const m = (await rollAttack(drake as never, drake.items.get("breath") as never, {
        fastForward: true,
      })) as unknown as MessageStandIn;
      expect(m, w.attack.errors.join("; ")).toBeTruthy();
      for (let i = 0; i < 50 && ledgerOf(m.id) === null; i++) await new Promise((r) => setTimeout(r, 2));
      // The GM's client marks the saves its ledger took (after writing the ledger).
      await new Promise((r) => setTimeout(r, 20));
      return m;
    }

    async function ledgerAfterPosting(data: ConstructorParameters<typeof MessageStandIn>[2], poster?: UserStandIn) {
      const forged = await w.post(poster ?? w.user, data);
      for (let i = 0; i < 50 && ledgerOf(forged.id) === null; i++) await new Promise((r) => setTimeout(r, 2));
      return { forged, ledger: ledgerOf(forged.id)!.ledger };
    }

    it(`[SYS-MONSTERS] ${c.rule} the breath asks Bob's client for Foe A's save (posted by Bob), the GM's rolls Foe B's; one card; the ledger takes it; Apply deals the failure's 9`, async () => {
      const { eve, drake, a, b } = scene(true);
      standInAttackFaces.length = 0;
      // Bob's client rolls A's save first (8 + 2 = 10 fails), then the drake's client B's (14 + 2 = 16
      // saves); damage: the failure 2d6 (5, 4), the success (3, 4) halved.
      standInAttackFaces.push(8, 14, 5, 4, 3, 4);
      const m = await breathe(drake);
      expect(standInAttackFaces).toEqual([]);
      expect(w.queried.filter((q) => q.name === `${SYSTEM_ID}.rollSave`).map((q) => q.to)).toEqual(["bob"]);
      const saves = [...w.messages.values()].filter((x) => x.flags[SYSTEM_ID]?.ownerSave);
      expect(saves.map((x) => [x.author.id, x.flags[SYSTEM_ID]!.ownerSave])).toEqual([
        ["bob", { targetUuid: "Scene.s1.Token.a", formula: expect.any(String), takenBy: m.id }],
      ]);
      const card = attackCardIn(m)!;
      expect(card.saveRolls).toEqual([{ targetUuid: "Scene.s1.Token.a", messageId: saves[0]!.id }]);
      expect(card.dice).toEqual([[8], [14]]);
      const ledger = ledgerOf(m.id)!.ledger;
      expect(ledger.status, ledger.reason).toBe("valid");
      expect(ledger.card.targets.map((t) => [t.name, t.outcome.total, t.outcome.result, t.damage])).toEqual([
        ["Foe A", 10, "hit", 9],
        ["Foe B", 16, "miss", 3],
      ]);
      const applied = (await w.send(wire({ messageId: m.id, targetUuid: "Scene.s1.Token.a", mode: "full" }), "gm")) as {
        report: { ok: boolean; message: string };
      };
      expect(applied.report.ok, applied.report.message).toBe(true);
      expect(a.source.hp.value).toBe(31);
      expect(b.source.hp.value).toBe(40);

      // The same roll of Bob's named by a second card (the same rolls posted again): refused.
      const again = await ledgerAfterPosting({
        type: "attack",
        system: { ...structuredClone(card), applied: [] },
        rolls: [...m.rolls],
      });
      expect([again.ledger.status, again.ledger.reason]).toEqual(["invalid", "saveRolls.used"]);
      // A roll message of someone else (Eve's, the same roll) named as Bob's: refused.
      const eves = await w.post(eve, {
        rolls: [m.rolls[0]],
        flags: { [SYSTEM_ID]: { ownerSave: { targetUuid: "Scene.s1.Token.a" } } },
      });
      const forged = await ledgerAfterPosting({
        type: "attack",
        system: {
          ...structuredClone(card),
          applied: [],
          saveRolls: [{ targetUuid: "Scene.s1.Token.a", messageId: eves.id }],
        },
        rolls: [...m.rolls],
      });
      expect([forged.ledger.status, forged.ledger.reason]).toEqual(["invalid", "saveRolls.author"]);
      const refused = (await w.send(
        wire({ messageId: forged.forged.id, targetUuid: "Scene.s1.Token.a", mode: "full" }),
        "gm",
      )) as { report: { ok: boolean } };
      expect(refused.report.ok).toBe(false);
      expect(a.source.hp.value).toBe(31);
    });

    it(`[SYS-MONSTERS] ${c.rule} Bob's client gives no save (offline to queries): the GM's own card rolls it and stands; the same card posted by a player (Eve) is refused: nothing applies`, async () => {
      const { eve, drake, a } = scene(false);
      standInAttackFaces.length = 0;
      standInAttackFaces.push(8, 14, 5, 4, 3, 4);
      const m = await breathe(drake);
      const card = attackCardIn(m)!;
      expect(card.saveRolls).toBeUndefined();
      const own = ledgerOf(m.id)!.ledger;
      expect([own.status, own.reason]).toEqual(["valid", ""]);
      const players = await ledgerAfterPosting(
        { type: "attack", system: { ...structuredClone(card), applied: [] }, rolls: [...m.rolls] },
        eve,
      );
      expect([players.ledger.status, players.ledger.reason]).toEqual(["invalid", "saveRolls"]);
      // Eve's card posted without its save-based mark: the GM's own decision still reads the breath as save-based.
      const { saveAttack: _mark, ...unmarked } = structuredClone(card);
      const again = await ledgerAfterPosting(
        { type: "attack", system: { ...unmarked, applied: [] }, rolls: [...m.rolls] },
        eve,
      );
      expect([again.ledger.status, again.ledger.reason]).toEqual(["invalid", "saveRolls"]);
      const applied = (await w.send(
        wire({ messageId: players.forged.id, targetUuid: "Scene.s1.Token.a", mode: "full" }),
        "gm",
      )) as { report: { ok: boolean } };
      expect(applied.report.ok).toBe(false);
      expect(a.source.hp.value).toBe(40);
    });

    it(`[SYS-MONSTERS] ${c.rule} where the world says the attacker rolls, nobody is asked and the drake's own rolls stand`, async () => {
      await w.attack.settings.set(SYSTEM_ID, "saveRollers", "attacker");
      try {
        const { drake } = scene(true);
        standInAttackFaces.length = 0;
        standInAttackFaces.push(8, 14, 5, 4, 3, 4);
        const m = await breathe(drake);
        expect(w.queried.filter((q) => q.name === `${SYSTEM_ID}.rollSave`)).toEqual([]);
        const ledger = ledgerOf(m.id)!.ledger;
        expect(ledger.status, ledger.reason).toBe("valid");
        expect(ledger.card.targets.map((t) => t.outcome.result)).toEqual(["hit", "miss"]);
      } finally {
        await w.attack.settings.set(SYSTEM_ID, "saveRollers", "owners");
      }
    });
  });
}
