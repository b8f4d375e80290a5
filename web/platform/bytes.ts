// The platform seam for bytes read as text, the browser's implementation (in src/platform/bytes.ts's place in
// the page's build): plain JavaScript over Uint8Array, answering as Node's Buffer does.
import type * as node from "../../src/platform/bytes.js";

const CHUNK = 8192;

/** Character codes to a string, in chunks (a spread of a large array would overflow the stack). */
function fromCodes(codes: Uint8Array | Uint16Array): string {
  let s = "";
  for (let i = 0; i < codes.length; i += CHUNK) s += String.fromCharCode(...codes.subarray(i, i + CHUNK));
  return s;
}

export const latin1: typeof node.latin1 = (bytes, start = 0, end = bytes.length) => {
  const a = Math.max(0, Math.min(start, bytes.length));
  return fromCodes(bytes.subarray(a, Math.max(a, Math.min(end, bytes.length))));
};

export const utf16le: typeof node.utf16le = (bytes) => {
  const n = bytes.length >> 1;
  const units = new Uint16Array(n);
  for (let i = 0; i < n; i++) units[i] = (bytes[2 * i] as number) | ((bytes[2 * i + 1] as number) << 8);
  return fromCodes(units);
};

export const indexOfByte: typeof node.indexOfByte = (bytes, byte, from = 0) => bytes.indexOf(byte, from);

export const bytesEqual: typeof node.bytesEqual = (a, b) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

export const bytesAt: typeof node.bytesAt = (bytes, at, part) => {
  if (at < 0 || at + part.length > bytes.length) return false;
  for (let i = 0; i < part.length; i++) if (bytes[at + i] !== part[i]) return false;
  return true;
};

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

export const toHex: typeof node.toHex = (bytes) => {
  let s = "";
  for (let i = 0; i < bytes.length; i++) s += HEX[bytes[i] as number];
  return s;
};

/** A hex digit's value, or -1. */
const NIBBLE = new Int8Array(256).fill(-1);
for (let i = 0; i < 10; i++) NIBBLE[0x30 + i] = i;
for (let i = 0; i < 6; i++) NIBBLE[0x41 + i] = NIBBLE[0x61 + i] = 10 + i;

export const decodeHexInto: typeof node.decodeHexInto = (out, digits, start, end) => {
  let n = 0;
  for (let p = start; p + 1 < end && n < out.length; p += 2, n++) {
    const hi = NIBBLE[digits[p] as number] as number;
    const lo = NIBBLE[digits[p + 1] as number] as number;
    if (hi < 0 || lo < 0) break;
    out[n] = (hi << 4) | lo;
  }
  return n;
};
