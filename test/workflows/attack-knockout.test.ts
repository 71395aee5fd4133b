/**
 * Knocking a creature out instead of killing it ([HD-ENEMYDEATH]) through the attack workflow, with
 * recorded dice: the Hundred Dungeons card offers the choice per target, the button sends the full
 * damage with the choice on the packet, the ruleset leaves the creature unconscious and alive, undo
 * brings it back; games without the choice neither show the button nor accept the mode.
 */
import { describe, expect, it } from "vitest";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { EngineError } from "../../src/engine/errors.js";
import { getRuleset } from "../../src/engine/registry.js";
import { type ActorSource } from "../../src/engine/types.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { decideApplication, decideUndo, packetFor } from "../../src/engine/plans/apply.js";
import type { ApplyMode, AttackCardData } from "../../src/engine/plans/card-data.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { hundredDungeonsCard, standInViewer } from "./attack-card-fixture.js";
import { defaultOptions, npc, request, target } from "./attack-fixtures.js";
import { attackFromRecordedDice, recordedRoller } from "../support/recorded-dice.js";

const HD = getRuleset("hundred-dungeons");

function press(card: AttackCardData, actor: ActorSource, mode: ApplyMode, ruleset = HD) {
  return decideApplication({
    ruleset,
    options: defaultOptions(ruleset),
    card,
    targetUuid: card.targets[0]!.uuid,
    mode,
    actor,
    actorId: "goblin",
    userId: "u1",
    recordId: `rec-${mode}`,
    roll: recordedRoller([]),
  });
}

describe("[HD-ENEMYDEATH] knocking out instead of killing, through the card", () => {
  it("[HD-ENEMYDEATH] the recorded hit deals 9, enough to drop the 8 HP goblin", () => {
    const { card } = hundredDungeonsCard(8);
    const t = card.targets[0]!;
    expect(t.outcome.isHit).toBe(true);
    expect(t.damage).toBe(5 + 4); // 1d8 (5) + 4
    expect(card.knockOut).toBe(true);
  });

  it("[HD-ENEMYDEATH] the plain damage button kills an ordinary enemy dropped to 0 HP", async () => {
    const { card, foe } = hundredDungeonsCard(8);
    const { next } = await press(card, foe, "full");
    expect(next.hp.value).toBe(0);
    expect(next.state).toBe("dead");
  });

  it("[HD-ENEMYDEATH] the knock-out button deals the same damage but leaves the enemy unconscious and alive", async () => {
    const { card, foe } = hundredDungeonsCard(8);
    const { next, record, card: after } = await press(card, foe, "knockOut");
    expect(packetFor(card, card.targets[0]!, "knockOut")).toMatchObject({ amount: 9, knockOut: true });
    expect(next.hp.value).toBe(0);
    expect(next.state).toBe("unconscious");
    expect(next.conditions).toContain("unconscious");
    expect(record.mode).toBe("knockOut");
    expect(record.amount).toBe(9);
    expect(record.hpLost).toBe(8);
    expect(record.events.map((e) => e.key)).toContain("D20C.HD.Event.knockedOut");
    // The card records it with an undo that restores the goblin exactly.
    const undo = decideUndo(after, record.id, next);
    expect(undo.restore).toEqual(foe);
    expect(undo.changedSince).toBe(false);
  });

  it("[HD-ENEMYDEATH] a knock-out press that does not drop the creature is ordinary damage", async () => {
    const { card, foe } = hundredDungeonsCard(12);
    const knocked = await press(card, foe, "knockOut");
    const plain = await press(card, foe, "full");
    expect(knocked.next).toEqual(plain.next);
    expect(knocked.next.hp.value).toBe(12 - 9);
    expect(knocked.next.state).toBe("active");
  });

  it("[HD-ENEMYDEATH] the card shows the knock-out button on each damaging target, with its result on the card", async () => {
    const { card, foe } = hundredDungeonsCard(8);
    const hbs = createTemplateRenderer();
    const html = hbs.render("templates/chat/attack-card.hbs", attackCardContext(card, standInViewer()));
    expect(html).toMatch(/data-mode="knockOut" data-target-uuid="Scene\.s1\.Token\.goblin"/);
    expect(html).toContain(">Knock out<");
    const { card: after } = await press(card, foe, "knockOut");
    const applied = hbs.render("templates/chat/attack-card.hbs", attackCardContext(after, standInViewer()));
    expect(applied).toMatch(/d20c-applied__mode">Knock out</);
    expect(applied).toContain('data-record-id="rec-knockOut"');
  });

  it("[HD-ENEMYDEATH] games without the choice get no knock-out button and refuse the mode before changing anything", async () => {
    for (const id of RULESET_IDS.filter((r) => r !== "hundred-dungeons")) {
      const R = getRuleset(id);
      expect(R.knockOut ?? false).toBe(false);
      const foe = npc(R, 5, { hp: { value: 3, max: 30, temp: 0 } });
      const card = attackFromRecordedDice(request(id, { targets: [target("foe", foe)] }), [[15]], { "*": [5] });
      expect(card.knockOut).toBeUndefined();
      const html = createTemplateRenderer().render(
        "templates/chat/attack-card.hbs",
        attackCardContext(card, standInViewer()),
      );
      const modes = [...html.matchAll(/data-mode="(\w+)"/g)].map((m) => m[1]);
      expect(modes).toEqual(["full", "half", "double", "heal", "temp"]);
      const refused = press(card, foe, "knockOut", R);
      await expect(refused).rejects.toBeInstanceOf(EngineError);
      await expect(refused).rejects.toMatchObject({ field: "mode" });
    }
  });
});
