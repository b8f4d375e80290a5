// What the archive checks exchange. A check is a function from the facts it needs to its result and the
// facts it establishes; the orchestrator (src/verify/archive.ts) threads them, frozen, from stage to stage.
// No check reads another's report details, and none writes into a shared context.
import type * as pkijs from "pkijs";
import type { Limits } from "../limits.js";
import type { PkiSession } from "../pki/session.js";
import type { CompactJws } from "../input/jws.js";
import type { TrustStore } from "../pki/trust-store.js";
import type { ChainResult } from "../pki/chain.js";
import type { DecodedOcsp } from "../pki/ocsp.js";
import type { CheckResult, CertificateSummary, ValidationTime } from "../report/types.js";
import type { WorkflowClaims } from "../evidence/workflow-token.js";
import type { PdfSignatureReport, SealSummary } from "../report/archive-report.js";
import { BROKER_ORGANIZATION_ID, NO_EXTRA_SEAL_SIGNERS, type SealSignerPolicy } from "../evidence/broker-identity.js";

export type JwsAlgorithm = "RS256" | "RS384" | "RS512" | "PS256" | "PS384" | "PS512" | "ES256" | "ES384" | "ES512";
export const DEFAULT_TOKEN_ALGORITHMS: readonly JwsAlgorithm[] = Object.freeze(["RS256", "PS256", "ES256", "ES384", "ES512"]);

export interface ArchiveOptions {
  /** Validation time chosen by the user (--at); otherwise the time the evidence proves. */
  at?: Date;
  /** Seconds an OCSP response may be produced before the sealing time. */
  ocspWindowSeconds: number;
  /** Clock skew tolerated between broker, responder and TSA, in seconds. */
  clockSkewSeconds: number;
  /** JWS algorithms accepted for the Workflow token. */
  tokenAlgorithms: readonly JwsAlgorithm[];
  /**
   * organizationIdentifier values of the certificates allowed to sign Workflow tokens: the broker's own
   * (Signaturgruppen A/S). Any OCES certificate chains to the same roots; only the broker's makes a token.
   */
  tokenSignerOrganizations: readonly string[];
  /** Seal signers accepted besides the broker's production and test seals (--seal-signer). */
  sealSigners: SealSignerPolicy;
  /** A supplied original that matches no document_N is a warning instead of HASH_FAILURE (--allow-extra-originals). */
  allowExtraOriginals: boolean;
}

/** The broker's legal entity, as its token certificate names it (evidence.md §4). */
export { BROKER_ORGANIZATION_ID };

export const DEFAULT_ARCHIVE_OPTIONS: Readonly<ArchiveOptions> = Object.freeze({
  ocspWindowSeconds: 300,
  clockSkewSeconds: 60,
  tokenAlgorithms: DEFAULT_TOKEN_ALGORITHMS,
  tokenSignerOrganizations: Object.freeze([BROKER_ORGANIZATION_ID]),
  sealSigners: NO_EXTRA_SEAL_SIGNERS,
  allowExtraOriginals: false,
});

/** What every check may read and none may change: limits, the user's trust and options, the session's caches. */
export interface CheckEnv {
  readonly limits: Limits;
  /** The verification session's pki half: decodes within `limits` and holds the caches kept between archives. */
  readonly pki: PkiSession;
  readonly trust: TrustStore;
  readonly options: Readonly<ArchiveOptions>;
}

/** The three values every form of the evidence carries, as text, once the attachments check found them. */
export interface TokenEvidence {
  token: string;
  certPem: string;
  ocspBase64: string;
}

/** Established by "attachments" (either form): the three values and what they decode to. */
export interface EvidenceFacts {
  readonly evidence: Readonly<Partial<TokenEvidence>>;
  readonly tokenCert?: pkijs.Certificate;
  readonly ocsp?: DecodedOcsp;
}

/** Established by the seal checks (PAdES only). */
export interface SealFacts {
  /** The signature timestamp's genTime, once it and the seal verified: the proven sealing time. */
  readonly sealTimestamp?: Date;
  readonly seal?: SealSummary;
  /** Every signature of the PDF, judged on its own. */
  readonly pdfSignatures?: readonly PdfSignatureReport[];
}

/** Established by "token-signature". */
export interface TokenFacts {
  readonly jws?: CompactJws;
}

/** Established by "token-claims". */
export interface ClaimsFacts {
  readonly claims?: WorkflowClaims;
}

/** Established by "token-certificate". */
export interface TokenPathFacts {
  readonly tokenChain?: ChainResult;
  readonly tokenIssuer?: pkijs.Certificate | null;
}

/** Established by "ocsp-signature". */
export interface OcspFacts {
  readonly ocspResponder?: CertificateSummary;
}

/** Established by "document-digests". */
export interface DigestFacts {
  /** Every file given as an original, in the order listed. */
  readonly originalFiles?: readonly string[];
  /** document_N index → the supplied files with its digest. */
  readonly matchedDocuments?: readonly { index: number; files: string[] }[];
  /** Sealed archives found among the originals (a slip): left out of the comparison. */
  readonly sealedArchivesAmongOriginals?: readonly string[];
}

export type ArchiveFacts = Readonly<Partial<EvidenceFacts> & SealFacts & TokenFacts & ClaimsFacts & TokenPathFacts & OcspFacts & DigestFacts>;

/** What a check returns: its result and the facts it established (none when it could not run). */
export interface Established<F> {
  readonly check: CheckResult;
  readonly facts: F;
}

/** The validation time of this run: --at, else the seal's timestamp, else the token's iat, else now. */
export function validationTime(options: Pick<ArchiveOptions, "at">, facts: Pick<ArchiveFacts, "sealTimestamp" | "claims">): ValidationTime {
  if (options.at) return { time: options.at, source: "at-option" };
  if (facts.sealTimestamp) return { time: facts.sealTimestamp, source: "seal-timestamp" };
  if (facts.claims?.iat !== undefined) return { time: new Date(facts.claims.iat * 1000), source: "token-iat" };
  return { time: new Date(), source: "current-time" };
}

/** When the token was sealed: its iat (the OCSP was fetched just before it). */
export function tokenSealingTime(facts: Pick<ArchiveFacts, "claims">): ValidationTime | null {
  if (facts.claims?.iat !== undefined) return { time: new Date(facts.claims.iat * 1000), source: "token-iat" };
  return null;
}
