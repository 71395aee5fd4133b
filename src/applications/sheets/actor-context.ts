/**
 * The actor sheet's render context, built from plain data (pure; no Foundry globals): what the
 * template shows for the active ruleset. Labels are i18n keys; the template localizes them.
 */
import { ITEM_TYPES, say } from "../../engine/vocabulary.js";
import { identityContext, inventoryContext } from "./inventory-context.js";
import type { Ruleset } from "../../engine/ruleset.js";
import type { ActorKind, ActorSource, DerivedActor, RuleOptions, RulesetId } from "../../engine/types.js";
import { actionsPanelContext, type ActionsPanelInput } from "./actions-panel.js";
import { attackSummarizer, type AttackSource, type AttackSummary } from "./attack-summary.js";
import { ABILITY_KEYS } from "../../engine/types.js";
import { SAVE_COVERS, sheetSaveMode, usesRollModes } from "../../engine/plans/sheet-rolls.js";
import { ignoredUnderRuleset } from "../../data/ignored.js";
import type { TextViewer } from "../../engine/views/power-text.js";
import { powerRowView, restsView } from "./power-rows.js";
import { gameFieldInputs } from "./game-fields.js";
import { sheetHolder, sheetSlots } from "./game-parts.js";
import { itemFieldShown, wordsOf } from "../../engine/words.js";
import { headerPills } from "./header-pills.js";
import { npcStatBlock } from "./npc-context.js";
import { actionWord } from "./action-words.js";
import { buildBlock, checksBlock } from "./build-context.js";
import { routineFrom } from "../../data/item-source.js";
import { routineLine } from "../../engine/views/routine-text.js";

/** An owned item as the sheet lists it. */
interface SheetItem {
  id: string;
  name: string;
  img: string;
  type: string;
  system: Record<string, unknown>;
}

export interface ActorSheetInput {
  ruleset: Ruleset;
  kind: ActorKind;
  name: string;
  img: string;
  /** Prepared system data (Active Effects and armor applied): conditions are read from here. */
  system: ActorSource;
  /**
   * The stored data, which the form inputs show and edit (so Active Effect and armor-item
   * contributions are never written back into the source). Defaults to `system`.
   */
  stored?: ActorSource;
  /** [SYS-CHARACTER] the last level-up recorded on the actor (for its undo), if any. */
  lastLevelUp?: { from: number; to: number } | null;
  derived: DerivedActor;
  deriveError: string | null;
  items: readonly SheetItem[];
  /** The game this actor was made for when it is not the active one. */
  foreignRuleset: RulesetId | null;
  editable: boolean;
  /** An NPC's stat block: whether this user may rewrite it (absent = as `editable`). */
  editsBlock?: boolean;
  /** Stored biography HTML (for the editor) and its enriched form (for display). */
  biography: string;
  biographyHTML: string;
  /** i18n key (or plain text) naming a damage type. */
  damageTypeLabel: (type: string) => string;
  /**
   * The engine's view of each attack item by item id (a power with its weapon, a weapon's basic
   * attack), or the error that prevented it; absent items show no numbers.
   */
  attacks?: Readonly<Record<string, AttackSource | { error: string }>>;
  /** The world's Open-rule options (what the attack planner reads). Default: none set. */
  options?: RuleOptions;
  /** The escalation die's current value (0 outside combat) and whether it is in play at all. */
  escalation?: number;
  escalationInPlay?: boolean;
  /** The tab the sheet shows (the sheet's remembered tab); default the attacks tab. */
  activeTab?: string;
  /** The Actions panel's input: the combatant's actions left (null outside combat) and own effects. */
  actions?: ActionsPanelInput;
  /** Localisation for the powers' expanded text (game.i18n); absent = keys as they are. */
  text?: TextViewer;
  /** The attack rows the user has opened (the sheet remembers them across renders). Default none. */
  expandedPowers?: ReadonlySet<string>;
}

/** The sheet's tabs in order: attacks and the combat loop first. */
export const ACTOR_TABS = ["combat", "abilities", "traits", "inventory", "biography"] as const;

/** The tab to show: the remembered one when it exists, else the first. */
function activeTabOf(tab: string | null | undefined): (typeof ACTOR_TABS)[number] {
  return (ACTOR_TABS as readonly string[]).includes(tab ?? "") ? (tab as (typeof ACTOR_TABS)[number]) : ACTOR_TABS[0];
}

/**
 * Each tab by id: whether the sheet writes its contents. The shown tab only, except the biography:
 * its editor must never be rendered away while it is being written in, so with the biography
 * shown every tab is written and leaving it renders nothing.
 */
function tabShown(active: (typeof ACTOR_TABS)[number]): Record<(typeof ACTOR_TABS)[number], boolean> {
  return Object.fromEntries(ACTOR_TABS.map((id) => [id, active === "biography" || id === active])) as Record<
    (typeof ACTOR_TABS)[number],
    boolean
  >;
}

/**
 * The HP bar (pure): the share of maximum HP left and of temporary HP (drawn after it, capped so
 * the bar never overflows), and the share of damage taken for games that count damage up.
 */
function hpBar(hp: { value: number; max: number; temp: number }, damageTaken: number) {
  const max = Math.max(1, hp.max);
  const pct = (n: number) => Math.round(Math.min(100, Math.max(0, (n / max) * 100)));
  const value = pct(hp.value);
  return {
    valuePct: value,
    tempPct: Math.min(100 - value, pct(hp.temp)),
    damagePct: pct(damageTaken),
  };
}

const EMPTY_SUMMARY: AttackSummary = {
  bonus: "",
  escalation: 0,
  defenseKey: "",
  defenseAbbr: "",
  defenseLabel: "",
  damage: "",
  damageTypes: [],
  error: "",
};

const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

/** Build the actor sheet context. */
export function actorSheetContext(input: ActorSheetInput) {
  const { ruleset, derived } = input;
  const system = input.stored ?? input.system;
  // [SYS-RULESET] the game's parts at each of the sheet's slots, for whose sheet it is.
  const slots = sheetSlots(ruleset, sheetHolder(input.kind, system.important));
  const isNpc = input.kind === "npc";
  const activeTab = activeTabOf(input.activeTab);
  const words = wordsOf(ruleset);
  const abilities = ABILITY_KEYS.map((key) => ({
    key,
    label: `D20C.Ability.${key}`,
    abbr: `D20C.Sheet.AbilityAbbr.${key}`,
    score: system.abilities[key],
    mod: signed(derived.abilityMods[key] ?? 0),
    // A game whose ability scores are the modifiers (Hundred Dungeons) shows the number once.
    showMod: (derived.abilityMods[key] ?? 0) !== system.abilities[key],
  }));
  const defenses = ruleset.defenses.map((d) => ({
    key: d.key,
    label: d.label,
    abbr: d.abbr,
    value: derived.defenses[d.key] ?? 0,
    base: system.defenses[d.key]?.base ?? null,
    bonus: system.defenses[d.key]?.bonus ?? 0,
  }));
  // [HD-MIGHTY] where the game rolls mighty/weak: the mode the roller's conditions give each save,
  // and the alt/ctrl-click hint.
  const modes = usesRollModes(ruleset);
  const saves = ruleset.saves.map((s) => {
    const mode = modes ? sheetSaveMode(ruleset, system, s.key) : "normal";
    // [HD-COND] frightened weakens a roll only while the source of the fear is in sight: the sheet
    // does not read the scene, so where that changes the mode it says so rather than claim "Weak".
    const unseen = modes ? sheetSaveMode(ruleset, system, s.key, undefined, true) : "normal";
    return {
      key: s.key,
      label: s.label,
      /** This save is also the game's death roll (its one button rolls whichever the rules call for). */
      deathRoll: s.key === words.deathSaveKind,
      bonus: signed(derived.saves[s.key] ?? 0),
      modeLabel:
        mode !== unseen
          ? `D20C.FearSight.SaveMode.${mode}-${unseen}`
          : mode === "normal"
            ? ""
            : `D20C.Chat.Mode.${mode}`,
      hint: modes ? "D20C.Sheet.SaveModeHint" : "",
    };
  });
  // [HD-COVER] where cover helps rolls against effects: the cover choice beside the saves.
  const saveCover = ruleset.saveRequestWithCover
    ? SAVE_COVERS.map((value) => ({ value, label: `D20C.Sheet.SaveCover.${value}` }))
    : null;
  // A trait's number as the game prints it: a 13th Age threshold "16+", an amount "5"; none where
  // the rule reads no number (halved, doubled, a wider crit range).
  const printedValue = (form: string, value: number) =>
    form === "threshold" ? `${value}+` : form === "amount" && value > 0 ? String(value) : "";
  const traits = (list: readonly { type: string; value: number }[], form: string) =>
    list.map((t, index) => ({
      index,
      type: t.type,
      value: t.value,
      printed: printedValue(form, t.value),
      label: input.damageTypeLabel(t.type),
    }));
  const active = new Set(input.system.conditions);
  const conditions = ruleset.conditions.map((c) => {
    const on = active.has(c.id);
    // The toggle's class and pressed state as text: the template writes them without a block each.
    return { id: c.id, label: c.label, img: c.img, active: on, activeClass: on ? " active" : "", pressed: String(on) };
  });
  const byType = (type: string) =>
    input.items.filter((i) => i.type === type).map((i) => ({ id: i.id, name: i.name, img: i.img, system: i.system }));
  const escalation = input.escalation ?? 0;
  const escalationInPlay = input.escalationInPlay ?? false;
  const summaries = attackSummarizer(
    ruleset,
    input.options ?? {},
    input.system,
    escalation,
    escalationInPlay,
    input.damageTypeLabel,
    // What the sheet shows is what was prepared; a failed preparation is derived again, to say why.
    input.deriveError ? undefined : input.derived,
  );
  const summarise = (id: string): AttackSummary | null => {
    const source = input.attacks?.[id];
    if (!source) return null;
    if ("error" in source) return { ...EMPTY_SUMMARY, error: source.error };
    return summaries.summarise(source);
  };
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  // Rows extend their item with Object.assign: a spread followed by new keys costs microseconds each.
  const powers = byType("power").map((p) => {
    // [SYS-MONSTERS] a routine rolls other powers: its line says which, not an attack of its own.
    const routine = routineFrom(p.system);
    const attack = routine ? null : summarise(p.id);
    return Object.assign(
      {},
      p,
      {
        attack,
        rangeLabel: str(p.system.range) ? `D20C.Item.Power.Range.${str(p.system.range)}` : "",
        actionLabel: actionWord(ruleset, str(p.system.actionType)),
        routineLabel: routine ? routineLine(routine, input.text) : "",
        /** Opened: its text is written with the row (a folded row's is written when it is opened). */
        expanded: isNpc || (input.expandedPowers?.has(p.id) ?? false),
        /** [SYS-TARGETS] its target count as stored (the stat block prints it on the attack line). */
        targetCount: str(p.system.targetCount),
      },
      powerRowView(ruleset, p.system, attack, input.text, isNpc),
    );
  });
  const weapons = byType("weapon").map((w) =>
    Object.assign({}, w, {
      attack: summarise(w.id),
      rangeLabel: `D20C.Item.Power.Range.${w.system.ranged === true ? "ranged" : "melee"}`,
      /** The weapon's own dice, else its class's where the game gives one (some games' weapons take the wielder's). */
      dice: str(w.system.damageDice).trim() || (ruleset.weaponClassDice?.[str(w.system.weaponClass)] ?? ""),
      equipped: w.system.equipped === true,
    }),
  );
  const actionsPanel = actionsPanelContext(ruleset, input.actions ?? { actionsLeft: null, effects: [] });
  const resistances = traits(system.resistances, ruleset.traitForms.resist);
  const vulnerabilities = traits(system.vulnerabilities, ruleset.traitForms.vulnerable);
  const immunities = system.immunities.map((t, index) => ({ index, type: t, label: input.damageTypeLabel(t) }));
  // [SYS-CHARACTER] a character's class block, and the inputs its class now owns.
  const build = buildBlock(ruleset, input.kind, system, input.system, input.lastLevelUp ?? null);
  const statBlock = isNpc
    ? npcStatBlock({
        ruleset,
        stored: system,
        derived,
        defenses,
        abilities,
        powers,
        weapons,
        traits: { resistances, vulnerabilities, immunities },
        actionsPanel,
        ...(input.text ? { text: input.text } : {}),
        editable: input.editable,
        ...(input.editsBlock !== undefined ? { editsBlock: input.editsBlock } : {}),
      })
    : null;
  return {
    rulesetLabel: ruleset.label,
    /** [SYS-WORDS] each item type's label and its create button's hint in the game's words (issue 45). */
    itemTypeLabels: {
      ...Object.fromEntries(ITEM_TYPES.map((t) => [t, say(ruleset, `TYPES.Item.${t}`)])),
      newPower: say(ruleset, "D20C.Sheet.NewPower"),
    },
    rests: restsView(ruleset),
    foreignRuleset: input.foreignRuleset,
    foreignRulesetLabel: input.foreignRuleset ? `D20C.Settings.Ruleset.Choices.${input.foreignRuleset}` : "",
    deriveError: input.deriveError ?? "",
    // Another game's traits and conditions: kept in the data, doing nothing under this game.
    ignored: ignoredUnderRuleset(system, ruleset)
      .map((e) => e.value)
      .join(", "),
    editable: input.editable,
    isNpc,
    name: input.name,
    img: input.img,
    slots,
    level: system.level,
    // A class's derived maximum is the prepared one (the stored number is unused while a class derives it).
    hp: build?.owns.hpMax ? { ...system.hp, max: input.system.hp.max } : { ...system.hp },
    hpBar: hpBar(system.hp, derived.damageTaken),
    bloodied: derived.bloodied,
    damageTaken: derived.damageTaken,
    woundTotal: system.wounds.reduce((sum, w) => sum + w.severity, 0),
    tabs: ACTOR_TABS.map((id) => ({ id, label: `D20C.Sheet.Tab.${id}`, active: id === activeTab })),
    activeTab,
    /**
     * Which tabs' contents the sheet writes: the shown one only (the others are empty until chosen,
     * when the sheet renders again), so an opening costs one tab, not four; all of them with the
     * biography shown, whose editor a tab change must not render away.
     */
    tabShown: tabShown(activeTab),
    /** The header's pills: the game's statuses, the active conditions and the state, each once. */
    pills: headerPills(
      derived.statusLabels,
      conditions.filter((c) => c.active).map((c) => c.label),
      system.state === "active" ? null : `D20C.Sheet.State.${system.state}`,
      input.text,
    ),
    initiative: signed(derived.initiative),
    speed: system.speed,
    attackBonus: system.attackBonus,
    initiativeBonus: system.initiativeBonus,
    baseCombatBonus: system.baseCombatBonus,
    baseSaveBonus: system.baseSaveBonus,
    renown: system.renown,
    weaponSkills: system.weaponSkills.join(", "),
    exhaustion: system.exhaustion,
    /** Six exhaustion levels as lit / unlit pips. */
    exhaustionPips: Array.from({ length: 6 }, (_v, i) => i < system.exhaustion),
    /** [HD-MIGHTY] the attack traits it holds, by key (a game's stat block ticks its own: Pack Tactics). */
    attackTraitsOn: Object.fromEntries((system.attackTraits ?? []).map((k) => [k, true])),
    usesEscalation: system.usesEscalation,
    /** Whether a monster adds the escalation die: no question in a world where the die is not in play. */
    asksEscalation: input.escalationInPlay ?? false,
    important: system.important,
    state: system.state,
    armor: { ...system.armor, maxDex: system.armor.maxDex ?? "" },
    /** The stored armor inputs the game reads, each with what worn armor adds on top. */
    armorFields: armorInputs(ruleset, system.armor, input.system.armor),
    abilities,
    defenses,
    saves,
    saveCover,
    attackPenalties: derived.attackPenalties.map((m) => ({ label: m.label, value: signed(m.value) })),
    resistForm: `D20C.Sheet.TraitForm.resist.${ruleset.traitForms.resist}`,
    vulnerableForm: `D20C.Sheet.TraitForm.vulnerable.${ruleset.traitForms.vulnerable}`,
    /** Whether the game reads a trait's number (a threshold, an amount); halving, doubling and a wider crit range read none. */
    resistValued: ruleset.traitForms.resist !== "halve",
    vulnerableValued: ruleset.traitForms.vulnerable === "amount",
    resistances,
    vulnerabilities,
    immunities,
    damageTypes: [...ruleset.damageTypes].map((t) => ({ value: t, label: input.damageTypeLabel(t) })),
    conditions,
    words,
    /** The death-save block's own roll button, unless one of the saves is the death roll. */
    deathSaveButton: words.deathSaveKind === null || !ruleset.saves.some((s) => s.key === words.deathSaveKind),
    recoveries: build?.owns.recoveries
      ? { ...system.recoveries, max: input.system.recoveries.max, formula: input.system.recoveries.formula }
      : { ...system.recoveries },
    deathSaves: { ...system.deathSaves },
    wounds: system.wounds.map((w, index) => ({ ...w, index })),
    constitutionDamage: system.constitutionDamage,
    /** Inputs for the active game's own fields that ask for one. */
    gameFields: gameFieldInputs(ruleset, system),
    powers,
    weapons,
    escalation: {
      value: escalation,
      /** Shown where the die is in play and at least one of this actor's attacks adds it. */
      shown: summaries.takesEscalation(),
    },
    armorItems: byType("armor"),
    features: byType("feature"),
    biography: input.biography,
    biographyHTML: input.biographyHTML,
    actionsPanel,
    /** An NPC's stat block in its game's lines (a character has none), and the fields it edits. */
    statBlock,
    statBlockOwns: statBlock?.owns ?? {},
    /** [SYS-CHARACTER] the class block (null: a monster, or a game without a class table) and the inputs it owns. */
    build: build?.block ?? null,
    /** [SYS-CHARACTER] initiative and checks from the sheet (null: a monster, or a game without checks). */
    checks: checksBlock(ruleset, input.kind, input.system, derived, {
      optionLabel: ruleset.progression?.checkOption === "background" ? "D20C.Build.Background" : "D20C.Build.Skill",
      hint: modes ? "D20C.Sheet.SaveModeHint" : "",
    }),
    buildOwns: build?.owns ?? {},
    /** [SYS-CHARACTER] each defense's number from the class (empty: no class block), the placeholder of its input. */
    buildDefense: build?.block.defenseDerived ?? {},
    /** [SYS-CHARACTER] issue 44: the Inventory tab (coins, gear, load; the template writes it while shown). */
    inventory: inventoryContext(ruleset, { system, storedSpeed: system.speed, items: input.items }),
    /** [SYS-CHARACTER] issue 44: who the character is (null: a monster), on the abilities tab. */
    identity: identityContext(ruleset, input.kind, system),
  };
}

export type ActorSheetContext = ReturnType<typeof actorSheetContext>;

const ARMOR_KEYS = ["armorBonus", "shieldBonus", "maxDex", "heavy"] as const;

/**
 * The actor's own armor inputs that the game reads (its item sheet's armor fields), each showing
 * the stored value and, for the bonuses, what the worn armor items add on top of it.
 */
function armorInputs(
  ruleset: Pick<Ruleset, "hiddenItemFields">,
  stored: ActorSource["armor"],
  prepared: ActorSource["armor"],
) {
  return ARMOR_KEYS.filter((key) => itemFieldShown(ruleset, "armor", key)).map((key) => {
    const value = stored[key];
    const worn = key === "armorBonus" || key === "shieldBonus" ? prepared[key] - stored[key] : 0;
    return {
      key,
      name: `system.armor.${key}`,
      label: `D20C.Actor.FIELDS.armor.${key}.label`,
      isCheckbox: key === "heavy",
      value: value === null || value === undefined ? "" : value,
      checked: value === true,
      worn: worn > 0 ? `+${worn}` : "",
    };
  });
}

/**
 * Form data arrives with list entries as numbered keys (`system.resistances.0.type`); turn those
 * back into arrays for the list fields so the update replaces the list (pure).
 */
export function listsFromForm(expanded: Record<string, unknown>, lists: readonly string[]): Record<string, unknown> {
  const out = { ...expanded };
  const system = out.system;
  if (typeof system !== "object" || system === null) return out;
  const sys = { ...(system as Record<string, unknown>) };
  for (const key of lists) {
    const v = sys[key];
    if (typeof v === "object" && v !== null && !Array.isArray(v)) {
      sys[key] = Object.entries(v)
        .filter(([k]) => /^\d+$/.test(k))
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, entry]) => entry);
    }
  }
  out.system = sys;
  return out;
}

/**
 * Where the game counts damage up, the sheet edits the damage taken rather than the HP left: turn
 * the form's `damageTaken` back into `system.hp.value` (the maximum as submitted, else `max`), pure.
 */
export function hpFromDamageTaken(data: Record<string, unknown>, max: number): Record<string, unknown> {
  if (!("damageTaken" in data)) return data;
  const { damageTaken, ...out } = data;
  const damage = Number(damageTaken);
  if (!Number.isFinite(damage)) return out;
  const system = { ...((out.system as Record<string, unknown> | undefined) ?? {}) };
  const hp = { ...((system.hp as Record<string, unknown> | undefined) ?? {}) };
  const submittedMax = Number(hp.max);
  const top = Number.isFinite(submittedMax) && hp.max !== undefined && hp.max !== null ? submittedMax : max;
  hp.value = top - Math.max(0, Math.trunc(damage));
  system.hp = hp;
  out.system = system;
  return out;
}
