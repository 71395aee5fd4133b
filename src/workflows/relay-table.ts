/**
 * The GM relay's table ([SYS-PERM]): every kind of request a client may put to the active GM's
 * (src/socket.ts carries them), one entry per definition. Each definition (what it reads, who may
 * ask, what the GM's client does, which request undoes it) lives beside the work it runs; adding
 * one is docs/architecture.md's "Adding a relay request". Every entry's work is guarded: an engine
 * refusal reaches the asker as a notice, never a silent console error.
 */
import { relayEntry, type RelayEntry } from "../socket.js";
import { APPLY_REQUEST, UNDO_REQUEST, guard } from "./apply-damage.js";
import { SUSTAIN_REQUEST } from "./effects.js";
import { PROCEDURE_REQUEST } from "./procedures.js";
import { REACT_REQUEST } from "./reactions.js";
import { TURN_UNDO_REQUEST } from "./turn-chat.js";

export const RELAY_REQUESTS: readonly RelayEntry[] = [
  relayEntry(APPLY_REQUEST, guard),
  relayEntry(UNDO_REQUEST, guard),
  relayEntry(REACT_REQUEST, guard),
  relayEntry(PROCEDURE_REQUEST, guard),
  relayEntry(SUSTAIN_REQUEST, guard),
  relayEntry(TURN_UNDO_REQUEST, guard),
];
