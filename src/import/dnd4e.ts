/**
 * [SYS-IMPORT] dnd4e (the 4th-edition system) → FFd20. Monsters keep their printed numbers: the
 * attack formula ("7", "@lvl + 5") is the power's flat bonus against AC, Fortitude, Reflex or Will,
 * the hit formula its damage, a rider after the damage an effect row when read for sure; role and
 * rank (minion, elite, solo) land in `role` and `rank`; resistances and vulnerabilities keep their amounts.
 */
import { ABILITY_KEYS } from "../engine/types.js";
import { addRider, addTraits, bounded, modOf, readAuraText, readRider } from "./common.js";
import { Losses } from "./report.js";
import { importFormula, type FormulaRefs } from "./formula.js";
import { at, int, list, num, obj, str, truthy } from "./json.js";
import {
  mapActionPoints,
  mapAura,
  mapClass,
  mapLimitedUse,
  mapMovement,
  mapRecharge,
  printLine,
  printOnPower,
} from "./mappings.js";
import { keptImage, newActor, newItem, type ActorDoc, type Ctx, type ItemDoc, type Plain } from "./shape.js";
import { asHtml, oneLine, plainText } from "./text.js";

const DEFENSES: Record<string, string> = { ac: "ac", fort: "fort", ref: "ref", wil: "will", will: "will" };
const ROLES = ["artillery", "brute", "controller", "lurker", "skirmisher", "soldier"];
const RANKS = ["minion", "standard", "elite", "solo"];
const USAGES: Record<string, string> = {
  atwill: "atWill",
  "at-will": "atWill",
  encounter: "encounter",
  daily: "daily",
};
const ACTIONS: Record<string, string> = {
  standard: "standard",
  move: "move",
  minor: "minor",
  free: "free",
  reaction: "reaction",
  interrupt: "interrupt",
  opportunity: "reaction",
  none: "free",
};
const SIZES: Record<string, string> = {
  tiny: "tiny",
  sm: "small",
  small: "small",
  med: "medium",
  medium: "medium",
  lg: "large",
  large: "large",
  huge: "huge",
  grg: "gargantuan",
  gargantuan: "gargantuan",
};

type Mods = Record<(typeof ABILITY_KEYS)[number], number>;

function refsFor(level: number, mods: Mods, ability: string, power: Plain, pc = false): FormulaRefs {
  const tier = level >= 21 ? 3 : level >= 11 ? 2 : 1;
  const refs: Record<string, number | string> = {
    lvl: level,
    level,
    lvhalf: Math.floor(level / 2),
    halfLevel: Math.floor(level / 2),
    tier,
    wepAttack: 0,
    wepDamage: 0,
    wepCritBonus: 0,
    enhance: 0,
    atkMod: 0,
    dmgMod: 0,
    powerMod: (ABILITY_KEYS as readonly string[]).includes(ability) ? mods[ability as keyof Mods] : 0,
  };
  for (const k of ABILITY_KEYS) refs[`${k}Mod`] = mods[k];
  if (pc) {
    // A character's power keeps our references: its ability modifier as @str…, its weapon dice as N[W]
    // (the wielded weapon's, enhancement added by the game), half its level added by the game.
    for (const k of ABILITY_KEYS) refs[`${k}Mod`] = `@${k}`;
    refs.powerMod = (ABILITY_KEYS as readonly string[]).includes(ability) ? `@${ability}` : 0;
    refs.lvhalf = 0;
    refs.halfLevel = 0;
  }
  // @powBase: the power's base dice ("@tier" × d6); weapon dice cannot be known from a stat block.
  const qty = importFormula(
    str(at(power, "hit.baseQuantity")).replace(/@tier/gi, String(tier)),
    { tier },
    "base",
    new Losses(),
  );
  const die = str(at(power, "hit.baseDiceType")).toLowerCase();
  if (qty && /^\d+$/.test(qty) && /^d\d+$/.test(die)) {
    refs.powBase = `${qty}${die}`;
    refs.powMax = Number(qty) * Number(die.slice(1));
  } else if (pc && qty && /^\d+$/.test(qty) && die === "weapon") refs.powBase = `${qty}[W]`;
  return refs as FormulaRefs;
}

/** A dnd4e power → our power (or a feature when it makes no attack and deals no damage). */
function powerOf(ctx: Ctx, doc: unknown, level: number, mods: Mods, key: string, pc = false): ItemDoc {
  const name = oneLine(at(doc, "name"), 200) || "Unnamed";
  const where = name;
  const sys = obj(at(doc, "system")) ?? obj(at(doc, "data")) ?? {};
  const isAttack = truthy(at(sys, "attack.isAttack"));
  const isDamage = truthy(at(sys, "hit.isDamage")) || str(at(sys, "hit.formula")) !== "";
  const item = newItem(ctx, "power", name, key, keptImage(at(doc, "img")));
  const p = item.system;
  p.weaponId = "none";
  p.attackAbility = null;
  const ability = str(at(sys, "attack.ability"));
  const refs = refsFor(level, mods, ability, sys, pc);
  const action = str(at(sys, "actionType"));
  if (ACTIONS[action]) p.actionType = ACTIONS[action];
  const useType = str(at(sys, "useType")).toLowerCase();
  if (useType === "recharge") {
    const roll = int(at(sys, "rechargeRoll"));
    const cond = plainText(str(at(sys, "rechargeCondition")));
    const bloodied = /bloodied/i.test(cond);
    mapRecharge(
      ctx,
      item,
      {
        target: roll ?? 0,
        die: "d6",
        bloodied,
        printed: roll ? `Recharge ${roll}+` : `Recharge ${cond || "when first bloodied"}`,
      },
      where,
    );
  } else if (USAGES[useType]) {
    p.usage = USAGES[useType];
    ctx.losses.auto(`${where}: ${useType} → usage`);
  } else if (useType) {
    const max = int(at(sys, "uses.max"));
    if (max)
      mapLimitedUse(
        ctx,
        item,
        { per: str(at(sys, "uses.per")) === "enc" ? "battle" : "day", count: max, printed: `${max} uses` },
        where,
      );
    else {
      printOnPower(item, `(${useType})`);
      ctx.losses.keep(`${where}: usage "${useType}" kept as text`, { lore: useType === "item" });
    }
  }
  // Range and area.
  const rt = str(at(sys, "rangeType"));
  const area = int(at(sys, "area")) ?? 0;
  if (["closeBurst", "closeBlast"].includes(rt)) {
    p.range = "close";
    p.area = { shape: rt === "closeBurst" ? "burst" : "blast", size: Math.max(1, area) };
  } else if (["rangeBurst", "rangeBlast", "wall", "areaBurst", "areaBlast"].includes(rt)) {
    p.range = "area";
    p.area = { shape: rt.endsWith("Blast") ? "blast" : rt === "wall" ? "none" : "burst", size: Math.max(1, area) };
  } else if (
    ["range", "ranged", "rangeBasic"].includes(rt) ||
    (rt === "weapon" && str(at(sys, "weaponType")) === "ranged")
  )
    p.range = "ranged";
  else p.range = "melee";
  if (isAttack) {
    const def = DEFENSES[str(at(sys, "attack.def")).toLowerCase()];
    if (def) p.defense = def;
    else ctx.losses.error(`${where}: attack against "${str(at(sys, "attack.def"))}", a defense this game lacks`);
    const formulaText = str(at(sys, "attack.formula"));
    const usesAbility = /@(powerMod|\w{3}Mod)/i.test(formulaText);
    if (pc && usesAbility && (ABILITY_KEYS as readonly string[]).includes(ability)) {
      // A character's attack: the game adds half level, the ability and the weapon's proficiency and
      // enhancement; the power keeps only its own bonus.
      const own = importFormula(
        formulaText.replace(/@(powerMod|\w{3}Mod|lvhalf|halfLevel|wepAttack|enhance|atkMod)/gi, "0"),
        refs,
        `${where}: attack bonus`,
        ctx.losses,
      );
      const n = own === null ? null : Number((own || "0").replace(/\s/g, ""));
      if (n !== null && Number.isFinite(n)) {
        p.attackAbility = ability;
        p.attackBonus = bounded(n + (int(at(sys, "attack.abilityBonus")) ?? 0));
        if (/@wepAttack/i.test(formulaText) || str(at(sys, "hit.baseDiceType")) === "weapon") p.weaponId = "";
        ctx.losses.auto(`${where}: attack ${ability} + ½ level vs. ${String(p.defense)} → attackAbility, defense`);
      }
    }
    const f =
      p.attackAbility !== null ? null : importFormula(formulaText || "0", refs, `${where}: attack bonus`, ctx.losses);
    const n = p.attackAbility !== null || f === null ? null : Number((f || "0").replace(/\s/g, ""));
    if (n !== null && Number.isFinite(n)) {
      const bonus =
        n +
        (int(at(sys, "attack.abilityBonus")) ?? 0) +
        (ability &&
        ability !== "form" &&
        (ABILITY_KEYS as readonly string[]).includes(ability) &&
        !/@(powerMod|\w{3}Mod)/i.test(str(at(sys, "attack.formula")))
          ? mods[ability as keyof Mods]
          : 0);
      p.attackBonus = bounded(bonus);
      ctx.losses.auto(`${where}: attack +${bonus} vs. ${String(p.defense)} → attackBonus, defense`);
    } else if (f !== null && p.attackAbility === null)
      ctx.losses.error(`${where}: attack bonus "${str(at(sys, "attack.formula"))}" rolls dice`);
  }
  if (isDamage) {
    const f = importFormula(str(at(sys, "hit.formula")), refs, `${where}: damage`, ctx.losses);
    if (f) {
      p.damage = f;
      if (/\[W\]/i.test(f)) p.weaponId = "";
      const types: string[] = [];
      for (const [w, on] of Object.entries(obj(at(sys, "damageType")) ?? {})) {
        if (!truthy(on) || w === "physical" || w === "damage") continue;
        if (ctx.ruleset.damageTypes.includes(w)) types.push(w);
        else ctx.losses.keep(`${where}: damage type ${w} kept as text`);
      }
      p.damageTypes = types;
      ctx.losses.auto(`${where}: damage ${f}${types.length ? ` ${types.join("/")}` : ""} → damage`);
    }
  }
  // The printed hit line after its damage, the miss line, the effect.
  const hitDetail = plainText(str(at(sys, "hit.detail")));
  const afterDamage = hitDetail.replace(/^[^.;]*?\bdamage\b[.,;]?\s*(and\s+)?/i, "").trim();
  if (afterDamage && afterDamage !== hitDetail.trim()) riderLine(ctx, item, "hit", afterDamage, where);
  else if (hitDetail && !isDamage) riderLine(ctx, item, "hit", hitDetail, where);
  const missDetail = plainText(str(at(sys, "miss.detail")));
  if (truthy(at(sys, "miss.halfDamage")) || /^half damage\.?$/i.test(missDetail)) {
    p.missEffect = "half";
    ctx.losses.auto(`${where}: miss: half damage → missEffect`);
    const rest = missDetail.replace(/^half damage[.,;]?\s*(and\s+)?/i, "").trim();
    if (rest) riderLine(ctx, item, "miss", rest, where);
  } else if (str(at(sys, "miss.formula")).trim() && /^[^.;]*\bdamage\b/i.test(missDetail || "damage")) {
    // "Miss: 5 damage": the miss formula; what follows the damage is a miss rider.
    const f = importFormula(str(at(sys, "miss.formula")), refs, `${where}: miss damage`, ctx.losses);
    if (f) {
      p.missEffect = "formula";
      p.missDamage = f;
      ctx.losses.auto(`${where}: miss: ${f} damage → missDamage`);
    }
    const rest = missDetail.replace(/^[^.;]*?\bdamage\b[.,;]?\s*(and\s+)?/i, "").trim();
    if (rest) riderLine(ctx, item, "miss", rest, where);
  } else if (missDetail) riderLine(ctx, item, "miss", missDetail, where);
  const effect = plainText(str(at(sys, "effect.detail")));
  if (effect) {
    printOnPower(item, `Effect: ${oneLine(effect, 1500)}`);
    ctx.losses.keep(`${where}: effect "${oneLine(effect, 60)}" kept as text`);
  }
  for (const k of ["trigger", "requirement", "special"]) {
    const t = plainText(str(at(sys, k)));
    if (t) {
      printOnPower(item, `${k[0]!.toUpperCase()}${k.slice(1)}: ${oneLine(t, 1000)}`);
      ctx.losses.keep(`${where}: ${k} kept as text`);
    }
  }
  const sustain = str(at(sys, "sustain.actionType"));
  if (sustain && ["standard", "move", "minor"].includes(sustain))
    ctx.losses.keep(`${where}: sustain ${sustain} kept as text`);
  const aura = int(at(sys, "auraSize"));
  if (rt === "aura" || aura) ctx.losses.flag(`${where}: an aura power; see the creature's auras`);
  p.description = asHtml(plainText(str(at(sys, "description.value"))));
  return item;
}

/**
 * A character's weapon → our weapon, when its dice read for sure (`damageDice.parts` rows of
 * [count, faces], or "1d8"); else null (the weapon stays gear, reported).
 */
function weaponOf(ctx: Ctx, doc: unknown, key: string): ItemDoc | null {
  const name = oneLine(at(doc, "name"), 200) || "Unnamed";
  const sys = obj(at(doc, "system")) ?? obj(at(doc, "data")) ?? {};
  const row = list(at(sys, "damageDice.parts"))[0];
  const count = Array.isArray(row) ? int(row[0]) : null;
  const faces = Array.isArray(row) ? int(row[1]) : null;
  const text = str(at(sys, "damageDice")).toLowerCase();
  const m = text.match(/^(\d+)d(\d+)$/);
  const dice = count && faces ? `${count}d${faces}` : m ? `${m[1]}d${m[2]}` : "";
  if (!/^\d{1,2}d(4|6|8|10|12)$/.test(dice)) return null;
  const w = newItem(ctx, "weapon", name, key, keptImage(at(doc, "img")));
  const kind = str(at(sys, "weaponType")).toLowerCase();
  Object.assign(w.system, {
    damageDice: dice,
    ranged: /ranged|crossbow|bow|sling/.test(kind),
    equipped: at(sys, "equipped") === undefined ? true : truthy(at(sys, "equipped")),
    proficient: true,
    proficiencyBonus: bounded(int(at(sys, "profBonus")) ?? 0, 0, 10),
    enhancement: bounded(int(at(sys, "enhance")) ?? 0, -10, 10),
  });
  ctx.losses.auto(`${name}: ${dice} weapon → weapon`);
  return w;
}

/** A rider sentence: an effect row when read for sure ("the target is dazed (save ends)"), else text. */
function riderLine(ctx: Ctx, item: ItemDoc, outcome: "hit" | "miss", text: string, where: string): void {
  const r = readRider(ctx, text);
  if (r) {
    addRider(ctx, item, { outcome, kind: "any", value: 0 }, r, text);
    ctx.losses.auto(
      `${where}: ${outcome} rider → effect (${[
        ...r.statuses,
        r.ongoing ? `${r.ongoing.amount} ongoing ${r.ongoing.type}` : "",
        r.forced ? `${r.forced.kind} ${r.forced.squares}` : "",
        r.aftereffect ? `aftereffect ${[...r.aftereffect.statuses].join(", ")}` : "",
      ]
        .filter(Boolean)
        .join(", ")})`,
    );
    ctx.losses.flag(`${where}: "${oneLine(text, 80)}" read from its text`);
    return;
  }
  const sys = item.system;
  if (outcome === "miss") sys.missText = oneLine(text, 1500);
  else printOnPower(item, oneLine(text, 1500));
  ctx.losses.keep(`${where}: ${outcome} "${oneLine(text, 60)}" kept as text`);
}

/** dnd4e actor → FFd20 actor. */
export function convertActor(ctx: Ctx, doc: unknown): ActorDoc {
  const pc =
    str(at(doc, "type")).toLowerCase() === "player character" ||
    str(at(doc, "type")) === "character" ||
    str(at(doc, "type")) === "Player Character";
  const actor = newActor(ctx, pc ? "character" : "npc", oneLine(at(doc, "name"), 200), keptImage(at(doc, "img")));
  const src = obj(at(doc, "system")) ?? obj(at(doc, "data")) ?? {};
  const sys = actor.system;
  const L = ctx.losses;
  const level = int(at(src, "details.level")) ?? 1;
  sys.level = bounded(level, 0, 100);
  L.auto(`level ${level} → level`);
  const mods = {} as Mods;
  for (const k of ABILITY_KEYS) {
    const score = num(at(src, `abilities.${k}.value`)) ?? 10;
    (sys.abilities as Plain)[k] = bounded(score, 1, 99);
    mods[k] = modOf(score);
  }
  L.auto("abilities → abilities");
  const hpMax = int(at(src, "attributes.hp.max"));
  if (hpMax === null || hpMax < 1) {
    L.error("no hit point maximum");
    sys.hp = { value: 1, max: 1, temp: 0 };
  } else {
    sys.hp = { value: bounded(int(at(src, "attributes.hp.value")) ?? hpMax), max: bounded(hpMax, 1), temp: 0 };
    L.auto(`HP ${hpMax} → hp`);
  }
  const defenses: Record<string, { base: number | null; bonus: number }> = {};
  for (const [k, ours] of Object.entries(DEFENSES)) {
    if (k === "will" && defenses.will) continue;
    const v = int(at(src, `defences.${k}.value`));
    if (v === null) continue;
    defenses[ours] = { base: bounded(v, -1000, 1000), bonus: 0 };
    L.auto(`${ours.toUpperCase()} ${v} → defenses.${ours}`);
  }
  for (const k of ["ac", "fort", "ref", "will"]) if (!defenses[k]) L.error(`no ${k.toUpperCase()}`);
  sys.defenses = defenses;
  if (pc) L.flag("a character's defenses are kept as printed (typed over what the class derives)");
  const init = int(at(src, "attributes.init.value"));
  if (init !== null) {
    // FFd20: a monster's initiative is its printed bonus; a character's adds Dex and half its level.
    sys.initiativeBonus = bounded(pc ? init - mods.dex - Math.floor(level / 2) : init);
    L.auto(`initiative +${init} → initiativeBonus`);
  }
  const speed = int(at(src, "movement.walk.value")) || int(at(src, "movement.base.value"));
  if (speed) {
    sys.speed = bounded(speed, 0);
    L.auto(`speed ${speed} → speed`);
  }
  const sq = (k: string): number => (int(at(src, `movement.${k}.value`)) ?? 0) * 5;
  mapMovement(ctx, actor, { fly: sq("fly"), climb: sq("climb"), swim: sq("swim"), burrow: sq("burrow") });
  const size = SIZES[str(at(src, "details.size")).toLowerCase()];
  if (size) sys.size = size;
  const ctype = [str(at(src, "details.origin")), str(at(src, "details.type"))].filter(Boolean).join(" ");
  if (ctype) sys.creatureType = ctype.slice(0, 200);
  if (!pc) {
    const primary = str(at(src, "details.role.primary")).toLowerCase();
    const secondary = str(at(src, "details.role.secondary")).toLowerCase();
    if (ROLES.includes(primary)) {
      sys.role = primary;
      L.auto(`role ${primary} → role`);
    }
    if (RANKS.includes(secondary)) {
      sys.rank = secondary;
      L.auto(`rank ${secondary} → rank${secondary === "minion" ? " (a minion)" : ""}`);
    } else if (secondary) L.keep(`rank "${secondary}" kept as text`);
    if (truthy(at(src, "details.role.leader"))) printLine(actor, "Leader.");
    const xp = int(at(src, "details.exp"));
    if (xp !== null) sys.xp = bounded(xp, 0);
    mapActionPoints(ctx, actor, int(at(src, "actionpoints.value")) ?? 0);
  } else {
    mapClass(ctx, actor, str(at(src, "details.class")), level, [
      "cleric",
      "fighter",
      "paladin",
      "ranger",
      "rogue",
      "warlock",
      "warlord",
      "wizard",
    ]);
    const surges = int(at(src, "details.surges.value"));
    if (surges !== null) {
      sys.recoveries = {
        ...(sys.recoveries as Plain),
        value: bounded(surges, 0),
        max: bounded(int(at(src, "details.surges.max")) ?? surges, 0),
        formula: String(int(at(src, "details.surgeValue")) || Math.floor((hpMax ?? 4) / 4)),
      };
      L.auto(`healing surges ${surges} → recoveries`);
    }
  }
  const saves = int(at(src, "details.saves.value"));
  if (saves) {
    sys.baseSaveBonus = bounded(saves);
    L.auto(`saving throws +${saves} → baseSaveBonus`);
  }
  // Resistances, vulnerabilities, immunities (amounts kept).
  for (const [type, r] of Object.entries(obj(at(src, "resistances")) ?? {})) {
    const res = int(at(r, "res")) ?? 0;
    const vuln = int(at(r, "vuln")) ?? 0;
    const immune = truthy(at(r, "immune"));
    const word = type === "damage" ? "all" : type;
    if (res > 0) addTraits(ctx, actor, "resistances", [word], res);
    if (vuln > 0) addTraits(ctx, actor, "vulnerabilities", [word], vuln);
    if (immune) addTraits(ctx, actor, "immunities", [word]);
  }
  // Items.
  list(at(doc, "items")).forEach((it, i) => {
    const t = str(at(it, "type"));
    const name = oneLine(at(it, "name"), 200) || "Unnamed";
    const key = `item/${str(at(it, "_id")) || i}`;
    if (t === "power") {
      const s = obj(at(it, "system")) ?? obj(at(it, "data")) ?? {};
      if (truthy(at(s, "attack.isAttack")) || truthy(at(s, "hit.isDamage"))) {
        actor.items.push(powerOf(ctx, it, level, mods, key, pc));
        return;
      }
      const aura = int(at(s, "auraSize")) || (str(at(s, "rangeType")) === "aura" ? int(at(s, "area")) : null);
      const f = newItem(ctx, "feature", name, key, keptImage(at(it, "img")));
      const text = [
        str(at(s, "effect.detail")),
        str(at(s, "trigger")),
        str(at(s, "special")),
        str(at(s, "description.value")),
      ]
        .map(plainText)
        .filter(Boolean)
        .join("\n");
      f.system.description = asHtml(text);
      actor.items.push(f);
      if (aura || /^aura\b|\baura \d+/i.test(name))
        mapAura(ctx, actor, {
          ...readAuraText(ctx, text),
          name,
          radius: aura || int(name.match(/aura (\d+)/i)?.[1]) || 1,
          printed: oneLine(text, 80),
        });
      else L.keep(`${name}: power without an attack kept as text`);
      return;
    }
    if (t === "weapon" && pc) {
      const w = weaponOf(ctx, it, key);
      if (w) {
        actor.items.push(w);
        return;
      }
    }
    if (["weapon", "equipment", "loot", "consumable", "backpack", "tool", "ritual"].includes(t)) {
      L.drop(`${name}: gear (${t}) left out`, { lore: true });
      return;
    }
    const f = newItem(ctx, "feature", name, key, keptImage(at(it, "img")));
    f.system.description = asHtml(plainText(str(at(it, "system.description.value"))));
    actor.items.push(f);
    L.keep(`${name}: ${t || "feature"} kept as text`, { lore: /knowledge|language/i.test(name) });
  });
  actor.items.forEach((it, i) => (it.sort = (i + 1) * 100000));
  sys.__description = plainText(str(at(src, "biography")) || str(at(src, "details.biography")));
  return actor;
}

/** A standalone dnd4e item → our item. */
export function convertItem(ctx: Ctx, doc: unknown): ItemDoc | null {
  const t = str(at(doc, "type"));
  const mods: Mods = { str: 0, dex: 0, con: 0, int: 0, wis: 0, cha: 0 };
  if (t === "power") {
    ctx.losses.flag("a standalone power's level-based numbers assume level 1");
    return powerOf(ctx, doc, int(at(doc, "system.level")) ?? 1, mods, "item");
  }
  ctx.losses.error(`a dnd4e ${t || "untyped"} item has nothing this system holds`);
  return null;
}
