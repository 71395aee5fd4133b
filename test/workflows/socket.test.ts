/**
 * [SYS-PERM] Who carries out an apply/undo click: owners and the GM directly, other players through
 * the active GM (the GM side runs the same decision code), and with no GM a clear notice and no change.
 */
import { describe, expect, it, vi } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { routeAction, type ActionReport, type RouteFacts } from "../../src/socket.js";
import { decideApplication } from "../../src/engine/plans/apply.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import { defaultOptions, npc, request, target } from "./attack-fixtures.js";
import { attackFromRecordedDice, recordedRoller } from "../support/recorded-dice.js";

const R = getRuleset("13th-age");
const i18n = createI18nStandIn();

/** A GM-owned monster and the card a player's attack made against it. */
function scene() {
  const monster = npc(R, 10, { hp: { value: 30, max: 30, temp: 0 } });
  const card = attackFromRecordedDice(request("13th-age", { targets: [target("ogre", monster, "Ogre")] }), [[14]], {
    "*": [6],
  });
  return { world: { monster, card } as { monster: typeof monster; card: AttackCardData } };
}

/** Stand-in for the GM's client: the query handler runs the same decision and writes the result. */
function gmHandler(world: ReturnType<typeof scene>["world"]) {
  return async (): Promise<ActionReport> => {
    const d = await decideApplication({
      ruleset: R,
      options: defaultOptions(R),
      card: world.card,
      targetUuid: world.card.targets[0]!.uuid,
      mode: "full",
      actor: world.monster,
      actorId: "ogre",
      userId: "player1",
      recordId: "r1",
      roll: recordedRoller([]),
    });
    world.monster = d.next;
    world.card = d.card;
    return { ok: true, message: "D20C.Chat.Applied.DamageReport", data: { name: "Ogre", amount: d.record.dealt } };
  };
}

/** Where `routeAction` carries out an action for a client with these facts. */
async function routeOf(facts: RouteFacts) {
  const done = async (): Promise<ActionReport> => ({ ok: true, message: "x" });
  return (await routeAction({ facts, local: done, viaGM: done, notify: () => undefined })).route;
}

describe("[SYS-PERM] routing card actions", () => {
  it("[SYS-PERM] only the active GM's client acts directly: it keeps the records of what each press did", async () => {
    expect(await routeOf({ isActiveGM: true, gmOnline: true })).toBe("local");
    // An owner of the target and the card no longer writes locally: the records live where only GMs write.
    expect(await routeOf({ isActiveGM: false, gmOnline: true })).toBe("gm");
    expect(await routeOf({ isActiveGM: false, gmOnline: false })).toBe("noGM");
  });

  it("[SYS-PERM] a player applying to a GM-owned token goes through the active GM and sees the result", async () => {
    const { world } = scene();
    const local = vi.fn(async (): Promise<ActionReport> => ({ ok: true, message: "x" }));
    const notify = vi.fn();
    const result = await routeAction({
      facts: { isActiveGM: false, gmOnline: true },
      local,
      viaGM: gmHandler(world),
      notify,
    });
    expect(result.route).toBe("gm");
    expect(local).not.toHaveBeenCalled();
    // The GM's client applied it: the ogre lost 6 + 4 HP and the card records it.
    expect(world.monster.hp.value).toBe(20);
    expect(world.card.applied).toHaveLength(1);
    expect(world.card.applied[0]!.userId).toBe("player1");
    // The player is told the GM did it.
    expect(notify).toHaveBeenCalledWith(
      "info",
      expect.objectContaining({ ok: true, message: "D20C.Chat.Permission.DoneByGM" }),
    );
    expect(i18n.has("D20C.Chat.Permission.DoneByGM")).toBe(true);
  });

  it("[SYS-PERM] with no GM online nothing changes and the player gets a clear notice", async () => {
    const { world } = scene();
    const before = structuredClone(world);
    const viaGM = vi.fn(gmHandler(world));
    const local = vi.fn(async (): Promise<ActionReport> => ({ ok: true, message: "x" }));
    const notify = vi.fn();
    const result = await routeAction({
      facts: { isActiveGM: false, gmOnline: false },
      local,
      viaGM,
      notify,
    });
    expect(result.route).toBe("noGM");
    expect(result.ok).toBe(false);
    expect(viaGM).not.toHaveBeenCalled();
    expect(local).not.toHaveBeenCalled();
    expect(world).toEqual(before);
    expect(notify).toHaveBeenCalledWith("warn", expect.objectContaining({ message: "D20C.Chat.Permission.NoGM" }));
    expect(i18n.localize("D20C.Chat.Permission.NoGM")).toMatch(/GM/);
  });

  it("[SYS-PERM] a GM that fails to answer is reported as an error, not dropped silently", async () => {
    const notify = vi.fn();
    const result = await routeAction({
      facts: { isActiveGM: false, gmOnline: true },
      local: async () => ({ ok: true, message: "x" }),
      viaGM: async () => {
        throw new Error("timed out");
      },
      notify,
    });
    expect(result.ok).toBe(false);
    expect(notify).toHaveBeenCalledWith(
      "error",
      expect.objectContaining({ message: "D20C.Chat.Permission.GMFailed", data: { error: "timed out" } }),
    );
  });

  it("[SYS-PERM] an owner of the token who cannot edit someone else's card still goes through the GM", async () => {
    expect(await routeOf({ isActiveGM: false, gmOnline: true })).toBe("gm");
    expect(await routeOf({ isActiveGM: false, gmOnline: false })).toBe("noGM");
  });
});
