// Batch verification for archive systems: discovery, worker threads, results as JSON Lines.
export { verifyMany, defaultWorkers } from "./verify-many.js";
export { discoverArchives, readManifest, archiveKey, MANIFEST_FILE, ORIGINALS_DIR, type DiscoverOptions, type Manifest } from "./discover.js";
export { readResults, type ReportMode, type StoredResult } from "./jsonl.js";
export type { ArchiveSpec, ArchiveExitCode, BatchResult, BatchVerifyOptions, VerifyManyOptions } from "./types.js";
