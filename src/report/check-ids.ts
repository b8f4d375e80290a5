// The one registry of check ids (contract.md: added, never renamed or removed). Order is report order; the
// renderers' groups are read from it, and a test holds docs/contract.md to it. A reader finds a check from its
// id: `module` names the file that decides it, which for an archive check is the module of the stage declaring
// it in src/verify/stages.ts (test/verify/stages.test.ts imports both and compares them).

export type CheckCategory = "seal" | "token" | "ocsp" | "documents" | "cross-check" | "validation-time" | "trust-anchors" | "id-token" | "trusted-list";

export interface CheckEntry<Id extends string = string> {
  readonly id: Id;
  readonly group: CheckCategory;
  /** Where the judgement is made (path from the repository root). */
  readonly module: string;
  /** What it checks, one line (the contract's table). */
  readonly checks: string;
}

export const ARCHIVE_CHECK_ENTRIES = [
  {
    id: "attachments",
    group: "seal",
    module: "src/checks/attachments.ts",
    checks: "the three attachments are present exactly once, decodable, and covered by the seal",
  },
  {
    id: "seal-signature",
    group: "seal",
    module: "src/checks/seal-signature.ts",
    checks: "the PAdES CMS signature: ByteRange, messageDigest, signature value, ESS signing-certificate",
  },
  { id: "seal-timestamp", group: "seal", module: "src/checks/seal-timestamp.ts", checks: "the signature timestamp: imprint, TSA signature and chain, time" },
  {
    id: "seal-certificate",
    group: "seal",
    module: "src/checks/seal-certificate.ts",
    checks: "the seal certificate is the broker's, chains to a trust anchor, was valid and not revoked",
  },
  {
    id: "seal-modifications",
    group: "seal",
    module: "src/checks/seal-modifications.ts",
    checks: "nothing was changed after sealing except what DocMDP and PAdES LTV permit",
  },
  {
    id: "document-timestamps",
    group: "seal",
    module: "src/checks/pades.ts",
    checks: "every document timestamp verifies over its revision (PAdES B-LTA)",
  },
  {
    id: "token-signature",
    group: "token",
    module: "src/checks/token-signature.ts",
    checks: "the Workflow token's JWS signature with the attached certificate's key; allowed algorithms; kid",
  },
  {
    id: "token-claims",
    group: "token",
    module: "src/checks/token-claims.ts",
    checks: "required claims present and well-formed; document_N/signature_N parse",
  },
  {
    id: "token-certificate",
    group: "token",
    module: "src/checks/token-certificate.ts",
    checks: "the token certificate is the broker's, chains to a trust anchor and was valid at the validation time",
  },
  { id: "ocsp-signature", group: "ocsp", module: "src/checks/ocsp.ts", checks: "the OCSP response's signature and its signer's authority" },
  { id: "ocsp-certid", group: "ocsp", module: "src/checks/ocsp.ts", checks: "the response is about the token certificate" },
  { id: "ocsp-status", group: "ocsp", module: "src/checks/ocsp.ts", checks: "good / revoked / unknown at the sealing time" },
  { id: "ocsp-freshness", group: "ocsp", module: "src/checks/ocsp.ts", checks: "thisUpdate/nextUpdate/producedAt against the sealing time" },
  {
    id: "document-digests",
    group: "documents",
    module: "src/checks/document-digests.ts",
    checks: "each supplied original matches a document_N digest",
  },
  { id: "counts", group: "documents", module: "src/checks/counts.ts", checks: "the counts of documents and signatures agree" },
  {
    id: "validation-time",
    group: "validation-time",
    module: "src/checks/validation-time.ts",
    checks: "a validation time (--at) before the proven sealing time is remarked on",
  },
  {
    id: "long-term",
    group: "validation-time",
    module: "src/checks/long-term.ts",
    checks:
      "at the validation time (now or --at) the seal still validates: its certificate valid then, or a proof of existence before its expiry from timestamps whose own paths, revocation data and algorithms hold",
  },
  {
    id: "trust-anchors",
    group: "trust-anchors",
    module: "src/checks/trust-anchors.ts",
    checks: "a trust anchor that is a certificate the evidence itself carries is remarked on",
  },
  {
    id: "token-cross-check",
    group: "cross-check",
    module: "src/verify/cross-check.ts",
    checks: "the PAdES and the Workflow-token JSON carry the same token",
  },
] as const satisfies readonly CheckEntry[];

export const ID_TOKEN_CHECK_ENTRIES = [
  { id: "format", group: "id-token", module: "src/idtoken/verify.ts", checks: "a compact JWS that is a transfer ID token" },
  { id: "signature", group: "id-token", module: "src/idtoken/signature.ts", checks: "the signature with the broker's published key" },
  { id: "issuer", group: "id-token", module: "src/idtoken/claims.ts", checks: "iss is the expected broker environment" },
  { id: "audience", group: "id-token", module: "src/idtoken/claims.ts", checks: "aud is this receiver" },
  { id: "sender", group: "id-token", module: "src/idtoken/claims.ts", checks: "ct_sender is an expected sender" },
  { id: "lifetime", group: "id-token", module: "src/idtoken/claims.ts", checks: "iat/nbf/exp at the validation time" },
  { id: "claims", group: "id-token", module: "src/idtoken/claims.ts", checks: "the transfer claims are well-formed" },
  { id: "replay", group: "id-token", module: "src/idtoken/verify.ts", checks: "the transfer id was not presented before" },
] as const satisfies readonly CheckEntry[];

export const TRUSTED_LIST_CHECK_ENTRIES = [
  {
    id: "tl-format",
    group: "trusted-list",
    module: "src/trustlist/verify.ts",
    checks:
      "well-formed UTF-8 XML (XML 1.0 and its namespaces as libxml2 holds them) without a DTD or processing instruction, within the XML limits, a TrustServiceStatusList in the TS 119 612 namespace",
  },
  {
    id: "tl-structure",
    group: "trusted-list",
    module: "src/trustlist/verify.ts",
    checks:
      "the list follows the schema of its TSLVersionIdentifier (3 to 6) and its signature profile: elements, order, attributes, values, SigningCertificate(V2); no service history entry after its current status",
  },
  {
    id: "tl-signature",
    group: "trusted-list",
    module: "src/trustlist/verify.ts",
    checks: "one enveloped XAdES signature over the whole list: allowed algorithms, reference digests, signature value",
  },
  {
    id: "tl-signer",
    group: "trusted-list",
    module: "src/trustlist/signer.ts",
    checks:
      "the signing certificate is pinned or announced by a verified list of lists current at the list's time (a pin starts the chain of lists of lists only), and valid at the validation time",
  },
  {
    id: "tl-freshness",
    group: "trusted-list",
    module: "src/trustlist/verify.ts",
    checks: "ListIssueDateTime and NextUpdate enclose the validation time; the list is not closed",
  },
] as const satisfies readonly CheckEntry[];

export type ArchiveCheckId = (typeof ARCHIVE_CHECK_ENTRIES)[number]["id"];
export type IdTokenCheckId = (typeof ID_TOKEN_CHECK_ENTRIES)[number]["id"];
export type TrustedListCheckId = (typeof TRUSTED_LIST_CHECK_ENTRIES)[number]["id"];
export type CheckId = ArchiveCheckId | IdTokenCheckId | TrustedListCheckId;

const ARCHIVE_ORDER: ReadonlyMap<string, number> = new Map(ARCHIVE_CHECK_ENTRIES.map((c, i) => [c.id, i]));
const ID_TOKEN_ORDER: ReadonlyMap<string, number> = new Map(ID_TOKEN_CHECK_ENTRIES.map((c, i) => [c.id, i]));

/** The group a check id belongs to (undefined for an id no registry lists). */
export function groupOf(id: string): CheckCategory | undefined {
  return [...ARCHIVE_CHECK_ENTRIES, ...ID_TOKEN_CHECK_ENTRIES, ...TRUSTED_LIST_CHECK_ENTRIES].find((c) => c.id === id)?.group;
}

/** Checks in registry order (stable for equal ids); ids the registry does not list keep their place at the end. */
export function inReportOrder<T extends { id: string }>(checks: readonly T[], kind: "archive" | "id-token"): T[] {
  const order = kind === "archive" ? ARCHIVE_ORDER : ID_TOKEN_ORDER;
  const rank = (id: string) => order.get(id) ?? order.size;
  return checks
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c.id) - rank(b.c.id) || a.i - b.i)
    .map((x) => x.c);
}
