/**
 * The battlefield read from plain grids ([SYS-CANVAS]): FFd20 cover from corner lines exactly as the
 * text states each case ([FF-COVER]: one, two, three, four lines blocked; edge-running lines; area
 * origin; reach through terrain; enemies versus allies for ranged, melee and area attacks), sight
 * ([FF-CONCEAL], [FF-CA], [FF-INVIS], [HD-HIDE], [WD-FLAT]), flanking, Hundred Dungeons cover and
 * shooting within reach ([HD-COVER], [HD-RANGED]), and properties of the tracing itself.
 *
 * Grid frame: square (x, y) spans [x, x+1] × [y, y+1]. The attacker stands on (0, 0), the target
 * five squares east on (5, 0) unless a case says otherwise.
 */
import { describe, expect, it } from "vitest";
import {
  bestCornerTrace,
  flanks,
  squaresBetween,
  wallBlocks,
  type FieldToken,
  type GridPoint,
  type WallSegment,
} from "../../src/engine/geometry.js";
import { getRuleset } from "../../src/engine/registry.js";
import {
  areaOf,
  canAct,
  canSee,
  closeBurstTokens,
  reachHolding,
  reachLeft,
  reachLost,
  type SceneAttackInput,
  type SceneReading,
} from "../../src/engine/scene.js";
import { defaultActorSource } from "../../src/engine/common.js";
import type { ActorSource, RangeKind, RulesetId } from "../../src/engine/types.js";
import fc from "../support/seeded-fc.js";

const wall = (x0: number, y0: number, x1: number, y1: number, blocksSight = true): WallSegment => ({
  a: { x: x0, y: y0 },
  b: { x: x1, y: y1 },
  blocksMovement: true,
  blocksSight,
});
const token = (id: string, x: number, y: number, standing: FieldToken["standing"], size = 1): FieldToken => ({
  id,
  x,
  y,
  size,
  standing,
});
const ATTACKER = token("A", 0, 0, "self");
const TARGET = token("T", 5, 0, "enemy");

interface Case {
  walls?: WallSegment[];
  others?: FieldToken[];
  terrain?: GridPoint[];
  range?: RangeKind;
  origin?: GridPoint;
  target?: FieldToken;
  attacker?: FieldToken;
  sees?: boolean | null;
  seen?: boolean | null;
  unseenBy?: string[];
  options?: Record<string, boolean>;
}

function input(c: Case): SceneAttackInput {
  return {
    field: {
      walls: c.walls ?? [],
      tokens: [c.attacker ?? ATTACKER, c.target ?? TARGET, ...(c.others ?? [])],
      terrain: c.terrain ?? [],
    },
    attackerId: (c.attacker ?? ATTACKER).id,
    targetId: (c.target ?? TARGET).id,
    range: c.range ?? "ranged",
    origin: c.origin ?? null,
    attackerSeesTarget: c.sees ?? null,
    targetSeesAttacker: c.seen ?? null,
    ...(c.unseenBy ? { unseenBy: c.unseenBy } : {}),
    options: c.options ?? {},
  };
}

function read(id: RulesetId, c: Case): SceneReading {
  const r = getRuleset(id);
  if (!r.readScene) throw new Error(`${id} reads no scene`);
  return r.readScene(input(c));
}
const ff = (c: Case) => read("ffd20", c);
const hd = (c: Case) => read("hundred-dungeons", c);
const blockedOf = (r: SceneReading) => r.lines.filter((l) => l.blockedBy !== null).length;

describe("[FF-COVER] cover from the attacker's best corner to the corners of one target square", () => {
  it("[FF-COVER] nothing in the way: no cover, four clear lines", () => {
    const r = ff({});
    expect(r.situation.cover).toBe("none");
    expect(r.lines).toHaveLength(4);
    expect(blockedOf(r)).toBe(0);
    expect(r.notes).toEqual([]);
  });

  it("[FF-COVER] one line blocked by a wall: cover (-2), with the reason", () => {
    // A wall running down to the middle of the target's west edge cuts only the line to its far top corner.
    const r = ff({ walls: [wall(5, -10, 5, 0.5)] });
    expect(blockedOf(r)).toBe(1);
    expect(r.situation.cover).toBe("partial");
    expect(r.notes).toEqual([
      {
        field: "cover",
        value: "partial",
        reason: "D20C.Scene.Reason.Cover",
        data: { blocked: 1, lines: 4 },
        by: ["wall"],
      },
    ]);
  });

  it("[FF-COVER] two lines blocked by a low wall: cover", () => {
    const r = ff({ walls: [wall(4.5, -10, 4.5, 0.5)] });
    expect(blockedOf(r)).toBe(2);
    expect(r.situation.cover).toBe("partial");
  });

  it("[FF-COVER] three lines blocked with line of effect (an arrow slit): superior cover (-5)", () => {
    const r = ff({ walls: [wall(4.5, -10, 4.5, 0.3), wall(4.5, 0.7, 4.5, 10)] });
    expect(blockedOf(r)).toBe(3);
    expect(r.situation.cover).toBe("superior");
    expect(r.notes[0]).toMatchObject({ reason: "D20C.Scene.Reason.SuperiorCover", data: { blocked: 3 } });
  });

  it("[FF-COVER] four lines blocked but line of effect kept (a window): superior cover", () => {
    const r = ff({ walls: [wall(4.5, -10, 4.5, 10, false)] });
    expect(blockedOf(r)).toBe(4);
    expect(r.situation.cover).toBe("superior");
  });

  it("[FF-COVER] four lines blocked by a solid wall: no line of effect, the target cannot be hit", () => {
    const r = ff({ walls: [wall(4.5, -10, 4.5, 10)] });
    expect(r.situation.cover).toBe("total");
    expect(r.notes[0]).toMatchObject({ reason: "D20C.Scene.Reason.NoLineOfEffect" });
  });

  it("[FF-COVER] the attacker chooses the corner: a wall that blocks lines from one corner only gives no cover", () => {
    // A short wall just south-east of the attacker cuts the lines from its bottom corners, not the top ones.
    const r = ff({ walls: [wall(1.5, 0.6, 1.5, 3)] });
    expect(r.situation.cover).toBe("none");
    expect(r.lines.every((l) => l.from.y === 0)).toBe(true);
  });

  it("[FF-COVER] the attacker chooses the target's square: a large target's exposed square counts", () => {
    const big = token("T", 5, 0, "enemy", 2);
    // The wall screens the target's northern squares only.
    const r = ff({ target: big, walls: [wall(4.5, -10, 4.5, 1)] });
    expect(r.situation.cover).toBe("none");
    expect(r.lines.every((l) => l.to.y >= 1)).toBe(true);
  });

  it("[FF-COVER] a line that runs along the edge of an enemy's square is not blocked", () => {
    // Two enemies stand in the row north of the line of fire; the lines along y = 0 graze their edges.
    const others = [token("E1", 2, -1, "enemy"), token("E2", 3, -1, "enemy")];
    const r = ff({ others });
    expect(blockedOf(r)).toBe(0);
    expect(r.situation.cover).toBe("none");
  });

  it("[FF-COVER] a line that runs along a wall is not blocked", () => {
    expect(wallBlocks({ x: 0, y: 0 }, { x: 6, y: 0 }, [wall(2, 0, 4, 0)], () => true)).toBe(false);
    expect(wallBlocks({ x: 0, y: 0 }, { x: 6, y: 1 }, [wall(2, 0, 4, 0)], () => true)).toBe(false);
    expect(wallBlocks({ x: 0, y: 1 }, { x: 6, y: -1 }, [wall(2, 0, 4, 0)], () => true)).toBe(true);
  });

  it("[FF-COVER] a line slipping through the joint of two walls is blocked", () => {
    const joint = [wall(3, -5, 3, 0.5), wall(3, 0.5, 3, 5)];
    expect(wallBlocks({ x: 0, y: 0.5 }, { x: 6, y: 0.5 }, joint, () => true)).toBe(true);
    expect(wallBlocks({ x: 0, y: 0.5 }, { x: 6, y: 0.5 }, [wall(3, -5, 3, 0.5)], () => true)).toBe(false);
  });

  describe("[FF-COVER] creatures in the way", () => {
    const between = [token("E", 2, 0, "enemy")];
    it("[FF-COVER] an enemy in the way of a ranged attack gives cover", () => {
      const r = ff({ others: between });
      expect(r.situation.cover).toBe("partial");
      expect(r.notes[0]).toMatchObject({ by: ["creature"] });
    });
    it("[FF-COVER] an ally of the attacker never gives cover to its enemies", () => {
      expect(ff({ others: [token("E", 2, 0, "ally")] }).situation.cover).toBe("none");
    });
    it("[FF-COVER] nobody gives cover against a melee attack", () => {
      const target = token("T", 2, 0, "enemy");
      expect(ff({ range: "melee", target, others: [token("E", 1, 0, "enemy")] }).situation.cover).toBe("none");
    });
    it("[FF-COVER] nobody gives cover against a close attack", () => {
      expect(ff({ range: "close", others: between }).situation.cover).toBe("none");
    });
    it("[FF-COVER] nobody gives cover against an area attack", () => {
      expect(ff({ range: "area", origin: { x: 1, y: 0 }, others: between }).situation.cover).toBe("none");
    });
  });

  it("[FF-COVER] an area attack judges cover from its origin square, not from the attacker", () => {
    const walls = [wall(2, -10, 2, 10)];
    // A wall between attacker and target but not between the origin square and the target: no cover.
    const clear = ff({ range: "area", origin: { x: 4, y: 3 }, walls });
    expect(clear.situation.cover).toBe("none");
    expect(clear.lines.every((l) => l.from.x >= 4 && l.from.y >= 3)).toBe(true);
    // The same wall judged from the attacker (a close attack) walls the target off.
    expect(ff({ range: "close", walls }).situation.cover).toBe("total");
    // A wall between the origin and the target gives cover though the attacker has a clear view.
    const screened = ff({ range: "area", origin: { x: 3, y: 3 }, walls: [wall(4.5, 0.5, 4.5, 10, false)] });
    expect(screened.situation.cover).not.toBe("none");
  });

  it("[FF-COVER] a reach attack through a square of terrain gives the target cover", () => {
    // The ogre two squares away attacks past a small pillar in the square between.
    const target = token("T", 2, 0, "enemy");
    const r = ff({ range: "melee", target, terrain: [{ x: 1, y: 0 }] });
    expect(r.situation.cover).toBe("partial");
    expect(r.notes[0]).toMatchObject({ by: ["terrain"] });
    // Without the pillar the same reach attack is clear.
    expect(ff({ range: "melee", target }).situation.cover).toBe("none");
  });
});

describe("[FF-CONCEAL] [FF-CA] [FF-INVIS] sight and flanking in FFd20", () => {
  it("[FF-CONCEAL] an attacker who cannot see the target: total concealment for melee and ranged", () => {
    expect(ff({ sees: false }).situation.concealment).toBe("total");
    expect(ff({ sees: false, range: "melee" }).notes.map((n) => n.field)).toContain("concealment");
    expect(ff({ sees: false, range: "area", origin: { x: 4, y: 0 } }).situation.concealment).toBeUndefined();
    expect(ff({ sees: true }).situation.concealment).toBe("none");
    expect(ff({ sees: null }).situation.concealment).toBe("none");
  });

  it("[FF-INVIS] a target that cannot see the attacker grants combat advantage", () => {
    const r = ff({ seen: false });
    expect(r.situation.combatAdvantage).toBe(true);
    expect(r.notes).toContainEqual(expect.objectContaining({ reason: "D20C.Scene.Reason.UnseenAttacker" }));
  });

  it("[FF-CA] flanking (an ally directly opposite) grants combat advantage, unless the table turns it off", () => {
    const target = token("T", 1, 0, "enemy");
    const ally = token("B", 2, 0, "ally");
    expect(ff({ range: "melee", target, others: [ally] }).situation.combatAdvantage).toBe(true);
    expect(
      ff({ range: "melee", target, others: [ally], options: { flankingAdvantage: false } }).situation.combatAdvantage,
    ).toBe(false);
    // Not opposite: the ally stands at the target's diagonal.
    expect(ff({ range: "melee", target, others: [token("B", 2, 1, "ally")] }).situation.combatAdvantage).toBe(false);
    // An enemy of the attacker does not flank for it.
    expect(ff({ range: "melee", target, others: [token("B", 2, 0, "enemy")] }).situation.combatAdvantage).toBe(false);
  });

  it("[FF-CA] an ally who cannot act (down, stunned) presses no one: no flank, no combat advantage", () => {
    const target = token("T", 1, 0, "enemy");
    const down: FieldToken = { ...token("B", 2, 0, "ally"), acts: false };
    expect(ff({ range: "melee", target, others: [down] }).situation.combatAdvantage).toBe(false);
    // Another ally who can act, opposite too, still flanks.
    const up = token("C", 2, 0, "ally");
    expect(ff({ range: "melee", target, others: [down, up] }).situation.combatAdvantage).toBe(true);
  });

  it("[FF-CA] a blinded ally cannot see the target it would press: no flank; a seeing ally opposite still flanks", () => {
    const target = token("T", 1, 0, "enemy");
    const blind: FieldToken = { ...token("B", 2, 0, "ally"), sees: false };
    expect(ff({ range: "melee", target, others: [blind] }).situation.combatAdvantage).toBe(false);
    const seeing = token("C", 2, 0, "ally");
    expect(ff({ range: "melee", target, others: [blind, seeing] }).situation.combatAdvantage).toBe(true);
  });

  it("[FF-CA] an ally that the vision test says cannot see the target (invisible to it, darkness) does not flank", () => {
    const target = token("T", 1, 0, "enemy");
    const others = [token("B", 2, 0, "ally")];
    expect(ff({ range: "melee", target, others, unseenBy: ["B"] }).situation.combatAdvantage).toBe(false);
    // The attacker's own sight is another matter: the ally not seeing it is what counts here.
    expect(ff({ range: "melee", target, others, unseenBy: ["A"] }).situation.combatAdvantage).toBe(true);
    const seeing = token("C", 2, 0, "ally");
    expect(ff({ range: "melee", target, others: [...others, seeing], unseenBy: ["B"] }).situation.combatAdvantage).toBe(
      true,
    );
  });

  it("[FF-CA] who can see, by the game: blinded (its status or an effect's) cannot; slowed, stunned and the rest can", () => {
    const ruleset = getRuleset("ffd20");
    const actor = (over: Partial<ActorSource>) => defaultActorSource({ kind: "character", ...over });
    expect(canSee(ruleset, actor({}))).toBe(true);
    expect(canSee(ruleset, actor({ conditions: ["blinded"] }))).toBe(false);
    expect(canSee(ruleset, actor({ conditions: ["slowed", "stunned", "invisible"] }))).toBe(true);
  });

  it("[FF-CA] who can act, by the game: up and no condition taking the actions (stunned, unconscious, dying, dead cannot)", () => {
    const ruleset = getRuleset("ffd20");
    const actor = (over: Partial<ActorSource>) => defaultActorSource({ kind: "character", ...over });
    expect(canAct(ruleset, actor({}))).toBe(true);
    expect(canAct(ruleset, actor({ conditions: ["slowed"] }))).toBe(true);
    expect(canAct(ruleset, actor({ conditions: ["stunned"] }))).toBe(false);
    expect(canAct(ruleset, actor({ conditions: ["unconscious"] }))).toBe(false);
    for (const state of ["unconscious", "dying", "stable", "dead"] as const)
      expect(canAct(ruleset, actor({ state }))).toBe(false);
    expect(canAct(getRuleset("wounds-d20"), actor({ state: "staggered" }))).toBe(true);
  });

  it("[FF-CA] no combat advantage against a target the attacker cannot see", () => {
    const target = token("T", 1, 0, "enemy");
    const r = ff({ range: "melee", target, others: [token("B", 2, 0, "ally")], sees: false, seen: false });
    expect(r.situation.combatAdvantage).toBe(false);
  });

  it("[FF-CA] flanking geometry: opposite sides and opposite corners of a footprint", () => {
    const t = token("T", 1, 1, "enemy");
    expect(flanks(token("A", 0, 1, "self"), token("B", 2, 1, "ally"), t)).toBe(true);
    expect(flanks(token("A", 0, 0, "self"), token("B", 2, 2, "ally"), t)).toBe(true);
    expect(flanks(token("A", 0, 0, "self"), token("B", 2, 0, "ally"), t)).toBe(false);
    const big = token("T", 1, 1, "enemy", 2);
    expect(flanks(token("A", 0, 1, "self"), token("B", 3, 2, "ally"), big)).toBe(true);
    expect(flanks(token("A", 0, 1, "self"), token("B", 4, 2, "ally"), big)).toBe(false);
  });
});

describe("[HD-COVER] [HD-RANGED] [HD-HIDE] Hundred Dungeons from the scene", () => {
  it("[HD-COVER] two of four lines blocked (about half): partial cover; none or one: no cover", () => {
    expect(hd({ walls: [wall(4.5, -10, 4.5, 0.5)] }).situation.cover).toBe("partial");
    expect(hd({ walls: [wall(5, -10, 5, 0.5)] }).situation.cover).toBe("none");
    expect(hd({}).situation.cover).toBe("none");
  });

  it("[HD-COVER] creatures give cover, friend or foe, against any attack", () => {
    expect(hd({ others: [token("E", 2, 0, "ally")] }).situation.cover).toBe("partial");
    const target = token("T", 2, 0, "enemy");
    expect(
      hd({ range: "melee", target, others: [token("E", 1, 0, "neutral", 1)], attacker: token("A", 0, 0, "self") })
        .situation.cover,
    ).toBe("partial");
  });

  it("[HD-COVER] completely covered: total cover (the attack misses)", () => {
    expect(hd({ walls: [wall(4.5, -10, 4.5, 10)] }).situation.cover).toBe("total");
    expect(hd({ walls: [wall(4.5, -10, 4.5, 10, false)] }).situation.cover).toBe("total");
  });

  it("[HD-RANGED] a ranged attack made within the target's own melee reach is marked within reach; another enemy's reach does not weaken it", () => {
    const r = hd({ target: token("T", 1, 1, "enemy") });
    expect(r.situation.withinMeleeReach).toBe(true);
    expect(r.notes).toContainEqual(expect.objectContaining({ field: "withinMeleeReach" }));
    expect(hd({ target: token("T", 2, 2, "enemy") }).situation.withinMeleeReach).toBe(false);
    // The text: "against a creature while within its melee reach" — an adjacent other enemy
    // provokes a reaction ([HD-PROVOKE]) but the shot at the distant target is not weak.
    expect(hd({ others: [token("E", 1, 1, "enemy")] }).situation.withinMeleeReach).toBe(false);
    // A reach-10 ft target (two squares) two squares off still holds the shooter.
    expect(hd({ target: { ...token("T", 2, 2, "enemy"), reach: 2 } }).situation.withinMeleeReach).toBe(true);
    // Melee attacks are never "ranged within reach".
    expect(hd({ range: "melee", target: token("T", 1, 0, "enemy") }).situation.withinMeleeReach).toBeUndefined();
  });

  it("[HD-HIDE] an unseen target is attacked weak, an unseen attacker attacks mighty", () => {
    expect(hd({ sees: false }).situation).toMatchObject({ weak: 1 });
    expect(hd({ seen: false }).situation).toMatchObject({ mighty: 1 });
    expect(hd({ sees: true, seen: true }).situation.mighty).toBeUndefined();
  });
});

describe("[HD-PROVOKE] whose reach a move leaves, or an act happens in", () => {
  // The mover on (5, 5); an orc adjacent on (6, 5); a troll with reach 2 on (3, 5); a Large ogre
  // (2×2) on (5, 2)–(6, 3); a goblin far off on (12, 5).
  const field = {
    walls: [],
    tokens: [
      token("M", 5, 5, "self"),
      token("orc", 6, 5, "enemy"),
      { ...token("troll", 3, 5, "enemy"), reach: 2 },
      token("ogre", 5, 2, "enemy", 2),
      token("gob", 12, 5, "enemy"),
    ],
  };
  const all = ["orc", "troll", "ogre", "gob"];

  it("[HD-PROVOKE] a move out of a 1-square reach leaves it; one that stays within a 2-square reach does not", () => {
    expect(reachLeft(field, "M", { x: 4, y: 7 }, all)).toEqual(["orc"]);
    expect(reachLeft(field, "M", { x: 5, y: 8 }, all)).toEqual(["orc", "troll"]);
    expect(reachLeft(field, "M", { x: 5, y: 6 }, all)).toEqual([]);
  });

  it("[HD-PROVOKE] a Large creature's reach counts from the edge of its footprint", () => {
    const beside = { ...field, tokens: field.tokens.map((t) => (t.id === "M" ? { ...t, y: 4 } : t)) };
    expect(reachHolding(beside, "M", ["ogre"])).toEqual(["ogre"]);
    expect(reachLeft(beside, "M", { x: 5, y: 6 }, ["ogre"])).toEqual(["ogre"]);
    expect(reachLeft(beside, "M", { x: 7, y: 4 }, ["ogre"])).toEqual([]);
  });

  it("[HD-PROVOKE] only the watchers named are read; casting or shooting where it stands is within the orc's and troll's reach", () => {
    expect(reachHolding(field, "M", all)).toEqual(["orc", "troll"]);
    expect(reachHolding(field, "M", ["gob"])).toEqual([]);
    expect(reachLeft(field, "M", { x: 5, y: 8 }, ["troll"])).toEqual(["troll"]);
    expect(reachLeft(field, "nobody", { x: 5, y: 8 }, all)).toEqual([]);
  });

  it("[HD-COND] what the mover's own reach no longer holds where it stands: the orc next to it is held, the rest are not; a 2-square reach holds the troll and the Large ogre one square off", () => {
    expect(reachLost(field, "M", all)).toEqual(["troll", "ogre", "gob"]);
    const long = { ...field, tokens: field.tokens.map((t) => (t.id === "M" ? { ...t, reach: 2 } : t)) };
    expect(reachLost(long, "M", all)).toEqual(["gob"]);
    expect(reachLost(field, "nobody", all)).toEqual([]);
  });
});

describe("[SYS-CANVAS] areas as the power states them", () => {
  it("[SYS-CANVAS] a close burst needs nothing placed; an area burst N is a (2N + 1)-square side placed by its centre", () => {
    expect(areaOf("close", { shape: "burst", size: 2 })).toEqual({ kind: "around", squares: 2 });
    expect(areaOf("area", { shape: "burst", size: 2 })).toEqual({
      kind: "placed",
      placement: { kind: "rectangle", width: 5, height: 5, anchor: "centre" },
    });
  });

  it("[SYS-CANVAS] a blast N is N squares a side placed by its corner; a radius, a cone and a line are sized in squares", () => {
    expect(areaOf("close", { shape: "blast", size: 3 })).toEqual({
      kind: "placed",
      placement: { kind: "rectangle", width: 3, height: 3, anchor: "corner" },
    });
    expect(areaOf("area", { shape: "radius", size: 4 })).toEqual({
      kind: "placed",
      placement: { kind: "circle", radius: 4 },
    });
    const cone = areaOf("close", { shape: "cone", size: 3 });
    expect(cone?.kind === "placed" && cone.placement.kind === "cone" && cone.placement.radius).toBe(3);
    // As wide at its end as it is long: tan(angle / 2) = 1/2.
    expect(
      cone?.kind === "placed" && cone.placement.kind === "cone" && Math.tan((cone.placement.angle * Math.PI) / 360),
    ).toBeCloseTo(0.5);
    expect(areaOf("close", { shape: "line", size: 6 })).toEqual({
      kind: "placed",
      placement: { kind: "line", length: 6, width: 1 },
    });
  });

  it("[SYS-CANVAS] a power with no stated area uses the user's drawn template; melee and ranged powers have no area", () => {
    expect(areaOf("area", { shape: "none", size: 1 })).toEqual({ kind: "drawn" });
    expect(areaOf("close", undefined)).toEqual({ kind: "drawn" });
    expect(areaOf("ranged", { shape: "burst", size: 1 })).toBeNull();
    expect(areaOf("melee", undefined)).toBeNull();
  });

  it("[SYS-CANVAS] a close burst holds every creature within N squares of the attacker's footprint, never the attacker", () => {
    const field = {
      walls: [],
      tokens: [
        token("A", 0, 0, "self", 2),
        token("in", 3, 0, "enemy"),
        token("ally", 2, 2, "ally"),
        token("out", 4, 0, "enemy"),
        token("big", 3, 3, "enemy", 2),
      ],
    };
    expect(closeBurstTokens(field, "A", 2)).toEqual(["in", "ally", "big"]);
    expect(closeBurstTokens(field, "A", 1)).toEqual(["ally"]);
    expect(closeBurstTokens(field, "nobody", 1)).toEqual([]);
  });
});

describe("[WD-FLAT] Wounds d20 from the scene", () => {
  it("[WD-FLAT] a target that cannot see its attacker is caught off guard", () => {
    const r = read("wounds-d20", { seen: false });
    expect(r.situation.offGuard).toBe(true);
    expect(r.notes[0]).toMatchObject({ field: "offGuard", reason: "D20C.Scene.Reason.UnseenAttacker" });
    expect(read("wounds-d20", { seen: true }).situation.offGuard).toBe(false);
    expect(read("wounds-d20", { seen: null }).notes).toEqual([]);
  });
});

describe("[13A-RANGE] [13A-ENGAGE] 13th Age bands from token distance", () => {
  const bands = (tokens: FieldToken[], moveSquares = 6) => {
    const r = getRuleset("13th-age");
    if (!r.readBands) throw new Error("13th Age reads no bands");
    return r.readBands({ field: { walls: [], tokens: [ATTACKER, ...tokens] }, moverId: "A", moveSquares });
  };
  it("[13A-ENGAGE] an adjacent enemy (diagonals too) is engaged", () => {
    expect(bands([token("E", 1, 1, "enemy"), token("F", 1, 0, "enemy")])).toEqual({ E: "engaged", F: "engaged" });
  });
  it("[13A-RANGE] an enemy one move away is nearby, farther is far away", () => {
    // Six squares of movement bring the mover next to a foe up to six squares off.
    expect(bands([token("N", 7, 0, "enemy"), token("F", 8, 0, "enemy")])).toEqual({ N: "nearby", F: "farAway" });
    expect(bands([token("N", 4, 0, "enemy")], 2)).toEqual({ N: "farAway" });
  });
  it("[13A-RANGE] allies and neutrals get no band; a large foe counts from its nearest square", () => {
    expect(bands([token("B", 1, 0, "ally"), token("C", 2, 0, "neutral")])).toEqual({});
    expect(bands([token("G", 2, 0, "enemy", 3)], 0)).toEqual({ G: "farAway" });
    expect(bands([token("G", 1, -2, "enemy", 3)], 0)).toEqual({ G: "engaged" });
  });
});

describe("[SYS-CANVAS] properties of the corner tracing", () => {
  const coord = fc.integer({ min: -4, max: 10 });
  const half = fc.integer({ min: -8, max: 20 }).map((n) => n / 2);
  const wallArb = fc
    .record({ x0: half, y0: half, x1: half, y1: half, sight: fc.boolean() })
    .map((w) => wall(w.x0, w.y0, w.x1, w.y1, w.sight));
  const creature = fc.record({ x: coord, y: coord, standing: fc.constantFrom("enemy" as const, "ally" as const) });

  it("[FF-COVER] removing an obstacle never increases the number of blocked lines", () => {
    fc.assert(
      fc.property(
        fc.array(wallArb, { maxLength: 6 }),
        fc.array(creature, { maxLength: 4 }),
        fc.nat(9),
        (walls, cs, pick) => {
          const others = cs
            .filter((c) => !(c.x === 0 && c.y === 0) && !(c.x === 5 && c.y === 0))
            .map((c, i) => token(`C${i}`, c.x, c.y, c.standing));
          const all = ff({ walls, others });
          const total = walls.length + others.length;
          if (total === 0) return;
          const k = pick % total;
          const fewer =
            k < walls.length
              ? ff({ walls: walls.filter((_, i) => i !== k), others })
              : ff({ walls, others: others.filter((_, i) => i !== k - walls.length) });
          expect(blockedOf(fewer)).toBeLessThanOrEqual(blockedOf(all));
        },
      ),
    );
  });

  it("[FF-COVER] on an open grid, swapping attacker and target gives the same line count", () => {
    const none = { walls: [], terrain: [], creatures: [] };
    fc.assert(
      fc.property(coord, coord, coord, coord, fc.integer({ min: 1, max: 3 }), (ax, ay, tx, ty, size) => {
        if (squaresBetween({ x: ax, y: ay, size: 1 }, { x: tx, y: ty, size }) === 0) return;
        const a = { x: ax, y: ay, size: 1 };
        const t = { x: tx, y: ty, size };
        expect(bestCornerTrace(t, a, none).blocked).toBe(bestCornerTrace(a, t, none).blocked);
        expect(bestCornerTrace(a, t, none).blocked).toBe(0);
      }),
    );
  });

  it("[FF-COVER] swapping attacker and target while turning the field half round gives the same line count", () => {
    // Turning the grid 180° about the midpoint of the two squares maps each onto the other.
    fc.assert(
      fc.property(
        fc.array(wallArb, { maxLength: 5 }),
        fc.array(creature, { maxLength: 3 }),
        coord,
        coord,
        (walls, cs, tx, ty) => {
          if (Math.max(Math.abs(tx), Math.abs(ty)) < 1) return;
          const a = { x: 0, y: 0, size: 1 };
          const t = { x: tx, y: ty, size: 1 };
          const turn = (p: GridPoint): GridPoint => ({ x: tx + 1 - p.x, y: ty + 1 - p.y });
          const creatures = cs
            .map((c) => ({ x: c.x, y: c.y, size: 1 }))
            .filter((c) => squaresBetween(c, a) > 0 && squaresBetween(c, t) > 0);
          const here = { walls, terrain: [], creatures };
          const turned = {
            walls: walls.map((w) => ({ ...w, a: turn(w.a), b: turn(w.b) })),
            terrain: [],
            creatures: creatures.map((c) => ({ x: tx - c.x, y: ty - c.y, size: 1 })),
          };
          expect(bestCornerTrace(t, a, turned).blocked).toBe(bestCornerTrace(a, t, here).blocked);
        },
      ),
    );
  });

  it("[SYS-CANVAS] squares between footprints count diagonals as one and adjacent as zero", () => {
    expect(squaresBetween(token("A", 0, 0, "self"), token("B", 1, 1, "enemy"))).toBe(0);
    expect(squaresBetween(token("A", 0, 0, "self"), token("B", 3, 1, "enemy"))).toBe(2);
    expect(squaresBetween(token("A", 0, 0, "self", 2), token("B", 3, 0, "enemy"))).toBe(1);
  });
});
