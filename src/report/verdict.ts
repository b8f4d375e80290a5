import type { CheckId } from "./check-ids.js";
import type { CheckResult, Indication, SubIndication } from "./types.js";

/**
 * Which failed sub-indication speaks for the verdict when several checks fail. Follows the order of the
 * ETSI building blocks: a malformed input makes the rest meaningless, then integrity (hash, signature),
 * then certificate status.
 */
const FAILED_PRIORITY: SubIndication[] = [
  "FORMAT_FAILURE",
  "HASH_FAILURE",
  "SIG_CRYPTO_FAILURE",
  "REVOKED",
  "SIG_CONSTRAINTS_FAILURE",
  "EXPIRED",
  "NOT_YET_VALID",
];

export interface Verdict {
  indication: Indication;
  subIndication: SubIndication | null;
  decidedBy: CheckId[];
}

function rank(sub: SubIndication | null, order: SubIndication[]): number {
  const i = sub === null ? -1 : order.indexOf(sub);
  return i === -1 ? order.length : i;
}

/**
 * TOTAL-FAILED when any check failed; else INDETERMINATE when any check is indeterminate; else TOTAL-PASSED.
 * Warnings and skipped checks never fail a verdict; they never make it pass either: a verdict over
 * zero passed checks is INDETERMINATE.
 */
export function computeVerdict(checks: readonly CheckResult[]): Verdict {
  const failed = checks.filter((c) => c.status === "failed");
  if (failed.length > 0) {
    const sorted = [...failed].sort((a, b) => rank(a.subIndication, FAILED_PRIORITY) - rank(b.subIndication, FAILED_PRIORITY));
    return {
      indication: "TOTAL-FAILED",
      subIndication: sorted[0]!.subIndication ?? "FORMAT_FAILURE",
      decidedBy: sorted.map((c) => c.id),
    };
  }
  const indeterminate = checks.filter((c) => c.status === "indeterminate");
  if (indeterminate.length > 0) {
    return {
      indication: "INDETERMINATE",
      subIndication: indeterminate[0]!.subIndication ?? "GENERIC",
      decidedBy: indeterminate.map((c) => c.id),
    };
  }
  if (!checks.some((c) => c.status === "passed" || c.status === "warning")) {
    return { indication: "INDETERMINATE", subIndication: "GENERIC", decidedBy: [] };
  }
  return { indication: "TOTAL-PASSED", subIndication: null, decidedBy: [] };
}

/** Exit codes of docs/contract.md ("Exit codes"). 3 (no verdict) is the CLI's own. */
export function exitCodeFor(indication: Indication): 0 | 1 | 2 {
  return indication === "TOTAL-PASSED" ? 0 : indication === "TOTAL-FAILED" ? 1 : 2;
}
