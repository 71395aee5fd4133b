/**
 * Hundred Dungeons table procedure: the turn's action kinds, the procedures of the Actions panel
 * (Help, Dodge, Disengage, Hide, Ready, Search, Dash, slow spells, grapple, shove, escape, mount),
 * Parry, provoked attacks and the end of hiding, who may target whom (charmed, hidden), dual
 * wielding, cover on Dexterity rolls, underwater attacks and exhaustion 6. Each decision is reached
 * through the Ruleset interface (index.ts).
 */
import { plainEffectData } from "../../effects.js";
import { plainOutcome, type ActionEconomy, type ProcedureCreature, type ProcedureInput } from "../../actions.js";
import { type ProcedureOutcome, type ProcedurePlan, type ProcedureRoll, type ProcedureSpec } from "../../actions.js";
import { clonePlain, d20Formula } from "../../common.js";
import { EngineError } from "../../errors.js";
import type { AbilityKey, ActInput, ActOutcome, ActorSource, AttackOutcome, CombatantSource } from "../../types.js";
import type { EffectSource, PowerSource, Provocation, ReactionOffer, RollRequest, RollResult } from "../../types.js";
import type { RuleEvent, RuleResult, Situation, TurnContext, TurnStep, TurnStepResult } from "../../types.js";
import type { WeaponSource } from "../../types.js";
import { SIZES, abilityRollMode, conditionSpec, exhaustionEffects, MAX_EXHAUSTION, specsOf } from "./conditions.js";
import { speedCap, type Size } from "./conditions.js";
import { applyDamage, gainExhaustion, HD_DAMAGE_TYPES } from "./damage.js";

// ---- [HD-TURN] [HD-ACTIONS] [HD-QUICK] [HD-REACT] ----------------------------------------------

/** The action economy's kinds: one action or two quick actions a turn, one reaction a round. */
export const HD_ACTION_KINDS: readonly { key: string; label: string }[] = [
  { key: "action", label: "D20C.HD.Economy.action" },
  { key: "quick", label: "D20C.HD.Economy.quick" },
  { key: "reaction", label: "D20C.HD.Economy.reaction" },
];

/**
 * The turn as economy data ([HD-TURN]): two quick actions, an action being both of them; one
 * reaction, back at the start of the creature's own turn (so one a round). Moving, mounting and
 * dismounting spend movement, not actions.
 */
export const HD_ECONOMY: ActionEconomy = {
  turn: [{ key: "quick", label: "D20C.HD.Economy.quick", count: 2 }],
  composite: { action: ["quick", "quick"] },
  outOfTurn: [{ key: "reaction", label: "D20C.HD.Economy.reaction", count: 1, refresh: "ownTurnStart" }],
  free: ["free", "movement"],
  aliases: { standard: "action", minor: "quick", move: "free", interrupt: "reaction" },
  attack: "action",
  labels: { action: "D20C.HD.Economy.action" },
  // Slowed (one action or one quick action) and incapacitated turns allow no reaction.
  lostWhenCapped: ["reaction"],
};

/**
 * Slowed (dying, exhaustion 4): one action or one quick action a turn; incapacitated (stunned,
 * exhaustion 5…): none ([HD-COND]); else no cap. A capped turn has no reaction either.
 */
export function actionCap(actor: ActorSource): number | null {
  const budget = turnBudget(actor);
  return budget.quickActions === 0 ? 0 : budget.oneOnly ? 1 : null;
}

/** What a creature may do this round once its conditions are counted. */
interface TurnBudget {
  speed: number;
  actions: number;
  quickActions: number;
  /** True = one action OR one quick action in total (slowed). */
  oneOnly: boolean;
  reactions: number;
}

/** The standard budget: move, one action or two quick actions, one reaction ([HD-TURN]). */
export function turnBudget(actor: Pick<ActorSource, "speed" | "conditions" | "exhaustion">, round = 2): TurnBudget {
  const specs = specsOf(actor.conditions, actor.exhaustion);
  const noActions = specs.some((s) => s.noActions);
  const firstRoundOut = round === 1 && specs.some((s) => s.id === "surprised");
  // Surprise only costs reactions in round 1 (its own `noReactions` is read through `firstRoundOut`).
  const noReactions =
    specs.some((s) => s.noReactions && !s.noTurnFirstRound) ||
    exhaustionEffects(actor.exhaustion).noReactions ||
    firstRoundOut;
  const oneOnly = specs.some((s) => s.oneAction);
  const blocked = noActions || firstRoundOut;
  return {
    speed: firstRoundOut ? 0 : speedCap(actor.speed, actor.conditions, actor.exhaustion),
    actions: blocked ? 0 : 1,
    quickActions: blocked ? 0 : oneOnly ? 1 : 2,
    oneOnly,
    reactions: noReactions ? 0 : 1,
  };
}

const P = (key: string): string => `D20C.HD.Procedure.${key}`;
const opt = (key: string, label: string) => ({ key, label });

/** The Actions panel's procedures, in the text's order (actions, then quick actions, then the rest). */
export const HD_PROCEDURES: readonly ProcedureSpec[] = [
  { id: "castSlowSpell", label: P("castSlowSpell.name"), result: P("castSlowSpell.hint"), cost: "action", aim: "self" },
  { id: "dash", label: P("dash.name"), result: P("dash.hint"), cost: "action", aim: "self" },
  {
    id: "help",
    label: P("help.name"),
    result: P("help.hint"),
    cost: "action",
    aim: "target",
    choices: [opt("attack", P("help.attack")), opt("ability", P("help.ability")), opt("spell", P("help.spell"))],
  },
  {
    id: "hide",
    label: P("hide.name"),
    result: P("hide.hint"),
    cost: "action",
    aim: "self",
    choices: [opt("cover", P("hide.inCover")), opt("noCover", P("hide.noCover"))],
  },
  {
    id: "ready",
    label: P("ready.name"),
    result: P("ready.hint"),
    cost: "action",
    aim: "self",
    choices: [opt("action", P("ready.action")), opt("spell", P("ready.spell"))],
  },
  {
    id: "search",
    label: P("search.name"),
    result: P("search.hint"),
    cost: "action",
    aim: "self",
    choices: [
      opt("creatureSight", P("search.creatureSight")),
      opt("creatureHearing", P("search.creatureHearing")),
      opt("area", P("search.area")),
    ],
  },
  { id: "escape", label: P("escape.name"), result: P("escape.hint"), cost: "action", aim: "self" },
  { id: "grapple", label: P("grapple.name"), result: P("grapple.hint"), cost: "quick", aim: "target" },
  {
    id: "shove",
    label: P("shove.name"),
    result: P("shove.hint"),
    cost: "quick",
    aim: "target",
    choices: [opt("prone", P("shove.prone")), opt("push", P("shove.push"))],
  },
  {
    id: "unarmedStrike",
    label: P("unarmedStrike.name"),
    result: P("unarmedStrike.hint"),
    cost: "quick",
    aim: "target",
  },
  { id: "disengage", label: P("disengage.name"), result: P("disengage.hint"), cost: "quick", aim: "self" },
  { id: "dodge", label: P("dodge.name"), result: P("dodge.hint"), cost: "quick", aim: "self" },
  {
    id: "readiedAction",
    label: P("readiedAction.name"),
    result: P("readiedAction.hint"),
    cost: "reaction",
    aim: "self",
  },
  {
    id: "mount",
    label: P("mount.name"),
    result: P("mount.hint"),
    cost: "free",
    aim: "target",
    choices: [opt("willing", P("mount.willing")), opt("unwilling", P("mount.unwilling"))],
  },
  { id: "dismount", label: P("dismount.name"), result: P("dismount.hint"), cost: "free", aim: "self" },
];

type NewEffect = Omit<EffectSource, "id">;

function newEffect(
  name: string,
  sourceCombatantId: string | null,
  duration: EffectSource["duration"],
  statuses: string[],
  extra: Partial<NewEffect> = {},
): NewEffect {
  return {
    ...plainEffectData(),
    name,
    sourceCombatantId,
    duration,
    statuses,
    ...extra,
  };
}

const signed = (n: number): string => (n === 0 ? "" : n > 0 ? ` + ${n}` : ` - ${-n}`);

/** Rounds of concentration a slow spell takes, this round included ([HD-ACTIONS]). */
const SLOW_SPELL_ROUNDS = 3;

/** A status on the creature, stored or from an effect. */
function hasStatus(c: CombatantSource, status: string): boolean {
  return c.actor.conditions.includes(status) || c.effects.some((e) => e.statuses.includes(status));
}

/** An ability roll of `ability` by `who` for a procedure, decided against `target` (null = none). */
function procedureRoll(
  who: CombatantSource,
  ability: AbilityKey,
  target: number | null,
  data: Record<string, string | number | boolean>,
  extra: { mighty?: number; weak?: number; senses?: ("sight" | "hearing")[] } = {},
): RollRequest {
  const m = abilityRollMode(who.actor.conditions, who.actor.exhaustion, ability, extra);
  const sensesFail = (extra.senses ?? []).some((sense) =>
    specsOf(who.actor.conditions, who.actor.exhaustion).some((s) => s.autoFailSenses?.includes(sense)),
  );
  const out: Record<string, string | number | boolean> = { ability, ...data };
  if (m.autoFail || sensesFail) out.autoFail = true;
  return {
    kind: "procedure",
    actorId: who.actorId,
    formula: `${d20Formula(m.mode)}${signed(who.actor.abilities[ability])}`,
    target,
    against: "total",
    label: P(`${String(data.procedure)}.roll`),
    data: out,
  };
}

/** The better of two abilities for a roll where the roller chooses (escape: Strength or Dexterity). */
function better(actor: ActorSource, a: AbilityKey, b: AbilityKey): AbilityKey {
  return actor.abilities[b] > actor.abilities[a] ? b : a;
}

/** The one defense attacks target. PCs without a stat-block value: 10 + armor + shield (the text is silent). */
export function defenseValue(actor: ActorSource): number {
  const d = actor.defenses.def ?? { base: null, bonus: 0 };
  const base = d.base ?? 10 + actor.armor.armorBonus + actor.armor.shieldBonus;
  return base + d.bonus;
}

/** An unarmed strike's bludgeoning damage: the Strength score, at least 1 ([HD-UNARMED]). */
function unarmedDamage(actor: ActorSource): number {
  return Math.max(1, actor.abilities.str);
}

function sizeOf(actor: Pick<ActorSource, "size">): Size {
  const s = (actor.size ?? "").toLowerCase();
  return (SIZES as readonly string[]).includes(s) ? (s as Size) : "medium";
}

/** A procedure as the planner sees it: combatant-shaped creatures and the user's choice. */
interface StepInput {
  key: string;
  round: number;
  actor: CombatantSource;
  targets: CombatantSource[];
  combatants: CombatantSource[];
  choice: string | null;
}

/** Its steps, or why it is refused now. */
interface StepPlan {
  steps: TurnStep[];
  refused: string | null;
}

const plan = (steps: TurnStep[]): StepPlan => ({ steps, refused: null });
const refuse = (key: string): StepPlan => ({ steps: [], refused: key });

function one(input: StepInput): CombatantSource | null {
  return input.targets.length === 1 ? (input.targets[0] ?? null) : null;
}

/** Plan one procedure as turn steps ([HD-ACTIONS], [HD-QUICK], [HD-UNARMED], [HD-HIDE], [HD-MOUNT]). */
function planSteps(input: StepInput): StepPlan {
  const me = input.actor;
  const budget = turnBudget(me.actor, input.round);
  const spec = HD_PROCEDURES.find((p) => p.id === input.key);
  if (!spec) throw new EngineError("procedure.key", `unknown procedure "${input.key}"`, input.key);
  if (me.actor.state === "dead") return refuse("D20C.HD.Reason.dead");
  if ((spec.cost === "action" || spec.cost === "quick") && budget.actions === 0 && budget.quickActions === 0)
    return refuse("D20C.HD.Reason.incapacitated");
  if (spec.cost === "reaction" && budget.reactions === 0) return refuse("D20C.HD.Reason.noReaction");
  if (spec.aim === "target" && !one(input)) return refuse("D20C.HD.Reason.needsOneTarget");
  const target = one(input);
  const choice = spec.choices?.some((c) => c.key === input.choice) ? input.choice : (spec.choices?.[0]?.key ?? null);
  const label = spec.label;
  switch (spec.id) {
    case "castSlowSpell": {
      const going = me.effects.find((e) => e.statuses.includes("concentrating") && (e.tally ?? 0) > 0);
      if (!going)
        return plan([
          {
            kind: "addEffect",
            actorId: me.actorId,
            effect: newEffect(P("castSlowSpell.effect"), me.id, "sustain", ["concentrating"], {
              sustain: "standard",
              sustainedRound: input.round,
              tally: 1,
            }),
            label,
          },
          {
            kind: "notice",
            event: { key: P("castSlowSpell.started"), data: { left: SLOW_SPELL_ROUNDS - 1 }, actorId: me.actorId },
          },
        ]);
      const rounds = (going.tally ?? 1) + 1;
      if (rounds >= SLOW_SPELL_ROUNDS)
        return plan([
          { kind: "removeEffect", actorId: me.actorId, effectId: going.id, label },
          { kind: "notice", event: { key: P("castSlowSpell.cast"), actorId: me.actorId } },
        ]);
      return plan([
        {
          kind: "updateEffect",
          actorId: me.actorId,
          effectId: going.id,
          changes: { sustainedRound: input.round, tally: rounds },
        },
        {
          kind: "notice",
          event: { key: P("castSlowSpell.continued"), data: { left: SLOW_SPELL_ROUNDS - rounds }, actorId: me.actorId },
        },
      ]);
    }
    case "dash":
      return plan([
        {
          kind: "notice",
          event: { key: P("dash.done"), data: { feet: Math.max(0, budget.speed) * 2 }, actorId: me.actorId },
        },
      ]);
    case "help": {
      const t = target as CombatantSource;
      return plan([
        {
          kind: "addEffect",
          actorId: t.actorId,
          effect: newEffect(P(`help.effect.${choice ?? "attack"}`), me.id, "startOfNextTurn", ["helped"]),
          label,
        },
      ]);
    }
    case "hide": {
      const observers = input.targets.length ? input.targets : opponents(input);
      if (!observers.length) return refuse("D20C.HD.Reason.noObservers");
      // Already invisible to someone (hidden from it counts): the Dexterity roll is mighty.
      const invisible =
        specsOf(me.actor.conditions, me.actor.exhaustion).some((s) => s.id === "invisible") || hasStatus(me, "hidden");
      return plan([
        {
          kind: "roll",
          request: procedureRoll(
            me,
            "dex",
            null,
            { procedure: "hide", cover: choice !== "noCover", observers: observers.map((o) => o.id).join(",") },
            { mighty: invisible ? 1 : 0 },
          ),
        },
      ]);
    }
    case "ready": {
      const statuses = choice === "spell" ? ["readied", "concentrating"] : ["readied"];
      return plan([
        {
          kind: "addEffect",
          actorId: me.actorId,
          effect: newEffect(P("ready.effect"), me.id, "startOfNextTurn", statuses),
          label,
        },
      ]);
    }
    case "readiedAction": {
      const readied = me.effects.filter((e) => e.statuses.includes("readied"));
      if (!readied.length) return refuse("D20C.HD.Reason.nothingReadied");
      return plan(readied.map((e) => ({ kind: "removeEffect" as const, actorId: me.actorId, effectId: e.id, label })));
    }
    case "search": {
      const senses: ("sight" | "hearing")[] = [choice === "creatureHearing" ? "hearing" : "sight"];
      if (choice === "area")
        return plan([
          { kind: "roll", request: procedureRoll(me, "int", null, { procedure: "search", what: "area" }, { senses }) },
        ]);
      const hidden = (input.targets.length ? input.targets : opponents(input)).filter((t) => hiddenFrom(t, me.id));
      return plan([
        {
          kind: "roll",
          request: procedureRoll(
            me,
            "wis",
            null,
            { procedure: "search", what: "creature", hidden: hidden.map((h) => h.id).join(",") },
            { senses },
          ),
        },
      ]);
    }
    case "escape": {
      const grips = me.effects.filter((e) => e.statuses.includes("grappled"));
      const grappler =
        target ??
        (input.targets.length === 0
          ? ctxFind(input, grips.find((g) => g.sourceCombatantId)?.sourceCombatantId ?? null)
          : null);
      if (!hasStatus(me, "grappled")) return refuse("D20C.HD.Reason.notGrappled");
      if (!grappler) return refuse("D20C.HD.Reason.needsGrappler");
      const ability = better(me.actor, "str", "dex");
      return plan([
        {
          kind: "roll",
          request: procedureRoll(me, ability, 12 + grappler.actor.abilities.str, {
            procedure: "escape",
            grappler: grappler.id,
          }),
        },
      ]);
    }
    case "grapple": {
      const t = target as CombatantSource;
      const dc = 12 + Math.max(t.actor.abilities.str, t.actor.abilities.dex);
      return plan([{ kind: "roll", request: procedureRoll(me, "str", dc, { procedure: "grapple", target: t.id }) }]);
    }
    case "shove": {
      const t = target as CombatantSource;
      return plan([
        {
          kind: "roll",
          request: procedureRoll(me, "str", 12 + t.actor.abilities.str, {
            procedure: "shove",
            target: t.id,
            result: choice === "push" ? "push" : "prone",
          }),
        },
      ]);
    }
    case "unarmedStrike": {
      // Strength against the target's defense, with the modes its conditions give melee attacks.
      const t = target as CombatantSource;
      const specs = specsOf(t.actor.conditions, t.actor.exhaustion);
      const count = (mode: "mighty" | "weak") =>
        specs.filter((x) => x.attacksAgainst === mode).length + specs.filter((x) => x.meleeAgainst === mode).length;
      const data = {
        procedure: "unarmedStrike",
        target: t.id,
        autoHit: specs.some((x) => x.meleeAgainst === "autoHit"),
      };
      return plan([
        {
          kind: "roll",
          request: procedureRoll(me, "str", defenseValue(t.actor), data, {
            mighty: count("mighty"),
            weak: count("weak"),
          }),
        },
      ]);
    }
    case "disengage":
      // Until the end of this turn: an armed end-of-turn effect, removed by the creator's own turn end.
      return plan([
        {
          kind: "addEffect",
          actorId: me.actorId,
          effect: newEffect(P("disengage.effect"), me.id, "endOfNextTurn", ["disengaged"], { armed: true }),
          label,
        },
      ]);
    case "dodge":
      return plan([
        {
          kind: "addEffect",
          actorId: me.actorId,
          effect: newEffect(P("dodge.effect"), me.id, "startOfNextTurn", ["dodging"]),
          label,
        },
      ]);
    case "mount": {
      const t = target as CombatantSource;
      if (hasStatus(me, "mounted")) return refuse("D20C.HD.Reason.alreadyMounted");
      if (choice === "unwilling") return refuse("D20C.HD.Reason.mountUnwilling");
      if (SIZES.indexOf(sizeOf(t.actor)) < SIZES.indexOf(sizeOf(me.actor)) + 1)
        return refuse("D20C.HD.Reason.mountTooSmall");
      return plan([
        {
          kind: "addEffect",
          actorId: me.actorId,
          effect: newEffect(P("mount.effect"), t.id, "endOfEncounter", ["mounted"]),
          label,
        },
        {
          kind: "notice",
          event: {
            key: P("mount.done"),
            data: { feet: Math.floor(budget.speed / 2), mount: t.name },
            actorId: me.actorId,
          },
        },
      ]);
    }
    case "dismount": {
      const rides = me.effects.filter((e) => e.statuses.includes("mounted"));
      if (!rides.length) return refuse("D20C.HD.Reason.notMounted");
      return plan([
        ...rides.map((e) => ({ kind: "removeEffect" as const, actorId: me.actorId, effectId: e.id, label })),
        {
          kind: "notice",
          event: { key: P("dismount.done"), data: { feet: Math.floor(budget.speed / 2) }, actorId: me.actorId },
        },
      ]);
    }
    default:
      // Procedures made through the attack workflow (the unarmed strike) plan nothing here.
      return refuse("D20C.HD.Reason.madeAsAttack");
  }
}

/** Creatures on the other side of the table from the actor (Hide's observers when none is targeted). */
function opponents(input: StepInput): CombatantSource[] {
  return input.combatants.filter((c) => c.side !== input.actor.side && c.id !== input.actor.id);
}

function ctxFind(input: StepInput, id: string | null): CombatantSource | null {
  if (!id) return null;
  return input.combatants.find((c) => c.id === id) ?? null;
}

/** A procedure creature as the planner's combatant: its combatant id (else its key) names it in effects. */
function asCombatant(c: ProcedureCreature, fallbackSide: "player" | "gm"): CombatantSource {
  return {
    id: c.combatantId || c.id,
    actorId: c.id,
    name: c.name,
    actor: c.actor,
    effects: [...(c.effects ?? [])],
    initiative: null,
    side: c.side ?? fallbackSide,
    aware: true,
    defeated: false,
    seat: 0,
  };
}

function stepInput(id: string, input: ProcedureInput): StepInput {
  const side = input.side ?? "player";
  const me = asCombatant(
    {
      id: input.actorId,
      name: "",
      actor: input.actor,
      combatantId: input.combatantId ?? null,
      effects: input.effects.filter((e) => e.holderId === input.actorId),
      side,
    },
    side,
  );
  const other = side === "player" ? "gm" : "player";
  const targets = input.targets.map((t) => asCombatant(t, other));
  const byKey = new Map<string, CombatantSource>([[me.actorId, me]]);
  for (const c of [...input.others.map((o) => asCombatant(o, other)), ...targets])
    if (!byKey.has(c.actorId)) byKey.set(c.actorId, c);
  return {
    key: id,
    round: input.round ?? 1,
    actor: me,
    targets,
    combatants: [...byKey.values()],
    choice: input.choice,
  };
}

/** Step one of a procedure: why it is refused, or the rolls to make. */
export function planProcedure(id: string, input: ProcedureInput): ProcedurePlan {
  const planned = planSteps(stepInput(id, input));
  if (planned.refused) return { refusal: planned.refused, requests: [] };
  return { refusal: null, requests: planned.steps.flatMap((s) => (s.kind === "roll" ? [s.request] : [])) };
}

/**
 * Step two: what the procedure did. Its planned steps (and the steps each roll leads to) become the
 * outcome: effects added or removed on the actor or a creature, changes to the actor's own effects,
 * stored conditions changed, and the events for the card.
 */
export function resolveProcedure(id: string, input: ProcedureInput, rolls: readonly ProcedureRoll[]): ProcedureOutcome {
  const si = stepInput(id, input);
  const spec = HD_PROCEDURES.find((p) => p.id === id);
  const planned = planSteps(si);
  const outcome: ProcedureOutcome = {
    ...plainOutcome(spec ?? { cost: "free" }),
    addEffects: [],
    removeEffects: [],
  };
  if (planned.refused) return { ...outcome, spend: null, events: [{ key: planned.refused, actorId: input.actorId }] };
  const ctx: TurnContext = {
    round: si.round,
    combatantId: si.actor.id,
    combatants: si.combatants,
    surpriseRound: false,
    options: input.options,
  };
  const steps: TurnStep[] = [];
  let r = 0;
  for (const step of planned.steps) {
    if (step.kind !== "roll") {
      steps.push(step);
      continue;
    }
    const made = rolls[r++];
    if (!made) throw new EngineError("procedure.rolls", `missing the roll for "${step.request.label}"`, rolls.length);
    const done = resolveProcedureRoll(ctx, step.request, made.result);
    outcome.events.push(...done.events);
    steps.push(...done.followUps);
  }
  const creatureOf = (actorId: string): string | null => (actorId === input.actorId ? null : actorId);
  const changed = new Map<string, ActorSource>();
  for (const step of steps) {
    if (step.kind === "addEffect")
      outcome.addEffects?.push({ creatureId: creatureOf(step.actorId), effect: step.effect });
    else if (step.kind === "removeEffect")
      outcome.removeEffects?.push({ creatureId: creatureOf(step.actorId), effectId: step.effectId });
    else if (step.kind === "updateEffect")
      outcome.effectChanges.push({ holderId: step.actorId, id: step.effectId, changes: step.changes });
    else if (step.kind === "notice") outcome.events.push(step.event);
    else if (step.kind === "damage") {
      const base = changed.get(step.actorId) ?? si.combatants.find((c) => c.actorId === step.actorId)?.actor;
      if (base) {
        const hurt = applyDamage(base, step.packet, input.options, step.actorId, HD_DAMAGE_TYPES);
        changed.set(step.actorId, hurt.actor);
        outcome.events.push(...hurt.events);
      }
    } else if (step.kind === "updateActor") {
      const base = changed.get(step.actorId) ?? si.combatants.find((c) => c.actorId === step.actorId)?.actor;
      if (base) changed.set(step.actorId, { ...clonePlain(base), ...clonePlain(step.changes) });
    }
    if (step.kind === "addEffect" || step.kind === "removeEffect")
      outcome.events.push({ key: step.label, actorId: step.actorId });
  }
  for (const [key, next] of changed) {
    if (key === input.actorId) outcome.actor = next;
    else outcome.creatures[key] = next;
  }
  return outcome;
}

/** Decide a procedure's roll and the changes it brings ([HD-UNARMED], [HD-HIDE], [HD-ACTIONS] Search). */
export function resolveProcedureRoll(ctx: TurnContext, request: RollRequest, roll: RollResult): TurnStepResult {
  const me = ctx.combatants.find((c) => c.actorId === request.actorId);
  if (!me) throw new EngineError("request.actorId", `no combatant for actor "${request.actorId}"`, request.actorId);
  const data = request.data ?? {};
  const byId = (id: unknown): CombatantSource => {
    const c = ctx.combatants.find((x) => x.id === id);
    if (!c) throw new EngineError("request.data", `no combatant "${String(id)}"`, id);
    return c;
  };
  const autoFail = data.autoFail === true || !Number.isFinite(roll.total);
  const total = autoFail ? 0 : roll.total;
  const ok = !autoFail && request.target !== null && total >= request.target;
  const events: RuleEvent[] = [];
  const followUps: TurnStep[] = [];
  const verdict = (extra: Record<string, string | number> = {}) =>
    events.push({
      key: ok ? "D20C.HD.Event.rollSucceeded" : "D20C.HD.Event.rollFailed",
      data: { total, target: request.target ?? 0, ...extra },
      actorId: me.actorId,
    });
  switch (data.procedure) {
    case "grapple": {
      const t = byId(data.target);
      verdict({ name: t.name });
      if (ok)
        followUps.push({
          kind: "addEffect",
          actorId: t.actorId,
          effect: newEffect(P("grapple.effect"), me.id, "endOfEncounter", ["grappled"]),
          label: P("grapple.done"),
        });
      break;
    }
    case "shove": {
      const t = byId(data.target);
      verdict({ name: t.name });
      if (ok && data.result === "prone")
        followUps.push({
          kind: "addEffect",
          actorId: t.actorId,
          effect: newEffect(P("shove.effectProne"), me.id, "permanent", ["prone"]),
          label: P("shove.doneProne"),
        });
      else if (ok)
        followUps.push({
          kind: "notice",
          event: { key: P("shove.donePush"), data: { name: t.name, feet: 5 }, actorId: t.actorId },
        });
      break;
    }
    case "unarmedStrike": {
      const t = byId(data.target);
      const hit = ok || (!autoFail && data.autoHit === true);
      events.push({
        key: hit ? "D20C.HD.Event.rollSucceeded" : "D20C.HD.Event.rollFailed",
        data: { total, target: request.target ?? 0, name: t.name },
        actorId: me.actorId,
      });
      if (hit)
        followUps.push({
          kind: "damage",
          actorId: t.actorId,
          packet: {
            amount: unarmedDamage(me.actor),
            types: ["bludgeoning"],
            natural: roll.natural,
            critical: false,
            ongoing: false,
            fromAttack: true,
            melee: true,
            nonlethal: false,
            knockOut: false,
          },
          label: P("unarmedStrike.done"),
        });
      break;
    }
    case "escape": {
      const grappler = byId(data.grappler);
      verdict({ name: grappler.name });
      if (ok) {
        for (const e of me.effects)
          if (e.statuses.includes("grappled") && (!e.sourceCombatantId || e.sourceCombatantId === grappler.id))
            followUps.push({ kind: "removeEffect", actorId: me.actorId, effectId: e.id, label: P("escape.done") });
        if (me.actor.conditions.includes("grappled"))
          followUps.push({
            kind: "updateActor",
            actorId: me.actorId,
            changes: { conditions: me.actor.conditions.filter((c) => c !== "grappled") },
            label: P("escape.done"),
          });
      }
      break;
    }
    case "hide": {
      // No cover or obscurement: the result counts as 0 ([HD-HIDE]); it persists while hidden.
      const result = data.cover === true ? total : 0;
      for (const e of me.effects)
        if (e.statuses.includes("hidden"))
          followUps.push({ kind: "removeEffect", actorId: me.actorId, effectId: e.id, label: P("hide.name") });
      for (const id of String(data.observers ?? "")
        .split(",")
        .filter(Boolean)) {
        const o = byId(id);
        const hidden = result >= o.actor.abilities.wis + 10;
        events.push({
          key: hidden ? P("hide.hiddenFrom") : P("hide.seenBy"),
          data: { name: o.name, total: result, target: o.actor.abilities.wis + 10 },
          actorId: me.actorId,
        });
        if (hidden)
          followUps.push({
            kind: "addEffect",
            actorId: me.actorId,
            effect: newEffect(P("hide.effect"), o.id, "endOfEncounter", ["hidden"], { tally: result }),
            label: P("hide.name"),
          });
      }
      break;
    }
    case "search": {
      events.push({ key: P("search.result"), data: { total }, actorId: me.actorId });
      for (const id of String(data.hidden ?? "")
        .split(",")
        .filter(Boolean)) {
        const h = byId(id);
        for (const e of h.effects) {
          if (!e.statuses.includes("hidden") || (e.sourceCombatantId && e.sourceCombatantId !== me.id)) continue;
          const found = total >= (e.tally ?? 0);
          events.push({
            key: found ? P("search.found") : P("search.notFound"),
            data: { name: h.name, total, target: e.tally ?? 0 },
            actorId: me.actorId,
          });
          if (found)
            followUps.push({ kind: "removeEffect", actorId: h.actorId, effectId: e.id, label: P("search.found") });
        }
      }
      break;
    }
    default:
      throw new EngineError(
        "request.data.procedure",
        `no roll for procedure "${String(data.procedure)}"`,
        data.procedure,
      );
  }
  return { actor: clonePlain(me.actor), events, requests: [], followUps, deferred: [] };
}

// ---- [HD-HIDE] [HD-COND] who may target whom ---------------------------------------------------

/**
 * Whether `bearer` is hidden from the creature `observerId`: a Hide effect names the observer it
 * hides from; a hidden status with no observer (toggled by hand) hides from everyone.
 */
export function hiddenFrom(
  bearer: { actor: Pick<ActorSource, "conditions">; effects?: readonly EffectSource[] | undefined },
  observerId: string | undefined,
): boolean {
  const hides = (bearer.effects ?? []).filter((e) => e.statuses.includes("hidden"));
  if (!hides.length) return bearer.actor.conditions.includes("hidden");
  return hides.some((e) => !e.sourceCombatantId || e.sourceCombatantId === observerId);
}

/** Whether `bearer` is charmed by `charmerId` (a charm effect names its creator). */
export function charmedBy(
  bearer: { effects?: readonly EffectSource[] | undefined },
  charmerId: string | undefined,
): boolean {
  if (!charmerId) return false;
  return (bearer.effects ?? []).some(
    (e) => e.sourceCombatantId === charmerId && e.statuses.some((s) => conditionSpec(s)?.cannotHarmSource),
  );
}

/**
 * Whether an attacker may target a creature: never its charmer. A creature hidden from it can still
 * be attacked where it is thought to be (its token's space), weakly: the attack roll decides that.
 */
export function mayTarget(
  attacker: CombatantSource,
  target: CombatantSource,
): { allowed: boolean; reason: string | null } {
  if (charmedBy(attacker, target.id)) return { allowed: false, reason: "D20C.HD.Reason.charmed" };
  return { allowed: true, reason: null };
}

// ---- [HD-PROVOKE] [HD-HIDE] what an act provokes and ends -----------------------------------------

/** Provoked attacks and the end of hiding after a move, an attack or a spell. */
export function afterAct(input: ActInput): ActOutcome {
  const me = input.actor;
  const provocations: Provocation[] = [];
  const provokes = input.act !== "attack";
  const disengaged =
    specsOf(me.actor.conditions, me.actor.exhaustion).some((s) => s.noProvoke) ||
    me.effects.some((e) => e.statuses.some((s) => conditionSpec(s)?.noProvoke));
  if (provokes && !(input.act === "move" && disengaged)) {
    for (const r of input.within) {
      if (r.id === me.id || r.actor.state !== "active") continue;
      const budget = turnBudget(r.actor, input.round);
      const reason =
        budget.reactions === 0
          ? "D20C.HD.Reason.noReaction"
          : (input.reacted ?? []).includes(r.id)
            ? "D20C.HD.Reason.reactionUsed"
            : "D20C.HD.Reason.provoked";
      provocations.push({ reactorId: r.id, canReact: reason === "D20C.HD.Reason.provoked", reason });
    }
  }
  const steps: TurnStep[] = [];
  const ends = input.act !== "move" || input.feet > 10;
  if (ends) {
    for (const e of me.effects)
      if (e.statuses.includes("hidden"))
        steps.push({ kind: "removeEffect", actorId: me.actorId, effectId: e.id, label: "D20C.HD.Event.hidingEnds" });
    // A hidden condition stored on the actor (not from a Hide effect) is cleared too.
    if (me.actor.conditions.includes("hidden") && !me.effects.some((e) => e.statuses.includes("hidden")))
      steps.push({
        kind: "updateActor",
        actorId: me.actorId,
        changes: { conditions: me.actor.conditions.filter((c) => c !== "hidden") },
        label: "D20C.HD.Event.hidingEnds",
      });
  }
  return { provocations, steps };
}

/**
 * What an attack counts as ([HD-PROVOKE]): made without a weapon and rolled with a mental ability
 * (a spellcasting ability: Intelligence, Wisdom or Charisma), it is cast as a spell; else a ranged
 * or a melee attack by its range.
 */
export function attackAct(power: PowerSource, weapon: WeaponSource | null): ActInput["act"] {
  const mental = power.attackAbility === "int" || power.attackAbility === "wis" || power.attackAbility === "cha";
  if (!weapon && mental) return "castSpell";
  return power.range === "ranged" ? "rangedAttack" : "attack";
}

// ---- [HD-DUAL] [HD-REACT] Parry -----------------------------------------------------------------

/** Two melee weapons, both Light: dual wielding (attacks with either are quick actions, Parry). */
function dualWielding(weapons: readonly WeaponSource[]): boolean {
  return weapons.length === 2 && weapons.every((w) => !w.ranged && w.light);
}

/** Attack cost: a quick action with either of a dual-wielded pair or unarmed, else an action. */
export function attackCost(weapon: WeaponSource | null, weapons: readonly WeaponSource[]): string {
  if (weapon === null) return "action";
  return dualWielding(weapons) && weapons.some((w) => w.name === weapon.name && w.light && !w.ranged)
    ? "quick"
    : "action";
}

const PARRY_BONUS = 2;

/** Parry is offered against an attack that would hit (not a critical hit, which always hits) while dual wielding. */
export function attackReactions(query: {
  outcome: AttackOutcome;
  defender: ActorSource;
  weapons: readonly WeaponSource[];
  reactionUsed: boolean;
  round: number;
}): ReactionOffer[] {
  const o = query.outcome;
  if (!o.isHit || o.isCrit || o.reasons.includes("D20C.HD.Reason.meleeAutoHit")) return [];
  if (!dualWielding(query.weapons) || query.reactionUsed) return [];
  if (turnBudget(query.defender, query.round).reactions === 0) return [];
  return [{ key: "parry", label: "D20C.HD.Reaction.parry", cost: "reaction" }];
}

/**
 * The outcome after a Parry: +2 defense against this attack; a hit that no longer reaches it
 * misses, and carries the power's miss effect when it has one (a parried hit was no natural 1).
 */
export function resolveAttackReaction(
  key: string,
  outcome: AttackOutcome,
  context: { hasMissEffect: boolean } = { hasMissEffect: false },
): AttackOutcome {
  if (key !== "parry") throw new EngineError("reaction.key", `unknown reaction "${key}"`, key);
  const defense = outcome.defense + PARRY_BONUS;
  const reasons = [...outcome.reasons, "D20C.HD.Reason.parried"];
  if (outcome.result !== "hit" || outcome.total >= defense) return { ...outcome, defense, reasons };
  return {
    ...outcome,
    defense,
    reasons,
    result: "miss",
    isHit: false,
    isCrit: false,
    autoHit: false,
    missEffect: context.hasMissEffect,
  };
}

// ---- [HD-COVER] Dexterity rolls from beyond cover ----------------------------------------------

export const PARTIAL_COVER_BONUS = 5;

/** A Dexterity roll against an effect from beyond cover: +5 behind partial cover, success behind total. */
export function saveRequestWithCover(request: RollRequest, cover: Situation["cover"]): RollRequest {
  if (request.data?.ability !== "dex" || cover === "none") return request;
  if (cover === "total") return { ...request, data: { ...request.data, cover, autoSucceed: true } };
  return {
    ...request,
    formula: `${request.formula} + ${PARTIAL_COVER_BONUS}`,
    data: { ...request.data, cover },
  };
}

// ---- [HD-WATER] ----------------------------------------------------------------------------------

const UNDERWATER_WEAPONS = ["dagger", "net", "spear", "trident"] as const;

/** Whether an attack made underwater is weak: yes without a swim speed, unless the weapon is exempt. */
export function underwaterAttackWeak(weaponName: string | undefined, swimSpeed: boolean): boolean {
  if (swimSpeed) return false;
  const name = (weaponName ?? "").toLowerCase();
  return !UNDERWATER_WEAPONS.some((w) => new RegExp(`\\b${w}s?\\b`).test(name));
}

// ---- [HD-COND] exhaustion 6 ----------------------------------------------------------------------

/** A power that imposes exhaustion adds one level (from any source: 6 is death), never an effect. */
export function levelCondition(actor: ActorSource, status: string, actorId: string): RuleResult | null {
  return status === "exhaustion" ? gainExhaustion(actor, 1, actorId) : null;
}

/** An edit that takes a creature to exhaustion 6, from any source, kills it. */
export function actorChanges(before: ActorSource, after: ActorSource): Partial<ActorSource> {
  if (after.state === "dead" || after.exhaustion < MAX_EXHAUSTION || before.state === "dead") return {};
  return { state: "dead", conditions: after.conditions.filter((c) => c !== "dying") };
}
