// Cross-reference sections (§7.5.4 tables, §7.5.8 streams) and the `startxref … %%EOF` markers that close
// each revision. Strict: a section that does not parse is a FormatError; nothing is reconstructed by scanning.
import { FormatError, LimitError } from "../../errors.js";
import type { Limits } from "../../limits.js";
import { decodeFilters, type FilterSpec } from "./filters.js";
import { pdfName } from "../../report/quoted-name.js";
import { isRegular, isWhitespace, Lexer } from "./lexer.js";
import type { PdfDict, PdfObject } from "./objects.js";
import { parseIndirectObject, parseValue } from "./parser.js";
import type { EvidenceSource } from "../source.js";
import { latin1 } from "../../platform/bytes.js";

export type XrefEntry =
  | { readonly type: "free"; readonly num: number; readonly gen: number; readonly nextFree: number }
  | { readonly type: "offset"; readonly num: number; readonly gen: number; readonly offset: number }
  | { readonly type: "compressed"; readonly num: number; readonly gen: 0; readonly stream: number; readonly index: number };

export interface XrefSection {
  readonly kind: "table" | "stream";
  /** The offset that pointed here (startxref, /Prev or /XRefStm). */
  readonly offset: number;
  /** Where the section's first token (`xref` or the object number) actually starts. */
  readonly start: number;
  /** Just after the trailer dictionary (tables) or `endobj` (streams). */
  readonly end: number;
  readonly entries: ReadonlyMap<number, XrefEntry>;
  /** The trailer dictionary, or the xref stream's dictionary. */
  readonly trailer: PdfDict;
}

/** Counts entries across all sections against limits.maxPdfObjects. */
export interface EntryBudget {
  used: number;
}

function charge(budget: EntryBudget, n: number, limits: Limits): void {
  budget.used += n;
  if (budget.used > limits.maxPdfObjects) {
    throw new LimitError("maxPdfObjects", `the cross-reference sections list more than ${limits.maxPdfObjects} objects`);
  }
}

/**
 * The object numbers and /Size every reader reads alike (measured with a DSS update and an unlisted forged page
 * content in the same update: a reader that rebuilds its table by scanning shows the forgery). poppler 22.12 sizes
 * its table by /Size and by the subsections (XRef::resize) and fails above 2^25 entries ("Invalid 'size'
 * parameter" for a stream, nothing printed for a table's /Size), then rebuilds: pdftotext shows the forgery.
 * PDFium (CPDF_Parser::kMaxObjectNumber) rebuilds on a table listing an object numbered 2^22 or more (its xref
 * stream reader has no such bound); pdf.js, qpdf 11.3 and PDFium read any /Size. Below these, every reader reads
 * a /Size far above the highest object (qpdf warns, as for one below): a16 X2 size-high.
 */
export const MAX_XREF_SIZE = 2 ** 25;
const MAX_OBJECT_NUMBER = { table: 2 ** 22, stream: 2 ** 25 } as const;

function addEntry(entries: Map<number, XrefEntry>, e: XrefEntry, where: number, kind: "table" | "stream"): void {
  // One section listing an object twice is ambiguous; refuse rather than pick one.
  if (entries.has(e.num)) throw new FormatError(`cross-reference section at ${where} lists object ${e.num} twice`);
  if (e.num >= MAX_OBJECT_NUMBER[kind]) {
    throw new FormatError(
      kind === "table"
        ? `cross-reference table at ${where} lists object ${e.num}; PDFium rebuilds the table by scanning on an object numbered ${MAX_OBJECT_NUMBER.table} or more`
        : `xref stream at ${where} lists object ${e.num}; poppler rebuilds the table by scanning on an object numbered ${MAX_OBJECT_NUMBER.stream} or more`,
    );
  }
  entries.set(e.num, e);
}

export function readXrefSection(buf: EvidenceSource, offset: number, limits: Limits, budget: EntryBudget): XrefSection {
  if (!Number.isSafeInteger(offset) || offset < 0 || offset >= buf.length) {
    throw new FormatError(`cross-reference offset ${offset} is outside the file (${buf.length} bytes)`);
  }
  const lx: Lexer = new Lexer(buf, offset);
  if (lx.matchKeyword("xref")) return readTable(lx, offset, limits, budget);
  // The one tolerated miss: an offset at the single EOL right before `xref` (Certipost's signer in the DSS
  // corpus writes it; qpdf warns "extraneous whitespace seen before xref" and reads the same table, poppler
  // and pdf.js skip whitespace before any token). Anything else must point at the token itself.
  const eol = eolLength(lx, offset);
  if (eol > 0 && lx.matchKeyword("xref", offset + eol)) {
    lx.pos = offset + eol;
    return readTable(lx, offset, limits, budget);
  }
  if (isWhitespace(lx.byteAt(offset))) {
    throw new FormatError(`cross-reference offset ${offset} points at whitespace, not at 'xref' or an xref stream's 'N G obj'`);
  }
  return readStream(buf, offset, limits, budget);
}

/** The length of the EOL (CRLF, LF or CR) at `at`, 0 when there is none. */
function eolLength(lx: Lexer, at: number): number {
  const c = lx.byteAt(at);
  if (c === 0x0d) return lx.byteAt(at + 1) === 0x0a ? 2 : 1;
  return c === 0x0a ? 1 : 0;
}

const ZERO = 0x30;
const isDigit = (c: number | undefined): boolean => c !== undefined && c >= ZERO && c <= 0x39;

/**
 * A classic table exactly as ISO 32000-1 §7.5.4 writes it: `xref` EOL; per subsection `first count` EOL
 * (one space between, decimal digits); `count` entries of 20 bytes each, `nnnnnnnnnn ggggg n` or `… f`
 * followed by SP CR, SP LF or CR LF; then `trailer`. Readers recover from other forms in different ways
 * (qpdf re-reads "invalid" entries by its own rules and reconstructs on others, poppler and pdf.js tokenize
 * across lines and comments), so nothing else is read: no comment, split entry, NUL or other separator.
 */
function readTable(lx: Lexer, offset: number, limits: Limits, budget: EntryBudget): XrefSection {
  const start = lx.pos;
  let p = start + 4;
  const eol0 = eolLength(lx, p);
  if (eol0 === 0) lx.fail("'xref' is not followed by an end-of-line", p);
  p += eol0;
  const entries = new Map<number, XrefEntry>();
  for (;;) {
    // After the last entry, EOLs and spaces may precede `trailer` (pdf-lib writes an empty line there).
    let t = p;
    while (lx.byteAt(t) === 0x20 || lx.byteAt(t) === 0x0a || lx.byteAt(t) === 0x0d) t++;
    if (lx.matchKeyword("trailer", t)) {
      // qpdf: "xref syntax invalid" on a table without subsections, and it reconstructs the table.
      if (entries.size === 0 && p === start + 4 + eol0) lx.fail("cross-reference table without a subsection (qpdf rebuilds the table on it)", start);
      p = t;
      break;
    }
    // Subsection header: digits SP digits [SP…] EOL (a space before the EOL is common: Adobe, SCI).
    const headerAt = p;
    const a = digits(lx, p);
    if (a.end === p || lx.byteAt(a.end) !== 0x20) lx.fail("malformed cross-reference subsection header (expected 'first count' and an end-of-line)", headerAt);
    p = a.end + 1;
    const c = digits(lx, p);
    let afterCount = c.end;
    while (lx.byteAt(afterCount) === 0x20) afterCount++;
    const eol = eolLength(lx, afterCount);
    if (c.end === p || eol === 0) lx.fail("malformed cross-reference subsection header (expected 'first count' and an end-of-line)", headerAt);
    p = afterCount + eol;
    const first = a.value;
    const count = c.value;
    if (count * 20 > lx.source.length - p) lx.fail(`cross-reference subsection claims ${count} entries`, headerAt);
    charge(budget, count, limits);
    const rows = lx.source.read(p, p + count * 20);
    for (let i = 0; i < count; i++) {
      const q = i * 20;
      let ok = rows[q + 10] === 0x20 && rows[q + 16] === 0x20;
      let o = 0;
      let g = 0;
      for (let k = 0; k < 10 && ok; k++) {
        const d = rows[q + k] as number;
        ok = isDigit(d);
        o = o * 10 + d - ZERO;
      }
      for (let k = 11; k < 16 && ok; k++) {
        const d = rows[q + k] as number;
        ok = isDigit(d);
        g = g * 10 + d - ZERO;
      }
      const type = rows[q + 17];
      const e1 = rows[q + 18];
      const e2 = rows[q + 19];
      ok &&= (type === 0x6e || type === 0x66) && ((e1 === 0x20 && (e2 === 0x0d || e2 === 0x0a)) || (e1 === 0x0d && e2 === 0x0a));
      if (!ok) lx.fail("malformed cross-reference entry (not 'nnnnnnnnnn ggggg n|f' and a two-byte end-of-line)", p + q);
      const num = first + i;
      if (type === 0x6e) addEntry(entries, { type: "offset", num, gen: g, offset: o }, offset, "table");
      else addEntry(entries, { type: "free", num, gen: g, nextFree: o }, offset, "table");
    }
    p += count * 20;
  }
  lx.pos = p + "trailer".length;
  const trailer = parseTrailerDict(lx, limits);
  return { kind: "table", offset, start, end: lx.pos, entries, trailer };
}

/** A run of decimal digits at `at` (at most 10: object numbers and counts fit). */
function digits(lx: Lexer, at: number): { value: number; end: number } {
  let p = at;
  let value = 0;
  while (isDigit(lx.byteAt(p))) {
    if (p - at >= 10) lx.fail("number too long in a cross-reference table", at);
    value = value * 10 + (lx.byteAt(p) as number) - ZERO;
    p++;
  }
  return { value, end: p };
}

function parseTrailerDict(lx: Lexer, limits: Limits): PdfDict {
  const before = lx.pos;
  const tok = lx.next();
  if (tok.type !== "open-dict") lx.fail("expected the trailer dictionary", tok.start);
  lx.pos = before;
  const value = parseDirect(lx, limits);
  if (value.kind !== "dict") lx.fail("trailer is not a dictionary", before);
  return value;
}

function parseDirect(lx: Lexer, limits: Limits): PdfObject {
  return parseValue(lx, { maxDepth: limits.maxPdfDepth, maxStringBytes: limits.maxPdfStringBytes, spans: true });
}

function int(o: PdfObject | undefined, what: string): number {
  if (o?.kind !== "number" || !o.integer || o.value < 0 || !Number.isSafeInteger(o.value)) {
    throw new FormatError(`xref stream ${what} is not a non-negative integer`);
  }
  return o.value;
}

/** The /Filter and /DecodeParms of a stream dict, which must be direct here (no resolver exists yet). */
/**
 * The keys of a stream dictionary that say how its data is read (ISO 32000-1 Table 5, and /DP, the abbreviation
 * pdf.js takes in every stream), and of them the ones a structure stream may carry. pdf.js takes /F before /Filter and
 * /DP before /DecodeParms, poppler /F when /Filter is absent; PDFium, qpdf and PDFBox read /Filter only (a21 F1, F2:
 * an object stream or xref stream with /F /ASCIIHexDecode read raw here gave pdf.js another page 1). /F, /FFilter and
 * /FDecodeParms (external data) are refused.
 */
const DATA_KEYS = ["Length", "Filter", "DecodeParms", "DL", "F", "FFilter", "FDecodeParms", "DP"];
const STRUCTURE_DATA_KEYS: ReadonlySet<string> = new Set(["Length", "Filter", "DecodeParms", "DL"]);

export function directFilters(dict: PdfDict, what: string): FilterSpec[] {
  for (const k of DATA_KEYS)
    if (!STRUCTURE_DATA_KEYS.has(k) && dict.entries.has(k))
      throw new FormatError(`${what} has ${pdfName(k)}, which some readers take for its data's filter or file and others ignore`);
  const f = dict.entries.get("Filter");
  const p = dict.entries.get("DecodeParms");
  const names = f === undefined || f.kind === "null" ? [] : f.kind === "array" ? f.items : [f];
  const parms = p === undefined || p.kind === "null" ? [] : p.kind === "array" ? p.items : [p];
  // An array of filters takes an array of parameters, one filter a dictionary (ISO 32000-1 Table 5). Mixed, poppler,
  // PDFium and pdf.js take no parameters while qpdf and PDFBox apply them (a21 P1: a PNG predictor read by one side
  // only gave pdf.js, PDFium and poppler another page 1): readers disagree, so refused.
  if (p !== undefined && p.kind !== "null" && f !== undefined && f.kind !== "null" && (f.kind === "array") !== (p.kind === "array"))
    throw new FormatError(
      `${what} pairs ${f.kind === "array" ? "an array of filters with one /DecodeParms dictionary" : "one filter with an array of /DecodeParms"}, which readers read differently (some apply the parameters, some ignore them)`,
    );
  return names.map((n, i) => {
    if (n.kind !== "name") throw new FormatError(`${what} /Filter must be a direct name`);
    const d = parms[i];
    if (d === undefined || d.kind === "null") return { name: n.value };
    if (d.kind !== "dict") throw new FormatError(`${what} /DecodeParms must be a direct dictionary`);
    return { name: n.value, parms: d };
  });
}

const MAX_INT32 = 2 ** 31 - 1;

/** The widest /W fields every reader reads (poppler's XRef::readXRefStream bounds: 4, 8, 4). */
const MAX_W = [4, 8, 4] as const;

function readStream(buf: EvidenceSource, offset: number, limits: Limits, budget: EntryBudget): XrefSection {
  const obj = parseIndirectObject(buf, offset, { maxDepth: limits.maxPdfDepth, maxStringBytes: limits.maxPdfStringBytes, spans: true });
  const s = obj.value;
  if (s.kind !== "stream") throw new FormatError(`no 'xref' table and no xref stream at offset ${offset}`);
  if (obj.num === 0) throw new FormatError(`xref stream at ${offset} is object 0, which heads the free list (PDFium and qpdf rebuild the table on it)`);
  const d = s.dict;
  const type = d.entries.get("Type");
  if (type?.kind !== "name" || type.value !== "XRef") throw new FormatError(`object at ${offset} is not an xref stream (/Type /XRef)`);
  const w = d.entries.get("W");
  if (w?.kind !== "array" || w.items.length !== 3) throw new FormatError("xref stream /W is not an array of three integers");
  const widths = w.items.map((x) => int(x, "/W"));
  const [w0, w1, w2] = widths as [number, number, number];
  // poppler refuses (and rebuilds the table on) a type field wider than 4 bytes, an offset field wider than
  // 8 and, before 22.x, a third field wider than 4; qpdf stops at 8 everywhere, pdf.js has no bound.
  if (w0 > MAX_W[0] || w1 > MAX_W[1] || w2 > MAX_W[2]) {
    throw new FormatError(`xref stream /W [${w0} ${w1} ${w2}] has a field wider than every reader reads ([${MAX_W.join(" ")}] at most)`);
  }
  const rowSize = w0 + w1 + w2;
  if (rowSize === 0) throw new FormatError("xref stream /W is all zero");
  const size = int(d.entries.get("Size"), "/Size");
  if (size > MAX_XREF_SIZE) {
    throw new FormatError(
      `xref stream at ${offset}: /Size ${size} is above ${MAX_XREF_SIZE}, where poppler refuses it ("Invalid 'size' parameter") and rebuilds the table by scanning`,
    );
  }
  const indexObj = d.entries.get("Index");
  let index: number[];
  if (indexObj === undefined) index = [0, size];
  else if (indexObj.kind === "array" && indexObj.items.length % 2 === 0) index = indexObj.items.map((x) => int(x, "/Index"));
  else throw new FormatError("xref stream /Index is not an array of integer pairs");
  // Subsections not overlapping, in any order: poppler, qpdf, PDFium, pdf.js and PDFBox read each row as its
  // subsection names it (a16 X2: a descending /Index was refused, a genuine archive FORMAT_FAILURE). Overlap is
  // refused: an object listed twice is read as the first or the last row depending on the reader.
  const subsections: [number, number][] = [];
  for (let i = 0; i < index.length; i += 2) subsections.push([index[i] as number, index[i + 1] as number]);
  // a23 I1: PDFium drops a pair whose count is 0 and, with none left, reads the data as [0 /Size]: rows here unread.
  if (subsections.length === 0 || subsections.some(([, count]) => count <= 0)) {
    throw new FormatError(
      `xref stream at ${offset}: /Index ${subsections.length ? "has a subsection of no objects" : "is empty"}, which PDFium reads as other rows (the whole /Size)`,
    );
  }
  let rows = 0;
  let next = 0;
  for (const [first, count] of [...subsections].sort((a, b) => a[0] - b[0])) {
    if (first < next) throw new FormatError(`xref stream at ${offset}: /Index subsections overlap`);
    next = first + count;
    rows += count;
  }
  if (!Number.isSafeInteger(next)) throw new FormatError(`xref stream at ${offset}: /Index is out of range`);
  charge(budget, rows, limits);

  const raw = buf.read(s.dataStart, s.dataStart + s.dataLength);
  const data = decodeFilters(raw, directFilters(d, "xref stream"), limits.maxDecodedStreamBytes, { agreed: true });
  // Fewer bytes than the rows: qpdf refuses the stream ("has the wrong size") and rebuilds, poppler and pdf.js read
  // what is there. More: every reader reads the rows /Index names and ignores the rest (qpdf warns "has the wrong
  // size" and reads the same objects; poppler, PDFium, pdf.js say nothing: test/pdf/readers.test.ts).
  if (data.length < rows * rowSize) {
    throw new FormatError(`xref stream at ${offset} holds ${data.length} bytes, /W and /Index need ${rows * rowSize} (qpdf rebuilds the table on fewer)`);
  }
  const field = (pos: number, width: number, dflt: number): number => {
    if (width === 0) return dflt;
    let v = 0;
    for (let i = 0; i < width; i++) v = v * 256 + (data[pos + i] as number);
    if (!Number.isSafeInteger(v)) throw new FormatError("xref stream field value too large");
    return v;
  };
  const entries = new Map<number, XrefEntry>();
  let pos = 0;
  for (let i = 0; i < index.length; i += 2) {
    const first = index[i] as number;
    const count = index[i + 1] as number;
    for (let k = 0; k < count; k++, pos += rowSize) {
      const num = first + k;
      const type = field(pos, w0, 1);
      const f2 = field(pos + w0, w1, 0);
      const f3 = field(pos + w0 + w1, w2, 0);
      // poppler refuses (and rebuilds on) a generation or index above INT_MAX (a21 X1: a free entry's 0xFFFFFFFF).
      if (f3 > MAX_INT32)
        throw new FormatError(`xref stream at ${offset}: object ${num}'s third field ${f3} is above 2^31 - 1, where poppler rebuilds the table`);
      if (type === 0) addEntry(entries, { type: "free", num, gen: f3, nextFree: f2 }, offset, "stream");
      else if (type === 1) addEntry(entries, { type: "offset", num, gen: f3, offset: f2 }, offset, "stream");
      else if (type === 2) addEntry(entries, { type: "compressed", num, gen: 0, stream: f2, index: f3 }, offset, "stream");
      // Other types are reserved (§7.5.8.3 says: read as null); poppler and pdf.js rebuild the table instead.
      else throw new FormatError(`xref stream at ${offset}: object ${num} has the reserved entry type ${type} (readers disagree on it)`);
    }
  }
  if (!obj.span) throw new FormatError("internal: xref stream without a span");
  return { kind: "stream", offset, start: obj.span.start, end: skipStrayTrailer(buf, obj.span.end, limits), entries, trailer: d };
}

/**
 * Some writers (Acrobat's PDF/A converter) put a `trailer << … >>` after an xref stream as well. Readers go by
 * the stream's dictionary and never read it, whatever it says: a16 X2 stray-trailer (one more key) and a trailer
 * naming another /Root (a forged catalog listed in the same update): qpdf, poppler, PDFium and pdf.js read the
 * stream's /Root, EU DSS passes it. Only a reader that rebuilds its table by scanning would look at it, and the
 * forms that make a reader rebuild are refused. So it is parsed (it must be a dictionary) and skipped.
 */
function skipStrayTrailer(buf: EvidenceSource, end: number, limits: Limits): number {
  const lx = new Lexer(buf, end);
  lx.skipSpace();
  if (!lx.matchKeyword("trailer")) return end;
  lx.pos += "trailer".length;
  parseTrailerDict(lx, limits);
  return lx.pos;
}

export interface RevisionEnd {
  /** Offset of the `startxref` keyword that closes the revision. */
  startxrefKeyword: number;
  /** Offset of `%%EOF`. */
  eof: number;
  /** Just after `%%EOF` and one optional EOL (CRLF, LF or CR). */
  end: number;
}

const EOF_MARKER = "%%EOF";

/**
 * Reads the `startxref <offset> %%EOF` that must follow a section, and checks that it points back at that
 * section. This is what makes every revision end well defined. Comments may precede `startxref` (they are
 * whitespace, §7.2.3; iText writes `%iText-…` there); between `startxref`, its offset and `%%EOF` only
 * whitespace is accepted, because readers that look for the offset on the next line read a comment there
 * differently.
 */
export function readRevisionEnd(buf: EvidenceSource, section: Pick<XrefSection, "start" | "end">, targets: readonly number[]): RevisionEnd {
  const sectionEnd = section.end;
  const lx: Lexer = new Lexer(buf, sectionEnd);
  lx.skipSpace();
  const startxrefKeyword = lx.pos;
  if (!lx.matchKeyword("startxref")) lx.fail("expected 'startxref' after the cross-reference section");
  lx.pos = blanksAfterStartxref(buf, lx.pos + "startxref".length, "'startxref'");
  const n = lx.next();
  if (n.type !== "number" || !n.integer) lx.fail("expected an offset after 'startxref'", n.start);
  plainOffset(buf, n, "'startxref'");
  // The value names the section's first token, or the one EOL before an `xref` (see readXrefSection).
  const v = n.value;
  const eol = Number.isSafeInteger(v) && v >= 0 ? eolLength(lx, v) : 0;
  const viaEol = eol > 0 && targets.includes(v + eol) && lx.matchKeyword("xref", v + eol);
  if (!targets.includes(v) && !viaEol) {
    lx.fail(`'startxref ${n.value}' does not point at its own cross-reference section (${targets.join(" or ")})`, n.start);
  }
  lx.skipWhitespaceOnly();
  const eof = lx.pos;
  for (let i = 0; i < EOF_MARKER.length; i++) if (lx.byteAt(eof + i) !== EOF_MARKER.charCodeAt(i)) lx.fail("expected '%%EOF'", eof);
  const end = eof + EOF_MARKER.length + eolLength(lx, eof + EOF_MARKER.length);
  return { startxrefKeyword, eof, end };
}

/** The last `startxref` of the file (searched in the last 4 KiB): where the keyword is and the offset it names. */
export function findLastStartxref(buf: EvidenceSource): { keyword: number; offset: number } {
  const tailStart = Math.max(0, buf.length - 4096);
  const tailBytes = buf.read(tailStart, buf.length);
  const at = latin1(tailBytes).lastIndexOf("startxref");
  if (at < 0) throw new FormatError("no 'startxref' near the end of the file (truncated or not a PDF)");
  // a23 S1: PDFium takes a `startxref` only as a whole word and looks further back for one; the others take this one.
  if (at > 0 && isRegular(tailBytes[at - 1])) {
    throw new FormatError(`the last 'startxref' (at ${tailStart + at}) is glued to the text before it: PDFium reads only a whole word, and another section`);
  }
  const lx: Lexer = new Lexer(buf, blanksAfterStartxref(buf, tailStart + at + "startxref".length, "the last 'startxref'"));
  const n = lx.next();
  if (n.type !== "number" || !n.integer || n.value < 0) lx.fail("expected an offset after the last 'startxref'", n.start);
  plainOffset(buf, n, "the last 'startxref'");
  return { keyword: tailStart + at, offset: n.value };
}

/**
 * Where the offset after a `startxref` begins: after spaces, tabs and line ends only, which every reader skips (pdf.js
 * skips no other: a comment, a form feed or a NUL there and it reads no offset and rebuilds: a23 P1, a24 F1).
 */
function blanksAfterStartxref(buf: EvidenceSource, from: number, what: string): number {
  const bytes = buf.read(from, Math.min(buf.length, from + 256));
  let i = 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0d || bytes[i] === 0x0a)) i++;
  const c = bytes[i];
  if (c === 0x25) throw new FormatError(`a comment between 'startxref' and its offset (${what}, at ${from + i})`);
  if (c === undefined || c < 0x30 || c > 0x39) {
    throw new FormatError(
      `after ${what} (at ${from + i}) something other than spaces, tabs and line ends before its offset: pdf.js reads no offset there and rebuilds its table`,
    );
  }
  return from + i;
}

/**
 * The offset after a `startxref` written as plain digits, which every reader reads alike (a23 P1b: poppler's
 * strToLongLong stops at a sign, reads 0 and rebuilds its table; the others read `+N` as N; a comment there: pdf.js).
 */
function plainOffset(buf: EvidenceSource, n: { start: number; end: number }, what: string): void {
  const raw = buf.read(n.start, n.end);
  if (!raw.every((c) => c >= 0x30 && c <= 0x39)) {
    throw new FormatError(`the offset after ${what} (at ${n.start}) is not plain digits: poppler reads a sign or a point otherwise and rebuilds its table`);
  }
}
