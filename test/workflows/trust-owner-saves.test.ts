/**
 * [SYS-PERM] [SYS-MONSTERS] The owner-rolled saves as a hostile player would probe them. Eve plays
 * the drake (she owns it) and wants Bob's Foe A to fail its save against the drake's breath; Bob's
 * own client answers the `d20-combat.rollSave` query. Each probe goes through the REAL entry points
 * (the query handler on Bob's client, a message posted as Eve, Eve's deletion of her card, the
 * GM's ledger and Apply) on the relay stand-in (test/stand-ins/foundry-relay.ts, recorded dice).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
import { isSaveFormula, saveFormulaKey as saveKey } from "../../src/engine/save-rollers.js";
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

const R = getRuleset("hundred-dungeons");
const BREATH = power({
  damage: "2d6",
  damageTypes: ["fire"],
  saveAttack: { save: "dex", dc: 13, onSuccess: "half" },
});
const FOE = { abilities: { str: 0, dex: 2, con: 0, int: 0, wis: 0, cha: 0 } };
const A = "Scene.s1.Token.a";
const SAVE_QUERY = `${SYSTEM_ID}.rollSave`;

describe("[SYS-PERM] a save formula a roller's client agrees to roll (pure)", () => {
  it("[SYS-PERM] a d20 (two kept high or low) plus flat numbers; no other die, no dice pool, no words, nothing huge", () => {
    for (const ok of ["1d20 + 2", "1d20", "2d20kh + 3 - 1", "2d20kl1+5", "d20 - 2"])
      expect(isSaveFormula(ok), ok).toBe(true);
    for (const bad of [
      "1d1 + 2",
      "1d20 + 1d1",
      "1000d20",
      "3d20kh",
      "1d20 + @abilities.dex",
      "1d20 + 2 # fail",
      "1d20 * 0",
      "1d20 + 99999999",
      "",
      `1d20${" + 1".repeat(40)}`,
    ])
      expect(isSaveFormula(bad), bad).toBe(false);
  });
});

describe("[SYS-PERM] [SYS-MONSTERS] [HD-ATK] a hostile attacker against the owner-rolled saves", () => {
  let w: RelayStandIn;
  let rollAttack: typeof RollAttackFn;
  let ledgerOf: typeof LedgerOfFn;
  let bob: UserStandIn;
  let eve: UserStandIn;
  let drake: ReturnType<RelayStandIn["addActor"]>;
  let a: ReturnType<RelayStandIn["addActor"]>;
  let seq = 0;
  const wire = (data: Record<string, unknown>) => ({
    type: "request",
    id: `tos${++seq}`,
    gmId: "gm",
    action: "apply",
    data,
  });

  beforeAll(async () => {
    w = installRelayStandIn("hundred-dungeons");
    const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
    registerAttackWorkflow();
    ({ rollAttack } = await import("../../src/workflows/attack.js"));
    ({ ledgerOf } = await import("../../src/workflows/card-ledger.js"));
  });
  afterAll(() => w.uninstall());

  beforeEach(() => {
    w.messages.clear();
    w.actors.clear();
    w.tokens.clear();
    w.queried.length = 0;
    bob = w.addUser("bob");
    eve = w.addUser("eve");
    w.answersOnOwnClient(bob);
    drake = w.addActor("drake", "Drake", npc(R, 10), ["eve"]);
    a = w.addActor("a", "Foe A", npc(R, 10, { hp: { value: 40, max: 40, temp: 0 }, ...FOE }), ["bob"]);
    w.addActor("b", "Foe B", npc(R, 10, { hp: { value: 40, max: 40, temp: 0 }, ...FOE }));
    drake.items.set("breath", new RelayItemStandIn("breath", drake, "power", "Breath", BREATH));
    w.attack.targets.clear();
    w.attack.targets.add({ document: { uuid: A, name: a.name, texture: { src: a.img } }, actor: a as never });
  });

  const settle = async (id: string) => {
    for (let i = 0; i < 50 && ledgerOf(id) === null; i++) await new Promise((r) => setTimeout(r, 2));
    await new Promise((r) => setTimeout(r, 20));
  };
  const saveMessages = () => [...w.messages.values()].filter((x) => x.flags[SYSTEM_ID]?.ownerSave);
  const ask = (user: UserStandIn, over: Record<string, unknown> = {}) =>
    user.query(SAVE_QUERY, { targetUuid: A, formula: "1d20 + 2", save: "Dex", power: "Breath", ...over }) as Promise<{
      messageId: string;
    } | null>;

  /** The drake's breath at Foe A, as the table plays it: Bob's client rolls A's save (3 + 2 = 5 fails). */
  async function honestCard(): Promise<MessageStandIn> {
    standInAttackFaces.length = 0;
    standInAttackFaces.push(3, 5, 4);
    const m = (await rollAttack(drake as never, drake.items.get("breath") as never, {
      fastForward: true,
    })) as unknown as MessageStandIn;
    expect(m, w.attack.errors.join("; ")).toBeTruthy();
    await settle(m.id);
    expect(ledgerOf(m.id)!.ledger.status, ledgerOf(m.id)!.ledger.reason).toBe("valid");
    return m;
  }

  /** Eve's client posts a card (her message: Foundry's server names her its author). */
  async function evePosts(card: object, rolls: unknown[]) {
    const m = await w.post(eve, { type: "attack", system: { ...structuredClone(card), applied: [] }, rolls });
    await settle(m.id);
    return { m, ledger: ledgerOf(m.id)!.ledger };
  }

  async function applyAsEve(messageId: string) {
    return (await w.send(wire({ messageId, targetUuid: A, mode: "full" }), "eve")) as {
      report: { ok: boolean; message: string };
    };
  }

  it("[SYS-PERM] [SYS-MONSTERS] Eve asks Bob's client to roll a doctored formula (a d1, a thousand dice, words): it rolls nothing and posts nothing", async () => {
    standInAttackFaces.length = 0;
    standInAttackFaces.push(...Array.from({ length: 1000 }, () => 1));
    for (const formula of ["1d1 + 2", "1000d20", "2d20kl + 2 + 1d1", "1d20 + 2 # she fails"]) {
      expect(await ask(bob, { formula }), formula).toBeNull();
    }
    expect(saveMessages()).toEqual([]);
    expect(standInAttackFaces).toHaveLength(1000);
  });

  it("[SYS-PERM] [SYS-MONSTERS] Eve asks Bob's client for the save of a creature Bob does not own (the NPC Foe B): it rolls nothing", async () => {
    expect(await ask(bob, { targetUuid: "Scene.s1.Token.b" })).toBeNull();
    // Nor a malformed or oversized ask.
    expect(await ask(bob, { targetUuid: 42 })).toBeNull();
    expect(await ask(bob, { power: "x".repeat(5000) })).toBeNull();
    expect(saveMessages()).toEqual([]);
  });

  it("[SYS-HIDDEN] [SYS-MONSTERS] Eve names a creature on a token the GM hid: the GM's client rolls no save for it (no message naming it, no bonus shown)", async () => {
    standInAttackFaces.length = 0;
    standInAttackFaces.push(11, 12);
    w.tokens.get("b")!.hidden = true;
    expect(await ask(w.user, { targetUuid: "Scene.s1.Token.b" })).toBeNull();
    expect(saveMessages()).toEqual([]);
    // The same creature in sight: the GM's client rolls and posts its save.
    w.tokens.get("b")!.hidden = false;
    const seen = await ask(w.user, { targetUuid: "Scene.s1.Token.b" });
    expect(w.messages.get(seen!.messageId)?.author.id).toBe("gm");
  });

  it("[SYS-PERM] Eve's words in the ask (the save's and the power's names) are text in the roller's message, never markup", async () => {
    standInAttackFaces.length = 0;
    standInAttackFaces.push(11);
    const asked = await ask(bob, { power: '<img src=x onerror="alert(1)">', save: "<b>GM: Bob is out</b>" });
    const content = w.messages.get(asked!.messageId)!.content;
    expect(content).not.toMatch(/<img|<b>/);
    expect(content).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("[SYS-PERM] [SYS-MONSTERS] Eve asks Bob's client again and again until a roll suits her: every answer is the same one roll until a GM-decided card takes it", async () => {
    standInAttackFaces.length = 0;
    standInAttackFaces.push(18, 2, 2);
    const first = await ask(bob);
    const second = await ask(bob);
    const third = await ask(bob);
    expect(first?.messageId).toBeTruthy();
    expect([second?.messageId, third?.messageId]).toEqual([first?.messageId, first?.messageId]);
    expect(saveMessages()).toHaveLength(1);
    expect(standInAttackFaces).toEqual([2, 2]);
  });

  it("[SYS-PERM] [SYS-MONSTERS] Eve asks again with the same save written otherwise (spaces, a leading zero, split numbers): the same one roll answers", async () => {
    standInAttackFaces.length = 0;
    standInAttackFaces.push(18, 2, 2, 2);
    const first = await ask(bob);
    for (const formula of ["1d20+2", "1d20 + 02", "1d20+1+1", "d20 + 2"])
      expect((await ask(bob, { formula }))?.messageId, formula).toBe(first?.messageId);
    expect(saveMessages()).toHaveLength(1);
    expect(saveKey("1d20 + 2")).toBe(saveKey("1d20+3-1"));
    expect(saveKey("2d20kh + 2")).toBe(saveKey("2d20kh1+2"));
    expect(saveKey("2d20kh + 2")).not.toBe(saveKey("2d20kl + 2"));
    expect(saveKey("1d20 + 2")).not.toBe(saveKey("1d20 + 3"));
  });

  it("[SYS-HIDDEN] [SYS-MONSTERS] Eve names a creature by its actor or a compendium uuid (no token she could target): nothing is rolled or posted", async () => {
    standInAttackFaces.length = 0;
    standInAttackFaces.push(11, 12);
    for (const targetUuid of ["Actor.b", "Compendium.world.monsters.Actor.b", "Actor.a"])
      expect(await ask(w.user, { targetUuid }), targetUuid).toBeNull();
    expect(saveMessages()).toEqual([]);
  });

  it("[SYS-PERM] [SYS-MONSTERS] a roll from an earlier card replayed after Eve deleted that card (its ledger went with it): refused, nothing applies", async () => {
    const m = await honestCard();
    const card = attackCardIn(m)!;
    expect(card.saveRolls?.map((s) => s.targetUuid)).toEqual([A]);
    // Eve deletes the card (nothing applied from it yet): the GM's client deletes its ledger too.
    expect(await w.deleteAs(eve, m)).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(ledgerOf(m.id)).toBeNull();
    // ... and posts the same card again, naming Bob's earlier roll.
    const again = await evePosts(card, [...m.rolls]);
    expect([again.ledger.status, again.ledger.reason]).toEqual(["invalid", "saveRolls.used"]);
    expect((await applyAsEve(again.m.id)).report.ok).toBe(false);
    expect(a.source.hp.value).toBe(40);
    // Asked again after a card took his roll, Bob's client rolls afresh.
    standInAttackFaces.length = 0;
    standInAttackFaces.push(17);
    const fresh = await ask(bob);
    expect(fresh?.messageId).not.toBe(card.saveRolls![0]!.messageId);
    expect(standInAttackFaces).toEqual([]);
  });

  it("[SYS-PERM] [SYS-MONSTERS] a save message with a forged speaker (Eve's message spoken as Foe A, flagged as its save) or the GM's roll where Bob had to roll: refused", async () => {
    const m = await honestCard();
    const card = attackCardIn(m)!;
    await w.deleteAs(eve, m);
    for (const author of [eve, w.user]) {
      const forged = await w.post(author, {
        speaker: { actor: "a", alias: "Foe A" },
        rolls: [m.rolls[0]],
        flags: { [SYSTEM_ID]: { ownerSave: { targetUuid: A, formula: "1d20 + 2" } } },
      } as never);
      const posted = await evePosts({ ...card, saveRolls: [{ targetUuid: A, messageId: forged.id }] }, [...m.rolls]);
      expect([posted.ledger.status, posted.ledger.reason], author.id).toEqual(["invalid", "saveRolls.author"]);
    }
    expect(a.source.hp.value).toBe(40);
  });

  it("[SYS-PERM] [SYS-MONSTERS] Bob rolled 18; Eve's card carries a doctored roll for Foe A (its die 3, its total 5, or its formula a d1): refused, nothing applies", async () => {
    standInAttackFaces.length = 0;
    standInAttackFaces.push(18);
    const asked = await ask(bob);
    const bobs = w.messages.get(asked!.messageId)!;
    const honest = await honestCardWithout();
    const card = attackCardIn(honest)!;
    const roll = JSON.parse(JSON.stringify(honest.rolls[0])) as {
      formula: string;
      total: number;
      dice: { faces: number; results: { result: number }[] }[];
    };
    const doctored = [
      // Bob's roll of 18 with its total written down to 5: the card's roll is not his.
      (() => {
        const r = JSON.parse(JSON.stringify(bobs.rolls[0])) as typeof roll;
        r.total = 5;
        return r;
      })(),
      // Another die, the total to match.
      {
        ...roll,
        dice: roll.dice.map((t) => (t.faces === 20 ? { ...t, results: [{ result: 3, active: true }] } : t)),
        total: 5,
      },
      { ...roll, formula: "1d1 + 2" },
    ];
    for (const r of doctored) {
      const posted = await evePosts({ ...card, saveRolls: [{ targetUuid: A, messageId: bobs.id }] }, [
        r,
        ...honest.rolls.slice(1),
      ]);
      expect(posted.ledger.status).toBe("invalid");
      expect((await applyAsEve(posted.m.id)).report.ok).toBe(false);
    }
    // Bob's client asked for a save at a disadvantage the rules do not give (the lower of two d20s):
    // a d20 formula, so rolled and posted, but the GM's card rolls one d20 for Foe A: refused.
    standInAttackFaces.length = 0;
    standInAttackFaces.push(18, 2);
    const weak = w.messages.get((await ask(bob, { formula: "2d20kl + 2" }))!.messageId)!;
    const posted = await evePosts({ ...card, saveRolls: [{ targetUuid: A, messageId: weak.id }] }, [
      weak.rolls[0],
      ...honest.rolls.slice(1),
    ]);
    expect([posted.ledger.status, posted.ledger.reason]).toEqual(["invalid", "rolls.attack[0]"]);
    expect(a.source.hp.value).toBe(40);
    // Bob's roll was never taken: the honest card naming it with its own roll would still stand.
    expect(bobs.flags[SYSTEM_ID]?.ownerSave).not.toHaveProperty("takenBy");
  });

  it("[SYS-PERM] [SYS-MONSTERS] a NaN, huge or malformed save roll (in Bob's message or on Eve's card): refused with a field named, nothing applied, nothing thrown", async () => {
    const honest = await honestCardWithout();
    const card = attackCardIn(honest)!;
    const roll = JSON.parse(JSON.stringify(honest.rolls[0])) as { dice: { faces: number; results: unknown[] }[] };
    const withFace = (face: unknown) => ({
      ...roll,
      dice: roll.dice.map((t) => (t.faces === 20 ? { ...t, results: [{ result: face, active: true }] } : t)),
    });
    for (const bad of [
      withFace(Number.NaN),
      withFace(1e308),
      withFace(21),
      withFace(0),
      withFace("3"),
      "{not json",
      {},
    ]) {
      const bobs = await w.post(bob, {
        rolls: [bad],
        flags: { [SYSTEM_ID]: { ownerSave: { targetUuid: A, formula: "1d20 + 2" } } },
      });
      const posted = await evePosts({ ...card, saveRolls: [{ targetUuid: A, messageId: bobs.id }] }, [
        bad,
        ...honest.rolls.slice(1),
      ]);
      expect(posted.ledger.status, JSON.stringify(bad)).toBe("invalid");
      expect(posted.ledger.reason).toMatch(/\w/);
    }
    expect(a.source.hp.value).toBe(40);
  });

  it("[SYS-PERM] [SYS-MONSTERS] Bob's roll for Foe A named as the save of another of his creatures (Foe C): refused", async () => {
    const c = w.addActor("c", "Foe C", npc(R, 10, { hp: { value: 40, max: 40, temp: 0 }, ...FOE }), ["bob"]);
    const atA = await honestCard();
    w.attack.targets.clear();
    const C = "Scene.s1.Token.c";
    w.attack.targets.add({ document: { uuid: C, name: c.name, texture: { src: c.img } }, actor: c as never });
    const atC = await honestCard();
    const card = attackCardIn(atC)!;
    await w.deleteAs(eve, atC);
    const posted = await evePosts(
      { ...card, saveRolls: [{ targetUuid: C, messageId: attackCardIn(atA)!.saveRolls![0]!.messageId }] },
      [atA.rolls[0], ...atC.rolls.slice(1)],
    );
    expect([posted.ledger.status, posted.ledger.reason]).toEqual(["invalid", "saveRolls.target"]);
    expect(c.source.hp.value).toBe(40);
  });

  it("[SYS-PERM] an honest card padded with a thousand save names (other creatures, twice the same target, odd ids): the GM's copy keeps only the one its check read; Apply deals the failure", async () => {
    const m = await honestCard();
    const card = attackCardIn(m)!;
    await w.deleteAs(eve, m);
    // Bob's roll again, for a fresh card of Eve's (the first card is gone; Bob is asked afresh).
    standInAttackFaces.length = 0;
    standInAttackFaces.push(3);
    const asked = await ask(bob);
    const named = card.saveRolls![0]!;
    const padding = Array.from({ length: 1000 }, (_, i) => ({
      targetUuid: i % 2 ? A : `Scene.s1.Token.x${i}`,
      messageId: `junk${i}`,
    }));
    const posted = await evePosts({ ...card, saveRolls: [{ ...named, messageId: asked!.messageId }, ...padding] }, [
      ...m.rolls,
    ]);
    expect(posted.ledger.status, posted.ledger.reason).toBe("valid");
    expect(posted.ledger.card.saveRolls).toEqual([{ targetUuid: A, messageId: asked!.messageId }]);
    expect(attackCardIn(posted.m)!.saveRolls).toEqual([{ targetUuid: A, messageId: asked!.messageId }]);
    expect((await applyAsEve(posted.m.id)).report.ok).toBe(true);
    expect(a.source.hp.value).toBe(31);
  });

  /** A card of the drake at Foe A whose save the drake's client rolled itself (Bob unasked). */
  async function honestCardWithout(): Promise<MessageStandIn> {
    await w.attack.settings.set(SYSTEM_ID, "saveRollers", "attacker");
    try {
      standInAttackFaces.length = 0;
      standInAttackFaces.push(3, 5, 4);
      const m = (await rollAttack(drake as never, drake.items.get("breath") as never, {
        fastForward: true,
      })) as unknown as MessageStandIn;
      await settle(m.id);
      return m;
    } finally {
      await w.attack.settings.set(SYSTEM_ID, "saveRollers", "owners");
    }
  }
});
