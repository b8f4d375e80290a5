// What the archive checks exchange. A check is a function from the facts it needs to its result and the
// facts it establishes; the orchestrator (src/verify/archive.ts) threads them, frozen, from stage to stage.
// No check reads another's report details, and none writes into a shared context.
import type * as pkijs from "pkijs";
import type { Limits } from "../limits.js";
import type { PkiSession } from "../pki/session.js";
import type { CompactJws } from "../input/jws.js";
import type { IndexedTrustStore } from "../pki/trust-store.js";
import type { ChainResult } from "../pki/chain.js";
import type { DecodedOcsp } from "../pki/ocsp.js";
import type { CheckResult, CertificateSummary, ValidationTime } from "../report/types.js";
import type { WorkflowClaims } from "../evidence/workflow-token.js";
import type { PdfSignatureReport, SealSummary } from "../report/archive-report.js";
import { DEFAULT_CRYPTO_POLICY, type CryptoPolicy } from "../pki/algorithms.js";
import { NO_EXTRA_SEAL_SIGNERS, type SealSignerPolicy } from "../evidence/broker-identity.js";
import { POLICY_DEFAULTS, type JwsAlgorithm } from "../policy.js";
import type { LocatedItem, RevocationData } from "../pki/revocation.js";

export type { JwsAlgorithm };

export interface ArchiveOptions {
  /**
   * Validation time chosen by the user (--at); otherwise now. The evidence of the sealed revision is judged at
   * the time its proofs of existence give it (evidenceTime), and long-term validation says whether those proofs
   * still hold at the validation time.
   */
  at?: Date;
  /** Cryptographic constraints by date (--policy; default: schemas/crypto-policy.default.json). */
  cryptoPolicy: CryptoPolicy;
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

export const DEFAULT_ARCHIVE_OPTIONS: Readonly<ArchiveOptions> = Object.freeze({
  ocspWindowSeconds: POLICY_DEFAULTS.ocspWindowSeconds,
  clockSkewSeconds: POLICY_DEFAULTS.clockSkewSeconds,
  tokenAlgorithms: POLICY_DEFAULTS.tokenAlgorithms,
  tokenSignerOrganizations: POLICY_DEFAULTS.tokenSignerOrganizations,
  sealSigners: NO_EXTRA_SEAL_SIGNERS,
  allowExtraOriginals: false,
  cryptoPolicy: DEFAULT_CRYPTO_POLICY,
});

/** What every check may read and none may change: limits, the user's trust and options, the session's caches. */
export interface CheckEnv {
  readonly limits: Limits;
  /** The verification session's pki half: decodes within `limits` and holds the caches kept between archives. */
  readonly pki: PkiSession;
  /** The session's trust store, with its indexes. */
  readonly trust: IndexedTrustStore;
  readonly options: Readonly<ArchiveOptions>;
  /** The validation time of this run: --at, else the clock when the verification started. */
  readonly validationTime: ValidationTime;
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
  /** The Workflow token as found (not empty): what token-signature needs. */
  readonly token?: string;
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
  /**
   * The earliest revocation of the token certificate after its proof of existence and by the validation time,
   * that an authentic item of the evidence states (the one revocation rule, attack36b T2): long-term validation
   * then needs a proof of existence before it.
   */
  readonly tokenRevokedAt?: Date;
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

/** The one pool (checks/revocation-items.ts): the items, each once (by its bytes), the certificates the evidence carries that may sign them, and the items as the rule reads them. */
export interface EvidenceRevocation {
  readonly items: readonly LocatedItem[];
  readonly certs: readonly pkijs.Certificate[];
  readonly data: RevocationData;
  /** The items first found in the seal's CMS outside its signed attributes (in no DSS): read as a DSS's (a11 T1). */
  readonly inSealUnsigned: RevocationData;
  /** The items first found in a timestamp's own CMS (in no DSS, not in the seal's CMS): what the seal reads besides its own. */
  readonly inTimestamps: RevocationData;
  /**
   * A limit reached reading the timestamps' own CMS (their unsigned `crls` fields, which anyone can fill: a11
   * D2b): more OCSP responses and CRLs that decode than maxValidationDataItems, as for a DSS. The rest is not
   * read, so what rests on it is not decided.
   */
  readonly limit?: string;
}

/** Established once per run, before any certificate is judged (checks/revocation-items.ts). */
export interface RevocationItemsFacts {
  /** Every item of revocation data the evidence holds, each once, with where it lies: the one pool. */
  readonly revocationItems?: EvidenceRevocation;
}

/** What the stages of every evidence form may establish (src/verify/stages.ts: each form's run record). */
export type CommonFacts = Readonly<Partial<EvidenceFacts> & TokenFacts & ClaimsFacts & TokenPathFacts & OcspFacts & DigestFacts & RevocationItemsFacts>;

/**
 * The facts a check may read when they are there, of any form: for a check's parameter type (a Pick of it),
 * so that one check serves every form and reads a seal's fact as possibly absent. A run's facts are one
 * record per form (RunFacts in src/verify/stages.ts), and a stage reads only its form's.
 */
export type ArchiveFacts = CommonFacts & SealFacts;

/**
 * Facts `F` with `K` there: what a stage reads that needs them (src/verify/stages.ts looks before it runs
 * it, so the compiler, not a guard in the check, says they are there).
 */
export type With<F, K extends keyof F> = F & { readonly [P in K]-?: Exclude<F[P], undefined> };

/** What a check returns: its result and the facts it established (none when it could not run). */
export interface Established<F> {
  readonly check: CheckResult;
  readonly facts: F;
}

/** The validation time of a run: --at, else `now` (the clock when the verification started). */
export function runValidationTime(options: Pick<ArchiveOptions, "at">, now: Date): ValidationTime {
  return options.at ? { time: options.at, source: "at-option" } : { time: now, source: "current-time" };
}

/**
 * The time the sealed evidence (seal, token, its certificate and OCSP response) is judged at: past validation
 * (ETSI EN 319 102-1 §5.6.2) at the proven sealing time, the seal timestamp's genTime; without one, the
 * validation time (--at), else the token's iat (claimed, the JSON forms), else now. Whether that proof of
 * existence still holds at the validation time is long-term validation's question (check "long-term").
 */
export function evidenceTime(env: Pick<CheckEnv, "options" | "validationTime">, facts: Pick<ArchiveFacts, "sealTimestamp" | "claims">): ValidationTime {
  if (facts.sealTimestamp) return { time: facts.sealTimestamp, source: "seal-timestamp" };
  if (env.options.at) return { time: env.options.at, source: "at-option" };
  if (facts.claims?.iat !== undefined) return { time: new Date(facts.claims.iat * 1000), source: "token-iat" };
  return env.validationTime;
}

/** When the token was sealed: its iat (the OCSP was fetched just before it). */
export function tokenSealingTime(facts: Pick<ArchiveFacts, "claims">): ValidationTime | null {
  if (facts.claims?.iat !== undefined) return { time: new Date(facts.claims.iat * 1000), source: "token-iat" };
  return null;
}
