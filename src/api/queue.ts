// The `sealcheck/queue` entry: what runs on Redis. Batches on a job queue (BullMQ) and the ID-token replay
// store shared by several receivers. bullmq and ioredis are optional peer dependencies, installed by those who
// use this entry (npm install bullmq ioredis) and loaded on first call; `import "sealcheck"` never loads them.
export {
  enqueueArchives,
  runWorker,
  queueResults,
  queueStatus,
  jobIdFor,
  readResultKey,
  readReceipt,
  ReceiptWriter,
  type Receipt,
  type ReceiptEntry,
  checkHealthFile,
  type HealthCheck,
  type WorkerHealth,
  type WorkerHealthStatus,
  type EnqueueOptions,
  type EnqueueSummary,
  type QueueWorker,
  type RunWorkerOptions,
  type QueueResult,
  type QueueResultsOptions,
  type IdleReason,
  type RefusedEntry,
  type QueueStatus,
  type QueueJobData,
  type QueuedArchive,
  type ContentDigests,
  type QueueConnectionOptions,
} from "../queue/index.js";
/** How a worker started to augment (RunWorkerOptions.augment) augments each archive. */
export type { AugmentJob } from "../batch/types.js";
export { redactRedisUrl, type RedisTarget } from "../redis.js";
export { RedisReplayStore, type RedisReplayStoreOptions } from "../idtoken/replay-redis.js";
