// The signers' claims as reports show them: each marked with its personal-data kind and masked unless
// shown (the signer read from them is report/signer.ts). One owner for the archive report and inspect.
import type { ReportedClaim } from "../report/archive-report.js";
import { mask, personalDataKind } from "./personal-data.js";

/** User claims as the report shows them: each marked with its personal-data kind, masked unless shown. */
export function reportClaims(userClaims: Record<string, unknown>, showPersonalData: boolean): ReportedClaim[] {
  return Object.entries(userClaims).map(([name, value]): ReportedClaim => {
    const kind = personalDataKind(name);
    const hide = kind !== null && !showPersonalData;
    return { name, personalData: kind, value: hide ? mask(value) : value, masked: hide };
  });
}
