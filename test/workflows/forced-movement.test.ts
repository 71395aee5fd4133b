/**
 * [FF-FORCED] A power's push / pull on the FFd20 attack card: each hit target gets a card control
 * with the distance ("Push 2"); pressing it (the REAL handler the card binds, with the effect index
 * and target the rendered button carries) moves the target token's document along the engine's
 * path; a player who does not own the token is refused with the localised notice and the token stays.
 * A GM's press moves by the GM's ledger of the card, never by what the author's message says.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attackCardContext } from "../../src/engine/views/attack-card-context.js";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { ForcedMovement } from "../../src/engine/types.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import type { onForcedClick as OnForcedClickFn } from "../../src/workflows/forced-move.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { installRelayStandIn, type MessageStandIn, type RelayStandIn } from "../stand-ins/foundry-relay.js";
import { standInViewer } from "./attack-card-fixture.js";
import { npc } from "./attack-fixtures.js";
import { hitEffect, threeFoeCard } from "./power-fixtures.js";

const R = getRuleset("ffd20");
const hbs = createTemplateRenderer();
let w: RelayStandIn;
let onForcedClick: typeof OnForcedClickFn;

beforeAll(async () => {
  w = installRelayStandIn(R.id);
  ({ onForcedClick } = await import("../../src/workflows/forced-move.js"));
});
afterAll(() => w.uninstall());

beforeEach(() => {
  w.messages.clear();
  w.actors.clear();
  w.tokens.clear();
  w.attack.warnings.length = 0;
  w.viewAs(null);
  w.addUser("alice");
  w.addUser("eve");
  w.addActor("attacker", "Attacker", npc(R, 10));
  w.addActor("foe0", "Ash Imp", npc(R, 15), ["alice"]);
  w.addActor("foe1", "Bugbear", npc(R, 15), ["alice"]);
  w.addActor("foe2", "Cave Troll", npc(R, 15));
});

/** Put a token at grid square (x, y) (100 px squares). */
function place(id: string, x: number, y: number): void {
  const t = w.tokens.get(id)!;
  t.x = x * 100;
  t.y = y * 100;
}

/** The card (hits on foe0 and foe1, a miss on foe2) posted by the GM, with its rendered controls. */
async function posted(forced: ForcedMovement): Promise<{ m: MessageStandIn; card: AttackCardData; html: string }> {
  const card = threeFoeCard("ffd20", [hitEffect({ forced })]);
  const m = await w.post(w.user, { flags: { [SYSTEM_ID]: { attack: card } } });
  // The GM's client decided it as posted (its ledger: what a GM's press moves by).
  const ledger = { version: 1, cardId: m.id, status: "valid", reason: "", card: structuredClone(card) };
  await w.post(w.user, { whisper: ["gm"], type: "ledger", system: ledger });
  const html = hbs.render("templates/chat/attack-card.hbs", attackCardContext(card, standInViewer({ isGM: true })));
  return { m, card, html };
}

/** The data attributes of the rendered control for a target (what the card's click binding passes). */
function control(html: string, targetUuid: string): { index: number; label: string } {
  const re = new RegExp(
    `data-action="d20c-forced" data-effect-index="(\\d+)" data-squares="\\d+" data-target-uuid="${targetUuid}"[^>]*>\\s*<i[^>]*></i><span>([^<]+)</span>`,
  );
  const hit = re.exec(html);
  if (!hit) throw new Error(`no forced-movement control for ${targetUuid}`);
  return { index: Number(hit[1]), label: hit[2]! };
}

const press = (m: MessageStandIn, uuid: string, index: number) =>
  onForcedClick(m as unknown as ChatMessage, uuid, index);

describe("[FF-FORCED] forced movement from the attack card", () => {
  it("[FF-FORCED] each hit target gets a Push 2 control and the miss none; the GM's press pushes the token 2 squares away", async () => {
    const { m, card, html } = await posted({ kind: "push", squares: 2 });
    expect(card.targets.map((t) => t.forced)).toEqual([[0], [0], undefined]);
    expect(html.match(/data-action="d20c-forced"/g)).toHaveLength(2);
    const c = control(html, "Scene.s1.Token.foe0");
    expect(c.label).toBe("Push 2");
    place("attacker", 2, 2);
    place("foe0", 3, 3);
    await press(m, "Scene.s1.Token.foe0", c.index);
    const doc = w.tokens.get("foe0")!;
    expect({ x: doc.x, y: doc.y }).toEqual({ x: 500, y: 500 });
    // Through core's movement API (TokenDocument#move, v13 and v14): one "displace" waypoint per
    // square pushed, so rulers, movement history and Region behaviours see it.
    expect(doc.moves.map((mv) => mv.waypoints)).toEqual([
      [
        { x: 400, y: 400, action: "displace" },
        { x: 500, y: 500, action: "displace" },
      ],
    ]);
    // The miss has no forced movement: pressing for it moves nothing.
    place("foe2", 3, 2);
    await press(m, "Scene.s1.Token.foe2", 0);
    expect({ x: w.tokens.get("foe2")!.x, y: w.tokens.get("foe2")!.y }).toEqual({ x: 300, y: 200 });
  });

  it("[FF-FORCED] the token's owner may press it; a pull stops next to the attacker", async () => {
    const { m, html } = await posted({ kind: "pull", squares: 5 });
    expect(control(html, "Scene.s1.Token.foe1").label).toBe("Pull 5");
    place("attacker", 1, 1);
    place("foe1", 5, 1);
    w.viewAs(w.users.get("alice")!);
    await press(m, "Scene.s1.Token.foe1", control(html, "Scene.s1.Token.foe1").index);
    const doc = w.tokens.get("foe1")!;
    expect({ x: doc.x, y: doc.y }).toEqual({ x: 200, y: 100 });
    expect(w.attack.warnings).toEqual([]);
  });

  it("[FF-FORCED] a player who does not own the token is refused with a localised notice and the token stays", async () => {
    const { m, html } = await posted({ kind: "push", squares: 2 });
    place("attacker", 2, 2);
    place("foe1", 3, 2);
    w.viewAs(w.users.get("eve")!);
    const moved = await press(m, "Scene.s1.Token.foe1", control(html, "Scene.s1.Token.foe1").index);
    expect(moved).toEqual([]);
    const doc = w.tokens.get("foe1")!;
    expect({ x: doc.x, y: doc.y }).toEqual({ x: 300, y: 200 });
    expect(w.attack.warnings).toEqual(["Only the GM or the owner of Bugbear can move that token."]);
  });
});

describe("[FF-FORCED] [SYS-PERM] a GM's press moves by the GM's ledger, not by the author's message", () => {
  it("[FF-FORCED] [SYS-PERM] a card its author edited to Push 20 pushes 2 when the GM presses it; a refused card moves nothing", async () => {
    const { m, html } = await posted({ kind: "push", squares: 2 });
    const shown = m.flags[SYSTEM_ID]!.attack as AttackCardData;
    shown.power!.effects[0]!.forced = { kind: "push", squares: 20 };
    place("attacker", 2, 2);
    place("foe0", 3, 3);
    await press(m, "Scene.s1.Token.foe0", control(html, "Scene.s1.Token.foe0").index);
    expect({ x: w.tokens.get("foe0")!.x, y: w.tokens.get("foe0")!.y }).toEqual({ x: 500, y: 500 });
    const found = [...w.messages.values()].find((x) => x.type === "ledger")!;
    found.system.status = "invalid";
    found.system.reason = "targets";
    place("foe1", 3, 2);
    expect(await press(m, "Scene.s1.Token.foe1", control(html, "Scene.s1.Token.foe1").index)).toEqual([]);
    expect({ x: w.tokens.get("foe1")!.x, y: w.tokens.get("foe1")!.y }).toEqual({ x: 300, y: 200 });
    expect(w.attack.warnings.at(-1)).toContain("Nothing can be applied from it");
  });
});

describe("[FF-FORCED] the power editor keeps a push / pull / slide", () => {
  it("[FF-FORCED] the form's kind and squares are stored (0 = none) and offered only in games with forced movement", async () => {
    const { powerEffectRows, powerEffectsFromForm } = await import("../../src/applications/sheets/power-effects.js");
    const stored = powerEffectsFromForm({
      0: { outcome: "hit", forced: { kind: "pull", squares: "3" } },
      1: { outcome: "hit", forced: { kind: "push", squares: "0" } },
    });
    expect(stored.map((e) => e.forced ?? null)).toEqual([{ kind: "pull", squares: 3 }, null]);
    const rows = powerEffectRows(stored, R, (t) => t);
    expect(rows.forcedKinds?.map((k) => k.value)).toEqual(["push", "pull", "slide"]);
    expect(rows.rows[0]).toMatchObject({ forcedKind: "pull", forcedSquares: 3 });
    expect(powerEffectRows(stored, getRuleset("13th-age"), (t) => t).forcedKinds).toBeNull();
  });
});
