// Hand-built PDFs for the reader's tests: one revision at a time, with exact offsets, so that every
// xref flavour (table, stream with or without PNG predictor, hybrid) and incremental updates can be made.
import { deflateSync } from "node:zlib";
import { DEFAULT_LIMITS, type Limits } from "../../src/index.js";

export const LIMITS: Limits = { ...DEFAULT_LIMITS };

export function latin1(s: string): Uint8Array {
  return new Uint8Array(Buffer.from(s, "latin1"));
}

export function text(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("latin1");
}

export interface ObjSpec {
  num: number;
  gen?: number;
  /** The object's value (for a stream: its dictionary without /Length, e.g. "<< /Type /X >>"). */
  body: string;
  /** Stream data; /Length is added to the dictionary. */
  stream?: Uint8Array;
}

export interface RevisionSpec {
  objects: ObjSpec[];
  /** Objects written into an object stream (number objStmNum). */
  compressed?: { num: number; body: string }[];
  objStmNum?: number;
  /** The object stream's generation (default 0; readers fetch object streams at 0 only). */
  objStmGen?: number;
  /** Object numbers this revision frees. */
  free?: number[];
  xref: "table" | "stream" | "hybrid";
  /** Object number of the xref stream (stream and hybrid). */
  xrefNum?: number;
  /** Use PNG Up predictor rows in the xref stream. */
  predictor?: boolean;
  /** Extra trailer entries, e.g. "/Root 1 0 R". */
  trailer: string;
  /** EOL written after %%EOF. */
  eofEol?: string;
  /** Stream only: write this entry type for one object (reserved types 3+). */
  rowType?: { num: number; type: number };
  /** Stream only: the width of /W's type field (default 1; poppler reads up to 4). */
  xrefTypeWidth?: number;
  /** Stream only, with `predictor`: more /DecodeParms keys written beside /Predictor 12 /Columns 7 (e.g. "/BPC 16"). */
  predictorExtra?: string;
  /** The object stream's offsets as written: each object's offset from the one computed (same digits count). */
  objStmOffsets?: (computed: number[]) => number[];
  /** The object stream's data as ASCII85 (no Flate), `a85` turning its encoded text before it is written. */
  objStmA85?: (encoded: string) => string;
  /** Stream only: the width of /W's third field (default 2) and, for one object, the value written there. */
  xrefThirdWidth?: 2 | 4;
  rowThird?: { num: number; value: number };
  /** Stream only: bytes after the rows /Index names (qpdf warns "wrong size", every reader reads the rows); negative: cut. */
  xrefStreamExtraBytes?: number;
  /** Hybrid only: list the compressed objects in the table as free too (pdf.js then reads them as null). */
  hybridFreeInTable?: boolean;
}

type Entry = { num: number; type: number; f2: number; f3: number };

/** The value after the last `startxref` of a file. */
export function lastStartxref(bytes: Uint8Array): number {
  const s = text(bytes);
  const m = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(s.slice(s.lastIndexOf("startxref")));
  if (!m) throw new Error("no startxref");
  return Number(m[1]);
}

/** The highest trailer /Size so far (an embedded file's /Params /Size is not one). */
function maxNum(s: string): number {
  let max = 0;
  for (const m of s.matchAll(/\/Size (\d+)/g)) if (!s.slice(Math.max(0, m.index - 60), m.index).includes("/Params")) max = Math.max(max, Number(m[1]));
  return max;
}

/** Appends one revision to `prefix` (an empty prefix starts a new file with a header). */
export function addRevision(prefix: Uint8Array, spec: RevisionSpec): Uint8Array {
  const parts: Buffer[] = [Buffer.from(prefix)];
  let pos = prefix.length;
  const emit = (b: string | Uint8Array) => {
    const buf = typeof b === "string" ? Buffer.from(b, "latin1") : Buffer.from(b);
    parts.push(buf);
    pos += buf.length;
  };
  const first = prefix.length === 0;
  if (first) emit("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
  const entries: Entry[] = first ? [{ num: 0, type: 0, f2: 0, f3: 65535 }] : [];
  for (const o of spec.objects) {
    entries.push({ num: o.num, type: 1, f2: pos, f3: o.gen ?? 0 });
    if (o.stream) {
      const dict = o.body.replace(/>>\s*$/, ` /Length ${o.stream.length} >>`);
      emit(`${o.num} ${o.gen ?? 0} obj\n${dict}\nstream\n`);
      emit(o.stream);
      emit(`\nendstream\nendobj\n`);
    } else emit(`${o.num} ${o.gen ?? 0} obj\n${o.body}\nendobj\n`);
  }
  for (const n of spec.free ?? []) entries.push({ num: n, type: 0, f2: 0, f3: 1 });
  if (spec.compressed?.length) {
    const stmNum = spec.objStmNum ?? 99;
    let header = "";
    let body = "";
    const offsets: number[] = [];
    spec.compressed.forEach((c, i) => {
      offsets.push(body.length);
      body += c.body + "\n";
      entries.push({ num: c.num, type: 2, f2: stmNum, f3: i });
    });
    const written = spec.objStmOffsets ? spec.objStmOffsets(offsets) : offsets;
    spec.compressed.forEach((c, i) => (header += `${c.num} ${written[i]} `));
    const plain = Buffer.from(header + body, "latin1");
    const data = spec.objStmA85 ? Buffer.from(spec.objStmA85(a85(plain)), "latin1") : deflateSync(plain);
    const filter = spec.objStmA85 ? "/ASCII85Decode" : "/FlateDecode";
    entries.push({ num: stmNum, type: 1, f2: pos, f3: spec.objStmGen ?? 0 });
    emit(
      `${stmNum} ${spec.objStmGen ?? 0} obj\n<< /Type /ObjStm /N ${spec.compressed.length} /First ${header.length} /Filter ${filter} /Length ${data.length} >>\nstream\n`,
    );
    emit(data);
    emit("\nendstream\nendobj\n");
  }
  const prev = first ? undefined : lastStartxref(prefix);
  const used = Math.max(maxNum(text(prefix)), ...entries.map((e) => e.num + 1));
  const xrefNum = spec.xrefNum ?? used;
  const size = spec.xref === "table" ? used : Math.max(used, xrefNum + 1);
  const prevStr = prev === undefined ? "" : ` /Prev ${prev}`;

  const writeXrefStream = (rows: Entry[], extra: string): number => {
    const num = xrefNum;
    const at = pos;
    const all = [...rows, { num, type: 1, f2: at, f3: 0 }]
      .map((e) => (spec.rowType?.num === e.num ? { ...e, type: spec.rowType.type } : e))
      .map((e) => (spec.rowThird?.num === e.num ? { ...e, f3: spec.rowThird.value } : e))
      .sort((a, b) => a.num - b.num);
    const tw = spec.xrefTypeWidth ?? 1;
    const thirdWidth = spec.xrefThirdWidth ?? 2;
    const { index, data } = encodeRows(all, spec.predictor ?? false, tw, thirdWidth);
    const parms = spec.predictor ? ` /DecodeParms << /Predictor 12 /Columns 7${spec.predictorExtra ? ` ${spec.predictorExtra}` : ""} >>` : "";
    const more = spec.xrefStreamExtraBytes ?? 0;
    const z = deflateSync(more < 0 ? data.subarray(0, data.length + more) : Buffer.concat([data, Buffer.alloc(more, 1)]));
    emit(
      `${num} 0 obj\n<< /Type /XRef /Size ${size} /W [${tw} 4 ${thirdWidth}] /Index [${index.join(" ")}] /Filter /FlateDecode${parms} /Length ${z.length}${extra} >>\nstream\n`,
    );
    emit(z);
    emit("\nendstream\nendobj\n");
    return at;
  };

  let startxref: number;
  if (spec.xref === "stream") {
    startxref = writeXrefStream(entries, `${prevStr} ${spec.trailer}`);
  } else {
    let tableEntries = entries;
    let xrefStm = "";
    if (spec.xref === "hybrid") {
      // Compressed objects only in the xref stream and absent from the table, as the producers in the DSS
      // corpus write them (or, on request, listed free in the table: the ISO 32000 example, which readers
      // resolve differently).
      const compressed = entries.filter((e) => e.type === 2);
      const stmAt = writeXrefStream(compressed, "");
      xrefStm = ` /XRefStm ${stmAt}`;
      tableEntries = spec.hybridFreeInTable
        ? entries.map((e) => (e.type === 2 ? { num: e.num, type: 0 as const, f2: 0, f3: 65535 } : e))
        : entries.filter((e) => e.type !== 2);
      tableEntries.push({ num: xrefNum, type: 1, f2: stmAt, f3: 0 });
    }
    startxref = pos;
    emit(`xref\n${formatTable(tableEntries)}trailer\n<< /Size ${size}${prevStr}${xrefStm} ${spec.trailer} >>\n`);
  }
  emit(`startxref\n${startxref}\n%%EOF${spec.eofEol ?? "\n"}`);
  return new Uint8Array(Buffer.concat(parts));
}

/** ASCII85 of `bytes` (no "z"), each group of five as written, "~>" at the end. */
export function a85(bytes: Uint8Array | string): string {
  const b = [...(typeof bytes === "string" ? Buffer.from(bytes, "latin1") : bytes)];
  let out = "";
  for (let i = 0; i < b.length; i += 4) {
    const chunk = b.slice(i, i + 4);
    const n = chunk.length;
    while (chunk.length < 4) chunk.push(0);
    let v = ((chunk[0]! << 24) | (chunk[1]! << 16) | (chunk[2]! << 8) | chunk[3]!) >>> 0;
    const d: number[] = [];
    for (let k = 0; k < 5; k++) {
      d.unshift(v % 85);
      v = Math.floor(v / 85);
    }
    out += String.fromCharCode(...d.slice(0, n + 1).map((x) => x + 0x21));
  }
  return `${out}~>`;
}

function formatTable(entries: Entry[]): string {
  const sorted = [...entries].sort((a, b) => a.num - b.num);
  let out = "";
  let i = 0;
  while (i < sorted.length) {
    let j = i;
    while (j + 1 < sorted.length && (sorted[j + 1] as Entry).num === (sorted[j] as Entry).num + 1) j++;
    out += `${(sorted[i] as Entry).num} ${j - i + 1}\n`;
    for (let k = i; k <= j; k++) {
      const e = sorted[k] as Entry;
      out += `${String(e.f2).padStart(10, "0")} ${String(e.f3).padStart(5, "0")} ${e.type === 0 ? "f" : "n"}\r\n`;
    }
    i = j + 1;
  }
  return out;
}

function encodeRows(entries: Entry[], predictor: boolean, typeWidth = 1, thirdWidth: 2 | 4 = 2): { index: number[]; data: Buffer } {
  const index: number[] = [];
  for (let i = 0; i < entries.length;) {
    let j = i;
    while (j + 1 < entries.length && (entries[j + 1] as Entry).num === (entries[j] as Entry).num + 1) j++;
    index.push((entries[i] as Entry).num, j - i + 1);
    i = j + 1;
  }
  const rows = entries.map((e) => {
    const r = Buffer.alloc(typeWidth + 4 + thirdWidth);
    r[typeWidth - 1] = e.type;
    r.writeUInt32BE(e.f2, typeWidth);
    if (thirdWidth === 4) r.writeUInt32BE(e.f3, typeWidth + 4);
    else r.writeUInt16BE(e.f3, typeWidth + 4);
    return r;
  });
  if (!predictor) return { index, data: Buffer.concat(rows) };
  // PNG "Up" rows: filter byte 2, then the difference with the row above.
  const out: Buffer[] = [];
  let prev = Buffer.alloc(7);
  for (const r of rows) {
    const d = Buffer.alloc(8);
    d[0] = 2;
    for (let i = 0; i < 7; i++) d[i + 1] = ((r[i] as number) - (prev[i] as number)) & 0xff;
    out.push(d);
    prev = r;
  }
  return { index, data: Buffer.concat(out) };
}

/** A minimal one-page document: 1 catalog, 2 pages, 3 page, 4 content stream. */
export function minimalObjects(catalogExtra = ""): ObjSpec[] {
  return [
    { num: 1, body: `<< /Type /Catalog /Pages 2 0 R${catalogExtra} >>` },
    { num: 2, body: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>" },
    { num: 3, body: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>" },
    { num: 4, body: "<< >>", stream: latin1("BT /F1 12 Tf (Hello) Tj ET") },
  ];
}

export function minimalPdf(xref: RevisionSpec["xref"] = "table", catalogExtra = ""): Uint8Array {
  return addRevision(new Uint8Array(), { objects: minimalObjects(catalogExtra), xref, trailer: "/Root 1 0 R" });
}

/** The byte-range placeholder `fillByteRange` completes: same width as the filled value. */
export const BYTE_RANGE_PLACEHOLDER = "/ByteRange [0 0000000000 0000000000 0000000000]";

/**
 * Fills the last byte-range placeholder of a file so that it covers the whole file but the `/Contents <…>`
 * string that follows the placeholder: a signature (or document timestamp) over everything before it.
 */
export function fillByteRange(bytes: Uint8Array): Uint8Array {
  const s = text(bytes);
  const at = s.lastIndexOf(BYTE_RANGE_PLACEHOLDER);
  if (at < 0) throw new Error("no byte-range placeholder");
  const start = s.indexOf("<", s.indexOf("/Contents", at));
  const end = s.indexOf(">", start) + 1;
  const pad = (n: number) => String(n).padStart(10, "0");
  const filled = `/ByteRange [0 ${pad(start)} ${pad(end)} ${pad(bytes.length - end)}]`;
  return latin1(s.slice(0, at) + filled + s.slice(at + filled.length));
}

type Row = { num: number; type: 1 | 2; f2: number; f3: number };
export interface RawRevision {
  /** Top-level objects, written verbatim after `num 0 obj\n`. */
  objects: { num: number; raw: string }[];
  /** Compressed objects: [object number, object stream number, index]. */
  compressed?: [number, number, number][];
  root?: string;
}

/** Revisions with xref streams (/W [1 4 2]); each object's text is written as given (latin1). */
export function build(revs: RawRevision[]): string {
  let s = "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";
  let prev: number | undefined;
  let size = 1;
  // Xref streams are numbered above every object written (90 and up when there are fewer).
  let top = 89;
  for (const rev of revs) for (const o of [...rev.objects.map((x) => x.num), ...(rev.compressed ?? []).map((c) => c[0])]) top = Math.max(top, o);
  for (const rev of revs) {
    const rows: Row[] = [];
    for (const o of rev.objects) {
      rows.push({ num: o.num, type: 1, f2: s.length, f3: 0 });
      s += `${o.num} 0 obj\n${o.raw}\nendobj\n`;
    }
    for (const [num, stm, index] of rev.compressed ?? []) rows.push({ num, type: 2, f2: stm, f3: index });
    const xrefNum = top + 1 + revs.indexOf(rev);
    const at = s.length;
    rows.push({ num: xrefNum, type: 1, f2: at, f3: 0 });
    if (prev === undefined) rows.push({ num: 0, type: 1, f2: 0, f3: 0 });
    rows.sort((a, b) => a.num - b.num);
    for (const r of rows) size = Math.max(size, r.num + 1);
    const index: number[] = [];
    let data = "";
    for (const r of rows) {
      if (index.length && index[index.length - 2]! + index[index.length - 1]! === r.num) index[index.length - 1]!++;
      else index.push(r.num, 1);
      const f2 = Buffer.alloc(4);
      f2.writeUInt32BE(r.f2);
      const f3 = Buffer.alloc(2);
      f3.writeUInt16BE(r.f3);
      data += String.fromCharCode(r.num === 0 && prev === undefined ? 0 : r.type) + f2.toString("latin1") + f3.toString("latin1");
    }
    if (prev === undefined) data = data.replace(/^\x01/, "\x00"); // object 0 free
    const prevStr = prev === undefined ? "" : ` /Prev ${prev}`;
    s += `${xrefNum} 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 2] /Index [${index.join(" ")}] /Root ${rev.root ?? "1 0 R"}${prevStr} /Length ${data.length} >>\nstream\n${data}\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`;
    prev = at;
  }
  return s;
}
