// A receipt of `queue add`: which archives it enqueued, with the nonce and index of each archive's live record,
// kept outside Redis by the operator. A reader given it accounts for exactly these archives and takes only the
// result of these enqueues: a Redis writer who rolls a record and its entry back to an earlier enqueue (both
// signed with the result key at the time) is caught, since the nonce differs from the receipt's.
import { closeSync, writeSync } from "node:fs";
import { SealcheckError } from "../errors.js";
import { openForAppending, readRegularFile, showName } from "../input/files.js";
import { isArchiveId } from "./job.js";

/** One archive of a receipt (a JSON line). */
export interface ReceiptEntry {
  /** The queue's scope (`<prefix>:<queue>`): a receipt of another queue is refused. */
  scope: string;
  /** The archive id (jobIdFor). */
  id: string;
  /** The nonce of the enqueue whose result is awaited. */
  nonce: string;
  /** The archive's index (its place in the results' order). */
  index: number;
  /** The evidence path, for messages. */
  evidence: string;
}

/** A receipt read back: the last line per archive (a later `queue add` appends the archive's newer enqueue). */
export type Receipt = ReadonlyMap<string, ReceiptEntry>;

/** The largest receipt read (~200 bytes per archive: about 2.5 million archives). */
export const MAX_RECEIPT_BYTES = 512 * 1024 * 1024;

const NONCE = /^[0-9a-f]{32}$/;

/** Appends receipt lines to `file` (created if absent; never through a link or into a FIFO). */
export class ReceiptWriter {
  readonly #fd: number;
  #closed = false;
  constructor(readonly file: string) {
    this.#fd = openForAppending(file, false, "the receipt");
  }
  write(entries: readonly ReceiptEntry[]): void {
    if (entries.length === 0) return;
    const bytes = Buffer.from(entries.map((e) => `${JSON.stringify(e)}\n`).join(""), "utf8");
    let off = 0;
    while (off < bytes.length) off += writeSync(this.#fd, bytes, off, bytes.length - off);
  }
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    closeSync(this.#fd);
  }
}

/** Reads a receipt; every line must be one this project writes, of `scope` when given. */
export function readReceipt(file: string, scope?: string): Map<string, ReceiptEntry> {
  const text = readRegularFile(file, MAX_RECEIPT_BYTES, { what: "the receipt" }).toString("utf8");
  const out = new Map<string, ReceiptEntry>();
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  for (const [n, line] of lines.entries()) {
    const fail = (why: string): SealcheckError =>
      new SealcheckError("ERR_USAGE", `${showName(file)}: line ${n + 1} is not a queue receipt line (${why})`, { file });
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      throw fail("not JSON");
    }
    const e = v as Partial<ReceiptEntry> | null;
    if (
      e === null ||
      typeof e !== "object" ||
      typeof e.scope !== "string" ||
      typeof e.id !== "string" ||
      !isArchiveId(e.id) ||
      typeof e.nonce !== "string" ||
      !NONCE.test(e.nonce) ||
      !Number.isSafeInteger(e.index) ||
      (e.index as number) < 0 ||
      typeof e.evidence !== "string"
    )
      throw fail("fields scope, id, nonce, index and evidence expected");
    if (scope !== undefined && e.scope !== scope)
      throw fail(`it is of queue ${JSON.stringify(e.scope.slice(0, 200))}, not ${JSON.stringify(scope)}: a receipt of another queue`);
    out.set(e.id, { scope: e.scope, id: e.id, nonce: e.nonce, index: e.index as number, evidence: e.evidence });
  }
  return out;
}
