/**
 * The traced cover lines drawn on the canvas while the attack dialog is open: from the chosen corner
 * of the attacker (or the area's origin) to the corners of each target's chosen square, green when
 * clear and red when blocked. Foundry I/O only.
 */
import type { SceneReading } from "../engine/scene.js";

const CLEAR = 0x3fa34d;
const BLOCKED = 0xc8402f;

/** Draw every reading's lines on the controls layer; returns the function that removes them. */
export function drawCoverLines(readings: Iterable<SceneReading>): () => void {
  const layer = canvas?.controls;
  const size = canvas?.grid?.size;
  if (!layer || !size) return () => {};
  const g = new PIXI.Graphics();
  for (const r of readings) {
    for (const line of r.lines) {
      g.lineStyle(3, line.blockedBy ? BLOCKED : CLEAR, 0.9);
      g.moveTo(line.from.x * size, line.from.y * size);
      g.lineTo(line.to.x * size, line.to.y * size);
    }
  }
  layer.addChild(g);
  return () => {
    g.destroy();
  };
}
