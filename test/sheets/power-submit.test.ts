/**
 * [SYS-MONSTERS] The power item sheet's new fields set through the REAL sheet's submit: the BUILT
 * bundle (dist/d20-combat.mjs) boots under the boot stand-in with its play bases
 * (test/stand-ins/foundry-boot.ts, foundry-play.ts); a power is made through the bundle's Item
 * class, its sheet (the class the bundle registered) builds its context and renders with the real
 * templates, inputs of the rendered form are changed as a user would, and the sheet's own
 * `_processFormData` turns the whole form into the update core writes. The item must hold the new
 * values and pass its data model's validation (the bundle's registered model); a value out of
 * bounds is refused by that validation naming the field; switching to a game that never reads a
 * field and submitting its form keeps the field.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installFoundryBootStandIn, type FoundryBootStandIn } from "../stand-ins/foundry-boot.js";
import type { DocumentDataStandIn, PlayItemStandIn } from "../stand-ins/foundry-play.js";
import { REPO_ROOT } from "../stand-ins/i18n.js";
import { ensureBuilt } from "../support/built-dist.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { decode } from "./words-screens.js";

const SYSTEM = "d20-combat";
const BUNDLE = path.join(REPO_ROOT, "dist/d20-combat.mjs");

let s: FoundryBootStandIn;
/** The browser's `CSS.escape`, which the sheet's empty-number warning asks for (names here need no escaping). */
const hadCss = "CSS" in globalThis;

beforeAll(async () => {
  if (!hadCss) Object.assign(globalThis, { CSS: { escape: (v: string) => v } });
  ensureBuilt(["d20-combat.mjs"]);
  s = installFoundryBootStandIn(14, "hundred-dungeons", { play: true });
  await import(/* @vite-ignore */ `${pathToFileURL(BUNDLE).href}?power-submit`);
  for (const hook of ["init", "i18nInit", "setup", "ready"]) s.hooks.callAll(hook);
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
}, 120_000);
afterAll(() => {
  s.uninstall();
  if (!hadCss) delete (globalThis as { CSS?: unknown }).CSS;
});

interface Sheet {
  _configureRenderParts(o: object): Record<string, { template: string }>;
  _prepareContext(o: object): Promise<Record<string, unknown>>;
  _processFormData(event: null, form: unknown, formData: { object: Record<string, unknown> }): Record<string, unknown>;
}

type Plain = Record<string, unknown>;

/** A power made through the bundle's Item class: a breath with one hit effect row. */
function breath(): PlayItemStandIn {
  const Item = s.config.Item.documentClass as unknown as new (data: DocumentDataStandIn) => PlayItemStandIn;
  const effect = {
    outcome: "hit",
    trigger: { kind: "any", value: 0 },
    text: "",
    statuses: [],
    duration: "saveEnds",
    save: "normal",
    sustain: null,
    ongoing: null,
    aftereffect: null,
  };
  return new Item({
    _id: "breath",
    name: "Cinder Breath",
    type: "power",
    system: { damage: "4d6", damageTypes: ["fire"], range: "close", effects: [effect] },
  });
}

function sheetOf(item: PlayItemStandIn): Sheet {
  const call = s.sheetCalls.find((c) => c.call === "register" && c.options.label === "D20C.Sheet.ItemSheet");
  return new (call!.sheetClass as new (options: object) => Sheet)({ document: item });
}

async function render(sheet: Sheet): Promise<string> {
  const context = await sheet._prepareContext({});
  const renderer = createTemplateRenderer();
  return Object.values(sheet._configureRenderParts({}))
    .map((part) => renderer.render(part.template.replace(`systems/${SYSTEM}/`, ""), context))
    .join("");
}

const attr = (tag: string, name: string) => {
  const v = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return v === undefined ? null : decode(v);
};

/**
 * What Foundry's FormDataExtended reads of the rendered form: each named input (number: a number,
 * blank = null; checkbox: checked or not; text as is), each select's chosen option (a multiple
 * select: the chosen ones), each rich-text editor's value; and the form's number inputs.
 */
function formOf(html: string) {
  const object: Plain = {};
  const numbers: { name: string }[] = [];
  for (const [tag] of html.matchAll(/<input\b[^>]*>/g)) {
    const name = attr(tag, "name");
    if (!name) continue;
    const type = attr(tag, "type") ?? "text";
    const value = attr(tag, "value") ?? "";
    if (type === "number") {
      numbers.push({ name });
      object[name] = value === "" ? null : Number(value);
    } else if (type === "checkbox") object[name] = /\schecked\b/.test(tag);
    else object[name] = value;
  }
  for (const [, open, body] of html.matchAll(/<select\b([^>]*)>(.*?)<\/select>/gs)) {
    const name = attr(open!, "name");
    if (!name) continue;
    const options = [...body!.matchAll(/<option value="([^"]*)"( selected)?/g)];
    object[name] = /\smultiple\b/.test(open!)
      ? options.filter((o) => o[2]).map((o) => o[1])
      : ((options.find((o) => o[2]) ?? options[0])?.[1] ?? "");
  }
  for (const [tag] of html.matchAll(/<prose-mirror\b[^>]*>/g)) {
    const name = attr(tag, "name");
    if (name) object[name] = attr(tag, "value") ?? "";
  }
  const form = {
    querySelectorAll: (selector: string) => (selector === 'input[type="number"][name]' ? numbers : []),
    querySelector: () => null,
  };
  return { object, form };
}

/** Submit the rendered sheet with `changes` typed into its form; the update the sheet hands core. */
async function submit(sheet: Sheet, changes: Plain): Promise<{ system: Plain }> {
  const html = await render(sheet);
  for (const name of Object.keys(changes))
    expect(html.includes(`name="${name}"`), `the form offers ${name}`).toBe(true);
  const { object, form } = formOf(html);
  Object.assign(object, changes);
  return sheet._processFormData(null, form, { object }) as { system: Plain };
}

/** The bundle's registered power data model's own check of a whole system (throws naming the field). */
function validate(system: Plain): void {
  const Model = s.config.Item.dataModels.power as unknown as { validateJoint(data: Plain): void };
  Model.validateJoint(system);
}

describe("[SYS-MONSTERS] the power sheet's new fields through the bundle's own submit", () => {
  it("[SYS-MONSTERS] [HD-ATK] a save instead of an attack roll: chosen, then its DC and half on a success; stored and valid", async () => {
    await s.settings.set(SYSTEM, "ruleset", "hundred-dungeons");
    const item = breath();
    const sheet = sheetOf(item);
    await item.update(await submit(sheet, { "system.saveAttack.save": "dex" }));
    expect(item._source.system.saveAttack).toEqual({ save: "dex", dc: 10, onSuccess: "none" });
    await item.update(await submit(sheet, { "system.saveAttack.dc": 14, "system.saveAttack.onSuccess": "half" }));
    expect(item._source.system.saveAttack).toEqual({ save: "dex", dc: 14, onSuccess: "half" });
    validate(item._source.system);
    // No save chosen again: an attack roll (null).
    await item.update(await submit(sheet, { "system.saveAttack.save": "" }));
    expect(item._source.system.saveAttack).toBeNull();
  });

  it("[SYS-MONSTERS] a natural-roll range and a rider's damage on an effect row, the recharge die, 'when first bloodied' and a damage part", async () => {
    await s.settings.set(SYSTEM, "ruleset", "hundred-dungeons");
    const item = breath();
    const sheet = sheetOf(item);
    await item.update(await submit(sheet, { "system.effects.0.trigger.kind": "range", "system.usage": "recharge" }));
    await item.update(
      await submit(sheet, {
        "system.effects.0.trigger.value": 16,
        "system.effects.0.trigger.max": 19,
        "system.effects.0.damage.formula": "1d6",
        "system.effects.0.damage.types": ["fire"],
        "system.recharge": 5,
        "system.rechargeDie": "d6",
        "system.rechargeAt": "turnStart",
        "system.rechargeBloodied": true,
        "system.damageParts.0.formula": "2d6",
        "system.damageParts.0.types": ["poison"],
      }),
    );
    const sys = item._source.system;
    expect((sys.effects as Plain[])[0]).toMatchObject({
      trigger: { kind: "range", value: 16, max: 19 },
      damage: { formula: "1d6", types: ["fire"] },
    });
    expect(sys).toMatchObject({
      usage: "recharge",
      recharge: 5,
      rechargeDie: "d6",
      rechargeAt: "turnStart",
      rechargeBloodied: true,
      damageParts: [{ formula: "2d6", types: ["poison"] }],
    });
    validate(sys);
    // A list of natural rolls, typed as words.
    await item.update(await submit(sheet, { "system.effects.0.trigger.kind": "list" }));
    await item.update(await submit(sheet, { "system.effects.0.trigger.values": "20, 5, 10, 5, 25" }));
    expect((item._source.system.effects as Plain[])[0]).toMatchObject({
      trigger: { kind: "list", values: [5, 10, 20] },
    });
    validate(item._source.system);
  });

  it("[SYS-MONSTERS] out of bounds is refused naming the field: a DC of 99, a rider's broken formula", async () => {
    await s.settings.set(SYSTEM, "ruleset", "hundred-dungeons");
    const item = breath();
    const sheet = sheetOf(item);
    await item.update(await submit(sheet, { "system.saveAttack.save": "con" }));
    const high = await submit(sheet, { "system.saveAttack.dc": 99 });
    const merged = { ...structuredClone(item._source.system), ...high.system };
    expect(() => validate(merged)).toThrow(/saveAttack\.dc/);
    const broken = await submit(sheet, { "system.effects.0.damage.formula": "2d6 +" });
    const withRider = { ...structuredClone(item._source.system), ...broken.system };
    expect(() => validate(withRider)).toThrow(/effects.*damage.*formula|damage\.formula/);
  });

  it("[SYS-MONSTERS] [SYS-RULESET] 13th Age never asks for a save instead of an attack roll, and its submit keeps the stored one", async () => {
    await s.settings.set(SYSTEM, "ruleset", "hundred-dungeons");
    const item = breath();
    const sheet = sheetOf(item);
    await item.update(await submit(sheet, { "system.saveAttack.save": "wis" }));
    await s.settings.set(SYSTEM, "ruleset", "13th-age");
    const html = await render(sheet);
    expect(html).not.toContain('name="system.saveAttack.save"');
    await item.update(await submit(sheet, { "system.attackBonus": 7 }));
    expect(item._source.system).toMatchObject({
      attackBonus: 7,
      saveAttack: { save: "wis", dc: 10, onSuccess: "none" },
    });
    await s.settings.set(SYSTEM, "ruleset", "hundred-dungeons");
    expect(await render(sheet)).toMatch(/name="system\.saveAttack\.save"/);
  });
});

describe("[SYS-WORDS] chips through the bundle's own submit (issue 45)", () => {
  it("[SYS-WORDS] the damage types' and an effect's conditions' chips come back as one comma-joined input each and are stored as lists, valid; no multi-select is rendered", async () => {
    await s.settings.set(SYSTEM, "ruleset", "hundred-dungeons");
    const item = breath();
    const sheet = sheetOf(item);
    const html = await render(sheet);
    expect(html).not.toMatch(/<select[^>]*\smultiple/);
    expect(html).toContain('name="system.damageTypes" value="fire"');
    await item.update(
      await submit(sheet, {
        "system.damageTypes": "fire,cold",
        "system.effects.0.statuses": "prone,restrained",
        "system.effects.0.damage.formula": "1d6",
        "system.effects.0.damage.types": "poison",
      }),
    );
    const sys = item._source.system;
    expect(sys.damageTypes).toEqual(["fire", "cold"]);
    expect((sys.effects as Plain[])[0]).toMatchObject({
      statuses: ["prone", "restrained"],
      damage: { formula: "1d6", types: ["poison"] },
    });
    validate(sys);
    // the last chip removed: an empty list, not a lost field
    await item.update(await submit(sheet, { "system.damageTypes": "" }));
    expect(item._source.system.damageTypes).toEqual([]);
  });
});

describe("[SYS-TARGETS] a power's target count through the bundle's own submit", () => {
  it("[SYS-TARGETS] typed into the attack section: stored and valid; a count giving 0 or 30 targets is refused naming system.targetCount; blank is no count", async () => {
    await s.settings.set(SYSTEM, "ruleset", "13th-age");
    const item = breath();
    const sheet = sheetOf(item);
    await item.update(await submit(sheet, { "system.targetCount": "1d3" }));
    expect(item._source.system.targetCount).toBe("1d3");
    validate(item._source.system);
    expect(await render(sheet)).toMatch(/name="system\.targetCount" value="1d3"/);
    for (const bad of ["0", "3d10", "@level"]) {
      const typed = await submit(sheet, { "system.targetCount": bad });
      const merged = { ...structuredClone(item._source.system), ...typed.system };
      expect(() => validate(merged), bad).toThrow(/targetCount/);
    }
    await item.update(await submit(sheet, { "system.targetCount": "" }));
    expect(item._source.system.targetCount).toBe("");
    validate(item._source.system);
  });
});

describe("[SYS-MONSTERS] a routine through the bundle's own submit", () => {
  it("[SYS-MONSTERS] the routine's rows typed into the form: each power with its count and a follow-up are stored and valid; a blank form leaves no routine", async () => {
    await s.settings.set(SYSTEM, "ruleset", "hundred-dungeons");
    const item = breath();
    const sheet = sheetOf(item);
    await item.update(
      await submit(sheet, {
        "system.routine.attacks.0.power": " Claw ",
        "system.routine.attacks.0.count": 2,
        "system.routine.followUps.0.power": "Bite",
        "system.routine.followUps.0.when": "allHit",
        "system.routine.followUps.0.of": "Claw",
      }),
    );
    expect(item._source.system.routine).toEqual({
      attacks: [{ power: "Claw", count: 2 }],
      followUps: [{ power: "Bite", when: "allHit", of: "Claw" }],
    });
    validate(item._source.system);
    // The stored rows render with one blank row of each after them: a second power is added there.
    await item.update(
      await submit(sheet, { "system.routine.attacks.1.power": "Tail", "system.routine.attacks.1.count": 1 }),
    );
    expect(item._source.system.routine).toMatchObject({
      attacks: [
        { power: "Claw", count: 2 },
        { power: "Tail", count: 1 },
      ],
    });
    // Every row cleared: an ordinary power again.
    await item.update(
      await submit(sheet, {
        "system.routine.attacks.0.power": "",
        "system.routine.attacks.1.power": "",
        "system.routine.followUps.0.power": "",
      }),
    );
    expect(item._source.system.routine ?? null).toBeNull();
  });

  it("[SYS-MONSTERS] a count beyond 10 is refused by the model naming the field; the routine survives a switch to another game's sheet", async () => {
    await s.settings.set(SYSTEM, "ruleset", "hundred-dungeons");
    const item = breath();
    const sheet = sheetOf(item);
    const many = await submit(sheet, {
      "system.routine.attacks.0.power": "Claw",
      "system.routine.attacks.0.count": 11,
    });
    expect(() => validate({ ...structuredClone(item._source.system), ...many.system })).toThrow(/routine.*count/);
    await item.update(
      await submit(sheet, { "system.routine.attacks.0.power": "Claw", "system.routine.attacks.0.count": 3 }),
    );
    await s.settings.set(SYSTEM, "ruleset", "13th-age");
    await item.update(await submit(sheet, { "system.attackBonus": 7 }));
    expect(item._source.system).toMatchObject({
      attackBonus: 7,
      routine: { attacks: [{ power: "Claw", count: 3 }], followUps: [] },
    });
    validate(item._source.system);
    await s.settings.set(SYSTEM, "ruleset", "hundred-dungeons");
  });
});
