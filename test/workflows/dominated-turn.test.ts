/**
 * [SYS-MONSTERS] FFd20 dominated (issue 38), from the card to the dominated creature's turn: a
 * card's hit dominates the target (the effect's creator is the attacker's combatant, as the card
 * records it); when the dominated creature's turn starts on the real D20Combat (Combat stand-in),
 * the GM and the dominator's owners — nobody else — get the prompt that they choose its one action,
 * as the 4th-edition family has it. The GM chooses when no creature holds it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { decideApplication } from "../../src/engine/plans/apply.js";
import { effectCreateData } from "../../src/data/effects.js";
import type { PowerEffectSpec } from "../../src/engine/types.js";
import { StandInActor, standInGlobals, standInRollFaces } from "../stand-ins/foundry-combat.js";
import { useStandInCombat } from "../support/stand-in-combat.js";
import { attackFromRecordedDice, recordedRoller } from "../support/recorded-dice.js";
import { defaultOptions, npc, power, request, target } from "./attack-fixtures.js";

const { battle } = useStandInCombat({ systemEffects: true });
const FF = getRuleset("ffd20");

// The prompt card's template and its context, as the message content (the stand-in renders "").
type Handlebars = { renderTemplate: (path: string, view: object) => Promise<string> };
let handlebars: Handlebars;
let plainRender: Handlebars["renderTemplate"];
beforeAll(() => {
  handlebars = (globalThis as unknown as { foundry: { applications: { handlebars: Handlebars } } }).foundry.applications
    .handlebars;
  plainRender = handlebars.renderTemplate;
  handlebars.renderTemplate = async (path, view) => JSON.stringify({ path, view });
});
afterAll(() => {
  handlebars.renderTemplate = plainRender;
});

const dominates: PowerEffectSpec = {
  outcome: "hit",
  trigger: { kind: "any", value: 0 },
  text: "",
  statuses: ["dominated"],
  duration: "saveEnds",
  save: "normal",
  sustain: null,
  ongoing: null,
  aftereffect: null,
};

const USERS = [
  { id: "gm", isGM: true },
  { id: "tamsin-player", isGM: false },
  { id: "other-player", isGM: false },
];

/** A battle in which the card's effect dominates the orc: the orc acts first, then the mind mage, then Tamsin. */
async function dominatedBattle(by: string, opts: { hidden?: boolean } = {}) {
  standInGlobals.rulesetId = "ffd20";
  standInGlobals.game.users.list = USERS;
  const victimSource = npc(FF, 10, { hp: { value: 40, max: 40, temp: 0 } });
  const card = attackFromRecordedDice(
    {
      ...request("ffd20", {
        power: power({ damage: "3", effects: [dominates] }),
        targets: [target("orc", victimSource, "Orc")],
      }),
      sourceCombatantId: by,
    },
    [[15]],
    { "*": [] },
  );
  const applied = await decideApplication({
    ruleset: FF,
    options: defaultOptions(FF),
    card,
    targetUuid: card.targets[0]!.uuid,
    mode: "full",
    actor: victimSource,
    actorId: "orc",
    userId: "gm",
    recordId: "r1",
    roll: recordedRoller([]),
  });
  expect(applied.effects.create.map((e) => [e.statuses, e.sourceCombatantId])).toEqual([[["dominated"], by]]);
  const orc = new StandInActor("orc", applied.next);
  for (const e of applied.effects.create) {
    const { id: _id, ...rest } = e;
    await orc.createEmbeddedDocuments("ActiveEffect", [effectCreateData(rest)]);
  }
  const mage = new StandInActor("mage", defaultActorSource({ hp: { value: 30, max: 30, temp: 0 } }), true);
  mage.owners.add("tamsin-player");
  const tamsin = new StandInActor("tamsin", defaultActorSource({ hp: { value: 30, max: 30, temp: 0 } }), true);
  tamsin.owners.add("other-player");
  const combat = battle([
    { id: "c-orc", actor: orc, initiative: 20 },
    { id: "c-mage", actor: mage, initiative: 10 },
    { id: "c-tamsin", actor: tamsin, initiative: 5 },
  ]);
  if (opts.hidden)
    (combat as unknown as { combatants: Map<string, { hidden: boolean }> }).combatants.get("c-orc")!.hidden = true;
  return combat;
}

/** The prompt cards posted so far: whom each was whispered to and its words (keys: the stand-in's i18n). */
const prompts = () =>
  standInGlobals.messages.flatMap((m) => {
    const content = String(m.content ?? "");
    if (!content.includes("templates/chat/prompt.hbs")) return [];
    const { view } = JSON.parse(content) as { view: { title: string; text: string } };
    return [{ whisper: m.whisper, text: view.text }];
  });

describe("FFd20 dominated: the dominator chooses the dominated creature's action", () => {
  it("[FF-CONDDOMINATED] at the dominated creature's turn start, the GM and the dominator's owner are prompted; no other player", async () => {
    const combat = await dominatedBattle("c-mage");
    await combat.startCombat();
    await combat.settle();
    expect(combat.combatant?.id).toBe("c-orc");
    expect(prompts()).toEqual([{ whisper: ["gm", "tamsin-player"], text: "D20C.Dominion.Prompt.Text" }]);
    // The orc's turn ends with its save (a 5 fails: still dominated); the mage's turn is its own.
    standInRollFaces.push(5);
    await combat.nextTurn();
    await combat.settle();
    expect(combat.combatant?.id).toBe("c-mage");
    expect(standInRollFaces).toEqual([]);
    expect(prompts()).toHaveLength(1);
  });

  it("[FF-CONDDOMINATED] a dominator not in the battle leaves the choice to the GM alone; a hidden dominated creature is named to the GM alone", async () => {
    const gone = await dominatedBattle("c-elsewhere");
    await gone.startCombat();
    await gone.settle();
    expect(prompts()).toEqual([{ whisper: ["gm"], text: "D20C.Dominion.Prompt.NoCreator" }]);
    standInGlobals.messages.length = 0;
    const hidden = await dominatedBattle("c-mage", { hidden: true });
    await hidden.startCombat();
    await hidden.settle();
    expect(prompts()).toEqual([{ whisper: ["gm"], text: "D20C.Dominion.Prompt.Text" }]);
  });
});
