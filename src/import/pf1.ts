/**
 * [SYS-IMPORT] pf1 (Pathfinder 1st edition, the `system.actions` shape and the older one) →
 * Wounds d20. Hit dice give the base combat bonus and the saves (class items: BAB and save
 * progressions); an attack is the base combat bonus + its ability + its own bonus (size, enhancement
 * and the item's bonus ride on the power); AC, touch and flat-footed keep the printed values.
 * Fortitude, Reflex and Will map by the table in docs/import.md.
 */
import { ABILITY_KEYS } from "../engine/types.js";
import { addTraits, bounded, damageTypesFor, effectRow, modOf } from "./common.js";
import { importFormula, type FormulaRefs } from "./formula.js";
import { at, int, list, num, obj, str, truthy, words } from "./json.js";
import {
  mapConditionImmunities,
  mapCritMultiplier,
  mapDamageParts,
  mapDamageReduction,
  mapKeywordImmunities,
  mapLimitedUse,
  mapMovement,
  mapRoutine,
  mapSaveAttack,
  mapSaveTotals,
  mapSpellResistance,
  printLine,
  printOnPower,
  type DamagePart,
  type SaveAttack,
} from "./mappings.js";
import { keptImage, newActor, newItem, type ActorDoc, type Ctx, type ItemDoc, type Plain } from "./shape.js";
import { asHtml, oneLine, plainText } from "./text.js";
import { conditionFor } from "./words.js";

type Mods = Record<(typeof ABILITY_KEYS)[number], number>;

const SIZE_INDEX: Record<string, number> = { fine: 0, dim: 1, tiny: 2, sm: 3, med: 4, lg: 5, huge: 6, grg: 7, col: 8 };
const SIZE_ATTACK = [8, 4, 2, 1, 0, -1, -2, -4, -8];
const SIZE_KEYS: Record<string, string> = {
  tiny: "tiny",
  sm: "small",
  med: "medium",
  lg: "large",
  huge: "huge",
  grg: "gargantuan",
  col: "gargantuan",
};
/** [docs/import.md] pf1 saves → Wounds d20 save kinds. */
const PF1_SAVE_KINDS: Record<string, string> = { fort: "death", ref: "reflex", will: "spell" };
const BYPASS: Record<string, string> = {
  magic: "magic",
  silver: "silver",
  "cold iron": "coldIron",
  coldiron: "coldIron",
  adamantine: "adamantine",
  good: "good",
  evil: "evil",
  lawful: "lawful",
  chaotic: "chaotic",
  epic: "epic",
  bludgeoning: "bludgeoning",
  piercing: "piercing",
  slashing: "slashing",
};
/** The damage dice progression by size (pf1's weapon damage table). */
const DICE_STEPS = [
  "1",
  "1d2",
  "1d3",
  "1d4",
  "1d6",
  "1d8",
  "1d10",
  "2d6",
  "2d8",
  "3d6",
  "3d8",
  "4d6",
  "4d8",
  "6d6",
  "6d8",
  "8d6",
  "8d8",
  "12d6",
  "12d8",
  "16d6",
];
const TYPE_LETTERS: Record<string, string> = { b: "bludgeoning", p: "piercing", s: "slashing" };

/** Dice of a medium creature's weapon scaled to another size, or null when off the table. */
function scaleDice(count: number, faces: number, size: number): string | null {
  let i = DICE_STEPS.indexOf(`${count}d${faces}`);
  if (i < 0) return size === 4 ? `${count}d${faces}` : null;
  for (let s = 4; s < size; s++) i += i <= DICE_STEPS.indexOf("1d6") ? 1 : 2;
  for (let s = 4; s > size; s--) i -= i <= DICE_STEPS.indexOf("1d8") ? 1 : 2;
  return DICE_STEPS[Math.max(0, Math.min(DICE_STEPS.length - 1, i))]!;
}

interface Owner {
  mods: Mods;
  hd: number;
  size: number;
  cl: number;
  /** Base attack bonus (new-shape "standard" iterative attacks count from it). */
  bab: number;
  /** Each spellbook's casting ability (when the actor stores one) and whether it casts spontaneously. */
  books: Record<string, { ability: string; spontaneous: boolean }>;
  /** The largest size a grab holds, when the stat block names it ("Grab (Large)"); else its own size or smaller. */
  grabSize?: string;
}

/** A spellbook's casting ability as pf1 reads it: the stored one, else pf1's default (int; spell-likes cha). */
function bookAbility(o: Owner, book: string): (typeof ABILITY_KEYS)[number] {
  const a = o.books[book]?.ability || (book === "spelllike" ? "cha" : "int");
  return (ABILITY_KEYS as readonly string[]).includes(a) ? (a as (typeof ABILITY_KEYS)[number]) : "int";
}

/** A save pf1 marks "(harmless)" is one a willing target makes against a help (a buff), not an attack. */
function harmless(act: Plain): boolean {
  return /\bharmless\b/i.test(str(at(act, "save.description")));
}

function refsOf(o: Owner): FormulaRefs {
  const refs: Record<string, number> = {
    "attributes.hd.total": o.hd,
    "attributes.hd": o.hd,
    hd: o.hd,
    cl: o.cl,
    sl: 1,
    size: o.size,
    critMult: 1,
    "item.level": 1,
    "item.enh": 0,
    enh: 0,
  };
  for (const k of ABILITY_KEYS) {
    refs[`abilities.${k}.mod`] = o.mods[k];
    refs[`${k}`] = o.mods[k];
  }
  return refs;
}

/** pf1 `sizeRoll(c, s, @size)` → dice scaled from medium; the rest of the formula as it is. */
function sizeRolls(formula: string, o: Owner, where: string, ctx: Ctx): string | null {
  let bad = false;
  const out = formula.replace(
    /sizeRoll\(\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([^)]*))?\)/gi,
    (_m, c: string, s: string, sz?: string) => {
      const size = sz && /@size/i.test(sz) ? o.size : sz && /^\d+$/.test(sz.trim()) ? Number(sz) : 4;
      const d = scaleDice(Number(c), Number(s), size);
      if (d === null) {
        bad = true;
        return `${c}d${s}`;
      }
      return d;
    },
  );
  if (bad) ctx.losses.flag(`${where}: "${formula}" scaled by size off the damage table; the medium dice were kept`);
  return out;
}

function typeWordsOf(part: unknown): string[] {
  if (Array.isArray(part)) {
    const t = part[1];
    if (Array.isArray(t)) return t.map((w) => str(w).toLowerCase());
    const values = words(at(t, "values"));
    if (values.length || obj(t))
      return [...values, ...(str(at(t, "custom")) ? [str(at(t, "custom")).toLowerCase()] : [])];
    return str(t)
      .toLowerCase()
      .split(/\s*(?:,|\band\b|\bor\b|\/)\s*/)
      .filter(Boolean)
      .map((w) => TYPE_LETTERS[w] ?? w);
  }
  const types = at(part, "types");
  if (Array.isArray(types)) return types.map((w) => str(w).toLowerCase());
  const values = words(at(part, "type.values"));
  const custom = str(at(part, "type.custom"));
  return [...values, ...(custom ? custom.toLowerCase().split(/\s*,\s*/) : [])];
}

function readPart(ctx: Ctx, part: unknown, o: Owner, where: string, extraFlat: number): DamagePart | null {
  const raw = Array.isArray(part) ? str(part[0]) : str(at(part, "formula"));
  if (!raw) return null;
  const sized = sizeRolls(raw, o, where, ctx);
  if (sized === null) return null;
  const f = importFormula(extraFlat ? `${sized} + ${extraFlat}` : sized, refsOf(o), `${where}: damage`, ctx.losses);
  if (!f) return null;
  const tw = typeWordsOf(part).map((w) => TYPE_LETTERS[w] ?? w);
  const { types, unknown } = damageTypesFor(ctx, tw);
  if (unknown.length) ctx.losses.keep(`${where}: damage type ${unknown.join(", ")} kept as text`);
  return { formula: f, types, printed: `${f}${tw.length ? ` ${tw.join("/")}` : ""}` };
}

/** The actions of an attack, weapon or spell item: `system.actions` or the older single-action fields. */
function actionsOf(sys: Plain): Plain[] {
  const acts = list(sys.actions).filter((a): a is Plain => obj(a) !== null);
  if (acts.length) return acts;
  if (str(sys.actionType)) return [sys];
  return [];
}

/**
 * [docs/import.md] pf1 universal monster rules an attack's effect notes name whose outcome is a
 * condition of this game: on a hit the creature may make a free combat maneuver check, and only if
 * it succeeds does the target take the condition. The engine cannot roll that check, so the
 * condition is the effect on a hit and the check is printed with it for the GM (flagged).
 */
const NOTE_CHECKS: Record<string, { status: string; text: (o: Owner) => string; flag: string }> = {
  grab: {
    status: "grappled",
    text: (o) =>
      "Grab: on a hit the creature may make a free grapple combat maneuver check (no attack of opportunity; " +
      `only a target of ${o.grabSize ? `${o.grabSize} size` : "its size"} or smaller); the target is grappled ` +
      "only if that check succeeds, so remove the condition if it fails. Escaping ends it.",
    flag: "grab → grappled on a hit; pf1 needs a free grapple check first: the GM removes it when the check fails",
  },
  trip: {
    status: "prone",
    text: () =>
      "Trip: on a hit the creature may make a free trip combat maneuver check (no attack of opportunity; " +
      "a failed check does not trip the creature in return); the target is knocked prone only if that check " +
      "succeeds, so remove the condition if it fails. Standing up ends it.",
    flag: "trip → prone on a hit; pf1 needs a free trip check first: the GM removes it when the check fails",
  },
};

/** pf1 size words a grab's limit names. */
const GRAB_SIZES = ["fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan", "colossal"];

const ATTACK_TYPES = ["mwak", "rwak", "msak", "rsak", "mcman", "rcman", "twak"];

/**
 * A secondary natural attack, as pf1 rolls it: the older shape's `primaryAttack: false`, the newer
 * one's `naturalAttack.primaryAttack: false` on a natural attack. pf1 adds -5 to its attack roll
 * (the newer shape's `secondary.attackBonus` when set) and deals half its ability's damage (its
 * `secondary.damageMult` when set), whatever the attack's stored bonus and multiplier. Null for a
 * primary attack.
 */
function secondaryOf(
  ctx: Ctx,
  itemSys: Plain,
  act: Plain,
  refs: FormulaRefs,
  where: string,
): { attack: number; mult: number } | null {
  if (act === itemSys) return at(itemSys, "primaryAttack") === false ? { attack: -5, mult: 0.5 } : null;
  if (str(itemSys.subType) !== "natural" || at(act, "naturalAttack.primaryAttack") !== false) return null;
  const f = str(at(act, "naturalAttack.secondary.attackBonus"));
  const read = f ? importFormula(f, refs, `${where}: secondary attack bonus`, ctx.losses) : null;
  const n = read === null ? NaN : Number(read.replace(/\s/g, ""));
  return {
    attack: Number.isInteger(n) ? n : -5,
    mult: num(at(act, "naturalAttack.secondary.damageMult")) ?? 0.5,
  };
}

/** One pf1 action → our power. */
function powerOf(ctx: Ctx, doc: unknown, itemSys: Plain, act: Plain, o: Owner, name: string, key: string): ItemDoc {
  const where = name;
  const item = newItem(ctx, "power", name, key, keptImage(at(doc, "img")));
  const p = item.system;
  p.weaponId = "none";
  const type = str(act.actionType);
  const refs = refsOf(o);
  const secondary = secondaryOf(ctx, itemSys, act, refs, where);
  const attacks = ATTACK_TYPES.includes(type);
  p.range = type.startsWith("r") || type === "twak" ? "ranged" : "melee";
  p.touch = type === "msak" || type === "rsak";
  if (attacks) {
    const ability = str(at(act, "ability.attack")) || (p.range === "ranged" ? "dex" : "str");
    p.attackAbility = (ABILITY_KEYS as readonly string[]).includes(ability) ? ability : null;
    const bonusF = importFormula(str(act.attackBonus) || "0", refs, `${where}: attack bonus`, ctx.losses);
    const bonusN = bonusF === null ? 0 : Number((bonusF || "0").replace(/\s/g, ""));
    const enh = int(at(itemSys, "enh")) ?? int(at(itemSys, "weaponData.enh")) ?? 0;
    const sizeMod = SIZE_ATTACK[o.size] ?? 0;
    const total = (Number.isFinite(bonusN) ? bonusN : 0) + enh + sizeMod + (secondary?.attack ?? 0);
    if (secondary)
      ctx.losses.auto(
        `${where}: a secondary natural attack ${secondary.attack} → attackBonus, half its ability to damage`,
      );
    p.attackBonus = bounded(total);
    const abilityMod = p.attackAbility ? o.mods[p.attackAbility as keyof Mods] : 0;
    ctx.losses.auto(
      `${where}: attack BCB + ${String(p.attackAbility ?? "none")} ${abilityMod >= 0 ? "+" : ""}${abilityMod} ${total >= 0 ? "+" : ""}${total} → attackAbility, attackBonus`,
    );
    p.defense = "ac";
    if (p.touch) p.defense = "touch";
    const critRange = int(at(act, "ability.critRange")) ?? 20;
    if (critRange < 20) {
      p.critRange = 20 - critRange;
      ctx.losses.auto(`${where}: critical ${critRange}–20 → critRange`);
    }
  } else p.attackAbility = null;
  // Damage: the parts, plus the ability's damage modifier times its multiplier.
  const dmgAbility = str(at(act, "ability.damage"));
  // A secondary natural attack deals half its ability's damage (pf1 overrides the stored multiplier).
  const mult = secondary ? secondary.mult : (num(at(act, "ability.damageMult")) ?? 1);
  const dmgMod = (ABILITY_KEYS as readonly string[]).includes(dmgAbility) ? o.mods[dmgAbility as keyof Mods] : 0;
  const addMod = dmgMod < 0 ? dmgMod : Math.floor(dmgMod * mult);
  const parts: DamagePart[] = [];
  list(at(act, "damage.parts")).forEach((part, i) => {
    const d = readPart(ctx, part, o, where, i === 0 ? addMod : 0);
    if (d) parts.push(d);
  });
  if (parts.length) {
    const [main, ...extra] = parts;
    p.damage = main!.formula;
    p.damageTypes = main!.types;
    ctx.losses.auto(`${where}: damage ${main!.printed} → damage`);
    mapDamageParts(ctx, item, extra, where);
  }
  mapCritMultiplier(ctx, item, int(at(act, "ability.critMult")) ?? 2, where);
  for (const k of ["critParts", "nonCritParts"]) {
    if (list(at(act, `damage.${k}`)).length)
      ctx.losses.keep(
        `${where}: ${k === "critParts" ? "extra critical damage" : "damage that does not multiply"} kept as text`,
      );
  }
  // A saving throw against the action.
  let saveOf: SaveAttack | null = null;
  const saveType = harmless(act) ? "" : str(at(act, "save.type"));
  if (saveType) {
    const desc0 = `${str(at(act, "save.description"))} ${str(at(itemSys, "descriptors"))} ${list(at(itemSys, "descriptors.value")).join(" ")}`;
    // Will against fear → the fear save, against a charm or compulsion → the charm save (docs/import.md).
    const kind =
      saveType === "will" && /\bfear\b/i.test(desc0)
        ? "fear"
        : saveType === "will" && /\b(charm|compulsion|mind-affecting)\b/i.test(desc0)
          ? "charm"
          : (PF1_SAVE_KINDS[saveType] ?? "");
    let dc: number | null;
    if (at(doc, "type") === "spell") {
      // A spell's `save.dc` is pf1's offset to its spellbook's DC: 10 + spell level + casting ability.
      // A stat block's import stores only what differs from pf1's defaults: no level is pf1's level 1.
      const level = int(at(itemSys, "level")) ?? 1;
      if (int(at(itemSys, "level")) === null)
        ctx.losses.flag(`${where}: no spell level stored; pf1's default (1) gives the DC`);
      const offF = importFormula(str(at(act, "save.dc")) || "0", refs, `${where}: save DC`, ctx.losses);
      const off = offF !== null && /^-?\d+$/.test(offF.replace(/\s/g, "")) ? Number(offF.replace(/\s/g, "")) : null;
      const book = str(at(itemSys, "spellbook")) || "primary";
      const ability = bookAbility(o, book);
      dc = off === null ? null : 10 + level + o.mods[ability] + off;
      if (dc !== null && !o.books[book]?.ability)
        ctx.losses.flag(`${where}: the spell's DC uses pf1's default casting ability for its spellbook (${ability})`);
      if (dc !== null)
        ctx.losses.auto(
          `${where}: spell DC 10 + level ${level} + ${ability} ${o.mods[ability]}${off ? ` ${off > 0 ? "+" : ""}${off}` : ""} = ${dc}`,
        );
    } else {
      const dcF = importFormula(str(at(act, "save.dc")) || "", refs, `${where}: save DC`, ctx.losses);
      dc = dcF && /^-?\d+$/.test(dcF) ? Number(dcF) : null;
    }
    const desc = str(at(act, "save.description")).toLowerCase();
    const printed = `${saveType === "fort" ? "Fortitude" : saveType === "ref" ? "Reflex" : "Will"} DC ${dc ?? "?"}${desc ? ` (${desc})` : ""}`;
    if (dc === null) ctx.losses.keep(`${where}: ${printed} kept as text (its DC could not be read)`);
    else if (attacks) {
      item.system.hitEffect = `${String(p.hitEffect)} ${printed}.`.trim();
      ctx.losses.keep(`${where}: a save after the hit (${printed}) kept as text`);
    } else {
      if (/half/.test(desc) && parts.length) p.missEffect = "half";
      saveOf = { save: kind, dc, onSuccess: /half/.test(desc) ? "half" : "none", printed };
    }
  } else if (!attacks && parts.length) {
    ctx.losses.keep(`${where}: damage without an attack roll or a save kept with the power (rolls as an attack here)`);
  }
  // The older shape is its own single action: its notes are the item's, read once.
  const notes = [
    ...new Set(
      [...list(act.effectNotes), ...(act === itemSys ? [] : list(at(itemSys, "effectNotes")))]
        .map((n) => oneLine(n, 200))
        .filter(Boolean),
    ),
  ];
  if (notes.length) {
    const conds: string[] = [];
    const rest: string[] = [];
    const have = new Set(ctx.ruleset.conditions.map((c) => c.id));
    for (const n of notes) {
      const id = conditionFor(ctx.ruleset, n.toLowerCase());
      const check = NOTE_CHECKS[n.trim().toLowerCase()];
      if (id) conds.push(id);
      else if (check && have.has(check.status)) {
        // [docs/import.md] A universal monster rule a hit opens (grab, trip): its condition on a hit,
        // the free combat maneuver check that decides it printed with the effect, flagged.
        (p.effects as Plain[]).push(
          effectRow({ statuses: [check.status], duration: "endOfEncounter", text: check.text(o) }),
        );
        ctx.losses.auto(`${where}: ${n.trim().toLowerCase()} → ${check.status} on a hit (its check printed with it)`);
        ctx.losses.flag(`${where}: ${check.flag}`);
      } else rest.push(n);
    }
    if (conds.length) {
      (p.effects as Plain[]).push(effectRow({ statuses: conds, duration: "endOfEncounter" }));
      ctx.losses.auto(`${where}: on a hit ${conds.join(", ")} → effect`);
      ctx.losses.flag(
        `${where}: conditions on a hit last until the end of the battle here; check how the source ends them`,
      );
    }
    if (rest.length) {
      p.hitEffect = `${String(p.hitEffect)} ${rest.join("; ")}.`.trim();
      ctx.losses.keep(`${where}: notes "${oneLine(rest.join("; "), 60)}" kept as text`);
    }
  }
  // The older shape often stores only the uses left (`value`), which a stat block's import fills.
  const uses = int(at(itemSys, "uses.max")) ?? int(at(itemSys, "uses.maxFormula")) ?? int(at(itemSys, "uses.value"));
  const per = str(at(itemSys, "uses.per"));
  let usesMapped = false;
  if (uses && ["day", "week"].includes(per)) {
    mapLimitedUse(ctx, item, { per: "day", count: uses, printed: `${uses}/${per}` }, where);
    usesMapped = true;
  } else if (uses && per === "round") ctx.losses.keep(`${where}: ${uses}/round kept as text`);
  const desc = plainText(str(at(itemSys, "description.value")));
  if (desc) p.description = asHtml(desc);
  // [WD-SPELLRES] a spell or spell-like ability carries the "spell" keyword: spell resistance and
  // "spells pass" damage reduction read it (/work/contracts/wt-b.md).
  if (
    (at(doc, "type") === "spell" || /^(spell-like|sla)$/i.test(str(at(itemSys, "subType")))) &&
    Array.isArray(p.properties) &&
    !(p.properties as string[]).includes("spell")
  ) {
    p.properties = [...(p.properties as string[]), "spell"];
    ctx.losses.auto(`${where}: a spell → the "spell" keyword`);
  }
  if (at(doc, "type") === "spell") {
    // Its descriptors and subschool as keywords a creature's keyword immunities read (mind-affecting…).
    const said = [
      ...str(at(itemSys, "types")).split(/\s*[,;]\s*/),
      ...list(at(itemSys, "descriptors.value")).map(str),
      ...(Array.isArray(at(itemSys, "descriptors")) ? list(at(itemSys, "descriptors")).map(str) : []),
      str(at(itemSys, "subschool")) || str(at(itemSys, "subschool.value")),
    ].map((w) => w.trim().toLowerCase());
    const keys = [...new Set(said.flatMap((w) => SPELL_KEYWORDS[w] ?? []))];
    const props = (Array.isArray(p.properties) ? p.properties : []) as string[];
    const added = keys.filter((k) => !props.includes(k));
    if (added.length) {
      p.properties = [...props, ...added];
      ctx.losses.auto(`${where}: ${added.join(", ")} → keywords`);
    }
  }
  if (at(doc, "type") === "spell" && !usesMapped) {
    // A prepared spell is cast once a day per time it is prepared; a spell-like ability without uses
    // is at will; a spontaneous caster's shared slots per level have no field here (text).
    const book = str(at(itemSys, "spellbook")) || "primary";
    const prepared = int(at(itemSys, "preparation.maxAmount")) ?? 0;
    const level = int(at(itemSys, "level"));
    if (book === "spelllike") ctx.losses.auto(`${where}: a spell-like ability without uses → at will`);
    else if (!o.books[book]?.spontaneous && prepared > 0)
      mapLimitedUse(ctx, item, { per: "day", count: prepared, printed: `prepared ${prepared}×` }, where);
    else if (level) ctx.losses.keep(`${where}: spell level ${level} (a slot) kept as text`);
  }
  return saveOf ? mapSaveAttack(ctx, item, saveOf, where) : item;
}

/**
 * The attack bonus offsets of an attack's further attacks in one full attack (beyond the first):
 * the older shape's `attackParts` ([offset, label]: "0" a second claw, -5 an iterative attack),
 * the newer one's `extraAttacks.manual` and its "standard" iterative attacks from the base attack
 * bonus (-5 at +6, -10 at +11, -15 at +16). Null when some offset cannot be read (kept as text).
 */
function iterationsOf(ctx: Ctx, act: Plain, o: Owner, where: string): number[] | null {
  const raw: unknown[] = [
    ...list(act.attackParts).map((p) => (Array.isArray(p) ? p[0] : at(p, "formula"))),
    ...list(at(act, "extraAttacks.manual")).map((p) => at(p, "formula")),
  ];
  const out: number[] = [];
  for (const r of raw) {
    const f = importFormula(str(r) || "0", refsOf(o), `${where}: extra attack bonus`, ctx.losses);
    const n = f === null ? NaN : Number(f.replace(/\s/g, "") || "0");
    if (!Number.isInteger(n)) return null;
    out.push(n);
  }
  const type = str(at(act, "extraAttacks.type"));
  if (type === "standard") for (let k = 1; k <= 3 && o.bab >= 1 + 5 * k; k++) out.push(-5 * k);
  else if (type && type !== "custom" && type !== "") return null;
  return out;
}

/** A copy of an attack power at another attack bonus (one iteration of a full attack). */
function iterationPower(ctx: Ctx, base: ItemDoc, offset: number, key: string): ItemDoc {
  const copy = newItem(ctx, "power", `${base.name} (${offset})`, key, base.img);
  copy.system = structuredClone(base.system);
  copy.system.attackBonus = bounded(Number(base.system.attackBonus ?? 0) + offset);
  return copy;
}

/**
 * [SYS-IMPORT] [SYS-MONSTERS] A full attack (pf1's iterative attacks, or "2 claws") as a routine:
 * the attack once per iteration at its bonus — an iteration at another bonus is a power of its own
 * ("Longsword (-5)") — and a routine power "(full attack)" making them in order.
 */
function fullAttack(ctx: Ctx, power: ItemDoc, offsets: readonly number[], key: string): ItemDoc[] {
  const rows: { attack: string; count: number }[] = [{ attack: power.name, count: 1 }];
  const made: ItemDoc[] = [];
  for (const off of offsets) {
    const name = off === 0 ? power.name : `${power.name} (${off})`;
    const row = rows.find((r) => r.attack === name);
    if (row) row.count++;
    else {
      rows.push({ attack: name, count: 1 });
      made.push(iterationPower(ctx, power, off, `${key}/iter${off}`));
    }
  }
  const routine = newItem(ctx, "power", `${power.name} (full attack)`, `${key}/full`, power.img);
  routine.system.weaponId = "none";
  routine.system.attackAbility = null;
  const printed = rows.map((r) => `${r.count}× ${r.attack}`).join(", ");
  routine.system.description = asHtml(`Full attack: ${printed}.`);
  mapRoutine(ctx, routine, rows, `full attack (${printed})`, power.name);
  return [...made, routine];
}

/** A pf1 natural attack (a bite, claws, a tail slap): the older shape's `attackType`, the newer one's `subType`. */
function naturalAttack(it: unknown): boolean {
  const sys = obj(at(it, "system")) ?? obj(at(it, "data")) ?? {};
  return str(sys.attackType) === "natural" || str(sys.subType) === "natural";
}

/**
 * The rows one natural attack item adds to a full attack: its own routine's rows ("2 claws"), or
 * the attack once. Null when the item is not one attack roll (several actions, a save-based power).
 */
function naturalRowsOf(made: readonly ItemDoc[]): { attack: string; count: number }[] | null {
  const base = made[0]!;
  const routines = made.filter((m) => m.system.routine);
  const attacks = made.filter((m) => !m.system.routine);
  if (base.type !== "power" || base.system.saveAttack || routines.length > 1) return null;
  if (!routines.length) return attacks.length === 1 ? [{ attack: base.name, count: 1 }] : null;
  const steps = (routines[0]!.system.routine as { attacks: { power: string; count: number }[] }).attacks;
  return steps.map((a) => ({ attack: a.power, count: a.count }));
}

/**
 * [SYS-IMPORT] [SYS-MONSTERS] pf1's full attack with natural weapons: a creature makes every one of
 * its natural attacks (each at its stored bonus, secondary ones already lower) in one full attack —
 * a routine "Full attack (natural attacks)". Whether it also swings a manufactured weapon in the
 * same full attack, or instead of it ("longsword or bite and 2 claws"), is not in the data: each
 * weapon keeps its own routine.
 */
function naturalFullAttack(ctx: Ctx, rows: readonly { attack: string; count: number }[]): ItemDoc {
  const merged: { attack: string; count: number }[] = [];
  for (const r of rows) {
    const same = merged.find((m) => m.attack === r.attack);
    if (same) same.count += r.count;
    else merged.push({ ...r });
  }
  const routine = newItem(ctx, "power", "Full attack (natural attacks)", "natural/full", "");
  routine.system.weaponId = "none";
  routine.system.attackAbility = null;
  const printed = merged.map((r) => `${r.count}× ${r.attack}`).join(", ");
  routine.system.description = asHtml(`Full attack: ${printed}.`);
  mapRoutine(ctx, routine, merged, `full attack (${printed})`, "Full attack (natural attacks)");
  return routine;
}

/** Items of one source item: a power per attack action, or a feature, or nothing (gear). */
function itemsOf(ctx: Ctx, doc: unknown, o: Owner, keyBase: string): ItemDoc[] {
  const name = oneLine(at(doc, "name"), 200) || "Unnamed";
  const sys = obj(at(doc, "system")) ?? obj(at(doc, "data")) ?? {};
  const acts = actionsOf(sys).filter(
    (a) =>
      ATTACK_TYPES.includes(str(a.actionType)) ||
      (str(at(a, "save.type")) && !harmless(a)) ||
      list(at(a, "damage.parts")).length,
  );
  return acts.flatMap((act, i) => {
    const label =
      acts.length > 1 && str(act.name) && str(act.name) !== name ? `${name} (${oneLine(act.name, 60)})` : name;
    const power = powerOf(ctx, doc, sys, act, o, label, `${keyBase}/${i}`);
    if (power.type !== "power" || !ATTACK_TYPES.includes(str(act.actionType))) return [power];
    const offsets = iterationsOf(ctx, act, o, label);
    if (offsets === null) {
      printOnPower(power, "Further attacks in a full attack: see the source.");
      ctx.losses.keep(`${label}: iterative attacks it could not read kept as text`);
      return [power];
    }
    return offsets.length ? [power, ...fullAttack(ctx, power, offsets, `${keyBase}/${i}`)] : [power];
  });
}

/** pf1 saves from class items: good = 2 + level/2, poor = level/3, summed per class. */
function classNumbers(classes: readonly unknown[]): { bab: number; hd: number; saves: Record<string, number> } {
  let bab = 0;
  let hd = 0;
  const saves: Record<string, number> = { fort: 0, ref: 0, will: 0 };
  for (const c of classes) {
    const s = obj(at(c, "system")) ?? obj(at(c, "data")) ?? {};
    const lvl = int(s.level) ?? int(s.levels) ?? 0;
    if (lvl <= 0) continue;
    const type = str(s.subType) || str(s.classType);
    if (type !== "mythic") hd += lvl;
    const b = str(s.bab);
    bab += b === "high" ? lvl : b === "med" ? Math.floor((lvl * 3) / 4) : b === "low" ? Math.floor(lvl / 2) : 0;
    for (const k of ["fort", "ref", "will"]) {
      const prog = str(at(s, `savingThrows.${k}.value`)) || str(at(s, `savingThrows.${k}`));
      saves[k]! += prog === "high" ? 2 + Math.floor(lvl / 2) : prog === "low" ? Math.floor(lvl / 3) : 0;
    }
  }
  return { bab, hd, saves };
}

/**
 * [docs/import.md] pf1 condition immunities: the ones naming a condition → those conditions; the
 * ones naming a kind of effect (poison, mind-affecting, sleep…) → keywords the creature is immune
 * to (an attack carrying the keyword puts no condition on it). Fear is both: the fear conditions,
 * and the keyword.
 */
const PF1_IMMUNITY: Record<string, { conditions?: string[]; keywords?: string[] }> = {
  paralyze: { conditions: ["paralyzed"], keywords: ["paralysis"] },
  paralysis: { conditions: ["paralyzed"], keywords: ["paralysis"] },
  fear: { conditions: ["shaken", "frightened", "panicked", "cowering"], keywords: ["fear"] },
  fatigue: { conditions: ["fatigued", "exhausted"] },
  exhaustion: { conditions: ["exhausted"] },
  daze: { conditions: ["dazed"] },
  stun: { conditions: ["stunned"] },
  confuse: { conditions: ["confused"] },
  confusion: { conditions: ["confused"] },
  blind: { conditions: ["blinded"] },
  blindness: { conditions: ["blinded"] },
  deaf: { conditions: ["deafened"] },
  sicken: { conditions: ["sickened"] },
  nauseate: { conditions: ["nauseated"] },
  entangle: { conditions: ["entangled"] },
  poison: { keywords: ["poison"] },
  disease: { keywords: ["disease"] },
  mindaffecting: { keywords: ["mindAffecting"] },
  "mind-affecting": { keywords: ["mindAffecting"] },
  "mind-affecting effects": { keywords: ["mindAffecting"] },
  sleep: { keywords: ["sleep"] },
  petrify: { keywords: ["petrification"] },
  petrification: { keywords: ["petrification"] },
  energydrain: { keywords: ["energyDrain"] },
  "energy drain": { keywords: ["energyDrain"] },
  bleed: { keywords: ["bleed"] },
  death: { keywords: ["death"] },
  "death effects": { keywords: ["death"] },
  charm: { keywords: ["charm"] },
  compulsion: { keywords: ["compulsion"] },
  "charm and compulsion": { keywords: ["charm", "compulsion"] },
  curse: { keywords: ["curse"] },
  polymorph: { keywords: ["polymorph"] },
  phantasms: { keywords: ["phantasm"] },
  necromancy: { keywords: ["necromancy"] },
  stunning: { conditions: ["stunned"] },
};

/**
 * A creature type's traits named as a whole ("Undead Traits"): the immunities of pf1's type rules,
 * each word of the table above; `rest` what has no field here (kept as text).
 */
const TYPE_TRAITS: Record<string, { words: string[]; rest?: string }> = {
  "plant traits": { words: ["mindaffecting", "paralyze", "poison", "polymorph", "sleep", "stun"] },
  "dragon traits": { words: ["sleep", "paralyze"] },
  "undead traits": {
    words: ["mindaffecting", "death", "disease", "paralyze", "poison", "sleep", "stun", "energydrain", "fatigue"],
    rest: "undead traits: no nonlethal damage, ability drain or physical ability damage; effects that need a Fortitude save",
  },
  "construct traits": {
    words: [
      "mindaffecting",
      "bleed",
      "disease",
      "death",
      "necromancy",
      "paralyze",
      "poison",
      "sleep",
      "stun",
      "energydrain",
      "fatigue",
    ],
    rest: "construct traits: no ability damage or drain, nonlethal damage; effects that need a Fortitude save",
  },
  "elemental traits": {
    words: ["bleed", "paralyze", "poison", "sleep", "stun"],
    rest: "elemental traits: no critical hits, sneak attack or flanking",
  },
  "ooze traits": {
    words: ["mindaffecting", "poison", "sleep", "paralyze", "polymorph", "stun"],
    rest: "ooze traits: gaze attacks, visual effects and illusions; no critical hits or flanking",
  },
};

/** pf1 spell descriptors and subschools that a creature's immunities name → our keywords. */
const SPELL_KEYWORDS: Record<string, string[]> = {
  "mind-affecting": ["mindAffecting"],
  fear: ["fear"],
  charm: ["charm"],
  compulsion: ["compulsion"],
  poison: ["poison"],
  disease: ["disease"],
  death: ["death"],
  curse: ["curse"],
  polymorph: ["polymorph"],
  phantasm: ["phantasm"],
  sleep: ["sleep"],
};

function mapPf1Immunities(ctx: Ctx, actor: ActorDoc, printed: readonly string[]): void {
  const conditions: string[] = [];
  const keywords: string[] = [];
  const keywordWords: string[] = [];
  const rest: string[] = [];
  const have = new Set(ctx.ruleset.conditions.map((c) => c.id));
  const expanded: string[] = [];
  for (const w of printed) {
    const t = TYPE_TRAITS[w];
    if (!t) expanded.push(w);
    else {
      expanded.push(...t.words);
      if (t.rest) {
        printLine(actor, `${t.rest[0]!.toUpperCase()}${t.rest.slice(1)}.`);
        ctx.losses.keep(`${t.rest} kept as text`);
      }
      ctx.losses.flag(`${w}: read as pf1's ${w}; check the creature's own exceptions`);
    }
  }
  for (const w of new Set(expanded)) {
    const m = PF1_IMMUNITY[w];
    const asCondition = m ? null : conditionFor(ctx.ruleset, w);
    const conds = (m?.conditions ?? (asCondition ? [asCondition] : [])).filter((c) => have.has(c));
    conditions.push(...conds);
    if (m?.keywords?.length) {
      keywords.push(...m.keywords);
      keywordWords.push(w);
    } else if (!conds.length) rest.push(w);
  }
  if (conditions.length) mapConditionImmunities(ctx, actor, conditions, conditions);
  mapKeywordImmunities(ctx, actor, [...new Set(keywords)], keywordWords.join(", "));
  if (rest.length) {
    printLine(actor, `Immune to ${rest.join(", ")}.`);
    ctx.losses.keep(`condition immunities ${rest.join(", ")} kept as text`);
  }
}

/** "Special Attack: Rend (2 claws, 1d8+6)" → "rend": the name a feature of the same rule carries. */
function specialName(name: string): string {
  return name
    .replace(/^special attacks?:\s*/i, "")
    .replace(/\(.*$/, "")
    .trim()
    .toLowerCase();
}

/** A stat-block import's placeholder attack: named "Special Attack: …", no action, its text a placeholder note. */
function specialPlaceholder(it: unknown): boolean {
  const sys = obj(at(it, "system")) ?? obj(at(it, "data")) ?? {};
  return (
    str(at(it, "type")) === "attack" &&
    /^special attacks?:/i.test(str(at(it, "name"))) &&
    actionsOf(sys).length === 0 &&
    /placeholder/i.test(str(at(sys, "description.value")) || str(sys.description))
  );
}

/**
 * [docs/import.md] The fighter's Bravery class feature: +1 on Will saves against fear at fighter
 * level 2, +1 more every four levels beyond (6th, 10th, 14th, 18th) — this game's fear save. Null
 * without a Bravery feature and a fighter class of level 2 or more to count it from.
 */
function braveryOf(items: readonly unknown[]): { item: unknown; level: number; bonus: number } | null {
  const item = items.find(
    (it) =>
      str(at(it, "type")) === "feat" &&
      /^bravery$/i.test(oneLine(at(it, "name"), 200)) &&
      (str(at(it, "system.subType")) || str(at(it, "data.featType"))) === "classFeat",
  );
  if (!item) return null;
  let level = 0;
  for (const c of items) {
    if (str(at(c, "type")) !== "class") continue;
    const s = obj(at(c, "system")) ?? obj(at(c, "data")) ?? {};
    if (str(s.tag).toLowerCase() === "fighter" || /^fighter\b/i.test(oneLine(at(c, "name"), 200)))
      level += int(s.level) ?? int(s.levels) ?? 0;
  }
  return level >= 2 ? { item, level, bonus: 1 + Math.floor((level - 2) / 4) } : null;
}

/**
 * [docs/import.md] "Special Attack: Trample (2d6+9, DC 21)": pf1's trample — the creature moves over
 * smaller foes, each taking the damage unless it makes a Reflex save for half (a foe may instead
 * make an attack of opportunity at -4 and get no save). A save-based power: Reflex against the
 * printed DC, half on a success; its slam's bludgeoning damage, the full-round action, the size
 * limit and the attack-of-opportunity choice printed and flagged. Null for any other name or shape.
 */
function tramplePower(ctx: Ctx, name: string, key: string, img: string): ItemDoc | null {
  const m = name.match(/^special attacks?:\s*trample\s*\(\s*(\d+d\d+(?:\s*[+-]\s*\d+)?)\s*,\s*dc\s*(\d+)\s*\)$/i);
  if (!m) return null;
  const where = "Trample";
  const formula = importFormula(m[1]!.replace(/\s/g, ""), {}, `${where}: damage`, ctx.losses);
  if (!formula) return null;
  const dc = Number(m[2]);
  const item = newItem(ctx, "power", where, key, img);
  const p = item.system;
  p.weaponId = "none";
  p.attackAbility = null;
  p.damage = formula;
  p.damageTypes = damageTypesFor(ctx, ["bludgeoning"]).types;
  p.missEffect = "half";
  p.description = asHtml(
    "Trample (full-round action): the creature moves over opponents at least one size smaller than itself; " +
      "each takes the damage once a round. A target may make an attack of opportunity at -4 instead, and " +
      "then gets no save; otherwise a Reflex save halves the damage.",
  );
  ctx.losses.auto(`${where}: damage ${formula} bludgeoning → damage`);
  ctx.losses.flag(
    `${where}: a full-round action over smaller foes; its damage read as the slam's (bludgeoning); a foe taking the attack of opportunity gets no save`,
  );
  return mapSaveAttack(ctx, item, { save: "reflex", dc, onSuccess: "half", printed: `Reflex DC ${dc} half` }, where);
}

/** pf1 save words → this game's save kinds (docs/import.md). */
const SAVE_WORDS: Record<string, string> = { reflex: "ref", ref: "ref", fortitude: "fort", fort: "fort", will: "will" };

/**
 * [docs/import.md] "Special Attack: Breath Weapon (30-ft. cone, 6d6 fire, Reflex DC 17 half, usable
 * every 1d4 rounds)": a save-based area power — the cone or line (squares of 5 ft), the damage and
 * its type, the save (pf1's default for a breath weapon: Reflex for half) and what a success does.
 * How often it is used ("every 1d4 rounds") has no field here: it is printed on the power and kept
 * as text. Null unless every part of the name is read (then the name stays text as before).
 */
function breathPower(ctx: Ctx, name: string, key: string, img: string): ItemDoc | null {
  const m = name.match(/^special attacks?:\s*breath weapon\s*\((.*)\)$/i);
  if (!m) return null;
  const where = "Breath Weapon";
  let area: { shape: string; size: number } | null = null;
  let damage: { formula: string; types: string[]; printed: string } | null = null;
  let save: { kind: string; dc: number; half: boolean; printed: string } | null = null;
  let often = "";
  for (const raw of m[1]!.split(",")) {
    const part = raw.trim().toLowerCase();
    let p: RegExpMatchArray | null;
    if ((p = part.match(/^(\d+)[- ]?(?:ft\.?|foot|feet) (cone|line)$/)) && !area)
      area = { shape: p[2]!, size: Math.max(1, Math.round(Number(p[1]) / 5)) };
    else if ((p = part.match(/^(\d+d\d+(?:[+-]\d+)?)(?: ([a-z ]+?))?(?: damage)?$/)) && !damage) {
      const { types, unknown } = damageTypesFor(ctx, p[2] ? [p[2]] : []);
      if (unknown.length) return null;
      const formula = importFormula(p[1]!, {}, `${where}: damage`, ctx.losses);
      if (!formula) return null;
      damage = { formula, types, printed: `${formula}${p[2] ? ` ${p[2]}` : ""}` };
    } else if (
      (p = part.match(/^(?:(reflex|ref|fortitude|fort|will) )?dc (\d+)(?: (?:for )?(half|negates))?$/)) &&
      !save
    ) {
      const kind = SAVE_WORDS[p[1] ?? "reflex"]!;
      // A breath weapon allows a Reflex save for half unless it says otherwise (pf1's rule).
      const half = p[3] ? p[3] === "half" : kind === "ref";
      save = {
        kind,
        dc: Number(p[2]),
        half,
        printed: `${kind === "ref" ? "Reflex" : kind === "fort" ? "Fortitude" : "Will"} DC ${p[2]} ${half ? "half" : "negates"}`,
      };
    } else if ((p = part.match(/^(?:usable )?(?:once )?every (\d+d\d+|\d+) rounds?$/)) && !often)
      often = `every ${p[1]} rounds`;
    else return null;
  }
  if (!area || !damage || !save) return null;
  const saveKind = PF1_SAVE_KINDS[save.kind] ?? "";
  const item = newItem(ctx, "power", where, key, img);
  const sys = item.system;
  sys.weaponId = "none";
  sys.attackAbility = null;
  sys.range = "area";
  sys.area = area;
  sys.damage = damage.formula;
  sys.damageTypes = damage.types;
  if (save.half) sys.missEffect = "half";
  ctx.losses.auto(`${where}: ${area.size * 5}-ft. ${area.shape} → area ${area.shape} ${area.size}`);
  ctx.losses.auto(`${where}: damage ${damage.printed} → damage`);
  if (!/\b(reflex|ref|fortitude|fort|will)\b/i.test(m[1]!))
    ctx.losses.flag(`${where}: no save named; pf1's default for a breath weapon (Reflex half) used`);
  const usage = often ? `Usable ${often}.` : "How often it can be used: see the source.";
  sys.description = asHtml(`Breath weapon: ${usage} The creature is immune to its own breath.`);
  ctx.losses.keep(`${where}: ${often ? `usable ${often}` : "how often it is used"} kept as text`);
  return mapSaveAttack(
    ctx,
    item,
    { save: saveKind, dc: save.dc, onSuccess: save.half ? "half" : "none", printed: save.printed },
    where,
  );
}

/** "Special Attack: Powerful Charge (gore, 2d8+12)": the attack it names and the damage it deals. */
const POWERFUL_CHARGE =
  /^special attacks?:\s*powerful charge\s*\(\s*([a-z][a-z ]*?)\s*,\s*(\d+d\d+(?:\s*[+-]\s*\d+)?)\s*\)$/i;

/**
 * [docs/import.md] pf1's powerful charge: when the creature charges, the attack it names deals the
 * printed damage instead. A copy of that attack power, "Powerful Charge (Gore)", with that damage;
 * when it may be used (a charge) and pf1's charge bonus (+2 to hit, -2 AC, which this game has no
 * rule for) are printed on it and flagged. Null when the name has another shape or names no attack
 * power of the creature.
 */
function powerfulCharge(ctx: Ctx, items: readonly ItemDoc[], name: string, key: string): ItemDoc | null {
  const m = name.match(POWERFUL_CHARGE);
  if (!m) return null;
  const attack = m[1]!.trim().toLowerCase();
  const base = items.find(
    (i) =>
      i.type === "power" &&
      !i.system.routine &&
      !i.system.saveAttack &&
      [attack, `${attack}s`].includes(i.name.toLowerCase()),
  );
  if (!base) return null;
  const where = `Powerful Charge (${base.name})`;
  const formula = importFormula(m[2]!.replace(/\s/g, ""), {}, `${where}: damage`, ctx.losses);
  if (!formula) return null;
  const copy = newItem(ctx, "power", where, key, base.img);
  copy.system = structuredClone(base.system);
  copy.system.damage = formula;
  copy.system.description = asHtml(
    `Powerful charge: only as part of a charge, the creature's ${base.name.toLowerCase()} deals ${formula} ` +
      "(pf1's charge also gives +2 on the attack and -2 to AC until its next turn).",
  );
  ctx.losses.auto(`${where}: damage ${formula} on a charge → damage`);
  ctx.losses.flag(`${where}: used only when charging; pf1's charge bonus (+2 to hit, -2 AC) is not added`);
  return copy;
}

/** pf1 actor → Wounds d20 actor. */
export function convertActor(ctx: Ctx, doc: unknown): ActorDoc {
  const pc = str(at(doc, "type")) === "character";
  const actor = newActor(ctx, pc ? "character" : "npc", oneLine(at(doc, "name"), 200), keptImage(at(doc, "img")));
  const src = obj(at(doc, "system")) ?? obj(at(doc, "data")) ?? {};
  const sys = actor.system;
  const L = ctx.losses;
  const mods = {} as Mods;
  for (const k of ABILITY_KEYS) {
    const score = num(at(src, `abilities.${k}.value`));
    // A creature without a score (undead Con, vermin Int) has none: 10 keeps its modifier at +0.
    (sys.abilities as Plain)[k] = score === null ? 10 : bounded(score, 1, 99);
    mods[k] = score === null ? 0 : modOf(score);
    if (score === null) L.keep(`no ${k} score ("—") kept as text; 10 used`, { lore: true });
  }
  L.auto("abilities → abilities");
  const items = list(at(doc, "items"));
  const classes = items.filter((i) => str(at(i, "type")) === "class");
  const cn = classNumbers(classes);
  const sizeKey = str(at(src, "traits.size")) || "med";
  const size = SIZE_INDEX[sizeKey] ?? 4;
  if (SIZE_KEYS[sizeKey]) sys.size = SIZE_KEYS[sizeKey];
  sys.level = bounded(Math.max(1, cn.hd || (int(at(src, "details.level.value")) ?? 1)), 0, 100);
  sys.baseCombatBonus = bounded(cn.bab);
  L.auto(`hit dice ${cn.hd} → level ${String(sys.level)}, base combat bonus +${cn.bab}`);
  if (!classes.length) L.flag("no class or racial hit dice: base combat bonus +0 and saves +0 used");
  // HP.
  const hpMax = int(at(src, "attributes.hp.max")) ?? int(at(src, "attributes.hp.value"));
  if (hpMax === null || hpMax < 1) {
    L.error("no hit points");
    sys.hp = { value: 1, max: 1, temp: 0 };
  } else {
    sys.hp = { value: bounded(int(at(src, "attributes.hp.value")) ?? hpMax), max: bounded(hpMax, 1), temp: 0 };
    L.auto(`HP ${hpMax} → hp`);
  }
  // AC, touch, flat-footed: armor, shield and natural armor; Dex; size.
  let armor = 0;
  let shield = 0;
  let maxDex: number | null = null;
  for (const it of items) {
    if (str(at(it, "type")) !== "equipment") continue;
    const s = obj(at(it, "system")) ?? obj(at(it, "data")) ?? {};
    if (!truthy(s.equipped)) continue;
    const et = str(s.subType) || str(s.equipmentType);
    const v = (int(at(s, "armor.value")) ?? 0) + (int(at(s, "armor.enh")) ?? 0);
    if (et === "shield") shield += v;
    else if (et === "armor") {
      armor += v;
      const md = int(at(s, "armor.dex"));
      if (md !== null) maxDex = maxDex === null ? md : Math.min(maxDex, md);
    }
  }
  const natural = num(at(src, "attributes.naturalAC")) ?? 0;
  const dex = maxDex === null ? mods.dex : Math.min(mods.dex, maxDex);
  const sizeAc = SIZE_ATTACK[size] ?? 0;
  const ac = 10 + armor + shield + natural + dex + sizeAc;
  const touch = 10 + dex + sizeAc;
  const flat = ac - Math.max(0, dex);
  sys.defenses = { ac: { base: ac, bonus: 0 }, touch: { base: touch, bonus: 0 }, flat: { base: flat, bonus: 0 } };
  L.auto(`AC ${ac}, touch ${touch}, flat-footed ${flat} → defenses`);
  L.flag(`AC ${ac} worked out from armor, natural armor, Dex and size; buffs and feats are not read`);
  // Saves: Reflex is base + Dex here; Fortitude and Will totals as the table in docs/import.md says.
  const fort = cn.saves.fort! + mods.con;
  const ref = cn.saves.ref! + mods.dex;
  const will = cn.saves.will! + mods.wis;
  sys.baseSaveBonus = bounded(cn.saves.ref!);
  const brave = braveryOf(items);
  mapSaveTotals(
    ctx,
    actor,
    { death: fort, reflex: ref, charm: will, fear: will + (brave?.bonus ?? 0), spell: will },
    `Fort ${fort >= 0 ? "+" : ""}${fort}, Ref ${ref >= 0 ? "+" : ""}${ref}, Will ${will >= 0 ? "+" : ""}${will}`,
  );
  if (brave) L.auto(`Bravery: fighter level ${brave.level} → +${brave.bonus} on the fear save (Will against fear)`);
  // Speed and movement.
  const land = int(at(src, "attributes.speed.land.base")) ?? int(at(src, "attributes.speed.land"));
  if (land !== null) {
    sys.speed = bounded(land, 0);
    L.auto(`speed ${land} ft → speed`);
  }
  const sp = (k: string): number => int(at(src, `attributes.speed.${k}.base`)) ?? 0;
  mapMovement(ctx, actor, { fly: sp("fly"), climb: sp("climb"), swim: sp("swim"), burrow: sp("burrow") });
  // Traits: energy resistance, immunities, vulnerabilities, DR, SR, condition immunities.
  const eres = at(src, "traits.eres");
  const eresList = list(at(eres, "value"));
  if (eresList.length) {
    for (const e of eresList)
      addTraits(
        ctx,
        actor,
        "resistances",
        list(at(e, "types"))
          .map((t) => str(t))
          .filter(Boolean),
        int(at(e, "amount")) ?? 0,
      );
  } else if (str(eres)) {
    for (const part of str(eres).split(/\s*[,;]\s*/)) {
      const m = part.toLowerCase().match(/^([a-z ]+?)\s+(\d+)$/);
      if (m) addTraits(ctx, actor, "resistances", [m[1]!], Number(m[2]));
      else if (part) L.keep(`energy resistance "${part}" kept as text`);
    }
  }
  addTraits(
    ctx,
    actor,
    "immunities",
    words(at(src, "traits.di")).filter((w) => !conditionFor(ctx.ruleset, w)),
  );
  addTraits(ctx, actor, "vulnerabilities", words(at(src, "traits.dv")), 0);
  for (const k of ["di", "dv", "eres"]) {
    const c = str(at(src, `traits.${k}.custom`));
    if (c) {
      printLine(actor, `${k === "di" ? "Immune" : k === "dv" ? "Vulnerable" : "Resist"}: ${c}.`);
      L.keep(`${k} "${c.slice(0, 60)}" kept as text`);
    }
  }
  const drList = list(at(src, "traits.dr.value"));
  const drs: { amount: number; bypass: string[]; needsAll: boolean; printed: string }[] = [];
  for (const d of drList) {
    const amount = int(at(d, "amount")) ?? 0;
    const types = list(at(d, "types"))
      .map((t) => str(t).toLowerCase())
      .filter(Boolean);
    if (amount > 0)
      drs.push({
        amount,
        bypass: types.map((t) => BYPASS[t] ?? t),
        needsAll: at(d, "operator") === false,
        printed: `DR ${amount}/${types.join(at(d, "operator") === false ? " and " : " or ") || "—"}`,
      });
  }
  const drText =
    typeof at(src, "traits.dr") === "string" ? str(at(src, "traits.dr")) : str(at(src, "traits.dr.custom"));
  for (const part of drText ? drText.split(/\s*[,;]\s*/) : []) {
    const m = part.toLowerCase().match(/^(?:dr\s*)?(\d+)\s*\/\s*(.+)$/);
    if (!m) {
      L.keep(`damage reduction "${part}" kept as text`);
      printLine(actor, `DR ${part}.`);
      continue;
    }
    const needsAll = /\band\b/.test(m[2]!);
    const by = m[2]!
      .split(/\s*(?:\band\b|\bor\b)\s*/)
      .map((t) => t.trim())
      .filter((t) => t && t !== "-" && t !== "—");
    drs.push({ amount: Number(m[1]), bypass: by.map((t) => BYPASS[t] ?? t), needsAll, printed: `DR ${m[1]}/${m[2]}` });
  }
  for (const dr of drs) mapDamageReduction(ctx, actor, dr);
  mapSpellResistance(
    ctx,
    actor,
    int(at(src, "attributes.sr.total")) ??
      int(at(src, "attributes.sr.formula")) ??
      int(at(src, "traits.sr")) ??
      int(str(at(src, "traits.sr.custom")).match(/\bSR\s*(\d+)/i)?.[1]) ??
      0,
  );
  mapPf1Immunities(ctx, actor, [
    ...words(at(src, "traits.ci")),
    ...words(at(src, "traits.di")).filter((w) => conditionFor(ctx.ruleset, w)),
    ...str(at(src, "traits.ci.custom"))
      .split(/\s*;\s*/)
      .map((w) => w.trim().toLowerCase())
      .filter(Boolean),
  ]);
  const ctype = items.find((i) => str(at(i, "type")) === "race");
  const raceName =
    oneLine(at(ctype, "name"), 100) ||
    oneLine(
      at(
        classes.find((c) => str(at(c, "system.subType")) === "racial"),
        "name",
      ),
      100,
    );
  if (raceName) sys.creatureType = raceName;
  const senses = str(at(src, "traits.senses")) || str(at(src, "traits.senses.custom"));
  if (senses) printLine(actor, `Senses: ${oneLine(senses, 300)}.`);
  // Items.
  const books: Owner["books"] = {};
  for (const [k, b] of Object.entries(obj(at(src, "attributes.spells.spellbooks")) ?? {}))
    books[k] = { ability: str(at(b, "ability")), spontaneous: truthy(at(b, "spontaneous")) };
  const owner: Owner = { mods, hd: cn.hd, size, cl: cn.hd, bab: cn.bab, books };
  // "Special Attack: Grab (Large)": the size its grab holds; the rule itself is the attacks' notes'.
  for (const it of items) {
    const m = specialPlaceholder(it)
      ? oneLine(at(it, "name"), 200).match(/^special attacks?:\s*grab\s*\(([^)]*)\)/i)
      : null;
    const sz = m ? m[1]!.trim().toLowerCase() : "";
    if (GRAB_SIZES.includes(sz)) owner.grabSize = sz[0]!.toUpperCase() + sz.slice(1);
  }
  const haveStatus = new Set(ctx.ruleset.conditions.map((c) => c.id));
  const noted = new Set(
    items
      .filter((it) => ["attack", "weapon"].includes(str(at(it, "type"))))
      .flatMap((it) => {
        const s = obj(at(it, "system")) ?? obj(at(it, "data")) ?? {};
        return [...list(s.effectNotes), ...actionsOf(s).flatMap((a) => list(a.effectNotes))];
      })
      .map((n) => str(n).trim().toLowerCase())
      .filter((n) => NOTE_CHECKS[n] && haveStatus.has(NOTE_CHECKS[n].status)),
  );
  const featNames = new Set(
    items.filter((it) => str(at(it, "type")) === "feat").map((it) => specialName(oneLine(at(it, "name"), 200))),
  );
  /** Each natural attack's rows in a full attack ("2 claws": Claws ×2). */
  const naturalRows: { attack: string; count: number }[][] = [];
  /** "Special Attack: Powerful Charge (gore, 2d8+12)" placeholders, read after the attacks. */
  const charges: { name: string; key: string; img: string }[] = [];
  items.forEach((it, i) => {
    const t = str(at(it, "type"));
    const name = oneLine(at(it, "name"), 200) || "Unnamed";
    const key = `item/${str(at(it, "_id")) || i}`;
    if (["class", "race"].includes(t)) return;
    const placeholder = specialPlaceholder(it);
    if (placeholder) {
      // A stat-block import's "Special Attack: Rend (…)" stands for a line of the stat block: its
      // rule is the feature of that name when there is one, else only its name is known.
      const trample = tramplePower(ctx, name, key, keptImage(at(it, "img")));
      if (trample) {
        actor.items.push(trample);
        return;
      }
      const breath = breathPower(ctx, name, key, keptImage(at(it, "img")));
      if (breath) {
        actor.items.push(breath);
        return;
      }
      if (POWERFUL_CHARGE.test(name)) {
        // Read once every attack is made: it copies the attack it names.
        charges.push({ name, key, img: keptImage(at(it, "img")) });
        return;
      }
      if (featNames.has(specialName(name))) {
        L.drop(`${name}: the feature "${specialName(name)}" holds its text`, { lore: true });
        return;
      }
      if (NOTE_CHECKS[specialName(name)] && noted.has(specialName(name))) {
        L.drop(`${name}: the effect of the attacks whose notes name "${specialName(name)}" holds its rule`, {
          lore: true,
        });
        return;
      }
      actor.items.push(newItem(ctx, "feature", name, key, keptImage(at(it, "img"))));
      L.keep(`${name}: special attack kept as text (its name only)`);
      return;
    }
    if (["attack", "weapon", "spell", "feat"].includes(t)) {
      const made = itemsOf(ctx, it, owner, key);
      if (made.length) {
        actor.items.push(...made);
        if (t === "attack" && naturalAttack(it)) {
          const rows = naturalRowsOf(made);
          if (rows) naturalRows.push(rows);
        }
        return;
      }
      if (t === "weapon") {
        L.drop(`${name}: a weapon without an attack left out`, { lore: true });
        return;
      }
    }
    if (["loot", "consumable", "container", "equipment", "buff"].includes(t)) {
      L.drop(`${name}: ${t} left out${t === "equipment" ? " (its AC is in the defenses)" : ""}`, { lore: true });
      return;
    }
    const s = obj(at(it, "system")) ?? obj(at(it, "data")) ?? {};
    // pf1 stores only what differs from its defaults: a feat item without a feat type is a "feat".
    const sub = str(s.subType) || str(s.featType) || (t === "feat" ? "feat" : "");
    const f = newItem(ctx, "feature", name, key, keptImage(at(it, "img")));
    f.system.description = asHtml(plainText(str(at(s, "description.value"))));
    actor.items.push(f);
    if (brave && it === brave.item) return;
    const lore =
      sub === "feat" ||
      sub === "trait" ||
      /^(sense|ecology|languages?|skills?)\b/i.test(name) ||
      /^special quality: (amphibious|water breathing)/i.test(name);
    L.keep(`${name}: ${sub || t} kept as text`, { lore });
  });
  if (naturalRows.length >= 2) actor.items.push(naturalFullAttack(ctx, naturalRows.flat()));
  for (const c of charges) {
    const made = powerfulCharge(ctx, actor.items, c.name, c.key);
    if (made) actor.items.push(made);
    else if (featNames.has(specialName(c.name)))
      L.drop(`${c.name}: the feature "${specialName(c.name)}" holds its text`, { lore: true });
    else {
      actor.items.push(newItem(ctx, "feature", c.name, c.key, c.img));
      L.keep(`${c.name}: special attack kept as text (its name only)`);
    }
  }
  actor.items.forEach((it, i) => (it.sort = (i + 1) * 100000));
  sys.__description = plainText(str(at(src, "details.biography.value")) || str(at(src, "details.notes.value")));
  return actor;
}

/** A standalone pf1 item → our item. */
export function convertItem(ctx: Ctx, doc: unknown): ItemDoc | null {
  const t = str(at(doc, "type"));
  const name = oneLine(at(doc, "name"), 200) || "Unnamed";
  const owner: Owner = {
    mods: { str: 0, dex: 0, con: 0, int: 0, wis: 0, cha: 0 },
    hd: 1,
    size: 4,
    cl: 1,
    bab: 0,
    books: {},
  };
  const made = itemsOf(ctx, doc, owner, "item");
  if (made.length) {
    if (made.length > 1) ctx.losses.keep(`${name}: ${made.length - 1} more action(s) left to the actor import`);
    ctx.losses.flag(`${name}: a standalone item's numbers assume +0 abilities and 1 hit die`);
    return made[0]!;
  }
  if (t === "feat" || t === "spell") {
    const f = newItem(ctx, "feature", name, "item", keptImage(at(doc, "img")));
    f.system.description = asHtml(
      plainText(str(at(doc, "system.description.value") ?? at(doc, "data.description.value"))),
    );
    ctx.losses.keep(`${name}: kept as a feature with its text`);
    return f;
  }
  ctx.losses.error(`a pf1 ${t || "untyped"} item has nothing this system holds`);
  return null;
}
