/**
 * Every pregen's attacks in the four character packs played through the table's path on the active
 * GM's client of the relay stand-in (test/support/relay-apply.ts): the attack the sheet row's button
 * starts (`rollAttack`, the row's power or weapon attack built from the owner as the sheet builds it,
 * `@` and `[W]` formulas resolved), the posted card as the GM's ledger decides it, the card's REAL
 * Apply (`onApplyClick` → `applyHere`) and the target's hit points after, with recorded dice (the
 * d20's natural, then every damage die showing 3), at naturals 1 and 20, an ordinary hit and an
 * ordinary miss per attack row, against a defense the bonus meets exactly on a natural 11. The
 * numbers are worked out by hand from the printed lines and the texts (test/support/pregen-attacks.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planAttack } from "../../src/engine/plans/attack.js";
import { getRuleset } from "../../src/engine/registry.js";
import { RelayItemStandIn } from "../stand-ins/foundry-relay.js";
import { engineActor, packAttackRequest, rollDataOf, weaponOf } from "../packs/pack-sources.js";
import { attacks, CITED, expected, IDS, pregens } from "../support/pregen-attacks.js";
import { openRelayAttack, type RelayAttack } from "../support/relay-apply.js";
import { npc } from "./attack-fixtures.js";

const THREES = Array.from({ length: 80 }, () => 3);

describe.each(IDS)("%s: every pregen attack row through the card and its Apply", (id) => {
  const r = getRuleset(id);
  let table: RelayAttack;
  beforeAll(async () => {
    table = await openRelayAttack(id);
  });
  afterAll(() => table.uninstall());

  it(`[SYS-CONTENT] [SYS-TARGETS] ${CITED[id]} naturals 1 and 20, a hit and a miss: the card's outcome and damage and the target's hit points after Apply match the printed line`, async () => {
    let checked = 0;
    let n = 0;
    for (const doc of pregens(id)) {
      const source = engineActor(doc);
      const attacker = table.w.addActor(`pc${n++}`, doc.name, source);
      attacker.rollData = rollDataOf(source, r);
      for (const item of attacks(doc)) {
        // The row's attack as the sheet builds it from its owner (the weapon row's power, the power's formulas).
        const req = packAttackRequest(r, doc, item, source);
        // A weapon row is a weapon item: the attack builds its power from it and the owner's roll data.
        const row =
          item.type === "weapon"
            ? new RelayItemStandIn(`row${n++}`, attacker, "weapon", item.name, req.power, weaponOf(item))
            : new RelayItemStandIn(`row${n++}`, attacker, "power", item.name, req.power, req.weapon);
        attacker.items.set(row.id, row);
        const bonus = planAttack(req).bonus;
        const defense = bonus + 11;
        const want = expected(id, doc, source, item);
        for (const natural of [1, 10, 11, 20]) {
          const at = `${doc.name} (level ${source.level}): ${item.name}, natural ${natural}`;
          const victim = table.w.addActor(
            `v${n++}`,
            "Victim",
            npc(r, defense, { hp: { value: 500, max: 500, temp: 0 } }),
          );
          const { card, status } = await table.attackThenApply(attacker, row, victim, [natural, ...THREES]);
          expect(status, at).toBe("valid");
          const t = card.targets[0]!;
          expect(t.outcome.natural, at).toBe(natural);
          expect(t.outcome.total, at).toBe(natural + bonus);
          const lost = 500 - victim.toEngineSource().hp.value;
          if (natural === 1) {
            expect(t.outcome.isHit, at).toBe(false);
            // 13th Age: a natural 1 has no effect, not even miss damage; FFd20: an automatic miss is a
            // miss, so the power's miss line applies. Hundred Dungeons and Wounds d20: the engine reads
            // the automatic miss as having no miss effect; the Apply takes what the card says.
            if (id === "13th-age") expect(lost, `${at}: a natural 1 has no effect`).toBe(0);
            else if (id === "ffd20") expect(lost, at).toBe(want.miss ?? 0);
            else expect(lost, at).toBe(t.damage ?? 0);
          } else if (natural === 20) {
            expect(t.outcome.result, at).toBe("crit");
            const crit =
              id === "ffd20"
                ? want.hit.max + want.critExtra
                : id === "wounds-d20"
                  ? 2 * Math.max(1, want.hit.roll + want.critExtra)
                  : 2 * (want.hit.roll + want.critExtra);
            expect(t.damage, `${at} (card)`).toBe(crit);
            expect(lost, `${at} (applied)`).toBe(crit);
          } else if (natural === 11) {
            expect(t.outcome.result, at).toBe(natural >= want.critAt ? "crit" : "hit");
            const hit = id === "wounds-d20" ? Math.max(1, want.hit.roll) : want.hit.roll;
            expect(t.damage, `${at} (card)`).toBe(hit);
            expect(lost, `${at} (applied)`).toBe(hit);
          } else {
            expect(t.outcome.isHit, at).toBe(false);
            expect(lost, `${at} (applied)`).toBe(want.miss ?? 0);
          }
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(2);
  }, 120_000);
});
