// W1: a visible change said in harmless words. The reader's-words mapping (seal-modifications, issue 37 part 6)
// names a changed object by the first "structural" context it is used in (rules.ts locusOf / analyse.ts): an
// object that is page content *and* something structural is judged as the structural thing only ("generic" is
// dropped when a structural context is there). A revision that rewrites page 1's content stream (the rent
// "9.500 kr." becomes "1 kr.") and also names that stream as the trailer's /Info makes the statement say "the
// document information (title, author, dates) changed after sealing", nothing about page 1, and the first four
// lines of object detail name only /Info keys. The verdict stays
// TOTAL-FAILED / HASH_FAILURE; what the statement tells the reader is the harmless change.
// W1b (`crowd`): no trick at all, only order. Groups are said in the order of their first finding (trailer, then
// objects by number) and the statement shows four; the same content change beside what LTV tools also write
// (XMP metadata, /Info /ModDate, the form's /DA, a viewer setting), all in objects numbered below page 1's
// content (the catalog 2, /Info 3), pushes "page 1's content changed" to "and 1 more change(s)".
// W1c (`inject`): the words quote names taken from the changed revision: a form field's full name (80
// characters) and an annotation's subtype (40). The seal's own widget renamed in the same revision puts the
// attacker's sentence into the reason: with the /Info trick, "The document information … changed after sealing;
// … the form field "Signature1" was renamed by the archive's PDF/A tool; no visible change; "…"'s appearance
// changed after sealing". A quote in the name closes the quotation.
//   npx tsx scripts/attack-s4/words-content-as-info.ts [honest|info|crowd|inject]
// honest: the same content change alone: "Page 1's content changed after sealing".
import { dss, sample, save, tool, verify, work } from "../attack36/lib.js";
import { appendRaw, forgedRent, streamBody, streamData, type RawObject } from "./raw.js";

const mode = process.argv[2] ?? "info";
if (!["honest", "info", "crowd", "inject"].includes(mode)) throw new Error("mode: honest | info | crowd | inject");
const base = sample("valid/archive.pdf");
// Page 1's content is object 5, the catalog 2, the document information 3 (qpdf --show-pages of the sample).
const content = streamBody("", forgedRent(streamData(base, 5)));
const objects: RawObject[] = [{ num: 5, body: content }];
if (mode === "crowd") {
  // The catalog as sealed, its /AcroForm (object 25) made direct with a /DA, XMP metadata and a viewer setting.
  const xmp = '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"/><?xpacket end="w"?>';
  objects.push({ num: 26, body: streamBody("/Type /Metadata /Subtype /XML", xmp) });
  objects.push({
    num: 2,
    body:
      "<< /AcroForm << /Fields [ 23 0 R ] /SigFlags 3 /DA (/Helv 0 Tf 0 g) >> /Extensions << /ESIC << /BaseVersion /1.7 /ExtensionLevel 2 >> >> " +
      "/Names << /EmbeddedFiles 24 0 R >> /Pages 1 0 R /Perms << /DocMDP 22 0 R >> /Type /Catalog /Metadata 26 0 R /PageMode /UseNone >>",
  });
  objects.push({ num: 3, body: "<< /CreationDate (D:20251208083635Z) /ModDate (D:20261128090000Z) >>" });
}
let trailer = "/Root 2 0 R /Info 3 0 R";
if (mode === "info" || mode === "inject") trailer = "/Root 2 0 R /Info 5 0 R";
if (mode === "inject") {
  // The seal's widget and field (object 23) as sealed, but for its /T.
  const name = `Signature1" was renamed by the archive's PDF/A tool; no visible change; "Sig`;
  objects.push({
    num: 23,
    body: `<< /F 132 /FT /Sig /P 6 0 R /Rect [ 0 0 0 0 ] /Subtype /Widget /T (${name.replace(/([()\\])/g, "\\$1")}) /Type /Annot /V 22 0 R >>`,
  });
}
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
    .filter((l) => /Signature Validation|total document/i.test(l))
    .join(" | "),
);
dss(file);
