// The report of `verify` for a workflow archive: the ETSI verdict and checks (ReportBase) plus what an
// auditor needs to read: the workflow, documents, signers, certificates. Personal data is marked, and its
// values masked unless the caller asks for them.
import type { StatementInfo } from "./statement-fields.js";
import type { CertificateSummary, CheckStatus, EvidenceFormat, PersonalDataKind, ReportBase, SubIndication, TrustedListUse } from "./types.js";

export interface ReportedClaim {
  name: string;
  /** Set when the claim is personal data; its value is then masked unless showPersonalData. */
  personalData: PersonalDataKind | null;
  value: unknown;
  masked: boolean;
  /** For a claim that is a time (`auth_time`, seconds since the epoch) and not masked: the time, ISO 8601 UTC. */
  time?: string;
}

export interface ArchiveReport extends ReportBase {
  kind: "workflow-archive";
  /** The evidence file, with its SHA-256 (hex) and size in bytes, so that a filed statement names exactly what was verified. */
  /** `format` "unknown": the file is none of the three forms of a sealed archive (check `attachments` says what it seems to be). */
  evidence: { file: string; format: EvidenceFormat | "unknown"; sha256?: string; size?: number };
  originals: { compared: boolean; files: string[] };
  /** What the verdict rests on besides the evidence: the trust anchors and every option that shaped it. */
  verification?: VerificationInputs;
  /**
   * What the person filing the statement added (`statement` option, `--case-ref`, `--auditor`): printed as
   * given, not verified, no part of the verdict. Absent when neither was given.
   */
  statement?: StatementInfo;
  /**
   * Whether the token's signature verified (check token-signature passed). When false, `workflow`,
   * `documents` and `signatures` are what the token claims, unverified: they may have been altered.
   */
  tokenClaimsVerified?: boolean;
  workflow: {
    id?: string;
    title?: string;
    organizationTin?: string;
    serviceProviderId?: string;
    issuer?: string;
    environment: string | null;
    sealedAt?: string;
    expiry?: string;
    claimFilter: "All" | "IncludeAgeClaims" | "Restricted";
  } | null;
  documents: { index: number; title: string; sha256Hex: string; matchedFiles: string[] }[];
  signatures: {
    index: number;
    created: string;
    id: string;
    signatureTransactionId: string;
    claims: ReportedClaim[];
    /** Who signed, read from the user claims (name masked like its claim unless personal data is shown). */
    signer?: SignerSummary;
  }[];
  tokenCertificate: (CertificateSummary & { path: CertificateSummary[] }) | null;
  ocsp: { producedAt?: string; responder?: CertificateSummary; status?: string; thisUpdate?: string; nextUpdate?: string; revocationTime?: string } | null;
  /** Filled by the seal checks for PAdES evidence; null for the Workflow-token JSON. */
  seal: SealSummary | null;
  /**
   * Long-term validation (check "long-term"): the proofs of existence, what they prove at the validation time and
   * until when. Null when it did not run (Workflow-token JSON, a seal that did not verify). Added in 1.x.
   */
  longTerm?: LongTermSummary | null;
  /** Every signature of the PDF (certification, approval, document timestamp), judged on its own; [] for JSON evidence. */
  pdfSignatures: PdfSignatureReport[];
  personalDataShown: boolean;
}

export type PadesLevel = "B-B" | "B-T" | "B-LT" | "B-LTA";

export interface SealSummary {
  /** Signature field name (e.g. Signature1). */
  field: string;
  /** The seal certificate, and whether it is the broker's production seal, its test seal, or another. */
  signer: CertificateSummary | null;
  identity: "production-seal" | "test-seal" | "accepted-seal-signer" | "other" | null;
  /** /M of the signature dictionary: claimed, not proven. */
  claimedTime: string | null;
  timestamp: { genTime: string; tsa: CertificateSummary | null; serialNumber: string } | null;
  /** Certificate path of the seal, leaf first. */
  path: CertificateSummary[];
  padesLevel: PadesLevel | null;
  /** Revisions in the file, and the one the seal covers (0-based). */
  revisions: number;
  sealedRevision: number;
  /** DocMDP permission level of the certification signature (1 = no changes). */
  docMdpPermission: number | null;
}

/** The signer as a person reads it: name (masked unless shown), identity provider, level of assurance. */
export interface SignerSummary {
  /** The name claim's value; masked ("•••") unless personal data is shown; null when there is no name claim. */
  name: string | null;
  nameClaim: string | null;
  nameMasked: boolean;
  /** `idp` claim (mitid, mitid_erhverv, nemlogin_qualified_signature, …). */
  identityProvider: string | null;
  /** Level of assurance: the last segment of the `loa` (else `ial`) NSIS URI, e.g. "Substantial". */
  levelOfAssurance: string | null;
}

export type PdfSignatureKind = "certification" | "approval" | "documentTimestamp";

/** One item of the report's `pdfSignatures` (docs/contract.md): a signature of the PDF judged on its own. */
export interface PdfSignatureReport {
  field: string;
  kind: PdfSignatureKind;
  /** The revision the byte range covers, counted from 1 (the original document); null when it covers none. */
  revision: number | null;
  /** DocMDP P of a certification signature; null otherwise. */
  docMdpPermission: number | null;
  /** The byte range covers exactly its revision except /Contents. */
  coversRevision: boolean;
  status: CheckStatus;
  subIndication: SubIndication | null;
  message: string;
  details: Record<string, unknown>;
}

/** The trust anchors and options a verification used (the statement lists them). */
export interface VerificationInputs {
  /**
   * Every anchor given (--trust and the per-role options; trust, trustFor, trustStore): subject and SHA-256 of
   * the certificate; `roles` when it was given for some roles only (--trust-token, --trust-seal, --trust-tsa).
   */
  trustAnchors: {
    subject: string;
    sha256: string;
    roles?: ("token" | "seal" | "tsa")[];
    /** The files it was read from, each with the option that named it (`trust`, `trustFor.seal`, …). */
    from?: { file: string; option: "trust" | "trustFor.token" | "trustFor.seal" | "trustFor.tsa" }[];
    /**
     * The paths that ended at it, in words: "the seal", "the seal's timestamp (TSA)", "the document timestamp
     * "X" (TSA)", "the token certificate". The verdict rests on these anchors: compare their SHA-256 with the
     * fingerprints their publishers state (docs/trust-anchors.md).
     */
    decides?: string[];
  }[];
  /** The trusted lists whose services were anchors (--trusted-list), each verified before use. */
  trustedLists?: TrustedListUse[];
  /** How many untrusted path-building certificates (--certs) were offered. */
  untrustedCertificates: number;
  /** The options that shaped the verdict, defaults included, as given to the library. */
  options: {
    at: string | null;
    ocspWindowSeconds: number;
    clockSkewSeconds: number;
    tokenAlgorithms: string[];
    tokenSignerOrganizations: string[];
    /** Limits that differ from the defaults. */
    limits: Record<string, number>;
    showPersonalData: boolean;
    /** The cryptographic constraints by date (--policy): its name and the SHA-256 of its JSON. */
    cryptoPolicy?: { name: string; sha256: string };
  };
}

/** An anchor the verdict rests on, by its SHA-256, with what it decided (verify-batch's lines carry them). */
export interface DecidingAnchorDigest {
  sha256: string;
  decides: string[];
}

/**
 * The anchors at which a path of the verdict ended: those given as files, the trusted lists' services, and the
 * pinned signer each such list's trust rests on ("the trusted list <file>").
 */
export function decidingAnchorDigests(report: Pick<ArchiveReport, "verification">): DecidingAnchorDigest[] {
  const v = report.verification;
  const files = (v?.trustAnchors ?? []).filter((a) => a.decides?.length).map((a) => ({ sha256: a.sha256, decides: [...a.decides!] }));
  const lists = (v?.trustedLists ?? []).flatMap((l) =>
    l.decides?.length
      ? [
          ...l.decides.map((d) => ({ sha256: d.sha256, decides: [...d.decides] })),
          ...(l.pinned ? [{ sha256: l.pinned.sha256, decides: [`the trusted list ${l.file}`] }] : []),
        ]
      : [],
  );
  return [...files, ...lists];
}

/** An algorithm weighed under the crypto policy at a time. */
export interface AlgorithmWeighed {
  algorithm: string;
  acceptableUntil: string | null;
  standing: "acceptable" | "forecast-passed" | "expired";
}

/** One timestamp as a proof of existence (POE), judged at the POE a later timestamp gives it or at the validation time. */
export interface LongTermEntry {
  kind: "signature-timestamp" | "document-timestamp";
  field: string | null;
  revision: number | null;
  genTime: string;
  tsa: string;
  /** The earliest notAfter on the TSA's path. */
  tsaPathNotAfter: string;
  algorithms: AlgorithmWeighed[];
  /** When it was judged: a later timestamp's genTime, or the validation time. */
  judgedAt: string;
  judgedAtSource: string;
  /** What the revocation data says of the TSA certificate. */
  revocation: string;
  /** It proves existence at genTime of what it covers. */
  proven: boolean;
  /** When its own proof runs out: its TSA path's expiry or its algorithms' date, whichever first. */
  horizon: string | null;
  reason: string | null;
}

export interface LongTermSummary {
  validationTime: string;
  validationTimeSource: string;
  sealingTime: string | null;
  sealCertificateNotAfter: string;
  /** Every verified timestamp, oldest first. */
  proofsOfExistence: LongTermEntry[];
  /** The earliest proven POE of the seal. */
  earliestProvenPoe: string | null;
  sealAlgorithms: AlgorithmWeighed[];
  /** The date the newest proven POE's path or algorithms run out; null without a proven POE (nothing protects it). */
  protectedUntil: string | null;
  protectedAtValidationTime: boolean;
  /** What the evidence proves, in one sentence. */
  evidenceProves: string;
  /** What would restore or renew the proof. */
  restore: string;
  policy: { name: string; sha256: string };
}
