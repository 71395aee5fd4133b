/**
 * [SYS-IMPORT] Helpers of the importer's tests: the self-written fixtures (test/fixtures/import),
 * a converted document as a pack source, its data-model issues, and an attack through the engine.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { actorSystemIssues, itemSystemIssues } from "../../src/data/validation.js";
import { getRuleset } from "../../src/engine/registry.js";
import { anyGameDamageTypes } from "../../src/engine/registry.js";
import { convertDocument, type Conversion } from "../../src/import/index.js";
import { packSource } from "../../src/import/cli.js";
import { SCHEMAS, schemaIssues } from "../content/content.js";
import {
  defaultOptions,
  engineActor,
  packAttackRequest,
  type PackActor,
  type PackItem,
} from "../packs/pack-sources.js";
import { REPO_ROOT } from "../stand-ins/i18n.js";
import { attackFromRecordedDice } from "../support/recorded-dice.js";
import { npc, target } from "../workflows/attack-fixtures.js";

export const FIXTURES = path.join(REPO_ROOT, "test", "fixtures", "import");

/** A fixture document, parsed. */
export function fixture(name: string): unknown {
  return JSON.parse(readFileSync(path.join(FIXTURES, name), "utf8")) as unknown;
}

/** Convert a fixture; the conversion must give a document. */
export function convertFixture(name: string, options = {}): Conversion & { actor: PackActor } {
  const c = convertDocument(fixture(name), options);
  expect(c.doc, `${name}: ${c.entry.errors.join("; ")}`).not.toBeNull();
  const src = packSource(c)!.source as unknown as PackActor;
  return { ...c, actor: src };
}

/** Every problem our data models find in a converted actor and its items (schema + joint validation). */
export function modelProblems(actor: PackActor): string[] {
  const types = [...anyGameDamageTypes()];
  const out = schemaIssues(SCHEMAS[actor.type]!, actor.system, "system");
  out.push(...actorSystemIssues(actor.system, types).map((i) => `${i.field}: ${i.message}`));
  for (const item of actor.items) {
    out.push(...schemaIssues(SCHEMAS[item.type]!, item.system, `${item.name}.system`));
    out.push(...itemSystemIssues(item.type, item.system, types).map((i) => `${item.name}: ${i.field}: ${i.message}`));
  }
  return out;
}

/** Every problem our data models find in a converted world item. */
export function itemProblems(item: PackItem): string[] {
  const out = schemaIssues(SCHEMAS[item.type]!, item.system, "system");
  out.push(
    ...itemSystemIssues(item.type, item.system, [...anyGameDamageTypes()]).map((i) => `${i.field}: ${i.message}`),
  );
  return out;
}

/** The item of that name (the test fails when there is none). */
export function itemNamed(actor: PackActor, name: string): PackItem {
  const item = actor.items.find((i) => i.name === name);
  expect(item, `${actor.name} has no item "${name}"`).toBeDefined();
  return item!;
}

/** The actor derived by its game (finite defenses prove the numbers landed where the game reads them). */
export function derive(game: string, actor: PackActor) {
  const ruleset = getRuleset(game);
  return ruleset.deriveActor(engineActor(actor), defaultOptions(ruleset));
}

/**
 * One attack of a converted power through the engine with recorded dice, against a target whose
 * every defense is `defense`: the card's target (outcome, damage, effect rows triggered).
 */
export function attackWith(game: string, actor: PackActor, power: string, d20: number, faces: number[], defense = 10) {
  const ruleset = getRuleset(game);
  const req = packAttackRequest(ruleset, actor, itemNamed(actor, power), engineActor(actor), {
    targets: [target("t", npc(ruleset, defense))],
  });
  const card = attackFromRecordedDice(req, [[d20]], { "*": faces });
  return card.targets[0]!;
}
