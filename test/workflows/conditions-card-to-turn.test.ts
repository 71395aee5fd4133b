/**
 * [SYS-MONSTERS] Each wider condition that changes a turn, from the card to the tracker (issue 38):
 * a monster's card hits with a power whose hit puts the condition on (the GM's Apply decision,
 * recorded dice: the effect it creates carries the condition); the creature, bearing it, starts its
 * turn on the real D20Combat (Combat stand-in): its actions are capped as its game's family says
 * (dazed one action, stunned none…), and the tracker's pills for that turn (the real placement,
 * through the real template) note its speed, the attacks it may not make and the reactions it
 * loses. Every expectation is written from the family's rule, not read from the condition table.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { decideApplication } from "../../src/engine/plans/apply.js";
import type { PowerEffectSpec, RulesetId } from "../../src/engine/types.js";
import { StandInActor, standInGlobals, standInRollFaces } from "../stand-ins/foundry-combat.js";
import { useStandInCombat } from "../support/stand-in-combat.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { attackFromRecordedDice, recordedRoller } from "../support/recorded-dice.js";
import { defaultOptions, npc, power, request, target } from "./attack-fixtures.js";
import type * as TrackerNs from "../../src/applications/combat/actions-left.js";

const hbs = createTemplateRenderer();
const { battle } = useStandInCombat({ systemEffects: true });

let tracker: typeof TrackerNs;
type Handlebars = { renderTemplate: (path: string, view: object) => Promise<string> };
let handlebars: Handlebars;
let plainRender: Handlebars["renderTemplate"];
beforeAll(async () => {
  tracker = await import("../../src/applications/combat/actions-left.js");
  // The tracker's pills through the real template (the Combat stand-in renders "" otherwise).
  handlebars = (globalThis as unknown as { foundry: { applications: { handlebars: Handlebars } } }).foundry.applications
    .handlebars;
  plainRender = handlebars.renderTemplate;
  handlebars.renderTemplate = async (path, view) =>
    hbs.render(path.replace(/^systems\/d20-combat\//, ""), view as Record<string, unknown>);
});
afterAll(() => {
  handlebars.renderTemplate = plainRender;
});

const onHit = (status: string): PowerEffectSpec => ({
  outcome: "hit",
  trigger: { kind: "any", value: 0 },
  text: "",
  statuses: [status],
  duration: "saveEnds",
  save: "normal",
  sustain: null,
  ongoing: null,
  aftereffect: null,
});

/** What the condition's bearer's next turn shows: its action cap and the tracker's notes (in words). */
interface TurnExpect {
  cap: number | null;
  notes: string[];
}
const speed = (n: number) => `Speed ${n} (conditions)`;
const NO_ATTACKS = "No attacks (conditions)";
const AT_WILL = "At-will attacks only (conditions)";
const NO_REACTIONS = "No opportunity or immediate actions (conditions)";

/** Each game's conditions beyond its text that change a turn, with the family's rule for it. */
const TURNS: Partial<Record<RulesetId, [string, TurnExpect][]>> = {
  // The 4th-edition family: dazed and dominated one action and no immediate or opportunity
  // actions; stunned, unconscious, petrified and removed from play none; speeds in squares.
  ffd20: [
    ["dazed", { cap: 1, notes: [NO_REACTIONS] }],
    ["dominated", { cap: 1, notes: [NO_REACTIONS] }],
    ["stunned", { cap: 0, notes: [] }],
    ["unconscious", { cap: 0, notes: [] }],
    ["petrified", { cap: 0, notes: [] }],
    ["removedFromPlay", { cap: 0, notes: [] }],
    ["immobilized", { cap: null, notes: [speed(0)] }],
    ["grabbed", { cap: null, notes: [speed(0)] }],
    ["restrained", { cap: null, notes: [speed(0)] }],
    ["slowed", { cap: null, notes: [speed(2)] }],
  ],
  // 13th Age's published conditions: stunned and unconscious take no actions; stuck and grabbed
  // can't move; hampered only at-will attacks; confused at-will attacks and no opportunity attacks.
  "13th-age": [
    ["stunned", { cap: 0, notes: [] }],
    ["unconscious", { cap: 0, notes: [] }],
    ["stuck", { cap: null, notes: [speed(0)] }],
    ["grabbed", { cap: null, notes: [speed(0)] }],
    ["hampered", { cap: null, notes: [AT_WILL] }],
    ["confused", { cap: null, notes: [AT_WILL, NO_REACTIONS] }],
  ],
  // The 3rd-edition family (speed 30 ft): dazed, stunned, cowering and paralyzed act not at all;
  // nauseated takes a single (move) action and attacks no one; panicked attacks no one; confused
  // makes no attacks of opportunity; entangled moves at half speed; grappled and pinned not at all.
  "wounds-d20": [
    ["dazed", { cap: 0, notes: [] }],
    ["stunned", { cap: 0, notes: [] }],
    ["cowering", { cap: 0, notes: [] }],
    ["paralyzed", { cap: 0, notes: [speed(0)] }],
    ["nauseated", { cap: 1, notes: [NO_ATTACKS] }],
    ["panicked", { cap: null, notes: [NO_ATTACKS] }],
    ["confused", { cap: null, notes: [NO_REACTIONS] }],
    ["entangled", { cap: null, notes: [speed(15)] }],
    ["grappled", { cap: null, notes: [speed(0)] }],
    ["pinned", { cap: null, notes: [speed(0)] }],
  ],
};

/** The rule ID of a condition's line in docs/rules.md (13th Age's stunned and stuck: its actions, [13A-ACTIONS]). */
function cite(id: RulesetId, condition: string): string {
  if (id === "13th-age" && (condition === "stunned" || condition === "stuck")) return "[13A-ACTIONS]";
  const prefix = { ffd20: "FF", "13th-age": "13A", "wounds-d20": "WD" }[id as "ffd20"];
  const name = condition === "removedFromPlay" ? "REMOVED" : condition.toUpperCase();
  return `[${prefix}-COND${name}]`;
}

const SPEED: Partial<Record<RulesetId, number>> = { ffd20: 6, "13th-age": 6, "wounds-d20": 30 };

describe.each(Object.entries(TURNS) as [RulesetId, [string, TurnExpect][]][])(
  "[SYS-MONSTERS] %s: a card puts the condition on, the bearer's next turn shows it",
  (id, rows) => {
    const R = getRuleset(id);
    it.each(rows.map(([condition, want]) => [cite(id, condition), condition, want] as const))(
      `[SYS-MONSTERS] %s ${id} %s: the card's hit puts it on; its turn starts with the family's actions and the tracker's notes`,
      async (_cite, condition, want) => {
        standInGlobals.rulesetId = id;
        const victim = npc(R, 10, { speed: SPEED[id] ?? 6, hp: { value: 40, max: 40, temp: 0 } });
        const card = attackFromRecordedDice(
          request(id, {
            power: power({ damage: "3", effects: [onHit(condition)] }),
            weapon: null,
            targets: [target("victim", victim, "Victim")],
          }),
          [[15]],
          { "*": [] },
        );
        expect(card.targets[0]!.outcome.isHit).toBe(true);
        const applied = await decideApplication({
          ruleset: R,
          options: defaultOptions(R),
          card,
          targetUuid: card.targets[0]!.uuid,
          mode: "full",
          actor: victim,
          actorId: "victim",
          userId: "gm",
          recordId: "r1",
          roll: recordedRoller([]),
        });
        const statuses = applied.effects.create.flatMap((e) => e.statuses);
        expect(statuses).toEqual([condition]);

        // The creature bears the effect's condition (the system Actor reads its statuses as conditions).
        const bearer = new StandInActor("victim", { ...applied.next, conditions: statuses });
        const other = new StandInActor("other", defaultActorSource({ hp: { value: 30, max: 30, temp: 0 } }), true);
        const combat = battle([
          { id: "c-victim", actor: bearer, initiative: 20 },
          { id: "c-other", actor: other, initiative: 5 },
        ]);
        // Wounds d20 rolls initiative again each round ([WD-INIT]): the bearer keeps the lead.
        if (id === "wounds-d20") standInRollFaces.push(18, 3);
        await combat.startCombat();
        await combat.settle();
        expect(combat.combatant?.id).toBe("c-victim");
        expect(standInRollFaces).toEqual([]);
        const flags = (
          combat as unknown as { combatants: Map<string, { flags: Record<string, unknown> }> }
        ).combatants.get("c-victim")!.flags["d20-combat"] as { actions: { cap: number | null; taken: number } };
        expect(flags.actions.cap).toBe(want.cap);

        const placed = await tracker.actionsLeftPlacements(
          combat as unknown as Parameters<typeof tracker.actionsLeftPlacements>[0],
        );
        const markup = placed.map((p) => p.markup).join("");
        const notes = [...markup.matchAll(/d20c-actions-left__cap">([^<]*)</g)].map((m) => m[1]);
        expect(notes).toEqual(want.notes);
        expect(markup.includes("is-capped")).toBe(want.cap === 0);
      },
    );
  },
);
