// Tokenizer for PDF syntax (ISO 32000-1 §7.2–7.3) over a borrowed byte array: it never copies the input,
// only the bytes of the token it returns. Every token carries its [start, end) offsets.
import { FormatError, LimitError } from "../../errors.js";
import type { EvidenceSource } from "../source.js";
import { bytesAt, decodeHexInto, indexOfByte, latin1 } from "../../platform/bytes.js";
import { quoteName } from "../../report/quoted-name.js";

const REGULAR = 0;
const EMPTY = new Uint8Array(0);
const WHITESPACE = 1;
const DELIMITER = 2;

const CLASS = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASS[c] = WHITESPACE;
for (const c of "()<>[]{}/%") CLASS[c.charCodeAt(0)] = DELIMITER;

export function isWhitespace(c: number | undefined): boolean {
  return c !== undefined && CLASS[c] === WHITESPACE;
}
export function isRegular(c: number | undefined): boolean {
  return c !== undefined && CLASS[c] === REGULAR;
}

/**
 * Longest keyword, number or name accepted: ISO 32000-1 Annex C bounds names at 127 bytes; a longer run is
 * garbage, not a token.
 */
const MAX_ATOM = 4096;

export type Token =
  | { type: "number"; value: number; integer: boolean; start: number; end: number }
  | { type: "name"; value: string; start: number; end: number }
  | { type: "string"; bytes: Uint8Array; hex: boolean; start: number; end: number }
  | { type: "keyword"; value: string; start: number; end: number }
  | { type: "open-array" | "close-array" | "open-dict" | "close-dict"; start: number; end: number }
  | { type: "eof"; start: number; end: number };

const NUMBER_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

// The byte of two hex digits by the 16 bits of their characters (first character low), -1 for any other pair.
const HEX_PAIRS: Int16Array = (() => {
  const t = new Int16Array(65536).fill(-1);
  for (let a = 0; a < 256; a++) {
    const h = hexValue(a);
    if (h < 0) continue;
    for (let b = 0; b < 256; b++) {
      const l = hexValue(b);
      if (l >= 0) t[a | (b << 8)] = (h << 4) | l;
    }
  }
  return t;
})();

/** The bytes of `[start, end)` (an even number of characters) when all are hex digits, else null. */
function plainHex(buf: Uint8Array, start: number, end: number): Uint8Array | null {
  const pairs = HEX_PAIRS;
  const last = significantHexEnd(buf, start, end); // "0" digits after it: zero bytes, already there
  const out = new Uint8Array((end - start) >> 1);
  for (let i = 0, q = start; q < last; i++, q += 2) {
    const v = pairs[buf[q]! | (buf[q + 1]! << 8)]!;
    if (v < 0) return null;
    out[i] = v;
  }
  return out;
}

/** From this many characters on, hex strings are decoded by the platform's decoder (Node's: native). */
const NATIVE_HEX_MIN = 8192;

/**
 * plainHex by Node's decoder, which stops at the first pair that is not two hex digits (fewer bytes written).
 * Only the digits before the trailing "0"s are decoded: a seal's /Contents is reserved larger than its CMS
 * and padded with "0" (a third of the bench's, a tenth of the broker's real one), and Node's decoder runs at
 * ~0.4 GB/s here, through a latin1 string.
 */
function nativeHex(buf: Uint8Array, start: number, end: number): Uint8Array | null {
  const last = significantHexEnd(buf, start, end);
  const out = new Uint8Array((end - start) >> 1);
  const written = last > start ? decodeHexInto(out, buf, start, last) : 0;
  return written === (last - start) >> 1 ? out : null;
}

/** Many "0" digits, to skip a padding's whole blocks at memcmp's speed. */
const ZERO_DIGITS = new Uint8Array(4096).fill(0x30);

/** The end of `[start, end)` without its trailing "0" digits, kept even from `start` (so pairs stay aligned). */
function significantHexEnd(buf: Uint8Array, start: number, end: number): number {
  const block = ZERO_DIGITS.length;
  let last = end;
  while (last - start >= block && bytesAt(buf, last - block, ZERO_DIGITS)) last -= block;
  while (last > start && buf[last - 1] === 0x30) last--;
  return (last - start) & 1 ? last + 1 : last;
}

/** A growable byte buffer (a number[] would cost 8+ bytes per byte on large strings). */
class ByteSink {
  private buf = new Uint8Array(64);
  private n = 0;
  push(b: number): void {
    if (this.n === this.buf.length) {
      const bigger = new Uint8Array(this.buf.length * 2);
      bigger.set(this.buf);
      this.buf = bigger;
    }
    this.buf[this.n++] = b;
  }
  get length(): number {
    return this.n;
  }
  bytes(): Uint8Array {
    return this.buf.slice(0, this.n);
  }
}

/** Bytes read ahead of a token's start before it is lexed from a source not in memory whole (src/input/sparse.ts). */
const AHEAD = 4096;
/** Bytes after a token (or a skip) that must have been seen for it to be the file's token: its delimiter and one more. */
const LOOK = 2;

export class Lexer {
  pos: number;
  /** Longest string (literal or hex, decoded bytes) accepted: limits.maxPdfStringBytes. */
  maxStringBytes = 16 * 1024 ** 2;
  /** Whether the source is in memory whole (the view is all of it): then no token is read twice. */
  private readonly whole: boolean;
  /**
   * What the token readers see: bytes [base, base + v.length) of the source, all of them read. Tokens start
   * at or after base; the end of the view reads as the end of the data. For a source in memory whole, all of it.
   */
  private v: Uint8Array;
  private base = 0;
  constructor(
    readonly source: EvidenceSource,
    pos = 0,
    /** A human label for error messages ("file", "object stream 12"). */
    readonly where = "file",
  ) {
    this.pos = pos;
    this.whole = source.readEnd(0) >= source.length;
    this.v = this.whole ? source.read(0, source.length) : EMPTY;
  }

  private tooLong(at: number): never {
    throw new LimitError("maxPdfStringBytes", `a PDF string at ${this.where} offset ${at} is longer than ${this.maxStringBytes} bytes`);
  }

  fail(message: string, at = this.pos): never {
    throw new FormatError(`PDF syntax error at ${this.where} offset ${at}: ${message}`);
  }

  /** The byte at `at` (undefined outside the source), read first when it is not in memory. */
  byteAt(at: number): number | undefined {
    const i = at - this.base;
    if (i >= 0 && i < this.v.length) return this.v[i];
    if (!(at >= 0 && at < this.source.length)) return undefined;
    return this.source.read(at, at + 1)[0];
  }

  /** Skips whitespace and comments. */
  skipSpace(): void {
    if (this.whole) return this.rawSkipSpace();
    this.guard(
      () => this.rawSkipSpace(),
      () => this.pos,
    );
  }

  /** Skips whitespace only (no comments): used where a `%` would be a marker such as `%%EOF`. */
  skipWhitespaceOnly(): void {
    if (this.whole) return this.rawSkipWhitespaceOnly();
    this.guard(
      () => this.rawSkipWhitespaceOnly(),
      () => this.pos,
    );
  }

  // Whole sources (all but large evidence) go straight to the readers: no closures on the hot path.
  next(): Token {
    if (this.whole) return this.rawNext();
    return this.guard(
      () => this.rawNext(),
      (t) => t.end,
    );
  }

  /** True if the bytes at `at` spell `word` followed by a non-regular byte (or the end). */
  matchKeyword(word: string, at = this.pos): boolean {
    if (this.whole) return this.rawMatchKeyword(word, at);
    const pos = this.pos;
    this.pos = at;
    try {
      return this.guard(
        () => this.rawMatchKeyword(word, at),
        () => at + word.length,
      );
    } finally {
      this.pos = pos;
    }
  }

  /**
   * Runs a token reader from this.pos. From a source not in memory whole the bytes from there are read first,
   * and the reader runs again on more of them while its result reaches the end of what it saw or it failed
   * before the end of the source: a token cut by the view, or an error caused by it, is never taken for the file's.
   */
  private guard<T>(read: () => T, end: (r: T) => number): T {
    const from = this.pos;
    const len = this.source.length;
    let ahead = AHEAD;
    for (;;) {
      this.cover(from, from + ahead);
      const vEnd = this.base + this.v.length;
      const whole = vEnd >= len;
      let r: T;
      try {
        r = read();
      } catch (e) {
        if (whole) throw e;
        this.pos = from;
        ahead = (vEnd - from) * 2;
        continue;
      }
      const e = end(r);
      if (whole || e + LOOK <= vEnd) return r;
      this.pos = from;
      ahead = Math.max((vEnd - from) * 2, e - from + AHEAD);
    }
  }

  /** Makes [from, to) (within the source) the view, with what follows it in memory, reading it first. */
  private cover(from: number, to: number): void {
    const len = this.source.length;
    const a = Math.min(from, len);
    const b = Math.min(to, len);
    if (a >= this.base && b <= this.base + this.v.length) return;
    this.source.read(a, b);
    this.v = this.source.read(a, Math.max(b, this.source.readEnd(a)));
    this.base = a;
  }

  // The readers below index the view from base: positions in it are relative (p), tokens' and errors' absolute.

  private rawSkipWhitespaceOnly(): void {
    while (isWhitespace(this.v[this.pos - this.base])) this.pos++;
  }

  private rawMatchKeyword(word: string, at: number): boolean {
    const q = at - this.base;
    for (let i = 0; i < word.length; i++) if (this.v[q + i] !== word.charCodeAt(i)) return false;
    return !isRegular(this.v[q + word.length]);
  }

  private rawSkipSpace(): void {
    const buf = this.v;
    const o = this.base;
    let p = this.pos - o;
    for (;;) {
      const c = buf[p];
      if (c === undefined) break;
      if (CLASS[c] === WHITESPACE) p++;
      else if (c === 0x25 /* % */) {
        while (p < buf.length && buf[p] !== 0x0a && buf[p] !== 0x0d) p++;
      } else break;
    }
    this.pos = p + o;
  }

  private rawNext(): Token {
    this.rawSkipSpace();
    const buf = this.v;
    const start = this.pos;
    const c = buf[start - this.base];
    if (c === undefined) return { type: "eof", start, end: start };
    switch (c) {
      case 0x5b: // [
        this.pos++;
        return { type: "open-array", start, end: this.pos };
      case 0x5d: // ]
        this.pos++;
        return { type: "close-array", start, end: this.pos };
      case 0x3c: // <
        if (buf[start + 1 - this.base] === 0x3c) {
          this.pos += 2;
          return { type: "open-dict", start, end: this.pos };
        }
        return this.hexString();
      case 0x3e: // >
        if (buf[start + 1 - this.base] === 0x3e) {
          this.pos += 2;
          return { type: "close-dict", start, end: this.pos };
        }
        return this.fail("unexpected '>'");
      case 0x28: // (
        return this.literalString();
      case 0x2f: // /
        return this.name();
      case 0x29: // )
      case 0x7b: // {
      case 0x7d: // }
        return this.fail(`unexpected ${quoteName(String.fromCharCode(c))}`);
      default:
        return this.atom();
    }
  }

  private atom(): Token {
    const buf = this.v;
    const o = this.base;
    const start = this.pos;
    const s = start - o;
    let p = s;
    while (p < buf.length && CLASS[buf[p] as number] === REGULAR) {
      if (p - s >= MAX_ATOM) this.fail("token too long", start);
      p++;
    }
    const end = p + o;
    this.pos = end;
    const text = latin1(buf, s, p);
    const c = buf[s] as number;
    if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) {
      if (!NUMBER_RE.test(text)) this.fail(`malformed number ${quoteName(text)}`, start);
      return { type: "number", value: Number(text), integer: !text.includes("."), start, end };
    }
    return { type: "keyword", value: text, start, end };
  }

  private name(): Token {
    const buf = this.v;
    const o = this.base;
    const start = this.pos;
    let p = start - o + 1;
    const out: number[] = [];
    while (p < buf.length && CLASS[buf[p] as number] === REGULAR) {
      if (out.length >= MAX_ATOM) this.fail("name too long", start);
      const c = buf[p] as number;
      // `#xx` escapes (PDF 1.2+). A `#` not followed by two hex digits is kept as is, like other readers do.
      if (c === 0x23) {
        const h = hexValue(buf[p + 1] ?? -1);
        const l = hexValue(buf[p + 2] ?? -1);
        if (h >= 0 && l >= 0) {
          out.push(h * 16 + l);
          p += 3;
          continue;
        }
      }
      out.push(c);
      p++;
    }
    this.pos = p + o;
    return { type: "name", value: latin1(Uint8Array.from(out)), start, end: this.pos };
  }

  private hexString(): Token {
    const buf = this.v;
    const o = this.base;
    const start = this.pos;
    let p = start - o + 1;
    // Sized by the token's extent, so a 90 KB /Contents costs one 45 KB allocation.
    // Node's indexOf is memchr; a Uint8Array's walks element by element (~70 µs over a seal's /Contents).
    const close = indexOfByte(buf, 0x3e, p);
    if (close < 0) this.fail("unterminated hex string", start);
    if ((close - p) / 2 > this.maxStringBytes) this.tooLong(start);
    if ((close - p) % 2 === 0 && close - p >= 64) {
      // A seal's /Contents is ~100–250 KB of plain hex digits. Long ones are decoded by Node (native; a cold
      // run otherwise spends ~4 ms in the loop below before it is compiled), shorter ones pair by pair
      // through a table. Either way, the first character that is not a hex digit (white space, say) sends
      // the string to the general loop below, which decides.
      const plain = close - p >= NATIVE_HEX_MIN ? nativeHex(buf, p, close) : plainHex(buf, p, close);
      if (plain) {
        this.pos = close + 1 + o;
        return { type: "string", bytes: plain, hex: true, start, end: this.pos };
      }
    }
    const bytes = new Uint8Array((close - p + 1) >> 1);
    let n = 0; // hex digits seen
    for (; p < close; p++) {
      const c = buf[p] as number;
      if (CLASS[c] === WHITESPACE) continue;
      const v = hexValue(c);
      if (v < 0) this.fail(`invalid character 0x${c.toString(16)} in hex string`, p + o);
      if (n % 2 === 0)
        bytes[n >> 1] = v << 4; // an odd final digit is followed by an implicit 0 (§7.3.4.3)
      else bytes[n >> 1] = (bytes[n >> 1] as number) | v;
      n++;
    }
    this.pos = close + 1 + o;
    return { type: "string", bytes: bytes.subarray(0, (n + 1) >> 1), hex: true, start, end: this.pos };
  }

  private literalString(): Token {
    const buf = this.v;
    const o = this.base;
    const start = this.pos;
    let p = start - o + 1;
    let nesting = 1;
    const out = new ByteSink();
    for (;;) {
      const c = buf[p];
      if (c === undefined) this.fail("unterminated literal string", start);
      p++;
      if (c === 0x28) {
        nesting++;
        out.push(c);
      } else if (c === 0x29) {
        if (--nesting === 0) break;
        out.push(c);
      } else if (c === 0x0d) {
        // An unescaped end-of-line in a literal string reads as a single LF (§7.3.4.2).
        if (buf[p] === 0x0a) p++;
        out.push(0x0a);
      } else if (c === 0x5c) {
        const e = buf[p];
        if (e === undefined) this.fail("unterminated literal string", start);
        p++;
        switch (e) {
          case 0x6e:
            out.push(0x0a);
            break; // \n
          case 0x72:
            out.push(0x0d);
            break; // \r
          case 0x74:
            out.push(0x09);
            break; // \t
          case 0x62:
            out.push(0x08);
            break; // \b
          case 0x66:
            out.push(0x0c);
            break; // \f
          case 0x0d:
            if (buf[p] === 0x0a) p++;
            break; // line continuation
          case 0x0a:
            break;
          default:
            if (e >= 0x30 && e <= 0x37) {
              let v = e - 0x30;
              for (let k = 0; k < 2 && (buf[p] ?? 0) >= 0x30 && (buf[p] ?? 0) <= 0x37; k++) v = v * 8 + ((buf[p++] as number) - 0x30);
              out.push(v & 0xff);
            } else out.push(e); // `\(`, `\)`, `\\`, and an unknown escape means the character itself
        }
      } else out.push(c);
      if (out.length > this.maxStringBytes) this.tooLong(start);
    }
    this.pos = p + o;
    return { type: "string", bytes: out.bytes(), hex: false, start, end: this.pos };
  }
}
