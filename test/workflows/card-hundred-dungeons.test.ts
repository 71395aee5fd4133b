/**
 * Hundred Dungeons on the attack card, through the REAL entry points on the active GM's client
 * (test/stand-ins/foundry-relay.ts), recorded dice throughout: the sheet attack `rollAttack` posts
 * the card, and presses travel on the system socket to the registered listener, which answers as
 * the user the transport named.
 *
 * - [HD-REACT] [HD-DUAL] Parry: the dual-wielding target is offered Parry; its owner's press makes
 *   the GM re-decide that target from its ledger with +2 defense, spend the reaction in the
 *   target's combatant, and write the ledger and the public card.
 * - [HD-COND] a spell that inflicts exhaustion: its Apply adds one level through the game's own gain
 *   (death at 6) instead of putting an effect on, recorded so undo takes the level back.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { PowerSource } from "../../src/engine/types.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import type { ledgerOf as LedgerOfFn } from "../../src/workflows/card-ledger.js";
import type { onReactClick as OnReactClickFn } from "../../src/workflows/reactions.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  installRelayStandIn,
  RelayCombatantStandIn,
  RelayItemStandIn,
  type RelayCombatStandIn,
  type MessageStandIn,
  type RelayActorStandIn,
  type RelayStandIn,
} from "../stand-ins/foundry-relay.js";
import { CombatStandIn } from "../stand-ins/foundry-sheet.js";
import { npc, power, weapon } from "./attack-fixtures.js";
import { hitEffect } from "./power-fixtures.js";
import { attackCardIn } from "../support/card-messages.js";

const R = getRuleset("hundred-dungeons");
const heroToken = "Scene.s1.Token.hero";
let seq = 0;
const wire = (action: "apply" | "undo" | "react", data: Record<string, unknown>) => ({
  type: "request",
  id: `hd${++seq}`,
  gmId: "gm",
  action,
  data,
});
const react = (messageId: string, key = "parry") => wire("react", { messageId, targetUuid: heroToken, key });
const apply = (messageId: string, targetUuid = heroToken) => wire("apply", { messageId, targetUuid, mode: "full" });
type Answer = { report: { ok: boolean; message: string } };

let w: RelayStandIn;
let rollAttack: typeof RollAttackFn;
let ledgerOf: typeof LedgerOfFn;
let onReactClick: typeof OnReactClickFn;
let hero: RelayActorStandIn;
let orc: RelayActorStandIn;
let combat: RelayCombatStandIn;

beforeAll(async () => {
  w = installRelayStandIn("hundred-dungeons");
  const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
  registerAttackWorkflow();
  ({ rollAttack } = await import("../../src/workflows/attack.js"));
  ({ ledgerOf } = await import("../../src/workflows/card-ledger.js"));
  ({ onReactClick } = await import("../../src/workflows/reactions.js"));
});
afterAll(() => w.uninstall());

/** A Light melee weapon the hero holds (two of them: dual wielding). */
function holds(actor: RelayActorStandIn, id: string, name: string, light = true): void {
  const source = weapon({ name, light, weaponClass: "simple", damageDice: "1d4" });
  actor.items.set(id, new RelayItemStandIn(id, actor, "weapon", name, power(), source, "icons/svg/sword.svg", true));
}

/** A hammer blow: +5, 6 damage, half on a miss, and a miss knocks the target prone. */
const hammer: PowerSource = power({
  damage: "6",
  missEffect: "half",
  effects: [hitEffect({ outcome: "miss", statuses: ["prone"], duration: "endOfNextTurn" })],
});

beforeEach(() => {
  w.messages.clear();
  w.actors.clear();
  w.tokens.clear();
  w.addUser("bob");
  w.addUser("carol");
  orc = w.addActor("orc", "Orc", npc(R, 12));
  hero = w.addActor("hero", "Wren", npc(R, 15, { kind: "character" }), ["bob"]);
  holds(hero, "dagger1", "Dagger");
  holds(hero, "dagger2", "Sickle");
  orc.items.set("hammer", new RelayItemStandIn("hammer", orc, "power", "Hammer Blow", hammer));
  combat = new CombatStandIn(
    2,
    [new RelayCombatantStandIn("c-orc", orc), new RelayCombatantStandIn("c-hero", hero)],
    "c-orc",
  );
  w.setCombat(combat);
  w.attack.targets.clear();
  w.attack.targets.add({
    document: { uuid: heroToken, name: "Wren", texture: { src: hero.img } },
    actor: hero as never,
  });
  w.attack.errors.length = 0;
});

/** The orc's attack at the hero with a recorded natural roll (+5 against Defense 15). */
async function attack(natural: number): Promise<MessageStandIn> {
  standInAttackFaces.length = 0;
  standInAttackFaces.push(natural);
  const posted = (await rollAttack(orc as never, orc.items.get("hammer") as never, {
    fastForward: true,
  })) as unknown as MessageStandIn;
  expect(posted, w.attack.errors.join("; ")).toBeTruthy();
  for (let i = 0; i < 50 && ledgerOf(posted.id) === null; i++) await new Promise((r) => setTimeout(r, 2));
  expect(ledgerOf(posted.id)).not.toBeNull();
  return posted;
}
const ledgerTarget = (m: MessageStandIn) => ledgerOf(m.id)!.ledger.card.targets[0]!;
const publicTarget = (m: MessageStandIn) => attackCardIn(m)!.targets[0]!;
const reactionsLeft = () =>
  (combat.list[1]!.flags[SYSTEM_ID] as { actions?: { left: Record<string, number> } } | undefined)?.actions?.left
    .reaction;

describe("[HD-REACT] Parry on the attack card", () => {
  it("[HD-REACT] [HD-DUAL] a dual-wielding target hit by 15 against 15 is offered Parry; its owner's press turns the hit into a miss (+2: 17), spends its reaction and the miss carries the power's miss effect", async () => {
    const m = await attack(10);
    expect(ledgerTarget(m).outcome).toMatchObject({ result: "hit", total: 15, defense: 15 });
    expect(ledgerTarget(m).reactions?.map((r) => r.key)).toEqual(["parry"]);
    expect(publicTarget(m).reactions?.map((r) => r.key)).toEqual(["parry"]);
    const answer = (await w.send(react(m.id), "bob")) as Answer;
    expect(answer.report).toMatchObject({ ok: true, message: "D20C.Reaction.TurnedMiss" });
    const after = ledgerTarget(m);
    expect(after.outcome).toMatchObject({ result: "miss", isHit: false, defense: 17, missEffect: true });
    expect(after.outcome.reasons).toContain("D20C.HD.Reason.parried");
    expect(after.reacted).toBe("parry");
    // The miss takes half of the hit's 6 and the prone miss effect.
    expect(after.damage).toBe(3);
    expect(after.effects).toEqual([0]);
    expect(publicTarget(m)).toMatchObject({ reacted: "parry", damage: 3, outcome: { result: "miss" } });
    expect(reactionsLeft()).toBe(0);
    // Apply then deals the miss's 3 and lays the hero prone.
    const applied = (await w.send(apply(m.id), "bob")) as Answer;
    expect(applied.report.ok, applied.report.message).toBe(true);
    expect(hero.source.hp.value).toBe(27);
    expect([...hero.effectDocs.values()].flatMap((e) => [...e.statuses])).toEqual(["prone"]);
    // A second press is refused: the reaction was taken.
    const again = (await w.send(react(m.id), "bob")) as Answer;
    expect(again.report).toMatchObject({ ok: false, message: "D20C.Reaction.NotOffered" });
  });

  it("[HD-REACT] a parried 17 against 15 still hits (+2: 17): the hit stays, its damage unchanged; the reaction is spent", async () => {
    const m = await attack(12);
    const answer = (await w.send(react(m.id), "bob")) as Answer;
    expect(answer.report).toMatchObject({ ok: true, message: "D20C.Reaction.StillHit" });
    expect(ledgerTarget(m)).toMatchObject({ outcome: { result: "hit", defense: 17 }, damage: 6, effects: [] });
    expect(reactionsLeft()).toBe(0);
  });

  it("[HD-REACT] only the target's side parries: another player is refused, and nothing changes", async () => {
    const m = await attack(10);
    const answer = (await w.send(react(m.id), "carol")) as Answer;
    expect(answer.report).toMatchObject({ ok: false, message: "D20C.Reaction.Refused" });
    expect(ledgerTarget(m)).toMatchObject({ outcome: { result: "hit" }, damage: 6 });
    expect(reactionsLeft()).toBeUndefined();
  });

  it("[HD-REACT] a reaction spent since the card was posted: the GM checks again and refuses", async () => {
    const m = await attack(10);
    await combat.list[1]!.update({ flags: { [SYSTEM_ID]: { actions: { left: { quick: 2, reaction: 0 } } } } });
    const answer = (await w.send(react(m.id), "bob")) as Answer;
    expect(answer.report).toMatchObject({ ok: false, message: "D20C.Reaction.NoLonger" });
    expect(ledgerTarget(m).outcome.result).toBe("hit");
  });

  it("[HD-REACT] [HD-DUAL] no Parry offered without two Light melee weapons, nor with the reaction already spent", async () => {
    hero.items.delete("dagger2");
    holds(hero, "sword", "Longsword", false);
    const m = await attack(10);
    expect(ledgerTarget(m).reactions).toBeUndefined();
    hero.items.delete("sword");
    holds(hero, "dagger2", "Sickle");
    await combat.list[1]!.update({ flags: { [SYSTEM_ID]: { actions: { left: { quick: 2, reaction: 0 } } } } });
    const spent = await attack(10);
    expect(ledgerTarget(spent).reactions).toBeUndefined();
  });

  it("[HD-REACT] the card control on the GM's own client (onReactClick) parries at once (local route)", async () => {
    const m = await attack(10);
    await onReactClick(m as never, heroToken, "parry");
    expect(ledgerTarget(m).outcome.result).toBe("miss");
    expect(reactionsLeft()).toBe(0);
  });
});

/** A hag's Withering Curse (+5, 2 necrotic) hits a foe of Defense 12 at `exhaustion` levels. */
async function curse(exhaustion: number, statuses = ["exhaustion"]): Promise<MessageStandIn> {
  w.messages.clear();
  w.actors.clear();
  w.tokens.clear();
  const hag = w.addActor("hag", "Hag", npc(R, 12));
  w.addActor("wren", "Wren", npc(R, 12, { kind: "character", exhaustion }));
  const spell = power({ damage: "2", effects: [hitEffect({ statuses, duration: "permanent" })] });
  hag.items.set("curse", new RelayItemStandIn("curse", hag, "power", "Withering Curse", spell));
  const wren = w.actors.get("wren")!;
  w.attack.targets.clear();
  w.attack.targets.add({
    document: { uuid: "Scene.s1.Token.wren", name: "Wren", texture: { src: wren.img } },
    actor: wren as never,
  });
  standInAttackFaces.length = 0;
  // Two faces: a stunned target (exhaustion 5) is attacked with a mighty roll.
  standInAttackFaces.push(15, 3);
  const m = (await rollAttack(hag as never, hag.items.get("curse") as never, {
    fastForward: true,
  })) as unknown as MessageStandIn;
  expect(m, w.attack.errors.join("; ")).toBeTruthy();
  for (let i = 0; i < 50 && ledgerOf(m.id) === null; i++) await new Promise((r) => setTimeout(r, 2));
  return m;
}
const applyCurse = (m: MessageStandIn) => w.send(apply(m.id, "Scene.s1.Token.wren"), "gm") as Promise<Answer>;

describe("[HD-COND] exhaustion from a spell", () => {
  it("[HD-COND] a creature at exhaustion 5 hit by a spell that inflicts exhaustion reaches 6 and dies; no effect is put on it; undo brings it back at 5", async () => {
    const m = await curse(5);
    expect((await applyCurse(m)).report.ok).toBe(true);
    const wren = w.actors.get("wren")!;
    expect(wren.source.exhaustion).toBe(6);
    expect(wren.source.state).toBe("dead");
    expect(wren.effectIds()).toEqual([]);
    const record = ledgerOf(m.id)!.ledger.card.applied[0]!;
    expect(record.events.map((e) => e.key)).toEqual(
      expect.arrayContaining(["D20C.HD.Event.exhaustionGained", "D20C.HD.Event.exhaustionDeath"]),
    );
    const undone = (await w.send(wire("undo", { messageId: m.id, recordId: record.id }), "gm")) as Answer;
    expect(undone.report.ok, undone.report.message).toBe(true);
    expect(wren.source.exhaustion).toBe(5);
    expect(wren.source.state).toBe("active");
  });

  it("[HD-COND] exhaustion beside another condition: one level gained and the other condition still lands as an effect", async () => {
    const m = await curse(1, ["exhaustion", "frightened"]);
    expect((await applyCurse(m)).report.ok).toBe(true);
    const wren = w.actors.get("wren")!;
    expect(wren.source.exhaustion).toBe(2);
    expect(wren.source.state).toBe("active");
    expect([...wren.effectDocs.values()].map((e) => [...e.statuses])).toEqual([["frightened"]]);
  });
});

describe("[HD-DUAL] [HD-WATER] attacks and damage at the table", () => {
  const quickLeft = (i: number) =>
    (combat.list[i]!.flags[SYSTEM_ID] as { actions?: { left: Record<string, number> } } | undefined)?.actions?.left
      .quick;
  const targetOrc = () => {
    w.attack.targets.clear();
    w.attack.targets.add({
      document: { uuid: "Scene.s1.Token.orc", name: "Orc", texture: { src: orc.img } },
      actor: orc as never,
    });
  };

  it("[HD-DUAL] the dual-wielding hero's attack with its Dagger is a quick action (one of two left); with one Light weapon and a heavy one it is an action", async () => {
    combat.current = "c-hero";
    targetOrc();
    standInAttackFaces.length = 0;
    standInAttackFaces.push(12, 2);
    expect(await rollAttack(hero as never, hero.items.get("dagger1") as never, { fastForward: true })).toBeTruthy();
    expect(quickLeft(1)).toBe(1);
    // The Sickle swapped for a heavy maul: no longer dual wielding.
    holds(hero, "dagger2", "Maul", false);
    combat.list[1]!.flags = {};
    standInAttackFaces.push(12, 2);
    await rollAttack(hero as never, hero.items.get("dagger1") as never, { fastForward: true });
    expect(quickLeft(1)).toBe(0);
  });

  it("[HD-WATER] an immersed creature resists fire: the orc's 6 fire damage against the underwater hero deals 3; out of the water all 6", async () => {
    const fireBlow = power({ damage: "6", damageTypes: ["fire"] });
    orc.items.set("fire", new RelayItemStandIn("fire", orc, "power", "Fire Blow", fireBlow));
    const blow = async () => {
      standInAttackFaces.length = 0;
      standInAttackFaces.push(18);
      const m = (await rollAttack(orc as never, orc.items.get("fire") as never, {
        fastForward: true,
      })) as unknown as MessageStandIn;
      for (let i = 0; i < 50 && ledgerOf(m.id) === null; i++) await new Promise((r) => setTimeout(r, 2));
      return m;
    };
    hero.source.conditions = ["underwater"];
    hero.source.hp = { value: 20, max: 20, temp: 0 };
    expect((await w.send(apply((await blow()).id), "gm")) as Answer).toMatchObject({ report: { ok: true } });
    expect(hero.source.hp.value).toBe(17);
    hero.source.conditions = [];
    expect((await w.send(apply((await blow()).id), "gm")) as Answer).toMatchObject({ report: { ok: true } });
    expect(hero.source.hp.value).toBe(11);
  });
});
