/**
 * [SYS-IMPORT] dnd5e (2014 and 2024 data, activities or the older `actionType` shape) → Hundred
 * Dungeons. Hundred Dungeons keeps ability modifiers as its scores, one Defense (the AC), renown
 * for the proficiency bonus, resistance that halves, and ability rolls for saves; a 5th-edition
 * attack bonus (ability + proficiency) becomes the power's ability plus its own bonus.
 */
import { ABILITY_KEYS } from "../engine/types.js";
import { addTraits, bounded, damageTypesFor, effectRow, modOf } from "./common.js";
import { detectSource } from "./detect.js";
import { importFormula, type FormulaRefs } from "./formula.js";
import { at, int, list, num, obj, str, truthy, words } from "./json.js";
import {
  mapClass,
  mapConditionImmunities,
  mapDamageParts,
  mapLegendary,
  mapLimitedUse,
  mapMovement,
  mapRecharge,
  mapRoutine,
  mapSaveAttack,
  mapTraitBypass,
  printLine,
  type DamagePart,
} from "./mappings.js";
import {
  itemHasField,
  keptImage,
  newActor,
  newItem,
  type ActorDoc,
  type Ctx,
  type ItemDoc,
  type Plain,
} from "./shape.js";
import { asHtml, oneLine, plainText } from "./text.js";
import { conditionFor } from "./words.js";
import { dnd5eText, heldBy, readRider, type HitGrapple, type Names, type SaveCondition } from "./dnd5e-text.js";

type Abilities = Record<(typeof ABILITY_KEYS)[number], number>;

/** What an embedded item needs from its owner. */
interface Owner {
  mods: Abilities;
  prof: number;
  spellAbility: (typeof ABILITY_KEYS)[number] | null;
  spellDc: number | null;
  isNpc: boolean;
  /** The owner's items by id, for `[[/item .id]]` in printed text. */
  names: Names;
}

/** An item's printed rider as read once for all its activities' powers. */
interface Rider {
  rest: string;
  saveCondition: SaveCondition | null;
  grapple: HitGrapple | null;
}

const SIZES: Record<string, string> = {
  tiny: "tiny",
  sm: "small",
  med: "medium",
  lg: "large",
  huge: "huge",
  grg: "gargantuan",
};
const XP: Record<string, number> = {
  "0": 10,
  "1/8": 25,
  "1/4": 50,
  "1/2": 100,
  "1": 200,
  "2": 450,
  "3": 700,
  "4": 1100,
  "5": 1800,
  "6": 2300,
  "7": 2900,
  "8": 3900,
  "9": 5000,
  "10": 5900,
  "11": 7200,
  "12": 8400,
  "13": 10000,
  "14": 11500,
  "15": 13000,
  "16": 15000,
  "17": 18000,
  "18": 20000,
  "19": 22000,
  "20": 25000,
  "21": 33000,
  "22": 41000,
  "23": 50000,
  "24": 62000,
  "25": 75000,
  "26": 90000,
  "27": 105000,
  "28": 120000,
  "29": 135000,
  "30": 155000,
};
const BYPASS: Record<string, string> = { mgc: "magic", ada: "adamantine", sil: "silver" };
const ACTIVATION: Record<string, string> = {
  action: "standard",
  bonus: "quick",
  reaction: "reaction",
  legendary: "free",
  mythic: "free",
  special: "free",
};
/** Trait names that are lore (senses, breathing, ecology): they never make a monster partial. */
const LORE_TRAIT =
  /^(keen |amphibious|water breathing|hold breath|limited amphibiousness|echolocation|telepath|illumination|false appearance|speak with|mimicry|languages?|understands|beast of burden|fey ancestry|standing leap|siege monster)/i;

/**
 * Pack Tactics' whole text (2014 and 2024 words): advantage on an attack against a creature with an
 * ally of the creature's within 5 feet of it, the ally not incapacitated.
 */
const PACK_TACTICS =
  /^the [^.]{1,60}? has advantage on an attack roll against a creature if at least one of the [^.]{1,60}? allies is within 5 (?:feet|ft\.?) of the creature and the ally (?:isn't|isn’t|is not) incapacitated\.?$|^the [^.]{1,60}? has advantage on an attack roll against a creature if at least one of the [^.]{1,60}? allies is within 5 (?:feet|ft\.?) of the creature and the ally doesn't have the incapacitated condition\.?$/i;

/** A legendary action's whole text when it only makes one attack of the creature's. */
const LEGENDARY_ATTACK = /^the [^.]{1,60}? makes (?:a|an|one) [^.]{1,80}? attack\.?$/i;
/** A legendary action's whole text when it is a skill check (lore: skills never make a monster partial). */
const LEGENDARY_CHECK =
  /^the [^.]{1,60}? makes an? (?:strength|dexterity|constitution|intelligence|wisdom|charisma) \([a-z ]+\) check\.?$/i;

function crText(cr: number): string {
  if (cr <= 0) return "0";
  if (cr < 0.2) return "1/8";
  if (cr < 0.3) return "1/4";
  if (cr < 1) return "1/2";
  return String(Math.min(30, Math.floor(cr)));
}

/** The 5th-edition proficiency bonus of a challenge rating or level. */
function profFor(levelOrCr: number): number {
  return Math.max(2, Math.floor((Math.max(1, levelOrCr) - 1) / 4) + 2);
}

function refsOf(owner: Owner, mod: number): FormulaRefs {
  const spellDc = owner.spellDc ?? 8 + owner.prof + owner.mods[owner.spellAbility ?? "int"];
  const refs: Record<string, number> = {
    mod,
    prof: owner.prof,
    "attributes.prof": owner.prof,
    "attributes.spell.dc": spellDc,
    "attributes.spelldc": spellDc,
    "attributes.spell.mod": owner.mods[owner.spellAbility ?? "int"],
  };
  for (const k of ABILITY_KEYS) {
    refs[k] = owner.mods[k];
    refs[`abilities.${k}.mod`] = owner.mods[k];
  }
  return refs;
}

/** The activities of an item: its `activities` (dnd5e 4+), or one made from the older fields. */
function activitiesOf(sys: Plain): Plain[] {
  const acts = list(sys.activities).filter((a): a is Plain => obj(a) !== null);
  if (acts.length || obj(sys.activities)) return acts;
  const at0 = str(sys.actionType);
  if (!at0) return [];
  const type = ["mwak", "rwak", "msak", "rsak"].includes(at0)
    ? "attack"
    : at0 === "save"
      ? "save"
      : at0 === "heal"
        ? "heal"
        : "utility";
  return [
    {
      type,
      legacy: true,
      activation: sys.activation,
      attack: {
        ability: sys.ability,
        bonus: sys.attackBonus,
        flat: false,
        type: {
          value: at0.startsWith("m") ? "melee" : "ranged",
          classification: at0.endsWith("sak") ? "spell" : "weapon",
        },
      },
      damage: { parts: sys.damage === undefined ? [] : at(sys, "damage.parts"), onSave: "half" },
      save: {
        ability: at(sys, "save.ability"),
        dc: {
          formula: at(sys, "save.dc"),
          calculation: str(at(sys, "save.scaling")) === "flat" ? "" : str(at(sys, "save.scaling")),
        },
      },
      critical: at(sys, "critical"),
    },
  ];
}

/** One damage part of either shape: `{ number, denomination, bonus, types, custom }` or `[formula, type]`. */
function readPart(ctx: Ctx, part: unknown, refs: FormulaRefs, where: string): DamagePart | null {
  let formula: string | null;
  let typeWords: string[];
  if (Array.isArray(part)) {
    formula = importFormula(part[0], refs, where, ctx.losses);
    typeWords = str(part[1]) ? [str(part[1])] : [];
  } else {
    const custom = truthy(at(part, "custom.enabled")) ? str(at(part, "custom.formula")) : "";
    const n = int(at(part, "number"));
    const d = int(at(part, "denomination"));
    const bonus = str(at(part, "bonus"));
    const text = custom || [n && d ? `${n}d${d}` : "", bonus].filter(Boolean).join(" + ");
    formula = importFormula(text, refs, where, ctx.losses);
    typeWords = words(at(part, "types"));
  }
  if (formula === null || formula === "") return null;
  const { types, unknown } = damageTypesFor(ctx, typeWords);
  if (unknown.length)
    ctx.losses.keep(`${where}: damage type ${unknown.join(", ")} kept as text (not a type of this game)`);
  return { formula, types, printed: `${formula}${typeWords.length ? ` ${typeWords.join("/")}` : ""}` };
}

function attackAbilityOf(
  itemSys: Plain,
  act: Plain,
  owner: Owner,
  ranged: boolean,
  spell: boolean,
): (typeof ABILITY_KEYS)[number] {
  const named = str(at(act, "attack.ability")) || str(itemSys.ability);
  if ((ABILITY_KEYS as readonly string[]).includes(named)) return named as (typeof ABILITY_KEYS)[number];
  if (spell || named === "spellcasting") return owner.spellAbility ?? "int";
  const props = words(itemSys.properties);
  if (props.includes("fin")) return owner.mods.dex > owner.mods.str ? "dex" : "str";
  return ranged ? "dex" : "str";
}

/** Effects an activity applies (the item's Active Effects it names) as our condition ids. */
function activityConditions(ctx: Ctx, doc: unknown, act: Plain, where: string): string[] {
  const ids = list(act.effects).map((e) => str(at(e, "_id")));
  const out: string[] = [];
  for (const eff of list(at(doc, "effects"))) {
    if (!ids.includes(str(at(eff, "_id")))) continue;
    for (const s of words(at(eff, "statuses"))) {
      const id = conditionFor(ctx.ruleset, s);
      if (id) {
        if (!out.includes(id)) out.push(id);
        ctx.losses.auto(`${where}: condition ${s} → ${id}`);
      } else ctx.losses.keep(`${where}: condition ${s} kept as text (not a condition of this game)`);
    }
  }
  return out;
}

/** Boilerplate of a printed 5e attack line; what is left of a description is its rider text. */
function riderText(description: string): string {
  return description
    .replace(/(melee|ranged|melee or ranged) (weapon |spell )?attack( roll)?:[^.]*\./gi, "")
    .replace(/\bhit:\s*\d+\s*\([^)]*\)\s*[a-z ]*damage( plus \d+ \([^)]*\) [a-z ]*damage)?\.?/gi, "")
    .replace(/\bhit:\s*/gi, "")
    .replace(/\b(strength|dexterity|constitution|intelligence|wisdom|charisma) saving throw:[^.]*\./gi, "")
    .replace(/\b(failure|success|failure or success):\s*(\d+\s*\([^)]*\)\s*)?(half )?[a-z ]*damage( only)?\./gi, "")
    .replace(
      /[^.]*must (make|succeed on) a dc \d+ \w+ saving throw, taking \d+ \([^)]*\) [a-z]+ damage on a failed save, or half as much damage on a successful one\./gi,
      "",
    )
    .replace(/^[\s.,;]+/, "")
    .replace(/^\s*[.\s]*$/, "")
    .trim();
}

/** Usage of an item: recharge, uses per day / rest, legendary or lair activation. */
function usageOf(ctx: Ctx, item: ItemDoc, sys: Plain, where: string): void {
  const recovery = list(at(sys, "uses.recovery"));
  const max = int(at(sys, "uses.max"));
  for (const r of recovery) {
    const period = str(at(r, "period"));
    if (period === "recharge") {
      const t = int(at(r, "formula")) ?? 6;
      mapRecharge(ctx, item, { target: t, die: "d6", printed: t >= 6 ? "Recharge 6" : `Recharge ${t}–6` }, where);
      return;
    }
    if (["day", "dawn", "lr", "sr", "dusk"].includes(period) && max) {
      mapLimitedUse(ctx, item, { per: "day", count: max, printed: `${max}/Day` }, where);
      return;
    }
  }
  const legacyRecharge = int(at(sys, "recharge.value"));
  if (legacyRecharge) {
    mapRecharge(
      ctx,
      item,
      {
        target: legacyRecharge,
        die: "d6",
        printed: legacyRecharge >= 6 ? "Recharge 6" : `Recharge ${legacyRecharge}–6`,
      },
      where,
    );
    return;
  }
  const per = str(at(sys, "uses.per"));
  if (max && ["day", "lr", "sr", "dawn"].includes(per))
    mapLimitedUse(ctx, item, { per: "day", count: max, printed: `${max}/Day` }, where);
}

function actionOf(act: Plain, sys: Plain): string {
  const a = str(at(act, "activation.type")) || str(at(sys, "activation.type"));
  return ACTIVATION[a] ?? "standard";
}

/** A power made from one attack activity. */
function attackPower(
  ctx: Ctx,
  doc: unknown,
  sys: Plain,
  act: Plain,
  owner: Owner,
  name: string,
  key: string,
  rider: Rider,
): ItemDoc {
  const where = name;
  const item = newItem(ctx, "power", name, key, keptImage(at(doc, "img")));
  const p = item.system;
  const cls = str(at(act, "attack.type.classification"));
  const spell = cls === "spell" || str(at(doc, "type")) === "spell";
  const rangedWord = str(at(act, "attack.type.value")) || (str(at(sys, "actionType")).startsWith("r") ? "ranged" : "");
  const ranged =
    rangedWord === "ranged" ||
    (rangedWord === "" && (int(at(sys, "range.value")) ?? 0) > 10 && !int(at(sys, "range.reach")));
  const ability = attackAbilityOf(sys, act, owner, ranged, spell);
  const mod = owner.mods[ability];
  const refs = refsOf(owner, mod);
  const magic = int(sys.magicalBonus) ?? 0;
  const bonusRaw = str(at(act, "attack.bonus"));
  const flat = truthy(at(act, "attack.flat"));
  const bonus = bonusRaw ? importFormula(bonusRaw, refs, `${where}: attack bonus`, ctx.losses) : "";
  const bonusN = bonus ? Number(bonus.replace(/\s/g, "")) : 0;
  if (bonus && !Number.isFinite(bonusN)) ctx.losses.keep(`${where}: attack bonus ${bonusRaw} rolls dice; kept as text`);
  const extra = Number.isFinite(bonusN) ? bonusN : 0;
  if (flat) {
    p.attackAbility = null;
    p.attackBonus = bounded(extra);
  } else {
    p.attackAbility = ability;
    // The proficiency bonus (renown) rides on the power: our weaponless power adds no renown.
    const profd = str(at(doc, "type")) !== "weapon" || at(sys, "proficient") !== 0 ? owner.prof : 0;
    p.attackBonus = bounded(profd + magic + extra);
  }
  ctx.losses.auto(
    `${where}: attack ${flat ? "" : `${ability} `}+${flat ? extra : mod + Number(p.attackBonus)} → attackAbility, attackBonus`,
  );
  p.defense = "def";
  p.range = ranged ? "ranged" : "melee";
  p.actionType = actionOf(act, sys);
  p.weaponId = "none";
  const thr = int(at(act, "attack.critical.threshold")) ?? int(at(sys, "critical.threshold"));
  if (thr && thr < 20) {
    p.critRange = 20 - thr;
    ctx.losses.auto(`${where}: critical on ${thr}–20 → critRange`);
  }
  // Damage: the weapon's base damage (+ ability modifier), then the activity's parts.
  const parts: DamagePart[] = [];
  let twoHanded: DamagePart | null = null;
  const legacy = truthy(act.legacy);
  if (!legacy && str(at(doc, "type")) === "weapon" && at(act, "damage.includeBase") !== false) {
    const base = obj(at(sys, "damage.base"));
    if (base && (int(base.number) || truthy(at(base, "custom.enabled")))) {
      const part = readPart(
        ctx,
        { ...base, bonus: [str(base.bonus), "@mod", magic ? String(magic) : ""].filter(Boolean).join(" + ") },
        refs,
        `${where}: damage`,
      );
      if (part) parts.push(part);
    }
    const vers = obj(at(sys, "damage.versatile"));
    if (parts.length && vers && int(vers.number) && int(vers.denomination)) {
      const types = words(vers.types).length ? words(vers.types) : words(base?.types);
      twoHanded = readPart(
        ctx,
        { ...vers, types, bonus: [str(vers.bonus), "@mod", magic ? String(magic) : ""].filter(Boolean).join(" + ") },
        refs,
        `${where}: two-handed damage`,
      );
    }
  }
  for (const raw of list(at(act, "damage.parts"))) {
    const part = readPart(ctx, raw, refs, `${where}: damage`);
    if (part) parts.push(part);
  }
  applyDamage(ctx, item, parts, where);
  const conds = activityConditions(ctx, doc, act, where);
  if (conds.length) {
    (p.effects as Plain[]).push(effectRow({ statuses: conds, duration: "endOfEncounter" }));
    ctx.losses.flag(
      `${where}: conditions on a hit last until the end of the battle here; check how the source ends them`,
    );
  }
  const grappled = !conds.length && rider.grapple !== null && grappleOf(ctx, item, rider.grapple, owner, where);
  riderOf(ctx, item, doc, where, conds.length > 0 || grappled, rider, owner.names);
  usageOf(ctx, item, sys, where);
  if (twoHanded) {
    // [SYS-IMPORT] Versatile: the weapon held in two hands is the same attack with its two-handed damage.
    const two = structuredClone(item);
    two._id = newItem(ctx, "power", name, `${key}/2h`)._id;
    two.name = `${name} (two-handed)`;
    two.system.damage = twoHanded.formula;
    two.system.damageTypes = twoHanded.types;
    ctx.losses.auto(`${where}: two-handed damage ${twoHanded.printed} → the power ${two.name}`);
    TWO_HANDED.set(item, two);
  }
  return item;
}

/**
 * [SYS-IMPORT] [HD-COND] A hit's printed grapple (2014 data holds it only in words): the target is
 * grappled (and restrained while held) until it escapes or the battle ends. The escape is this
 * game's own: an action rolling Strength or Dexterity at 12 + the grappler's Strength (the Escape
 * procedure), not the printed DC; the review line gives both numbers.
 */
function grappleOf(ctx: Ctx, item: ItemDoc, g: HitGrapple, owner: Owner, where: string): boolean {
  const ids = g.words.map((w) => conditionFor(ctx.ruleset, w)).filter((x): x is string => x !== null);
  if (ids.length !== g.words.length) return false;
  (item.system.effects as Plain[]).push(effectRow({ outcome: "hit", statuses: ids, duration: "endOfEncounter" }));
  ctx.losses.auto(`${where}: on a hit ${ids.join(", ")} (escape DC ${g.escapeDc}) → effect until escaped`);
  ctx.losses.flag(
    `${where}: printed escape DC ${g.escapeDc}; this game's Escape rolls against 12 + the grappler's Strength (${12 + owner.mods.str})`,
  );
  return true;
}

/**
 * [SYS-IMPORT] A damage part of several types in dnd5e is a choice made as it is rolled ("3 (1d6)
 * lightning or thunder damage (djinni's choice)", Chromatic Orb), not damage of every type at once:
 * stored as both, a creature resisting one type would take it whole. The power becomes one power per
 * type, "‹power› (lightning)", "‹power› (thunder)", the user picking as the source's user picks. Two
 * such parts in one power (a choice of choices) stay one power, its damage types kept as text.
 */
function typeChoice(ctx: Ctx, item: ItemDoc, key: string): ItemDoc[] {
  if (item.type !== "power") return [item];
  const p = item.system;
  const parts = (p.damageParts as { formula: string; types: string[] }[] | undefined) ?? [];
  const main = (p.damageTypes as string[] | undefined) ?? [];
  const choices = [main, ...parts.map((x) => x.types)].filter((t) => t.length > 1);
  if (!choices.length) return [item];
  const where = item.name;
  if (choices.length > 1) {
    ctx.losses.keep(
      `${where}: two damage parts each of a chosen type kept as text (one power per type would not say it)`,
    );
    // Untyped where the type is a choice: stored as every type at once, a creature resisting one
    // chosen type would take it whole; the text says the choice.
    const one = structuredClone(item);
    if (main.length > 1) one.system.damageTypes = [];
    one.system.damageParts = parts.map((x) => (x.types.length > 1 ? { ...x, types: [] } : x));
    return [one];
  }
  const types = choices[0]!;
  ctx.losses.auto(`${where}: damage of a chosen type (${types.join(" or ")}) → one power per type`);
  return types.map((t) => {
    const one = structuredClone(item);
    one._id = newItem(ctx, "power", where, `${key}/type/${t}`)._id;
    one.name = `${where} (${t})`;
    TYPE_CHOSEN.add(one);
    if (main.length > 1) one.system.damageTypes = [t];
    else one.system.damageParts = parts.map((x) => (x.types.length > 1 ? { ...x, types: [t] } : x));
    return one;
  });
}

/** Powers made one per damage type of a choice (`typeChoice`). */
const TYPE_CHOSEN = new WeakSet<ItemDoc>();

/** The two-handed power of a versatile weapon's attack power. */
const TWO_HANDED = new WeakMap<ItemDoc, ItemDoc>();

function applyDamage(ctx: Ctx, item: ItemDoc, parts: readonly DamagePart[], where: string): void {
  if (!parts.length) return;
  const [main, ...extra] = parts;
  item.system.damage = main!.formula;
  item.system.damageTypes = main!.types;
  ctx.losses.auto(`${where}: damage ${main!.printed} → damage`);
  mapDamageParts(ctx, item, extra, where);
}

/** The description's rider text: read for sure into an effect row, else kept as text for review. */
function riderOf(
  ctx: Ctx,
  item: ItemDoc,
  doc: unknown,
  where: string,
  conditionsRead: boolean,
  rider: Rider,
  names: Names,
): void {
  const desc = dnd5eText(at(doc, "system.description.value") ?? at(doc, "data.description.value"), names, false);
  item.system.description = asHtml(desc);
  const rest = rider.rest;
  if (rest.split(/\s+/).filter(Boolean).length < 3) return;
  const hit = item.system.hitEffect as string;
  item.system.hitEffect = hit ? `${hit} ${oneLine(rest, 1500)}` : oneLine(rest, 1500);
  if (conditionsRead)
    ctx.losses.flag(`${where}: the printed rider is kept beside the conditions read from its effects`);
  else {
    ctx.losses.keep(`${where}: rider "${oneLine(rest, 80)}" kept as text`);
    ctx.losses.flag(`${where}: rider kept as text; check it at the table`);
  }
}

/** The rider's durations in this model: 1 minute is the battle, a repeated save is the game's save ends. */
const LASTS: Record<SaveCondition["lasts"], string> = {
  minute: "endOfEncounter",
  turn: "endOfItsNextTurn",
  save: "saveEnds",
  none: "endOfEncounter",
};

/**
 * [SYS-IMPORT] "must succeed on a DC 11 Strength saving throw or be knocked prone": the save power's
 * failed save (its hit) applies the conditions for the printed time.
 */
function saveConditionOf(ctx: Ctx, item: ItemDoc, sc: SaveCondition, where: string): void {
  const ids = sc.words.map((w) => conditionFor(ctx.ruleset, w)).filter((x): x is string => x !== null);
  const duration = LASTS[sc.lasts];
  (item.system.effects as Plain[]).push(effectRow({ outcome: "hit", statuses: ids, duration }));
  ctx.losses.auto(`${where}: on a failed save ${ids.join(", ")} (${duration}) → effect`);
  if (sc.lasts === "save")
    ctx.losses.flag(`${where}: the repeated save ends it by this game's own save, not the printed DC; check it`);
  else if (sc.lasts === "none")
    ctx.losses.flag(`${where}: no time printed for ${ids.join(", ")}; it lasts until removed or the battle ends`);
}

/** A power (or, without save-based attacks, a feature) made from one save activity. */
function savePower(
  ctx: Ctx,
  doc: unknown,
  sys: Plain,
  act: Plain,
  owner: Owner,
  name: string,
  key: string,
  rider: Rider,
): ItemDoc {
  const where = name;
  const item = newItem(ctx, "power", name, key, keptImage(at(doc, "img")));
  const abilityWords = Array.isArray(at(act, "save.ability"))
    ? words(at(act, "save.ability"))
    : [str(at(act, "save.ability"))];
  const ability =
    abilityWords.find((a) => (ABILITY_KEYS as readonly string[]).includes(a)) ?? printedSave(doc, where, ctx);
  const calc = str(at(act, "save.dc.calculation"));
  const refs = refsOf(owner, 0);
  let dc: number | null = null;
  if ((ABILITY_KEYS as readonly string[]).includes(calc))
    dc = 8 + owner.prof + owner.mods[calc as (typeof ABILITY_KEYS)[number]];
  else if (calc === "spellcasting") dc = owner.spellDc ?? 8 + owner.prof + owner.mods[owner.spellAbility ?? "int"];
  else {
    const f = importFormula(at(act, "save.dc.formula"), refs, `${where}: save DC`, ctx.losses);
    dc = f && /^-?\d+$/.test(f) ? Number(f) : null;
  }
  const onSave = str(at(act, "damage.onSave")) === "none" ? "none" : "half";
  const parts: DamagePart[] = [];
  for (const raw of list(at(act, "damage.parts"))) {
    const part = readPart(ctx, raw, refs, `${where}: damage`);
    if (part) parts.push(part);
  }
  const p = item.system;
  p.attackAbility = null;
  p.defense = "def";
  p.actionType = actionOf(act, sys);
  p.weaponId = "none";
  const tpl = str(at(act, "target.template.type"));
  const size = int(at(act, "target.template.size"));
  if (tpl && size) {
    p.range = "area";
    const shape =
      (
        { cone: "cone", line: "line", sphere: "radius", radius: "radius", cylinder: "radius", cube: "burst" } as Record<
          string,
          string
        >
      )[tpl] ?? "none";
    p.area = { shape, size: Math.max(1, Math.round(size / 5)) };
  } else p.range = "ranged";
  applyDamage(ctx, item, parts, where);
  if (onSave === "half" && parts.length) p.missEffect = "half";
  const conds = activityConditions(ctx, doc, act, where);
  if (conds.length) (p.effects as Plain[]).push(effectRow({ statuses: conds, duration: "endOfEncounter" }));
  else if (rider.saveCondition) saveConditionOf(ctx, item, rider.saveCondition, where);
  riderOf(ctx, item, doc, where, conds.length > 0, rider, owner.names);
  usageOf(ctx, item, sys, where);
  const printed = `DC ${dc ?? "?"} ${ability ? ability.toUpperCase() : "?"} save${parts.length ? `, ${onSave === "half" ? "half" : "no"} damage on a success` : ""}`;
  if (dc === null || !ability) {
    if (!ability) ctx.losses.error(`${where}: the save's ability could not be read`);
    else if (!ctx.losses.errors.some((e) => e.startsWith(`${where}: save DC`)))
      ctx.losses.error(`${where}: the save's DC could not be read`);
    return mapSaveAttack(ctx, item, { save: "", dc: 0, onSuccess: onSave, printed }, where);
  }
  return mapSaveAttack(ctx, item, { save: ability, dc, onSuccess: onSave, printed }, where);
}

/** The printed save's ability ("Constitution Saving Throw:") when the activity names none and the text one only. */
function printedSave(doc: unknown, where: string, ctx: Ctx): string {
  const text = plainText(at(doc, "system.description.value") ?? at(doc, "data.description.value")).toLowerCase();
  const names = ["strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma"];
  const found = [...new Set([...text.matchAll(/\b([a-z]+) saving throw:/g)].map((m) => m[1]))].filter((w) =>
    names.includes(w ?? ""),
  );
  if (found.length !== 1) return "";
  const key = ABILITY_KEYS[names.indexOf(found[0]!)]!;
  ctx.losses.flag(`${where}: the save's ability is read from its printed text (${found[0]!})`);
  return key;
}

/** A feature holding an item's text. */
function featureOf(ctx: Ctx, doc: unknown, name: string, key: string, names: Names = new Map()): ItemDoc {
  const item = newItem(ctx, "feature", name, key, keptImage(at(doc, "img")));
  item.system.description = asHtml(
    dnd5eText(at(doc, "system.description.value") ?? at(doc, "data.description.value"), names, false),
  );
  return item;
}

/** A power a Multiattack may name: the power's own name and the item it was made from. */
interface Named {
  power: string;
  item: string;
}

/**
 * Multiattack text → routine steps naming the creature's attack powers. Where the text offers
 * alternatives ("two shortsword attacks or two longbow attacks"), the routine makes the first one
 * (a review line says so).
 */
function routineSteps(
  text: string,
  attacks: readonly Named[],
): { steps: { attack: string; count: number }[]; alternatives: boolean } {
  const NUM: Record<string, number> = { one: 1, once: 1, two: 2, twice: 2, three: 3, four: 4, five: 5, six: 6 };
  const esc = (s: string): string => s.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  let t = text.toLowerCase();
  const all = attacks.flatMap((a) => [a.power, a.item]).map(esc);
  const alt = new RegExp(
    `\\s+or\\s+(?:(?:one|two|three|four|five|six|\\d+)\\s+)?(?:with (?:its|his|her|their)\\s+)?(?:${all.join("|")})s?(?:\\s+attacks?)?`,
    "g",
  );
  // "It can replace one attack with a use of Spellcasting": an option, not an attack of the routine.
  const replace = /[^.]*\b(?:can replace|in place of)\b[^.]*\.?/g;
  let alternatives = replace.test(t);
  t = t.replace(replace, "");
  // "makes two attacks, using Scimitar or Pistol in any combination": the count goes to the first named.
  const any = t.match(
    /\bmakes (one|two|three|four|five|six|\d+) (?:[a-z]+ )?attacks?,? using ([^.]*?) in any combination/,
  );
  if (any) {
    alternatives = true;
    const first = (any[2] ?? "").split(/,|\s+(?:and|or)\s+/)[0] ?? "";
    t = t.replace(any[0], `makes ${any[1] ?? "one"} ${first.trim()}`);
  }
  if (all.length > 0 && alt.test(t)) alternatives = true;
  t = t.replace(alt, "");
  const steps: { attack: string; count: number }[] = [];
  for (const a of attacks) {
    if (steps.some((s) => s.attack === a.power)) continue;
    const names = [...new Set([a.power, a.item])].map(esc).join("|");
    const m = t.match(
      new RegExp(
        `\\b(one|two|three|four|five|six|\\d+)\\s+(?:[a-z]+\\s+){0,2}?(?:${names})s?(?![a-z])|(?<![a-z])(?:${names})s?(?![a-z])`,
      ),
    );
    if (!m) continue;
    // An item that made several powers is named once: its first power is the one the routine makes.
    if (a.power !== a.item && steps.some((s) => attacks.find((b) => b.power === s.attack)?.item === a.item)) continue;
    const c = m[1] ? (NUM[m[1]] ?? Number(m[1])) : 1;
    steps.push({ attack: a.power, count: Number.isFinite(c) && c > 0 ? c : 1 });
  }
  return { steps, alternatives };
}

/** The name of the save power an attack's hit calls for. */
function onHitName(attack: string): string {
  return `${attack} (on a hit)`;
}

/** Convert one embedded or standalone item; null when it has nothing this game holds. */
function itemsOf(ctx: Ctx, doc: unknown, owner: Owner, keyBase: string): ItemDoc[] {
  const type = str(at(doc, "type"));
  const name = oneLine(at(doc, "name"), 200) || "Unnamed";
  const sys = obj(at(doc, "system")) ?? obj(at(doc, "data")) ?? {};
  const acts = activitiesOf(sys);
  const out: ItemDoc[] = [];
  const attackish = acts.filter((a) => ["attack", "save"].includes(str(a.type)));
  const unread = new Set(
    acts
      .filter((a) => !["attack", "save"].includes(str(a.type)))
      .map((a) => str(a._id))
      .filter(Boolean),
  );
  const marked = riderText(
    dnd5eText(at(doc, "system.description.value") ?? at(doc, "data.description.value"), owner.names, true, unread),
  );
  const versatile = !!(int(at(sys, "damage.versatile.number")) && int(at(sys, "damage.versatile.denomination")));
  const rider: Rider = readRider(marked, heldBy(acts, versatile), (w) => conditionFor(ctx.ruleset, w) !== null);
  attackish.forEach((act, i) => {
    // A save an attack's hit calls for ("must succeed on a DC 11 Strength saving throw or be knocked prone").
    const onHit = str(act.type) === "save" && !str(act.name) && attackish.some((a) => str(a.type) === "attack");
    const label = onHit
      ? onHitName(name)
      : attackish.length > 1 && str(act.name)
        ? `${name} (${oneLine(act.name, 60)})`
        : name;
    const key = `${keyBase}/${i}`;
    const made =
      str(act.type) === "attack"
        ? attackPower(ctx, doc, sys, act, owner, label, key, rider)
        : savePower(ctx, doc, sys, act, owner, label, key, rider);
    out.push(...typeChoice(ctx, made, key));
    const two = TWO_HANDED.get(made);
    if (two) out.push(...typeChoice(ctx, two, `${key}/2h`));
  });
  // One use of the item (a recharge, uses per day) spent by any of its powers: the model counts each
  // power's use apart, so a second breath could follow the first. Said as text, never as automated.
  const limited = out.filter((p) => p.type === "power" && String(p.system.usage) !== "atWill");
  if (limited.length > 1) {
    ctx.losses.keep(
      `${name}: ${limited.map((p) => p.name).join(", ")} share one use kept as text (each power here counts its own)`,
    );
    ctx.losses.flag(`${name}: mark the others used when one of ${limited.length} powers sharing one use is used`);
  }
  if (out.length) {
    if (str(at(acts[0], "activation.type")) === "legendary" || str(at(sys, "activation.type")) === "legendary")
      ctx.losses.auto(`${name}: legendary action → a free action`);
    return out;
  }
  if (type === "weapon" && !acts.length && int(at(sys, "damage.base.number"))) {
    // A weapon without an attack activity still attacks as a weapon.
    const made = attackPower(
      ctx,
      doc,
      sys,
      { type: "attack", attack: {}, damage: { parts: [] } },
      owner,
      name,
      `${keyBase}/w`,
      rider,
    );
    const two = TWO_HANDED.get(made);
    return two ? [made, two] : [made];
  }
  return out;
}

/** dnd5e actor → our actor. */
export function convertActor(ctx: Ctx, doc: unknown): ActorDoc {
  const type = str(at(doc, "type")) === "character" ? "character" : "npc";
  if (!["npc", "character"].includes(str(at(doc, "type"))))
    ctx.losses.flag(`a dnd5e "${str(at(doc, "type"))}" actor is read as a monster`);
  const actor = newActor(ctx, type, oneLine(at(doc, "name"), 200), keptImage(at(doc, "img")));
  const src = obj(at(doc, "system")) ?? obj(at(doc, "data")) ?? {};
  const sys = actor.system;
  const L = ctx.losses;
  // Abilities: Hundred Dungeons stores the modifier.
  const mods = {} as Abilities;
  for (const k of ABILITY_KEYS) {
    const score = num(at(src, `abilities.${k}.value`));
    mods[k] = score === null ? 0 : modOf(score);
    if (score === null) L.flag(`${k}: no score; +0 used`);
  }
  sys.abilities = { ...mods };
  L.auto(`abilities → modifiers ${ABILITY_KEYS.map((k) => `${k} ${mods[k] >= 0 ? "+" : ""}${mods[k]}`).join(", ")}`);
  // Level / challenge / proficiency.
  const classes = list(at(doc, "items")).filter((i) => str(at(i, "type")) === "class");
  const classLevels = classes.reduce<number>(
    (n, c) => n + (int(at(c, "system.levels")) ?? int(at(c, "data.levels")) ?? 0),
    0,
  );
  const cr = num(at(src, "details.cr"));
  let prof: number;
  if (type === "npc") {
    const c = cr ?? 0;
    if (cr === null) L.flag("no challenge rating; 0 used");
    sys.challenge = crText(c);
    sys.xp = int(at(src, "details.xp.value")) ?? XP[crText(c)] ?? 0;
    sys.level = bounded(Math.max(1, Math.floor(c)), 0, 100);
    prof = profFor(c);
    L.auto(`challenge ${crText(c)} → challenge, level ${String(sys.level)}, renown ${prof}`);
  } else {
    sys.level = bounded(Math.max(1, classLevels || (int(at(src, "details.level")) ?? 1)), 0, 100);
    prof = profFor(Number(sys.level));
    L.auto(`level ${String(sys.level)} → level, renown ${prof}`);
  }
  sys.renown = prof;
  // HP.
  const hpMax = int(at(src, "attributes.hp.max")) ?? int(at(src, "attributes.hp.value"));
  if (hpMax === null || hpMax < 1) {
    L.error("no hit point maximum");
    sys.hp = { value: 1, max: 1, temp: 0 };
  } else {
    const value = int(at(src, "attributes.hp.value")) ?? hpMax;
    sys.hp = { value: bounded(value, -1_000_000, 1_000_000), max: bounded(hpMax, 1), temp: 0 };
    L.auto(`HP ${hpMax} → hp`);
  }
  // Defense: the AC.
  const calc = str(at(src, "attributes.ac.calc"));
  const flatAc = int(at(src, "attributes.ac.flat")) ?? int(at(src, "attributes.ac.value"));
  let ac: number | null = null;
  if (flatAc !== null && (calc === "" || calc === "flat" || calc === "natural")) ac = flatAc;
  else {
    // Worn armor: the armor's value (+ Dex up to its cap) and a shield's.
    let base = 10 + mods.dex;
    let shield = 0;
    for (const it of list(at(doc, "items"))) {
      const t = str(at(it, "system.type.value"));
      const val = int(at(it, "system.armor.value")) ?? 0;
      if (str(at(it, "type")) !== "equipment" || !truthy(at(it, "system.equipped")) || !val) continue;
      if (t === "shield") shield = Math.max(shield, val + (int(at(it, "system.armor.magicalBonus")) ?? 0));
      else if (["light", "medium", "heavy", "natural"].includes(t)) {
        const cap = t === "heavy" ? 0 : t === "medium" ? 2 : 99;
        base = val + Math.min(mods.dex, cap) + (int(at(it, "system.armor.magicalBonus")) ?? 0);
      }
    }
    ac = base + shield;
    if (calc === "natural" && flatAc !== null) ac = flatAc;
    L.flag(`AC ${ac} worked out from worn armor (${calc || "default"}); check it`);
  }
  sys.defenses = { def: { base: bounded(ac, -1000, 1000), bonus: 0 } };
  L.auto(`AC ${ac} → Defense`);
  // Speed and movement modes (feet; metres converted).
  const units = str(at(src, "attributes.movement.units"));
  const toFt = (v: unknown): number => {
    const n = num(v) ?? 0;
    return units === "m" ? Math.round((n * 10) / 3) : units === "mi" || units === "km" ? 0 : n;
  };
  const walk = toFt(at(src, "attributes.movement.walk"));
  if (walk > 0 || at(src, "attributes.movement.walk") !== undefined) {
    sys.speed = bounded(walk, 0);
    L.auto(`speed ${walk} ft → speed`);
  }
  mapMovement(ctx, actor, {
    fly: toFt(at(src, "attributes.movement.fly")),
    hover: truthy(at(src, "attributes.movement.hover")),
    climb: toFt(at(src, "attributes.movement.climb")),
    swim: toFt(at(src, "attributes.movement.swim")),
    burrow: toFt(at(src, "attributes.movement.burrow")),
  });
  // Size, type, alignment, senses, skills (lore).
  const size = SIZES[str(at(src, "traits.size"))];
  if (size) sys.size = size;
  const ctype = [str(at(src, "details.type.value")), str(at(src, "details.type.subtype"))].filter(Boolean);
  if (ctype.length) sys.creatureType = ctype[0] === "custom" ? str(at(src, "details.type.custom")) : ctype.join(" ");
  const align = str(at(src, "details.alignment"));
  if (align) sys.alignment = align.slice(0, 200);
  const senses = obj(at(src, "attributes.senses"));
  if (senses) {
    const s = Object.entries(senses)
      .filter(([k, v]) => !["units", "special"].includes(k) && (num(v) ?? 0) > 0)
      .map(([k, v]) => `${k} ${String(v)} ${units === "m" ? "m" : "ft."}`);
    if (str(senses.special)) s.push(str(senses.special));
    sys.senses = s.join(", ").slice(0, 500);
  }
  const skills = Object.entries(obj(at(src, "skills")) ?? {})
    .filter(([, v]) => (num(at(v, "value")) ?? 0) > 0)
    .map(([k]) => k);
  if (skills.length) sys.skills = skills.join(", ");
  // Damage traits.
  addTraits(ctx, actor, "resistances", words(at(src, "traits.dr")));
  addTraits(ctx, actor, "vulnerabilities", words(at(src, "traits.dv")));
  addTraits(ctx, actor, "immunities", words(at(src, "traits.di")));
  for (const k of ["dr", "dv", "di"] as const) {
    const custom = str(at(src, `traits.${k}.custom`));
    if (custom) {
      printLine(
        actor,
        `${k === "dr" ? "Resistances" : k === "dv" ? "Vulnerabilities" : "Damage immunities"}: ${custom}.`,
      );
      L.keep(
        `${k === "dr" ? "resistances" : k === "dv" ? "vulnerabilities" : "immunities"} "${custom.slice(0, 80)}" kept as text`,
      );
    }
  }
  const physical = ["bludgeoning", "piercing", "slashing"];
  const bypassWords = words(at(src, "traits.dr.bypasses")).concat(words(at(src, "traits.di.bypasses")));
  if (bypassWords.length) {
    const keywords = bypassWords.map((b) => BYPASS[b] ?? b);
    const types = [...words(at(src, "traits.dr")), ...words(at(src, "traits.di"))].filter((t) => physical.includes(t));
    mapTraitBypass(
      ctx,
      actor,
      types.map((t) => ({ type: t, keywords: keywords.includes("magic") ? keywords : ["magic", ...keywords] })),
      `physical damage from attacks that are not ${keywords.join(" or ")} only`,
    );
  }
  const dm = obj(at(src, "traits.dm.amount"));
  if (dm && Object.keys(dm).length) L.keep(`damage modification ${Object.keys(dm).join(", ")} kept as text`);
  // Condition immunities.
  const ciWords = words(at(src, "traits.ci"));
  const ciCustom = str(at(src, "traits.ci.custom"));
  const ciIds = ciWords.map((w) => conditionFor(ctx.ruleset, w)).filter((x): x is string => x !== null);
  mapConditionImmunities(ctx, actor, ciIds, [...ciWords, ...(ciCustom ? [ciCustom] : [])]);
  // Legendary actions and resistance.
  mapLegendary(ctx, actor, int(at(src, "resources.legact.max")) ?? 0, int(at(src, "resources.legres.max")) ?? 0);
  // Characters: class, hit dice.
  if (type === "character") {
    for (const c of classes)
      mapClass(ctx, actor, oneLine(at(c, "name"), 60), int(at(c, "system.levels")) ?? 1, HD_CLASSES);
    const die = str(at(classes[0], "system.hd.denomination")) || str(at(classes[0], "system.hitDice"));
    const spent = int(at(classes[0], "system.hd.spent")) ?? int(at(classes[0], "system.hitDiceUsed")) ?? 0;
    if (/^d\d+$/.test(die)) {
      const lvl = Number(sys.level);
      sys.recoveries = {
        ...(sys.recoveries as Plain),
        value: bounded(lvl - spent, 0),
        max: bounded(lvl, 0),
        formula: `1${die}`,
      };
      L.auto(`hit dice ${lvl}${die} → recoveries`);
    }
  }
  // Items.
  const spellKey = str(at(src, "attributes.spellcasting"));
  const spellAbility = (ABILITY_KEYS as readonly string[]).includes(spellKey)
    ? (spellKey as (typeof ABILITY_KEYS)[number])
    : null;
  const docs = list(at(doc, "items"));
  const names = new Map<string, string>();
  for (const it of docs) if (str(at(it, "_id"))) names.set(str(at(it, "_id")), oneLine(at(it, "name"), 200));
  const owner: Owner = {
    mods,
    prof,
    spellAbility,
    spellDc: int(at(src, "attributes.spelldc")),
    isNpc: type === "npc",
    names,
  };
  const attackNames: Named[] = [];
  const routines: { doc: unknown; name: string; key: string; legendary?: boolean }[] = [];
  const legendary = actor.system.legendary as { actions?: number; resistances?: number } | undefined;
  docs.forEach((it, i) => {
    const itType = str(at(it, "type"));
    const name = oneLine(at(it, "name"), 200) || "Unnamed";
    const key = `item/${str(at(it, "_id")) || i}`;
    if (["class", "subclass", "background", "race"].includes(itType)) return;
    if (/^multiattack/i.test(name)) {
      routines.push({ doc: it, name, key });
      return;
    }
    const made = itemsOf(ctx, it, owner, key);
    if (made.length) {
      actor.items.push(...made);
      for (const m of made)
        if (m.type === "power" && !attackNames.some((a) => a.power === m.name) && m.name !== onHitName(name))
          attackNames.push({ power: m.name, item: name });
      if (made.some((m) => m.name === onHitName(name)))
        L.flag(`${onHitName(name)}: roll it against each creature ${name} hits (a Multiattack's routine does)`);
      return;
    }
    if (["loot", "consumable", "tool", "container", "backpack"].includes(itType)) {
      L.drop(`${name}: gear (${itType}) left out`, { lore: true });
      return;
    }
    if (itType === "equipment") {
      L.drop(`${name}: worn equipment left out (its AC is in the Defense)`, { lore: true });
      return;
    }
    const activation =
      str(at(it, "system.activation.type")) || str(at(list(at(it, "system.activities"))[0], "activation.type"));
    const printed = dnd5eText(at(it, "system.description.value") ?? at(it, "data.description.value"), names, false);
    // A legendary action that only makes one of the creature's attacks ("The dragon makes a tail attack").
    if (activation === "legendary" && LEGENDARY_ATTACK.test(printed)) {
      routines.push({ doc: it, name, key, legendary: true });
      return;
    }
    actor.items.push(featureOf(ctx, it, name, key, names));
    // [HD-MIGHTY] Pack Tactics as printed, nothing more: an attack trait the scene reading makes mighty.
    if (/^pack tactics$/i.test(name) && PACK_TACTICS.test(oneLine(printed, 2000))) {
      sys.attackTraits = [...((sys.attackTraits as string[] | undefined) ?? []), "packTactics"];
      L.auto(
        `${name}: attack trait → attackTraits packTactics (mighty while an ally able to act is next to the target)`,
      );
      return;
    }
    // What the legendary field says: its resistances and its actions per round.
    if (/^legendary resistance\b/i.test(name) && (legendary?.resistances ?? 0) > 0) {
      L.auto(`${name}: said by legendary resistance ${legendary?.resistances ?? 0} → legendary`);
      return;
    }
    if (/^legendary actions?$/i.test(name) && (legendary?.actions ?? 0) > 0) {
      L.auto(`${name}: said by legendary actions ${legendary?.actions ?? 0} per round → legendary`);
      return;
    }
    // A legendary action that is a skill check ("makes a Wisdom (Perception) check"): skills are lore.
    const lore = LORE_TRAIT.test(name) || (activation === "legendary" && LEGENDARY_CHECK.test(printed));
    if (activation === "lair") L.keep(`${name}: lair action kept as text`);
    else if (itType === "spell") L.keep(`${name}: spell without an attack or a save kept as text`);
    else if (lore && !LORE_TRAIT.test(name)) L.keep(`${name}: skill check kept as text`, { lore });
    else L.keep(`${name}: trait kept as text`, { lore });
  });
  for (const r of routines) {
    const text = dnd5eText(at(r.doc, "system.description.value") ?? at(r.doc, "data.description.value"), names, false);
    const { steps, alternatives } = routineSteps(text, attackNames);
    if (alternatives && steps.length)
      L.flag(`${r.name}: the text offers other attacks instead; the routine makes the first ones named`);
    for (const s of steps) {
      const made = actor.items.find((i) => i.name === s.attack);
      if (made && TYPE_CHOSEN.has(made))
        L.flag(`${r.name}: the routine makes ${s.attack}; the damage type is chosen, so pick another power by hand`);
    }
    if (itemHasField("power", "routine") && steps.length) {
      const power = newItem(ctx, "power", r.name, r.key, keptImage(at(r.doc, "img")));
      power.system.description = asHtml(text);
      power.system.weaponId = "none";
      mapRoutine(ctx, power, steps, text, r.name);
      followUpsOf(ctx, power, steps, actor.items, r.name);
      if (r.legendary) {
        power.system.actionType = "free";
        L.auto(`${r.name}: legendary action → a free action`);
        if (/\bcosts? \d+ actions?\b/i.test(r.name))
          L.flag(`${r.name}: its cost in legendary actions is in its name; spend them by hand`);
      }
      actor.items.push(power);
    } else if (r.legendary) {
      actor.items.push(featureOf(ctx, r.doc, r.name, r.key, names));
      L.keep(`${r.name}: trait kept as text`);
    } else {
      actor.items.push(featureOf(ctx, r.doc, r.name, r.key, names));
      mapRoutine(ctx, newItem(ctx, "feature", r.name, r.key), steps, "Multiattack", r.name);
    }
  }
  actor.items.forEach((it, i) => (it.sort = (i + 1) * 100000));
  sys.__description = plainText(at(src, "details.biography.value"));
  return actor;
}

/**
 * [SYS-IMPORT] [SYS-MONSTERS] A routine's attacks whose hit calls for a save: the save power follows
 * each hit of its attack (the routine's follow-up), as the printed attack reads.
 */
function followUpsOf(
  ctx: Ctx,
  power: ItemDoc,
  steps: readonly { attack: string; count: number }[],
  items: readonly ItemDoc[],
  where: string,
): void {
  const routine = power.system.routine as { followUps: { power: string; when: string; of: string }[] } | undefined;
  if (!routine) return;
  for (const s of steps) {
    const save = items.find((i) => i.type === "power" && i.name === onHitName(s.attack));
    if (!save) continue;
    routine.followUps.push({ power: save.name, when: "hit", of: s.attack });
    ctx.losses.auto(`${where}: ${save.name} follows a hit of ${s.attack} → routine follow-up`);
    if (s.count > 1)
      ctx.losses.flag(
        `${where}: ${save.name} is rolled once per creature ${s.attack} hit; two hits on one creature printed two saves`,
      );
  }
}

/** The classes Hundred Dungeons derives a character from (wt-h's keys). */
const HD_CLASSES = [
  "barbarian",
  "bard",
  "cleric",
  "druid",
  "fighter",
  "monk",
  "paladin",
  "ranger",
  "rogue",
  "sorcerer",
  "warlock",
  "wizard",
];

/** A standalone dnd5e item (a spell, a weapon, a monster feature) → our item. */
export function convertItem(ctx: Ctx, doc: unknown): ItemDoc | null {
  const type = str(at(doc, "type"));
  const name = oneLine(at(doc, "name"), 200) || "Unnamed";
  const owner: Owner = {
    mods: { str: 0, dex: 0, con: 0, int: 0, wis: 0, cha: 0 },
    prof: 2,
    spellAbility: null,
    spellDc: null,
    isNpc: false,
    names: new Map(),
  };
  const made = itemsOf(ctx, doc, owner, "item");
  if (made.length) {
    if (made.length > 1)
      ctx.losses.keep(`${name}: ${made.length - 1} more attack(s) of this item left to the actor import`);
    ctx.losses.flag(
      `${name}: a standalone item's numbers assume +0 abilities and proficiency +2; its owner's come on use`,
    );
    return made[0]!;
  }
  if (
    ["loot", "consumable", "tool", "container", "backpack", "class", "subclass", "background", "race"].includes(type)
  ) {
    ctx.losses.error(`a dnd5e ${type} item has nothing this system holds`);
    return null;
  }
  if (detectSource(doc).system !== "dnd5e") return null;
  ctx.losses.keep(`${name}: kept as a feature with its text`);
  return featureOf(ctx, doc, name, "item");
}
