/**
 * [FF-ACTIONPOINTS] An extra turn action (an FFd20 action point's) in the action economy (pure):
 * granted, it is one more left and one more in the row's count; stored and read back it survives
 * the read's bounds; taken back, an unused one goes and a used one stays used; a fresh turn has none.
 */
import { describe, expect, it } from "vitest";
import {
  actionRows,
  grantAction,
  readActionsLeft,
  revokeAction,
  spendAction,
  startTurnActions,
} from "../../src/engine/actions.js";
import { getRuleset } from "../../src/engine/registry.js";

const economy = getRuleset("ffd20").economy!;
const standardRow = (state: ReturnType<typeof readActionsLeft>) => {
  const row = actionRows(economy, state).find((r) => r.key === "standard")!;
  return `${row.left}/${row.count}`;
};

describe("[FF-ACTIONPOINTS] an action point's extra action in the economy", () => {
  it("[FF-ACTIONPOINTS] granted: standard 2/2; stored and read back it stays; spending takes one, then the other, then warns", () => {
    const fresh = readActionsLeft(economy, undefined);
    expect(standardRow(fresh)).toBe("1/1");
    const granted = grantAction(economy, fresh, "standard");
    expect(standardRow(granted)).toBe("2/2");
    const stored = readActionsLeft(economy, structuredClone(granted));
    expect(standardRow(stored)).toBe("2/2");
    const one = spendAction(economy, stored, "standard", true);
    expect(one.warning).toBeNull();
    expect(standardRow(one.state)).toBe("1/2");
    const two = spendAction(economy, one.state, "standard", true);
    expect(two.warning).toBeNull();
    const three = spendAction(economy, two.state, "standard", true);
    expect(three.warning).toBe("D20C.Actions.Warn.NoneLeft");
  });

  it("[FF-ACTIONPOINTS] a stored state with no grant cannot hold two standard actions (the read's bound); a kind the economy lacks is not granted", () => {
    const forged = readActionsLeft(economy, { left: { standard: 2, move: 1, minor: 1 } });
    expect(standardRow(forged)).toBe("1/1");
    const fresh = readActionsLeft(economy, undefined);
    expect(grantAction(economy, fresh, "bonus")).toBe(fresh);
  });

  it("[FF-ACTIONPOINTS] taken back: an unused extra action goes (2/2 → 1/1); a used one stays used (0/2 → 0/1); nothing granted, nothing changes", () => {
    const granted = grantAction(economy, readActionsLeft(economy, undefined), "standard");
    expect(standardRow(revokeAction(economy, granted, "standard"))).toBe("1/1");
    let spent = spendAction(economy, granted, "standard", true).state;
    spent = spendAction(economy, spent, "standard", true).state;
    expect(standardRow(revokeAction(economy, spent, "standard"))).toBe("0/1");
    const plain = readActionsLeft(economy, undefined);
    expect(revokeAction(economy, plain, "standard")).toBe(plain);
  });

  it("[FF-ACTIONPOINTS] the next turn's start clears the grant (every turn kind stored as 0, so a merged update keeps none)", () => {
    const granted = grantAction(economy, readActionsLeft(economy, undefined), "standard");
    const next = startTurnActions(economy, granted, null);
    expect(next.extra).toEqual({ standard: 0, move: 0, minor: 0 });
    expect(standardRow(next)).toBe("1/1");
  });
});
