// Digests of the evidence bytes. The seal's first byte range starts at 0 and covers almost the whole file (all
// but /Contents and the last revision's tail), so neither the seal's digest nor the file's own SHA-256 (the
// report names it) needs a pass of its own over a 100 MB archive: both continue a SHA-256 state of a prefix —
// one kept while the file was read (readEvidence), or the range digest's own. When /Contents comes first (the
// broker writes its seal's dictionary at the start of the file), the second range is nearly the whole file:
// readEvidence then also hashes the file without that hex string, guessed from the file's first bytes, in the
// same pass (`Hole`), and the range digest uses it when the byte range turns out to be exactly that.
import { createHash, type Hasher as Hash } from "../platform/crypto.js";
import { indexOfByte, latin1 } from "../platform/bytes.js";

/** What a digest reads of the evidence (an EvidenceSource, src/input/source.ts, which builds on this file). */
interface Readable {
  readonly length: number;
  read(from: number, to: number): Uint8Array;
}

interface State {
  at: number;
  hash: Hash;
}

/** The file without bytes [b, c) (a /Contents hex string): its SHA-256 states after [0, b) ‖ [c, at). */
interface Hole {
  b: number;
  c?: number;
  /** The file's state at b, until c is found. */
  prefix?: Hash;
  /** The running state once c is known, and its states at c and at each chunk start after it. */
  hash?: Hash;
  states: State[];
}

/** What a reading pass kept of a file, for its digests to continue. */
export interface KeptStates {
  /** SHA-256 states after bytes [0, at), `at` ascending from 0. */
  readonly states: readonly State[];
  readonly hole?: Hole;
}

/**
 * The first /Contents hex string in a file's first 64 KiB is followed (the broker's seal's is at offset ~30).
 * Only one, and only there: a guess that is not the seal's range costs a second hash of the rest of the file.
 */
const CONTENTS = /\/Contents[\0\t\n\f\r ]*<(?!<)/;
const HOLE_HEAD = 64 * 1024;

/** Hashes a file chunk by chunk as it is read, keeping the state at each chunk's start (readEvidence). */
export class PrefixHashing {
  private readonly hash = createHash("sha256");
  /** The state at the start of each chunk added, in order. */
  readonly states: State[] = [];
  private hole: Hole | undefined;
  private length = 0;

  /** Looks for a /Contents hex string in the file's first bytes (before they are added). */
  findHole(head: Uint8Array): void {
    const m = CONTENTS.exec(latin1(head, 0, Math.min(head.length, HOLE_HEAD)));
    if (m) this.hole = { b: m.index + m[0].length - 1, states: [] };
  }

  /** The file's next bytes. */
  add(chunk: Uint8Array): void {
    const start = this.length;
    const end = start + chunk.length;
    this.states.push({ at: start, hash: this.hash.copy() });
    const h = this.hole;
    if (h && h.b >= start && h.b < end) {
      this.hash.update(chunk.subarray(0, h.b - start));
      h.prefix = this.hash.copy();
      this.hash.update(chunk.subarray(h.b - start));
    } else this.hash.update(chunk);
    if (h?.hash) {
      h.states.push({ at: start, hash: h.hash.copy() });
      h.hash.update(chunk);
    } else if (h?.prefix) {
      const close = indexOfByte(chunk, 0x3e, Math.max(start, h.b + 1) - start);
      if (close >= 0) {
        h.c = start + close + 1;
        h.hash = h.prefix;
        h.prefix = undefined;
        h.states.push({ at: h.c, hash: h.hash.copy() });
        h.hash.update(chunk.subarray(h.c - start));
      }
    }
    this.length = end;
  }

  /** The file's SHA-256, and the states its digests may start from (rangeDigest). */
  finish(): { digest: Uint8Array; kept: KeptStates } {
    const digest = this.hash.digest();
    const hole = this.hole?.c !== undefined ? this.hole : undefined;
    return { digest, kept: { states: this.states, ...(hole ? { hole } : {}) } };
  }
}

/**
 * The digest (`alg`, a node:crypto name) of the two byte ranges `r` of `source`, as a PDF signature signs
 * them, continuing the states `kept` by a reading pass. `fileDigest`, when given, receives the SHA-256 (hex)
 * of the whole source, forked from the range's state where the first range ends (the rest hashed once).
 */
export function rangeDigest(source: Readable, kept: KeptStates, r: readonly number[], alg: string, fileDigest?: (hex: string) => void): Uint8Array {
  const [a, b, c, d] = r as [number, number, number, number];
  if (alg !== "sha256" || a !== 0)
    // SHAKE256 is CMS's with 512 bits of output (RFC 8419, RFC 8702), not OpenSSL's default 256.
    return createHash(alg, alg === "shake256" ? { outputLength: 64 } : undefined)
      .update(source.read(a, a + b))
      .update(source.read(c, c + d))
      .digest();
  // The file without this very /Contents, hashed in the reading pass: continued from its latest state at or
  // before the second range's end.
  const hole = kept.hole;
  if (hole?.b === b && hole.c === c) {
    let at = hole.states[0] as State;
    for (const s of hole.states) if (s.at <= c + d) at = s;
    return at.hash
      .copy()
      .update(source.read(at.at, c + d))
      .digest();
  }
  // The latest state at or before b, continued to b: the range's state there.
  let from = { at: 0, hash: undefined as Hash | undefined };
  for (const s of kept.states) if (s.at <= b) from = s;
  const h = from.hash ? from.hash.copy() : createHash("sha256");
  h.update(source.read(from.at, b));
  // That state is also the file's at b: fork it and hash the rest once, unless the file's digest is known.
  if (fileDigest) fileDigest(h.copy().update(source.read(b, source.length)).digest("hex"));
  return h.update(source.read(c, c + d)).digest();
}
