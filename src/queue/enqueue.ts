// `sealcheck queue add`: archives found exactly as verify-batch finds them, one BullMQ job each. The files
// stay where they are; the job holds their absolute paths, so every worker must see the same paths.
import { resolve } from "node:path";
import { discoverArchives } from "../batch/discover.js";
import { runKey } from "../batch/run-key.js";
import type { ArchiveSpec, BatchVerifyOptions } from "../batch/types.js";
import { SealcheckError } from "../errors.js";
import { persistenceWarnings, redactedMessage } from "../redis.js";
import { connectQueue, type QueueConnectionOptions } from "./connection.js";
import { JOB_VERSION, jobIdFor, type QueueJobData } from "./job.js";

export interface EnqueueOptions extends QueueConnectionOptions, BatchVerifyOptions {
  /** As verify-batch's --allow-missing-originals (discovery; part of the job id). */
  allowMissingOriginals?: boolean;
  /** Jobs that fail (a Redis error while publishing the result) are tried this many times. Default 3. */
  attempts?: number;
  /** Seconds a finished job is kept for deduplication when its result is never read. Default 7 days. */
  keepFinishedSeconds?: number;
}

export interface EnqueueSummary {
  queue: string;
  /** The run key of these options (the `run` of each result line). */
  run: string;
  /** Archives found (discovery problems included: each is a job that reports it). */
  found: number;
  added: number;
  /** Already in the queue under the same options (waiting, running, or finished and not yet read). */
  alreadyQueued: number;
  /** Settings of the Redis server that would lose jobs (no appendonly, an eviction policy). */
  warnings: string[];
}

/**
 * Archives are added in chunks (one EXISTS over the chunk, then one addBulk): the first of FIRST_CHUNK, each next
 * one twice as large up to CHUNK, so that workers start on the first archives while the rest are still being
 * found, and a large run still costs a round trip per 500 archives.
 */
const FIRST_CHUNK = 16;
const CHUNK = 500;

/**
 * Enqueues every archive under `roots` (directories, manifests, evidence files — as verify-batch) or of an
 * iterable of ArchiveSpec. Idempotent: an archive already queued under the same options is not added again.
 */
export async function enqueueArchives(roots: readonly string[] | Iterable<ArchiveSpec>, o: EnqueueOptions): Promise<EnqueueSummary> {
  const { redis: _r, queue: _q, prefix: _p, attempts: _a, keepFinishedSeconds: _k, ...verify } = o;
  const allowMissingOriginals = Boolean(o.allowMissingOriginals);
  const isRoots = Array.isArray(roots) && roots.every((r) => typeof r === "string");
  const specs: Iterable<ArchiveSpec> = isRoots ? discoverArchives(roots as string[], { allowMissingOriginals }) : (roots as Iterable<ArchiveSpec>);
  const attempts = o.attempts ?? 3;
  if (!Number.isInteger(attempts) || attempts < 1 || attempts > 100) throw new SealcheckError("ERR_USAGE", "attempts must be a whole number from 1 to 100");
  const keep = o.keepFinishedSeconds ?? 7 * 24 * 3600;
  const run = runKey({ ...verify, allowMissingOriginals });
  const c = await connectQueue(o, "add");
  const summary: EnqueueSummary = { queue: c.name, run, found: 0, added: 0, alreadyQueued: 0, warnings: [] };
  try {
    summary.warnings = await persistenceWarnings(c.client, c.where);
    let chunk: ArchiveSpec[] = [];
    let chunkSize = FIRST_CHUNK;
    const flush = async (): Promise<void> => {
      if (chunk.length === 0) return;
      const batch = chunk.map((a) => ({ ...a, evidence: resolve(a.evidence), originals: a.originals.map((p) => resolve(p)) }));
      chunk = [];
      const ids = batch.map((a) => jobIdFor(a, run));
      const keys = ids.map((id) => c.keys.job(id));
      // One EXISTS over the chunk's keys settles the usual cases (all new, or all queued already); only a
      // chunk of both asks key by key.
      const count = await c.client.exists(...keys);
      const known =
        count === 0 || count === keys.length
          ? keys.map(() => count > 0)
          : ((await c.client.pipeline(keys.map((k) => ["exists", k])).exec()) ?? []).map((r) => r?.[1] === 1);
      const fresh = batch.map((a, i) => ({ a, id: ids[i]!, known: known[i] === true })).filter((x) => !x.known);
      summary.alreadyQueued += batch.length - fresh.length;
      if (fresh.length === 0) return;
      const first = (await c.client.incrby(c.keys.index, fresh.length)) - fresh.length;
      await c.queue.addBulk(
        fresh.map(({ a, id }, i) => {
          const data: QueueJobData = {
            v: JOB_VERSION,
            evidence: a.evidence,
            originals: a.originals,
            ...(a.problem ? { problem: a.problem } : {}),
            index: first + i,
            run,
            allowMissingOriginals,
          };
          return {
            name: "verify",
            data,
            opts: {
              jobId: id,
              attempts,
              backoff: { type: "exponential", delay: 1000 },
              // Kept after reading until `queue results --trim` removes them; the age bounds what is never read.
              removeOnComplete: { age: keep },
              removeOnFail: { age: keep },
            },
          };
        }),
      );
      summary.added += fresh.length;
    };
    for (const a of specs) {
      summary.found++;
      chunk.push(a);
      if (chunk.length >= chunkSize) {
        await flush();
        chunkSize = Math.min(CHUNK, chunkSize * 2);
      }
    }
    await flush();
  } catch (e) {
    if (e instanceof SealcheckError) throw e;
    throw new SealcheckError(
      "ERR_REDIS",
      `could not enqueue on Redis at ${c.where}: ${redactedMessage(e, typeof o.redis === "string" ? o.redis : undefined)}`,
      {
        cause: e,
      },
    );
  } finally {
    await c.close();
  }
  return summary;
}
