/**
 * Stand-in for Foundry's `Hooks` registry, for tests whose other stand-ins have none (the sheet's,
 * the combat's): `on`/`once` (returning an id), `off` by id or function, `callAll`, `call` (stops
 * at a `false`), and `events` (each hook's listeners as `{ hook, id, fn, once }`, the public
 * getter modules and the system read). Like Foundry it removes a `once` listener when called
 * through `call`/`callAll`; unlike Foundry it does not catch a listener's error in `callAll`.
 * Installed explicitly with {@link installHooksStandIn}, which returns the uninstaller. Decides no rule.
 */
interface Hooked {
  hook: string;
  id: number;
  fn: (...args: unknown[]) => unknown;
  once: boolean;
}

export interface HooksStandIn {
  events: Record<string, Hooked[]>;
  on(hook: string, fn: (...args: unknown[]) => unknown): number;
  once(hook: string, fn: (...args: unknown[]) => unknown): number;
  off(hook: string, fn: number | ((...args: unknown[]) => unknown)): void;
  callAll(hook: string, ...args: unknown[]): true;
  call(hook: string, ...args: unknown[]): boolean;
}

/** Install `Hooks` on `globalThis`; returns the stand-in and an uninstaller (restoring what was there). */
export function installHooksStandIn(): { hooks: HooksStandIn; uninstall: () => void } {
  const g = globalThis as Record<string, unknown>;
  const saved = g.Hooks;
  let next = 1;
  const hooks: HooksStandIn = {
    events: {},
    on(hook, fn) {
      const id = next++;
      (hooks.events[hook] ??= []).push({ hook, id, fn, once: false });
      return id;
    },
    once(hook, fn) {
      const id = next++;
      (hooks.events[hook] ??= []).push({ hook, id, fn, once: true });
      return id;
    },
    off(hook, fn) {
      hooks.events[hook] = (hooks.events[hook] ?? []).filter((h) => h.id !== fn && h.fn !== fn);
    },
    callAll(hook, ...args) {
      for (const h of [...(hooks.events[hook] ?? [])]) {
        if (h.once) hooks.off(hook, h.id);
        h.fn(...args);
      }
      return true;
    },
    call(hook, ...args) {
      for (const h of [...(hooks.events[hook] ?? [])]) {
        if (h.once) hooks.off(hook, h.id);
        if (h.fn(...args) === false) return false;
      }
      return true;
    },
  };
  g.Hooks = hooks;
  return {
    hooks,
    uninstall: () => {
      if (saved === undefined) delete g.Hooks;
      else g.Hooks = saved;
    },
  };
}
