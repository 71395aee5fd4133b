/**
 * Rests ask first and report (issue 45): the confirm dialog before one creature's or the party's
 * rest, saying what will come back (src/engine/plans/rest-report.ts), and for a rest that rolls
 * recovery dice ([WD-RECOVERY] "some or all"), how many of them to spend.
 */
import { SYSTEM_ID } from "../constants.js";
import { powerUsageFrom } from "../data/item-source.js";
import { restPreview } from "../engine/plans/rest-report.js";
import type { Ruleset } from "../engine/ruleset.js";
import type { RuleEvent, RuleOptions } from "../engine/types.js";
import { engineSource, fmt } from "./foundry-docs.js";
import { restConfirmContext, restLineWith } from "../engine/views/rest-confirm.js";

const TEMPLATE = `systems/${SYSTEM_ID}/templates/chat/rest-confirm.hbs`;

/** One rest line in the user's language. */
export function restLineText(line: RuleEvent): string {
  return restLineWith(fmt, line);
}

/** The actor's powers as usage reads them. */
function powerStates(actor: Actor.Implementation) {
  return [...actor.items]
    .filter((i) => (i.type as string) === "power")
    .map((i) => ({
      id: i.id ?? "",
      name: i.name ?? "",
      usage: powerUsageFrom(i.system as unknown as Record<string, unknown>),
    }));
}

/**
 * Ask before `actors` take the rest `rest`: resolves null when the user says no, else how many
 * recovery dice to spend (asked of one creature whose rest rolls them; absent = all).
 */
export async function confirmRest(
  ruleset: Ruleset,
  options: RuleOptions,
  rest: string,
  actors: readonly Actor.Implementation[],
): Promise<{ spend?: number } | null> {
  const previews = actors.map((a) => ({
    name: a.name ?? "",
    preview: restPreview(ruleset, engineSource(a), rest, powerStates(a), options),
  }));
  const { label: restLabel, spend, ...context } = restConfirmContext(fmt, previews);
  const label = restLabel || fmt(rest);
  const content = await foundry.applications.handlebars.renderTemplate(TEMPLATE, { ...context, spend });
  const title = fmt("D20C.Calm.Rest.Title", { rest: label });
  const yes = { label: fmt("D20C.Calm.Rest.Take", { rest: label }), icon: "fa-solid fa-campground" };
  try {
    if (spend) {
      const form = await foundry.applications.api.DialogV2.input({
        window: { title },
        content,
        ok: yes,
        rejectClose: false,
      });
      if (!form) return null;
      const n = Number((form as Record<string, unknown>).spend);
      return Number.isFinite(n) ? { spend: Math.min(spend.max, Math.max(0, Math.trunc(n))) } : {};
    }
    const answer = await foundry.applications.api.DialogV2.confirm({
      window: { title },
      content,
      yes,
      rejectClose: false,
    });
    return answer === true ? {} : null;
  } catch {
    return null;
  }
}
