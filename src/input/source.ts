// The evidence as a source of bytes. Everything that reads the evidence file (the classifier, the PDF reader,
// the seal's byte-range digest, the file's own digest) reads it through an EvidenceSource, which the caller
// passes explicitly: there is no byte array of the file's size whose unread parts are zeros, and no registry
// of such arrays to consult. Two implementations: a whole source over bytes in memory (small evidence,
// decoded streams, bytes a caller passes) and a sparse one over a file read block by block as it is used
// (src/input/sparse.ts), a file on disk's or, in the page's Web Worker, a browser File's (web/file-source.ts:
// the same sparse source, its blocks read with FileReaderSync). Reads are synchronous: the PDF reader is, and
// learns which bytes it needs only while it parses.
import { createHash } from "../platform/crypto.js";
import { rangeDigest, type KeptStates } from "./evidence-digest.js";

export interface EvidenceSource {
  /** The evidence's size in bytes. */
  readonly length: number;
  /**
   * Bytes [from, to), both clamped to [0, length): read first if they are not in memory yet, and checked
   * against what was hashed (an error naming the file if they changed since). A view of the source's own
   * memory: read it, never write it.
   */
  read(from: number, to: number): Uint8Array;
  /**
   * Where the bytes in memory from `at` on end (`at` itself when the byte at `at` is not in memory): how far a
   * reader may read ahead without the source going to the file.
   */
  readEnd(at: number): number;
  /** The digest (`alg`, a node:crypto name) of the two byte ranges [a, a+b) ‖ [c, c+d), as a PDF signature signs them. */
  digestRanges(ranges: readonly number[], alg: string): Uint8Array;
  /** SHA-256 (hex) of the whole evidence. */
  sha256(): string;
}

const NOTHING_KEPT: KeptStates = { states: [] };

const clamp = (n: number, length: number): number => (n < 0 ? 0 : n > length ? length : n);

class WholeSource implements EvidenceSource {
  private digest: string | undefined;

  constructor(private readonly bytes: Uint8Array) {}

  get length(): number {
    return this.bytes.length;
  }

  read(from: number, to: number): Uint8Array {
    const a = clamp(from, this.bytes.length);
    return this.bytes.subarray(a, Math.max(a, clamp(to, this.bytes.length)));
  }

  readEnd(): number {
    return this.bytes.length;
  }

  digestRanges(ranges: readonly number[], alg: string): Uint8Array {
    // The file's own digest forks from the range digest's state at the end of the first range (no second pass).
    return rangeDigest(this, NOTHING_KEPT, ranges, alg, this.digest === undefined ? (hex) => (this.digest = hex) : undefined);
  }

  sha256(): string {
    return (this.digest ??= createHash("sha256").update(this.bytes).digest("hex"));
  }
}

/** The source of bytes held in memory whole. */
export function wholeSource(bytes: Uint8Array): EvidenceSource {
  return new WholeSource(bytes);
}

/** Evidence a caller passes in memory: its bytes, or a source of its own (a browser File's, say). */
export type GivenEvidence = { readonly name: string; readonly bytes: Uint8Array } | { readonly name: string; readonly source: EvidenceSource };

/** The source of evidence given in memory. */
export function givenSource(given: GivenEvidence): EvidenceSource {
  return "source" in given ? given.source : wholeSource(given.bytes);
}

/** Whether `x` has an EvidenceSource's members (for callers' options, checked at run time). */
export function isEvidenceSource(x: unknown): x is EvidenceSource {
  if (x === null || typeof x !== "object") return false;
  const s = x as Record<string, unknown>;
  return (
    typeof s.length === "number" &&
    typeof s.read === "function" &&
    typeof s.readEnd === "function" &&
    typeof s.digestRanges === "function" &&
    typeof s.sha256 === "function"
  );
}
