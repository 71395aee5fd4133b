/**
 * Wounds d20's stat block: level, size and kind; HP with the damage that makes it bloodied and
 * wounded; AC, touch and flat-footed; initiative, speed, base combat and save bonuses, the six
 * abilities, its traits, then its attacks.
 */
import { commonStatValues, CREATURE_LINE, creatureField, statBlockPieces } from "../../stat-block.js";
import type { StatBlockSpec } from "../../stat-block.js";
import { woundThreshold } from "./data.js";

const { S, size, type, initiative, attackBonus } = statBlockPieces("D20C.WD");

export const STAT_BLOCK: StatBlockSpec = {
  identity: [[{ field: "level", label: `${S}.Level` }, size, type]],
  entries: [
    {
      key: "hp",
      parts: [
        { field: "hp.max", label: `${S}.HP` },
        { value: "bloodied", label: `${S}.Bloodied` },
        { value: "wounded", label: `${S}.Wounded` },
      ],
    },
    { key: "defenses", parts: [{ defenses: "label" }] },
    initiative,
    { key: "speed", parts: [{ field: "speed", label: `${S}.Speed`, after: `${S}.Feet` }] },
    {
      key: "bonuses",
      parts: [
        { field: "baseCombatBonus", label: `${S}.BCB` },
        { field: "baseSaveBonus", label: `${S}.BaseSave` },
      ],
    },
    { key: "abilities", parts: [{ abilities: true }] },
    { traits: true },
    CREATURE_LINE,
    // [SYS-MONSTERS] "DR 5/magic; SR 18" and the stat block's own save totals (blank = the text rule).
    {
      key: "reduction",
      parts: [creatureField("damageReduction"), creatureField("spellResistance", { blankAtZero: true })],
    },
    {
      key: "saveTotals",
      parts: ["death", "reflex", "charm", "fear", "spell"].map((k) => creatureField(`saveTotals.${k}`)),
    },
    { attacks: `${S}.Attacks` },
    { key: "attackBonus", parts: [attackBonus] },
    { procedures: `${S}.Procedures` },
  ],
  attackBonus: `${S}.AttackBonus`,
  targetCount: `${S}.TargetCount`,
  // [WD-BLOODIED] [WD-WOUNDED] the damage taken at which it is bloodied (half) and wounded (¾).
  values: (actor, derived) => ({
    ...commonStatValues(actor, derived),
    bloodied: String(Math.ceil(actor.hp.max / 2)),
    wounded: String(woundThreshold(actor.hp.max)),
  }),
};
