/**
 * The plain actor sheet for characters and NPCs (AppV2 + Handlebars). It shows what the active
 * ruleset uses (abilities, HP, derived defenses, saves, recoveries, death saves, wounds,
 * exhaustion, traits, conditions) and calls the workflows for rolls; all decisions live in the
 * engine and in src/workflows.
 */
import { activeRuleset, ruleOptions } from "../../active-ruleset.js";
import { say } from "../../engine/vocabulary.js";
import { currentEscalation, escalationEnabled } from "../../escalation.js";
import { attackSources, fmt } from "../../workflows/foundry-docs.js";
import { actorSourceView } from "../../data/prepare.js";
import { SYSTEM_ID } from "../../constants.js";
import type { D20Actor } from "../../documents/actor.js";
import type { D20Item } from "../../documents/item.js";
import type { DerivedActor } from "../../engine/types.js";
import { foldToggled, restoreFolds } from "./folds.js";
import { restActor, togglePowerUsage, usePower } from "../../workflows/power-usage.js";
import { rally, spendRecovery } from "../../workflows/recovery.js";
import { rollDeathSave, rollSheetSave } from "../../workflows/saves.js";
import { SAVE_COVERS } from "../../engine/plans/sheet-rolls.js";
import { effectsSectionFor } from "../../workflows/effects.js";
import { effectActionHandlers } from "./effect-actions.js";
import { SheetBase, sheetOptions, type SheetBaseInstance } from "../sheet-base.js";
import { ACTIONS_CONTROLLED_TEMPLATE, ACTIONS_PANEL_TEMPLATE } from "./actions-panel.js";
import { GAME_FIELDS_TEMPLATE } from "./game-fields.js";
import { gamePartsContext, gameSheetParts, slotTemplates } from "./game-parts.js";
import { attackTraitsFromForm } from "./attack-traits-form.js";
import { STAT_BLOCK_TEMPLATE, npcBlockEditable } from "./npc-context.js";
import { playersEditNpcBlocks } from "../../settings-sheet.js";
import { controlledActor, foundryProcedurePorts, sheetActionsInput, useProcedure } from "../../workflows/procedures.js";
import { ACTOR_TABS, actorSheetContext, hpFromDamageTaken, listsFromForm } from "./actor-context.js";
import type { ActorSheetContext } from "./actor-context.js";
import type { AttackSource } from "./attack-summary.js";
import { conditionToggle } from "./conditions.js";
import { ITEM_SHEET_TYPES } from "./registration.js";
import { damageTypeLabelWith } from "./labels.js";
import { plainRecord, submitWithoutEmptyNumbers } from "./sheet-form.js";
import { creatureWordsFromForm } from "../../engine/creature-words.js";
import { limitedSheetContext, showsLimitedView } from "./limited-context.js";
import { POWER_TEXT_TEMPLATE, powerRowToggled } from "./power-text.js";
import { BUILD_TEMPLATE, CHECKS_TEMPLATE, backgroundsFromForm, skillsFromForm } from "./build-context.js";
import { buildOf } from "../../engine/build.js";
import type { ActorSource } from "../../engine/types.js";
import { rollSheetCheck, rollSheetInitiative } from "../../workflows/checks.js";
import { isAbilityKey } from "../../engine/checks.js";
import { classChosen, levelUp, undoLevelUp } from "./level-up.js";
import { DISMISS_IMPORT_UPDATE, IMPORT_BANNER_TEMPLATE, importBannerContext } from "./import-banner.js";
import {
  IDENTITY_TEMPLATE,
  INVENTORY_TEMPLATE,
  identityFromForm,
  itemMenuActions,
  quantitiesFromForm,
  type ItemMenuAction,
  type ListedItem,
} from "./inventory-context.js";
import { rollIconRelationships, toggleEquipped, useEquipment } from "../../workflows/gear.js";
import { contextMenuEntry } from "../../compat/context-menu.js";
import { artUpdate } from "./art.js";

/** Core's v13 `ActorSheetV2#_onDropItem` (not typed by fvtt-types). */
type DropItem = (event: DragEvent, item: Item.Implementation) => Promise<Item.Implementation | null>;

/** The one part a user with LIMITED permission gets instead of the full sheet. */
const LIMITED_PARTS = {
  limited: { template: `systems/${SYSTEM_ID}/templates/sheets/actor-limited.hbs` },
};

/** Lists edited as numbered form rows. */
const LIST_FIELDS = ["resistances", "vulnerabilities", "wounds", "immunities"] as const;

/** Blank entries the "add" buttons append. */
const NEW_ENTRY: Record<string, () => unknown> = {
  resistances: () => ({ type: "all", value: 0 }),
  vulnerabilities: () => ({ type: "all", value: 0 }),
  wounds: () => ({ severity: 0, location: "", nasty: false }),
  immunities: () => activeRuleset().damageTypes[0] ?? "untyped",
};

/** An attack row's `<details>` (the target of a `toggle` the sheet heard). */
function isPowerRow(target: EventTarget | null): target is HTMLDetailsElement {
  const el = target as Element | null;
  return el?.tagName === "DETAILS" && el.matches(".d20c-attack-details[data-item-id]");
}

/** An item type the system defines (the create buttons name one in `data-type`). */
function isItemType(type: string): type is (typeof ITEM_SHEET_TYPES)[number] {
  return (ITEM_SHEET_TYPES as readonly string[]).includes(type);
}

function dataOf(target: HTMLElement, key: string): string {
  return (
    target.closest<HTMLElement>(`[data-${key}]`)?.dataset[key.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase())] ??
    ""
  );
}

/** Who a panel control acts for: the creature acting on the actor's turn it names (its mount), else the actor. */
function actingActor(actor: D20Actor, target: HTMLElement): D20Actor {
  const uuid = dataOf(target, "controlled-uuid");
  return ((uuid && controlledActor(actor, uuid)) || actor) as D20Actor;
}

/** The actor's stored build (every part present). */
function storedBuild(actor: D20Actor): ReturnType<typeof buildOf> {
  return buildOf(actor._source.system as unknown as Pick<ActorSource, "build">);
}

/** [SYS-CHARACTER] The form's background rows and skill boxes into `system.build` (and out of the top level). */
function buildListsFromForm(actor: D20Actor, out: Record<string, unknown>, sys: Record<string, unknown>): void {
  const { d20cBackground, d20cSkill, d20cSkillRanks } = out;
  delete out.d20cBackground;
  delete out.d20cSkill;
  delete out.d20cSkillRanks;
  const stored = storedBuild(actor);
  const backgrounds = backgroundsFromForm(d20cBackground);
  const skills = skillsFromForm(activeRuleset().progression?.skills, d20cSkill, d20cSkillRanks, stored.skills);
  if (!backgrounds && !skills) return;
  const build = typeof sys.build === "object" && sys.build !== null ? (sys.build as Record<string, unknown>) : {};
  sys.build = { ...build, ...(backgrounds ? { backgrounds } : {}), ...(skills ? { skills } : {}) };
}

export class D20ActorSheet extends SheetBase {
  static override DEFAULT_OPTIONS = {
    ...sheetOptions("actor", 760, 860),
    actions: {
      useItem: D20ActorSheet.#onUseItem,
      editItem: D20ActorSheet.#onEditItem,
      deleteItem: D20ActorSheet.#onDeleteItem,
      createItem: D20ActorSheet.#onCreateItem,
      rollSave: D20ActorSheet.#onRollSave,
      rollDeathSave: D20ActorSheet.#onRollDeathSave,
      rally: D20ActorSheet.#onRally,
      spendRecovery: D20ActorSheet.#onSpendRecovery,
      toggleCondition: D20ActorSheet.#onToggleCondition,
      useProcedure: D20ActorSheet.#onUseProcedure,
      addEntry: D20ActorSheet.#onAddEntry,
      removeEntry: D20ActorSheet.#onRemoveEntry,
      ...effectActionHandlers(),
      togglePowerUsage: D20ActorSheet.#onTogglePowerUsage,
      takeRest: D20ActorSheet.#onTakeRest,
      levelUp: D20ActorSheet.#onLevelUp,
      rollCheck: D20ActorSheet.#onRollCheck,
      addBackground: D20ActorSheet.#onAddBackground,
      removeBackground: D20ActorSheet.#onRemoveBackground,
      rollInitiative: D20ActorSheet.#onRollInitiative,
      undoLevelUp: D20ActorSheet.#onUndoLevelUp,
      dismissImport: D20ActorSheet.#onDismissImport,
      useGear: D20ActorSheet.#onUseGear,
      addIcon: D20ActorSheet.#onAddIcon,
      removeIcon: D20ActorSheet.#onRemoveIcon,
      rollIcons: D20ActorSheet.#onRollIcons,
      editImage: D20ActorSheet.#onEditArt,
    },
  };

  /** v13 tab groups: core's `tab` action switches them and remembers the choice in `tabGroups`. */
  static override TABS = {
    primary: {
      tabs: ACTOR_TABS.map((id) => ({ id, label: `D20C.Sheet.Tab.${id}`, cssClass: "" })),
      initial: ACTOR_TABS[0],
    },
  };

  static override PARTS = {
    sheet: {
      template: `systems/${SYSTEM_ID}/templates/sheets/actor.hbs`,
      templates: [
        ACTIONS_PANEL_TEMPLATE,
        ACTIONS_CONTROLLED_TEMPLATE,
        GAME_FIELDS_TEMPLATE,
        STAT_BLOCK_TEMPLATE,
        POWER_TEXT_TEMPLATE,
        BUILD_TEMPLATE,
        CHECKS_TEMPLATE,
        IMPORT_BANNER_TEMPLATE,
        INVENTORY_TEMPLATE,
        IDENTITY_TEMPLATE,
      ],
      scrollable: [""],
    },
  };

  /** The attack rows the user opened, by item id: a render writes them open, with their text. */
  readonly #expandedPowers = new Set<string>();

  /** The stat block's folds the user opened or closed (src/applications/sheets/folds.ts). */
  readonly #folds = new Map<string, boolean>();

  /** The last render's attack rows by item id: the text a folded row writes when it is opened. */
  #powerRows: ReadonlyMap<string, Record<string, unknown>> = new Map();

  /**
   * Core shows the chosen tab's section. The template writes the shown tab's contents only (an
   * opening costs one tab, not four), so a tab the last render left empty is rendered now, shown.
   * (The biography's editor is never rendered away: with it shown every tab is written.)
   */
  override changeTab(tab: string, group: string, options?: Parameters<SheetBaseInstance["changeTab"]>[2]): void {
    super.changeTab(tab, group, options);
    const sections = this.element?.querySelectorAll<HTMLElement>(".tab[data-tab]") ?? [];
    const chosen = [...sections].find((s) => s.dataset.group === group && s.dataset.tab === tab);
    if (chosen && chosen.childElementCount === 0) void this.render();
  }

  /** A tab chosen while this render was being prepared (another quick click) is rendered in turn. */
  override async _onRender(
    context: Parameters<SheetBaseInstance["_onRender"]>[0],
    options: Parameters<SheetBaseInstance["_onRender"]>[1],
  ): Promise<void> {
    await super._onRender(context, options);
    restoreFolds(this.element, this.#folds);
    const written = (context as { activeTab?: unknown }).activeTab;
    const chosen = this.tabGroups.primary;
    if (
      typeof written === "string" &&
      chosen &&
      chosen !== written &&
      (ACTOR_TABS as readonly string[]).includes(chosen)
    )
      void this.render();
  }

  /** [SYS-IMPORT] The GM dismisses the import banner (the losses stay on record in the flag). */
  static async #onDismissImport(this: D20ActorSheet): Promise<void> {
    if (!game.user?.isGM) return;
    await this.document.update(DISMISS_IMPORT_UPDATE);
  }

  /** The sheet's actor with the system's methods. */
  get d20Actor(): D20Actor {
    return this.document as D20Actor;
  }

  /** Core shows LIMITED users the whole sheet unless it renders a limited template: this one does. */
  get showsLimited(): boolean {
    return showsLimitedView({ isGM: game.user?.isGM ?? false, limited: this.document.limited === true });
  }

  override _configureRenderParts(
    options: Parameters<SheetBaseInstance["_configureRenderParts"]>[0],
  ): ReturnType<SheetBaseInstance["_configureRenderParts"]> {
    if (this.showsLimited) return structuredClone(LIMITED_PARTS);
    return { ...super._configureRenderParts(options), ...gameSheetParts(activeRuleset()) };
  }

  override async _prepareContext(
    options: Parameters<SheetBaseInstance["_prepareContext"]>[0],
  ): Promise<Record<string, unknown> & (ActorSheetContext | ReturnType<typeof limitedSheetContext>)> {
    const actor = this.d20Actor;
    // Nothing beyond the limited view's few fields is even put in its context.
    if (this.showsLimited) {
      return limitedSheetContext({ name: actor.name ?? "", img: actor.img ?? "", derived: actor.derived });
    }
    const base: Record<string, unknown> = await super._prepareContext(options);
    // Read-only views, not copies: the context only reads the actor (test/sheets/sheet-frozen.test.ts).
    const system = actor.engineView();
    const raw = actor.system as unknown as {
      derived?: DerivedActor;
      deriveError?: string | null;
      details: { biography: string };
    };
    // The owner's roll data once for the biography and all its powers (each would otherwise read
    // the actor again).
    const rollData = actor.getRollData();
    const TextEditor = foundry.applications.ux.TextEditor.implementation;
    const biography = raw.details?.biography ?? "";
    const biographyHTML = await TextEditor.enrichHTML(biography, {
      relativeTo: actor,
      rollData,
      secrets: actor.isOwner,
    });
    const ruleset = activeRuleset();
    const attacks: Record<string, AttackSource | { error: string }> = {};
    for (const item of actor.items) {
      if (!["power", "weapon"].includes(item.type as string)) continue;
      try {
        attacks[item.id ?? ""] = attackSources(item, ruleset, rollData);
      } catch (err) {
        attacks[item.id ?? ""] = { error: err instanceof Error ? err.message : String(err) };
      }
    }
    const listed: ListedItem[] = [...actor.items].map((i) => ({
      id: i.id ?? "",
      name: i.name ?? "",
      img: i.img ?? "",
      type: i.type as string,
      system: i.system as unknown as Record<string, unknown>,
    }));
    const context = actorSheetContext({
      ruleset,
      attacks,
      options: ruleOptions(),
      escalation: currentEscalation(),
      escalationInPlay: escalationEnabled(),
      activeTab: this.tabGroups.primary ?? ACTOR_TABS[0],
      kind: actor.isNpc() ? "npc" : "character",
      name: actor.name ?? "",
      img: actor.img ?? "",
      system,
      stored: actorSourceView(
        actor.isNpc() ? "npc" : "character",
        actor._source.system as unknown as Record<string, unknown>,
      ),
      lastLevelUp: actor.flags[SYSTEM_ID]?.levelUp ?? null,
      derived: raw.derived ?? actor.derived,
      deriveError: raw.deriveError ?? null,
      items: listed,
      foreignRuleset: actor.foreignRuleset,
      actions: sheetActionsInput(actor),
      editable: this.isEditable,
      editsBlock: npcBlockEditable(this.isEditable, game.user?.isGM ?? false, playersEditNpcBlocks()),
      biography,
      biographyHTML,
      damageTypeLabel: damageTypeLabelWith(
        (k) => game.i18n.has(k),
        (k) => game.i18n.localize(k),
      ),
      text: {
        has: (k) => game.i18n.has(k),
        localize: (k) => game.i18n.localize(k),
        format: (k, d) => fmt(k, d),
      },
      expandedPowers: this.#expandedPowers,
    });
    this.#powerRows = new Map(context.powers.map((p) => [p.id, p]));
    // The Effects section sits on the Combat tab: nothing to build while that tab is not written.
    const effectsSection = context.tabShown.combat ? effectsSectionFor(actor, this.isEditable) : null;
    // [SYS-IMPORT] what the import of this actor lost, until the GM dismisses it.
    const importBanner = importBannerContext(actor.flags[SYSTEM_ID]?.import, game.user?.isGM ?? false);
    const gameParts = gamePartsContext(ruleset, system, raw.derived ?? actor.derived);
    // [SYS-RULESET] the game's parts written at the sheet's slots are partials: loaded before the
    // sheet renders (Foundry caches them, so only the first render reads them).
    await foundry.applications.handlebars.loadTemplates(slotTemplates(ruleset));
    return { ...base, ...context, effectsSection, importBanner, ...gameParts };
  }

  override async _onFirstRender(
    context: Parameters<SheetBaseInstance["_onFirstRender"]>[0],
    options: Parameters<SheetBaseInstance["_onFirstRender"]>[1],
  ): Promise<void> {
    await super._onFirstRender(context, options);
    // `toggle` does not bubble: one capturing listener on the window hears every row's, render after render.
    this.element.addEventListener(
      "toggle",
      (event) => {
        const row = event.target;
        foldToggled(row, this.#folds);
        // By tag, not `instanceof`: a popped-out window's elements are another window's classes.
        if (!isPowerRow(row)) return;
        void powerRowToggled(row, this.#expandedPowers, this.#powerRows, (c) =>
          foundry.applications.handlebars.renderTemplate(POWER_TEXT_TEMPLATE, c),
        );
      },
      { capture: true },
    );
    // [SYS-CHARACTER] right-click an item row: use, equip, edit, delete.
    this._createContextMenu(() => this.#itemMenu(), ".d20c-item[data-item-id]", {
      jQuery: false,
      fixed: true,
      hookName: "getD20cItemContextOptions",
      parentClassHooks: false,
    });
    const foreign = this.d20Actor.foreignRuleset;
    if (foreign) {
      ui.notifications?.warn(
        game.i18n.format("D20C.Sheet.ForeignRulesetNotice", {
          name: this.d20Actor.name ?? "",
          game: game.i18n.localize(`D20C.Settings.Ruleset.Choices.${foreign}`),
        }),
      );
    }
  }

  override _processFormData(
    event: SubmitEvent | null,
    form: HTMLFormElement,
    formData: Parameters<SheetBaseInstance["_processFormData"]>[2],
  ): object {
    const data = plainRecord(super._processFormData(event, form, formData));
    const hpMax = (this.d20Actor._source.system as unknown as { hp?: { max?: number } }).hp?.max ?? 0;
    const out = listsFromForm(
      hpFromDamageTaken(submitWithoutEmptyNumbers(this.document, form, data), hpMax),
      LIST_FIELDS,
    );
    // [HD-MIGHTY] attack traits ticked in the stat block (Pack Tactics), kept with the others stored.
    const stored = (this.d20Actor._source.system as unknown as { attackTraits?: string[] }).attackTraits;
    attackTraitsFromForm(out, stored);
    const sys = out.system as Record<string, unknown> | undefined;
    // [SYS-MONSTERS] immunities, bypass and damage reduction are edited in the stat block as words.
    creatureWordsFromForm(sys);
    if (sys) {
      classChosen(this.d20Actor, sys);
      buildListsFromForm(this.d20Actor, out, sys);
      identityFromForm(sys);
    }
    // [SYS-CHARACTER] gear quantities typed in the Inventory tab go to their items.
    const quantities = quantitiesFromForm(out, this.#listedItems());
    if (quantities.length) void this.d20Actor.updateEmbeddedDocuments("Item", quantities);
    if (sys && typeof sys.weaponSkills === "string") {
      sys.weaponSkills = sys.weaponSkills
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s !== "");
    }
    return out;
  }

  #item(target: HTMLElement, actor: Actor.Implementation = this.d20Actor): D20Item | null {
    const id = dataOf(target, "item-id");
    return (actor.items.get(id) as D20Item | undefined) ?? null;
  }

  /** The actor's items as the sheet lists them. */
  #listedItems(): ListedItem[] {
    return [...this.d20Actor.items].map((i) => ({
      id: i.id ?? "",
      name: i.name ?? "",
      img: i.img ?? "",
      type: i.type as string,
      system: i.system as unknown as Record<string, unknown>,
    }));
  }

  /**
   * [SYS-CHARACTER] An item dragged in from a compendium or the sidebar is created on the actor; gear
   * lands in the Inventory tab, which is shown. An item of this actor keeps core's sorting. (Core's
   * v13 ActorSheetV2 method, not in fvtt-types.)
   */
  async _onDropItem(event: DragEvent, item: Item.Implementation): Promise<Item.Implementation | null> {
    if (item.parent?.uuid === this.document.uuid) {
      const core = (SheetBase.prototype as unknown as { _onDropItem?: DropItem })._onDropItem;
      return core ? core.call(this, event, item) : null;
    }
    if (!this.isEditable) return null;
    const data = item.toObject() as Record<string, unknown>;
    delete data._id;
    const created = (await this.d20Actor.createEmbeddedDocuments("Item", [data as Item.CreateData]))?.[0];
    if ((created?.type as string | undefined) === "equipment") {
      this.tabGroups.primary = "inventory";
      await this.render();
    }
    return (created as Item.Implementation | undefined) ?? null;
  }

  /** [SYS-CHARACTER] The right-click menu on an item row: use, equip, edit, delete (what the item allows). */
  #itemMenu(): ContextMenu.Entry<HTMLElement>[] {
    const actions: ItemMenuAction[] = ["use", "equip", "edit", "delete"];
    const labels: Record<ItemMenuAction, [string, string]> = {
      use: ["D20C.Gear.Use", "fa-solid fa-hand-sparkles"],
      equip: ["D20C.Gear.Equip", "fa-solid fa-shirt"],
      edit: ["D20C.Sheet.Edit", "fa-solid fa-pen-to-square"],
      delete: ["D20C.Sheet.Delete", "fa-solid fa-trash"],
    };
    const offered = (li: HTMLElement, action: ItemMenuAction) => {
      const item = this.#item(li);
      if (!item) return false;
      const listed = { type: item.type as string, system: item.system as unknown as Record<string, unknown> };
      return itemMenuActions(listed, this.isEditable).some((a) => a.action === action);
    };
    return actions.map((action) =>
      contextMenuEntry({
        label: labels[action][0],
        icon: labels[action][1],
        visible: (li) => offered(li, action),
        onClick: (li) => void this.#itemMenuChosen(li, action),
      }),
    );
  }

  async #itemMenuChosen(li: HTMLElement, action: ItemMenuAction): Promise<void> {
    const item = this.#item(li);
    if (!item) return;
    if (action === "use") {
      if ((item.type as string) === "equipment") await useEquipment(this.d20Actor, item);
      else await usePower(this.d20Actor, item, { fastForward: false });
    } else if (action === "equip") await toggleEquipped(item);
    else if (action === "edit")
      await (item.sheet as unknown as { render(o: { force: boolean }): Promise<unknown> } | null)?.render({
        force: true,
      });
    else await item.deleteDialog();
  }

  static async #onUseGear(this: D20ActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.#item(target);
    if (item) await useEquipment(this.d20Actor, item);
  }

  /** The stored icon relationships (older actors have none). */
  #icons(): NonNullable<ActorSource["identity"]>["icons"] {
    const identity = (this.d20Actor._source.system as unknown as Pick<ActorSource, "identity">).identity;
    return structuredClone(identity?.icons ?? []);
  }

  static async #onAddIcon(this: D20ActorSheet): Promise<void> {
    const icons = [...this.#icons(), { name: "", points: 1, stance: "conflicted" as const }];
    await this.d20Actor.update({ system: { identity: { icons } } });
  }

  static async #onRemoveIcon(this: D20ActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const index = Number(dataOf(target, "index"));
    const icons = this.#icons().filter((_i, n) => n !== index);
    await this.d20Actor.update({ system: { identity: { icons } } });
  }

  static async #onRollIcons(this: D20ActorSheet): Promise<void> {
    await rollIconRelationships(this.d20Actor);
  }

  /** [SYS-CHARACTER] The portrait's picker sets the portrait and the token art together. */
  static async #onEditArt(this: D20ActorSheet): Promise<void> {
    if (!this.isEditable) return;
    const actor = this.d20Actor;
    const Picker = foundry.applications.apps.FilePicker.implementation;
    const picker = new Picker({
      type: "image",
      current: actor.img ?? "",
      callback: (path: string) => void actor.update(artUpdate(path)),
    });
    await picker.browse();
  }

  static async #onUseItem(this: D20ActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    const actor = actingActor(this.d20Actor, target);
    const item = this.#item(target, actor);
    // Shift-click turns the situation dialog setting over for this attack (issue 45).
    if (item) await usePower(actor, item, { invert: event.shiftKey });
  }

  static async #onTogglePowerUsage(this: D20ActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.#item(target);
    if (item) await togglePowerUsage(item);
  }

  static async #onTakeRest(this: D20ActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    // Issue 45: a rest asks first, saying what will come back.
    await restActor(this.d20Actor, dataOf(target, "rest"), { confirm: true });
  }

  /** [SYS-CHARACTER] A check of the button's ability with the background / skill picked in the checks block. */
  static async #onRollCheck(this: D20ActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    const ability = dataOf(target, "ability");
    if (!isAbilityKey(ability)) return;
    const option =
      target.closest("[data-check-block]")?.querySelector<HTMLSelectElement>("[data-check-option]")?.value ?? "";
    await rollSheetCheck(this.d20Actor, ability, option, {
      mighty: event.altKey,
      weak: event.ctrlKey || event.metaKey,
    });
  }

  static async #onAddBackground(this: D20ActorSheet): Promise<void> {
    const backgrounds = storedBuild(this.d20Actor).backgrounds;
    await this.d20Actor.update({ system: { build: { backgrounds: [...backgrounds, { name: "", points: 2 }] } } });
  }

  static async #onRemoveBackground(this: D20ActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const index = Number(dataOf(target, "index"));
    const backgrounds = storedBuild(this.d20Actor).backgrounds.filter((_b, i) => i !== index);
    await this.d20Actor.update({ system: { build: { backgrounds } } });
  }

  static async #onRollInitiative(this: D20ActorSheet): Promise<void> {
    await rollSheetInitiative(this.d20Actor);
  }

  static async #onLevelUp(this: D20ActorSheet): Promise<void> {
    await levelUp(this.d20Actor);
  }

  static async #onUndoLevelUp(this: D20ActorSheet): Promise<void> {
    await undoLevelUp(this.d20Actor);
  }

  static async #onEditItem(this: D20ActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const sheet = this.#item(target)?.sheet as unknown as
      { render(options: { force: boolean }): Promise<unknown> } | null | undefined;
    await sheet?.render({ force: true });
  }

  static async #onDeleteItem(this: D20ActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.#item(target)?.deleteDialog();
  }

  static async #onCreateItem(this: D20ActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const type = dataOf(target, "type");
    if (!isItemType(type)) return;
    const name = game.i18n.format("D20C.Sheet.NewItem", {
      type: game.i18n.localize(say(activeRuleset(), `TYPES.Item.${type}`)),
    });
    await this.d20Actor.createEmbeddedDocuments("Item", [{ name, type }]);
  }

  /** Alt-click: mighty, ctrl/cmd-click: weak, where the game has roll modes; conditions add theirs. */
  static async #onRollSave(this: D20ActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    // [HD-COVER] the cover chosen beside the saves, between the roller and the effect it avoids.
    const picked = target.closest("[data-save-block]")?.querySelector<HTMLSelectElement>("[data-save-cover]")?.value;
    await rollSheetSave(this.d20Actor, dataOf(target, "kind"), {
      mighty: event.altKey,
      weak: event.ctrlKey || event.metaKey,
      cover: SAVE_COVERS.find((c) => c === picked) ?? "none",
    });
  }

  static async #onRollDeathSave(this: D20ActorSheet): Promise<void> {
    await rollDeathSave(this.d20Actor);
  }

  static async #onRally(this: D20ActorSheet): Promise<void> {
    await rally(this.d20Actor);
  }

  static async #onSpendRecovery(this: D20ActorSheet): Promise<void> {
    await spendRecovery(this.d20Actor);
  }

  /** A stored condition (the engine's dying…) or a status effect is turned off; an absent one added as a status. */
  static async #onToggleCondition(this: D20ActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = dataOf(target, "condition-id");
    const actor = this.d20Actor;
    const stored = (actor._source.system as unknown as { conditions?: string[] }).conditions ?? [];
    const plan = conditionToggle(id, stored, actor.statuses);
    if (plan.stored) await actor.update({ system: { conditions: plan.stored } });
    if (plan.statusActive !== null) await actor.toggleStatusEffect(id, { active: plan.statusActive });
  }

  /** A table procedure of the Actions panel, with the choice picked in its row (if it asks for one). */
  static async #onUseProcedure(this: D20ActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const row = target.closest<HTMLElement>("[data-procedure-id]");
    const choice = row?.querySelector<HTMLSelectElement>("[data-procedure-choice]")?.value ?? null;
    const numbers: Record<string, unknown> = {};
    row?.querySelectorAll<HTMLInputElement>("[data-procedure-number]").forEach((el) => {
      numbers[el.dataset.procedureNumber ?? ""] = el.value;
    });
    const pick = { choice, numbers };
    const actor = actingActor(this.d20Actor, target);
    await useProcedure(actor, dataOf(target, "procedure-id"), pick, foundryProcedurePorts(actor));
  }

  static async #onAddEntry(this: D20ActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const list = dataOf(target, "list");
    const make = NEW_ENTRY[list];
    if (!make) return;
    const current = (this.d20Actor._source.system as unknown as Record<string, unknown[]>)[list] ?? [];
    const system: Record<string, unknown> = { [list]: [...structuredClone(current), make()] };
    await this.d20Actor.update({ system });
  }

  static async #onRemoveEntry(this: D20ActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const list = dataOf(target, "list");
    const index = Number(dataOf(target, "index"));
    if (!(list in NEW_ENTRY) || !Number.isInteger(index)) return;
    const current = (this.d20Actor._source.system as unknown as Record<string, unknown[]>)[list] ?? [];
    const system: Record<string, unknown> = { [list]: current.filter((_e, i) => i !== index) };
    await this.d20Actor.update({ system });
  }
}
