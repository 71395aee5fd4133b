/**
 * Stand-in for a system power Item on an actor, for the power-usage workflow tests: `id`, `uuid`,
 * `type`, `name`, `img`, `system` (the usage fields power-usage.ts reads: `usage`, `recharge`,
 * `used`, `uses`, `rechargeDie`, `rechargeAt`), `update({system})` merging into `system` as Foundry's deep-merging update does,
 * `toPowerSource()` / `toWeaponSource()` for the attack. {@link ActorItemsStandIn} is an actor's
 * `items` collection (iterating its documents, `get(id)`) with `updateEmbeddedDocuments("Item")`.
 * Knowing differences: no database, no validation of `system`. Decides no rule.
 */
import type { PowerSource } from "../../src/engine/types.js";

/** The usage fields of a power's system data. */
export interface PowerUsageSystemStandIn {
  usage: string;
  recharge: number;
  used: boolean;
  uses: { spent: number; max: number };
  /** [SYS-MONSTERS] The recharge die and when it rolls (absent = d20 after the battle). */
  rechargeDie?: string;
  rechargeAt?: string;
  /** [SYS-MONSTERS] It also comes back when its creature is first bloodied, and whether that was counted. */
  rechargeBloodied?: boolean;
  bloodiedSeen?: boolean;
}

export class PowerItemStandIn {
  readonly type = "power";
  readonly img = "icons/svg/sword.svg";
  constructor(
    readonly id: string,
    readonly name: string,
    public system: PowerUsageSystemStandIn,
    private readonly power: PowerSource,
  ) {}
  get uuid(): string {
    return `Item.${this.id}`;
  }
  async update(data: { system?: Partial<PowerUsageSystemStandIn> }): Promise<this> {
    if (data.system) this.system = { ...this.system, ...structuredClone(data.system) };
    return this;
  }
  toPowerSource(): PowerSource {
    return structuredClone(this.power);
  }
  toWeaponSource(): null {
    return null;
  }
}

/** An actor's `items`: a Collection of its power items, plus the actor's embedded Item update. */
export class ActorItemsStandIn {
  private readonly map = new Map<string, PowerItemStandIn>();
  constructor(items: PowerItemStandIn[] = []) {
    for (const i of items) this.map.set(i.id, i);
  }
  get(id: string): PowerItemStandIn | undefined {
    return this.map.get(id);
  }
  add(item: PowerItemStandIn): void {
    this.map.set(item.id, item);
  }
  [Symbol.iterator](): IterableIterator<PowerItemStandIn> {
    return this.map.values();
  }
  /** `actor.updateEmbeddedDocuments("Item", [{_id, system}])`. */
  async update(updates: { _id: string; system?: Partial<PowerUsageSystemStandIn> }[]): Promise<void> {
    for (const { _id, ...data } of updates) await this.map.get(_id)?.update(data);
  }
}
