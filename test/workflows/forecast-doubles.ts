/**
 * Doubles of the system's Actor and Item documents for the forecast's adapter tests and
 * screenshots, made from the shipped pack actors: the surface the forecast reads (type, name,
 * system, engine sources) and a record of every write asked of them.
 */
import { getRuleset } from "../../src/engine/registry.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import type { PowerSource, RulesetId, WeaponSource } from "../../src/engine/types.js";
import { engineActor, powerOf, weaponOf, type PackActor, type PackItem } from "../packs/pack-sources.js";
import { packActor, packParty } from "../engine/forecast/pack-fights.js";

export const FORECAST_GAME = "13th-age";

/** The system Item's surface the forecast reads (type, name, system, its engine sources). */
export class ItemDouble {
  constructor(
    private readonly owner: PackActor,
    private readonly ruleset: Ruleset,
    private readonly doc: PackItem,
  ) {}
  get type(): string {
    return this.doc.type;
  }
  get name(): string {
    return this.doc.name;
  }
  get system(): Record<string, unknown> {
    return this.doc.system;
  }
  toPowerSource(): PowerSource {
    return powerOf(engineActor(this.owner), this.ruleset, this.doc);
  }
  toWeaponSource(): WeaponSource | null {
    if (this.doc.type === "weapon") return weaponOf(this.doc);
    const w = this.owner.items.find((i) => i.type === "weapon" && i.system.equipped);
    return w ? weaponOf(w) : null;
  }
}

/** An actor document made from a pack actor; every write it is asked for is recorded. */
export class ActorDouble {
  writes: unknown[] = [];
  readonly items: ItemDouble[];
  constructor(
    readonly doc: PackActor,
    readonly ruleset: Ruleset,
    readonly id = doc._id,
  ) {
    this.items = doc.items.map((i) => new ItemDouble(doc, ruleset, i));
  }
  get name(): string {
    return this.doc.name;
  }
  get type(): string {
    return this.doc.type;
  }
  get hasPlayerOwner(): boolean {
    return false;
  }
  toEngineSource() {
    return engineActor(this.doc);
  }
  getRollData(): Record<string, unknown> {
    return {};
  }
  toObject(): Record<string, unknown> {
    return structuredClone(this.doc) as unknown as Record<string, unknown>;
  }
  async update(data: unknown) {
    this.writes.push(data);
  }
  async setFlag(...args: unknown[]) {
    this.writes.push(args);
  }
}

/** A level-3 party against two Gutter Brutes, a Hobgoblin Warcaptain and a Marsh Hag. */
export function fightActors(): ActorDouble[] {
  const r = getRuleset(FORECAST_GAME);
  return [
    ...packParty(FORECAST_GAME, 3).map((d) => new ActorDouble(d, r)),
    ...["Gutter Brute", "Gutter Brute", "Hobgoblin Warcaptain", "Marsh Hag"].map(
      (n, i) => new ActorDouble(packActor(FORECAST_GAME, n), r, `foe${i}`),
    ),
  ];
}

/** Each game's foes for its level-3 party (the 13th Age fight's and three or four of each other game's monsters). */
export const GAME_FOES: Record<RulesetId, string[]> = {
  "13th-age": ["Gutter Brute", "Gutter Brute", "Hobgoblin Warcaptain", "Marsh Hag"],
  ffd20: ["Bandit Enforcer", "Ghoul", "Marsh Lurker", "Harpy Siren"],
  "hundred-dungeons": ["Orc Reaver", "Grave Ghoul", "Ember Hound"],
  "wounds-d20": ["Border Sergeant", "Cult Fanatic", "Frost Wolf", "Bog Zombie"],
};

/** A game's level-3 party against its {@link GAME_FOES}. */
export function gameFightActors(game: RulesetId): ActorDouble[] {
  const r = getRuleset(game);
  const foes = GAME_FOES[game];
  if (!foes) throw new Error(`no foes for ${game}`);
  return [
    ...packParty(game, 3).map((d) => new ActorDouble(d, r)),
    ...foes.map((n, i) => new ActorDouble(packActor(game, n), r, `foe${i}`)),
  ];
}

/** A combat of these actors, as the tracker reads it: its turns, each with its actor. */
export function combatOf(actors: ActorDouble[]) {
  const flags: Record<string, unknown> = {};
  return {
    flags,
    escalation: 0,
    turns: actors.map((a, i) => ({ id: `c${i}`, name: a.name, actor: a })),
  };
}
