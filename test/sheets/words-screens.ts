/**
 * Every screen of one game as a user reads it, rendered with the real templates from the game's own
 * pack content: a fresh character, a level-5 character mid-fight, two NPC stat blocks (a plain
 * one and an important one), an item sheet of each item type, the combat tracker's additions, the
 * roll cards, the attack card as the GM sees it, the sheet's Effects section with an active effect,
 * and every other tab of the sheet (a character's and an important NPC's).
 * Also each game's own words: the labels its ruleset data names and the short strings of its
 * lang/en.json namespace, for the cross-game label-leak test.
 */
import { ACTOR_TABS, actorSheetContext } from "../../src/applications/sheets/actor-context.js";
import { itemSheetContext } from "../../src/applications/sheets/item-context.js";
import { combatantControlsView, trackerHeaderView } from "../../src/applications/combat/tracker-view.js";
import { actorSchema } from "../../src/data/schema.js";
import { combineArmor, toActorSource } from "../../src/data/prepare.js";
import { recoveriesOnCreate } from "../../src/data/stamp.js";
import { restsOf } from "../../src/engine/powers.js";
import { actionRows } from "../../src/engine/actions.js";
import { itemFieldShown, wordsOf } from "../../src/engine/words.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import { type ActorKind, type RulesetId } from "../../src/engine/types.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { actorsOf, allItemsOf } from "../content/content.js";
import type { PackActor, PackItem } from "../packs/pack-sources.js";
import { standInFields, standInFill } from "../stand-ins/foundry-fields.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import {
  attackSources,
  heroContext,
  i18n,
  itemContext,
  sheetItem,
  shownBlocksOf,
  typeLabel,
  type SheetBlockName,
  type SheetItem,
} from "./sheet-fixtures.js";
import { standInLangStrings } from "../stand-ins/i18n.js";
import { decideDeathSave, decideRecovery } from "../../src/engine/plans/sheet-rolls.js";
import { facesRoller } from "../support/recorded-dice.js";
import type { RuleCardData } from "../../src/engine/plans/card-data.js";
import { ruleCardContext } from "../../src/engine/views/rule-card-context.js";
import { standInViewer } from "../workflows/attack-card-fixture.js";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { effectsSectionContext } from "../../src/engine/views/effects-context.js";
import { attackFromRecordedDice } from "../support/recorded-dice.js";
import { npc, request, target } from "../workflows/attack-fixtures.js";
import { effect } from "../workflows/combat-fixtures.js";

/** Missing keys render as the raw key (as Foundry does), so a leak of one is caught, not thrown. */
const hbs = createTemplateRenderer({ i18n: { missing: "key" } });

export interface Screen {
  name: string;
  /** A short stable name for its PNG (`words-<game>-<slug>-<theme>-<width>.png`). */
  slug: string;
  /** "sheet" = an actor or item window; "sidebar" = the tracker and chat column. */
  kind: "sheet" | "sidebar";
  html: string;
  /** The numbers a player needs from it (HP, defenses, initiative, each attack's bonus). */
  numbers: string[];
}

export const filledActor = (system: Record<string, unknown>) => standInFill(actorSchema(standInFields), system);

/**
 * A user's own prose as the rich-text editor stores it (headings, a list, emphasis, a long
 * paragraph): what a table writes into a biography or an item's description, game-neutral so it
 * reads in every game.
 */
const RICH_BIOGRAPHY = [
  "<h2>Before the road</h2>",
  "<p>Born in the salt marshes south of the old capital, the youngest of five, raised by an aunt who ran the ferry. ",
  "Learned to read from the tide tables and to fight from the smugglers who paid the fare in <em>favours</em> rather than coin; ",
  "left at sixteen after the flood year, carrying a borrowed blade, a letter of introduction nobody has yet accepted, ",
  "and a debt to a harbour master that grows a little every winter and that the family would rather not discuss at dinner.</p>",
  "<h3>Allies and rivals</h3>",
  "<ul><li><strong>Maren Coldwater</strong>, the ferry aunt, who still writes every month</li>",
  "<li>Brother Ilse of the lantern house, owed a favour</li>",
  "<li>The harbour master's clerk, who keeps the ledger</li></ul>",
  "<blockquote><p>“Keep the lamp lit and the oars dry.”</p></blockquote>",
].join("");

/** An item's description with the same kinds of rich content. */
const RICH_DESCRIPTION = [
  "<h3>In play</h3>",
  "<p>Passed down through three owners before this one, each of whom added a notch to the grip and a story to go with it; ",
  "the newest story is the longest and the least believed, and the owner tells it anyway at every inn between the coast and the hills.</p>",
  "<ol><li>Keep it oiled</li><li>Never lend it on a feast day</li></ol>",
].join("");

export function itemsOf(actor: PackActor | null): SheetItem[] {
  return (actor?.items ?? []).map((i) => sheetItem(i._id, i.type, i.name, i.system));
}

/** The actor sheet's context for stored data, as the sheet builds it (armor items folded in). */
export function actorScreen(
  ruleset: Ruleset,
  kind: ActorKind,
  name: string,
  stored: Record<string, unknown>,
  items: SheetItem[],
  activeTab?: string,
  /** Whether the user may edit the actor (an owner); false = an observer's view. */
  editable = true,
) {
  const prepared = structuredClone(stored);
  prepared.armor = combineArmor(
    prepared.armor as never,
    items
      .filter((i) => i.type === "armor")
      .map((i) => i.system as unknown as Parameters<typeof combineArmor>[1][number]),
  );
  const system = toActorSource(kind, prepared);
  return actorSheetContext({
    ruleset,
    kind,
    name,
    img: "icons/svg/mystery-man.svg",
    system,
    stored: toActorSource(kind, stored),
    derived: ruleset.deriveActor(system, {}),
    deriveError: null,
    items,
    foreignRuleset: null,
    editable,
    // the user's own prose (not the system's words), as the editor stores and enriches it
    biography: RICH_BIOGRAPHY,
    biographyHTML: RICH_BIOGRAPHY,
    damageTypeLabel: typeLabel,
    attacks: attackSources(ruleset.id, system, items, 2),
    options: {},
    escalation: 2,
    escalationInPlay: ruleset.escalationByDefault,
    // as the sheet reads it (src/workflows/procedures.ts): the creature's conditions pick its procedures
    actions: { actionsLeft: null, effects: [], statuses: system.conditions },
    text: i18n,
    ...(activeTab ? { activeTab } : {}),
  });
}

/** An actor sheet screen: its HTML and the numbers a player reads off it. */
function actorPage(name: string, slug: string, ctx: ReturnType<typeof actorScreen>): Screen {
  const hp = shownBlocksOf(ctx).wounds ? [ctx.damageTaken, ctx.hp.max] : [ctx.hp.value, ctx.hp.max];
  const attacks = [...ctx.powers, ...ctx.weapons].flatMap((a) => (a.attack && !a.attack.error ? [a.attack.bonus] : []));
  return {
    name,
    slug,
    kind: "sheet",
    html: hbs.render("templates/sheets/actor.hbs", ctx),
    numbers: [...hp, ...ctx.defenses.map((d) => d.value), ctx.initiative, ...attacks].map(String),
  };
}

/** A character as the game creates it: the data model's defaults and the game's creation defaults. */
function freshCharacter(ruleset: Ruleset): Screen {
  const stored = filledActor({
    ...(ruleset.defaultAbilities ? { abilities: { ...ruleset.defaultAbilities } } : {}),
    ...(ruleset.defaultSpeed !== undefined ? { speed: ruleset.defaultSpeed } : {}),
    ...(ruleset.startingRecoveries ? { recoveries: recoveriesOnCreate({}, ruleset.startingRecoveries) } : {}),
  });
  return actorPage("fresh character", "fresh", actorScreen(ruleset, "character", "New Hero", stored, []));
}

/** A pack character raised to level 5 in the middle of a fight: hurt, one condition, a failed death save. */
function midFight(ruleset: Ruleset, pc: PackActor): Screen {
  const s = pc.system as { hp: { max: number } };
  const stored = filledActor({
    ...pc.system,
    level: 5,
    hp: { value: Math.max(1, Math.floor(s.hp.max / 3)), max: s.hp.max, temp: 3 },
    conditions: [ruleset.conditions[0]!.id],
    deathSaves: { successes: 1, failures: 1 },
  });
  return actorPage(
    `level-5 ${pc.name} mid-fight`,
    "character",
    actorScreen(ruleset, "character", pc.name, stored, itemsOf(pc)),
  );
}

function npcBlock(ruleset: Ruleset, npc: PackActor, important: boolean): Screen {
  const stored = filledActor({ ...npc.system, important });
  return actorPage(
    `${important ? "important " : ""}NPC ${npc.name}`,
    important ? "npc-important" : "npc",
    actorScreen(ruleset, "npc", npc.name, stored, itemsOf(npc)),
  );
}

function itemScreen(ruleset: Ruleset, item: PackItem, owner: PackActor | null): Screen {
  const filled = sheetItem(item._id, item.type, item.name, item.system);
  const ctx = itemSheetContext({
    type: item.type,
    name: item.name,
    img: item.img,
    system: filled.system,
    ruleset,
    editable: true,
    foreignRuleset: null,
    description: RICH_DESCRIPTION,
    descriptionHTML: RICH_DESCRIPTION,
    damageTypeLabel: typeLabel,
    weapons: (owner?.items ?? []).filter((i) => i.type === "weapon").map((w) => ({ id: w._id, name: w.name })),
    localize: (k) => i18n.localize(k),
  });
  return {
    name: `${item.type} sheet ${item.name}`,
    slug: item.type,
    kind: "sheet",
    html: hbs.render("templates/sheets/item.hbs", ctx),
    numbers: [],
  };
}

/** The tracker's header additions and a combatant row's controls, as the GM sees them in a battle. */
function trackerScreen(ruleset: Ruleset): Screen {
  const header = trackerHeaderView({
    inCombat: true,
    escalationEnabled: ruleset.escalationByDefault,
    escalation: 2,
    paused: false,
    isGM: true,
    tough: false,
    canFlee: true,
    rests: restsOf(ruleset),
    words: wordsOf(ruleset),
  });
  const controls = combatantControlsView(ruleset.initiative, { aware: false, seat: 2 }, true);
  return {
    name: "combat tracker",
    slug: "tracker",
    kind: "sidebar",
    numbers: ruleset.escalationByDefault ? ["2"] : [],
    html:
      hbs.render("templates/combat/tracker-header.hbs", header) +
      hbs.render("templates/combat/combatant-controls.hbs", controls) +
      cappedActionsLeft(ruleset),
  };
}

/**
 * The current combatant's actions left as the tracker's row shows them, for a staggered creature
 * that took its one action: one kind spent, the cap reached, and the game's notes on such a turn.
 */
function cappedActionsLeft(ruleset: Ruleset): string {
  const economy = ruleset.economy;
  if (!economy) return "";
  const kinds = [...economy.turn, ...(economy.outOfTurn ?? [])];
  const left = Object.fromEntries(kinds.map((k, i) => [k.key, i === 0 ? 0 : k.count]));
  const rows = actionRows(economy, { left, taken: 1, cap: 1, waiting: {} }).map((r) => ({ ...r, spent: r.left <= 0 }));
  const staggered = toActorSource("npc", filledActor({ state: "staggered", speed: 30 }));
  const notes = (ruleset.turnNotes?.(staggered) ?? []).map((n) => ({ key: n.key, value: n.value ?? 0 }));
  return hbs.render("templates/combat/actions-left.hbs", { rows, cap: 1, capReached: true, canSpend: true, notes });
}

/**
 * The cards the sheet's rolls post, decided by the engine with recorded dice and titled as the
 * workflows title them: a death roll of a dying character and a spent recovery.
 */
async function cardsScreen(ruleset: Ruleset, pc: PackActor): Promise<Screen> {
  const s = pc.system as { hp: { max: number } };
  const dying = toActorSource(
    "character",
    filledActor({ ...pc.system, hp: { value: -2, max: s.hp.max, temp: 0 }, state: "dying", dyingTurns: 1 }),
  );
  const hurt = toActorSource(
    "character",
    filledActor({
      ...pc.system,
      hp: { value: 1, max: s.hp.max, temp: 0 },
      recoveries: { value: 3, max: 8, formula: "1d8" },
    }),
  );
  // each roll as its formula reads: the death roll's d20 at 12, a recovery's dice at 60% of their size
  const dice = () => facesRoller(12);
  const words = wordsOf(ruleset);
  const outcomes = [
    { title: words.deathSave, outcome: await decideDeathSave(ruleset, dying, "a1", dice(), {}) },
    { title: words.spendRecovery, outcome: await decideRecovery(ruleset, hurt, "a1", false, dice(), {}) },
  ];
  const html = outcomes
    .map(({ title, outcome }) => {
      const data: RuleCardData = {
        version: 1,
        actorUuid: "Actor.a1",
        actorName: pc.name,
        title,
        rolls: (outcome?.rolls ?? []).map((r) => ({
          label: r.request.label,
          formula: r.request.formula,
          total: r.result.total,
          natural: r.result.natural,
          target: r.request.target,
          against: r.request.against,
          success: r.success,
        })),
        events: outcome?.events ?? [],
      };
      return hbs.render("templates/chat/rule-card.hbs", ruleCardContext(data, standInViewer()));
    })
    .join("");
  return { name: "roll cards", slug: "roll-cards", kind: "sidebar", html, numbers: ["12"] };
}

/**
 * The attack card as the chat log shows it to the GM: one attack of the game decided from recorded
 * dice against two targets (a hit and a miss), rendered by the real card template and context.
 */
function attackCardScreen(ruleset: Ruleset): Screen {
  const req = request(ruleset.id, {
    targets: [target("near", npc(ruleset, 5), "Near Foe"), target("far", npc(ruleset, 40), "Far Foe")],
  });
  const card = attackFromRecordedDice({ ...req, item: { name: "Strike", img: "icons/svg/sword.svg" } }, [[15], [15]], {
    "*": [4],
  });
  const html = hbs.render(
    "templates/chat/attack-card.hbs",
    attackCardContext({ ...card, defenseLabel: ruleset.defenses[0]!.label }, standInViewer({ isGM: true })),
  );
  return { name: "attack card", slug: "attack-card", kind: "sidebar", html, numbers: [] };
}

/**
 * The mid-fight character's sheet with its Effects section: a save-ends effect with ongoing damage,
 * one of the game's conditions and an aftereffect, as the sheet's section context builds it.
 */
function effectsScreen(ruleset: Ruleset, pc: PackActor): Screen {
  const stored = filledActor({ ...pc.system, level: 5 });
  const ctx = actorScreen(ruleset, "character", pc.name, stored, itemsOf(pc));
  const [cond, after] = ruleset.conditions.filter((c) => !c.dead && !c.noActions);
  const effectsSection = effectsSectionContext({
    ruleset,
    bearer: { actor: toActorSource("character", stored), actorId: "Actor.a1", name: pc.name, combatantId: "a1" },
    effects: [
      {
        id: "burn",
        name: "Burning",
        img: "icons/svg/fire.svg",
        disabled: false,
        sourceName: null,
        effect: effect("burn", {
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
        }),
      },
    ],
    names: { foe: "Foe", a1: pc.name },
    round: 2,
    currentCombatantId: "a1",
    editable: true,
    format: (key, data) => (data ? i18n.format(key, data) : i18n.localize(key)),
    damageTypeLabel: typeLabel,
  });
  return {
    ...actorPage(`${pc.name} effects`, "effects", ctx),
    html: hbs.render("templates/sheets/actor.hbs", { ...ctx, effectsSection }),
  };
}

/**
 * The sheet's tabs past the combat tab (abilities, traits, biography …) of a stored actor, each as
 * its own screen; the numbers a player needs are read off the combat tab, so none are asked here.
 */
function otherTabs(ruleset: Ruleset, kind: ActorKind, actor: PackActor, stored: Record<string, unknown>): Screen[] {
  return ACTOR_TABS.filter((tab) => tab !== "combat").map((tab) => ({
    name: `${actor.name} ${tab} tab`,
    slug: kind === "npc" ? `npc-${tab}` : tab,
    kind: "sheet",
    html: hbs.render("templates/sheets/actor.hbs", actorScreen(ruleset, kind, actor.name, stored, itemsOf(actor), tab)),
    numbers: [],
  }));
}

/** Every screen of a game, built from its packs. */
export async function screensOf(id: RulesetId): Promise<Screen[]> {
  const ruleset = getRuleset(id);
  const actors = actorsOf(id);
  const pc = actors.find((a) => a.type === "character" && Number(a.system.level) === 3)!;
  const npcs = actors.filter((a) => a.type === "npc");
  const items = allItemsOf(id);
  const byType = ["power", "weapon", "armor", "feature"].map((type) => items.find((e) => e.item.type === type)!);
  return [
    freshCharacter(ruleset),
    midFight(ruleset, pc),
    npcBlock(ruleset, npcs[0]!, false),
    npcBlock(ruleset, npcs[1]!, true),
    ...byType.map((e) => itemScreen(ruleset, e.item, e.owner)),
    trackerScreen(ruleset),
    await cardsScreen(ruleset, pc),
    attackCardScreen(ruleset),
    effectsScreen(ruleset, pc),
    ...otherTabs(ruleset, "character", pc, filledActor({ ...pc.system, level: 5 })),
    ...otherTabs(ruleset, "npc", npcs[1]!, filledActor({ ...npcs[1]!.system, important: true })),
  ];
}

// ---- each game's own words -------------------------------------------------------------------

/** A label, not a sentence: short, no placeholders, no full stop. */
const isLabel = (s: string) => s.length <= 40 && !s.includes("{") && !/[.:!?]$/.test(s.trim());

/** The i18n keys the ruleset's data names as labels (conditions, defenses, saves, actions, usages, rests, procedures, words). */
function dataLabelKeys(r: Ruleset): string[] {
  return [
    r.label,
    ...r.conditions.map((c) => c.label),
    ...r.defenses.flatMap((d) => [d.label]),
    ...r.saves.map((s) => s.label),
    ...r.actions.map((a) => a.label),
    ...(r.economy?.turn ?? []).map((a) => a.label),
    ...(r.powerUsages ?? []).map((u) => u.label),
    ...restsOf(r).map((x) => x.label),
    ...(r.procedures ?? []).map((p) => p.label),
    ...Object.values(r.words ?? {}).filter((w): w is string => typeof w === "string"),
  ];
}

/**
 * Every editable item field of each item type with its label key, as the item sheet lists them for
 * a game that hides none (`system.<path>`, `<type's prefix>.FIELDS.<path>.label`).
 */
const ITEM_SHEET_FIELDS = ["power", "weapon", "armor", "feature"].flatMap((type) =>
  itemContext(type, "ffd20", { hiddenItemFields: {} }).fields.map((f) => ({
    type,
    path: f.name.replace(/^system\./, ""),
    label: f.label,
  })),
);

/**
 * Labels of the sheet parts a game shows that another game's data hides: its actor sheet parts
 * (`sheetParts`, on a character's sheet) and its item fields (`hiddenItemFields`).
 */
function shownPartKeys(r: Ruleset): string[] {
  const others = RULESET_IDS.filter((o) => o !== r.id);
  const mine = blocksShown(r.id, "character");
  const blocks = (Object.keys(mine) as SheetBlockName[])
    .filter((b) => mine[b] && others.some((o) => !blocksShown(o, "character")[b]))
    .map((b) => `D20C.Actor.FIELDS.${b}.label`);
  const fields = ITEM_SHEET_FIELDS.filter(
    (f) => itemFieldShown(r, f.type, f.path) && others.some((o) => !itemFieldShown(getRuleset(o), f.type, f.path)),
  ).map((f) => f.label);
  return [...blocks, ...fields];
}

/** The lang namespace of a game: the prefix of its name's key (`D20C.FF.Name` → `D20C.FF.`). */
const namespaceOf = (r: Ruleset) => r.label.replace(/[^.]+$/, "");

/** Every game's lang namespace. */
const NAMESPACES = RULESET_IDS.map((id) => namespaceOf(getRuleset(id)));

/**
 * Keys of parts some game hides (an optional actor block's fields, an item field) and the shared
 * default words: not the core vocabulary every game shows, however they are named.
 */
function hideableKey(key: string): boolean {
  const rulesets = RULESET_IDS.map(getRuleset);
  if (key.startsWith("D20C.Words.")) return true;
  const blocks = someGameHides();
  for (const b of blocks) if (key.startsWith(`D20C.Actor.FIELDS.${b}.`)) return true;
  for (const f of ITEM_SHEET_FIELDS)
    if (rulesets.some((r) => !itemFieldShown(r, f.type, f.path)) && key.startsWith(f.label.replace(/label$/, "")))
      return true;
  return false;
}

/** The blocks a game's sheet shows for a character or an NPC (from the parts it writes). */
const blocksShown = (id: RulesetId, kind: ActorKind) => shownBlocksOf(heroContext(id, { kind }));

/** The blocks a game's sheet leaves out for a character or an NPC. */
const hiddenBlocks = (id: RulesetId, kind: ActorKind) =>
  Object.entries(blocksShown(id, kind))
    .filter(([, shown]) => !shown)
    .map(([k]) => k);

let hiddenSomewhere: Set<string> | null = null;
/** The blocks some game's sheet leaves out for a character or an NPC (built once). */
function someGameHides(): Set<string> {
  hiddenSomewhere ??= new Set(
    RULESET_IDS.flatMap((id) => [...hiddenBlocks(id, "character"), ...hiddenBlocks(id, "npc")]),
  );
  return hiddenSomewhere;
}

/** The core vocabulary: short strings outside every game's namespace that every game may show. */
function coreLabels(): Set<string> {
  const out = new Set<string>();
  for (const [key, text] of standInLangStrings())
    if (!NAMESPACES.some((ns) => key.startsWith(ns)) && !hideableKey(key)) out.add(norm(text));
  return out;
}

const norm = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase();

/**
 * A game's own labels, localised and lower-cased: from its ruleset data, the parts it shows where
 * another hides them, and its lang namespace's short strings; less the core vocabulary.
 */
export function ownLabels(id: RulesetId): Set<string> {
  const r = getRuleset(id);
  const ns = namespaceOf(r);
  const core = coreLabels();
  const out = new Set<string>();
  for (const key of [...dataLabelKeys(r), ...shownPartKeys(r)]) if (i18n.has(key)) out.add(norm(i18n.localize(key)));
  for (const [key, text] of standInLangStrings()) if (key.startsWith(ns) && isLabel(text)) out.add(norm(text));
  for (const c of core) out.delete(c);
  return out;
}

// ---- what a user reads of a screen -----------------------------------------------------------

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#x27": "'",
  "#39": "'",
  "#x60": "`",
  "#x3D": "=",
  nbsp: " ",
};
/** Handlebars' (and the browser's) escapes undone, as a user reads the text. */
export const decode = (s: string) => s.replace(/&([#\w]+);/g, (m, e: string) => ENTITIES[e] ?? m);

/** The texts a user reads: text between tags and the titles, labels and placeholders of elements. */
export function readTexts(html: string): string[] {
  const attrs = [...html.matchAll(/\s(?:title|aria-label|placeholder|alt)="([^"]*)"/g)].map((m) => m[1]!);
  const text = html
    .replace(/<[^>]*>/g, "\n")
    .split("\n")
    .map((t) => t.trim())
    .filter(Boolean);
  return [...text, ...attrs].map(decode).filter((t) => t.trim() !== "");
}

/** The labels of `labels` (normalised) that are the whole of one of `texts` (a label, a button, a heading). */
export function labelsIn(texts: readonly string[], labels: ReadonlySet<string>): string[] {
  return [...new Set(texts.map(norm))].filter((t) => labels.has(t.replace(/[:\s]+$/, "")));
}
