/**
 * [HD-MIGHTY] A game's attack traits ticked in a monster's stat block (Hundred Dungeons' Pack
 * Tactics): the form sends one checkbox per trait under `attackTraitToggles.<key>`; the stored list
 * `system.attackTraits` gains the ticked ones and loses the unticked ones, and keeps every other
 * trait it holds (an imported one the block shows no box for). Pure.
 */

/** The expanded submit data with the toggles turned into `system.attackTraits` (changed in place). */
export function attackTraitsFromForm(out: Record<string, unknown>, stored: readonly string[] | undefined): void {
  const toggles = out.attackTraitToggles;
  delete out.attackTraitToggles;
  if (typeof toggles !== "object" || toggles === null) return;
  const list = [...(stored ?? [])];
  for (const [key, on] of Object.entries(toggles)) {
    const at = list.indexOf(key);
    if (on === true && at < 0) list.push(key);
    else if (on !== true && at >= 0) list.splice(at, 1);
  }
  const sys = (typeof out.system === "object" && out.system !== null ? out.system : (out.system = {})) as Record<
    string,
    unknown
  >;
  sys.attackTraits = list;
}
