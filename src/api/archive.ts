// Public API, archives (PAdES, PAdES-endpoint JSON, Workflow-token JSON): verification, sessions, trust, the
// broker's identity, and the renderers of an archive report.
export type { ArchiveOptions } from "../checks/facts.js";
export { DEFAULT_ARCHIVE_OPTIONS, DEFAULT_TOKEN_ALGORITHMS, type JwsAlgorithm } from "../checks/facts.js";
export { verifyArchive, type VerifyArchiveOptions, type VerdictOptions } from "../verify/archive.js";
export { verifyArchiveWithToken } from "../verify/cross-check.js";
export { hashingProgress, type HashingProgress } from "../input/originals.js";
// The evidence as a source of bytes (verifyArchive({ evidence: { name, source } })): a caller's own reader.
export { wholeSource, type EvidenceSource, type GivenEvidence } from "../input/source.js";
// Verification sessions: trust, options, limits and caches shared across verifyArchive calls, with a lifetime
// the caller chooses (clear() drops the caches); calls without one use the default process session.
export { createSession, clearDefaultSession, VerificationSession, type SessionOptions } from "../verify/session.js";
export { PkiSession, type PkiSessionOptions } from "../pki/session.js";
export { PkiCaches, type CacheSlot } from "../pki/kept.js";
export type { DerLimits } from "../pki/der.js";
export type { SingleResponseInfo } from "../pki/ocsp.js";
export { loadTrustStore, anchorsFor, TRUST_ROLES, type TrustStore, type TrustRole } from "../pki/trust-store.js";
export { sealIdentity, organizationIdentifier, type SealIdentity, type SealSignerPolicy } from "../evidence/broker-identity.js";
export { weakKeyReason, type KeyUse } from "../pki/jose-policy.js";
export { renderArchiveHuman, renderArchiveSummary, renderVerdictRecap } from "../render/archive-human.js";
export { renderArchiveHtml, type HtmlOptions } from "../render/html.js";
