// Results of queued archives: one entry per archive in a Redis stream (`<prefix>:<queue>:sealcheck:results`),
// written by the worker before its job completes and at most once per archive (the archive's record holds the
// entry's id, set in the same Lua script), so a worker that dies after writing and whose job runs again, or a
// second job holding the same archive, adds nothing. Readers page through the stream from a cursor (an entry
// id): a reader that stops goes on from the last id it saw. With `trim`, what was read is deleted (entry and
// record, and the job once it has finished); otherwise entries stay until someone trims them.
import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import type { Job } from "bullmq";
import { noVerdict } from "../batch/verifier.js";
import type { ArchiveExitCode, BatchResult } from "../batch/types.js";
import { SealcheckError } from "../errors.js";
import { redactedMessage } from "../redis.js";
import { connectQueue, type QueueConnection, type QueueConnectionOptions } from "./connection.js";
import { DEFAULT_KEEP_SECONDS, RECORD_JOB, RECORD_RESULT, isArchiveId, jobIdFor, parseJobData, type queueKeys } from "./job.js";
import { checkResultKey, resultMac, resultMacMatches } from "./result-key.js";

/** The job hash field that holds the id of the result entry of a job that names no archive (refused data). */
export const RESULT_FIELD = "sealcheckResult";

// KEYS[1]: the hash that records the entry (an archive's record; for a job whose data is refused, its job hash),
// which must exist: a record trimmed after its result was read takes no second one. KEYS[2]: the stream.
// ARGV: the entry's `job`, the field, the line, its MAC (or ''), ms to keep the record once written (or ''), and
// ms to keep unread entries: older ones go as their records do (MINID ~ trims whole nodes of the stream, so a
// few may stay a little longer). The age is taken on Redis's clock, which stamps the entry ids, never on a
// worker's, which may run ahead.
const PUBLISH = `
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local done = redis.call('HGET', KEYS[1], ARGV[2])
if done then return done end
local now = redis.call('TIME')
local oldest = string.format('%.0f', math.max(0, tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000) - tonumber(ARGV[6])))
local id
if ARGV[4] == '' then id = redis.call('XADD', KEYS[2], 'MINID', '~', oldest, '*', 'job', ARGV[1], 'r', ARGV[3])
else id = redis.call('XADD', KEYS[2], 'MINID', '~', oldest, '*', 'job', ARGV[1], 'r', ARGV[3], 'm', ARGV[4]) end
redis.call('HSET', KEYS[1], ARGV[2], id)
if ARGV[5] ~= '' then redis.call('PEXPIRE', KEYS[1], ARGV[5]) end
return id`;

const PUBLISH_SHA = createHash("sha1").update(PUBLISH).digest("hex");

/** Where a result line goes: the `job` its entry names, and the hash that records it (at most one entry). */
export interface ResultTarget {
  id: string;
  hash: string;
  field: string;
  /** Once written, the record expires after this long (a result never read). */
  keepMs?: number;
}

/** An archive's result: recorded in the archive's record (jobIdFor), whichever job verified it. */
export const archiveTarget = (keys: ReturnType<typeof queueKeys>, archiveId: string, keepSeconds: number): ResultTarget => ({
  id: archiveId,
  hash: keys.archive(archiveId),
  field: RECORD_RESULT,
  keepMs: keepSeconds * 1000,
});

/** The one result of a job whose data names no archive that can be trusted: recorded in the job's hash. */
export const jobTarget = (keys: ReturnType<typeof queueKeys>, jobId: string): ResultTarget => ({ id: jobId, hash: keys.job(jobId), field: RESULT_FIELD });

/** The line's MAC under the result key (src/queue/result-key.ts), or "" without one. */
const macOf = (key: Uint8Array | undefined, keys: ReturnType<typeof queueKeys>, jobId: string, line: string): string =>
  key ? resultMac(key, keys.scope, jobId, line) : "";

const publishArgs = (keys: ReturnType<typeof queueKeys>, t: ResultTarget, line: string, key: Uint8Array | undefined) =>
  [
    2,
    t.hash,
    keys.results,
    t.id,
    t.field,
    line,
    macOf(key, keys, t.id, line),
    t.keepMs === undefined ? "" : String(t.keepMs),
    String(t.keepMs ?? DEFAULT_KEEP_SECONDS * 1000),
  ] as const;

/**
 * Writes a result line (with its MAC when a result key is given) unless one was written already for its target.
 * Returns the entry id (the earlier one if any), or null when the target's record no longer exists (trimmed
 * after its result was read: nobody waits for it).
 */
export async function publishResult(
  client: Redis,
  keys: ReturnType<typeof queueKeys>,
  t: ResultTarget,
  line: string,
  key?: Uint8Array,
): Promise<string | null> {
  const args = publishArgs(keys, t, line, key);
  // By its hash: Redis neither receives nor hashes the script's text once per result; loaded again after a restart.
  const id = (await client.evalsha(PUBLISH_SHA, ...args).catch((e: unknown) => {
    if (!/NOSCRIPT/.test(String(e))) throw e;
    return client.eval(PUBLISH, ...args);
  })) as string | null;
  return id ?? null;
}

/**
 * Sends a result (as publishResult, by EVAL: a Redis restart cannot make it fail with NOSCRIPT) and holds this
 * connection's writes until the current microtasks have run, so that the command that completes the job,
 * issued by BullMQ on the same connection right after the processor returns, leaves in the same write. Redis runs
 * a connection's commands in order: the result is written before the job completes, as when awaited, without a
 * round trip of its own (~0.1 ms of the worker's main thread and of Redis per job, mostly system calls).
 */
export function sendResult(client: Redis, keys: ReturnType<typeof queueKeys>, t: ResultTarget, line: string, key?: Uint8Array): Promise<string | null> {
  const stream = (client as unknown as { stream?: { cork?: () => void; uncork?: () => void; writable?: boolean } }).stream;
  if (stream?.writable && stream.cork && stream.uncork) {
    stream.cork();
    process.nextTick(() => stream.uncork!());
  }
  return client.eval(PUBLISH, ...publishArgs(keys, t, line, key)) as Promise<string | null>;
}

/**
 * The no-verdict lines of a job that ended failed (workers crashing on it, or an error every attempt): one per
 * archive it holds (those whose result is written already keep it), or one for the job when its data is refused.
 */
export function failedLines(
  job: Pick<Job, "id" | "data" | "failedReason" | "stalledCounter">,
  reason: string | undefined,
  keys: ReturnType<typeof queueKeys>,
): { target: ResultTarget; line: string }[] {
  const jobId = String(job.id);
  const parsed = parseJobData(job.data, jobId);
  const why = reason ?? job.failedReason ?? "unknown";
  // BullMQ's stalled checker fails a job whose worker stopped renewing its lock too many times: the process
  // died (killed, out of memory) while verifying it. verify-batch names a crashed worker the same way.
  const crashed = /stalled more than allowable limit/.test(why);
  const lineOf = (spec: { evidence: string; originals: string[]; index: number }, run: string | undefined): string => {
    const r = crashed
      ? noVerdict(
          spec,
          `the worker processes verifying ${spec.evidence} stopped (killed or crashed) ${Math.max(1, (job.stalledCounter ?? 0) || 1)} time(s); given up`,
          "ERR_WORKER_CRASHED",
        )
      : noVerdict(spec, `verifying ${spec.evidence} through the queue failed: ${why}`, "ERR_INTERNAL");
    return JSON.stringify({ index: spec.index, ...r, ...(run ? { run } : {}) });
  };
  if (!parsed.ok)
    return [{ target: jobTarget(keys, jobId), line: lineOf({ evidence: parsed.evidence ?? `job:${jobId}`, originals: [], index: 0 }, undefined) }];
  const d = parsed.data;
  return d.archives.map((a, i) => ({ target: archiveTarget(keys, parsed.ids[i]!, d.keepSeconds), line: lineOf(a, d.run) }));
}

/** Publishes the results of failed jobs' archives that have none yet (the worker that failed them may have died). */
async function publishFailed(c: QueueConnection, jobs: readonly Job[], key: Uint8Array | undefined): Promise<void> {
  const lines = jobs.flatMap((j) => failedLines(j, undefined, c.keys));
  const marks = await c.client.pipeline(lines.map((l) => ["hexists", l.target.hash, l.target.field])).exec();
  for (const [i, l] of lines.entries()) if (marks?.[i]?.[1] === 0) await publishResult(c.client, c.keys, l.target, l.line, key);
}

/** publishFailed for every failed job of the queue. */
async function sweepFailed(c: QueueConnection, key: Uint8Array | undefined): Promise<void> {
  for (let start = 0; ; start += 200) {
    const jobs = (await c.queue.getFailed(start, start + 199)) as Job[];
    if (jobs.length === 0) return;
    await publishFailed(c, jobs, key);
    if (jobs.length < 200) return;
  }
}

export interface QueueResultsOptions extends QueueConnectionOptions {
  /** Read entries after this cursor (an entry id printed by an earlier read). Default: from the start. */
  from?: string;
  /** Keep reading until no job is waiting, delayed or running and every result is read. Default false. */
  follow?: boolean;
  /** Delete each entry (and its finished job) once the caller has taken it and asked for the next. */
  trim?: boolean;
  /** How often to look for new results while following, ms. Default 250; at most 25 once few jobs are left. */
  pollMs?: number;
  /**
   * Called while following when jobs are left but none can run: no worker is connected ("no-worker", once per
   * stretch), or workers are, yet for 40 polls no result came and every job left is delayed ("handed-back",
   * once until a result comes): workers hand back the jobs of other verification options that way.
   */
  onIdle?: (pending: number, why: IdleReason) => void;
  signal?: AbortSignal;
  /**
   * The workers' result key (src/queue/result-key.ts): only lines with its MAC are taken, any other is a
   * no-verdict result; failed jobs' lines this reader writes are signed with it.
   */
  resultKey?: Uint8Array;
}

export type IdleReason = "no-worker" | "handed-back";

/** One result read back: the line (as verify-batch writes it), its cursor and job. */
export interface QueueResult {
  cursor: string;
  jobId: string;
  result: BatchResult & { run?: string };
  /** `result` as a JSON line (no newline): the text from Redis when it checked out, as-is. */
  line: string;
}

const INDICATIONS = new Set(["TOTAL-PASSED", "TOTAL-FAILED", "INDETERMINATE"]);

/** How entries are judged beyond their shape: the result key's MAC, and the queue they belong to. */
interface LineCheck {
  key?: Uint8Array;
  scope: string;
  mac?: string;
}

/**
 * A stream entry's line, checked (Redis is input like any other; a bad one is a no-verdict result), and whether
 * `text` is fit to be written out as it is. With a result key, a line without its MAC is a no-verdict result
 * naming only the job (its content is not the workers'). A verdict must name the archive and run key its job
 * id was made from: else the job's data or the line was changed in Redis.
 */
function checkResultLine(text: string, jobId: string, check: LineCheck): { result: BatchResult & { run?: string }; ok: boolean } {
  const refused = (evidence: string, why: string) => ({
    ok: false,
    result: { index: 0, ...noVerdict({ evidence, originals: [] }, why, "ERR_QUEUE_RESULT") },
  });
  if (check.key && !resultMacMatches(check.key, check.scope, jobId, text, check.mac))
    return refused(
      `job:${jobId}`,
      check.mac === undefined
        ? `the result of job ${jobId} in Redis is not signed with this result key: it has no MAC (its worker ran without --result-key, or something else wrote it)`
        : `the result of job ${jobId} in Redis is not signed with this result key (written by something other than a worker holding the key, or changed since)`,
    );
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    v = null;
  }
  const r = v as Partial<BatchResult> & { run?: unknown };
  const ok =
    r !== null &&
    typeof r === "object" &&
    typeof r.evidence === "string" &&
    Array.isArray(r.originals) &&
    r.originals.every((p) => typeof p === "string") &&
    [0, 1, 2, 3].includes(r.exitCode as number) &&
    (r.indication === null || INDICATIONS.has(r.indication as string)) &&
    (r.indication === null) === (r.exitCode === 3) &&
    typeof r.index === "number" &&
    (r.run === undefined || typeof r.run === "string");
  if (!ok)
    return refused(
      r && typeof r === "object" && typeof r.evidence === "string" ? r.evidence : `job:${jobId}`,
      `the result of job ${jobId} in Redis is not a sealcheck result line`,
    );
  if (r.indication !== null && (typeof r.run !== "string" || jobIdFor({ evidence: r.evidence!, originals: r.originals! }, r.run) !== jobId))
    return refused(
      r.evidence!,
      `the result of job ${jobId} in Redis names an archive or options other than those its job was enqueued with (its job or its line was changed in Redis)`,
    );
  const result = {
    index: r.index!,
    evidence: r.evidence!,
    originals: r.originals!,
    indication: r.indication ?? null,
    subIndication: typeof r.subIndication === "string" ? (r.subIndication as BatchResult["subIndication"]) : null,
    decidedBy: Array.isArray(r.decidedBy) ? r.decidedBy.filter((d): d is string => typeof d === "string") : [],
    exitCode: r.exitCode as ArchiveExitCode,
    durationMs: typeof r.durationMs === "number" ? r.durationMs : 0,
    report: r.report && typeof r.report === "object" ? r.report : null,
    error: typeof r.error === "string" ? r.error : null,
    errorCode: typeof r.errorCode === "string" ? r.errorCode : null,
    ...(typeof r.run === "string" ? { run: r.run } : {}),
  };
  // As-is only when the loosely read fields already have their types, and (JSON may hold line breaks between
  // tokens) on one line.
  const asIs =
    (r.subIndication === null || typeof r.subIndication === "string") &&
    Array.isArray(r.decidedBy) &&
    r.decidedBy.every((d) => typeof d === "string") &&
    typeof r.durationMs === "number" &&
    (r.report === null || (typeof r.report === "object" && !Array.isArray(r.report))) &&
    (r.error === null || typeof r.error === "string") &&
    (r.errorCode === null || typeof r.errorCode === "string") &&
    !/[\r\n]/.test(text);
  return { result, ok: asIs };
}

/** Results read at once. */
const PAGE = 200;
/** The wait between reads near the end of a run (see queueResults). */
const END_POLL_MS = 25;

/** At the end of a trimming read, how long a job read while still locked is waited for: at most 10 × 50 ms. */
const LOCKED_TRIES = 10;
const LOCKED_WAIT_MS = 50;

const CURSOR = /^\d{1,20}-\d{1,20}$/;
// The abort listener goes when the timer fires: a reader following for hours polls thousands of times, and
// listeners left on its signal would pile up (Node warned at 11 in the tests).
const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((res) => {
    const abort = (): void => (clearTimeout(t), res());
    const t = setTimeout(() => (signal?.removeEventListener("abort", abort), res()), ms);
    signal?.addEventListener("abort", abort, { once: true });
  });

/** Jobs not finished yet (waiting, paused too, delayed, prioritized or running), and of those, delayed. */
async function pending(c: QueueConnection): Promise<{ left: number; delayed: number }> {
  const n = await c.queue.getJobCounts("waiting", "delayed", "prioritized", "active", "waiting-children");
  return { left: Object.values(n).reduce((a, b) => a + b, 0), delayed: n.delayed ?? 0 };
}

/**
 * The results of a queue, in the order they were written, from `from` on. Without `follow`, what is there
 * now; with it, until the queue has nothing left to do. Each result's `cursor` resumes after it.
 */
export async function* queueResults(o: QueueResultsOptions): AsyncGenerator<QueueResult, void, undefined> {
  if (o.from !== undefined && o.from !== "0" && !CURSOR.test(o.from))
    throw new SealcheckError("ERR_USAGE", `not a results cursor: ${JSON.stringify(o.from).slice(0, 60)} (expected <ms>-<n>, as printed by an earlier read)`);
  const key = o.resultKey === undefined ? undefined : checkResultKey(o.resultKey);
  const c = await connectQueue(o, "results");
  let cursor = o.from ?? "0";
  const taken: { cursor: string; jobId: string }[] = [];
  // Jobs holding archives whose result was read while they were still running: their worker writes the last
  // result just before it marks them completed, so they are removed by a later trim, or at the end. One whose
  // worker died between the two is left to its age limit (it runs again, finds its results written, and
  // completes). A job still waiting (handed back with some results written) is left: it is removed when the
  // results of its other archives are read.
  let running: string[] = [];
  const removeFinished = async (ids: readonly string[]): Promise<void> => {
    const left: string[] = [];
    for (const id of ids) {
      const state = await c.queue.getJobState(id).catch(() => "unknown");
      // A failed job's archives without a result get theirs before the job goes (the sweep would not see it again).
      const failed = state === "failed" ? ((await c.queue.getJob(id)) as Job | undefined) : undefined;
      if (failed) await publishFailed(c, [failed], key);
      if (state === "active" || ((state === "completed" || state === "failed") && (await c.queue.remove(id).catch(() => -1)) === 0)) left.push(id);
    }
    running = left;
  };
  const trim = async (): Promise<void> => {
    if (!o.trim || taken.length + running.length === 0) return;
    const done = taken.splice(0);
    const holders = new Set(running);
    if (done.length > 0) {
      // An archive's entry names the archive; its record names the job that holds it. Other entries name a job.
      const archives = done.filter((t) => isArchiveId(t.jobId)).map((t) => c.keys.archive(t.jobId));
      for (const t of done) if (!isArchiveId(t.jobId)) holders.add(t.jobId);
      if (archives.length > 0) {
        const gs = (await c.client.pipeline(archives.map((k) => ["hget", k, RECORD_JOB])).exec()) ?? [];
        for (const g of gs) if (typeof g?.[1] === "string") holders.add(g[1]);
      }
      await c.client.xdel(c.keys.results, ...done.map((t) => t.cursor));
      if (archives.length > 0) await c.client.del(...archives);
    }
    await removeFinished([...holders]);
  };
  let idleNoted: IdleReason | null = null;
  let lastResult = Date.now();
  try {
    for (;;) {
      if (o.signal?.aborted) return;
      const page = (await c.client.xrange(c.keys.results, cursor === "0" ? "-" : `(${cursor}`, "+", "COUNT", PAGE)) as [string, string[]][];
      if (page.length > 0) {
        lastResult = Date.now();
        if (idleNoted === "handed-back") idleNoted = null;
        for (const [id, fields] of page) {
          const f: Record<string, string> = {};
          for (let i = 0; i + 1 < fields.length; i += 2) f[fields[i]!] = fields[i + 1]!;
          const jobId = f.job ?? "?";
          cursor = id;
          const { result, ok } = checkResultLine(f.r ?? "", jobId, {
            ...(key ? { key } : {}),
            scope: c.keys.scope,
            ...(f.m !== undefined ? { mac: f.m } : {}),
          });
          // The checked text as it is: re-serialising would only spend CPU on the same line.
          yield { cursor: id, jobId, result, line: ok ? f.r! : JSON.stringify(result) };
          taken.push({ cursor: id, jobId });
        }
        await trim();
        // While results come, following costs a read and a count per poll: a page that is not full is all
        // there is now, so the next read waits; the sweep of failed jobs and the worker count (several
        // scripts) run only when a poll finds nothing new. Once fewer jobs are left than results came in this
        // poll, the next look comes soon, so the end of a run is seen within ~25 ms, not a whole poll.
        if (o.follow && page.length < PAGE) {
          const { left } = await pending(c);
          const pollMs = o.pollMs ?? 250;
          if (left > 0) await sleep(left <= page.length ? Math.min(pollMs, END_POLL_MS) : pollMs, o.signal);
        }
        continue;
      }
      await sweepFailed(c, key);
      const more = async (): Promise<boolean> => (await c.client.xrange(c.keys.results, cursor === "0" ? "-" : `(${cursor}`, "+", "COUNT", 1)).length > 0;
      if (!o.follow) {
        if (await more()) continue; // what the sweep just wrote
        return;
      }
      const { left, delayed } = await pending(c);
      // Every job has finished, and a job finishes after its result is written: one more page, then done.
      if (left === 0) {
        if (await more()) continue;
        return;
      }
      if (o.onIdle) {
        if ((await c.queue.getWorkersCount()) === 0) {
          if (idleNoted !== "no-worker") o.onIdle(left, "no-worker");
          idleNoted = "no-worker";
        } else {
          if (idleNoted === "no-worker") idleNoted = null;
          if (idleNoted === null && delayed === left && Date.now() - lastResult >= 40 * (o.pollMs ?? 250)) {
            o.onIdle(left, "handed-back");
            idleNoted = "handed-back";
          }
        }
      }
      await sleep(o.pollMs ?? 250, o.signal);
    }
  } catch (e) {
    if (e instanceof SealcheckError) throw e;
    throw new SealcheckError(
      "ERR_REDIS",
      `reading results from Redis at ${c.where} failed: ${redactedMessage(e, typeof o.redis === "string" ? o.redis : undefined)}`,
      {
        cause: e,
      },
    );
  } finally {
    await trim().catch(() => {});
    for (let i = 0; i < LOCKED_TRIES && running.length > 0; i++) {
      await sleep(LOCKED_WAIT_MS);
      await trim().catch(() => {});
    }
    await c.close();
  }
}

/** Counts of jobs (each holds up to its `queue add`'s group size of archives) and of results (one per archive). */
export interface QueueStatus {
  queue: string;
  redis: string;
  waiting: number;
  delayed: number;
  active: number;
  completed: number;
  failed: number;
  paused: boolean;
  /** Worker processes connected to the queue now. */
  workers: number;
  /** Result entries in the stream (not yet trimmed). */
  results: number;
}

/** Counts of the queue's jobs, its connected workers and its unread results. */
export async function queueStatus(o: QueueConnectionOptions): Promise<QueueStatus> {
  const c = await connectQueue(o, "status");
  try {
    const n = await c.queue.getJobCounts("waiting", "prioritized", "delayed", "active", "completed", "failed");
    return {
      queue: c.name,
      redis: c.where,
      waiting: (n.waiting ?? 0) + (n.prioritized ?? 0),
      delayed: n.delayed ?? 0,
      active: n.active ?? 0,
      completed: n.completed ?? 0,
      failed: n.failed ?? 0,
      paused: await c.queue.isPaused(),
      workers: await c.queue.getWorkersCount(),
      results: await c.client.xlen(c.keys.results),
    };
  } catch (e) {
    throw new SealcheckError(
      "ERR_REDIS",
      `reading the status from Redis at ${c.where} failed: ${redactedMessage(e, typeof o.redis === "string" ? o.redis : undefined)}`,
      {
        cause: e,
      },
    );
  } finally {
    await c.close();
  }
}
