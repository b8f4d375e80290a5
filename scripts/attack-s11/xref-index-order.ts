// X2: an LTV update (a /DSS added to the catalog) whose xref stream lists its two objects in two /Index subsections
// in descending order ([dss 1 catalog 1]: no overlap, no object twice). sealcheck refuses the file (xref.ts: "/Index
// subsections overlap or are not in ascending order"); does any reader read it otherwise?
//   npx tsx scripts/attack-s11/xref-index-order.ts <mode> [real]
// modes: honest (the same update with ascending /Index); descending. `real`: the broker's real archive at its
// sealing time with its trust.
import { readFileSync } from "node:fs";
import { save, show, tool, verify, work } from "../attack36/lib.js";
import { lastStartXref } from "../generator/pdf-bytes.js";
import { concat, latin1Bytes, latin1Text } from "../generator/der.js";
import { pdfiumAndPdfjs, printReaders } from "./lib.js";

const mode = process.argv[2] ?? "descending";
const real = process.argv[3] === "real";
// size-high: the xref stream's /Size 2,000 above its highest object (refused past 1,024: "readers size their
// tables by it differently"); stray-trailer: a `trailer << … >>` after the xref stream that adds a key the stream
// does not have (refused: "a reader that rebuilds the table would take it"; nobody rebuilds this file).
// w-no-type, w-no-gen: accepted xref-stream forms (/W [0 4 2]: the type defaults to 1; /W [1 4 0]: generation 0),
// for the canary. FORGE=1 (any mode): an unlisted forged page 1 content ("1 kr.") before the xref stream, which a
// reader that rebuilt its table by scanning would show.
const MODES = ["honest", "descending", "objstm-honest", "objstm-indirect-n", "size-high", "stray-trailer", "w-no-type", "w-no-gen"];
if (!MODES.includes(mode)) throw new Error(`mode: ${MODES.join("|")}, not ${mode}`);
// objstm-*: the DSS dictionary sits in an object stream of the update (type-2 entry); objstm-indirect-n writes the
// stream's /N as a reference to an integer object of the same update (xref.ts/document.ts: "an indirect /N, /First,
// /Filter or /DecodeParms" is refused, "a later revision could redefine them under unchanged entries").
const objstm = mode.startsWith("objstm");
const base = new Uint8Array(readFileSync(real ? "test/fixtures/real/broker-example/archive.pdf" : "samples/valid/archive.pdf"));
const prev = lastStartXref(base);
const tail = latin1Text(base.subarray(prev));
const size = Number(/\/Size\s*(\d+)/.exec(tail)![1]);
const get = (k: string) => new RegExp(`/${k}\\s*(\\d+\\s+\\d+\\s+R|\\[[^\\]]*\\])`).exec(tail)![1]!;
const root = Number(/^(\d+)/.exec(get("Root"))![1]);
// The catalog's dictionary text as qpdf prints it, with /DSS added.
const catalog = tool("qpdf", [`--show-object=${root}`, real ? "test/fixtures/real/broker-example/archive.pdf" : "samples/valid/archive.pdf"]).trim();
if (!catalog.startsWith("<<")) throw new Error(`no catalog text: ${catalog.slice(0, 80)}`);
const dss = size;
const xrefNum = size + 1 + (process.argv[2]?.startsWith("objstm") ? 3 : 0);
let at = base.length + (base[base.length - 1] === 0x0a ? 0 : 1);
const parts: Uint8Array[] = [base, latin1Bytes(base[base.length - 1] === 0x0a ? "" : "\n")];
const offsets = new Map<number, number>();
const obj = (num: number, body: string) => {
  offsets.set(num, at);
  const b = latin1Bytes(`${num} 0 obj\n${body}\nendobj\n`);
  parts.push(b);
  at += b.length;
};
obj(root, catalog.replace(/>>\s*$/, ` /DSS ${dss} 0 R >>`));
const nNum = size + 2; // objstm-indirect-n: the integer object /N refers to
const stmNum = size + 3;
if (!objstm) obj(dss, "<< /Type /DSS /Certs [] >>");
else {
  const body = "<< /Type /DSS /Certs [] >>";
  const header = `${dss} 0 `;
  const n = mode === "objstm-indirect-n" ? `${nNum} 0 R` : "1";
  if (mode === "objstm-indirect-n") obj(nNum, "1");
  obj(stmNum, `<< /Type /ObjStm /N ${n} /First ${header.length} /Length ${header.length + body.length} >>\nstream\n${header}${body}\nendstream`);
}
const listed = objstm
  ? [root, dss, ...(mode === "objstm-indirect-n" ? [nNum] : []), stmNum, xrefNum]
  : mode === "descending"
    ? [xrefNum, dss, root]
    : [root, dss, xrefNum];
const subsections = listed;
if (process.env.FORGE === "1") {
  const font = real ? "F1" : (/\/(\S+)\s+\d+\s+Tf/.exec(tool("qpdf", ["--show-object=5", "--filtered-stream-data", "samples/valid/archive.pdf"]))?.[1] ?? "F1");
  const text = `BT /${font} 20 Tf 60 760 Td (Husleje: 1 kr. pr. maaned) Tj ET`;
  const forged = latin1Bytes(`5 0 obj\n<< /Length ${text.length} >>\nstream\n${text}\nendstream\nendobj\n`);
  parts.push(forged);
  at += forged.length;
}
const xrefAt = at;
offsets.set(xrefNum, xrefAt);
const W = mode === "w-no-type" ? [0, 4, 2] : mode === "w-no-gen" ? [1, 4, 0] : [1, 4, 2];
const rows = subsections.map((n) => {
  const e = new Uint8Array(7);
  if (mode === "w-no-type" || mode === "w-no-gen") {
    new DataView(e.buffer).setUint32(1, offsets.get(n)!);
    e[0] = 1;
    return mode === "w-no-type" ? e.subarray(1, 7) : e.subarray(0, 5);
  }
  if (objstm && n === dss) {
    e[0] = 2;
    new DataView(e.buffer).setUint32(1, stmNum);
    return e;
  }
  e[0] = 1;
  new DataView(e.buffer).setUint32(1, offsets.get(n)!);
  return e;
});
const data = concat(...rows);
const index = subsections.map((n) => `${n} 1`).join(" ");
parts.push(
  latin1Bytes(
    `${xrefNum} 0 obj\n<< /Type /XRef /Size ${mode === "size-high" ? xrefNum + 2001 : xrefNum + 1} /W [${W.join(" ")}] /Index [${index}] /Root ${get("Root")} /Info ${get("Info")} /ID ${get("ID")} /Prev ${prev} /Length ${data.length} >>\nstream\n`,
  ),
  data,
  latin1Bytes(`\nendstream\nendobj\n${mode === "stray-trailer" ? `trailer\n<< /Root ${get("Root")} /A16 true >>\n` : ""}startxref\n${xrefAt}\n%%EOF\n`),
);
const out = concat(...parts);
const dir = work(`s11-index-${mode}${real ? "-real" : ""}`);
const file = save(dir, "archive.pdf", out);
console.log(`wrote ${file} (${mode}${real ? ", real archive" : ""}): /Index [${index}]`);
const v = real ? verify(file, ["--at", "2025-12-08T09:35:10Z"], "", "test/fixtures/real/broker-example/trust") : verify(file);
show(mode, v);
printReaders(file);
console.log(
  `== pdfinfo: ${tool("pdfinfo", [file])
    .split("\n")
    .filter((l) => /Pages|rror/i.test(l))
    .join(" | ")}`,
);
for (const l of pdfiumAndPdfjs(file, 60).filter((x) => /PDFium|pdf.js|p1:|attach|not run/.test(x))) console.log(`== ${l.trim()}`);
