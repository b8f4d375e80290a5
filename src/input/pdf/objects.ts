// The PDF object model: a closed tagged union, so callers switch on `kind` and never see `any`.
// Every value parsed from the file bytes carries its byte span (start inclusive, end exclusive); values
// parsed from a decoded object stream carry none, because their positions are not file positions.
import { bytesEqual } from "../../platform/bytes.js";

/** A half-open byte range [start, end) in the file. */
export interface ByteSpan {
  readonly start: number;
  readonly end: number;
}

interface Base {
  /** Where the value's token(s) sit in the file; undefined inside object streams. */
  readonly span?: ByteSpan;
}

export interface PdfNull extends Base {
  readonly kind: "null";
}
export interface PdfBoolean extends Base {
  readonly kind: "boolean";
  readonly value: boolean;
}
export interface PdfNumber extends Base {
  readonly kind: "number";
  readonly value: number;
  /** False for reals (`1.0`, `.5`): some keys (offsets, /W) require integers. */
  readonly integer: boolean;
}
export interface PdfString extends Base {
  readonly kind: "string";
  /** The decoded bytes: escapes of literal strings resolved, hex digits paired. */
  readonly bytes: Uint8Array;
  /** True for `<...>` strings. */
  readonly hex: boolean;
}
export interface PdfName extends Base {
  readonly kind: "name";
  /** The name without the slash, `#xx` escapes decoded, one char per byte (latin1). */
  readonly value: string;
}
export interface PdfArray extends Base {
  readonly kind: "array";
  readonly items: readonly PdfObject[];
}
export interface PdfDict extends Base {
  readonly kind: "dict";
  /** Keys are decoded names (see PdfName.value); insertion order is file order. Duplicate keys are rejected. */
  readonly entries: ReadonlyMap<string, PdfObject>;
}
export interface PdfRef extends Base {
  readonly kind: "ref";
  readonly num: number;
  readonly gen: number;
}
export interface PdfStream extends Base {
  readonly kind: "stream";
  readonly dict: PdfDict;
  /** Offset of the first data byte (after `stream` and its EOL), in the file or in the object stream's data. */
  readonly dataStart: number;
  /** /Length as it applied when the stream was parsed. */
  readonly dataLength: number;
}

export type PdfObject = PdfNull | PdfBoolean | PdfNumber | PdfString | PdfName | PdfArray | PdfDict | PdfRef | PdfStream;

export function refKey(ref: { num: number; gen: number }): string {
  return `${ref.num} ${ref.gen}`;
}

export function refString(ref: { num: number; gen: number }): string {
  return `${ref.num} ${ref.gen} R`;
}

/** The raw (unresolved) value of a key; a `null` value counts as absent, as the PDF spec says. */
export function rawGet(dict: PdfDict, key: string): PdfObject | undefined {
  const v = dict.entries.get(key);
  return v === undefined || v.kind === "null" ? undefined : v;
}

/**
 * Structural equality of two parsed values: references compare by number and generation (not followed),
 * strings by bytes (hex and literal forms are equal), dict keys by presence (a null value is not an absent key).
 * Streams compare their dictionaries (without /Length) here; their data is compared by the caller.
 */
export function pdfEquals(a: PdfObject, b: PdfObject, depth = 0): boolean {
  if (depth > 1000) return false; // parsed values are depth-bounded; this is a belt-and-braces guard
  switch (a.kind) {
    case "null":
      return b.kind === "null";
    case "boolean":
      return b.kind === "boolean" && a.value === b.value;
    case "number":
      return b.kind === "number" && a.value === b.value;
    case "string":
      return b.kind === "string" && bytesEqual(a.bytes, b.bytes);
    case "name":
      return b.kind === "name" && a.value === b.value;
    case "ref":
      return b.kind === "ref" && a.num === b.num && a.gen === b.gen;
    case "array":
      return b.kind === "array" && a.items.length === b.items.length && a.items.every((x, i) => pdfEquals(x, b.items[i] as PdfObject, depth + 1));
    case "dict":
      return b.kind === "dict" && changedKeys(a, b, [], depth).length === 0;
    case "stream":
      return b.kind === "stream" && changedKeys(a.dict, b.dict, ["Length"], depth).length === 0;
  }
}

/**
 * Keys whose values differ between two dicts (added, removed or changed), in first-seen order. A key written with a
 * null value is not an absent one here: ISO 32000-1 §7.3.7 says they read alike, but pdf.js keeps the null, and its
 * two-name gets (`get("F", "Filter")`) stop at it (a23 N1: `/F null` on a sealed content stream made it raw data).
 */
export function changedKeys(a: PdfDict, b: PdfDict, ignore: readonly string[] = [], depth = 0): string[] {
  const out: string[] = [];
  const keys = new Set([...a.entries.keys(), ...b.entries.keys()]);
  for (const k of keys) {
    if (ignore.includes(k)) continue;
    const x = a.entries.get(k);
    const y = b.entries.get(k);
    if (x === undefined && y === undefined) continue;
    if (x === undefined || y === undefined || !pdfEquals(x, y, depth + 1)) out.push(k);
  }
  return out;
}

export { bytesEqual };
