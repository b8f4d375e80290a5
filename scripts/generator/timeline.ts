// The fixed timeline every sample is built on (evidence.md §4), so that output is reproducible and
// everything verifies at the sealing time while the short-lived certificates are long expired "now".

const at = (iso: string): Date => new Date(iso);
const plusSeconds = (d: Date, s: number): Date => new Date(d.getTime() + s * 1000);

const iat = at("2025-12-08T08:36:35Z");

export const TIMELINE = {
  /** Sealing time: the token's `iat`, the seal's `/M`. */
  iat,
  /** The broker fetched the token certificate's OCSP response 4 s before sealing. */
  ocspProducedAt: plusSeconds(iat, -4),
  ocspNextUpdate: plusSeconds(iat, -4 + 3 * 24 * 3600),
  /** The seal's own revocation data (inside the CMS), fetched half a minute before sealing. */
  sealRevocationAt: plusSeconds(iat, -30),
  sealRevocationNext: plusSeconds(iat, 7 * 24 * 3600),
  /** The TSA's genTime: a few seconds after sealing. */
  timestampAt: plusSeconds(iat, 3),
  /** The signers signed minutes earlier (the token's `Created` values). */
  signaturesCreated: ["2025-12-08T08:31:12.4711093+00:00", "2025-12-08T08:34:05.8622654+00:00"],
  workflowExpiry: at("2026-01-07T08:00:00Z"),
  /** A "stale" OCSP response: produced days before sealing, its nextUpdate already past at iat. */
  staleProducedAt: at("2025-12-01T10:00:00Z"),
  staleNextUpdate: at("2025-12-04T10:00:00Z"),
  /** Revocation before sealing (for the revoked variant). */
  revokedAt: at("2025-11-20T12:00:00Z"),
  /** "Now" for the README: every short-lived certificate has expired by then. */
  now: at("2026-11-15T12:00:00Z"),
  validity: {
    // Every certificate of the sealed evidence but the OCSP responder outlives any test run (issue 36 part 7: no
    // time bombs). The valid sample is B-T like the broker's: its signature timestamp's TSA has no revocation
    // data, so the timestamp proves nothing and the sealed token is judged at the validation time (J1b). With
    // "now" as the default time it stays TOTAL-PASSED for a century only if the token's path outlives it too.
    // Tests about an expired token signer build their own (scripts/generator/pki.ts `withShortTokenSigner`).
    roots: [at("2020-01-01T00:00:00Z"), at("2125-01-01T00:00:00Z")],
    tokenCa: [at("2021-01-01T00:00:00Z"), at("2124-06-01T00:00:00Z")],
    tokenSigner: [at("2024-06-01T00:00:00Z"), at("2124-06-01T00:00:00Z")],
    responder: [at("2025-12-06T12:00:00Z"), at("2025-12-11T12:00:00Z")],
    seal: [at("2024-01-15T00:00:00Z"), at("2124-01-15T00:00:00Z")],
    tsa: [at("2023-01-01T00:00:00Z"), at("2124-01-01T00:00:00Z")],
  },
} as const;

export { plusSeconds };

/** PDF date `D:YYYYMMDDHHmmSSZ`. */
export const pdfDate = (d: Date): string => `D:${d.toISOString().replace(/[-:T]/g, "").slice(0, 14)}Z`;
