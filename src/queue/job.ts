// What one queued job is: a group of archive references (absolute paths on storage every worker reads), each
// with the position it was given when enqueued, under the run key of the options they were enqueued with.
// Archives are grouped because BullMQ's own work per job (its add and completion scripts, the worker's job
// handling: ~0.4 ms) is as large as the queue's whole budget for one small archive; a group of 16 spends it
// once. Each archive keeps its own identity (jobIdFor: the archive plus the run key) and its own record in Redis,
// which says which job holds it and where its result is, so re-adding it under the same options adds nothing and
// its result is written once whichever job verifies it. Job data comes back from Redis, which anyone with access
// can write: it is checked before use, like any input, and the job's id is made from it.
import { createHash } from "node:crypto";
import { isAbsolute } from "node:path";
import { archiveKey } from "../batch/discover.js";
import { batchErrorCode, type ArchiveSpec, type BatchErrorCode } from "../batch/types.js";
import { isContentDigests, type ContentDigests } from "../batch/pins.js";

/**
 * The job data's format version (1: one archive per job, before groups; 2: groups, archives without an enqueue
 * nonce; 3: archives without the root their originals must stay in; 4: archives without their content pinned).
 * A job of another version is refused (ERR_QUEUE_JOB): drain a queue before upgrading sealcheck.
 */
export const JOB_VERSION = 5;

/** One archive of a job. */
export interface QueuedArchive {
  evidence: string;
  originals: string[];
  /** A discovery problem (no originals/ folder, bad manifest entry): reported without verifying. */
  problem?: string;
  /** The real directory discovery found it under: its originals must be inside it when the worker opens them. */
  within?: string;
  /** Position in the queue, counted over every `queue add` (the `index` of its result line). */
  index: number;
  /**
   * Chosen afresh each time the archive is enqueued, and kept in its record: its result entry carries it under
   * the MAC, so that a result of an earlier enqueue (an archive since changed and added again) is not taken.
   */
  nonce: string;
  /**
   * SHA-256 of the evidence and of each original file when `queue add` read them (src/batch/pins.ts): the worker
   * verifies only those bytes. Every archive without a `problem` has it.
   */
  sha256?: ContentDigests;
  /**
   * Why `queue add` could not read it to pin its content (one sentence naming the file, and its code): it is
   * reported with this, never verified, since what the worker would find instead is not what was enqueued.
   */
  unreadable?: { error: string; code: BatchErrorCode };
}

export interface QueueJobData {
  v: typeof JOB_VERSION;
  /** Chosen by the enqueuer; the job's id is made from it and the archives' ids (groupIdFor). */
  nonce: string;
  /** runKey() of the enqueuer's verification options with allowMissingOriginals (as verify-batch's lines). */
  run: string;
  allowMissingOriginals: boolean;
  /** Seconds an archive's record is kept once its result is written and not read. */
  keepSeconds: number;
  /**
   * What to do with the archives: verify them (absent), or augment them (PAdES-BASELINE-LTA; `queue add
   * --augment`), which only a worker started with its own TSA and output place does (`worker --augment-tsa`);
   * the run key says it too, so that any other worker hands the job back.
   */
  kind?: "augment";
  /**
   * Augment jobs: renew only the archives due by this time (ISO 8601 instant; `queue add --augment
   * --expiring-before`), over the worker's own `augment.expiringBefore`, which is the default for jobs without one.
   */
  expiringBefore?: string;
  archives: QueuedArchive[];
}

/**
 * An archive's id in the queue: SHA-256 of the archive identity (archiveKey), its discovery problem (a problem
 * archive is reported, never verified: without the problem in its id, a job stripped of it would verify the same
 * archive), the root its originals must stay in (likewise: stripped of it, a job would follow a link out of it)
 * and the run key (no ':' — BullMQ refuses it in ids). The `job` of its result entry, and the name of its record.
 */
export function jobIdFor(archive: Pick<ArchiveSpec, "evidence" | "originals" | "problem" | "within">, run: string): string {
  const identity = JSON.stringify(["sealcheck-archive-v4", archiveKey(archive), archive.problem ?? null, archive.within ?? null, run]);
  return `a-${createHash("sha256").update(identity).digest("hex").slice(0, 40)}`;
}

/** Whether a result entry's `job` names an archive (jobIdFor), not a job. */
export const isArchiveId = (id: string): boolean => /^a-[0-9a-f]{40}$/.test(id);

/**
 * The BullMQ job id of a group: SHA-256 of all of its data (every field that changes a verdict or a result:
 * paths, problems, indexes, enqueue nonces, run key, keep time), so that data changed in Redis is seen.
 */
export function groupIdFor(d: Omit<QueueJobData, "v">): string {
  const canonical = JSON.stringify([
    "sealcheck-job-v5",
    d.nonce,
    d.run,
    d.allowMissingOriginals,
    d.keepSeconds,
    d.archives.map((a) => [a.evidence, a.originals, a.problem ?? null, a.within ?? null, a.index, a.nonce, a.sha256 ?? null, a.unreadable ?? null]),
    // Only when set: the ids of verify jobs stay what they were.
    ...(d.kind !== undefined ? [d.kind] : []),
    ...(d.expiringBefore !== undefined ? [{ expiringBefore: d.expiringBefore }] : []),
  ]);
  return `g-${createHash("sha256").update(canonical).digest("hex").slice(0, 40)}`;
}

const MAX_PATH = 4096;
/** An instant as toISOString() writes it (queue add writes no other form), a real one. */
const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const isInstant = (s: string): boolean => INSTANT.test(s) && !Number.isNaN(Date.parse(s)) && new Date(s).toISOString() === s;
const NONCE = /^[0-9a-f]{16,64}$/;
const MAX_ORIGINALS = 10_000;
/** Archives one job may hold. */
export const MAX_GROUP = 1000;

type Parsed = { ok: true; data: QueueJobData; ids: string[] } | { ok: false; why: string; evidence?: string };

/**
 * The job's data and its archives' ids, or why it is not a sealcheck job (one sentence). Given the job's id, the
 * data must be what the id was made from: data changed in Redis after `queue add` is refused.
 */
export function parseJobData(data: unknown, id?: string): Parsed {
  if (!data || typeof data !== "object" || Array.isArray(data)) return { ok: false, why: "its data is not an object" };
  const d = data as Record<string, unknown>;
  const path = (p: unknown): p is string => typeof p === "string" && p.length > 0 && p.length <= MAX_PATH && isAbsolute(p) && !p.includes("\0");
  const list = Array.isArray(d.archives) ? (d.archives as unknown[]) : null;
  const first = list?.[0] as Record<string, unknown> | undefined;
  const named = first && typeof first === "object" && path(first.evidence) ? first.evidence : undefined;
  const fail = (why: string): Parsed => ({ ok: false as const, why, ...(named ? { evidence: named } : {}) });
  if (d.v !== JOB_VERSION)
    return fail(`its format version is ${JSON.stringify(d.v) ?? "missing"}, not ${JOB_VERSION} (enqueued by another sealcheck version?)`);
  if (typeof d.nonce !== "string" || !NONCE.test(d.nonce)) return fail('"nonce" is not a hex string');
  if (typeof d.run !== "string" || !/^[0-9a-f]{16}$/.test(d.run)) return fail('"run" is not a run key');
  if (typeof d.allowMissingOriginals !== "boolean") return fail('"allowMissingOriginals" is not true or false');
  if (typeof d.keepSeconds !== "number" || !Number.isSafeInteger(d.keepSeconds) || d.keepSeconds < 1) return fail('"keepSeconds" is not a whole number');
  if (d.kind !== undefined && d.kind !== "augment") return fail('"kind" is not "augment"');
  if (d.expiringBefore !== undefined && (d.kind !== "augment" || typeof d.expiringBefore !== "string" || !isInstant(d.expiringBefore)))
    return fail('"expiringBefore" is not an instant of an augment job (YYYY-MM-DDThh:mm:ss.sssZ)');
  if (!list || list.length === 0 || list.length > MAX_GROUP) return fail(`"archives" is not a list of 1 to ${MAX_GROUP} archives`);
  const archives: QueuedArchive[] = [];
  for (const [i, x] of list.entries()) {
    const a = x as Record<string, unknown>;
    const at = `archive ${i + 1}`;
    if (!a || typeof a !== "object" || Array.isArray(a)) return fail(`${at} is not an object`);
    if (!path(a.evidence)) return fail(`${at}: "evidence" is not an absolute path`);
    if (!Array.isArray(a.originals) || a.originals.length > MAX_ORIGINALS || !a.originals.every(path))
      return fail(`${at}: "originals" is not a list of absolute paths`);
    if (a.problem !== undefined && (typeof a.problem !== "string" || a.problem.length > 8192)) return fail(`${at}: "problem" is not a short text`);
    if (a.within !== undefined && !path(a.within)) return fail(`${at}: "within" is not an absolute path`);
    if (typeof a.index !== "number" || !Number.isSafeInteger(a.index) || a.index < 0) return fail(`${at}: "index" is not a whole number`);
    if (typeof a.nonce !== "string" || !NONCE.test(a.nonce)) return fail(`${at}: "nonce" is not a hex string`);
    const u = a.unreadable as { error?: unknown; code?: unknown } | undefined;
    if (u !== undefined && (!u || typeof u !== "object" || typeof u.error !== "string" || u.error.length > 8192 || batchErrorCode(u.code) === null))
      return fail(`${at}: "unreadable" is not an error and its code`);
    // Pinned, or reported without a verdict: an archive is never verified unpinned.
    if (a.sha256 !== undefined ? !isContentDigests(a.sha256, MAX_ORIGINALS, path) || u !== undefined : a.problem === undefined && u === undefined)
      return fail(`${at}: "sha256" is not the content's digests (SHA-256 of the evidence and of each original, pinned by queue add)`);
    archives.push({
      evidence: a.evidence,
      originals: a.originals as string[],
      ...(a.problem !== undefined ? { problem: a.problem as string } : {}),
      ...(a.within !== undefined ? { within: a.within } : {}),
      index: a.index,
      nonce: a.nonce,
      ...(a.sha256 !== undefined ? { sha256: a.sha256 as ContentDigests } : {}),
      ...(u !== undefined ? { unreadable: { error: u.error as string, code: u.code as BatchErrorCode } } : {}),
    });
  }
  const ids = archives.map((a) => jobIdFor(a, d.run as string));
  if (new Set(ids).size !== ids.length) return fail("it names one archive twice");
  const parsed: QueueJobData = {
    v: JOB_VERSION,
    nonce: d.nonce,
    run: d.run,
    allowMissingOriginals: d.allowMissingOriginals,
    keepSeconds: d.keepSeconds,
    ...(d.kind === "augment" ? { kind: "augment" as const } : {}),
    ...(d.expiringBefore !== undefined ? { expiringBefore: d.expiringBefore as string } : {}),
    archives,
  };
  if (id !== undefined && groupIdFor(parsed) !== id)
    return fail("its data names archives or options other than those its id was made from (changed in Redis after it was enqueued?)");
  return { ok: true, ids, data: parsed };
}

/** Redis keys of sealcheck's own beside BullMQ's, under the same prefix and queue name. */
export function queueKeys(
  prefix: string,
  queue: string,
): {
  scope: string;
  results: string;
  index: string;
  enqueued: string;
  addLock: string;
  job: (id: string) => string;
  archive: (id: string) => string;
} {
  const base = `${prefix}:${queue}`;
  return {
    scope: base,
    results: `${base}:sealcheck:results`,
    index: `${base}:sealcheck:index`,
    // The archives enqueued and not yet read (a sorted set: archive id, scored by index): the reader's count.
    enqueued: `${base}:sealcheck:enqueued`,
    addLock: `${base}:sealcheck:add-lock`,
    job: (id) => `${base}:${id}`,
    archive: (id) => `${base}:sealcheck:a:${id}`,
  };
}

/** How long finished jobs, unread results and their records are kept at most (queue add --keep…). */
export const DEFAULT_KEEP_SECONDS = 7 * 24 * 3600;

/**
 * Fields of an archive's record (a hash): the job holding it, its result's entry id once written, the enqueue's
 * nonce and index, the evidence path (for messages), the digest of its pinned content, and the enqueuer's MAC of
 * the record (with a result key).
 */
export const RECORD_JOB = "g";
export const RECORD_RESULT = "r";
export const RECORD_NONCE = "n";
export const RECORD_INDEX = "i";
export const RECORD_EVIDENCE = "e";
export const RECORD_MAC = "m";
/** contentDigest() of the archive's pinned content (under the MAC): the result line must carry that content. */
export const RECORD_CONTENT = "c";

/** BullMQ's default key prefix. */
export const DEFAULT_PREFIX = "bull";

/** A queue name: what BullMQ accepts in a key, kept printable. */
export function checkQueueName(name: unknown): string | null {
  if (typeof name !== "string" || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(name)) return null;
  return name;
}
