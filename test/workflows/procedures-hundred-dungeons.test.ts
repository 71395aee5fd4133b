/**
 * Hundred Dungeons at the table, through the REAL entry points with the stand-ins of
 * test/stand-ins/foundry-sheet.ts and recorded dice: the sheet's `useProcedure` and `useItem`
 * handlers (Actions panel, attack list) and a token's move (the token hooks); asserts on the
 * documents afterwards (effects on the actors, the combatant's actions left, prompts posted).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultActorSource } from "../../src/engine/common.js";
import type { ActorSource, PowerSource, WeaponSource } from "../../src/engine/types.js";
import { ItemStandIn, standInAttackFaces } from "../stand-ins/foundry-attack.js";
import {
  CombatStandIn,
  CombatantStandIn,
  SheetActorStandIn,
  clickTarget,
  installSheetStandIn,
  sheetInstance,
  targetStandIn,
  type SheetStandInState,
} from "../stand-ins/foundry-sheet.js";
import { PowerItemStandIn } from "../stand-ins/foundry-items.js";
import { createTemplateRenderer } from "../support/handlebars.js";
import { hundredDungeons } from "../../src/engine/rulesets/hundred-dungeons/index.js";
import { useTokenHooks } from "../support/token-hooks.js";
import type * as SheetNs from "../../src/applications/sheets/actor-sheet.js";
import type * as PanelNs from "../../src/applications/sheets/actions-panel.js";
import type * as ActionsNs from "../../src/workflows/actions.js";
import type * as ProceduresNs from "../../src/workflows/procedures.js";
import type * as AttackNs from "../../src/workflows/attack.js";
import { attackCardIn } from "../support/card-messages.js";

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

let state: SheetStandInState;
let setCombat: (c: CombatStandIn | null) => void;
let uninstall: () => void;
let useProcedure: Handler;
let attack: typeof AttackNs;

beforeAll(async () => {
  ({ state, setCombat, uninstall } = installSheetStandIn("hundred-dungeons"));
  const { D20ActorSheet } = (await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs;
  useProcedure = (D20ActorSheet.DEFAULT_OPTIONS.actions as Record<string, Handler>).useProcedure!;
  attack = await import("../../src/workflows/attack.js");
});
afterAll(() => uninstall());

const scores = (over: Partial<ActorSource["abilities"]>) => ({
  str: 0,
  dex: 0,
  con: 0,
  int: 0,
  wis: 0,
  cha: 0,
  ...over,
});
const hdActor = (over: Partial<ActorSource> = {}) =>
  defaultActorSource({ speed: 60, defenses: { def: { base: 12, bonus: 0 } }, abilities: scores({}), ...over });

let hero: SheetActorStandIn;
let orc: SheetActorStandIn;
let goblin: SheetActorStandIn;
let combat: CombatStandIn;

beforeEach(() => {
  state.targets.clear();
  state.messages.length = 0;
  state.warnings.length = 0;
  state.errors.length = 0;
  standInAttackFaces.length = 0;
  hero = new SheetActorStandIn("hero", "Wren", hdActor({ abilities: scores({ str: 3, dex: 3 }) }));
  orc = new SheetActorStandIn(
    "orc",
    "Orc",
    hdActor({ kind: "npc", abilities: scores({ str: 2, dex: 1, wis: 3 }) }),
    false,
  );
  goblin = new SheetActorStandIn("goblin", "Goblin", hdActor({ kind: "npc", abilities: scores({ wis: 0 }) }), false);
  combat = new CombatStandIn(
    2,
    [
      new CombatantStandIn("c-hero", hero),
      new CombatantStandIn("c-orc", orc, false, "gm"),
      new CombatantStandIn("c-gob", goblin, false, "gm"),
    ],
    "c-hero",
  );
  setCombat(combat);
});

async function click(actor: SheetActorStandIn, id: string, choice: string | null = null): Promise<void> {
  await useProcedure.call(
    { document: actor, d20Actor: actor },
    { shiftKey: false },
    clickTarget({ procedureId: id }, choice),
  );
}
const target = (...actors: SheetActorStandIn[]) => {
  state.targets.clear();
  for (const a of actors) state.targets.add(targetStandIn(a) as never);
};
/** The statuses of a creature's effects, but for the count of its movement this turn ([HD-ACTIONS]). */
const statusesOf = (a: SheetActorStandIn) =>
  [...a.effects.values()].flatMap((e) => [...e.statuses]).filter((s) => s !== "movedThisTurn");
const effectOf = (a: SheetActorStandIn, status: string) => [...a.effects.values()].find((e) => e.statuses.has(status));
const left = (i = 0) =>
  (combat.list[i]!.flags["d20-combat"] as { actions?: { left: Record<string, number> } } | undefined)?.actions?.left;

describe("Hundred Dungeons manoeuvres from the Actions panel", () => {
  it("[HD-UNARMED] [HD-QUICK] a grapple: Strength 3 + 13 = 16 against 12 + the orc's better of Str 2/Dex 1 (14) grapples it; one quick action spent", async () => {
    orc.isOwner = true;
    target(orc);
    standInAttackFaces.push(13);
    await click(hero, "grapple");
    expect(statusesOf(orc)).toEqual(["grappled"]);
    const flag = effectOf(orc, "grappled")!.flags["d20-combat"] as { effect: { sourceCombatantId: string } };
    expect(flag.effect.sourceCombatantId).toBe("c-hero");
    expect(left()).toMatchObject({ quick: 1 });
    // A failed grapple (8 + 3 = 11 against 12 + 0) changes nothing on the goblin.
    goblin.isOwner = true;
    target(goblin);
    standInAttackFaces.push(8);
    await click(hero, "grapple");
    expect(statusesOf(goblin)).toEqual([]);
  });

  it("[SYS-ACTIONS] [HD-UNARMED] Escape is offered on the Actions panel only to a creature held: the orc once grappled, never the free goblin", async () => {
    const panels = (await import("../../src/applications/sheets/actions-panel.js")) as typeof PanelNs;
    const procedures = (await import("../../src/workflows/procedures.js")) as typeof ProceduresNs;
    const offered = (a: SheetActorStandIn) =>
      panels.actionsPanelContext(hundredDungeons, procedures.sheetActionsInput(a as never)).procedures.map((p) => p.id);
    expect(offered(orc)).not.toContain("escape");
    orc.isOwner = true;
    target(orc);
    standInAttackFaces.push(13);
    await click(hero, "grapple");
    expect(statusesOf(orc)).toEqual(["grappled"]);
    expect(offered(orc)).toContain("escape");
    expect(offered(goblin)).not.toContain("escape");
    // a restrained creature is grappled too ([HD-COND]), listed as a condition
    goblin.source.conditions = ["restrained"];
    expect(offered(goblin)).toContain("escape");
  });

  it("[HD-UNARMED] [HD-QUICK] an unarmed strike: Strength 3 + 10 = 13 against the orc's Defense 12 deals 3 bludgeoning (HP 10 → 7), one quick action; 5 + 3 = 8 misses", async () => {
    orc.isOwner = true;
    orc.source.hp = { value: 10, max: 10, temp: 0 };
    target(orc);
    standInAttackFaces.push(10);
    await click(hero, "unarmedStrike");
    expect(orc.toEngineSource().hp.value).toBe(7);
    expect(left()).toMatchObject({ quick: 1 });
    standInAttackFaces.push(5);
    await click(hero, "unarmedStrike");
    expect(orc.toEngineSource().hp.value).toBe(7);
  });

  it("[HD-UNARMED] unarmed damage is at least 1: the goblin (Strength 0) rolling 12 against the hero's Defense 12 deals 1", async () => {
    hero.source.hp = { value: 10, max: 10, temp: 0 };
    target(hero);
    standInAttackFaces.push(12);
    await click(goblin, "unarmedStrike");
    expect(hero.toEngineSource().hp.value).toBe(9);
  });

  it("[HD-UNARMED] [HD-COND] a shove to prone: 11 + 3 = 14 against 12 + Str 2 knocks the orc prone; standing up from its Actions panel ends prone for half its movement", async () => {
    orc.isOwner = true;
    target(orc);
    standInAttackFaces.push(11);
    await click(hero, "shove", "prone");
    expect(statusesOf(orc)).toEqual(["prone"]);
    expect(orc.toEngineSource().conditions).toContain("prone");
    state.targets.clear();
    state.messages.length = 0;
    combat.current = "c-orc";
    combat.list[1]!.isOwner = true;
    await click(orc, "standUp");
    expect(statusesOf(orc)).toEqual([]);
    expect(orc.toEngineSource().conditions).not.toContain("prone");
    expect(JSON.stringify(state.messages)).toContain("Stands up (costs 30 ft of movement).");
    // Standing up is movement: the orc keeps both quick actions of its turn.
    expect(left(1)?.quick ?? 2).toBe(2);
    // Not prone: nothing to stand up from.
    await click(orc, "standUp");
    expect(state.warnings.join(" ")).toContain("Not prone");
  });

  it("[HD-UNARMED] an escape: the grappled orc rolls its better Str 2 + 13 = 15 against 12 + the hero's Str 3 and is free", async () => {
    orc.isOwner = true;
    target(orc);
    standInAttackFaces.push(13);
    await click(hero, "grapple");
    expect(statusesOf(orc)).toEqual(["grappled"]);
    state.targets.clear();
    standInAttackFaces.push(13);
    combat.current = "c-orc";
    combat.list[1]!.isOwner = true;
    await click(orc, "escape");
    expect(statusesOf(orc)).toEqual([]);
    // Escape is an action: both quick actions of the orc's turn are gone.
    expect(left(1)).toMatchObject({ quick: 0 });
  });

  it("[HD-COND] [HD-UNARMED] restrained is grappled for escape: the orc caught in the hero's net rolls its better Str 2 + 13 = 15 against 12 + the hero's Str 3 and is free of it", async () => {
    orc.isOwner = true;
    orc.addEffect("net", "Net", { duration: "endOfEncounter", sourceCombatantId: "c-hero" }).statuses.add("restrained");
    combat.current = "c-orc";
    combat.list[1]!.isOwner = true;
    standInAttackFaces.push(13);
    await click(orc, "escape");
    expect(statusesOf(orc)).toEqual([]);
    expect(left(1)).toMatchObject({ quick: 0 });
    // Restrained by no one the escape can name, and not targeting its holder: refused, nothing rolled.
    orc.addEffect("web", "Web", { duration: "endOfEncounter", sourceCombatantId: null }).statuses.add("restrained");
    standInAttackFaces.push(20);
    await click(orc, "escape");
    expect(statusesOf(orc)).toEqual(["restrained"]);
    expect(standInAttackFaces).toEqual([20]);
  });

  it("[HD-COND] [HD-UNARMED] charmed by the orc, the hero is not let grapple, shove or strike it (refused, nothing rolled or spent); the goblin it may", async () => {
    hero.addEffect("ch", "Charm", { sourceCombatantId: "c-orc", duration: "permanent" }).statuses.add("charmed");
    orc.isOwner = true;
    target(orc);
    for (const [id, choice] of [
      ["grapple", null],
      ["shove", "prone"],
      ["unarmedStrike", null],
    ] as const) {
      state.warnings.length = 0;
      await click(hero, id, choice);
      expect(state.warnings.join(" ")).toContain("Charmed");
    }
    expect(statusesOf(orc)).toEqual([]);
    expect(left()?.quick ?? 2).toBe(2);
    goblin.isOwner = true;
    target(goblin);
    standInAttackFaces.push(15);
    await click(hero, "grapple");
    expect(statusesOf(goblin)).toEqual(["grappled"]);
  });

  it("[HD-UNARMED] [HD-CRIT] [WD-SAVES] a grapple's natural 20 succeeds and its card reads Success though 20 + 3 misses 12 + Str 20; a natural 1 fails and reads Failure though 1 + 15 beats 12", async () => {
    const results = () => {
      const html = String(state.messages.at(-1)?.data.content ?? "");
      return ["Success", "Failure"].filter((w) => html.includes(`>${w}<`));
    };
    orc.isOwner = true;
    orc.source.abilities = scores({ str: 20 });
    target(orc);
    standInAttackFaces.push(20);
    await click(hero, "grapple");
    expect(statusesOf(orc)).toEqual(["grappled"]);
    expect(results()).toEqual(["Success"]);
    goblin.isOwner = true;
    target(goblin);
    hero.source.abilities = scores({ str: 15 });
    standInAttackFaces.push(1);
    await click(hero, "grapple");
    expect(statusesOf(goblin)).toEqual([]);
    expect(results()).toEqual(["Failure"]);
  });

  it("[HD-HIDE] a hide against two observers (18 in cover beats the goblin's 10 and the orc's 13), then lost on attacking", async () => {
    // 15 + 3 = 18 in cover: beats the goblin (Wis 0 + 10) and the orc (Wis 3 + 10).
    standInAttackFaces.push(15);
    await click(hero, "hide", "cover");
    const hides = [...hero.effects.values()].filter((e) => e.statuses.has("hidden"));
    const from = hides.map(
      (e) => (e.flags["d20-combat"] as { effect: { sourceCombatantId: string } }).effect.sourceCombatantId,
    );
    expect(from.sort()).toEqual(["c-gob", "c-orc"]);
    // Attacking the orc: mighty (two d20s, the higher kept), and hiding ends afterwards.
    target(orc);
    standInAttackFaces.push(4, 17, 5);
    const sword = new ItemStandIn("weapon", "Shortsword", power(), weapon({ name: "Shortsword" }));
    await attack.rollAttack(hero as never, sword as never, { fastForward: true });
    const card = attackCard();
    expect(card.targets[0]!.outcome.mode).toBe("mighty");
    expect(card.targets[0]!.outcome.natural).toBe(17);
    expect(statusesOf(hero)).toEqual([]);
  });

  it("[HD-HIDE] hiding in the open counts as 0: hidden from no one", async () => {
    standInAttackFaces.push(19);
    await click(hero, "hide", "noCover");
    expect(statusesOf(hero)).toEqual([]);
  });
});

function power(over: Partial<PowerSource> = {}): PowerSource {
  return {
    attackAbility: "str",
    attackBonus: 0,
    defense: "def",
    range: "melee",
    damage: "",
    damageTypes: ["piercing"],
    missEffect: "none",
    missDamage: "",
    critDamage: "",
    critRange: 0,
    ongoing: null,
    touch: false,
    nonlethal: false,
    ...over,
  };
}

function weapon(over: Partial<WeaponSource> = {}): WeaponSource {
  return {
    damageDice: "1d6",
    weaponClass: "simple",
    light: false,
    finesse: false,
    twoHanded: false,
    offHand: false,
    thrown: false,
    ranged: false,
    proficient: true,
    proficiencyBonus: 0,
    enhancement: 0,
    critDice: "",
    critRange: 0,
    name: "Weapon",
    ...over,
  };
}

function attackCard() {
  return attackCardIn(state.messages.at(-1)!.data)!;
}

describe("Hundred Dungeons attacks: water, size, charm", () => {
  it("[HD-WATER] an underwater spear attack without a swim speed is not weak; a sword's is", async () => {
    hero.source.conditions = ["underwater"];
    target(orc);
    standInAttackFaces.push(12, 3);
    await attack.rollAttack(
      hero as never,
      new ItemStandIn("weapon", "Spear", power(), weapon({ name: "Spear" })) as never,
      {
        fastForward: true,
      },
    );
    expect(attackCard().targets[0]!.outcome.mode).toBe("normal");
    standInAttackFaces.length = 0;
    standInAttackFaces.push(12, 3, 2);
    await attack.rollAttack(
      hero as never,
      new ItemStandIn("weapon", "Longsword", power(), weapon({ name: "Longsword" })) as never,
      { fastForward: true },
    );
    expect(attackCard().targets[0]!.outcome.mode).toBe("weak");
  });

  it("[HD-COND] a prone Large creature: a ranged attack against it is not weak (a prone Medium one's is)", async () => {
    orc.source.conditions = ["prone"];
    orc.source.size = "large";
    target(orc);
    const bow = new ItemStandIn(
      "weapon",
      "Shortbow",
      power({ range: "ranged", attackAbility: "dex" }),
      weapon({ name: "Shortbow", ranged: true }),
    );
    standInAttackFaces.push(12, 4);
    await attack.rollAttack(hero as never, bow as never, { fastForward: true });
    expect(attackCard().targets[0]!.outcome.mode).toBe("normal");
    orc.source.size = "medium";
    standInAttackFaces.length = 0;
    standInAttackFaces.push(12, 5, 4);
    await attack.rollAttack(hero as never, bow as never, { fastForward: true });
    expect(attackCard().targets[0]!.outcome.mode).toBe("weak");
  });

  it("[HD-COND] a charmed creature can't attack its charmer: the target is refused with a notice", async () => {
    hero.addEffect("ch", "Charm", { sourceCombatantId: "c-orc", duration: "permanent" }).statuses.add("charmed");
    target(orc);
    standInAttackFaces.push(12, 4);
    await attack.rollAttack(hero as never, new ItemStandIn("weapon", "Dagger", power(), weapon()) as never, {
      fastForward: true,
    });
    expect(state.warnings.some((w) => w.includes("Orc"))).toBe(true);
    expect(attackCard().targets).toEqual([]);
  });
});

const { moveToken } = useTokenHooks();

describe("Hundred Dungeons provoked attacks from token movement", () => {
  /** The mover's user drags its token `feet` east on a 5 ft square grid. */
  async function dragToken(actor: SheetActorStandIn, feet: number): Promise<void> {
    const doc = { x: 0, y: 0, actor, parent: { grid: { size: 100, distance: 5 } } };
    await moveToken(doc, { x: (feet / 5) * 100 }, "userStandIn");
  }
  const provokedPrompts = () => state.messages.filter((m) => String(m.data.content).includes("d20c-prompt"));

  it("[HD-PROVOKE] a provoked attack on leaving reach: the mover confirms the orc's reach; the orc's owners get the prompt", async () => {
    state.dialogs.length = 0;
    state.dialogAnswer = { foe0: true };
    await dragToken(hero, 25);
    // One question, listing the other side: Orc (ticked), then Goblin.
    expect(state.dialogs).toHaveLength(1);
    const content = String(state.dialogs[0]!.content);
    expect(content.indexOf("Orc")).toBeLessThan(content.indexOf("Goblin"));
    const prompts = provokedPrompts();
    expect(prompts).toHaveLength(1);
    expect(String(prompts[0]!.data.content)).toContain("Orc");
    expect(prompts[0]!.data.whisper).toEqual(["gm"]);
  });

  it("[HD-PROVOKE] [HD-QUICK] after Disengage the same move provokes nothing", async () => {
    await click(hero, "disengage");
    state.dialogAnswer = { foe0: true, foe1: true };
    await dragToken(hero, 25);
    expect(provokedPrompts()).toEqual([]);
  });

  it("[HD-QUICK] [HD-PROVOKE] after Disengage a spell cast within the orc's reach provokes nothing either", async () => {
    await click(hero, "disengage");
    target(goblin);
    state.dialogAnswer = { foe0: true, foe1: true };
    standInAttackFaces.push(12, 3);
    const frostSnap = new ItemStandIn(
      "power",
      "Frost Snap",
      power({ range: "ranged", attackAbility: "int", damage: "1d6" }),
    );
    await attack.rollAttack(hero as never, frostSnap as never, { fastForward: true });
    expect(provokedPrompts()).toEqual([]);
  });

  it("[HD-HIDE] moving 15 ft ends hiding; 10 ft does not", async () => {
    standInAttackFaces.push(15);
    await click(hero, "hide", "cover");
    state.dialogAnswer = {};
    await dragToken(hero, 10);
    expect(statusesOf(hero)).toContain("hidden");
    await dragToken(hero, 15);
    expect(statusesOf(hero)).toEqual([]);
  });
});

describe("[HD-HIDE] hiding ends past 10 ft moved in all", () => {
  async function step(actor: SheetActorStandIn, feet: number): Promise<void> {
    const doc = { x: 0, y: 0, actor, parent: { grid: { size: 100, distance: 5 } } };
    await moveToken(doc, { x: (feet / 5) * 100 }, "userStandIn");
  }
  const movedOf = (a: SheetActorStandIn) =>
    [...a.effects.values()]
      .filter((e) => e.statuses.has("hidden"))
      .map((e) => (e.flags["d20-combat"] as { effect: { moved?: number } }).effect.moved ?? 0);

  it("[HD-HIDE] the hidden hero steps 5 ft, then 5 ft more (10 ft in all): still hidden from both; a third 5 ft step (15 ft since it hid) ends it", async () => {
    standInAttackFaces.push(15);
    await click(hero, "hide", "cover");
    expect(statusesOf(hero)).toEqual(["hidden", "hidden"]);
    state.dialogAnswer = {};
    await step(hero, 5);
    expect(movedOf(hero)).toEqual([5, 5]);
    await step(hero, 5);
    expect(statusesOf(hero)).toEqual(["hidden", "hidden"]);
    expect(movedOf(hero)).toEqual([10, 10]);
    await step(hero, 5);
    expect(statusesOf(hero)).toEqual([]);
  });

  it("[HD-HIDE] a new Hide starts the count again: 10 ft, hide again, 10 ft more stays hidden", async () => {
    standInAttackFaces.push(15);
    await click(hero, "hide", "cover");
    state.dialogAnswer = {};
    await step(hero, 10);
    // Already hidden: the second Dexterity roll is mighty (two d20s, the higher kept).
    standInAttackFaces.push(15, 4);
    await click(hero, "hide", "cover");
    expect(movedOf(hero)).toEqual([0, 0]);
    await step(hero, 10);
    expect(statusesOf(hero)).toEqual(["hidden", "hidden"]);
  });
});

describe("[HD-ACTIONS] Dash doubles the movement that remains", () => {
  async function step(actor: SheetActorStandIn, feet: number): Promise<void> {
    const doc = { x: 0, y: 0, actor, parent: { grid: { size: 100, distance: 5 } } };
    await moveToken(doc, { x: (feet / 5) * 100 }, "userStandIn");
  }
  const dashLine = () => JSON.stringify(state.messages.at(-1)?.data);

  it("[HD-ACTIONS] speed 60: after 15 ft and 5 ft of token moves, Dash on the Actions panel leaves 40 + 60 = 100 ft, not 120", async () => {
    state.dialogAnswer = {};
    await step(hero, 15);
    await step(hero, 5);
    await click(hero, "dash");
    expect(dashLine()).toContain("100 ft of movement remain");
    expect(dashLine()).not.toContain("120");
  });

  it("[HD-ACTIONS] with no movement spent Dash leaves 120 ft; past the speed only the Dash's 60 ft remain", async () => {
    await click(hero, "dash");
    expect(dashLine()).toContain("120 ft of movement remain");
    state.dialogAnswer = {};
    await step(hero, 70);
    await click(hero, "dash");
    expect(dashLine()).toContain("60 ft of movement remain");
  });
});

describe("Hundred Dungeons provoked attacks on casting", () => {
  const frostSnap = () =>
    new ItemStandIn("power", "Frost Snap", power({ range: "ranged", attackAbility: "int", damage: "1d6" }));

  it("[HD-PROVOKE] casting a spell asks whose reach it is cast in and prompts each foe ticked (the orc), not the others", async () => {
    target(goblin);
    state.dialogs.length = 0;
    state.dialogAnswer = { foe0: true };
    standInAttackFaces.push(12, 3);
    await attack.rollAttack(hero as never, frostSnap() as never, { fastForward: true });
    // The only dialog (shift-click skips the attack's) lists the other side: Orc, then Goblin.
    expect(state.dialogs).toHaveLength(1);
    const content = String(state.dialogs[0]!.content);
    expect(content).toContain("whose reach is it cast in");
    expect(content.indexOf("Orc")).toBeLessThan(content.indexOf("Goblin"));
    const prompts = state.messages.filter((m) => String(m.data.content).includes("d20c-prompt"));
    expect(prompts).toHaveLength(1);
    expect(String(prompts[0]!.data.content)).toContain("Orc");
  });

  it("[HD-PROVOKE] a weapon attack is no spell: no question, no provoked attack", async () => {
    target(orc);
    state.dialogs.length = 0;
    standInAttackFaces.push(12, 3);
    await attack.rollAttack(hero as never, new ItemStandIn("weapon", "Dagger", power(), weapon()) as never, {
      fastForward: true,
    });
    expect(state.dialogs).toHaveLength(0);
    expect(state.messages.filter((m) => String(m.data.content).includes("d20c-prompt"))).toHaveLength(0);
  });

  it("[HD-PROVOKE] [HD-HIDE] casting ends hiding as attacking does", async () => {
    standInAttackFaces.push(15);
    await click(hero, "hide", "cover");
    expect(statusesOf(hero)).toContain("hidden");
    target(goblin);
    state.dialogAnswer = {};
    // Hidden from the goblin, the caster's attack is mighty: two d20s, then the damage die.
    standInAttackFaces.push(12, 5, 3);
    await attack.rollAttack(hero as never, frostSnap() as never, { fastForward: true });
    expect(statusesOf(hero)).not.toContain("hidden");
  });
});

describe("[HD-MOUNT] a mounted turn from the rider's sheet", () => {
  let horse: SheetActorStandIn;
  let actions: typeof ActionsNs;
  let panels: typeof PanelNs;
  let procedures: typeof ProceduresNs;
  let useItem: Handler;
  let sheetClass: typeof SheetNs.D20ActorSheet;

  beforeAll(async () => {
    actions = await import("../../src/workflows/actions.js");
    panels = await import("../../src/applications/sheets/actions-panel.js");
    procedures = await import("../../src/workflows/procedures.js");
    ({ D20ActorSheet: sheetClass } = (await import("../../src/applications/sheets/actor-sheet.js")) as typeof SheetNs);
    useItem = (sheetClass.DEFAULT_OPTIONS.actions as Record<string, Handler>).useItem!;
  });

  beforeEach(async () => {
    horse = new SheetActorStandIn(
      "horse",
      "Riding Horse",
      hdActor({ kind: "npc", size: "large", speed: 80, abilities: scores({ str: 4 }) }),
    );
    const hooves = { usage: "atWill", recharge: 0, used: false, uses: { spent: 0, max: 1 } };
    horse.items.add(new PowerItemStandIn("hooves", "Hooves", hooves, power({ damage: "1d6" })));
    combat = new CombatStandIn(
      2,
      [
        new CombatantStandIn("c-hero", hero),
        new CombatantStandIn("c-horse", horse),
        new CombatantStandIn("c-orc", orc, false, "gm"),
      ],
      "c-hero",
    );
    setCombat(combat);
    // The rider mounts the horse from its Actions panel (target the mount, willing).
    target(horse);
    await click(hero, "mount", "willing");
    state.targets.clear();
    // The GM's turn automation at the rider's turn start: the horse's set comes with it.
    await actions.resetActionsAtTurnStart(combat.list[0]!, combat);
  });

  const horseLeft = () => left(1);
  const riderPanel = () => panels.actionsPanelContext(hundredDungeons, procedures.sheetActionsInput(hero as never));

  it("[SYS-ACTIONS] [HD-MOUNT] the panel lists only the procedures open to the creature: mounted, the rider is offered Dismount and no Mount; on foot, the horse the reverse; neither is offered Escape, Stand Up or the readied action", () => {
    const ids = (a: SheetActorStandIn) =>
      panels.actionsPanelContext(hundredDungeons, procedures.sheetActionsInput(a as never)).procedures.map((p) => p.id);
    const rider = ids(hero);
    expect(rider).toContain("dismount");
    expect(rider).not.toContain("mount");
    const onFoot = ids(horse);
    expect(onFoot).toContain("mount");
    expect(onFoot).not.toContain("dismount");
    for (const shut of ["escape", "standUp", "readiedAction"]) {
      expect(rider).not.toContain(shut);
      expect(onFoot).not.toContain(shut);
    }
    // the ones every creature may take stay
    for (const open of ["dash", "dodge", "disengage", "grapple", "hide"]) expect(rider).toContain(open);
  });

  it("[HD-MOUNT] the rider's Actions panel lists the horse's actions (one action or quick action, its reaction) and what it may have it do: Dash, Disengage, Dodge, its Hooves", () => {
    expect(effectOf(hero, "mounted")).toBeDefined();
    const [mount, ...others] = riderPanel().controlled;
    expect(others).toEqual([]);
    expect(mount).toMatchObject({ uuid: horse.uuid, name: "Riding Horse", capped: 1, mayAct: true });
    expect(mount!.rows.map((r) => [r.key, r.left])).toEqual([
      ["quick", 2],
      ["reaction", 1],
    ]);
    expect(mount!.procedures.map((p) => p.id)).toEqual(["dash", "disengage", "dodge"]);
    expect(mount!.attacks).toEqual([{ id: "hooves", name: "Hooves" }]);
    // Rendered inside the panel, each control names the horse it acts for.
    const html = createTemplateRenderer().render("templates/actor/actions-panel.hbs", riderPanel());
    expect(html).toContain(`data-procedure-id="dash" data-controlled-uuid="${horse.uuid}"`);
    expect(html).toContain(`data-item-id="hooves" data-controlled-uuid="${horse.uuid}"`);
  });

  it("[HD-MOUNT] the rider has the horse Dash from its own panel: the horse's action is spent (80 ft doubled), the rider's stay; a second action is over the horse's cap", async () => {
    await useProcedure.call(
      { document: hero, d20Actor: hero },
      { shiftKey: false },
      clickTarget({ procedureId: "dash", controlledUuid: horse.uuid }),
    );
    expect(horseLeft()).toMatchObject({ quick: 0 });
    expect(left(0)).toMatchObject({ quick: 2 });
    expect(state.warnings).toEqual([]);
    expect(JSON.stringify(state.messages.at(-1)?.data)).toContain("160");
    await useProcedure.call(
      { document: hero, d20Actor: hero },
      { shiftKey: false },
      clickTarget({ procedureId: "dodge", controlledUuid: horse.uuid }),
    );
    expect(state.warnings).toEqual(["Riding Horse may take only one action this turn (spent anyway)."]);
    expect(statusesOf(horse)).toContain("dodging");
  });

  it("[HD-MOUNT] the rider attacks with the horse's Hooves from its panel: the horse rolls (Str 4 + 10 = 14 against the orc's 12) and its action is spent, not the rider's", async () => {
    target(orc);
    standInAttackFaces.push(10, 3);
    await useItem.call(
      sheetInstance(sheetClass, hero),
      { shiftKey: true },
      clickTarget({ itemId: "hooves", controlledUuid: horse.uuid }),
    );
    const card = attackCard();
    expect(card.targets[0]!.outcome).toMatchObject({ result: "hit", total: 14 });
    expect(horseLeft()).toMatchObject({ quick: 0 });
    expect(left(0)).toMatchObject({ quick: 2 });
  });

  it("[HD-MOUNT] a creature that is not the rider's mount is not acted for: a control naming the orc uses the rider itself", async () => {
    expect(procedures.controlledActor(hero as never, orc.uuid)).toBeNull();
    await useProcedure.call(
      { document: hero, d20Actor: hero },
      { shiftKey: false },
      clickTarget({ procedureId: "dodge", controlledUuid: orc.uuid }),
    );
    expect(statusesOf(orc)).toEqual([]);
    expect(statusesOf(hero)).toContain("dodging");
  });
});

describe("Hundred Dungeons actions and quick actions from the Actions panel", () => {
  const sword = () => new ItemStandIn("weapon", "Shortsword", power(), weapon({ name: "Shortsword" }));
  /** `attacker`'s shortsword at `foe` with recorded faces: the card's outcome against it. */
  const swing = async (attacker: SheetActorStandIn, foe: SheetActorStandIn, ...faces: number[]) => {
    target(foe);
    standInAttackFaces.push(...faces);
    await attack.rollAttack(attacker as never, sword() as never, { fastForward: true });
    return attackCard().targets[0]!.outcome;
  };
  /** On its own turn, `ally` hides in cover from the orc and the goblin with recorded faces. */
  const allyHides = async (ally: SheetActorStandIn, ...faces: number[]) => {
    combat.current = "c-ally";
    state.targets.clear();
    standInAttackFaces.push(...faces);
    await click(ally, "hide", "cover");
  };

  it("[HD-ACTIONS] Help: the hero's action puts a helped effect on its ally until the hero's next turn, and the ally's attack is mighty", async () => {
    const ally = new SheetActorStandIn("ally", "Bran", hdActor({ abilities: scores({ str: 2 }) }));
    combat.list.push(new CombatantStandIn("c-ally", ally));
    target(ally);
    await click(hero, "help", "attack");
    const help = effectOf(ally, "helpedAttack");
    expect(help).toBeDefined();
    const data = (help!.flags["d20-combat"] as { effect: { sourceCombatantId: string; duration: string } }).effect;
    expect(data).toMatchObject({ sourceCombatantId: "c-hero", duration: "startOfNextTurn" });
    // An action: both quick actions of the hero's turn.
    expect(left()).toMatchObject({ quick: 0 });
    expect(await swing(ally, orc, 4, 15, 3)).toMatchObject({ mode: "mighty", natural: 15 });
    // Help was for an attack, so the ally's Hide (a Dexterity roll) is not mighty: one die, 3, hides from no one.
    await allyHides(ally, 3, 16);
    expect(statusesOf(ally).filter((s) => s === "hidden")).toHaveLength(0);
    expect(standInAttackFaces).toEqual([16]);
  });

  it("[HD-ACTIONS] Help chosen for an ability roll: the ally's Hide (Dexterity) is mighty, its attack is not", async () => {
    const ally = new SheetActorStandIn("ally", "Bran", hdActor({ abilities: scores({ str: 2 }) }));
    combat.list.push(new CombatantStandIn("c-ally", ally));
    target(ally);
    await click(hero, "help", "ability");
    expect(statusesOf(ally)).toEqual(["helpedAbility"]);
    // One die: 4 + 2 = 6 against the orc's 12, a miss (the 15 is not rolled).
    expect(await swing(ally, orc, 4, 15)).toMatchObject({ mode: "normal", natural: 4, result: "miss" });
    standInAttackFaces.length = 0;
    // 3 and 16, the higher kept: 16 in cover beats the orc's 13 and the goblin's 10.
    await allyHides(ally, 3, 16);
    expect(statusesOf(ally).filter((s) => s === "hidden")).toHaveLength(2);
  });

  it("[HD-ACTIONS] Help chosen for a spell: the ally's spell attack (weaponless, Intelligence) is mighty, its sword attack is not", async () => {
    const ally = new SheetActorStandIn("ally", "Bran", hdActor({ abilities: scores({ str: 2, int: 2 }) }));
    combat.list.push(new CombatantStandIn("c-ally", ally));
    target(ally);
    await click(hero, "help", "spell");
    expect(statusesOf(ally)).toEqual(["helpedSpell"]);
    expect(await swing(ally, orc, 4, 15)).toMatchObject({ mode: "normal", natural: 4 });
    standInAttackFaces.length = 0;
    target(orc);
    standInAttackFaces.push(4, 15, 3);
    const bolt = new ItemStandIn(
      "power",
      "Fire Bolt",
      power({ attackAbility: "int", range: "ranged", damage: "1d10" }),
    );
    await attack.rollAttack(ally as never, bolt as never, { fastForward: true });
    expect(attackCard().targets[0]!.outcome).toMatchObject({ mode: "mighty", natural: 15 });
  });

  it("[HD-QUICK] Dodge: a quick action; until the hero's next turn the orc's attack against it is weak and its Dexterity roll (a Hide) mighty", async () => {
    await click(hero, "dodge");
    expect(statusesOf(hero)).toEqual(["dodging"]);
    expect(left()).toMatchObject({ quick: 1 });
    // 15 and 4, the lower kept: 4 + 3 misses the hero's 12 (no damage rolled).
    expect(await swing(orc, hero, 15, 4)).toMatchObject({ mode: "weak", natural: 4, result: "miss" });
    // Hide is a Dexterity roll: 3 and 16, the higher kept, + 3 = 19 in cover beats both observers.
    state.targets.clear();
    standInAttackFaces.push(3, 16);
    await click(hero, "hide", "cover");
    expect(statusesOf(hero).filter((s) => s === "hidden")).toHaveLength(2);
  });

  it("[HD-QUICK] [HD-COND] Dodge is lost while incapacitated: a stunned dodger's attackers roll as usual", async () => {
    await click(hero, "dodge");
    hero.source.conditions = ["stunned"];
    // Stunned makes attacks against it mighty; the dodge no longer weakens them.
    expect(await swing(orc, hero, 15, 4, 3)).toMatchObject({ mode: "mighty", natural: 15 });
  });

  it("[HD-ACTIONS] a slow spell: the caster concentrates and takes the action three rounds running; the third casts it", async () => {
    await click(hero, "castSlowSpell");
    const tally = () =>
      (effectOf(hero, "concentrating")?.flags["d20-combat"] as { effect: { tally: number } } | undefined)?.effect.tally;
    expect(tally()).toBe(1);
    combat.round = 3;
    await click(hero, "castSlowSpell");
    expect(tally()).toBe(2);
    combat.round = 4;
    await click(hero, "castSlowSpell");
    expect(effectOf(hero, "concentrating")).toBeUndefined();
  });

  it("[HD-ACTIONS] [HD-REACT] Ready: the action readies a reaction; taking the readied action spends the reaction and ends it", async () => {
    await click(hero, "ready", "action");
    expect(statusesOf(hero)).toEqual(["readied"]);
    combat.current = "c-orc";
    await click(hero, "readiedAction");
    expect(statusesOf(hero)).toEqual([]);
    expect(left()).toMatchObject({ reaction: 0 });
  });
});

describe("Hundred Dungeons conditions on the Actions panel's rolls", () => {
  /** The goblin hides from the hero: 15 in cover beats the hero's Wisdom 0 + 10. */
  async function goblinHides(): Promise<void> {
    target(hero);
    standInAttackFaces.push(15);
    await click(goblin, "hide", "cover");
    expect(statusesOf(goblin)).toEqual(["hidden"]);
    state.targets.clear();
  }

  it.each([
    ["blinded", "creatureSight", "creatureHearing"],
    ["deafened", "creatureHearing", "creatureSight"],
  ])(
    "[HD-COND] [HD-ACTIONS] %s, a Search by the lost sense (%s) fails outright: 19 does not find the hidden goblin; by the other (%s) 19 finds it",
    async (condition, lost, kept) => {
      goblin.isOwner = true;
      await goblinHides();
      hero.source.conditions = [condition];
      standInAttackFaces.push(19);
      await click(hero, "search", lost);
      expect(statusesOf(goblin)).toEqual(["hidden"]);
      standInAttackFaces.push(19);
      await click(hero, "search", kept);
      expect(statusesOf(goblin)).toEqual([]);
    },
  );

  it("[HD-COND] frightened, the hero's grapple is weak while it sees the source (15 and 5: 5 + 3 = 8 fails against 14); blinded, a blind unarmed attack is weak too (15 and 10: 10 + 3 = 13 fails)", async () => {
    orc.isOwner = true;
    target(orc);
    hero.source.conditions = ["frightened"];
    standInAttackFaces.push(15, 5);
    await click(hero, "grapple");
    expect(statusesOf(orc)).toEqual([]);
    hero.source.conditions = ["frightened", "blinded"];
    standInAttackFaces.push(15, 10);
    await click(hero, "grapple");
    expect(statusesOf(orc)).toEqual([]);
  });

  it("[HD-COND] charmed: the charmer's Charisma attack against the charmed hero is mighty; its sword is not", async () => {
    hero.addEffect("ch", "Charm", { sourceCombatantId: "c-orc", duration: "permanent" }).statuses.add("charmed");
    target(hero);
    state.dialogAnswer = {};
    const word = new ItemStandIn(
      "power",
      "Beguiling Word",
      power({ attackAbility: "cha", range: "ranged", damage: "1d6" }),
    );
    standInAttackFaces.push(4, 16, 3);
    await attack.rollAttack(orc as never, word as never, { fastForward: true });
    expect(attackCard().targets[0]!.outcome).toMatchObject({ mode: "mighty", natural: 16 });
    standInAttackFaces.length = 0;
    standInAttackFaces.push(4, 3);
    await attack.rollAttack(orc as never, new ItemStandIn("weapon", "Sword", power(), weapon()) as never, {
      fastForward: true,
    });
    expect(attackCard().targets[0]!.outcome).toMatchObject({ mode: "normal", natural: 4 });
  });
});
