/**
 * Template contexts (pure) of the smaller cards: the outcomes a loose roll met (chat `/roll`,
 * macros, inline rolls — added by the roll hook) and the save / death save / rally / recovery card.
 */
import type { AttackResult } from "../types.js";
import { canSeeDetails } from "../plans/card-secrets.js";
import type { LooseRollData, RuleCardData } from "../plans/card-data.js";
import { versusWord, type CardViewer } from "./attack-card-context.js";

const RESULT_CLASS: Record<AttackResult, string> = { crit: "crit", hit: "hit", miss: "miss", autoMiss: "automiss" };

/** Context of templates/chat/loose-roll.hbs. */
export function looseRollContext(data: LooseRollData, viewer: CardViewer) {
  return {
    natural: data.natural,
    total: data.total,
    defenseLabel: versusWord(data),
    targets: data.targets.map((t) => ({
      name: t.name,
      img: t.img,
      resultClass: RESULT_CLASS[t.outcome.result],
      resultLabel: `D20C.Chat.Result.${t.outcome.result}`,
      showDetails:
        !data.detailsHidden &&
        canSeeDetails(viewer.visibility, { isGM: viewer.isGM, ownsTarget: viewer.ownsTarget(t.uuid) }),
      defense: t.outcome.defense,
      reasons: t.outcome.reasons.filter((r) => viewer.has(r)),
    })),
  };
}

/** Context of templates/chat/rule-card.hbs. */
export function ruleCardContext(data: RuleCardData, viewer: CardViewer) {
  return {
    actorName: data.actorName,
    title: data.title,
    rolls: data.rolls.map((r) => ({
      label: viewer.has(r.label) ? r.label : "D20C.Chat.Roll",
      formula: r.formula,
      total: r.total,
      natural: r.natural,
      hasNatural: r.natural !== null,
      target: r.target,
      hasTarget: r.target !== null,
      againstLabel: r.against === "natural" ? "D20C.Chat.Against.natural" : "D20C.Chat.Against.total",
      resultClass: r.success === null ? "none" : r.success ? "success" : "failure",
      resultLabel: r.success === null ? "" : r.success ? "D20C.Chat.Success" : "D20C.Chat.Failure",
    })),
    events: data.events.map((e) =>
      viewer.has(e.key) ? viewer.format(e.key, { name: data.actorName, ...(e.data ?? {}) }) : e.key,
    ),
  };
}
