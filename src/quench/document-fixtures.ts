/**
 * The data the documents batch hands Foundry: an actor in the oldest stored shape with what its
 * migration must give, and updates the data models must refuse. Kept apart from the batch so the
 * Node tests can check them against the same pure validators and migration.
 */
/** An actor `system` in the prototype's shape (schema version 0, see src/migrations/migrate-data.ts). */
export const OLD_SHAPE_NPC_SYSTEM: Readonly<Record<string, unknown>> = Object.freeze({
  attributes: { hp: { value: 7, max: 20, temp: 0 } },
  abilities: { str: { value: 14 }, dex: { value: 12 } },
  resistances: { fire: 5 },
  immunities: "cold, poison",
  escalation: true,
});

/** What the stored source must hold after the old shape was migrated. */
export const OLD_SHAPE_MIGRATED = Object.freeze({
  hp: { value: 7, max: 20, temp: 0 },
  str: 14,
  dex: 12,
  resistances: [{ type: "fire", value: 5 }],
  immunities: ["cold", "poison"],
  usesEscalation: true,
});

/** Actor updates the data model must refuse, each named for its test. */
export const INVALID_ACTOR_UPDATES: readonly { name: string; system: Record<string, unknown> }[] = [
  { name: "NaN HP", system: { hp: { value: Number.NaN } } },
  { name: "negative max HP", system: { hp: { max: -5 } } },
  { name: "an unknown damage type", system: { resistances: [{ type: "quench-no-such-type", value: 5 }] } },
];

/** A power update with a damage formula that cannot be parsed. */
export const MALFORMED_POWER_UPDATE: Readonly<Record<string, unknown>> = Object.freeze({ damage: "2d6 +* 3" });
