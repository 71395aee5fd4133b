/**
 * The screens of one game the words test reads beyond `screensOf` (issue 45): the limited sheet, the
 * effect form (new, and editing an effect with an aftereffect), the token HUD's duration prompt, a
 * turn summary of the game's own turn end (a save against an effect, its ongoing damage, what
 * follows it), the attack's situation dialog, each rest's confirm dialog, every pack actor's sheet (a monster as its stat
 * block) and every pack item's sheet, and every pack document's own prose (names, descriptions,
 * biographies, power texts), and every journal the game's world shows as its journal sheet renders it. Each is rendered by the real templates and contexts.
 */
import { itemSheetContext } from "../../src/applications/sheets/item-context.js";
import { limitedSheetContext } from "../../src/applications/sheets/limited-context.js";

import { effectFormContext, statusDurationContext } from "../../src/engine/views/effects-context.js";
import { situationDialogContext } from "../../src/engine/views/situation-dialog.js";
import { runPlan } from "../../src/engine/plans/turns.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import type { RulesetId } from "../../src/engine/types.js";
import { blankSituation, defaultActorSource } from "../../src/engine/common.js";
import { turnSummaryView } from "../../src/workflows/combat-chat.js";
import { restConfirmContext } from "../../src/engine/views/rest-confirm.js";
import { restPreview } from "../../src/engine/plans/rest-report.js";
import { restsOf } from "../../src/engine/powers.js";
import { powerUsageFrom } from "../../src/data/item-source.js";
import { toActorSource } from "../../src/data/prepare.js";
import { actorsOf, allItemsOf, packsOf } from "../content/content.js";
import type { PackActor, PackItem, Plain } from "../packs/pack-sources.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { quietPorts, recordedResult } from "../support/turn-sequence.js";
import { combatant, effect } from "../workflows/combat-fixtures.js";
import { i18n, sheetItem, typeLabel } from "./sheet-fixtures.js";
import { actorScreen, filledActor, itemsOf, type Screen } from "./words-screens.js";
import { isJournal, journalScreensOf } from "./journal-screens.js";

const hbs = createTemplateRenderer({ i18n: { missing: "key" } });
const format = (key: string, data?: Record<string, string | number>) =>
  data ? i18n.format(key, data) : i18n.localize(key);

const sidebar = (name: string, slug: string, html: string): Screen => ({
  name,
  slug,
  kind: "sidebar",
  html,
  numbers: [],
});

/** A lasting effect with what follows it, made of the game's own first two ordinary conditions. */
function lastingEffect(ruleset: Ruleset) {
  const [cond, after] = ruleset.conditions.filter((c) => !c.dead && !c.noActions);
  return effect("burn", {
    name: "Burning",
    sourceCombatantId: "foe",
    ongoing: { amount: 5, type: "fire" },
    statuses: [cond!.id],
    aftereffect: {
      name: "Singed",
      sourceCombatantId: "foe",
      duration: "endOfNextTurn",
      save: "normal",
      saveBonus: 0,
      sustain: null,
      ongoing: null,
      statuses: [(after ?? cond)!.id],
    },
  });
}

function effectForms(ruleset: Ruleset): Screen[] {
  const names = { foe: "Foe", a1: "Ayla" };
  const base = { ruleset, names, format, damageTypeLabel: typeLabel };
  const { id: _id, ...edited } = lastingEffect(ruleset);
  return [
    { name: "effect form (new)", slug: "effect-form-new", html: effectFormContext({ ...base, effect: null }) },
    { name: "effect form (edit)", slug: "effect-form-edit", html: effectFormContext({ ...base, effect: edited }) },
  ].map((f) => ({ ...sidebar(f.name, f.slug, hbs.render("templates/sheets/effect-form.hbs", f.html)), kind: "sheet" }));
}

function hudPrompt(ruleset: Ruleset): Screen {
  const ctx = statusDurationContext({
    conditionLabel: i18n.localize(ruleset.conditions[0]!.label),
    names: { a1: "Ayla", foe: "Foe" },
    currentCombatantId: "a1",
    format,
    ruleset,
  });
  return sidebar("token HUD duration prompt", "hud-prompt", hbs.render("templates/sheets/status-duration.hbs", ctx));
}

/** The bearer's turn end in its game: its save against the lasting effect (a pass), the ongoing damage, what follows. */
async function turnSummary(ruleset: Ruleset): Promise<Screen> {
  const bearer = combatant("a1", { name: "Ayla", effects: [lastingEffect(ruleset)] });
  const foe = combatant("foe", { name: "Foe", side: "gm" });
  const ctx = { round: 2, combatantId: "a1", combatants: [bearer, foe], surpriseRound: false, options: {} };
  let ids = 0;
  const out = await runPlan(
    ruleset,
    ctx,
    ruleset.onTurnEnd(ctx),
    quietPorts(
      async (request) => recordedResult(request, 19),
      () => `fx${++ids}`,
    ),
  );
  const view = turnSummaryView(
    { kind: "turn", combatantId: "a1", actorId: "Actor.a1", name: "Ayla", round: 2 },
    out.lines.map((line) => ({ line, undone: false })),
    format,
    { isGM: true },
  );
  return sidebar("turn summary", "turn-summary", hbs.render("templates/combat/turn-summary.hbs", view));
}

function situationDialog(ruleset: Ruleset): Screen {
  const ctx = situationDialogContext(ruleset, [
    { name: "Near Foe", situation: blankSituation(), reasons: [] },
    { name: "Far Foe", situation: blankSituation(), reasons: [] },
  ]);
  return sidebar("situation dialog", "situation", hbs.render("templates/chat/situation-dialog.hbs", ctx));
}

function limitedSheet(ruleset: Ruleset): Screen {
  const actor = defaultActorSource({ hp: { value: 5, max: 30, temp: 0 }, conditions: [ruleset.conditions[0]!.id] });
  const ctx = limitedSheetContext({
    name: "Ogre",
    img: "icons/svg/mystery-man.svg",
    derived: ruleset.deriveActor(actor, {}),
  });
  return {
    ...sidebar("limited sheet", "limited", hbs.render("templates/sheets/actor-limited.hbs", ctx)),
    kind: "sheet",
  };
}

/**
 * [SYS-WORDS] Each of the game's rests asked of its level-3 pregen, down to 1 hit point with every
 * power spent (issue 45): the confirm dialog with what will come back and
 * the dice it rolls, as the sheet's rest button renders it (its report card lists the same lines).
 */
export function restConfirms(ruleset: Ruleset): Screen[] {
  const pc = actorsOf(ruleset.id).find((a) => a.type === "character" && Number(a.system.level) === 3)!;
  const system = pc.system as { hp?: { max?: number } };
  const stored = filledActor({ ...pc.system, hp: { value: 1, max: system.hp?.max ?? 30, temp: 0 }, exhaustion: 2 });
  const actor = toActorSource("character", stored);
  const powers = pc.items
    .filter((i) => i.type === "power")
    .map((i) => {
      const usage = powerUsageFrom(i.system);
      return {
        id: i._id,
        name: i.name,
        usage: { ...usage, used: true, uses: { ...usage.uses, spent: usage.uses.max } },
      };
    });
  return restsOf(ruleset).map((rest) => {
    const preview = restPreview(ruleset, actor, rest.key, powers, {});
    const ctx = restConfirmContext(format, [{ name: pc.name, preview }]);
    return {
      ...sidebar(`rest confirm ${rest.key}`, `rest-${rest.key}`, hbs.render("templates/chat/rest-confirm.hbs", ctx)),
      kind: "sheet",
    };
  });
}

/** Every pack actor's sheet (an NPC as its stat block). */
function packActorSheets(ruleset: Ruleset, actors: readonly PackActor[]): Screen[] {
  return actors.map((a) => {
    const kind = a.type === "character" ? "character" : "npc";
    const ctx = actorScreen(ruleset, kind, a.name, filledActor(a.system), itemsOf(a));
    return {
      ...sidebar(`${a.type} ${a.name}`, "pack-actor", hbs.render("templates/sheets/actor.hbs", ctx)),
      kind: "sheet",
    };
  });
}

/** Every pack item's sheet. */
function packItemSheets(ruleset: Ruleset, items: readonly { item: PackItem; owner: PackActor | null }[]): Screen[] {
  return items.map(({ item, owner }) => {
    const filled = sheetItem(item._id, item.type, item.name, item.system);
    const description = String(item.system.description ?? "");
    const ctx = itemSheetContext({
      type: item.type,
      name: item.name,
      img: item.img,
      system: filled.system,
      ruleset,
      editable: true,
      foreignRuleset: null,
      description,
      descriptionHTML: description,
      damageTypeLabel: typeLabel,
      weapons: (owner?.items ?? []).filter((i) => i.type === "weapon").map((w) => ({ id: w._id, name: w.name })),
      localize: (k) => i18n.localize(k),
    });
    const where = owner ? ` of ${owner.name}` : "";
    return {
      ...sidebar(`${item.type} sheet ${item.name}${where}`, "pack-item", hbs.render("templates/sheets/item.hbs", ctx)),
      kind: "sheet",
    };
  });
}

/** The prose a pack document shows as its own (names, descriptions, biographies, texts, journal pages). */
function proseOf(doc: Plain, out: string[] = []): string[] {
  const sys = (doc.system ?? {}) as Plain;
  const push = (v: unknown) => {
    if (typeof v === "string" && v.trim() !== "") out.push(v);
  };
  push(doc.name);
  for (const k of ["description", "biography", "hitEffect", "missText", "critText", "notes"]) push(sys[k]);
  for (const e of (sys.effects ?? []) as Plain[]) push(e.text);
  for (const i of (doc.items ?? []) as Plain[]) proseOf(i, out);
  for (const p of (doc.pages ?? []) as Plain[]) {
    push(p.name);
    push((p.text as Plain | undefined)?.content);
  }
  return out;
}

/** Each pack document of a game as one screen of its prose. */
function packProse(id: RulesetId): Screen[] {
  // Journals are read as their rendered screens instead (journal-screens.ts).
  return packsOf(id).flatMap((p) =>
    p.docs
      .filter(({ doc }) => !isJournal(doc))
      .map(({ file, doc }) => sidebar(`packs/${p.entry.name}/${file}`, "pack-doc", proseOf(doc).join("\n<br>\n"))),
  );
}

/** Every further screen of a game and every pack document of it. */
export async function moreScreensOf(id: RulesetId): Promise<Screen[]> {
  const ruleset = getRuleset(id);
  return [
    limitedSheet(ruleset),
    ...effectForms(ruleset),
    hudPrompt(ruleset),
    await turnSummary(ruleset),
    situationDialog(ruleset),
    ...restConfirms(ruleset),
    ...packActorSheets(ruleset, actorsOf(id)),
    ...packItemSheets(ruleset, allItemsOf(id)),
    ...packProse(id),
    // [SYS-WORDS] every journal the game's world shows, rendered as its sheet shows it (issue 45)
    ...journalScreensOf(id),
  ];
}
