// Check "validation-time": a remark when the validation time asked for (--at) is before the sealing time the
// evidence proves.
import { warning } from "../report/check.js";
import type { CheckResult } from "../report/types.js";
import type { ArchiveFacts, ArchiveOptions } from "./facts.js";

/**
 * A validation time (--at) before the sealing time the evidence proves asks about evidence that did not exist
 * yet: not a forgery, but not a question worth a silent TOTAL-PASSED either. A warning says so.
 */
export function validationTimeRemark(options: Pick<ArchiveOptions, "at">, f: ArchiveFacts): CheckResult[] {
  const at = options.at;
  const sealed = f.sealTimestamp
    ? { time: f.sealTimestamp, what: "proven by the seal's timestamp" }
    : f.claims?.iat !== undefined
      ? { time: new Date(f.claims.iat * 1000), what: "the token's iat" }
      : null;
  if (!at || !sealed || at.getTime() >= sealed.time.getTime()) return [];
  const remark = warning(
    "validation-time",
    `The validation time ${at.toISOString()} (--at) is before the sealing time ${sealed.time.toISOString()} (${sealed.what}): the evidence did not exist yet at that time, so the checks answer a hypothetical question. Leave out --at to judge at the sealing time, or give a later one.`,
    { at: { time: at, source: "at-option" }, details: { validationTime: at.toISOString(), sealingTime: sealed.time.toISOString() } },
  );
  return [remark];
}
