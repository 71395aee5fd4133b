/**
 * Stand-in for `game.settings` (register / get / set, the `settings` map of registered settings,
 * and `registerMenu` recorded in `menus`), keyed `<namespace>.<key>` as Foundry keys them. It imitates only what our settings code
 * touches: `get` of a registered setting returns its stored value or its `default`; `get` of an
 * unregistered one throws, as Foundry does ("not a registered game setting"). It knowingly does not
 * cast values by `type`, check `choices`, or call `onChange`. It decides no rule.
 *
 * Install with {@link installSettingsStandIn} (sets `globalThis.game`) and always call the returned
 * uninstaller afterwards.
 */
export class SettingsStandIn {
  readonly settings = new Map<string, { default?: unknown } & Record<string, unknown>>();
  readonly values = new Map<string, unknown>();
  /** Settings-menu buttons (`registerMenu`), keyed `<namespace>.<key>`. */
  readonly menus = new Map<string, Record<string, unknown>>();

  register(namespace: string, key: string, data: Record<string, unknown>): void {
    this.settings.set(`${namespace}.${key}`, { ...data, namespace, key });
  }

  registerMenu(namespace: string, key: string, data: Record<string, unknown>): void {
    this.menus.set(`${namespace}.${key}`, { ...data, namespace, key });
  }

  get(namespace: string, key: string): unknown {
    const id = `${namespace}.${key}`;
    const setting = this.settings.get(id);
    if (!setting) throw new Error(`"${id}" is not a registered game setting`);
    return this.values.has(id) ? this.values.get(id) : setting.default;
  }

  async set(namespace: string, key: string, value: unknown): Promise<unknown> {
    const id = `${namespace}.${key}`;
    if (!this.settings.has(id)) throw new Error(`"${id}" is not a registered game setting`);
    this.values.set(id, value);
    return value;
  }
}

/** Put a fresh settings stand-in on `globalThis.game`; returns it and the uninstaller. */
export function installSettingsStandIn(): { settings: SettingsStandIn; uninstall: () => void } {
  const g = globalThis as unknown as { game?: unknown };
  const previous = g.game;
  const settings = new SettingsStandIn();
  g.game = { settings };
  return {
    settings,
    uninstall: () => {
      if (previous === undefined) delete g.game;
      else g.game = previous;
    },
  };
}
