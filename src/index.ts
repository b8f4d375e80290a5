// The public API of the sealcheck library (`import "sealcheck"`): sessions, the verifiers, verifyMany, the
// renderers, and the types they take and give. Every exported name is pinned by test/api/public-api.test.ts:
// adding one is a decision, not a side effect. No function here prints or exits; bad evidence yields a report,
// usage problems a SealcheckError with a stable `code`. Validation times (`at`) take one shape everywhere,
// `ValidationTimeInput` (a Date, or an ISO 8601 instant with its zone).
//
// The queue and the Redis replay store are the entry `sealcheck/queue` (src/api/queue.ts; bullmq and ioredis
// are optional). What the CLI needs besides is src/api/internal.ts, which no entry publishes.

// Sessions: trust, options, limits and caches shared across verifications.
export { createSession, clearDefaultSession, loadTrustStore, readCertificateFiles, loadTrustedListAnchors } from "./api/internal.js";
// The verifiers.
export { verifyArchive, verifyArchiveWithToken, verifyMany, discoverArchives, readResults, verifyIdToken, verifyTrustedList } from "./api/internal.js";
// ID tokens: key sources and the in-process replay store.
export { DiscoveryKeyProvider, loadKeysFile, staticKeys, fetchJwksSnapshot, MemoryReplayStore, ReplayStoreError } from "./api/internal.js";
// The renderers, and the sanitiser for printing report fields yourself (they hold text from the evidence).
export {
  renderArchiveHuman,
  renderArchiveSummary,
  renderArchiveHtml,
  renderIdTokenReport,
  renderTrustedListReport,
  renderJson,
  safeText,
  safeForTerminal,
} from "./api/internal.js";
// The verdict's exit code, errors, limits, the version.
export { exitCodeFor, SealcheckError, DEFAULT_LIMITS, VERSION } from "./api/internal.js";

// The types of what these take and give.
export type {
  ArchiveCheckId,
  ArchiveOptions,
  ArchiveExitCode,
  ArchiveReport,
  ArchiveSpec,
  BatchResult,
  BatchVerifyOptions,
  BrokerEnvironment,
  CertificateSummary,
  CheckId,
  CheckResult,
  CheckStatus,
  DiscoverOptions,
  DiscoveryKeyProviderOptions,
  DiscoveryOptions,
  ErrorCode,
  EvidenceFormat,
  HtmlOptions,
  IdTokenAlgorithm,
  IdTokenCheckId,
  IdTokenHeaderInfo,
  IdTokenRenderOptions,
  IdTokenReport,
  IdTokenTransfer,
  Indication,
  JwksSnapshot,
  JwsAlgorithm,
  KeyOrigin,
  KeyProvider,
  KeySelection,
  KeySet,
  Limits,
  ListAnchor,
  ListAnchorData,
  ListAnchorSource,
  ListWindow,
  MemoryReplayStoreOptions,
  NormalisedPolicy,
  PadesLevel,
  PdfSignatureKind,
  PdfSignatureReport,
  Policy,
  PersonalDataKind,
  ReplayPresentation,
  ReplayStore,
  ReportBase,
  ReportMode,
  ReportedClaim,
  SealSignerPolicy,
  SealSummary,
  SessionOptions,
  SignerSummary,
  SkippedKey,
  StoredResult,
  Style,
  SubIndication,
  TimeSource,
  TrustRole,
  TrustStore,
  TrustedListAnchorOptions,
  TrustedListAnchors,
  TrustedListCheckId,
  TrustedListInfo,
  TrustedListInput,
  TrustedListLink,
  TrustedListPointer,
  TrustedListProvider,
  TrustedListRenderOptions,
  TrustedListReport,
  TrustedListService,
  TrustedListUse,
  UsableKey,
  ValidationTime,
  ValidationTimeInput,
  VerdictOptions,
  VerificationInputs,
  VerificationSession,
  VerifyArchiveOptions,
  VerifyIdTokenOptions,
  VerifyManyOptions,
  VerifyTrustedListOptions,
  WorkflowResultInfo,
} from "./api/internal.js";
