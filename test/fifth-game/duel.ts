/**
 * Duel: a tiny fifth game that lives only under test/, registered as a Foundry module would
 * register one (the `d20-combat.registerRulesets` hook's `registerRuleset`). It proves that a game
 * the system does not ship can run: its own defense, condition, Open option and actor field reach
 * the sheet, the attack card and the turn plan through the same Ruleset interface as the built-in
 * four. Its rules, in its own words:
 * - one defense, Guard: 10 + level + Dexterity modifier + the duellist's Grit (its own actor field);
 * - an attack rolls d20 + level + the power's ability modifier against Guard; a natural 20 is a
 *   critical hit (double damage), or 19–20 when the Open option "keen edge" is on;
 * - one condition, Reeling: −2 to attack rolls (condition data the engine reads); a reeling
 *   duellist shakes it off at the start of its turn (its turn plan removes the effect);
 * - damage comes off temporary HP first, then HP; no recoveries, no death saves.
 * Like a real module it imports nothing of the system but types: the engine's helpers come with
 * the registration hook ({@link registerDuel}), and it reads its own field, Grit, through them.
 */
import type { EngineHelpers, RegisterRulesetsApi } from "../../src/engine/module-api.js";
import type { Ruleset } from "../../src/engine/ruleset.js";
import type {
  AbilityKey,
  ActorSource,
  AttackInput,
  ConditionSpec,
  DerivedActor,
  Modifier,
  OptionSpec,
  PreparedAttack,
  TurnContext,
  TurnStep,
} from "../../src/engine/types.js";

export const DUEL_ID = "duel";
const K = "DUEL";

/** The module's own lang strings (a module ships them in its lang file; tests add them to the stand-in's). */
export const DUEL_LANG: Record<string, string> = {
  [`${K}.Name`]: "Duel",
  [`${K}.Defense.guard`]: "Guard",
  [`${K}.Defense.Abbr.guard`]: "GRD",
  [`${K}.Condition.reeling`]: "Reeling",
  [`${K}.Save.nerve`]: "Nerve",
  [`${K}.Option.keenEdge.Name`]: "Keen edge",
  [`${K}.Option.keenEdge.Hint`]: "Critical hits on a natural 19 or 20.",
  [`${K}.Modifier.level`]: "Level",
  [`${K}.Modifier.ability`]: "Ability",
  [`${K}.Action.strike`]: "Strike",
  [`${K}.Event.saved`]: "holds their nerve",
  [`${K}.Event.failed`]: "loses their nerve",
  [`${K}.Event.shookOff`]: "shakes off reeling",
  [`${K}.Event.damaged`]: "takes {amount} damage",
  [`${K}.Sheet.title`]: "The duellist",
  [`${K}.Sheet.grit`]: "Grit",
};

/** Where the module's sheet part lives, as Foundry loads it (the module is test/fifth-game/ here). */
export const DUEL_SHEET_TEMPLATE = "modules/duel/templates/duel-sheet.hbs";

export const REELING: ConditionSpec = {
  id: "reeling",
  label: `${K}.Condition.reeling`,
  img: "icons/svg/daze.svg",
  implies: [],
  attack: -2,
};

const KEEN_EDGE: OptionSpec = {
  key: "keenEdge",
  rule: "DUEL-KEEN",
  label: `${K}.Option.keenEdge.Name`,
  hint: `${K}.Option.keenEdge.Hint`,
  type: "boolean",
  default: false,
};

/** Duel, built from the engine's helpers a module is handed at registration. */
export function defineDuel(engine: EngineHelpers): Ruleset {
  const { faceDecision, meetsTarget, preparedAttack, resolvedBy, rollVerdict } = engine.resolution;
  const { ABILITY_KEYS, abilityModifier, absorbTemporary, clonePlain, healedHp, option, validatePacket } = engine.rules;
  const { conditionModifiers } = engine.conditions;
  const { parseDamage } = engine.dice;
  const { actorPart, int } = engine.fields;
  /** The game's own part of the actor data: stored in every world that registers the game. */
  const DUEL_FIELDS = { grit: int(0, { min: 0 }) } as const;

  const CRIT = faceDecision("crit");
  const HIT = faceDecision("hit");
  const MISS = faceDecision("miss");

  /** A Duel attack with the die left open: a crit from the threshold up, else the total against the defense. */
  function prepareAttack(input: Omit<AttackInput, "dice">): PreparedAttack {
    const penalties = [...input.attacker.penalties];
    const modifiers: Modifier[] = [
      ...(input.bonusParts ?? [{ key: "attackBonus", label: `${K}.Modifier.level`, value: input.attackBonus }]),
      ...penalties,
    ];
    const critThreshold = option(input.options, KEEN_EDGE.key, false) ? 19 : 20;
    const defense = input.defense.value;
    return preparedAttack(input, {
      mode: "normal",
      modifiers,
      defense,
      critThreshold,
      modifierSum: input.attackBonus + penalties.reduce((s, m) => s + m.value, 0) + input.situation.bonus,
      decide: (natural, total) => (natural >= critThreshold ? CRIT : total >= defense ? HIT : MISS),
    });
  }

  /** The duellist's Grit: the game's own actor field (its initial value on a document made before the game). */
  const gritOf = (actor: ActorSource): number => actorPart(actor, DUEL_FIELDS).grit;

  function deriveActor(actor: ActorSource, conditions: readonly ConditionSpec[]): DerivedActor {
    const abilityMods = Object.fromEntries(ABILITY_KEYS.map((k) => [k, abilityModifier(actor.abilities[k])])) as Record<
      AbilityKey,
      number
    >;
    const defensePenalties = conditionModifiers(conditions, actor.conditions, "defense");
    const lowered = defensePenalties.reduce((s, m) => s + m.value, 0);
    return {
      abilityMods,
      defenses: { guard: 10 + actor.level + abilityMods.dex + gritOf(actor) + lowered },
      attackPenalties: conditionModifiers(conditions, actor.conditions, "attack"),
      defensePenalties,
      initiative: abilityMods.dex,
      saves: { nerve: abilityMods.wis },
      bloodied: actor.hp.value <= actor.hp.max / 2,
      wounded: false,
      damageTaken: actor.hp.max - actor.hp.value,
      statusLabels: [],
    };
  }

  /** A reeling duellist's effects that carry the condition, removed at the start of its turn. */
  function shakeOff(ctx: TurnContext): TurnStep[] {
    const c = ctx.combatants.find((x) => x.id === ctx.combatantId);
    if (!c) return [];
    return c.effects
      .filter((e) => e.statuses.includes(REELING.id))
      .map((e) => ({ kind: "removeEffect", actorId: c.actorId, effectId: e.id, label: `${K}.Event.shookOff` }));
  }

  const CONDITIONS = [REELING];

  const duel: Ruleset = {
    id: DUEL_ID,
    label: `${K}.Name`,
    defenses: [{ key: "guard", label: `${K}.Defense.guard`, abbr: `${K}.Defense.Abbr.guard` }],
    saves: [{ key: "nerve", label: `${K}.Save.nerve` }],
    damageTypes: [],
    traitForms: { resist: "amount", vulnerable: "amount" },
    // The game's own part of the actor data: stored in every world that registers the game.
    actorFields: DUEL_FIELDS,
    // Its own part of the actor sheet: the duellist's Grit and Guard.
    sheetParts: [
      {
        id: DUEL_ID,
        template: DUEL_SHEET_TEMPLATE,
        context: (actor, derived) => ({ grit: gritOf(actor), guard: derived.defenses.guard ?? 0 }),
      },
    ],
    conditions: CONDITIONS,
    initiative: { mode: "once", roll: "individual", surprise: "none", simultaneousTies: false },
    escalationByDefault: false,
    actions: [{ key: "strike", label: `${K}.Action.strike` }],
    options: [KEEN_EDGE],

    deriveActor: (actor) => deriveActor(actor, CONDITIONS),
    attackBonus: (actor, derived, power): Modifier[] => [
      { key: "level", label: `${K}.Modifier.level`, value: actor.level },
      {
        key: "ability",
        label: `${K}.Modifier.ability`,
        value: power.attackAbility ? derived.abilityMods[power.attackAbility] : 0,
      },
    ],
    damageExpression: (_actor, _derived, power) =>
      power.damage.trim() === "" ? null : parseDamage(power.damage, null, "power.damage"),
    attackMode: () => "normal",
    resolveAttack: resolvedBy(prepareAttack),
    prepareAttack,
    damageRecipe: (input) => {
      if (!input.hit || (input.outcome !== "hit" && input.outcome !== "crit")) return null;
      const multiplier = input.outcome === "crit" ? 2 : 1;
      return { roll: clonePlain(input.hit), flatBonus: 0, multiplier, minimum: 0, types: [...input.types], notes: [] };
    },

    applyDamage: (actor, packet, _options, actorId) => {
      validatePacket(packet, []);
      const next = clonePlain(actor);
      const { temp, absorbed, rest } = absorbTemporary(actor.hp.temp, packet.amount);
      next.hp = { ...next.hp, temp, value: actor.hp.value - rest };
      const event = { key: `${K}.Event.damaged`, actorId, data: { amount: packet.amount } };
      return {
        actor: next,
        events: [event],
        requests: [],
        adjustments: [],
        dealt: packet.amount,
        absorbedByTemp: absorbed,
        hpLost: rest,
      };
    },
    applyHealing: (actor, amount) => {
      const next = clonePlain(actor);
      next.hp = { ...next.hp, value: healedHp(actor.hp, actor.hp.value, amount) };
      return { actor: next, events: [], requests: [] };
    },
    startRecovery: (actor) => ({ actor: clonePlain(actor), events: [], requests: [] }),
    saveRequest: (_actor, derived, kind, _mode, actorId) => ({
      kind: "save",
      actorId,
      formula: `1d20 + ${derived.saves[kind] ?? 0}`,
      target: 11,
      against: "total",
      label: `${K}.Save.nerve`,
    }),
    deathSaveRequest: () => null,
    resolveRoll: (actor, request, roll) =>
      rollVerdict(actor, request, meetsTarget(request, roll), {
        succeeded: `${K}.Event.saved`,
        failed: `${K}.Event.failed`,
      }),

    onCombatStart: () => [],
    onRoundStart: () => [],
    onTurnStart: shakeOff,
    onTurnEnd: () => [],
    onRoundEnd: () => [],
    onCombatEnd: () => [],
    resolveTurnRoll: (ctx, request) => {
      const actor = ctx.combatants.find((c) => c.actorId === request.actorId)?.actor;
      if (!actor) throw new Error(`no combatant rolls for ${request.actorId}`);
      return { actor: clonePlain(actor), events: [], requests: [], followUps: [], deferred: [] };
    },
    actsThisRound: (_ctx, c) => !c.defeated,
    initiativeFormula: (_actor, derived) => `1d20 + ${derived.initiative}`,
    order: (ctx) =>
      [...ctx.combatants]
        .sort((a, b) => (b.initiative ?? -Infinity) - (a.initiative ?? -Infinity))
        .map((c) => ({ combatantIds: [c.id], initiative: c.initiative })),
    addEffect: (existing, incoming) => [...existing, incoming],

    fullHealUp: (actor) => ({ ...clonePlain(actor), hp: { ...actor.hp, value: actor.hp.max } }),
    canFlee: () => true,
  };
  return duel;
}

/** The module's script: `Hooks.once("d20-combat.registerRulesets", registerDuel)`. */
export function registerDuel(api: RegisterRulesetsApi): Ruleset {
  const duel = defineDuel(api.engine);
  api.registerRuleset(duel);
  return duel;
}
