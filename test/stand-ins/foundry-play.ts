/**
 * Stand-in for the Foundry document and application bases a BOOTED world plays on, under the
 * classes the built bundle registers (`CONFIG.Actor.documentClass`, its data models, its actor
 * sheet, its roll classes and `CONFIG.Combat.documentClass`). Installed by
 * `installFoundryBootStandIn(generation, ruleset, { play: true })` (./foundry-boot.ts) before the
 * bundle is imported, so the bundle's classes extend these. It imitates, of Foundry v13/v14:
 *
 * - `Actor` / `Item` documents built from create data: `id`, `uuid`, `name`, `img`, `type`,
 *   `flags`, `_source.system`, and `system` as an instance of the type's registered data model
 *   (`CONFIG.<Doc>.dataModels[type]`) over the schema's initial values, with `parent` set and
 *   `prepareBaseData` / `prepareDerivedData` run as Foundry prepares a document, and its `schema`
 *   answering `getField(path)` with the field's `nullable` and `initial`; an actor's
 *   `items` (a Collection of embedded items, each with `actor`/`parent`), `effects` (none),
 *   `statuses` (empty), `isOwner` / `testUserPermission` (the one GM user owns everything),
 *   `limited` false, no token, `prototypeToken.width` 1, `getRollData()` returning `system`;
 * - `ActorSheetV2` (through `HandlebarsApplicationMixin`): the sheet's `document` from its options,
 *   `isEditable`, `tabGroups`, and the base `_prepareContext` (document, source, editable, owner);
 * - `Roll`: evaluated from recorded faces ({@link standInAttackFaces}, ./foundry-attack.ts);
 * - `Combat` / `Combatant`: the v13 bases of ./foundry-combat.ts (turn events on the GM).
 *
 * Knowingly different: no database (creating means constructing), no validation or cleaning of
 * the data, no Active Effect application, no rendering beyond the context (tests render the sheet's
 * template with the real handlebars). It decides no rule.
 */
import {
  mergeObjectStandIn,
  StandInCollection,
  StandInFoundryCombat,
  StandInFoundryCombatant,
} from "./foundry-combat.js";
import { StandInAttackRoll } from "./foundry-attack.js";
import { StandInActiveEffect } from "./foundry-effects.js";
import { standInFill } from "./foundry-fields.js";

type Plain = Record<string, unknown>;

/** A registered data model class as the bundle puts it in `CONFIG.<Doc>.dataModels`. */
interface DataModelClassStandIn {
  defineSchema(): Plain;
  prototype: object;
}

/** Where the documents find the bundle's data models (the boot stand-in's `CONFIG`). */
function dataModelOf(documentName: "Actor" | "Item", type: string): DataModelClassStandIn | undefined {
  const config = (globalThis as { CONFIG?: Record<string, { dataModels?: Record<string, DataModelClassStandIn> }> })
    .CONFIG;
  return config?.[documentName]?.dataModels?.[type];
}

/**
 * `_source.system` and `system` as Foundry builds them: the create data over the schema's initial
 * values, and the type's data model holding that data with its `parent`.
 */
function systemOf(documentName: "Actor" | "Item", type: string, data: Plain, parent: object): [Plain, Plain] {
  const Model = dataModelOf(documentName, type);
  if (!Model) return [structuredClone(data), structuredClone(data)];
  const source = standInFill(Model.defineSchema(), data);
  const system = Object.assign(Object.create(Model.prototype) as Plain, structuredClone(source));
  Object.defineProperty(system, "parent", { value: parent });
  Object.defineProperty(system, "schema", { value: schemaOf(Model.defineSchema()) });
  return [source, system];
}

/**
 * A data model's `schema` as the sheet asks it: `getField("a.b")` finds the field (through schema
 * fields' parts, and a list's or typed object's element for any key) and answers, as Foundry's
 * DataField does, its `nullable` and `initial`.
 */
function schemaOf(fields: Plain) {
  return {
    getField(path: string): { nullable: boolean; initial: unknown } | undefined {
      let node: unknown = { fields };
      for (const key of path.split(".")) {
        const f = node as { fields?: Plain; element?: unknown };
        node = f.fields ? f.fields[key] : f.element;
        if (node === undefined) return undefined;
      }
      const options = (node as { options?: { nullable?: boolean; initial?: unknown } }).options ?? {};
      return { nullable: options.nullable === true, initial: options.initial };
    },
  };
}

/** Foundry's data preparation of a document's system data. */
function prepare(system: Plain): void {
  const model = system as { prepareBaseData?(): void; prepareDerivedData?(): void };
  model.prepareBaseData?.();
  model.prepareDerivedData?.();
}

/** Create data of a stand-in actor or item. */
export interface DocumentDataStandIn {
  _id: string;
  name: string;
  type: string;
  img?: string;
  system?: Plain;
  flags?: Plain;
  items?: DocumentDataStandIn[];
}

/**
 * What Foundry's `Actor` and `Item` share here: the source fields, `system` built and prepared from
 * the registered data model, and `update({system})` deep-merging into the source and preparing the
 * data again (recorded in `updates`).
 */
class PlayDocumentStandIn {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly img: string;
  readonly flags: Plain;
  readonly _source: { system: Plain };
  system: Plain;
  readonly updates: Plain[] = [];
  constructor(
    readonly documentName: "Actor" | "Item",
    data: DocumentDataStandIn,
  ) {
    this.id = data._id;
    this.name = data.name;
    this.type = data.type;
    this.img = data.img ?? "icons/svg/mystery-man.svg";
    this.flags = structuredClone(data.flags ?? {});
    this._source = { system: structuredClone(data.system ?? {}) };
    this.system = {};
  }
  /** Build `system` from the source (after whatever the subclass must set up first). */
  protected build(): void {
    const [source, system] = systemOf(this.documentName, this.type, this._source.system, this);
    this._source.system = source;
    this.system = system;
    prepare(system);
  }
  async update(changes: { system?: Plain }): Promise<this> {
    this.updates.push(structuredClone(changes));
    if (changes.system) {
      Object.assign(this._source, { system: mergeObjectStandIn(this._source.system, changes.system) });
      this.build();
    }
    return this;
  }
}

/** Foundry's `Item` base as a booted world plays with one. */
export class PlayItemStandIn extends PlayDocumentStandIn {
  readonly sort = 0;
  readonly effects = new StandInCollection<{ id: string }>();
  constructor(
    data: DocumentDataStandIn,
    readonly parent: PlayActorStandIn | null = null,
  ) {
    super("Item", data);
    this.build();
  }
  get actor(): PlayActorStandIn | null {
    return this.parent;
  }
  get uuid(): string {
    return this.parent ? `${this.parent.uuid}.Item.${this.id}` : `Item.${this.id}`;
  }
}

/** Foundry's `Actor` base as a booted world plays with one. */
export class PlayActorStandIn extends PlayDocumentStandIn {
  readonly items = new StandInCollection<PlayItemStandIn>();
  readonly effects = new StandInCollection<{ id: string }>();
  readonly statuses = new Set<string>();
  readonly isOwner = true;
  readonly limited = false;
  readonly token = null;
  readonly prototypeToken = { width: 1 };
  constructor(data: DocumentDataStandIn) {
    super("Actor", data);
    // The embedded items first: the actor's data preparation reads them (equipped armor).
    const ItemClass = (globalThis as { CONFIG?: { Item?: { documentClass?: unknown } } }).CONFIG?.Item
      ?.documentClass as typeof PlayItemStandIn | undefined;
    for (const item of data.items ?? []) this.items.set(item._id, new (ItemClass ?? PlayItemStandIn)(item, this));
    this.build();
  }
  get uuid(): string {
    return `Actor.${this.id}`;
  }
  *allApplicableEffects(): Generator<{ id: string }, void, undefined> {
    yield* this.effects;
  }
  testUserPermission(): boolean {
    return true;
  }
  getRollData(): Plain {
    return this.system;
  }
}

/** Foundry's `Roll` (formula, roll data), evaluated from the recorded faces. */
export class PlayRollStandIn extends StandInAttackRoll {
  constructor(
    formula: string,
    readonly data: Plain = {},
  ) {
    super(formula);
  }
}

/** The globals a booted world plays on, for ./foundry-boot.ts to install. */
export const PLAY_GLOBALS_STAND_IN = {
  Actor: PlayActorStandIn,
  Item: PlayItemStandIn,
  ActiveEffect: StandInActiveEffect,
  Roll: PlayRollStandIn,
  Combat: StandInFoundryCombat,
  Combatant: StandInFoundryCombatant,
};
