// The original PDFs an auditor supplies: found on disk, hashed as streams (a file is read once, in
// chunks, never held whole), so that originals of hundreds of megabytes cost no memory.
import { createHash } from "node:crypto";
import { createReadStream, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
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
    if (out.length > maxFiles) throw new SealcheckError("ERR_INPUT_TOO_LARGE", `more than ${maxFiles} original files given (raise the limit with --max-originals)`);
  }
  return [...new Set(out)];
}

export function hashFile(path: string): Promise<OriginalFile> {
  return new Promise((resolve, reject) => {
    const h = createHash("sha256");
    let size = 0;
    let head: Buffer | null = null;
    const s = createReadStream(path, { highWaterMark: 1024 * 1024 });
    s.on("data", (chunk: string | Buffer) => {
      const b = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      if (!head) head = b.subarray(0, 1024);
      size += b.length;
      h.update(b);
    });
    s.on("error", (e) => reject(new SealcheckError("ERR_FILE_UNREADABLE", `${path}: cannot read (${errorMessage(e)})`, { file: path, cause: e })));
    s.on("end", () => resolve({ path, size, sha256Hex: h.digest("hex"), isPdf: Boolean(head && (head as Buffer).includes("%PDF-")) }));
  });
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
