// Public API, archives (PAdES, PAdES-endpoint JSON, Workflow-token JSON): verification, sessions, trust, the
// broker's identity, and the renderers of an archive report.
export type { ArchiveOptions } from "../checks/facts.js";
export type { JwsAlgorithm } from "../checks/facts.js";
export { verifyArchive, verifyArchiveWithToken, type VerifyArchiveOptions, type VerdictOptions } from "../verify/archive.js";
export { hashingProgress } from "../input/originals.js";
// The evidence as a source of bytes (verifyArchive({ evidence: { name, source } })): a caller's own reader.
export type { EvidenceSource, GivenEvidence } from "../input/source.js";
// Verification sessions: trust, options, limits and caches shared across verifyArchive calls, with a lifetime
// the caller chooses (clear() drops the caches); calls without one use the default process session.
export { createSession, clearDefaultSession, VerificationSession, type SessionOptions } from "../verify/session.js";
export { loadTrustStore, type AnchorSource, type TrustStore, type TrustRole } from "../pki/trust-store.js";
export { sealIdentity, type SealSignerPolicy } from "../evidence/broker-identity.js";
export { weakKeyReason } from "../pki/jose-policy.js";
export { renderArchiveHuman, renderArchiveSummary, renderVerdictRecap } from "../render/archive-human.js";
export { renderArchiveHtml, type HtmlOptions } from "../render/html.js";
// The case reference and auditor of a statement, checked with the caller's names for them (the CLI's flags).
export { statementInfo } from "../report/statement-fields.js";
