// a10: samples/valid/archive.pdf (genuine) plus one LTV-only revision whose DSS lists one CRL stream whose /Length is
// 1 byte short (qpdf and PDFBox recover it). mode honest: /Length right.
import { sample, save, show, tool, verify, work } from "../attack36/lib.js";
import { withDssStreams } from "./lib.js";
const mode = process.argv[2] ?? "short";
const body = "0123456789abcdef";
const len = mode === "honest" ? body.length : body.length - 1;
const file = save(
  work(`a10-badlen-${mode}`),
  "archive.pdf",
  withDssStreams(sample("valid/archive.pdf"), { crls: [{ raw: `<< /Length ${len} >>\nstream\n${body}\nendstream` }] }),
);
show(mode, verify(file));
console.log("== qpdf --check:", tool("qpdf", ["--check", file]).split("\n").slice(-1).join(" / "));
console.log(
  "== pdfsig:",
  tool("pdfsig", [file])
    .split("\n")
    .filter((l) => /Signature Validation/i.test(l))
    .join(" | "),
);
console.log("== pdftotext p1:", tool("pdftotext", ["-l", "1", file, "-"]).slice(0, 80).replace(/\s+/g, " "));
