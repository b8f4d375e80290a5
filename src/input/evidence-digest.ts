// Digests of the evidence bytes. The seal's first byte range starts at 0 and covers almost the whole file (all
// but /Contents and the last revision's tail), so neither the seal's digest nor the file's own SHA-256 (the
// report names it) needs a pass of its own over a 100 MB archive: both continue a SHA-256 state of a prefix —
// one kept while the file was read (readEvidence), or the range digest's own.
import { createHash, type Hash } from "node:crypto";
import { loaded } from "./sparse.js";

interface Prefixes {
  /** SHA-256 states after bytes [0, at), `at` ascending from 0. */
  states: { at: number; hash: Hash }[];
  /** SHA-256 (hex) of the whole array, once known. */
  file?: string;
}

/** What is known of evidence arrays, by the array's identity (never by content). */
const known = new WeakMap<Uint8Array, Prefixes>();

/** Hashes a file chunk by chunk as it is read, keeping the state at each chunk's start (readEvidence). */
export class PrefixHashing {
  private readonly hash = createHash("sha256");
  /** The state at the start of each chunk added, in order. */
  readonly states: Prefixes["states"] = [];
  private length = 0;

  /** The file's next bytes. */
  add(chunk: Uint8Array): void {
    this.states.push({ at: this.length, hash: this.hash.copy() });
    this.hash.update(chunk);
    this.length += chunk.length;
  }

  /**
   * `bytes` stands for the file hashed (its length the bytes added; its content possibly not read yet): its
   * digests may start from these states. Returns the file's SHA-256.
   */
  finish(bytes: Uint8Array): Buffer {
    if (bytes.length !== this.length) throw new Error("PrefixHashing.finish: not the bytes hashed");
    const digest = this.hash.digest();
    known.set(bytes, { states: this.states, file: digest.toString("hex") });
    return digest;
  }
}

/** The digest (`alg`, a node:crypto name) of the two byte ranges `r` of `bytes`, as a PDF signature signs them. */
export function digestByteRanges(bytes: Uint8Array, r: readonly number[], alg: string): Uint8Array {
  const [a, b, c, d] = r as [number, number, number, number];
  if (alg !== "sha256" || a !== 0)
    return createHash(alg)
      .update(loaded(bytes, a, a + b))
      .update(loaded(bytes, c, c + d))
      .digest();
  const p = known.get(bytes) ?? { states: [] };
  // The latest state at or before b, continued to b: the range's state there.
  let from = { at: 0, hash: undefined as Hash | undefined };
  for (const s of p.states) if (s.at <= b) from = s;
  const h = from.hash ? from.hash.copy() : createHash("sha256");
  h.update(loaded(bytes, from.at, b));
  // That state is also the file's at b: fork it and hash the rest once, unless the file's digest is known.
  if (p.file === undefined)
    known.set(bytes, {
      ...p,
      file: h
        .copy()
        .update(loaded(bytes, b, bytes.length))
        .digest("hex"),
    });
  return h.update(loaded(bytes, c, c + d)).digest();
}

/** SHA-256 (hex) of the whole of `bytes`: from an earlier pass when there was one, else computed here. */
export function evidenceSha256(bytes: Uint8Array): string {
  return known.get(bytes)?.file ?? createHash("sha256").update(bytes).digest("hex");
}
