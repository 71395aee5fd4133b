/**
 * [SYS-PERM] The GM relay's table (src/workflows/relay-table.ts): every kind of request is one
 * definition — what it reads, who may ask, what the GM's client does, which request undoes it —
 * and the transport (src/socket.ts) knows none of them by name, so adding one never edits it.
 * Each definition reads its data strictly (malformed data is dropped, never carried out).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../stand-ins/i18n.js";
import { installRelayStandIn } from "../stand-ins/foundry-relay.js";
import { relayEntry, type Asker, type RelayRequest } from "../../src/socket.js";

// The workflow modules load over Foundry's globals (the relay stand-in's).
const w = installRelayStandIn("13th-age");
afterAll(() => w.uninstall());
const { RELAY_REQUESTS } = await import("../../src/workflows/relay-table.js");
const { APPLY_REQUEST, UNDO_REQUEST } = await import("../../src/workflows/apply-damage.js");
const { REACT_REQUEST } = await import("../../src/workflows/reactions.js");
const { PROCEDURE_REQUEST } = await import("../../src/workflows/procedures.js");
const { SUSTAIN_REQUEST } = await import("../../src/workflows/effects.js");
const { TURN_UNDO_REQUEST } = await import("../../src/workflows/turn-chat.js");

const player: Asker = { id: "alice", isGM: false };
const gm: Asker = { id: "gm", isGM: true };
const long = "x".repeat(401);

describe("[SYS-PERM] the relay's table", () => {
  it("[SYS-PERM] one entry per kind of request, each named once; every undo it names is a request of the table", () => {
    const actions = RELAY_REQUESTS.map((r) => r.action);
    expect(actions).toEqual(["apply", "undo", "react", "procedure", "sustain", "turnUndo"]);
    expect(new Set(actions).size).toBe(actions.length);
    for (const r of RELAY_REQUESTS) if (r.undoneBy !== null) expect(actions).toContain(r.undoneBy);
    expect(RELAY_REQUESTS.find((r) => r.action === "apply")!.undoneBy).toBe("undo");
  });

  it("[SYS-PERM] the transport names no request: src/socket.ts holds none of the table's actions", () => {
    const socket = readFileSync(path.join(REPO_ROOT, "src/socket.ts"), "utf8");
    for (const r of RELAY_REQUESTS) {
      expect(socket).not.toContain(`"${r.action}"`);
      expect(socket).not.toContain(`'${r.action}'`);
    }
  });

  const wellFormed: [RelayRequest<unknown>, Record<string, unknown>, Record<string, unknown>][] = [
    [APPLY_REQUEST, { messageId: "m", targetUuid: "t", mode: "full" }, { messageId: "m", targetUuid: "t", mode: long }],
    [UNDO_REQUEST, { messageId: "m", recordId: "r" }, { messageId: "m", recordId: 7 }],
    [
      REACT_REQUEST,
      { messageId: "m", targetUuid: "t", key: "parry" },
      { messageId: "m", targetUuid: "", key: "parry" },
    ],
    [
      PROCEDURE_REQUEST,
      { actorUuid: "a", procedureId: "shove", choice: null, numbers: { dc: 12 }, targetUuids: ["t"] },
      { actorUuid: "a", procedureId: "shove", choice: null, numbers: { dc: Number.NaN }, targetUuids: ["t"] },
    ],
    [SUSTAIN_REQUEST, { holderUuid: "h", effectId: "e" }, { holderUuid: "h" }],
    [TURN_UNDO_REQUEST, { messageId: "m", index: 2 }, { messageId: "m", index: 1000 }],
  ] as never;

  it.each(wellFormed.map((row) => [row[0].action, ...row] as const))(
    "[SYS-PERM] %s reads its data strictly: well formed, it is read as sent; malformed, nothing is carried out",
    (_name, def, good, bad) => {
      expect(def.read(good)).toEqual(good);
      expect(def.read(bad)).toBeNull();
      expect(relayEntry(def).accept(bad)).toBeNull();
    },
  );

  it("[SYS-PERM] [SYS-TURNS] who may ask: a turn line's undo only a GM; a player's is refused before anything is read", async () => {
    let ran = 0;
    const entry = relayEntry({
      ...TURN_UNDO_REQUEST,
      run: async () => {
        ran++;
        return { ok: true, message: "done" };
      },
    });
    const work = entry.accept({ messageId: "m", index: 0 })!;
    expect(await work(player)).toEqual({ ok: false, message: "D20C.Combat.Line.UndoRefused" });
    expect(ran).toBe(0);
    expect(await work(gm)).toEqual({ ok: true, message: "done" });
    for (const def of [APPLY_REQUEST, UNDO_REQUEST, REACT_REQUEST, PROCEDURE_REQUEST, SUSTAIN_REQUEST])
      expect(def.mayAsk(player)).toBeNull();
  });
});
