// The original PDFs an auditor supplies: found on disk and hashed, files over 1 MiB as streams (read once,
// in chunks, never held whole), so that originals of hundreds of megabytes cost no memory.
import { createHash } from "node:crypto";
import { promises as fsp, readFileSync, readdirSync, statSync } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { isMainThread, Worker } from "node:worker_threads";
import { SealcheckError, errorMessage } from "../errors.js";

export interface OriginalFile {
  path: string;
  size: number;
  sha256Hex: string;
  /** Whether the file starts like a PDF (a non-PDF is still compared, and named as such). */
  isPdf: boolean;
}

/** Expands directories (non-recursive, hidden files skipped) and checks that every path exists. */
export function listOriginals(paths: readonly string[], maxFiles: number): string[] {
  const out: string[] = [];
  for (const p of paths) {
    let st;
    try {
      st = statSync(p);
    } catch {
      throw new SealcheckError("ERR_FILE_NOT_FOUND", `${p}: no such original file or directory`, { file: p });
    }
    if (st.isDirectory()) {
      let names: string[];
      try {
        names = readdirSync(p).sort();
      } catch (e) {
        throw new SealcheckError("ERR_FILE_UNREADABLE", `${p}: cannot list directory (${errorMessage(e)})`, { file: p });
      }
      for (const n of names) {
        if (n.startsWith(".")) continue;
        const full = join(p, n);
        if (statSync(full).isFile()) out.push(full);
      }
    } else if (st.isFile()) out.push(p);
    else throw new SealcheckError("ERR_USAGE", `${p}: not a regular file or directory`, { file: p });
    if (out.length > maxFiles)
      throw new SealcheckError("ERR_INPUT_TOO_LARGE", `more than ${maxFiles} original files given (raise the limit with --max-originals)`);
  }
  return [...new Set(out)];
}

/** Files up to this size are read in one buffer of their size; larger ones stream in 1 MiB chunks. */
const WHOLE_FILE_MAX = 1024 * 1024;

export async function hashFile(path: string): Promise<OriginalFile> {
  const unreadable = (e: unknown) => new SealcheckError("ERR_FILE_UNREADABLE", `${path}: cannot read (${errorMessage(e)})`, { file: path, cause: e });
  let size: number;
  try {
    size = statSync(path).size;
  } catch (e) {
    throw unreadable(e);
  }
  if (size <= WHOLE_FILE_MAX) {
    // Most originals are small: one synchronous read of a buffer their size (a stream, or a FileHandle,
    // costs more than reading the file).
    let b: Buffer;
    try {
      b = readFileSync(path);
    } catch (e) {
      throw unreadable(e);
    }
    return { path, size: b.length, sha256Hex: createHash("sha256").update(b).digest("hex"), isPdf: b.subarray(0, 1024).includes("%PDF-") };
  }
  let fh: FileHandle;
  try {
    fh = await fsp.open(path, "r"); // fs.promises loads on first use (with readline, ...), not with this module
  } catch (e) {
    throw unreadable(e);
  }
  try {
    const h = createHash("sha256");
    let total = 0;
    let head: Buffer | null = null;
    for await (const chunk of fh.createReadStream({ highWaterMark: 1024 * 1024, autoClose: false })) {
      const b = chunk as Buffer;
      if (!head) head = b.subarray(0, 1024);
      total += b.length;
      h.update(b);
    }
    return { path, size: total, sha256Hex: h.digest("hex"), isPdf: Boolean(head && head.includes("%PDF-")) };
  } catch (e) {
    throw unreadable(e);
  } finally {
    await fh.close().catch(() => undefined);
  }
}

/** Hashes files with bounded concurrency (I/O overlaps hashing; memory stays a few chunks per file). */
export async function hashOriginals(paths: readonly string[], concurrency = 4): Promise<OriginalFile[]> {
  const out: OriginalFile[] = new Array(paths.length);
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const i = next++;
      out[i] = await hashFile(paths[i]!);
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
async function hash(path) {
  const fd = await call(fs.open, path, "r");
  try {
    const h = createHash("sha256");
    let size = 0;
    let head = null;
    let i = 0;
    let pending = call(fs.read, fd, bufs[0], 0, CHUNK, 0);
    for (;;) {
      const n = await pending;
      if (n === 0) break;
      const chunk = bufs[i].subarray(0, n);
      size += n;
      i ^= 1;
      pending = call(fs.read, fd, bufs[i], 0, CHUNK, size);
      if (head === null) head = Buffer.from(chunk.subarray(0, 1024));
      h.update(chunk);
    }
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
      parentPort.postMessage({ error: { path, message: e && e.message ? e.message : String(e) } });
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
}

/**
 * Starts hashing originals. Large sets run on a worker thread so that on a multi-core machine they cost
 * no wall time beyond the checks of the evidence; small ones, and any inside a worker thread already
 * (verify-batch parallelises across archives), are hashed here.
 */
export function startHashingOriginals(paths: readonly string[], o: { workerThreshold?: number } = {}): OriginalsHashing {
  let total = 0;
  for (const p of paths) {
    try {
      total += statSync(p).size;
    } catch {
      // hashFile reports it
    }
  }
  const inline = (): OriginalsHashing => {
    const result = hashOriginals(paths);
    result.catch(() => undefined); // awaited by the caller when needed; never an unhandled rejection
    return { result, cancel: () => undefined };
  };
  if (total < (o.workerThreshold ?? HASH_WORKER_THRESHOLD) || !isMainThread) return inline();
  let worker: Worker;
  try {
    worker = new Worker(HASH_WORKER_SOURCE, { eval: true, workerData: { paths: [...paths] } });
  } catch {
    return inline(); // threads not allowed in this host (a permission model, say): hash here
  }
  const result = new Promise<OriginalFile[]>((resolve, reject) => {
    worker.once("message", (m: { files?: OriginalFile[]; error?: { path: string; message: string } }) => {
      if (m.files) resolve(m.files);
      else reject(new SealcheckError("ERR_FILE_UNREADABLE", `${m.error?.path}: cannot read (${m.error?.message})`, { file: m.error?.path }));
      void worker.terminate();
    });
    worker.once("error", (e) => reject(new SealcheckError("ERR_FILE_UNREADABLE", `cannot hash the originals (${errorMessage(e)})`, { cause: e })));
    worker.once("exit", () => reject(new SealcheckError("ERR_FILE_UNREADABLE", "cannot hash the originals (the hashing thread stopped)")));
  });
  result.catch(() => undefined);
  return { result, cancel: () => void worker.terminate() };
}
