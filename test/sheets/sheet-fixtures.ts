/**
 * Shared inputs for the sheet tests: a filled character/NPC of any ruleset with one item of each
 * type, built through the stand-in schema fields (the data models' defaults) and the real engine.
 */
import { ACTOR_TABS, actorSheetContext, type ActorSheetInput } from "../../src/applications/sheets/actor-context.js";
import { itemSheetContext } from "../../src/applications/sheets/item-context.js";
import { damageTypeLabelWith } from "../../src/applications/sheets/labels.js";
import type { AttackSource } from "../../src/applications/sheets/attack-summary.js";
import {
  chooseWeapon,
  powerSourceFrom,
  weaponAttackOf,
  weaponReach,
  weaponSourceFrom,
} from "../../src/data/item-source.js";
import { actorRollData, actorSourceView, combineArmor, toActorSource } from "../../src/data/prepare.js";
import {
  actorSchema,
  armorSchema,
  equipmentSchema,
  featureSchema,
  powerSchema,
  weaponSchema,
} from "../../src/data/schema.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import type { ActorSource, DerivedActor, RulesetId } from "../../src/engine/types.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import type { TextViewer } from "../../src/engine/views/power-text.js";
import { standInFields, standInFill } from "../stand-ins/foundry-fields.js";
import type { TemplateRenderer } from "../support/handlebars.js";

/** One item as the actor sheet lists it. */
export type SheetItem = ActorSheetInput["items"][number];

export const i18n = createI18nStandIn({ missing: "key" });
export const typeLabel = damageTypeLabelWith(
  (k) => i18n.has(k),
  (k) => i18n.localize(k),
);

const SCHEMAS: Record<string, (f: typeof standInFields) => object> = {
  power: powerSchema,
  weapon: weaponSchema,
  armor: armorSchema,
  feature: featureSchema,
  equipment: equipmentSchema,
};

/** An owned item as the sheet lists it, its system data filled from the schema's defaults. */
export function sheetItem(id: string, type: string, name: string, system: Record<string, unknown>): SheetItem {
  return {
    id,
    name,
    img: "icons/svg/sword.svg",
    type,
    system: standInFill(SCHEMAS[type]!(standInFields) as Record<string, unknown>, system),
  };
}

export const ITEMS: SheetItem[] = [
  sheetItem("p1", "power", "Cleaving <Strike>", {
    damage: "1[W] + @str",
    damageTypes: ["fire"],
    usage: "encounter",
    defense: "ac",
    hitEffect: "The target staggers back.",
    effects: [
      {
        outcome: "hit",
        trigger: { kind: "any", value: 0 },
        text: "",
        statuses: ["dazed"],
        duration: "saveEnds",
        save: "normal",
        sustain: null,
        ongoing: null,
        aftereffect: {
          statuses: ["weakened"],
          duration: "endOfNextTurn",
          save: "normal",
          sustain: null,
          ongoing: null,
        },
      },
    ],
  }),
  sheetItem("w1", "weapon", "Longsword", {
    damageDice: "1d8",
    weaponClass: "martial",
    equipped: true,
    proficient: true,
  }),
  sheetItem("a1", "armor", "Chain Shirt", { armorBonus: 4, maxDex: 2 }),
  sheetItem("f1", "feature", "Tough", {}),
];

/** A full character's 19 owned items in a game (the sheet benchmark's): 10 powers, 4 weapons, 2 armor, 3 features. */
export function nineteenItems(r: Ruleset): SheetItem[] {
  const defense = r.defenses[0]?.key ?? "ac";
  const items: SheetItem[] = [];
  for (let i = 0; i < 10; i++) {
    items.push(
      sheetItem(`p${i}`, "power", `Power ${i}`, {
        damage: i % 2 ? "1[W] + @str" : "2d6 + 3",
        damageTypes: [r.damageTypes[i % r.damageTypes.length] ?? "fire"],
        usage: i % 3 ? "encounter" : "atWill",
        defense,
      }),
    );
  }
  for (let i = 0; i < 4; i++) {
    items.push(sheetItem(`w${i}`, "weapon", `Weapon ${i}`, { damageDice: "1d8", equipped: i === 0, proficient: true }));
  }
  items.push(sheetItem("a0", "armor", "Chain Shirt", { armorBonus: 4, maxDex: 2, equipped: true }));
  items.push(sheetItem("a1", "armor", "Shield", { shieldBonus: 1, equipped: true }));
  for (let i = 0; i < 3; i++) items.push(sheetItem(`f${i}`, "feature", `Feature ${i}`, {}));
  return items;
}

/** The stored system data of the test hero (or monster) for a ruleset. */
export function storedHero(rulesetId: RulesetId, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const ruleset = getRuleset(rulesetId);
  return standInFill(actorSchema(standInFields), {
    level: 5,
    abilities: { str: 16, dex: 14, con: 12, int: 10, wis: 13, cha: 8 },
    hp: { value: 17, max: 40, temp: 5 },
    resistances: [{ type: "fire", value: 16 }],
    vulnerabilities: [{ type: "cold", value: 0 }],
    immunities: ["poison"],
    wounds: [{ severity: 2, location: "left arm", nasty: false }],
    conditions: [ruleset.conditions[0]!.id],
    ...overrides,
  });
}

/**
 * The engine's view of each attack item, built the way the Item documents build it: a power with
 * its weapon (chosen by `weaponId`) and its formulas resolved from the owner's roll data; a weapon
 * as its basic attack against the game's first defense.
 */
export function attackSources(
  rulesetId: RulesetId,
  actor: ActorSource,
  items: readonly SheetItem[],
  escalation = 0,
  derived?: DerivedActor,
): Record<string, AttackSource> {
  const ruleset = getRuleset(rulesetId);
  const rollData = actorRollData(actor, derived ?? ruleset.deriveActor(actor, {}), escalation);
  const weapons = items.filter((i) => i.type === "weapon");
  const out: Record<string, AttackSource> = {};
  for (const i of items) {
    if (i.type === "power") {
      const w = chooseWeapon(
        i.system.weaponId,
        weapons,
        (x) => x.id,
        (x) => x.system.equipped === true,
        { wanted: i.system.range, reachOf: (x) => weaponReach(x.system) },
      );
      out[i.id] = { power: powerSourceFrom(i.system, rollData), weapon: w ? weaponSourceFrom(w.name, w.system) : null };
    } else if (i.type === "weapon") {
      const weapon = weaponSourceFrom(i.name, i.system);
      out[i.id] = { power: weaponAttackOf(weapon, ruleset, actor.kind, rollData), weapon };
    }
  }
  return out;
}

export interface HeroOptions {
  foreign?: RulesetId | null;
  kind?: "character" | "npc";
  items?: SheetItem[];
  stored?: Record<string, unknown>;
  escalation?: number;
  escalationInPlay?: boolean;
  /** Localisation of the powers' expanded text, as the sheet passes game.i18n (absent = keys). */
  text?: TextViewer;
  /** The sheet's remembered tab. */
  activeTab?: string;
  /** A variant of the game: its sheet parts (or its derivation) replaced (absent = the game's own). */
  ruleset?: Partial<Pick<Ruleset, "sheetParts" | "deriveActor">>;
  /** Its derived values as the data model prepared them (absent = derived here), as the sheet reads them. */
  derived?: DerivedActor;
  /** Its prepared data as the data model leaves it (absent = prepared here from `stored`). */
  prepared?: Record<string, unknown>;
  /** The attack rows the user opened (absent = none: every row folded). */
  expandedPowers?: ReadonlySet<string>;
}

/** The actor sheet context of the test hero in a ruleset (one equipped chain shirt on top of the stored armor). */
export function characterContext(
  rulesetId: RulesetId,
  foreign: RulesetId | null = null,
  kind: "character" | "npc" = "character",
) {
  return heroContext(rulesetId, { foreign, kind });
}

/** The hero's prepared data from its stored data: the equipped chain shirt folded into its armor. */
export function heroPrepared(stored: Record<string, unknown>): Record<string, unknown> {
  const prepared = structuredClone(stored);
  prepared.armor = combineArmor(prepared.armor as never, [
    { armorBonus: 4, shieldBonus: 0, maxDex: 2, heavy: false, equipped: true },
  ]);
  return prepared;
}

/** The engine's copy of the hero's prepared data (what the sheet reads as `toEngineSource()`). */
export function heroSystem(kind: "character" | "npc", stored: Record<string, unknown>): ActorSource {
  return toActorSource(kind, heroPrepared(stored));
}

export function heroContext(rulesetId: RulesetId, o: HeroOptions = {}) {
  const ruleset: Ruleset = { ...getRuleset(rulesetId), ...o.ruleset };
  const kind = o.kind ?? "character";
  const stored = o.stored ?? storedHero(rulesetId);
  // As the sheet reads them: views of the prepared and the stored data, not copies.
  const system = actorSourceView(kind, o.prepared ?? heroPrepared(stored));
  return actorSheetContext({
    ruleset,
    kind,
    name: kind === "npc" ? "Goblin <Boss>" : "Aria <the Bold>",
    img: "icons/svg/mystery-man.svg",
    system,
    stored: actorSourceView(kind, stored),
    derived: o.derived ?? ruleset.deriveActor(system, {}),
    deriveError: null,
    items: o.items ?? ITEMS,
    foreignRuleset: o.foreign ?? null,
    editable: true,
    biography: "<p>Raised by wolves.</p>",
    biographyHTML: "<p>Raised by wolves.</p>",
    damageTypeLabel: typeLabel,
    attacks: attackSources(rulesetId, system, o.items ?? ITEMS, o.escalation ?? 0, o.derived),
    options: {},
    escalation: o.escalation ?? 0,
    escalationInPlay: o.escalationInPlay ?? ruleset.escalationByDefault,
    ...(o.text ? { text: o.text } : {}),
    ...(o.activeTab === undefined ? {} : { activeTab: o.activeTab }),
    ...(o.expandedPowers ? { expandedPowers: o.expandedPowers } : {}),
  });
}

/** The sheet context of an actor with no items under any ruleset (the form shows `stored`, default `system`). */
export function bareActorContext(ruleset: Ruleset, system: ActorSource, stored: ActorSource = system) {
  return actorSheetContext({
    ruleset,
    kind: "character",
    name: "Ser Test",
    img: "icons/svg/mystery-man.svg",
    system,
    stored,
    derived: ruleset.deriveActor(system, {}),
    deriveError: null,
    items: [],
    foreignRuleset: null,
    editable: true,
    biography: "",
    biographyHTML: "",
    damageTypeLabel: typeLabel,
  });
}

/** The item sheet context of one of {@link ITEMS} by type, in FFd20. */
/** The item sheet's context of the test item of `type`; `over` varies the game (e.g. its hidden item fields). */
export function itemContext(
  type: string,
  rulesetId: RulesetId = "ffd20",
  over: Partial<Ruleset> = {},
  system?: Record<string, unknown>,
) {
  const it = ITEMS.find((i) => i.type === type)!;
  return itemSheetContext({
    type: it.type,
    name: it.name,
    img: it.img,
    system: system ?? it.system,
    ruleset: { ...getRuleset(rulesetId), ...over },
    editable: true,
    foreignRuleset: null,
    description: "",
    descriptionHTML: "",
    damageTypeLabel: typeLabel,
    localize: (k) => i18n.localize(k),
  });
}

/** One of the actor sheet's tabs. */
export type ActorTab = (typeof ACTOR_TABS)[number];

/** The parts of an actor sheet context that say which tab is shown. */
interface TabbedContext {
  activeTab: string;
  tabs: readonly { id: string; active: boolean }[];
  tabShown: Record<string, boolean>;
}

/** A sheet context with `tab` shown instead, as the sheet builds it after that tab is chosen. */
export function onTab<T extends TabbedContext>(ctx: T, tab: ActorTab): T {
  return {
    ...ctx,
    activeTab: tab,
    tabs: ctx.tabs.map((t) => ({ ...t, active: t.id === tab })),
    // The shown tab's contents only; every tab's with the biography shown (its editor stays).
    tabShown: Object.fromEntries(ACTOR_TABS.map((id) => [id, tab === "biography" || id === tab])),
  };
}

const ACTOR_TEMPLATE = "templates/sheets/actor.hbs";

/** Where each tab's section opens in a rendered sheet, in order. */
function tabStarts(html: string): { tab: string; at: number; bodyAt: number }[] {
  const out: { tab: string; at: number; bodyAt: number }[] = [];
  for (const m of html.matchAll(/<section class="tab d20c-tab(?: active)?" data-group="primary" data-tab="(\w+)">/g)) {
    out.push({ tab: m[1]!, at: m.index, bodyAt: m.index + m[0].length });
  }
  return out;
}

/** The body of each tab's section in a rendered sheet (between its opening tag and its closing `</section>`). */
export function tabBodies(html: string): Map<string, string> {
  const starts = tabStarts(html);
  const bodies = new Map<string, string>();
  starts.forEach((s, i) => {
    // A tab's section closes just before the next tab opens (the last one before the sheet closes).
    const next = starts[i + 1]?.at ?? html.lastIndexOf("</section>");
    const end = html.lastIndexOf("</section>", next - 1);
    bodies.set(s.tab, html.slice(s.bodyAt, end));
  });
  return bodies;
}

/**
 * The whole actor sheet as its four tabs show it: the sheet writes only the shown tab's contents,
 * so each tab is rendered shown (as choosing it renders the sheet) and its contents put into the
 * frame of `ctx`'s own rendering. What a test reads across tabs; byte for byte the sheet as it was
 * written when every tab's contents were.
 */
export function wholeSheet<T extends TabbedContext>(hbs: TemplateRenderer, ctx: T): string {
  const frame = hbs.render(ACTOR_TEMPLATE, ctx);
  const filled = new Map(
    ACTOR_TABS.map((tab) => [tab, tabBodies(hbs.render(ACTOR_TEMPLATE, onTab(ctx, tab))).get(tab) ?? ""]),
  );
  const starts = tabStarts(frame);
  const bodies = tabBodies(frame);
  let out = "";
  let from = 0;
  for (const s of starts) {
    const empty = bodies.get(s.tab) ?? "";
    out += frame.slice(from, s.bodyAt) + (filled.get(s.tab as ActorTab) ?? "");
    from = s.bodyAt + empty.length;
  }
  return out + frame.slice(from);
}

/** The blocks a game's sheet may show beyond what every game shares (its sheet parts, its fields). */
export type SheetBlockName =
  | "recoveries"
  | "rallies"
  | "deathSaves"
  | "wounds"
  | "exhaustion"
  | "renown"
  | "baseCombatBonus"
  | "baseSaveBonus"
  | "insubstantial";

/**
 * [SYS-RULESET] Which blocks a built sheet context shows, read from the parts it writes at its slots
 * (and the game fields it lists): the rally is the recoveries part's button where the game's words
 * name one; insubstantial is FFd20's field.
 */
export function shownBlocksOf(ctx: ReturnType<typeof heroContext>): Record<SheetBlockName, boolean> {
  const ids = new Set(Object.values(ctx.slots).flatMap((parts) => parts.map((p) => p.id)));
  return {
    recoveries: ids.has("recoveries"),
    rallies: ids.has("recoveries") && ctx.words.rally !== null,
    deathSaves: ids.has("death-saves"),
    wounds: ids.has("wounds"),
    exhaustion: ids.has("exhaustion"),
    renown: ids.has("renown"),
    baseCombatBonus: ids.has("base-combat-bonus"),
    baseSaveBonus: ids.has("base-save-bonus"),
    insubstantial: ctx.gameFields.some((f) => f.name === "system.insubstantial"),
  };
}
