// The user's validation time (--at / `at`): an ISO 8601 instant, date, time of day and zone, so that the same
// string means the same instant on every machine. A date alone is refused: which instant of that day (and in
// which zone) is the user's to say, not ours to guess.
import { SealcheckError } from "./errors.js";

const ISO = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const EXAMPLE = "such as 2025-12-08T08:36:35Z or 2025-12-08T09:36:35+01:00";
/** Errors about the validation time name the library's option, `at` (the CLI shows its --at). */
const AT = { option: "at" } as const;

/**
 * A validation time as every verifier takes it (`at`): a Date, or an ISO 8601 instant with its zone
 * ("2025-12-08T08:36:35Z", "2025-12-08T09:36:35+01:00"); a date alone or a time without a zone is refused.
 */
export type ValidationTimeInput = Date | string;

export function parseValidationTime(value: ValidationTimeInput): Date {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new SealcheckError("ERR_USAGE", "at: the given Date is invalid", AT);
    return value;
  }
  if (typeof value !== "string")
    throw new SealcheckError("ERR_USAGE", `at: expected an ISO 8601 string or a Date, got ${value === null ? "null" : typeof value}`, AT);
  // RFC 3339 as the RFC writes it: "t" and "z" in either case (§5.6), and a space for the "T" (its NOTE).
  const given = value;
  value = value.replace(/^(\d{4}-\d{2}-\d{2})[Tt ](?=\d{2}:)/, "$1T").replace(/z$/, "Z");
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    throw new SealcheckError(
      "ERR_USAGE",
      `at: "${given}" is a date without a time of day and zone; give the instant, ${EXAMPLE} (${value}T00:00:00Z is that day's UTC midnight)`,
      AT,
    );
  }
  const m = ISO.exec(value);
  const t = Date.parse(value);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) {
    throw new SealcheckError("ERR_USAGE", `at: "${given}" has no zone; add one, ${EXAMPLE}`, AT);
  }
  // Date.parse rolls 2025-02-30 over to March; a calendar date that does not exist is a slip.
  const [, y, mo, d] = m ?? [];
  const days = y && mo ? new Date(Date.UTC(Number(y), Number(mo), 0)).getUTCDate() : 0;
  if (!m || Number.isNaN(t) || Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > days) {
    throw new SealcheckError("ERR_USAGE", `at: "${given}" is not an ISO 8601 time with a zone, ${EXAMPLE}`, AT);
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
