/**
 * [SYS-IMPORT] archmage (the 13th Age system) → 13th Age. Monsters keep their printed numbers:
 * the attack line "+12 vs. AC" is the power's flat bonus, "18 damage" its damage, each "Natural
 * even hit: …" line an effect row when the line is read for sure (else kept as text on the power),
 * "Resist fire 16+" a resistance with its threshold. Characters' powers keep their text.
 */
import { ABILITY_KEYS } from "../engine/types.js";
import { addRider, addTraits, bounded, effectRow, readAuraText, readRider, readTrigger, type Rider } from "./common.js";
import { importFormula, type FormulaRefs } from "./formula.js";
import { at, int, list, num, obj, str } from "./json.js";
import { Losses } from "./report.js";
import {
  mapAura,
  mapClass,
  mapLimitedUse,
  mapMonsterStrength,
  mapMovement,
  mapRecharge,
  mapRoutine,
  mapTriggeredDamage,
  printLine,
  printOnPower,
  type Movement,
} from "./mappings.js";
import {
  actorHasField,
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
import { targetCountProblem } from "../engine/target-count.js";

const ROLES = ["mook", "troop", "wrecker", "spoiler", "archer", "blocker", "caster", "leader"];
const SIZES: Record<string, string> = {
  tiny: "tiny",
  small: "small",
  normal: "medium",
  medium: "medium",
  large: "large",
  huge: "huge",
  gargantuan: "gargantuan",
};
const USAGES: Record<string, string> = {
  "at-will": "atWill",
  atwill: "atWill",
  "once-per-battle": "encounter",
  encounter: "encounter",
  daily: "daily",
  recharge: "recharge",
};
const ACTIONS: Record<string, string> = {
  standard: "standard",
  move: "move",
  quick: "quick",
  free: "free",
  interrupt: "interrupt",
  reaction: "interrupt",
};

/** A value of archmage's `{ value }` wrappers, or the plain value. */
function val(v: unknown): unknown {
  const o = obj(v);
  return o && Object.hasOwn(o, "value") ? o.value : v;
}

/** The source's references in our roll data's words (a PC power's formulas keep them). */
function refsFor(level: number, pc: boolean): FormulaRefs {
  const refs: Record<string, number | string> = {
    "atk.a.bonus": 0,
    "atk.m.bonus": 0,
    "atk.r.bonus": 0,
    "atk.bonus": 0,
    escalation: 0,
    ed: 0,
  };
  for (const k of ABILITY_KEYS) {
    refs[`${k}.mod`] = pc ? `@${k}` : 0;
    refs[`${k}.dmg`] = pc ? `@${k}*@tier` : 0;
  }
  // A character's weapon dice: one die of the wielded weapon per level (archmage's WPN), our `@level[W]`.
  if (pc) for (const w of ["m", "r"]) refs[`wpn.${w}.dice`] = "@level[W]";
  refs.std = pc ? "@level" : level;
  refs.lvl = pc ? "@level" : level;
  refs.level = pc ? "@level" : level;
  refs.tier = pc ? "@tier" : 1;
  return refs as FormulaRefs;
}

/** "[[d20 + 12]] vs. AC (2 attacks)" → bonus, defense, the rest; null when it is no attack line. */
function readAttack(text: string): { bonus: string; defense: string; rest: string } | null {
  const t = text.replace(/\s+/g, " ").trim();
  const m =
    t.match(/^\[\[\s*(?:1?d20)\s*([^\]]*)\]\]\s*vs\.?\s*(AC|PD|MD)\b(.*)$/i) ??
    t.match(/^([+-]\s*\d+)\s*vs\.?\s*(AC|PD|MD)\b(.*)$/i);
  if (!m) return null;
  return { bonus: m[1]!.trim(), defense: m[2]!.toLowerCase(), rest: m[3]!.trim() };
}

/** "[[18]] fire damage, and …" → the damage formula, its types and what follows it. */
function readHit(text: string): { formula: string; typeWords: string[]; rest: string } | null {
  const t = text.replace(/\s+/g, " ").trim();
  // "[[18]] fire damage", or a printed number without the roll brackets ("3 fire damage").
  const m =
    t.match(/^\[\[([^\]]+)\]\]\s*((?:[a-z]+(?: energy)?(?:\s*(?:and|or|,)\s*)?)*?)\s*damage\b[.,;]?\s*(.*)$/i) ??
    t.match(
      /^(\d+(?:d\d+)?(?: ?\+ ?\d+)?)\s+((?:[a-z]+(?: energy)?(?:\s*(?:and|or|,)\s*)?)*?)\s*damage\b[.,;]?\s*(.*)$/i,
    );
  if (!m) return null;
  // "[[4]] ongoing damage" is no blow: the rider reader takes it.
  if (/\bongoing\b/i.test(m[2] ?? "")) return null;
  const typeWords = (m[2] ?? "")
    .toLowerCase()
    .split(/\s*(?:,|\band\b|\bor\b)\s*/)
    .map((w) => w.trim())
    .filter(Boolean);
  return { formula: m[1]!, typeWords, rest: (m[3] ?? "").replace(/^and\s+/i, "").trim() };
}

const COUNT_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

/**
 * [SYS-TARGETS] The targets line of an attack, "(1d3 nearby enemies)", "(one or two enemies engaged
 * with it)", "(each nearby enemy)": how many creatures it attacks ("1d3", "2"; null = each of them)
 * and whether the rest of the words say only where they stand (nearby, far away, engaged with it, in
 * a group), which the user judges when targeting as for any attack. Null when it is no such line.
 */
function readTargetsLine(text: string): { count: string | null; placeOnly: boolean } | null {
  const t = text
    .replace(/[()]/g, " ")
    .replace(/[’]/g, "'")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
  const place = (before: string, after: string) =>
    /^(?:nearby|engaged|far ?away|nearby or far ?away|)$/.test(before.trim()) &&
    /^(?:engaged with (?:it|the [a-z' -]+?)|in a group|)$/.test(after.trim());
  const each = t.match(/^(?:each|every|all) ((?:[a-z]+ )*?)(?:enem(?:y|ies)|creatures?)\b(.*)$/);
  if (each) return { count: null, placeOnly: place(each[1] ?? "", each[2] ?? "") };
  const n = "(\\d+d\\d+(?: ?\\+ ?\\d+)?|\\d+|an?|one|two|three|four|five|six)";
  const m = t.match(new RegExp(`^(up to )?${n}(?: or ${n})? ((?:[a-z]+ )*?)(?:enem(?:y|ies)|creatures?)\\b(.*)$`));
  if (!m) return null;
  const word = (w: string | undefined) =>
    w === undefined ? null : (COUNT_WORDS[w] ?? (/^\d+$/.test(w) ? Number(w) : w));
  const first = word(m[2]);
  const second = word(m[3]);
  let count: string;
  if (second === null) count = String(first);
  else if (typeof first === "number" && typeof second === "number") count = String(Math.max(first, second));
  // "1d3 or 2 enemies": which one is the creature's choice, no one count.
  else return null;
  count = count.replace(/\s+/g, "");
  return targetCountProblem(count) === null ? { count, placeOnly: place(m[4] ?? "", m[5] ?? "") } : null;
}

/**
 * [SYS-TARGETS] The targets line onto the power: its count lands in `targetCount` (rolled when the
 * power is used); the words stay printed on the power. A line that says more than the count and
 * where the targets stand (random ones, "with 10 hp or fewer") keeps the document partial.
 */
function mapTargets(ctx: Ctx, item: ItemDoc, targets: string, where: string): void {
  const read = itemHasField("power", "targetCount") ? readTargetsLine(targets) : null;
  if (!read) {
    ctx.losses.keep(`${where}: targets "${oneLine(targets, 60)}" kept as text`, {
      lore: /^\(?\s*(one|1)\s/i.test(targets),
    });
    return;
  }
  if (read.count !== null) {
    item.system.targetCount = read.count;
    ctx.losses.auto(`${where}: targets "${oneLine(targets, 60)}" → targetCount ${read.count}`);
  } else ctx.losses.auto(`${where}: targets "${oneLine(targets, 60)}" → every creature targeted`);
  if (!read.placeOnly) ctx.losses.keep(`${where}: targets "${oneLine(targets, 60)}" kept as text`);
}

/** A rider sentence onto the power: an effect row when read for sure, else the power's text. */
function rider(ctx: Ctx, item: ItemDoc, phrase: string, text: string, where: string, missLinePrinted = false): void {
  const read = readTrigger(phrase);
  // "Natural 2–5: …" names no outcome and cannot mean "on a hit" (such rolls almost never hit), nor
  // "on a miss" (a natural 1 carries no miss effect): the roll itself, which no effect row holds.
  const trig =
    read && read.kind === "range" && (read.to ?? 20) <= 5 && !/\b(hit|miss|crit)/i.test(phrase) ? null : read;
  const body = plainText(text);
  if (!body) return;
  const sys = item.system;
  if (trig && trig.kind === "any" && trig.outcome === "miss") {
    missLine(ctx, item, body, where, true);
    return;
  }
  const r = trig ? readRider(ctx, body) : null;
  if (trig && r) {
    addRider(ctx, item, trig, r, `${phrase}: ${body}`);
    ctx.losses.auto(
      `${where}: ${phrase} → effect (${[...r.statuses, r.ongoing ? `${r.ongoing.amount} ongoing ${r.ongoing.type}` : ""].filter(Boolean).join(", ")})`,
    );
    ctx.losses.flag(`${where}: "${phrase}: ${oneLine(body, 80)}" read from its text`);
    return;
  }
  // A hit or crit line's damage adds to the blow. A natural-roll miss line's damage is the miss's
  // own blow when the power prints no miss line (with one, whether it adds or replaces is unsure:
  // text); "hit or miss" adds to either.
  const dmgOutcome = trig && (trig.outcome !== "miss" || !missLinePrinted) ? trig.outcome : null;
  const dmg = dmgOutcome ? readDamageRider(body) : null;
  if (trig && dmg) {
    const f = importFormula(dmg.formula, {}, `${where}: ${phrase}`, ctx.losses);
    const type = dmg.type ? addTypeWord(ctx, dmg.type) : "";
    const also = dmg.rest ? readRider(ctx, dmg.rest) : null;
    // "hit or miss" is a hit row and a miss row.
    const outcomes = trig.outcome === "any" ? (["hit", "miss"] as const) : [trig.outcome];
    const rowFor = (outcome: string) =>
      effectRow({
        outcome,
        trigger: {
          kind: trig.kind,
          value: trig.value,
          ...(trig.to !== undefined ? { max: trig.to } : {}),
          ...(trig.values ? { values: trig.values } : {}),
        },
        ...(also
          ? { statuses: also.statuses, duration: also.duration, save: also.save, ongoing: also.ongoing }
          : { statuses: [] }),
      });
    if (f && type !== null && (!dmg.rest || also) && itemHasField("power", "effects.damage")) {
      for (const outcome of outcomes)
        mapTriggeredDamage(
          ctx,
          item,
          rowFor(outcome),
          { formula: f, type: type || "untyped" },
          `${phrase}: ${body}`,
          where,
        );
      if (also) ctx.losses.flag(`${where}: "${phrase}: ${oneLine(body, 80)}" read from its text`);
      return;
    }
  }
  if (/^quick use$/i.test(phrase.trim())) {
    // "Quick use: as a quick action": the power takes the creature's quick action. "1/round" limits
    // it more than the game's economy does (a standard may be spent as a quick): it stays text.
    const plain = body.replace(/[*_]/g, "").trim();
    const quick = plain.match(/^(1\s*\/\s*round,?\s*)?as a quick action\.?$/i);
    if (quick || /^this \w+ only requires a quick action to use\.?$/i.test(plain)) {
      sys.actionType = "quick";
      ctx.losses.auto(`${where}: ${phrase} → actionType quick`);
      if (quick?.[1]) {
        printOnPower(item, "Once per round.");
        ctx.losses.keep(`${where}: "${phrase}: 1/round" kept as text`);
      }
      return;
    }
  }
  if (/^limited use$/i.test(phrase.trim())) {
    // Only a line read whole: "1/battle", "2/day, as a quick action"; anything more stays text.
    const m = body
      .replace(/[*_]/g, "")
      .trim()
      .match(/^(\d+)\s*\/\s*(battle|day)(?:,?\s*as an? (quick|free|move|standard) action)?\.?$/i);
    if (m) {
      if (m[3]) {
        sys.actionType = m[3].toLowerCase();
        ctx.losses.auto(`${where}: as a ${m[3].toLowerCase()} action → actionType`);
      }
      mapLimitedUse(
        ctx,
        item,
        { per: m[2]!.toLowerCase() === "day" ? "day" : "battle", count: Number(m[1]), printed: body },
        where,
      );
      return;
    }
  }
  sys.hitEffect = `${String(sys.hitEffect ?? "")}${sys.hitEffect ? " " : ""}${phrase}: ${oneLine(body, 1500)}`.trim();
  ctx.losses.keep(`${where}: "${phrase}" kept as text`);
}

/**
 * A damage rider read whole: "[the target takes] [+]10 [extra] fire damage[, and the target is dazed
 * (save ends)]" → its formula, its type word ("" = none) and the condition sentence after "and".
 * A closing "from a claw swipe" names where it comes from. Null for anything else (another creature
 * taking it, "instead of", a choice, a clause after it).
 */
function readDamageRider(text: string): { formula: string; type: string; rest: string } | null {
  const t = text.toLowerCase().replace(/[*_]/g, "").replace(/\s+/g, " ").trim().replace(/[.;]$/, "");
  const m = t.match(
    /^(?:the target (?:also )?takes |target takes |it takes |also deals |deals |the attack deals |the attack also deals )?\+?(\d+(?:d\d+)?(?: ?\+ ?\d+)?) (?:extra |additional |more )?((?:[a-z]+ ){0,2}?)damage(?:,? (?:and|plus) (.+)| from (an? [a-z'’ -]+))?$/,
  );
  if (!m) return null;
  // "… damage from a claw swipe": the source named, nothing more (no "until", "if", "each", …).
  if (m[4] && /\b(until|while|if|when|each|for|unless|that|which|every|and|or|instead)\b/.test(m[4])) return null;
  const type = m[2]!.trim();
  if (/\b(ongoing|of|the|to|from|and|or)\b/.test(type)) return null;
  return { formula: m[1]!.replace(/\s/g, ""), type, rest: (m[3] ?? "").trim() };
}

/** A rider's parts in the report's words. */
function riderWords(r: Rider): string {
  return [...r.statuses, r.ongoing ? `${r.ongoing.amount} ongoing ${r.ongoing.type}` : ""].filter(Boolean).join(", ");
}

function missLine(
  ctx: Ctx,
  item: ItemDoc,
  body: string,
  where: string,
  fromTrigger: boolean,
  refs: FormulaRefs = refsFor(1, false),
): void {
  const sys = item.system;
  const t = body.trim();
  if (!t) return;
  if (/^half damage\.?$/i.test(t)) {
    sys.missEffect = "half";
    ctx.losses.auto(`${where}: miss: half damage → missEffect`);
    return;
  }
  const m = t.match(/^(\d+)\s*(?:\[\[|\]\])?\s*damage\.?$/i) ?? t.match(/^(\d+) damage\.?$/i);
  if (m) {
    sys.missEffect = "formula";
    sys.missDamage = m[1]!;
    ctx.losses.auto(`${where}: miss: ${m[1]} damage → missDamage`);
    return;
  }
  // "@lvl damage", "2d6 + @str.mod damage": a formula and the word damage, nothing else.
  const formula = t.match(/^([\d@a-z.+\-*()\s]+?)\s*damage\.?$/i);
  if (formula && /[\d@]/.test(formula[1]!)) {
    const quiet = new Losses();
    const f = importFormula(formula[1]!, refs, `${where}: miss damage`, quiet);
    if (f) {
      sys.missEffect = "formula";
      sys.missDamage = f;
      ctx.losses.auto(`${where}: miss: ${f} damage → missDamage`);
      return;
    }
  }
  // "10 psychic damage" on a power of that one type: the miss damage takes the power's types.
  const typed = t.match(/^(\d+(?:d\d+)?(?: ?\+ ?\d+)?) ((?:[a-z]+ ){1,2}?)damage\.?$/i);
  const mainTypes = Array.isArray(sys.damageTypes) ? (sys.damageTypes as string[]) : [];
  if (typed) {
    const type = addTypeWord(ctx, typed[2]!.trim().toLowerCase());
    if (type && mainTypes.length === 1 && mainTypes[0] === type) {
      sys.missEffect = "formula";
      sys.missDamage = typed[1]!.replace(/\s/g, "");
      ctx.losses.auto(`${where}: miss: ${String(sys.missDamage)} ${type} damage → missDamage`);
      return;
    }
  }
  // "5 ongoing fire damage", "The target is dazed until the end of its next turn": a miss effect row.
  const r = readRider(ctx, t);
  if (r && !r.forced && !r.aftereffect) {
    addRider(ctx, item, { outcome: "miss", kind: "any", value: 0 }, r, t);
    ctx.losses.auto(`${where}: miss → effect (${riderWords(r)})`);
    ctx.losses.flag(`${where}: miss "${oneLine(t, 80)}" read from its text`);
    return;
  }
  sys.missText = oneLine(t, 1500);
  ctx.losses.keep(`${where}: miss "${oneLine(t, 60)}" kept as text${fromTrigger ? "" : ""}`);
}

/**
 * An archmage action or PC power → our power. `routines` gathers the routine powers it needs
 * ("(2 attacks)" makes it twice), when it sits on a creature that holds them.
 */
function powerOf(ctx: Ctx, doc: unknown, level: number, pc: boolean, key: string, routines?: ItemDoc[]): ItemDoc {
  const rawName = oneLine(at(doc, "name"), 200) || "Unnamed";
  const sys = obj(at(doc, "system")) ?? obj(at(doc, "data")) ?? {};
  const prefix = rawName.match(/^\s*([RC])\s*:\s*/i);
  const name = prefix ? rawName.slice(prefix[0].length) : rawName;
  const where = name;
  const item = newItem(ctx, "power", name, key, keptImage(at(doc, "img")));
  const p = item.system;
  const refs = refsFor(level, pc);
  p.weaponId = "none";
  p.attackAbility = null;
  const rangeText = str(val(sys.range)).toLowerCase();
  p.range =
    prefix?.[1]?.toUpperCase() === "R" || /^ranged/.test(rangeText)
      ? "ranged"
      : prefix?.[1]?.toUpperCase() === "C" || /^close/.test(rangeText)
        ? "close"
        : "melee";
  const action = str(val(sys.actionType)).toLowerCase();
  if (ACTIONS[action]) p.actionType = ACTIONS[action];
  const usage = str(val(sys.powerUsage)).toLowerCase();
  if (usage === "recharge") {
    const r = int(val(sys.recharge)) ?? 16;
    mapRecharge(ctx, item, { target: r || 16, die: "d20", printed: `recharge ${r || 16}+` }, where);
  } else if (USAGES[usage]) {
    p.usage = USAGES[usage];
    ctx.losses.auto(`${where}: ${usage} → usage`);
  } else if (usage && usage !== "other") {
    printOnPower(item, `(${usage})`);
    ctx.losses.keep(`${where}: usage "${usage}" kept as text`);
  }
  const attackText = plainText(str(val(sys.attack)).replace(/\[\[/g, "⟦").replace(/\]\]/g, "⟧"))
    .replace(/⟦/g, "[[")
    .replace(/⟧/g, "]]");
  const atk = readAttack(attackText);
  if (atk) {
    p.defense = atk.defense;
    const m = atk.bonus.replace(/\s+/g, "");
    const ability = m.match(/@(str|dex|con|int|wis|cha)\.mod/);
    if (pc && ability) {
      p.attackAbility = ability[1];
      const restBonus = m
        .replace(/^\+?@(str|dex|con|int|wis|cha)\.mod/, "")
        .replace(/\+?@(std|lvl|level)/g, "")
        .replace(/\+?@atk\.[a-z]\.bonus/g, "");
      const n = restBonus ? Number(restBonus) : 0;
      p.attackBonus = Number.isFinite(n) ? bounded(n) : 0;
      ctx.losses.auto(
        `${where}: attack ${ability[1]} + level vs. ${atk.defense.toUpperCase()} → attackAbility, defense`,
      );
    } else {
      const f = importFormula(m.replace(/^\+/, ""), refs, `${where}: attack bonus`, ctx.losses);
      const n = f === null ? null : f === "" ? 0 : Number(f.replace(/\s/g, ""));
      if (n !== null && Number.isFinite(n)) {
        p.attackBonus = bounded(n);
        ctx.losses.auto(`${where}: attack +${n} vs. ${atk.defense.toUpperCase()} → attackBonus, defense`);
      } else if (f !== null) ctx.losses.error(`${where}: attack bonus "${atk.bonus}" is not a number`);
    }
    const rest = atk.rest.replace(/^[.,;]\s*/, "");
    const repeat = rest.match(/^\(\s*\[*(\d+|two|three|four)\]*\s+attacks\s*\)$/i);
    if (repeat && routines && p.usage === "atWill" && itemHasField("power", "routine")) {
      // [SYS-MONSTERS] "(2 attacks)": one action makes this attack twice, a routine making it that many times.
      const count = Number(repeat[1]) || ["two", "three", "four"].indexOf(repeat[1]!.toLowerCase()) + 2;
      const routine = newItem(ctx, "power", `${name} (${count} attacks)`, `${key}/routine`, keptImage(at(doc, "img")));
      routine.system.weaponId = "none";
      routine.system.attackAbility = null;
      routine.system.range = p.range;
      routine.system.actionType = p.actionType;
      mapRoutine(ctx, routine, [{ attack: name, count }], `(${count} attacks)`, where);
      routines.push(routine);
    } else if (rest) {
      const targets = rest.replace(/\[\[([^\]]*)\]\]/g, "$1");
      printOnPower(item, `Targets: ${targets}.`);
      if (/nearby|far away|faraway|enemies in a group|all enemies/i.test(targets) && p.range === "melee")
        p.range = "close";
      mapTargets(ctx, item, targets, where);
    }
  } else if (attackText) {
    printOnPower(item, `Attack: ${attackText}`);
    ctx.losses.keep(`${where}: attack line "${oneLine(attackText, 60)}" kept as text`);
  }
  const hitText = str(val(sys.hit));
  const hit = readHit(hitText.replace(/\s+/g, " "));
  if (hit) {
    const f = importFormula(hit.formula, refs, `${where}: damage`, ctx.losses);
    if (f) {
      p.damage = f;
      // Weapon dice: the attack uses the wielded weapon.
      if (/\[W\]/i.test(f)) p.weaponId = "";
      const types: string[] = [];
      const unknown: string[] = [];
      for (const w of hit.typeWords) {
        const t = addTypeWord(ctx, w);
        if (t === null) unknown.push(w);
        else if (t) types.push(t);
      }
      p.damageTypes = types;
      ctx.losses.auto(`${where}: ${f}${hit.typeWords.length ? ` ${hit.typeWords.join(" ")}` : ""} damage → damage`);
      if (unknown.length) ctx.losses.keep(`${where}: damage type ${unknown.join(", ")} kept as text`);
    }
    if (hit.rest) {
      const r = readRider(ctx, plainText(hit.rest.replace(/\[\[([^\]]*)\]\]/g, "$1")));
      if (r) {
        addRider(ctx, item, { outcome: "hit", kind: "any", value: 0 }, r, hit.rest);
        ctx.losses.auto(`${where}: hit rider → effect`);
        ctx.losses.flag(`${where}: hit rider "${oneLine(hit.rest, 80)}" read from its text`);
      } else {
        printOnPower(item, plainText(hit.rest));
        ctx.losses.keep(`${where}: hit "${oneLine(hit.rest, 60)}" kept as text`);
      }
    }
  } else if (hitText) {
    const r = readRider(ctx, plainText(hitText.replace(/\[\[([^\]]*)\]\]/g, "$1")));
    if (r) {
      addRider(ctx, item, { outcome: "hit", kind: "any", value: 0 }, r, hitText);
      ctx.losses.auto(
        `${where}: hit → effect (${[...r.statuses, r.ongoing ? `${r.ongoing.amount} ongoing ${r.ongoing.type}` : ""].filter(Boolean).join(", ")})`,
      );
      ctx.losses.flag(`${where}: hit "${oneLine(hitText, 80)}" read from its text`);
    } else {
      printOnPower(item, plainText(hitText));
      ctx.losses.keep(`${where}: hit "${oneLine(hitText, 60)}" kept as text`);
    }
  }
  // Named hit lines (hit1…hit5) and the PC power's trigger fields.
  const missPrinted = str(val(sys.miss)).trim() !== "";
  for (const k of ["hit1", "hit2", "hit3", "hit4", "hit5"]) {
    const line = obj(sys[k]);
    if (!line) continue;
    const phrase = oneLine(line.name, 200);
    const body = str(line.value);
    if (!body) continue;
    rider(ctx, item, phrase || "Special", body, where, missPrinted);
  }
  for (const [k, phrase] of [
    ["hitEven", "Natural even hit"],
    ["hitOdd", "Natural odd hit"],
    ["missEven", "Natural even miss"],
    ["missOdd", "Natural odd miss"],
    ["crit", "Crit"],
  ] as const) {
    const body = str(val(sys[k]));
    if (body) rider(ctx, item, phrase, body, where, missPrinted);
  }
  const miss = str(val(sys.miss));
  if (miss) missLine(ctx, item, plainText(miss.replace(/\[\[([^\]]*)\]\]/g, "$1")), where, false, refs);
  const crit = int(val(at(sys, "critMod"))) ?? 0;
  if (crit > 0) {
    p.critRange = crit;
    ctx.losses.auto(`${where}: crit range +${crit} → critRange`);
  }
  for (const k of [
    "trigger",
    "special",
    "effect",
    "always",
    "castBroadEffect",
    "castPower",
    "sustainedEffect",
    "finalVerse",
  ]) {
    const t = plainText(str(val(sys[k])));
    if (!t) continue;
    printOnPower(item, `${k[0]!.toUpperCase()}${k.slice(1)}: ${oneLine(t, 1500)}`);
    ctx.losses.keep(`${where}: ${k} kept as text`);
  }
  for (const k of Object.keys(sys).filter((s) => /^spellLevel\d+$|^feat/.test(s))) {
    const t = plainText(str(val(sys[k])));
    if (t) ctx.losses.keep(`${where}: ${k} kept as text`, { lore: true });
  }
  const desc = plainText(str(val(sys.description)));
  if (desc) p.description = asHtml(desc);
  return item;
}

function addTypeWord(ctx: Ctx, w: string): string | null {
  const word = w.replace(/\s+energy$/, " energy").trim();
  const t = word === "negative energy" ? "negative" : word;
  const found = ctx.ruleset.damageTypes.includes(t) ? t : null;
  if (found) return found;
  if (["weapon", "physical", "normal"].includes(t)) return "";
  return null;
}

/** Words that make a trait's text a rule of its own, beyond the movement mode its name gives. */
const RULE_WORDS =
  /[-–+]\s?\d|\bpenalty\b|\bbonus\b|\bsaves?\b|\bmust\b|\bstaggered\b|\bescalation\b|\bdamage\b|\bcan[’']?t\b|\bonly\b|\bunless\b|\broll\b|\bas a (move|quick|standard) action\b/i;

/** A movement trait ("Flight", "Hovering flight", "Wall-crawler", a swimmer's "Water breather"): the mode it gives. */
function movementOf(name: string, text: string): { movement: Movement; mode: string } | null {
  const n = name.trim().toLowerCase();
  if (/^(flight|flying)$/.test(n)) return { movement: { fly: 30 }, mode: "fly" };
  if (n === "hovering flight") return { movement: { fly: 30, hover: true }, mode: "fly" };
  if (/^(wall-crawler|climber)$/.test(n) && /\bclimb|\bceilings\b/i.test(text))
    return { movement: { climb: 30 }, mode: "climb" };
  if (/^(water[- ]breath(?:ing|er)|swimming|swimmer)$/.test(n) && /\bswim/i.test(text))
    return { movement: { swim: 30 }, mode: "swim" };
  return null;
}

/**
 * [13A-FEAR] A fear aura read whole: "enemies engaged with it with fewer than 96 hp (or 36 hp or
 * fewer) are dazed … and can't use the escalation die" → the HP below which it touches; null otherwise.
 */
function readFearAura(text: string): number | null {
  const t = text.toLowerCase().replace(/\s+/g, " ");
  if (!/engaged with/.test(t) || !/\bdazed\b/.test(t) || !/escalation die/.test(t)) return null;
  const below = t.match(/(?:fewer|less) than (\d+) (?:hp|hit points)/);
  if (below) return Number(below[1]);
  const atMost = t.match(/(\d+) (?:hp|hit points) or (?:fewer|less)/);
  if (atMost) return Number(atMost[1]) + 1;
  return null;
}

/** A trait or nastier special: a resistance, flight or an aura read from its name; else its text. */
function traitOf(ctx: Ctx, actor: ActorDoc, doc: unknown, key: string, nastier: boolean): void {
  const name = oneLine(at(doc, "name"), 200) || "Unnamed";
  const sys = obj(at(doc, "system")) ?? obj(at(doc, "data")) ?? {};
  const text = plainText(str(val(sys.description)));
  const item = newItem(ctx, "feature", name, key, keptImage(at(doc, "img")));
  item.system.description = asHtml(text);
  actor.items.push(item);
  // "Resist fire 16+", "Fire resistance 18+", "All-rock (resist weapons and negative energy 16+)".
  const resist =
    name.match(/^resist(?:ance)?\s+(.+?)\s+(\d+)\+\s*$/i) ??
    name.match(/^(.+?)\s+resistance\s+(\d+)\+\s*$/i) ??
    name.match(/^[^(]*\(\s*resist\s+(.+?)\s+(\d+)\+\s*\)\s*$/i);
  if (resist) {
    const words0 = resist[1]!
      .toLowerCase()
      .replace(/\s+damage$/, "")
      .split(/\s*(?:,|\band\b)\s*/);
    addTraits(
      ctx,
      actor,
      "resistances",
      words0.map((w) => (w === "negative energy" ? "negative" : w)),
      Number(resist[2]),
    );
    return;
  }
  const vulnerable = name.match(/^vulnerability:\s*([a-z ]+)$/i);
  if (vulnerable && !text) {
    addTraits(ctx, actor, "vulnerabilities", [vulnerable[1]!.replace(/\s+energy$/i, "")]);
    return;
  }
  const move = movementOf(name, text);
  if (move) {
    mapMovement(ctx, actor, move.movement);
    ctx.losses.flag(`${name}: no ${move.mode} speed printed; 30 ft used`);
    // A movement trait whose text also states a rule (a penalty, a save, a condition) keeps that part as text.
    if (RULE_WORDS.test(text)) ctx.losses.keep(`${name}: the rest of the trait kept as text`);
    return;
  }
  if (/^weakling$/i.test(name)) {
    // Battle building only: the strength the 13th Age model holds.
    mapMonsterStrength(ctx, actor, "weakling");
    return;
  }
  if (/^note on types?$/i.test(name)) {
    ctx.losses.keep(`${name}: kept as text`, { lore: true });
    return;
  }
  const fear = /fear aura/i.test(name) ? readFearAura(text) : null;
  if (fear !== null) {
    // [13A-FEAR] enemies engaged with it below the threshold are afraid: dazed and no escalation die.
    mapAura(ctx, actor, {
      name,
      radius: 1,
      who: "enemies",
      when: "within",
      condition: "fear",
      belowHp: fear,
      printed: oneLine(text, 80),
    });
    return;
  }
  const aura = name.match(/aura/i);
  if (aura) {
    mapAura(ctx, actor, {
      ...readAuraText(ctx, text),
      name,
      radius: /engaged/i.test(text) ? 1 : 6,
      printed: oneLine(text, 80),
    });
    return;
  }
  ctx.losses.keep(`${name}: ${nastier ? "nastier special" : "trait"} kept as text`);
}

/** archmage actor → 13th Age actor. */
export function convertActor(ctx: Ctx, doc: unknown): ActorDoc {
  const srcType = str(at(doc, "type"));
  const pc = srcType === "character";
  const actor = newActor(ctx, pc ? "character" : "npc", oneLine(at(doc, "name"), 200), keptImage(at(doc, "img")));
  const src = obj(at(doc, "system")) ?? obj(at(doc, "data")) ?? {};
  const sys = actor.system;
  const L = ctx.losses;
  const level = int(val(at(src, "attributes.level"))) ?? int(val(at(src, "details.level"))) ?? 1;
  sys.level = bounded(level, 0, 100);
  L.auto(`level ${level} → level`);
  const hpMax = int(at(src, "attributes.hp.max")) ?? int(val(at(src, "attributes.hp")));
  if (hpMax === null || hpMax < 1) {
    L.error("no hit point maximum");
    sys.hp = { value: 1, max: 1, temp: 0 };
  } else {
    sys.hp = { value: bounded(int(val(at(src, "attributes.hp"))) ?? hpMax), max: bounded(hpMax, 1), temp: 0 };
    L.auto(`HP ${hpMax} → hp`);
  }
  const defenses: Record<string, { base: number | null; bonus: number }> = {};
  for (const k of ["ac", "pd", "md"]) {
    const v = int(val(at(src, `attributes.${k}`)));
    if (v === null) {
      L.error(`no ${k.toUpperCase()}`);
      continue;
    }
    defenses[k] = { base: pc ? null : bounded(v, -1000, 1000), bonus: 0 };
    if (pc) L.flag(`${k.toUpperCase()} ${v}: a character's defense is derived here`);
    L.auto(`${k.toUpperCase()} ${v} → defenses.${k}`);
  }
  sys.defenses = defenses;
  const init = int(val(at(src, "attributes.init"))) ?? int(at(src, "attributes.init.mod"));
  if (init !== null && !pc) {
    sys.initiativeBonus = bounded(init);
    L.auto(`initiative +${init} → initiativeBonus`);
  }
  for (const k of ABILITY_KEYS) {
    const score = num(val(at(src, `abilities.${k}`)));
    if (score !== null) (sys.abilities as Plain)[k] = bounded(score, 1, 30);
  }
  if (!pc) {
    const role = str(val(at(src, "details.role"))).toLowerCase();
    if (ROLES.includes(role)) {
      sys.monsterRole = role;
      L.auto(`role ${role} → monsterRole${role === "mook" ? " (a mook)" : ""}`);
      // [13A-MOOKS] the tokens of one mook actor form one mob by default (/work/contracts/wt-b.md).
      if (role === "mook" && actorHasField("mob")) {
        sys.mob = String(actor.name).slice(0, 200);
        L.auto(`mook → mob "${String(sys.mob)}"`);
      }
    } else if (role) L.keep(`role "${role}" kept as text`, { lore: true });
    const roleB = str(val(at(src, "details.roleB")));
    if (roleB) printLine(actor, `Also a ${roleB}.`);
    const size = str(val(at(src, "details.size"))).toLowerCase();
    if (SIZES[size]) sys.size = SIZES[size];
    mapMonsterStrength(ctx, actor, str(val(at(src, "details.strength"))).toLowerCase());
    const type = str(val(at(src, "details.type")));
    if (type) sys.creatureType = type.slice(0, 200);
  } else {
    const cls = str(val(at(src, "details.class")));
    if (cls)
      mapClass(ctx, actor, cls, level, [
        "barbarian",
        "bard",
        "cleric",
        "fighter",
        "paladin",
        "ranger",
        "rogue",
        "sorcerer",
        "wizard",
      ]);
    // The sheet's melee and ranged weapon dice (archmage's WPN): a weapon each, so powers with weapon dice roll them.
    for (const [k, ranged] of [
      ["melee", false],
      ["ranged", true],
    ] as const) {
      const die = str(val(at(src, `attributes.weapon.${k}`))).toLowerCase();
      const m = die.match(/^1?d(4|6|8|10|12)$/);
      if (!m) continue;
      const w = newItem(ctx, "weapon", `${k === "melee" ? "Melee" : "Ranged"} weapon (${die})`, `weapon/${k}`);
      Object.assign(w.system, { damageDice: `1d${m[1]}`, ranged, equipped: true, proficient: true });
      actor.items.push(w);
      L.auto(`${k} weapon die ${die} → a ${k} weapon`);
    }
    const rec = int(val(at(src, "attributes.recoveries")));
    if (rec !== null) {
      sys.recoveries = {
        ...(sys.recoveries as Plain),
        value: bounded(rec, 0),
        max: bounded(int(at(src, "attributes.recoveries.max")) ?? rec, 0),
      };
      L.auto(`recoveries ${rec} → recoveries`);
    }
  }
  // Resistance / vulnerability fields ("fire 16+", "holy").
  for (const [k, kind] of [
    ["resistance", "resistances"],
    ["vulnerability", "vulnerabilities"],
  ] as const) {
    const t = str(val(at(src, `details.${k}`)));
    if (!t) continue;
    for (const part of t.split(/\s*[,;]\s*/)) {
      const m = part.toLowerCase().match(/^([a-z ]+?)(?:\s+(\d+)\+)?$/);
      if (!m) {
        L.keep(`${k} "${part}" kept as text`);
        printLine(actor, `${k}: ${part}.`);
        continue;
      }
      const n = m[2] ? Number(m[2]) : kind === "resistances" ? 16 : 0;
      if (kind === "resistances" && !m[2]) L.flag(`resistance ${m[1]} without a number: 16+ used`);
      addTraits(ctx, actor, kind, [m[1]!.replace(/ energy$/, "") === "negative" ? "negative" : m[1]!], n);
    }
  }
  list(at(doc, "items")).forEach((it, i) => {
    const t = str(at(it, "type"));
    const key = `item/${str(at(it, "_id")) || i}`;
    const name = oneLine(at(it, "name"), 200) || "Unnamed";
    if (t === "action" || t === "power") {
      const hasAttack = str(val(at(it, "system.attack"))) !== "" || str(val(at(it, "system.hit"))) !== "";
      if (t === "power" && !hasAttack) {
        const f = newItem(ctx, "feature", name, key, keptImage(at(it, "img")));
        const parts = ["description", "trigger", "effect", "special", "always"]
          .map((k) => plainText(str(val(at(it, `system.${k}`)))))
          .filter(Boolean);
        f.system.description = asHtml(parts.join("\n"));
        actor.items.push(f);
        L.keep(`${name}: power without an attack kept as text`, {
          lore: /^(talent|feature|flexible)$/i.test(str(val(at(it, "system.powerType")))) && !parts.length,
        });
        return;
      }
      const routines: ItemDoc[] = [];
      actor.items.push(powerOf(ctx, it, level, pc, key, routines), ...routines);
    } else if (t === "trait" || t === "nastierSpecial") traitOf(ctx, actor, it, key, t === "nastierSpecial");
    else if (["equipment", "loot", "tool"].includes(t)) L.drop(`${name}: gear left out`, { lore: true });
    else if (t) {
      const f = newItem(ctx, "feature", name, key, keptImage(at(it, "img")));
      f.system.description = asHtml(plainText(str(val(at(it, "system.description")))));
      actor.items.push(f);
      L.keep(`${name}: ${t} kept as text`);
    }
  });
  actor.items.forEach((it, i) => (it.sort = (i + 1) * 100000));
  sys.__description =
    plainText(str(val(at(src, "details.biography")))) || plainText(str(val(at(src, "details.flavor"))));
  return actor;
}

/** A standalone archmage item → our item. */
export function convertItem(ctx: Ctx, doc: unknown): ItemDoc | null {
  const t = str(at(doc, "type"));
  if (t === "action" || t === "power") {
    const pc = t === "power";
    return powerOf(ctx, doc, 1, pc, "item");
  }
  if (t === "trait" || t === "nastierSpecial") {
    const name = oneLine(at(doc, "name"), 200) || "Unnamed";
    const item = newItem(ctx, "feature", name, "item", keptImage(at(doc, "img")));
    item.system.description = asHtml(plainText(str(val(at(doc, "system.description")))));
    ctx.losses.keep(`${name}: ${t} kept as text (traits are read when a monster is imported)`);
    return item;
  }
  ctx.losses.error(`an archmage ${t || "untyped"} item has nothing this system holds`);
  return null;
}
