/**
 * A realistic attack card for template and screenshot tests: one 13th Age fire attack, decided by
 * the real ruleset from recorded dice, against three targets (crit, hit, miss), with one applied
 * record. Plus a card viewer built on the i18n stand-in.
 */
import { getRuleset } from "../../src/engine/registry.js";
import type { CardViewer } from "../../src/engine/views/attack-card-context.js";
import type { CardVisibility } from "../../src/settings-attack.js";
import { decideApplication } from "../../src/engine/plans/apply.js";
import type { AttackCardData } from "../../src/engine/plans/card-data.js";
import { createI18nStandIn } from "../stand-ins/i18n.js";
import { defaultOptions, npc, power, request, target } from "./attack-fixtures.js";
import { attackFromRecordedDice, recordedRoller } from "../support/recorded-dice.js";

const R = getRuleset("13th-age");

/** The three-target card (crit on the fire-vulnerable imp, hit on the bugbear, miss on the troll). */
export async function threeTargetCard(names = ["Ash Imp", "Bugbear", "Cave Troll"]): Promise<AttackCardData> {
  const imp = npc(R, 15, { vulnerabilities: [{ type: "fire", value: 0 }] });
  const req = request("13th-age", {
    power: power({ damage: "2d6 + 4", damageTypes: ["fire"], attackBonus: 7 }),
    escalation: 2,
    attacker: npc(R, 10, { kind: "character" }),
    targets: [
      target("imp", imp, names[0]),
      target("bugbear", npc(R, 17), names[1]),
      target("troll", npc(R, 29), names[2]),
    ],
  });
  const card = attackFromRecordedDice(
    { ...req, item: { name: "Flame Lash", img: "icons/svg/fire.svg" } },
    [[18], [18], [18]],
    {
      crit: [5, 3],
      hit: [5, 3],
    },
  );
  const applied = await decideApplication({
    ruleset: R,
    options: defaultOptions(R),
    card,
    targetUuid: card.targets[1]!.uuid,
    mode: "full",
    actor: npc(R, 17),
    actorId: "bugbear",
    userId: "u1",
    recordId: "rec1",
    roll: recordedRoller([]),
  });
  return { ...applied.card, defenseLabel: "D20C.Defense.ac" };
}

/** A viewer on the i18n stand-in. */
export function standInViewer(overrides: Partial<CardViewer> & { visibility?: CardVisibility } = {}): CardViewer {
  const i18n = createI18nStandIn({ missing: "key" });
  return {
    isGM: false,
    userId: "u1",
    ownsTarget: () => false,
    visibility: "everyone",
    localize: (k) => i18n.localize(k),
    has: (k) => i18n.has(k),
    format: (k, d) => i18n.format(k, d as Record<string, string>),
    ...overrides,
  };
}

/**
 * A Hundred Dungeons card: one melee hit on an ordinary enemy with `hp` hit points left (recorded
 * dice: d20 15, damage die 5 → 1d8 + 4 = 9), so the card offers the knock-out choice ([HD-ENEMYDEATH]).
 */
export function hundredDungeonsCard(hp = 8): { card: AttackCardData; foe: ReturnType<typeof npc> } {
  const HD = getRuleset("hundred-dungeons");
  const foe = npc(HD, 12, { hp: { value: hp, max: 12, temp: 0 } });
  const req = request("hundred-dungeons", { targets: [target("goblin", foe, "Tunnel Goblin")] });
  const card = attackFromRecordedDice({ ...req, item: { name: "Handaxe", img: "icons/svg/sword.svg" } }, [[15]], {
    "*": [5],
  });
  return { card: { ...card, defenseLabel: HD.defenses[0]!.label }, foe };
}

/** A 13th Age card rolled with no token targeted (natural 11). */
export function untargetedCard(): AttackCardData {
  const card = attackFromRecordedDice(request("13th-age"), [[11]], { "*": [3] });
  return { ...card, defenseLabel: R.defenses[0]!.label };
}
