// The user's validation time (--at / `at`): ISO 8601 with a zone, or a date alone (UTC midnight), so that
// the same string means the same instant on every machine.
import { SealcheckError } from "./errors.js";

const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/;

export function parseValidationTime(value: Date | string): Date {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new SealcheckError("ERR_USAGE", "--at: the given Date is invalid");
    return value;
  }
  const t = Date.parse(value);
  if (!ISO.test(value) || Number.isNaN(t)) {
    throw new SealcheckError("ERR_USAGE", `--at: "${value}" is not an ISO 8601 time with a zone, such as 2025-12-08T08:36:35Z`);
  }
  return new Date(t);
}

/**
 * The latest instant a time claim (`iat`, `nbf`, `exp`, the Workflow token's `expiry`) may name:
 * 9999-12-31T23:59:59Z. Far beyond any real token, and every sum with a range-checked option stays inside
 * what a Date can hold (±8.64e15 ms), so no date computation on a claim can throw.
 */
export const MAX_TIME_CLAIM_SECONDS = 253_402_300_799;

/** Whether a value is a time claim sealcheck computes with: a finite number of seconds, 0 … 9999-12-31. */
export function isTimeClaim(v: unknown): v is number {
  return typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= MAX_TIME_CLAIM_SECONDS;
}

/** The largest duration option accepted (tolerances, windows, ages, cooldowns): 100 years in seconds. */
export const MAX_DURATION_SECONDS = 100 * 366 * 86_400;

/**
 * A duration option, range-checked where it is read: undefined gives the fallback; anything else must be
 * a finite number of seconds from `min` (0 unless said) to MAX_DURATION_SECONDS, or it is a usage error
 * naming the option (exit 3). NaN, negative or infinite values would silently switch a protection off.
 */
export function durationOption(value: number | undefined, fallback: number, what: string, min = 0): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > MAX_DURATION_SECONDS) {
    throw new SealcheckError("ERR_USAGE", `${what} must be a number of seconds from ${min} to ${MAX_DURATION_SECONDS}, not ${String(value)}`);
  }
  return value;
}
