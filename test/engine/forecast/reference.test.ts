/**
 * [SYS-FORECAST] The reference encounters of docs/forecast.md: each game's party of four pregens
 * against the foes its guidance gives, forecast with a fixed seed, against the target range the
 * docs wrote before the forecast was run. The docs' validation table records each result; this
 * test holds the table to the forecast (an encounter the table says lands must land, one it records
 * as a miss must still miss the same way), so a change of the model or the packs that moves an
 * encounter across its range fails here until the table says so.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { forecast } from "../../../src/engine/forecast/index.js";
import { getRuleset } from "../../../src/engine/registry.js";
import { defaultOptions } from "../../packs/pack-sources.js";
import { REPO_ROOT } from "../../stand-ins/i18n.js";
import { packActor, packCombatant, packParty } from "./pack-fights.js";
import { REFERENCE_ENCOUNTERS } from "./reference.js";

const DOC = readFileSync(path.join(REPO_ROOT, "docs/forecast.md"), "utf8");

/** The verdict the docs' results table records for an encounter: "lands" or "misses". */
function recorded(game: string, level: number): string | null {
  const row = DOC.split("\n").find((l) =>
    new RegExp(`^\\|\\s*${game}\\s*\\|\\s*${level}\\s*\\|\\s*result\\s*\\|`).test(l),
  );
  const m = row ? /\|\s*(lands|misses)\s*\|\s*$/.exec(row) : null;
  return m ? (m[1] as string) : null;
}

describe("[SYS-FORECAST] reference encounters against their written ranges", () => {
  it.each(REFERENCE_ENCOUNTERS.map((e) => [e.game, e.level, e] as const))(
    "[SYS-FORECAST] %s at level %i: the forecast lands in its written range, or misses as the docs record",
    (game, level, e) => {
      const r = getRuleset(game);
      const party = packParty(game, level).map((d) => packCombatant(r, d, "party"));
      expect(party).toHaveLength(4);
      const foes = e.foes.flatMap(([name, n]) =>
        Array.from({ length: n }, (_, i) => packCombatant(r, packActor(game, name), "foes", i)),
      );
      const f = forecast({
        ruleset: r,
        options: defaultOptions(r),
        combatants: [...party, ...foes],
        escalation: 0,
        escalationOn: r.escalationByDefault,
        samples: 800,
        seed: 46,
      });
      const { partyWinsAtLeast, rounds, droppedAtMost } = e.range;
      const lands =
        f.party.wins + f.error >= partyWinsAtLeast &&
        f.rounds + f.roundsError >= rounds[0] &&
        f.rounds - f.roundsError <= rounds[1] &&
        f.partyDropped - f.partyDroppedError <= droppedAtMost;
      const line = `${game} L${level}: party wins ${(100 * f.party.wins).toFixed(1)}% ± ${(100 * f.error).toFixed(1)}, ${f.rounds.toFixed(1)} rounds, ${f.partyDropped.toFixed(2)} PCs drop`;
      console.log(line);
      expect(recorded(game, level), `docs/forecast.md records no verdict for ${line}`).toBe(lands ? "lands" : "misses");
    },
  );
});
