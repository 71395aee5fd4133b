/**
 * [SYS-MONSTERS] Save-based attacks (pure): a power that the target resists with its own roll
 * against the power's DC instead of an attack roll against a defense. Hundred Dungeons: an ability
 * roll ([HD-ATK] "ability roll"; [HD-COND] conditions and [HD-COVER] cover change it); Wounds d20:
 * one of its five saves ([WD-SAVES]: a natural 20 always succeeds, a natural 1 always fails).
 * 13th Age and FFd20 keep attack against defense: a game answers through `Ruleset.saveAttacks`.
 *
 * A failed save is the power's "hit" (its damage and hit effects), a success its "miss": half the
 * damage or none as the power says, and its miss effects (the lesser effect).
 */
import { EngineError } from "./errors.js";
import type { Ruleset } from "./ruleset.js";
import type {
  ActorSource,
  AttackOutcome,
  DerivedActor,
  PowerSource,
  RollMode,
  RollRequest,
  SaveAttackSpec,
  Situation,
} from "./types.js";

/**
 * The power's save when this game decides it by the target's save: the game offers save-based
 * attacks and has the power's save kind. Null = an ordinary attack roll (13th Age, FFd20, or a
 * power naming a save this game lacks: it keeps its data and attacks as before).
 */
export function saveAttackOf(
  ruleset: Pick<Ruleset, "saveAttacks" | "saves">,
  power: PowerSource,
): SaveAttackSpec | null {
  const spec = power.saveAttack;
  if (!spec || ruleset.saveAttacks !== true) return null;
  return ruleset.saves.some((s) => s.key === spec.save) ? spec : null;
}

/**
 * The power as the attack reads it: a save-based power's "miss" (a success) deals what its
 * success says. The same power when it attacks by roll.
 */
export function powerForSave(ruleset: Pick<Ruleset, "saveAttacks" | "saves">, power: PowerSource): PowerSource {
  const spec = saveAttackOf(ruleset, power);
  return spec ? { ...power, missEffect: spec.onSuccess } : power;
}

/**
 * The target's save against the power: the game's save of the kind, in the roll mode the target's
 * conditions give it ([HD-COND] poisoned, exhaustion 3…; frightened unless `fearSourceUnseen` says
 * the source of its fear is out of its line of sight), and cover's bonus on the rolls cover helps
 * ([HD-COVER] Dexterity).
 */
export function targetSaveRequest(
  ruleset: Ruleset,
  target: { actor: ActorSource; derived: DerivedActor; id: string },
  spec: SaveAttackSpec,
  cover: Situation["cover"],
  fearSourceUnseen = false,
): RollRequest {
  // [HD-COND] frightened weakens the save only while the source of the target's fear is in its sight.
  const extra = fearSourceUnseen ? { fearSourceUnseen: true } : undefined;
  const mode: RollMode = ruleset.saveMode ? ruleset.saveMode(target.actor, spec.save, extra) : "normal";
  const request = ruleset.saveRequest(target.actor, target.derived, spec.save, mode, target.id);
  return ruleset.saveRequestWithCover ? ruleset.saveRequestWithCover(request, cover) : request;
}

/** The roll mode a save formula throws (`2d20kh` mighty, `2d20kl` weak). */
export function saveFormulaMode(formula: string): RollMode {
  if (/^\s*2d20kh/.test(formula)) return "mighty";
  if (/^\s*2d20kl/.test(formula)) return "weak";
  return "normal";
}

/** The flat numbers a save formula adds to its d20 (`1d20 + 3 + 5` → 8). */
function saveFormulaBonus(formula: string): number {
  const rest = formula.replace(/^\s*\d*d20(k[hl]\d*)?/, "");
  if (!/^[\s\d+-]*$/.test(rest)) throw new EngineError("save.formula", "expected a d20 plus flat numbers", formula);
  let total = 0;
  for (const m of rest.matchAll(/([+-])\s*(\d+)/g)) total += (m[1] === "-" ? -1 : 1) * Number(m[2]);
  return total;
}

/** Labels of the reasons a save-based card shows. */
const REASON = {
  autoFail: "D20C.SaveAttack.Reason.autoFail",
  autoSucceed: "D20C.SaveAttack.Reason.autoSucceed",
  natural20: "D20C.SaveAttack.Reason.natural20",
  natural1: "D20C.SaveAttack.Reason.natural1",
  criticalFailure: "D20C.SaveAttack.Reason.criticalFailure",
  legendaryResistance: "D20C.SaveAttack.Reason.legendaryResistance",
} as const;

/**
 * The outcome of the target's save, read as the attack's: a failed save is a hit (never a
 * critical one), a success a miss whose "miss effect" (half damage, the miss effects) applies.
 * `dice` are the save's d20 faces (two when mighty or weak). The outcome's defense is the DC.
 */
export function saveAttackOutcome(
  ruleset: Pick<Ruleset, "naturalDecides">,
  request: RollRequest,
  spec: SaveAttackSpec,
  dice: readonly number[],
  saveLabel: string,
): AttackOutcome {
  const mode = saveFormulaMode(request.formula);
  const kept = mode === "normal" ? dice.slice(0, 1) : dice.slice(0, 2);
  if (kept.length === 0) throw new EngineError("save.dice", "expected the save's d20", dice);
  const natural = mode === "mighty" ? Math.max(...kept) : mode === "weak" ? Math.min(...kept) : (kept[0] as number);
  const bonus = saveFormulaBonus(request.formula);
  const total = natural + bonus;
  const reasons: string[] = [];
  let saved = total >= spec.dc;
  let criticalFailure = false;
  if (request.data?.autoSucceed === true) {
    saved = true;
    reasons.push(REASON.autoSucceed);
  } else if (request.data?.autoFail === true) {
    saved = false;
    reasons.push(REASON.autoFail);
  } else if (ruleset.naturalDecides?.(request)) {
    if (natural === 20 && !saved) reasons.push(REASON.natural20);
    if (natural === 1 && saved) reasons.push(REASON.natural1);
    if (natural === 20) saved = true;
    if (natural === 1) {
      saved = false;
      // [WD-NASTY] "critically failing a saving throw": the wound this blow makes is nasty.
      criticalFailure = true;
      reasons.push(REASON.criticalFailure);
    }
  }
  return {
    natural,
    dice: [...kept],
    mode,
    modifiers: bonus === 0 ? [] : [{ key: "save", label: saveLabel, value: bonus }],
    total,
    defenseKey: "dc",
    defense: spec.dc,
    critThreshold: 21,
    result: saved ? "miss" : "hit",
    isHit: !saved,
    isCrit: false,
    autoHit: !saved && total >= spec.dc,
    autoMiss: false,
    missEffect: saved,
    reasons,
    ...(criticalFailure ? { criticalFailure } : {}),
  };
}

/**
 * [HD-LEGENDARY] The target's failed save turned into a success by its own way of turning one
 * (the game's `resistSaveAttack`: a legendary resistance left), read from the target as it stands
 * when the card is decided; Apply spends the use. The outcome unchanged when it saved or cannot.
 */
export function resistedSave(
  ruleset: Pick<Ruleset, "resistSaveAttack">,
  actor: ActorSource,
  outcome: AttackOutcome,
): AttackOutcome {
  if (!outcome.isHit || !ruleset.resistSaveAttack?.(actor, "")) return outcome;
  const { criticalFailure: _lost, ...rest } = outcome;
  return {
    ...rest,
    result: "miss",
    isHit: false,
    autoHit: false,
    missEffect: true,
    reasons: [...outcome.reasons.filter((r) => r !== REASON.criticalFailure), REASON.legendaryResistance],
    saveResisted: true,
  };
}

/**
 * The chance the target fails its save (exact, over the faces its mode throws), as the card's
 * odds show it: the odds of the power's "hit".
 */
export function saveFailChance(
  ruleset: Pick<Ruleset, "naturalDecides">,
  request: RollRequest,
  spec: SaveAttackSpec,
): number {
  const mode = saveFormulaMode(request.formula);
  const fails = (faces: number[]) => saveAttackOutcome(ruleset, request, spec, faces, "").isHit;
  let count = 0;
  let all = 0;
  for (let a = 1; a <= 20; a++) {
    if (mode === "normal") {
      all++;
      if (fails([a])) count++;
      continue;
    }
    for (let b = 1; b <= 20; b++) {
      all++;
      if (fails([a, b])) count++;
    }
  }
  return count / all;
}
