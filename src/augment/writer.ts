// A small incremental writer (ISO 32000-1 §7.5.6) over the project's PDF reader: new and replaced objects
// appended after the last %%EOF, then one cross-reference section of the same kind as the file's last one
// (a table, or an uncompressed cross-reference stream) whose trailer names the previous section with /Prev.
// Nothing before the old end of file is touched: the signed revisions stay byte for byte.
import { deflateSync } from "node:zlib";
import { FormatError } from "../errors.js";
import type { PdfDocument } from "../input/pdf/index.js";
import { type PdfDict, type PdfObject, rawGet } from "../input/pdf/objects.js";

export const name = (value: string): PdfObject => ({ kind: "name", value });
export const int = (value: number): PdfObject => ({ kind: "number", value, integer: true });
export const ref = (num: number, gen = 0): PdfObject => ({ kind: "ref", num, gen });
export const arr = (items: readonly PdfObject[]): PdfObject => ({ kind: "array", items });
export const dict = (entries: Record<string, PdfObject>): PdfDict => ({ kind: "dict", entries: new Map(Object.entries(entries)) });

/** A dictionary with `key` set (added at the end, or replaced in place). */
export function withEntry(d: PdfDict, key: string, value: PdfObject): PdfDict {
  const entries = new Map(d.entries);
  entries.set(key, value);
  return { kind: "dict", entries };
}

const DELIMITERS = new Set([..."()<>[]{}/%#"].map((c) => c.charCodeAt(0)));

function nameText(value: string): string {
  let out = "/";
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i) & 0xff;
    out += c < 0x21 || c > 0x7e || DELIMITERS.has(c) ? `#${c.toString(16).padStart(2, "0")}` : String.fromCharCode(c);
  }
  return out;
}

/**
 * A number as PDF text that reads back as the same value and kind (a16 A5: toFixed(6) made 595.303937007874 another
 * page size and 0.0 an integer, so augment could not renew such an archive). The shortest text that round-trips
 * (String), written without an exponent (PDF has none); a real keeps its point.
 */
function numberText(n: number, integer: boolean): string {
  if (!Number.isFinite(n)) throw new FormatError("a number to write is not finite");
  if (integer) return BigInt(Math.trunc(n)).toString();
  if (Object.is(n, -0)) return "-0.0";
  const s = plainDecimal(String(n));
  return s.includes(".") ? s : `${s}.0`;
}

/** "1.25e-7" as "0.000000125", "1.2e+21" as "1200000000000000000000"; text without an exponent as it is. */
function plainDecimal(s: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const [, sign, whole, fraction = "", exp] = m;
  const digits = `${whole}${fraction}`;
  const point = whole!.length + Number(exp);
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${"0".repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** One value as PDF text (strings as hex, names escaped). Streams are written only as whole objects. */
export function serialize(o: PdfObject, depth = 0): string {
  if (depth > 64) throw new FormatError("a value to write is nested too deeply");
  switch (o.kind) {
    case "null":
      return "null";
    case "boolean":
      return o.value ? "true" : "false";
    case "number":
      return numberText(o.value, o.integer);
    case "string":
      return `<${Buffer.from(o.bytes).toString("hex")}>`;
    case "name":
      return nameText(o.value);
    case "ref":
      return `${o.num} ${o.gen} R`;
    case "array":
      return `[${o.items.map((x) => serialize(x, depth + 1)).join(" ")}]`;
    case "dict":
      return `<<${[...o.entries].map(([k, v]) => `${nameText(k)} ${serialize(v, depth + 1)}`).join(" ")}>>`;
    case "stream":
      throw new FormatError("a stream cannot be written as a direct value");
  }
}

/** A new object: a value, a stream (its data compressed with Flate), or raw text (placeholders). */
export type NewObject =
  | { readonly num: number; readonly gen?: number; readonly value: PdfObject }
  | { readonly num: number; readonly gen?: number; readonly stream: Uint8Array; readonly dict?: PdfDict }
  | { readonly num: number; readonly gen?: number; readonly raw: string };

export interface Appended {
  readonly bytes: Uint8Array;
  /** Offset of each written object's `N G obj`, and of its body. */
  readonly offsets: ReadonlyMap<number, { readonly obj: number; readonly body: number }>;
}

/** Allocates object numbers after the last revision's /Size. */
export class NumberAllocator {
  next: number;
  constructor(doc: PdfDocument) {
    const size = doc.latest().trailer.entries.get("Size");
    if (size?.kind !== "number" || !size.integer || size.value < 1) throw new FormatError("the last trailer has no valid /Size");
    this.next = size.value;
  }
  take(): number {
    return this.next++;
  }
}

/** The file must end as its last revision does (no bytes after its %%EOF) and must not be encrypted. */
export function assertAppendable(doc: PdfDocument): void {
  if (doc.trailingBytes > 0) throw new FormatError(`the file has ${doc.trailingBytes} bytes after its last %%EOF`);
  if (rawGet(doc.latest().trailer, "Encrypt") !== undefined) throw new FormatError("the PDF is encrypted");
}

/** Appends one incremental update holding `objects` (numbers from `alloc`, which also numbers an xref stream). */
export function appendUpdate(doc: PdfDocument, objects: readonly NewObject[], alloc: NumberAllocator): Appended {
  // The whole file, read through its source: an update is appended to all of it.
  const pdf = doc.source.read(0, doc.source.length);
  const last = doc.revisions[doc.revisions.length - 1]!;
  const parts: Buffer[] = [Buffer.from(pdf)];
  let at = pdf.length;
  const push = (b: Buffer | string): void => {
    const buf = typeof b === "string" ? Buffer.from(b, "latin1") : b;
    parts.push(buf);
    at += buf.length;
  };
  if (pdf[pdf.length - 1] !== 0x0a && pdf[pdf.length - 1] !== 0x0d) push("\n");
  const offsets = new Map<number, { obj: number; body: number }>();
  for (const o of objects) {
    const head = `${o.num} ${o.gen ?? 0} obj\n`;
    const start = at;
    push(head);
    const body = at;
    if ("value" in o) push(serialize(o.value));
    else if ("raw" in o) push(o.raw);
    else {
      const data = deflateSync(o.stream);
      const d = withEntry(withEntry(o.dict ?? dict({}), "Filter", name("FlateDecode")), "Length", int(data.length));
      push(`${serialize(d)}\nstream\n`);
      push(data);
      push("\nendstream");
    }
    push("\nendobj\n");
    offsets.set(o.num, { obj: start, body });
  }
  // The trailer keys a reader uses: /Root, /Info and /ID carried over (an xref stream's dictionary holds them too).
  const prev = last.trailer;
  const carried = ["Root", "Info", "ID"].flatMap((k) => {
    const v = rawGet(prev, k);
    return v === undefined ? [] : [`${nameText(k)} ${serialize(v)}`];
  });
  const gens = new Map(objects.map((o) => [o.num, o.gen ?? 0]));
  if (last.xrefKind === "stream") {
    const xrefNum = alloc.take();
    const xrefAt = at;
    const rows = [...offsets.entries(), [xrefNum, { obj: xrefAt, body: 0 }] as const].sort((a, b) => a[0] - b[0]);
    const data = Buffer.alloc(rows.length * 7);
    rows.forEach(([num, off], i) => {
      data[i * 7] = 1;
      data.writeUInt32BE(off.obj, i * 7 + 1);
      data.writeUInt16BE(gens.get(num) ?? 0, i * 7 + 5);
    });
    const index = rows.map(([num]) => `${num} 1`).join(" ");
    push(
      `${xrefNum} 0 obj\n<</Type /XRef /Size ${xrefNum + 1} /W [1 4 2] /Index [${index}] /Prev ${last.startxref} ${carried.join(" ")} /Length ${data.length}>>\nstream\n`,
    );
    push(data);
    push(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`);
  } else {
    const xrefAt = at;
    const sorted = [...offsets.entries()].sort((a, b) => a[0] - b[0]);
    let table = "xref\n";
    for (let i = 0; i < sorted.length;) {
      let j = i;
      while (j + 1 < sorted.length && sorted[j + 1]![0] === sorted[j]![0] + 1) j++;
      table += `${sorted[i]![0]} ${j - i + 1}\n`;
      for (let k = i; k <= j; k++) table += `${String(sorted[k]![1].obj).padStart(10, "0")} ${String(gens.get(sorted[k]![0]) ?? 0).padStart(5, "0")} n\r\n`;
      i = j + 1;
    }
    push(`${table}trailer\n<</Size ${alloc.next} ${carried.join(" ")} /Prev ${last.startxref}>>\nstartxref\n${xrefAt}\n%%EOF\n`);
  }
  return { bytes: Buffer.concat(parts), offsets };
}
