// Results of queued archives: one entry per archive in a Redis stream (`<prefix>:<queue>:sealcheck:results`),
// written by the worker before its job completes and at most once per archive (the archive's record holds the
// entry's id, set in the same Lua script), so a worker that dies after writing and whose job runs again, or a
// second job holding the same archive, adds nothing. Readers page through the stream from a cursor (an entry
// id): a reader that stops goes on from the last id it saw. With `trim`, what was read is deleted (entry and
// record, and the job once it has finished); otherwise entries stay until someone trims them.
import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import type { Job } from "bullmq";
import { resultLine } from "../batch/jsonl.js";
import { noVerdict } from "../batch/verifier.js";
import { batchErrorCode, type ArchiveExitCode, type BatchResult } from "../batch/types.js";
import { SealcheckError } from "../errors.js";
import { redactedMessage } from "../redis.js";
import { connectQueue, type QueueConnection, type QueueConnectionOptions } from "./connection.js";
import { DEFAULT_KEEP_SECONDS, RECORD_JOB, RECORD_RESULT, checkQueueName, isArchiveId, jobIdFor, parseJobData, type queueKeys } from "./job.js";
import { checkResultKey, macMatches, recordMac, resultMac } from "./result-key.js";
import { withAddLock } from "./add-lock.js";
import type { Receipt } from "./receipt.js";
import { contentDigest, isContentDigests } from "../batch/pins.js";

/** The job hash field that holds the id of the result entry of a job that names no archive (refused data). */
export const RESULT_FIELD = "sealcheckResult";

/**
 * The most bytes one result entry may hold (its line and fields). Workers write a line without its report when
 * the report would pass it, and a no-verdict line when even that would; readers take an entry over it as no
 * result, without loading it (a 280 MB entry written into Redis once crashed the reader).
 */
export const MAX_ENTRY_BYTES = 8 * 1024 * 1024;
/** The most bytes of entries a reader takes in one page (at least one entry). */
const PAGE_BYTES = 32 * 1024 * 1024;

// KEYS[1]: the hash that records the entry (an archive's record; for a job whose data is refused, its job hash),
// which must exist: a record trimmed after its result was read takes no second one. KEYS[2]: the stream.
// ARGV: the entry's `job`, the field, the line, its MAC (or ''), ms to keep the record once written (or ''), ms
// to keep unread entries: older ones go as their records do (MINID ~ trims whole nodes of the stream, so a few
// may stay a little longer), and the enqueue's nonce ('' for a job's line): an archive's result is written only
// for the enqueue its record is of (a job left from an earlier enqueue writes nothing). The age is taken on
// Redis's clock, which stamps the entry ids, never on a worker's, which may run ahead. A line over the limit is
// refused here too (the worker bounds it first, boundedLine).
const PUBLISH = `
if #ARGV[3] > ${MAX_ENTRY_BYTES - 1024} then return redis.error_reply('sealcheck: result line over the size limit') end
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
if ARGV[7] ~= '' and redis.call('HGET', KEYS[1], 'n') ~= ARGV[7] then return false end
local done = redis.call('HGET', KEYS[1], ARGV[2])
if done then return done end
local now = redis.call('TIME')
local oldest = string.format('%.0f', math.max(0, tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000) - tonumber(ARGV[6])))
local id
if ARGV[4] == '' then id = redis.call('XADD', KEYS[2], 'MINID', '~', oldest, '*', 'job', ARGV[1], 'n', ARGV[7], 'r', ARGV[3])
else id = redis.call('XADD', KEYS[2], 'MINID', '~', oldest, '*', 'job', ARGV[1], 'n', ARGV[7], 'r', ARGV[3], 'm', ARGV[4]) end
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
  /** The enqueue's nonce (the archive's record must hold it), or "" for a job's own line. */
  nonce: string;
}

/** An archive's result: recorded in the archive's record (jobIdFor), whichever job verified it. */
export const archiveTarget = (keys: ReturnType<typeof queueKeys>, archiveId: string, keepSeconds: number, nonce: string): ResultTarget => ({
  id: archiveId,
  hash: keys.archive(archiveId),
  field: RECORD_RESULT,
  keepMs: keepSeconds * 1000,
  nonce,
});

/** The one result of a job whose data names no archive that can be trusted: recorded in the job's hash. */
export const jobTarget = (keys: ReturnType<typeof queueKeys>, jobId: string): ResultTarget => ({
  id: jobId,
  hash: keys.job(jobId),
  field: RESULT_FIELD,
  nonce: "",
});

/** The line's MAC under the result key (src/queue/result-key.ts), or "" without one. */
const macOf = (key: Uint8Array | undefined, keys: ReturnType<typeof queueKeys>, t: ResultTarget, line: string): string =>
  key ? resultMac(key, keys.scope, t.id, t.nonce, line) : "";

/**
 * A result as the line a worker writes, within MAX_ENTRY_BYTES: without its report if that is what makes it too
 * long, else a no-verdict line saying so (an archive with very many originals).
 */
export function boundedLine(full: string, r: BatchResult, run: string): string {
  const limit = MAX_ENTRY_BYTES - 1024;
  if (Buffer.byteLength(full) <= limit) return full;
  const lean = resultLine({ ...r, report: null }, "all", run);
  if (Buffer.byteLength(lean) <= limit) return lean;
  const why = `the result of ${r.evidence.slice(0, 1024)} is ${Buffer.byteLength(lean)} bytes without its report, over the queue's ${MAX_ENTRY_BYTES}-byte limit`;
  return resultLine({ index: r.index, ...noVerdict({ evidence: r.evidence.slice(0, 4096), originals: [] }, why, "ERR_QUEUE_RESULT") }, "all", run);
}

const publishArgs = (keys: ReturnType<typeof queueKeys>, t: ResultTarget, line: string, key: Uint8Array | undefined) =>
  [
    2,
    t.hash,
    keys.results,
    t.id,
    t.field,
    line,
    macOf(key, keys, t, line),
    t.keepMs === undefined ? "" : String(t.keepMs),
    String(t.keepMs ?? DEFAULT_KEEP_SECONDS * 1000),
    t.nonce,
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
  return d.archives.map((a, i) => ({ target: archiveTarget(keys, parsed.ids[i]!, d.keepSeconds, a.nonce), line: lineOf(a, d.run) }));
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
  /**
   * While following, end after this long without a new result although jobs are left (ms; 0: never): every
   * archive still without one gets a no-verdict line saying so (not trimmed: a later read may take its result).
   * Default one hour: a job that Redis says is delayed, waiting or running can be made to stay so for ever.
   */
  idleTimeoutMs?: number;
  /** How often to look for new results while following, ms. Default 250; at most 25 once few jobs are left. */
  pollMs?: number;
  /**
   * Called while following when jobs are left but none can run: no worker is connected ("no-worker", once per
   * stretch), or workers are, yet for 40 polls no result came and every job left is delayed ("handed-back",
   * once until a result comes): workers hand back the jobs of other verification options that way.
   */
  onIdle?: (pending: number, why: IdleReason) => void;
  /**
   * Called for each entry of the stream that is not taken as an archive's result (forged, changed, copied from
   * another archive, of an earlier enqueue, oversized, unsigned): it is not a result. Its archive, if it has no
   * result that is taken, gets a no-verdict result once the queue is done.
   */
  onRefused?: (entry: RefusedEntry) => void;
  signal?: AbortSignal;
  /**
   * The result key of `queue add` and the workers (src/queue/result-key.ts): only records and lines signed with
   * it are taken; failed jobs' lines this reader writes are signed with it.
   */
  resultKey?: Uint8Array;
  /**
   * The receipt of the `queue add` runs whose results are read (src/queue/receipt.ts): the archives to account
   * for are exactly its own, and an archive's result is taken only from the enqueue (nonce) it names. Entries of
   * archives it does not hold are left alone (another enqueuer's). Without it, the set is Redis's own list of
   * archives enqueued, which a writer to Redis can roll back with the signed record and entry of an earlier
   * enqueue.
   */
  receipt?: Receipt;
}

export type IdleReason = "no-worker" | "handed-back";

/** A stream entry that is not taken as a result, and why (one sentence). */
export interface RefusedEntry {
  cursor: string;
  /** The `job` it names (from Redis: any text, at most 200 characters). */
  jobId: string;
  why: string;
}

/**
 * One result read back: the line (as verify-batch writes it), its cursor and job. One per archive enqueued: its
 * accepted entry, or a no-verdict result when it has none. (The line a worker writes for a job it refused is
 * not an archive's: it goes to onRefused, and is the reason given for that job's archives.)
 */
export interface QueueResult {
  cursor: string;
  jobId: string;
  result: BatchResult & { run?: string };
  /** `result` as a JSON line (no newline): the text from Redis when it checked out, as-is. */
  line: string;
}

const INDICATIONS = new Set(["TOTAL-PASSED", "TOTAL-FAILED", "INDETERMINATE"]);

/**
 * A result line's shape and consistency (Redis is input like any other), and whether `text` is fit to be written
 * out as it is. A verdict must name the archive and run key its entry's id was made from.
 */
function checkResultLine(text: string, jobId: string): { result: BatchResult & { run?: string }; asIs: boolean } | { why: string } {
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
    (r.run === undefined || typeof r.run === "string") &&
    (r.errorCode === undefined || r.errorCode === null || batchErrorCode(r.errorCode) !== null);
  if (!ok) return { why: "it is not a sealcheck result line" };
  if (
    r.indication !== null &&
    (typeof r.run !== "string" ||
      jobIdFor({ evidence: r.evidence!, originals: r.originals!, ...(typeof r.within === "string" ? { within: r.within } : {}) }, r.run) !== jobId)
  )
    return { why: "its line names an archive or options other than those of the archive it is filed under (changed in Redis)" };
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
    errorCode: batchErrorCode(r.errorCode),
    ...(typeof r.run === "string" ? { run: r.run } : {}),
    // The protection horizon (queue wait --expiring-before lists the archives to renew by it), as a results file's.
    ...(r.protectedUntil === null || (typeof r.protectedUntil === "string" && !Number.isNaN(Date.parse(r.protectedUntil)))
      ? { protectedUntil: r.protectedUntil }
      : {}),
    // The content pinned at queue add (judge matches it with the record), and what differed from it.
    ...(isContentDigests(r.sha256, 10_000, (p) => typeof p === "string") ? { sha256: r.sha256 } : {}),
    ...(r.contentChanged && typeof r.contentChanged.file === "string" && typeof r.contentChanged.why === "string"
      ? { contentChanged: { file: r.contentChanged.file, why: r.contentChanged.why } }
      : {}),
    // The anchors the verdict rests on (SHA-256 and what each decided), as verify-batch's lines carry them.
    ...(Array.isArray(r.decidingAnchors) &&
    r.decidingAnchors.every((a) => a && typeof a.sha256 === "string" && Array.isArray(a.decides) && a.decides.every((d) => typeof d === "string"))
      ? { decidingAnchors: r.decidingAnchors.map((a) => ({ sha256: a.sha256, decides: [...a.decides] })) }
      : {}),
    // An augment job's outcome (what was written where): data to show, never a path anyone opens.
    ...(r.augmented && typeof r.augmented === "object" && !Array.isArray(r.augmented) && typeof r.augmented.output === "string"
      ? { augmented: r.augmented }
      : {}),
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
    r.errorCode !== undefined &&
    (r.protectedUntil === undefined || "protectedUntil" in result) &&
    (r.sha256 === undefined || "sha256" in result) &&
    (r.contentChanged === undefined || "contentChanged" in result) &&
    (r.decidingAnchors === undefined || "decidingAnchors" in result) &&
    !/[\r\n]/.test(text);
  return { result, asIs };
}

// Reads up to ARGV[2] entries after ARGV[1] ('-' or '(<id>'), one at a time, so that Redis never copies more than
// one large entry into the script at once; stops once ARGV[4] bytes are taken (after at least one). Returns, per
// entry: id, job, n, m, r, and the entry's size when it is over ARGV[3] bytes (then r is '' and the line is
// never sent). Fields over their limit are returned as ''.
const READ_PAGE = `
local out, total, start = {}, 0, ARGV[1]
local max, budget = tonumber(ARGV[3]), tonumber(ARGV[4])
for _ = 1, tonumber(ARGV[2]) do
  local e = redis.call('XRANGE', KEYS[1], start, '+', 'COUNT', 1)[1]
  if not e then break end
  local f = e[2]
  local size = 0
  for i = 1, #f do size = size + #f[i] end
  local cost = math.min(size, max)
  if #out > 0 and total + cost > budget then break end
  total = total + cost
  start = '(' .. e[1]
  local over = size > max or #f > 16
  local v = {job = '', n = '', m = '', r = ''}
  for i = 1, math.min(#f, 16) - 1, 2 do
    local k = f[i]
    if v[k] and not (over and k == 'r') and #f[i + 1] <= (k == 'r' and max or 200) then v[k] = f[i + 1] end
  end
  out[#out + 1] = {e[1], v.job, v.n, v.m, v.r, over and tostring(size) or ''}
end
return out`;

// KEYS: archive records. Per record: {} when it is not a hash, else its fields g, n, i, r, e, m, c ('' when absent or
// over 4096 bytes).
const READ_RECORDS = `
local out = {}
for j, k in ipairs(KEYS) do
  if redis.call('TYPE', k).ok ~= 'hash' then out[j] = {} else
    local v = redis.call('HMGET', k, 'g', 'n', 'i', 'r', 'e', 'm', 'c')
    local row = {}
    for i = 1, 7 do if v[i] and #v[i] <= 4096 then row[i] = v[i] else row[i] = '' end end
    out[j] = row
  end
end
return out`;

interface Entry {
  id: string;
  job: string;
  nonce: string;
  mac: string;
  line: string;
  /** Set when the entry is over MAX_ENTRY_BYTES: its size (its line was not read). */
  size: number | null;
}

interface ArchiveRecord {
  job: string;
  nonce: string;
  index: string;
  result: string;
  evidence: string;
  mac: string;
  /** contentDigest of the content pinned at `queue add` ("" for an archive it could not read, or of an older version). */
  content: string;
}

async function readPage(c: QueueConnection, after: string, count: number): Promise<Entry[]> {
  const rows = (await c.client.eval(
    READ_PAGE,
    1,
    c.keys.results,
    after === "0" ? "-" : `(${after}`,
    String(count),
    String(MAX_ENTRY_BYTES),
    String(PAGE_BYTES),
  )) as string[][];
  return rows.map(([id = "", job = "", nonce = "", mac = "", line = "", size = ""]) => ({
    id,
    job,
    nonce,
    mac,
    line,
    size: size === "" ? null : Number(size),
  }));
}

async function readRecords(c: QueueConnection, ids: readonly string[]): Promise<Map<string, ArchiveRecord | null>> {
  const out = new Map<string, ArchiveRecord | null>();
  for (let at = 0; at < ids.length; at += 500) {
    const part = ids.slice(at, at + 500);
    const rows = (await c.client.eval(READ_RECORDS, part.length, ...part.map((id) => c.keys.archive(id)))) as string[][];
    part.forEach((id, i) => {
      const [job = "", nonce = "", index = "", result = "", evidence = "", mac = "", content = ""] = rows[i] ?? [];
      out.set(id, rows[i]?.length ? { job, nonce, index, result, evidence, mac, content } : null);
    });
  }
  return out;
}

/** Stream ids compared as numbers (<ms>-<seq>). */
function compareIds(a: string, b: string): number {
  const [am = 0n, as = 0n] = a.split("-").map((x) => BigInt(/^\d{1,20}$/.test(x) ? x : "0"));
  const [bm = 0n, bs = 0n] = b.split("-").map((x) => BigInt(/^\d{1,20}$/.test(x) ? x : "0"));
  return am !== bm ? (am < bm ? -1 : 1) : as === bs ? 0 : as < bs ? -1 : 1;
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

/** Reasons kept for refused entries (per archive id) at most; beyond, a no-verdict line says only that none was taken. */
const MAX_REFUSED_REASONS = 10_000;

/** Every archive in the enqueued set (the receipt's, if given) has a result this read accepted (paged). */
async function everyEnqueuedAccepted(c: QueueConnection, accepted: ReadonlySet<string>, receipt: Receipt | undefined): Promise<boolean> {
  if (receipt) {
    for (const id of receipt.keys()) if (!accepted.has(id)) return false;
    return true;
  }
  if ((await c.client.zcard(c.keys.enqueued)) > accepted.size) return false;
  for (let at = 0; ; at += 1000) {
    const ids = await c.client.zrange(c.keys.enqueued, at, at + 999);
    if (ids.length === 0) return true;
    if (ids.some((id) => !accepted.has(id))) return false;
  }
}

/** Jobs not finished yet (waiting, paused too, delayed, prioritized or running), and of those, delayed. */
async function pending(c: QueueConnection): Promise<{ left: number; delayed: number }> {
  const n = await c.queue.getJobCounts("waiting", "delayed", "prioritized", "active", "waiting-children");
  return { left: Object.values(n).reduce((a, b) => a + b, 0), delayed: n.delayed ?? 0 };
}

/**
 * Whether an entry is taken as the result it claims to be, or why not. An archive's entry must be the one its
 * record names (`r`), of the enqueue its record is of (nonce), and with a result key, the record and the line
 * must carry their MACs. A job's entry (refused job data) must be a no-verdict line, signed with the key if given.
 */
function judge(
  e: Entry,
  rec: ArchiveRecord | null | undefined,
  key: Uint8Array | undefined,
  scope: string,
  receipt: Receipt | undefined,
): { ok: true; result: BatchResult & { run?: string }; asIs: boolean } | { ok: false; why: string } {
  if (e.size !== null) return { ok: false, why: `the entry is ${e.size} bytes, over the ${MAX_ENTRY_BYTES}-byte limit (not read)` };
  if (!isArchiveId(e.job)) {
    if (key && !macMatches(resultMac(key, scope, e.job, "", e.line), e.mac || undefined))
      return { ok: false, why: e.mac ? "its line is not signed with this result key" : "its line has no MAC (written without --result-key)" };
    const checked = checkResultLine(e.line, e.job);
    if ("why" in checked) return { ok: false, why: checked.why };
    if (checked.result.indication !== null) return { ok: false, why: "a job's own line (refused job data) that claims a verdict" };
    return { ok: true, ...checked };
  }
  if (!rec) return { ok: false, why: "no record of that archive in Redis (not enqueued, or read and trimmed already)" };
  if (key && !macMatches(recordMac(key, scope, e.job, rec.nonce, rec.index, rec.content), rec.mac || undefined))
    return { ok: false, why: "the archive's record is not signed with this result key (enqueued without --result-key, or changed in Redis)" };
  if (key && !macMatches(resultMac(key, scope, e.job, e.nonce, e.line), e.mac || undefined))
    return {
      ok: false,
      why: e.mac
        ? "its line is not signed with this result key for this enqueue (written by something other than a worker holding the key, or changed)"
        : "its line has no MAC (its worker ran without --result-key, or something else wrote it)",
    };
  const want = receipt?.get(e.job);
  if (want && (e.nonce !== want.nonce || rec.nonce !== want.nonce))
    return {
      ok: false,
      why: "it is not of the enqueue the receipt names (the archive's record and result rolled back to an earlier enqueue in Redis, or enqueued again since)",
    };
  if (e.nonce === "" || e.nonce !== rec.nonce)
    return { ok: false, why: "it is not of the archive's current enqueue (a result of an earlier enqueue replayed, or written by an older sealcheck)" };
  if (rec.result !== e.id)
    return { ok: false, why: `it is not the entry the archive's record names (${CURSOR.test(rec.result) ? rec.result : "none"}): a copy` };
  const checked = checkResultLine(e.line, e.job);
  if ("why" in checked) return { ok: false, why: checked.why };
  // A verdict is of the content `queue add` pinned: its line carries the digests the record (and receipt) hold,
  // which the worker checked what it read against. A job rewritten in Redis with other digests (or none) gets
  // a worker's verdict on other bytes, and that verdict is refused here.
  const { result } = checked;
  if (result.indication !== null) {
    const line = result.sha256 ? contentDigest(result.sha256) : "";
    const pinned = want?.sha256 ? contentDigest(want.sha256) : rec.content;
    if (line !== pinned || (want?.sha256 && rec.content !== pinned))
      return {
        ok: false,
        why: "its verdict is not of the content queue add pinned for the archive (the digests in its line differ from those of its signed record or the receipt: its job was changed in Redis)",
      };
  }
  return { ok: true, ...checked };
}

/**
 * The results of a queue, in the order they were written, from `from` on: one per archive enqueued (the entry
 * its record names, checked), then, once the queue is done, a no-verdict result for each archive enqueued that
 * has none (never verified, or its entry refused or gone). Without `follow`, what is there now; with it, until
 * the queue has nothing left to do. Each result's `cursor` resumes after it.
 */
export async function* queueResults(o: QueueResultsOptions): AsyncGenerator<QueueResult, void, undefined> {
  if (o.from !== undefined && o.from !== "0" && !CURSOR.test(o.from))
    throw new SealcheckError(
      "ERR_USAGE",
      `from: not a results cursor: ${JSON.stringify(o.from).slice(0, 60)} (expected <ms>-<n>, as printed by an earlier read)`,
      {
        option: "from",
      },
    );
  const key = o.resultKey === undefined ? undefined : checkResultKey(o.resultKey);
  const receipt = o.receipt;
  const c = await connectQueue(o, "results");
  if (receipt)
    for (const r of receipt.values())
      if (r.scope !== c.keys.scope) {
        await c.close();
        throw new SealcheckError("ERR_USAGE", `the receipt names queue ${JSON.stringify(r.scope.slice(0, 200))}, not ${JSON.stringify(c.keys.scope)}`);
      }
  // A misspelt name reads an empty queue: said, rather than nothing read. (With a receipt its archives are
  // accounted for whatever Redis holds.)
  if (!receipt) {
    const missing = await missingQueue(c).catch(() => null);
    if (missing !== null) {
      await c.close();
      throw new SealcheckError("ERR_QUEUE_NOT_FOUND", missing);
    }
  }
  const from = o.from ?? "0";
  if (receipt && from !== "0") {
    await c.close();
    throw new SealcheckError(
      "ERR_USAGE",
      "from: a receipt accounts for every archive it holds, so its read starts at the beginning: a cursor cannot be given with a receipt (read again without it; without trimming nothing read is gone)",
      { option: "from" },
    );
  }
  let cursor = from;
  /** What the caller has taken: entries (accepted or refused) and archives (their record and place in the count). */
  const taken: { cursor?: string; archive?: string; job?: string }[] = [];
  // Kept only to be trimmed: a reader that does not trim keeps no state per entry read (2 M forged entries
  // grew one to 723 MB).
  const take = (t: { cursor?: string; archive?: string; job?: string }): void => {
    if (o.trim) taken.push(t);
  };
  /** Archives whose result this read took, and why the entries of others were refused. */
  const accepted = new Set<string>();
  const refusedWhy = new Map<string, string>();
  const jobWhy = new Map<string, string>();
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
    const entries = done.flatMap((t) => (t.cursor ? [t.cursor] : []));
    const archives = [...new Set(done.flatMap((t) => (t.archive ? [t.archive] : [])))];
    for (const t of done) if (t.job) holders.add(t.job);
    if (archives.length > 0) {
      // An archive's record names the job that holds it.
      const gs = (await c.client.pipeline(archives.map((a) => ["hget", c.keys.archive(a), RECORD_JOB])).exec()) ?? [];
      for (const g of gs) if (typeof g?.[1] === "string" && g[1].length <= 200) holders.add(g[1]);
    }
    if (entries.length > 0) await c.client.xdel(c.keys.results, ...entries);
    if (archives.length > 0) {
      await c.client.del(...archives.map((a) => c.keys.archive(a)));
      await c.client.zrem(c.keys.enqueued, ...archives);
    }
    await removeFinished([...holders]);
  };
  /**
   * Once nothing is left to run: a no-verdict result for each archive enqueued that has no result taken by this
   * read (and none read before `from`). Under the add lock, so that an archive being added is not counted as
   * never verified; null when work came in meanwhile (the read goes on).
   */
  const unaccounted = async (whenJobsLeft = false, pendingWhy?: string): Promise<QueueResult[] | null> =>
    withAddLock(c.client, c.keys.addLock, async () => {
      if ((!whenJobsLeft && (await pending(c)).left > 0) || (await readPage(c, cursor, 1)).length > 0) return null;
      const out: QueueResult[] = [];
      const fromReceipt = receipt ? [...receipt.values()].filter((r) => !accepted.has(r.id)) : [];
      for (let at = 0; ; at += 1000) {
        const members = receipt
          ? fromReceipt.slice(at, at + 1000).flatMap((r) => [r.id, String(r.index)])
          : await c.client.zrange(c.keys.enqueued, at, at + 999, "WITHSCORES");
        if (members.length === 0) break;
        const ids: { id: string; index: number }[] = [];
        for (let i = 0; i + 1 < members.length; i += 2) if (!accepted.has(members[i]!)) ids.push({ id: members[i]!, index: Number(members[i + 1]) || 0 });
        const recs = await readRecords(
          c,
          ids.map((x) => x.id),
        );
        for (const { id, index } of ids) {
          const rec = recs.get(id) ?? null;
          // Read by an earlier read (this one started after its entry).
          if (rec?.result && from !== "0" && compareIds(rec.result, from) <= 0 && !refusedWhy.has(id)) continue;
          const evidence = receipt?.get(id)?.evidence ?? (rec?.evidence || `archive:${id}`);
          const why =
            (rec && jobWhy.get(rec.job)) ??
            refusedWhy.get(id) ??
            (!rec
              ? "its record is gone from Redis (expired unread, or deleted)"
              : rec.result
                ? `its result entry ${CURSOR.test(rec.result) ? rec.result : "(not an entry id)"} is not in the stream (deleted)`
                : (pendingWhy ?? "no result was written for it (never verified)"));
          const result = {
            index: receipt ? index : Number(rec?.index) || index,
            ...noVerdict({ evidence, originals: [] }, `no trusted result for ${evidence} (enqueued as ${id}): ${why}`, "ERR_QUEUE_RESULT"),
          };
          out.push({ cursor, jobId: id, result, line: JSON.stringify(result) });
        }
        if (members.length < 2000) break;
      }
      return out;
    });
  /**
   * Whether no result can still come for any archive to account for that has none taken: its record is gone or
   * of another enqueue, its result is written (and was refused), or the job its record names is gone or done.
   * Jobs left in the queue then hold none of them (a decoy delayed for years must not keep a reader waiting).
   */
  const nothingMoreCanCome = async (): Promise<boolean> => {
    const ids: string[] = [];
    if (receipt) for (const id of receipt.keys()) !accepted.has(id) && ids.push(id);
    else
      for (let at = 0; ; at += 1000) {
        const part = await c.client.zrange(c.keys.enqueued, at, at + 999);
        for (const id of part) if (!accepted.has(id)) ids.push(id);
        if (part.length < 1000) break;
      }
    const recs = await readRecords(c, ids);
    const jobs = [...new Set([...recs.values()].flatMap((r) => (r && r.job && !r.result ? [r.job] : [])))];
    const live = new Set<string>();
    for (let at = 0; at < jobs.length; at += 500) {
      const part = jobs.slice(at, at + 500);
      const replies =
        (await c.client
          .pipeline(
            part.flatMap((g) => [
              ["exists", c.keys.job(g)],
              ["zscore", c.keys.job("completed"), g],
              ["zscore", c.keys.job("failed"), g],
            ]),
          )
          .exec()) ?? [];
      part.forEach((g, i) => replies[3 * i]?.[1] === 1 && replies[3 * i + 1]?.[1] === null && replies[3 * i + 2]?.[1] === null && live.add(g));
    }
    return ids.every((id) => {
      const r = recs.get(id);
      if (!r || r.result) return true;
      if (receipt && r.nonce !== receipt.get(id)!.nonce) return true;
      return !live.has(r.job);
    });
  };
  /** Polls since a result last came, while jobs are left: every 40th, nothingMoreCanCome is asked. */
  let idlePolls = 0;
  let idleNoted: IdleReason | null = null;
  let lastResult = Date.now();
  try {
    for (;;) {
      if (o.signal?.aborted) return;
      const page = await readPage(c, cursor, PAGE);
      if (page.length > 0) {
        lastResult = Date.now();
        idlePolls = 0;
        if (idleNoted === "handed-back") idleNoted = null;
        const recs = await readRecords(c, [...new Set(page.filter((e) => isArchiveId(e.job)).map((e) => e.job))]);
        for (const e of page) {
          cursor = e.id;
          // With a receipt, another enqueuer's archives and jobs are theirs: neither read nor trimmed.
          if (receipt && (!isArchiveId(e.job) || !receipt.has(e.job))) continue;
          const v = judge(e, recs.get(e.job), key, c.keys.scope, receipt);
          if (v.ok && isArchiveId(e.job) && accepted.has(e.job)) Object.assign(v, { ok: false, why: "a second entry for that archive" });
          if (!v.ok) {
            const why = (v as { why: string }).why;
            // Why an archive's entry was refused, for its no-verdict line: bounded, as the entries are forged at will.
            if (isArchiveId(e.job) && !accepted.has(e.job) && (refusedWhy.size < MAX_REFUSED_REASONS || refusedWhy.has(e.job)))
              refusedWhy.set(e.job, `its result entry ${e.id} was refused: ${why}`);
            o.onRefused?.({ cursor: e.id, jobId: e.job.slice(0, 200), why });
            take({ cursor: e.id });
            continue;
          }
          const { result, asIs } = v;
          if (!isArchiveId(e.job)) {
            // A job a worker refused (its data changed, or not sealcheck's): not an archive, so not a result; its
            // archives, if any were enqueued, get no verdict at the end, saying why.
            const why = `a worker refused job ${e.job}: ${result.error ?? "no reason given"}`;
            jobWhy.set(e.job, why);
            o.onRefused?.({ cursor: e.id, jobId: e.job.slice(0, 200), why });
            take({ cursor: e.id, job: e.job });
            continue;
          }
          accepted.add(e.job);
          refusedWhy.delete(e.job);
          // The checked text as it is: re-serialising would only spend CPU on the same line.
          yield { cursor: e.id, jobId: e.job, result, line: asIs ? e.line : JSON.stringify(result) };
          take({ cursor: e.id, archive: e.job });
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
      const more = async (): Promise<boolean> => (await readPage(c, cursor, 1)).length > 0;
      const { left, delayed } = await pending(c);
      // Jobs are left, yet every archive enqueued has its result: what is left holds none of them (a job
      // added by someone else, delayed for years, kept a reader waiting forever). Done once nothing more is read.
      if (left > 0 && o.follow && (await everyEnqueuedAccepted(c, accepted, receipt)) && !(await more())) return;
      // Every job has finished, and a job finishes after its result is written: one more page, then the
      // archives without a result, then done.
      if (left === 0) {
        if (await more()) continue;
        const missing = await unaccounted();
        if (missing === null) continue;
        for (const r of missing) {
          yield r;
          take({ archive: r.jobId });
        }
        return;
      }
      if (!o.follow) {
        if (await more()) continue; // what the sweep just wrote
        // With a receipt, every archive it holds gets a line: one without a result yet is said to be pending
        // (a read that ends with archives missing must not exit 0). Not trimmed: its result may still come.
        if (receipt)
          for (const r of (await unaccounted(true, "no result yet (still queued or running, or never verified): read again later, or with --follow")) ?? [])
            yield r;
        return;
      }
      const idleLimit = o.idleTimeoutMs ?? 3_600_000;
      if (idleLimit > 0 && Date.now() - lastResult >= idleLimit && !(await more())) {
        const why = `no result came for ${Math.round((Date.now() - lastResult) / 1000)} s while ${left} job${left === 1 ? " was" : "s were"} left (the idle limit): stuck, delayed or without a worker; read again later`;
        for (const r of (await unaccounted(true, why)) ?? []) yield r;
        return;
      }
      // Jobs are left, yet none holds an archive still without a result: done, with what is missing said.
      if (++idlePolls % 40 === 0 && (await nothingMoreCanCome()) && !(await more())) {
        const missing = await unaccounted(true);
        if (missing !== null) {
          for (const r of missing) {
            yield r;
            take({ archive: r.jobId });
          }
          return;
        }
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

/** Sealcheck queues named in the message, the closest to the name asked first; names looked at, at most. */
const MAX_QUEUES_LISTED = 20;
const MAX_QUEUES_SEEN = 10_000;
const MAX_SCAN_ROUNDS = 50;

/** Levenshtein distance (names are at most 100 characters): how far a queue's name is from a misspelt one. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/**
 * Null when Redis holds something of the queue (a job counter, an enqueue, a result, a connected worker);
 * otherwise why it does not exist, naming the sealcheck queues under the same prefix, closest name first.
 */
async function missingQueue(c: QueueConnection): Promise<string | null> {
  // Not BullMQ's meta key: opening a Queue writes it, so a misspelt name gets one on the first look.
  const bullKeys = ["id", "wait", "paused", "active", "delayed", "prioritized", "completed", "failed"].map((k) => `${c.keys.scope}:${k}`);
  const held = await c.client.exists(...bullKeys, c.keys.index, c.keys.results, c.keys.enqueued);
  if (held > 0 || (await c.queue.getWorkersCount()) > 0) return null;
  const suffix = ":sealcheck:index";
  const names = new Set<string>();
  let scan = "0";
  for (let round = 0; round < MAX_SCAN_ROUNDS && names.size < MAX_QUEUES_SEEN; round++) {
    const [next, keys] = await c.client.scan(scan, "MATCH", `${c.prefix}:*${suffix}`, "COUNT", 1000);
    for (const k of keys) {
      const name = checkQueueName(k.slice(c.prefix.length + 1, -suffix.length));
      if (name && names.size < MAX_QUEUES_SEEN) names.add(name);
    }
    scan = next;
    if (scan === "0") break;
  }
  const ranked = [...names].map((n) => [distance(n, c.name), n] as const).sort((x, y) => x[0] - y[0] || (x[1] < y[1] ? -1 : 1));
  const others = ranked.slice(0, MAX_QUEUES_LISTED).map(([, n]) => n);
  return (
    `queue ${c.name} does not exist on ${c.where} (key prefix ${c.prefix}): Redis holds no job, result or worker of it; ` +
    (others.length > 0
      ? `the queues there are, closest name first, ${others.join(", ")}${names.size > others.length ? ", …" : ""}`
      : `no sealcheck queue is there under that prefix`) +
    " (check the queue name, the key prefix and the Redis database)"
  );
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

/**
 * Counts of the queue's jobs, its connected workers and its unread results. A queue of which Redis holds
 * nothing (a misspelt name or prefix, another database) is SealcheckError ERR_QUEUE_NOT_FOUND naming the queues
 * there, as queueResults says it, rather than a row of zeros.
 */
export async function queueStatus(o: QueueConnectionOptions): Promise<QueueStatus> {
  const c = await connectQueue(o, "status");
  const missing = await missingQueue(c).catch(() => null);
  if (missing !== null) {
    await c.close();
    throw new SealcheckError("ERR_QUEUE_NOT_FOUND", missing);
  }
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
