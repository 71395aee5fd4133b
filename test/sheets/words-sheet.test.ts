/**
 * [SYS-WORDS] The controls every game shares, in each game's words and only where it has them: the
 * healing resource and its button, the in-battle heal, the death roll and its tallies, the header's
 * status pills, the weapon row, the damage-counting HP block, worn armor, immunities, and the
 * tracker's battle controls. Rendered with the real templates from the sheet contexts.
 */
import { describe, expect, it } from "vitest";
import { hpFromDamageTaken, listsFromForm } from "../../src/applications/sheets/actor-context.js";
import { headerPills } from "../../src/applications/sheets/header-pills.js";
import { trackerHeaderView } from "../../src/applications/combat/tracker-view.js";
import { saveButtonRoll } from "../../src/engine/plans/sheet-rolls.js";
import { getRuleset } from "../../src/engine/registry.js";
import { type RulesetId } from "../../src/engine/types.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { wordsOf } from "../../src/engine/words.js";
import { toActorSource } from "../../src/data/prepare.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { heroContext, i18n, itemContext, sheetItem, storedHero, wholeSheet } from "./sheet-fixtures.js";

const hbs = createTemplateRenderer();
const sheet = (id: RulesetId, o: Parameters<typeof heroContext>[1] = {}) => wholeSheet(hbs, heroContext(id, o));
const L = (key: string | null) => (key ? i18n.localize(key) : "");
/** The visible text of a button by its data-action. */
const buttons = (html: string, action: string) =>
  [...html.matchAll(new RegExp(`data-action="${action}"[^>]*>([\\s\\S]*?)</button>`, "g"))].map((m) =>
    m[1]!.replace(/<[^>]*>/g, "").trim(),
  );

describe("[SYS-WORDS] each game's words on the shared controls", () => {
  it("[SYS-WORDS] the healing resource, its button and the in-battle heal are each game's own", () => {
    const want: Record<RulesetId, { spend: string; resource: string; rally: string | null }> = {
      "13th-age": { spend: "Spend a Recovery", resource: "Recoveries", rally: "Rally" },
      ffd20: { spend: "Spend a Healing Surge", resource: "Healing Surges", rally: "Second Wind" },
      "hundred-dungeons": { spend: "Spend a Hit Die", resource: "Hit Dice", rally: null },
      "wounds-d20": { spend: "Roll a Recovery Die", resource: "Recovery Dice", rally: null },
    };
    for (const id of RULESET_IDS) {
      const html = sheet(id);
      const w = want[id]!;
      expect(buttons(html, "spendRecovery"), id).toEqual([w.spend]);
      expect(buttons(html, "rally"), id).toEqual(w.rally ? [w.rally] : []);
      expect(html, id).toContain(`<label>${w.resource} <input type="number" name="system.recoveries.value"`);
      // 13th Age's heal-up count and its penalty for spending with none left are its alone
      const healUp = html.includes("Battles Since Heal-up");
      expect(healUp, id).toBe(id === "13th-age");
      expect(html.includes("Spent at Zero Recoveries (−1 Each)"), id).toBe(id === "13th-age");
    }
    // FFd20's surge is a quarter of the maximum HP: no formula to write
    expect(sheet("ffd20")).not.toContain('name="system.recoveries.formula"');
    expect(sheet("hundred-dungeons")).toContain('<label>Hit Die <input class="d20c-formula"');
  });

  it("[SYS-WORDS] [13A-DEATHSAVE] [HD-DYING] the death roll in each game's words, with only the tallies it counts", () => {
    const a13 = sheet("13th-age");
    expect(buttons(a13, "rollDeathSave")).toEqual(["Death Save"]);
    // a passed 13th Age death save spends a recovery: no Successes box
    expect(a13).not.toContain('name="system.deathSaves.successes"');
    expect(a13).toContain('name="system.deathSaves.failures"');
    const hd = sheet("hundred-dungeons");
    expect(buttons(hd, "rollDeathSave")).toEqual(["Dying Check"]);
    expect(hd).not.toContain('name="system.deathSaves.');
    const ff = sheet("ffd20");
    expect(ff).not.toContain('name="system.deathSaves.successes"');
    expect(ff).toContain('name="system.deathSaves.failures"');
  });

  it("[SYS-WORDS] [WD-DEATHDC] Wounds d20 has one Death Save button: the save, which is the death roll when the rules call for one", () => {
    const html = sheet("wounds-d20");
    expect(buttons(html, "rollDeathSave")).toEqual([]);
    const death = buttons(html, "rollSave").filter((t) => t.startsWith("Death Save"));
    expect(death).toHaveLength(1);
    expect(html).toContain('data-kind="death"');
    // both tallies count here: four successes stabilise, three failures kill
    expect(html).toContain('name="system.deathSaves.successes"');
    expect(html).toContain('name="system.deathSaves.failures"');
    const R = getRuleset("wounds-d20");
    const actor = (over: Record<string, unknown>) => toActorSource("character", storedHero("wounds-d20", over));
    expect(saveButtonRoll(R, actor({ hp: { value: 20, max: 40, temp: 0 } }), "death")).toBe("save");
    expect(saveButtonRoll(R, actor({ hp: { value: -3, max: 40, temp: 0 }, state: "dying" }), "death")).toBe(
      "deathSave",
    );
    expect(saveButtonRoll(R, actor({ hp: { value: -3, max: 40, temp: 0 }, state: "dying" }), "reflex")).toBe("save");
    // a game whose saves are not its death roll always rolls the save
    const a13 = getRuleset("13th-age");
    expect(saveButtonRoll(a13, toActorSource("character", storedHero("13th-age", { state: "dying" })), "normal")).toBe(
      "save",
    );
  });

  it("[SYS-WORDS] [HD-ATK] a Hundred Dungeons ability box shows its score once (the score is what it adds); the others show score and modifier", () => {
    const boxes = (id: RulesetId, abilities: Record<string, number>) => {
      const html = sheet(id, { stored: storedHero(id, { abilities }) });
      return [...html.matchAll(/<div class="d20c-ability">([\s\S]*?)<\/div>/g)].map((m) => m[1]!);
    };
    const hd = boxes("hundred-dungeons", { str: 3, dex: -1, con: 2, int: 0, wis: 1, cha: 0 });
    expect(hd).toHaveLength(6);
    for (const box of hd) expect(box).not.toContain("d20c-mod");
    expect(hd[0]).toContain('name="system.abilities.str" value="3"');
    const a13 = boxes("13th-age", { str: 16, dex: 10, con: 12, int: 8, wis: 14, cha: 11 });
    expect(a13[0]).toContain('<span class="d20c-mod">+3</span>');
    expect(a13[0]).toContain('name="system.abilities.str" value="16"');
    expect(a13[3]).toContain('<span class="d20c-mod">-1</span>');
  });

  it("[SYS-WORDS] [HD-ATK] a Hundred Dungeons NPC's sheet asks no renown or weapon skills (a character's), a character's does", () => {
    const npc = sheet("hundred-dungeons", { kind: "npc", stored: storedHero("hundred-dungeons", {}) });
    expect(npc).not.toContain('name="system.renown"');
    expect(npc).not.toContain('name="system.weaponSkills"');
    expect(npc).not.toContain(L("D20C.Actor.FIELDS.renown.label"));
    const pc = sheet("hundred-dungeons");
    expect(pc).toContain('name="system.renown"');
    expect(pc).toContain('name="system.weaponSkills"');
  });

  it("[SYS-WORDS] [13A-ATK] 13th Age armor asks no bonus: the class's armor table gives the AC base, so neither the armor sheet nor the character shows a '+0'", () => {
    const armorSheet = (id: RulesetId) => hbs.render("templates/sheets/item.hbs", itemContext("armor", id));
    const a13 = armorSheet("13th-age");
    expect(a13).not.toContain('name="system.armorBonus"');
    expect(a13).not.toContain('name="system.shieldBonus"');
    expect(a13).toContain('name="system.equipped"');
    expect(armorSheet("ffd20")).toContain('name="system.armorBonus"');
    expect(sheet("13th-age")).not.toContain('name="system.armor.armorBonus"');
    expect(sheet("hundred-dungeons")).toContain('name="system.armor.armorBonus"');
  });

  it("[SYS-WORDS] [13A-DOWN] an important 13th Age NPC makes death saves but has no recoveries to spend or rally with", () => {
    const html = sheet("13th-age", { kind: "npc", stored: storedHero("13th-age", { important: true }) });
    expect(buttons(html, "rollDeathSave")).toEqual(["Death Save"]);
    expect(buttons(html, "spendRecovery")).toEqual([]);
    expect(buttons(html, "rally")).toEqual([]);
  });

  it("[SYS-WORDS] the header says each status once, and shows active conditions in every game", () => {
    const ff = getRuleset("ffd20").conditions.find((c) => c.id === "dying")!;
    const pills = headerPills(["D20C.FF.Status.dying"], [ff.label], "D20C.Sheet.State.dying", i18n);
    expect(pills.map((p) => i18n.localize(p.label))).toEqual(["Dying"]);
    for (const id of RULESET_IDS) {
      const R = getRuleset(id);
      const condition = R.conditions.find((c) => c.id !== "dying" && c.id !== "dead")!;
      const ctx = heroContext(id, {
        stored: storedHero(id, { conditions: [condition.id], state: "dying", hp: { value: -2, max: 40, temp: 0 } }),
        // the sheet localises with game.i18n, which is how it tells two names of one status apart
        text: i18n,
      });
      const header = wholeSheet(hbs, ctx).split('<ul class="d20c-badges"')[0]!;
      const texts = [...header.matchAll(/<span class="d20c-pill d20c-status[^"]*">([^<]*)<\/span>/g)].map((m) => m[1]);
      expect(texts, id).toContain(L(condition.label));
      expect(new Set(texts).size, id).toBe(texts.length);
      expect(
        texts.filter((t) => /dying/i.test(t!)),
        id,
      ).toHaveLength(1);
    }
  });

  it("[SYS-WORDS] [HD-DMG] a weapon row without its own dice reads range · equipped, with no empty part; in Hundred Dungeons it names its class's die", () => {
    const club = sheetItem("w9", "weapon", "Club", { damageDice: "", weaponClass: "simple", equipped: true });
    const metaOf = (id: RulesetId) => {
      const html = sheet(id, { items: [club] });
      const row = html.slice(html.search(/<li class="d20c-item d20c-attack[^"]*" data-item-id="w9"/));
      const meta = /<span class="d20c-item-meta">([\s\S]*?)<\/span>\s*<\/div>/.exec(row)![1]!;
      expect(meta).not.toContain("<span></span>");
      return meta
        .replace(/<[^>]*>/g, "|")
        .split("|")
        .filter(Boolean);
    };
    expect(metaOf("13th-age")).toEqual(["Melee", "Equipped"]);
    expect(metaOf("hundred-dungeons")).toEqual(["Melee", "1d6", "Equipped"]);
  });

  it("[SYS-WORDS] [WD-WOUNDPTS] where damage counts up the sheet edits the damage taken, and the form turns it into HP left", () => {
    const ctx = heroContext("wounds-d20");
    const html = wholeSheet(hbs, ctx);
    expect(html).toContain(`name="damageTaken" value="${ctx.damageTaken}"`);
    expect(html).not.toContain('name="system.hp.value"');
    expect(html.match(/d20c-wound-total/g)).toHaveLength(1);
    expect(hpFromDamageTaken({ damageTaken: 24, system: { hp: { max: 28, temp: 0 } } }, 10)).toEqual({
      system: { hp: { max: 28, temp: 0, value: 4 } },
    });
    expect(hpFromDamageTaken({ damageTaken: 3, system: {} }, 10)).toEqual({ system: { hp: { value: 7 } } });
    const plain = { system: { hp: { value: 5 } } };
    expect(hpFromDamageTaken(plain, 10)).toBe(plain);
    // other games edit the HP left
    expect(sheet("13th-age")).toContain('name="system.hp.value"');
  });

  it("[SYS-WORDS] the armor bonus input says what the worn armor adds on top of it", () => {
    // the fixture wears a +4 chain shirt over a stored armor bonus of 0
    const html = sheet("wounds-d20");
    expect(html).toMatch(
      /name="system\.armor\.armorBonus" value="0" placeholder="—"> <span class="d20c-worn"[^>]*>\+4 worn</,
    );
    // a game whose armor items have no max Dex or heavy flag shows no such inputs on the actor either
    expect(sheet("hundred-dungeons")).not.toContain('name="system.armor.maxDex"');
    expect(sheet("wounds-d20")).toContain('name="system.armor.maxDex"');
  });

  it("[SYS-WORDS] immunities are rows that can be added, changed and removed", () => {
    const html = sheet("ffd20");
    expect(html).toContain('data-action="addEntry" data-list="immunities"');
    expect(html).toContain('name="system.immunities.0"');
    expect(html).toContain('data-action="removeEntry" data-list="immunities" data-index="0"');
    expect(listsFromForm({ system: { immunities: { 0: "fire", 1: "cold" } } }, ["immunities"])).toEqual({
      system: { immunities: ["fire", "cold"] },
    });
  });

  it("[SYS-WORDS] [13A-HEALUP] [13A-FLEE] the tracker offers a tough battle and fleeing only where the game has them", () => {
    for (const id of RULESET_IDS) {
      const html = hbs.render(
        "templates/combat/tracker-header.hbs",
        trackerHeaderView({
          inCombat: true,
          escalationEnabled: false,
          escalation: 0,
          paused: false,
          isGM: true,
          tough: false,
          canFlee: true,
          rests: [],
          words: wordsOf(getRuleset(id)),
        }),
      );
      expect(html.includes('data-d20c-action="toughBattle"'), id).toBe(id === "13th-age");
      expect(html.includes('data-d20c-action="flee"'), id).toBe(id === "13th-age");
    }
  });
});
