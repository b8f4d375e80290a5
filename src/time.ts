// The user's validation time (--at / `at`): an RFC 3339 date-time, date, time of day and zone, so that the same
// string means the same instant on every machine. A date alone is refused: which instant of that day (and in
// which zone) is the user's to say, not ours to guess.
import { SealcheckError } from "./errors.js";

/** RFC 3339 §5.6 date-time, once "t", "z" and a space for the "T" are normalised: the seconds required, the offset with its colon. */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const EXAMPLE = "such as 2025-12-08T08:36:35Z or 2025-12-08T09:36:35+01:00";
/** Errors about the validation time name the library's option, `at` (the CLI shows its --at). */
const AT = { option: "at" } as const;

/**
 * A validation time as every verifier takes it (`at`): a Date, or an RFC 3339 date-time
 * ("2025-12-08T08:36:35Z", "2025-12-08T09:36:35+01:00"; "t", "z" and a space for the "T" as the RFC allows; a
 * leap second, 23:59:60 UTC at the end of June or December, is taken as the next second); a date alone, a
 * time without a zone, hour 24 or an offset without its colon is refused.
 */
export type ValidationTimeInput = Date | string;

export function parseValidationTime(value: ValidationTimeInput): Date {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new SealcheckError("ERR_USAGE", "at: the given Date is invalid", AT);
    return value;
  }
  if (typeof value !== "string")
    throw new SealcheckError("ERR_USAGE", `at: expected an RFC 3339 string or a Date, got ${value === null ? "null" : typeof value}`, AT);
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
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}([.,]\d+)?)?$/.test(value)) {
    throw new SealcheckError("ERR_USAGE", `at: "${given}" has no zone; add one, ${EXAMPLE}`, AT);
  }
  const m = RFC3339.exec(value);
  const notRfc = (why: string) => new SealcheckError("ERR_USAGE", `at: "${given}" is not an RFC 3339 date-time${why}; give one ${EXAMPLE}`, AT);
  if (!m) {
    if (/[+-]\d{4}$/.test(value)) throw notRfc(" (its offset needs a colon, +01:00)");
    if (/T\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/.test(value)) throw notRfc(" (RFC 3339 requires the seconds)");
    if (/T\d{2}:\d{2}:\d{2},\d/.test(value)) throw notRfc(" (RFC 3339 writes a fraction of a second with a point)");
    throw notRfc(" with a zone");
  }
  const [, y, mo, d, hh, mm, ss, frac, zone] = m as unknown as [string, string, string, string, string, string, string, string | undefined, string];
  // Date.parse rolls 2025-02-30 over to March; a calendar date that does not exist is a slip.
  const utcOf = (year: number, month: number, day: number, h = 0, min = 0, sec = 0, milli = 0) => {
    const t = new Date(0); // Date.UTC reads years 0–99 as 1900–1999
    t.setUTCFullYear(year, month, day);
    t.setUTCHours(h, min, sec, milli);
    return t.getTime();
  };
  const days = new Date(utcOf(Number(y), Number(mo), 0)).getUTCDate();
  const offset = zone === "Z" ? null : /^([+-])(\d{2}):(\d{2})$/.exec(zone)!;
  if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > days) throw notRfc(": no such calendar date");
  if (hh === "24") throw notRfc(" (RFC 3339 has no hour 24: the next day's 00:00:00)");
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 60 || (offset && (Number(offset[2]) > 23 || Number(offset[3]) > 59)))
    throw notRfc(": an hour, minute, second or offset out of range");
  const offsetMinutes = offset ? (offset[1] === "-" ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  const ms = frac ? Math.floor(Number(`0${frac}`) * 1000) : 0;
  const base = utcOf(Number(y), Number(mo) - 1, Number(d), Number(hh), Number(mm), Math.min(Number(ss), 59), ms) - offsetMinutes * 60_000;
  if (Number(ss) === 60) {
    // RFC 3339 §5.7: a leap second is 23:59:60 UTC, inserted only at the end of June or December. A Date
    // cannot name it: it is taken as the next second (the first of the next day), which it immediately precedes.
    const utc = new Date(base);
    const endOfMonth = utc.getUTCDate() === new Date(utcOf(utc.getUTCFullYear(), utc.getUTCMonth() + 1, 0)).getUTCDate();
    if (utc.getUTCHours() !== 23 || utc.getUTCMinutes() !== 59 || !endOfMonth || (utc.getUTCMonth() !== 5 && utc.getUTCMonth() !== 11))
      throw notRfc(": a leap second (second 60) is only 23:59:60 UTC at the end of June or December");
    return new Date(base - ms + 1000);
  }
  if (Number.isNaN(base) || Math.abs(base) > 8.64e15) throw notRfc(": out of the range of dates");
  return new Date(base);
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
    // The option is the name in the words' parentheses ("the clock tolerance (clockToleranceSec)"), or the words.
    const option = /\((\w+)\)$/.exec(what)?.[1] ?? what;
    throw new SealcheckError("ERR_USAGE", `${what} must be a number of seconds from ${min} to ${MAX_DURATION_SECONDS}, not ${String(value)}`, { option });
  }
  return value;
}
