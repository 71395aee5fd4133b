/**
 * Weapon attacks per game, from the weapon and the wielder ([13A-DMG], [FF-WDICE], [FF-ATKBONUS],
 * [HD-DMG], [WD-DMG]): a pack pregen's weapon row at levels 1, 3, 5 and 8, built as the sheet and
 * the card build it (`weaponAttackOf` with the owner's roll data, then `planAttack`), and one pack
 * monster's stat-block attack per game as printed. The damage the sheet row shows and the card
 * rolls is `formatDamage(plan.hit)`; the card header is `plan.formula`.
 */
import { describe, expect, it } from "vitest";
import { formatDamage } from "../../src/engine/dice.js";
import { planAttack } from "../../src/engine/plans/attack.js";
import { getRuleset } from "../../src/engine/registry.js";
import { durationOfChoice } from "../../src/engine/effects.js";
import type { RulesetId } from "../../src/engine/types.js";
import { engineActor, loadPacks, packAttackRequest, type PackActor, type PackItem } from "../packs/pack-sources.js";

const packs = loadPacks();

function actorDoc(pack: string, name: string): PackActor {
  const p = packs.find((x) => x.entry.name === pack);
  // A pregen by "Name (level N)": the level is a field, not the name.
  const doc = p?.docs.find((d) => {
    const a = d.doc as unknown as PackActor;
    return a.name === name || `${a.name} (level ${String(a.system.level)})` === name;
  })?.doc;
  if (!doc) throw new Error(`${pack}: no ${name}`);
  return doc as unknown as PackActor;
}

function item(doc: PackActor, name: string): PackItem {
  const i = doc.items.find((x) => x.name === name);
  if (!i) throw new Error(`${doc.name}: no ${name}`);
  return i;
}

/** The weapon row's damage, attack header and miss damage at a level. */
function row(game: RulesetId, pack: string, who: string, what: string, level: number) {
  const ruleset = getRuleset(game);
  const doc = actorDoc(pack, who);
  const req = packAttackRequest(ruleset, doc, item(doc, what), { ...engineActor(doc), level });
  const plan = planAttack(req);
  return { damage: plan.hit ? formatDamage(plan.hit) : "", header: plan.formula, miss: plan.miss, req, plan };
}

describe("weapon attacks per game, from the weapon and the wielder", () => {
  it("[13A-DMG] Bryndis's Longsword row deals level x d8 + Strength x tier at levels 1, 3, 5 and 8, and misses for her level", () => {
    // Strength 18: +4; tier x1 at 1-4, x2 at 5-7, x3 at 8-10.
    const expected: Record<number, string> = { 1: "1d8 + 4", 3: "3d8 + 4", 5: "5d8 + 8", 8: "8d8 + 12" };
    for (const level of [1, 3, 5, 8]) {
      const r = row("13th-age", "characters-13th-age", "Bryndis Oakhew (level 3)", "Longsword", level);
      expect(r.damage, `level ${level}`).toBe(expected[level]);
      // The card header: d20 + Strength + level (no escalation at round 1).
      expect(r.header, `level ${level}`).toBe(`1d20 + ${4 + level}`);
      expect(r.miss, `level ${level}`).toEqual({ dice: [], flat: level });
    }
  });

  it("[13A-DMG] Sefa's Rapier row rolls Dexterity, the ability the weapon names (a rogue's Dexterity melee)", () => {
    const r = row("13th-age", "characters-13th-age", "Sefa Quill (level 3)", "Rapier", 3);
    expect(r.req.power.attackAbility).toBe("dex");
    expect(r.req.power.range).toBe("melee");
  });

  it("[FF-WDICE] [FF-ATKBONUS] Garrick's Longsword row deals 1[W] + Strength at levels 1, 3, 5 and 8; attack ½ level + Str + proficiency", () => {
    for (const level of [1, 3, 5, 8]) {
      const r = row("ffd20", "characters-ffd20", "Garrick Vale (level 3)", "Longsword", level);
      expect(r.damage, `level ${level}`).toBe("1d8 + 4");
      const bonus = r.plan.bonus;
      expect(bonus, `level ${level}`).toBe(Math.floor(level / 2) + 4 + 3);
      expect(r.header).toBe(`1d20 + ${bonus}`);
    }
  });

  it("[HD-DMG] Hedda's Longsword row stays its class die with no ability, at every level", () => {
    for (const level of [1, 3, 5, 8]) {
      const r = row("hundred-dungeons", "characters-hundred-dungeons", "Hedda Stonehand", "Longsword", level);
      expect(r.damage, `level ${level}`).toBe("1d8");
    }
  });

  it("[WD-DMG] Aldric's Longsword row stays die + BCB + Strength, at every level", () => {
    for (const level of [1, 3, 5, 8]) {
      const r = row("wounds-d20", "characters-wounds-d20", "Aldric Fenn (level 3)", "Longsword", level);
      expect(r.damage, `level ${level}`).toBe("1d8 + 6");
    }
  });

  it("[13A-DMG] a pack power with WEAPON dice equal to the level (Heavy Blow) follows the level: 3d8 + 4 at 3, 5d8 + 8 at 5", () => {
    expect(row("13th-age", "characters-13th-age", "Bryndis Oakhew (level 3)", "Heavy Blow", 3).damage).toBe("3d8 + 4");
    expect(row("13th-age", "characters-13th-age", "Bryndis Oakhew (level 3)", "Heavy Blow", 5).damage).toBe("5d8 + 8");
    // "level + 2" dice: Unbreakable Charge.
    expect(row("13th-age", "characters-13th-age", "Bryndis Oakhew (level 3)", "Unbreakable Charge", 8).damage).toBe(
      "10d8 + 12",
    );
  });

  it("[13A-DMG] [FF-WDICE] [HD-DMG] [WD-DMG] a monster's stat-block attack deals its printed damage", () => {
    const monster = (game: RulesetId, pack: string, who: string, what: string) => {
      const ruleset = getRuleset(game);
      const doc = actorDoc(pack, who);
      const plan = planAttack(packAttackRequest(ruleset, doc, item(doc, what)));
      return plan.hit ? formatDamage(plan.hit) : "";
    };
    expect(monster("13th-age", "monsters-13th-age", "Cinder Imp", "Spark Flick")).toBe("4");
    expect(monster("ffd20", "monsters-ffd20", "Kiln Salamander", "Burning Tail")).toBe("1d8 + 5");
    expect(monster("hundred-dungeons", "monsters-hundred-dungeons", "Cave Bear", "Raking Claws")).toBe("1d8");
    expect(monster("wounds-d20", "monsters-wounds-d20", "Cult Fanatic", "Brand of the Pit")).toBe("1d6");
  });
});

describe("which weapon a power uses", () => {
  it("[13A-DMG] a ranged power with no weapon chosen uses an equipped ranged weapon, not the first equipped", () => {
    const doc = actorDoc("characters-13th-age", "Sefa Quill (level 3)");
    const ruleset = getRuleset("13th-age");
    const power: PackItem = structuredClone(item(doc, "Flying Blade"));
    power.system.weaponId = "";
    const req = packAttackRequest(ruleset, doc, power);
    expect(req.weapon?.name).toBe("Shortbow");
    const melee: PackItem = structuredClone(item(doc, "Shadow Jab"));
    melee.system.weaponId = "";
    expect(packAttackRequest(ruleset, doc, melee).weapon?.name).toBe("Rapier");
  });
});

describe("whose turn a duration counts, as a power states it", () => {
  it("[FF-DURATION] [SYS-EFFECTS] a stored 'its next turn' duration is the affected creature's, the plain one the creator's", () => {
    expect(durationOfChoice("endOfItsNextTurn")).toEqual({ duration: "endOfNextTurn", turnOf: "bearer" });
    expect(durationOfChoice("startOfItsNextTurn")).toEqual({ duration: "startOfNextTurn", turnOf: "bearer" });
    expect(durationOfChoice("endOfNextTurn")).toEqual({ duration: "endOfNextTurn", turnOf: "creator" });
    expect(durationOfChoice("later")).toBeNull();
  });
});

describe("damage typed only as printed", () => {
  it("[13A-DMG] Envenomed Edge's weapon damage stays untyped: its 'ongoing poison' rider does not make the hit poison", () => {
    const doc = actorDoc("characters-13th-age", "Sefa Quill (level 3)");
    const req = packAttackRequest(getRuleset("13th-age"), doc, item(doc, "Envenomed Edge"));
    expect(req.power.damageTypes).toEqual([]);
    const ongoing = [req.power.ongoing, ...(req.power.effects ?? []).map((e) => e.ongoing)];
    expect(ongoing.some((o) => o?.type === "poison")).toBe(true);
  });
});
