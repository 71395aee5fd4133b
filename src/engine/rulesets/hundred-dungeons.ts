// PLACEHOLDER until the ruleset module lands: replaced wholesale by its owner.
import type { Ruleset } from "../ruleset.js";
export const hundredDungeons = {} as Ruleset;
