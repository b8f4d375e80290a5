// The user's validation time (--at / `at`): an ISO 8601 instant, date, time of day and zone, so that the same
// string means the same instant on every machine. A date alone is refused: which instant of that day (and in
// which zone) is the user's to say, not ours to guess.
import { SealcheckError } from "./errors.js";

const ISO = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const EXAMPLE = "such as 2025-12-08T08:36:35Z or 2025-12-08T09:36:35+01:00";

export function parseValidationTime(value: Date | string): Date {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new SealcheckError("ERR_USAGE", "--at: the given Date is invalid");
    return value;
  }
  if (typeof value !== "string") throw new SealcheckError("ERR_USAGE", `at: expected an ISO 8601 string or a Date, got ${value === null ? "null" : typeof value}`);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    throw new SealcheckError("ERR_USAGE", `--at: "${value}" is a date without a time of day and zone; give the instant, ${EXAMPLE} (${value}T00:00:00Z is that day's UTC midnight)`);
  }
  const m = ISO.exec(value);
  const t = Date.parse(value);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) {
    throw new SealcheckError("ERR_USAGE", `--at: "${value}" has no zone; add one, ${EXAMPLE}`);
  }
  // Date.parse rolls 2025-02-30 over to March; a calendar date that does not exist is a slip.
  const [, y, mo, d] = m ?? [];
  const days = y && mo ? new Date(Date.UTC(Number(y), Number(mo), 0)).getUTCDate() : 0;
  if (!m || Number.isNaN(t) || Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > days) {
    throw new SealcheckError("ERR_USAGE", `--at: "${value}" is not an ISO 8601 time with a zone, ${EXAMPLE}`);
  }
  return new Date(t);
}
