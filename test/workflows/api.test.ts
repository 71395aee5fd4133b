/**
 * [SYS-CONTENT] `game.system.api` drives the product's own workflows: `attack` is the sheet's attack
 * click (a card posted against the targets, the power's use counted), `applyLastCard` is the card's
 * apply button for each selected token (the GM's ledger decides and records it; a token the card
 * doesn't list is refused), with the GM relay stand-in (test/stand-ins/foundry-relay.ts) and
 * recorded dice. The registration at init is checked too.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ledgerOf as LedgerOfFn } from "../../src/workflows/card-ledger.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  installRelayStandIn,
  RelayItemStandIn,
  type MessageStandIn,
  type RelayActorStandIn,
  type RelayStandIn,
} from "../stand-ins/foundry-relay.js";
import { npc, power } from "./attack-fixtures.js";
import { publishApi, runPackMacro, type ApiUnderTest } from "./api-macros.js";
import { attackCardIn } from "../support/card-messages.js";

const R = getRuleset("13th-age");
let w: RelayStandIn;
let api: ApiUnderTest;
let ledgerOf: typeof LedgerOfFn;

beforeAll(async () => {
  w = installRelayStandIn(R.id);
  const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
  registerAttackWorkflow();
  api = await publishApi();
  ({ ledgerOf } = await import("../../src/workflows/card-ledger.js"));
});
afterAll(() => w.uninstall());

/** What the user has selected on the canvas (the canvas is not ready, so no scene is read). */
function select(...ids: string[]): void {
  (globalThis as Record<string, unknown>).canvas = {
    ready: false,
    tokens: { controlled: ids.map((id) => placeable(id)) },
  };
}
function placeable(id: string) {
  const a = w.actors.get(id)!;
  return { actor: a, document: { uuid: `Scene.s1.Token.${id}`, name: a.name, texture: { src: a.img } } };
}
function target(...ids: string[]): void {
  w.attack.targets.clear();
  for (const id of ids) w.attack.targets.add(placeable(id) as never);
}
const hp = (id: string) => w.actors.get(id)!.source.hp.value;
const card = (m: MessageStandIn) => attackCardIn(m);

let bandit: RelayActorStandIn;
beforeEach(() => {
  w.messages.clear();
  w.actors.clear();
  w.tokens.clear();
  w.attack.warnings.length = 0;
  w.attack.errors.length = 0;
  standInAttackFaces.length = 0;
  bandit = w.addActor("bandit", "Bandit", npc(R, 12));
  // Sheet order is the items' sort: Cosh (sort 200) comes after Strike (sort 100).
  const strike = new RelayItemStandIn("strike", bandit, "power", "Strike", power({ damage: "5" }));
  strike.sort = 100;
  const cosh = new RelayItemStandIn("cosh", bandit, "power", "Cosh", power({ damage: "2" }));
  cosh.sort = 200;
  bandit.items.set(cosh.id, cosh);
  bandit.items.set(strike.id, strike);
  w.addActor("ogre", "Ogre", npc(R, 10, { hp: { value: 30, max: 30, temp: 0 } }));
  w.addActor("wolf", "Wolf", npc(R, 10, { hp: { value: 20, max: 20, temp: 0 } }));
  w.addActor("goat", "Goat", npc(R, 10, { hp: { value: 9, max: 9, temp: 0 } }));
});

async function settled(done: () => boolean): Promise<void> {
  for (let i = 0; i < 50 && !done(); i++) await new Promise((r) => setTimeout(r, 2));
  expect(done()).toBe(true);
}

describe("[SYS-CONTENT] game.system.api", () => {
  it("[SYS-CONTENT] init publishes the API on game.system", () => {
    const g = (globalThis as unknown as { game: { system: { id: string; api?: object } } }).game;
    expect(g.system.id).toBe(SYSTEM_ID);
    expect(Object.keys(g.system.api ?? {}).sort()).toEqual([
      "actions",
      "advanceEscalation",
      "applyLastCard",
      "attack",
      "firstAttack",
      "lastAttackCard",
      "selectedTokens",
      "useAction",
    ]);
  });

  it("[SYS-CONTENT] firstAttack is the actor's first power or weapon in sheet order", () => {
    expect(api.firstAttack(bandit as never)?.name).toBe("Strike");
  });

  it("[SYS-CONTENT] attack() rolls the selected token's first attack against the targets, as the sheet click does, and counts its use", async () => {
    select("bandit");
    target("ogre", "wolf");
    standInAttackFaces.push(15, 15);
    const posted = (await api.attack({ fastForward: true })) as unknown as MessageStandIn | null;
    expect(posted, w.attack.errors.join("; ")).toBeTruthy();
    const c = card(posted!)!;
    expect(c.itemName).toBe("Strike");
    expect(c.targets.map((t) => t.name)).toEqual(["Ogre", "Wolf"]);
    // The use is counted on the item the sheet would have spent (an at-will power stays ready).
    const strike = bandit.items.get("strike")!;
    expect(strike.system.used).toBe(false);
    expect(strike.updates).toBe(1);
  });

  it("[SYS-CONTENT] attack() with nothing selected, or with no attack, warns and rolls nothing", async () => {
    select();
    expect(await api.attack({ fastForward: true })).toBeNull();
    select("ogre");
    expect(await api.attack({ fastForward: true })).toBeNull();
    expect(w.attack.warnings).toEqual(["D20C.Api.NoToken", "D20C.Api.NoAttack"]);
    expect(w.messages.size).toBe(0);
  });

  it("[SYS-CONTENT] applyLastCard() presses the last card's apply button for each selected token it lists; the ledger records each", async () => {
    select("bandit");
    target("ogre", "wolf");
    standInAttackFaces.push(15, 15);
    const posted = (await api.attack({ fastForward: true })) as unknown as MessageStandIn;
    await settled(() => ledgerOf(posted.id) !== null);
    select("ogre", "wolf", "goat");
    expect(api.lastAttackCard()).toBe(posted);
    expect(await api.applyLastCard("full")).toBe(3);
    await settled(() => (ledgerOf(posted.id)?.ledger.card.applied.length ?? 0) === 2);
    expect(hp("ogre")).toBe(25);
    expect(hp("wolf")).toBe(15);
    // The goat is not on the card: the GM's ledger refuses it and it is untouched.
    expect(hp("goat")).toBe(9);
    expect(w.attack.warnings.concat(w.attack.errors).join(" ")).toMatch(/not on this card/i);
    // [SYS-TARGETS] Half on a target the card already damaged in full is another reading of the same
    // roll: refused while the full application stands, so the ogre never takes both.
    select("ogre");
    expect(await api.applyLastCard("half")).toBe(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(ledgerOf(posted.id)?.ledger.card.applied).toHaveLength(2);
    expect(hp("ogre")).toBe(25);
    expect(w.attack.warnings.concat(w.attack.errors).join(" ")).toMatch(/one application of an attack at a time/i);
  });

  it("[SYS-CONTENT] applyLastCard() without a card, a selection or with an unknown mode warns and applies nothing", async () => {
    select("ogre");
    expect(await api.applyLastCard("full")).toBe(0);
    select("bandit");
    target("ogre");
    standInAttackFaces.push(15);
    await api.attack({ fastForward: true });
    select();
    expect(await api.applyLastCard("full")).toBe(0);
    select("ogre");
    expect(await api.applyLastCard("everything" as never)).toBe(0);
    expect(w.attack.warnings).toEqual(["D20C.Api.NoCard", "D20C.Api.NoToken", "D20C.Api.BadMode"]);
    expect(hp("ogre")).toBe(30);
  });

  it("[SYS-CONTENT] the compendium macros Attack with First Attack and Apply Last Card run these calls", async () => {
    select("bandit");
    target("ogre");
    standInAttackFaces.push(15);
    await runPackMacro("Attack with First Attack");
    const posted = api.lastAttackCard() as unknown as MessageStandIn;
    expect(card(posted)?.itemName).toBe("Strike");
    await settled(() => ledgerOf(posted.id) !== null);
    select("ogre");
    await runPackMacro("Apply Last Card");
    await settled(() => (ledgerOf(posted.id)?.ledger.card.applied.length ?? 0) === 1);
    expect(hp("ogre")).toBe(25);
  });
});
