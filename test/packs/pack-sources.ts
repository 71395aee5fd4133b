/**
 * Reads the compendium pack sources (packs/<name>/*.yml) that system.json declares, and turns pack
 * documents into the engine's plain views the way the data models and documents do in Foundry:
 * equipped armor items folded into the actor's armor (`combineArmor`, as `prepareBaseData` does),
 * `toActorSource` for the engine, and a power's weapon chosen like `D20Item#powerWeapon` (its
 * `weaponId`: "none" = no weapon, an id = that weapon, "" = the owner's first equipped weapon).
 */
import { applyBuild } from "../../src/engine/build.js";
import { readFileSync } from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { listFiles } from "../../scripts/lib/files.mjs";
import {
  chooseWeapon,
  powerSourceFrom,
  weaponAttackOf,
  weaponReach,
  weaponSourceFrom,
} from "../../src/data/item-source.js";
import { actorRollData, combineArmor, toActorSource, type ArmorItemData } from "../../src/data/prepare.js";
import { fillPackDocument } from "../../src/data/pack-fill.js";
import { getRuleset } from "../../src/engine/registry.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import { planAttack, plainSituation, type AttackPlan, type AttackRequest } from "../../src/engine/plans/attack.js";
import type {
  ActorSource,
  ArmorSummary,
  PowerSource,
  RuleOptions,
  RulesetId,
  WeaponSource,
} from "../../src/engine/types.js";
import { REPO_ROOT } from "../stand-ins/i18n.js";
import { npc, target } from "../workflows/attack-fixtures.js";

export type Plain = Record<string, unknown>;

/** One embedded or world-level item document as stored in a pack source. */
export interface PackItem {
  _id: string;
  _key: string;
  name: string;
  type: string;
  img: string;
  system: Plain;
  effects?: unknown[];
  flags: { "d20-combat"?: { ruleset?: string; schemaVersion?: number } };
}

/** One actor document as stored in a pack source. */
export interface PackActor extends Omit<PackItem, "system"> {
  system: Plain;
  items: PackItem[];
  prototypeToken?: Plain;
}

/** A system.json `packs[]` entry. */
export interface PackEntry {
  name: string;
  label: string;
  path: string;
  type: "Actor" | "Item" | "JournalEntry" | "Scene" | "Macro";
  system: string;
  flags?: { "d20-combat"?: { ruleset?: string } };
}

export interface LoadedPack {
  entry: PackEntry;
  /** File name (relative to the pack folder) → parsed document. */
  docs: { file: string; doc: Plain }[];
  /** The pack's own folders (sources whose `_key` is `!folders!<id>`), kept apart from its documents. */
  folders: { file: string; doc: Plain }[];
}

const isFolder = (doc: Plain) => typeof doc._key === "string" && doc._key.startsWith("!folders!");

/** The parsed system.json of the repository. */
export function systemJson(): { packs: PackEntry[]; packFolders?: unknown[] } & Plain {
  return JSON.parse(readFileSync(path.join(REPO_ROOT, "system.json"), "utf8")) as never;
}

/**
 * Every declared pack with its parsed sources (a YAML error throws, naming the file), each document
 * filled as the build compiles it (a field the source leaves out at its initial value).
 */
export function loadPacks(): LoadedPack[] {
  return systemJson().packs.map((entry) => {
    const dir = path.join(REPO_ROOT, "packs", entry.name);
    const files = listFiles(dir, (n) => n.endsWith(".yml") || n.endsWith(".yaml"));
    const all = files.map((file) => {
      try {
        const doc = yaml.load(readFileSync(path.join(dir, file), "utf8")) as Plain;
        fillPackDocument(doc);
        return { file, doc };
      } catch (err) {
        throw new Error(`packs/${entry.name}/${file}: ${err instanceof Error ? err.message : String(err)}`);
      }
    });
    return { entry, docs: all.filter((d) => !isFolder(d.doc)), folders: all.filter((d) => isFolder(d.doc)) };
  });
}

/** The ruleset a pack is for (from its system.json flag). */
export function packRuleset(entry: PackEntry): Ruleset {
  return getRuleset(entry.flags?.["d20-combat"]?.ruleset);
}

/** The ruleset a document says it was made for. */
export function docRulesetId(doc: { flags?: unknown }): RulesetId {
  const flags = (doc.flags ?? {}) as PackItem["flags"];
  return flags["d20-combat"]?.ruleset as RulesetId;
}

/** The actor's armor as prepared data sees it: its own values plus equipped armor items. */
export function preparedArmor(actor: PackActor): ArmorSummary {
  const items = actor.items.filter((i) => i.type === "armor").map((i) => i.system as unknown as ArmorItemData);
  return combineArmor(actor.system.armor as ArmorSummary, items);
}

/**
 * The engine's view of a pack actor (a character or an NPC) as the data model prepares it: armor
 * items included, then a character's class numbers ([SYS-CHARACTER], its game's class table).
 */
export function engineActor(actor: PackActor): ActorSource {
  const kind = actor.type === "character" ? "character" : "npc";
  const source = toActorSource(kind, { ...actor.system, armor: preparedArmor(actor) });
  return applyBuild(getRuleset(docRulesetId(actor)).progression, source);
}

/** The weapon a power item attacks with on this actor (see the file comment); a weapon is its own. */
export function weaponFor(actor: PackActor, item: PackItem): PackItem | null {
  if (item.type === "weapon") return item;
  const weapons = actor.items.filter((i) => i.type === "weapon");
  return chooseWeapon(
    item.system.weaponId,
    weapons,
    (w) => w._id,
    (w) => Boolean(w.system.equipped),
    { wanted: item.system.range, reachOf: (w) => weaponReach(w.system) },
  );
}

/** The ruleset's default value for every Open rule. */
export function defaultOptions(ruleset: Ruleset): RuleOptions {
  return Object.fromEntries(ruleset.options.map((o) => [o.key, o.default]));
}

/** An actor's roll data as `D20Actor#getRollData` builds it (escalation 0). */
export function rollDataOf(actor: ActorSource, ruleset: Ruleset): ReturnType<typeof actorRollData> {
  return actorRollData(actor, ruleset.deriveActor(actor, defaultOptions(ruleset)), 0);
}

/** Engine sources of a power item as its owner would attack with it (formulas resolved). */
export function powerOf(actor: ActorSource, ruleset: Ruleset, item: PackItem): PowerSource {
  return powerSourceFrom(item.system, rollDataOf(actor, ruleset));
}

/** Engine source of a weapon item. */
export function weaponOf(item: PackItem): WeaponSource {
  return weaponSourceFrom(item.name, item.system);
}

/**
 * The attack request a pack actor makes with one of its items, as the sheet builds it: a power
 * with its weapon (see {@link weaponFor}) and `@refs` resolved from the attacker, a weapon as its
 * basic attack against the game's first defense; plain situation, no escalation, no targets.
 * `attacker` is the engine source to attack as (default: the document's own); `over` replaces
 * any other part of the request.
 */
export function packAttackRequest(
  ruleset: Ruleset,
  doc: PackActor,
  item: PackItem,
  attacker: ActorSource = engineActor(doc),
  over: Partial<AttackRequest> = {},
): AttackRequest {
  const w = weaponFor(doc, item);
  return {
    ruleset,
    options: defaultOptions(ruleset),
    attacker: { uuid: doc._id, name: doc.name, actor: attacker },
    item: { name: item.name, img: item.img },
    power:
      item.type === "weapon"
        ? weaponAttackOf(weaponOf(item), ruleset, attacker.kind, rollDataOf(attacker, ruleset))
        : powerOf(attacker, ruleset, item),
    weapon: w ? weaponOf(w) : null,
    situation: plainSituation(),
    escalation: 0,
    targets: [],
    ...over,
  };
}

/**
 * One attack of a pack actor's item at a natural roll against a plain target whose defenses are all
 * `defense`, through the real attack plan and its game's resolution (a mighty or weak roll's two d20s
 * both show the natural), and the damage recipe of its outcome. It decides nothing: the pack tests
 * compare what comes out with numbers they work out from the printed lines and the texts.
 */
export function playPackAttack(r: Ruleset, doc: PackActor, item: PackItem, natural: number, defense: number) {
  const snapshot = target("victim", npc(r, defense));
  const req = packAttackRequest(r, doc, item, engineActor(doc), { targets: [snapshot] });
  const plan: AttackPlan = planAttack(req);
  const input = plan.inputs.get(snapshot)!;
  const outcome = r.resolveAttack({ ...input, dice: plan.d20Counts[0] === 2 ? [natural, natural] : [natural] });
  const recipe = r.damageRecipe({
    outcome: outcome.result,
    hit: plan.hit,
    miss: plan.miss,
    missEffect: req.power.missEffect,
    missApplies: outcome.missEffect,
    critExtra: plan.critExtra,
    types: req.power.damageTypes,
    options: req.options,
  });
  return { req, plan, outcome, recipe };
}
