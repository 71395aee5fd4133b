/**
 * The in-Foundry batches cannot pass or fail here (test/project/self-test.test.ts runs the built
 * self-test file with a probe batch): these tests only check that they are WIRED — the system's
 * module loads them only for Quench or the settings button, every batch registers with Quench with
 * a display name, inside a sandbox, and declares the cases the suite promises. Whether those cases PASS is only known inside Foundry
 * (docs/testing.md). The batch fixtures are also checked against the pure validators and
 * migration, so a batch never expects Foundry to refuse data our own rules accept.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorSystemIssues, itemSystemIssues } from "../../src/data/validation.js";
import { allRulesets } from "../../src/engine/registry.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { migrateActorSystem } from "../../src/migrations/migrate-data.js";
import type { SelfTestPorts } from "../../src/quench/batches.js";
import {
  INVALID_ACTOR_UPDATES,
  MALFORMED_POWER_UPDATE,
  OLD_SHAPE_MIGRATED,
  OLD_SHAPE_NPC_SYSTEM,
} from "../../src/quench/document-fixtures.js";
import { createI18nStandIn, REPO_ROOT } from "../stand-ins/i18n.js";
import {
  installStandInGlobals,
  recordBatchDeclarations,
  StandInHooks,
  StandInQuench,
  type StandInDeclarations,
} from "../stand-ins/quench.js";

/** The cases the suite promises (docs/testing.md), per batch. */
const PER_GAME_ATTACK_CASES = [
  "rollAttack with fastForward posts ONE chat message with the target UUIDs, per-target outcomes and every roll",
  "applying damage through the workflow's apply function changes the target's HP by the engine's amount",
  "undo restores the exact prior system",
  "a /roll 1d20+5 message made while a token is targeted gets per-target outcomes from the roll hook",
];
const PER_GAME_CARD_CONDITION_CASES = [
  "the card's Apply button puts the hit's condition on the target: on its token, among its effects, for the rules",
  "the card's Undo button takes the condition off the token and out of the effects again",
];
const PROMISED: Record<string, string[]> = {
  "d20-combat.documents": [
    "creating a character stamps the active ruleset and schema version",
    "creating an NPC stamps the active ruleset and schema version",
    "derived defenses match the active ruleset's deriveActor on the same source",
    "an update with NaN HP is refused and the old data is kept",
    "an update with negative max HP is refused and the old data is kept",
    "an update with an unknown damage type is refused and the old data is kept",
    "an update with a malformed damage formula is refused and the old data is kept",
    "migrateData turns an old-shape source into the current shape",
    "switching the ruleset setting A → B → A leaves toObject() identical",
  ],
  "d20-combat.attacks": PER_GAME_ATTACK_CASES,
  "d20-combat.combat": [
    "ongoing damage lands at the ruleset's turn boundary and the save against it is rolled",
    "reads 0 in round 1 and climbs by one each round after",
  ],
  "d20-combat.canvas": [
    "the battlefield read from the scene holds the two tokens and the wall, in squares",
    "the engine's corner-line verdicts agree with Foundry's wall-collision test on the same lines",
  ],
  "d20-combat.conditions": [
    "a condition set from the token HUD shows on the token, counts for the rules, and goes when toggled off",
  ],
  "d20-combat.cardconditions": PER_GAME_CARD_CONDITION_CASES,
  "d20-combat.generations": [
    "the deletion the adapter writes removes a nested key as core's unsetFlag does, on this world's generation",
    "a Region the user drew is, on v14 only, the area a power with no stated shape reads: its squares inside, the others not",
    "the scene reading's 'attacker sees target' is core's visibility test for the viewer, in the open and behind a wall",
    "a foe on another Level of the scene (v14; pending on v13, which has no Levels) never holds a token in its reach, by the token documents' level",
    "a token moved by TokenDocument#move out of a foe's reach and back is judged along core's waypoints to have left it",
    "an effect with a one-turn duration ending at turn end expires by core's v14 expiry when the turn passes (pending on v13), and a system effect so timed is deleted",
  ],
};

const hooks = new StandInHooks();
let uninstall: () => void;
let registerWithQuench: (quench: StandInQuench, ports: SelfTestPorts) => void;

/** Ports the declarations never call. */
const ports: SelfTestPorts = {
  rollAttack: () => Promise.reject(new Error("not used")),
  apply: () => Promise.reject(new Error("not used")),
  undo: () => Promise.reject(new Error("not used")),
};

beforeAll(async () => {
  uninstall = installStandInGlobals({ hooks, i18n: createI18nStandIn() });
  ({ registerWithQuench } = await import("../../src/self-test/entry.js"));
});
afterAll(() => uninstall());

/** Register every batch with a fresh stand-in Quench and return what was registered. */
function register(): StandInQuench {
  const quench = new StandInQuench();
  registerWithQuench(quench, ports);
  return quench;
}

describe("Quench registration (in-Foundry suite wiring)", () => {
  it("the system's module only listens for quenchReady, and loads the self-test file then", () => {
    const source = readFileSync(path.join(REPO_ROOT, "src/applications/self-test.ts"), "utf8");
    expect(source).toMatch(/Hooks\.on\("quenchReady", \(quench\) => \{\s*loadSelfTest\(\)/);
    expect(source).not.toMatch(/from "\.\.\/quench\/(?!batches\.js";)/);
  });

  it("registers the documents, attacks and combat batches under the system's namespace", () => {
    const keys = register().batches.map((b) => b.key);
    expect(keys).toEqual(expect.arrayContaining(Object.keys(PROMISED)));
    for (const key of keys) expect(key).toMatch(/^d20-combat\.[a-z]+$/);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("gives every batch a localized display name (not a raw i18n key)", () => {
    for (const batch of register().batches) {
      const name = batch.options?.displayName ?? "";
      expect(name, batch.key).not.toBe("");
      expect(name, batch.key).not.toMatch(/^D20C\./);
    }
  });

  describe("each batch declares the promised cases, in a sandbox, and cleans up", () => {
    const declared = new Map<string, StandInDeclarations>();
    beforeAll(() => {
      for (const b of register().batches) declared.set(b.key, recordBatchDeclarations(b.body));
    });

    for (const [key, names] of Object.entries(PROMISED)) {
      it(`${key} declares every promised it() case`, () => {
        const d = declared.get(key);
        expect(d, `${key} registered`).toBeDefined();
        expect(d?.testNames).toEqual(expect.arrayContaining(names));
        expect(new Set(d?.tests).size, "no duplicate test names").toBe(d?.tests.length);
      });
      it(`${key} creates its documents in before() and deletes them in after() (the sandbox's and its own)`, () => {
        const d = declared.get(key);
        expect(d?.hooks.before).toBeGreaterThanOrEqual(2);
        expect(d?.hooks.after).toBeGreaterThanOrEqual(2);
      });
    }

    it("[SYS-RELEASE] d20-combat.generations marks its Level and expiry cases pending on v13 and makes nothing there", async () => {
      const bodies = declared.get("d20-combat.generations")?.bodies;
      const v14Only = (PROMISED["d20-combat.generations"] ?? []).filter((n) => n.includes("pending on v13"));
      expect(v14Only).toHaveLength(2);
      const g = globalThis as { Actor?: unknown; canvas?: unknown };
      expect(g.Actor, "no Actor class: a case that made a document would throw").toBeUndefined();
      for (const name of v14Only) {
        const body = bodies?.get(name);
        expect(body, name).toBeDefined();
        let skipped = 0;
        // The stand-in `game` has no release: the generation read is 13.
        await body?.call({ skip: () => void skipped++ });
        expect(skipped, name).toBe(1);
      }
    });

    for (const [key, cases] of [
      ["d20-combat.attacks", PER_GAME_ATTACK_CASES],
      ["d20-combat.cardconditions", PER_GAME_CARD_CONDITION_CASES],
    ] as const) {
      it(`${key} runs its cases once per game`, () => {
        const tests = declared.get(key)?.tests ?? [];
        for (const id of RULESET_IDS) {
          for (const name of cases)
            expect(
              tests.some((t) => t.includes(`› ${id} ›`) && t.endsWith(name)),
              `${id}: ${name}`,
            ).toBe(true);
        }
      });
    }
  });

  it("the entry file registers the self-test with one import and one call in init", () => {
    const entry = readFileSync(path.join(REPO_ROOT, "src/d20-combat.ts"), "utf8");
    expect(entry).toMatch(/import \{ registerSelfTest \} from "\.\/applications\/self-test\.js";/);
    expect(entry.match(/registerSelfTest\(\);/g)).toHaveLength(1);
  });
});

describe("batch fixtures agree with the pure rules they exercise", () => {
  const damageTypes = allRulesets().flatMap((r) => [...r.damageTypes]);

  for (const invalid of INVALID_ACTOR_UPDATES) {
    it(`[SYS-DOCS] the validators refuse the actor update with ${invalid.name}`, () => {
      const issues = actorSystemIssues(invalid.system, damageTypes);
      expect(issues.length).toBeGreaterThan(0);
    });
  }

  it("[SYS-DOCS] the validators refuse the malformed damage formula and accept a sound one", () => {
    expect(itemSystemIssues("power", { ...MALFORMED_POWER_UPDATE }, damageTypes).map((i) => i.field)).toEqual([
      "system.damage",
    ]);
    expect(itemSystemIssues("power", { damage: "1d8 + 2" }, damageTypes)).toEqual([]);
  });

  it("[SYS-DOCS] the old-shape NPC migrates to what the batch expects, and is then valid", () => {
    const migrated = migrateActorSystem(OLD_SHAPE_NPC_SYSTEM) as Record<string, unknown> & {
      abilities: Record<string, unknown>;
    };
    expect(migrated.hp).toEqual(OLD_SHAPE_MIGRATED.hp);
    expect(migrated.abilities.str).toBe(OLD_SHAPE_MIGRATED.str);
    expect(migrated.abilities.dex).toBe(OLD_SHAPE_MIGRATED.dex);
    expect(migrated.resistances).toEqual(OLD_SHAPE_MIGRATED.resistances);
    expect(migrated.immunities).toEqual(OLD_SHAPE_MIGRATED.immunities);
    expect(migrated.usesEscalation).toBe(OLD_SHAPE_MIGRATED.usesEscalation);
    expect(actorSystemIssues(migrated, damageTypes)).toEqual([]);
    // The old shape itself would not pass (the batch really exercises migration before validation).
    expect(actorSystemIssues(OLD_SHAPE_NPC_SYSTEM, damageTypes).length).toBeGreaterThan(0);
  });
});
