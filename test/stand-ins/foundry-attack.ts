/**
 * Stand-in for the Foundry globals the sheet attack `rollAttack` (src/workflows/attack.ts) touches,
 * so a Node test can drive the REAL orchestration: situational dialog → attack roll → damage rolls
 * → one chat message. It imitates only these Foundry v13 facts:
 *
 * - `Roll`: `new Roll(formula)`, async `evaluate()` (returns the roll), then `formula`, `total`,
 *   `dice[i].faces` / `dice[i].results` entries `{result, active, discarded?}` (a `2d20kh` keeps the
 *   higher die, the other `active: false, discarded: true`), `toJSON()`. Faces come from a recorded
 *   queue ({@link standInAttackFaces}); running dry throws. Formulas: `NdF`, `NdFkh`/`kl`, `+`/`-`
 *   numbers — all our planner writes. `Roll.replaceFormulaData(formula, data)` replaces each `@path`
 *   with the value at that path of `data` (nested `@abilities.con` too) and leaves an unknown one in
 *   place; `evaluate()` then throws on it, as Foundry throws on an unresolved StringTerm.
 * - `ChatMessage.create` (and `.implementation.create`, the same recorder) keeping the creation data
 *   and options; `ChatMessage.getSpeaker`.
 * - `game.user.targets` (a Set of token stand-ins: `document.uuid`/`name`/`texture.src`, `actor`),
 *   `game.user.isGM/id`, `game.combat` (none), `game.release.generation`, `game.settings` (the
 *   settings stand-in), `game.i18n` (the i18n stand-in).
 * - `foundry.applications.api.DialogV2.input`: records that it opened and what it was given, and
 *   resolves to the form values the test set (null = the user closed it).
 * - `foundry.applications.handlebars.renderTemplate(path, data)`: the real `handlebars` package
 *   through test/support/handlebars.ts; `Handlebars.partials` empty (so nothing is preloaded), or,
 *   with `preloadTemplates`, every template compiled as Foundry's `loadTemplates` leaves them after
 *   init: `Handlebars.compile(source)` (not strict), registered as a partial under its Foundry path.
 * - `ui.notifications` recording errors and warnings.
 *
 * Knowing differences: no dice parser beyond the forms above, no database, no message rendering,
 * no permissions, no Dice So Nice. It decides no rule: every outcome comes from the ruleset.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { listFiles } from "../../scripts/lib/files.mjs";
import { createTemplateRenderer, foundryTemplatePath, REPO_ROOT } from "../support/handlebars.js";
import { SYSTEM_ID } from "../../src/constants.js";
import { clonePlain } from "../../src/engine/common.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import type { ActorSource, DerivedActor, PowerSource, WeaponSource } from "../../src/engine/types.js";
import { createI18nStandIn } from "./i18n.js";
import { storedMessageData } from "./chat-data.js";
import { SettingsStandIn } from "./settings.js";
import { replaceFormulaDataStandIn } from "./combat-loop.js";

/** Recorded faces `Roll#evaluate` takes in order (d20s and damage dice alike). */
export const standInAttackFaces: number[] = [];

interface DieResultStandIn {
  result: number;
  active: boolean;
  discarded?: boolean;
}

/** One die term of an evaluated roll, as `roll.dice` lists them. */
export interface DieTermStandIn {
  number: number;
  faces: number;
  modifiers: string[];
  results: DieResultStandIn[];
}

/** Foundry's `Roll`, evaluated from {@link standInAttackFaces}. */
export class StandInAttackRoll {
  total: number | undefined = undefined;
  dice: DieTermStandIn[] = [];
  constructor(readonly formula: string) {}

  /** Foundry's `Roll.replaceFormulaData`: `@path` → the value at that path; unknown ones are left. */
  static replaceFormulaData(formula: string, data: Record<string, unknown>): string {
    return replaceFormulaDataStandIn(formula, data);
  }

  async evaluate(): Promise<this> {
    const unresolved = /@[a-z_][\w.]*/i.exec(this.formula);
    if (unresolved) throw new Error(`Roll stand-in: unresolved StringTerm ${unresolved[0]} requested for evaluation`);
    let total = 0;
    const dice: DieTermStandIn[] = [];
    const terms = this.formula.replace(/\s+/g, "").match(/[+-]?[^+-]+/g) ?? [];
    for (const term of terms) {
      const sign = term.startsWith("-") ? -1 : 1;
      const body = term.replace(/^[+-]/, "");
      const die = /^(\d*)d(\d+)(k[hl])?$/.exec(body);
      if (!die) {
        if (!/^\d+$/.test(body)) throw new Error(`Roll stand-in: cannot read "${term}" in ${this.formula}`);
        total += sign * Number(body);
        continue;
      }
      const count = Number(die[1] || 1);
      const faces = Number(die[2]);
      const keep = die[3];
      const results: DieResultStandIn[] = [];
      for (let i = 0; i < count; i++) {
        const face = standInAttackFaces.shift();
        if (face === undefined) throw new Error(`Roll stand-in: no recorded face left for ${this.formula}`);
        if (face < 1 || face > faces) throw new Error(`Roll stand-in: face ${face} is not on a d${faces}`);
        results.push({ result: face, active: true });
      }
      if (keep && results.length > 1) {
        const pick =
          keep === "kh" ? Math.max(...results.map((r) => r.result)) : Math.min(...results.map((r) => r.result));
        const kept = results.findIndex((r) => r.result === pick);
        results.forEach((r, i) => {
          if (i !== kept) Object.assign(r, { active: false, discarded: true });
        });
      }
      total += sign * results.filter((r) => r.active).reduce((s, r) => s + r.result, 0);
      dice.push({ number: count, faces, modifiers: keep ? [keep] : [], results });
    }
    this.dice = dice;
    this.total = total;
    return this;
  }

  toJSON(): Record<string, unknown> {
    return { class: this.constructor.name, formula: this.formula, total: this.total, evaluated: true, dice: this.dice };
  }
}

/** A targeted token as `game.user.targets` holds it. */
export interface TokenStandIn {
  document: { uuid: string; name: string; texture: { src: string } };
  actor: ActorStandIn;
}

/** An ActiveEffect as `actor.effects` yields it: id, name, statuses and our flag data. */
export interface EffectStandIn {
  id: string;
  name: string;
  statuses: Set<string>;
  flags: Record<string, unknown>;
}

/** The system Actor's surface the attack reads: uuid, name, img, `toEngineSource()`, `engineView()`, `preparedDerived()`, `effects`. */
export class ActorStandIn {
  /** Its ActiveEffects (none unless a test puts some on: a Hide effect, a charm). */
  effects: EffectStandIn[] = [];
  private prepared: DerivedActor | undefined = undefined;
  constructor(
    readonly id: string,
    readonly name: string,
    private readonly source: ActorSource,
    readonly img = "icons/svg/mystery-man.svg",
  ) {}
  get uuid(): string {
    return `Actor.${this.id}`;
  }
  toEngineSource(): ActorSource {
    // A plain deep copy, as the system Actor's own `toEngineSource` makes (`clonePlain`).
    return clonePlain(this.source);
  }
  /**
   * What the data model's preparation derived (none unless {@link prepare} ran: then the attack
   * reads it rather than deriving each click, as in Foundry).
   */
  preparedDerived(): DerivedActor | undefined {
    return this.prepared;
  }
  /** Prepare its derived data as the actor data model does on every change: the ruleset derives it. */
  prepare(ruleset: Pick<Ruleset, "deriveActor">): this {
    this.prepared = ruleset.deriveActor(this.engineView(), {});
    return this;
  }
  /** Its stored data as it is, under a new top level with its own conditions list, as the system Actor's `engineView` reads it. */
  engineView(): ActorSource {
    return { ...this.source, conditions: [...this.source.conditions] };
  }
}

/** The system Item's surface the attack reads: type, name, img, `toPowerSource()`, `toWeaponSource()`. */
export class ItemStandIn {
  constructor(
    readonly type: "power" | "weapon",
    readonly name: string,
    private readonly power: PowerSource,
    private readonly weapon: WeaponSource | null = null,
    readonly img = "icons/svg/sword.svg",
  ) {}
  toPowerSource(): PowerSource {
    return structuredClone(this.power);
  }
  toWeaponSource(): WeaponSource | null {
    return this.weapon ? structuredClone(this.weapon) : null;
  }
}

/** A token stand-in for an actor (token UUID `Scene.s1.Token.<id>`). */
export function tokenStandIn(id: string, actor: ActorStandIn): TokenStandIn {
  return { document: { uuid: `Scene.s1.Token.${id}`, name: actor.name, texture: { src: actor.img } }, actor };
}

/** What the installed stand-in recorded, and the knobs a test turns. */
export interface AttackStandInState {
  targets: Set<TokenStandIn>;
  settings: SettingsStandIn;
  messages: { data: Record<string, unknown>; options: Record<string, unknown> }[];
  dialogs: Record<string, unknown>[];
  /** What the dialog resolves to (form values; null = closed). */
  dialogAnswer: Record<string, unknown> | null;
  /** Every `DialogV2.confirm` opened, and what the next one answers (true = yes). */
  confirms: Record<string, unknown>[];
  confirmAnswer: boolean;
  errors: string[];
  /** Texts of `ui.notifications.warn`. */
  warnings: string[];
}

/** Every template compiled as Foundry compiles them (not strict), keyed by its Foundry path. */
function preloadedTemplates(): Record<string, HandlebarsTemplateDelegate> {
  const { handlebars } = createTemplateRenderer({ strict: false });
  const out: Record<string, HandlebarsTemplateDelegate> = {};
  for (const rel of listFiles(path.join(REPO_ROOT, "templates"), (n) => n.endsWith(".hbs")))
    out[foundryTemplatePath(`templates/${rel}`)] = handlebars.compile(
      readFileSync(path.join(REPO_ROOT, "templates", rel), "utf8"),
    );
  return out;
}

const GLOBAL_NAMES = ["Roll", "ChatMessage", "game", "foundry", "ui", "Handlebars"] as const;

/**
 * Install the stand-in globals with the world's ruleset set to `rulesetId` (before importing
 * src/workflows/attack.ts, whose roll classes extend `Roll` when the module loads). Returns the
 * recorded state and the uninstaller.
 */
export function installAttackStandIn(
  rulesetId: string,
  { preloadTemplates = false }: { preloadTemplates?: boolean } = {},
): { state: AttackStandInState; uninstall: () => void } {
  const g = globalThis as Record<string, unknown>;
  const saved = new Map(GLOBAL_NAMES.map((n) => [n, g[n]]));
  const settings = new SettingsStandIn();
  settings.register(SYSTEM_ID, "ruleset", { scope: "world", default: rulesetId });
  settings.register("core", "rollMode", { scope: "client", default: "publicroll" });
  const hbs = createTemplateRenderer();
  const state: AttackStandInState = {
    targets: new Set(),
    settings,
    messages: [],
    dialogs: [],
    dialogAnswer: {},
    confirms: [],
    confirmAnswer: true,
    errors: [],
    warnings: [],
  };
  const messageClass = {
    create: async (data: Record<string, unknown>, options: Record<string, unknown> = {}) => {
      const stored = storedMessageData(data);
      state.messages.push({ data: stored, options });
      return { ...stored, id: `message${state.messages.length}` };
    },
    getSpeaker: ({ actor }: { actor?: { name: string } } = {}) => ({ alias: actor?.name ?? "Gamemaster" }),
    implementation: undefined as unknown,
  };
  messageClass.implementation = messageClass;
  Object.assign(g, {
    Roll: StandInAttackRoll,
    ChatMessage: messageClass,
    Handlebars: { partials: preloadTemplates ? preloadedTemplates() : {} },
    game: {
      settings,
      i18n: createI18nStandIn(),
      user: { targets: state.targets, isGM: false, id: "userStandIn" },
      combat: null,
      release: { generation: 13 },
    },
    ui: {
      notifications: {
        error: (m: string) => state.errors.push(m),
        warn: (m: string) => state.warnings.push(m),
        info() {},
      },
    },
    foundry: {
      applications: {
        api: {
          DialogV2: {
            input: async (config: Record<string, unknown>) => {
              state.dialogs.push(config);
              return state.dialogAnswer;
            },
            confirm: async (config: Record<string, unknown>) => {
              state.confirms.push(config);
              return state.confirmAnswer;
            },
          },
        },
        handlebars: {
          renderTemplate: async (path: string, data: object) =>
            hbs.render(path.replace(`systems/${SYSTEM_ID}/`, ""), data),
        },
      },
    },
  });
  return {
    state,
    uninstall: () => {
      for (const [n, v] of saved) {
        if (v === undefined) delete g[n];
        else g[n] = v;
      }
    },
  };
}
