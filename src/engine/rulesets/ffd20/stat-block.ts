/**
 * FFd20's monster stat block: "Level 8 elite brute", its size, kind and XP; HP and bloodied (none for a minion),
 * initiative, its four defenses, speed, traits, then its powers with their usage and action.
 */
import { commonStatValues, CREATURE_LINE, creatureField, statBlockPieces } from "../../stat-block.js";
import type { StatBlockSpec } from "../../stat-block.js";
import { bloodiedValue } from "./damage.js";

const { S, size, type, initiative, attackBonus } = statBlockPieces(`D20C.FF`);

export const STAT_BLOCK: StatBlockSpec = {
  identity: [
    [
      { field: "level", label: `${S}.Level` },
      { field: "rank", label: `${S}.Rank`, bare: true, choices: `${S}.Ranks`, unprinted: ["standard"] },
      { field: "role", label: `${S}.Role`, bare: true, choices: `${S}.Roles` },
    ],
    [size, type, { field: "xp", label: `${S}.XP` }],
  ],
  entries: [
    {
      key: "hp",
      parts: [
        { field: "hp.max", label: `${S}.HP` },
        { value: "bloodied", label: `${S}.Bloodied` },
      ],
    },
    initiative,
    { key: "defenses", parts: [{ defenses: "label" }] },
    { key: "speed", parts: [{ field: "speed", label: `${S}.Speed` }] },
    { traits: true },
    CREATURE_LINE,
    {
      key: "solo",
      parts: [
        { value: "saves", label: "D20C.Creature.Field.saves" },
        creatureField("actionPoints.value", { blankAtZero: true }),
        creatureField("actionPoints.max", { editOnly: true }),
      ],
    },
    { attacks: `${S}.Powers` },
    { key: "attackBonus", parts: [attackBonus] },
    { procedures: `${S}.Procedures` },
  ],
  attackBonus: `${S}.AttackBonus`,
  targetCount: `${S}.TargetCount`,
  values: (actor, derived) => {
    const { bloodied: _half, ...common } = commonStatValues(actor, derived);
    // A minion is never bloodied (one hit point, no bloodied value): its block prints none, not "Bloodied 0".
    const bloodied = actor.rank === "minion" ? 0 : bloodiedValue(actor);
    // [SYS-MONSTERS] "Saving Throws +2": an elite's or solo's bonus, where it has one.
    const save = derived.saves.save ?? 0;
    const saves = save !== 0 ? { saves: save > 0 ? `+${save}` : String(save) } : {};
    return bloodied > 0 ? { ...common, ...saves, bloodied: String(bloodied) } : { ...common, ...saves };
  },
};
