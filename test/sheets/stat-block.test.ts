/**
 * [SYS-WORDS] An NPC's sheet reads as its game's stat block: the lines that game prints, in its
 * order and words, each showing the model's value in an input the GM edits in place; its attacks
 * with their bonus as the game prints it and their trigger lines; the table procedures a monster
 * takes instead of the character's Actions panel. Rendered with the real templates from the
 * games' pack monsters.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { procedureOpen } from "../../src/engine/actions.js";
import { type RulesetId } from "../../src/engine/types.js";
import { RULESET_IDS } from "../../src/engine/rulesets/ids.js";
import { actorsOf } from "../content/content.js";
import type { PackActor } from "../packs/pack-sources.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { i18n } from "./sheet-fixtures.js";
import { actorScreen, filledActor, itemsOf } from "./words-screens.js";

const hbs = createTemplateRenderer();

function monster(id: RulesetId, name: string): PackActor {
  const found = actorsOf(id).find((a) => a.name === name);
  if (!found) throw new Error(`no ${id} monster ${name}`);
  return found;
}

/** A pack monster's sheet as the GM opens it (or, not editable, as a player who observes it): its context and the rendered stat block. */
function statBlockOf(id: RulesetId, name: string, stored?: Record<string, unknown>, editable = true) {
  const m = monster(id, name);
  const ctx = actorScreen(
    getRuleset(id),
    "npc",
    m.name,
    stored ?? filledActor(m.system),
    itemsOf(m),
    undefined,
    editable,
  );
  const html = hbs.render("templates/sheets/actor.hbs", ctx);
  const start = html.indexOf("data-stat-block");
  expect(start, `${id} ${name}`).toBeGreaterThan(0);
  return { ctx, html, block: html.slice(start, html.indexOf("</section>", start)) };
}

/** The input (or select) of a stored field inside the block, with the value it shows. */
function shownValue(block: string, name: string): string | null {
  const input = new RegExp(`<input [^>]*name="${name.replace(/\./g, "\\.")}" value="([^"]*)"`).exec(block);
  if (input) return input[1]!;
  const select = new RegExp(`<select name="${name.replace(/\./g, "\\.")}"[^>]*>(.*?)</select>`).exec(block);
  return select ? (/<option value="([^"]*)" selected>/.exec(select[1]!)?.[1] ?? "") : null;
}

/** The block's lines in the order printed (`data-stat-line` keys). */
const lineOrder = (block: string) => [...block.matchAll(/data-stat-line="([^"]+)"/g)].map((m) => m[1]!);

/** The text of one line (tags stripped, spaces folded). */
function lineText(block: string, key: string): string {
  const start = block.indexOf(`data-stat-line="${key}"`);
  const end = block.indexOf("</p>", start);
  return block
    .slice(start, end)
    .replace(/^[^>]*>/, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const L = (key: string) => i18n.localize(key);

/** A game's lang namespace: the prefix of its name's key (`D20C.FF.Name` → `D20C.FF`). */
const namespaceOf = (id: RulesetId) => getRuleset(id).label.replace(/\.[^.]+$/, "");

describe("[SYS-WORDS] an NPC's sheet is its game's stat block, editable in place", () => {
  it("[SYS-WORDS] 13th Age: 'Large 4th level troop', initiative, the attacks with their natural-roll and miss lines, then AC/PD/MD and HP", () => {
    const { block } = statBlockOf("13th-age", "Thunderfist Ogre");
    expect(shownValue(block, "system.size")).toBe("large");
    expect(shownValue(block, "system.level")).toBe("4");
    expect(block).toContain(`<span class="d20c-stat-after">th level</span>`);
    expect(shownValue(block, "system.monsterRole")).toBe("troop");
    expect(block).toMatch(/<option value="troop" selected>troop<\/option>/);
    expect(shownValue(block, "system.creatureType")).toBe("giant");
    expect(lineText(block, "initiative")).toBe("Initiative +5 bonus");
    expect(shownValue(block, "system.initiativeBonus")).toBe("5");
    // the club: its bonus as 13th Age prints it, its damage, its natural 18+ line and its miss line
    expect(block).toContain('data-action="useItem"');
    expect(block).toContain(">Colossal Club</button>");
    expect(block).toMatch(/<strong class="d20c-attack-bonus"[^>]*>\+9 vs\. AC<\/strong>/);
    expect(block).toMatch(/— 26 <span class="d20c-type">Thunder<\/span>/);
    // its natural 18+ line is printed in the hit line, so no effect line says it again
    expect(block).toContain("natural 18+: the target is stunned until the end of the ogre&#x27;s next turn.");
    expect(block).not.toMatch(/data-outcome="hit"><i[^>]*><\/i> Natural 18\+: Stunned/);
    expect(block).toMatch(/data-outcome="miss"><b>Miss:<\/b> 7 damage\./);
    for (const [key, v] of [
      ["ac", "19"],
      ["pd", "18"],
      ["md", "13"],
    ])
      expect(shownValue(block, `system.defenses.${key}.base`), key).toBe(v);
    expect(shownValue(block, "system.hp.max")).toBe("108");
    // [SYS-MONSTERS] the creature lines (immunities, bypass, a mook's mob) are edited in place too.
    expect(lineOrder(block)).toEqual([
      "initiative",
      "attacks",
      "defenses",
      "procedures",
      // [SYS-WORDS] then, folded, the lines this creature's print leaves out (blank, zero, edit-only: issue 45).
      "creature",
      "mob",
      "attackBonus",
    ]);
    expect(block.indexOf("system.level")).toBeLessThan(block.indexOf('data-stat-line="initiative"'));
    expect(block.indexOf('data-stat-line="defenses"')).toBeLessThan(block.indexOf("system.hp.max"));
  });

  it("[SYS-WORDS] 13th Age prints its ordinals: 1st, 2nd, 3rd, 11th, 21st level", () => {
    const m = monster("13th-age", "Goblin Cutthroat");
    for (const [level, after] of [
      [1, "st"],
      [2, "nd"],
      [3, "rd"],
      [11, "th"],
      [21, "st"],
    ] as const) {
      const { block } = statBlockOf("13th-age", m.name, filledActor({ ...m.system, level }));
      expect(block, String(level)).toContain(`<span class="d20c-stat-after">${after} level</span>`);
    }
  });

  it("[SYS-WORDS] FFd20: 'Level 5 elite brute', size, kind and XP; HP and bloodied, initiative, the four defenses, speed, then its powers with usage", () => {
    const { block, ctx } = statBlockOf("ffd20", "Thunderhide Behemoth");
    expect(shownValue(block, "system.level")).toBe("5");
    expect(shownValue(block, "system.rank")).toBe("elite");
    expect(shownValue(block, "system.role")).toBe("brute");
    expect(block).toMatch(/<option value="elite" selected>Elite<\/option>/);
    expect(shownValue(block, "system.size")).toBe("large");
    expect(shownValue(block, "system.creatureType")).toBe("natural beast");
    expect(shownValue(block, "system.xp")).toBe("400");
    const max = ctx.hp.max;
    expect(shownValue(block, "system.hp.max")).toBe(String(max));
    expect(lineText(block, "hp")).toBe(`HP Bloodied ${Math.floor(max / 2)}`);
    expect(lineText(block, "defenses")).toMatch(/^Armor Class {1,2}Fortitude {1,2}Reflex {1,2}Will$/);
    for (const d of getRuleset("ffd20").defenses) expect(block).toContain(`name="system.defenses.${d.key}.base"`);
    expect(shownValue(block, "system.speed")).not.toBeNull();
    expect(lineOrder(block)).toEqual([
      "hp",
      "initiative",
      "defenses",
      "speed",
      "traits",
      "solo",
      "attacks",
      "procedures",
      // [SYS-WORDS] then, folded, the lines this creature's print leaves out (blank, zero, edit-only: issue 45).
      "creature",
      "attackBonus",
    ]);
    // its powers with their usage in FFd20's words and the bonus against the defense they target
    expect(block).toContain(`<span class="d20c-usage usage-atWill">${L("D20C.FF.Usage.atWill")}</span>`);
    expect(block).toMatch(/>\+\d+ vs\. (AC|Fort|Ref|Will)<\/strong>/);
    expect(lineText(block, "traits")).toContain("Thunder 5");
  });

  it("[SYS-WORDS] FFd20: a minion's block prints its one hit point and no bloodied value (never 'Bloodied 0'), in print and in edit", () => {
    for (const editable of [true, false]) {
      const { block } = statBlockOf("ffd20", "Kobold Scrapper", undefined, editable);
      expect(lineText(block, "hp")).not.toMatch(/Bloodied/);
      expect(block).not.toContain("Bloodied 0");
    }
    const { block } = statBlockOf("ffd20", "Kobold Scrapper");
    expect(shownValue(block, "system.rank")).toBe("minion");
    expect(shownValue(block, "system.hp.max")).toBe("1");
    // a standard monster still prints its bloodied value
    expect(lineText(statBlockOf("ffd20", "Goblin Sneak").block, "hp")).toBe("HP Bloodied 13");
  });

  it("[SYS-WORDS] Hundred Dungeons: 'Huge dragon, chaotic evil'; Defense, Hit Points, Speed in feet, the six abilities, senses, challenge with XP, then its actions", () => {
    const { block } = statBlockOf("hundred-dungeons", "Cinderwing, the Ash Drake");
    expect(shownValue(block, "system.size")).toBe("huge");
    expect(shownValue(block, "system.creatureType")).toBe("dragon");
    expect(shownValue(block, "system.alignment")).toBe("chaotic evil");
    expect(lineText(block, "speed")).toBe("Speed ft.");
    for (const k of ["str", "dex", "con", "int", "wis", "cha"])
      expect(shownValue(block, `system.abilities.${k}`), k).not.toBeNull();
    expect(shownValue(block, "system.senses")).toBe("blindsight 30 ft., darkvision 120 ft.");
    expect(shownValue(block, "system.challenge")).toBe("6");
    expect(shownValue(block, "system.xp")).toBe("2300");
    expect(block).toMatch(/>\+\d+ to hit<\/strong>/);
    expect(lineOrder(block)).toEqual([
      "defenses",
      "hp",
      "speed",
      "abilities",
      "senses",
      "traits",
      "challenge",
      "initiative",
      "attacks",
      "legendary",
      "procedures",
      // [SYS-WORDS] then, folded, the lines this creature's print leaves out (blank, zero, edit-only: issue 45).
      "skills",
      "creature",
      "attackBonus",
      // [SYS-MONSTERS] its fly speed (the pack's Cinderwing flies), printed last.
      "modes",
      // [HD-MIGHTY] then the game's own Pack Tactics box, for the GM who edits the block.
      "packTactics",
    ]);
  });

  it("[SYS-WORDS] Wounds d20: level, size and kind; HP with the damage that makes it bloodied and wounded; AC, touch, caught off guard; BCB and base save; abilities with modifiers", () => {
    const { block, ctx } = statBlockOf("wounds-d20", "Hill Troll");
    expect(shownValue(block, "system.level")).toBe("5");
    expect(shownValue(block, "system.size")).toBe("large");
    expect(shownValue(block, "system.creatureType")).toBe("giant");
    expect(shownValue(block, "system.hp.max")).toBe("55");
    // [WD-BLOODIED] half of 55 is 27.5 damage: bloodied at 28; [WD-WOUNDED] three quarters: 42
    expect(lineText(block, "hp")).toBe("Hit Points bloodied at 28 wounded at 42");
    // [WD-FLAT] caught off guard, as the text says (issue 45), not another game's "flat-footed"
    expect(lineText(block, "defenses")).toBe("Armor Class Touch AC AC caught off guard");
    // the printed AC, and the values the rules give touch and flat-footed until the GM prints some
    expect(shownValue(block, "system.defenses.ac.base")).toBe("15");
    for (const d of ctx.defenses.filter((x) => x.key !== "ac"))
      expect(block).toContain(`name="system.defenses.${d.key}.base" value="" placeholder="${d.value}"`);
    expect(shownValue(block, "system.baseCombatBonus")).toBe("5");
    expect(shownValue(block, "system.baseSaveBonus")).toBe("2");
    expect(shownValue(block, "system.abilities.str")).toBe("20");
    expect(lineText(block, "abilities")).toContain("STR (+5)");
    expect(lineOrder(block)).toEqual([
      "hp",
      "defenses",
      "initiative",
      "speed",
      "bonuses",
      "abilities",
      "traits",
      "saveTotals",
      "attacks",
      "procedures",
      // [SYS-WORDS] then, folded, the lines this creature's print leaves out (blank, zero, edit-only: issue 45).
      "creature",
      "reduction",
      "attackBonus",
    ]);
  });

  it("[SYS-WORDS] an NPC has no character Actions panel; every procedure open to it stays one click away in its block", () => {
    for (const id of RULESET_IDS) {
      const npc = actorsOf(id).find((a) => a.type === "npc")!;
      const { html, block } = statBlockOf(id, npc.name);
      expect(html, id).not.toContain("data-d20c-actions-panel");
      // [SYS-ACTIONS] (issue 45) a procedure whose `when` the creature's statuses close (Escape while
      // not grappled, Stand Up while not prone) is left out; the pack NPC bears no status.
      const procedures = getRuleset(id).procedures ?? [];
      for (const p of procedures) {
        const shown = `data-action="useProcedure" data-procedure-id="${p.id}"`;
        if (procedureOpen(p, [])) expect(block, `${id} ${p.id}`).toContain(shown);
        else expect(block, `${id} ${p.id}`).not.toContain(shown);
      }
      // the header's level pill, HP maximum and defense badges are the block's lines now
      expect(html.match(/name="system\.hp\.max"/g), id).toHaveLength(1);
      expect(html, id).not.toContain("d20c-badges");
    }
  });

  it("[SYS-WORDS] an NPC stored before the stat-block fields existed still opens: each new line shows its field's initial value", () => {
    const m = monster("ffd20", "Ogre Smasher");
    const old = structuredClone(m.system);
    for (const k of ["role", "rank", "xp", "creatureType", "monsterRole", "alignment", "challenge", "senses", "skills"])
      delete old[k];
    const { block } = statBlockOf("ffd20", m.name, old);
    expect(shownValue(block, "system.rank")).toBe("standard");
    expect(shownValue(block, "system.role")).toBe("");
    expect(shownValue(block, "system.xp")).toBe("0");
    expect(shownValue(block, "system.creatureType")).toBe("");
  });
});

/** The identity line(s) as printed: tags stripped, the words as a reader sees them. */
const identityText = (block: string) =>
  [...block.matchAll(/<p class="d20c-stat-line d20c-stat-identity">(.*?)<\/p>/gs)]
    .map((m) =>
      m[1]!
        .replace(/<[^>]+>/g, "")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .join(" | ");

describe("[SYS-WORDS] [SYS-PERM] a stat block as each game prints it, and only its owner edits it", () => {
  it("[SYS-WORDS] [SYS-MONSTERS] 13th Age prints the strength and the creature type in brackets: 'Large double-strength 4th level troop [giant]'", () => {
    const { block } = statBlockOf("13th-age", "Thunderfist Ogre");
    expect(block).toMatch(
      /<span class="d20c-stat-mark">\[<\/span><input type="text" name="system\.creatureType" value="giant"[^>]*><span class="d20c-stat-mark">\]<\/span>/,
    );
    expect(identityText(statBlockOf("13th-age", "Thunderfist Ogre", undefined, false).block)).toBe(
      "Large double-strength 4th level troop [giant]",
    );
    // a normal-strength monster prints no strength
    const normal = monster("13th-age", "Thunderfist Ogre");
    const plain = statBlockOf("13th-age", normal.name, filledActor({ ...normal.system, strength: "normal" }), false);
    expect(identityText(plain.block)).toBe("Large 4th level troop [giant]");
    // no type, no brackets
    const m = monster("13th-age", "Thunderfist Ogre");
    const { block: untyped } = statBlockOf("13th-age", m.name, filledActor({ ...m.system, creatureType: "" }));
    expect(untyped).not.toContain("d20c-stat-mark");
  });

  it("[SYS-WORDS] FFd20 leaves the standard rank out of print ('Level 2 Soldier') and prints the others ('Level 5 Elite Brute')", () => {
    const standard = monster("ffd20", "Bandit Enforcer");
    expect(standard.system.rank).toBe("standard");
    expect(identityText(statBlockOf("ffd20", standard.name, undefined, false).block)).toMatch(/^Level 2 Soldier \| /);
    // the GM still finds the choice in its place, folded away until hovered
    const { block } = statBlockOf("ffd20", standard.name);
    expect(block).toMatch(/<label class="d20c-stat d20c-stat-field bare unprinted" data-stat-field="system\.rank">/);
    expect(shownValue(block, "system.rank")).toBe("standard");
    expect(identityText(statBlockOf("ffd20", "Thunderhide Behemoth", undefined, false).block)).toMatch(
      /^Level 5 Elite Brute \| Large natural beast XP 400$/,
    );
  });

  it("[SYS-WORDS] Hundred Dungeons prints 'Huge dragon, chaotic evil'; a creature with no size chosen prints none", () => {
    expect(identityText(statBlockOf("hundred-dungeons", "Cinderwing, the Ash Drake", undefined, false).block)).toBe(
      "Huge dragon, chaotic evil",
    );
    const wight = monster("hundred-dungeons", "Barrow Wight");
    expect(wight.system.size ?? "").toBe("");
    expect(identityText(statBlockOf("hundred-dungeons", wight.name, undefined, false).block)).toBe(
      "undead, neutral evil",
    );
    expect(statBlockOf("hundred-dungeons", wight.name).block).toMatch(
      /<label class="d20c-stat d20c-stat-field bare unprinted" data-stat-field="system\.size">/,
    );
  });

  it("[SYS-WORDS] a power's action is named in the game's own words: Hundred Dungeons' 'Action', Wounds d20's 'Major action', never another game's 'Standard'", () => {
    const words = {
      "13th-age": "Standard action",
      ffd20: "Standard action",
      "hundred-dungeons": "Action",
      "wounds-d20": "Major action",
    };
    for (const id of RULESET_IDS) {
      const npc = actorsOf(id).find(
        (a) => a.type === "npc" && a.items?.some((i) => i.type === "power" && i.system.actionType === "standard"),
      )!;
      const { html, block } = statBlockOf(id, npc.name);
      expect(block, id).toContain(`<span class="d20c-stat-meta">${words[id]}</span>`);
      expect(html, id).not.toMatch(/<span(?: class="d20c-stat-meta")?>Standard<\/span>/);
    }
  });

  it("[SYS-PERM] a player who only observes an NPC sees its block printed: no input, choice or button, every number still there", () => {
    for (const id of RULESET_IDS)
      for (const npc of actorsOf(id)
        .filter((a) => a.type === "npc")
        .slice(0, 2)) {
        const { block, ctx } = statBlockOf(id, npc.name, undefined, false);
        expect(block, `${id} ${npc.name}`).not.toMatch(/<(input|select|button|textarea)\b/);
        expect(block).not.toMatch(/data-action=/);
        const text = block.replace(/<[^>]+>/g, " ");
        for (const d of ctx.defenses) expect(text, `${id} ${d.key}`).toContain(` ${d.value} `);
        expect(text).toContain(` ${ctx.hp.max} `);
        // the initiative as printed, without the bonus the GM edits it by
        expect(lineText(block, "initiative"), id).toBe(
          `${L(`${namespaceOf(id)}.StatBlock.Initiative`)} ${ctx.initiative}`,
        );
        // the owner's block of the same monster is edited in place
        expect(statBlockOf(id, npc.name).block).toMatch(/<input type="number" name="system\.hp\.max"/);
      }
  });
});

describe("[SYS-POWERS] a stat block says each effect once, as its attack card does", () => {
  it("[SYS-POWERS] [HD-COND] the Barrow Wight's gaze prints 'frightened' in its hit line and no effect line repeats it; the Basilisk's gaze neither", () => {
    const wight = statBlockOf("hundred-dungeons", "Barrow Wight").block;
    expect(wight).toContain("the target is frightened of the wight");
    expect(wight.match(/frightened/gi)).toHaveLength(1);
    const basilisk = statBlockOf("hundred-dungeons", "Basilisk").block;
    expect(basilisk.match(/restrained/gi)).toHaveLength(1);
    expect(basilisk).not.toContain("d20c-stat-effect");
  });

  it("[SYS-POWERS] every pack monster's block lists no effect line whose conditions its outcome's words already name", () => {
    let rows = 0;
    for (const id of RULESET_IDS)
      for (const m of actorsOf(id).filter((a) => a.type === "npc")) {
        const { ctx } = statBlockOf(id, m.name);
        const attacks = ctx.statBlock!.entries.flatMap((e) => ("attacks" in e ? e.attacks : []));
        for (const a of attacks)
          for (const section of (a.sections ?? []) as readonly { text: string; effects: string[] }[]) {
            rows++;
            for (const line of section.effects) {
              const named = getRuleset(id)
                .conditions.map((c) => i18n.localize(c.label).toLowerCase())
                .filter((c) => new RegExp(`\\b${c}\\b`).test(line.toLowerCase()));
              expect(
                named.length > 0 && named.every((c) => section.text.toLowerCase().includes(c)),
                `${id} ${m.name}: ${line}`,
              ).toBe(false);
            }
          }
      }
    expect(rows).toBeGreaterThan(40);
  });
});
