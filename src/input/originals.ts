// The original PDFs an auditor supplies: found on disk and hashed, files over 1 MiB as streams (read once,
// in chunks, never held whole), so that originals of hundreds of megabytes cost no memory.
import { createHash, sha256Hex } from "../platform/crypto.js";
import { closeSync, read, statSync } from "node:fs";
import { isMainThread, Worker } from "node:worker_threads";
import { SealcheckError, errorMessage, raiseLimit } from "../errors.js";
import { DEFAULT_LIMITS } from "../limits.js";
import { checkEndAt, checkPathName, kindAt, kindOf, listDirectory, openRegular, readOpenedWhole, showName, undecodableName } from "./files.js";

export interface OriginalFile {
  path: string;
  size: number;
  sha256Hex: string;
  /** Whether the file starts like a PDF (a non-PDF is still compared, and named as such). */
  isPdf: boolean;
}

/**
 * Expands directories (non-recursive, hidden files and subdirectories skipped) and checks that every path is a
 * regular file (links followed). A dangling link, a loop of links, a FIFO, socket or device, or a name that is
 * not UTF-8 is a usage error naming the file: an original that cannot be read is never silently left out.
 */
export function listOriginals(paths: readonly string[], maxFiles: number): string[] {
  const out: string[] = [];
  for (const p of paths) {
    checkPathName(p, "original");
    const given = kindOrError(p);
    if (given.kind === "dir") {
      for (const e of listDirectory(p)) {
        if (e.name === null) throw undecodableName(e);
        const entry = kindOrError(e.path);
        if (entry.kind === "file") out.push(e.path);
        else if (entry.kind === "other") throw notAFile(e.path, entry.what);
        if (out.length > maxFiles) break;
      }
    } else if (given.kind === "file") out.push(p);
    else throw notAFile(p, given.what);
    if (out.length > maxFiles)
      throw new SealcheckError("ERR_INPUT_TOO_LARGE", `more than ${maxFiles} original files given (${raiseLimit("maxOriginals")})`, {
        option: "limits.maxOriginals",
      });
  }
  return [...new Set(out)];
}

function kindOrError(p: string): { kind: "file" | "dir" | "other"; what: string } {
  try {
    const { kind, st } = kindAt(p);
    return { kind, what: kindOf(st) };
  } catch (e) {
    if (e instanceof SealcheckError && e.code === "ERR_FILE_NOT_FOUND" && !/link/.test(e.message))
      throw new SealcheckError("ERR_FILE_NOT_FOUND", `${showName(p)}: no such original file or directory`, { file: p });
    throw e;
  }
}

function notAFile(p: string, what: string): SealcheckError {
  return new SealcheckError("ERR_USAGE", `${showName(p)}: ${what}, not a regular file or directory, so it is not read as an original`, { file: p });
}

/** Files up to this size are read in one buffer of their size; larger ones in 1 MiB chunks. */
const WHOLE_FILE_MAX = 1024 * 1024;
const CHUNK = 1024 * 1024;

/** Originals from this size on report their progress to `hashingProgress.listener` (the CLI's stderr line). */
export const PROGRESS_MIN_BYTES = 256 * 1024 * 1024;

export interface HashingProgress {
  file: string;
  /** Bytes hashed so far, and the file's size. */
  done: number;
  size: number;
}

/**
 * Where the hashing of a large original reports its progress, about once a second: nowhere unless the CLI sets
 * a listener (the library prints nothing).
 */
export const hashingProgress: { listener: ((p: HashingProgress) => void) | null } = { listener: null };

/** An original that cannot be hashed: ERR_FILE_UNREADABLE naming it, the too-large limit named when that is why. */
function unreadableOriginal(path: string, e: unknown): SealcheckError {
  if (e instanceof SealcheckError && e.code === "ERR_INPUT_TOO_LARGE") return e;
  const raw = e instanceof SealcheckError ? e.message : errorMessage(e);
  const shown = showName(path);
  let reason = raw.startsWith(`${shown}: `) ? raw.slice(shown.length + 2) : ((e as NodeJS.ErrnoException)?.code ?? raw);
  const inner = /^cannot read \((.*)\)$/.exec(reason);
  if (inner) reason = inner[1]!;
  return new SealcheckError("ERR_FILE_UNREADABLE", `${shown}: cannot read (${reason})`, { file: path, cause: e });
}

/**
 * An original given as its bytes (a file a browser page was handed, say) instead of a path: `name` stands for
 * the path in the report.
 */
export interface OriginalBytes {
  name: string;
  bytes: Uint8Array;
}

/** The OriginalFile of an original given as bytes, as hashFile gives it for a file of those bytes. */
export async function hashOriginalBytes(o: OriginalBytes): Promise<OriginalFile> {
  const b = o.bytes;
  // Latin-1 text of the head: one character a byte, so "%PDF-" is found exactly where those bytes are.
  const isPdf = new TextDecoder("latin1").decode(b.subarray(0, 1024)).includes("%PDF-");
  return { path: o.name, size: b.length, sha256Hex: await sha256Hex(b), isPdf };
}

/** `within`: a real directory the original must be inside once opened (an archive found by discovery). */
export async function hashFile(path: string, maxBytes: number = DEFAULT_LIMITS.maxOriginalBytes, within?: string): Promise<OriginalFile> {
  let opened;
  try {
    opened = openRegular(path, maxBytes, { what: "an original", limit: "maxOriginalBytes", ...(within !== undefined ? { within } : {}) });
  } catch (e) {
    throw unreadableOriginal(path, e);
  }
  if (opened.size <= WHOLE_FILE_MAX) {
    // Most originals are small: one synchronous read of a buffer their size.
    let b: Buffer;
    try {
      b = readOpenedWhole(path, opened);
    } catch (e) {
      throw unreadableOriginal(path, e);
    }
    return { path, size: b.length, sha256Hex: createHash("sha256").update(b).digest("hex"), isPdf: b.subarray(0, 1024).includes("%PDF-") };
  }
  const { fd, size } = opened;
  try {
    const h = createHash("sha256");
    const buf = Buffer.allocUnsafe(CHUNK);
    const readAt = (pos: number, len: number) => new Promise<number>((res, rej) => read(fd, buf, 0, len, pos, (e, n) => (e ? rej(e) : res(n))));
    let total = 0;
    let head: Buffer | null = null;
    let reported = Date.now();
    const report = size >= PROGRESS_MIN_BYTES ? hashingProgress.listener : null;
    // Exactly the size fstat gave, then one byte more: a file that holds more is an error, never read to its end.
    for (;;) {
      if (total === size) {
        checkEndAt(path, fd, size);
        break;
      }
      const n = await readAt(total, Math.min(CHUNK, size - total));
      if (n === 0) break;
      if (!head) head = Buffer.from(buf.subarray(0, Math.min(n, 1024)));
      h.update(buf.subarray(0, n));
      total += n;
      if (report && Date.now() - reported >= 1000) {
        reported = Date.now();
        report({ file: path, done: total, size });
      }
    }
    if (report) report({ file: path, done: total, size });
    return { path, size: total, sha256Hex: h.digest("hex"), isPdf: Boolean(head && head.includes("%PDF-")) };
  } catch (e) {
    throw unreadableOriginal(path, e);
  } finally {
    closeSync(fd);
  }
}

/** Hashes files with bounded concurrency (I/O overlaps hashing; memory stays a few chunks per file). */
export async function hashOriginals(
  paths: readonly string[],
  concurrency = 4,
  maxBytes: number = DEFAULT_LIMITS.maxOriginalBytes,
  within?: string,
): Promise<OriginalFile[]> {
  const out: OriginalFile[] = new Array(paths.length);
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const i = next++;
      out[i] = await hashFile(paths[i]!, maxBytes, within);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, paths.length) }, worker));
  return out;
}

/** Originals larger than this in total are hashed on a worker thread, beside the checks of the evidence. */
export const HASH_WORKER_THRESHOLD = 32 * 1024 * 1024;

// The worker is a small CommonJS script run with `eval`, so that it works the same from the sources, the
// tsc output and the bundle. It hashes as hashFile does (SHA-256, the first 1 KiB looked at for "%PDF-"), but
// reads into two 1 MiB buffers it reuses, the next read on the thread pool while this chunk is hashed: a
// stream's fresh chunk per read left ~40 MB of garbage and a page fault per 4 KiB behind (peak RSS, sys time).
const HASH_WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const fs = require("node:fs");
const CHUNK = 1024 * 1024;
const bufs = [Buffer.allocUnsafeSlow(CHUNK), Buffer.allocUnsafeSlow(CHUNK)];
const call = (f, ...a) => new Promise((res, rej) => f(...a, (e, v) => (e ? rej(e) : res(v))));
// Opened without blocking and judged by fstat of what was opened, as files.ts's openRegular: only a regular file
// of at most maxBytes, read to its fstat size and one byte more (a /proc file that never ends is an error).
function refuse(path, reason, code) {
  const e = new Error(reason);
  e.sealcheckCode = code || "ERR_FILE_UNREADABLE";
  throw e;
}
function kind(st) {
  return st.isDirectory() ? "a directory" : st.isFIFO() ? "a FIFO (named pipe)" : st.isSocket() ? "a socket" : st.isCharacterDevice() ? "a character device" : st.isBlockDevice() ? "a block device" : "not a regular file";
}
async function hash(path) {
  let fd;
  try {
    fd = await call(fs.open, path, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK || 0));
  } catch (e) {
    if (e && e.code === "ELOOP") refuse(path, "a loop of symbolic links (or too many links in a row)");
    if (e && e.code === "ENOENT") {
      let link = false;
      try { link = fs.lstatSync(path).isSymbolicLink(); } catch {}
      refuse(path, link ? "a symbolic link to a file that does not exist (a dangling link)" : "no such file");
    }
    throw e;
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) refuse(path, kind(st) + ", not a regular file (an original), so it is not read");
    if (workerData.within !== null) {
      let real;
      try { real = fs.readlinkSync("/proc/self/fd/" + fd); } catch { real = fs.realpathSync(path); }
      const root = workerData.within;
      if (real !== root && !real.startsWith(root.endsWith("/") ? root : root + "/")) refuse(path, "leads out of the directory searched (to " + real + "), not read");
    }
    if (st.size > workerData.maxBytes)
      refuse(path, st.size + " bytes is more than the limit of " + workerData.maxBytes + " for an original (raise it with limits.maxOriginalBytes)", "ERR_INPUT_TOO_LARGE");
    const limit = st.size;
    const h = createHash("sha256");
    let size = 0;
    let head = null;
    let i = 0;
    let reported = Date.now();
    const report = limit >= workerData.progressMin;
    const notEnding = (detail) =>
      refuse(path, "does not end at the " + limit + " bytes its size says" + (detail ? " (" + detail + ")" : "") + ": a special file such as one under /proc, or a file being written, so it is not read further");
    let pending = call(fs.read, fd, bufs[0], 0, Math.min(CHUNK, limit) || 1, 0);
    for (;;) {
      let n;
      try {
        n = await pending;
      } catch (e) {
        if (size === limit) notEnding("a read there fails: " + (e && e.code ? e.code : String(e)));
        throw e;
      }
      if (n === 0) break;
      if (size + n > limit) notEnding();
      const chunk = bufs[i].subarray(0, n);
      size += n;
      i ^= 1;
      pending = call(fs.read, fd, bufs[i], 0, Math.min(CHUNK, limit - size) || 1, size);
      if (head === null) head = Buffer.from(chunk.subarray(0, 1024));
      h.update(chunk);
      if (report && Date.now() - reported >= 1000) {
        reported = Date.now();
        parentPort.postMessage({ progress: { file: path, done: size, size: limit } });
      }
    }
    if (report) parentPort.postMessage({ progress: { file: path, done: size, size: limit } });
    return { path, size, sha256Hex: h.digest("hex"), isPdf: head !== null && head.includes("%PDF-") };
  } finally {
    await call(fs.close, fd).catch(() => undefined);
  }
}
(async () => {
  const files = [];
  for (const path of workerData.paths) {
    try {
      files.push(await hash(path));
    } catch (e) {
      parentPort.postMessage({ error: { path, message: e && e.message ? e.message : String(e), code: e && e.sealcheckCode } });
      return;
    }
  }
  parentPort.postMessage({ files });
})();
`;

export interface OriginalsHashing {
  result: Promise<OriginalFile[]>;
  /** Stops a hashing that is no longer needed (the evidence was unreadable); harmless once done. */
  cancel(): void;
  /**
   * The bytes of an original given in memory (one of `result`'s entries), which has no path to read it from
   * again; undefined for a file on disk.
   */
  bytesOf?(file: OriginalFile): Uint8Array | undefined;
}

/**
 * Starts hashing originals. Large sets run on a worker thread so that on a multi-core machine they cost
 * no wall time beyond the checks of the evidence; small ones, and any inside a worker thread already
 * (verify-batch parallelises across archives), are hashed here.
 */
export function startHashingOriginals(paths: readonly string[], o: { workerThreshold?: number; maxBytes?: number; within?: string } = {}): OriginalsHashing {
  const maxBytes = o.maxBytes ?? DEFAULT_LIMITS.maxOriginalBytes;
  let total = 0;
  for (const p of paths) {
    try {
      total += statSync(p).size;
    } catch {
      // hashFile reports it
    }
  }
  const inline = (): OriginalsHashing => {
    const result = hashOriginals(paths, 4, maxBytes, o.within);
    result.catch(() => undefined); // awaited by the caller when needed; never an unhandled rejection
    return { result, cancel: () => undefined };
  };
  if (total < (o.workerThreshold ?? HASH_WORKER_THRESHOLD) || !isMainThread) return inline();
  let worker: Worker;
  try {
    worker = new Worker(HASH_WORKER_SOURCE, {
      eval: true,
      workerData: { paths: [...paths], maxBytes, within: o.within ?? null, progressMin: hashingProgress.listener ? PROGRESS_MIN_BYTES : Infinity },
    });
  } catch {
    return inline(); // threads not allowed in this host (a permission model, say): hash here
  }
  const result = new Promise<OriginalFile[]>((resolve, reject) => {
    const listener = hashingProgress.listener;
    worker.on("message", (m: { files?: OriginalFile[]; error?: { path: string; message: string; code?: string }; progress?: HashingProgress }) => {
      if (m.progress) {
        listener?.(m.progress);
        return;
      }
      if (m.files) resolve(m.files);
      else if (m.error?.code === "ERR_INPUT_TOO_LARGE")
        reject(
          new SealcheckError("ERR_INPUT_TOO_LARGE", `${showName(m.error.path)}: ${m.error.message}`, { file: m.error.path, option: "limits.maxOriginalBytes" }),
        );
      else reject(new SealcheckError("ERR_FILE_UNREADABLE", `${showName(m.error?.path ?? "")}: cannot read (${m.error?.message})`, { file: m.error?.path }));
      void worker.terminate();
    });
    worker.once("error", (e) => reject(new SealcheckError("ERR_FILE_UNREADABLE", `cannot hash the originals (${errorMessage(e)})`, { cause: e })));
    worker.once("exit", () => reject(new SealcheckError("ERR_FILE_UNREADABLE", "cannot hash the originals (the hashing thread stopped)")));
  });
  result.catch(() => undefined);
  return { result, cancel: () => void worker.terminate() };
}
