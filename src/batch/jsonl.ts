// The results file: JSON Lines, one BatchResult per archive, written as each archive completes (so an
// interrupted batch loses nothing, and --resume can continue it). Reading is streamed line by line.
import { closeSync, createReadStream, existsSync, fstatSync, readSync, writeSync } from "node:fs";
import { openForAppending, openRegular } from "../input/files.js";
import { createInterface } from "node:readline";
import { SealcheckError, errorMessage } from "../errors.js";
import { escapeJsonText } from "../render/sanitize.js";
import { batchErrorCode, type BatchResult, type ReportMode } from "./types.js";

export type { ReportMode } from "./types.js";

/** Whether a result with this exit code keeps its report under `mode`. */
export function keepsReport(mode: ReportMode, exitCode: number): boolean {
  return mode === "all" || (mode === "not-passed" && exitCode !== 0);
}

/**
 * The line for one result, report kept or left out (null) as `mode` says; `run` (the batch's run key,
 * run-key.ts) is added last when given, so that --resume can tell which options a line was verified with.
 */
export function resultLine(r: BatchResult, mode: ReportMode = "all", run?: string): string {
  const keep = keepsReport(mode, r.exitCode);
  const line: BatchResult & { run?: string } = keep || r.report === null ? { ...r } : { ...r, report: null };
  if (run !== undefined) line.run = run;
  // Evidence names and claims are untrusted: what a terminal would act on is written as \u escapes.
  return `${escapeJsonText(JSON.stringify(line))}\n`;
}

/** Appends lines with one synchronous write each: a line is either wholly in the file or not at all. */
export class JsonlWriter {
  private fd: number;
  lines = 0;
  constructor(
    readonly file: string,
    append: boolean,
  ) {
    try {
      this.fd = openForAppending(file, !append, "the results file");
    } catch (e) {
      if (e instanceof SealcheckError) throw e;
      throw new SealcheckError("ERR_FILE_UNREADABLE", `${file}: cannot open for writing (${errorMessage(e)})`, { file, cause: e });
    }
    // A batch killed mid-write may have left a partial last line: start a fresh one.
    if (append) {
      const size = fstatSync(this.fd).size;
      if (size > 0) {
        const last = Buffer.alloc(1);
        readSync(this.fd, last, 0, 1, size - 1);
        if (last[0] !== 0x0a) writeSync(this.fd, "\n");
      }
    }
  }
  write(text: string): void {
    writeSync(this.fd, text);
    this.lines++;
  }
  close(): void {
    closeSync(this.fd);
  }
}

/** A result line as read back (fields checked loosely: a line from an older version still counts). */
export type StoredResult = Pick<
  BatchResult,
  "evidence" | "originals" | "indication" | "subIndication" | "exitCode" | "durationMs" | "error" | "errorCode" | "protectedUntil" | "augmented"
> & {
  /** The line's position, when it has one. */
  index?: number;
  /** The run key of the batch that wrote it (absent in files of earlier versions). */
  run?: string;
  decidedBy?: string[];
};

/** Whether a line's `augmented` is one as augment writes it (what resuming an augment relies on). */
function storedOutcome(a: unknown): boolean {
  if (!a || typeof a !== "object") return false;
  const o = a as Record<string, unknown>;
  const hex = (v: unknown) => typeof v === "string" && /^[0-9a-f]{64}$/.test(v);
  return typeof o.output === "string" && o.output !== "" && hex(o.inputSha256) && hex(o.outputSha256);
}

/**
 * Streams the results of an earlier run. Lines that are not JSON results (a partial last line) are
 * skipped and counted. A missing file is an empty one.
 */
export async function readResults(file: string, onResult: (r: StoredResult) => void): Promise<{ lines: number; skipped: number }> {
  if (!existsSync(file)) return { lines: 0, skipped: 0 };
  let lines = 0;
  let skipped = 0;
  // A regular file only, opened without blocking, read to the size fstat gave (a FIFO or /proc file is refused).
  const { fd, size } = openRegular(file, Number.MAX_SAFE_INTEGER, { what: "the results file" });
  if (size === 0) {
    closeSync(fd);
    return { lines: 0, skipped: 0 };
  }
  const input = createReadStream("", { fd, encoding: "utf8", start: 0, end: size - 1, autoClose: true });
  const rl = createInterface({ input, crlfDelay: Infinity });
  for await (const text of rl) {
    if (text.trim() === "") continue;
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      skipped++;
      continue;
    }
    const r = v as (Partial<StoredResult> & { index?: unknown; run?: unknown; decidedBy?: unknown[] }) | null;
    if (!r || typeof r.evidence !== "string" || !Array.isArray(r.originals) || typeof r.exitCode !== "number") {
      skipped++;
      continue;
    }
    lines++;
    onResult({
      evidence: r.evidence,
      originals: r.originals,
      indication: r.indication ?? null,
      subIndication: r.subIndication ?? null,
      exitCode: r.exitCode,
      durationMs: typeof r.durationMs === "number" ? r.durationMs : 0,
      error: r.error ?? null,
      // A code this version does not know (a line of another version): no code, the error's text kept.
      errorCode: batchErrorCode(r.errorCode),
      ...(typeof r.index === "number" ? { index: r.index } : {}),
      ...(typeof r.run === "string" ? { run: r.run } : {}),
      ...(Array.isArray(r.decidedBy) ? { decidedBy: r.decidedBy.filter((d): d is string => typeof d === "string") } : {}),
      ...(storedOutcome(r.augmented) ? { augmented: r.augmented! } : {}),
      ...(r.protectedUntil === null || (typeof r.protectedUntil === "string" && !Number.isNaN(Date.parse(r.protectedUntil)))
        ? { protectedUntil: r.protectedUntil }
        : {}),
    });
  }
  return { lines, skipped };
}
