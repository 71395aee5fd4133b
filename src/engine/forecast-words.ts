/**
 * The encounter forecast in a game's own words ([SYS-FORECAST], [SYS-WORDS]), pure: the shared
 * forecast strings a game says its own way (what a fight is called — a battle, an encounter, a
 * combat — and what dropping means in it: going down, falling dying, 0 hit points, a Death save),
 * as the entries of its vocabulary's `words` (shared key → its key under `D20C.ForecastWords.<ns>`).
 */

/** The shared forecast keys a game words its own way, by the name of its own key. */
const OWN = {
  "D20C.Forecast.Line.ToDrop": "ToDrop",
  "D20C.Forecast.Col.Drop": "Drop",
  "D20C.Forecast.Note": "Note",
  "D20C.Forecast.Planner.Open": "Planner",
  "D20C.Forecast.Planner.Title": "Planner",
  "D20C.Forecast.Planner.Hint": "Hint",
  "D20C.Forecast.Planner.DefaultFolder": "DefaultFolder",
} as const;

/** A game's forecast words for its vocabulary (`ns`: its namespace under `D20C.ForecastWords`). */
export function forecastWordsIn(ns: string): Record<string, string> {
  return Object.fromEntries(Object.entries(OWN).map(([shared, own]) => [shared, `D20C.ForecastWords.${ns}.${own}`]));
}
