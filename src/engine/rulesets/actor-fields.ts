/**
 * The actor fields of the built-in games: the core plus each game's part, gathered with their types
 * so the engine's `ActorSource` and blank actor know every built-in field. Kept apart from the
 * game modules (which import the engine's common helpers) so the engine can read it without a
 * cycle. The world's stored schema is built from the registered rulesets' `actorFields` instead,
 * so a game registered later adds its fields there too.
 */
import { CORE_ACTOR_FIELDS } from "../actor-fields.js";
import { ACTOR_FIELDS as AGE13 } from "./13th-age/fields.js";
import { ACTOR_FIELDS as FF } from "./ffd20/fields.js";
import { ACTOR_FIELDS as HD } from "./hundred-dungeons/fields.js";
import { ACTOR_FIELDS as WD } from "./wounds-d20/fields.js";

export const BUILTIN_ACTOR_FIELDS = { ...CORE_ACTOR_FIELDS, ...AGE13, ...FF, ...HD, ...WD } as const;
