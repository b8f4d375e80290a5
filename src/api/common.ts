// Public API, what every part shares: the report model and its verdict, the check-id registry, errors, limits,
// times, the sanitiser for terminals, JSON rendering, writing an output file. The CLI imports the library only
// through the modules of src/api (enforced by .dependency-cruiser.cjs); src/index.ts is all of them.
export * from "../report/types.js";
export type {
  ArchiveReport,
  ReportedClaim,
  SealSummary,
  PadesLevel,
  SignerSummary,
  VerificationInputs,
  PdfSignatureReport,
  PdfSignatureKind,
  LongTermSummary,
  LongTermEntry,
  AlgorithmWeighed,
  DecidingAnchorDigest,
} from "../report/archive-report.js";
export type { ApprovalLevel, ApprovalPolicy, CryptoPolicy, PolicyKeyType } from "../pki/algorithms.js";
export type { StatementFields, StatementInfo } from "../report/statement-fields.js";
export { computeVerdict, exitCodeFor, type Verdict } from "../report/verdict.js";
// The registry of check ids: report order, category and the module that decides each.
export {
  ARCHIVE_CHECK_ENTRIES,
  ID_TOKEN_CHECK_ENTRIES,
  TRUSTED_LIST_CHECK_ENTRIES,
  type CheckId,
  type ArchiveCheckId,
  type IdTokenCheckId,
  type TrustedListCheckId,
  type CheckEntry,
  type CheckCategory,
} from "../report/check-ids.js";
export type { CertificateSummary } from "../pki/certificate.js";
export type { EvidenceInput, WorkflowResultInfo } from "../input/evidence-file.js";
export type { Style } from "../render/style.js";
// What a public key is to the library, on any platform (weakKeyReason, a JWKS key).
export type { PublicKey } from "../platform/crypto.js";
export { SealcheckError, FormatError, LimitError, errorMessage, type ErrorCode } from "../errors.js";
export { DEFAULT_LIMITS, LIMIT_NAMES, LIMIT_DESCRIPTIONS, resolveLimits, type Limits } from "../limits.js";
export { parseValidationTime, type ValidationTimeInput } from "../time.js";
// The verification policy (what createSession takes) and its defaults.
export { POLICY_DEFAULTS, normalisePolicy, type Policy, type NormalisedPolicy } from "../policy.js";
export { VERSION } from "../version.js";
// The one sanitiser for untrusted text on its way to a terminal (use it when printing report fields yourself).
export { safeText, safeForTerminal, escapeJsonText } from "../render/sanitize.js";
export { renderJson } from "../render/json.js";
export { writeOutputFile } from "../inspect/write.js";
export { readBounded } from "../input/evidence-file.js";
