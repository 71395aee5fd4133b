/**
 * Plain-data builders for the attack-workflow tests: actors, powers, target snapshots and attack
 * requests against the real rulesets from the registry, with each ruleset's default Open-rule values.
 */
import { defaultActorSource } from "../../src/engine/common.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import type {
  ActorSource,
  PowerSource,
  RuleOptions,
  RulesetId,
  Situation,
  WeaponSource,
} from "../../src/engine/types.js";
import { plainSituation, type AttackRequest, type TargetSnapshot } from "../../src/engine/plans/attack.js";
import { powerSource, weaponSource } from "../support/engine-fixtures.js";

/** The ruleset's default value for every Open rule. */
export function defaultOptions(ruleset: Ruleset): RuleOptions {
  return Object.fromEntries(ruleset.options.map((o) => [o.key, o.default]));
}

/** A stat-block power (+5 against AC, 1d8 + 4 melee damage): the engine fixture with those defaults. */
export function power(overrides: Partial<PowerSource> = {}): PowerSource {
  return powerSource({ attackAbility: null, attackBonus: 5, damage: "1d8 + 4", ...overrides });
}

/** A proficient one-handed martial 1d8 longsword: the engine fixture under its workflow-test name. */
export const weapon: (overrides?: Partial<WeaponSource>) => WeaponSource = weaponSource;

/** An NPC target with one stat-block defense value for every defense key of the ruleset. */
export function npc(ruleset: Ruleset, defense: number, overrides: Partial<ActorSource> = {}): ActorSource {
  const defenses = Object.fromEntries(ruleset.defenses.map((d) => [d.key, { base: defense, bonus: 0 }]));
  return defaultActorSource({ kind: "npc", level: 1, hp: { value: 30, max: 30, temp: 0 }, defenses, ...overrides });
}

export function target(uuid: string, actor: ActorSource, name = uuid): TargetSnapshot {
  return { uuid: `Scene.s1.Token.${uuid}`, actorUuid: `Actor.${uuid}`, name, img: "icons/svg/mystery-man.svg", actor };
}

export interface RequestParts {
  attacker?: ActorSource;
  power?: PowerSource;
  weapon?: WeaponSource | null;
  targets?: TargetSnapshot[];
  situation?: Partial<Situation>;
  escalation?: number;
  options?: RuleOptions;
}

/** An attack request for a ruleset from the registry. The attacker defaults to an NPC with a flat +5 power. */
export function request(id: RulesetId, parts: RequestParts = {}): AttackRequest {
  const ruleset = getRuleset(id);
  return {
    ruleset,
    options: parts.options ?? defaultOptions(ruleset),
    attacker: { uuid: "Actor.attacker", name: "Attacker", actor: parts.attacker ?? npc(ruleset, 10) },
    item: { name: "Strike", img: "icons/svg/sword.svg" },
    power: parts.power ?? power(),
    weapon: parts.weapon ?? null,
    situation: plainSituation(parts.situation ?? {}),
    escalation: parts.escalation ?? 0,
    targets: parts.targets ?? [],
  };
}

/** The defense value the ruleset derives for a target (tests reason from it rather than assume it). */
export function derivedDefense(ruleset: Ruleset, actor: ActorSource, key: string): number {
  const value = ruleset.deriveActor(actor, defaultOptions(ruleset)).defenses[key];
  if (value === undefined) throw new Error(`no defense ${key}`);
  return value;
}
