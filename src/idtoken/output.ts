// The ID-token report as `verify-id-token --json` prints it: personal data masked by the archive report's rule.
import { mask, personalDataKind } from "../evidence/personal-data.js";
import type { IdTokenReport } from "./types.js";

/**
 * The report as `verify-id-token --json` prints it: the values of transferred claims that are personal data
 * (names, CPR, identity ids…; the rule the archive report masks by) masked unless `showPersonalData`, their
 * names in `transfer.maskedClaims`. The library's report keeps the values: a receiver starts its session with
 * them.
 */
export function idTokenReportForOutput(report: IdTokenReport, showPersonalData: boolean): IdTokenReport {
  const tr = report.transfer;
  if (!tr || showPersonalData) return report;
  const masked = Object.keys(tr.claims).filter((k) => personalDataKind(k) !== null);
  if (!masked.length) return report;
  const claims = Object.fromEntries(Object.entries(tr.claims).map(([k, v]) => [k, masked.includes(k) ? mask(v) : v]));
  return { ...report, transfer: { ...tr, claims, maskedClaims: masked } };
}
