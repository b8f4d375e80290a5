// Bounded DER decoding. asn1js does the parsing; this guards what it is given (size, nesting depth,
// trailing bytes) so that hostile DER yields a FormatError rather than a stack overflow or a huge allocation.
import * as asn1js from "asn1js";
import { FormatError, LimitError } from "../errors.js";
import type { Limits } from "../limits.js";
import { bytesEqual as equal, toHex as hex } from "../platform/bytes.js";

/** Whether `[pos, end)` is exactly one SEQUENCE, SET or OID (an OCTET STRING's content that is DER). */
function wholeTlv(bytes: Uint8Array, pos: number, end: number): boolean {
  const t = readTlv(bytes, pos, end, true);
  return t !== null && t.end === end && (t.tag === 0x30 || t.tag === 0x31 || t.tag === 0x06);
}

// The flags of a region of the shape walk.
/** The content of an OCTET STRING that looked like DER: walked for the guards, never trusted for framing. */
const SPECULATIVE = 1;
/** Opened by an indefinite length: closed by end-of-contents. */
const INDEFINITE = 2;

/**
 * Walks the TLV structure iteratively before asn1js recurses into it: nesting depth, and OIDs too long for
 * asn1js to decode in bounded time and memory. OCTET STRINGs that hold one whole DER value (extensions,
 * eContent, OCSP responseBytes, which pkijs decodes later) are walked too. Returns normally for
 * well-formed-enough input; asn1js still decides validity.
 *
 * Headers are read inline, into numbers, and the open regions kept on two number stacks: a cold run walks
 * a seal's ~80 KB CMS, ~20,000 headers, in V8's interpreter, where a call and an object per header and per
 * region were most of the time (test/pki/der.test.ts compares it with the walk it replaced).
 */
export function assertDerShape(bytes: Uint8Array, limits: Pick<DerLimits, "maxAsn1Depth" | "maxOidBytes">, what: string): void {
  const maxDepth = limits.maxAsn1Depth;
  const maxOid = limits.maxOidBytes;
  // The open regions: where each ends and its flags; regions [0, open) are open, the last on top.
  const ends: number[] = [bytes.length];
  const flags: number[] = [0];
  let open = 1;
  let pos = 0;
  while (open > 0) {
    const topEnd = ends[open - 1]!;
    const speculative = (flags[open - 1]! & SPECULATIVE) !== 0;
    if (pos >= topEnd) {
      open--;
      if (speculative) pos = topEnd;
      continue;
    }
    // The header at pos, in any form asn1js reads; length bytes past topEnd are not read.
    let p = pos;
    const tag = bytes[p++]!;
    if ((tag & 0x1f) === 0x1f) {
      // high tag number form
      let guard = 0;
      while (p < topEnd && bytes[p]! & 0x80 && guard++ < 8) p++;
      p++;
    }
    if (p >= topEnd) {
      // truncated
      if (!speculative) return;
      pos = p;
      continue;
    }
    let len = bytes[p++]!;
    const indefinite = len === 0x80;
    if (!indefinite && len & 0x80) {
      const n = len & 0x7f;
      if (n > 4) {
        // too long: asn1js will reject it
        if (!speculative) return;
        pos = topEnd;
        continue;
      }
      len = 0;
      for (let i = 0; i < n && p < topEnd; i++) len = len * 256 + bytes[p++]!;
    }
    pos = p;
    if (speculative && !indefinite && pos + len > topEnd) {
      pos = topEnd; // not DER after all
      continue;
    }
    if ((tag === 0x06 || tag === 0x0d) && !indefinite && len > maxOid) {
      throw new LimitError("maxOidBytes", `${what} holds an OBJECT IDENTIFIER of ${len} bytes (more than ${maxOid})`);
    }
    if ((tag & 0x20) !== 0) {
      ends[open] = indefinite ? topEnd : Math.min(pos + len, topEnd);
      flags[open] = (speculative ? SPECULATIVE : 0) | (indefinite ? INDEFINITE : 0);
      if (open++ > maxDepth) throw new LimitError("maxAsn1Depth", `${what}: ASN.1 nesting deeper than ${maxDepth} levels`);
    } else if (tag === 0x04 && !indefinite && len >= 2 && pos + len <= topEnd && wholeTlv(bytes, pos, pos + len)) {
      ends[open] = pos + len;
      flags[open] = SPECULATIVE;
      if (open++ > maxDepth) throw new LimitError("maxAsn1Depth", `${what}: ASN.1 nesting deeper than ${maxDepth} levels`);
    } else if (!indefinite) {
      pos += len;
    }
    if (tag === 0 && len === 0) {
      // end-of-contents of an indefinite-length value
      if (open > 1 && (flags[open - 1]! & INDEFINITE) !== 0) open--;
    }
  }
}

/** The context-specific `[n]` child of a decoded SEQUENCE (an optional field such as `certificates [0]`). */
export function contextField(block: unknown, n: number): asn1js.Constructed | undefined {
  if (!(block instanceof asn1js.Sequence)) return undefined;
  const field = block.valueBlock.value.find((b) => b.idBlock.tagClass === 3 && b.idBlock.tagNumber === n);
  return field instanceof asn1js.Constructed ? field : undefined;
}

/**
 * The bytes of a value decoded as part of a larger one (a timestamp token in a CMS attribute, the OCSP
 * responses and CRLs of adbe-revocationInfoArchival), carrying the tree they were decoded into: a decoder
 * by parts may take the parts from it (decodedParts) instead of decoding them again. decodeDer ignores it:
 * equal bytes always decode alike.
 */
export class DecodedBytes extends Uint8Array {
  tree?: asn1js.AsnType;
}

/** A copy of an already decoded value's bytes that carries its tree (see DecodedBytes). */
export function bytesOfDecoded(block: asn1js.AsnType): DecodedBytes {
  const bytes = new DecodedBytes(block.valueBeforeDecodeView);
  bytes.tree = block;
  return bytes;
}

/**
 * For bytes handed out by bytesOfDecoded: the values of the tree they came from, by their offset in those
 * bytes, so that a part-by-part decoder can take a part from the tree instead of decoding it again.
 */
export function decodedParts(bytes: Uint8Array): Map<number, asn1js.AsnType> | undefined {
  const root = bytes instanceof DecodedBytes ? bytes.tree : undefined;
  if (!root) return undefined;
  const base = root.valueBeforeDecodeView;
  const parts = new Map<number, asn1js.AsnType>();
  const stack: asn1js.AsnType[] = [root];
  while (stack.length) {
    const b = stack.pop()!;
    const v = b.valueBeforeDecodeView;
    if (v.buffer === base.buffer) parts.set(v.byteOffset - base.byteOffset, b);
    const children = (b as asn1js.Constructed).valueBlock?.value;
    if (b.idBlock.isConstructed && Array.isArray(children)) stack.push(...(children as asn1js.AsnType[]));
  }
  return parts;
}

/** The limits that bound one DER decode. */
export type DerLimits = Pick<Limits, "maxDerBytes" | "maxAsn1Depth" | "maxAsn1Nodes" | "maxOidBytes">;

/** Whether a value decoded within `then` is within `now` too: `then` is no looser in any limit. */
export const limitsWithin = (then: DerLimits, now: DerLimits): boolean =>
  then.maxDerBytes <= now.maxDerBytes && then.maxAsn1Nodes <= now.maxAsn1Nodes && then.maxAsn1Depth <= now.maxAsn1Depth && then.maxOidBytes <= now.maxOidBytes;

/**
 * A pooled value (decoded once within `kept.limits`) asked for within `now`: when `now` is tighter in some
 * limit, `recheck()` decides the bytes within `now` (refusing them as a first decode would), and the value is
 * from then on known to be within the tighter of both.
 */
export function keepWithin(kept: { limits: DerLimits }, now: DerLimits, recheck: () => void): void {
  if (limitsWithin(kept.limits, now)) return;
  recheck();
  const k = kept.limits;
  kept.limits = {
    maxDerBytes: Math.min(k.maxDerBytes, now.maxDerBytes),
    maxAsn1Nodes: Math.min(k.maxAsn1Nodes, now.maxAsn1Nodes),
    maxAsn1Depth: Math.min(k.maxAsn1Depth, now.maxAsn1Depth),
    maxOidBytes: Math.min(k.maxOidBytes, now.maxOidBytes),
  };
}

/**
 * The limits for decoding a value in `parts` separate parts: each part gets an equal share of the node
 * budget of the whole, less `framing` values the parts do not include, so that the parts together never
 * decode more than the whole would be allowed. Null when a share would be empty.
 */
export function partLimits(limits: DerLimits, parts: number, framing = 0): DerLimits | null {
  const share = Math.floor((limits.maxAsn1Nodes - framing) / parts);
  return share >= 1 ? { ...limits, maxAsn1Nodes: share } : null;
}

/** Decodes exactly one DER value. `what` names the object in error messages ("OCSP response"). */
export function decodeDer(bytes: Uint8Array, what: string, limits: DerLimits, allowTrailing = false): asn1js.AsnType {
  if (bytes.length === 0) throw new FormatError(`${what} is empty`);
  if (bytes.length > limits.maxDerBytes) {
    throw new LimitError("maxDerBytes", `${what} is ${bytes.length} bytes, more than the limit of ${limits.maxDerBytes}`);
  }
  assertDerShape(bytes, limits, what);
  let parsed: ReturnType<typeof asn1js.fromBER>;
  try {
    // parseEmbedded: false — asn1js would otherwise try to decode the content of every OCTET and BIT STRING
    // (signatures, keys, extension values, a whole BasicOCSPResponse) in case it is DER; pkijs decodes the
    // ones it needs (extnValue, eContent, responseBytes, keys) itself, so each was decoded twice.
    parsed = asn1js.fromBER(bytes, { maxNodes: limits.maxAsn1Nodes, maxContentLength: limits.maxDerBytes, parseEmbedded: false });
  } catch (e) {
    throw new FormatError(`${what} is not valid DER (${e instanceof Error ? e.message : String(e)})`);
  }
  if (parsed.offset === -1) {
    const error = parsed.result.error || "parse error";
    if (/node count/i.test(error)) {
      throw new LimitError("maxAsn1Nodes", `${what} holds more than ${limits.maxAsn1Nodes} ASN.1 values`);
    }
    throw new FormatError(`${what} is not valid DER (${error})`);
  }
  if (!allowTrailing && parsed.offset !== bytes.length) {
    throw new FormatError(`${what} has ${bytes.length - parsed.offset} unexpected bytes after its DER value`);
  }
  return parsed.result;
}

/**
 * Decodes one DER value followed only by zero bytes (the padding of a PDF signature's /Contents).
 * Returns the value and its encoded length.
 */
export function decodeDerZeroPadded(bytes: Uint8Array, what: string, limits: DerLimits): { value: asn1js.AsnType; length: number } {
  const value = decodeDer(bytes, what, limits, true);
  const length = value.valueBeforeDecodeView.byteLength;
  for (let i = length; i < bytes.length; i++) {
    if (bytes[i] !== 0) throw new FormatError(`${what} has non-zero bytes after its DER value (at offset ${i})`);
  }
  return { value, length };
}

/**
 * A copy of bytes [start, end) in an ArrayBuffer of their own. Not `bytes.slice(...).buffer`: on a Node Buffer
 * (what zlib and fs return) slice is a view, and its .buffer is the whole pool or inflate output around it.
 */
export function ownBuffer(bytes: Uint8Array, start = 0, end = bytes.length): ArrayBuffer {
  const copy = new Uint8Array(end - start);
  copy.set(bytes.subarray(start, end));
  return copy.buffer;
}

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return hex(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
}

export function bytesEqual(a: ArrayBuffer | Uint8Array, b: ArrayBuffer | Uint8Array): boolean {
  const x = a instanceof Uint8Array ? a : new Uint8Array(a);
  const y = b instanceof Uint8Array ? b : new Uint8Array(b);
  return equal(x, y);
}

/** One TLV of DER: its tag byte and where its header, content and end are in the bytes. */
export interface Tlv {
  tag: number;
  start: number;
  body: number;
  end: number;
}

/**
 * The TLV starting at `p` and ending by `end`, in plain DER framing (a one-byte tag, a definite minimal
 * length) unless `lenient`, which accepts non-minimal lengths; null for anything else (multi-byte tags,
 * indefinite lengths, more than 4 length bytes, length bytes or content past `end`). Headers are read
 * inline, here and in assertDerShape (which reads every form asn1js accepts): a cold run frames ~30,000
 * values of a seal's CMS and CRL in V8's interpreter, where a call and an object per header were most of
 * the time (test/pki/der.test.ts compares both with the readers they replaced).
 */
export function readTlv(bytes: Uint8Array, p: number, end: number, lenient = false): Tlv | null {
  const tag = bytes[p]!;
  if ((tag & 0x1f) === 0x1f || p + 1 >= end) return null; // multi-byte tags do not occur in what we split
  let body = p + 2;
  let len = bytes[p + 1]!;
  if (len & 0x80) {
    const n = len & 0x7f;
    // indefinite, too long, cut short, or (in DER) a leading zero
    if (n === 0 || n > 4 || body + n > end || (!lenient && bytes[body] === 0)) return null;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + bytes[body++]!;
    if (!lenient && len < 0x80) return null; // non-minimal
  }
  return body + len <= end ? { tag, start: p, body, end: body + len } : null;
}

/**
 * The TLVs that exactly fill `[start, end)`, one level deep: framing only, for splitting a value into parts
 * that asn1js then decodes one by one. Null for anything but plain DER framing: callers then decode the
 * whole value the ordinary way.
 */
export function derChildren(bytes: Uint8Array, start: number, end: number): Tlv[] | null {
  const out: Tlv[] = [];
  for (let p = start; p < end;) {
    const t = readTlv(bytes, p, end);
    if (!t) return null;
    out.push(t);
    p = t.end;
  }
  return out;
}

/** ASN.1 values in a TLV as asn1js counts them (parseEmbedded off: a primitive is one); null off DER framing. */
export function countDerValues(bytes: Uint8Array, t: Tlv): number | null {
  if ((t.tag & 0x20) === 0) return 1;
  const children = derChildren(bytes, t.body, t.end);
  if (!children) return null;
  let n = 1;
  for (const c of children) {
    const k = countDerValues(bytes, c);
    if (k === null) return null;
    n += k;
  }
  return n;
}

/** A DER length header for `n` content bytes: the short form, or the minimal long form. */
export function derLength(n: number): number[] {
  if (n < 0x80) return [n];
  const out: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) out.unshift(v % 256);
  return [0x80 | out.length, ...out];
}

/**
 * The one BER header reader (X.690 §8.1.2-8.1.3): the header at `p` within `end`, its first tag byte, where its
 * content starts and its length (-1: indefinite, for a constructed value only); null off BER. A tag of more than
 * one byte is read (up to 8 continuation bytes) when `multiByteTags`, else null. A definite length in any number of
 * octets, leading zeros included (as BouncyCastle reads it), as long as the content fits before `end`; 0xFF, the
 * reserved form, is null. readTlv is the strict DER reader beside it, its header read inline for speed.
 */
export function berHeader(bytes: Uint8Array, p: number, end: number, multiByteTags = true): { tag: number; body: number; len: number } | null {
  if (p >= end) return null;
  const tag = bytes[p]!;
  let q = p + 1;
  if ((tag & 0x1f) === 0x1f) {
    if (!multiByteTags) return null;
    for (let n = 0; q < end && bytes[q]! & 0x80; q++) if (++n > 8) return null;
    q++;
  }
  if (q >= end) return null;
  const first = bytes[q++]!;
  if (first === 0x80) return tag & 0x20 ? { tag, body: q, len: -1 } : null;
  let len = first;
  if (first > 0x80) {
    const n = first & 0x7f;
    if (n === 0x7f || q + n > end) return null;
    len = 0;
    for (let i = 0; i < n; i++) {
      len = len * 256 + bytes[q++]!;
      if (len > end - q) return null;
    }
  }
  return q + len <= end ? { tag, body: q, len } : null;
}

/** Universal types BER may split into a constructed value of segments (X.690 §8.6, §8.7, §8.23). */
const STRING_TAGS = new Set([3, 4, 12, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 30]);

/**
 * The first value of `bytes` with its BER framing (indefinite lengths, long and non-minimal length forms,
 * strings split into segments) re-written as DER framing, every content byte unchanged; and where the value
 * ended. This is how BouncyCastle (EU DSS) reads a BER-framed CRL or OCSP response and verifies its DER
 * (attack-s6 a10: read as junk, a revoked seal's CRL said nothing). Null for what BER does not read (a
 * multi-byte tag, a constructed value of another universal type, a length past the end); a LimitError past
 * the depth or value limits, as the decoders throw. `what` names the value in that error; `spent` counts the
 * values read, for a caller's budget over many values.
 */
export function derFramed(
  bytes: Uint8Array,
  limits: Pick<DerLimits, "maxAsn1Depth" | "maxAsn1Nodes">,
  what: string,
  spent?: { values: number },
): { der: Uint8Array; end: number } | null {
  // The DER in file order: a header (tag, content size once known), a byte, or a run of content bytes.
  const out: ({ tag: number; size: number } | { byte: number } | { start: number; end: number })[] = [];
  let values = 0;
  // The header at p within end (the one BER header reader, one-byte tags only: a multi-byte tag is off what this
  // re-frames), counted against the limits.
  const header = (p: number, end: number, depth: number) => {
    if (spent) spent.values++;
    if (++values > limits.maxAsn1Nodes) throw new LimitError("maxAsn1Nodes", `${what}: more than ${limits.maxAsn1Nodes} ASN.1 values`);
    if (depth > limits.maxAsn1Depth) throw new LimitError("maxAsn1Depth", `${what}: ASN.1 nesting deeper than ${limits.maxAsn1Depth} levels`);
    return berHeader(bytes, p, end, false);
  };
  // The children from `at` to `stop` (definite) or to end-of-contents, each read by `child`; where they end.
  const children = (at: number, stop: number, indefinite: boolean, child: (at: number) => number | null): number | null => {
    for (;;) {
      if (indefinite ? at + 2 <= stop && bytes[at] === 0 && bytes[at + 1] === 0 : at === stop) return indefinite ? at + 2 : at;
      const next = at < stop ? child(at) : null;
      if (next === null) return null;
      at = next;
    }
  };
  // A split string's segments, each of its own type, pushed as runs (a BIT STRING's unused-bits byte dropped,
  // the last one's kept in `bits`): where the value ended; null off BER.
  const segments = (p: number, end: number, depth: number, type: number, run: { size: number; bits: number }): number | null => {
    const h = header(p, end, depth);
    if (!h || (h.tag & 0xdf) !== type) return null;
    if (h.tag & 0x20)
      return children(h.body, h.len < 0 ? end : h.body + h.len, h.len < 0, (at) => segments(at, h.len < 0 ? end : h.body + h.len, depth + 1, type, run));
    let start = h.body;
    if (type === 3) {
      if (h.len === 0 || run.bits !== 0) return null; // only the last segment may leave bits unused
      run.bits = bytes[start++]!;
    }
    out.push({ start, end: h.body + h.len });
    run.size += h.body + h.len - start;
    return h.body + h.len;
  };
  // One value at p within end: its DER's size and where it ended in `bytes`; null off BER.
  const value = (p: number, end: number, depth: number): { size: number; end: number } | null => {
    const h = header(p, end, depth);
    if (!h) return null;
    const stop = h.len < 0 ? end : h.body + h.len;
    const head = { tag: h.tag, size: 0 };
    out.push(head);
    let at: number | null;
    if (!(h.tag & 0x20)) {
      out.push({ start: h.body, end: stop });
      head.size = h.len;
      at = stop;
    } else if (h.tag & 0xc0 || h.tag === 0x30 || h.tag === 0x31) {
      at = children(h.body, stop, h.len < 0, (c) => {
        const v = value(c, stop, depth + 1);
        if (!v) return null;
        head.size += v.size;
        return v.end;
      });
    } else {
      const type = h.tag & 0x1f;
      if (!STRING_TAGS.has(type)) return null;
      head.tag = type;
      const bits = type === 3 ? { byte: 0 } : null;
      if (bits) out.push(bits);
      const run = { size: 0, bits: 0 };
      at = children(h.body, stop, h.len < 0, (c) => segments(c, stop, depth + 1, type, run));
      if (bits) bits.byte = run.bits;
      head.size = run.size + (bits ? 1 : 0);
    }
    return at === null ? null : { size: 1 + derLength(head.size).length + head.size, end: at };
  };
  const top = value(0, bytes.length, 1);
  if (!top) return null;
  const der = new Uint8Array(top.size);
  let o = 0;
  for (const op of out) {
    if ("tag" in op) {
      der[o++] = op.tag;
      for (const b of derLength(op.size)) der[o++] = b;
    } else if ("byte" in op) der[o++] = op.byte;
    else {
      der.set(bytes.subarray(op.start, op.end), o);
      o += op.end - op.start;
    }
  }
  return { der, end: top.end };
}

/**
 * Whether `bytes` is one value in DER framing throughout (definite minimal lengths, one-byte tags, no split
 * strings), read without allocating: the cheap test before derFramed, for values that are DER almost always.
 */
export function isDerFramed(bytes: Uint8Array, maxDepth: number): boolean {
  const ends: number[] = [bytes.length];
  let pos = 0;
  let top = true;
  while (ends.length > 0) {
    const end = ends[ends.length - 1]!;
    if (pos === end) {
      ends.pop();
      continue;
    }
    const t = readTlv(bytes, pos, end);
    if (!t || (top && t.end !== bytes.length)) return false;
    top = false;
    if (t.tag & 0x20) {
      if ((t.tag & 0xc0) === 0 && t.tag !== 0x30 && t.tag !== 0x31) return false;
      if (ends.length >= maxDepth) return false;
      ends.push(t.end);
      pos = t.body;
    } else pos = t.end;
  }
  return true;
}
