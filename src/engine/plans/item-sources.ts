/**
 * A weapon clicked on its own attacks as a basic attack (pure): its own dice (`1[W]`), Strength
 * in melee and Dexterity at range, against the ruleset's first defense. Powers come from
 * `D20Item#toPowerSource` (src/documents/item.ts).
 */
import type { PowerSource, WeaponSource } from "../types.js";

/** The basic attack a weapon makes when clicked on its own. */
export function basicWeaponAttack(weapon: WeaponSource, defenseKey: string): PowerSource {
  const ranged = weapon.ranged;
  return {
    attackAbility: ranged ? "dex" : "str",
    attackBonus: 0,
    defense: defenseKey,
    range: ranged ? "ranged" : "melee",
    damage: weapon.damageDice.trim() !== "" ? "1[W]" : "",
    damageTypes: [],
    missEffect: "none",
    missDamage: "",
    critDamage: "",
    critRange: 0,
    ongoing: null,
    touch: false,
    nonlethal: false,
  };
}
