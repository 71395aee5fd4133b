/**
 * [SYS-EFFECTS] From the card to the Effects section, per game: a power whose hit leaves a
 * condition (save ends) with an aftereffect hits; the GM presses the card's REAL Apply control
 * (onApplyClick, on the active GM's client of test/stand-ins/foundry-relay.ts); the target's Effects
 * section (its real context builder, rendered through the real partial) then lists the effect with
 * its duration in words, its conditions and its aftereffect; the section's own "save now" control
 * (recorded dice) fails once, then passes: the effect ends and the aftereffect takes its place.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { RULESET_IDS, type BuiltInRulesetId } from "../../src/engine/rulesets/ids.js";
import type { RulesetId } from "../../src/engine/types.js";
import type { rollAttack as RollAttackFn } from "../../src/workflows/attack.js";
import type * as EffectsNs from "../../src/workflows/effects.js";
import type * as EffectActionsNs from "../../src/applications/sheets/effect-actions.js";
import type { ledgerOf as LedgerOfFn } from "../../src/workflows/card-ledger.js";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  installRelayStandIn,
  RelayItemStandIn,
  type MessageStandIn,
  type RelayStandIn,
} from "../stand-ins/foundry-relay.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { turnUndosOf } from "../support/turn-summaries.js";
import { npc, power } from "./attack-fixtures.js";
import { SAVE_ENDS_PAIR, SAVE_RULE_CITES, saveEndsEffect } from "./power-fixtures.js";

const hbs = createTemplateRenderer();
const i18n = createI18nStandIn();
/** Each game's save target against a normal save-ends effect, as its text has it. */
const NORMAL_SAVE: Record<RulesetId, number> = { "13th-age": 11, ffd20: 10, "hundred-dungeons": 12, "wounds-d20": 15 };

/** Each game's own words for "save ends" and for what follows it ([SYS-WORDS]: no game speaks another's). */
const SAVE_ENDS_WORDS = {
  "13th-age": (at) => `save ends (${at}+)`,
  ffd20: (at) => `save ends (${at}+)`,
  "hundred-dungeons": (at) => `until it rolls ${at}+ at the end of its turn`,
  "wounds-d20": (at) => `until a save succeeds (DC ${at})`,
} satisfies Record<BuiltInRulesetId, (at: number | undefined) => string>;
const AFTER_WORDS = {
  "13th-age": "Then: ",
  ffd20: "Aftereffect: ",
  "hundred-dungeons": "Then: ",
  "wounds-d20": "Then: ",
} satisfies Record<BuiltInRulesetId, string>;

describe.each(RULESET_IDS.map((id) => [id, getRuleset(id)] as const))(
  "[SYS-EFFECTS] card → Effects section (%s)",
  (id, R) => {
    let w: RelayStandIn;
    let rollAttack: typeof RollAttackFn;
    let ledgerOf: typeof LedgerOfFn;
    let effects: typeof EffectsNs;
    let saveNow: (this: unknown, event: unknown, target: unknown) => Promise<void>;
    beforeAll(async () => {
      w = installRelayStandIn(id);
      // Effect names reach the turn lines as labels; Foundry shows an unknown key as itself.
      (globalThis as unknown as { game: { i18n: unknown } }).game.i18n = createI18nStandIn({ missing: "key" });
      const { registerAttackWorkflow } = await import("../../src/workflows/register.js");
      registerAttackWorkflow();
      ({ rollAttack } = await import("../../src/workflows/attack.js"));
      ({ ledgerOf } = await import("../../src/workflows/card-ledger.js"));
      effects = await import("../../src/workflows/effects.js");
      const actions = (await import("../../src/applications/sheets/effect-actions.js")) as typeof EffectActionsNs;
      saveNow = actions.effectActionHandlers().rollEffectSave as typeof saveNow;
    });
    afterAll(() => w.uninstall());

    /** The section as the target's sheet shows it: its context and the rendered partial. */
    function section(actor: unknown) {
      const ctx = effects.effectsSectionFor(actor as never, true);
      return { ctx, html: hbs.render("templates/sheets/effects.hbs", ctx) };
    }
    const label = (condition: string) => i18n.localize(R.conditions.find((c) => c.id === condition)!.label);

    it(`[SYS-EFFECTS] ${SAVE_RULE_CITES[id]} Apply puts the hit's condition on the target; its section shows it in words; its save fails, then passes and the aftereffect follows`, async () => {
      const pair = SAVE_ENDS_PAIR[id];
      const alice = w.addUser("alice");
      const attacker = w.addActor("attacker", "Orc", npc(R, 10), ["alice"]);
      const imp = w.addActor("imp", "Imp", npc(R, 15));
      const item = new RelayItemStandIn(
        "blow",
        attacker,
        "power",
        "Staggering Blow",
        power({ damage: "6", effects: [saveEndsEffect(id)] }),
      );
      attacker.items.set(item.id, item);
      w.attack.targets.clear();
      w.attack.targets.add({
        document: { uuid: imp.token!.uuid, name: imp.name, texture: { src: imp.img } },
        actor: imp as never,
      });
      standInAttackFaces.length = 0;
      standInAttackFaces.push(16); // +5 against 15: a hit
      w.postAs = alice;
      const m = (await rollAttack(attacker as never, item as never, {
        fastForward: true,
      })) as unknown as MessageStandIn;
      w.postAs = null;
      for (let i = 0; i < 50 && ledgerOf(m.id) === null; i++) await new Promise((r) => setTimeout(r, 2));
      expect(ledgerOf(m.id)!.ledger.card.targets[0]!.outcome.isHit).toBe(true);

      // The GM presses Apply on the card.
      const { onApplyClick } = await import("../../src/workflows/apply-damage.js");
      await onApplyClick(m as unknown as ChatMessage, imp.token!.uuid, "full");
      expect(imp.effectIds()).toHaveLength(1);

      // The imp's Effects section: duration in words, the condition, the aftereffect.
      const saveAt = NORMAL_SAVE[id];
      const before = section(imp);
      expect(before.ctx.rows).toHaveLength(1);
      const row = before.ctx.rows[0]!;
      expect(row.duration).toBe(SAVE_ENDS_WORDS[id](saveAt));
      expect(row.conditions).toBe(label(pair.first));
      expect(row.aftereffect.slice(0, AFTER_WORDS[id].length)).toBe(AFTER_WORDS[id]);
      expect(row.canSave).toBe(true);
      expect(before.html).toContain(SAVE_ENDS_WORDS[id](saveAt));
      expect(before.html).toContain(label(pair.first));
      expect(before.html).toContain(row.aftereffect);
      expect(before.html).toContain('data-action="rollEffectSave"');
      expect([...imp.effectDocs.values()][0]!.statuses).toEqual(new Set([pair.first]));

      // Save now from the section: 2 fails (the effect stays), 19 passes (it ends; the aftereffect starts).
      const control = {
        dataset: { effectId: row.id },
        closest: (s: string) => (s === "[data-effect-id]" ? control : null),
      };
      standInAttackFaces.push(2);
      await saveNow.call({ document: imp }, {}, control);
      expect(imp.effectIds()).toEqual([row.id]);
      standInAttackFaces.push(19);
      await saveNow.call({ document: imp }, {}, control);
      expect(standInAttackFaces).toEqual([]);
      expect(imp.effectIds()).not.toContain(row.id);
      // Posted as turn summaries: the failed save, the passed one, and its ending with an Undo that gives it back.
      type Line = { rolls: { success: boolean }[] };
      const lines = w.attack.messages.flatMap(
        (msg) => (msg.data.system as { lines?: { line: Line }[] } | undefined)?.lines?.map((l) => l.line) ?? [],
      );
      expect(lines.flatMap((l) => l.rolls.map((r) => r.success))).toEqual([false, true]);
      // The Undo that gives it back is in the summary's GM-only record.
      const undos = turnUndosOf(w.attack.messages.map((m) => m.data));
      expect(undos.some((u) => u.removedEffects.some((r) => r.effect.id === row.id))).toBe(true);
      const after = section(imp);
      expect(after.ctx.rows).toHaveLength(1);
      const next = [...imp.effectDocs.values()][0]!;
      expect([...next.statuses]).toEqual(pair.after.statuses);
      expect(after.ctx.rows[0]!.aftereffect).toBe("");
      if (pair.after.statuses.length) expect(after.html).toContain(label(pair.after.statuses[0]!));
      if (pair.after.ongoing) expect(after.ctx.rows[0]!.ongoing).not.toBe("");
    });
  },
);
