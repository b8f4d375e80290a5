// `sealcheck worker`: takes jobs (groups of archives) from the queue and verifies their archives on the same
// worker-thread pool as verify-batch (startRunner), with this worker's own trust anchors and options. A job
// enqueued under other options (another run key) is handed back for a worker that has them. BullMQ keeps a lock
// on each running job; a worker process that dies stops renewing it, and another worker takes the job once the
// lock expires (stalled-job check): its unfinished archives are then queued again one per job, and a job of one
// archive that stalls again runs alone; after `maxStalledCount` such stalls it fails and its result says no
// verdict. Those decisions and the worker's state are WorkerMachine's (worker-machine.ts); this file wires it to
// bullmq (loaded here on first call: an optional dependency), Redis, the pool, the health file and close().
import { hostname } from "node:os";
import { isAbsolute } from "node:path";
import type { Job, Worker } from "bullmq";
import type { ReportMode } from "../batch/jsonl.js";
import { runKey } from "../batch/run-key.js";
import { defaultWorkers, startRunner } from "../batch/verify-many.js";
import type { AugmentJob, BatchVerifyOptions } from "../batch/types.js";
import type { Runner } from "../batch/pool.js";
import { SealcheckError, errorMessage } from "../errors.js";
import { parseValidationTime } from "../time.js";
import { describeRedis, loadOptional, openRedis, persistenceWarnings, redactedMessage, throwFailedCommand } from "../redis.js";
import { withAddLock } from "./add-lock.js";
import { checkConnectionOptions, type QueueConnectionOptions } from "./connection.js";
import { RECORD_JOB, groupIdFor, queueKeys, type QueueJobData } from "./job.js";
import { failedLines, publishResult, sendResult, type ResultTarget } from "./results.js";
import { WorkerMachine, type JobInHand, type Member } from "./worker-machine.js";
import { checkResultKey } from "./result-key.js";
import { checkHealthInterval, writeHealthFile, type WorkerHealth } from "./health.js";

export interface RunWorkerOptions extends QueueConnectionOptions, BatchVerifyOptions {
  /** Worker threads verifying at once (each holds up to two archives). Default: the number of cores. */
  concurrency?: number;
  /** Give up on one archive after this many ms (as verify-batch --timeout). */
  timeoutMs?: number;
  workerHeapMb?: number;
  /**
   * Which results keep their full report in Redis (as verify-batch --reports). Default "not-passed": the
   * report is most of each result's bytes (23 KB of 24), and a passing archive's is reproducible with `verify`.
   */
  reports?: ReportMode;
  /** How long a running job's lock lasts without renewal, ms (BullMQ lockDuration). Default 30000. */
  lockDurationMs?: number;
  /** How often this worker looks for jobs whose worker died, ms (BullMQ stalledInterval). Default 30000. */
  stalledIntervalMs?: number;
  /** Stalls after which a job fails with no verdict (BullMQ maxStalledCount), 1 to 100. Default 2. */
  maxStalledCount?: number;
  /** When a job of another run key comes, it is handed back for this long, ms. Default 5000. */
  handBackMs?: number;
  /**
   * A secret shared with the readers (src/queue/result-key.ts): each result line is written with its MAC, so
   * that a reader holding the key can tell the workers' lines from any other written to Redis.
   */
  resultKey?: Uint8Array;
  /**
   * A file this worker rewrites every `healthIntervalMs` with its state (src/queue/health.ts), for a process
   * supervisor's probe (`sealcheck queue health <file>`).
   */
  healthFile?: string;
  /** How often the health file is rewritten, ms. Default 5000. */
  healthIntervalMs?: number;
  /** One-line notes (handed-back jobs, Redis errors), for a log. */
  onLog?: (line: string) => void;
  /** Internal/testing: the thread pool's worker script. */
  workerUrl?: URL;
  /**
   * Take the queue's augment jobs (`queue add --augment`) instead of its verify jobs: each archive is augmented
   * with this TSA and written where this says (in place, or under `outDir` at its absolute path), whole or not at
   * all; its result line carries `augmented`. The job names only the archives, never where to write or whom to ask.
   */
  augment?: Omit<AugmentJob, "target"> & { outDir?: string; inPlace?: boolean };
}

export interface QueueWorker {
  /** The run key of this worker's options: it verifies the jobs enqueued under the same key. */
  readonly run: string;
  /** Archives (and refused jobs) whose result this worker wrote. */
  readonly processed: number;
  /**
   * Stops taking jobs and lets the archives already on a thread finish (at most two per thread); the other
   * archives of its jobs go back to waiting, uncounted. With force, the running ones are stopped too and go
   * back with no result and no stall counted. Then ends the pool and the connections.
   */
  close(o?: { force?: boolean }): Promise<void>;
}

export async function runWorker(o: RunWorkerOptions): Promise<QueueWorker> {
  const { name, prefix } = checkConnectionOptions(o);
  const {
    redis: _r,
    queue: _q,
    prefix: _p,
    concurrency,
    timeoutMs,
    workerHeapMb,
    reports = "not-passed",
    lockDurationMs = 30_000,
    stalledIntervalMs = 30_000,
    maxStalledCount = 2,
    handBackMs = 5000,
    resultKey,
    healthFile,
    healthIntervalMs = 5000,
    onLog,
    workerUrl,
    augment,
    ...verify
  } = o;
  const job = augmentJobOf(augment);
  const threads = concurrency ?? defaultWorkers();
  if (!Number.isInteger(threads) || threads < 1)
    throw new SealcheckError("ERR_USAGE", `concurrency: the worker threads must be a whole number ≥ 1, not ${String(concurrency)}`, {
      option: "concurrency",
    });
  for (const [k, v] of Object.entries({ lockDurationMs, stalledIntervalMs, handBackMs }))
    if (!Number.isInteger(v) || v < 100 || v > 2_147_483_647)
      throw new SealcheckError("ERR_USAGE", `${k}: must be a whole number of milliseconds from 100 to 2147483647`, { option: k });
  // At least 1: a job of several archives whose worker died must be taken again to be split, else every one of
  // its unfinished archives would be charged with the death.
  if (!Number.isInteger(maxStalledCount) || maxStalledCount < 1 || maxStalledCount > 100)
    throw new SealcheckError("ERR_USAGE", "maxStalledCount: the number of stalls allowed must be a whole number from 1 to 100", { option: "maxStalledCount" });
  if (!["all", "not-passed", "none"].includes(reports))
    throw new SealcheckError("ERR_USAGE", "reports: must be all, not-passed or none", { option: "reports" });
  const key = resultKey === undefined ? undefined : checkResultKey(resultKey);
  if (healthFile !== undefined && (typeof healthFile !== "string" || healthFile === ""))
    throw new SealcheckError("ERR_USAGE", "healthFile: must be a file path", { option: "healthFile" });
  checkHealthInterval(healthIntervalMs);
  const log = onLog ?? (() => {});
  // Run keys this worker answers, for the two values of allowMissingOriginals a job may carry.
  const kind = job ? ({ kind: "augment" } as const) : {};
  const runs = { true: runKey({ ...verify, allowMissingOriginals: true, ...kind }), false: runKey({ ...verify, allowMissingOriginals: false, ...kind }) };

  // bullmq first (an optional dependency: missing, nothing was started), then Redis (an unreachable one is the
  // likelier mistake, and fails fast), then the pool: an unusable trust store stops the worker before it takes
  // any job.
  const { Worker, Queue, DelayedError, WaitingError } = await loadOptional("bullmq", () => import("bullmq"));
  const { client } = await openRedis(o.redis, { name: `sealcheck:worker:${hostname()}:${process.pid}` });
  let runner: Runner;
  try {
    runner = await startRunner({
      ...verify,
      reports,
      workers: threads,
      ...(timeoutMs ? { timeoutMs } : {}),
      ...(workerHeapMb ? { workerHeapMb } : {}),
      ...(workerUrl ? { workerUrl } : {}),
      ...(job ? { augment: job } : {}),
    });
  } catch (e) {
    if (typeof o.redis === "string") client.disconnect();
    throw e;
  }
  const owned = typeof o.redis === "string";
  for (const w of await persistenceWarnings(client, describeRedis(o.redis))) log(`warning: ${w}`);
  const keys = queueKeys(prefix, name);
  const redisUrl = typeof o.redis === "string" ? o.redis : undefined;

  // Results leave without being awaited (sendResult): in the same write as the job's completion, ahead of it.
  // Should Redis refuse one (out of memory, say), it is written again from here (resend).
  let processed = 0;
  const inFlight = new Set<Promise<void>>();
  const send = (t: ResultTarget, line: string): Promise<void> => {
    const sending = sendResult(client, keys, t, line, key).then(
      (entry) => {
        if (entry) processed++;
      },
      (e: unknown) => resend(t, line, e),
    );
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
    return sending;
  };
  // Results refused by Redis after their job completed, written again (a few tries, 1 s apart).
  const resend = async (t: ResultTarget, line: string, first: unknown): Promise<void> => {
    let why = first;
    for (let attempt = 1; attempt <= 5; attempt++) {
      log(`writing the result of ${t.id} failed (${redactedMessage(why, redisUrl)}); trying again`);
      await new Promise((res) => setTimeout(res, 1000));
      try {
        if (await publishResult(client, keys, t, line, key)) processed++;
        return;
      } catch (e) {
        why = e;
      }
    }
    log(`the result of ${t.id} could not be written: ${redactedMessage(why, redisUrl)}`);
  };
  // A suspect's archives, each as a job of its own (ids made from the suspect's, so that a split repeated after
  // another crash adds nothing), their records pointing at them; the suspect then completes.
  let splitter: InstanceType<typeof Queue> | null = null;
  const split = async (job: JobInHand, d: QueueJobData, todo: Member[]): Promise<void> => {
    const nonce = job.id.slice(2);
    const jobs = todo.map((m) => {
      const data = { ...d, nonce, archives: [m.a] } satisfies QueueJobData;
      const jobId = groupIdFor(data);
      const { attempts, backoff, removeOnComplete, removeOnFail } = job.opts;
      return { name: "verify", data, opts: { jobId, attempts, backoff, removeOnComplete, removeOnFail }, record: m.target.hash };
    });
    splitter ??= new Queue(name, { connection: client, prefix });
    const q = splitter;
    // Under the add lock: between the records and the jobs, an add would take these archives for lost.
    await withAddLock(client, keys.addLock, async () => {
      throwFailedCommand(await client.pipeline(jobs.map((j) => ["hset", j.record, RECORD_JOB, j.opts.jobId])).exec());
      await q.addBulk(jobs.map(({ name: n, data, opts }) => ({ name: n, data, opts })));
    });
  };
  // Jobs in hand: one more than the threads, so that a thread whose job's last archive is done finds the next
  // job's archives already there (each job holds up to 16); not more, so that at the end of a run no process
  // holds archives another could be verifying.
  const fetching = threads + 1;
  const machine = new WorkerMachine(
    { keys, runs, reports, handBackMs, fetching, ...kind },
    {
      runner,
      send,
      unfinished: async (group) => {
        const rs = (await client.pipeline(group.map((m) => ["hexists", m.target.hash, m.target.field])).exec()) ?? [];
        return group.filter((_, i) => rs[i]?.[1] !== 1);
      },
      split,
      setConcurrency: (n) => (worker.concurrency = n),
      log,
    },
  );
  runner.onAvailable = () => machine.wake();
  /** The BullMQ job and its lock token as the machine sees them. */
  const inHand = (job: Job, token: string | undefined): JobInHand => ({
    id: String(job.id),
    data: job.data,
    stalledCounter: job.stalledCounter ?? 0,
    retried: (job.attemptsStarted ?? 0) > 1 || job.attemptsMade > 0,
    opts: job.opts,
    async handBack(ms) {
      await job.moveToDelayed(Date.now() + ms, token);
      throw new DelayedError();
    },
    async backToWait() {
      await job.moveToWait(token);
      throw new WaitingError();
    },
  });
  const processor = async (job: Job, token?: string): Promise<null> => {
    await machine.take(inHand(job, token));
    return null;
  };

  const worker: Worker = new Worker(name, processor, {
    connection: client,
    prefix,
    concurrency: fetching,
    lockDuration: lockDurationMs,
    stalledInterval: stalledIntervalMs,
    maxStalledCount,
    name: `${hostname()}:${process.pid}`,
    autorun: false,
  });
  let lastError = 0;
  let lastErrorSeen: WorkerHealth["lastError"] = null;
  worker.on("error", (e) => {
    lastErrorSeen = { at: new Date().toISOString(), message: redactedMessage(e, redisUrl) };
    // Once per 10 s: during a Redis restart every poll fails the same way.
    if (Date.now() - lastError < 10_000) return;
    lastError = Date.now();
    log(`Redis error (the worker keeps trying): ${redactedMessage(e, redisUrl)}`);
  });
  // A job failed for good (its workers died `maxStalledCount` + 1 times, or every attempt errored): its
  // result says so. If this process dies first, the next reader's sweep writes it.
  worker.on("failed", (job, err) => {
    if (!job || (job.attemptsMade < (job.opts.attempts ?? 1) && !/stalled more than allowable limit/.test(err.message))) return;
    for (const f of failedLines(job, err.message, keys)) void publishResult(client, keys, f.target, f.line, key).catch(() => {});
  });
  void worker.run().catch((e) => log(`the worker stopped: ${redactedMessage(e, redisUrl)}`));
  try {
    await worker.waitUntilReady();
  } catch (e) {
    await worker.close(true).catch(() => {});
    await runner.close();
    if (owned) client.disconnect();
    throw new SealcheckError("ERR_REDIS", `cannot use the queue on Redis: ${redactedMessage(e, redisUrl)}`, { cause: e });
  }

  // Health: rewritten on a timer that does not keep the process alive; a write that fails is noted once.
  const startedAt = new Date().toISOString();
  let healthFailed = false;
  /** Set by close(): the timer's writes say so too, rather than ok, while running archives finish. */
  let closingPhase: "stopping" | "stopped" | null = null;
  let closing: Promise<void> | null = null;
  /** Set by a forced close: the threads' archives were handed back unfinished. */
  let forced: Promise<void> | undefined;
  const health = (): void => {
    if (!healthFile) return;
    const redisState = client.status;
    // Stopped: the threads were closed on purpose, so they are not "failed"; the reason says how it stopped.
    const reason =
      closingPhase === "stopped"
        ? forced
          ? STOPPED_FORCED
          : STOPPED_CLEANLY
        : redisState !== "ready"
          ? `Redis is ${redisState}${lastErrorSeen ? ` (${lastErrorSeen.message})` : ""}`
          : !runner.alive()
            ? "every verification thread failed and none could be restarted"
            : null;
    try {
      writeHealthFile(healthFile, {
        status: closingPhase ?? (reason ? "degraded" : "ok"),
        reason,
        pid: process.pid,
        host: hostname(),
        queue: name,
        run: runs.false,
        startedAt,
        updatedAt: new Date().toISOString(),
        redis: redisState,
        running: machine.inPool,
        processed,
        lastError: lastErrorSeen,
      });
      healthFailed = false;
    } catch (e) {
      if (!healthFailed) log(`cannot write the health file ${healthFile}: ${errorMessage(e)}`);
      healthFailed = true;
    }
  };
  health();
  const healthTimer = healthFile ? setInterval(health, healthIntervalMs).unref() : null;

  return {
    run: runs.false,
    get processed() {
      return processed;
    },
    close(c = {}) {
      // Forced (also after a graceful close began): stop the threads now; the archives they held come back
      // at once as handed-back jobs, and the graceful close below no longer waits for them.
      if (c.force && machine.phase !== "abandoning") {
        machine.abandon();
        forced = runner.close();
      }
      closing ??= (async () => {
        closingPhase = "stopping";
        machine.drain();
        health();
        await forced;
        // BullMQ's close waits for Redis; with Redis gone it would wait for a reconnect forever.
        await deadline(
          worker.close().catch(() => {}),
          CLOSE_DEADLINE_MS,
        );
        await Promise.all(inFlight);
        await runner.close();
        await deadline(
          splitter?.close().catch(() => {}),
          CLOSE_DEADLINE_MS,
        );
        if (healthTimer) clearInterval(healthTimer);
        closingPhase = "stopped";
        health();
        if (
          owned &&
          !(await deadline(
            client.quit().then(
              () => true,
              () => false,
            ),
            1000,
          ))
        )
          client.disconnect();
      })();
      return closing;
    },
  };
}

/** The worker's augment configuration as the pool takes it: exactly one output place, an absolute output folder. */
function augmentJobOf(a: RunWorkerOptions["augment"]): AugmentJob | undefined {
  if (a === undefined) return undefined;
  if (a === null || typeof a !== "object" || typeof a.tsa !== "string" || a.tsa === "")
    throw new SealcheckError("ERR_USAGE", "augment: expected { tsa, outDir } or { tsa, inPlace: true } (tsa the TSA's URL)", { option: "augment" });
  if ((a.outDir === undefined) === !a.inPlace) throw new SealcheckError("ERR_USAGE", "augment: give exactly one of outDir and inPlace", { option: "augment" });
  const { outDir, inPlace: _i, ...rest } = a;
  if (outDir !== undefined && (typeof outDir !== "string" || !isAbsolute(outDir)))
    throw new SealcheckError("ERR_USAGE", "augment.outDir: must be an absolute path (every archive goes there at its own absolute path)", {
      option: "augment.outDir",
    });
  // Renew only what is due (as augment <dir> --expiring-before): an instant as `at` takes it, kept as ISO 8601.
  if (rest.expiringBefore !== undefined) rest.expiringBefore = expiryOf(rest.expiringBefore);
  // Queued archives are absolute paths: under outDir each keeps its whole path, so no two can collide.
  return { ...rest, target: outDir !== undefined ? { outDir, bases: ["/"] } : { inPlace: true } };
}

function expiryOf(value: unknown): string {
  try {
    return parseValidationTime(value as string).toISOString();
  } catch (e) {
    if (!(e instanceof SealcheckError)) throw e;
    throw new SealcheckError("ERR_USAGE", e.message.replace(/^at:/, "augment.expiringBefore:"), { option: "augment.expiringBefore" });
  }
}

/** The health file's reason once the worker has stopped: on purpose (close()), so neither is a failure. */
const STOPPED_CLEANLY = "stopped cleanly on SIGTERM or close(): took no new job and finished the running archives";
const STOPPED_FORCED = "stopped at once on a second signal or close({ force: true }): the running archives were handed back to the queue";

/** How long a closing worker waits for Redis (BullMQ's close, the splitter's) before it goes on without it. */
const CLOSE_DEADLINE_MS = 5000;

/** `p`, or undefined once `ms` have passed (the timer does not keep the process alive). */
async function deadline<T>(p: Promise<T> | undefined, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((res) => {
    timer = setTimeout(() => res(undefined), ms);
    timer.unref();
  });
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}
