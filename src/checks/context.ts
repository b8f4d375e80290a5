// What the archive checks share: the evidence as read, the user's trust and options, and what earlier
// building blocks established (the token, its certificate and path, the proven sealing time).
import type * as pkijs from "pkijs";
import type { Limits } from "../limits.js";
import type { EvidenceInput } from "../input/evidence-file.js";
import type { CompactJws } from "../input/jws.js";
import type { TrustStore } from "../pki/trust-store.js";
import type { PkiSession } from "../pki/session.js";
import type { ChainResult } from "../pki/chain.js";
import type { DecodedOcsp } from "../pki/ocsp.js";
import type { ValidationTime } from "../report/types.js";
import type { WorkflowClaims } from "../evidence/workflow-token.js";
import type { PdfSignatureReport, SealSummary } from "../report/archive-report.js";
import { BROKER_ORGANIZATION_ID, NO_EXTRA_SEAL_SIGNERS, type SealSignerPolicy } from "../evidence/broker-identity.js";

export type JwsAlgorithm = "RS256" | "RS384" | "RS512" | "PS256" | "PS384" | "PS512" | "ES256" | "ES384" | "ES512";
export const DEFAULT_TOKEN_ALGORITHMS: readonly JwsAlgorithm[] = ["RS256", "PS256", "ES256", "ES384", "ES512"];

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

export const DEFAULT_ARCHIVE_OPTIONS: ArchiveOptions = {
  ocspWindowSeconds: 300,
  clockSkewSeconds: 60,
  tokenAlgorithms: DEFAULT_TOKEN_ALGORITHMS,
  tokenSignerOrganizations: [BROKER_ORGANIZATION_ID],
  sealSigners: NO_EXTRA_SEAL_SIGNERS,
  allowExtraOriginals: false,
};

/** The three values every form of the evidence carries, as text, once the attachments check found them. */
export interface TokenEvidence {
  token: string;
  certPem: string;
  ocspBase64: string;
}

export interface ArchiveContext {
  input: EvidenceInput;
  limits: Limits;
  /** The verification session: its pki half decodes within `limits` and holds the caches kept between archives. */
  session: { readonly pki: PkiSession };
  trust: TrustStore;
  options: ArchiveOptions;
  /** Set by the attachments check. */
  evidence?: Partial<TokenEvidence>;
  /** Set by token-signature. */
  jws?: CompactJws;
  tokenCert?: pkijs.Certificate;
  /** Set by token-claims. */
  claims?: WorkflowClaims;
  /** Set by token-certificate. */
  tokenChain?: ChainResult;
  tokenIssuer?: pkijs.Certificate | null;
  ocsp?: DecodedOcsp;
  /** Set by the seal checks: the signature timestamp's genTime, once verified. */
  sealTimestamp?: Date;
  /** Set by the seal checks: what the report says about the seal. */
  sealSummary?: SealSummary;
  /** Sealed archives found among the originals (a slip): left out of the comparison, named by document-digests. */
  sealedArchivesAmongOriginals?: string[];
  /** Set by the seal checks: every signature of the PDF, judged on its own. */
  pdfSignatures?: PdfSignatureReport[];
}

/** The validation time of this run: --at, else the seal's timestamp, else the token's iat, else now. */
export function validationTime(ctx: ArchiveContext): ValidationTime {
  if (ctx.options.at) return { time: ctx.options.at, source: "at-option" };
  if (ctx.sealTimestamp) return { time: ctx.sealTimestamp, source: "seal-timestamp" };
  if (ctx.claims?.iat !== undefined) return { time: new Date(ctx.claims.iat * 1000), source: "token-iat" };
  return { time: new Date(), source: "current-time" };
}

/** When the token was sealed: its iat (the OCSP was fetched just before it). */
export function tokenSealingTime(ctx: ArchiveContext): ValidationTime | null {
  if (ctx.claims?.iat !== undefined) return { time: new Date(ctx.claims.iat * 1000), source: "token-iat" };
  return null;
}
