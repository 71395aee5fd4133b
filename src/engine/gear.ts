/**
 * [SYS-CHARACTER] Gear and identity, decided (pure): what using an equipment item spends, how a
 * healing potion heals in each game (13th Age spends a recovery, the others roll the potion's
 * healing), the carried load and the speed it leaves (Wounds d20's load table), and the 13th Age
 * icon relationship roll at the start of a session (a d6 per relationship point; each 6 and 5 is
 * reported with the icon's name).
 */
import type { COIN_KEYS, EQUIPMENT_USES, ICON_STANCES } from "./gear-fields.js";
import type { Ruleset } from "./ruleset.js";
import type { RollRequest, RuleEvent } from "./types.js";

type CoinKey = (typeof COIN_KEYS)[number];

/** How heavy a load is (Wounds d20): light costs nothing, medium and heavy slow, over heavy barely moves. */
export type LoadBand = "light" | "medium" | "heavy" | "over";

/** What a game does with gear and identity (optional on a ruleset: absent = the defaults below). */
export interface GearRules {
  /** How a healing potion heals: `recovery` = it spends a recovery (13th Age); `roll` = its healing is rolled. */
  readonly potion: "recovery" | "roll";
  /** The coins the game counts, in the order the sheet shows them. */
  readonly coins: readonly CoinKey[];
  /** Identity fields the game plays with beyond class and ancestry (13th Age: One Unique Thing, icons). */
  readonly identity: readonly ("oneUniqueThing" | "icons")[];
  /**
   * The load band of `load` pounds carried with Strength score `strength`, and the speed it
   * leaves of `speed` (feet). Absent = the game has no load rule (speed never changes).
   */
  loaded?(speed: number, strength: number, load: number): { band: LoadBand; speed: number };
}

/** A game without gear rules of its own: gold only, potions rolled, no load rule. */
const DEFAULT_GEAR: GearRules = { potion: "roll", coins: ["gp"], identity: [] };

export function gearOf(ruleset: Pick<Ruleset, "gear">): GearRules {
  return ruleset.gear ?? DEFAULT_GEAR;
}

/** An equipment item as using it reads it. */
export interface EquipmentState {
  quantity: number;
  uses: { value: number; max: number };
  use: (typeof EQUIPMENT_USES)[number];
  heal: string;
}

/**
 * What one use leaves: a charge spent where it has charges (at none left one of them is used up and
 * the next is full), else one of them used up. Null = nothing left to use.
 */
export function afterUse(
  item: Pick<EquipmentState, "quantity" | "uses">,
): Pick<EquipmentState, "quantity" | "uses"> | null {
  if (item.quantity <= 0) return null;
  if (item.uses.max > 0) {
    const left = Math.min(item.uses.value, item.uses.max) - 1;
    if (left < 0) return null;
    if (left > 0) return { quantity: item.quantity, uses: { value: left, max: item.uses.max } };
    const quantity = item.quantity - 1;
    return { quantity, uses: { value: quantity > 0 ? item.uses.max : 0, max: item.uses.max } };
  }
  return { quantity: item.quantity - 1, uses: { ...item.uses } };
}

/** One icon relationship as the roll reads it. */
export interface IconRelationship {
  name: string;
  points: number;
  stance: (typeof ICON_STANCES)[number];
}

/** What the session-start roll gave one icon: its dice and how many 6s and 5s. */
export interface IconRollLine {
  name: string;
  stance: IconRelationship["stance"];
  faces: number[];
  sixes: number;
  fives: number;
}

/** The d6 requests of the icon roll: one per relationship point, labelled with the icon's name. */
export function iconRollRequests(icons: readonly IconRelationship[], actorId: string): RollRequest[] {
  return icons.flatMap((icon, index) =>
    Array.from({ length: Math.max(0, icon.points) }, () => ({
      kind: "procedure" as const,
      actorId,
      formula: "1d6",
      target: null,
      against: "total" as const,
      label: icon.name,
      data: { icon: index },
    })),
  );
}

/** The rolled faces (in the order of `iconRollRequests`) read per icon. */
export function iconRollLines(icons: readonly IconRelationship[], faces: readonly number[]): IconRollLine[] {
  let at = 0;
  return icons.map((icon) => {
    const mine = faces.slice(at, at + Math.max(0, icon.points));
    at += mine.length;
    return {
      name: icon.name,
      stance: icon.stance,
      faces: mine,
      sixes: mine.filter((f) => f === 6).length,
      fives: mine.filter((f) => f === 5).length,
    };
  });
}

/** The card lines of the roll: one per 6 and per 5, naming the icon; one line when nothing came up. */
export function iconRollEvents(lines: readonly IconRollLine[]): RuleEvent[] {
  const events: RuleEvent[] = [];
  for (const line of lines) {
    for (let i = 0; i < line.sixes; i++) events.push({ key: "D20C.Gear.IconSix", data: { icon: line.name } });
    for (let i = 0; i < line.fives; i++) events.push({ key: "D20C.Gear.IconFive", data: { icon: line.name } });
  }
  if (!events.length) events.push({ key: "D20C.Gear.IconNone" });
  return events;
}

/** A carried item as the load reads it (equipment has a quantity; a weapon or armor counts once). */
export interface CarriedItem {
  type: string;
  system: { quantity?: unknown; weight?: unknown };
}

/** Pounds carried: each item's weight times its quantity. */
export function carriedLoad(items: readonly CarriedItem[]): number {
  let total = 0;
  for (const item of items) {
    const weight = Number(item.system.weight ?? 0);
    const quantity = item.type === "equipment" ? Number(item.system.quantity ?? 0) : 1;
    if (Number.isFinite(weight) && Number.isFinite(quantity)) total += Math.max(0, weight) * Math.max(0, quantity);
  }
  return Math.round(total * 100) / 100;
}
