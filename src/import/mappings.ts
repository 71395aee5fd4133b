/**
 * [SYS-IMPORT] One function per datum that another issue's field will hold (recharge, save-based
 * attacks, damage parts, routines, auras, movement modes, condition and keyword immunities,
 * resistance bypass, monster strength, legendary actions, damage reduction, spell resistance, save
 * totals, action points, class). Each asks whether the field exists in today's data model: while
 * it does not, the datum is kept as text (or dropped) and named in the report; once the field is
 * merged, the same call writes it. Nothing else in the converters decides these.
 */
import { classChoice, derivedNumbers } from "../engine/build.js";
import { toActorSource } from "../data/prepare.js";
import {
  actorHasField,
  blankActorSystem,
  itemHasField,
  type ActorDoc,
  type Ctx,
  type ItemDoc,
  type Plain,
} from "./shape.js";

/** Printed lines gathered for the actor's biography ("Imported from …" block). */
export function printLine(actor: ActorDoc, line: string): void {
  const sys = actor.system;
  const lines = (sys.__printed as string[] | undefined) ?? [];
  lines.push(line);
  sys.__printed = lines;
}

/** Add a sentence to a power's printed text (its hit line, where the sheet and card show it). */
export function printOnPower(item: ItemDoc, line: string): void {
  const sys = item.system;
  const key = item.type === "power" ? "hitEffect" : "description";
  const prev = typeof sys[key] === "string" ? (sys[key] as string) : "";
  if (key === "description") sys[key] = `${prev}<p>${escape(line)}</p>`;
  else sys[key] = prev ? `${prev} ${line}` : line;
}

function escape(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A recharge ("Recharge 5–6", "recharge 16+", "recharge when first bloodied"). */
export interface Recharge {
  target: number;
  die: "d20" | "d6";
  bloodied?: boolean;
  printed: string;
}

/** [SYS-IMPORT] Recharge: our `usage: "recharge"` where the game reads it at that die, else text. */
export function mapRecharge(ctx: Ctx, item: ItemDoc, r: Recharge, where: string): void {
  const usages = (ctx.ruleset.powerUsages ?? []).map((u) => u.key);
  const hasDie = itemHasField("power", "rechargeDie");
  if (item.type === "power" && usages.includes("recharge") && (r.die === "d20" || hasDie)) {
    const sys = item.system;
    sys.usage = "recharge";
    sys.recharge = Math.max(0, Math.min(20, Math.round(r.target)));
    if (hasDie) sys.rechargeDie = r.die;
    if (itemHasField("power", "rechargeAt") && r.die === "d6") sys.rechargeAt = "turnStart";
    if (r.bloodied && itemHasField("power", "rechargeBloodied")) sys.rechargeBloodied = true;
    else if (r.bloodied) {
      printOnPower(item, r.printed);
      ctx.losses.keep(`${where}: ${r.printed} (recharge when bloodied) kept as text`);
      return;
    }
    ctx.losses.auto(`${where}: ${r.printed} → usage recharge ${sys.recharge}`);
    return;
  }
  printOnPower(item, `(${r.printed})`);
  ctx.losses.keep(`${where}: ${r.printed} kept as text (this game's powers have no such recharge yet)`);
}

/** Uses per battle / per day / per rest. */
export function mapLimitedUse(
  ctx: Ctx,
  item: ItemDoc,
  use: { per: "battle" | "day" | "rest"; count: number; printed: string },
  where: string,
): void {
  const usages = (ctx.ruleset.powerUsages ?? []).map((u) => u.key);
  const sys = item.system;
  const count = Math.max(1, Math.round(use.count));
  if (item.type !== "power") {
    ctx.losses.keep(`${where}: ${use.printed} kept as text`);
    return;
  }
  if (use.per === "battle" && count === 1 && usages.includes("encounter")) sys.usage = "encounter";
  else if (use.per === "battle" && usages.includes("perBattle")) {
    sys.usage = "perBattle";
    sys.uses = { spent: 0, max: count };
  } else if (use.per === "day" && count === 1 && usages.includes("daily")) sys.usage = "daily";
  else if ((use.per === "day" || use.per === "rest") && usages.includes("perRest")) {
    sys.usage = "perRest";
    sys.uses = { spent: 0, max: count };
  } else {
    printOnPower(item, `(${use.printed})`);
    ctx.losses.keep(`${where}: ${use.printed} kept as text`);
    return;
  }
  ctx.losses.auto(`${where}: ${use.printed} → usage ${String(sys.usage)}`);
}

/** A save-based attack: the target rolls a save against a DC instead of being attacked. */
export interface SaveAttack {
  /** The target game's save key (HD ability, WD save kind), "" when it has none for it. */
  save: string;
  dc: number;
  onSuccess: "none" | "half";
  printed: string;
}

/**
 * [SYS-IMPORT] Save-based attacks land in the power's `saveAttack`. A save the game has no key for
 * (a printed "DC ?" or a save kind it lacks) would roll an attack the power does not make, so the
 * power becomes a feature holding its printed save, damage and text. Answers the item to keep.
 */
export function mapSaveAttack(ctx: Ctx, item: ItemDoc, s: SaveAttack, where: string): ItemDoc {
  if (item.type === "power" && s.save && itemHasField("power", "saveAttack")) {
    // Issue 39's field: the game's save key, a DC 1..60, half or nothing on a success.
    item.system.saveAttack = { save: s.save, dc: Math.min(60, Math.max(1, Math.round(s.dc))), onSuccess: s.onSuccess };
    ctx.losses.auto(`${where}: ${s.printed} → save-based attack`);
    return item;
  }
  ctx.losses.keep(`${where}: ${s.printed} kept as text (no save of this game to roll it with)`);
  ctx.losses.demote(`${where}: `, "printed on the feature");
  const p = item.system;
  const usage =
    p.usage === "atWill" ? "" : p.usage === "recharge" ? `Recharge ${String(p.recharge)}+` : String(p.usage ?? "");
  const uses = (p.uses as { max?: number } | undefined)?.max;
  const types = Array.isArray(p.damageTypes) ? (p.damageTypes as string[]).join("/") : "";
  const lines = [
    `${s.printed}.`,
    p.damage ? `Damage: ${String(p.damage)}${types ? ` ${types}` : ""}.` : "",
    typeof p.hitEffect === "string" ? p.hitEffect : "",
    usage ? `Usage: ${usage}${p.usage === "perRest" && uses ? ` (${uses})` : ""}.` : "",
  ].filter(Boolean);
  const desc = typeof p.description === "string" ? p.description : "";
  return {
    ...item,
    type: "feature",
    system: { description: `${lines.map((l) => `<p>${escape(l)}</p>`).join("")}${desc}` },
  };
}

/** One extra damage part beyond the power's main damage. */
export interface DamagePart {
  formula: string;
  types: string[];
  printed: string;
}

/**
 * [SYS-IMPORT] Extra damage parts: written to `damageParts` once the power has it; until then a
 * part of the main damage's type (or of none) is added to the main formula, and any other kept as text.
 */
export function mapDamageParts(ctx: Ctx, item: ItemDoc, parts: readonly DamagePart[], where: string): void {
  if (!parts.length) return;
  const sys = item.system;
  if (itemHasField("power", "damageParts") && item.type === "power") {
    sys.damageParts = parts.map((p) => ({ formula: p.formula, types: p.types }));
    for (const p of parts) ctx.losses.auto(`${where}: extra damage ${p.printed} → damage part`);
    return;
  }
  const mainTypes = (sys.damageTypes as string[] | undefined) ?? [];
  for (const p of parts) {
    const sameType =
      p.types.length === 0 || (p.types.length === mainTypes.length && p.types.every((t) => mainTypes.includes(t)));
    if (sameType && typeof sys.damage === "string" && sys.damage !== "") {
      sys.damage = `${sys.damage} + ${p.formula}`;
      ctx.losses.auto(`${where}: extra damage ${p.printed} added to the damage`);
    } else {
      printOnPower(item, `Plus ${p.printed} damage.`);
      ctx.losses.keep(`${where}: extra damage ${p.printed} kept as text (a second damage type)`);
    }
  }
}

/** [SYS-IMPORT] Routines (multiattack): `routine` once powers have it; until then a text feature. */
export function mapRoutine(
  ctx: Ctx,
  item: ItemDoc,
  steps: readonly { attack: string; count: number }[],
  printed: string,
  where: string,
): void {
  if (item.type === "power" && steps.length && itemHasField("power", "routine")) {
    // [SYS-MONSTERS] the shape of /work/contracts/wt-a.md section 5: powers by name, each with its count.
    item.system.routine = {
      attacks: steps.map((s) => ({ power: s.attack, count: Math.min(10, Math.max(1, s.count)) })),
      followUps: [],
    };
    ctx.losses.auto(`${where}: routine of ${steps.map((s) => `${s.count}× ${s.attack}`).join(", ")}`);
    return;
  }
  ctx.losses.keep(`${where}: ${printed} kept as text (several attacks in one action)`);
}

/** Speeds of movement modes, in feet. */
export interface Movement {
  fly?: number;
  hover?: boolean;
  climb?: number;
  swim?: number;
  burrow?: number;
}

/** [SYS-IMPORT] Movement modes: `movement.*` once actors have it; a swim speed in HD's `swimSpeed`; else text. */
export function mapMovement(ctx: Ctx, actor: ActorDoc, m: Movement): void {
  const sys = actor.system;
  const modes = (["fly", "climb", "swim", "burrow"] as const).filter((k) => (m[k] ?? 0) > 0);
  if (actorHasField("movement")) {
    const mv = { ...((sys.movement as Plain | undefined) ?? {}) };
    for (const k of modes) mv[k] = Math.round(m[k]!);
    if (m.hover && actorHasField("movement.hover")) mv.hover = true;
    sys.movement = mv;
    for (const k of modes) ctx.losses.auto(`${k} speed ${m[k]} ft → movement.${k}`);
    if (actorHasField("swimSpeed") && (m.swim ?? 0) > 0) sys.swimSpeed = Math.round(m.swim!);
    return;
  }
  for (const k of modes) {
    if (k === "swim" && actorHasField("swimSpeed")) {
      sys.swimSpeed = Math.round(m.swim!);
      ctx.losses.auto(`swim speed ${m.swim} ft → swimSpeed`);
      continue;
    }
    printLine(
      actor,
      `${k[0]!.toUpperCase()}${k.slice(1)} speed ${m[k]} ft${k === "fly" && m.hover ? " (hover)" : ""}.`,
    );
    ctx.losses.keep(`${k} speed ${m[k]} ft kept as text`);
  }
}

/** An aura as the source prints it. */
export interface Aura {
  name: string;
  radius: number;
  printed: string;
  who?: "enemies" | "allies" | "all";
  when?: "turnStart" | "enter" | "within";
  damage?: { formula: string; type: string };
  condition?: string;
  /** Only creatures whose HP is below this (0 = any). */
  belowHp?: number;
}

/** [SYS-IMPORT] Auras: `auras` once actors have them (only what was parsed for sure); else text. */
export function mapAura(ctx: Ctx, actor: ActorDoc, a: Aura): void {
  const sure = a.when !== undefined && (a.damage !== undefined || a.condition !== undefined);
  if (actorHasField("auras") && sure) {
    const list = ((actor.system.auras as unknown[] | undefined) ?? []).slice();
    list.push({
      name: a.name,
      radius: Math.max(1, Math.round(a.radius)),
      who: a.who ?? "enemies",
      when: a.when,
      damage: a.damage ?? { formula: "", type: "untyped" },
      condition: a.condition ?? "",
      modifier: { target: "none", value: 0 },
      belowHp: Math.max(0, Math.round(a.belowHp ?? 0)),
    });
    actor.system.auras = list;
    ctx.losses.auto(`aura ${a.name} (${a.radius}) → auras`);
    ctx.losses.flag(`aura ${a.name}: read from its text; check who and when it affects`);
    return;
  }
  ctx.losses.keep(`aura ${a.name}: ${a.printed} kept as text`);
}

/** [SYS-IMPORT] Condition immunities: `conditionImmunities` once actors have it; else text. */
export function mapConditionImmunities(
  ctx: Ctx,
  actor: ActorDoc,
  ids: readonly string[],
  printed: readonly string[],
): void {
  if (!printed.length) return;
  if (actorHasField("conditionImmunities") && ids.length) {
    actor.system.conditionImmunities = [...new Set(ids)];
    ctx.losses.auto(`condition immunities ${ids.join(", ")} → conditionImmunities`);
    const missing = printed.length - ids.length;
    if (missing > 0) {
      printLine(actor, `Immune to ${printed.join(", ")}.`);
      ctx.losses.keep(`condition immunities this game lacks kept as text`);
    }
    return;
  }
  printLine(actor, `Condition immunities: ${printed.join(", ")}.`);
  ctx.losses.keep(`condition immunities ${printed.join(", ")} kept as text`);
}

/** [SYS-IMPORT] Resistance that a keyword bypasses ("from nonmagical attacks", "DR 5/magic" in games without DR). */
export function mapTraitBypass(
  ctx: Ctx,
  actor: ActorDoc,
  bypass: readonly { type: string; keywords: string[] }[],
  printed: string,
): void {
  if (!bypass.length) return;
  if (actorHasField("traitBypass")) {
    const prev = (actor.system.traitBypass as unknown[] | undefined) ?? [];
    actor.system.traitBypass = [...prev, ...bypass];
    ctx.losses.auto(`${printed} → traitBypass`);
    return;
  }
  printLine(actor, `${printed}.`);
  ctx.losses.keep(`${printed}: the exception is kept as text (the resistance applies to every attack)`);
}

/** [SYS-IMPORT] 13th Age monster strength (weakling/double/triple): `strength` once the model has it. */
export function mapMonsterStrength(ctx: Ctx, actor: ActorDoc, strength: string): void {
  if (!strength || strength === "normal") return;
  const choices = ["weakling", "normal", "double", "triple"];
  if (actorHasField("strength") && choices.includes(strength)) {
    actor.system.strength = strength;
    ctx.losses.auto(`monster strength ${strength} → strength`);
    return;
  }
  printLine(actor, `${strength[0]!.toUpperCase()}${strength.slice(1)}-strength monster.`);
  ctx.losses.keep(`monster strength ${strength} kept as text`, { lore: true });
}

/** [SYS-IMPORT] Legendary actions and resistances (HD): `legendary` once the model has it. */
export function mapLegendary(ctx: Ctx, actor: ActorDoc, actions: number, resistances: number): void {
  if (actions <= 0 && resistances <= 0) return;
  if (actorHasField("legendary")) {
    actor.system.legendary = { actions, actionsLeft: actions, resistances, resistancesLeft: resistances };
    ctx.losses.auto(`legendary actions ${actions}, legendary resistance ${resistances} → legendary`);
    return;
  }
  if (actions > 0) {
    printLine(actor, `Legendary actions: ${actions} per round.`);
    ctx.losses.keep(`legendary actions (${actions}) kept as text`);
  }
  if (resistances > 0) {
    printLine(actor, `Legendary resistance: ${resistances} per day.`);
    ctx.losses.keep(`legendary resistance (${resistances}/day) kept as text`);
  }
}

/** [SYS-IMPORT] Damage reduction (WD "DR 5/magic"): `damageReduction` once the model has it. */
export function mapDamageReduction(
  ctx: Ctx,
  actor: ActorDoc,
  dr: { amount: number; bypass: string[]; needsAll: boolean; printed: string },
): void {
  if (actorHasField("damageReduction")) {
    const prev = (actor.system.damageReduction as unknown[] | undefined) ?? [];
    actor.system.damageReduction = [...prev, { amount: dr.amount, bypass: dr.bypass, needsAll: dr.needsAll }];
    ctx.losses.auto(`${dr.printed} → damageReduction`);
    return;
  }
  printLine(actor, `${dr.printed}.`);
  ctx.losses.keep(`${dr.printed} kept as text`);
}

/** [SYS-IMPORT] Spell resistance (WD): `spellResistance` once the model has it. */
export function mapSpellResistance(ctx: Ctx, actor: ActorDoc, sr: number): void {
  if (sr <= 0) return;
  if (actorHasField("spellResistance")) {
    actor.system.spellResistance = sr;
    ctx.losses.auto(`SR ${sr} → spellResistance`);
    return;
  }
  printLine(actor, `SR ${sr}.`);
  ctx.losses.keep(`spell resistance ${sr} kept as text`);
}

/** [SYS-IMPORT] A creature's own save totals (WD charm/reflex/death/fear/spell): `saveTotals` once present. */
export function mapSaveTotals(ctx: Ctx, actor: ActorDoc, totals: Record<string, number>, printed: string): void {
  if (!Object.keys(totals).length) return;
  if (actorHasField("saveTotals")) {
    actor.system.saveTotals = { ...((actor.system.saveTotals as Plain | undefined) ?? {}), ...totals };
    ctx.losses.auto(`${printed} → saveTotals`);
    return;
  }
  printLine(actor, `${printed}.`);
  ctx.losses.keep(`${printed} kept as text (one base save bonus in this data model)`);
}

/** [SYS-IMPORT] FFd20 action points: `actionPoints` once the model has it. */
export function mapActionPoints(ctx: Ctx, actor: ActorDoc, points: number): void {
  if (points <= 0) return;
  if (actorHasField("actionPoints")) {
    actor.system.actionPoints = { value: points, max: points };
    ctx.losses.auto(`action points ${points} → actionPoints`);
    return;
  }
  printLine(actor, `Action points ${points}.`);
  ctx.losses.keep(`action points ${points} kept as text`);
}

/** [SYS-IMPORT] A character's class: `build.classKey` once the model has it; else text flagged for review. */
export function mapClass(
  ctx: Ctx,
  actor: ActorDoc,
  className: string,
  level: number,
  classKeys: readonly string[],
): void {
  if (!className) return;
  const key = className
    .trim()
    .toLowerCase()
    .replace(/[^a-z]/g, "");
  if (actorHasField("build.classKey") && classKeys.includes(key)) {
    const build = { ...((actor.system.build as Plain | undefined) ?? {}) };
    build.classKey = key;
    actor.system.build = build;
    ctx.losses.auto(`class ${className} → build.classKey`);
    return;
  }
  printLine(actor, `Class: ${className} ${level}.`);
  ctx.losses.keep(`class ${className} kept as text`);
  ctx.losses.flag(`class ${className}: set the class by hand; the level (${level}) was imported`);
}

/** [SYS-IMPORT] A critical multiplier ×3/×4 (WD): `critMultiplier` once powers have it; else text. */
export function mapCritMultiplier(ctx: Ctx, item: ItemDoc, mult: number, where: string): void {
  if (mult <= 2) return;
  if (item.type === "power" && itemHasField("power", "critMultiplier")) {
    item.system.critMultiplier = Math.min(4, Math.round(mult));
    ctx.losses.auto(`${where}: critical ×${mult} → critMultiplier`);
    return;
  }
  item.system.critText = `${String(item.system.critText ?? "")} Critical ×${mult}.`.trim();
  ctx.losses.keep(`${where}: critical ×${mult} kept as text`);
}

/**
 * [SYS-IMPORT] Extra damage on a natural roll ("Natural 16+: the target takes 10 extra fire damage"):
 * an effect row's `damage` once effect rows have it; else the line stays text on the power.
 */
export function mapTriggeredDamage(
  ctx: Ctx,
  item: ItemDoc,
  row: Plain,
  damage: { formula: string; type: string },
  printed: string,
  where: string,
): boolean {
  if (item.type === "power" && itemHasField("power", "effects.damage")) {
    // [SYS-MONSTERS] the effect row's rider: its formula and its types (none = untyped).
    const types = damage.type && damage.type !== "untyped" ? [damage.type] : [];
    (item.system.effects as Plain[]).push({ ...row, damage: { formula: damage.formula, types } });
    ctx.losses.auto(`${where}: ${printed} → effect damage`);
    return true;
  }
  return false;
}

/**
 * [SYS-IMPORT] [SYS-CHARACTER] A character whose class landed keeps its printed numbers: each one
 * its class would derive otherwise (HP maximum, recoveries, the recovery roll) becomes the build's
 * override, as choosing a class by hand keeps typed numbers (`classChoice`); a printed defense that
 * already holds the class's defense bonus gives that part to the class, so the total stays printed.
 */
export function settleClass(ctx: Ctx, actor: ActorDoc): void {
  const build = actor.system.build as Plain | undefined;
  const classKey = build?.classKey;
  const progression = ctx.ruleset.progression;
  if (actor.type !== "character" || typeof classKey !== "string" || !classKey || !progression) return;
  const before = toActorSource("character", { ...actor.system, build: { ...build, classKey: "" } });
  const blank = toActorSource("character", blankActorSystem());
  const choice = classChoice(progression, before, classKey, blank);
  const overrides = { ...((build?.overrides as Plain | undefined) ?? {}), ...choice.overrides };
  actor.system.build = { ...build, overrides };
  for (const k of Object.keys(choice.overrides))
    ctx.losses.auto(`printed ${k} kept over the class's → build.overrides`);
  const defenses = { ...((actor.system.defenses as Record<string, { base: number | null; bonus: number }>) ?? {}) };
  for (const [k, d] of Object.entries(choice.defenses)) {
    const cur = defenses[k] ?? { base: null, bonus: 0 };
    defenses[k] = { base: d.base === null ? null : cur.base, bonus: d.bonus ?? cur.bonus };
  }
  const after = derivedNumbers(
    progression,
    toActorSource("character", { ...actor.system, defenses, build: actor.system.build }),
  );
  for (const [k, v] of Object.entries(after?.defenseBonus ?? {})) {
    const cur = defenses[k];
    if (!cur || cur.base === null || !v) continue;
    defenses[k] = { ...cur, base: cur.base - v };
    ctx.losses.auto(`${k.toUpperCase()} ${cur.base + cur.bonus}: the class's +${v} is part of it → defenses.${k}`);
  }
  actor.system.defenses = defenses;
}

/**
 * [SYS-IMPORT] Keyword immunities ("immune to poison, mind-affecting effects, sleep"): the attack
 * keywords whose conditions never take hold on the creature (`keywordImmunities`); else text.
 */
export function mapKeywordImmunities(ctx: Ctx, actor: ActorDoc, keys: readonly string[], printed: string): void {
  if (!keys.length) return;
  if (actorHasField("keywordImmunities")) {
    const prev = (actor.system.keywordImmunities as string[] | undefined) ?? [];
    actor.system.keywordImmunities = [...new Set([...prev, ...keys])];
    ctx.losses.auto(`immune to ${printed} → keywordImmunities`);
    return;
  }
  printLine(actor, `Immune to ${printed}.`);
  ctx.losses.keep(`immunity to ${printed} kept as text`);
}
