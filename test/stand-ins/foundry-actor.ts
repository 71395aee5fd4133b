/**
 * Stand-in for Foundry v13's client `Actor` base as far as creating one touches it, under the real
 * `D20Actor`. It imitates:
 *
 * - construction from create data: `type`, `flags`, `system` over the data model's initial values
 *   (the schema's, passed in by the test), and `prototypeToken` over core's defaults (unlinked,
 *   hostile, bars hidden, bar 1 on the system's `primaryTokenAttribute`, here `hp`) — what core's
 *   PrototypeToken schema and its default token settings give before `_preCreate` runs;
 * - `_preCreate(data, options, user)` as the hook a subclass overrides (the base allows creation);
 * - `updateSource(changes)` deep-merging plain objects (arrays replaced);
 * - the `CONST` token dispositions and bar display modes, and `game.settings.get` of the ruleset.
 *
 * Knowingly different: no validation, no database, no flat dotted keys in `updateSource`. It
 * decides no rule.
 */

type Plain = Record<string, unknown>;

function mergeStandIn(target: unknown, source: unknown): unknown {
  if (typeof source !== "object" || source === null || Array.isArray(source)) return structuredClone(source);
  const out: Plain =
    typeof target === "object" && target !== null && !Array.isArray(target) ? { ...(target as Plain) } : {};
  for (const [k, v] of Object.entries(source as Plain)) out[k] = mergeStandIn(out[k], v);
  return out;
}

/** Core's prototype token defaults for a system whose `primaryTokenAttribute` is `hp`. */
export const CORE_PROTOTYPE_TOKEN_STAND_IN: Plain = {
  actorLink: false,
  disposition: -1,
  displayBars: 0,
  bar1: { attribute: "hp" },
  bar2: { attribute: null },
};

export class StandInFoundryActor {
  /** The data model's initial `system` values, set by the test before creating. */
  static systemInitial: Plain = {};
  type: string;
  flags: Plain;
  system: Plain;
  prototypeToken: Plain;

  constructor(data: Plain) {
    this.type = String(data.type);
    this.flags = (mergeStandIn({}, data.flags ?? {}) as Plain) ?? {};
    this.system = mergeStandIn(StandInFoundryActor.systemInitial, data.system ?? {}) as Plain;
    this.prototypeToken = mergeStandIn(CORE_PROTOTYPE_TOKEN_STAND_IN, data.prototypeToken ?? {}) as Plain;
  }

  async _preCreate(_data: Plain, _options: object, _user: object): Promise<boolean | void> {
    return undefined;
  }

  updateSource(changes: Plain): Plain {
    for (const key of ["flags", "system", "prototypeToken"] as const)
      if (key in changes) this[key] = mergeStandIn(this[key], changes[key]) as Plain;
    return changes;
  }
}

/** The world's ruleset as the stand-in `game.settings` answers it. */
export const standInActorWorld = { rulesetId: "13th-age" as string };

const NAMES = ["Actor", "CONST", "game"] as const;

/** Install `Actor`, `CONST` and `game` (before importing src/documents/actor.ts). Returns the uninstaller. */
export function installFoundryActorStandIn(): () => void {
  const g = globalThis as Record<string, unknown>;
  const saved = new Map(NAMES.map((n) => [n, g[n]]));
  Object.assign(g, {
    Actor: StandInFoundryActor,
    CONST: {
      TOKEN_DISPOSITIONS: { SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 },
      TOKEN_DISPLAY_MODES: { NONE: 0, CONTROL: 10, OWNER_HOVER: 20, HOVER: 30, OWNER: 40, ALWAYS: 50 },
    },
    game: {
      settings: {
        get: (_ns: string, key: string): unknown => (key === "ruleset" ? standInActorWorld.rulesetId : undefined),
      },
    },
  });
  return () => {
    for (const [n, v] of saved) {
      if (v === undefined) delete g[n];
      else g[n] = v;
    }
  };
}
