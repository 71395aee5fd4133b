/**
 * [13A-RANGE] [13A-ENGAGE] Bands the table placed reach the attack: through the REAL `rollAttack`
 * (test/stand-ins/foundry-attack.ts, recorded dice) a melee power against a foe the attacker placed
 * nearby warns in the attack dialog and on the card, and the attack still rolls (never blocked); a
 * ranged power while engaged warns of the opportunity attacks; an engaged target draws nothing.
 */
import { describe, expect, it } from "vitest";
import { standInAttackFaces } from "../stand-ins/foundry-attack.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import { useBandFight } from "./band-fixtures.js";

const i18n = createI18nStandIn();
const { orc, imp, attack } = useBandFight();

describe("[13A-RANGE] [13A-ENGAGE] bands on the attack dialog and card", () => {
  it("[13A-RANGE] a melee power against the nearby imp: the dialog and the card warn, and the attack is rolled", async () => {
    const text = i18n.format("D20C.Age13.BandWarn.meleeNearby", { name: "Imp" });
    const { dialog, card, content } = await attack("melee", imp);
    expect(dialog).toContain(text);
    expect(card.targets[0]!.warnings).toEqual([text]);
    expect(content).toContain(text);
    expect(standInAttackFaces).toEqual([]);
    expect(card.targets[0]!.outcome.natural).toBe(15);
  });

  it("[13A-ENGAGE] a ranged power while engaged with the orc warns of its opportunity attack; a melee one on the orc warns nothing", async () => {
    const text = i18n.format("D20C.Age13.BandWarn.rangedEngaged", { foes: "Orc" });
    const ranged = await attack("ranged", imp);
    expect(ranged.card.targets[0]!.warnings).toEqual([text]);
    expect(ranged.dialog).toContain(text);
    const melee = await attack("melee", orc);
    expect(melee.card.targets[0]!.warnings).toBeUndefined();
    expect(melee.dialog).not.toContain("d20c-warning");
    // Issue 45: with no warning 13th Age has nothing to ask, so the dialog does not open at all.
    expect(melee.dialog).toBe("");
  });
});
