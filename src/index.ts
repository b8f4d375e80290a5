// Public API of the sealcheck library. No function here prints or exits; bad evidence yields a report,
// usage problems a SealcheckError with a stable `code`.
export * from "./report/types.js";
export { computeVerdict, exitCodeFor } from "./report/verdict.js";
export { SealcheckError, FormatError, LimitError, type ErrorCode } from "./errors.js";
export { DEFAULT_LIMITS, resolveLimits, type Limits } from "./limits.js";
export { VERSION } from "./version.js";
