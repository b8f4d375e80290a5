// The signer as reports show it, read from already-reported (so already masked) claims: a reading of the
// report model (the renderers use it for reports that carry no signer summary), so it lives with the model.
import type { ReportedClaim, SignerSummary } from "./archive-report.js";

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
