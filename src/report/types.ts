/**
 * The report model shared by every command. Vocabulary from ETSI EN 319 102-1: the indication and
 * sub-indication of the whole verdict, one CheckResult per building block that ran.
 */
import type { CheckId } from "./check-ids.js";

export type Indication = "TOTAL-PASSED" | "TOTAL-FAILED" | "INDETERMINATE";

/** ETSI EN 319 102-1 sub-indications (clause 5.1.3, table 5 and 6). */
export type SubIndication =
  // with TOTAL-FAILED
  | "FORMAT_FAILURE"
  | "HASH_FAILURE"
  | "SIG_CRYPTO_FAILURE"
  | "REVOKED"
  | "EXPIRED"
  | "NOT_YET_VALID"
  // with INDETERMINATE
  | "SIG_CONSTRAINTS_FAILURE"
  | "CHAIN_CONSTRAINTS_FAILURE"
  | "CERTIFICATE_CHAIN_GENERAL_FAILURE"
  | "CRYPTO_CONSTRAINTS_FAILURE"
  | "POLICY_PROCESSING_ERROR"
  | "TIMESTAMP_ORDER_FAILURE"
  | "NO_SIGNING_CERTIFICATE_FOUND"
  | "NO_CERTIFICATE_CHAIN_FOUND"
  | "REVOKED_NO_POE"
  | "REVOKED_CA_NO_POE"
  | "OUT_OF_BOUNDS_NO_POE"
  | "OUT_OF_BOUNDS_NOT_REVOKED"
  | "REVOCATION_OUT_OF_BOUNDS_NO_POE"
  | "CRYPTO_CONSTRAINTS_FAILURE_NO_POE"
  | "NO_POE"
  | "TRY_LATER"
  | "SIGNED_DATA_NOT_FOUND"
  | "GENERIC";

/**
 * passed: the property was verified. failed: it is proven false. indeterminate: it could not be
 * decided (missing trust anchor, missing data). warning: verified, with a remark that does not change the
 * verdict. skipped: did not run; the message says why (never counted as passed for what it would check).
 */
export type CheckStatus = "passed" | "failed" | "indeterminate" | "warning" | "skipped";

/** Where the time a check was judged at comes from. */
export type TimeSource =
  | "at-option" // the user's --at
  | "seal-timestamp" // genTime of the PAdES signature timestamp (proven by a TSA)
  | "token-iat" // the Workflow token's iat (claimed by the token signer)
  | "ocsp-produced-at" // when an OCSP response was signed (a responder's authority is judged then)
  | "current-time" // the clock of this machine (without --at)
  | "list-issue-date"; // a trusted list's ListIssueDateTime (claimed by its signer)

export interface ValidationTime {
  time: Date;
  source: TimeSource;
}

export interface CheckResult {
  /** Stable id, listed with what each check decides in docs/contract.md and docs/checks.md (e.g. "token-signature"). */
  id: CheckId;
  status: CheckStatus;
  /** One sentence a person can act on. */
  message: string;
  /** The sub-indication this check contributes when failed or indeterminate. */
  subIndication: SubIndication | null;
  /** The time the check was judged at (ISO 8601), when time matters to it. */
  judgedAt?: string;
  timeSource?: TimeSource;
  /** Evidence the check looked at: digests, names, serials, times. JSON-safe values only. */
  details?: Record<string, unknown>;
}

export interface ReportBase {
  indication: Indication;
  subIndication: SubIndication | null;
  /** The validation time used (ISO 8601) and where it comes from. */
  validationTime: string;
  validationTimeSource: TimeSource;
  /** Ids of the checks that decided the verdict (failed or indeterminate ones; empty when passed). */
  decidedBy: CheckId[];
  checks: CheckResult[];
  tool: { name: "sealcheck"; version: string };
}

/**
 * The form the evidence came in, as reports name it: decided from the content, never the file name (docs/contract.md).
 * An archive report whose file is none of these says "unknown" (ArchiveReport.evidence.format).
 */
export type EvidenceFormat = "pades-pdf" | "pades-json" | "workflow-token-json";

/**
 * The kind of personal data (GDPR) a claim holds, read from its name; "other" for a claim not known to be free of
 * personal data (docs/auditors.md, "Personal data").
 */
export type PersonalDataKind = "national-id" | "ip-address" | "age" | "name" | "contact" | "identity-id" | "other";

/** A certificate as reports show it (JSON-safe): filled by pki's summarize(). */
export interface CertificateSummary {
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: string;
  notAfter: string;
  sha1: string;
  sha256: string;
  signatureAlgorithm: string;
  /** Key usage names (digitalSignature, nonRepudiation, keyCertSign, …). */
  keyUsage?: string[];
  extendedKeyUsage?: string[];
  /**
   * Set when nothing in the certificate shows its holder is an organisation (docs/contract.md, "Personal data"): its name may be a
   * person's, personal data. `subject` (and a self-issued certificate's `issuer`) is then "[a person's name,
   * masked]" unless personal data is shown.
   */
  person?: true;
}

/** A trusted list that gave anchors, as the report names it. */
export interface TrustedListUse {
  file: string;
  /** SHA-256 of the list file. */
  sha256: string;
  territory: string | null;
  sequenceNumber: number | null;
  issued: string | null;
  /** Until when the list speaks for its services' statuses: its NextUpdate (a closed list does not verify). */
  speaksUntil: string | null;
  /** How its signer was trusted: "pinned", or the list of lists that announced it. */
  signerTrustedBy: string | null;
  /** Service certificates taken as anchors for some role and period. */
  anchors: number;
  /** Certificates of vouching services that could not be read: those services vouch for nothing. */
  unreadableCertificates: number;
  /** A newer list of the same territory given beside it (file and sequence number): this one vouches for nothing. */
  supersededBy?: string;
  /**
   * The lowest sequence number required for its territory (minimumSequence, --tl-min-sequence); a list numbered
   * below it vouches for nothing.
   */
  minimumSequence?: number;
  /**
   * The certificate that signed the list (a verified list only). `subject` is null when it names a person and
   * personal data is not shown (`person`).
   */
  signer?: ListCertificate;
  /**
   * The pinned certificate the list's trust rests on (signers, --tl-signer), with the file it was read from: the
   * signer itself, or the signer of the first list of lists of the chain that announced it (a14 X1i).
   */
  pinned?: ListCertificate & { file: string | null };
  /** Its services at which a path of the verdict ended, with what each decided (a report's, not the loader's). */
  decides?: ListServiceDecision[];
}

/** A certificate a trusted list's trust rests on, as the report names it. */
export interface ListCertificate {
  subject: string | null;
  sha256: string;
  /** It may name a person: nothing in it shows it is an organisation's (a CA, CN equal to O, a TSU or responder, a legal person's QC statement or policy). */
  person?: boolean;
}

/** A list's service whose certificate ended a path of the verdict. */
export interface ListServiceDecision {
  /** The service's and its provider's names as the list gives them. */
  service: string | null;
  provider: string | null;
  /** The service certificate's subject and SHA-256. */
  subject: string;
  sha256: string;
  /** What it decided, as trustAnchors' `decides` says it: "the seal", "the token certificate", … */
  decides: string[];
}
