// The content of a queued archive, pinned when `queue add` enqueues it (attack34c C5): the SHA-256 of the
// evidence file and of each original file, listed as verifyArchive lists them (a folder's regular files, not
// hidden ones). The job carries the digests (its id is made from them), each archive's record and the receipt
// carry them signed, and the worker checks the bytes it reads against them: a writer of the archive store who
// puts genuine files in place only for the worker's run gets a verdict on nothing but the change. The
// check is of the bytes verification used (src/verify/archive.ts ContentCheck), not of a second read.
// Hashing is streamed (one 1 MiB buffer a file), a few archives at a time: batches of thousands of archives
// and originals of hundreds of megabytes cost bounded memory.
import { createHash } from "node:crypto";
import { closeSync, read } from "node:fs";
import { SealcheckError, errorMessage } from "../errors.js";
import type { ArchiveSpec, ContentDigests } from "./types.js";

export type { ContentDigests } from "./types.js";
import { checkEndAt, openRegular, showName } from "../input/files.js";
import { hashFile, listOriginals, type OriginalFile } from "../input/originals.js";
import type { Limits } from "../limits.js";
import type { ContentCheck } from "../verify/archive.js";

const HEX = /^[0-9a-f]{64}$/;

/** Whether `v` is a ContentDigests of at most `maxOriginals` files with absolute paths (from Redis or a file: checked). */
export function isContentDigests(v: unknown, maxOriginals: number, isPath: (p: unknown) => boolean): v is ContentDigests {
  if (!v || typeof v !== "object" || Array.isArray(v)) return false;
  const d = v as Record<string, unknown>;
  if (typeof d.evidence !== "string" || !HEX.test(d.evidence) || !Array.isArray(d.originals) || d.originals.length > maxOriginals) return false;
  let last: string | null = null;
  for (const pair of d.originals as unknown[]) {
    if (!Array.isArray(pair) || pair.length !== 2 || !isPath(pair[0]) || typeof pair[1] !== "string" || !HEX.test(pair[1])) return false;
    // Sorted, each path once: one canonical form, so that its digest is one.
    if (last !== null && !(last < (pair[0] as string))) return false;
    last = pair[0] as string;
  }
  return Object.keys(d).length === 2;
}

/** One SHA-256 (hex) over the digests, for records, receipt lines and MACs. */
export function contentDigest(d: ContentDigests): string {
  return createHash("sha256")
    .update(JSON.stringify(["sealcheck-content-v1", d.evidence, d.originals]))
    .digest("hex");
}

/** The evidence's and the originals' SHA-256, read as the worker will read them (links confined to `within`). */
export async function pinArchive(a: ArchiveSpec, limits: Pick<Limits, "maxEvidenceBytes" | "maxOriginalBytes" | "maxOriginals">): Promise<ContentDigests> {
  const evidence = await hashEvidence(a.evidence, limits.maxEvidenceBytes, a.within);
  const files = a.originals.length ? listOriginals(a.originals, limits.maxOriginals) : [];
  if (files.length > limits.maxOriginals)
    throw new SealcheckError("ERR_INPUT_TOO_LARGE", `more than ${limits.maxOriginals} original files given (maxOriginals)`, { option: "limits.maxOriginals" });
  const originals: [string, string][] = [];
  // One file at a time: hashFile holds one buffer of at most 1 MiB.
  for (const f of files) originals.push([f, (await hashFile(f, limits.maxOriginalBytes, a.within)).sha256Hex]);
  originals.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  return { evidence, originals };
}

const CHUNK = 1024 * 1024;

/** SHA-256 of the evidence file in 1 MiB reads (a regular file of at most maxBytes, inside `within` when set). */
async function hashEvidence(file: string, maxBytes: number, within?: string): Promise<string> {
  let opened;
  try {
    // As readEvidence opens it: the same refusals in the same words as a worker's (verify-batch's) own.
    opened = openRegular(file, maxBytes, { limit: "maxEvidenceBytes", ...(within !== undefined ? { within } : {}) });
  } catch (e) {
    if (e instanceof SealcheckError && e.code === "ERR_USAGE" && / a directory, not a regular file/.test(e.message))
      throw new SealcheckError("ERR_USAGE", `${file}: is a directory, not an evidence file`, { file });
    throw e;
  }
  const { fd, size } = opened;
  try {
    const h = createHash("sha256");
    const buf = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(size, 1)));
    let total = 0;
    while (total < size) {
      const n = await new Promise<number>((res, rej) => read(fd, buf, 0, Math.min(buf.length, size - total), total, (e, k) => (e ? rej(e) : res(k))));
      if (n === 0) throw new SealcheckError("ERR_FILE_UNREADABLE", `${showName(file)}: it became shorter while it was read`, { file });
      h.update(buf.subarray(0, n));
      total += n;
    }
    checkEndAt(file, fd, size);
    return h.digest("hex");
  } catch (e) {
    if (e instanceof SealcheckError) throw e;
    throw new SealcheckError("ERR_FILE_UNREADABLE", `${showName(file)}: cannot read (${errorMessage(e)})`, { file, cause: e });
  } finally {
    closeSync(fd);
  }
}

/**
 * The bytes a worker read are not those pinned at `queue add`: which file, and how. Not an error of the run: its
 * result is a verdict (contentChangedResult), since nothing of what was enqueued could be verified.
 */
export class ContentChanged extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = "ContentChanged";
  }
}

const short = (hex: string): string => `${hex.slice(0, 16)}…`;

/** The check verifyArchive runs on what it reads (ContentCheck), throwing ContentChanged at the first difference. */
export function contentCheck(d: ContentDigests): ContentCheck {
  const pinned = new Map(d.originals);
  const changed = (file: string, how: string): ContentChanged =>
    new ContentChanged(file, `${showName(file)}: ${how} since queue add pinned it; what was enqueued could not be read, so it was not verified`);
  return {
    evidence(file, sha256) {
      if (sha256.toLowerCase() !== d.evidence) throw changed(file, `its bytes changed (SHA-256 ${short(sha256.toLowerCase())}, pinned ${short(d.evidence)})`);
    },
    listed(files) {
      const seen = new Set(files);
      for (const f of files) if (!pinned.has(f)) throw changed(f, "this original was not there");
      for (const [f] of d.originals) if (!seen.has(f)) throw changed(f, "this original is gone");
    },
    originals(files: readonly OriginalFile[]) {
      for (const f of files) {
        const want = pinned.get(f.path);
        if (want === undefined) throw changed(f.path, "this original was not there");
        if (f.sha256Hex !== want) throw changed(f.path, `its bytes changed (SHA-256 ${short(f.sha256Hex)}, pinned ${short(want)})`);
      }
    },
  };
}
