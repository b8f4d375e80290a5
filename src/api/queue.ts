// Public API, batches on a job queue (BullMQ on Redis): bullmq and ioredis are loaded on first call.
export {
  enqueueArchives,
  runWorker,
  queueResults,
  queueStatus,
  jobIdFor,
  readResultKey,
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
  type QueueStatus,
  type QueueJobData,
  type QueuedArchive,
  type QueueConnectionOptions,
} from "../queue/index.js";
export { redactRedisUrl, type RedisTarget } from "../redis.js";
