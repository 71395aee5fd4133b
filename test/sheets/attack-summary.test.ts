/**
 * The sheet's attack list reads like the table talks: "+9 vs AC, 1d8 + 3 fire" — the bonus the
 * engine computes (with the escalation die and condition penalties where they apply), the active
 * game's defense name, and the hit damage formula.
 */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../src/engine/registry.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { heroContext, i18n, ITEMS, sheetItem, storedHero } from "./sheet-fixtures.js";

const hbs = createTemplateRenderer();
const calm = (id: Parameters<typeof storedHero>[0]) => storedHero(id, { conditions: [] });
const power = (ctx: ReturnType<typeof heroContext>) => ctx.powers.find((p) => p.id === "p1")!;
const longsword = (ctx: ReturnType<typeof heroContext>) => ctx.weapons.find((w) => w.id === "w1")!;

describe("attack list", () => {
  it("[FF-ATKBONUS] a power shows ½ level + ability + proficiency vs the defense it names, and its damage with types", () => {
    const items = ITEMS.map((i) => (i.id === "w1" ? { ...i, system: { ...i.system, proficiencyBonus: 3 } } : i));
    const ctx = heroContext("ffd20", { stored: calm("ffd20"), items });
    const a = power(ctx).attack!;
    // level 5 → 2, Str 16 → +3, proficient longsword +3
    expect(a.bonus).toBe("+8");
    expect(a.defenseAbbr).toBe(getRuleset("ffd20").defenses.find((d) => d.key === "ac")!.abbr);
    // [FF-WDICE] 1[W] with a longsword is 1d8; @str resolved to +3
    expect(a.damage).toBe("1d8 + 3");
    expect(a.damageTypes).toEqual([i18n.localize("D20C.DamageType.fire")]);
    const html = hbs.render("templates/sheets/actor.hbs", ctx);
    expect(html).toMatch(/\+8<\/strong>\s*vs\s*<abbr[^>]*>AC<\/abbr>/);
    expect(html).toContain("1d8 + 3");
    expect(html).not.toMatch(/· ac</);
  });

  it("[HD-ATK] a power written against 'ac' shows Hundred Dungeons' single defense, never the raw key", () => {
    const HD = getRuleset("hundred-dungeons");
    const ctx = heroContext("hundred-dungeons", { stored: calm("hundred-dungeons") });
    const a = power(ctx).attack!;
    expect(HD.defenses).toHaveLength(1);
    expect(a.defenseKey).toBe(HD.defenses[0]!.key);
    expect(a.defenseAbbr).toBe(HD.defenses[0]!.abbr);
    const html = hbs.render("templates/sheets/actor.hbs", ctx);
    expect(html).toContain(`>${i18n.localize(HD.defenses[0]!.abbr)}</abbr>`);
  });

  it("[13A-ESC] a PC's attacks add the escalation die and the list says so; an unflagged monster's do not", () => {
    const at = (escalation: number, kind: "character" | "npc") =>
      heroContext("13th-age", { stored: calm("13th-age"), escalation, escalationInPlay: true, kind });
    const before = power(at(0, "character")).attack!;
    const during = at(2, "character");
    expect(Number(power(during).attack!.bonus)).toBe(Number(before.bonus) + 2);
    expect(power(during).attack!.escalation).toBe(2);
    expect(during.escalation).toEqual({ value: 2, shown: true });
    // before the die rises, the list already says the attacks will take it
    expect(at(0, "character").escalation.shown).toBe(true);
    const html = hbs.render("templates/sheets/actor.hbs", during);
    expect(html).toContain("d20c-escalation-badge");
    const monster = at(2, "npc");
    expect(power(monster).attack!.bonus).toBe(power(at(0, "npc")).attack!.bonus);
    expect(monster.escalation.shown).toBe(false);
    expect(hbs.render("templates/sheets/actor.hbs", monster)).not.toContain("d20c-escalation-badge");
  });

  it("[13A-ATK] the shown bonus includes the penalties the attacker's conditions give (dazed)", () => {
    const R = getRuleset("13th-age");
    const dazed = R.conditions.find((c) => c.id === "dazed")!;
    expect(dazed).toBeDefined();
    const calmCtx = heroContext("13th-age", { stored: calm("13th-age") });
    const dazedCtx = heroContext("13th-age", { stored: storedHero("13th-age", { conditions: ["dazed"] }) });
    const penalty = dazedCtx.attackPenalties.reduce((s, m) => s + Number(m.value), 0);
    expect(penalty).toBeLessThan(0);
    expect(Number(power(dazedCtx).attack!.bonus)).toBe(Number(power(calmCtx).attack!.bonus) + penalty);
  });

  it("[WD-ATK] a weapon clicked on its own attacks with base combat bonus + Str against AC", () => {
    const stored = storedHero("wounds-d20", {
      conditions: [],
      baseCombatBonus: 4,
      hp: { value: 40, max: 40, temp: 0 },
    });
    const a = longsword(heroContext("wounds-d20", { stored })).attack!;
    expect(a.bonus).toBe("+7"); // BCB 4 + Str 16 (+3)
    expect(a.defenseKey).toBe("ac");
    expect(a.damage.startsWith("1d8")).toBe(true);
    // [WD-BLOODIED] the same hero with 23 of 40 damage taken shows one less
    const hurt = longsword(heroContext("wounds-d20", { stored: { ...stored, hp: { value: 17, max: 40, temp: 0 } } }));
    expect(hurt.attack!.bonus).toBe("+6");
  });

  it("[SYS-TARGETS] a power with a broken formula shows the engine's refusal instead of numbers", () => {
    const broken = sheetItem("p9", "power", "Oops", { damage: "2d6 +* 3" });
    const ctx = heroContext("13th-age", { items: [...ITEMS, broken] });
    const a = ctx.powers.find((p) => p.id === "p9")!.attack!;
    expect(a.error).not.toBe("");
    expect(a.bonus).toBe("");
    expect(hbs.render("templates/sheets/actor.hbs", ctx)).toContain("d20c-attack-error");
  });
});
