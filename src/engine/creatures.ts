/**
 * [SYS-MONSTERS] What a creature itself shrugs off, as every game reads it (pure): its condition and
 * keyword immunities refuse the conditions an attack would put on it (the card says why), and its
 * trait bypass list lets an attack with the right keyword (magic, silver, cold iron…) through its
 * resistance or immunity, in the game's own arithmetic. A game adds its own steps before its
 * arithmetic ({@link DamageStep}: Wounds d20 damage reduction, FFd20 minions).
 */
import { clonePlain } from "./common.js";
import type { Ruleset } from "./ruleset.js";
import type {
  ActorSource,
  DamagePacket,
  EffectSource,
  Modifier,
  PowerSource,
  RuleEvent,
  WeaponSource,
} from "./types.js";

const C = "D20C.Creature";

/** The keywords an attack carries: its power's and its weapon's, a weapon with an enhancement counting as magic. */
export function attackProperties(
  power: Pick<PowerSource, "properties">,
  weapon: Pick<WeaponSource, "properties" | "enhancement"> | null,
): string[] {
  const out = new Set<string>([...(power.properties ?? []), ...(weapon?.properties ?? [])]);
  if (weapon && weapon.enhancement > 0) out.add("magic");
  return [...out];
}

/** What a step before the game's arithmetic did to the amount, or null when it did nothing. */
export interface StepResult {
  amount: number;
  adjustments: Modifier[];
}

/** A game's own step before its arithmetic (reads the actor as the bypass left it). */
export type DamageStep = (actor: ActorSource, packet: DamagePacket) => StepResult | null;

type ApplyDamage = Ruleset["applyDamage"];

/** The keyword of `keywords` the attack has, if any. */
const keywordIn = (keywords: readonly string[], properties: readonly string[]): string | undefined =>
  keywords.find((k) => properties.includes(k));

/**
 * The actor as the attack meets it: resistances and immunities its bypass list lets this attack
 * through are left out, each said in an event. The same actor when nothing is bypassed.
 */
function bypassView(
  actor: ActorSource,
  packet: Pick<DamagePacket, "properties" | "types">,
  actorId: string,
): { actor: ActorSource; events: RuleEvent[] } {
  const properties = packet.properties ?? [];
  const bypass = actor.traitBypass ?? [];
  if (!properties.length || !bypass.length) return { actor, events: [] };
  const through = new Map<string, string>();
  for (const b of bypass) {
    const keyword = keywordIn(b.keywords, properties);
    if (keyword && !through.has(b.type)) through.set(b.type, keyword);
  }
  if (!through.size) return { actor, events: [] };
  const passes = (type: string) => through.has(type) || through.has("all");
  const events: RuleEvent[] = [];
  const hit = (type: string) =>
    type === "all" || packet.types.includes(type) || (!packet.types.length && type === "untyped");
  const dropped = new Set<string>();
  const view = clonePlain(actor);
  view.resistances = actor.resistances.filter((r) => !(passes(r.type) && hit(r.type) && dropped.add(r.type)));
  view.immunities = actor.immunities.filter((t) => !(passes(t) && hit(t) && dropped.add(t)));
  if (!dropped.size) return { actor, events: [] };
  for (const type of dropped) {
    const keyword = through.get(type) ?? through.get("all") ?? "";
    events.push({ key: `${C}.Event.bypass`, data: { type: `D20C.DamageType.${type}`, keyword }, actorId });
  }
  return { actor: view, events };
}

/**
 * A game's damage with the creature's bypass list and the game's own steps before its arithmetic;
 * the actor's stored traits are never changed (the view only reads differently).
 */
export function withCreatureDamage(apply: ApplyDamage, steps: readonly DamageStep[] = []): ApplyDamage {
  return (actor, packet, options, actorId) => {
    const view = bypassView(actor, packet, actorId);
    let amount = packet.amount;
    const before: Modifier[] = [];
    for (const step of steps) {
      const r = step(view.actor, { ...packet, amount });
      if (!r) continue;
      amount = r.amount;
      before.push(...r.adjustments);
    }
    const r = apply(view.actor, amount === packet.amount ? packet : { ...packet, amount }, options, actorId);
    if (view.actor !== actor) {
      r.actor.resistances = clonePlain(actor.resistances);
      r.actor.immunities = [...actor.immunities];
    }
    if (!before.length && !view.events.length) return r;
    return { ...r, adjustments: [...before, ...r.adjustments], events: [...view.events, ...r.events] };
  };
}

/**
 * The conditions of an effect a power puts on the creature, less those it is immune to: every one
 * when the attack has a keyword it is immune to (fear, charm, poison…), else those of its condition
 * immunities (the aftereffect's too). Each refusal is an event the card shows. Null when nothing of
 * the effect is left (no condition, ongoing damage or aftereffect).
 */
export function refuseImmuneConditions<E extends Pick<EffectSource, "statuses" | "ongoing" | "aftereffect">>(
  ruleset: Pick<Ruleset, "conditions">,
  actor: ActorSource,
  actorId: string,
  effect: E,
  properties: readonly string[],
): { events: RuleEvent[]; effect: E | null } {
  const keyword = keywordIn(actor.keywordImmunities ?? [], properties);
  const immune = actor.conditionImmunities ?? [];
  if (!keyword && !immune.length) return { events: [], effect };
  const events: RuleEvent[] = [];
  const label = (id: string) => ruleset.conditions.find((c) => c.id === id)?.label ?? id;
  const refused = (id: string) => Boolean(keyword) || immune.includes(id);
  const all = [...effect.statuses, ...(effect.aftereffect?.statuses ?? [])];
  for (const id of new Set(all.filter(refused))) {
    events.push(
      keyword
        ? { key: `${C}.Event.keywordImmune`, data: { condition: label(id), keyword }, actorId }
        : { key: `${C}.Event.conditionImmune`, data: { condition: label(id) }, actorId },
    );
  }
  if (!events.length) return { events, effect };
  const statuses = effect.statuses.filter((id) => !refused(id));
  const after = effect.aftereffect
    ? { ...effect.aftereffect, statuses: effect.aftereffect.statuses.filter((id) => !refused(id)) }
    : null;
  const afterLeft = after && (after.statuses.length > 0 || after.ongoing !== null) ? after : null;
  const left = statuses.length > 0 || effect.ongoing !== null || afterLeft !== null;
  return { events, effect: left ? { ...effect, statuses, aftereffect: afterLeft } : null };
}

/** [SYS-MONSTERS] How many normal monsters each strength counts as (13th Age: the printed numbers stay as they are). */
const STRENGTH_WEIGHT: Record<string, number> = { weakling: 0.5, normal: 1, double: 2, triple: 3 };
/** Mooks of a mob: five count as one normal monster. */
const MOOK_WEIGHT = 0.2;

/**
 * [SYS-MONSTERS] The size of the foes' side in normal monsters: each by its strength (a
 * double-strength monster counts as two, a weakling as half), a mook as a fifth; the dead count
 * for nothing. Rounded to a tenth.
 */
export function battleStrength(foes: readonly Pick<ActorSource, "strength" | "monsterRole" | "state">[]): number {
  let total = 0;
  for (const f of foes) {
    if (f.state === "dead") continue;
    total += f.monsterRole === "mook" ? MOOK_WEIGHT : (STRENGTH_WEIGHT[f.strength ?? "normal"] ?? 1);
  }
  return Math.round(total * 10) / 10;
}
