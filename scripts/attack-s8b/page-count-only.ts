// P1b: a9 P1's class by /Count. A revision sets the page tree's /Count from 4 to 5 and adds no leaf. poppler (pdfinfo
// "Pages: 5", pdftoppm renders 5 pages, the fifth blank) and PDFBox (PDPageTree.getCount, what EU DSS's
// PdfPageDifference compares) take /Count; d64b9ba counts the leaves walkPages gives (4), so the change is "pages
// rearranged", and after an approval signature the policy's permissionExceeded (warning) applies, not
// pageCountChanged (failed, FORMAT_FAILURE, as EU DSS).
//   npx tsx scripts/attack-s8b/page-count-only.ts [approval|seal|approval-honest|seal-honest]
// approval: samples/attacks/later-approval-signature.pdf (Signature2, approval, revision 2) plus the revision; seal:
// samples/valid/archive.pdf likewise. *-honest: a fifth page added as a writer adds it (a copy of the last, indirect).
// With DSS=1: EU DSS's verdicts (../shared/tools/dss).
import { readdirSync, readFileSync } from "node:fs";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef } from "pdf-lib";
import { appendIncrementalUpdate, serializePdfObject } from "../generator/incremental.js";
import { dss, save, tool, verify, work } from "../attack36/lib.js";

const mode = process.argv[2] ?? "approval";
if (!["approval", "seal", "approval-honest", "seal-honest"].includes(mode)) throw new Error(`mode: approval|seal|approval-honest|seal-honest, not ${mode}`);
const approval = mode.startsWith("approval");
const honest = mode.endsWith("honest");
const src = new Uint8Array(readFileSync(approval ? "samples/attacks/later-approval-signature.pdf" : "samples/valid/archive.pdf"));
const doc = await PDFDocument.load(src, { updateMetadata: false });
const pagesRef = doc.catalog.get(PDFName.of("Pages")) as PDFRef;
const pages = doc.context.lookup(pagesRef) as PDFDict;
const objects: { num: number; body: Uint8Array }[] = [];
if (honest) {
  const kids = pages.lookup(PDFName.of("Kids")) as PDFArray;
  const copy = (doc.context.lookup(kids.get(kids.size() - 1)) as PDFDict).clone(doc.context);
  const ref = doc.context.nextRef();
  kids.push(ref);
  objects.push({ num: ref.objectNumber, body: serializePdfObject(copy) });
}
pages.set(PDFName.of("Count"), PDFNumber.of((pages.lookup(PDFName.of("Count")) as PDFNumber).asNumber() + 1));
objects.push({ num: pagesRef.objectNumber, body: serializePdfObject(pages) });
const up = appendIncrementalUpdate(src, { objects });
const dir = work(`s8b-p1b-${mode}`);
const file = save(dir, "file.pdf", up.bytes);
console.log(`wrote ${file} (${mode}): ${honest ? "a fifth page (indirect copy of the last), /Count 5" : "/Count 4 -> 5, /Kids unchanged"}`);
console.log(
  `== pdfinfo: ${tool("pdfinfo", [file])
    .split("\n")
    .find((l) => l.startsWith("Pages"))}; qpdf --show-npages: ${tool("qpdf", ["--show-npages", file])}`,
);
tool("pdftoppm", ["-r", "10", "-png", file, `${dir}/page`]);
console.log(`== pdftoppm: ${readdirSync(dir).filter((f) => f.startsWith("page")).length} pages rendered`);
const v = verify(file, [], approval ? "" : "samples/valid/originals");
console.log(`== sealcheck verify: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}`);
const r = v.report as unknown as {
  checks: { id: string; status: string; message: string }[];
  pdfSignatures: { field: string; status: string; subIndication: string | null; message: string; details: Record<string, unknown> }[];
};
if (approval) {
  const a = r.pdfSignatures.find((p) => p.field === "Signature2")!;
  console.log(`   Signature2 (approval): ${a.status}${a.subIndication ? ` / ${a.subIndication}` : ""}; rule ${JSON.stringify(a.details.approvalPolicy)}`);
  console.log(`   ${a.message.slice(0, 300)}`);
}
const m = r.checks.find((c) => c.id === "seal-modifications");
console.log(`   seal-modifications: ${m?.status}: ${m?.message.slice(0, 200)}`);
dss(file, "2025-12-10T00:00:00Z");
