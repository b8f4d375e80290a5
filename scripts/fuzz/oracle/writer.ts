// A small incremental-update writer for the reader oracle (ISO 32000-1 §7.5.6): new and redefined objects,
// objects inside a new object stream, free entries, objects appended without an xref entry, and the xref
// section as a classic table, a cross-reference stream or a hybrid (table + /XRefStm), with the syntax
// variants real producers write (comments, extra whitespace, CRLF). It writes what it is told, also what a
// careful producer would not: the oracle wants the readers' view of exactly these bytes.
import { deflateSync } from "node:zlib";

export interface NewObject {
  num: number;
  gen?: number;
  /** The object's value; for a stream its dictionary (without /Length, which the writer adds). */
  body: string;
  /** Stream data, written as given (give a /Filter in `body` when it is encoded). */
  stream?: Uint8Array;
  /** Written into the update's object stream instead of at top level (not for streams). */
  inObjStm?: boolean;
  /** Written in the body but given no xref entry (readers keep the previous definition). */
  unlisted?: boolean;
  /** The xref entry names this generation instead of `gen` (a mismatch readers resolve to null). */
  xrefGen?: number;
  /**
   * Hybrid and stream sections: a second definition of the same object in the update's object stream, listed
   * (type 2) by the xref stream beside the table's (hybrid) or the stream's own (stream: listed twice) entry.
   */
  shadow?: string;
  /** The value in qpdf's JSON form, for the mutators to read their own redefinitions back (not written). */
  json?: Record<string, unknown>;
}

export type XrefKind = "table" | "stream" | "hybrid";

export interface XrefSyntax {
  /** A comment line right after the `xref` keyword and after the trailer dictionary. */
  comments?: boolean;
  /** CRLF line ends in the whole update. */
  crlf?: boolean;
  /** Extra spaces and line breaks inside the trailer dictionary and between tokens. */
  spaces?: boolean;
  /** Subsections of one entry each instead of runs. */
  singleSubsections?: boolean;
}

export interface UpdateSpec {
  objects: NewObject[];
  /** Object numbers this update lists as free (next generation `gen`+1 unless given). */
  free?: { num: number; gen?: number }[];
  xref: XrefKind;
  syntax?: XrefSyntax;
  /** Trailer entries other than /Size and /Prev (default: those of the previous trailer). */
  trailer?: string;
}

const enc = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, "latin1"));
const dec = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.length).toString("latin1");

/** The value after the last `startxref`. */
export function lastStartxref(pdf: Uint8Array): number {
  const tail = dec(pdf.subarray(Math.max(0, pdf.length - 2048)));
  const m = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!m) throw new Error("oracle writer: no startxref at the end");
  return Number(m[1]);
}

/** /Size and the /Root /Info /ID entries of the newest trailer (classic or xref stream). */
export function previousTrailer(pdf: Uint8Array): { size: number; entries: string } {
  const at = lastStartxref(pdf);
  const text = dec(pdf.subarray(at, Math.min(pdf.length, at + 200_000)));
  const dict = text.startsWith("xref") ? text.slice(text.indexOf("trailer")) : text.slice(0, text.indexOf("stream"));
  const size = /\/Size\s+(\d+)/.exec(dict);
  if (!size) throw new Error("oracle writer: previous trailer without /Size");
  const entries = ["Root", "Info", "ID"].flatMap((k) => {
    const m = new RegExp(`/${k}\\s*(\\d+\\s+\\d+\\s+R|\\[[^\\]]*\\])`).exec(dict);
    return m ? [`/${k} ${m[1]}`] : [];
  });
  return { size: Number(size[1]), entries: entries.join(" ") };
}

interface Row {
  num: number;
  type: 0 | 1 | 2;
  f2: number;
  f3: number;
}

/** Append one incremental update to `pdf` (not modified). */
export function appendUpdate(pdf: Uint8Array, spec: UpdateSpec): Uint8Array {
  const prevXref = lastStartxref(pdf);
  const prev = previousTrailer(pdf);
  const sx = spec.syntax ?? {};
  const nl = sx.crlf ? "\r\n" : "\n";
  const parts: Uint8Array[] = [pdf];
  let pos = pdf.length;
  const emit = (b: string | Uint8Array): void => {
    const u = typeof b === "string" ? enc(b) : b;
    parts.push(u);
    pos += u.length;
  };
  const last = pdf[pdf.length - 1];
  if (last !== 0x0a && last !== 0x0d) emit(nl);
  const rows: Row[] = [];
  const top = spec.objects.filter((o) => !o.inObjStm);
  const packed = [
    ...spec.objects.filter((o) => o.inObjStm),
    ...spec.objects.filter((o) => o.shadow !== undefined && spec.xref !== "table").map((o) => ({ num: o.num, body: o.shadow!, unlisted: false })),
  ];
  const maxNum = Math.max(prev.size - 1, ...spec.objects.map((o) => o.num), ...(spec.free ?? []).map((f) => f.num));
  let next = maxNum + 1;
  for (const o of top) {
    const at = pos;
    if (o.stream) {
      const dict = o.body.replace(/>>\s*$/, ` /Length ${o.stream.length} >>`);
      emit(`${o.num} ${o.gen ?? 0} obj${nl}${dict}${nl}stream${nl}`);
      emit(o.stream);
      emit(`${nl}endstream${nl}endobj${nl}`);
    } else emit(`${o.num} ${o.gen ?? 0} obj${nl}${o.body}${nl}endobj${nl}`);
    if (!o.unlisted) rows.push({ num: o.num, type: 1, f2: at, f3: o.xrefGen ?? o.gen ?? 0 });
  }
  if (packed.length) {
    const stm = next++;
    let header = "";
    let body = "";
    packed.forEach((o, i) => {
      header += `${o.num} ${body.length} `;
      body += `${o.body}\n`;
      if (!o.unlisted) rows.push({ num: o.num, type: 2, f2: stm, f3: i });
    });
    const data = deflateSync(Buffer.from(header + body, "latin1"));
    rows.push({ num: stm, type: 1, f2: pos, f3: 0 });
    emit(`${stm} 0 obj${nl}<< /Type /ObjStm /N ${packed.length} /First ${header.length} /Filter /FlateDecode /Length ${data.length} >>${nl}stream${nl}`);
    emit(new Uint8Array(data));
    emit(`${nl}endstream${nl}endobj${nl}`);
  }
  for (const f of spec.free ?? []) rows.push({ num: f.num, type: 0, f2: 0, f3: f.gen ?? 1 });
  const trailerEntries = spec.trailer ?? prev.entries;
  const sp = sx.spaces ? `  ${nl}  ` : " ";

  const xrefStream = (list: Row[], extra: string): number => {
    const num = next++;
    const at = pos;
    const all = [...list, { num, type: 1 as const, f2: at, f3: 0 }].sort((a, b) => a.num - b.num);
    const index = runs(all, sx.singleSubsections ?? false);
    const data = Buffer.concat(
      all.map((r) => {
        const b = Buffer.alloc(7);
        b[0] = r.type;
        b.writeUInt32BE(r.f2, 1);
        b.writeUInt16BE(r.f3, 5);
        return b;
      }),
    );
    const z = deflateSync(data);
    emit(
      `${num} 0 obj${nl}<<${sp}/Type /XRef /Size ${Math.max(next, maxNum + 1)} /W [1 4 2] /Index [${index.map(([a, n]) => `${a} ${n}`).join(" ")}]${sp}/Filter /FlateDecode /Length ${z.length}${extra} >>${nl}stream${nl}`,
    );
    emit(new Uint8Array(z));
    emit(`${nl}endstream${nl}endobj${nl}`);
    return at;
  };

  if (spec.xref === "stream") {
    const at = xrefStream(rows, ` /Prev ${prevXref} ${trailerEntries}`);
    emit(`startxref${nl}${at}${nl}%%EOF${nl}`);
    return concat(parts);
  }
  let tableRows = rows;
  let xrefStm = "";
  if (spec.xref === "hybrid") {
    // Compressed objects only in the stream (as the hybrid producers in the DSS corpus write them).
    const stmAt = xrefStream(
      rows.filter((r) => r.type === 2),
      "",
    );
    xrefStm = ` /XRefStm ${stmAt}`;
    tableRows = rows.filter((r) => r.type !== 2);
  }
  const at = pos;
  const sorted = [...tableRows].sort((a, b) => a.num - b.num);
  let table = `xref${nl}`;
  if (sx.comments) table = `xref${nl}%oracle comment${nl}`;
  let i = 0;
  for (const [first, n] of runs(sorted, sx.singleSubsections ?? false)) {
    table += `${first} ${n}${nl}`;
    for (let k = 0; k < n; k++, i++) {
      const r = sorted[i]!;
      table += `${String(r.f2).padStart(10, "0")} ${String(r.f3).padStart(5, "0")} ${r.type === 0 ? "f" : "n"}${sx.crlf ? "\r\n" : " \n"}`;
    }
  }
  const size = Math.max(next, maxNum + 1);
  emit(
    `${table}trailer${nl}<<${sp}/Size ${size}${sp}/Prev ${prevXref}${xrefStm}${sp}${trailerEntries}${sp}>>${nl}${sx.comments ? `%oracle trailer comment${nl}` : ""}`,
  );
  emit(`startxref${nl}${at}${nl}%%EOF${nl}`);
  return concat(parts);
}

function runs(sorted: readonly Row[], single: boolean): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (!single && j + 1 < sorted.length && sorted[j + 1]!.num === sorted[j]!.num + 1) j++;
    out.push([sorted[i]!.num, j - i + 1]);
    i = j + 1;
  }
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts));
}
