/**
 * Who carries out a card button ([SYS-PERM]): the GM and users who own both the target and the
 * card act directly; anyone else asks the active GM through a v13 query
 * (`CONFIG.queries["d20-combat.…"]`, `game.users.activeGM.query`). With no GM online the click is
 * refused with a clear notice and nothing changes, so the button can simply be pressed again later.
 *
 * The decision is pure ({@link chooseRoute}, {@link routeAction}); {@link registerQueries} is the
 * Foundry wiring, called once from the workflow registration.
 */

/** Query names (package-prefixed, as Foundry requires). */
export const QUERY_APPLY = "d20-combat.applyDamage";
export const QUERY_UNDO = "d20-combat.undoDamage";

export type Route = "local" | "gm" | "noGM";

export interface RouteFacts {
  isGM: boolean;
  /** The user may update the target actor. */
  ownsActor: boolean;
  /** The user may update the chat message (to record the result on the card). */
  ownsMessage: boolean;
  /** An active GM is connected. */
  gmOnline: boolean;
}

/** Where a card action runs: here, at the active GM, or nowhere (no GM online). */
export function chooseRoute(facts: RouteFacts): Route {
  if (facts.isGM || (facts.ownsActor && facts.ownsMessage)) return "local";
  return facts.gmOnline ? "gm" : "noGM";
}

/** What a routed action reports back (JSON, so it crosses the query boundary). */
export interface ActionReport {
  ok: boolean;
  /** i18n key of the message to show the clicking user, with its format data. */
  message: string;
  data?: Record<string, string | number>;
}

export interface RouteDeps {
  facts: RouteFacts;
  /** Do the action on this client. */
  local: () => Promise<ActionReport>;
  /** Ask the active GM to do it (resolves with the GM's report). */
  viaGM: () => Promise<ActionReport>;
  /** Show a notice to the clicking user. */
  notify: (level: "info" | "warn" | "error", report: ActionReport) => void;
}

/**
 * Carry out a card action by its route and always tell the user what happened: the result
 * (applied here or by the GM), or why nothing happened (no GM, GM unreachable, refused).
 */
export async function routeAction(deps: RouteDeps): Promise<ActionReport & { route: Route }> {
  const route = chooseRoute(deps.facts);
  let report: ActionReport;
  if (route === "noGM") {
    report = { ok: false, message: "D20C.Chat.Permission.NoGM" };
  } else {
    try {
      report = route === "local" ? await deps.local() : await deps.viaGM();
    } catch (err) {
      report = {
        ok: false,
        message: route === "gm" ? "D20C.Chat.Permission.GMFailed" : "D20C.Chat.Permission.Failed",
        data: { error: err instanceof Error ? err.message : String(err) },
      };
    }
  }
  if (route === "gm" && report.ok)
    report = { ...report, message: "D20C.Chat.Permission.DoneByGM", data: { ...(report.data ?? {}) } };
  deps.notify(report.ok ? "info" : route === "noGM" ? "warn" : "error", report);
  return { ...report, route };
}

/** Payload of the apply query. */
export interface ApplyQueryData {
  messageId: string;
  targetUuid: string;
  mode: string;
  userId: string;
}

/** Payload of the undo query. */
export interface UndoQueryData {
  messageId: string;
  recordId: string;
  userId: string;
}

/**
 * Register the GM-side handlers. `apply` and `undo` run the same local code the GM's own clicks run.
 */
export function registerQueries(handlers: {
  apply: (data: ApplyQueryData) => Promise<ActionReport>;
  undo: (data: UndoQueryData) => Promise<ActionReport>;
}): void {
  CONFIG.queries[QUERY_APPLY] = (data) => handlers.apply(data);
  CONFIG.queries[QUERY_UNDO] = (data) => handlers.undo(data);
}

/** Ask the active GM to run a query; rejects when no GM is connected or the GM does not answer. */
export async function askGM<Q extends typeof QUERY_APPLY | typeof QUERY_UNDO>(
  name: Q,
  data: Parameters<CONFIG.Queries[Q]>[0],
): Promise<ActionReport> {
  const gm = game.users.activeGM;
  if (!gm) throw new Error("no active GM");
  const answer = (await gm.query(name, data, { timeout: 30_000 })) as unknown;
  if (!answer || typeof answer !== "object" || !("ok" in answer)) {
    return { ok: false, message: "D20C.Chat.Permission.GMFailed", data: { error: "no answer" } };
  }
  return answer as ActionReport;
}
