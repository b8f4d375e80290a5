// Public API, batches of archives on one machine: discovery, the worker-thread pool, result lines (JSON Lines,
// resumable by run key), the summary and its exit code, JUnit and CSV.
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
} from "../batch/index.js";
export { resultLine, JsonlWriter } from "../batch/jsonl.js";
export { BatchSummary, renderSummary, worseExitCode, type BatchSummaryJson, type Summable } from "../batch/summary.js";
export { runKey } from "../batch/run-key.js";
export { junitXml, csvHeader, csvRow, type BatchRow } from "../batch/formats.js";
