// Public API, batches of archives on one machine: discovery, the worker-thread pool, result lines (JSON Lines,
// resumable by run key), the summary and its exit code, JUnit and CSV.
export {
  verifyMany,
  defaultWorkers,
  discoverArchives,
  archiveKey,
  readResults,
  type ReportMode,
  MANIFEST_FILE,
  type ArchiveSpec,
  type ArchiveExitCode,
  type BatchResult,
  type VerifyManyOptions,
  type BatchVerifyOptions,
  type DiscoverOptions,
  type StoredResult,
} from "../batch/index.js";
/** @public the CLI reads resultLine through import() */
export { resultLine, JsonlWriter } from "../batch/jsonl.js";
export { BatchSummary, renderSummary } from "../batch/summary.js";
export { runKey } from "../batch/run-key.js";
/** @public the CLI reads BatchRow through import() */
export { junitXml, csvHeader, csvRow, type BatchRow } from "../batch/formats.js";
