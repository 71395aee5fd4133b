/**
 * [SYS-CHARACTER] Who a character is and what it carries (issue 44): the `equipment` item type
 * (consumables and gear with quantity, weight, charges and a use action), and the actor's
 * `identity` (ancestry, 13th Age One Unique Thing and icon relationships) and `currency`.
 * Both actor groups are optional: older sources lack them and take their initial values.
 * The contract other branches read is /work/contracts/wt-d.md.
 */
import { bool, choice, formula, group, html, int, list, num, optional, text } from "./fields.js";

/** What an equipment item does when used. */
export const EQUIPMENT_USES = ["none", "heal"] as const;

/** `equipment` items: consumables (a potion) and gear (rope, a lantern). */
export const EQUIPMENT_FIELDS = {
  description: html(),
  quantity: int(1, { min: 0 }),
  /** Pounds for one of them (Wounds d20's load counts quantity × weight). */
  weight: num(0, { min: 0 }),
  /** Charges: `max` 0 = none (each use takes one of `quantity`). */
  uses: group({ value: int(0, { min: 0 }), max: int(0, { min: 0 }) }),
  /** The use action: `heal` heals as the game heals from a potion. */
  use: choice(EQUIPMENT_USES, "none"),
  /** What a heal rolls in the games that roll one (13th Age spends a recovery instead). */
  heal: formula("damage", ""),
  equipped: bool(false),
} as const;

/** How a 13th Age icon relationship leans. */
export const ICON_STANCES = ["positive", "conflicted", "negative"] as const;

/** One icon relationship: the icon's name, its points (a d6 each at the session start) and its lean. */
const ICON_FIELD = group({
  name: text(),
  points: int(1, { min: 0, max: 3 }),
  stance: choice(ICON_STANCES, "conflicted"),
});

/** Identity fields the games play with (class stays `build.classKey`, backgrounds `build.backgrounds`). */
export const IDENTITY_FIELD = optional(
  group({
    /** Ancestry, race or kin, in the player's words (every game). */
    ancestry: text(),
    /** 13th Age: the One Unique Thing. */
    oneUniqueThing: text(),
    /** 13th Age: icon relationships. */
    icons: list(ICON_FIELD),
  }),
);

/** Coins, as many as each game uses (13th Age counts gold only). */
export const COIN_KEYS = ["pp", "gp", "sp", "cp"] as const;

export const CURRENCY_FIELD = optional(
  group({
    pp: int(0, { min: 0 }),
    gp: int(0, { min: 0 }),
    sp: int(0, { min: 0 }),
    cp: int(0, { min: 0 }),
  }),
);

/** Weapons and armor weigh something too (optional: older items lack it; absent = 0). */
export const CARRIED_WEIGHT = optional(num(0, { min: 0 }));
