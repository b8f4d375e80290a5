// `sealcheck queue add`: archives found exactly as verify-batch finds them, in BullMQ jobs of up to 16 archives
// each (a large archive alone). The files stay where they are; the job holds their absolute paths, so every
// worker must see the same paths. Each archive gets a record (src/queue/job.ts) naming the job that holds it:
// an archive with a record whose job still exists, or whose result is written and not yet read, is not added
// again.
import { randomBytes } from "node:crypto";
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { discoverArchives } from "../batch/discover.js";
import { runKey } from "../batch/run-key.js";
import { batchErrorCode, type ArchiveSpec, type BatchVerifyOptions } from "../batch/types.js";
import { SealcheckError } from "../errors.js";
import { parseValidationTime } from "../time.js";
import { persistenceWarnings, redactedMessage, throwFailedCommand } from "../redis.js";
import { withAddLock } from "./add-lock.js";
import { connectQueue, type QueueConnectionOptions } from "./connection.js";
import {
  DEFAULT_KEEP_SECONDS,
  JOB_VERSION,
  MAX_GROUP,
  RECORD_EVIDENCE,
  RECORD_INDEX,
  RECORD_JOB,
  RECORD_MAC,
  RECORD_NONCE,
  RECORD_RESULT,
  RECORD_CONTENT,
  groupIdFor,
  jobIdFor,
  type QueueJobData,
  type QueuedArchive,
} from "./job.js";
import type { ReceiptEntry } from "./receipt.js";
import { checkResultKey, macMatches, recordMac } from "./result-key.js";
import { contentDigest, pinArchive, type ContentDigests } from "../batch/pins.js";
import { resolveLimits, type Limits } from "../limits.js";

export interface EnqueueOptions extends QueueConnectionOptions, BatchVerifyOptions {
  /** As verify-batch's --allow-missing-originals (discovery; part of the job id). */
  allowMissingOriginals?: boolean;
  /** As verify-batch's --follow-manifests (discovery only: see DiscoverOptions.followManifests). */
  followManifests?: boolean;
  /** Jobs that fail (a Redis error while publishing the result) are tried this many times. Default 3. */
  attempts?: number;
  /** Seconds a finished job and an unread result are kept for deduplication. Default 7 days. */
  keepFinishedSeconds?: number;
  /**
   * Archives per job, at most. Default 16: BullMQ's own work per job is spent once per group; a group is one
   * lock, so a worker that dies puts all of its unfinished archives back (they are then retried one per job).
   */
  groupSize?: number;
  /** A job is closed once its evidence files reach this many bytes (a large archive is a job alone). Default 64 MiB. */
  groupBytes?: number;
  /**
   * The workers' and readers' result key (src/queue/result-key.ts): each archive's record is signed with it, so
   * that a reader holding the key knows which enqueue (nonce) and position each archive has. A reader with a key
   * refuses the results of archives whose record is not signed with it.
   */
  resultKey?: Uint8Array;
  /**
   * Called with each archive enqueued: what a receipt holds (src/queue/receipt.ts). With it, every archive is
   * enqueued anew with a fresh nonce, never taken as "already queued" from what Redis holds (a writer to Redis
   * could plant an earlier enqueue's signed record there): a receipt names only enqueues this add made. A
   * reader given the receipt accounts for exactly these archives and takes only these enqueues' results.
   */
  onQueued?: (entries: readonly ReceiptEntry[]) => void;
  /**
   * "augment": jobs that augment each archive (PAdES-BASELINE-LTA) instead of verifying it, taken only by
   * workers started to augment (RunWorkerOptions.augment): they hold the TSA and the output place, never the job.
   */
  kind?: "augment";
  /**
   * With kind "augment": renew only the archives due by this time (an instant, as `at` takes it): each job
   * carries it, and the worker uses it over its own `augment.expiringBefore` (the default for jobs without one).
   * Archives not due are verified, their lines say until when they are protected, and they are left as they are.
   */
  expiringBefore?: string | Date;
}

export interface EnqueueSummary {
  queue: string;
  /** The run key of these options (the `run` of each result line). */
  run: string;
  /** Archives found (discovery problems included: each is an archive of a job, whose result reports it). */
  found: number;
  added: number;
  /** BullMQ jobs created for the added archives. */
  jobs: number;
  /** Already in the queue under the same options (waiting, running, or finished and not yet read). */
  alreadyQueued: number;
  /** Settings of the Redis server that would lose jobs (no appendonly, an eviction policy). */
  warnings: string[];
}

/**
 * Archives are added in chunks (their records read in one round trip, then one addBulk): the first of
 * FIRST_CHUNK, each next one twice as large up to CHUNK, so that workers start on the first archives while the
 * rest are still being found, and a large run still costs a few round trips per 500 archives.
 */
const FIRST_CHUNK = 16;
const CHUNK = 512;

/**
 * Enqueues every archive under `roots` (directories, manifests, evidence files — as verify-batch) or of an
 * iterable of ArchiveSpec. Idempotent: an archive already queued under the same options is not added again.
 */
export async function enqueueArchives(roots: readonly string[] | Iterable<ArchiveSpec>, o: EnqueueOptions): Promise<EnqueueSummary> {
  const {
    redis: _r,
    queue: _q,
    prefix: _p,
    attempts: _a,
    keepFinishedSeconds: _k,
    groupSize: _g,
    groupBytes: _b,
    resultKey: _rk,
    onQueued: _oq,
    followManifests: _fm,
    kind,
    expiringBefore: due,
    ...verify
  } = o;
  const expiringBefore = due === undefined ? undefined : dueDate(due, kind);
  if (kind !== undefined && kind !== "augment") throw new SealcheckError("ERR_USAGE", 'kind: must be "augment" or absent (verify)', { option: "kind" });
  const resultKey = o.resultKey === undefined ? undefined : checkResultKey(o.resultKey);
  const allowMissingOriginals = Boolean(o.allowMissingOriginals);
  const isRoots = Array.isArray(roots) && roots.every((r) => typeof r === "string");
  const specs: Iterable<ArchiveSpec> = isRoots
    ? discoverArchives(roots as string[], { allowMissingOriginals, followManifests: Boolean(o.followManifests) })
    : (roots as Iterable<ArchiveSpec>);
  const attempts = o.attempts ?? 3;
  if (!Number.isInteger(attempts) || attempts < 1 || attempts > 100)
    throw new SealcheckError("ERR_USAGE", "attempts: must be a whole number from 1 to 100", { option: "attempts" });
  const keep = o.keepFinishedSeconds ?? DEFAULT_KEEP_SECONDS;
  if (!Number.isSafeInteger(keep) || keep < 1)
    throw new SealcheckError("ERR_USAGE", "keepFinishedSeconds: must be a whole number of seconds ≥ 1", { option: "keepFinishedSeconds" });
  const groupSize = o.groupSize ?? 16;
  if (!Number.isInteger(groupSize) || groupSize < 1 || groupSize > MAX_GROUP)
    throw new SealcheckError("ERR_USAGE", `groupSize: the group size must be a whole number from 1 to ${MAX_GROUP}`, { option: "groupSize" });
  const groupBytes = o.groupBytes ?? 64 * 1024 * 1024;
  if (!Number.isSafeInteger(groupBytes) || groupBytes < 1)
    throw new SealcheckError("ERR_USAGE", "groupBytes: must be a whole number of bytes ≥ 1", { option: "groupBytes" });
  const run = runKey({ ...verify, allowMissingOriginals, ...(kind ? { kind } : {}) });
  // The workers' limits (the run key holds them): what they would refuse to read is refused here too.
  const limits = resolveLimits(verify.limits);
  const c = await connectQueue(o, "add");
  const summary: EnqueueSummary = { queue: c.name, run, found: 0, added: 0, jobs: 0, alreadyQueued: 0, warnings: [] };
  const jobOpts = {
    attempts,
    backoff: { type: "exponential", delay: 1000 },
    // Kept after reading until `queue results --trim` removes them; the age bounds what is never read.
    removeOnComplete: { age: keep },
    removeOnFail: { age: keep },
  };
  try {
    summary.warnings = await persistenceWarnings(c.client, c.where);
    let chunk: ArchiveSpec[] = [];
    let chunkSize = FIRST_CHUNK;
    const flush = async (): Promise<void> => {
      if (chunk.length === 0) return;
      const resolved = chunk.map((a) => ({ ...a, evidence: resolve(a.evidence), originals: a.originals.map((p) => resolve(p)) }));
      chunk = [];
      // The content is pinned before the lock: hashing is the slow part, and needs no one else to wait.
      const batch = await pinAll(resolved, limits);
      // One adder at a time decides which archives are new (src/queue/add-lock.ts).
      await withAddLock(c.client, c.keys.addLock, () => addNew(batch));
    };
    const addNew = async (batch: Pinned[]): Promise<void> => {
      const ids = batch.map((a) => jobIdFor(a, run));
      const queued: ReceiptEntry[] = [];
      // Queued already: a record whose result is written (not yet read), or whose job still exists and has not
      // completed. A record whose job is gone (an add that stopped between the two), or completed without this
      // archive's result (its data was refused), does not count.
      // With a receipt, nothing in Redis is taken as queued (see onQueued).
      const count = o.onQueued ? 0 : await c.client.exists(...ids.map((id) => c.keys.archive(id)));
      const known = ids.map(() => false);
      if (count > 0) {
        const replies = await c.client
          .pipeline(ids.map((id) => ["hmget", c.keys.archive(id), RECORD_JOB, RECORD_RESULT, RECORD_NONCE, RECORD_INDEX, RECORD_MAC, RECORD_CONTENT]))
          .exec();
        throwFailedCommand(replies);
        // With the result key, a record counts only when its MAC is ours: one planted by a writer without the
        // key would make this add skip the archive, and its reader never expect it. A record of other content
        // (the archive changed since it was enqueued) does not count either: the archive is enqueued anew.
        const recs = (replies ?? []).map((r, i) => {
          const [g, res, n, idx, m, cd] = (r?.[1] ?? [null, null, null, null, null, null]) as (string | null)[];
          const content = contentOf(batch[i]!);
          const ours =
            (cd ?? "") === content &&
            (!resultKey ||
              (typeof n === "string" &&
                typeof idx === "string" &&
                macMatches(recordMac(resultKey, c.keys.scope, ids[i] as string, n, idx, content), m ?? undefined)));
          return ours ? { g: g ?? null, r: res ?? null, n: n ?? null, i: idx ?? null } : { g: null, r: null, n: null, i: null };
        });
        const holders = [...new Set(recs.filter(({ g, r }) => g && !r).map(({ g }) => g!))];
        const live = new Set<string>();
        if (holders.length > 0) {
          const completed = c.keys.job("completed");
          const replies = await c.client
            .pipeline(
              holders.flatMap((g) => [
                ["exists", c.keys.job(g)],
                ["zscore", completed, g],
              ]),
            )
            .exec();
          throwFailedCommand(replies);
          const ex = replies ?? [];
          holders.forEach((g, i) => ex[2 * i]?.[1] === 1 && ex[2 * i + 1]?.[1] === null && live.add(g));
        }
        recs.forEach(({ g, r, n, i: idx }, i) => {
          // A record without a nonce and index (an older sealcheck's, or planted) is enqueued anew.
          const usable = n !== null && /^[0-9a-f]{32}$/.test(n) && idx !== null && /^\d{1,15}$/.test(idx);
          known[i] = usable && (Boolean(r) || (g !== null && live.has(g)));
        });
      }
      const fresh = batch.map((a, i) => ({ a, id: ids[i]! })).filter((_, i) => !known[i]);
      summary.alreadyQueued += batch.length - fresh.length;
      if (fresh.length === 0) return o.onQueued?.(queued);
      const last = Number(await c.client.incrby(c.keys.index, fresh.length));
      // From Redis, so checked: an index must stay an exact integer in every JSON line and receipt.
      if (!Number.isSafeInteger(last) || last < fresh.length || last > MAX_INDEX)
        throw new SealcheckError(
          "ERR_REDIS",
          `the queue's index counter in Redis (${c.keys.index}) is not a sane number (${String(last).slice(0, 30)}): changed in Redis`,
        );
      const first = last - fresh.length;
      // Groups in discovery order: closed at groupSize archives or groupBytes of evidence.
      const groups: { a: QueuedArchive; id: string }[][] = [];
      let bytes = 0;
      for (const [i, { a, id }] of fresh.entries()) {
        const size = a.size ?? 0;
        const last = groups.at(-1);
        if (!last || last.length >= groupSize || bytes + size > groupBytes) {
          groups.push([]);
          bytes = 0;
        }
        bytes += size;
        // A fresh nonce for each enqueue of the archive: its result must be this enqueue's.
        const archive = {
          evidence: a.evidence,
          originals: a.originals,
          ...(a.problem ? { problem: a.problem } : {}),
          ...(a.within ? { within: a.within } : {}),
          index: first + i,
          nonce: hex(16),
          ...(a.sha256 ? { sha256: a.sha256 } : {}),
          ...(a.unreadable ? { unreadable: a.unreadable } : {}),
        };
        groups.at(-1)!.push({ a: archive, id });
      }
      const jobs = groups.map((g) => {
        const data: QueueJobData = {
          v: JOB_VERSION,
          nonce: hex(16),
          run,
          allowMissingOriginals,
          keepSeconds: keep,
          ...(kind ? { kind } : {}),
          ...(expiringBefore !== undefined ? { expiringBefore } : {}),
          archives: g.map((x) => x.a),
        };
        return { name: kind ?? "verify", data, opts: { jobId: groupIdFor(data), ...jobOpts }, archives: g };
      });
      // Records first: should this stop before the jobs are added, the records name jobs that do not exist, and
      // the next add adds those archives again. A record is written whole (an earlier enqueue's fields go).
      await c.client
        .pipeline(
          jobs.flatMap((j) =>
            j.archives.flatMap(({ a, id }) => {
              const index = String(a.index);
              const content = contentOf(a);
              const fields = [RECORD_JOB, j.opts.jobId, RECORD_NONCE, a.nonce, RECORD_INDEX, index, RECORD_EVIDENCE, a.evidence];
              if (content) fields.push(RECORD_CONTENT, content);
              if (resultKey) fields.push(RECORD_MAC, recordMac(resultKey, c.keys.scope, id, a.nonce, index, content));
              return [
                ["del", c.keys.archive(id)],
                ["hset", c.keys.archive(id), ...fields],
                ["zadd", c.keys.enqueued, index, id],
              ];
            }),
          ),
        )
        .exec()
        .then(throwFailedCommand);
      await c.queue.addBulk(jobs.map(({ name, data, opts }) => ({ name, data, opts })));
      summary.added += fresh.length;
      summary.jobs += jobs.length;
      for (const j of jobs)
        for (const { a, id } of j.archives)
          queued.push({ scope: c.keys.scope, id, nonce: a.nonce, index: a.index, evidence: a.evidence, ...(a.sha256 ? { sha256: a.sha256 } : {}) });
      o.onQueued?.(queued);
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

const hex = (bytes: number): string => randomBytes(bytes).toString("hex");

/** The augment jobs' renewal date as the job carries it (ISO 8601), checked as an instant (as `at`). */
function dueDate(value: unknown, kind: EnqueueOptions["kind"]): string {
  if (kind !== "augment")
    throw new SealcheckError("ERR_USAGE", 'expiringBefore: only augment jobs (kind: "augment") renew what is due', { option: "expiringBefore" });
  try {
    return parseValidationTime(value as string).toISOString();
  } catch (e) {
    if (!(e instanceof SealcheckError)) throw e;
    throw new SealcheckError("ERR_USAGE", e.message.replace(/^at:/, "expiringBefore:"), { option: "expiringBefore" });
  }
}

/** The largest archive index a queue counts to (far beyond any run; well within a safe integer). */
const MAX_INDEX = 2 ** 48;

/** An archive found, its content pinned (or why it could not be) and its evidence's size (for grouping). */
type Pinned = ArchiveSpec & { unreadable?: QueuedArchive["unreadable"]; size?: number };

/** Archives hashed at once: their files are read one at a time each, in 1 MiB reads (bounded memory). */
const PIN_CONCURRENCY = 4;

/**
 * Pins each archive's content (src/batch/pins.ts). One that cannot be read is kept with why (as verify-batch
 * would report it), to be reported by the worker without a verdict; a discovery problem is not read.
 */
async function pinAll(batch: readonly ArchiveSpec[], limits: Limits): Promise<Pinned[]> {
  const out: Pinned[] = new Array(batch.length);
  let next = 0;
  const work = async (): Promise<void> => {
    while (next < batch.length) {
      const i = next++;
      const a = batch[i]!;
      if (a.problem) {
        out[i] = a;
        continue;
      }
      try {
        const sha256 = await pinArchive(a, limits);
        out[i] = { ...a, sha256, size: sizeOf(a.evidence) };
      } catch (e) {
        if (!(e instanceof SealcheckError)) throw e;
        out[i] = { ...a, unreadable: { error: e.message, code: batchErrorCode(e.code) ?? "ERR_FILE_UNREADABLE" } };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PIN_CONCURRENCY, batch.length) }, work));
  return out;
}

/** The record's content field: contentDigest of the pins, "" when there are none. */
const contentOf = (a: { sha256?: ContentDigests | undefined }): string => (a.sha256 ? contentDigest(a.sha256) : "");

/** The evidence file's size for grouping (0 when it cannot be read: the worker reports that). */
function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
