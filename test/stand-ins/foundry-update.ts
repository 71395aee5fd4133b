/**
 * Foundry's client `Actor` document base under the real `D20Actor` (src/documents/actor.ts), as
 * far as an update touches it: `_source` and `system` (both our actor types share one schema),
 * `type`, `statuses` (empty: no Active Effects), no token, and `update(changes)` running the
 * subclass's `_preUpdate(changed, options, user)` before deep-merging `changed.system` into the
 * stored data, as core does. Knowingly differs: no data model cleaning or validation, no derived
 * data preparation, no hooks. Decides no rule.
 */
type SystemData = Record<string, unknown>;

export class ActorDocumentStandIn {
  _source: { system: SystemData };
  system: SystemData;
  statuses = new Set<string>();
  token: null = null;
  prototypeToken = { width: 1 };
  readonly updates: unknown[] = [];
  constructor(
    readonly type: "character" | "npc",
    system: SystemData,
  ) {
    this._source = { system: structuredClone(system) };
    this.system = structuredClone(system);
  }
  protected async _preUpdate(_changed: unknown, _options: unknown, _user: unknown): Promise<boolean | void> {
    return undefined;
  }
  async update(changes: { system?: SystemData }): Promise<this> {
    const changed = structuredClone(changes);
    if ((await this._preUpdate(changed, {}, { id: "gm", isGM: true })) === false) return this;
    this.updates.push(changed);
    Object.assign(this._source.system, structuredClone(changed.system ?? {}));
    Object.assign(this.system, structuredClone(changed.system ?? {}));
    return this;
  }
}

/** Install {@link ActorDocumentStandIn} as the global `Actor` (before importing D20Actor). */
export function installActorStandIn(): () => void {
  const g = globalThis as { Actor?: unknown };
  const saved = g.Actor;
  g.Actor = ActorDocumentStandIn;
  return () => {
    g.Actor = saved;
    if (saved === undefined) delete g.Actor;
  };
}
