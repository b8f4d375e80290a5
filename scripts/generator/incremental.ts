// Incremental updates (ISO 32000-1 §7.5.6): new or replaced objects appended after the last %%EOF,
// then a new xref section (classic table or xref stream) whose trailer points back with /Prev.
import { PDFDocument, type PDFObject } from "pdf-lib";
import { concat, latin1Bytes, latin1Text } from "./der.js";
import { lastStartXref } from "./pdf-bytes.js";

export interface UpdateObject {
  num: number;
  gen?: number;
  /** The object's body (dictionary, stream…): a pdf-lib object, raw text, or raw bytes. */
  body: PDFObject | string | Uint8Array;
}

export interface IncrementalUpdateOptions {
  objects: UpdateObject[];
  /** Classic `xref` table (default) or a cross-reference stream. */
  xref?: "table" | "stream";
  /** Bytes written between the old `%%EOF` and the first new object (e.g. a comment). */
  prefix?: string;
  /**
   * Objects already in the file, by offset, to list in the new xref section too (signature wrapping
   * hides objects inside the unsigned /Contents gap and makes them current this way).
   */
  existing?: Map<number, number>;
  /** Attacks on readers: replace the trailer's /Root, /Info, /ID entries (raw PDF text). */
  trailerEntries?: string;
  /** Attacks on readers: write this /Size instead of the right one. */
  size?: number;
  /** Attacks on readers (xref stream only): write these entry types (e.g. a reserved 3) for object numbers. */
  rowTypes?: Map<number, number>;
  /** Bytes written after the new objects and before the xref section, listed by no entry. */
  unlisted?: string;
}

export interface IncrementalUpdate {
  bytes: Uint8Array;
  /** Offset of each new object's `N G obj`. */
  offsets: Map<number, number>;
}

/** Serialise any pdf-lib object exactly as pdf-lib writes it. */
export function serializePdfObject(obj: PDFObject): Uint8Array {
  const out = new Uint8Array(obj.sizeInBytes());
  obj.copyBytesInto(out, 0);
  return out;
}

/** /Size, /Root, /Info, /ID of the newest trailer (classic trailer or xref stream dictionary). */
function previousTrailer(pdf: Uint8Array, xrefAt: number): { size: number; entries: string } {
  const text = latin1Text(pdf.subarray(xrefAt, Math.min(pdf.length, xrefAt + 100_000)));
  const dict = text.startsWith("xref") ? text.slice(text.indexOf("trailer")) : text;
  const size = /\/Size\s+(\d+)/.exec(dict);
  if (!size) throw new Error("generator: previous trailer has no /Size");
  const entries = ["Root", "Info", "ID", "Encrypt"]
    .map((k) => new RegExp(`/${k}\\s*(\\d+\\s+\\d+\\s+R|\\[[^\\]]*\\])`).exec(dict))
    .flatMap((m, i) => (m ? [`/${["Root", "Info", "ID", "Encrypt"][i]} ${m[1]}`] : []));
  return { size: Number(size[1]), entries: entries.join(" ") };
}

/** Append one incremental update. The input is not modified. */
export function appendIncrementalUpdate(pdf: Uint8Array, o: IncrementalUpdateOptions): IncrementalUpdate {
  const prev = lastStartXref(pdf);
  const trailer = previousTrailer(pdf, prev);
  const parts: Uint8Array[] = [pdf];
  let at = pdf.length;
  const push = (b: Uint8Array): void => {
    parts.push(b);
    at += b.length;
  };
  // Start on a fresh line after the old %%EOF.
  push(latin1Bytes(`${pdf[pdf.length - 1] === 0x0a ? "" : "\n"}${o.prefix ?? ""}`));
  const offsets = new Map<number, number>();
  for (const obj of o.objects) {
    offsets.set(obj.num, at);
    const body = typeof obj.body === "string" ? latin1Bytes(obj.body) : obj.body instanceof Uint8Array ? obj.body : serializePdfObject(obj.body);
    push(concat(latin1Bytes(`${obj.num} ${obj.gen ?? 0} obj\n`), body, latin1Bytes("\nendobj\n")));
  }
  for (const [num, off] of o.existing ?? []) offsets.set(num, off);
  if (o.unlisted) push(latin1Bytes(o.unlisted));
  const entriesText = o.trailerEntries ?? trailer.entries;
  const maxNum = Math.max(trailer.size - 1, ...offsets.keys());
  if (o.xref === "stream") {
    const xrefNum = maxNum + 1;
    offsets.set(xrefNum, at);
    const entries = [...offsets.entries()].sort((a, b) => a[0] - b[0]);
    const data = concat(...entries.map(([num, off]) => xrefStreamEntry(off, o.objects.find((x) => x.num === num)?.gen ?? 0, o.rowTypes?.get(num) ?? 1)));
    const index = entries.map(([num]) => `${num} 1`).join(" ");
    const dict = `<< /Type /XRef /Size ${o.size ?? xrefNum + 1} /W [1 4 2] /Index [${index}] /Prev ${prev} ${entriesText} /Length ${data.length} >>`;
    const xrefAt = at;
    push(concat(latin1Bytes(`${xrefNum} 0 obj\n${dict}\nstream\n`), data, latin1Bytes("\nendstream\nendobj\n")));
    push(latin1Bytes(`startxref\n${xrefAt}\n%%EOF\n`));
  } else {
    const xrefAt = at;
    const sorted = [...offsets.entries()].sort((a, b) => a[0] - b[0]);
    // An update that writes no object still lists one subsection (object 0, the free list's head): a table
    // without any is damage to qpdf, which rebuilds the table by scanning.
    let table = sorted.length ? "xref\n" : "xref\n0 1\n0000000000 65535 f \n";
    for (let i = 0; i < sorted.length;) {
      let j = i;
      while (j + 1 < sorted.length && sorted[j + 1]![0] === sorted[j]![0] + 1) j++;
      table += `${sorted[i]![0]} ${j - i + 1}\n`;
      for (let k = i; k <= j; k++) {
        const gen = o.objects.find((x) => x.num === sorted[k]![0])?.gen ?? 0;
        table += `${String(sorted[k]![1]).padStart(10, "0")} ${String(gen).padStart(5, "0")} n \n`;
      }
      i = j + 1;
    }
    push(latin1Bytes(`${table}trailer\n<< /Size ${o.size ?? maxNum + 1} ${entriesText} /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`));
  }
  return { bytes: concat(...parts), offsets };
}

function xrefStreamEntry(offset: number, gen: number, type = 1): Uint8Array {
  const e = new Uint8Array(7);
  e[0] = type;
  new DataView(e.buffer).setUint32(1, offset);
  new DataView(e.buffer).setUint16(5, gen);
  return e;
}

/** Load a PDF for building an update: its objects and a ref allocator past the largest number. */
export async function loadForUpdate(pdf: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(pdf, { updateMetadata: false });
}
