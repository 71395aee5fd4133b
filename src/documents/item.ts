/**
 * The system's Item class (thin): the engine's view of powers and weapons, roll data with the
 * weapon dice for `[W]`, and the ruleset stamp on create.
 */
import { activeRulesetId } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import { chooseWeapon, powerSourceFrom, weaponReach, weaponSourceFrom, type Plain } from "../data/item-source.js";

import { rulesetMismatch } from "../data/stamp.js";
import type { PowerSource, RulesetId, WeaponSource } from "../engine/types.js";
import { afterCoreCheck, stampRuleset } from "./pre-write.js";

export class D20Item extends Item {
  private get systemRecord(): Plain {
    return this.system as unknown as Plain;
  }

  /**
   * The weapon this power is made with: none when it says so (`"none"`: spells, natural attacks),
   * its chosen weapon, else (`""`) the owner's first equipped weapon.
   */
  get powerWeapon(): D20Item | null {
    if ((this.type as string) === "weapon") return this;
    const actor = this.actor;
    if (!actor) return null;
    const weapons = [...actor.items].filter((i) => (i.type as string) === "weapon") as D20Item[];
    return chooseWeapon(
      this.systemRecord.weaponId,
      weapons,
      (w) => w.id,
      (w) => Boolean(w.systemRecord.equipped),
      { wanted: this.systemRecord.range, reachOf: (w) => weaponReach(w.systemRecord) },
    );
  }

  /**
   * The engine's view of a power item (formulas resolved against the owner's roll data; a caller
   * reading many of one actor's items passes that actor's `getRollData()`, read once).
   */
  toPowerSource(ownerRollData?: Record<string, unknown>): PowerSource {
    return powerSourceFrom(this.systemRecord, this.rollDataWith(ownerRollData ?? this.actor?.getRollData()));
  }

  /** The engine's view of a weapon item, or of this power's weapon; null when there is none. */
  toWeaponSource(): WeaponSource | null {
    const w = this.powerWeapon;
    return w ? weaponSourceFrom(w.name, w.systemRecord) : null;
  }

  /** Owner's roll data plus `@item` fields and `@weaponDice` (the dice `[W]` stands for). */
  override getRollData(): Record<string, unknown> {
    return this.rollDataWith(this.actor?.getRollData());
  }

  private rollDataWith(ownerRollData: Record<string, unknown> | undefined): Record<string, unknown> {
    const weapon = this.powerWeapon;
    return {
      ...(ownerRollData ?? {}),
      item: { ...this.systemRecord },
      weaponDice: weapon ? String(weapon.systemRecord.damageDice ?? "") : "",
    };
  }

  /** The ruleset this item was made for when it is not the world's, else null. */
  get foreignRuleset(): RulesetId | null {
    return rulesetMismatch(this.flags[SYSTEM_ID]?.ruleset, activeRulesetId());
  }

  protected override async _preCreate(...args: Parameters<Item["_preCreate"]>): Promise<boolean | void> {
    return afterCoreCheck(super._preCreate(...args), () => stampRuleset(this));
  }
}
