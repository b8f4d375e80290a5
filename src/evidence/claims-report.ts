// The signers' claims as reports show them: each marked with its personal-data kind and masked unless
// shown (the signer read from them is report/signer.ts). One owner for the archive report and inspect.
import type { ReportedClaim } from "../report/archive-report.js";
import { mask, personalDataKind } from "./personal-data.js";

/** User claims that are times in seconds since the epoch (OpenID Connect's `auth_time`). */
const TIME_CLAIMS: ReadonlySet<string> = new Set(["auth_time"]);

/**
 * The time a user claim names, as ISO 8601 UTC ("2025-12-08T08:30:52Z"), for a time claim given as a number or
 * a string of digits (MitID writes `auth_time` as a string); null for any other claim or value.
 */
export function claimTime(name: string, value: unknown): string | null {
  if (!TIME_CLAIMS.has(name)) return null;
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value : "";
  if (!/^\d{1,11}$/.test(text)) return null;
  const ms = Number(text) * 1000;
  return ms > 8.64e15 ? null : `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** User claims as the report shows them: each marked with its personal-data kind, masked unless shown. */
export function reportClaims(userClaims: Record<string, unknown>, showPersonalData: boolean): ReportedClaim[] {
  return Object.entries(userClaims).map(([name, value]): ReportedClaim => {
    const kind = personalDataKind(name);
    const hide = kind !== null && !showPersonalData;
    const time = hide ? null : claimTime(name, value);
    return { name, personalData: kind, value: hide ? mask(value) : value, masked: hide, ...(time ? { time } : {}) };
  });
}
