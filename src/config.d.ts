/**
 * All declaration merging for fvtt-types lives in this one file. Keep each block in sync with the
 * runtime registration it describes (settings in src/settings.ts, CONFIG assignments in src/d20-combat.ts).
 */
import type { LevelUpRecord } from "./engine/build.js";
import type { RulesetId } from "./engine/types.js";
import type { Ruleset } from "./engine/ruleset.js";
import type { ImportFlag } from "./applications/sheets/import-banner.js";
import type { CharacterData, NpcData } from "./data/actor-models.js";
import type { ArmorData, EquipmentData, FeatureData, PowerData, WeaponData } from "./data/item-models.js";
import type { D20Actor } from "./documents/actor.js";
import type { D20Item } from "./documents/item.js";
import type { D20ActiveEffect, SystemEffectData } from "./documents/active-effect.js";
import type { D20Combat, CombatFlags } from "./documents/combat.js";
import type { D20Combatant, CombatantFlags } from "./documents/combatant.js";
import type { AttackCardData, CardDetails, CardLedger, LooseRollData, RuleCardData } from "./engine/plans/card-data.js";
import type { TurnSummaryData } from "./workflows/turn-summary-model.js";
import type { AttackCardModel, CardDetailsModel, CardLedgerModel, RuleCardModel } from "./data/chat-models.js";
import type { TurnLineFlags, TurnUndoRecord } from "./workflows/turn-summary-data.js";
import type { RuleResult } from "./engine/types.js";
import type { CardVisibility } from "./settings-attack.js";
import type { Quench } from "./quench/quench-api.js";
import type { WireResponse } from "./socket.js";
import type { RollRequest, RuleEvent, Situation } from "./engine/types.js";
import type { AppliedRecord } from "./engine/plans/card-data.js";
import type { ResolvedRequest } from "./engine/plans/requests.js";

// ---- [SYS-HOOKS] what the system's hooks receive (docs/api.md) ----------------------------------
/** Who acts: the user on whose client the hook runs, the world's game, the actor. */
interface HookActor {
  userId: string;
  rulesetId: RulesetId;
  actorUuid: string;
  actorName: string;
}
/** A pre hook's answer: false cancels; `{ [field]: n, source }` changes one number (source: the module's name or an i18n key). */
type HookPreAnswer<F extends string> = false | void | undefined | ({ source: string } & { [K in F]?: number });
interface HookPreAttack extends HookActor {
  itemUuid: string;
  itemName: string;
  itemType: string;
  fastForward: boolean;
  targets: { uuid: string; actorUuid: string; name: string }[];
  situation: Omit<Situation, "hooks">;
  /** The situational bonus so far (after earlier listeners' changes). */
  bonus: number;
}
interface HookAttack {
  messageId: string;
  userId: string;
  card: AttackCardData;
}
interface HookApplyBase {
  messageId: string;
  targetUuid: string;
  /** On a player's request (`request: true`): absent. */
  targetName?: string;
  actorUuid?: string;
  itemName?: string;
  mode: string;
  userId: string;
}
interface HookPreApply extends HookApplyBase {
  request: boolean;
  /** The amount so far (GM's client only). */
  amount?: number;
}
interface HookApply extends HookApplyBase {
  record: AppliedRecord;
}
interface HookPreSave extends HookActor {
  kind: string;
  request: RollRequest;
  /** The save's target so far (null: nothing to reach, cancel only). */
  target: number | null;
}
interface HookSave extends HookActor {
  kind: string;
  rolls: ResolvedRequest[];
  events: RuleEvent[];
}
interface HookTurnStep {
  combatId: string;
  step: "combatStart" | "roundStart" | "turnStart" | "turnEnd" | "roundEnd" | "combatEnd";
  round: number;
  combatantId: string | null;
  actorUuid: string | null;
  walkedPast: boolean;
}

declare module "fvtt-types/configuration" {
  /** Game settings, keyed "<namespace>.<key>" (registered in src/settings.ts). */
  interface SettingConfig {
    "d20-combat.ruleset": RulesetId;
    /**
     * Foundry v14's core message mode (v13's `core.rollMode`); read only when
     * `game.release.generation >= 14` (src/workflows/foundry-docs.ts messageModeOptions).
     */
    "core.messageMode": string;
    /** Escalation die on in any ruleset (src/settings-combat.ts). */
    "d20-combat.escalationAnyRuleset": boolean;
    /** Campaign losses recorded when the party flees (src/settings-combat.ts). */
    "d20-combat.campaignLosses": { date: string; round: number; survivors: string[] }[];
    /** Schema version the world's documents were last migrated to (src/migrations/world.ts). */
    "d20-combat.schemaVersion": number;
    /** Who sees targets' defenses and the odds on attack cards (src/settings-attack.ts). */
    "d20-combat.cardVisibility": CardVisibility;
    /** When attacks open the situation dialog, world and user (src/settings-attack.ts). */
    "d20-combat.situationDialog": string;
    "d20-combat.situationDialogUser": string;
    /** Attacks read cover, sight and positions from the scene (src/settings-scene.ts). */
    "d20-combat.sceneReading": boolean;
    /** Range bands suggested from token distance (src/settings-scene.ts). */
    "d20-combat.sceneBands": boolean;
    /** Players edit the stat blocks of the NPCs they own (src/settings-sheet.ts). */
    "d20-combat.npcBlockPlayers": boolean;
    /** Each ruleset's Open rules, `d20-combat.<rulesetId>.<optionKey>` (src/settings.ts registerRuleOptionSettings). */
    [option: `d20-combat.${RulesetId}.${string}`]: string | number | boolean;
    /** Who rolls targets' saves against a save-based power (src/workflows/owner-saves.ts). */
    "d20-combat.saveRollers": string;
  }

  /** Flags this system writes, per document type. */
  interface FlagConfig {
    Actor: {
      "d20-combat"?: {
        /** The ruleset this document was made for. */
        ruleset?: RulesetId;
        /** Schema version the document was written with (src/migrations). */
        schemaVersion?: number;
        /** [SYS-CHARACTER] the last level-up, for its one undo (src/applications/sheets/level-up.ts); null once undone. */
        levelUp?: LevelUpRecord | null;
        /** [SYS-IMPORT] where an imported actor came from and what it lost (src/import/shape.ts importFlags). */
        import?: ImportFlag;
        /** [SYS-RELEASE] the self-test's deletion probe on its own temporary actors (src/quench/generations.ts). */
        selfTestGone?: number;
        selfTestKept?: number;
      };
    };
    Item: {
      "d20-combat"?: {
        ruleset?: RulesetId;
        schemaVersion?: number;
        /** [SYS-IMPORT] where an imported item came from and what it lost. */
        import?: ImportFlag;
      };
    };
    ActiveEffect: {
      "d20-combat"?: {
        /**
         * The system's duration / save / ongoing data of the effect (src/documents/active-effect.ts).
         * Partial: effects made by hand or by older versions carry only some fields; readers fill defaults.
         */
        effect?: Partial<SystemEffectData>;
      };
    };
    /** Escalation die, tough battle, surprise round, combat-start bookkeeping, the GM's rulings on combatants (src/documents/combat.ts). */
    Combat: {
      "d20-combat"?: CombatFlags;
    };
    /** Action economy and procedure memory (src/workflows/actions.ts); the GM's rulings are the Combat's. */
    Combatant: {
      "d20-combat"?: CombatantFlags;
    };
    /**
     * What chat messages carry in our flags: a loose roll's outcomes (the roll hook adds them to
     * messages it didn't post). Our cards are typed messages now (`attack`, `ledger`, `details`,
     * `rule`, `turn`); messages of older versions keep them here (src/workflows/card-messages.ts).
     */
    ChatMessage: {
      "d20-combat"?: {
        loose?: LooseRollData;
        /** Cards of older versions. */
        attack?: AttackCardData;
        rule?: RuleCardData;
        turnLine?: TurnLineFlags;
        /** The GM-only undo record of a turn summary (src/workflows/turn-summary-data.ts). */
        turnUndo?: TurnUndoRecord;
        ledger?: CardLedger;
        details?: CardDetails;
      };
    };
  }

  /**
   * Treat `game` as fully initialised (`game.settings`, `game.user`, `game.i18n` typed non-undefined).
   * Code that runs before `ready` must still only touch what exists by then (settings/i18n from `init`).
   */
  interface AssumeHookRan {
    ready: never;
  }

  namespace Hooks {
    /** Hooks that are not Foundry's own. */
    interface HookConfig {
      /** An actor ran a damage/healing answer of the ruleset (src/documents/actor.ts); workflows follow up on its rolls. */
      "d20-combat.ruleResult": (actor: D20Actor, result: RuleResult) => void;
      /** Games are being collected, first thing in the system's `init` (src/active-ruleset.ts collectRulesets). */
      "d20-combat.registerRulesets": (api: { registerRuleset: (ruleset: Ruleset) => void }) => void;
      // [SYS-HOOKS] Hooks for modules (docs/api.md; called in src/workflows/hooks.ts). A pre hook gets a plain
      // copy and may return false (cancel) or one change within bounds; a post hook gets a frozen copy.
      /** Before an attack is rolled, on the attacker's client: `{ bonus: n, source }` moves the situational bonus by n. */
      "d20-combat.preAttack": (data: HookPreAttack) => HookPreAnswer<"bonus">;
      /** An attack card was posted (the card as everyone may read it). */
      "d20-combat.attack": (data: Readonly<HookAttack>) => void;
      /**
       * Before an apply button changes a target. On the active GM's client (`request: false`): `{ amount: n, source }`
       * sets the amount (0 to the card's double damage). On a player's client asking the GM (`request: true`): cancel only.
       */
      "d20-combat.preApplyDamage": (data: HookPreApply) => HookPreAnswer<"amount">;
      /** An application was written (on the GM's client), with its record. */
      "d20-combat.applyDamage": (data: Readonly<HookApply>) => void;
      /** Before a save is rolled: `{ target: n, source }` sets its target (at most 10 either way, at least 1). */
      "d20-combat.preSave": (data: HookPreSave) => HookPreAnswer<"target">;
      /** A save was rolled and written. */
      "d20-combat.save": (data: Readonly<HookSave>) => void;
      /** Before a rest (cancel only). */
      "d20-combat.preRest": (data: HookActor & { rest: string }) => boolean | void;
      /** A rest was taken. */
      "d20-combat.rest": (data: Readonly<HookActor & { rest: string; events: RuleEvent[]; powers: string[] }>) => void;
      /** Before a procedure of the Actions panel (cancel only). */
      "d20-combat.preProcedure": (
        data: HookActor & { procedureId: string; choice: string | null; numbers: Record<string, unknown> },
      ) => boolean | void;
      /** A procedure was carried out. */
      "d20-combat.procedure": (data: Readonly<HookActor & { procedureId: string; events: RuleEvent[] }>) => void;
      /** The roll hook resolved a d20 roll posted by this user against the targets ([SYS-ROLLHOOK]). */
      "d20-combat.rollResolved": (data: Readonly<{ userId: string; loose: LooseRollData }>) => void;
      /** A turn-boundary step ran on the GM's client (start of combat, round and turn; end of turn and round). */
      "d20-combat.turnStep": (data: Readonly<HookTurnStep>) => void;
      /** The Quench module is ready for test batches (src/quench; never fires without the module). */
      quenchReady: (quench: Quench) => void;
    }
  }

  /** Document classes (registered in src/data/register.ts). */
  interface DocumentClassConfig {
    Actor: typeof D20Actor;
    Item: typeof D20Item;
    ActiveEffect: typeof D20ActiveEffect;
    /** Registered in src/applications/combat/register.ts. */
    Combat: typeof D20Combat;
    Combatant: typeof D20Combatant;
  }

  /** Sub-type data models (registered in src/data/register.ts; keys = system.json documentTypes). */
  interface DataModelConfig {
    Actor: { character: typeof CharacterData; npc: typeof NpcData };
    Item: {
      power: typeof PowerData;
      weapon: typeof WeaponData;
      armor: typeof ArmorData;
      feature: typeof FeatureData;
      equipment: typeof EquipmentData;
    };
    /** `turn`: registered in src/applications/combat/register.ts; the card kinds in src/data/register.ts. */
    ChatMessage: {
      turn: typeof TurnSummaryData;
      attack: typeof AttackCardModel;
      ledger: typeof CardLedgerModel;
      details: typeof CardDetailsModel;
      rule: typeof RuleCardModel;
    };
  }

  // Add here as they arrive: DocumentClassConfig, DataModelConfig, ConfiguredCombat, etc.
}

declare global {
  namespace CONFIG {
    /** Queries this system registers (`CONFIG.queries`, answered by `User#query`). */
    interface Queries {
      /** The GM relay's answer, put to the one user who asked (src/socket.ts). */
      "d20-combat.relayAnswer": (answer: WireResponse) => Promise<boolean>;
      /** A request's key, put by the asker to the active GM alone (src/socket.ts). */
      "d20-combat.relayKey": (given: { id: string; key: string }) => Promise<boolean>;
      /** A target's save, put by the attacker's client to the user who rolls it (src/workflows/owner-saves.ts). */
      "d20-combat.rollSave": (data: unknown) => Promise<{ messageId: string } | null>;
    }
  }
}

export {};
