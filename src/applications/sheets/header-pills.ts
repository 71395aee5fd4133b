/**
 * The status pills in the actor sheet's header (pure): the game's own statuses (bloodied, dying…),
 * then each active condition, then the creature's state when it is not fighting; each said once,
 * however many of those name it (a game's "Dying" status and the "Dying" state are one pill).
 */
import type { TextViewer } from "../../engine/views/power-text.js";

export interface HeaderPill {
  /** i18n key. */
  label: string;
  kind: "status" | "condition" | "state";
}

export function headerPills(
  statuses: readonly string[],
  conditions: readonly string[],
  state: string | null,
  text?: Pick<TextViewer, "localize">,
): HeaderPill[] {
  const said = new Set<string>();
  const out: HeaderPill[] = [];
  const add = (label: string, kind: HeaderPill["kind"]) => {
    const words = (text ? text.localize(label) : label).trim().toLowerCase();
    if (said.has(label) || said.has(words)) return;
    said.add(label).add(words);
    out.push({ label, kind });
  };
  for (const s of statuses) add(s, "status");
  for (const c of conditions) add(c, "condition");
  if (state) add(state, "state");
  return out;
}
