// Public types of the trusted-list verifier (ETSI TS 119 612): verifyTrustedList and its report.
import type { Limits } from "../limits.js";
import type { ValidationTimeInput } from "../time.js";
import type { CertificateSummary, ReportBase } from "../report/types.js";

export interface VerifyTrustedListOptions {
  /**
   * Certificates pinned as list signers (PEM or DER bytes, as read from `--trust` files). A list whose signing
   * certificate is one of these, byte for byte, has a trusted signer. For the EU list of lists these are the
   * certificates announced in the Official Journal.
   */
  signers?: readonly Uint8Array[];
  /**
   * Lists of lists (LOTLs), in any order. They are verified as a chain ordered by sequence number: the oldest
   * is signed by a pinned signer, each later one by a certificate its predecessor announces for itself (the
   * pivot mechanism); the newest one's pointer for the list's territory names the certificates that may sign it.
   */
  lotls?: readonly { bytes: Uint8Array; file: string }[];
  /** Validation time. Default: the list's own ListIssueDateTime (as claimed by its signer). */
  at?: ValidationTimeInput;
  limits?: Partial<Limits>;
}

export interface TrustedListPointer {
  territory: string | null;
  location: string;
  mimeType: string | null;
  /** SHA-256 of each certificate the pointer announces as a signer of that list. */
  signerCertificates: string[];
}

export interface TrustedListService {
  type: string;
  name: string | null;
  status: string;
  statusStartingTime: string;
  /** Certificates that identify the service (its CA or TSA certificate). */
  certificates: CertificateSummary[];
  /** Earlier statuses, newest first (ServiceHistory). */
  history: { status: string; statusStartingTime: string; type: string }[];
}

export interface TrustedListProvider {
  name: string | null;
  services: TrustedListService[];
}

/** What the list says about itself: read from the bytes the signature covers once it verified, else unverified. */
export interface TrustedListInfo {
  /** "list-of-lists" for a LOTL (TSLType …listofthelists), "trusted-list" otherwise. */
  kind: "list-of-lists" | "trusted-list";
  tslType: string | null;
  version: number | null;
  sequenceNumber: number | null;
  territory: string | null;
  operator: string | null;
  issued: string | null;
  /** null: the list is closed (NextUpdate without a date). */
  nextUpdate: string | null;
  providers: number;
  services: number;
}

export interface TrustedListLink {
  file: string;
  sequenceNumber: number | null;
  issued: string | null;
  /** Its NextUpdate: a list of lists vouches for no signer at a later time. */
  nextUpdate?: string | null;
  indication: ReportBase["indication"];
  subIndication: ReportBase["subIndication"];
  signer: string | null;
  /** Who made the signer trusted: "pinned" or the sequence number of the LOTL that announced it. */
  trustedBy: string | null;
  message: string;
}

export interface TrustedListReport extends ReportBase {
  kind: "trusted-list";
  list: TrustedListInfo | null;
  signer: CertificateSummary | null;
  /** The signer's certificate may name a person (nothing in it shows it is an organisation's: pki/holder.ts): human output hides its subject. */
  signerIsPerson: boolean;
  /** How the signer became trusted: "pinned", or the LOTL that announced it ("the list of lists #248 (EU.xml)"); null when it is not. */
  signerTrustedBy: string | null;
  signingTime: string | null;
  /** The LOTL chain that vouched for the signer, oldest first (empty without --lotl). */
  lotlChain: TrustedListLink[];
  /** Pointers to other lists (a LOTL's), present only when the verdict is TOTAL-PASSED. */
  pointers: TrustedListPointer[] | null;
  /** Providers and their services, present only when the verdict is TOTAL-PASSED. */
  providers: TrustedListProvider[] | null;
}
