/**
 * Stand-in for the Foundry globals the built bundle (dist/d20-combat.mjs) touches while it is
 * imported and while Foundry fires `init` → `i18nInit` → `setup` → `ready`. It RECORDS what the
 * bundle registers (hooks, CONFIG entries, settings, sheets, templates, notifications) so the boot
 * smoke test (test/project/boot.test.ts) can check it; it decides no rule.
 *
 * What it imitates (Foundry v13/v14 client):
 * - `Hooks.on` / `once` / `callAll`: listeners by name; a `once` listener is dropped after its first
 *   call. Unlike Foundry, a listener that throws is not caught (so a boot error fails the test).
 * - `CONFIG`: the document configs (`documentClass` = core's class, empty `dataModels`), `Dice.rolls`
 *   starting with core's `Roll`, an empty `queries` map, core's `statusEffects` reduced to a few
 *   entries and `specialStatusEffects` (DEFEATED → "dead", as core ships it).
 * - Bare document globals the bundle extends at import: `Actor`, `Item`, `ActiveEffect`, `Combat`,
 *   `Combatant`, `ChatMessage`, `Roll` (empty classes).
 * - `foundry.*`: `abstract.TypeDataModel` / `Document`; `data.fields` (the recording fields of
 *   ./foundry-fields.ts); `applications.api` (`HandlebarsApplicationMixin`, `ApplicationV2`,
 *   `DialogV2`), `applications.sheets` (`ActorSheetV2`, `ItemSheetV2`), `applications.sidebar.tabs
 *   .CombatTracker`, `applications.apps.DocumentSheetConfig` (recording `registerSheet` /
 *   `unregisterSheet`), `applications.handlebars` (`loadTemplates` recording, `renderTemplate`),
 *   `applications.instances`, `applications.ux.TextEditor`; `appv1.sheets` (core's V1 sheets, still
 *   shipped in v13 and v14); `utils` (`randomID`, `getProperty`, `escapeHTML`).
 * - `game`: `settings` (./settings.ts, with core's `rollMode` / `messageMode` pre-registered as core
 *   does), `i18n` (./i18n.ts, throwing on a missing key), `release.generation`, a GM `user`, `users`
 *   (`activeGM` is that user, `isSelf`; `get` by id), empty `actors` / `items` / `messages`, `socket` (`on`
 *   recording each channel's listeners, `emit` recording what was sent), `system` (the package:
 *   its `id`, where the system puts its API during `init`).
 * - `ui.notifications` (recording), `CONST.TEXT_ANCHOR_POINTS`, `canvas` (not ready).
 * - For the self-test runner (test/project/self-test.test.ts): `Folder` / `Scene` with a recording
 *   `implementation.create` (documents with `delete()`; a scene's `view()` makes it the canvas's
 *   ready scene), `game.scenes` / `game.folders` (`get`), `Actor.implementation.deleteDocuments`,
 *   a recording `ChatMessage.implementation.create` and `DialogV2.prompt`, and `game.settings
 *   .registerMenu` (./settings.ts). No other document behaviour: `Actor.create` is missing, so a
 *   batch that makes documents fails under this stand-in, as it should outside Foundry.
 *
 * - With `{ play: true }` (test/fifth-game/boot.test.ts): the document, roll and combat bases of
 *   ./foundry-play.ts instead of empty classes, chat messages with an id and a deep-merging `update`,
 *   `ChatMessage.getSpeaker` (the actor's name), empty `Handlebars.partials`; the sheet bases give a
 *   sheet its `document`, `isEditable`, `tabGroups`, its `PARTS`, core's base `_prepareContext` and
 *   `_processFormData` (the form's flat names expanded into the submit data).
 *
 * Knowingly different: without `play`, no class here has behaviour beyond what boot touches; fields don't validate;
 * settings don't cast. Install with {@link installFoundryBootStandIn}; always call `uninstall()`.
 */
import { standInFields } from "./foundry-fields.js";
import { chatMessageStandIn } from "./foundry-combat.js";
import { PLAY_GLOBALS_STAND_IN } from "./foundry-play.js";
import { createI18nStandIn, type I18nStandIn } from "./i18n.js";
import { SettingsStandIn } from "./settings.js";

type Listener = (...args: unknown[]) => unknown;

/** Foundry's `Hooks` (on / once / callAll), recording every registration. */
export class BootHooksStandIn {
  readonly listeners = new Map<string, { fn: Listener; once: boolean }[]>();
  /** Every hook name a listener was registered for, in order. */
  readonly registered: string[] = [];

  on(hook: string, fn: Listener): number {
    return this.add(hook, fn, false);
  }
  once(hook: string, fn: Listener): number {
    return this.add(hook, fn, true);
  }
  callAll(hook: string, ...args: unknown[]): boolean {
    const list = this.listeners.get(hook) ?? [];
    this.listeners.set(
      hook,
      list.filter((l) => !l.once),
    );
    for (const l of list) l.fn(...args);
    return true;
  }
  private add(hook: string, fn: Listener, once: boolean): number {
    const list = this.listeners.get(hook) ?? [];
    list.push({ fn, once });
    this.listeners.set(hook, list);
    this.registered.push(hook);
    return this.registered.length;
  }
}

/** One recorded `DocumentSheetConfig.registerSheet` / `unregisterSheet` call. */
export interface SheetCallStandIn {
  call: "register" | "unregister";
  documentClass: unknown;
  scope: string;
  sheetClass: unknown;
  options: { types?: string[]; makeDefault?: boolean; label?: string };
}

/** Core's `Roll`, `Actor`… as empty base classes (the bundle only extends them at boot). */
export class RollStandIn {
  constructor(
    readonly formula = "",
    readonly data: Record<string, unknown> = {},
  ) {}
}
export class ActorStandIn {}
export class ItemStandIn {}

/** A world document made through a recording `create` (id, name, data, deleted flag). */
export class WorldDocumentStandIn {
  deleted = false;
  constructor(
    readonly documentName: "Folder" | "Scene",
    readonly id: string,
    readonly data: Record<string, unknown>,
    private readonly world: BootWorldStandIn,
  ) {}
  get name(): unknown {
    return this.data.name;
  }
  async delete(): Promise<this> {
    this.deleted = true;
    this.world.deleted.push(this);
    return this;
  }
  /** Scenes: make this the canvas's (ready) scene, as viewing one draws it. */
  async view(): Promise<this> {
    this.world.viewed.push(this.id);
    this.world.canvas.scene = this;
    this.world.canvas.ready = true;
    return this;
  }
}

/** What the self-test runner created, deleted, viewed, posted and showed. */
export class BootWorldStandIn {
  readonly created: WorldDocumentStandIn[] = [];
  readonly deleted: WorldDocumentStandIn[] = [];
  readonly viewed: string[] = [];
  readonly chatMessages: Record<string, unknown>[] = [];
  readonly dialogs: Record<string, unknown>[] = promptedDialogs;
  readonly canvas: { ready: boolean; scene: WorldDocumentStandIn | null } = { ready: false, scene: null };

  /** The recording `create` of a document class. */
  creator(documentName: "Folder" | "Scene") {
    return async (data: Record<string, unknown>) => {
      const doc = new WorldDocumentStandIn(documentName, `${documentName}${this.created.length}`, data, this);
      this.created.push(doc);
      return doc;
    };
  }
  /**
   * `game.scenes` / `game.folders`: `get` by id among the created, undeleted documents, and iterable
   * over them as a world collection is (the world migration walks the scenes).
   */
  collection(documentName: "Folder" | "Scene") {
    const live = () => this.created.filter((d) => d.documentName === documentName && !d.deleted);
    return {
      get: (id: string) => live().find((d) => d.id === id),
      [Symbol.iterator]: () => live()[Symbol.iterator](),
    };
  }
}
export class ActiveEffectStandIn {}
export class CombatStandIn {}
export class CombatantStandIn {}
export class ChatMessageStandIn {}
export class ActorSheetV1StandIn {}
export class ItemSheetV1StandIn {}

class TypeDataModelStandIn {
  static defineSchema(): Record<string, unknown> {
    return {};
  }
  static migrateData(source: unknown): unknown {
    return source;
  }
  static validateJoint(_data: unknown): void {}
  prepareBaseData(): void {}
  prepareDerivedData(): void {}
}
class DocumentStandIn {}
class ApplicationV2StandIn {
  static DEFAULT_OPTIONS = {};
  static PARTS: Record<string, { template: string }> = {};
  rendered = false;
  /** v13: the tab each group shows (none chosen yet). */
  tabGroups: Record<string, string> = {};
  constructor(readonly options: Record<string, unknown> = {}) {}
  async render(): Promise<this> {
    return this;
  }
  /** Core: the parts to render are the class's PARTS. */
  _configureRenderParts(_options: unknown): Record<string, { template: string }> {
    return structuredClone((this.constructor as typeof ApplicationV2StandIn).PARTS);
  }
  async _prepareContext(_options: unknown): Promise<Record<string, unknown>> {
    return {};
  }
}
/** A document sheet: its `document` from the options; the one GM user may edit it. */
class DocumentSheetV2StandIn extends ApplicationV2StandIn {
  get document(): unknown {
    return this.options.document;
  }
  get isEditable(): boolean {
    return true;
  }
  /** Core's base context of a document sheet. */
  override async _prepareContext(_options: unknown): Promise<Record<string, unknown>> {
    const document = this.document as { _source?: unknown };
    return { document, source: document._source, editable: this.isEditable, owner: true };
  }
  /** Core's submit data of the form: FormDataExtended's flat `name → value` object, names expanded. */
  _processFormData(_event: unknown, _form: unknown, formData: { object: Record<string, unknown> }): object {
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(formData.object)) {
      const keys = name.split(".");
      let node = out;
      for (const k of keys.slice(0, -1)) node = (node[k] ??= {}) as Record<string, unknown>;
      node[keys.at(-1)!] = value;
    }
    return out;
  }
}
class ActorSheetV2StandIn extends DocumentSheetV2StandIn {}
class ItemSheetV2StandIn extends DocumentSheetV2StandIn {}
/** Every `DialogV2.prompt` call's options (cleared by each install). */
const promptedDialogs: Record<string, unknown>[] = [];
class DialogV2StandIn extends ApplicationV2StandIn {
  static async input(): Promise<null> {
    return null;
  }
  static async prompt(options: Record<string, unknown>): Promise<null> {
    promptedDialogs.push(options);
    return null;
  }
}
class CombatTrackerStandIn extends ApplicationV2StandIn {}
/** `HandlebarsApplicationMixin(Base)`: a subclass of Base (rendering is not imitated). */
function handlebarsApplicationMixinStandIn(Base: typeof ApplicationV2StandIn): typeof ApplicationV2StandIn {
  return class HandlebarsApplication extends Base {
    static override PARTS = {};
  };
}

/** The core status effects this stand-in starts from (a few of core's v13 list, same ids/keys). */
export const CORE_STATUS_EFFECTS_STAND_IN = [
  { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
  { id: "unconscious", name: "EFFECT.StatusUnconscious", img: "icons/svg/unconscious.svg" },
  { id: "blind", name: "EFFECT.StatusBlind", img: "icons/svg/blind.svg" },
  { id: "invisible", name: "EFFECT.StatusInvisible", img: "icons/svg/invisible.svg" },
] as const;

/** The document config of `CONFIG.Actor` / `CONFIG.Item` as far as boot touches it. */
export interface BootDocumentConfigStandIn {
  documentClass: unknown;
  dataModels: Record<string, unknown>;
  trackableAttributes: Record<string, unknown>;
  /** Core's label key of each document type (the create dialog's names), empty until a system sets them. */
  typeLabels: Record<string, string>;
}

/** `CONFIG` as far as boot touches it. */
/** One status effect entry. */
export interface StatusEffectStandIn {
  id: string;
  name: string;
  img: string;
}

/** The entries of a booted `CONFIG.statusEffects`, in either generation's shape (an object's in key order). */
export function bootStatusEffects(config: Pick<BootConfigStandIn, "statusEffects">): StatusEffectStandIn[] {
  const effects = config.statusEffects;
  return Array.isArray(effects) ? effects : Object.entries(effects).map(([id, e]) => ({ ...e, id }));
}

export interface BootConfigStandIn {
  Actor: BootDocumentConfigStandIn;
  Item: BootDocumentConfigStandIn;
  ActiveEffect: {
    documentClass: unknown;
    legacyTransferral?: boolean;
    /** v14: expiry events packages add (id → label) and what core does with an expired effect. */
    expiryEvents?: Record<string, string>;
    expiryAction?: "update" | "delete" | null;
  };
  Combat: { documentClass: unknown };
  Combatant: { documentClass: unknown };
  ChatMessage: { documentClass: unknown };
  Dice: { rolls: unknown[] };
  queries: Record<string, unknown>;
  /**
   * v13: a list of entries; v14: an object keyed by status id (API v14 `CONFIG.statusEffects`,
   * https://foundryvtt.com/api/v14/variables/CONFIG.statusEffects.html). Read either with
   * {@link bootStatusEffects}.
   */
  statusEffects: StatusEffectStandIn[] | Record<string, StatusEffectStandIn>;
  specialStatusEffects: Record<string, string>;
  ui: Record<string, unknown>;
  /** Core's world-time config: seconds a combat round advances the clock (core default 6). */
  time: { roundTime: number; turnTime: number };
}

export interface FoundryBootStandIn {
  hooks: BootHooksStandIn;
  settings: SettingsStandIn;
  i18n: I18nStandIn;
  config: BootConfigStandIn;
  sheetCalls: SheetCallStandIn[];
  loadedTemplates: string[];
  notifications: { level: string; message: string }[];
  /** `game.socket.on` listeners by channel, and what `game.socket.emit` sent. */
  socket: {
    listeners: Map<string, ((...args: unknown[]) => void)[]>;
    emitted: { channel: string; payload: unknown }[];
  };
  /** Core's classes the bundle should extend / keep. */
  core: {
    Roll: typeof RollStandIn;
    Actor: abstract new (...args: never) => object;
    Item: abstract new (...args: never) => object;
  };
  /** Folders, scenes, chat messages and dialogs the self-test runner made. */
  world: BootWorldStandIn;
  uninstall(): void;
}

const GLOBAL_NAMES = [
  "Hooks",
  "CONFIG",
  "CONST",
  "foundry",
  "game",
  "ui",
  "canvas",
  "Actor",
  "Item",
  "ActiveEffect",
  "Combat",
  "Combatant",
  "ChatMessage",
  "Roll",
  "Folder",
  "Scene",
  "Handlebars",
] as const;

/**
 * Put the boot stand-in on globalThis for Foundry `generation` (13 or 14) and a world whose
 * `d20-combat.ruleset` setting will read `rulesetValue` once registered. Returns the recorders and
 * `uninstall()`, which restores every global it replaced.
 */
export function installFoundryBootStandIn(
  generation: 13 | 14,
  rulesetValue?: string,
  options: { play?: boolean } = {},
): FoundryBootStandIn {
  const g = globalThis as Record<string, unknown>;
  const previous = new Map(GLOBAL_NAMES.map((n) => [n, { had: n in g, value: g[n] }]));

  const hooks = new BootHooksStandIn();
  const settings = new SettingsStandIn();
  // Core registers these before any system's init (the bundle reads them when it posts a card).
  settings.register("core", "rollMode", { scope: "client", default: "publicroll" });
  if (generation >= 14) settings.register("core", "messageMode", { scope: "client", default: "public" });
  if (rulesetValue !== undefined) settings.values.set("d20-combat.ruleset", rulesetValue);
  const i18n = createI18nStandIn();
  const sheetCalls: SheetCallStandIn[] = [];
  const loadedTemplates: string[] = [];
  const notifications: { level: string; message: string }[] = [];
  promptedDialogs.length = 0;
  const world = new BootWorldStandIn();
  const chatMessageCreate = async (data: Record<string, unknown>) => {
    if (!options.play) {
      world.chatMessages.push(data);
      return data;
    }
    // A played world's message: its data with an id and a deep-merging `update`, as the document's.
    const message = chatMessageStandIn(data, world.chatMessages.length + 1);
    world.chatMessages.push(message);
    return message;
  };
  // Core's speaker of a message about an actor: its name (else the user's).
  const getSpeaker = ({ actor }: { actor?: { name?: string } | null } = {}) => ({ alias: actor?.name ?? user.name });
  Object.assign(ChatMessageStandIn, {
    implementation: { create: chatMessageCreate },
    create: chatMessageCreate,
    getSpeaker,
  });
  Object.assign(ActorStandIn, { implementation: { deleteDocuments: async () => [] } });

  // A world to play in: document, roll and combat bases with behaviour (./foundry-play.ts).
  const bases = options.play
    ? PLAY_GLOBALS_STAND_IN
    : {
        Actor: ActorStandIn,
        Item: ItemStandIn,
        ActiveEffect: ActiveEffectStandIn,
        Roll: RollStandIn,
        Combat: CombatStandIn,
        Combatant: CombatantStandIn,
      };
  const docConfig = (documentClass: unknown) => ({
    documentClass,
    dataModels: {},
    trackableAttributes: {},
    typeLabels: {},
  });
  const config: BootConfigStandIn = {
    Actor: docConfig(bases.Actor),
    Item: docConfig(bases.Item),
    // v13 has legacy transferral; v14 has none, but expiry events (none added yet) and, by default,
    // only marks expired effects ("update").
    ActiveEffect: {
      documentClass: bases.ActiveEffect,
      ...(generation < 14 ? { legacyTransferral: true } : { expiryEvents: {}, expiryAction: "update" as const }),
    },
    Combat: { documentClass: bases.Combat },
    Combatant: { documentClass: bases.Combatant },
    ChatMessage: { documentClass: ChatMessageStandIn },
    Dice: { rolls: [bases.Roll] },
    queries: {},
    statusEffects:
      generation < 14
        ? CORE_STATUS_EFFECTS_STAND_IN.map((e) => ({ ...e }))
        : Object.fromEntries(CORE_STATUS_EFFECTS_STAND_IN.map((e) => [e.id, { ...e }])),
    specialStatusEffects: { DEFEATED: "dead", INVISIBLE: "invisible", BLIND: "blind" },
    ui: {},
    time: { roundTime: 6, turnTime: 0 },
  };

  const user = { id: "gm0000000000000", name: "Gamemaster", isGM: true, isSelf: true, targets: new Set() };
  const notify = (level: string) => (message: string) => {
    notifications.push({ level, message });
  };
  const record =
    (call: SheetCallStandIn["call"]) =>
    (documentClass: unknown, scope: string, sheetClass: unknown, options: SheetCallStandIn["options"] = {}) => {
      sheetCalls.push({ call, documentClass, scope, sheetClass, options });
    };

  const socket: FoundryBootStandIn["socket"] = { listeners: new Map(), emitted: [] };
  /** The partials init registers (by name): the bundle's precompiled templates. */
  const registered: string[] = [];
  const globals: Record<(typeof GLOBAL_NAMES)[number], unknown> = {
    Hooks: hooks,
    CONFIG: config,
    CONST: { TEXT_ANCHOR_POINTS: { CENTER: 0, BOTTOM: 1, TOP: 2, LEFT: 3, RIGHT: 4 } },
    foundry: {
      abstract: { TypeDataModel: TypeDataModelStandIn, Document: DocumentStandIn },
      data: { fields: standInFields },
      applications: {
        api: {
          HandlebarsApplicationMixin: handlebarsApplicationMixinStandIn,
          ApplicationV2: ApplicationV2StandIn,
          DocumentSheetV2: DocumentSheetV2StandIn,
          DialogV2: DialogV2StandIn,
        },
        sheets: { ActorSheetV2: ActorSheetV2StandIn, ItemSheetV2: ItemSheetV2StandIn },
        sidebar: { tabs: { CombatTracker: CombatTrackerStandIn } },
        apps: {
          DocumentSheetConfig: { registerSheet: record("register"), unregisterSheet: record("unregister") },
        },
        handlebars: {
          loadTemplates: async (paths: string[] | Record<string, string>) => {
            loadedTemplates.push(...(Array.isArray(paths) ? paths : Object.values(paths)));
            return [];
          },
          renderTemplate: async () => "",
        },
        instances: new Map(),
        ux: { TextEditor: { implementation: { enrichHTML: async (html: string) => html } } },
      },
      appv1: { sheets: { ActorSheet: ActorSheetV1StandIn, ItemSheet: ItemSheetV1StandIn } },
      utils: {
        randomID: () => "standinrandomid",
        getProperty: (obj: unknown, key: string) =>
          key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], obj),
        escapeHTML: (s: string) =>
          String(s).replace(
            /[&<>"']/g,
            (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c] ?? c,
          ),
      },
    },
    game: {
      socket: {
        on: (channel: string, fn: (...args: unknown[]) => void) => {
          socket.listeners.set(channel, [...(socket.listeners.get(channel) ?? []), fn]);
        },
        emit: (channel: string, payload: unknown) => socket.emitted.push({ channel, payload }),
      },
      settings,
      i18n,
      release: { generation },
      system: { id: "d20-combat" },
      user,
      users: Object.assign([user], { activeGM: user, get: (id: string) => (id === user.id ? user : undefined) }),
      actors: [],
      items: [],
      // The chat log, empty: a Collection's `contents` and `get`.
      messages: { contents: [], get: () => undefined },
      combat: null,
      scenes: world.collection("Scene"),
      folders: world.collection("Folder"),
    },
    ui: {
      notifications: { info: notify("info"), warn: notify("warn"), error: notify("error") },
    },
    canvas: world.canvas,
    ...bases,
    ChatMessage: ChatMessageStandIn,
    // The registered partials (none: the stand-in's templates render to nothing). What init
    // registers (the bundle's precompiled templates) is recorded by name in `registered`, its spec
    // kept as given.
    Handlebars: {
      partials: {},
      registered,
      registerPartial: (name: string) => registered.push(name),
      template: (spec: unknown) => spec,
    },
    Folder: { implementation: { create: world.creator("Folder") } },
    Scene: { implementation: { create: world.creator("Scene") } },
  };
  for (const name of GLOBAL_NAMES) g[name] = globals[name];

  return {
    hooks,
    settings,
    i18n,
    config,
    sheetCalls,
    loadedTemplates,
    notifications,
    socket,
    core: { Roll: bases.Roll, Actor: bases.Actor, Item: bases.Item },
    world,
    uninstall: () => {
      for (const [name, p] of previous) {
        if (p.had) g[name] = p.value;
        else delete g[name];
      }
    },
  };
}
