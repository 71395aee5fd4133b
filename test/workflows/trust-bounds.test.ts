/**
 * [SYS-PERM] Numbers within bounds, at the data model:
 * - a power's push / pull / slide distance is refused past the engine's own bound (20 squares) by
 *   the data model the item sheet's submit writes through, and a GM's press of a card whose ledger
 *   still carries more (stored before the bound) tells the GM why instead of throwing silently;
 * - every number of the actor and item data models (what users type) has finite bounds in the
 *   Foundry schema, so HP of ±1.7e308 is refused; numbers stored beyond them before are brought to
 *   the bound by the migration (each model's migrateData, on every load).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../src/constants.js";
import { getRuleset } from "../../src/engine/registry.js";
import { FORCED_MAX_SQUARES, ITEM_FIELDS } from "../../src/engine/item-fields.js";
import { defaultsOf, numberBounds } from "../../src/engine/fields.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import type { onForcedClick as OnForcedClickFn } from "../../src/workflows/forced-move.js";
import { itemSystemIssues, actorSystemIssues } from "../../src/data/validation.js";
import {
  actorSchema,
  armorSchema,
  featureSchema,
  powerSchema,
  weaponSchema,
  worldActorFields,
} from "../../src/data/schema.js";
import { boundStoredNumbers } from "../../src/migrations/migrate-data.js";
import {
  StandInArrayField,
  StandInDataField,
  StandInNumberField,
  StandInSchemaField,
  StandInTypedObjectField,
  standInFields,
} from "../stand-ins/foundry-fields.js";
import { installRelayStandIn, type RelayStandIn } from "../stand-ins/foundry-relay.js";
import { npc } from "./attack-fixtures.js";
import { hitEffect, threeFoeCard } from "./power-fixtures.js";
import { defaultActorSource } from "../../src/engine/common.js";

/** The bound of a number that names none of its own. */
const NUMBER_LIMIT = numberBounds({}).max;

const R = getRuleset("ffd20");
let w: RelayStandIn;
let onForcedClick: typeof OnForcedClickFn;

beforeAll(async () => {
  w = installRelayStandIn(R.id);
  ({ onForcedClick } = await import("../../src/workflows/forced-move.js"));
});
afterAll(() => w.uninstall());

beforeEach(() => {
  w.messages.clear();
  w.actors.clear();
  w.tokens.clear();
  w.attack.warnings.length = 0;
  w.attack.errors.length = 0;
  w.viewAs(null);
  w.addActor("attacker", "Attacker", npc(R, 10));
  w.addActor("foe0", "Ash Imp", npc(R, 15));
  w.addActor("foe1", "Bugbear", npc(R, 15));
  w.addActor("foe2", "Cave Troll", npc(R, 15));
});

describe("[FF-FORCED] [SYS-PERM] forced movement within the game's bound", () => {
  it("[FF-FORCED] a power written with a push of 21 squares (a macro, an import, a client past its sheet) is refused by the data model naming the field; the sheet's form keeps 20", async () => {
    const power = defaultsOf(ITEM_FIELDS.power);
    const write = (squares: number) =>
      itemSystemIssues(
        "power",
        { ...power, effects: [hitEffect({ forced: { kind: "push", squares } })] },
        R.damageTypes,
      );
    expect(write(21)).toEqual([
      { field: "system.effects.0.forced.squares", message: `must be at most ${FORCED_MAX_SQUARES} (got 21)` },
    ]);
    expect(write(FORCED_MAX_SQUARES)).toEqual([]);
    // The Foundry schema field carries the same bound.
    const effects = powerSchema(standInFields).effects as unknown as StandInArrayField;
    const forced = (effects.element as StandInSchemaField).fields.forced as StandInSchemaField;
    expect(forced.fields.squares!.options).toMatchObject({ min: 0, max: FORCED_MAX_SQUARES });
    // The item sheet's form never sends more than the bound.
    const { powerEffectsFromForm } = await import("../../src/applications/sheets/power-effects.js");
    const fromForm = powerEffectsFromForm({ 0: { outcome: "hit", forced: { kind: "push", squares: "21" } } });
    expect(fromForm[0]!.forced).toEqual({ kind: "push", squares: FORCED_MAX_SQUARES });
  });

  it("[FF-FORCED] [SYS-PERM] a GM's press of a card whose ledger carries a push of 21 (stored before the bound) tells the GM the rules refused it; the token stays", async () => {
    const card = threeFoeCard("ffd20", [hitEffect({ forced: { kind: "push", squares: 21 } })]);
    const m = await w.post(w.user, { flags: { [SYSTEM_ID]: { attack: card } } });
    const ledger = {
      version: 1,
      cardId: m.id,
      status: "valid",
      reason: "",
      card: structuredClone(card) as AttackCardData,
    };
    await w.post(w.user, { whisper: ["gm"], type: "ledger", system: ledger });
    const t = w.tokens.get("foe0")!;
    w.tokens.get("attacker")!.x = 200;
    w.tokens.get("attacker")!.y = 200;
    t.x = 300;
    t.y = 300;
    await expect(onForcedClick(m as unknown as ChatMessage, "Scene.s1.Token.foe0", 0)).resolves.toEqual([]);
    expect({ x: t.x, y: t.y }).toEqual({ x: 300, y: 300 });
    expect(w.attack.errors.at(-1)).toBe("The rules refused this: forced.squares: must be a whole number from 0 to 20");
  });
});

/** Every number field of a stand-in schema, with its path. */
function numberFields(
  schema: Record<string, unknown>,
  path = "system",
): { path: string; options: Record<string, unknown> }[] {
  const out: { path: string; options: Record<string, unknown> }[] = [];
  const walk = (field: unknown, at: string) => {
    if (field instanceof StandInNumberField) out.push({ path: at, options: field.options });
    else if (field instanceof StandInSchemaField)
      for (const [k, sub] of Object.entries(field.fields)) walk(sub, `${at}.${k}`);
    else if (field instanceof StandInArrayField || field instanceof StandInTypedObjectField)
      walk(field.element, `${at}.*`);
  };
  for (const [k, f] of Object.entries(schema)) if (f instanceof StandInDataField) walk(f, `${path}.${k}`);
  return out;
}

describe("[SYS-PERM] every number a user can type has finite bounds at the data model", () => {
  it("[SYS-PERM] each number field of the actor and item schemas has a finite minimum and maximum (HP among them)", () => {
    const schemas = {
      actor: actorSchema(standInFields),
      power: powerSchema(standInFields),
      weapon: weaponSchema(standInFields),
      armor: armorSchema(standInFields),
      feature: featureSchema(standInFields),
    };
    for (const [name, schema] of Object.entries(schemas)) {
      const numbers = numberFields(schema as unknown as Record<string, unknown>);
      if (name !== "feature") expect(numbers.length, name).toBeGreaterThan(0);
      for (const { path, options } of numbers) {
        expect(Number.isFinite(options.min), `${name} ${path} min`).toBe(true);
        expect(Number.isFinite(options.max), `${name} ${path} max`).toBe(true);
        expect(options.max as number, `${name} ${path}`).toBeLessThanOrEqual(NUMBER_LIMIT);
      }
    }
    const hp = numberFields(schemas.actor as unknown as Record<string, unknown>).filter((n) =>
      n.path.startsWith("system.hp."),
    );
    expect(hp.map((n) => [n.path, n.options.min, n.options.max])).toEqual([
      ["system.hp.value", -NUMBER_LIMIT, NUMBER_LIMIT],
      ["system.hp.max", 1, NUMBER_LIMIT],
      ["system.hp.temp", 0, NUMBER_LIMIT],
    ]);
  });

  it("[SYS-PERM] the migration (each model's migrateData, on every load) brings HP of 1.7e308 and a push of 21 squares stored before the bounds to the bound, keeping the rest", () => {
    const stored = { ...defaultActorSource({ kind: "npc" }), hp: { value: 1.7e308, max: 1.7e308, temp: -5 } } as Record<
      string,
      unknown
    >;
    delete stored.kind;
    const migrated = boundStoredNumbers(worldActorFields(), stored);
    expect(migrated.hp).toEqual({ value: NUMBER_LIMIT, max: NUMBER_LIMIT, temp: 0 });
    expect(actorSystemIssues(migrated, R.damageTypes)).toEqual([]);
    expect(migrated.abilities).toEqual(stored.abilities);
    // The input is untouched.
    expect((stored.hp as { value: number }).value).toBe(1.7e308);
    const power = {
      ...defaultsOf(ITEM_FIELDS.power),
      effects: [{ ...hitEffect({ forced: { kind: "pull", squares: 21 } }) }],
    };
    const item = boundStoredNumbers(ITEM_FIELDS.power, power);
    expect((item.effects as { forced: unknown }[])[0]!.forced).toEqual({ kind: "pull", squares: FORCED_MAX_SQUARES });
  });
});
