/**
 * The aura ring drawn around a token whose creature gives off auras ([SYS-MONSTERS]): for each aura,
 * the outline of the squares it holds — its radius in squares beyond the token's footprint on every
 * side (elevation aside), as the aura rules measure it — orange for an aura on enemies, green for
 * one on allies, violet for one on all. Redrawn with the token (`refreshToken`). Foundry I/O only;
 * the outline is the pure {@link auraRingOutline}.
 */
import type { AuraSpec } from "../engine/auras.js";

const COLOURS: Record<AuraSpec["who"], number> = { enemies: 0xe8772e, allies: 0x3fa34d, all: 0x8e5bd6 };

/** An outline's corners in the token's own pixels (top-left of the footprint = 0, 0), closed. */
export function auraRingOutline(width: number, radius: number, gridSize: number): [number, number][] {
  const lo = -Math.max(1, radius) * gridSize;
  const hi = (Math.max(1, Math.round(width)) + Math.max(1, radius)) * gridSize;
  return [
    [lo, lo],
    [hi, lo],
    [hi, hi],
    [lo, hi],
    [lo, lo],
  ];
}

/** What is read and drawn of a token placeable. */
interface RingToken {
  document: { width: number; parent?: { grid?: { size?: number } | null } | null };
  actor: { toEngineSource(): { auras?: readonly AuraSpec[] } } | null;
  addChild(child: PIXI.Graphics): unknown;
}

/** The ring each token shows now (replaced at each refresh). */
const rings = new WeakMap<object, PIXI.Graphics>();

/** Draw (or take off) `token`'s aura rings. */
export function drawAuraRings(token: RingToken): void {
  rings.get(token)?.destroy();
  rings.delete(token);
  const auras = token.actor?.toEngineSource().auras ?? [];
  const size = token.document.parent?.grid?.size;
  if (!auras.length || !size) return;
  const g = new PIXI.Graphics();
  for (const aura of auras) {
    const [first, ...rest] = auraRingOutline(token.document.width, aura.radius, size);
    if (!first) continue;
    g.lineStyle(2, COLOURS[aura.who], 0.6);
    g.moveTo(first[0], first[1]);
    for (const [x, y] of rest) g.lineTo(x, y);
  }
  token.addChild(g);
  rings.set(token, g);
}

/** Redraw a token's rings with it (registered once in `init`). */
export function registerAuraRings(): void {
  Hooks.on("refreshToken", (token: foundry.canvas.placeables.Token) => {
    try {
      drawAuraRings(token as unknown as RingToken);
    } catch (err) {
      console.warn("d20-combat | could not draw a token's aura ring", err);
    }
  });
}
