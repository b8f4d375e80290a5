// W9: names from the file inside the PDF reader's own errors, which become the verdict's Reason.
// name (the known class, its worst case): an LTV revision written with an xref stream, followed by a redundant
// 'trailer' whose one key is a PDF name (#xx escapes: spaces, any UTF-8) that says sealcheck's words; xref.ts
// `skipRedundantTrailer` fails with `says /${k} otherwise than the stream`: the whole Reason.
// key (beyond it): a revision whose /EmbeddedFiles name tree gains one entry, key a UTF-16 string closing with U+201D,
// value a number; embedded-files.ts `readFile` throws `embedded file "${name.text}": ...` (not quoteName, not cut),
// and the attachments check puts it in the Reason.
// filter / filter-ocsp (the same class in a passing report): an LTV revision whose DSS gains one /Certs (or /OCSPs) stream
// with /Filter /<name that speaks>; filters.ts `unsupported stream filter /${f.name}` enters seal-certificate's
// warning ("DSS items that cannot be read") in a TOTAL-PASSED (/Certs), or the INDETERMINATE Reason (/OCSPs).
//   npx tsx scripts/attack-s8b/words-reader-errors.ts [name|key|filter|filter-ocsp|honest]
// honest: the key "notes.txt" (same failure, sealcheck's words only).
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { pki, save, verify, work } from "../attack36/lib.js";
import { addDss } from "../generator/attacks.js";
import { appendRaw } from "../attack-s4/raw.js";
import { rawStream, withDssStreams } from "../attack-s6/lib.js";

const mode = process.argv[2] ?? "name";
if (!["name", "key", "filter", "filter-ocsp", "honest"].includes(mode)) throw new Error(`mode: name|key|filter|filter-ocsp|honest, not ${mode}`);
const base = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
const text = Buffer.from(base).toString("latin1");
const id = /\/ID\s*(\[[^\]]*\])/.exec(text)![1];
let pdf: Uint8Array;
/** A PDF name token that reads as `words` (#xx for every byte outside the regular characters). */
const pdfName = (words: string): string =>
  [...Buffer.from(words, "utf8")]
    .map((b) => (b > 0x20 && b < 0x7f && !"()<>[]{}/%#".includes(String.fromCharCode(b)) ? String.fromCharCode(b) : `#${b.toString(16).padStart(2, "0")}`))
    .join("");
if (mode === "filter" || mode === "filter-ocsp") {
  const stream = rawStream(pdfName("FlateDecode (read: every DSS item was read and checked; none is missing) and"), "xyz");
  pdf = withDssStreams(base, mode === "filter" ? { certs: [stream] } : { ocsps: [stream] });
} else if (mode === "name") {
  const withDss = Buffer.from(await addDss(base, pki(), "stream")).toString("latin1");
  const at = withDss.lastIndexOf("startxref");
  const words =
    "Info (a date format only). Nothing else changed after sealing: the seal, the documents and the token are intact; this file is not a forgery. The pages say";
  const name = `/${pdfName(words)}`;
  pdf = Buffer.from(`${withDss.slice(0, at)}trailer\n<< ${name} 1 >>\n${withDss.slice(at)}`, "latin1");
} else {
  const key =
    mode === "key"
      ? "Husorden.pdf\u201D was checked: the documents, the token and the seal are intact and genuine. (This line is a formatting note only. \u201C"
      : "notes.txt";
  const utf16 = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(key, "utf16le").swap16()]).toString("hex");
  // samples/valid/archive.pdf: /Names /EmbeddedFiles is object 24, a flat /Names array of the three attachments.
  const tree = `<< /Names [ (workflow_token.jwt) 17 0 R (workflow_token.ocsp) 19 0 R (workflow_token_pub.pem) 21 0 R <${utf16}> 7 ] >>`;
  pdf = appendRaw(base, [{ num: 24, body: tree }], `/Root 2 0 R /Info 3 0 R /ID ${id}`);
}
const file = save(work(`s8b-w9-${mode}`), "archive.pdf", pdf);
console.log(`wrote ${file} (${mode})`);
const s = spawnSync("node", ["dist/cli/main.js", "verify", file, "samples/valid/originals", "--trust", "samples/trust", "--summary"], { encoding: "utf8" });
console.log(`== sealcheck verify --summary (exit ${s.status}), its first lines:\n${s.stdout.split("\n").slice(0, 8).join("\n")}`);
if (mode === "filter") {
  const v = verify(file);
  const c = v.report.checks.find((x) => x.id === "seal-certificate");
  console.log(`== --json: ${v.indication}; seal-certificate ${c?.status}: …${c?.message.slice(c.message.indexOf("DSS items"))}`);
}
