/**
 * Hundred Dungeons table procedures, decided as the shared procedure steps (src/engine/actions.ts):
 * the Actions panel's actions and quick actions (Help, Dodge, Disengage, Hide, Ready, Search, Dash,
 * slow spells), the manoeuvres (grapple, shove, escape, unarmed strike), the readied action, and
 * mounting and dismounting. `planProcedure` says why one is refused or which rolls it makes;
 * `resolveProcedure` (and `resolveProcedureRoll` for the tracker's rolls) what they did.
 */
import { plainEffectData } from "../../effects.js";
import { plainOutcome, type ProcedureCreature, type ProcedureInput } from "../../actions.js";
import { type ProcedureOutcome, type ProcedurePlan, type ProcedureRoll, type ProcedureSpec } from "../../actions.js";
import { clonePlain, d20Formula, ongoingDamagePacket } from "../../common.js";
import { EngineError } from "../../errors.js";
import type { AbilityKey, ActorSource, CombatantSource, EffectSource, RollRequest, RollResult } from "../../types.js";
import type { RollMode, RuleOptions } from "../../types.js";
import type { RuleEvent, TurnContext, TurnStep, TurnStepResult } from "../../types.js";
import { defenseValue } from "./actor.js";
import { charmedBy, grapples, hiddenFrom, movementSpentThisTurn, turnBudget } from "./combat.js";
import { SIZES, abilityRollMode, specsOf, type Size } from "./conditions.js";
import { unarmedAttackMode } from "./attack.js";
import { paralyzedMeleeCrit } from "./options.js";
import { applyDamage, signed } from "./damage.js";
import { HD_DAMAGE_TYPES } from "./data.js";

const P = (key: string): string => `D20C.HD.Procedure.${key}`;

/** [HD-ACTIONS] The status Help puts on for each choice: only that action's rolls are mighty. */
const HELP_STATUS = { attack: "helpedAttack", ability: "helpedAbility", spell: "helpedSpell" } as const;

/**
 * One procedure of the panel: its name and what it does are `D20C.HD.Procedure.<id>.name` and
 * `.hint`; each choice is a key, labelled `<id>.<key>` unless it names its own label.
 */
function hdProcedure(
  id: string,
  cost: string,
  aim: ProcedureSpec["aim"],
  choices: readonly (string | readonly [key: string, label: string])[] = [],
): ProcedureSpec {
  const spec: ProcedureSpec = { id, label: P(`${id}.name`), result: P(`${id}.hint`), cost, aim };
  if (!choices.length) return spec;
  const choice = (c: string | readonly [string, string]) =>
    typeof c === "string" ? { key: c, label: P(`${id}.${c}`) } : { key: c[0], label: P(`${id}.${c[1]}`) };
  return { ...spec, choices: choices.map(choice) };
}

/** A procedure open only to a creature holding (or not holding) some statuses. */
const when = (spec: ProcedureSpec, w: NonNullable<ProcedureSpec["when"]>): ProcedureSpec => ({ ...spec, when: w });

/** The Actions panel's procedures, in the text's order (actions, then quick actions, then the rest). */
export const HD_PROCEDURES: readonly ProcedureSpec[] = [
  hdProcedure("castSlowSpell", "action", "self"),
  hdProcedure("dash", "action", "self"),
  hdProcedure("help", "action", "target", ["attack", "ability", "spell"]),
  hdProcedure("hide", "action", "self", [
    ["cover", "inCover"],
    ["noCover", "noCover"],
  ]),
  hdProcedure("ready", "action", "self", ["action", "spell"]),
  hdProcedure("search", "action", "self", ["creatureSight", "creatureHearing", "area"]),
  // [SYS-ACTIONS] Each procedure only for the creature it can serve (issue 45): escape for one held,
  // standing up for one lying down, the readied action for one that readied it, mounting for one on foot.
  when(hdProcedure("escape", "action", "self"), { any: ["grappled", "restrained"] }),
  hdProcedure("grapple", "quick", "target"),
  hdProcedure("shove", "quick", "target", ["prone", "push"]),
  hdProcedure("unarmedStrike", "quick", "target"),
  hdProcedure("disengage", "quick", "self"),
  hdProcedure("dodge", "quick", "self"),
  when(hdProcedure("readiedAction", "reaction", "self"), { any: ["readied"] }),
  when(hdProcedure("mount", "free", "target", ["willing", "unwilling"]), { none: ["mounted"] }),
  when(hdProcedure("dismount", "free", "self"), { any: ["mounted"] }),
  when(hdProcedure("standUp", "free", "self"), { any: ["prone"] }),
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
  extra: {
    mighty?: number;
    weak?: number;
    senses?: ("sight" | "hearing")[];
    mode?: RollMode;
    fearSourceUnseen?: boolean;
  } = {},
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
    formula: `${d20Formula(extra.mode ?? m.mode)}${signed(who.actor.abilities[ability])}`,
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
  /** The world's rule options (how mighty and weak cancel, for an unarmed attack's mode). */
  options: RuleOptions;
  /** [HD-COND] The sources of the actor's fear are all out of its line of sight (the scene's answer). */
  fearSourceUnseen: boolean;
}

/** Its steps, or why it is refused now. */
interface StepPlan {
  steps: TurnStep[];
  refused: string | null;
}

/** The Actions panel's options of an unarmed attack ([HD-UNARMED]). */
const UNARMED_OPTIONS = new Set(["grapple", "shove", "unarmedStrike"]);

const plan = (steps: TurnStep[]): StepPlan => ({ steps, refused: null });
const refuse = (key: string): StepPlan => ({ steps: [], refused: key });

function one(input: StepInput): CombatantSource | null {
  return input.targets.length === 1 ? (input.targets[0] ?? null) : null;
}

/** Plan one procedure as turn steps ([HD-ACTIONS], [HD-QUICK], [HD-UNARMED], [HD-HIDE], [HD-MOUNT]). */
function planSteps(input: StepInput): StepPlan {
  const me = input.actor;
  // [HD-COND] frightened weakens the actor's rolls only while the source of its fear is in sight.
  const fear = input.fearSourceUnseen ? { fearSourceUnseen: true } : {};
  const budget = turnBudget(me.actor, input.round);
  const spec = HD_PROCEDURES.find((p) => p.id === input.key);
  if (!spec) throw new EngineError("procedure.key", `unknown procedure "${input.key}"`, input.key);
  if (me.actor.state === "dead") return refuse("D20C.HD.Reason.dead");
  if ((spec.cost === "action" || spec.cost === "quick") && budget.actions === 0 && budget.quickActions === 0)
    return refuse("D20C.HD.Reason.incapacitated");
  if (spec.cost === "reaction" && budget.reactions === 0) return refuse("D20C.HD.Reason.noReaction");
  if (spec.aim === "target" && !one(input)) return refuse("D20C.HD.Reason.needsOneTarget");
  const target = one(input);
  // [HD-COND] charmed: the charmed creature can't attack its charmer, with an unarmed attack's
  // options (strike, grapple, shove) as with any other.
  if (target && UNARMED_OPTIONS.has(spec.id) && charmedBy(me, target.id)) return refuse("D20C.HD.Reason.charmed");
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
          event: {
            key: P("dash.done"),
            data: { feet: Math.max(0, budget.speed - movementSpentThisTurn(me)) + Math.max(0, budget.speed) },
            actorId: me.actorId,
          },
        },
      ]);
    case "help": {
      const t = target as CombatantSource;
      const helpOn = choice === "ability" || choice === "spell" ? choice : "attack";
      return plan([
        {
          kind: "addEffect",
          actorId: t.actorId,
          effect: newEffect(P(`help.effect.${helpOn}`), me.id, "startOfNextTurn", [HELP_STATUS[helpOn]]),
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
            { mighty: invisible ? 1 : 0, ...fear },
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
          {
            kind: "roll",
            request: procedureRoll(me, "int", null, { procedure: "search", what: "area" }, { senses, ...fear }),
          },
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
            { senses, ...fear },
          ),
        },
      ]);
    }
    case "escape": {
      // [HD-COND] restrained: "you are grappled", so a restraint is escaped like a grapple.
      const grips = me.effects.filter((e) => grapples(e.statuses));
      const grappler =
        target ??
        (input.targets.length === 0
          ? ctxFind(input, grips.find((g) => g.sourceCombatantId)?.sourceCombatantId ?? null)
          : null);
      if (!grips.length && !grapples(me.actor.conditions)) return refuse("D20C.HD.Reason.notGrappled");
      if (!grappler) return refuse("D20C.HD.Reason.needsGrappler");
      const ability = better(me.actor, "str", "dex");
      return plan([
        {
          kind: "roll",
          request: procedureRoll(
            me,
            ability,
            12 + grappler.actor.abilities.str,
            { procedure: "escape", grappler: grappler.id },
            fear,
          ),
        },
      ]);
    }
    // [HD-UNARMED] Grapple, shove and strike are the options of an unarmed attack: each is rolled with
    // the mode an attack has (the attacker's conditions and the target's, hiding, charm) and, being
    // an attack, a natural 20 always succeeds and a natural 1 always fails ([HD-CRIT]).
    case "grapple": {
      const t = target as CombatantSource;
      const dc = 12 + Math.max(t.actor.abilities.str, t.actor.abilities.dex);
      const { mode } = unarmedAttackMode(me, t, input.options, input.fearSourceUnseen);
      const data = { procedure: "grapple", target: t.id, attack: true };
      return plan([{ kind: "roll", request: procedureRoll(me, "str", dc, data, { mode }) }]);
    }
    case "shove": {
      const t = target as CombatantSource;
      const { mode } = unarmedAttackMode(me, t, input.options, input.fearSourceUnseen);
      const data = { procedure: "shove", target: t.id, result: choice === "push" ? "push" : "prone", attack: true };
      return plan([{ kind: "roll", request: procedureRoll(me, "str", 12 + t.actor.abilities.str, data, { mode }) }]);
    }
    case "unarmedStrike": {
      // Strength against the target's defense (a paralyzed target is hit outright).
      const t = target as CombatantSource;
      const { mode, autoHit } = unarmedAttackMode(me, t, input.options, input.fearSourceUnseen);
      // [HD-PARALYZEDCRIT] with the world option on, the strike that hits a paralyzed creature crits as any melee attack.
      const data = {
        procedure: "unarmedStrike",
        target: t.id,
        autoHit,
        attack: true,
        ...(autoHit && paralyzedMeleeCrit(input.options) ? { paralyzedCrit: true } : {}),
      };
      return plan([{ kind: "roll", request: procedureRoll(me, "str", defenseValue(t.actor), data, { mode }) }]);
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
    case "standUp": {
      // [HD-COND] prone: standing up uses half the movement and ends the condition.
      const lying = me.effects.filter((e) => e.statuses.includes("prone"));
      const listed = me.actor.conditions.includes("prone");
      if (!lying.length && !listed) return refuse("D20C.HD.Reason.notProne");
      const conditions = me.actor.conditions.filter((c) => c !== "prone");
      return plan([
        ...lying.map((e) => ({ kind: "removeEffect" as const, actorId: me.actorId, effectId: e.id, label })),
        ...(listed ? [{ kind: "updateActor" as const, actorId: me.actorId, changes: { conditions }, label }] : []),
        {
          kind: "notice",
          event: { key: P("standUp.done"), data: { feet: Math.floor(budget.speed / 2) }, actorId: me.actorId },
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
    options: input.options,
    fearSourceUnseen: input.fearSourceUnseen === true,
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
  // [HD-CRIT] an unarmed attack's natural 20 always succeeds (a critical hit) and its natural 1 always fails.
  const critical = data.attack === true && !autoFail && roll.natural === 20;
  const fumble = data.attack === true && roll.natural === 1;
  const ok = critical || (!autoFail && !fumble && request.target !== null && total >= request.target);
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
      else if (ok) {
        followUps.push({
          kind: "notice",
          event: { key: P("shove.donePush"), data: { name: t.name, feet: 5 }, actorId: t.actorId },
        });
        // [HD-PROVOKE] the push is moved by hand: marked, that move of its token provokes nothing.
        followUps.push({
          kind: "addEffect",
          actorId: t.actorId,
          effect: newEffect(P("shove.effectPush"), me.id, "startOfNextTurn", ["pushed"]),
          label: P("shove.donePushMarked"),
        });
      }
      break;
    }
    case "unarmedStrike": {
      const t = byId(data.target);
      const hit = ok || (!autoFail && !fumble && data.autoHit === true);
      events.push({
        key: hit ? "D20C.HD.Event.rollSucceeded" : "D20C.HD.Event.rollFailed",
        data: { total, target: request.target ?? 0, name: t.name },
        actorId: me.actorId,
      });
      if (hit)
        followUps.push({
          kind: "damage",
          actorId: t.actorId,
          // The plain typed packet, made a melee attack's hit.
          packet: {
            ...ongoingDamagePacket(
              unarmedDamage(me.actor) * (critical || data.paralyzedCrit === true ? 2 : 1),
              "bludgeoning",
              HD_DAMAGE_TYPES,
            ),
            natural: roll.natural,
            ongoing: false,
            fromAttack: true,
            melee: true,
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
          if (grapples(e.statuses) && (!e.sourceCombatantId || e.sourceCombatantId === grappler.id))
            followUps.push({ kind: "removeEffect", actorId: me.actorId, effectId: e.id, label: P("escape.done") });
        // Stored conditions that grapple it (grappled, restrained) go too.
        const kept = me.actor.conditions.filter((c) => !grapples([c]));
        if (kept.length !== me.actor.conditions.length)
          followUps.push({
            kind: "updateActor",
            actorId: me.actorId,
            changes: { conditions: kept },
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
