// Verification on a job queue (BullMQ on Redis): enqueue archive references, run workers on any number of
// machines, read the results back.
export { enqueueArchives, type EnqueueOptions, type EnqueueSummary } from "./enqueue.js";
export { runWorker, type QueueWorker, type RunWorkerOptions } from "./worker.js";
export { queueResults, queueStatus, type IdleReason, type QueueResult, type QueueResultsOptions, type QueueStatus, type RefusedEntry } from "./results.js";
export { jobIdFor, type QueueJobData, type QueuedArchive } from "./job.js";
export { readResultKey } from "./result-key.js";
export type { ContentDigests } from "../batch/pins.js";
export { readReceipt, ReceiptWriter, type Receipt, type ReceiptEntry } from "./receipt.js";
export { checkHealthFile, type HealthCheck, type WorkerHealth, type WorkerHealthStatus } from "./health.js";
export type { QueueConnectionOptions } from "./connection.js";
