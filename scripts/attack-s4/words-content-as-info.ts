// W1: a visible change said in harmless words. The reader's-words mapping (seal-modifications, issue 37 part 6)
// names a changed object by the first "structural" context it is used in (rules.ts locusOf / analyse.ts): an
// object that is page content *and* something structural is judged as the structural thing only ("generic" is
// dropped when a structural context is there). A revision that rewrites page 1's content stream (the rent
// "9.500 kr." becomes "1 kr.") and also names that stream as the trailer's /Info makes the statement say "the
// document information (title, author, dates) changed after sealing", nothing about page 1, and the first four
// lines of object detail name only /Info keys. The verdict stays
// TOTAL-FAILED / HASH_FAILURE; what the statement tells the reader is the harmless change.
//   npx tsx scripts/attack-s4/words-content-as-info.ts [honest|info]
// honest: the same content change alone: "Page 1's content changed after sealing".
import { dss, sample, save, tool, verify, work } from "../attack36/lib.js";
import { appendRaw, forgedRent, streamBody, streamData } from "./raw.js";

const mode = process.argv[2] ?? "info";
if (!["honest", "info"].includes(mode)) throw new Error("mode: honest | info");
const base = sample("valid/archive.pdf");
// Page 1's content is object 5, the catalog 2, the document information 3 (qpdf --show-pages of the sample).
const content = streamBody("", forgedRent(streamData(base, 5)));
const objects = [{ num: 5, body: content }];

let trailer = "/Root 2 0 R /Info 3 0 R";
if (mode === "info") trailer = "/Root 2 0 R /Info 5 0 R";
const out = appendRaw(base, objects, trailer);
const file = save(work(`w1-${mode}`), "archive.pdf", out);
console.log(`wrote ${file} (${mode})`);
const v = verify(file);
console.log(`== sealcheck: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}`);
const c = v.report.checks.find((x) => x.id === "seal-modifications") as unknown as {
  status: string;
  message: string;
  details?: { summary?: string; changes?: { says: string }[] };
};
console.log(`   seal-modifications ${c.status}`);
console.log(`   reader's words (statement): ${c.details?.summary ?? "-"}`);
console.log(`   groups: ${(c.details?.changes ?? []).map((g) => g.says).join(" | ")}`);
console.log(`   message: ${c.message.slice(0, 600)}`);
const human = tool("node", ["dist/cli/main.js", "verify", file, "samples/valid/originals", "--trust", "samples/trust", "--summary"]);
console.log("== sealcheck --summary (what the auditor reads):");
console.log(
  human
    .split("\n")
    .filter((l) => /after sealing|Verdict|Reason/.test(l))
    .slice(0, 6)
    .join("\n"),
);
console.log(
  "== pdftotext page 1:",
  tool("pdftotext", ["-f", "1", "-l", "1", file, "-"])
    .split("\n")
    .find((l) => l.startsWith("Husleje")),
);
console.log("== pdfinfo:", tool("pdfinfo", [file]).split("\n").slice(0, 3).join(" | "));
console.log("== qpdf --check:", tool("qpdf", ["--check", file]).split("\n").slice(-1)[0]);
console.log(
  "== pdfsig:",
  tool("pdfsig", [file])
    .split("\n")
    .filter((l) => /Signature Validation|Total document|not total/.test(l))
    .join(" | "),
);
dss(file);
