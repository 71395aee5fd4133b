/**
 * A monster's movement modes and auras as its stat block prints them ([SYS-MONSTERS]): pure
 * template data of i18n keys and values (templates/actor/stat-block.hbs localises them), from the
 * actor's `movement` and `auras` (src/engine/actor-fields.ts).
 */
import type { ActorSource, ConditionSpec } from "../types.js";

/** One movement mode: its words (`{feet}`) and speed. */
interface ModeView {
  key: string;
  feet: number;
}

/** One aura as printed. */
interface AuraView {
  name: string;
  radius: number;
  who: string;
  when: string;
  belowHp: number;
  /** Its damage ("5", "1d6+2") and the type's name key; null = none. */
  damage: { formula: string; type: string } | null;
  /** The condition's name key (the game's), or its id when the game names none; "" = none. */
  condition: string;
  modifier: { value: string; target: string } | null;
}

const M = "D20C.Movement";
const A = "D20C.Aura.Print";

/** The movement modes the creature has (speeds above 0; hover after fly), in a fixed order. */
function modesOf(movement: ActorSource["movement"]): ModeView[] {
  if (!movement) return [];
  const out: ModeView[] = [];
  for (const mode of ["fly", "climb", "swim", "burrow"] as const) {
    const feet = movement[mode];
    if (feet > 0) out.push({ key: `${M}.${mode}`, feet });
    if (mode === "fly" && feet > 0 && movement.hover) out.push({ key: `${M}.hover`, feet: 0 });
  }
  return out;
}

/** The stat block's movement and aura lines; `shown` = there is something to print. */
export function monsterModesView(
  actor: Pick<ActorSource, "movement" | "auras">,
  conditions: readonly Pick<ConditionSpec, "id" | "label">[],
): { shown: boolean; movement: ModeView[]; auras: AuraView[] } {
  const movement = modesOf(actor.movement);
  const auras: AuraView[] = (actor.auras ?? []).map((a) => ({
    name: a.name,
    radius: a.radius,
    who: `${A}.who.${a.who}`,
    when: `${A}.when.${a.when}`,
    belowHp: a.belowHp,
    damage: a.damage.formula.trim()
      ? { formula: a.damage.formula.trim(), type: a.damage.type === "untyped" ? "" : `D20C.DamageType.${a.damage.type}` }
      : null,
    condition: a.condition ? (conditions.find((c) => c.id === a.condition)?.label ?? a.condition) : "",
    modifier:
      a.modifier.target !== "none" && a.modifier.value
        ? {
            value: a.modifier.value > 0 ? `+${a.modifier.value}` : String(a.modifier.value),
            target: `${A}.target.${a.modifier.target}`,
          }
        : null,
  }));
  return { shown: movement.length + auras.length > 0, movement, auras };
}
