/**
 * [SYS-CONTENT] Each game's packs use every mechanic its ruleset automates. The list is derived
 * from the ruleset itself, never written out per game: its data (damage types, trait forms,
 * conditions, usage kinds, forced movement) and, for the rest, by asking its own functions whether
 * the mechanic changes anything (does a natural-odd trigger fire differently from "any"? does an
 * insubstantial target lose less? does an important NPC survive 0 HP where a plain one dies?).
 * Every mechanic that answers yes must appear in at least one pack document of that game.
 */
import { describe, expect, it } from "vitest";
import { MISS_EFFECTS, NATURAL_TRIGGERS, powerSchema } from "../../src/data/schema.js";
import { LIFE_STATES } from "../../src/engine/actor-fields.js";
import { defaultActorSource } from "../../src/engine/common.js";
import type { DamageExpression } from "../../src/engine/dice.js";
import { DURATION_KINDS } from "../../src/engine/effects.js";
import { offeredDurations } from "../../src/engine/vocabulary.js";
import { powerEffectApplies, powerTriggers, powerUsages } from "../../src/engine/powers.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import type { ActorSource, NaturalTrigger, PowerEffectSpec } from "../../src/engine/types.js";
import { attackInput, damagePacket } from "../support/engine-fixtures.js";
import { hitEffect } from "../workflows/power-fixtures.js";
import type { StandInArrayField, StandInSchemaField } from "../stand-ins/foundry-fields.js";
import { standInFields } from "../stand-ins/foundry-fields.js";
import { defaultOptions, engineActor, type PackActor, type PackItem } from "../packs/pack-sources.js";
import { GAMES, actorsOf, allItemsOf, rulesetOf } from "./content.js";

type EffectData = Omit<PowerEffectSpec, "forced"> & { forced: { kind: string; squares: number } | null };

/** Forced-movement kinds the power effect's data model offers (its `forced.kind` choices). */
function forcedKinds(): string[] {
  const effects = powerSchema(standInFields).effects as unknown as StandInArrayField;
  const forced = (effects.element as StandInSchemaField).fields.forced as StandInSchemaField;
  return Object.keys(forced.fields.kind!.options.choices as Record<string, string>);
}

const D8: DamageExpression = { dice: [{ count: 1, faces: 8, sign: 1 }], flat: 2 };

// ---- probes: does the ruleset automate this? ---------------------------------------------------

function naturalTriggersHonoured(r: Ruleset): string[] {
  const options = defaultOptions(r);
  const pattern = (trigger: NaturalTrigger) =>
    Array.from({ length: 18 }, (_, i) => i + 2)
      .map((n) => {
        const outcome = r.resolveAttack(
          attackInput({ dice: [n], attackBonus: 40, defense: { key: r.defenses[0]!.key, value: 10 }, options }),
        );
        const effect = hitEffect({ trigger });
        return powerEffectApplies(r, effect, outcome) ? "1" : "0";
      })
      .join("");
  const any = pattern({ kind: "any", value: 0 });
  // Only the triggers the game offers on its power sheet (FFd20 adds combat advantage).
  return NATURAL_TRIGGERS.filter(
    (k) => powerTriggers(r).includes(k) && (k === "any" || pattern({ kind: k, value: 16 }) !== any),
  );
}

function missEffectsDealt(r: Ruleset): string[] {
  return MISS_EFFECTS.filter((kind) => kind !== "none").filter(
    (kind) =>
      r.damageRecipe({
        outcome: "miss",
        hit: D8,
        miss: { dice: [], flat: 3 },
        missEffect: kind,
        missApplies: true,
        critExtra: null,
        types: [],
        options: defaultOptions(r),
      }) !== null,
  );
}

const hurt = (r: Ruleset, actor: ActorSource, over: Parameters<typeof damagePacket>[1] = {}, amount = 10) =>
  r.applyDamage(actor, damagePacket(amount, over), defaultOptions(r), "probe");

/** Flags a pack actor or item can carry, each with whether this ruleset's functions act on it. */
function automatedFlags(r: Ruleset): string[] {
  const options = defaultOptions(r);
  const npc = defaultActorSource({ kind: "npc", hp: { value: 20, max: 20, temp: 0 } });
  const out: string[] = [];
  const natural19 = (critRange: number) =>
    r.resolveAttack(
      attackInput({ dice: [19], attackBonus: 40, critRange, defense: { key: r.defenses[0]!.key, value: 10 }, options }),
    ).isCrit;
  if (natural19(1) && !natural19(0)) out.push("precision crit range");
  const crit = (critExtra: DamageExpression | null) =>
    JSON.stringify(
      r.damageRecipe({
        outcome: "crit",
        hit: D8,
        miss: null,
        missEffect: "none",
        missApplies: false,
        critExtra,
        types: [],
        options,
      }),
    );
  if (crit({ dice: [{ count: 1, faces: 6, sign: 1 }], flat: 0 }) !== crit(null)) out.push("extra crit dice");
  if (hurt(r, { ...npc, insubstantial: true }).hpLost !== hurt(r, npc).hpLost) out.push("insubstantial");
  const down = (a: ActorSource, over: Parameters<typeof damagePacket>[1] = {}) =>
    JSON.stringify(hurt(r, a, over, 25).actor.state);
  if (down(npc, { nonlethal: true }) !== down(npc)) out.push("nonlethal");
  if (down({ ...npc, important: true }) !== down(npc)) out.push("important NPC");
  if (
    hurt(r, { ...npc, immunities: ["fire"] }, { types: ["fire"] }).hpLost !== hurt(r, npc, { types: ["fire"] }).hpLost
  )
    out.push("immunity");
  const total = (usesEscalation: boolean) =>
    r.resolveAttack(
      attackInput({
        escalation: 3,
        attacker: { kind: "npc", usesEscalation, penalties: [], conditions: [], exhaustion: 0 },
        options,
      }),
    ).total;
  // The escalation die only runs where the game turns it on by default ([13A-ESC]).
  if (r.escalationByDefault && total(true) !== total(false)) out.push("escalation-using NPC");
  return out;
}

/** Whether a pack actor or item shows the flag (see {@link automatedFlags}). */
const FLAG_USE: Record<string, (actor: PackActor | null, item: PackItem | null) => boolean> = {
  "precision crit range": (_a, i) => Number(i?.system.critRange ?? 0) > 0,
  "extra crit dice": (_a, i) => String(i?.system.critDice ?? "") !== "" || String(i?.system.critDamage ?? "") !== "",
  insubstantial: (a) =>
    a?.system.insubstantial === true || ((a?.system.conditions as string[]) ?? []).includes("insubstantial"),
  nonlethal: (_a, i) => i?.system.nonlethal === true,
  "important NPC": (a) => a?.type === "npc" && a.system.important === true,
  immunity: (a) => ((a?.system.immunities as string[]) ?? []).length > 0,
  "escalation-using NPC": (a) => a?.type === "npc" && a.system.usesEscalation === true,
};

describe.each(GAMES.map((g) => [g.id, g] as const))(
  "[SYS-CONTENT] %s packs use every automated mechanic",
  (game, row) => {
    const r = rulesetOf(game);
    const actors = actorsOf(game);
    const items = allItemsOf(game);
    const powers = items.filter((i) => i.item.type === "power").map((i) => i.item);
    const effects = powers.flatMap((p) => p.system.effects as EffectData[]);
    const bodies = effects.flatMap((e) => [e, ...(e.aftereffect ? [e.aftereffect] : [])]);

    it("[SYS-CONTENT] every damage type of the game is dealt, resisted or suffered by some pack document", () => {
      const named = new Set<string>();
      for (const p of powers) {
        for (const t of p.system.damageTypes as string[]) named.add(t);
        const og = p.system.ongoing as { type: string } | null;
        if (og) named.add(og.type);
      }
      for (const b of bodies) if (b.ongoing) named.add(b.ongoing.type);
      for (const a of actors) {
        for (const t of a.system.resistances as { type: string }[]) named.add(t.type);
        for (const t of a.system.vulnerabilities as { type: string }[]) named.add(t.type);
      }
      expect(r.damageTypes.length).toBeGreaterThan(0);
      expect(r.damageTypes.filter((t) => !named.has(t))).toEqual([]);
    });

    it("[SYS-CONTENT] each trait form of the game (resistance, vulnerability) is on some creature", () => {
      const forms = Object.keys(r.traitForms);
      expect(forms.sort()).toEqual(["resist", "vulnerable"]);
      expect(actors.some((a) => (a.system.resistances as unknown[]).length > 0)).toBe(true);
      expect(actors.some((a) => (a.system.vulnerabilities as unknown[]).length > 0)).toBe(true);
    });

    it("[SYS-CONTENT] every condition of the game (not the life states, not its bookkeeping statuses) is imposed or carried by some pack document", () => {
      const life = new Set<string>(LIFE_STATES);
      // Statuses a game declares as its own bookkeeping (`extra`: dodging, readied…) are not conditions of its text.
      const wanted = r.conditions
        .filter((c) => !(c as { extra?: boolean }).extra)
        .map((c) => c.id)
        .filter((id) => !life.has(id));
      expect(wanted.length).toBeGreaterThan(0);
      const used = new Set([
        ...bodies.flatMap((b) => b.statuses),
        ...actors.flatMap((a) => a.system.conditions as string[]),
      ]);
      const pending = new Set(row.pendingConditions ?? []);
      for (const c of pending) expect(wanted, `pending condition ${c} is one of the game's`).toContain(c);
      expect(wanted.filter((c) => !used.has(c) && !pending.has(c))).toEqual([]);
    });

    it("[SYS-CONTENT] every usage kind of the game is some power's usage", () => {
      const kinds = powerUsages(r).map((u) => u.key);
      const used = new Set(powers.map((p) => String(p.system.usage)));
      expect(kinds.filter((k) => !used.has(k))).toEqual([]);
    });

    it("[SYS-CONTENT] [SYS-WORDS] every effect duration kind the game offers is some power effect's (or aftereffect's) duration", () => {
      const used = new Set(bodies.map((b) => b.duration));
      // issue 45: a game offers its own durations (13th Age no sustain)
      const offered = offeredDurations(r);
      expect(DURATION_KINDS.filter((d) => offered.includes(d) && !used.has(d))).toEqual([]);
    });

    it("[SYS-CONTENT] every natural-roll trigger the game honours starts some power effect", () => {
      const honoured = naturalTriggersHonoured(r);
      expect(honoured).toContain("any");
      const used = new Set<string>(effects.map((e) => e.trigger.kind));
      const pending = new Set(row.pendingTriggers ?? []);
      for (const k of pending) expect(honoured, `pending trigger ${k} is one the game honours`).toContain(k);
      expect(honoured.filter((k) => !used.has(k) && !pending.has(k))).toEqual([]);
    });

    it("[SYS-CONTENT] every forced movement (manoeuvre) the game moves creatures by is some power effect's", () => {
      const kinds = r.forcedPath ? forcedKinds() : [];
      const used = new Set(effects.flatMap((e) => (e.forced ? [e.forced.kind] : [])));
      expect(kinds.filter((k) => !used.has(k))).toEqual([]);
      if (!r.forcedPath) expect([...used], "no forced movement in a game that has none").toEqual([]);
    });

    it("[SYS-CONTENT] every miss effect the game deals (miss damage, half damage) is some power's", () => {
      const dealt = missEffectsDealt(r);
      expect(dealt.length).toBeGreaterThan(0);
      const used = new Set(powers.map((p) => String(p.system.missEffect)));
      expect(dealt.filter((k) => !used.has(k))).toEqual([]);
    });

    it("[SYS-CONTENT] ongoing damage, and a save-ends effect with an aftereffect, are in the packs", () => {
      const ongoing =
        powers.some((p) => ((p.system.ongoing as { amount: number } | null)?.amount ?? 0) > 0) ||
        bodies.some((b) => (b.ongoing?.amount ?? 0) > 0);
      expect(ongoing).toBe(true);
      expect(effects.some((e) => e.duration === "saveEnds" && e.aftereffect !== null && e.statuses.length > 0)).toBe(
        true,
      );
    });

    it("[SYS-CONTENT] every creature or attack flag the ruleset acts on (precision, crit dice, insubstantial, nonlethal, important, escalation) is on some pack document", () => {
      const flags = automatedFlags(r);
      expect(flags.length).toBeGreaterThan(0);
      const missing = flags.filter(
        (f) =>
          !actors.some((a) => FLAG_USE[f]!(a, null)) && !items.some(({ item, owner }) => FLAG_USE[f]!(owner, item)),
      );
      expect(missing).toEqual([]);
    });
  },
);

describe("[SYS-CONTENT] the coverage probes read the rulesets", () => {
  it("[SYS-CONTENT] 13th Age automates escalation-using NPCs and important NPCs; FFd20 insubstantial, nonlethal and extra crit dice", () => {
    const age = automatedFlags(rulesetOf("13th-age"));
    expect(age).toEqual(expect.arrayContaining(["escalation-using NPC", "important NPC", "precision crit range"]));
    expect(age).not.toContain("insubstantial");
    const ff = automatedFlags(rulesetOf("ffd20"));
    expect(ff).toEqual(
      expect.arrayContaining(["insubstantial", "nonlethal", "extra crit dice", "precision crit range"]),
    );
    expect(naturalTriggersHonoured(rulesetOf("13th-age"))).toEqual([
      "any",
      "even",
      "odd",
      "atLeast",
      "atMost",
      "range",
      "list",
    ]);
    expect(naturalTriggersHonoured(rulesetOf("ffd20"))).toContain("combatAdvantage");
  });

  it("[SYS-CONTENT] a pack actor from the sources is what the probes see (engine view of a party member)", () => {
    const pc = actorsOf("ffd20").find((a) => a.type === "character")!;
    expect(engineActor(pc).kind).toBe("character");
  });
});
