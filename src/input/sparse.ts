// Large evidence is not held in memory whole. readEvidence hashes the file once, in small reused buffers,
// keeping the SHA-256 state at the start of every block; the evidence is then a SparseSource whose blocks are
// read only when the PDF reader asks for them (most of a large archive is image data that no check reads).
// Each block read is checked against the states of that one hashing pass before it is handed out, so what is
// parsed is what was hashed, as when the file was read whole: a file changed in between is an error. The
// source's memory (an array of the file's size, its pages untouched until read) never leaves it but as views
// of blocks read and checked. How the file is read is the host's: a file on disk (readEvidence,
// src/input/evidence-file.ts), or a browser's File (the page's worker, web/file-source.ts); the hashing pass
// (hashPass) and the source are this one implementation for both.
import type { Hasher as Hash } from "../platform/crypto.js";
import { SealcheckError } from "../errors.js";
import { PrefixHashing, rangeDigest, type KeptStates } from "./evidence-digest.js";
import type { EvidenceSource } from "./source.js";
import { bytesEqual } from "./pdf/objects.js";

/** The file opened again, to read blocks from: `read` fills `into` at [from, to) with the file's bytes there. */
export interface OpenedFile {
  read(into: Uint8Array, from: number, to: number): void;
  close(): void;
}

/** What the hashing pass kept: the SHA-256 state at each block's start, and the digest of the whole file. */
export interface HashedFile {
  readonly file: string;
  readonly block: number;
  /** states[k]: the state after bytes [0, k × block). */
  readonly states: readonly Hash[];
  readonly digest: Uint8Array;
  /** The states the file's digests continue (src/input/evidence-digest.ts). */
  readonly kept: KeptStates;
  /** Opens the file again (an error naming it if it cannot be, or if its size is not the size hashed). */
  readonly open: () => OpenedFile;
}

const HASH_CHUNK = 1024 * 1024;

/**
 * The one hashing pass over a file of `size` bytes: read in chunks of whole blocks by `readChunk` (the next
 * chunk asked for while this one is hashed; `slot` alternates 0 and 1, for a reader that reuses two buffers),
 * each block's starting state kept. `readChunk` gives the bytes [pos, pos + length), or fewer only where the
 * file ends early. `progress` hears the bytes hashed so far.
 */
export async function hashPass(
  file: string,
  size: number,
  block: number,
  readChunk: (slot: 0 | 1, pos: number, length: number) => Promise<Uint8Array>,
  progress?: (done: number) => void,
): Promise<Omit<HashedFile, "open">> {
  const chunk = Math.max(1, Math.floor(HASH_CHUNK / block)) * block;
  const hashing = new PrefixHashing();
  let pos = 0;
  let slot: 0 | 1 = 0;
  let next: Promise<Uint8Array> | null = size > 0 ? readChunk(0, 0, Math.min(chunk, size)) : null;
  while (next) {
    const got = await next;
    if (got.length === 0) throw fileChanged(file, "it is shorter");
    const n = got.length;
    pos += n;
    slot = slot === 0 ? 1 : 0;
    // The next chunk is read (into the other buffer) while this one is hashed.
    next = pos < size ? readChunk(slot, pos, Math.min(chunk, size - pos)) : null;
    if (pos === n) hashing.findHole(got);
    for (let s = 0; s < n; s += block) hashing.add(got.subarray(s, Math.min(s + block, n)));
    progress?.(pos);
  }
  const { digest, kept } = hashing.finish();
  return { file, block, states: hashing.states.map((s) => s.hash), digest, kept };
}

const RUN_LOOK = 64;

/** The evidence file read by blocks as they are used, each checked against the one hashing pass. */
export class SparseSource implements EvidenceSource {
  /** loaded[k]: block k is read and checked. */
  private readonly loaded: Uint8Array;
  /** Digests of states[k] (k ≥ 1), computed when a block ending there is first checked. */
  private readonly ends = new Map<number, Uint8Array>();
  private readonly bytes: Uint8Array;
  private readonly sha256Hex: string;

  /** `poison` fills the memory of blocks not read yet (tests: a byte used unread would change a report). */
  constructor(
    private readonly src: HashedFile,
    size: number,
    poison?: number,
  ) {
    this.bytes = new Uint8Array(size);
    if (poison !== undefined) this.bytes.fill(poison);
    this.loaded = new Uint8Array(src.states.length);
    this.sha256Hex = Buffer.from(src.digest.buffer, src.digest.byteOffset, src.digest.length).toString("hex");
  }

  get length(): number {
    return this.bytes.length;
  }

  read(from: number, to: number): Uint8Array {
    const len = this.bytes.length;
    const a = from < 0 ? 0 : from > len ? len : from;
    const b = to < a ? a : to > len ? len : to;
    this.ensure(a, b);
    return this.bytes.subarray(a, b);
  }

  readEnd(at: number): number {
    return this.loadedEnd(at);
  }

  digestRanges(ranges: readonly number[], alg: string): Uint8Array {
    return rangeDigest(this, this.src.kept, ranges, alg);
  }

  sha256(): string {
    return this.sha256Hex;
  }

  /** Bytes read from the file so far (whole blocks). */
  bytesRead(): number {
    const { block } = this.src;
    let n = 0;
    for (let k = 0; k < this.loaded.length; k++) if (this.loaded[k]) n += Math.min(block, this.bytes.length - k * block);
    return n;
  }

  /** Makes bytes [from, to) readable: reads the blocks not yet read and checks each against the hashing pass. */
  private ensure(from: number, to: number): void {
    const { block } = this.src;
    const end = Math.min(to, this.bytes.length);
    if (from >= end) return;
    const first = Math.floor(from / block);
    const last = Math.floor((end - 1) / block);
    let k = first;
    while (k <= last && this.loaded[k]) k++;
    if (k > last) return;
    const opened = this.src.open();
    try {
      while (k <= last) {
        if (this.loaded[k]) {
          k++;
          continue;
        }
        let j = k;
        while (j + 1 <= last && !this.loaded[j + 1]) j++;
        opened.read(this.bytes, k * block, Math.min((j + 1) * block, this.bytes.length));
        for (let b = k; b <= j; b++) this.check(b);
        k = j + 1;
      }
    } finally {
      opened.close();
    }
  }

  /**
   * The end of the run of read blocks that holds `at` (at itself when its block is not read), looking at most
   * RUN_LOOK blocks ahead: a lexer asks on every new object, and asks again when it needs more.
   */
  private loadedEnd(at: number): number {
    const { block } = this.src;
    if (at < 0 || at >= this.bytes.length) return at;
    let k = Math.floor(at / block);
    if (!this.loaded[k]) return at;
    const stop = Math.min(this.loaded.length, k + RUN_LOOK);
    while (k < stop && this.loaded[k]) k++;
    return Math.min(k * block, this.bytes.length);
  }

  private check(k: number): void {
    const { block, states, digest } = this.src;
    const from = k * block;
    const got = (states[k] as Hash)
      .copy()
      .update(this.bytes.subarray(from, Math.min(from + block, this.bytes.length)))
      .digest();
    const want = k + 1 < states.length ? this.endDigest(k + 1) : digest;
    if (!bytesEqual(got, want)) throw this.changed(`bytes ${from}–${Math.min(from + block, this.bytes.length)} differ from those hashed`);
    this.loaded[k] = 1;
  }

  private endDigest(k: number): Uint8Array {
    let d = this.ends.get(k);
    if (!d) this.ends.set(k, (d = (this.src.states[k] as Hash).copy().digest()));
    return d;
  }

  private changed(how: string): SealcheckError {
    return fileChanged(this.src.file, how);
  }
}

/** The error of a file that changed between the hashing pass and a later read of it. */
export function fileChanged(file: string, how: string): SealcheckError {
  return new SealcheckError("ERR_FILE_UNREADABLE", `${file}: the file changed while it was verified (${how})`, { file });
}
