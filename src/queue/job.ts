// What one queued job is: an archive reference (absolute paths on storage every worker reads), the position
// it was given when enqueued, and the run key of the options it was enqueued with. Its id is the archive's
// identity plus that run key, so re-adding the same archive under the same options adds nothing, and under
// other --trust/--at it is another job. Job data comes back from Redis, which anyone with access can write:
// it is checked before use, like any input.
import { createHash } from "node:crypto";
import { isAbsolute } from "node:path";
import { archiveKey } from "../batch/discover.js";
import type { ArchiveSpec } from "../batch/types.js";

/** The job data's format version. */
export const JOB_VERSION = 1;

export interface QueueJobData {
  v: typeof JOB_VERSION;
  evidence: string;
  originals: string[];
  /** A discovery problem (no originals/ folder, bad manifest entry): reported without verifying. */
  problem?: string;
  /** Position in the queue, counted over every `queue add` (the `index` of its result line). */
  index: number;
  /** runKey() of the enqueuer's verification options with allowMissingOriginals (as verify-batch's lines). */
  run: string;
  allowMissingOriginals: boolean;
}

/** The BullMQ job id: SHA-256 of the archive identity and the run key (no ':' — BullMQ refuses it in ids). */
export function jobIdFor(archive: Pick<ArchiveSpec, "evidence" | "originals">, run: string): string {
  return `a-${createHash("sha256").update(archiveKey(archive)).update("\n").update(run).digest("hex").slice(0, 40)}`;
}

const MAX_PATH = 4096;
const MAX_ORIGINALS = 10_000;

/**
 * The job's data, or why it is not a sealcheck job (one sentence). Given the job's id, the data must name the
 * archive and run key the id was made from: data changed in Redis after `queue add` is refused.
 */
export function parseJobData(data: unknown, id?: string): { ok: true; data: QueueJobData } | { ok: false; why: string; evidence?: string } {
  if (!data || typeof data !== "object" || Array.isArray(data)) return { ok: false, why: "its data is not an object" };
  const d = data as Record<string, unknown>;
  const path = (p: unknown): p is string => typeof p === "string" && p.length > 0 && p.length <= MAX_PATH && isAbsolute(p) && !p.includes("\0");
  const evidence = path(d.evidence) ? d.evidence : undefined;
  const fail = (why: string) => ({ ok: false as const, why, ...(evidence ? { evidence } : {}) });
  if (d.v !== JOB_VERSION)
    return fail(`its format version is ${JSON.stringify(d.v) ?? "missing"}, not ${JOB_VERSION} (enqueued by another sealcheck version?)`);
  if (!evidence) return fail('"evidence" is not an absolute path');
  if (!Array.isArray(d.originals) || d.originals.length > MAX_ORIGINALS || !d.originals.every(path)) return fail('"originals" is not a list of absolute paths');
  if (d.problem !== undefined && (typeof d.problem !== "string" || d.problem.length > 8192)) return fail('"problem" is not a short text');
  if (typeof d.index !== "number" || !Number.isSafeInteger(d.index) || d.index < 0) return fail('"index" is not a whole number');
  if (typeof d.run !== "string" || !/^[0-9a-f]{16}$/.test(d.run)) return fail('"run" is not a run key');
  if (typeof d.allowMissingOriginals !== "boolean") return fail('"allowMissingOriginals" is not true or false');
  if (id !== undefined && jobIdFor({ evidence, originals: d.originals as string[] }, d.run) !== id)
    return fail("its data names an archive or options other than those its id was made from (changed in Redis after it was enqueued?)");
  return {
    ok: true,
    data: {
      v: JOB_VERSION,
      evidence,
      originals: d.originals as string[],
      ...(d.problem !== undefined ? { problem: d.problem as string } : {}),
      index: d.index,
      run: d.run,
      allowMissingOriginals: d.allowMissingOriginals,
    },
  };
}

/** Redis keys of sealcheck's own beside BullMQ's, under the same prefix and queue name. */
export function queueKeys(prefix: string, queue: string): { scope: string; results: string; index: string; job: (id: string) => string } {
  const base = `${prefix}:${queue}`;
  return { scope: base, results: `${base}:sealcheck:results`, index: `${base}:sealcheck:index`, job: (id) => `${base}:${id}` };
}

/** BullMQ's default key prefix. */
export const DEFAULT_PREFIX = "bull";

/** A queue name: what BullMQ accepts in a key, kept printable. */
export function checkQueueName(name: unknown): string | null {
  if (typeof name !== "string" || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(name)) return null;
  return name;
}
