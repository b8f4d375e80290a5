import type { CheckId } from "./check-ids.js";
import type { CheckResult, CheckStatus, SubIndication, ValidationTime } from "./types.js";

/** Small constructors so that every check builds its result the same way. */
export function result(
  id: CheckId,
  status: CheckStatus,
  message: string,
  opts: { sub?: SubIndication | null; at?: ValidationTime; details?: Record<string, unknown> } = {},
): CheckResult {
  const r: CheckResult = { id, status, message, subIndication: status === "failed" || status === "indeterminate" ? (opts.sub ?? null) : null };
  if (opts.at) {
    r.judgedAt = opts.at.time.toISOString();
    r.timeSource = opts.at.source;
  }
  if (opts.details) r.details = opts.details;
  return r;
}

export const passed = (id: CheckId, message: string, opts: { at?: ValidationTime; details?: Record<string, unknown> } = {}) =>
  result(id, "passed", message, opts);
export const warning = (id: CheckId, message: string, opts: { at?: ValidationTime; details?: Record<string, unknown> } = {}) =>
  result(id, "warning", message, opts);
export const skipped = (id: CheckId, message: string, opts: { details?: Record<string, unknown> } = {}) => result(id, "skipped", message, opts);
export const failed = (id: CheckId, sub: SubIndication, message: string, opts: { at?: ValidationTime; details?: Record<string, unknown> } = {}) =>
  result(id, "failed", message, { ...opts, sub });
export const indeterminate = (id: CheckId, sub: SubIndication, message: string, opts: { at?: ValidationTime; details?: Record<string, unknown> } = {}) =>
  result(id, "indeterminate", message, { ...opts, sub });
