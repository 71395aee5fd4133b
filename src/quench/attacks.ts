/**
 * In-Foundry batch `d20-combat.attacks` ([SYS-TARGETS], [SYS-ROLLHOOK]), once per game with the
 * world's ruleset switched to it (and back afterwards): a real token on the viewed scene is targeted, an attack is rolled through the workflow, its one chat message is checked,
 * damage is applied and undone through the workflow's own functions, and a loose `/roll` is
 * resolved by the roll hook. The workflow functions come in as ports (see src/quench/register.ts),
 * so this file loads without Foundry's Roll classes. Everything it makes is deleted in `after`.
 */
import { activeRuleset, ruleOptions } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import { allRulesets } from "../engine/registry.js";
import type { RulesetId } from "../engine/types.js";
import type { ActionReport, Asker } from "../socket.js";
import type { ApplyRequest, UndoRequest } from "../workflows/apply-damage.js";
import { packetFor } from "../engine/plans/apply.js";
import type { AttackCardData, LooseRollData } from "../engine/plans/card-data.js";
import { cardData, cardOf, isCardMessage } from "../workflows/card-messages.js";
import type { BatchSpec, QuenchBatchContext } from "./quench-api.js";
import {
  createActor,
  createOwnedItem,
  createTargetNpc,
  enterGame,
  leaveGame,
  placeTarget,
  storedSystem,
  TemporaryDocuments,
  waitFor,
  type GameSuiteWorld,
} from "./support.js";

/** Batch key. */
const ATTACKS_BATCH = `${SYSTEM_ID}.attacks`;

/** The workflow functions the batch drives (the real ones in Foundry). */
export interface AttackPorts {
  /** src/workflows/attack.ts `rollAttack`. */
  rollAttack(
    actor: Actor.Implementation,
    item: Item.Implementation,
    options: { fastForward: boolean },
  ): Promise<ChatMessage | null>;
  /** The apply button's work on the active GM's client (src/workflows/apply-damage.ts `applyHere`). */
  apply(data: ApplyRequest, asker: Asker): Promise<ActionReport>;
  /** The undo button's work on the active GM's client (src/workflows/apply-damage.ts `undoHere`). */
  undo(data: UndoRequest, asker: Asker): Promise<ActionReport>;
}

/** The GM running the batch, as the relay names the user it acts for. */
function self(): Asker {
  return { id: game.user.id ?? "", isGM: game.user.isGM };
}

/** Our data on a chat message: its attack card (typed `system`, or flags of older versions), a loose roll's outcomes. */
function systemFlags(message: ChatMessage): { attack?: AttackCardData; loose?: LooseRollData } {
  const attack = cardOf(message);
  const loose = message.flags[SYSTEM_ID]?.loose;
  return { ...(attack ? { attack } : {}), ...(loose ? { loose } : {}) };
}

/** Messages posted by this user that were not there before (not counting the GM's card ledgers and whispers). */
function newMessages(known: ReadonlySet<string>): ChatMessage[] {
  return game.messages.contents.filter(
    (m) =>
      !known.has(m.id ?? "") &&
      (m.author as { id?: string } | null)?.id === game.user.id &&
      !cardData(m, "ledger") &&
      !cardData(m, "details"),
  ) as ChatMessage[];
}

/** Whether a message carries our data (an attack card, a rules roll, a loose roll's outcomes). */
function ourFlagged(message: ChatMessage): boolean {
  return isCardMessage(message) || Boolean(message.flags[SYSTEM_ID]);
}

/** Kept d20 result of a rebuilt roll (the first d20 term's active result). */
function keptD20(roll: Roll): number | null {
  const dice: readonly {
    faces?: number | null | undefined;
    results: readonly { result: number; active?: boolean | undefined }[];
  }[] = roll.dice;
  const d20 = dice.find((d) => d.faces === 20);
  return d20?.results.find((r) => r.active !== false)?.result ?? null;
}

/** Post `/roll <formula>` as if typed into chat (falls back to a plain roll message). */
async function typeRoll(formula: string): Promise<void> {
  // A structural probe: the v13 chat log's processMessage is not in fvtt-types 13.345.1's ChatLog.
  const chat = ui.chat as unknown as { processMessage?(text: string): Promise<unknown> } | null;
  if (typeof chat?.processMessage === "function") {
    await chat.processMessage(`/roll ${formula}`);
    return;
  }
  const roll = new Roll(formula);
  await roll.evaluate();
  await roll.toMessage();
}

/** One game's attack → apply → undo and roll-hook suite, under that game's ruleset. */
function gameAttackSuite(ports: AttackPorts, context: QuenchBatchContext, rulesetId: RulesetId): void {
  const { describe, it, before, after, assert } = context;
  let world: GameSuiteWorld | null = null;
  const temp = new TemporaryDocuments();
  /** The messages the batch posted (deleted in `after`). */
  const posted = new Set<string>();
  let attacker: Actor.Implementation;
  let power: Item.Implementation;
  let target: Actor.Implementation;
  let tokenUuid = "";
  /** The message whose damage was applied, and the target's stored system before it. */
  let applied: { message: ChatMessage; priorSystem: unknown } | null = null;

  /** Roll an attack; its message is deleted in `after`. */
  async function attack(): Promise<ChatMessage> {
    const message = await ports.rollAttack(attacker, power, { fastForward: true });
    if (!message) throw new Error("rollAttack posted no message (see the notification)");
    posted.add(message.id ?? "");
    return message;
  }

  before(async () => {
    const entered = await enterGame(ATTACKS_BATCH, rulesetId);
    world = entered.world;
    const defense = activeRuleset().defenses[0]?.key ?? "ac";
    attacker = temp.keep(
      await createActor({
        name: "Quench attacker",
        type: "character",
        system: { level: 5, attackBonus: 10, abilities: { str: 18 } },
      }),
    );
    await createOwnedItem(attacker, { name: "Quench sword", type: "weapon", system: { damageDice: "1d8" } });
    power = await createOwnedItem(attacker, {
      name: "Quench strike",
      type: "power",
      system: { attackAbility: "str", attackBonus: 10, defense, range: "melee", damage: "2d6 + 4" },
    });
    target = temp.keep(await createTargetNpc("Quench target", defense, 60));
    tokenUuid = (await placeTarget(entered.scene, target, temp)).uuid;
  });

  after(async () => {
    await leaveGame(world, temp, (m) => posted.has(m.id ?? "") || ourFlagged(m));
  });

  describe("an attack against a targeted token", () => {
    it("rollAttack with fastForward posts ONE chat message with the target UUIDs, per-target outcomes and every roll", async () => {
      const before = new Set(game.messages.keys());
      const message = await attack();
      const posted = newMessages(before);
      assert.equal(posted.length, 1, "exactly one message was posted");
      assert.equal(posted[0]?.id, message.id);
      const card = systemFlags(message).attack;
      if (!card) return assert.fail("the message has no attack card (an `attack` message's system)");
      assert.equal(card.targets.length, 1, "one target on the card");
      assert.equal(card.targets[0]?.uuid, tokenUuid, "the target's token UUID is stored");
      assert.equal(card.targets[0]?.actorUuid, target.uuid, "the target's actor UUID is stored");
      assert.include(["crit", "hit", "miss", "autoMiss"], card.targets[0]?.outcome.result, "an outcome is stored");
      const rolls = message.rolls as Roll[];
      const attackRolls = card.targets.length;
      assert.equal(
        rolls.length,
        attackRolls + card.damageRolls.length,
        "one attack roll per target and every damage roll are in rolls",
      );
      assert.equal(card.dice.length, attackRolls, "the card keeps one roll's faces per target");
      card.targets.forEach((t, i) => {
        assert.include(
          card.dice[i] ?? [],
          keptD20(rolls[i] as Roll),
          `target ${i}'s d20 is its own roll in the message`,
        );
        assert.equal(t.outcome.natural, keptD20(rolls[i] as Roll), `target ${i}'s natural is its own roll's`);
      });
      card.damageRolls.forEach((d, i) => {
        assert.equal(rolls[i + attackRolls]?.total, d.rolled, `damage roll ${d.key} is in the message`);
      });
    });

    it("applying damage through the workflow's apply function changes the target's HP by the engine's amount", async () => {
      let message: ChatMessage | null = null;
      for (let i = 0; i < 12 && !message; i++) {
        const m = await attack();
        if ((systemFlags(m).attack?.targets[0]?.damage ?? 0) > 0) message = m;
      }
      if (!message) return assert.fail("twelve attacks dealt no damage");
      const card = systemFlags(message).attack as AttackCardData;
      const cardTarget = card.targets[0] as AttackCardData["targets"][number];
      const before = target.toEngineSource();
      const priorSystem = storedSystem(target);
      const expected = activeRuleset().applyDamage(
        before,
        packetFor(card, cardTarget, "full"),
        ruleOptions(),
        target.id ?? "",
      );
      // [SYS-PERM] the GM's client decided the card again from its rolls and keeps it where only GMs write.
      const ledgerMessage = await waitFor(
        () =>
          game.messages.contents.find((m) => cardData(m, "ledger")?.cardId === message?.id && Boolean(m.author?.isGM)),
        "the card's GM ledger",
      );
      assert.equal(cardData(ledgerMessage, "ledger")?.status, "valid", "the card matches its own rolls");
      const report = await ports.apply(
        {
          messageId: message.id ?? "",
          targetUuid: cardTarget.uuid,
          mode: "full",
        },
        self(),
      );
      assert.ok(report.ok, `the apply function reported success (${report.message})`);
      const after = target.toEngineSource();
      assert.deepEqual(after.hp, expected.actor.hp, "the target's HP are what the engine decided");
      assert.notEqual(after.hp.value, before.hp.value, "the HP changed");
      const record = systemFlags(message).attack?.applied.at(-1);
      assert.equal(record?.hpLost, before.hp.value - after.hp.value, "the card records the HP lost");
      applied = { message, priorSystem };
    });

    it("undo restores the exact prior system", async () => {
      if (!applied) return assert.fail("nothing was applied by the previous test");
      const record = systemFlags(applied.message).attack?.applied.at(-1);
      if (!record) return assert.fail("the card has no applied record");
      const report = await ports.undo(
        {
          messageId: applied.message.id ?? "",
          recordId: record.id,
        },
        self(),
      );
      assert.ok(report.ok, `the undo function reported success (${report.message})`);
      assert.deepEqual(storedSystem(target), applied.priorSystem, "the stored system is exactly as before");
      assert.ok(systemFlags(applied.message).attack?.applied.at(-1)?.undone, "the card marks the record undone");
    });
  });

  describe("the roll hook", () => {
    it("a /roll 1d20+5 message made while a token is targeted gets per-target outcomes from the roll hook", async () => {
      assert.equal(game.user.targets.size, 1, "the target token is still targeted");
      const before = new Set(game.messages.keys());
      await typeRoll("1d20+5");
      const message = await waitFor(() => newMessages(before).find((m) => (m.rolls ?? []).length > 0), "the roll");
      posted.add(message.id ?? "");
      const loose = systemFlags(message).loose;
      if (!loose) return assert.fail("the roll hook stored no outcomes in flags.d20-combat.loose");
      const roll = (message.rolls as Roll[])[0] as Roll;
      assert.equal(loose.natural, keptD20(roll), "the natural d20 is the roll's");
      assert.equal(loose.total, roll.total, "the total is the roll's");
      assert.equal(loose.targets.length, 1, "one target");
      assert.equal(loose.targets[0]?.uuid, tokenUuid, "the targeted token's UUID");
      assert.include(["crit", "hit", "miss", "autoMiss"], loose.targets[0]?.outcome.result, "an outcome per target");
    });
  });
}

/** The `d20-combat.attacks` batch: the same suite once per game, each under its own ruleset. */
export function attacksBatch(ports: AttackPorts): BatchSpec {
  return {
    key: ATTACKS_BATCH,
    displayNameKey: "D20C.Quench.Attacks",
    body: (context) => {
      for (const { id } of allRulesets()) context.describe(id, () => gameAttackSuite(ports, context, id));
    },
  };
}
