// Bounded DER decoding. asn1js does the parsing; this guards what it is given (size, nesting depth,
// trailing bytes) so that hostile DER yields a FormatError rather than a stack overflow or a huge allocation.
import * as asn1js from "asn1js";
import { FormatError, LimitError } from "../errors.js";
import type { Limits } from "../limits.js";

/**
 * Walks the TLV structure iteratively to measure nesting depth before asn1js recurses into it.
 * Returns normally for well-formed-enough input; asn1js still decides validity.
 */
export function assertDerDepth(bytes: Uint8Array, maxDepth: number, what: string): void {
  const ends: number[] = [bytes.length];
  let pos = 0;
  while (pos < bytes.length && ends.length > 0) {
    while (ends.length > 0 && pos >= ends[ends.length - 1]!) ends.pop();
    if (ends.length === 0) break;
    const tag = bytes[pos++]!;
    if ((tag & 0x1f) === 0x1f) {
      // high tag number form
      let guard = 0;
      while (pos < bytes.length && bytes[pos]! & 0x80 && guard++ < 8) pos++;
      pos++;
    }
    if (pos >= bytes.length) return;
    let len = bytes[pos++]!;
    let indefinite = false;
    if (len === 0x80) indefinite = true;
    else if (len & 0x80) {
      const n = len & 0x7f;
      if (n > 4) return; // asn1js will reject
      len = 0;
      for (let i = 0; i < n && pos < bytes.length; i++) len = len * 256 + bytes[pos++]!;
    }
    const constructed = (tag & 0x20) !== 0;
    if (constructed) {
      ends.push(indefinite ? ends[ends.length - 1]! : Math.min(pos + len, ends[ends.length - 1]!));
      if (ends.length - 1 > maxDepth) throw new LimitError("maxAsn1Depth", `${what}: ASN.1 nesting deeper than ${maxDepth} levels`);
    } else if (!indefinite) {
      pos += len;
    }
    if (tag === 0 && len === 0) {
      // end-of-contents of an indefinite-length value
      if (ends.length > 1) ends.pop();
    }
  }
}

/** Decodes exactly one DER value. `what` names the object in error messages ("OCSP response"). */
export function decodeDer(
  bytes: Uint8Array,
  what: string,
  limits: Pick<Limits, "maxDerBytes" | "maxAsn1Depth">,
  allowTrailing = false,
): asn1js.AsnType {
  if (bytes.length === 0) throw new FormatError(`${what} is empty`);
  if (bytes.length > limits.maxDerBytes) {
    throw new LimitError("maxDerBytes", `${what} is ${bytes.length} bytes, more than the limit of ${limits.maxDerBytes}`);
  }
  assertDerDepth(bytes, limits.maxAsn1Depth, what);
  let parsed: ReturnType<typeof asn1js.fromBER>;
  try {
    parsed = asn1js.fromBER(bytes);
  } catch (e) {
    throw new FormatError(`${what} is not valid DER (${e instanceof Error ? e.message : String(e)})`);
  }
  if (parsed.offset === -1) throw new FormatError(`${what} is not valid DER (${parsed.result.error || "parse error"})`);
  if (!allowTrailing && parsed.offset !== bytes.length) {
    throw new FormatError(`${what} has ${bytes.length - parsed.offset} unexpected bytes after its DER value`);
  }
  return parsed.result;
}

/**
 * Decodes one DER value followed only by zero bytes (the padding of a PDF signature's /Contents).
 * Returns the value and its encoded length.
 */
export function decodeDerZeroPadded(
  bytes: Uint8Array,
  what: string,
  limits: Pick<Limits, "maxDerBytes" | "maxAsn1Depth">,
): { value: asn1js.AsnType; length: number } {
  const value = decodeDer(bytes, what, limits, true);
  const length = value.valueBeforeDecodeView.byteLength;
  for (let i = length; i < bytes.length; i++) {
    if (bytes[i] !== 0) throw new FormatError(`${what} has non-zero bytes after its DER value (at offset ${i})`);
  }
  return { value, length };
}

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString("hex");
}

export function bytesEqual(a: ArrayBuffer | Uint8Array, b: ArrayBuffer | Uint8Array): boolean {
  const x = a instanceof Uint8Array ? a : new Uint8Array(a);
  const y = b instanceof Uint8Array ? b : new Uint8Array(b);
  return x.length === y.length && Buffer.compare(x, y) === 0;
}
