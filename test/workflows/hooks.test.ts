/**
 * [SYS-HOOKS] Modules' hooks around attacks and applications, through the real entry points: the
 * sheet click's attack workflow (`usePower`, what the sheet's item control and
 * `game.system.api.useAction` run), the card's apply button (`onApplyClick`) on the GM's client,
 * a player's request relayed to the GM's client (the GM relay stand-in: `send` for the wire,
 * `playAs` for the player's own client), with recorded dice. Each pre hook cancels and adjusts
 * within bounds; each post hook reads the decided outcome, frozen; a throwing listener is reported
 * and skipped; a player's listener never changes what the GM's client applies.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { AppliedRecord, AttackCardData } from "../../src/engine/plans/card-data.js";
import type { ledgerOf as LedgerOfFn } from "../../src/workflows/card-ledger.js";
import type { usePower as UsePowerFn } from "../../src/workflows/power-usage.js";
import type { onApplyClick as OnApplyClickFn } from "../../src/workflows/apply-damage.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  installRelayStandIn,
  RelayItemStandIn,
  type MessageStandIn,
  type RelayActorStandIn,
  type RelayStandIn,
  type UserStandIn,
} from "../stand-ins/foundry-relay.js";
import { npc, power } from "./attack-fixtures.js";
import { attackCardIn, drawnCardHtml } from "../support/card-messages.js";

const R = getRuleset("13th-age");
let w: RelayStandIn;
let ledgerOf: typeof LedgerOfFn;
let usePower: typeof UsePowerFn;
let onApplyClick: typeof OnApplyClickFn;

beforeAll(async () => {
  w = installRelayStandIn(R.id);
  const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
  registerAttackWorkflow();
  ({ ledgerOf } = await import("../../src/workflows/card-ledger.js"));
  ({ usePower } = await import("../../src/workflows/power-usage.js"));
  ({ onApplyClick } = await import("../../src/workflows/apply-damage.js"));
});
afterAll(() => w.uninstall());

const OUR_HOOKS = ["preAttack", "attack", "preApplyDamage", "applyDamage", "rollResolved"].map(
  (h) => `${SYSTEM_ID}.${h}`,
);
/** A module's listener (Hooks.on, as a module registers it). */
function on(hook: string, fn: (data: never) => unknown): void {
  (globalThis as unknown as { Hooks: { on(n: string, f: unknown): void } }).Hooks.on(`${SYSTEM_ID}.${hook}`, fn);
}

let bandit: RelayActorStandIn;
let strike: RelayItemStandIn;
let alice: UserStandIn;
beforeEach(() => {
  for (const h of OUR_HOOKS) w.hooks.delete(h);
  w.playAs(null);
  w.messages.clear();
  w.actors.clear();
  w.tokens.clear();
  w.attack.warnings.length = 0;
  w.attack.errors.length = 0;
  w.emitted.length = 0;
  standInAttackFaces.length = 0;
  alice = w.users.get("alice") ?? w.addUser("alice");
  bandit = w.addActor("bandit", "Bandit", npc(R, 12), ["alice"]);
  strike = new RelayItemStandIn("strike", bandit, "power", "Strike", power({ damage: "5" }));
  bandit.items.set(strike.id, strike);
  w.addActor("ogre", "Ogre", npc(R, 10, { hp: { value: 30, max: 30, temp: 0 } }));
});

const hp = (id: string) => w.actors.get(id)!.source.hp.value;
const token = (id: string) => `Scene.s1.Token.${id}`;
function target(...ids: string[]): void {
  w.attack.targets.clear();
  for (const id of ids) {
    const a = w.actors.get(id)!;
    w.attack.targets.add({ actor: a, document: { uuid: token(id), name: a.name, texture: { src: a.img } } } as never);
  }
}
async function settled(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 2));
  expect(done()).toBe(true);
}

/** The sheet click's attack (shift-click: no dialog) of the bandit's Strike on the ogre with a d20 of `face`. */
async function attack(face = 15): Promise<MessageStandIn | null> {
  target("ogre");
  standInAttackFaces.push(face);
  return (await usePower(bandit as never, strike as never, { fastForward: true })) as unknown as MessageStandIn | null;
}
const ogreOutcome = (m: MessageStandIn) => attackCardIn(m)!.targets[0]!.outcome;
const records = (m: MessageStandIn): AppliedRecord[] => ledgerOf(m.id)?.ledger.card.applied ?? [];

let seq = 0;
const applyWire = (messageId: string, mode = "full") => ({
  type: "request",
  id: `hookreq${++seq}`,
  gmId: "gm",
  action: "apply",
  data: { messageId, targetUuid: token("ogre"), mode },
});

describe("[SYS-HOOKS] d20-combat.preAttack / d20-combat.attack", () => {
  it("[SYS-HOOKS] a preAttack listener returning false cancels the sheet's attack: nothing rolled, posted or spent", async () => {
    const seen: unknown[] = [];
    on("preAttack", (data: { itemName: string; targets: { name: string }[] }) => {
      seen.push(data);
      return false;
    });
    expect(await attack()).toBeNull();
    expect(w.messages.size).toBe(0);
    expect(standInAttackFaces).toEqual([15]); // the d20 was never rolled
    expect(strike.updates).toBe(0); // the use is not counted
    expect(seen).toMatchObject([{ itemName: "Strike", actorName: "Bandit", targets: [{ name: "Ogre" }], bonus: 0 }]);
  });

  it("[SYS-HOOKS] a preAttack listener moves the situational bonus by +2: the roll counts it, the card says who, the GM's ledger accepts it", async () => {
    const plain = await attack(10);
    const before = ogreOutcome(plain!).total;
    w.messages.clear();
    on("preAttack", () => ({ bonus: 2, source: "Bless Helper" }));
    const m = await attack(10);
    expect(ogreOutcome(m!).total).toBe(before + 2);
    expect(attackCardIn(m!)!.situation?.hooks).toEqual([{ field: "bonus", delta: 2, source: "Bless Helper" }]);
    expect(await drawnCardHtml(m!)).toContain("+2 from Bless Helper");
    await settled(() => ledgerOf(m!.id) !== null);
    expect(ledgerOf(m!.id)!.ledger.status).toBe("valid");
    expect(ledgerOf(m!.id)!.ledger.card.targets[0]!.outcome.total).toBe(before + 2);
  });

  it("[SYS-HOOKS] the module's name may be an i18n key; a bonus out of bounds or a nameless change is refused with a notice and the attack goes on unchanged", async () => {
    on("preAttack", () => ({ bonus: 50, source: "Too Much" }));
    on("preAttack", () => ({ bonus: 1 }));
    on("preAttack", () => ({ bonus: 1, source: "D20C.SystemTitle" }));
    const m = await attack(10);
    expect(attackCardIn(m!)!.situation?.hooks).toEqual([{ field: "bonus", delta: 1, source: "d20 Combat" }]);
    expect(w.attack.warnings).toHaveLength(2);
    expect(w.attack.warnings.join(" ")).toMatch(/preAttack hook asked for a change out of bounds \(bonus\)/);
    expect(w.attack.warnings.join(" ")).toMatch(/\(source\)/);
  });

  it("[SYS-HOOKS] a throwing preAttack listener is reported and skipped: the attack is rolled and posted; the next listener still runs", async () => {
    on("preAttack", () => {
      throw new Error("module bug");
    });
    on("preAttack", () => ({ bonus: -1, source: "Bane" }));
    const m = await attack();
    expect(m).not.toBeNull();
    expect(w.attack.errors.join(" ")).toMatch(/preAttack hook failed and was skipped: module bug/);
    expect(attackCardIn(m!)!.situation?.hooks).toEqual([{ field: "bonus", delta: -1, source: "Bane" }]);
    expect(await drawnCardHtml(m!)).toContain("−1 from Bane");
  });

  it("[SYS-HOOKS] the attack post hook receives the posted card, frozen: the message id, each target's outcome", async () => {
    const got: { messageId: string; card: AttackCardData }[] = [];
    on("attack", (data: { messageId: string; card: AttackCardData }) => got.push(data));
    const m = await attack(15);
    expect(got).toHaveLength(1);
    expect(got[0]!.messageId).toBe(m!.id);
    expect(got[0]!.card.targets[0]!.outcome.total).toBe(ogreOutcome(m!).total);
    expect(Object.isFrozen(got[0]!.card.targets[0]!.outcome)).toBe(true);
    expect(() => {
      (got[0]!.card as { itemName: string }).itemName = "Changed";
    }).toThrow(TypeError);
    expect(attackCardIn(m!)!.itemName).toBe("Strike");
  });

  it("[SYS-HOOKS] the GM's client re-validates the changes a posted card carries: a forged +99 change makes the card refused", async () => {
    const hooks = w.hooks.get("createChatMessage")!;
    const original = hooks.slice();
    w.hooks.set("createChatMessage", [
      async (msg: unknown) => {
        const card = attackCardIn(msg as MessageStandIn);
        if (card?.situation) card.situation.hooks = [{ field: "bonus", delta: 99, source: "Forged" }];
        for (const fn of original) await fn(msg);
      },
    ]);
    try {
      const m = await attack(15);
      await settled(() => ledgerOf(m!.id) !== null);
      expect(ledgerOf(m!.id)!.ledger).toMatchObject({ status: "invalid", reason: "situation" });
    } finally {
      w.hooks.set("createChatMessage", original);
    }
  });
});

describe("[SYS-HOOKS] d20-combat.preApplyDamage / d20-combat.applyDamage", () => {
  async function card(): Promise<MessageStandIn> {
    const m = (await attack(15))!;
    await settled(() => ledgerOf(m.id) !== null);
    return m;
  }

  it("[SYS-HOOKS] on the GM's client a preApplyDamage listener returning false cancels the card button: nothing written or recorded", async () => {
    const m = await card();
    on("preApplyDamage", () => false);
    await onApplyClick(m as unknown as ChatMessage, token("ogre"), "full");
    expect(hp("ogre")).toBe(30);
    expect(records(m)).toEqual([]);
    expect(w.attack.errors.join(" ")).toMatch(/A module cancelled this action/);
  });

  it("[SYS-HOOKS] a GM's listener sets the amount within the card's bounds: 5 becomes 3, recorded with its source and shown on the card; the post hook reads the record, frozen", async () => {
    const m = await card();
    const seen: { amount?: number; request: boolean; userId: string }[] = [];
    on("preApplyDamage", (data: { amount?: number; request: boolean; userId: string }) => {
      seen.push(data);
      return { amount: 3, source: "Shield Module" };
    });
    const after: { record: AppliedRecord; targetName: string }[] = [];
    on("applyDamage", (data: { record: AppliedRecord; targetName: string }) => after.push(data));
    await onApplyClick(m as unknown as ChatMessage, token("ogre"), "full");
    expect(seen).toMatchObject([{ amount: 5, request: false, userId: "gm", mode: "full", targetName: "Ogre" }]);
    expect(hp("ogre")).toBe(27);
    expect(records(m)[0]).toMatchObject({
      amount: 3,
      dealt: 3,
      hooks: [{ field: "amount", delta: -2, source: "Shield Module" }],
    });
    expect(await drawnCardHtml(m)).toContain("−2 from Shield Module");
    expect(after).toHaveLength(1);
    expect(after[0]!.record).toMatchObject({ amount: 3, dealt: 3, mode: "full" });
    expect(Object.isFrozen(after[0]!.record)).toBe(true);
  });

  it("[SYS-HOOKS] an amount beyond the card's double damage is refused with a notice and the button's own amount is applied", async () => {
    const m = await card();
    on("preApplyDamage", () => ({ amount: 11, source: "Greedy" }));
    await onApplyClick(m as unknown as ChatMessage, token("ogre"), "full");
    expect(hp("ogre")).toBe(25);
    expect(records(m)[0]!.hooks).toBeUndefined();
    expect(w.attack.warnings.join(" ")).toMatch(/preApplyDamage hook asked for a change out of bounds \(amount\)/);
  });

  it("[SYS-HOOKS] a throwing applyDamage or preApplyDamage listener does not block the Apply", async () => {
    const m = await card();
    on("preApplyDamage", () => {
      throw new Error("pre boom");
    });
    on("applyDamage", () => {
      throw new Error("post boom");
    });
    await onApplyClick(m as unknown as ChatMessage, token("ogre"), "full");
    expect(hp("ogre")).toBe(25);
    expect(records(m)).toHaveLength(1);
    expect(w.attack.errors.join(" ")).toMatch(/pre boom/);
    expect(w.attack.errors.join(" ")).toMatch(/post boom/);
  });

  it("[SYS-HOOKS] a player's press relayed to the GM: the GM's client's listener decides (for that player), within bounds", async () => {
    w.postAs = alice; // the player's own card
    const m = await card();
    on("preApplyDamage", (data: { userId: string; request: boolean }) =>
      data.userId === "alice" && !data.request ? { amount: 10, source: "Double Tap" } : undefined,
    );
    await w.send(applyWire(m.id), alice.id);
    expect(hp("ogre")).toBe(20);
    expect(records(m)[0]).toMatchObject({ userId: "alice", amount: 10, hooks: [{ delta: 5, source: "Double Tap" }] });
  });
});

describe("[SYS-HOOKS] a player's own client asking the GM's client to apply", () => {
  async function card(): Promise<MessageStandIn> {
    w.postAs = alice; // the player's own card
    const m = (await attack(15))!;
    await settled(() => ledgerOf(m.id) !== null);
    return m;
  }

  it("[SYS-HOOKS] a player's preApplyDamage listener cannot change what the GM's client applies: its amount is ignored, the GM applies the card's 5", async () => {
    const m = await card();
    const seen: { request: boolean; user: string }[] = [];
    on("preApplyDamage", (data: { request: boolean }) => {
      const user = (globalThis as unknown as { game: { user: { id: string } } }).game.user.id;
      seen.push({ request: data.request, user });
      // Only the player's client answers: it asks for no damage at all.
      return user === "alice" ? { amount: 0, source: "Player's Module" } : undefined;
    });
    w.playAs(alice);
    await onApplyClick(m as unknown as ChatMessage, token("ogre"), "full");
    await settled(() => records(m).length === 1);
    w.playAs(null);
    expect(seen).toEqual([
      { request: true, user: "alice" },
      { request: false, user: "gm" },
    ]);
    expect(hp("ogre")).toBe(25);
    expect(records(m)[0]).toMatchObject({ userId: "alice", amount: 5 });
    expect(records(m)[0]!.hooks).toBeUndefined();
  });

  it("[SYS-HOOKS] a player's preApplyDamage listener may cancel its own request: nothing reaches the GM", async () => {
    const m = await card();
    on("preApplyDamage", (data: { request: boolean }) => (data.request ? false : undefined));
    w.playAs(alice);
    await onApplyClick(m as unknown as ChatMessage, token("ogre"), "full");
    w.playAs(null);
    await new Promise((r) => setTimeout(r, 20));
    expect(w.emitted.filter((e) => (e.payload as { type?: string }).type === "request")).toEqual([]);
    expect(hp("ogre")).toBe(30);
    expect(records(m)).toEqual([]);
  });
});

describe("[SYS-HOOKS] d20-combat.rollResolved: the roll hook's results announced", () => {
  /** A d20 roll message a user posts while targeting (what a module's or a macro's roll posts). */
  function rollMessage(natural: number, total: number) {
    const roll = { formula: "1d20 + 4", total, terms: [{ faces: 20, results: [{ result: natural, active: true }] }] };
    const message = {
      flags: {} as Record<string, unknown>,
      type: "base",
      system: {},
      content: "",
      rolls: [{ toJSON: () => roll }],
      updateSource(data: { flags: Record<string, unknown> }) {
        Object.assign(message.flags, data.flags);
      },
    };
    return message;
  }

  it("[SYS-HOOKS] a loose d20 roll against the targets is resolved and its results reach d20-combat.rollResolved, frozen; a throwing listener does not stop the message", async () => {
    on("rollResolved", () => {
      throw new Error("fx module bug");
    });
    const got: { userId: string; loose: { targets: { name: string }[] } }[] = [];
    on("rollResolved", (data: (typeof got)[number]) => got.push(data));
    target("ogre");
    const message = rollMessage(15, 19);
    for (const fn of w.hooks.get("preCreateChatMessage") ?? []) fn(message, {}, {}, "gm");
    const stored = (message.flags[SYSTEM_ID] as { loose: unknown }).loose;
    expect(stored).toBeTruthy();
    expect(got).toHaveLength(1);
    expect(got[0]!.userId).toBe("gm");
    expect(got[0]!.loose).toEqual(stored);
    expect(got[0]!.loose.targets.map((t) => t.name)).toEqual(["Ogre"]);
    expect(Object.isFrozen(got[0]!.loose)).toBe(true);
    expect(w.attack.errors.join(" ")).toMatch(/rollResolved hook failed and was skipped: fx module bug/);
  });
});
