/**
 * The encounter forecast as the GM reads it ([SYS-FORECAST]), pure: the one line of the tracker's
 * header ("Party wins in ~4 rounds; Tamsin 35% to drop") and the panel's rows per creature, as i18n
 * keys and numbers the adapter localises (`D20C.Forecast.*`), each key in the game's own words
 * ([SYS-WORDS]: a game's vocabulary names its key for a shared one, e.g. 13th Age's battle planner).
 */
import type { Forecast, ForecastSide } from "../forecast/index.js";
import type { Ruleset } from "../ruleset.js";
import { say } from "../vocabulary.js";

/** An i18n key and its format data. */
interface ForecastWords {
  key: string;
  data: Record<string, string | number>;
}

/** One creature's row of the panel. */
interface ForecastRow {
  name: string;
  side: ForecastSide;
  sideKey: string;
  /** Percentages, rounded. */
  drop: number;
  death: number;
  damagePerRound: string;
  damageTaken: string;
  attack: string;
  /** Its drop chance is the party's worst (the row the line names). */
  worst: boolean;
}

export interface ForecastContext {
  /** Who wins, in how many rounds. */
  outcome: ForecastWords;
  /** The PC most likely to drop, when one has a chance worth naming (≥ 5%). */
  worst: ForecastWords | null;
  /** Per side: win chance, damage per round, rounds until defeated. */
  sides: { side: ForecastSide; label: string; wins: number; damagePerRound: string; rounds: string }[];
  rows: ForecastRow[];
  /** The error and the fights played. */
  note: ForecastWords;
  /** Whether any creature can die of what it faces (the death column shows). */
  showDeath: boolean;
  /** The keys of the panel's labels (its summary, columns, refresh button) in the game's words, by shared key less its dots (`ColDrop`). */
  labels: Record<string, string>;
}

/** The panel's fixed labels, by their shared key less `D20C.Forecast.`. */
const LABELS = [
  "Refresh",
  "Panel",
  "Col.Wins",
  "Col.DamagePerRound",
  "Col.RoundsToDefeat",
  "Col.Creature",
  "Col.Drop",
  "Col.Death",
  "Col.Attack",
] as const;

const pct = (x: number): number => Math.round(100 * x);
const one = (x: number): string => (Math.round(10 * x) / 10).toFixed(1);
/** Smallest drop chance the line names a PC for. */
const WORTH_NAMING = 0.05;

/** The view of a forecast (see the module comment), in the words of `ruleset`'s game. */
export function forecastContext(f: Forecast, ruleset: Pick<Ruleset, "vocabulary">): ForecastContext {
  const w = (key: string) => say(ruleset, key);
  const party = f.party;
  const foes = f.foes;
  let outcome: ForecastWords;
  if (party.wins >= foes.wins && party.wins >= f.draw) {
    outcome = {
      key: w("D20C.Forecast.Line.PartyWins"),
      data: { rounds: Math.max(1, Math.round(foes.roundsToDefeat ?? f.rounds)), chance: pct(party.wins) },
    };
  } else if (foes.wins >= f.draw) {
    outcome = {
      key: w("D20C.Forecast.Line.FoesWin"),
      data: { rounds: Math.max(1, Math.round(party.roundsToDefeat ?? f.rounds)), chance: pct(foes.wins) },
    };
  } else {
    outcome = { key: w("D20C.Forecast.Line.Stalemate"), data: { chance: pct(f.draw) } };
  }
  const pcs = f.creatures.filter((c) => c.side === "party");
  const worstPc = pcs.reduce<(typeof pcs)[number] | null>((w, c) => (!w || c.dropChance > w.dropChance ? c : w), null);
  const named = worstPc && worstPc.dropChance >= WORTH_NAMING ? worstPc : null;
  const side = (s: ForecastSide) => {
    const data = f[s];
    return {
      side: s,
      label: w(`D20C.Forecast.Side.${s}`),
      wins: pct(data.wins),
      damagePerRound: one(data.damagePerRound),
      rounds: data.roundsToDefeat === null ? "—" : one(data.roundsToDefeat),
    };
  };
  return {
    outcome,
    worst: named
      ? { key: w("D20C.Forecast.Line.ToDrop"), data: { name: named.name, chance: pct(named.dropChance) } }
      : null,
    sides: [side("party"), side("foes")],
    rows: f.creatures.map((c) => ({
      name: c.name,
      side: c.side,
      sideKey: w(`D20C.Forecast.Side.${c.side}`),
      drop: pct(c.dropChance),
      death: pct(c.deathChance),
      damagePerRound: one(c.damagePerRound),
      damageTaken: one(c.damageTaken),
      attack: c.favouriteAttack ?? "—",
      worst: c === named,
    })),
    note: { key: w("D20C.Forecast.Note"), data: { error: pct(f.error), samples: f.samples } },
    showDeath: f.creatures.some((c) => c.deathChance > 0),
    labels: Object.fromEntries(LABELS.map((k) => [k.replace(".", ""), w(`D20C.Forecast.${k}`)])),
  };
}
