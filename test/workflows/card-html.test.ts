/**
 * The attack card's HTML and posted data, pinned per game (a vitest snapshot of each): a fixed
 * attack from recorded dice through the REAL `rollAttack` (shift-click, ten targets, one of them
 * fire-vulnerable, a power with a save-ends effect, a push, ongoing damage and hit / miss texts),
 * under each card visibility, the untargeted roll, and the card re-rendered for the GM, a target's
 * owner and another player, with an applied and an undone record, scene notes, warnings, a
 * wrong-square target and a Parry offer. A change to the card's context builder or template that moves one character
 * of what a table sees, or one field of what the message carries, fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import type { PowerSource } from "../../src/engine/types.js";
import type { BuiltInRulesetId as RulesetId } from "../../src/engine/rulesets/ids.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import { decideApplication } from "../../src/engine/plans/apply.js";
import { plainSituation } from "../../src/engine/plans/attack.js";
import type { CardVisibility } from "../../src/engine/plans/card-secrets.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import type { renderAttackCard as RenderAttackCardFn } from "../../src/workflows/chat-render.js";
import * as attackStandIn from "../stand-ins/foundry-attack.js";
import { defaultOptions, npc, power, request, target, weapon } from "./attack-fixtures.js";
import { standInViewer } from "./attack-card-fixture.js";
import { hitEffect, saveEndsEffect } from "./power-fixtures.js";
import { attackFromRecordedDice, recordedRoller } from "../support/recorded-dice.js";
import { attackCardIn, drawnCardHtml } from "../support/card-messages.js";

const GAMES: RulesetId[] = ["13th-age", "ffd20", "hundred-dungeons", "wounds-d20"];

let state: attackStandIn.AttackStandInState;
let uninstall: () => void;
let rollAttack: typeof RollAttackFn;
let renderAttackCard: typeof RenderAttackCardFn;

beforeAll(async () => {
  ({ state, uninstall } = attackStandIn.installAttackStandIn("13th-age"));
  state.settings.register("d20-combat", "cardVisibility", { scope: "world", default: "owners" });
  // Imported after the stand-in: the roll classes extend `Roll` when the module loads.
  ({ rollAttack } = await import("../../src/workflows/attack.js"));
  ({ renderAttackCard } = await import("../../src/workflows/chat-render.js"));
});
afterAll(() => uninstall());

/** The power every card is made with: effects on hit (a save-ends one and a push), texts, ongoing fire. */
function cleaver(id: RulesetId): PowerSource {
  const R = getRuleset(id);
  const fire = R.damageTypes.includes("fire") ? "fire" : (R.damageTypes[0] ?? "fire");
  return power({
    attackBonus: 7,
    defense: R.defenses[0]?.key ?? "ac",
    damage: "2d6 + 1d8 + 4",
    damageTypes: [fire],
    missEffect: "half",
    ongoing: { amount: 3, type: fire, save: "normal" },
    texts: { hit: "The foe reels.", miss: "The foe staggers.", crit: "The foe falls to one knee." },
    effects: [saveEndsEffect(id), hitEffect({ forced: { kind: "push", squares: 1 } })],
  });
}

/**
 * Ten targets of defenses 12–19 (the first vulnerable to fire): hits, misses and a natural 20;
 * `prepared`: their derived data prepared beforehand, as Foundry's data preparation leaves them.
 */
function tenTargets(id: RulesetId, prepared = false) {
  const R = getRuleset(id);
  return Array.from({ length: 10 }, (_, t) => {
    const actor = new attackStandIn.ActorStandIn(
      `t${t}`,
      `Goblin ${t}`,
      npc(R, 12 + (t % 8), t === 0 ? { vulnerabilities: [{ type: "fire", value: 0 }] } : {}),
    );
    return attackStandIn.tokenStandIn(`t${t}`, prepared ? actor.prepare(R) : actor);
  });
}

/** Shift-click the attack with recorded faces; the posted message's HTML and card. */
async function postedCard(id: RulesetId, visibility: CardVisibility, targets: boolean, prepared = false) {
  state.settings.values.set("d20-combat.ruleset", id);
  state.settings.values.set("d20-combat.cardVisibility", visibility);
  state.targets.clear();
  if (targets) for (const t of tenTargets(id, prepared)) state.targets.add(t);
  state.messages.length = 0;
  attackStandIn.standInAttackFaces.length = 0;
  // d20s 1, 8, 15, 2, 9, 16, 3, 10, 17, 20, then damage dice cycling 1–6.
  for (let t = 0; t < (targets ? 10 : 1); t++) attackStandIn.standInAttackFaces.push(t === 9 ? 20 : ((t * 7) % 20) + 1);
  for (let d = 0; d < 80; d++) attackStandIn.standInAttackFaces.push((d % 6) + 1);
  const attacker = new attackStandIn.ActorStandIn("attacker", "Orc Berserker", npc(getRuleset(id), 14));
  if (prepared) attacker.prepare(getRuleset(id));
  await rollAttack(attacker as never, new attackStandIn.ItemStandIn("power", "Cleaver", cleaver(id)) as never, {
    fastForward: true,
  });
  expect(state.errors, id).toEqual([]);
  const message = state.messages[0];
  if (!message) throw new Error("no card was posted");
  // [SYS-RELEASE] the message stores a short line; what a table sees is drawn from the card's data.
  expect(String(message.data.content)).toMatch(
    /^<p class="d20c-card-line">Orc Berserker: Cleaver( against Goblin 0, .*Goblin 9)?<\/p>$/,
  );
  return { html: await drawnCardHtml(message.data), card: attackCardIn(message.data) };
}

/**
 * A decided four-target card (crit, miss, wrong square when the game has it, a hit on a dual
 * wielder) with two records, one undone.
 */
async function reviewedCard(id: RulesetId): Promise<AttackCardData> {
  const R = getRuleset(id);
  const req = request(id, {
    power: cleaver(id),
    escalation: 2,
    attacker: npc(R, 10, { kind: "character" }),
    targets: [
      {
        ...target("imp", npc(R, 15, { vulnerabilities: [{ type: "fire", value: 0 }] }), "Ash Imp"),
        warnings: ["Far away"],
      },
      {
        ...target("bugbear", npc(R, 17), "Bugbear"),
        scene: [
          { text: "partial cover: 1 of 4 lines blocked", kept: true },
          { text: "in dim light", kept: false },
        ],
      },
      { ...target("troll", npc(R, 29), "Cave Troll"), situation: plainSituation({ wrongSquare: true }) },
      // Two Light blades and a reaction left: where the game has Parry, the hit offers it.
      {
        ...target("duelist", npc(R, 15), "Duelist"),
        reactor: {
          weapons: [weapon({ light: true }), weapon({ light: true, name: "Dagger" })],
          reactionUsed: false,
          round: 2,
        },
      },
    ],
  });
  let card = attackFromRecordedDice(
    { ...req, item: { name: "Flame Lash", img: "icons/svg/fire.svg" }, sourceCombatantId: "cmbAttacker00001" },
    [[20], [2], [18], [14]],
    { "*": [5, 3, 4, 2, 6, 1] },
  );
  for (const [recordId, uuid] of [
    ["rec1", card.targets[0]?.uuid],
    ["rec2", card.targets[1]?.uuid],
  ] as const) {
    const applied = await decideApplication({
      ruleset: R,
      options: defaultOptions(R),
      card,
      targetUuid: uuid ?? "",
      mode: recordId === "rec1" ? "full" : "half",
      actor: npc(R, 15),
      actorId: recordId,
      userId: "u1",
      recordId,
      roll: recordedRoller(Array.from({ length: 4 }, () => ({ total: 15, natural: 15 }))),
    });
    card = applied.card;
  }
  card = { ...card, applied: card.applied.map((r) => (r.id === "rec2" ? { ...r, undone: true } : r)) };
  return { ...card, defenseLabel: R.defenses[0]?.label ?? "" };
}

describe("the attack card's HTML, pinned per game", () => {
  for (const id of GAMES) {
    it(`${id}: the posted card of a ten-target shift-click attack, under each visibility`, async () => {
      const owners = await postedCard(id, "owners", true);
      expect(owners.html).toMatchSnapshot("html");
      expect(JSON.stringify(owners.card)).toMatchSnapshot("owners: card");
      // The stored HTML is the public view, whatever the setting; "gm" posts what "owners" does.
      const gm = await postedCard(id, "gm", true);
      expect(gm).toEqual(owners);
      const everyone = await postedCard(id, "everyone", true);
      expect(everyone.html).toBe(owners.html);
      expect(JSON.stringify(everyone.card)).toMatchSnapshot("everyone: card");
    });

    it(`[SYS-RELEASE] ${id}: with the actors' derived data prepared beforehand (read, not derived per click), the same card`, async () => {
      for (const visibility of ["owners", "everyone"] as const)
        expect(await postedCard(id, visibility, true, true)).toEqual(await postedCard(id, visibility, true));
    });

    it(`${id}: the posted card of an untargeted roll`, async () => {
      const { html, card } = await postedCard(id, "everyone", false);
      expect(html).toMatchSnapshot("html");
      expect(JSON.stringify(card)).toMatchSnapshot("card");
    });

    it(`${id}: the card re-rendered for the GM, a target's owner and another player`, async () => {
      const card = await reviewedCard(id);
      const owner = (uuid: string) => uuid === card.targets[1]?.uuid || uuid === card.targets[3]?.uuid;
      const views = {
        gm: standInViewer({ isGM: true, userId: "gm", visibility: "owners" }),
        owner: standInViewer({ userId: "u2", ownsTarget: owner, visibility: "owners" }),
        attacker: standInViewer({ userId: "u1", visibility: "gm" }),
        everyone: standInViewer({ userId: "u3", visibility: "everyone" }),
      };
      for (const [who, viewer] of Object.entries(views))
        expect(await renderAttackCard(card, viewer)).toMatchSnapshot(`${who}: html`);
    });
  }
});
