// The platform seam for bytes read as text (Node's implementation, on Buffer's native code; the page's build puts
// web/platform/bytes.ts in its place, so that the library needs no Buffer there): latin1 and UTF-16 text, hex
// digits, searching for a byte, comparing. Both implementations answer alike (test/web/platform.test.ts).

const view = (b: Uint8Array): Buffer => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/** Bytes [start, end) as latin1 text: one character per byte, its code the byte's value. */
export function latin1(bytes: Uint8Array, start = 0, end = bytes.length): string {
  return view(bytes).toString("latin1", start, end);
}

/** UTF-16LE text of the bytes (a dangling odd byte dropped; unpaired surrogates kept, as Node decodes them). */
export function utf16le(bytes: Uint8Array): string {
  return view(bytes).toString("utf16le");
}

/** Where `byte` first occurs in `bytes` at or after `from`, or -1 (memchr). */
export function indexOfByte(bytes: Uint8Array, byte: number, from = 0): number {
  return view(bytes).indexOf(byte, from);
}

/** Whether the two hold the same bytes. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && view(a).equals(view(b));
}

/** Whether `bytes` holds `part` at `at` (memcmp). */
export function bytesAt(bytes: Uint8Array, at: number, part: Uint8Array): boolean {
  return at >= 0 && at + part.length <= bytes.length && view(bytes).compare(part, 0, part.length, at, at + part.length) === 0;
}

/** Lowercase hex of the bytes. */
export function toHex(bytes: Uint8Array): string {
  return view(bytes).toString("hex");
}

/**
 * Decodes the hex digits [start, end) of `digits` (ASCII) into `out` from its start; returns how many bytes it
 * wrote: it stops at the first pair that is not two hex digits (Node's hex decoder), and at `out`'s end.
 */
export function decodeHexInto(out: Uint8Array, digits: Uint8Array, start: number, end: number): number {
  return view(out).write(latin1(digits, start, end), 0, "hex");
}
