/**
 * The Effects section end to end, per game ([SYS-EFFECTS], [13A-SAVE], [13A-ONGOING], [FF-SAVE],
 * [FF-AFTER], [WD-SAVES]): an attack card's damage button puts its ongoing damage on the target
 * (the card decision + the adapter's effect writer), the sheet's form adds a save-ends condition
 * with an aftereffect; both are listed with their durations in words and carry an icon the token
 * layer draws; the real D20Combat on the v13 Combat stand-in rolls their saves at the end of the
 * bearer's turn with recorded dice — failing once, then succeeding and ending them — and the
 * aftereffect starts only after that turn's saves; deleting from the sheet takes its statuses off.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { coreEffectFields } from "../../src/data/effect-core.js";
import { effectCreateData } from "../../src/data/effects.js";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import type { ConditionSpec, EffectSource, RulesetId } from "../../src/engine/types.js";
import type { HDConditionSpec } from "../../src/engine/rulesets/hundred-dungeons/conditions.js";
import { defaultActorSource } from "../../src/engine/common.js";
import { decideApplication } from "../../src/engine/plans/apply.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import { StandInActor, standInGlobals, standInRollFaces } from "../stand-ins/foundry-combat.js";
import { SHOW_ICON_STAND_IN, standInTokenEffectIcons } from "../stand-ins/foundry-effects.js";
import { defaultOptions, npc, power, request, target } from "./attack-fixtures.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { effectFormFields } from "../support/effect-form.js";

import type * as EffectsModuleNs from "../../src/workflows/effects.js";
import type * as FoundryDocsNs from "../../src/workflows/foundry-docs.js";
import type * as EffectActionsNs from "../../src/applications/sheets/effect-actions.js";
import { turnLinesOf } from "../support/turn-summaries.js";
import { useStandInCombat, type CombatUnderTest } from "../support/stand-in-combat.js";
import { attackFromRecordedDice, recordedRoller } from "../support/recorded-dice.js";

const { battle } = useStandInCombat({ systemEffects: true });
let effects: typeof EffectsModuleNs;
let changeEffects: (typeof FoundryDocsNs)["changeEffects"];
let effectActionHandlers: (typeof EffectActionsNs)["effectActionHandlers"];
// Effect names reach the turn lines as labels; Foundry shows an unknown key as itself.
const i18n = createI18nStandIn({ missing: "key" });
const plainI18n = standInGlobals.game.i18n;

beforeAll(async () => {
  effects = await import("../../src/workflows/effects.js");
  ({ changeEffects } = await import("../../src/workflows/foundry-docs.js"));
  ({ effectActionHandlers } = await import("../../src/applications/sheets/effect-actions.js"));
});
afterAll(() => {
  standInGlobals.game.i18n = plainI18n;
  (standInGlobals.game as { combat?: unknown }).combat = undefined;
});
beforeEach(() => {
  standInGlobals.game.i18n = i18n as unknown as typeof plainI18n;
});

/** Each game's save target against a normal save-ends effect, as its text has it. */
const NORMAL_SAVE: Record<RulesetId, number> = { "13th-age": 11, ffd20: 10, "hundred-dungeons": 12, "wounds-d20": 15 };

/** Two conditions of the game that leave a creature acting (the effect's and its aftereffect's). */
function twoConditions(id: RulesetId): [string, string] {
  // Any game's condition, read with the Hundred Dungeons fields that would end the acting (absent elsewhere).
  type AnyCondition = ConditionSpec & Partial<Pick<HDConditionSpec, "meleeDamageStartsDying" | "resistAll">>;
  const usable = getRuleset(id).conditions.filter(
    (c: AnyCondition) => !c.dead && !c.noActions && !c.meleeDamageStartsDying && !c.implies.length && !c.resistAll,
  );
  return [usable[0]!.id, usable[1]!.id];
}

interface TurnLine {
  key: string;
  actorId: string | null;
  effectId: string | null;
  rolls: { request: { effectId?: string } }[];
  undo: { addedEffects: { effectId: string }[] } | null;
  error: string | null;
}
const lines = (): TurnLine[] => turnLinesOf(standInGlobals.messages);

async function step(combat: CombatUnderTest, action: () => Promise<unknown>): Promise<void> {
  await action();
  await combat.settle();
}

/** The section's "add effect" control on `owner`, its form filled in with `effect`. */
async function addEffect(owner: object, effect: Omit<EffectSource, "id">): Promise<void> {
  standInGlobals.dialogForms.push(effectFormFields(effect));
  await effects.onEffectControl(owner as never, "createEffect", "");
}

/** The row's "edit" control, the form's fields changed to `effect`. */
async function editEffect(owner: object, effectId: string, effect: Omit<EffectSource, "id">): Promise<void> {
  standInGlobals.dialogForms.push(effectFormFields(effect));
  await effects.onEffectControl(owner as never, "editEffect", effectId);
}

describe.each(RULESET_IDS.map((id) => [id]))("%s: the Effects section", (rulesetId) => {
  it("[SYS-EFFECTS] [SYS-WORDS] a card's save-ends effect and a sheet-made one with an aftereffect: listed in the game's words, iconed, saved at the bearer's turn end (fail, then pass), the aftereffect after the saves, deleted from the sheet", async () => {
    standInGlobals.rulesetId = rulesetId;
    const R = getRuleset(rulesetId);
    const [condition, afterCondition] = twoConditions(rulesetId);
    const ayla = new StandInActor("ayla", defaultActorSource({ hp: { value: 30, max: 30, temp: 0 } }), true);
    const foe = new StandInActor("foe", npc(R, 15, { hp: { value: 60, max: 60, temp: 0 } }));
    const combat = battle([
      { id: "ayla", actor: ayla, initiative: 20 },
      { id: "foe", actor: foe, initiative: 5 },
    ]);
    (standInGlobals.game as { combat?: unknown }).combat = combat;
    // A game that rolls initiative each round rolls it at each new round (Ayla first again).
    const initiative = R.initiative.mode === "everyRound" ? [20, 1] : [];
    standInRollFaces.push(...initiative);
    await step(combat, () => combat.startCombat());
    expect(standInRollFaces).toEqual([]);

    // Ayla's power hits the foe: the damage button puts its ongoing fire on it (save ends).
    const req = request(rulesetId, {
      power: power({ ongoing: { amount: 3, type: "fire", save: "normal" } }),
      targets: [target("foe", foe.source, "Foe")],
    });
    const card = attackFromRecordedDice({ ...req, sourceCombatantId: "ayla" }, [[19]], { "*": [4] });
    const decision = await decideApplication({
      ruleset: R,
      options: defaultOptions(R),
      card,
      targetUuid: card.targets[0]!.uuid,
      mode: "full",
      actor: foe.toEngineSource(),
      actorId: foe.uuid,
      userId: "u1",
      recordId: "rec1",
      roll: recordedRoller([]),
      effects: [],
      effectId: "ongoingFire00001",
      ongoingName: "Ongoing 3 fire damage",
    });
    await changeEffects(foe as never, decision.effects);
    // The GM adds a condition from the sheet's form: save ends, then an aftereffect.
    await addEffect(foe, {
      name: "Held",
      sourceCombatantId: "ayla",
      duration: "saveEnds",
      save: "normal",
      saveBonus: 0,
      sustain: null,
      sustainedRound: null,
      ongoing: null,
      aftereffect: {
        name: "Shaken",
        sourceCombatantId: "ayla",
        duration: "saveEnds",
        save: "normal",
        saveBonus: 0,
        sustain: null,
        ongoing: null,
        statuses: [afterCondition],
      },
      armed: false,
      statuses: [condition],
    });

    // The section lists both, in words, with their icons; the token layer draws them.
    const section = effects.effectsSectionFor(foe as never, true);
    const saveAt = NORMAL_SAVE[rulesetId];
    // [SYS-WORDS] in the game's words (issue 45): Hundred Dungeons rolls, Wounds d20 saves against a DC.
    const saveEnds = {
      "13th-age": `save ends (${saveAt}+)`,
      ffd20: `save ends (${saveAt}+)`,
      "hundred-dungeons": `until it rolls ${saveAt}+ at the end of its turn`,
      "wounds-d20": `until a save succeeds (DC ${saveAt})`,
    }[rulesetId];
    const then = rulesetId === "ffd20" ? "Aftereffect" : "Then";
    expect(section.rows.map((r) => [r.name, r.duration])).toEqual([
      ["Ongoing 3 fire damage", saveEnds],
      ["Held", saveEnds],
    ]);
    expect(section.rows[0]!.ongoing).toBe("ongoing 3 Fire");
    expect(section.rows[0]!.source).toBe("from ayla");
    expect(section.rows[1]!.aftereffect).toBe(`${then}: Shaken (${saveEnds})`);
    expect(section.rows.every((r) => r.canSave)).toBe(true);
    const conditionImg = R.conditions.find((c) => c.id === condition)!.img;
    expect(section.rows.map((r) => r.img)).toEqual(["icons/svg/fire.svg", conditionImg]);
    expect(standInTokenEffectIcons(foe.effects, 13)).toEqual(["icons/svg/fire.svg", conditionImg]);
    expect(foe.statuses.has(condition)).toBe(true);

    // Round 1: both saves fail at the end of the foe's turn; round 2: both pass.
    standInRollFaces.push(2, 2, ...initiative, 19, 19, ...initiative);
    await step(combat, () => combat.nextTurn()); // the foe's turn starts
    await step(combat, () => combat.nextTurn()); // ends: two saves, both fail
    expect(foe.effects.contents.map((e) => e.name)).toEqual(["Ongoing 3 fire damage", "Held"]);
    expect(combat.round).toBe(2);
    standInGlobals.messages.length = 0;
    await step(combat, () => combat.nextTurn()); // round 2: the foe's turn starts
    await step(combat, () => combat.nextTurn()); // ends: both saves pass
    expect(standInRollFaces).toEqual([]);
    expect(combat.turnEventErrors).toEqual([]);
    expect(lines().filter((l) => l.error)).toEqual([]);
    expect(foe.effects.contents.map((e) => e.name)).toEqual(["Shaken"]);
    expect(foe.statuses.has(condition)).toBe(false);
    expect(foe.statuses.has(afterCondition)).toBe(true);

    // The aftereffect began after that turn's saves: its line follows both save lines, and it was
    // not saved against that turn.
    const shaken = foe.effects.contents[0]!;
    const turn = lines().filter((l) => l.actorId === foe.uuid);
    const saveLines = turn.map((l, i) => [l, i] as const).filter(([l]) => l.rolls.length > 0);
    expect(saveLines.map(([l]) => l.rolls[0]!.request.effectId)).toEqual(["ongoingFire00001", expect.any(String)]);
    const addedAt = turn.findIndex((l) => l.undo?.addedEffects.some((a) => a.effectId === shaken.id));
    expect(addedAt).toBeGreaterThan(saveLines[1]![1]);
    expect(turn.some((l) => l.rolls.some((r) => r.request.effectId === shaken.id))).toBe(false);
    expect(standInTokenEffectIcons(foe.effects, 13)).toEqual([R.conditions.find((c) => c.id === afterCondition)!.img]);

    // Deleting it from the sheet takes its condition off the creature.
    await effects.onEffectControl(foe as never, "deleteEffect", shaken.id);
    expect(foe.effects.size).toBe(0);
    expect(foe.statuses.has(afterCondition)).toBe(false);
    expect(standInTokenEffectIcons(foe.effects, 13)).toEqual([]);
  });
});

describe("the token and v14's expiry", () => {
  it("[SYS-EFFECTS] on v14 a system effect is drawn (showIcon ALWAYS) and carries its own expiry event; one that lasts until removed has none", async () => {
    standInGlobals.rulesetId = "ffd20";
    standInGlobals.game.release.generation = 14;
    const actor = new StandInActor("bearer", defaultActorSource());
    const base: Omit<EffectSource, "id"> = {
      name: "Ongoing 5 acid",
      sourceCombatantId: null,
      duration: "saveEnds",
      save: "normal",
      saveBonus: 0,
      sustain: null,
      sustainedRound: null,
      ongoing: { amount: 5, type: "acid" },
      aftereffect: null,
      armed: false,
      statuses: [],
    };
    await addEffect(actor, base);
    await addEffect(actor, { ...base, name: "Blessing", ongoing: null, duration: "permanent" });
    const [acid, blessing] = actor.effects.contents;
    expect(acid!.showIcon).toBe(SHOW_ICON_STAND_IN.ALWAYS);
    expect(acid!.duration).toMatchObject({ expiry: "d20-combat.saveEnds" });
    expect(blessing!.showIcon).toBe(SHOW_ICON_STAND_IN.CONDITIONAL);
    expect(blessing!.duration).toMatchObject({ expiry: null });
    expect(standInTokenEffectIcons(actor.effects, 14)).toEqual(["icons/svg/acid.svg"]);
  });

  it("[SYS-EFFECTS] effects made by the turn cycle and by other code get their icon at creation, whoever builds them", async () => {
    standInGlobals.rulesetId = "13th-age";
    const actor = new StandInActor("bearer", defaultActorSource());
    const R = getRuleset("13th-age");
    const cond = R.conditions[0]!;
    const data = {
      name: "Plain",
      statuses: [cond.id],
      flags: { "d20-combat": { effect: { duration: "endOfNextTurn" } } },
    };
    await actor.createEmbeddedDocuments("ActiveEffect", [data]);
    expect(actor.effects.contents[0]!.img).toBe(cond.img);
    expect(standInTokenEffectIcons(actor.effects, 13)).toEqual([cond.img]);
    // A core status toggle (no system data) keeps core's own image and behaviour.
    await actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Core", img: "icons/svg/eye.svg", statuses: ["x"] }]);
    expect(actor.effects.contents[1]!.img).toBe("icons/svg/eye.svg");
    // The builder itself is pure: v13 gets only the image.
    const fields = coreEffectFields(
      { statuses: [], ongoing: null, aftereffect: null, duration: "sustain" },
      { generation: 13, conditions: [], showIcon: SHOW_ICON_STAND_IN },
    );
    expect(fields).toEqual({ img: "icons/svg/aura.svg" });
  });
});

describe("the section's controls", () => {
  const held = (over: Partial<Omit<EffectSource, "id">> = {}): Omit<EffectSource, "id"> => ({
    name: "Held",
    sourceCombatantId: null,
    duration: "saveEnds",
    save: "normal",
    saveBonus: 0,
    sustain: null,
    sustainedRound: null,
    ongoing: null,
    aftereffect: null,
    armed: false,
    statuses: [],
    ...over,
  });

  it("[SYS-EFFECTS] [13A-SAVE] 'roll its save now': a fail keeps it, a pass ends it and starts its aftereffect, each with a turn line", async () => {
    standInGlobals.rulesetId = "13th-age";
    const actor = new StandInActor("bearer", defaultActorSource());
    await addEffect(
      actor,
      held({
        aftereffect: {
          name: "Shaken",
          sourceCombatantId: null,
          duration: "endOfEncounter",
          save: "normal",
          saveBonus: 0,
          sustain: null,
          ongoing: null,
          statuses: [],
        },
      }),
    );
    const id = actor.effects.contents[0]!.id;
    standInRollFaces.push(10, 11); // 13th Age normal save: 11+
    await effects.onEffectControl(actor as never, "rollEffectSave", id);
    expect(actor.effects.contents.map((e) => e.name)).toEqual(["Held"]);
    await effects.onEffectControl(actor as never, "rollEffectSave", id);
    expect(actor.effects.contents.map((e) => e.name)).toEqual(["Shaken"]);
    expect(standInRollFaces).toEqual([]);
    expect(
      lines()
        .filter((l) => l.rolls.length)
        .map((l) => l.rolls[0]!.request.effectId),
    ).toEqual([id, id]);
    expect(lines().filter((l) => l.error)).toEqual([]);
  });

  it("[SYS-EFFECTS] [FF-SUSTAIN] sustain: refused before its creator's next turn, recorded on it, refused twice a turn", async () => {
    standInGlobals.rulesetId = "ffd20";
    const caster = new StandInActor("caster", defaultActorSource(), true);
    const foe = new StandInActor("foe", defaultActorSource({ kind: "npc" }));
    const combat = battle([
      { id: "caster", actor: caster, initiative: 20 },
      { id: "foe", actor: foe, initiative: 5 },
    ]);
    (standInGlobals.game as { combat?: unknown }).combat = combat;
    await step(combat, () => combat.startCombat());
    await addEffect(foe, held({ name: "Zone", duration: "sustain", sustain: "minor", sourceCombatantId: "caster" }));
    const zone = () => foe.effects.contents[0]!;
    /** The row's sustain control; whether it changed the effect. */
    const sustain = async () => {
      const before = JSON.stringify(zone().flags);
      await effects.onEffectControl(foe as never, "sustainEffect", zone().id);
      return JSON.stringify(zone().flags) !== before;
    };
    expect(await sustain()).toBe(false); // made this turn: not yet
    expect(effects.effectsSectionFor(foe as never, true).rows[0]).toMatchObject({
      duration: "sustain minor",
      sustainable: true,
      canSustain: false,
    });
    await step(combat, () => combat.nextTurn()); // the foe's turn: not the caster's
    expect(await sustain()).toBe(false);
    await step(combat, () => combat.nextTurn()); // round 2: the caster's turn arms it
    expect(effects.effectsSectionFor(foe as never, true).rows[0]!.canSustain).toBe(true);
    expect(await sustain()).toBe(true);
    expect((zone().flags["d20-combat"]!.effect as { sustainedRound: number }).sustainedRound).toBe(2);
    expect(await sustain()).toBe(false);
    await step(combat, () => combat.nextTurn()); // its turn ends sustained: the zone stays
    expect(foe.effects.size).toBe(1);
    await step(combat, () => combat.nextTurn());
    await step(combat, () => combat.nextTurn()); // round 3: not sustained by the end of the caster's turn
    await step(combat, () => combat.nextTurn());
    expect(foe.effects.size).toBe(0);
  });

  it("[SYS-EFFECTS] disable, edit (timing state kept), delete", async () => {
    standInGlobals.rulesetId = "wounds-d20";
    const actor = new StandInActor("bearer", defaultActorSource());
    // An effect the turn cycle has armed already (no form sets that): made as the cycle makes it.
    await actor.createEmbeddedDocuments("ActiveEffect", [
      effectCreateData(held({ duration: "endOfNextTurn", armed: true })),
    ]);
    const doc = actor.effects.contents[0]!;
    await effects.onEffectControl(actor as never, "toggleEffect", doc.id);
    expect(doc.disabled).toBe(true);
    expect(effects.effectsSectionFor(actor as never, true).rows[0]).toMatchObject({ disabled: true, canSave: false });
    await editEffect(actor, doc.id, held({ name: "Pinned", duration: "endOfNextTurn" }));
    expect(doc.name).toBe("Pinned");
    expect((doc.flags["d20-combat"]!.effect as { armed: boolean }).armed).toBe(true);
    await effects.onEffectControl(actor as never, "deleteEffect", doc.id);
    expect(actor.effects.size).toBe(0);
  });

  it("[SYS-EFFECTS] a disabled effect is paused: the bearer's turn end rolls no save against it, and it stays", async () => {
    standInGlobals.rulesetId = "13th-age";
    const bearer = new StandInActor("bearer", defaultActorSource(), true);
    const combat = battle([{ id: "bearer", actor: bearer, initiative: 10 }]);
    await addEffect(bearer, held());
    await effects.onEffectControl(bearer as never, "toggleEffect", bearer.effects.contents[0]!.id);
    await step(combat, () => combat.startCombat());
    await step(combat, () => combat.nextTurn()); // its turn ends: no face recorded, so any save would fail loudly
    expect(lines().filter((l) => l.error)).toEqual([]);
    expect(bearer.effects.contents.map((e) => e.name)).toEqual(["Held"]);
  });

  /**
   * A clicked control inside a rendered row, as far as the sheet's handler reads it: `closest`
   * over the button (its own `data-effect-id`) and its row (`data-effect-parent`), with the
   * attributes the real template rendered for that row.
   */
  function clickedControl(html: string, effectId: string): HTMLElement {
    const row = new RegExp(`<li[^>]*data-effect-id="${effectId}"[^>]*>`).exec(html)?.[0] ?? "";
    const parent = /data-effect-parent="([^"]+)"/.exec(row)?.[1];
    const rowEl = { dataset: { effectId, ...(parent ? { effectParent: parent } : {}) } };
    const closest = (selector: string) =>
      selector === "[data-effect-parent]" ? (parent ? rowEl : null) : selector === "[data-effect-id]" ? button : null;
    const button = { dataset: { effectId }, closest };
    return button as unknown as HTMLElement;
  }

  it("[SYS-EFFECTS] the actor sheet lists the effects its feature carries, named by the feature; disable, edit and delete act on the feature's own effect", async () => {
    standInGlobals.rulesetId = "ffd20";
    const R = getRuleset("ffd20");
    const [condition] = twoConditions("ffd20");
    const actor = new StandInActor("bryn", defaultActorSource(), true);
    await addEffect(actor, held());
    const feature = actor.addItem("feat1", "Stone Skin");
    await addEffect(feature, held({ name: "Hardened", duration: "permanent", statuses: [condition] }));
    await feature.createEmbeddedDocuments("ActiveEffect", [{ name: "Kept on the item", transfer: false }]);
    const carried = feature.effects.contents[0]!;

    const section = effects.effectsSectionFor(actor as never, true);
    expect(section.rows.map((r) => [r.name, r.source, r.parentId])).toEqual([
      ["Held", "—", ""],
      ["Hardened", "Stone Skin", "feat1"],
    ]);
    // Its save and sustain belong to the item's own lasting, not the bearer's.
    expect(section.rows[1]).toMatchObject({ transferred: true, canSave: false, sustainable: false });
    expect(section.rows[1]!.conditions).toBe(i18n.localize(R.conditions.find((c) => c.id === condition)!.label));

    // The real template marks the row with its item; the sheet's own handler follows it there.
    const hbs = createTemplateRenderer();
    let html = hbs.render("templates/sheets/effects.hbs", section);
    expect(html).toContain(`data-effect-parent="feat1"`);
    expect(html).toContain("Stone Skin");
    expect(actor.statuses.has(condition)).toBe(true);
    const handlers = effectActionHandlers();
    const sheet = { document: actor };
    await handlers.toggleEffect.call(sheet, new Event("click") as PointerEvent, clickedControl(html, carried.id));
    expect(carried.disabled).toBe(true);
    expect(actor.effects.contents.map((e) => e.disabled)).toEqual([false]);
    expect(actor.statuses.has(condition)).toBe(false);
    expect(effects.effectsSectionFor(actor as never, true).rows[1]).toMatchObject({ disabled: true });

    html = hbs.render("templates/sheets/effects.hbs", effects.effectsSectionFor(actor as never, true));
    await editEffect(feature, carried.id, held({ name: "Hardened Skin", duration: "permanent" }));
    expect(carried.name).toBe("Hardened Skin");
    await handlers.deleteEffect.call(sheet, new Event("click") as PointerEvent, clickedControl(html, carried.id));
    expect(feature.effects.contents.map((e) => e.name)).toEqual(["Kept on the item"]);
    expect(actor.effects.contents.map((e) => e.name)).toEqual(["Held"]);
    expect(effects.effectsSectionFor(actor as never, true).rows.map((r) => r.name)).toEqual(["Held"]);
  });
});
