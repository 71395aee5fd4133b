/**
 * Forecast combatants made from the shipped packs (characters and monsters of each game), read the
 * way the adapter reads documents: every power item with its weapon and `@refs` resolved, every
 * equipped weapon as its basic attack, each power's usage as stored.
 */
import { powerUsageFrom, routineFrom } from "../../../src/data/item-source.js";
import type { ForecastAttack, ForecastCombatant, ForecastSide } from "../../../src/engine/forecast/index.js";
import { basicWeaponAttack } from "../../../src/engine/plans/item-sources.js";
import type { Ruleset } from "../../../src/engine/ruleset.js";
import type { RulesetId } from "../../../src/engine/types.js";
import { actorsOf } from "../../content/content.js";
import { engineActor, powerOf, weaponFor, weaponOf, type PackActor } from "../../packs/pack-sources.js";

/** The attacks a pack actor can make. */
export function packAttacks(ruleset: Ruleset, doc: PackActor): ForecastAttack[] {
  const actor = engineActor(doc);
  const out: ForecastAttack[] = [];
  for (const item of doc.items) {
    if (item.type === "power") {
      const w = weaponFor(doc, item);
      const routine = routineFrom(item.system);
      out.push({
        name: item.name,
        power: powerOf(actor, ruleset, item),
        weapon: w ? weaponOf(w) : null,
        usage: powerUsageFrom(item.system),
        ...(item._id ? { id: item._id } : {}),
        ...(routine ? { routine } : {}),
      });
    } else if (item.type === "weapon" && item.system.equipped) {
      out.push({
        name: item.name,
        power: basicWeaponAttack(weaponOf(item), ruleset.defenses[0]!.key),
        weapon: weaponOf(item),
        usage: null,
      });
    }
  }
  return out;
}

/** A pack actor as a forecast combatant (`n` tells copies of one monster apart). */
export function packCombatant(ruleset: Ruleset, doc: PackActor, side: ForecastSide, n = 0): ForecastCombatant {
  return {
    id: `${doc._id}-${n}`,
    name: n ? `${doc.name} ${n + 1}` : doc.name,
    side,
    actor: engineActor(doc),
    attacks: packAttacks(ruleset, doc),
  };
}

/** A game's pack actor by name (characters: the one at `level` when several share the name). */
export function packActor(game: RulesetId, name: string, level?: number): PackActor {
  const found = actorsOf(game).find(
    (a) => a.name.replace(/ \(level \d+\)$/, "") === name && (level === undefined || Number(a.system.level) === level),
  );
  if (!found) throw new Error(`no pack actor "${name}"${level ? ` at level ${level}` : ""} in ${game}`);
  return found;
}

/** A game's pregens at one level. */
export function packParty(game: RulesetId, level: number): PackActor[] {
  return actorsOf(game).filter((a) => a.type === "character" && Number(a.system.level) === level);
}
