/**
 * Hundred Dungeons' monster stat block: "Large beast, unaligned"; Defense, hit points and speed; the
 * six abilities with their modifiers; skills, senses, challenge and experience; then its actions.
 */
import { commonStatValues, CREATURE_LINE, creatureField, ENCLOSE, statBlockPieces } from "../../stat-block.js";
import type { StatBlockSpec } from "../../stat-block.js";

const { S, size, type, initiative, attackBonus } = statBlockPieces("D20C.HD");

export const STAT_BLOCK: StatBlockSpec = {
  identity: [
    [size, { ...type, enclose: { close: ENCLOSE.comma } }, { field: "alignment", label: `${S}.Alignment`, bare: true }],
  ],
  entries: [
    { key: "defenses", parts: [{ defenses: "label" }] },
    { key: "hp", parts: [{ field: "hp.max", label: `${S}.HP` }] },
    { key: "speed", parts: [{ field: "speed", label: `${S}.Speed`, after: `${S}.Feet` }] },
    { key: "abilities", parts: [{ abilities: true }] },
    { key: "skills", parts: [{ field: "skills", label: `${S}.Skills` }] },
    { key: "senses", parts: [{ field: "senses", label: `${S}.Senses` }] },
    { traits: true },
    CREATURE_LINE,
    {
      key: "challenge",
      parts: [
        { field: "challenge", label: `${S}.Challenge` },
        { field: "xp", label: `${S}.XP` },
        { field: "level", label: `${S}.Level` },
      ],
    },
    initiative,
    { attacks: `${S}.Actions` },
    // [SYS-MONSTERS] "Legendary Actions 3 (2 left)", "Legendary Resistance 3/day (1 left)".
    {
      key: "legendary",
      parts: [
        creatureField("legendary.actions", { blankAtZero: true }),
        creatureField("legendary.actionsLeft", { editOnly: true }),
        creatureField("legendary.resistances", { blankAtZero: true, after: "D20C.Creature.PerDay" }),
        creatureField("legendary.resistancesLeft", { editOnly: true }),
      ],
    },
    { key: "attackBonus", parts: [attackBonus] },
    { procedures: `${S}.Procedures` },
  ],
  attackBonus: `${S}.AttackBonus`,
  targetCount: `${S}.TargetCount`,
  values: commonStatValues,
};
