// S1: the seal's outcome fact disagrees with its checks. The document-timestamps stage builds the report's entry
// for every PDF signature, and the seal's entry "repeats the seal's outcome" from the facts seal-signature,
// seal-timestamp and seal-certificate established (pdf-signatures.ts fromSealJudgements); seal-modifications is
// not among them. Page 1's content changed after the DocMDP P=1 certification: the verdict is TOTAL-FAILED /
// HASH_FAILURE, and the statement's seal section and the JSON's pdfSignatures say "Signature1: certification
// (P 1), revision 1, passed" (details.changesAfter.withinPermission false, further down).
//   npx tsx scripts/attack-s4/seal-entry-passed.ts [honest]
// honest: the genuine sample: TOTAL-PASSED, the entry passed.
import { sample, save, tool, verify, work } from "../attack36/lib.js";
import { appendRaw, forgedRent, streamBody, streamData } from "./raw.js";

const honest = process.argv[2] === "honest";
const base = sample("valid/archive.pdf");
const out = honest ? base : appendRaw(base, [{ num: 5, body: streamBody("", forgedRent(streamData(base, 5))) }], "/Root 2 0 R /Info 3 0 R");
const file = save(work(`s1-${honest ? "honest" : "attack"}`), "archive.pdf", out);
const v = verify(file);
const report = v.report as unknown as {
  checks: { id: string; status: string; subIndication: string | null }[];
  pdfSignatures: { field: string; kind: string; status: string; details: { changesAfter?: { level: string; withinPermission: boolean } } }[];
};
const mods = report.checks.find((c) => c.id === "seal-modifications")!;
console.log(`== sealcheck: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}; seal-modifications ${mods.status} ${mods.subIndication ?? ""}`);
for (const s of report.pdfSignatures)
  console.log(`   pdfSignatures: ${s.field} (${s.kind}) status ${s.status}; changesAfter ${JSON.stringify(s.details.changesAfter ?? null)}`);
const text = tool("node", ["dist/cli/main.js", "verify", file, "samples/valid/originals", "--trust", "samples/trust"]);
console.log(
  "== the statement says:",
  text
    .split("\n")
    .find((l) => l.includes("PDF signatures"))
    ?.trim(),
);
console.log(
  "== pdfsig:",
  tool("pdfsig", [file])
    .split("\n")
    .filter((l) => /Signature Validation|total document/i.test(l))
    .map((l) => l.trim())
    .join(" | "),
);
