/**
 * [SYS-MONSTERS] Elevation and auras, pure (src/engine/geometry.ts, src/engine/scene.ts,
 * src/engine/auras.ts): a token's elevation (in squares) is a third axis of the distance every
 * positional rule reads — reach and provoking ([HD-PROVOKE]), engagement ([13A-ENGAGE]), flanking
 * ([FF-CA]), creature cover ([HD-COVER]) — and auras hold the creatures within their radius by the
 * same measure, by side and HP, at the moment they say. Grid frame as test/engine/geometry.test.ts.
 */
import { describe, expect, it } from "vitest";
import {
  flanks,
  inTheWayByHeight,
  squaresBetween,
  verticalGap,
  withinReach,
  type Battlefield,
  type FieldToken,
} from "../../src/engine/geometry.js";
import { reachHolding, reachLeft, traceCover } from "../../src/engine/scene.js";
import { readAge13Bands } from "../../src/engine/rulesets/13th-age/scene.js";
import {
  auraModifier,
  auraSteps,
  aurasEntered,
  aurasOn,
  aurasWithin,
  type AuraCreature,
  type AuraSpec,
} from "../../src/engine/auras.js";
import { defaultActorSource } from "../../src/engine/common.js";
import fc from "../support/seeded-fc.js";

const tok = (id: string, x: number, y: number, over: Partial<FieldToken> = {}): FieldToken => ({
  id,
  x,
  y,
  size: 1,
  standing: "enemy",
  ...over,
});

describe("[SYS-MONSTERS] elevation is a third axis of distance", () => {
  it("[SYS-MONSTERS] a flier 10 ft (2 squares) above a Medium creature's square is one square off: out of a 1-square reach, within a 2-square one", () => {
    const ground = tok("g", 0, 0);
    const flier = tok("f", 0, 0, { elevation: 2 });
    expect(verticalGap(ground, flier)).toBe(1);
    expect(squaresBetween(ground, flier)).toBe(1);
    expect(withinReach(ground, flier, 1)).toBe(false);
    expect(withinReach(ground, flier, 2)).toBe(true);
    // 5 ft up it still touches the top of the Medium creature's square: adjacent.
    expect(withinReach(ground, tok("f5", 1, 0, { elevation: 1 }), 1)).toBe(true);
  });

  it("[SYS-MONSTERS] a Large creature (2 squares tall) reaches a flier 10 ft up next to it; the larger of the three gaps counts", () => {
    const ogre = tok("o", 0, 0, { size: 2 });
    expect(withinReach(ogre, tok("f", 2, 0, { elevation: 2 }), 1)).toBe(true);
    expect(squaresBetween(tok("a", 0, 0), tok("b", 3, 0, { elevation: 6 }))).toBe(5);
  });

  it("[SYS-MONSTERS] a burrower 10 ft underground is out of a surface creature's reach; absent elevation is the ground", () => {
    expect(withinReach(tok("g", 0, 0), tok("b", 0, 0, { elevation: -2 }), 1)).toBe(false);
    expect(withinReach(tok("g", 0, 0), tok("b", 1, 0, { elevation: -1 }), 1)).toBe(true);
    expect(verticalGap(tok("a", 0, 0), tok("b", 5, 5))).toBe(0);
  });

  it("[SYS-MONSTERS] the gap is symmetric and never negative (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10, max: 10 }),
        fc.integer({ min: -10, max: 10 }),
        fc.integer({ min: 1, max: 3 }),
        (a, b, s) => {
          const x = tok("x", 0, 0, { elevation: a, size: s });
          const y = tok("y", 0, 0, { elevation: b });
          return verticalGap(x, y) === verticalGap(y, x) && verticalGap(x, y) >= 0;
        },
      ),
    );
  });

  it("[HD-PROVOKE] a flier rising straight up out of a foe's reach leaves it; one passing 15 ft over it never was in it", () => {
    const field: Battlefield = {
      walls: [],
      tokens: [tok("hero", 5, 5, { standing: "self" }), tok("orc", 6, 5)],
    };
    expect(reachLeft(field, "hero", { x: 5, y: 5, elevation: 3 }, ["orc"])).toEqual(["orc"]);
    expect(reachLeft(field, "hero", { x: 5, y: 5, elevation: 1 }, ["orc"])).toEqual([]);
    const high: Battlefield = {
      walls: [],
      tokens: [tok("hero", 5, 5, { standing: "self", elevation: 3 }), tok("orc", 6, 5)],
    };
    expect(reachHolding(high, "hero", ["orc"])).toEqual([]);
    expect(reachLeft(high, "hero", { x: 9, y: 5 }, ["orc"])).toEqual([]);
  });

  it("[13A-ENGAGE] a flier hovering 15 ft above an enemy next to it is not engaged with it: nearby", () => {
    const bands = readAge13Bands({
      field: { walls: [], tokens: [tok("hero", 0, 0, { standing: "self" }), tok("harpy", 1, 0, { elevation: 3 })] },
      moverId: "hero",
      moveSquares: 6,
    });
    expect(bands).toEqual({ harpy: "nearby" });
  });

  it("[FF-CA] an ally on the ground does not flank a flier 10 ft up with an attacker flying beside it", () => {
    const target = tok("t", 5, 5, { elevation: 2 });
    const attacker = tok("a", 4, 5, { elevation: 2 });
    expect(flanks(attacker, tok("ally", 6, 5), target)).toBe(false);
    expect(flanks(attacker, tok("ally", 6, 5, { elevation: 2 }), target)).toBe(true);
  });

  it("[HD-COVER] a creature on the ground between two fliers is not in the way; between a ground attacker and a low flier it is", () => {
    const ogre = tok("c", 2, 0);
    expect(inTheWayByHeight(ogre, tok("a", 0, 0, { elevation: 3 }), tok("t", 5, 0, { elevation: 3 }))).toBe(false);
    expect(inTheWayByHeight(ogre, tok("a", 0, 0), tok("t", 5, 0, { elevation: 3 }))).toBe(true);
    const field = (elevation: number): Battlefield => ({
      walls: [],
      tokens: [
        tok("a", 0, 0, { standing: "self", elevation }),
        tok("t", 4, 0, { elevation }),
        tok("c1", 2, 0, { standing: "ally" }),
      ],
    });
    const input = (f: Battlefield) => ({
      field: f,
      attackerId: "a",
      targetId: "t",
      range: "ranged" as const,
      attackerSeesTarget: true,
      targetSeesAttacker: true,
      options: {},
    });
    expect(traceCover(input(field(0)), "all").blocked).toBeGreaterThan(0);
    expect(traceCover(input(field(4)), "all").blocked).toBe(0);
  });
});

const aura = (over: Partial<AuraSpec> = {}): AuraSpec => ({
  name: "Fire Shield",
  radius: 1,
  who: "enemies",
  when: "turnStart",
  damage: { formula: "5", type: "fire" },
  condition: "",
  modifier: { target: "none", value: 0 },
  belowHp: 0,
  ...over,
});

const creature = (id: string, x: number, y: number, over: Partial<AuraCreature> = {}): AuraCreature => ({
  id,
  actorId: `Actor.${id}`,
  combatantId: `c-${id}`,
  name: id,
  x,
  y,
  size: 1,
  disposition: 1,
  hp: 30,
  auras: [],
  ...over,
});

describe("[SYS-MONSTERS] auras hold creatures by radius, side, HP and moment", () => {
  const imp = creature("imp", 5, 5, { disposition: -1, auras: [aura({ radius: 2 })] });

  it("[SYS-MONSTERS] an enemies' aura 2 holds a hero two squares off at its turn start, not one three off, nor the bearer's ally", () => {
    const near = creature("hero", 7, 5);
    const far = creature("far", 8, 5);
    const ally = creature("goblin", 6, 5, { disposition: -1 });
    const all = [imp, near, far, ally];
    expect(aurasOn(all, "hero", "turnStart").map((h) => h.bearer.id)).toEqual(["imp"]);
    expect(aurasOn(all, "far", "turnStart")).toEqual([]);
    expect(aurasOn(all, "goblin", "turnStart")).toEqual([]);
    expect(aurasOn(all, "imp", "turnStart")).toEqual([]);
    // A turn-start aura does nothing on an entering.
    expect(aurasOn(all, "hero", "enter")).toEqual([]);
  });

  it("[SYS-MONSTERS] an allies' aura touches the bearer's side only, an all aura everyone but the bearer, neutral creatures only with all", () => {
    const banner = creature("banner", 0, 0, {
      disposition: -1,
      auras: [aura({ who: "allies" }), aura({ who: "all", name: "Stench" })],
    });
    const friend = creature("orc", 1, 0, { disposition: -1 });
    const hero = creature("hero", 0, 1);
    const cow = creature("cow", 1, 1, { disposition: 0 });
    const all = [banner, friend, hero, cow];
    expect(aurasOn(all, "orc", "turnStart").map((h) => h.aura.name)).toEqual(["Fire Shield", "Stench"]);
    expect(aurasOn(all, "hero", "turnStart").map((h) => h.aura.name)).toEqual(["Stench"]);
    expect(aurasOn(all, "cow", "turnStart").map((h) => h.aura.name)).toEqual(["Stench"]);
    expect(aurasOn(all, "banner", "turnStart")).toEqual([]);
  });

  it("[SYS-MONSTERS] 'enemies below 24 HP are afraid': the HP limit picks who it touches", () => {
    const dread = creature("dread", 0, 0, {
      disposition: -1,
      auras: [aura({ when: "within", damage: { formula: "", type: "untyped" }, condition: "frightened", belowHp: 24 })],
    });
    const hurt = creature("hurt", 1, 0, { hp: 23 });
    const fine = creature("fine", 0, 1, { hp: 24 });
    expect(aurasOn([dread, hurt, fine], "hurt", "turnStart")).toHaveLength(1);
    expect(aurasOn([dread, hurt, fine], "fine", "turnStart")).toEqual([]);
  });

  it("[SYS-MONSTERS] a flier 15 ft over the bearer's neighbour square is out of its aura 1; elevation counts as for reach", () => {
    const flier = creature("hero", 6, 5, { elevation: 3 });
    const shield = creature("imp", 5, 5, { disposition: -1, auras: [aura()] });
    expect(aurasOn([shield, flier], "hero", "turnStart")).toEqual([]);
    expect(aurasOn([shield, { ...flier, elevation: 1 }], "hero", "turnStart")).toHaveLength(1);
  });

  it("[SYS-MONSTERS] a move into an entering aura is caught; a move that stays inside, or a bearer stepping up to someone, is not", () => {
    const thorns = creature("briar", 5, 5, { disposition: -1, auras: [aura({ when: "enter", name: "Thorns" })] });
    const outside = creature("hero", 8, 5);
    const inside = { ...outside, x: 6 };
    expect(aurasEntered([thorns, outside], [thorns, inside], "hero").map((h) => h.aura.name)).toEqual(["Thorns"]);
    expect(aurasEntered([thorns, inside], [thorns, { ...inside, y: 6 }], "hero")).toEqual([]);
    const moved = { ...thorns, x: 7 };
    expect(aurasEntered([thorns, outside], [moved, outside], "briar")).toEqual([]);
  });

  it("[SYS-MONSTERS] a while-within modifier is read from where the creatures stand, summed by what it adds to", () => {
    const gloom = creature("gloom", 0, 0, {
      disposition: -1,
      auras: [
        aura({
          when: "within",
          damage: { formula: "", type: "untyped" },
          modifier: { target: "attacks", value: -2 },
          name: "Gloom",
        }),
        aura({
          when: "within",
          damage: { formula: "", type: "untyped" },
          modifier: { target: "defenses", value: -1 },
          name: "Rot",
        }),
      ],
    });
    const hero = creature("hero", 1, 0);
    const within = aurasWithin([gloom, hero]).get("hero") ?? [];
    expect(auraModifier(within, "attacks")).toEqual({ value: -2, names: ["Gloom"] });
    expect(auraModifier(within, "defenses")).toEqual({ value: -1, names: ["Rot"] });
    expect(aurasWithin([gloom, { ...hero, x: 3 }]).size).toBe(0);
  });

  it("[SYS-MONSTERS] an aura hit is a typed damage step (no attack) then its condition until the start of the touched creature's next turn", () => {
    const hits = aurasOn(
      [creature("imp", 0, 0, { disposition: -1, auras: [aura({ condition: "dazed" })] }), creature("hero", 1, 0)],
      "hero",
      "turnStart",
    );
    const steps = auraSteps("Actor.hero", hits, [5]);
    expect(steps.map((s) => s.kind)).toEqual(["damage", "addEffect"]);
    const [damage, effect] = steps;
    if (damage?.kind !== "damage" || effect?.kind !== "addEffect") throw new Error("steps");
    expect(damage.packet).toMatchObject({ amount: 5, types: ["fire"], fromAttack: false, natural: null });
    expect(damage.data).toEqual({ effect: "Fire Shield", bearer: "imp" });
    expect(effect.effect).toMatchObject({
      name: "Fire Shield",
      sourceCombatantId: "c-imp",
      duration: "startOfNextTurn",
      turnOf: "bearer",
      statuses: ["dazed"],
    });
    // An untyped aura deals untyped damage; a blank formula deals none.
    const untyped = auraSteps(
      "Actor.hero",
      [{ ...hits[0]!, aura: aura({ damage: { formula: "3", type: "untyped" } }) }],
      [3],
    );
    expect(untyped[0]?.kind === "damage" && untyped[0].packet.types).toEqual([]);
    expect(
      auraSteps("Actor.hero", [{ ...hits[0]!, aura: aura({ damage: { formula: "", type: "fire" } }) }], [null]),
    ).toEqual([]);
  });

  it("[SYS-MONSTERS] an actor made before auras existed has none (the field is optional)", () => {
    expect(defaultActorSource().auras ?? []).toEqual([]);
  });
});
