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
