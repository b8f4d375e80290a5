// Digests of the evidence bytes. The seal's first byte range starts at 0 and covers almost the whole file (all
// but /Contents and the last revision's tail), so neither the seal's digest nor the file's own SHA-256 (the
// report names it) needs a pass of its own over a 100 MB archive: both continue a SHA-256 state of a prefix —
// one kept while the file was read (readEvidence), or the range digest's own.
import { createHash, type Hash } from "node:crypto";

interface Prefixes {
  /** SHA-256 states after bytes [0, at), `at` ascending from 0. */
  states: { at: number; hash: Hash }[];
  /** SHA-256 (hex) of the whole array, once known. */
  file?: string;
}

/** What is known of evidence arrays, by the array's identity (never by content). */
const known = new WeakMap<Uint8Array, Prefixes>();

/** Hashes an array chunk by chunk as it is filled, keeping the state at each chunk's start (readEvidence). */
export class PrefixHashing {
  private readonly hash = createHash("sha256");
  private readonly states: Prefixes["states"] = [];
  private length = 0;

  /** Bytes [start, end) of `buf`, the next ones after those already added. */
  add(buf: Uint8Array, start: number, end: number): void {
    this.states.push({ at: start, hash: this.hash.copy() });
    this.hash.update(buf.subarray(start, end));
    this.length = end;
  }

  /** `bytes` is the array filled (its length the bytes added): its digests may start from these states. */
  finish(bytes: Uint8Array): void {
    if (bytes.length !== this.length) return;
    known.set(bytes, { states: this.states, file: this.hash.digest("hex") });
  }
}

/** The digest (`alg`, a node:crypto name) of the two byte ranges `r` of `bytes`, as a PDF signature signs them. */
export function digestByteRanges(bytes: Uint8Array, r: readonly number[], alg: string): Uint8Array {
  const [a, b, c, d] = r as [number, number, number, number];
  if (alg !== "sha256" || a !== 0)
    return createHash(alg)
      .update(bytes.subarray(a, a + b))
      .update(bytes.subarray(c, c + d))
      .digest();
  const p = known.get(bytes) ?? { states: [] };
  // The latest state at or before b, continued to b: the range's state there.
  let from = { at: 0, hash: undefined as Hash | undefined };
  for (const s of p.states) if (s.at <= b) from = s;
  const h = from.hash ? from.hash.copy() : createHash("sha256");
  h.update(bytes.subarray(from.at, b));
  // That state is also the file's at b: fork it and hash the rest once, unless the file's digest is known.
  if (p.file === undefined) known.set(bytes, { ...p, file: h.copy().update(bytes.subarray(b)).digest("hex") });
  return h.update(bytes.subarray(c, c + d)).digest();
}

/** SHA-256 (hex) of the whole of `bytes`: from an earlier pass when there was one, else computed here. */
export function evidenceSha256(bytes: Uint8Array): string {
  return known.get(bytes)?.file ?? createHash("sha256").update(bytes).digest("hex");
}
