/**
 * [SYS-MONSTERS] 13th Age monster strength counted where the battle's size is counted: the GM's
 * tracker header says how many normal monsters the foes are worth (a double-strength monster counts
 * as two, a weakling as half, five mooks as one; the fallen count for nothing). Rendered with the
 * real template.
 */
import { describe, expect, it } from "vitest";
import { trackerHeaderView, type TrackerHeaderInput } from "../../src/applications/combat/tracker-view.js";
import { getRuleset } from "../../src/engine/registry.js";
import { wordsOf } from "../../src/engine/words.js";
import type { ActorSource } from "../../src/engine/types.js";
import { createTemplateRenderer } from "../support/handlebars.js";

const hbs = createTemplateRenderer();
type Foe = Pick<ActorSource, "strength" | "monsterRole" | "state">;
const foe = (strength: NonNullable<Foe["strength"]>, over: Partial<Foe> = {}): Foe => ({
  strength,
  monsterRole: "",
  state: "active",
  ...over,
});
const base = (id: "13th-age" | "ffd20"): TrackerHeaderInput => ({
  inCombat: true,
  escalationEnabled: false,
  escalation: 0,
  paused: false,
  isGM: true,
  tough: false,
  canFlee: false,
  words: wordsOf(getRuleset(id)),
});
const header = (input: TrackerHeaderInput) =>
  hbs.render("templates/combat/tracker-header.hbs", trackerHeaderView(input));

describe("[SYS-MONSTERS] battle size by monster strength (tracker header)", () => {
  const foes: Foe[] = [
    foe("double"),
    foe("normal"),
    foe("weakling"),
    ...Array.from({ length: 5 }, () => foe("normal", { monsterRole: "mook" })),
    foe("triple", { state: "dead" }),
  ];

  it("[SYS-MONSTERS] 13th Age: double 2 + normal 1 + weakling ½ + five mooks 1 = 4.5 normal monsters; the dead triple counts 0", () => {
    const html = header({ ...base("13th-age"), foes });
    expect(html).toContain('data-battle-size="4.5"');
    expect(html).toContain("Foes: 4.5 normal monsters");
    // Without the double-strength monster the count drops by two: its printed numbers are not what is counted.
    expect(header({ ...base("13th-age"), foes: foes.slice(1) })).toContain('data-battle-size="2.5"');
  });

  it("[SYS-MONSTERS] a game that does not count battles shows no size; nor does a battle not yet started", () => {
    expect(header({ ...base("ffd20"), foes })).not.toContain("data-battle-size");
    expect(header({ ...base("13th-age"), foes, inCombat: false })).not.toContain("data-battle-size");
  });
});
