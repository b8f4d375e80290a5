// The ID-token report as `verify-id-token --json` prints it: personal data masked by the archive report's rule.
import { claimTime } from "../evidence/claims-report.js";
import { mask, personalDataKind } from "../evidence/personal-data.js";
import type { IdTokenReport } from "./types.js";

/**
 * The report as `verify-id-token --json` prints it: the values of transferred claims that may be personal data
 * (every claim but the few known to name no person: `loa`, `ial`, `idp`, `auth_time`…; the rule the archive
 * report masks by) masked unless `showPersonalData`, their names in `transfer.maskedClaims` (empty when none is); the claims that are
 * times (`auth_time`) in `transfer.claimTimes`. The library's report keeps the values: a receiver starts its
 * session with them.
 */
export function idTokenReportForOutput(report: IdTokenReport, showPersonalData: boolean): IdTokenReport {
  const tr = report.transfer;
  if (!tr) return report;
  const masked = showPersonalData ? [] : Object.keys(tr.claims).filter((k) => personalDataKind(k) !== null);
  const times = Object.entries(tr.claims).flatMap(([k, v]): [string, string][] => {
    const time = masked.includes(k) ? null : claimTime(k, v);
    return time ? [[k, time]] : [];
  });
  if (showPersonalData && !times.length) return report;
  const claims = Object.fromEntries(Object.entries(tr.claims).map(([k, v]) => [k, masked.includes(k) ? mask(v) : v]));
  return {
    ...report,
    transfer: { ...tr, claims, ...(showPersonalData ? {} : { maskedClaims: masked }), ...(times.length ? { claimTimes: Object.fromEntries(times) } : {}) },
  };
}
