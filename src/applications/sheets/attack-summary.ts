/**
 * What the sheet's attack list says about each power and weapon (pure): the attack bonus the
 * engine computes right now (ability, level, weapon, conditions and, where it applies, the
 * escalation die), the defense it targets in the active game's words, and the hit damage formula.
 * Everything comes from the active ruleset through the attack planner; nothing here knows a game.
 */
import type { Ruleset } from "../../engine/ruleset.js";
import type { ActorSource, DerivedActor, PowerSource, RuleOptions, WeaponSource } from "../../engine/types.js";
import { formatDamage } from "../../engine/dice.js";
import {
  defenseKeyOf,
  planAttack,
  plainSituation,
  untargetedOutcome,
  type AttackPlan,
  type AttackRequest,
} from "../../engine/plans/attack.js";

/** The engine's view of one attack item: a power with its weapon, or a weapon's basic attack. */
export interface AttackSource {
  power: PowerSource;
  weapon: WeaponSource | null;
}

export interface AttackSummary {
  /** Signed total added to the d20 (`+9`), as the engine would add it with no target and no dialog. */
  bonus: string;
  /** The escalation die's share of {@link bonus} (0 when it adds nothing now). */
  escalation: number;
  defenseKey: string;
  /** i18n keys of the targeted defense. */
  defenseAbbr: string;
  defenseLabel: string;
  /** Hit damage formula (`2d6 + 4`), empty when the attack deals none. */
  damage: string;
  damageTypes: string[];
  /** [SYS-MONSTERS] Each damage part beyond the main one ("+ 1d6 fire"). Absent = none. */
  parts?: string[];
  /** Field and message of an engine refusal (bad formula…); the other fields are then empty. */
  error: string;
}

const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

/** A die face that is neither a natural 1 nor a 20, so no rule overrides the plain sum. */
const PLAIN_FACE = 10;

function request(
  ruleset: Ruleset,
  options: RuleOptions,
  actor: ActorSource,
  derived: DerivedActor,
  source: AttackSource,
  escalation: number,
): AttackRequest {
  return {
    ruleset,
    options,
    attacker: { uuid: "", name: "", actor, derived },
    item: { name: "", img: "" },
    power: source.power,
    weapon: source.weapon,
    situation: plainSituation(),
    escalation,
    targets: [],
  };
}

/** The untargeted outcome of a plain roll (`plan` from the same attack, the die aside). */
const plainOutcome = (req: AttackRequest, plan: AttackPlan) => untargetedOutcome(req, plan, [PLAIN_FACE, PLAIN_FACE]);

const escalationPart = (mods: readonly { key: string; value: number }[]) =>
  mods.filter((m) => m.key === "escalation").reduce((s, m) => s + m.value, 0);

/** One actor's attack summariser: each attack's summary, and whether the escalation die shows. */
export interface AttackSummarizer {
  summarise(source: AttackSource): AttackSummary;
  /**
   * Whether the escalation die is in play and at least one attack summarised so far adds it: the
   * engine is asked with the die showing 1, attack by attack, until one says yes.
   */
  takesEscalation(): boolean;
}

/**
 * The summariser of one actor's attacks for the sheet: the actor is derived once (or its prepared
 * derived values read), on the first attack, and every attack shares it (a refusal to derive it is every attack's error).
 * @param escalation       the escalation die's current value (0 outside combat or when it is off)
 * @param escalationInPlay whether the die is in play in this world at all
 * @param typeLabel        label of a damage type
 * @param prepared         the actor's derived values as its data preparation left them (then not
 *                         derived again); absent when that preparation failed
 */
export function attackSummarizer(
  ruleset: Ruleset,
  options: RuleOptions,
  actor: ActorSource,
  escalation: number,
  escalationInPlay: boolean,
  typeLabel: (type: string) => string = (t) => t,
  prepared?: DerivedActor,
): AttackSummarizer {
  let derived: { ok: DerivedActor } | { err: unknown } | undefined = prepared ? { ok: prepared } : undefined;
  const derivedActor = (): DerivedActor => {
    if (!derived) {
      try {
        derived = { ok: ruleset.deriveActor(actor, options) };
      } catch (err) {
        derived = { err };
      }
    }
    if ("err" in derived) throw derived.err;
    return derived.ok;
  };
  // The escalation answer: found once an attack adds the die now; else the attacks to probe.
  let takes = false;
  const toProbe: { req: AttackRequest; plan: AttackPlan }[] = [];
  const summarise = (source: AttackSource): AttackSummary => {
    const defenseKey = defenseKeyOf(ruleset, source.power);
    const spec = ruleset.defenses.find((d) => d.key === defenseKey);
    // Each summary is one object literal: spreading shared fields and adding keys costs far more.
    const summary = (bonus: string, now: number, damage: string, error: string): AttackSummary => ({
      bonus,
      escalation: now,
      defenseKey,
      defenseAbbr: spec?.abbr ?? defenseKey,
      defenseLabel: spec?.label ?? defenseKey,
      damage,
      damageTypes: source.power.damageTypes.map(typeLabel),
      error,
    });
    try {
      const req = request(ruleset, options, actor, derivedActor(), source, escalation);
      // The plan holds the attacker's bonus, modes and damage; the escalation die only enters when
      // the roll is resolved, so the probe shares it.
      const plan = planAttack(req);
      const outcome = plainOutcome(req, plan);
      const now = escalationPart(outcome.modifiers);
      if (now > 0) takes = true;
      else if (escalationInPlay && !takes) toProbe.push({ req, plan });
      const done = summary(signed(outcome.total - outcome.natural), now, plan.hit ? formatDamage(plan.hit) : "", "");
      if (plan.parts?.length)
        done.parts = plan.parts.map((p) => ["+", formatDamage(p.expr), ...p.types.map(typeLabel)].join(" "));
      return done;
    } catch (err) {
      const e = err as { field?: unknown; message?: unknown };
      return summary("", 0, "", `${typeof e.field === "string" ? `${e.field}: ` : ""}${String(e.message ?? err)}`);
    }
  };
  const probe = ({ req, plan }: { req: AttackRequest; plan: AttackPlan }) => {
    try {
      return escalationPart(plainOutcome({ ...req, escalation: 1 }, plan).modifiers) > 0;
    } catch {
      return false;
    }
  };
  return {
    summarise,
    takesEscalation: () => {
      if (!escalationInPlay) return false;
      while (!takes && toProbe.length) takes = probe(toProbe.shift()!);
      return takes;
    },
  };
}
