// A receipt of `queue add`: which archives it enqueued, with the nonce and index of each archive's enqueue,
// kept outside Redis by the operator. A reader given it accounts for exactly these archives and takes only the
// result of these enqueues: a Redis writer who rolls a record and its entry back to an earlier enqueue (both
// signed with the result key at the time) is caught, since the nonce differs from the receipt's.
//
// Each `queue add` appends one block: a line per archive, then a closing line with the count. With the result
// key, every line carries a MAC and the closing line one over the block's lines, so a line removed or changed is
// found. A whole block removed is not: keep the receipt where the result key is kept.
import { closeSync, writeSync } from "node:fs";
import { SealcheckError } from "../errors.js";
import { openForAppending, readRegularFile, showName } from "../input/files.js";
import { isArchiveId } from "./job.js";
import { contentDigest, isContentDigests, type ContentDigests } from "../batch/pins.js";
import { isAbsolute } from "node:path";
import { macMatches, receiptBlockMac, receiptMac } from "./result-key.js";

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
  /**
   * The content `queue add` pinned (SHA-256 of the evidence and of each original file; src/batch/pins.ts), under
   * the line's MAC: compare the files you hold with it (sha256sum). Absent for an archive it could not read.
   */
  sha256?: ContentDigests;
}

/** A receipt read back: the last line per archive (a later `queue add` appends the archive's newer enqueue). */
export type Receipt = ReadonlyMap<string, ReceiptEntry>;

/** The largest receipt read (~300 bytes per archive: about 1.7 million archives). */
export const MAX_RECEIPT_BYTES = 512 * 1024 * 1024;

const NONCE = /^[0-9a-f]{32}$/;
/** The most original files a receipt line lists (a job's own limit). */
const MAX_RECEIPT_ORIGINALS = 10_000;

/** Appends one block of receipt lines to `file` (created if absent; never through a link or into a FIFO). */
export class ReceiptWriter {
  readonly #fd: number;
  readonly #key: Uint8Array | undefined;
  readonly #macs: string[] = [];
  #scope: string | null = null;
  #closed = false;
  constructor(
    readonly file: string,
    key?: Uint8Array,
  ) {
    this.#fd = openForAppending(file, false, "the receipt");
    this.#key = key;
  }
  write(entries: readonly ReceiptEntry[]): void {
    if (entries.length === 0) return;
    const lines = entries.map((e) => {
      this.#scope ??= e.scope;
      const mac = this.#key ? receiptMac(this.#key, e.scope, e.id, e.nonce, String(e.index), e.sha256 ? contentDigest(e.sha256) : "") : undefined;
      if (mac) this.#macs.push(mac);
      return `${JSON.stringify({ ...e, ...(mac ? { mac } : {}) })}\n`;
    });
    this.#append(lines.join(""));
  }
  /** Closes the block (its count, and with the key its MAC), then the file. Without a finished add, no closing line. */
  close(finished = true): void {
    if (this.#closed) return;
    this.#closed = true;
    try {
      if (finished && this.#scope !== null) {
        const count = this.#macs.length || undefined;
        this.#append(
          `${JSON.stringify({ scope: this.#scope, end: true, ...(this.#key ? { count, mac: receiptBlockMac(this.#key, this.#scope, this.#macs) } : {}) })}\n`,
        );
      }
    } finally {
      closeSync(this.#fd);
    }
  }
  #append(text: string): void {
    const bytes = Buffer.from(text, "utf8");
    let off = 0;
    while (off < bytes.length) off += writeSync(this.#fd, bytes, off, bytes.length - off);
  }
}

/**
 * Reads a receipt; every line must be one this project writes, of `scope` when given. With `key`, every line
 * and block must carry its MAC and every block its closing line.
 */
export function readReceipt(file: string, o: { scope?: string; key?: Uint8Array } = {}): Map<string, ReceiptEntry> {
  const text = readRegularFile(file, MAX_RECEIPT_BYTES, { what: "the receipt" }).toString("utf8");
  const out = new Map<string, ReceiptEntry>();
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  let block: { entries: ReceiptEntry[]; macs: string[] } = { entries: [], macs: [] };
  for (const [n, line] of lines.entries()) {
    const fail = (why: string): SealcheckError =>
      new SealcheckError("ERR_USAGE", `${showName(file)}: line ${n + 1} is not a queue receipt line (${why})`, { file });
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      throw fail("not JSON");
    }
    const e = v as (Partial<ReceiptEntry> & { mac?: unknown; end?: unknown; count?: unknown }) | null;
    if (e === null || typeof e !== "object" || typeof e.scope !== "string") throw fail("no scope");
    if (o.scope !== undefined && e.scope !== o.scope)
      throw fail(`it is of queue ${JSON.stringify(e.scope.slice(0, 200))}, not ${JSON.stringify(o.scope)}: a receipt of another queue`);
    if (e.end === true) {
      if (o.key) {
        if (e.count !== block.macs.length || typeof e.mac !== "string" || !macMatches(receiptBlockMac(o.key, e.scope, block.macs), e.mac))
          throw fail("its block's lines do not check out against its closing MAC: a line was removed, added or changed");
      }
      for (const x of block.entries) out.set(x.id, x);
      block = { entries: [], macs: [] };
      continue;
    }
    if (
      typeof e.id !== "string" ||
      !isArchiveId(e.id) ||
      typeof e.nonce !== "string" ||
      !NONCE.test(e.nonce) ||
      !Number.isSafeInteger(e.index) ||
      (e.index as number) < 0 ||
      typeof e.evidence !== "string" ||
      (e.sha256 !== undefined && !isContentDigests(e.sha256, MAX_RECEIPT_ORIGINALS, (p) => typeof p === "string" && isAbsolute(p)))
    )
      throw fail("fields scope, id, nonce, index and evidence expected (and sha256 the content's digests, if given)");
    const content = e.sha256 ? contentDigest(e.sha256) : "";
    if (o.key) {
      if (typeof e.mac !== "string" || !macMatches(receiptMac(o.key, e.scope, e.id, e.nonce, String(e.index), content), e.mac))
        throw fail(e.mac === undefined ? "it has no MAC (written without --result-key)" : "its MAC does not check out with this result key");
      block.macs.push(e.mac);
    }
    block.entries.push({ scope: e.scope, id: e.id, nonce: e.nonce, index: e.index as number, evidence: e.evidence, ...(e.sha256 ? { sha256: e.sha256 } : {}) });
  }
  if (block.entries.length > 0)
    throw new SealcheckError(
      "ERR_USAGE",
      `${showName(file)}: its last block has no closing line (a queue add that did not finish): add those archives again, or remove the block`,
      { file },
    );
  return out;
}
