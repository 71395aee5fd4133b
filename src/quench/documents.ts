/**
 * In-Foundry batch `d20-combat.documents` ([SYS-DOCS], [SYS-RULESET]): real actors and items made
 * through Foundry's database, checked against the pure functions they are built on. Creating stamps
 * the ruleset; derived defenses are the active ruleset's `deriveActor`; invalid updates are refused
 * and the stored data kept; old-shape data is migrated on creation; flipping the world's ruleset
 * A → B → A leaves every stored source identical; the character sheet writes its shown tab only and
 * renders a tab once it is chosen, and writes an attack row's text when the row opens. Everything
 * it makes is deleted in `after`.
 */
import { activeRuleset, activeRulesetId, ruleOptions } from "../active-ruleset.js";
import { SYSTEM_ID } from "../constants.js";
import { allRulesets, getRuleset } from "../engine/registry.js";
import type { RulesetId } from "../engine/types.js";
import { SCHEMA_VERSION } from "../migrations/migrate-data.js";
import {
  INVALID_ACTOR_UPDATES,
  MALFORMED_POWER_UPDATE,
  OLD_SHAPE_MIGRATED,
  OLD_SHAPE_NPC_SYSTEM,
} from "./document-fixtures.js";
import type { BatchSpec, QuenchAssert, QuenchBatchContext } from "./quench-api.js";
import { createActor, createOwnedItem, requireGM, storedSystem, TemporaryDocuments, waitFor } from "./support.js";

/** Batch key. */
const DOCUMENTS_BATCH = `${SYSTEM_ID}.documents`;

/**
 * Try an update that must be refused: Foundry either throws or writes nothing. Returns whether it
 * threw, and the stored `system` before and after.
 */
async function tryRefusedUpdate(
  doc: { update(data: object): Promise<unknown>; toObject(): unknown },
  system: Record<string, unknown>,
): Promise<{ threw: boolean; result: unknown; before: unknown; after: unknown }> {
  const before = storedSystem(doc);
  let threw = false;
  let result: unknown;
  try {
    result = await doc.update({ system });
  } catch {
    threw = true;
  }
  return { threw, result, before, after: storedSystem(doc) };
}

function assertRefused(assert: QuenchAssert, r: Awaited<ReturnType<typeof tryRefusedUpdate>>): void {
  assert.ok(r.threw || r.result === undefined, "the update was refused (it threw or wrote nothing)");
  assert.deepEqual(r.after, r.before, "the stored data is exactly what it was");
}

/** The parts of an open actor sheet the sheet case drives. */
interface OpenedSheet {
  render(options: { force: boolean }): Promise<unknown>;
  close(): Promise<unknown>;
  changeTab(tab: string, group: string): void;
  element: HTMLElement | null;
}

/** Re-run data preparation of these documents (what a reload would do after a ruleset change). */
function reprepare(docs: readonly { prepareData(): void }[]): void {
  for (const doc of docs) doc.prepareData();
}

function documentsBody(context: QuenchBatchContext): void {
  const { describe, it, before, after, assert } = context;
  const temp = new TemporaryDocuments();
  let character: Actor.Implementation;
  let npc: Actor.Implementation;
  let power: Item.Implementation;

  before(async () => {
    requireGM();
    character = temp.keep(await createActor({ name: "Quench character", type: "character" }));
    npc = temp.keep(await createActor({ name: "Quench NPC", type: "npc" }));
    power = await createOwnedItem(character, {
      name: "Quench power",
      type: "power",
      system: { damage: "1d8 + 2", defense: activeRuleset().defenses[0]?.key ?? "ac" },
    });
  });
  after(async () => {
    await temp.deleteAll();
  });

  describe("creating documents stamps the ruleset", () => {
    it("creating a character stamps the active ruleset and schema version", () => {
      const flags = character.flags[SYSTEM_ID];
      assert.equal(flags?.ruleset, activeRulesetId(), "flags.d20-combat.ruleset is the world's ruleset");
      assert.equal(flags?.schemaVersion, SCHEMA_VERSION, "flags.d20-combat.schemaVersion is the current one");
    });
    it("creating an NPC stamps the active ruleset and schema version", () => {
      const flags = npc.flags[SYSTEM_ID];
      assert.equal(flags?.ruleset, activeRulesetId());
      assert.equal(flags?.schemaVersion, SCHEMA_VERSION);
    });
  });

  describe("derived data comes from the engine", () => {
    it("derived defenses match the active ruleset's deriveActor on the same source", async () => {
      await character.update({ system: { level: 4, abilities: { dex: 16, con: 14, wis: 13 } } });
      const expected = activeRuleset().deriveActor(character.toEngineSource(), ruleOptions());
      assert.deepEqual(character.derived.defenses, expected.defenses);
      for (const spec of activeRuleset().defenses) {
        assert.ok(spec.key in character.derived.defenses, `the ${spec.key} defense is derived`);
      }
    });
  });

  describe("invalid updates are refused", () => {
    for (const invalid of INVALID_ACTOR_UPDATES) {
      it(`an update with ${invalid.name} is refused and the old data is kept`, async () => {
        assertRefused(assert, await tryRefusedUpdate(npc, invalid.system));
      });
    }
    it("an update with a malformed damage formula is refused and the old data is kept", async () => {
      assertRefused(assert, await tryRefusedUpdate(power, { ...MALFORMED_POWER_UPDATE }));
    });
  });

  describe("migration", () => {
    it("migrateData turns an old-shape source into the current shape", async () => {
      const old = temp.keep(
        await createActor({ name: "Quench old NPC", type: "npc", system: structuredClone(OLD_SHAPE_NPC_SYSTEM) }),
      );
      const stored = storedSystem(old) as Record<string, unknown> & {
        hp: unknown;
        abilities: Record<string, unknown>;
      };
      assert.deepEqual(stored.hp, OLD_SHAPE_MIGRATED.hp, "HP moved out of attributes");
      assert.equal(stored.abilities.str, OLD_SHAPE_MIGRATED.str, "abilities are plain numbers");
      assert.equal(stored.abilities.dex, OLD_SHAPE_MIGRATED.dex);
      assert.deepEqual(stored.resistances, OLD_SHAPE_MIGRATED.resistances, "resistance maps became lists");
      assert.deepEqual(stored.immunities, OLD_SHAPE_MIGRATED.immunities, "immunity text became a list");
      assert.equal(stored.usesEscalation, OLD_SHAPE_MIGRATED.usesEscalation, "the escalation flag was renamed");
      assert.ok(!("attributes" in stored) && !("escalation" in stored), "no old keys are left");
    });
  });

  describe("the character sheet", () => {
    it("an opening writes the shown tab only and folded rows without their text; opening either writes it", async () => {
      const sheet = character.sheet as unknown as OpenedSheet;
      await sheet.render({ force: true });
      try {
        const section = (tab: string) =>
          [...(sheet.element?.querySelectorAll<HTMLElement>(".tab[data-tab]") ?? [])].find(
            (s) => s.dataset.group === "primary" && s.dataset.tab === tab,
          );
        await waitFor(() => section("combat")?.childElementCount, "the combat tab to be written");
        // A folded attack row's text is written the first time it opens.
        const row = section("combat")?.querySelector<HTMLDetailsElement>(
          `details.d20c-attack-details[data-item-id="${power.id}"]`,
        );
        assert.ok(row && !row.querySelector("[data-power-text]"), "the power's row is folded, its text not written");
        if (row) row.open = true;
        await waitFor(() => row?.querySelector("[data-power-text]"), "the opened row's text to be written");
        assert.equal(section("abilities")?.childElementCount, 0, "the abilities tab is empty until chosen");
        sheet.changeTab("abilities", "primary");
        await waitFor(
          () => section("abilities")?.querySelector('input[name^="system.abilities."]'),
          "the abilities tab to be rendered once chosen",
        );
        assert.ok(section("abilities")?.classList.contains("active"), "the chosen tab is the one shown");
      } finally {
        await sheet.close();
      }
    });
  });

  describe("switching rulesets", () => {
    it("switching the ruleset setting A → B → A leaves toObject() identical", async () => {
      const a = activeRulesetId();
      const b = allRulesets().find((r) => r.id !== a)?.id ?? a;
      const docs = [character, npc, power];
      const sources = () => docs.map((d) => structuredClone(d.toObject()));
      const start = sources();
      const setRuleset = (id: RulesetId) => game.settings.set(SYSTEM_ID, "ruleset", id);
      try {
        await setRuleset(b);
        reprepare(docs);
        assert.equal(activeRulesetId(), b, "the world setting now names B");
        const expectedB = getRuleset(b).deriveActor(character.toEngineSource(), ruleOptions());
        assert.deepEqual(character.derived.defenses, expectedB.defenses, "under B the defenses are B's");
        assert.equal(character.foreignRuleset, a, "under B the character is flagged as made for A");
        assert.deepEqual(sources(), start, "A → B changed no stored source");
        await setRuleset(a);
        reprepare(docs);
        assert.equal(activeRulesetId(), a);
        assert.deepEqual(sources(), start, "A → B → A gives back identical sources");
        assert.isNull(character.foreignRuleset, "back under A nothing is flagged");
      } finally {
        if (activeRulesetId() !== a) await setRuleset(a);
        reprepare(docs);
      }
    });
  });
}

/** The `d20-combat.documents` batch. */
export function documentsBatch(): BatchSpec {
  return { key: DOCUMENTS_BATCH, displayNameKey: "D20C.Quench.Documents", body: documentsBody };
}
