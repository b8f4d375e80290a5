// The document: its revisions (one per cross-reference section in the /Prev chain) and, per revision, a
// view that resolves references exactly as that revision saw them. Parsing reads only the xref sections;
// objects are parsed on first use, stream bodies are sliced only when decoded. The input is never copied.
import { errorMessage, FormatError, LimitError } from "../../errors.js";
import type { Limits } from "../../limits.js";
import { decodeFilters, type DecodeOptions, type FilterSpec } from "./filters.js";
import { Lexer } from "./lexer.js";
import {
  type ByteSpan,
  type PdfArray,
  type PdfDict,
  type PdfName,
  type PdfNumber,
  type PdfObject,
  type PdfRef,
  type PdfStream,
  type PdfString,
  pdfEquals,
  rawGet,
  refString,
} from "./objects.js";
import { type IndirectObject, parseIndirectObject, parseValue } from "./parser.js";
import {
  directFilters,
  type EntryBudget,
  findLastStartxref,
  MAX_XREF_SIZE,
  readRevisionEnd,
  readXrefSection,
  type XrefEntry,
  type XrefSection,
} from "./xref.js";
import { wholeSource, type EvidenceSource } from "../source.js";
import { latin1 } from "../../platform/bytes.js";
import { pdfName } from "../../report/quoted-name.js";

export type { XrefEntry } from "./xref.js";

export interface Revision {
  /** 0 is the original document; each incremental update adds one. */
  readonly index: number;
  /** The offset its `startxref` names (where its xref table or xref stream is). */
  readonly startxref: number;
  /** Where the xref section's first token actually is (startxref plus any tolerated whitespace). */
  readonly xrefStart: number;
  readonly xrefKind: "table" | "stream" | "hybrid";
  /** For hybrid files, the offset in the trailer's /XRefStm. */
  readonly xrefStm?: number;
  /** First byte of the revision: 0, or the previous revision's endOffset. */
  readonly startOffset: number;
  /** Offset of the `%%EOF` that closes the revision. */
  readonly eofOffset: number;
  /**
   * The byte just after that `%%EOF` plus at most one EOL (CRLF, LF or CR). The bytes [0, endOffset) are
   * the document as of this revision; a signature's ByteRange must end exactly here.
   */
  readonly endOffset: number;
  /** The trailer dictionary (for xref streams: the stream's dictionary). */
  readonly trailer: PdfDict;
  /** What this revision's xref (re)defines or frees, by object number. */
  readonly entries: readonly XrefEntry[];
  /** For a linearized first revision: where its main cross-reference section is (its /Prev target). */
  readonly linearized?: { readonly mainXref: number };
}

/**
 * An update after the last revision read that this reader refuses (parsePdf's `unreadUpdate` option): its xref
 * section, trailer or `startxref` does not read as the revisions before it do. It runs from `startOffset` to the end
 * of the file; nothing of it is read, so nothing in it can be allowed (seal-modifications fails on it).
 */
export interface UnreadUpdate {
  /** Its first byte: the end of the last revision read (that revision's endOffset). */
  readonly startOffset: number;
  /** Its length in bytes (to the end of the file). */
  readonly length: number;
  /** Why it is not read: the refusal reading the whole file gave. */
  readonly reason: string;
}

export interface ParseOptions {
  /**
   * Read a file whose last update(s) this reader refuses as the revisions before them, and name the rest as
   * `unreadUpdate`, instead of refusing the whole file: the seal's own checks then still run on what was sealed.
   * Only for callers that judge `unreadUpdate` (verify's seal-modifications, inspect); off, the file is refused.
   */
  readonly unreadUpdate?: boolean;
}

export interface PdfDocument {
  /** The file, read through its source (never as one array: large evidence is read by parts). */
  readonly source: EvidenceSource;
  readonly limits: Limits;
  /** From the `%PDF-x.y` header. */
  readonly headerVersion: string;
  /** In file order: revisions[0] is the original, the last one is what a reader shows. */
  readonly revisions: readonly Revision[];
  /** Bytes after the last revision's endOffset (0 for a clean file, and when they are an `unreadUpdate`). */
  readonly trailingBytes: number;
  /** The malformed update(s) after the revisions read, when parsePdf was asked to read around them. */
  readonly unreadUpdate?: UnreadUpdate;
  /** The view as of one revision (memoized). */
  at(revisionIndex: number): PdfView;
  /** The view of the last revision. */
  latest(): PdfView;
  /** Indexes of the revisions whose xref lists `num` as in use, in file order. */
  revisionsDefining(num: number): number[];
}

/** Where an indirect object was read from. */
export type ObjectLocation =
  | { readonly kind: "file"; readonly offset: number; readonly span: ByteSpan }
  | { readonly kind: "object-stream"; readonly stream: number; readonly index: number };

export interface ResolvedObject extends IndirectObject {
  readonly location: ObjectLocation;
  /** The revision whose xref entry this view used. */
  readonly revision: number;
}

const EMPTY_ENTRIES: ReadonlyMap<number, XrefEntry> = new Map();

function checkHeader(bytes: EvidenceSource): string {
  const head = latin1(bytes.read(0, 16));
  const m = /^%PDF-(\d\.\d)/.exec(head);
  if (!m) throw new FormatError("not a PDF: the file does not start with '%PDF-x.y'");
  return m[1] as string;
}

function optInt(dict: PdfDict, key: string): number | undefined {
  const v = rawGet(dict, key);
  if (v === undefined) return undefined;
  if (v.kind !== "number" || !v.integer || v.value < 0) throw new FormatError(`trailer ${pdfName(key)} is not a non-negative integer`);
  return v.value;
}

function sameEntry(a: XrefEntry, b: XrefEntry): boolean {
  if (a.type !== b.type || a.gen !== b.gen) return false;
  if (a.type === "offset" && b.type === "offset") return a.offset === b.offset;
  if (a.type === "compressed" && b.type === "compressed") return a.stream === b.stream && a.index === b.index;
  return true;
}

/**
 * A hybrid file's table and its /XRefStm: the table's entries in use come first (every reader reads the
 * table first; an update's table overrides the older stream it points to); the stream supplies what the
 * table does not list. A table entry listed free for an object the stream lists in use is refused: pdf.js
 * keeps the free entry (null), poppler and qpdf take the stream's object.
 */
function mergeHybrid(table: XrefSection, stream: XrefSection): Map<number, XrefEntry> {
  const merged = new Map(stream.entries);
  for (const [num, e] of table.entries) {
    const s = merged.get(num);
    if (e.type === "free" && s !== undefined && s.type !== "free") {
      throw new FormatError(
        `hybrid cross-reference section at ${table.offset}: the table lists object ${num} as free, its /XRefStm as ${s.type} (readers disagree on which wins)`,
      );
    }
    merged.set(num, e);
  }
  return merged;
}

/**
 * The end of the linearization dictionary when the file is linearized (ISO 32000-1 Annex F: the first
 * object after the header has /Linearized), else undefined. Only its position matters here.
 */
function linearizationEnd(bytes: EvidenceSource, limits: Limits): number | undefined {
  const lx = new Lexer(bytes, 0);
  lx.skipSpace(); // the header and the binary-marker comment
  try {
    const obj = parseIndirectObject(bytes, lx.pos, { maxDepth: limits.maxPdfDepth, maxStringBytes: limits.maxPdfStringBytes, spans: true });
    return obj.value.kind === "dict" && obj.value.entries.has("Linearized") ? obj.span?.end : undefined;
  } catch (e) {
    if (e instanceof FormatError) return undefined;
    throw e;
  }
}

/** The last `startxref` must be in the file's last 1,024 bytes: qpdf looks there only and reconstructs otherwise (readers.test.ts). */
const TAIL_WINDOW = 1024;

/**
 * Reads the document's revisions. A file this reader refuses is a FormatError (LimitError for a limit); with
 * `unreadUpdate`, a file whose revisions up to some `%%EOF` read and whose rest does not is read up to there and the
 * rest named (`PdfDocument.unreadUpdate`).
 */
export function parsePdf(bytes: EvidenceSource, limits: Limits, options: ParseOptions = {}): PdfDocument {
  let whole: Revisions;
  try {
    whole = readRevisions(bytes, limits);
  } catch (e) {
    if (!options.unreadUpdate || !(e instanceof FormatError) || e instanceof LimitError) throw e;
    const before = readBeforeUnread(bytes, limits);
    if (before === undefined) throw e;
    const unread: UnreadUpdate = { startOffset: before.end, length: bytes.length - before.end, reason: errorMessage(e) };
    return new Document(bytes, limits, before.headerVersion, before.revisions, before.maps, unread);
  }
  return new Document(bytes, limits, whole.headerVersion, whole.revisions, whole.maps);
}

/** How many earlier `%%EOF`s readBeforeUnread tries as the end of what is read (each a read of the chain before it). */
const MAX_EARLIER_ENDS = 8;
const SEARCH_BLOCK = 65536;

/**
 * The revisions of the longest prefix that ends at a `%%EOF` (and one EOL) and reads as a whole file does, with
 * nothing after its last revision: the document before a malformed update (or before bytes that push the last
 * `startxref` out of the readers' tail window). Tries the last MAX_EARLIER_ENDS such ends, from the last back (the
 * file's own last `%%EOF` first, which fails as the whole file did when the malformed update ends with one);
 * undefined when none reads.
 */
function readBeforeUnread(bytes: EvidenceSource, limits: Limits): (Revisions & { end: number }) | undefined {
  let to = bytes.length;
  for (let tries = 0; tries < MAX_EARLIER_ENDS; tries++) {
    const eof = lastIndexBefore(bytes, "%%EOF", to);
    if (eof < 0) return undefined;
    const after = eof + "%%EOF".length;
    const c = bytes.read(after, after + 2);
    const end = after + (c[0] === 0x0d ? (c[1] === 0x0a ? 2 : 1) : c[0] === 0x0a ? 1 : 0);
    try {
      const r = readRevisions(prefixSource(bytes, end), limits);
      if (r.revisions.at(-1)?.endOffset === end) return { ...r, end };
    } catch (e) {
      if (!(e instanceof FormatError) || e instanceof LimitError) return undefined;
    }
    to = eof;
  }
  return undefined;
}

/** The offset of the last `word` that starts before `to` (read backwards in blocks), -1 when there is none. */
function lastIndexBefore(bytes: EvidenceSource, word: string, to: number): number {
  let hi = Math.min(to, bytes.length);
  while (hi > 0) {
    const lo = Math.max(0, hi - SEARCH_BLOCK);
    // The block reaches word.length - 1 bytes past hi, so a word across the boundary is found (starting before hi).
    const text = latin1(bytes.read(lo, Math.min(to, hi + word.length - 1)));
    const at = text.lastIndexOf(word);
    if (at >= 0 && lo + at < hi) return lo + at;
    hi = lo;
  }
  return -1;
}

/** The first `end` bytes of a source, as a source of their own (what the file was when that revision ended). */
function prefixSource(bytes: EvidenceSource, end: number): EvidenceSource {
  return {
    length: end,
    read: (from, to) => bytes.read(Math.min(from, end), Math.min(to, end)),
    readEnd: (at) => Math.min(bytes.readEnd(at), end),
    digestRanges: () => {
      throw new Error("internal: a prefix source is read for its structure only");
    },
    sha256: () => {
      throw new Error("internal: a prefix source is read for its structure only");
    },
  };
}

interface Revisions {
  readonly headerVersion: string;
  readonly revisions: Revision[];
  readonly maps: ReadonlyMap<number, XrefEntry>[];
}

function readRevisions(bytes: EvidenceSource, limits: Limits): Revisions {
  const headerVersion = checkHeader(bytes);
  const budget: EntryBudget = { used: 0 };
  type Chain = { section: XrefSection; entries: ReadonlyMap<number, XrefEntry>; xrefStm?: number };
  const chain: Chain[] = [];
  const seen = new Set<number>();
  const last = findLastStartxref(bytes);
  if (bytes.length - last.keyword > TAIL_WINDOW) {
    throw new FormatError(
      `the last 'startxref' is ${bytes.length - last.keyword} bytes before the end of the file; readers look for it only in the last ${TAIL_WINDOW}`,
    );
  }
  let offset: number | undefined = last.offset;
  while (offset !== undefined) {
    if (seen.has(offset)) throw new FormatError(`cross-reference /Prev chain loops back to offset ${offset}`);
    if (chain.length >= limits.maxRevisions) {
      throw new LimitError("maxRevisions", `more than ${limits.maxRevisions} revisions (cross-reference sections)`);
    }
    seen.add(offset);
    const section = readXrefSection(bytes, offset, limits, budget);
    if (section.start !== offset && seen.has(section.start)) throw new FormatError(`cross-reference /Prev chain loops back to offset ${section.start}`);
    seen.add(section.start);
    let entries = section.entries;
    const xrefStm = section.kind === "table" ? optInt(section.trailer, "XRefStm") : undefined;
    if (xrefStm !== undefined) {
      const stm = readXrefSection(bytes, xrefStm, limits, budget);
      if (stm.kind !== "stream") throw new FormatError(`/XRefStm ${xrefStm} does not point at an xref stream`);
      hybridStreamKeys(section.trailer, stm.trailer, xrefStm);
      entries = mergeHybrid(section, stm);
    }
    if (rawGet(section.trailer, "Encrypt") !== undefined) throw new FormatError("encrypted PDFs are not supported");
    chain.push(xrefStm === undefined ? { section, entries } : { section, entries, xrefStm });
    offset = optInt(section.trailer, "Prev");
  }
  chain.reverse();

  // A linearized file's first revision has two sections: the first-page section right after the
  // linearization dictionary, whose /Prev points forward to the main section at the end of that revision.
  const linEnd = linearizationEnd(bytes, limits);
  const main = chain[0];
  const firstPage = chain[1];
  const linearized =
    linEnd !== undefined &&
    main !== undefined &&
    firstPage !== undefined &&
    firstPage.section.start < main.section.start &&
    onlySpaceBetween(bytes, linEnd, firstPage.section.start);
  if (linearized) {
    const merged = new Map(main.entries);
    for (const [num, e] of firstPage.entries) {
      const m = merged.get(num);
      if (m !== undefined && !sameEntry(m, e) && !(num === 0 && m.type === "free" && e.type === "free")) {
        throw new FormatError(`linearized file: the first-page and main cross-reference sections list object ${num} differently`);
      }
      merged.set(num, e);
    }
    // What follows the first-page section (`startxref 0 %%EOF` after a table, nothing after a stream) is
    // not read by readers, which go by the last startxref: it is not checked either.
    chain.splice(0, 2, { ...firstPage, entries: merged, mainSection: main.section } as Chain & { mainSection: XrefSection });
  } else if (main !== undefined && main.section.start < (linEnd ?? 0)) {
    throw new FormatError("the cross-reference chain starts inside the linearization dictionary");
  }

  const revisions: Revision[] = [];
  let previousEnd = 0;
  for (const [index, c] of chain.entries()) {
    const { section } = c;
    const mainSection = (c as Chain & { mainSection?: XrefSection }).mainSection;
    // Revisions must follow each other in the file: a /Prev pointing forward or into the previous revision
    // (a crafted chain) would make "the document as of revision i" ambiguous.
    if (section.start < previousEnd) {
      throw new FormatError(`revision ${index}'s cross-reference section (${section.offset}) lies inside an earlier revision`);
    }
    const end = mainSection ? readRevisionEnd(bytes, mainSection, [section.start, mainSection.start]) : readRevisionEnd(bytes, section, [section.start]);
    const revision: Revision = {
      index,
      startxref: section.offset,
      xrefStart: section.start,
      xrefKind: c.xrefStm !== undefined ? "hybrid" : section.kind,
      ...(c.xrefStm !== undefined ? { xrefStm: c.xrefStm } : {}),
      ...(mainSection ? { linearized: { mainXref: mainSection.start } } : {}),
      startOffset: previousEnd,
      eofOffset: end.eof,
      endOffset: end.end,
      trailer: section.trailer,
      entries: [...c.entries.values()].sort((a, b) => a.num - b.num),
    };
    checkSize(
      revision,
      chain.slice(0, index + 1).map((x) => x.entries),
    );
    revisions.push(revision);
    previousEnd = end.end;
  }
  // Bytes after the last %%EOF are counted (trailingBytes), not refused here: seal-modifications fails any that is
  // not white space (a23 S1, P1: readers disagree on where such a file ends).
  return { headerVersion, revisions, maps: chain.map((c) => c.entries) };
}

/** /N or /First of object stream `num`: a direct non-negative integer. */
function headerNumber(num: number, s: PdfStream, key: "N" | "First"): number {
  const v = s.dict.entries.get(key);
  if (v?.kind === "ref") {
    throw new FormatError(
      `object stream ${num} ${pdfName(key)} is an indirect reference: PDFium reads it unresolved, finds no object stream and rebuilds its table, the others resolve it`,
    );
  }
  if (v?.kind !== "number" || !v.integer || v.value < 0 || !Number.isSafeInteger(v.value)) {
    throw new FormatError(`object stream ${num} ${pdfName(key)} is not a direct non-negative integer`);
  }
  return v.value;
}

/** An /XRefStm stream's own keys (what it is and how its rows are read). */
const XREF_STREAM_KEYS = new Set(["Type", "Size", "Index", "W", "Filter", "DecodeParms", "Length"]);
/** Trailer keys writers repeat in an /XRefStm stream (Word, Acrobat: /Root, /Info, /ID, /Prev): each as the table's trailer says. */
const REPEATED_TRAILER_KEYS = new Set(["Root", "Info", "ID", "Prev"]);

/**
 * A hybrid section's /XRefStm dictionary: an allow-list. Readers read it otherwise than as rows: PDFium merges its keys
 * into the trailer (a23 E1: its /Encrypt made Chrome ask for a password), pdf.js follows its /Prev (a23 X1: to a table
 * no other reader reads). So only the stream's own keys, and trailer keys the table's trailer holds with the same value.
 */
function hybridStreamKeys(trailer: PdfDict, stream: PdfDict, at: number): void {
  for (const [k, v] of stream.entries) {
    if (XREF_STREAM_KEYS.has(k)) continue;
    const t = trailer.entries.get(k);
    if (REPEATED_TRAILER_KEYS.has(k) && t !== undefined && pdfEquals(t, v)) continue;
    throw new FormatError(
      `the /XRefStm stream at ${at} has ${pdfName(k)}${REPEATED_TRAILER_KEYS.has(k) ? " other than its table's trailer" : ""}: PDFium merges that dictionary into the trailer and pdf.js follows its /Prev, the other readers do neither`,
    );
  }
}

function onlySpaceBetween(bytes: EvidenceSource, from: number, to: number): boolean {
  const lx = new Lexer(bytes, from);
  lx.skipSpace();
  return lx.pos === to;
}

/**
 * /Size is one more than the highest object number (§7.5.5). Readers size their tables by it differently:
 * poppler reads the last section first and older ones only on demand, for an object number below what it
 * knows so far (the larger of /Size and the last section's own subsections); an object only an older
 * section lists at or above that is then "not found" and poppler rebuilds the table by scanning, depending
 * on the order objects are fetched in. So a /Size below an object an earlier revision lists is refused. A
 * revision's own section may list objects at or above its /Size (poppler and pdf.js grow their tables by
 * the subsections, qpdf warns "reported number of objects … is not one plus the highest object number" and
 * reads the same objects): that is read. A /Size far above what the sections list is read too (qpdf warns
 * as for one below; poppler, PDFium and pdf.js read it: a16 X2 size-high) up to MAX_XREF_SIZE, above which
 * poppler rebuilds the table (a table's /Size silently: pdftotext then shows an unlisted object).
 */
function checkSize(rev: Revision, maps: readonly ReadonlyMap<number, XrefEntry>[]): void {
  const size = rawGet(rev.trailer, "Size");
  if (size?.kind !== "number" || !size.integer || size.value < 0 || !Number.isSafeInteger(size.value)) {
    throw new FormatError(`revision ${rev.index + 1}: the trailer has no valid /Size`);
  }
  const highestOf = (m: ReadonlyMap<number, XrefEntry>) => {
    let h = -1;
    for (const num of m.keys()) if (num > h) h = num;
    return h;
  };
  const own = highestOf(maps[maps.length - 1] ?? EMPTY_ENTRIES);
  let earlier = -1;
  for (const m of maps.slice(0, -1)) earlier = Math.max(earlier, highestOf(m));
  const known = Math.max(size.value, own + 1);
  if (earlier >= known) {
    throw new FormatError(
      `revision ${rev.index + 1}: object ${earlier} is listed by an earlier revision, but the trailer's /Size is ${size.value} and this revision lists nothing above ${own} (poppler then misses it and rebuilds the table)`,
    );
  }
  if (size.value > MAX_XREF_SIZE) {
    throw new FormatError(
      `revision ${rev.index + 1}: the trailer's /Size ${size.value} is above ${MAX_XREF_SIZE}, where poppler cannot size its table and rebuilds it by scanning`,
    );
  }
}

class Document implements PdfDocument {
  readonly trailingBytes: number;
  private readonly views = new Map<number, PdfView>();
  /**
   * Objects read from the file, shared by every view: per offset, one parse per resolution of an indirect
   * stream /Length (a later revision may redefine the length object; each view reads with its own).
   */
  readonly fileObjects = new Map<number, FileObject[]>();
  /** What views resolved, by definition and the revision whose xref entry named it: one wrapper per definition. */
  readonly resolved = new Map<string, ResolvedObject>();
  /** Values parsed from object streams, by `objectStreamKey#index`. */
  readonly compressed = new Map<string, PdfObject>();
  /** Decoded object streams, by the definition of the stream object: an LRU bounded by decoded bytes. */
  readonly objectStreams = new Map<string, ObjectStreamData>();
  objectStreamBytes = 0;
  /** Bytes decoded from streams so far, against limits.maxTotalDecodedBytes (many small bombs add up). */
  decodedTotal = 0;
  /** Object-stream header pairs read so far, against limits.maxPdfObjects. */
  headerPairs = 0;

  constructor(
    readonly source: EvidenceSource,
    readonly limits: Limits,
    readonly headerVersion: string,
    readonly revisions: readonly Revision[],
    readonly entryMaps: readonly ReadonlyMap<number, XrefEntry>[],
    readonly unreadUpdate?: UnreadUpdate,
  ) {
    this.trailingBytes = unreadUpdate ? 0 : source.length - (revisions[revisions.length - 1]?.endOffset ?? 0);
  }

  at(revisionIndex: number): PdfView {
    if (!Number.isInteger(revisionIndex) || revisionIndex < 0 || revisionIndex >= this.revisions.length) {
      throw new RangeError(`no revision ${revisionIndex} (the document has ${this.revisions.length})`);
    }
    let v = this.views.get(revisionIndex);
    if (!v) {
      v = new PdfView(this, revisionIndex);
      this.views.set(revisionIndex, v);
    }
    return v;
  }

  latest(): PdfView {
    return this.at(this.revisions.length - 1);
  }

  /** Per object number, the revisions whose sections list it (ascending): a view finds its entry without walking every revision. */
  private listings: Map<number, number[]> | undefined;

  listing(num: number): readonly number[] | undefined {
    if (!this.listings) {
      const l = new Map<number, number[]>();
      this.entryMaps.forEach((m, i) => {
        for (const n of m.keys()) {
          const a = l.get(n);
          if (a) a.push(i);
          else l.set(n, [i]);
        }
      });
      this.listings = l;
    }
    return this.listings.get(num);
  }

  revisionsDefining(num: number): number[] {
    const out: number[] = [];
    this.entryMaps.forEach((m, i) => {
      const e = m.get(num);
      if (e !== undefined && e.type !== "free") out.push(i);
    });
    return out;
  }

  entryMap(i: number): ReadonlyMap<number, XrefEntry> {
    return this.entryMaps[i] ?? EMPTY_ENTRIES;
  }
}

interface ObjectStreamData {
  data: Uint8Array;
  /** The decoded data as the lexer reads it. */
  source: EvidenceSource;
  first: number;
  /** Pairs of [object number, offset relative to /First]. */
  header: [number, number][];
}

/** How many object streams an indirect /Length may lead through (see PdfView.fileObject). */
const LENGTH_DEPTH = 1;

/** One parse of the object at a file offset. */
interface FileObject {
  readonly obj: IndirectObject;
  /** The indirect /Length the parse used and where that length object was (its offset), if any. */
  readonly length?: { readonly ref: PdfRef; readonly at: string };
  /** Cache key: the offset, plus the length object's offset when /Length is indirect. */
  readonly key: string;
}

/**
 * Decoded object streams kept at once, in bytes: at least one of the largest (maxDecodedStreamBytes), and
 * no more, so a file of many large object streams costs one of them in memory (an evicted one is decoded
 * again on use, against maxTotalDecodedBytes).
 */
function objectStreamBudget(limits: Limits): number {
  return limits.maxDecodedStreamBytes;
}

/**
 * The document as one revision saw it. All getters resolve references, treat a `null` value as absent,
 * and throw FormatError when a value is present but of the wrong type.
 */
export class PdfView {
  readonly revision: Revision;
  constructor(
    private readonly document: Document,
    readonly index: number,
  ) {
    this.revision = document.revisions[index] as Revision;
  }

  get doc(): PdfDocument {
    return this.document;
  }
  get limits(): Limits {
    return this.document.limits;
  }
  get trailer(): PdfDict {
    return this.revision.trailer;
  }

  /** The xref entry in force for `num` as of this revision, and the revision it comes from. */
  entry(num: number): { entry: XrefEntry; revision: number } | undefined {
    const listed = this.document.listing(num);
    if (listed === undefined) return undefined;
    for (let k = listed.length - 1; k >= 0; k--) {
      const i = listed[k] as number;
      if (i <= this.index) return { entry: this.document.entryMap(i).get(num) as XrefEntry, revision: i };
    }
    return undefined;
  }

  /** True when the entry in force for `num` lists it as free (a reference to it reads as null everywhere). */
  isFree(num: number): boolean {
    return this.entry(num)?.entry.type === "free";
  }

  /** The indirect object `ref` names, or undefined when it is free, missing or of another generation. */
  object(ref: { num: number; gen: number }): ResolvedObject | undefined {
    const found = this.objectByNumber(ref.num);
    return found && found.gen === ref.gen ? found : undefined;
  }

  /** The object in use under number `num` (whatever its generation), or undefined when free or missing. */
  objectByNumber(num: number): ResolvedObject | undefined {
    const found = this.entry(num);
    if (!found || found.entry.type === "free") return undefined;
    const { entry, revision } = found;
    const doc = this.document;
    if (entry.type === "offset") {
      const fo = this.fileObject(entry.offset, LENGTH_DEPTH);
      const key = `${fo.key}@${revision}`;
      const hit = doc.resolved.get(key);
      if (hit) return hit;
      const { obj } = fo;
      if (obj.num !== num || obj.gen !== entry.gen) {
        throw new FormatError(`xref says object ${num} ${entry.gen} is at offset ${entry.offset}, found ${obj.num} ${obj.gen} obj`);
      }
      const span = obj.span as ByteSpan;
      const r: ResolvedObject = { ...obj, location: { kind: "file", offset: entry.offset, span }, revision };
      doc.resolved.set(key, r);
      return r;
    }
    const { key: valueKey, value } = this.compressedValue(num, entry, LENGTH_DEPTH);
    const key = `${valueKey}@${revision}`;
    const hit = doc.resolved.get(key);
    if (hit) return hit;
    const r: ResolvedObject = { num, gen: 0, value, location: { kind: "object-stream", stream: entry.stream, index: entry.index }, revision };
    doc.resolved.set(key, r);
    return r;
  }

  /** The value of a compressed object (parsed once per object-stream definition), and its cache key. */
  private compressedValue(num: number, entry: Extract<XrefEntry, { type: "compressed" }>, depth: number): { key: string; value: PdfObject } {
    const doc = this.document;
    const stm = this.objectStreamObject(entry.stream, depth);
    const key = `${stm.key}#${entry.index}`;
    let value = doc.compressed.get(key);
    if (value === undefined) {
      const os = this.objectStream(entry.stream, stm);
      const pair = os.header[entry.index];
      if (pair === undefined || pair[0] !== num) {
        throw new FormatError(`object stream ${entry.stream} has no object ${num} at index ${entry.index}`);
      }
      const next = os.header[entry.index + 1];
      const end = next === undefined ? os.data.length : os.first + next[1];
      const lx = new Lexer(os.source, os.first + pair[1], `object stream ${entry.stream}`);
      const limits = doc.limits;
      value = parseValue(lx, { maxDepth: limits.maxPdfDepth, maxStringBytes: limits.maxPdfStringBytes, spans: false });
      // The object's text ends before the next one's offset: pdf.js parses each object in the slice up to the
      // next offset, poppler and qpdf read on, so `123` cut at `12` is two different values.
      if (lx.pos > end) throw new FormatError(`object stream ${entry.stream}: object ${num} runs into the next object's offset`);
      lx.skipSpace();
      if (lx.pos < end) throw new FormatError(`object stream ${entry.stream}: object ${num} is followed by more text before the next object`);
      doc.compressed.set(key, value);
    }
    return { key, value };
  }

  /**
   * The object at a file offset, parsed once per resolution of its /Length (shared by every view). An
   * indirect /Length is followed exactly one step, to a direct integer: a top-level object, or (`depth` ≥ 1)
   * an object in an object stream whose own /Length is direct or top-level (pdfa2a-rgb.pdf in the DSS corpus
   * does that, and every reader reads it). The length object itself may not use an indirect /Length
   * (`depth` -1), so no chain can form and nothing recurses deeper than two object streams.
   */
  private fileObject(offset: number, depth: number): FileObject {
    const doc = this.document;
    const variants = doc.fileObjects.get(offset);
    for (const v of variants ?? []) {
      if (v.length === undefined) return v;
      if (depth >= 0 && this.lengthKey(v.length.ref, depth) === v.length.at) return v;
    }
    const limits = doc.limits;
    let length: { ref: PdfRef; at: string } | undefined;
    const obj = parseIndirectObject(doc.source, offset, {
      maxDepth: limits.maxPdfDepth,
      maxStringBytes: limits.maxPdfStringBytes,
      spans: true,
      resolveLength: (ref) => {
        if (depth < 0) throw new FormatError(`the stream /Length object at ${offset} is itself a stream with an indirect /Length`);
        length = { ref, at: this.lengthKey(ref, depth) };
        const e = this.entry(ref.num)?.entry as XrefEntry;
        let v: PdfObject;
        if (e.type === "offset") {
          const lo = this.fileObject(e.offset, -1).obj;
          if (lo.num !== ref.num || lo.gen !== ref.gen) throw new FormatError(`stream /Length ${refString(ref)}: the xref points at ${lo.num} ${lo.gen} obj`);
          v = lo.value;
        } else v = this.compressedValue(ref.num, e as Extract<XrefEntry, { type: "compressed" }>, depth - 1).value;
        if (v.kind !== "number" || !v.integer)
          throw new FormatError(`stream /Length ${refString(ref)} is not a direct integer (readers that follow chains differ)`);
        return v.value;
      },
    });
    const fo: FileObject = length === undefined ? { obj, key: `${offset}` } : { obj, length, key: `${offset}/${(length as { at: string }).at}` };
    if (variants) variants.push(fo);
    else doc.fileObjects.set(offset, [fo]);
    return fo;
  }

  /** Which definition this view's length object for an indirect /Length is (its offset, or its object-stream entry). */
  private lengthKey(ref: PdfRef, depth: number): string {
    const e = this.entry(ref.num)?.entry;
    if (e?.type === "offset" && e.gen === ref.gen) return `${e.offset}`;
    if (e?.type === "compressed" && ref.gen === 0 && depth >= 1) return `(${this.objectStreamObject(e.stream, depth - 1).key}#${e.index})`;
    throw new FormatError(
      `stream /Length ${refString(ref)} is not a direct integer at the top level of the file or in an object stream with a direct /Length (free, missing or a chain)`,
    );
  }

  /**
   * The object stream `num` as this view resolves it: a top-level stream with /Type /ObjStm, and its /N and /First,
   * each a direct integer (a24 R1: PDFium reads them unresolved, so an indirect one is no object stream to it: the
   * objects it holds are missing, PDFium rebuilds its table and takes what it finds, while the others resolve it).
   */
  private objectStreamObject(num: number, depth: number): FileObject & { stream: PdfStream; n: number; first: number } {
    const found = this.objectStreamFile(num, depth);
    return { ...found, n: headerNumber(num, found.stream, "N"), first: headerNumber(num, found.stream, "First") };
  }

  /** The header of object stream `num` as this view reads it: (object number, offset) pairs, checked. */
  objectStreamHeader(num: number): readonly (readonly [number, number])[] {
    return this.objectStream(num, this.objectStreamObject(num, LENGTH_DEPTH)).header;
  }

  private objectStreamFile(num: number, depth: number): FileObject & { stream: PdfStream } {
    const found = this.entry(num);
    if (found?.entry.type !== "offset") throw new FormatError(`object stream ${num} is missing or not a top-level object`);
    const fo = this.fileObject(found.entry.offset, depth);
    const s = fo.obj.value;
    if (fo.obj.num !== num || fo.obj.gen !== found.entry.gen) {
      throw new FormatError(`xref says object ${num} ${found.entry.gen} is at offset ${found.entry.offset}, found ${fo.obj.num} ${fo.obj.gen} obj`);
    }
    if (s.kind !== "stream" || rawGet(s.dict, "Type")?.kind !== "name" || (rawGet(s.dict, "Type") as PdfName).value !== "ObjStm") {
      throw new FormatError(`object ${num} is not an object stream`);
    }
    // A compressed entry names its stream by number alone, at generation 0 (§7.5.8.3): pdf.js fetches it so and
    // rebuilds its table when it finds another generation; poppler and qpdf drop the objects (a21 G1).
    if (found.entry.gen !== 0)
      throw new FormatError(`object stream ${num} has generation ${found.entry.gen}; readers fetch object streams at generation 0 only`);
    return { ...fo, stream: s };
  }

  /**
   * The decoded object stream and its checked header. /Filter and /DecodeParms must be direct (its decoding
   * depends only on its own definition); /N and /First as objectStreamObject read them (their definitions are
   * in its key); the header is exactly /N pairs before /First, offsets from 0 strictly ascending, no number twice.
   */
  private objectStream(num: number, stm: FileObject & { stream: PdfStream; n: number; first: number }): ObjectStreamData {
    const doc = this.document;
    const cached = doc.objectStreams.get(stm.key);
    if (cached) {
      doc.objectStreams.delete(stm.key); // most recently used last
      doc.objectStreams.set(stm.key, cached);
      return cached;
    }
    const s = stm.stream;
    const { n, first } = stm;
    if (n > doc.limits.maxPdfObjects) throw new LimitError("maxPdfObjects", `object stream ${num} claims ${n} objects`);
    // Every header read (again after an eviction too) is work: all of them together within maxPdfObjects pairs.
    doc.headerPairs += n;
    if (doc.headerPairs > doc.limits.maxPdfObjects) {
      throw new LimitError("maxPdfObjects", `the object streams' headers list more than ${doc.limits.maxPdfObjects} objects in all`);
    }
    const data = this.decodeWith(s, directFilters(s.dict, `object stream ${num}`), { agreed: true });
    if (first > data.length) throw new FormatError(`object stream ${num} /First is past its data`);
    const lx = new Lexer(wholeSource(data.subarray(0, first)), 0, `object stream ${num}`);
    const header: [number, number][] = [];
    const nums = new Set<number>();
    for (let i = 0; i < n; i++) {
      const a = lx.next();
      const b = lx.next();
      if (a.type !== "number" || !a.integer || b.type !== "number" || !b.integer || a.value < 0 || b.value < 0) {
        throw new FormatError(`object stream ${num} has a malformed header (fewer than /N ${n} pairs before /First)`);
      }
      const prev = header[i - 1];
      if (prev === undefined ? b.value !== 0 : b.value <= prev[1]) {
        throw new FormatError(
          `object stream ${num}: offset ${b.value} of entry ${i} is not ${prev === undefined ? "0" : "above the previous one"} (readers then read other objects)`,
        );
      }
      if (nums.has(a.value)) throw new FormatError(`object stream ${num} holds object ${a.value} twice`);
      // a24 R1: PDFium skips a pair naming object 0, so its indices shift and it reads other objects.
      if (a.value === 0) throw new FormatError(`object stream ${num} names object 0 (entry ${i}), which PDFium skips: its indices then name other objects`);
      nums.add(a.value);
      if (first + b.value >= data.length) throw new FormatError(`object stream ${num} entry ${i} points past its data`);
      header.push([a.value, b.value]);
    }
    if (lx.next().type !== "eof") throw new FormatError(`object stream ${num}: more than /N ${n} pairs before /First`);
    const result = { data, source: wholeSource(data), first, header };
    doc.objectStreams.set(stm.key, result);
    doc.objectStreamBytes += data.length;
    const budget = objectStreamBudget(doc.limits);
    for (const [k, v] of doc.objectStreams) {
      if (doc.objectStreamBytes <= budget || k === stm.key) break;
      doc.objectStreams.delete(k);
      doc.objectStreamBytes -= v.data.length;
    }
    return result;
  }

  /** Follows references (and references to references) to a direct value; undefined for null/free/missing. */
  resolve(o: PdfObject | undefined): Exclude<PdfObject, PdfRef> | undefined {
    let cur = o;
    for (let hops = 0; cur?.kind === "ref"; hops++) {
      if (hops >= this.document.limits.maxPdfDepth) throw new FormatError(`reference chain longer than ${hops} at ${refString(cur)}`);
      cur = this.object(cur)?.value;
    }
    return cur === undefined || cur.kind === "null" ? undefined : cur;
  }

  /** The resolved value of `key` in a dict (or a stream's dict). */
  get(dict: PdfDict | PdfStream, key: string): Exclude<PdfObject, PdfRef> | undefined {
    const d = dict.kind === "stream" ? dict.dict : dict;
    return this.resolve(rawGet(d, key));
  }

  private typed<K extends PdfObject["kind"]>(dict: PdfDict | PdfStream, key: string, kind: K): Extract<PdfObject, { kind: K }> | undefined {
    const v = this.get(dict, key);
    if (v === undefined) return undefined;
    if (v.kind !== kind) throw new FormatError(`${pdfName(key)} is a ${v.kind}, expected a ${kind}`);
    return v as Extract<PdfObject, { kind: K }>;
  }

  getDict(dict: PdfDict | PdfStream, key: string): PdfDict | undefined {
    return this.typed(dict, key, "dict");
  }
  getArray(dict: PdfDict | PdfStream, key: string): PdfArray | undefined {
    return this.typed(dict, key, "array");
  }
  getStream(dict: PdfDict | PdfStream, key: string): PdfStream | undefined {
    return this.typed(dict, key, "stream");
  }
  getString(dict: PdfDict | PdfStream, key: string): PdfString | undefined {
    return this.typed(dict, key, "string");
  }
  getName(dict: PdfDict | PdfStream, key: string): string | undefined {
    return (this.typed(dict, key, "name") as PdfName | undefined)?.value;
  }
  getNumber(dict: PdfDict | PdfStream, key: string): number | undefined {
    return (this.typed(dict, key, "number") as PdfNumber | undefined)?.value;
  }
  getInt(dict: PdfDict | PdfStream, key: string): number | undefined {
    const v = this.typed(dict, key, "number");
    if (v !== undefined && (!v.integer || !Number.isSafeInteger(v.value))) throw new FormatError(`${pdfName(key)} is not an integer`);
    return v?.value;
  }

  /** The catalog (trailer /Root). */
  catalog(): PdfDict {
    const root = this.resolve(rawGet(this.trailer, "Root"));
    if (root?.kind !== "dict") throw new FormatError(`revision ${this.index}: trailer /Root is not a dictionary`);
    return root;
  }

  /** The raw bytes of a stream as stored (no decoding, no copy). */
  rawStreamData(stream: PdfStream): Uint8Array {
    return this.document.source.read(stream.dataStart, stream.dataStart + stream.dataLength);
  }

  /** Decodes a stream read from the file, bounded by limits.maxDecodedStreamBytes (`o.lenient`: as lenient readers do). */
  decode(stream: PdfStream, o: Pick<DecodeOptions, "lenient"> = {}): Uint8Array {
    if (stream.span === undefined) throw new FormatError("a stream inside an object stream is not allowed");
    const f = this.get(stream.dict, "Filter");
    const p = this.get(stream.dict, "DecodeParms");
    const names = f === undefined ? [] : f.kind === "array" ? f.items.map((x) => this.resolve(x)) : [f];
    const parms = p === undefined ? [] : p.kind === "array" ? p.items.map((x) => this.resolve(x)) : [p];
    const specs: FilterSpec[] = names.map((n, i) => {
      if (n?.kind !== "name") throw new FormatError("stream /Filter is not a name or an array of names");
      const d = parms[i];
      if (d === undefined) return { name: n.value };
      if (d.kind !== "dict") throw new FormatError("stream /DecodeParms is not a dictionary");
      return { name: n.value, parms: d };
    });
    return this.decodeWith(stream, specs, o);
  }

  private decodeWith(stream: PdfStream, specs: FilterSpec[], o: DecodeOptions = {}): Uint8Array {
    const limits = this.document.limits;
    const remaining = Math.max(0, limits.maxTotalDecodedBytes - this.document.decodedTotal);
    let out: Uint8Array;
    try {
      out = decodeFilters(this.rawStreamData(stream), specs, Math.min(limits.maxDecodedStreamBytes, remaining), o);
    } catch (e) {
      if (e instanceof LimitError && remaining < limits.maxDecodedStreamBytes) {
        throw new LimitError("maxTotalDecodedBytes", `the PDF's streams decode to more than ${limits.maxTotalDecodedBytes} bytes in total`);
      }
      throw e;
    }
    this.document.decodedTotal += out.length;
    return out;
  }
}
