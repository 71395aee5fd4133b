/**
 * [SYS-MONSTERS] Damage in parts of different types (pure): "2d10 + 8 piercing plus 2d6 fire" is
 * one blow whose parts each meet the target's resistance, vulnerability and immunity on their own
 * (a fire-resistant target halves only the fire). Each game keeps its own rule for one part of
 * several types; this splits a packet into one packet per part, asks the game's adjustment of each
 * and adds up what is dealt.
 */
import { validatePacket } from "./common.js";
import { EngineError } from "./errors.js";
import type { DamagePacket, DamagePart, Modifier } from "./types.js";

/** What a game's adjustment of one packet for the target's traits gives. */
export interface Adjusted {
  dealt: number;
  adjustments: Modifier[];
}

/**
 * The packet's parts with amounts adding up to its amount: a hook or a half button that changed the
 * amount takes the difference from (or adds it to) the parts in order, never below 0. Null when the
 * packet is one part.
 */
export function packetParts(packet: DamagePacket): DamagePart[] | null {
  const parts = packet.parts;
  if (!parts || parts.length < 2) return null;
  parts.forEach((p, i) => {
    if (!Number.isFinite(p.amount) || p.amount < 0)
      throw new EngineError(`damage.parts[${i}].amount`, "must be a finite number ≥ 0", p.amount);
  });
  const out = parts.map((p) => ({ amount: Math.floor(p.amount), types: [...p.types] }));
  let diff = Math.floor(packet.amount) - out.reduce((s, p) => s + p.amount, 0);
  for (const p of out) {
    if (diff === 0) break;
    const next = Math.max(0, p.amount + diff);
    diff -= next - p.amount;
    p.amount = next;
  }
  return out;
}

/**
 * Adjust a packet for the target's traits part by part with the game's own `adjust` of one packet
 * (its types = the part's); a packet of one part goes to `adjust` whole.
 */
export function adjustByParts(
  packet: DamagePacket,
  damageTypes: readonly string[],
  adjust: (packet: DamagePacket) => Adjusted,
): Adjusted {
  const parts = packetParts(packet);
  if (!parts) return adjust(packet);
  let dealt = 0;
  const adjustments: Modifier[] = [];
  parts.forEach((part, i) => {
    const { parts: _whole, ...rest } = packet;
    const one: DamagePacket = { ...rest, amount: part.amount, types: part.types };
    validatePacket(one, damageTypes, `damage.parts[${i}]`);
    const r = adjust(one);
    dealt += r.dealt;
    adjustments.push(...r.adjustments);
  });
  return { dealt, adjustments };
}
