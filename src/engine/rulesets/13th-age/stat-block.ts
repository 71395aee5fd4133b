/**
 * 13th Age's monster stat block: "Large 4th level troop [giant]", its initiative, its attacks with
 * their natural-roll triggers and miss lines, then AC / PD / MD and HP, as the game prints them.
 */
import {
  commonStatValues,
  CREATURE_LINE,
  creatureField,
  ENCLOSE,
  statBlockPieces,
  STRENGTH_CHOICES,
} from "../../stat-block.js";
import type { StatBlockSpec } from "../../stat-block.js";

const { S, size, type, initiative, attackBonus } = statBlockPieces("D20C.Age13");

export const STAT_BLOCK: StatBlockSpec = {
  identity: [
    [
      size,
      // [SYS-MONSTERS] "Double-strength 4th level wrecker": the strength, normal left unprinted.
      creatureField("strength", { bare: true, choices: STRENGTH_CHOICES, unprinted: ["normal"] }),
      {
        field: "level",
        label: "D20C.Actor.FIELDS.level.label",
        bare: true,
        after: `${S}.LevelAfter`,
        ordinal: `${S}.Ordinal`,
      },
      { field: "monsterRole", label: `${S}.Role`, bare: true, choices: `${S}.Roles` },
      { ...type, enclose: { open: ENCLOSE.bracketOpen, close: ENCLOSE.bracketClose } },
    ],
  ],
  entries: [
    initiative,
    { attacks: `${S}.Attacks` },
    { traits: true },
    CREATURE_LINE,
    { key: "mob", parts: [creatureField("mob")] },
    { key: "defenses", parts: [{ defenses: "abbr" }, { field: "hp.max", label: `${S}.HP` }] },
    {
      key: "attackBonus",
      // A 13th Age stat block prints no speed: the GM still edits it (tokens move by it).
      parts: [attackBonus, { field: "speed", label: "D20C.Actor.FIELDS.speed.label", editOnly: true }],
    },
    { procedures: `${S}.Procedures` },
  ],
  attackBonus: `${S}.AttackBonus`,
  targetCount: `${S}.TargetCount`,
  values: commonStatValues,
};
