/**
 * Stand-in for the system's gear items on a sheet actor (test/stand-ins/foundry-sheet.ts), for the
 * Inventory tab's workflows: an Item with `id`, `uuid`, `type`, `name`, `img`, `system`, a
 * deep-merging `update({system})` and `toObject()` (as a compendium item's data), and
 * {@link withGearItems}, which gives an actor an `items` Collection of them (iterating its
 * documents, `get(id)`) with `createEmbeddedDocuments("Item")` (fresh ids) and
 * `updateEmbeddedDocuments("Item")`, as Foundry's embedded collection does. Knowingly different:
 * no database, no validation of `system`. Decides no rule.
 */
type Plain = Record<string, unknown>;

function merge(into: Plain, from: Plain): void {
  for (const [k, v] of Object.entries(from)) {
    const cur = into[k];
    if (v && typeof v === "object" && !Array.isArray(v) && cur && typeof cur === "object" && !Array.isArray(cur))
      merge(cur as Plain, v as Plain);
    else into[k] = structuredClone(v);
  }
}

export class GearItemStandIn {
  readonly img = "icons/svg/item-bag.svg";
  /** The actor owning it (null: a compendium's or the sidebar's item). */
  parent: { uuid: string } | null = null;
  constructor(
    readonly id: string,
    readonly name: string,
    readonly type: string,
    public system: Plain,
  ) {}
  get uuid(): string {
    return this.parent ? `${this.parent.uuid}.Item.${this.id}` : `Compendium.d20-combat.equipment.Item.${this.id}`;
  }
  async update(data: { system?: Plain }): Promise<this> {
    if (data.system) merge(this.system, data.system);
    return this;
  }
  toObject(): Plain {
    return { _id: this.id, name: this.name, type: this.type, img: this.img, system: structuredClone(this.system) };
  }
}

let created = 0;

/** The actor's `items` replaced by a Collection of gear items, with embedded create / update. */
export function withGearItems<A extends { uuid: string }>(actor: A, items: GearItemStandIn[]): A {
  const map = new Map<string, GearItemStandIn>();
  const add = (i: GearItemStandIn) => {
    i.parent = actor;
    map.set(i.id, i);
  };
  items.forEach(add);
  const collection = {
    get: (id: string) => map.get(id),
    has: (id: string) => map.has(id),
    [Symbol.iterator]: () => map.values(),
    update: async (updates: { _id: string; system?: Plain }[]) => {
      for (const { _id, ...data } of updates) await map.get(_id)?.update(data);
    },
  };
  const createEffects = (actor as unknown as { createEmbeddedDocuments?: (...a: unknown[]) => unknown })
    .createEmbeddedDocuments;
  Object.defineProperty(actor, "items", { value: collection, configurable: true });
  Object.assign(actor, {
    created: [] as Plain[],
    async createEmbeddedDocuments(type: string, data: Plain[]) {
      if (type !== "Item") return createEffects?.call(actor, type, data);
      return data.map((d) => {
        (actor as unknown as { created: Plain[] }).created.push(structuredClone(d));
        const item = new GearItemStandIn(
          `gear${++created}`,
          String(d.name),
          String(d.type),
          structuredClone((d.system ?? {}) as Plain),
        );
        add(item);
        return item;
      });
    },
    async updateEmbeddedDocuments(type: string, updates: { _id: string; system?: Plain }[]) {
      if (type !== "Item") throw new Error(`stand-in updates only Items, not ${type}`);
      await collection.update(updates);
      return updates;
    },
  });
  return actor;
}
