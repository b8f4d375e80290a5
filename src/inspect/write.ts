// Writing what the CLI produces (the HTML report, extracted files). Failures are usage errors with the
// path and the reason, so the CLI exits 3 with one line; nothing is printed here.
import { constants, accessSync, lstatSync, mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { SealcheckError } from "../errors.js";
import { resolveWriteTarget, writeFileSafely } from "../input/files.js";
import type { ExtractedFile } from "./extract.js";

function reason(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  return err.code === "EACCES" || err.code === "EPERM"
    ? "permission denied"
    : err.code === "EEXIST"
      ? "it already exists"
      : (err.code ?? err.message ?? String(e));
}

/**
 * Writes one output file whole, or not at all: a new file beside it renamed over it, never through a symbolic
 * link or into a FIFO or device planted at its name (src/input/files.ts).
 */
export function writeOutputFile(path: string, content: string | Uint8Array, what: string, overwrite = true): void {
  writeFileSafely(path, content, { what, overwrite });
}

/**
 * Writes extracted files into `dir` (created if missing). Refuses to overwrite unless `force`. Checks the
 * directory is writable before writing anything, so a bad target leaves no partial output.
 */
export function writeExtraction(dir: string, files: readonly ExtractedFile[], force: boolean): string[] {
  // A link planted at the output directory's name would carry every file into its target (and with --force
  // replace files there): the directory itself must be one, not a link to one.
  let linked = false;
  try {
    linked = lstatSync(dir).isSymbolicLink();
  } catch {
    /* missing: created below */
  }
  if (linked) {
    throw new SealcheckError("ERR_FILE_UNREADABLE", `${dir}: the output directory is a symbolic link; extracted files are not written through one`, {
      file: dir,
    });
  }
  // A link of another user's among the directories above it would do the same (src/input/files.ts).
  resolveWriteTarget(dir, "the extracted files");
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new SealcheckError("ERR_FILE_UNREADABLE", `${dir}: cannot create the output directory (${reason(e)})`, { file: dir, cause: e });
  }
  try {
    if (!statSync(dir).isDirectory()) throw Object.assign(new Error("not a directory"), { code: "ENOTDIR" });
    accessSync(dir, constants.W_OK);
  } catch (e) {
    throw new SealcheckError("ERR_FILE_UNREADABLE", `${dir}: cannot write into the output directory (${reason(e)})`, { file: dir, cause: e });
  }
  const written: string[] = [];
  for (const f of files) {
    const path = join(dir, f.name);
    writeOutputFile(path, f.bytes, f.what, force);
    written.push(path);
  }
  return written;
}
