/**
 * Shared builders for the follow-up tests (test/engine/<game>/followups.test.ts): the events every
 * ruleset emits when damage, healing and temporary HP are applied across a spread of states, and a
 * check that each event's lang string is filled by the data it carries.
 */
import { defaultActorSource } from "../../src/engine/common.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import type {
  ActorSource,
  CombatantSource,
  DamagePacket,
  RuleEvent,
  RuleResult,
  TurnContext,
  TurnStep,
} from "../../src/engine/types.js";
import { expect, it } from "vitest";
import { turnSummaryView } from "../../src/workflows/combat-chat.js";
import { runPlan, type ChatLine } from "../../src/engine/plans/turns.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import { heroContext, shownBlocksOf, type SheetBlockName } from "../sheets/sheet-fixtures.js";
import { combatantSource, damagePacket, effectSource, turnContext } from "../support/engine-fixtures.js";

/**
 * Actors in the states damage and healing behave differently in: up and unhurt, hurt, with
 * temporary HP, at 0, deep below 0, dying, stable/staggered, dead, an NPC and an important NPC.
 * Ability scores fit every game (HD reads small scores; the others 3–30 scores).
 */
export function actorsInEveryState(small: boolean): { label: string; actor: ActorSource }[] {
  const abilities = small
    ? { str: 2, dex: 1, con: 1, int: 0, wis: 1, cha: 0 }
    : { str: 14, dex: 12, con: 12, int: 10, wis: 10, cha: 10 };
  const a = (over: Partial<ActorSource>): ActorSource =>
    defaultActorSource({
      abilities,
      hp: { value: 20, max: 20, temp: 0 },
      recoveries: { value: 2, max: 8, formula: "1d8", noRecoveryUses: 0, ralliesThisBattle: 0, battlesSinceHealUp: 0 },
      ...over,
    });
  return [
    { label: "unhurt PC", actor: a({}) },
    { label: "hurt PC", actor: a({ hp: { value: 6, max: 20, temp: 0 } }) },
    { label: "PC with temp HP", actor: a({ hp: { value: 12, max: 20, temp: 5 } }) },
    { label: "PC at 0", actor: a({ hp: { value: 0, max: 20, temp: 0 }, state: "unconscious" }) },
    { label: "dying PC", actor: a({ hp: { value: -3, max: 20, temp: 0 }, state: "dying", conditions: [] }) },
    { label: "stable PC", actor: a({ hp: { value: -3, max: 20, temp: 0 }, state: "stable" }) },
    { label: "staggered PC", actor: a({ hp: { value: -1, max: 20, temp: 0 }, state: "staggered" }) },
    { label: "dead PC", actor: a({ hp: { value: -30, max: 20, temp: 0 }, state: "dead" }) },
    {
      label: "no recoveries left",
      actor: a({
        hp: { value: 6, max: 20, temp: 0 },
        recoveries: {
          value: 0,
          max: 8,
          formula: "1d8",
          noRecoveryUses: 1,
          ralliesThisBattle: 1,
          battlesSinceHealUp: 0,
        },
      }),
    },
    { label: "NPC", actor: a({ kind: "npc" }) },
    { label: "important NPC", actor: a({ kind: "npc", important: true }) },
  ];
}

/** Packets covering a graze, a drop to 0, overkill, a critical, nonlethal, ongoing and a knock-out. */
export function packetsOfEveryKind(): { label: string; packet: DamagePacket }[] {
  return [
    { label: "graze", packet: damagePacket(3) },
    { label: "big hit", packet: damagePacket(14) },
    { label: "to zero", packet: damagePacket(20) },
    { label: "overkill", packet: damagePacket(60) },
    { label: "crit", packet: damagePacket(25, { critical: true, natural: 20 }) },
    { label: "nonlethal", packet: damagePacket(25, { nonlethal: true }) },
    { label: "ongoing", packet: damagePacket(6, { ongoing: true, fromAttack: false, melee: false }) },
    { label: "knock-out", packet: damagePacket(25, { knockOut: true }) },
    { label: "nothing", packet: damagePacket(0) },
  ];
}

/**
 * An event a test saw, where it came from, and whether the chat adds the bearer's `name` to its
 * data when it shows it (cards always do; turn lines when the event names a combatant's actor).
 */
export interface SeenEvent {
  where: string;
  event: RuleEvent;
  named: boolean;
}

/**
 * The gaps of every seen event's lang string (see {@link unfilledPlaceholders}), as
 * `key {placeholder} @ where` lines.
 */
export function gapsOf(events: readonly SeenEvent[]): string[] {
  return events.flatMap(({ where, event, named }) =>
    unfilledPlaceholders(event, named).map((p) => `${event.key} {${p}} @ ${where}`),
  );
}

/** Every result of applying damage, healing and temporary HP to every state (errors skipped). */
export function eventsFromDamageAndHealing(ruleset: Ruleset, small: boolean): SeenEvent[] {
  const out: SeenEvent[] = [];
  const take = (where: string, r: () => RuleResult) => {
    let result: RuleResult;
    try {
      result = r();
    } catch {
      return;
    }
    for (const event of result.events) out.push({ where, event, named: true });
  };
  for (const { label, actor } of actorsInEveryState(small)) {
    for (const p of packetsOfEveryKind())
      take(`${label} / damage ${p.label}`, () => ruleset.applyDamage(actor, p.packet, {}, "a1"));
    for (const amount of [0, 4, 50]) {
      take(`${label} / heal ${amount}`, () => ruleset.applyHealing(actor, amount, "heal", {}, "a1"));
      take(`${label} / temp ${amount}`, () => ruleset.applyHealing(actor, amount, "temp", {}, "a1"));
    }
    take(`${label} / recovery`, () => ruleset.startRecovery(actor, false, {}, "a1"));
    take(`${label} / rally`, () => ruleset.startRecovery(actor, true, {}, "a1"));
  }
  return out;
}

/**
 * The rolls the rules ask for along the way (death saves, recoveries, rally saves, dying checks),
 * each fed back with a low, a middling and a high result: the events of those answers.
 */
export function eventsFromRequestedRolls(ruleset: Ruleset, small: boolean): SeenEvent[] {
  const out: SeenEvent[] = [];
  for (const { label, actor } of actorsInEveryState(small)) {
    const results: { where: string; actor: ActorSource; r: RuleResult }[] = [];
    const keep = (where: string, r: () => RuleResult) => {
      try {
        results.push({ where, actor, r: r() });
      } catch {
        /* states a game refuses are not this test's business */
      }
    };
    for (const p of packetsOfEveryKind())
      keep(`damage ${p.label}`, () => ruleset.applyDamage(actor, p.packet, {}, "a1"));
    keep("recovery", () => ruleset.startRecovery(actor, false, {}, "a1"));
    keep("rally", () => ruleset.startRecovery(actor, true, {}, "a1"));
    try {
      const req = ruleset.deathSaveRequest(actor, ruleset.deriveActor(actor, {}), "a1");
      if (req) results.push({ where: "sheet death save", actor, r: { actor, events: [], requests: [req] } });
    } catch {
      /* as above */
    }
    for (const { where, actor: before, r } of results) {
      for (const request of r.requests) {
        for (const natural of [1, 9, 15, 20]) {
          try {
            const answer = ruleset.resolveRoll(r.actor ?? before, request, { total: natural + 2, natural }, {});
            for (const event of answer.events)
              out.push({ where: `${label} / ${where} / ${request.kind} ${natural}`, event, named: true });
          } catch {
            /* as above */
          }
        }
      }
    }
  }
  return out;
}

/**
 * The placeholders of an event's lang string that its own data (plus the `name` the chat adds when
 * the event names an actor: `named`) leaves unfilled or empty; a missing lang string is reported as
 * `missing:<key>`.
 */
export function unfilledPlaceholders(event: RuleEvent, named = true): string[] {
  const i18n = createI18nStandIn({ missing: "key" });
  if (!i18n.has(event.key)) return [`missing:${event.key}`];
  const data: Record<string, unknown> = { ...(named ? { name: "Someone" } : {}), ...(event.data ?? {}) };
  const wanted = [...i18n.localize(event.key).matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? "");
  // Unfilled, or filled with nothing (an empty value reads as a gap in the sentence).
  return wanted.filter((k) => !(k in data) || String(data[k]).trim() === "");
}

/** The i18n stand-in (unknown keys come back as the key, as in Foundry). */
export function i18n() {
  return createI18nStandIn({ missing: "key" });
}

/**
 * Which optional sheet blocks a game shows, resolved the way the sheet resolves them (a block the
 * game does not mention is shown).
 */
export function shownBlocks(ruleset: Ruleset): Record<SheetBlockName, boolean> {
  return shownBlocksOf(heroContext(ruleset.id));
}

/** A combatant around an actor (id `c-<n>`, actor id `a-<n>`). */
export function combatantOf(n: number, actor: ActorSource, over: Partial<CombatantSource> = {}): CombatantSource {
  return combatantSource(`c-${n}`, actor, {
    actorId: `a-${n}`,
    name: `Fighter ${n}`,
    initiative: 10 + n,
    seat: n,
    ...over,
  });
}

/**
 * The notices of a whole turn cycle (combat start, each round start and end, every turn start and
 * end, combat end) over combatants in every state, plus the events of each roll the cycle asks for,
 * each marked `named` when the turn chat adds a combatant's name to its data (the event names an
 * actor in the fight).
 */
export function eventsFromTurnCycle(ruleset: Ruleset, small: boolean): SeenEvent[] {
  const out: SeenEvent[] = [];
  const ongoing = effectSource({ id: "burn", name: "Burning", ongoing: { amount: 3, type: "untyped" } });
  const combatants = actorsInEveryState(small).map(({ actor }, i) =>
    combatantOf(i + 1, actor, { effects: [ongoing, effectSource({ id: "hold", name: "Held" })], aware: i % 3 !== 0 }),
  );
  const named = (e: RuleEvent) => combatants.some((x) => x.actorId === e.actorId);
  const run = (where: string, steps: () => TurnStep[], ctx: TurnContext) => {
    let plan: TurnStep[];
    try {
      plan = steps();
    } catch {
      return;
    }
    for (const step of plan) {
      if (step.kind === "notice") out.push({ where, event: step.event, named: named(step.event) });
      if (step.kind !== "roll") continue;
      for (const natural of [1, 9, 15, 20]) {
        try {
          const r = ruleset.resolveTurnRoll(ctx, step.request, { total: natural + 2, natural });
          for (const event of r.events)
            out.push({ where: `${where} / ${step.request.kind} ${natural}`, event, named: named(event) });
        } catch {
          /* states a game refuses are not this test's business */
        }
      }
    }
  };
  for (const round of [1, 2, 3]) {
    const base = turnContext(combatants, { round, surpriseRound: round === 1 });
    if (round === 1) run("combat start", () => ruleset.onCombatStart(base), base);
    run(`round ${round} start`, () => ruleset.onRoundStart(base), base);
    for (const c of combatants) {
      const ctx = { ...base, combatantId: c.id };
      run(`round ${round} ${c.name} start`, () => ruleset.onTurnStart(ctx), ctx);
      run(`round ${round} ${c.name} end`, () => ruleset.onTurnEnd(ctx), ctx);
    }
    run(`round ${round} end`, () => ruleset.onRoundEnd(base), base);
  }
  const end = turnContext(combatants, { round: 3 });
  run("combat end", () => ruleset.onCombatEnd(end, false), end);
  run("tough combat end", () => ruleset.onCombatEnd(end, true), end);
  return out;
}

/**
 * Run a turn plan through the real plan runner with recorded d20 faces (total = face + the
 * formula's flat bonus) and return each line as the turn's summary shows it (English strings).
 */
export async function turnChat(
  ruleset: Ruleset,
  ctx: TurnContext,
  steps: TurnStep[],
  faces: number[],
): Promise<ReturnType<typeof turnSummaryView>["lines"]> {
  const queue = [...faces];
  const lines: ChatLine[] = [];
  let n = 0;
  await runPlan(ruleset, ctx, steps, {
    roll: async (request) => {
      const face = queue.shift();
      if (face === undefined) throw new Error(`no recorded die for ${request.kind}`);
      const flat = (
        request.formula
          .replace(/\d*d\d+(k[hl]\d*)?/g, "")
          .replace(/\s+/g, "")
          .match(/[+-]\d+/g) ?? []
      ).reduce((sum, t) => sum + Number(t), 0);
      return { total: face + flat, natural: face };
    },
    applyActor: async () => {},
    addEffect: async () => `new-${++n}`,
    removeEffect: async () => {},
    updateEffect: async () => {},
    rerollInitiative: async () => {},
    post: async (line) => {
      lines.push(line);
    },
  });
  const t = i18n();
  // As the turn's summary shows them to the GM.
  const current = ctx.combatants.find((c) => c.id === ctx.combatantId);
  const subject = current
    ? { kind: "turn" as const, combatantId: current.id, actorId: current.actorId, name: current.name, round: ctx.round }
    : { kind: "event" as const };
  const entries = lines.map((line) => ({ line, undone: false }));
  return turnSummaryView(subject, entries, (key, data) => t.format(key, data ?? {}), { isGM: true }).lines;
}

/**
 * The tests every game's follow-ups run on its event strings: each event of damage/healing, of the
 * rolls those ask for and of a whole turn cycle has a lang string its own data fills, and no event
 * data field is called `name` (the chat adds the bearer's name under that key). Call inside a
 * `describe`; `small` picks Hundred Dungeons-style ability scores.
 */
export function eventStringTests(ruleset: Ruleset, small: boolean): void {
  const sources = {
    "damage, healing and temporary HP": eventsFromDamageAndHealing(ruleset, small),
    "the rolls they ask for": eventsFromRequestedRolls(ruleset, small),
    "the turn cycle": eventsFromTurnCycle(ruleset, small),
  };
  for (const [what, events] of Object.entries(sources)) {
    it(`[SYS-TARGETS] [SYS-TURNS] every event of ${what} has a lang string its own data fills`, () => {
      expect(events.length).toBeGreaterThan(0);
      expect(gapsOf(events)).toEqual([]);
    });
  }

  it("[SYS-TURNS] no event data field is called `name`: that name belongs to the bearer the chat adds", () => {
    const all = Object.values(sources).flat();
    expect(all.filter(({ event }) => event.data && "name" in event.data).map(({ event }) => event.key)).toEqual([]);
  });
}

/** One test per optional sheet block: whether this game's sheet shows it. Call inside a `describe`. */
export function sheetBlockTests(ruleset: Ruleset, table: [SheetBlockName, boolean][]): void {
  it.each(table)("[SYS-RULESET] the %s block is shown: %s", (block, shown) => {
    expect(shownBlocks(ruleset)[block]).toBe(shown);
  });
}
