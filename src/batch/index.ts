// Batch verification for archive systems: discovery, worker threads, results as JSON Lines.
export { verifyMany, augmentMany, defaultWorkers } from "./verify-many.js";
export { discoverArchives, archiveKey, MANIFEST_FILE, type DiscoverOptions } from "./discover.js";
export { readResults, type ReportMode, type StoredResult } from "./jsonl.js";
export type { ArchiveSpec, ArchiveExitCode, AugmentJob, BatchResult, BatchVerifyOptions, VerifyManyOptions } from "./types.js";
