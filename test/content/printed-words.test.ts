/**
 * [SYS-CONTENT] [SYS-POWERS] The packs do what they print: every pack power's and weapon's printed
 * words (hit, miss, crit and effect texts; a weapon's description) name exactly the conditions,
 * forced movement, ongoing damage, damage types, crit range, durations and save difficulties its
 * data applies, in every game, pregens' and monsters' own items included. The words are read in the
 * game's own vocabulary (test/content/printed-words.ts), derived from its ruleset's data.
 */
import { describe, expect, it } from "vitest";
import type { PackItem } from "../packs/pack-sources.js";
import { GAMES, allItemsOf, rulesetOf } from "./content.js";
import { claimDiff, printedClaims, vocabularyOf } from "./printed-words.js";

const copy = <T>(v: T): T => structuredClone(v);

describe.each(GAMES.map((g) => [g.id] as const))("[SYS-CONTENT] %s packs do what they print", (game) => {
  const voc = vocabularyOf(
    rulesetOf(game),
    GAMES.map((g) => rulesetOf(g.id)),
  );
  const items = allItemsOf(game).filter(({ item }) => item.type === "power" || item.type === "weapon");

  it("[SYS-CONTENT] [SYS-POWERS] every power's printed words and its data name the same effects", () => {
    expect(items.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const { item, owner } of items) {
      const { printedOnly, dataOnly } = claimDiff(item, voc);
      if (printedOnly.length + dataOnly.length === 0) continue;
      const where = owner ? `${owner.name} / ${item.name}` : item.name;
      wrong.push(`${where}: printed only [${printedOnly.join("; ")}], data only [${dataOnly.join("; ")}]`);
    }
    expect(wrong).toEqual([]);
  });

  it("[SYS-CONTENT] the check can fail: a condition word removed from the text, or a condition added to the data", () => {
    const withCondition = items.find(({ item }) =>
      [...printedClaims(item, voc)].some((c) => voc.conditions.some((k) => c.includes(`: ${k.id} (`))),
    );
    expect(withCondition, "a pack power that names a condition").toBeDefined();
    const item = withCondition!.item;
    const claim = [...printedClaims(item, voc)].find((c) => voc.conditions.some((k) => c.includes(`: ${k.id} (`)))!;
    const id = voc.conditions.find((k) => claim.includes(`: ${k.id} (`))!.id;
    const phrases = voc.conditions.find((k) => k.id === id)!.phrases;

    const silent: PackItem = copy(item);
    for (const key of ["hitEffect", "missText", "critText"] as const) {
      let text = String(silent.system[key] ?? "");
      for (const p of phrases) text = text.replace(new RegExp(`\\b${p}\\b`, "gi"), "");
      silent.system[key] = text;
    }
    for (const e of silent.system.effects as { text: string }[]) {
      for (const p of phrases) e.text = e.text.replace(new RegExp(`\\b${p}\\b`, "gi"), "");
    }
    expect(claimDiff(silent, voc).dataOnly.some((c) => c.includes(`: ${id} (`))).toBe(true);

    const extra = voc.conditions.find(
      (k) => k.id !== id && !String(item.system.hitEffect).toLowerCase().includes(k.id),
    )!;
    const added: PackItem = copy(item);
    const effects = added.system.effects as { statuses: string[] }[];
    effects[0]!.statuses.push(extra.id);
    expect(claimDiff(added, voc).dataOnly.some((c) => c.includes(`: ${extra.id} (`))).toBe(true);
  });
});

/** A power with these printed words and this data (the rest blank), as a pack source holds it. */
function power(texts: { hit?: string; miss?: string; crit?: string }, data: Record<string, unknown> = {}): PackItem {
  return {
    _id: "p",
    _key: "!items!p",
    name: "Probe",
    type: "power",
    img: "",
    flags: {},
    system: {
      hitEffect: texts.hit ?? "",
      missText: texts.miss ?? "",
      critText: texts.crit ?? "",
      damageTypes: [],
      critRange: 0,
      ongoing: null,
      effects: [],
      ...data,
    },
  };
}

function effect(over: Record<string, unknown>): Record<string, unknown> {
  return {
    outcome: "hit",
    trigger: { kind: "any", value: 0 },
    text: "",
    statuses: [],
    duration: "instant",
    save: "normal",
    sustain: null,
    ongoing: null,
    aftereffect: null,
    forced: null,
    ...over,
  };
}

describe("[SYS-CONTENT] [SYS-POWERS] the printed-words check reads each kind of claim, and fails on each", () => {
  const all = GAMES.map((g) => rulesetOf(g.id));
  const ff = vocabularyOf(rulesetOf("ffd20"), all);
  const age = vocabularyOf(rulesetOf("13th-age"), all);
  const hd = vocabularyOf(rulesetOf("hundred-dungeons"), all);
  const wd = vocabularyOf(rulesetOf("wounds-d20"), all);
  const same = (item: PackItem, voc: ReturnType<typeof vocabularyOf>) => claimDiff(item, voc);

  it("[SYS-POWERS] forced movement: kind and squares must agree", () => {
    const text = { hit: "1d8 + 4 damage, and you push the target 2 squares." };
    const push2 = power(text, { effects: [effect({ forced: { kind: "push", squares: 2 } })] });
    expect(same(push2, ff)).toEqual({ printedOnly: [], dataOnly: [] });
    const push1 = power(text, { effects: [effect({ forced: { kind: "push", squares: 1 } })] });
    expect(same(push1, ff).printedOnly).toEqual(["hit: push 2"]);
    const pull2 = power(text, { effects: [effect({ forced: { kind: "pull", squares: 2 } })] });
    expect(same(pull2, ff).dataOnly).toEqual(["hit: pull 2"]);
    expect(same(power(text), ff).printedOnly).toEqual(["hit: push 2"]);
  });

  it("[SYS-POWERS] ongoing damage: amount, type and save must agree; a hit's type is not the ongoing's", () => {
    const text = { hit: "WEAPON + Dexterity damage, and 5 ongoing poison damage (hard save ends)." };
    const right = power(text, { ongoing: { amount: 5, type: "poison", save: "hard" } });
    expect(same(right, age)).toEqual({ printedOnly: [], dataOnly: [] });
    const typed = power(text, { ongoing: { amount: 5, type: "poison", save: "hard" }, damageTypes: ["poison"] });
    expect(same(typed, age).dataOnly).toEqual(["damage type: poison"]);
    const acid = power(text, { ongoing: { amount: 5, type: "acid", save: "hard" } });
    expect(same(acid, age).dataOnly).toEqual(["hit: ongoing 5 acid (saveEnds hard)"]);
    const easy = power(text, { ongoing: { amount: 5, type: "poison", save: "easy" } });
    expect(same(easy, age).dataOnly).toEqual(["hit: ongoing 5 poison (saveEnds easy)"]);
    // 13th Age's label for the negative type is "negative energy"
    const negative = power(
      { hit: "14 negative energy damage; natural even hit: also 5 ongoing negative energy damage." },
      {
        damageTypes: ["negative"],
        effects: [effect({ duration: "saveEnds", ongoing: { amount: 5, type: "negative" } })],
      },
    );
    expect(same(negative, age)).toEqual({ printedOnly: [], dataOnly: [] });
  });

  it("[SYS-POWERS] crit range: printed or not, it must match the data", () => {
    const printed = power({ hit: "1[W] + 3 damage.", crit: "Crits on a natural 19 or 20 when the total hits." });
    expect(same(printed, ff).printedOnly).toEqual(["crit range: 19+"]);
    expect(same({ ...printed, system: { ...printed.system, critRange: 1 } }, ff)).toEqual({
      printedOnly: [],
      dataOnly: [],
    });
    const silent = power({ hit: "1d8 + 3 damage." }, { critRange: 1 });
    expect(same(silent, ff).dataOnly).toEqual(["crit range: 19+"]);
    // a natural-roll trigger is not a crit range
    const trigger = power(
      { hit: "1d6 cold damage; the target is caught off guard for the rest of the battle on a natural 19 or 20." },
      { damageTypes: ["cold"], effects: [effect({ statuses: ["flatFooted"], duration: "endOfEncounter" })] },
    );
    expect(same(trigger, wd)).toEqual({ printedOnly: [], dataOnly: [] });
  });

  it("[SYS-POWERS] durations and save difficulties, aftereffects included, in the game's words", () => {
    const text = { hit: "2d4 slashing damage; the target is paralyzed (save ends). Aftereffect: slowed (save ends)." };
    const after = (save: string) =>
      power(text, {
        damageTypes: ["slashing"],
        effects: [
          effect({
            statuses: ["paralyzed"],
            duration: "saveEnds",
            aftereffect: { statuses: ["slowed"], duration: "saveEnds", save, sustain: null, ongoing: null },
          }),
        ],
      });
    expect(same(after("normal"), hd)).toEqual({ printedOnly: [], dataOnly: [] });
    expect(same(after("easy"), hd).dataOnly).toEqual(["hit: slowed (saveEnds easy)"]);
    // FFd20 saves alike whatever the difficulty: its only save words are "save ends"
    const ffText = { hit: "1d6 + 4 damage, and the target is stunned (save ends)." };
    const ffHard = power(ffText, { effects: [effect({ statuses: ["stunned"], duration: "saveEnds", save: "hard" })] });
    expect(same(ffHard, ff)).toEqual({ printedOnly: [], dataOnly: [] });
    const turn = power(ffText, { effects: [effect({ statuses: ["stunned"], duration: "endOfNextTurn" })] });
    expect(same(turn, ff)).toEqual({
      printedOnly: ["hit: stunned (saveEnds normal)"],
      dataOnly: ["hit: stunned (endOfNextTurn)"],
    });
  });

  it("[SYS-POWERS] ambiguous words: the game's own names decide (caught off guard, negated words, another game's conditions)", () => {
    // Wounds d20's flat-footed condition is what its rules call caught off guard
    const offGuard = power(
      { hit: "1d6 + Str piercing damage; the target is caught off guard until the end of its next turn." },
      { damageTypes: ["piercing"], effects: [effect({ statuses: ["flatFooted"], duration: "endOfItsNextTurn" })] },
    );
    expect(same(offGuard, wd)).toEqual({ printedOnly: [], dataOnly: [] });
    // "its next turn" is the target's turn: an effect timed by the attacker's turn does not match it
    const creatorTimed = power(
      { hit: "1d6 + Str piercing damage; the target is caught off guard until the end of its next turn." },
      { damageTypes: ["piercing"], effects: [effect({ statuses: ["flatFooted"], duration: "endOfNextTurn" })] },
    );
    expect(same(creatorTimed, wd)).toEqual({
      printedOnly: ["hit: flatFooted (endOfItsNextTurn)"],
      dataOnly: ["hit: flatFooted (endOfNextTurn)"],
    });
    // a condition named to be denied is not imposed
    const denied = power(
      { hit: "1d6 bludgeoning damage; a creature it drops to 0 is knocked out, not dying." },
      {
        damageTypes: ["bludgeoning"],
      },
    );
    expect(same(denied, hd)).toEqual({ printedOnly: [], dataOnly: [] });
    // FFd20 has no frightened: printed, it promises what no data of the game can do
    const frightened = power({ hit: "1d8 + 4 damage, and the target is frightened (save ends)." });
    expect(same(frightened, ff).printedOnly).toEqual(["hit: ?frightened (saveEnds normal)"]);
    // a clause about a crit in the hit text is the crit's
    const crit = power(
      { hit: "Weapon damage + 2d6; a crit also leaves the target blinded until the start of your next turn." },
      { effects: [effect({ outcome: "crit", statuses: ["blinded"], duration: "startOfNextTurn" })] },
    );
    expect(same(crit, hd)).toEqual({ printedOnly: [], dataOnly: [] });
  });
});
