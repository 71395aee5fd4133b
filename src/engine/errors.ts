/**
 * Typed errors thrown at the engine boundary. Every error names the field that was wrong so the
 * adapter can show a clear message and refuse the whole operation (nothing is half-applied).
 */
export class EngineError extends Error {
  /** Dotted path of the offending input, e.g. `hp.max` or `damage.formula`. */
  readonly field: string;
  /** The value that was refused (kept for diagnostics; never re-used). */
  readonly value: unknown;

  constructor(field: string, message: string, value?: unknown) {
    super(`${field}: ${message}`);
    this.name = "EngineError";
    this.field = field;
    this.value = value;
  }
}

/** Throw unless `value` is a finite number. Returns it for chaining. */
export function requireFinite(field: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new EngineError(field, `must be a finite number (got ${String(value)})`, value);
  }
  return value;
}

/** Throw unless `value` is a finite number ≥ 0. */
export function requireNonNegative(field: string, value: unknown): number {
  const n = requireFinite(field, value);
  if (n < 0) throw new EngineError(field, `must not be negative (got ${n})`, value);
  return n;
}

/** Throw unless `value` is an integer d20 face (1–20). */
export function requireD20(field: string, value: unknown): number {
  const n = requireFinite(field, value);
  if (!Number.isInteger(n) || n < 1 || n > 20) {
    throw new EngineError(field, `must be a d20 result from 1 to 20 (got ${n})`, value);
  }
  return n;
}

/** Throw unless `value` is a whole number from 0 to `max` (a count the engine may loop over). */
export function requireCount(field: string, value: unknown, max: number): number {
  const n = requireFinite(field, value);
  if (!Number.isInteger(n) || n < 0 || n > max) {
    throw new EngineError(field, `must be a whole number from 0 to ${max} (got ${n})`, value);
  }
  return n;
}
