/**
 * Effects as a table sees them ([SYS-EFFECTS]), decided without Foundry: the words of a duration
 * (as i18n keys and data the adapter localises), the icon an effect shows, whether it belongs on
 * the token, the save the sheet's "save now" rolls, and whether its creator may sustain it now.
 * Every game shares these; what differs per game (the save's target and formula) comes from the
 * ruleset.
 */
import { clonePlain, effectTimer } from "./common.js";
import { d20Plus, effectSaveRoll } from "./resolution.js";
import type { Ruleset } from "./ruleset.js";
import type {
  ActorSource,
  ConditionSpec,
  DurationKind,
  EffectSource,
  RollRequest,
  RuleEvent,
  TurnContext,
  DurationChoice,
  TurnOf,
  TurnStep,
} from "./types.js";

/** Words the adapter localises: an i18n key and its format data. */
export interface Words {
  key: string;
  data: Record<string, string | number>;
}

/** The affected-creature kinds a form adds after each next-turn duration. */
const ITS_KIND: Partial<Record<DurationKind, DurationChoice>> = {
  startOfNextTurn: "startOfItsNextTurn",
  endOfNextTurn: "endOfItsNextTurn",
};

/** The choices a form offers for these durations, in order (each next-turn kind followed by its "its" kind). */
export function durationChoices(kinds: readonly DurationKind[]): DurationChoice[] {
  return kinds.flatMap((d) => (ITS_KIND[d] ? [d, ITS_KIND[d]] : [d]));
}

/** The form choice of a stored duration and whose turn it counts. */
export function durationChoiceOf(duration: DurationKind, turnOf: TurnOf | undefined): DurationChoice {
  return turnOf === "bearer" ? (ITS_KIND[duration] ?? duration) : duration;
}

/**
 * The duration and whose turn it counts of a choice (a form's value, a power effect's stored
 * duration): `startOfItsNextTurn` / `endOfItsNextTurn` are the affected creature's next turn
 * ([FF-DURATION], [SYS-EFFECTS]); null when the value is no choice.
 */
export function durationOfChoice(value: unknown): { duration: DurationKind; turnOf: TurnOf } | null {
  if (value === "startOfItsNextTurn") return { duration: "startOfNextTurn", turnOf: "bearer" };
  if (value === "endOfItsNextTurn") return { duration: "endOfNextTurn", turnOf: "bearer" };
  return typeof value === "string" && (DURATION_KINDS as readonly string[]).includes(value)
    ? { duration: value as DurationKind, turnOf: "creator" }
    : null;
}

/** Every duration an effect can have, in the order a form offers them. */
export const DURATION_KINDS: readonly DurationKind[] = [
  "saveEnds",
  "startOfNextTurn",
  "endOfNextTurn",
  "sustain",
  "endOfEncounter",
  "permanent",
  "instant",
];

export const SAVE_DIFFICULTIES: readonly EffectSource["save"][] = ["easy", "normal", "hard"];
export const SUSTAIN_ACTIONS: readonly NonNullable<EffectSource["sustain"]>[] = ["standard", "move", "minor"];

const K = "D20C.Effects";

/** The save the bearer rolls against an effect: the game's, or d20 + the effect's modifier against 10. */
export function effectSaveRequest(
  ruleset: Pick<Ruleset, "effectSave">,
  actor: ActorSource,
  actorId: string,
  effect: EffectSource,
): RollRequest {
  if (ruleset.effectSave) return ruleset.effectSave(actor, actorId, effect);
  return effectSaveRoll(actorId, effect, d20Plus(effect.saveBonus || 0), 10, `${K}.SaveNow`);
}

/**
 * What names the turns an effect is timed by: its creator's combatant (or, with none, its
 * bearer's). `names` maps combatant ids to names; a combatant not in it (no combat) is unnamed.
 */
export interface DurationFacts {
  /** The bearer's combatant id (null outside combat). */
  bearerCombatantId: string | null;
  /** The bearer's name (timing by its own turns when the effect names no creator). */
  bearerName: string;
  /** Combatant names by id. */
  names: Readonly<Record<string, string>>;
  /** The target of the save against this effect (null = no save). */
  saveTarget: number | null;
}

/**
 * A duration in words: "save ends (11+)", "until the end of Ayla's next turn", "sustain minor",
 * "until the end of the encounter", "until removed".
 */
export function durationWords(
  effect: Pick<EffectSource, "duration" | "sourceCombatantId" | "sustain" | "turnOf">,
  facts: DurationFacts,
): Words {
  switch (effect.duration) {
    case "saveEnds":
      return facts.saveTarget === null
        ? { key: `${K}.Duration.saveEndsPlain`, data: {} }
        : { key: `${K}.Duration.saveEnds`, data: { target: facts.saveTarget } };
    case "startOfNextTurn":
    case "endOfNextTurn": {
      const name = timerName(effect, facts);
      const which = effect.duration === "startOfNextTurn" ? "startOf" : "endOf";
      return name === null
        ? { key: `${K}.Duration.${which}CreatorTurn`, data: {} }
        : { key: `${K}.Duration.${which}NextTurn`, data: { name } };
    }
    case "sustain":
      return { key: `${K}.Duration.sustain`, data: { action: `${K}.Sustain.${effect.sustain ?? "minor"}` } };
    case "endOfEncounter":
      return { key: `${K}.Duration.endOfEncounter`, data: {} };
    case "instant":
      return { key: `${K}.Duration.instant`, data: {} };
    case "permanent":
      return { key: `${K}.Duration.permanent`, data: {} };
  }
}

/**
 * Whose name times "next turn": the creator's combatant; the bearer when the effect names no
 * creator, or (in a combat) one no longer in it — as the turn cycle times it ([FF-DURATION]);
 * null = unknown (outside combat).
 */
function timerName(effect: Pick<EffectSource, "sourceCombatantId" | "turnOf">, facts: DurationFacts): string | null {
  // "its next turn": the affected creature's, named whether or not a combat is running.
  if (effect.turnOf === "bearer" || !effect.sourceCombatantId) return facts.bearerName || null;
  const name = facts.names[effect.sourceCombatantId];
  if (name !== undefined) return name;
  return facts.bearerCombatantId ? facts.bearerName || null : null;
}

/** Ongoing damage in words ("ongoing 5 fire"); the adapter localises `type` (a damage-type key). */
export function ongoingWords(ongoing: EffectSource["ongoing"]): Words | null {
  if (!ongoing || !(ongoing.amount > 0)) return null;
  const typed = ongoing.type !== "" && ongoing.type !== "untyped";
  return typed
    ? { key: `${K}.OngoingTyped`, data: { amount: ongoing.amount, type: ongoing.type } }
    : { key: `${K}.Ongoing`, data: { amount: ongoing.amount } };
}

/** Core icons for ongoing damage by type; anything else bleeds. */
const ONGOING_ICONS: Readonly<Record<string, string>> = {
  fire: "icons/svg/fire.svg",
  cold: "icons/svg/frozen.svg",
  lightning: "icons/svg/lightning.svg",
  acid: "icons/svg/acid.svg",
  poison: "icons/svg/poison.svg",
  necrotic: "icons/svg/skull.svg",
  radiant: "icons/svg/sun.svg",
  thunder: "icons/svg/sound.svg",
};
/**
 * An effect's data with nothing in play: lasts until removed, a normal save, no sustain, ongoing
 * damage or aftereffect. New effects start from it.
 */
export function plainEffectData(): Omit<EffectSource, "id" | "name" | "statuses"> {
  return {
    sourceCombatantId: null,
    duration: "permanent",
    save: "normal",
    saveBonus: 0,
    sustain: null,
    sustainedRound: null,
    ongoing: null,
    aftereffect: null,
    armed: false,
  };
}

/**
 * An effect about to be put on a creature, its conditions that the game counts in levels
 * (Hundred Dungeons' exhaustion) gained on the creature instead, as a hit's are: the actor after
 * the gains, their events, and what is still put on — the effect without those conditions, or
 * null when they were all it carried (no other condition, ongoing damage or aftereffect).
 */
export function gainLevelConditions<E extends Pick<EffectSource, "statuses" | "ongoing" | "aftereffect">>(
  ruleset: Pick<Ruleset, "levelCondition">,
  actor: ActorSource,
  actorId: string,
  effect: E,
): { actor: ActorSource; events: RuleEvent[]; effect: E | null } {
  let next = actor;
  const events: RuleEvent[] = [];
  const kept: string[] = [];
  for (const status of effect.statuses) {
    const gained = ruleset.levelCondition?.(next, status, actorId) ?? null;
    if (!gained) kept.push(status);
    else {
      next = gained.actor;
      events.push(...gained.events);
    }
  }
  if (kept.length === effect.statuses.length) return { actor, events, effect };
  const rest = kept.length > 0 || effect.ongoing !== null || effect.aftereffect !== null;
  return { actor: next, events, effect: rest ? { ...effect, statuses: kept } : null };
}

const ONGOING_ICON = "icons/svg/blood.svg";
const EFFECT_ICON = "icons/svg/aura.svg";

/**
 * The icon an effect shows: the game's status icon of its first condition, else one for its
 * ongoing damage, else a plain effect icon. Never empty.
 */
export function effectIcon(
  effect: Pick<EffectSource, "statuses" | "ongoing">,
  conditions: readonly Pick<ConditionSpec, "id" | "img">[],
): string {
  for (const id of effect.statuses) {
    const img = conditions.find((c) => c.id === id)?.img;
    if (img) return img;
  }
  if (effect.ongoing && effect.ongoing.amount > 0) return ONGOING_ICONS[effect.ongoing.type] ?? ONGOING_ICON;
  return EFFECT_ICON;
}

/**
 * Whether an effect belongs on its token: anything that imposes a condition, deals ongoing damage,
 * leads to an aftereffect or will end (every duration but "until removed"). A plain lasting
 * modifier (a feature's passive bonus) stays off the token.
 */
export function showsOnToken(effect: Pick<EffectSource, "statuses" | "ongoing" | "aftereffect" | "duration">): boolean {
  return (
    effect.statuses.length > 0 ||
    (effect.ongoing !== null && effect.ongoing.amount > 0) ||
    effect.aftereffect !== null ||
    effect.duration !== "permanent"
  );
}

/** Why the creator may not sustain an effect now (an i18n key), or null when it may. */
export type SustainRefusal =
  | "D20C.Effects.SustainRefused.notSustained"
  | "D20C.Effects.SustainRefused.notCreatorsTurn"
  | "D20C.Effects.SustainRefused.notYet"
  | "D20C.Effects.SustainRefused.already";

/**
 * [FF-SUSTAIN] Whether the effect's creator may sustain it now: a sustain effect, on the creator's
 * own turn (the one the combat is on), from the turn after it was made (armed), once a turn.
 */
export function sustainRefusal(
  effect: Pick<EffectSource, "duration" | "armed" | "sustainedRound" | "sourceCombatantId">,
  facts: {
    bearerCombatantId: string | null;
    currentCombatantId: string | null;
    round: number;
    /** The combat's combatants (a creator no longer among them leaves the bearer's turns timing it). */
    combatantIds?: readonly string[];
  },
): SustainRefusal | null {
  if (effect.duration !== "sustain") return "D20C.Effects.SustainRefused.notSustained";
  const creator = facts.bearerCombatantId
    ? effectTimer(
        facts.bearerCombatantId,
        effect,
        facts.combatantIds?.map((id) => ({ id })),
      )
    : effect.sourceCombatantId;
  if (!creator || creator !== facts.currentCombatantId) return "D20C.Effects.SustainRefused.notCreatorsTurn";
  if (!effect.armed) return "D20C.Effects.SustainRefused.notYet";
  if (effect.sustainedRound === facts.round) return "D20C.Effects.SustainRefused.already";
  return null;
}

/** The change that records sustaining in `round` (after {@link sustainRefusal} said yes). */
export function sustainChange(round: number): Pick<EffectSource, "sustainedRound"> {
  return { sustainedRound: round };
}

/**
 * The plan of a save rolled from the sheet: the one roll step; the game's `resolveTurnRoll` then
 * ends the effect on a success and starts its aftereffect after it, as at the end of a turn.
 */
export function saveNowPlan(
  ruleset: Pick<Ruleset, "effectSave">,
  bearer: { actor: ActorSource; actorId: string },
  effect: EffectSource,
): TurnStep[] {
  return [{ kind: "roll", request: effectSaveRequest(ruleset, bearer.actor, bearer.actorId, effect) }];
}

/**
 * The turn context a sheet's save is resolved in: the bearer alone (the save, its ending and its
 * aftereffect touch nobody else), in or out of combat.
 */
export function soloContext(
  bearer: { actor: ActorSource; actorId: string; name: string; effects: EffectSource[] },
  options: TurnContext["options"],
): TurnContext {
  return {
    round: 0,
    combatantId: null,
    combatants: [
      {
        id: bearer.actorId,
        actorId: bearer.actorId,
        name: bearer.name,
        actor: clonePlain(bearer.actor),
        effects: clonePlain(bearer.effects),
        initiative: null,
        side: "player",
        aware: true,
        defeated: false,
        seat: 0,
      },
    ],
    surpriseRound: false,
    options,
  };
}

/**
 * Whether a condition toggled on from the token HUD gets the duration prompt: a condition of this
 * game that is not the tracker's "defeated" status, on an effect the system has no data for yet.
 */
export function asksStatusDuration(
  statuses: Iterable<string>,
  facts: { conditionIds: readonly string[]; defeatedId: string | null; hasSystemData: boolean },
): boolean {
  if (facts.hasSystemData) return false;
  const ids = [...statuses];
  return ids.some((id) => facts.conditionIds.includes(id)) && !ids.includes(facts.defeatedId ?? "");
}

/** The durations the HUD prompt offers (an instant condition makes no sense). */
export const STATUS_DURATIONS: readonly DurationKind[] = DURATION_KINDS.filter((d) => d !== "instant");
