/**
 * [SYS-CONTENT] A first fight per game, played from the pack sources with seeded dice: the level-3
 * party against four of the game's foes, five rounds, every step through the product's own code.
 * Initiative by the ruleset's formula; each round's and each turn's start and end plans through the
 * real turn-plan runner (ongoing damage, saves, death saves, effect expiry); each attack planned,
 * decided and carded by the attack pipeline and applied by the card's Apply decision (damage,
 * ongoing damage and the power's effects). A creature acts when it stands and no condition takes
 * its actions; it uses its limited powers first, then its at-wills in turn, on the weakest enemy.
 *
 * The fight must show a hit, an ongoing-damage tick, a save, a creature at 0 HP or below, and no
 * failed step or non-finite number anywhere.
 */
import { describe, expect, it } from "vitest";
import { parseDamage } from "../../src/engine/dice.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import type {
  CombatantSource,
  EffectSource,
  RollRequest,
  RollResult,
  TurnContext,
  TurnStep,
} from "../../src/engine/types.js";
import { decideApplication } from "../../src/engine/plans/apply.js";
import { buildAttackCard, decideAttack, type RolledDamage } from "../../src/engine/plans/attack.js";
import { runPlan, type TurnPorts } from "../../src/engine/plans/turns.js";
import { turnContext } from "../support/engine-fixtures.js";
import { quietPorts } from "../support/turn-sequence.js";
import fc from "../support/seeded-fc.js";
import {
  defaultOptions,
  engineActor,
  packAttackRequest,
  type PackActor,
  type PackItem,
} from "../packs/pack-sources.js";
import { GAMES, actorsOf, levelThreeParty, rulesetOf, type GameRow } from "./content.js";

/** The fight's own seed: the same dice every run, whatever FC_SEED the property tests use. */
const FIGHT_SEED = 19;
const ROUNDS = 5;

/** A seeded die: each call rolls one face of a `faces`-sided die. */
function seededDice(seed: number): (faces: number) => number {
  const draws = fc.sample(fc.integer({ min: 0, max: 2 ** 30 }), { seed, numRuns: 20000 });
  let i = 0;
  return (faces) => {
    const v = draws[i++ % draws.length] as number;
    return 1 + (v % faces);
  };
}

/** Roll a Foundry-style formula (`1d20 + 3`, `2d20kh`, `3d10 + 3`, `7`) with the seeded die. */
function rollFormula(formula: string, die: (faces: number) => number): RollResult {
  let total = 0;
  let natural: number | null = null;
  const terms = formula.replace(/\s+/g, "").match(/[+-]?[^+-]+/g) ?? [];
  for (const term of terms) {
    const sign = term.startsWith("-") ? -1 : 1;
    const body = term.replace(/^[+-]/, "");
    const dice = /^(\d*)d(\d+)(kh|kl)?$/.exec(body);
    if (dice) {
      const n = Number(dice[1] || 1);
      const f = Number(dice[2]);
      const rolled = Array.from({ length: n }, () => die(f));
      const kept = dice[3] === "kh" ? [Math.max(...rolled)] : dice[3] === "kl" ? [Math.min(...rolled)] : rolled;
      if (f === 20 && natural === null) natural = kept[0] as number;
      total += sign * kept.reduce((s, x) => s + x, 0);
    } else {
      const v = Number(body);
      if (!Number.isFinite(v)) throw new Error(`cannot roll "${formula}"`);
      total += sign * v;
    }
  }
  return { total, natural };
}

interface Tally {
  hits: number;
  ongoingTicks: number;
  saves: number;
  downed: Set<string>;
  errors: string[];
  attacks: number;
}

/** Every number a creature carries that must stay finite. */
function assertFinite(ctx: TurnContext, where: string): void {
  for (const c of ctx.combatants) {
    const hp = c.actor.hp;
    for (const [k, v] of Object.entries(hp)) expect(Number.isFinite(v), `${where}: ${c.name} hp.${k}`).toBe(true);
    for (const e of c.effects)
      if (e.ongoing) expect(Number.isFinite(e.ongoing.amount), `${where}: ${c.name} ${e.name}`).toBe(true);
  }
}

class Fight {
  ctx: TurnContext;
  readonly tally: Tally = { hits: 0, ongoingTicks: 0, saves: 0, downed: new Set(), errors: [], attacks: 0 };
  private ids = 0;
  private readonly spent = new Set<string>();
  private readonly next = new Map<string, number>();
  private readonly die: (faces: number) => number;

  constructor(
    readonly ruleset: Ruleset,
    readonly docs: Map<string, PackActor>,
    combatants: CombatantSource[],
    seed: number,
  ) {
    this.die = seededDice(seed);
    this.ctx = turnContext(combatants, { round: 1, options: defaultOptions(ruleset) });
  }

  roll = async (request: RollRequest): Promise<RollResult> => {
    if (request.kind === "save") this.tally.saves++;
    return rollFormula(request.formula, this.die);
  };

  private ports(): TurnPorts {
    return quietPorts(this.roll, () => `fx${++this.ids}`);
  }

  async plan(steps: readonly TurnStep[], where: string): Promise<void> {
    this.tally.ongoingTicks += steps.filter((s) => s.kind === "damage" && s.packet.ongoing).length;
    const out = await runPlan(this.ruleset, this.ctx, steps, this.ports());
    this.tally.errors.push(...out.errors.map((e) => `${where}: ${String(e.error)}`));
    this.ctx = out.ctx;
    this.noteDowned();
    assertFinite(this.ctx, where);
  }

  private noteDowned(): void {
    for (const c of this.ctx.combatants) if (c.actor.hp.value <= 0) this.tally.downed.add(c.name);
  }

  rollInitiative(): void {
    for (const c of this.ctx.combatants) {
      const derived = this.ruleset.deriveActor(c.actor, this.ctx.options);
      c.initiative = rollFormula(this.ruleset.initiativeFormula(c.actor, derived), this.die).total;
      expect(Number.isFinite(c.initiative), c.name).toBe(true);
    }
  }

  private canAct(c: CombatantSource): boolean {
    if (c.actor.state !== "active" || c.actor.hp.value <= 0) return false;
    const statuses = new Set([...c.actor.conditions, ...c.effects.flatMap((e) => e.statuses)]);
    return !this.ruleset.conditions.some((k) => k.noActions && statuses.has(k.id));
  }

  /** The attack a creature makes this turn: an unspent limited power first, else its at-wills in turn. */
  private chooseAttack(c: CombatantSource): PackItem | null {
    const doc = this.docs.get(c.actorId)!;
    const powers = doc.items.filter((i) => i.type === "power");
    const limited = powers.find((p) => p.system.usage !== "atWill" && !this.spent.has(`${c.id}:${p._id}`));
    if (limited) {
      this.spent.add(`${c.id}:${limited._id}`);
      return limited;
    }
    const atWill = powers.filter((p) => p.system.usage === "atWill");
    const pool = atWill.length ? atWill : doc.items.filter((i) => i.type === "weapon");
    if (!pool.length) return null;
    const n = this.next.get(c.id) ?? 0;
    this.next.set(c.id, n + 1);
    return pool[n % pool.length] as PackItem;
  }

  async attack(c: CombatantSource): Promise<void> {
    const enemies = this.ctx.combatants.filter(
      (t) => t.side !== c.side && t.actor.state === "active" && t.actor.hp.value > 0,
    );
    if (!enemies.length) return;
    const target = [...enemies].sort((a, b) => a.actor.hp.value - b.actor.hp.value)[0] as CombatantSource;
    const item = this.chooseAttack(c);
    if (!item) return;
    const doc = this.docs.get(c.actorId)!;
    const r = this.ruleset;
    const req = packAttackRequest(r, doc, item, c.actor, {
      options: this.ctx.options,
      attacker: { uuid: c.actorId, name: c.name, actor: c.actor, id: c.id, effects: c.effects },
      escalation: r.escalationByDefault ? Math.min(6, this.ctx.round - 1) : 0,
      targets: [
        {
          uuid: target.id,
          actorUuid: target.actorId,
          name: target.name,
          img: "",
          actor: target.actor,
          id: target.id,
          effects: target.effects,
        },
      ],
      sourceCombatantId: c.id,
    });
    const where = `round ${this.ctx.round}, ${c.name} → ${target.name} with ${item.name}`;
    const first = decideAttack(req, [[20]]);
    const decided = decideAttack(
      req,
      first.plan.d20Counts.map((n) => Array.from({ length: n }, () => this.die(20))),
      first.plan,
    );
    const rolled: RolledDamage = {};
    for (const d of decided.damage) {
      const faces = d.recipe.roll.dice.flatMap((t) => Array.from({ length: t.count }, () => this.die(t.faces)));
      let i = 0;
      let total = d.recipe.roll.flat;
      for (const t of d.recipe.roll.dice) for (let k = 0; k < t.count; k++) total += t.sign * (faces[i++] as number);
      rolled[d.key] = { faces, rolled: total };
    }
    const card = buildAttackCard(req, decided, rolled, "");
    this.tally.attacks++;
    const t = card.targets[0]!;
    expect(Number.isFinite(t.damage), where).toBe(true);
    if (t.outcome.isHit) this.tally.hits++;
    const decision = await decideApplication({
      ruleset: r,
      options: this.ctx.options,
      card,
      targetUuid: target.id,
      mode: "full",
      actor: target.actor,
      actorId: target.actorId,
      userId: "gm",
      recordId: `rec${++this.ids}`,
      roll: this.roll,
      effects: target.effects,
    });
    const effects: EffectSource[] = [
      ...target.effects.filter((e) => !decision.effects.remove.includes(e.id)),
      ...decision.effects.create,
    ];
    this.ctx = {
      ...this.ctx,
      combatants: this.ctx.combatants.map((x) => (x.id === target.id ? { ...x, actor: decision.next, effects } : x)),
    };
    this.noteDowned();
    assertFinite(this.ctx, where);
  }

  async play(rounds: number): Promise<void> {
    const r = this.ruleset;
    this.rollInitiative();
    await this.plan(r.onCombatStart({ ...this.ctx, combatantId: null }), "combat start");
    for (let round = 1; round <= rounds; round++) {
      this.ctx = { ...this.ctx, round, combatantId: null };
      await this.plan(r.onRoundStart(this.ctx), `round ${round} start`);
      for (const slot of r.order(this.ctx)) {
        for (const id of slot.combatantIds) {
          const c = this.ctx.combatants.find((x) => x.id === id)!;
          if (c.actor.state === "dead" || !r.actsThisRound(this.ctx, c)) continue;
          this.ctx = { ...this.ctx, combatantId: id };
          await this.plan(r.onTurnStart(this.ctx), `round ${round}, ${c.name}'s turn start`);
          const now = this.ctx.combatants.find((x) => x.id === id)!;
          if (this.canAct(now)) await this.attack(now);
          this.ctx = { ...this.ctx, combatantId: id };
          await this.plan(r.onTurnEnd(this.ctx), `round ${round}, ${c.name}'s turn end`);
        }
      }
      await this.plan(r.onRoundEnd({ ...this.ctx, combatantId: null }), `round ${round} end`);
    }
  }
}

function setUp(row: GameRow): Fight {
  const ruleset = rulesetOf(row.id);
  const party = levelThreeParty(row.id);
  const monsters = actorsOf(row.id).filter((a) => a.type === "npc");
  const foes = row.foes.map((name) => {
    const m = monsters.find((a) => a.name === name);
    if (!m) throw new Error(`no foe "${name}" in the ${row.id} packs`);
    return m;
  });
  const docs = new Map<string, PackActor>();
  const combatants: CombatantSource[] = [...party, ...foes].map((doc, i) => {
    docs.set(doc._id, doc);
    return {
      id: `c${i}`,
      actorId: doc._id,
      name: doc.name,
      actor: engineActor(doc),
      effects: [],
      initiative: null,
      side: doc.type === "character" ? "player" : "gm",
      aware: true,
      defeated: false,
      seat: i,
    };
  });
  return new Fight(ruleset, docs, combatants, FIGHT_SEED);
}

describe.each(GAMES.map((g) => [g.id, g] as const))("[SYS-CONTENT] first fight: %s", (_id, row) => {
  it("[SYS-CONTENT] the level-3 party and four pack foes play five rounds: a hit, an ongoing tick, a save, someone at 0 HP, no error or NaN", async () => {
    const fight = setUp(row);
    expect(fight.ctx.combatants.filter((c) => c.side === "player")).toHaveLength(4);
    expect(fight.ctx.combatants.filter((c) => c.side === "gm")).toHaveLength(4);
    await fight.play(ROUNDS);
    const t = fight.tally;
    expect(t.errors).toEqual([]);
    expect(t.attacks).toBeGreaterThanOrEqual(ROUNDS * 2);
    expect(t.hits).toBeGreaterThanOrEqual(1);
    expect(t.ongoingTicks).toBeGreaterThanOrEqual(1);
    expect(t.saves).toBeGreaterThanOrEqual(1);
    expect(t.downed.size).toBeGreaterThanOrEqual(1);
    expect(fight.ctx.round).toBe(ROUNDS);
  });
});

// A formula the fight rolls is one the engine parses too (the roller above reads only what it must).
describe("[SYS-CONTENT] first fight roller", () => {
  it("[SYS-CONTENT] rolls totals within the dice's range and reads the natural d20", () => {
    const die = seededDice(FIGHT_SEED);
    for (let i = 0; i < 200; i++) {
      const r = rollFormula("1d20 + 3", die);
      expect(r.total - 3).toBe(r.natural);
      expect(r.natural).toBeGreaterThanOrEqual(1);
      expect(r.natural).toBeLessThanOrEqual(20);
      const heal = rollFormula("3d10 + 3", die);
      expect(heal.total).toBeGreaterThanOrEqual(6);
      expect(heal.total).toBeLessThanOrEqual(33);
      expect(heal.natural).toBeNull();
    }
    expect(parseDamage("3d10 + 3").flat).toBe(3);
    expect(rollFormula("7", die)).toEqual({ total: 7, natural: null });
  });
});
