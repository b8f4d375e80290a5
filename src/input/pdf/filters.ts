// Stream filters: the standard filters that are not image compressions (ISO 32000-1 §7.4: FlateDecode,
// LZWDecode, ASCIIHexDecode, ASCII85Decode, RunLengthDecode, with the PNG and TIFF predictors of the first two),
// under their names and the abbreviations readers accept (/Fl, /LZW, /AHx, /A85, /RL: §8.9.7's, which PDFBox
// and pyHanko read in any stream), and chains of them. One table for every reader of a stream: DSS items,
// attachments, the modification analysis, xref and object streams (attack-s6 G1: a DSS item the reference
// readers decode must not be "cannot be read" here). Image filters (DCTDecode, JPXDecode, CCITTFaxDecode,
// JBIG2Decode) and Crypt are refused by name, never half-decoded. Every intermediate and final result is
// bounded by `maxBytes`.
import { InflateLimitError, inflateBounded as inflate, inflateRawBounded, inflateRawPartial } from "../../platform/inflate.js";
import { FormatError, LimitError } from "../../errors.js";
import type { PdfDict, PdfObject } from "./objects.js";
import { pdfName } from "../../report/quoted-name.js";

export interface FilterSpec {
  /** Filter name without the slash. */
  name: string;
  /** Its /DecodeParms dictionary, already resolved, if any. */
  parms?: PdfDict;
}

/**
 * `agreed`: only data every reader decodes alike (a20 A2: an object stream whose ASCII85 data holds 0x00, white space
 * to poppler, PDFium and this reader, a digit to pdf.js, or starts with "<~", which poppler, PDFium and pdf.js read
 * as a digit and the end of data, gave pdf.js another page than the one compared). For what a reader's structure
 * or content depends on: object and cross-reference streams.
 */
export interface DecodeOptions {
  agreed?: boolean;
  /**
   * As the lenient readers decode what this one refuses (measured with EU DSS's PDFBox 2.0.27 and qpdf 11 on the
   * real archive: test/verify/dss-undecodable.test.ts): each filter's output up to its first error (FlateDecode
   * inflated from byte 2 as PDFBox does, whatever the header, the Adler-32 trailer or a final block), but for
   * ASCIIHexDecode, read on as PDFBox reads it (a character that is no digit is -1), and /Crypt with no /Name or
   * /Name /Identity as the identity. Only to learn what such a reader may have read: never for
   * what a verdict reads as data. `spent`: the bytes inflated so far by this kind of reading, bounded by `max`
   * (LenientBudgetError past it: a bomb costs no more than that).
   */
  lenient?: { spent: number; readonly max: number };
}

/** The budget of a lenient reading (DecodeOptions.lenient) is spent: what the stream holds is not learnt. */
export class LenientBudgetError extends Error {}

type Decoder = (data: Uint8Array, parms: PdfDict | undefined, maxBytes: number, agreed: boolean, lenient?: NonNullable<DecodeOptions["lenient"]>) => Uint8Array;

const flate: Decoder = (data, parms, maxBytes, _agreed, lenient) =>
  applyPredictor(lenient ? inflatePrefix(data, maxBytes, lenient) : inflateBounded(data, maxBytes), parms);
const lzw: Decoder = (data, parms, maxBytes, _agreed, lenient) =>
  applyPredictor(lzwDecode(data, intParam(parms, "EarlyChange", 1), maxBytes, lenient !== undefined), parms);
const hex: Decoder = (data, _parms, maxBytes, agreed, lenient) => asciiHexDecode(data, maxBytes, agreed, lenient !== undefined);
const a85: Decoder = (data, _parms, maxBytes, agreed, lenient) => ascii85Decode(data, maxBytes, agreed, lenient !== undefined);
const rl: Decoder = (data, _parms, maxBytes, _agreed, lenient) => runLengthDecode(data, maxBytes, lenient !== undefined);

/** The one filter table: name (and abbreviation) to decoder. */
const FILTERS: ReadonlyMap<string, Decoder> = new Map([
  ["FlateDecode", flate],
  ["Fl", flate],
  ["LZWDecode", lzw],
  ["LZW", lzw],
  ["ASCIIHexDecode", hex],
  ["AHx", hex],
  ["ASCII85Decode", a85],
  ["A85", a85],
  ["RunLengthDecode", rl],
  ["RL", rl],
]);

/**
 * Whether some reader may get the bytes back through filter `name`: every standard filter but DCTDecode (lossy: no
 * reader gets a DER item back out of it; measured with EU DSS), CCITTFax, JBIG2 and JPX included (lossless codings
 * PDFBox decodes: a27 C1, a CA's CRL under /CCITTFaxDecode read by EU DSS). An unknown name: no reader decodes it.
 */
export function lossless(name: string): boolean {
  return FILTERS.has(name) || LOSSLESS_IMAGE_FILTERS.has(name);
}
const LOSSLESS_IMAGE_FILTERS = new Set(["Crypt", "CCITTFaxDecode", "CCF", "JBIG2Decode", "JPXDecode"]);

/** Decodes `raw` through `filters` in order; every intermediate and final result is bounded by `maxBytes`. */
export function decodeFilters(raw: Uint8Array, filters: readonly FilterSpec[], maxBytes: number, o: DecodeOptions = {}): Uint8Array {
  let data = raw;
  if (filters.length === 0 && raw.length > maxBytes) {
    throw new LimitError("maxDecodedStreamBytes", `stream of ${raw.length} bytes exceeds the limit of ${maxBytes}`);
  }
  for (const f of filters) {
    if (o.lenient && f.name === "Crypt" && identityCrypt(f.parms)) continue;
    const decoder = FILTERS.get(f.name);
    if (!decoder) throw new FormatError(`unsupported stream filter ${pdfName(f.name)}`);
    if (o.agreed) agreedParms(f);
    data = decoder(data, f.parms, maxBytes, o.agreed === true, o.lenient);
    if (data.length > maxBytes) throw tooLarge(f.name, maxBytes);
  }
  return data;
}

/** /Crypt's identity filter (ISO 32000-1 §7.4.10: /Name defaults to /Identity): PDFBox and qpdf pass its data through. */
function identityCrypt(parms: PdfDict | undefined): boolean {
  const n = parms?.entries.get("Name");
  return n === undefined || (n.kind === "name" && n.value === "Identity");
}

/**
 * What a lenient reader inflates (DecodeOptions.lenient): the raw deflate data from byte 2 (PDFBox skips the zlib
 * header unread and ignores the Adler-32 trailer), up to its first error or its end, final block or not (PDFBox
 * keeps what it inflated before an error, qpdf what it inflated when the data ends early). The longest input
 * prefix that inflates without an error, found by halving: each attempt's output is counted in the budget.
 */
function inflatePrefix(data: Uint8Array, maxBytes: number, budget: NonNullable<DecodeOptions["lenient"]>): Uint8Array {
  const body = data.subarray(2);
  const attempt = (n: number): Uint8Array | null => {
    if (budget.spent > budget.max) throw new LenientBudgetError(`more than ${budget.max} bytes inflated to learn what lenient readers read`);
    try {
      const out = inflateRawPartial(body.subarray(0, n), maxBytes);
      budget.spent += out.length;
      return out;
    } catch (e) {
      if (e instanceof InflateLimitError) {
        budget.spent += maxBytes;
        throw tooLarge("FlateDecode", maxBytes);
      }
      return null;
    }
  };
  const whole = attempt(body.length);
  if (whole) return whole;
  let [good, bad] = [0, body.length];
  let best: Uint8Array = new Uint8Array(0);
  while (bad - good > 1) {
    const mid = good + Math.floor((bad - good) / 2);
    const out = attempt(mid);
    if (out) [good, best] = [mid, out];
    else bad = mid;
  }
  return best;
}

/** The /DecodeParms keys every reader reads alike, for the filters that take any. */
const AGREED_PARMS: ReadonlySet<string> = new Set(["Predictor", "Colors", "BitsPerComponent", "Columns", "EarlyChange"]);

/**
 * Parameters every reader reads alike (a22 B1, T1): only the keys above (pdf.js reads /BPC before /BitsPerComponent
 * and the other inline-image abbreviations first; the others ignore them), and the TIFF predictor at 8 bits per
 * component only (poppler's is exact for 1 and 8, and reads 16-bit rows otherwise than pdf.js, PDFium and qpdf).
 */
function agreedParms(f: FilterSpec): void {
  if (!f.parms) return;
  for (const k of f.parms.entries.keys())
    if (!AGREED_PARMS.has(k))
      throw new FormatError(`${pdfName(f.name)} /DecodeParms has ${pdfName(k)}, which readers read differently (pdf.js takes abbreviations first)`);
  if (intParam(f.parms, "Predictor", 1) === 2 && intParam(f.parms, "BitsPerComponent", 8) !== 8)
    throw new FormatError("a TIFF predictor at other than 8 bits per component, which readers read differently (poppler)");
}

const tooLarge = (name: string, maxBytes: number) => new LimitError("maxDecodedStreamBytes", `${name} output exceeds the limit of ${maxBytes} bytes`);

/**
 * zlib data (RFC 1950). Tolerant as PDFBox (EU DSS) is of one thing only: deflate data complete to its final block
 * with the Adler-32 trailer missing or cut short (attack-s6 G1). Data that stops before its final block, or whose
 * trailer is there and wrong, stays corrupt.
 */
function inflateBounded(data: Uint8Array, maxBytes: number): Uint8Array {
  try {
    // maxOutputLength makes zlib stop as soon as the output would exceed the limit: a bomb costs at most
    // `maxBytes` of memory and the time to produce it, never its full expanded size.
    return inflate(data, maxBytes);
  } catch (e) {
    if (e instanceof InflateLimitError) throw tooLarge("FlateDecode", maxBytes);
    const whole = withoutTrailer(data, maxBytes);
    if (whole) return whole;
    throw new FormatError(`corrupt FlateDecode data: ${(e as Error).message}`);
  }
}

function withoutTrailer(data: Uint8Array, maxBytes: number): Uint8Array | null {
  const [cmf, flg] = [data[0], data[1]];
  // A zlib header (RFC 1950 §2.2): deflate, window at most 32 KiB, check bits, no preset dictionary.
  if (cmf === undefined || flg === undefined || (cmf & 0x0f) !== 8 || cmf >> 4 > 7 || (cmf * 256 + flg) % 31 !== 0 || flg & 0x20) return null;
  try {
    const r = inflateRawBounded(data.subarray(2), maxBytes);
    return r.unused < 4 ? r.data : null;
  } catch (e) {
    if (e instanceof InflateLimitError) throw tooLarge("FlateDecode", maxBytes);
    return null;
  }
}

/** PDF white-space characters (ISO 32000-1 §7.2.2). */
const isSpace = (b: number) => b === 0x00 || b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d || b === 0x20;
/** The white space every reader skips in ASCII filters' data (pdf.js's isWhiteSpace: not 0x00, not 0x0C). */
const isCommonSpace = (b: number) => b === 0x09 || b === 0x0a || b === 0x0d || b === 0x20;

/** The refusal of a byte whose reading differs among readers (`agreed` decoding). */
const disputed = (filter: string, b: number) =>
  new FormatError(`${filter} data holds the byte 0x${b.toString(16).padStart(2, "0")}, which readers read differently (white space to some, data to pdf.js)`);

/** ASCIIHexDecode (§7.4.2): hex pairs, white space ignored, ">" ends; an odd last digit is followed by 0. */
function asciiHexDecode(data: Uint8Array, maxBytes: number, agreed: boolean, lenient = false): Uint8Array {
  const out = new Uint8Array(Math.min(Math.ceil(data.length / 2), maxBytes + 1));
  let n = 0;
  let high: number | null = null;
  for (const b of data) {
    if (b === 0x3e) break;
    if (isSpace(b)) {
      if (agreed && !isCommonSpace(b)) throw disputed("ASCIIHexDecode", b);
      continue;
    }
    const v = b >= 0x30 && b <= 0x39 ? b - 0x30 : b >= 0x41 && b <= 0x46 ? b - 0x37 : b >= 0x61 && b <= 0x66 ? b - 0x57 : -1;
    // A lenient reading reads another character as PDFBox does (EU DSS reads such a DSS item): the digit -1, so a
    // pair is 16 x high + low masked to a byte ("zz" is 0xEF, "z5" 0xF5). qpdf stops there: a prefix of that.
    if (v < 0 && !lenient) throw new FormatError(`ASCIIHexDecode data holds the character 0x${b.toString(16).padStart(2, "0")}`);
    if (high === null) high = v;
    else {
      if (n >= maxBytes) throw tooLarge("ASCIIHexDecode", maxBytes);
      out[n++] = (high * 16 + v) & 0xff;
      high = null;
    }
  }
  if (high !== null) {
    if (n >= maxBytes) throw tooLarge("ASCIIHexDecode", maxBytes);
    out[n++] = (high * 16) & 0xff;
  }
  return out.subarray(0, n);
}

/** ASCII85Decode (§7.4.3): base-85 groups of five ("!" to "u"), "z" for four zero bytes, "~>" ends; white space ignored. */
function ascii85Decode(data: Uint8Array, maxBytes: number, agreed: boolean, lenient = false): Uint8Array {
  const chunks: Uint8Array[] = [];
  let buf = new Uint8Array(Math.min(64 * 1024, maxBytes + 4));
  let n = 0;
  let total = 0;
  const put = (bytes: number[]) => {
    if (total + bytes.length > maxBytes) throw tooLarge("ASCII85Decode", maxBytes);
    for (const b of bytes) {
      if (n === buf.length) {
        chunks.push(buf);
        buf = new Uint8Array(buf.length);
        n = 0;
      }
      buf[n++] = b;
    }
    total += bytes.length;
  };
  let start = 0;
  // "<~" is Adobe's framing, not PDF's: PDFBox skips it; poppler, PDFium and pdf.js read "<" as a digit and "~" as the
  // end of the data (a20 A2): refused where readers must agree.
  while (start < data.length && isSpace(data[start]!)) start++;
  if (data[start] === 0x3c && data[start + 1] === 0x7e) {
    if (agreed) throw new FormatError('ASCII85Decode data starts with "<~", which readers read differently (poppler, PDFium and pdf.js: no data)');
    start += 2;
  }
  const group: number[] = [];
  const emit = (count: number) => {
    let v = 0;
    for (let i = 0; i < 5; i++) v = v * 85 + (i < group.length ? group[i]! : 84);
    if (v > 0xffffffff) {
      if (lenient) return false;
      throw new FormatError("ASCII85Decode data holds a group above 2^32 - 1");
    }
    put([(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff].slice(0, count));
    return true;
  };
  for (let i = start; i < data.length; i++) {
    const b = data[i]!;
    if (b === 0x7e) break;
    if (isSpace(b)) {
      if (agreed && !isCommonSpace(b)) throw disputed("ASCII85Decode", b);
      continue;
    }
    if (b === 0x7a && group.length === 0) {
      put([0, 0, 0, 0]);
      continue;
    }
    if ((b < 0x21 || b > 0x75) && lenient) break;
    if (b < 0x21 || b > 0x75) throw new FormatError(`ASCII85Decode data holds the character 0x${b.toString(16).padStart(2, "0")}`);
    group.push(b - 0x21);
    if (group.length === 5) {
      if (!emit(4)) break;
      group.length = 0;
    }
  }
  if (group.length === 5) group.length = 0; // a lenient reading stopped at a group above 2^32 - 1
  if (group.length === 1 && !lenient) throw new FormatError("ASCII85Decode data ends with a group of one character");
  if (group.length > 1) emit(group.length - 1);
  chunks.push(buf.subarray(0, n));
  return concat(chunks, total);
}

/** RunLengthDecode (§7.4.5): a length byte 0–127 copies that many + 1 bytes, 129–255 repeats the next byte 257 − length times, 128 ends. */
function runLengthDecode(data: Uint8Array, maxBytes: number, lenient = false): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let i = 0;
  while (i < data.length) {
    const len = data[i++]!;
    if (len === 128) break;
    let run: Uint8Array;
    if (len < 128) {
      if (i + len + 1 > data.length && !lenient) throw new FormatError("RunLengthDecode data ends inside a run");
      run = data.subarray(i, i + len + 1);
      i += len + 1;
    } else {
      if (i >= data.length && lenient) break;
      if (i >= data.length) throw new FormatError("RunLengthDecode data ends inside a run");
      run = new Uint8Array(257 - len).fill(data[i++]!);
    }
    total += run.length;
    if (total > maxBytes) throw tooLarge("RunLengthDecode", maxBytes);
    chunks.push(run);
  }
  return concat(chunks, total);
}

/** LZWDecode (§7.4.4): codes of 9 to 12 bits, 256 clears the table, 257 ends; EarlyChange 1 widens a code early. */
function lzwDecode(data: Uint8Array, earlyChange: number, maxBytes: number, lenient = false): Uint8Array {
  if (earlyChange > 1) throw new FormatError(`/DecodeParms /EarlyChange ${earlyChange} is not 0 or 1`);
  // The table as (prefix code, last byte, length) triples: an entry's bytes are read back through its prefixes.
  const prefix = new Int32Array(4096);
  const last = new Uint8Array(4096);
  const length = new Int32Array(4096);
  for (let c = 0; c < 256; c++) {
    prefix[c] = -1;
    last[c] = c;
    length[c] = 1;
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  let next = 258;
  let width = 9;
  let previous = -1;
  let bits = 0;
  let held = 0;
  let pos = 0;
  const firstByte = (code: number) => {
    let c = code;
    while (prefix[c]! >= 0) c = prefix[c]!;
    return last[c]!;
  };
  const write = (code: number, extra: number) => {
    const len = length[code]! + (extra >= 0 ? 1 : 0);
    total += len;
    if (total > maxBytes) throw tooLarge("LZWDecode", maxBytes);
    const out = new Uint8Array(len);
    let at = length[code]! - 1;
    if (extra >= 0) out[len - 1] = extra;
    for (let c = code; c >= 0; c = prefix[c]!) out[at--] = last[c]!;
    chunks.push(out);
  };
  for (;;) {
    while (bits < width && pos < data.length) {
      held = ((held << 8) | data[pos++]!) & 0xffffff;
      bits += 8;
    }
    if (bits < width) break; // the data ends without 257: what was decoded stands (as readers do)
    const code = (held >>> (bits - width)) & ((1 << width) - 1);
    bits -= width;
    if (code === 257) break;
    if (code === 256) {
      next = 258;
      width = 9;
      previous = -1;
      continue;
    }
    if (lenient && (previous < 0 ? code > 255 : code > next || (code === next && next >= 4096))) break;
    if (previous < 0) {
      if (code > 255) throw new FormatError(`LZWDecode data starts with the code ${code}`);
      write(code, -1);
    } else if (code < next) {
      write(code, -1);
      if (next < 4096) {
        prefix[next] = previous;
        last[next] = firstByte(code);
        length[next] = length[previous]! + 1;
        next++;
      }
    } else if (code === next && next < 4096) {
      const first = firstByte(previous);
      write(previous, first);
      prefix[next] = previous;
      last[next] = first;
      length[next] = length[previous]! + 1;
      next++;
    } else throw new FormatError(`LZWDecode data holds the code ${code} before it is defined`);
    previous = code;
    if (next + earlyChange >= 1 << width && width < 12) width++;
  }
  return concat(chunks, total);
}

function concat(chunks: readonly Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function intParam(parms: PdfDict | undefined, key: string, dflt: number): number {
  const v: PdfObject | undefined = parms?.entries.get(key);
  if (v === undefined || v.kind === "null") return dflt;
  if (v.kind !== "number" || !v.integer || v.value < 0) throw new FormatError(`/DecodeParms ${pdfName(key)} is not a non-negative integer`);
  return v.value;
}

export function applyPredictor(data: Uint8Array, parms: PdfDict | undefined): Uint8Array {
  const predictor = intParam(parms, "Predictor", 1);
  if (predictor === 1) return data;
  const colors = intParam(parms, "Colors", 1);
  const bpc = intParam(parms, "BitsPerComponent", 8);
  const columns = intParam(parms, "Columns", 1);
  if (colors < 1 || colors > 32 || ![1, 2, 4, 8, 16].includes(bpc) || columns < 1 || columns > 1 << 24) {
    throw new FormatError(`unsupported predictor parameters (Colors ${colors}, BitsPerComponent ${bpc}, Columns ${columns})`);
  }
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowLength = Math.ceil((colors * bpc * columns) / 8);
  if (predictor >= 10 && predictor <= 15) return pngUnpredict(data, rowLength, bpp);
  if (predictor === 2) return tiffUnpredict(data, rowLength, colors, bpc);
  throw new FormatError(`unsupported /Predictor ${predictor}`);
}

/** PNG predictors: each row starts with its own filter-type byte (0–4), whatever /Predictor 10–15 says. */
function pngUnpredict(data: Uint8Array, rowLength: number, bpp: number): Uint8Array {
  const stride = rowLength + 1;
  if (data.length % stride !== 0) throw new FormatError(`PNG-predicted data length ${data.length} is not a multiple of the row size ${stride}`);
  const rows = data.length / stride;
  const out = new Uint8Array(rows * rowLength);
  for (let r = 0; r < rows; r++) {
    const type = data[r * stride] as number;
    const src = r * stride + 1;
    const dst = r * rowLength;
    const prev = dst - rowLength; // previous output row; "up" is 0 on the first row
    for (let i = 0; i < rowLength; i++) {
      const x = data[src + i] as number;
      const a = i >= bpp ? (out[dst + i - bpp] as number) : 0;
      const b = r > 0 ? (out[prev + i] as number) : 0;
      const c = r > 0 && i >= bpp ? (out[prev + i - bpp] as number) : 0;
      let v: number;
      switch (type) {
        case 0:
          v = x;
          break;
        case 1:
          v = x + a;
          break;
        case 2:
          v = x + b;
          break;
        case 3:
          v = x + ((a + b) >> 1);
          break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          v = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
          break;
        }
        default:
          throw new FormatError(`invalid PNG predictor row type ${type}`);
      }
      out[dst + i] = v & 0xff;
    }
  }
  return out;
}

/** TIFF predictor 2 (horizontal differencing), for 8- and 16-bit components. */
function tiffUnpredict(data: Uint8Array, rowLength: number, colors: number, bpc: number): Uint8Array {
  if (bpc !== 8 && bpc !== 16) throw new FormatError(`TIFF predictor with ${bpc} bits per component is not supported`);
  if (data.length % rowLength !== 0) throw new FormatError(`TIFF-predicted data length ${data.length} is not a multiple of the row size ${rowLength}`);
  const out = Uint8Array.from(data);
  for (let row = 0; row < out.length; row += rowLength) {
    if (bpc === 8) {
      for (let i = colors; i < rowLength; i++) out[row + i] = ((out[row + i] as number) + (out[row + i - colors] as number)) & 0xff;
    } else {
      const step = colors * 2;
      for (let i = step; i + 1 < rowLength; i += 2) {
        const v =
          (((out[row + i] as number) << 8) | (out[row + i + 1] as number)) + (((out[row + i - step] as number) << 8) | (out[row + i - step + 1] as number));
        out[row + i] = (v >> 8) & 0xff;
        out[row + i + 1] = v & 0xff;
      }
    }
  }
  return out;
}
