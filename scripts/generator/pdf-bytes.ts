// Byte-level PDF helpers: the last startxref, classic xref tables, object offsets, and in-place
// patches of fixed width. The generator controls the files it reads, so these stay deliberately small.
import { latin1Bytes, latin1Text } from "./der.js";

/** Offset named by the last `startxref`. */
export function lastStartXref(pdf: Uint8Array): number {
  const text = latin1Text(pdf.subarray(Math.max(0, pdf.length - 1024)));
  const m = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  if (!m) throw new Error("generator: no startxref at the end of the file");
  return Number(m[1]);
}

/** Object offsets of a classic xref table at `at` (in-use entries only). */
export function parseXrefTable(pdf: Uint8Array, at: number): Map<number, number> {
  const text = latin1Text(pdf.subarray(at, pdf.length));
  if (!text.startsWith("xref")) throw new Error(`generator: no classic xref table at ${at}`);
  const offsets = new Map<number, number>();
  const lines = text
    .slice(4, text.indexOf("trailer"))
    .trim()
    .split(/\r?\n|\r/);
  for (let i = 0; i < lines.length;) {
    const [first, count] = lines[i]!.trim().split(/\s+/).map(Number) as [number, number];
    for (let k = 0; k < count; k++) {
      const [off, , kind] = lines[i + 1 + k]!.trim().split(/\s+/);
      if (kind === "n") offsets.set(first + k, Number(off));
    }
    i += count + 1;
  }
  return offsets;
}

/** Offset of `N 0 obj` in the file's last classic xref table. */
export function objectOffset(pdf: Uint8Array, objectNumber: number): number {
  const off = parseXrefTable(pdf, lastStartXref(pdf)).get(objectNumber);
  if (off === undefined) throw new Error(`generator: object ${objectNumber} not in the xref table`);
  return off;
}

export interface Span {
  start: number;
  /** Exclusive. */
  end: number;
}

/** Find `open … close` after `key` inside the object starting at `objectAt`. */
export function spanAfterKey(pdf: Uint8Array, objectAt: number, key: string, open: string, close: string): Span {
  const text = latin1Text(pdf.subarray(objectAt, objectAt + 4_000_000));
  const objEnd = text.indexOf("endobj");
  const k = text.indexOf(key);
  if (k < 0 || k > objEnd) throw new Error(`generator: ${key} not in the object at ${objectAt}`);
  const s = text.indexOf(open, k + key.length);
  const e = text.indexOf(close, s + 1);
  return { start: objectAt + s, end: objectAt + e + close.length };
}

/** Replace a span with text of at most the same width, padding with spaces (offsets stay valid). */
export function patchSpan(pdf: Uint8Array, span: Span, replacement: string): void {
  const width = span.end - span.start;
  if (replacement.length > width) {
    throw new Error(`generator: "${replacement.slice(0, 40)}…" (${replacement.length}) does not fit in ${width} bytes`);
  }
  pdf.set(latin1Bytes(replacement.padEnd(width, " ")), span.start);
}
