// Public API of the sealcheck library. No function here prints or exits; bad evidence yields a report,
// usage problems a SealcheckError with a stable `code`.
export * from "./report/types.js";
export type {
  ArchiveReport,
  ReportedClaim,
  SealSummary,
  PadesLevel,
  SignerSummary,
  VerificationInputs,
  PdfSignatureReport,
  PdfSignatureKind,
} from "./report/archive-report.js";
export { computeVerdict, exitCodeFor, type Verdict } from "./report/verdict.js";
// The registry of check ids: report order, category and the module that decides each.
export {
  ARCHIVE_CHECK_ENTRIES,
  ID_TOKEN_CHECK_ENTRIES,
  type CheckId,
  type ArchiveCheckId,
  type IdTokenCheckId,
  type CheckEntry,
  type CheckCategory,
} from "./report/check-ids.js";
// Types the exported functions and reports name, so that callers can name them too.
export type { ArchiveOptions } from "./checks/facts.js";
export type { CertificateSummary } from "./pki/certificate.js";
export type { PersonalDataKind } from "./evidence/personal-data.js";
export type { EvidenceFormat } from "./input/evidence-file.js";
export type { HtmlOptions } from "./render/html.js";
export type { Style } from "./render/style.js";
export { SealcheckError, FormatError, LimitError, type ErrorCode } from "./errors.js";
export { DEFAULT_LIMITS, LIMIT_NAMES, LIMIT_DESCRIPTIONS, resolveLimits, type Limits } from "./limits.js";
export { VERSION } from "./version.js";

// Archives (PAdES, PAdES-endpoint JSON, Workflow-token JSON)
export { verifyArchive, type VerifyArchiveOptions, type VerdictOptions } from "./verify/archive.js";
// Verification sessions: trust, options, limits and caches shared across verifyArchive calls, with a lifetime
// the caller chooses (clear() drops the caches); calls without one use the default process session.
export { createSession, clearDefaultSession, VerificationSession, type SessionOptions } from "./verify/session.js";
export { PkiSession, type PkiSessionOptions } from "./pki/session.js";
export { PkiCaches, type CacheSlot } from "./pki/kept.js";
export type { DerLimits } from "./pki/der.js";
export { loadTrustStore, anchorsFor, TRUST_ROLES, type TrustStore, type TrustRole } from "./pki/trust-store.js";
export { sealIdentity, organizationIdentifier, type SealIdentity, type SealSignerPolicy } from "./evidence/broker-identity.js";
export { weakKeyReason } from "./pki/jose-policy.js";
// The one sanitiser for untrusted text on its way to a terminal (use it when printing report fields yourself).
export { safeText, safeForTerminal } from "./render/sanitize.js";
export { DEFAULT_ARCHIVE_OPTIONS, DEFAULT_TOKEN_ALGORITHMS, type JwsAlgorithm } from "./checks/facts.js";
export { verifyArchiveWithToken } from "./verify/cross-check.js";
export { renderArchiveHuman, renderArchiveSummary } from "./render/archive-human.js";
export { renderArchiveHtml } from "./render/html.js";
export { renderJson } from "./render/json.js";

// Batches of archives
export {
  verifyMany,
  defaultWorkers,
  discoverArchives,
  readManifest,
  archiveKey,
  readResults,
  type ReportMode,
  MANIFEST_FILE,
  ORIGINALS_DIR,
  type ArchiveSpec,
  type ArchiveExitCode,
  type BatchResult,
  type VerifyManyOptions,
  type BatchVerifyOptions,
  type DiscoverOptions,
  type Manifest,
  type StoredResult,
} from "./batch/index.js";

// Batches on a job queue (BullMQ on Redis): bullmq and ioredis are loaded on first call
export {
  enqueueArchives,
  runWorker,
  queueResults,
  queueStatus,
  jobIdFor,
  type EnqueueOptions,
  type EnqueueSummary,
  type QueueWorker,
  type RunWorkerOptions,
  type QueueResult,
  type QueueResultsOptions,
  type QueueStatus,
  type QueueJobData,
  type QueueConnectionOptions,
} from "./queue/index.js";
export type { RedisTarget } from "./redis.js";

// Controlled-transfer ID tokens
export * from "./idtoken/index.js";
export { renderIdTokenReport, type IdTokenRenderOptions } from "./render/id-token.js";
