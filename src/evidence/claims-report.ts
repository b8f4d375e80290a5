// The signers' claims as reports show them: each marked with its personal-data kind and masked unless
// shown, and the signer read from them. One owner for the archive report, inspect and the renderers.
import type { ReportedClaim, SignerSummary } from "../report/archive-report.js";
import { mask, personalDataKind } from "./personal-data.js";

/** User claims as the report shows them: each marked with its personal-data kind, masked unless shown. */
export function reportClaims(userClaims: Record<string, unknown>, showPersonalData: boolean): ReportedClaim[] {
  return Object.entries(userClaims).map(([name, value]): ReportedClaim => {
    const kind = personalDataKind(name);
    const hide = kind !== null && !showPersonalData;
    return { name, personalData: kind, value: hide ? mask(value) : value, masked: hide };
  });
}

const NAME_CLAIMS = ["mitid.identity_name", "nl3Name", "nemlogin.name", "name"];

/**
 * The signer from already-reported (so already masked) claims: the name claim of the identity provider
 * (MitID, NemLog-in, else any claim classified as a name), `idp`, and the level of assurance.
 */
export function signerSummary(claims: readonly ReportedClaim[]): SignerSummary {
  const byName = (n: string) => claims.find((c) => c.name === n);
  const nameClaim = NAME_CLAIMS.map(byName).find((c) => c !== undefined) ?? claims.find((c) => c.personalData === "name");
  const text = (c: ReportedClaim | undefined): string | null =>
    c === undefined || c.value === null || c.value === undefined ? null : typeof c.value === "string" ? c.value : JSON.stringify(c.value);
  const loa = text(byName("loa")) ?? text(byName("ial")) ?? text(byName("signatureType"));
  return {
    name: text(nameClaim),
    nameClaim: nameClaim?.name ?? null,
    nameMasked: nameClaim?.masked ?? false,
    identityProvider: text(byName("idp")),
    levelOfAssurance: loa === null ? null : lastPathSegment(loa),
  };
}

/** "https://data.gov.dk/concept/core/nsis/Substantial/" → "Substantial", in linear time (the claim is untrusted). */
function lastPathSegment(value: string): string {
  let end = value.length;
  while (end > 0 && value[end - 1] === "/") end--;
  const trimmed = value.slice(0, end);
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}
