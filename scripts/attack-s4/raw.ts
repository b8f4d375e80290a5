// The attack-s4 scripts' one helper of their own (the rest is scripts/attack36/lib.ts): an incremental update
// written byte by byte, as any PDF tool can write one, with a trailer the attacker chooses (sealcheck's own
// writer carries /Root, /Info and /ID over; these attacks change /Info or add keys).
import { parsePdf } from "../../src/input/pdf/index.js";
import { resolveLimits } from "../../src/limits.js";
import { wholeSource } from "../../src/input/source.js";

/** One object of the update: its number and its body (what goes between `N 0 obj` and `endobj`). */
export interface RawObject {
  num: number;
  body: Uint8Array | string;
}

/** A stream object's body: the dictionary (without /Length) and the data. */
export function streamBody(dict: string, data: Uint8Array | string): Uint8Array {
  const d = typeof data === "string" ? Buffer.from(data, "latin1") : Buffer.from(data);
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${d.length} >>\nstream\n`, "latin1"), d, Buffer.from("\nendstream", "latin1")]);
}

/**
 * `pdf` with one more revision holding `objects` (a classic xref table) and the trailer entries `trailer`
 * (text such as "/Root 2 0 R /Info 5 0 R"); /Size and /Prev are added.
 */
export function appendRaw(pdf: Uint8Array, objects: readonly RawObject[], trailer: string): Uint8Array {
  const text = Buffer.from(pdf).toString("latin1");
  const m = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  if (!m) throw new Error("no startxref at the end");
  const prev = Number(m[1]);
  const size = Number(/\/Size\s+(\d+)/.exec(text.slice(text.lastIndexOf("trailer")))?.[1] ?? "0");
  const parts: Buffer[] = [Buffer.from(pdf)];
  let at = pdf.length;
  if (pdf[pdf.length - 1] !== 0x0a) {
    parts.push(Buffer.from("\n"));
    at++;
  }
  const offsets = new Map<number, number>();
  for (const o of objects) {
    offsets.set(o.num, at);
    const chunk = Buffer.concat([
      Buffer.from(`${o.num} 0 obj\n`, "latin1"),
      typeof o.body === "string" ? Buffer.from(o.body, "latin1") : Buffer.from(o.body),
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    parts.push(chunk);
    at += chunk.length;
  }
  const nums = [...offsets.keys()].sort((a, b) => a - b);
  let xref = "xref\n";
  for (const n of nums) xref += `${n} 1\n${String(offsets.get(n)).padStart(10, "0")} 00000 n\r\n`;
  const newSize = Math.max(size, ...nums.map((n) => n + 1));
  xref += `trailer\n<< /Size ${newSize} ${trailer} /Prev ${prev} >>\nstartxref\n${at}\n%%EOF\n`;
  parts.push(Buffer.from(xref, "latin1"));
  return new Uint8Array(Buffer.concat(parts));
}

/** The decoded data of object `num` in the latest revision (sealcheck's own reader). */
export function streamData(pdf: Uint8Array, num: number): Uint8Array {
  const doc = parsePdf(wholeSource(pdf), resolveLimits());
  const view = doc.latest();
  const o = view.objectByNumber(num);
  if (o?.value.kind !== "stream") throw new Error(`object ${num} is not a stream`);
  return view.decode(o.value);
}

export const hexText = (s: string): string => Buffer.from(s, "latin1").toString("hex").toUpperCase();

/** Page 1's content of the samples with the rent changed: "Husleje: 9.500 kr." becomes "Husleje: 1 kr.". */
export function forgedRent(content: Uint8Array): string {
  const t = Buffer.from(content).toString("latin1");
  const from = `<${hexText("Husleje: 9.500 kr. pr. maaned")}>`;
  if (!t.includes(from)) throw new Error("page 1 does not show the rent line");
  return t.replace(from, `<${hexText("Husleje: 1 kr. pr. maaned")}>`);
}

/**
 * attack-s5b/s5c's forgery of the samples' archive: page 1 (object 6; content 5, the seal's widget 23) gains a
 * FreeText annotation whose appearance paints "Husleje: 1 kr. pr. maaned" over the rent. The objects of one revision.
 */
export function freeTextRent(base: Uint8Array): RawObject[] {
  const text = Buffer.from(base).toString("latin1");
  const size = Number([...text.matchAll(/\/Size\s+(\d+)/g)].at(-1)![1]);
  const [annot, ap] = [size, size + 1];
  return [
    {
      num: 6,
      body: `<< /Annots [ 23 0 R ${annot} 0 R ] /Contents [ 5 0 R ] /MediaBox [ 0 0 595 842 ] /Parent 1 0 R /Resources << /ExtGState << >> /Font << /Helvetica-7098480789 4 0 R >> /XObject << >> >> /Type /Page >>`,
    },
    {
      num: annot,
      body: `<< /Type /Annot /Subtype /FreeText /Rect [ 55 640 400 666 ] /Contents (Husleje: 1 kr. pr. maaned) /DA (/Helv 12 Tf 0 g) /F 4 /P 6 0 R /AP << /N ${ap} 0 R >> >>`,
    },
    {
      num: ap,
      body: streamBody(
        "/Type /XObject /Subtype /Form /BBox [ 0 0 345 26 ] /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>",
        "1 1 1 rg 0 0 345 26 re f 0 0 0 rg BT /F1 12 Tf 5 10 Td (Husleje: 1 kr. pr. maaned) Tj ET",
      ),
    },
  ];
}
