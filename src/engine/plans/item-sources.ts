/**
 * A weapon clicked on its own attacks as a basic attack (pure): the ability the weapon names, else
 * Strength in melee and Dexterity at range, against the ruleset's first defense; the damage the
 * game gives a weapon in its wielder's hands (`Ruleset.weaponDamageFormula`: 13th Age level × the
 * weapon's die + the ability × tier, FFd20 1[W] + the ability; else `1[W]`), and the weapon's
 * miss damage where it states one ([13A-DMG], [FF-WDICE]). Powers come from
 * `D20Item#toPowerSource` (src/documents/item.ts).
 */
import type { Ruleset } from "../ruleset.js";
import type { ActorSource, PowerSource, WeaponSource } from "../types.js";

/** What a weapon's own attack needs to know about its wielder and the game. */
export interface WeaponAttackContext {
  ruleset: Pick<Ruleset, "weaponDamageFormula">;
  /** The wielder's kind (characters take the game's weapon formula; monsters deal printed damage). */
  kind: ActorSource["kind"];
  /** Resolves `@references` from the wielder's roll data (`@level`, `@str`, `@tier`). */
  resolve: (formula: string) => string;
}

/** The basic attack a weapon makes when clicked on its own. */
export function basicWeaponAttack(weapon: WeaponSource, defenseKey: string, ctx?: WeaponAttackContext): PowerSource {
  const ranged = weapon.ranged;
  const ability = weapon.attackAbility ?? (ranged ? "dex" : "str");
  const hasDice = weapon.damageDice.trim() !== "";
  const formula = hasDice ? (ctx?.ruleset.weaponDamageFormula?.(weapon, ability, ctx.kind) ?? "1[W]") : "";
  const resolve = ctx?.resolve ?? ((f: string) => f);
  const miss = (weapon.missDamage ?? "").trim();
  return {
    attackAbility: ability,
    attackBonus: 0,
    defense: defenseKey,
    range: ranged ? "ranged" : "melee",
    damage: formula ? resolve(formula) : "",
    damageTypes: [],
    missEffect: miss ? "formula" : "none",
    missDamage: miss ? resolve(miss) : "",
    critDamage: "",
    critRange: 0,
    ongoing: null,
    touch: false,
    nonlethal: false,
  };
}
