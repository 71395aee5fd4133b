/**
 * Stand-in for what the token HUD's duration prompt touches (src/workflows/status-duration.ts), on
 * top of the attack stand-in (./foundry-attack.ts: `game`, `DialogV2.input` answering what the test
 * set, `renderTemplate` through the real handlebars, `ui.notifications`):
 *
 * - `Hooks` (./foundry-boot.ts's recording `on`/`callAll`) so a test fires `renderTokenHUD` and
 *   `createActiveEffect` the way core does;
 * - `CONFIG.specialStatusEffects` (core's DEFEATED = "dead") and `loadTemplates` (a no-op);
 * - a token HUD's status palette: one button per status carrying `data-status-id`, whose `click`
 *   runs the listeners registered on it (capture or not) with the event's `shiftKey`, as a click
 *   on the palette would.
 *
 * Knowing differences: no real DOM, no toggling (the test creates the effect core would create).
 * Decides no rule.
 */
import { installAttackStandIn, type AttackStandInState } from "./foundry-attack.js";
import { BootHooksStandIn } from "./foundry-boot.js";

/** One status button of the palette. */
class StatusButtonStandIn {
  readonly dataset: { statusId: string };
  private readonly listeners: ((event: { shiftKey: boolean }) => void)[] = [];
  constructor(statusId: string) {
    this.dataset = { statusId };
  }
  addEventListener(_type: string, fn: (event: { shiftKey: boolean }) => void): void {
    this.listeners.push(fn);
  }
  /** A click, with the modifier keys held (`shiftKey`: none by default). */
  click(event: { shiftKey: boolean } = { shiftKey: false }): void {
    for (const fn of this.listeners) fn(event);
  }
}

/** A rendered token HUD for an actor: the app (with its `actor`) and its palette's root element. */
export function tokenHudStandIn(actorUuid: string, statusIds: readonly string[]) {
  const buttons = statusIds.map((id) => new StatusButtonStandIn(id));
  return {
    app: { actor: { uuid: actorUuid } },
    html: { querySelectorAll: (selector: string) => (selector === "[data-status-id]" ? buttons : []) },
    click: (statusId: string, event?: { shiftKey: boolean }) =>
      buttons.find((b) => b.dataset.statusId === statusId)?.click(event),
  };
}

export function installHudStandIn(rulesetId: string): {
  state: AttackStandInState;
  hooks: BootHooksStandIn;
  uninstall: () => void;
} {
  const { state, uninstall } = installAttackStandIn(rulesetId);
  const g = globalThis as Record<string, unknown>;
  const saved = { Hooks: g.Hooks, CONFIG: g.CONFIG };
  const hooks = new BootHooksStandIn();
  g.Hooks = hooks;
  g.CONFIG = { specialStatusEffects: { DEFEATED: "dead" } };
  const handlebars = (g.foundry as { applications: { handlebars: Record<string, unknown> } }).applications.handlebars;
  handlebars.loadTemplates = async () => [];
  (g.game as { user: { id: string } }).user.id = "userStandIn";
  return {
    state,
    hooks,
    uninstall: () => {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete g[k];
        else g[k] = v;
      }
      uninstall();
    },
  };
}
