/**
 * Scrolling numbers over the tokens of an actor whose HP or temporary HP changed, on every client:
 * the updating client notes the old values in the update options (preUpdateActor), every client
 * shows the difference after the update (updateActor), only over the tokens that client can see
 * ([SYS-HIDDEN]: a number over a hidden or secret token would give it away).
 */
import { SYSTEM_ID } from "../constants.js";

type Hp = { value: number; temp: number };
const OPTION = `${SYSTEM_ID}Hp`;

/** The HP changes to show (pure): negative = lost, positive = gained; zero changes are left out. */
function hpDeltas(before: Hp, after: Hp): { kind: "hp" | "temp"; delta: number }[] {
  const out: { kind: "hp" | "temp"; delta: number }[] = [];
  if (after.temp !== before.temp) out.push({ kind: "temp", delta: after.temp - before.temp });
  if (after.value !== before.value) out.push({ kind: "hp", delta: after.value - before.value });
  return out;
}

/** The token facts that decide whether this client may show a number over it. */
interface TokenSight {
  /** The placeable is visible to this client (Foundry's `Token#visible`: hidden, vision, fog). */
  visible: boolean;
  /** The token's disposition is secret (`TokenDocument#isSecret`). */
  secret: boolean;
}

/** Whether a floating number may be drawn over a token on this client (pure). */
function showsNumbersOver(token: TokenSight): boolean {
  return token.visible && !token.secret;
}

function hpOf(actor: Actor.Implementation): Hp | null {
  if (!actor.isCharacter() && !actor.isNpc()) return null;
  const hp: { value?: unknown; temp?: unknown } | undefined = actor.system.hp;
  if (!hp || typeof hp.value !== "number") return null;
  return { value: hp.value, temp: typeof hp.temp === "number" ? hp.temp : 0 };
}

/**
 * The old values the updating client noted in the update's options, or null: that client's word,
 * so anything but two finite numbers shows nothing (no "−NaN" over a token on every client).
 */
function noted(said: unknown): Hp | null {
  const hp = said as { value?: unknown; temp?: unknown } | null | undefined;
  if (typeof hp?.value !== "number" || typeof hp.temp !== "number") return null;
  return Number.isFinite(hp.value) && Number.isFinite(hp.temp) ? { value: hp.value, temp: hp.temp } : null;
}

/** Register the two hooks (init). */
export function registerScrollingText(): void {
  Hooks.on("preUpdateActor", (actor, _changes, options) => {
    const hp = hpOf(actor);
    if (hp) (options as Record<string, unknown>)[OPTION] = hp;
  });
  Hooks.on("updateActor", (actor, _changes, options) => {
    const before = noted((options as Record<string, unknown>)[OPTION]);
    const after = hpOf(actor);
    if (!before || !after || !canvas?.ready) return;
    const deltas = hpDeltas(before, after);
    if (!deltas.length) return;
    for (const token of actor.getActiveTokens()) {
      if (!showsNumbersOver({ visible: token.visible, secret: token.document.isSecret })) continue;
      deltas.forEach((d, i) => {
        const text = `${d.delta > 0 ? "+" : "−"}${Math.abs(d.delta)}`;
        const fill = d.kind === "temp" ? 0x4fa3d8 : d.delta < 0 ? 0xe0403c : 0x3fb950;
        canvas.interface?.createScrollingText({ x: token.center.x, y: token.center.y - i * 24 }, text, {
          anchor: CONST.TEXT_ANCHOR_POINTS.TOP,
          fontSize: 32,
          fill,
          stroke: 0x000000,
          strokeThickness: 4,
          jitter: 0.25,
        });
      });
    }
  });
}
