/**
 * In-Foundry batch `d20-combat.cardconditions` ([SYS-EFFECTS], [SYS-PERM]), once per game with the
 * world's ruleset switched to it (and back afterwards): a power whose hit leaves one of the game's
 * conditions is rolled against a real token, the card's own Apply button is pressed in the rendered
 * chat message (the card control, the relay and the GM's apply, as a table would press it), and the
 * condition must show on the token, be among the target's effects and count for the rules; the
 * card's Undo button then takes it off again. Everything it makes is deleted in `after`.
 */
import { activeRuleset } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import { allRulesets } from "../engine/registry.js";
import type { RulesetId } from "../engine/types.js";
import { cardData, cardOf, isCardMessage } from "../workflows/card-messages.js";
import type { AttackPorts } from "./attacks.js";
import type { BatchSpec, QuenchBatchContext } from "./quench-api.js";
import {
  createActor,
  createOwnedItem,
  createTargetNpc,
  enterGame,
  leaveGame,
  placeTarget,
  TemporaryDocuments,
  waitFor,
  type GameSuiteWorld,
} from "./support.js";

/** Batch key. */
const CARD_CONDITIONS_BATCH = `${SYSTEM_ID}.cardconditions`;

/**
 * A card button of `message` as this client drew it: in the chat log (or a notification or pop-out
 * of it), where the card hooks bound its controls when the message rendered. A message the log has
 * not drawn is rendered on its own (the same hooks bind it).
 */
async function cardButton(message: ChatMessage, selector: string, what: string): Promise<HTMLButtonElement> {
  const drawn = () => {
    for (const el of document.querySelectorAll(`[data-message-id="${message.id ?? ""}"]`)) {
      const button = el.querySelector<HTMLButtonElement>(selector);
      if (button && !button.disabled) return button;
    }
    return null;
  };
  const inLog = await waitFor(drawn, what).catch(() => null);
  if (inLog) return inLog;
  const root = await message.renderHTML();
  // The hook re-renders the card for this viewer (at once, or once its template is loaded).
  await new Promise((resolve) => setTimeout(resolve, 250));
  const button = root.querySelector<HTMLButtonElement>(selector);
  if (!button) throw new Error(`the rendered card has no ${what}`);
  return button;
}

/** One game's suite: the condition goes on from the card's Apply and off from its Undo. */
function gameSuite(ports: Pick<AttackPorts, "rollAttack">, context: QuenchBatchContext, rulesetId: RulesetId): void {
  const { it, before, after, assert } = context;
  const temp = new TemporaryDocuments();
  let world: GameSuiteWorld | null = null;
  let condition = "";
  let attacker: Actor.Implementation;
  let power: Item.Implementation;
  let target: Actor.Implementation;
  let token: TokenDocument.Implementation;
  let hitCard: ChatMessage | null = null;

  before(async () => {
    const entered = await enterGame(CARD_CONDITIONS_BATCH, rulesetId);
    world = entered.world;
    const ruleset = activeRuleset();
    // A condition that is only a status (no actions lost, nothing implied), so the check is its own.
    condition =
      (ruleset.conditions.find((c) => !c.noActions && c.implies.length === 0) ?? ruleset.conditions[0])?.id ?? "";
    const defense = ruleset.defenses[0]?.key ?? "ac";
    attacker = temp.keep(
      await createActor({
        name: "Self-test attacker",
        type: "character",
        system: { level: 5, abilities: { str: 18 } },
      }),
    );
    power = await createOwnedItem(attacker, {
      name: "Self-test staggering blow",
      type: "power",
      system: {
        attackAbility: "str",
        attackBonus: 20,
        defense,
        range: "melee",
        damage: "1d4",
        effects: [
          {
            outcome: "hit",
            trigger: { kind: "any", value: 0 },
            text: "",
            statuses: [condition],
            duration: "saveEnds",
            save: "normal",
            sustain: null,
            ongoing: null,
            aftereffect: null,
            forced: null,
          },
        ],
      },
    });
    target = temp.keep(await createTargetNpc("Self-test bearer", defense, 200));
    token = await placeTarget(entered.scene, target, temp);
  });

  after(async () => {
    await leaveGame(world, temp, (m) => isCardMessage(m) || Boolean(m.flags[SYSTEM_ID]));
  });

  it("the card's Apply button puts the hit's condition on the target: on its token, among its effects, for the rules", async () => {
    if (!condition) return assert.fail("the game has no conditions");
    // Natural 1s miss in every game: attack until the card shows a hit that leaves the condition.
    for (let i = 0; i < 12 && !hitCard; i++) {
      const message = await ports.rollAttack(attacker, power, { fastForward: true });
      if (!message) return assert.fail("rollAttack posted no message (see the notification)");
      const t = cardOf(message)?.targets[0];
      if (t?.outcome.isHit && (t.effects ?? []).length > 0) hitCard = message;
    }
    if (!hitCard) return assert.fail("twelve attacks never hit");
    const card = hitCard;
    await waitFor(
      () => game.messages.contents.find((m) => cardData(m, "ledger")?.cardId === card.id && m.author?.isGM),
      "the card's GM ledger",
    );
    assert.ok(!target.statuses.has(condition), "the target starts without the condition");
    const apply = await cardButton(
      card,
      `button[data-action="d20c-apply"][data-mode="full"][data-target-uuid="${token.uuid}"]`,
      "the Apply button",
    );
    apply.click();
    await waitFor(() => target.statuses.has(condition), `${condition} to be applied`, 5000);
    assert.ok(token.hasStatusEffect(condition), "the token shows the condition");
    const effect = target.effects.find((e) => e.statuses.has(condition));
    assert.ok(effect, "an effect on the target carries the condition");
    assert.include(target.toEngineSource().conditions, condition, "the rules count the condition");
    const record = cardOf(card)?.applied.at(-1);
    assert.ok(record && !record.undone, "the card records the application");
  });

  it("the card's Undo button takes the condition off the token and out of the effects again", async () => {
    if (!hitCard) return assert.fail("nothing was applied by the previous test");
    const undo = await cardButton(hitCard, `button[data-action="d20c-undo"]`, "the Undo button");
    undo.click();
    await waitFor(() => !target.statuses.has(condition), `${condition} to be removed`, 5000);
    assert.ok(!token.hasStatusEffect(condition), "the token no longer shows the condition");
    assert.ok(!target.effects.some((e) => e.statuses.has(condition)), "no effect carries it");
    assert.ok(cardOf(hitCard)?.applied.at(-1)?.undone, "the card marks the application undone");
  });
}

/** The `d20-combat.cardconditions` batch: the same suite once per game, each under its own ruleset. */
export function cardConditionsBatch(ports: Pick<AttackPorts, "rollAttack">): BatchSpec {
  return {
    key: CARD_CONDITIONS_BATCH,
    displayNameKey: "D20C.Quench.CardConditions",
    body: (context) => {
      for (const { id } of allRulesets()) context.describe(id, () => gameSuite(ports, context, id));
    },
  };
}
