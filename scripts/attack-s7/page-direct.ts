// P1: a page added as a *direct* dictionary in the page tree's /Kids (ISO 32000 requires kids to be indirect,
// but poppler (pdfinfo, pdftoppm: "Kid object (page 5) is not an indirect reference", then renders it), qpdf
// ("converting to indirect") and /Count show it as one more page). `ChangeAnalysis.pages` counts pages by
// their object number (`p.ref ? ... : []`), so the direct page is no page: the page count of the signed revision
// and the latest are equal, the change is "pages-rearranged", the approval policy's `pageCountChanged` (failed,
// FORMAT_FAILURE) is not applied, and the reader's words say "The pages were rearranged".
//   npx tsx scripts/attack-s7/page-direct.ts [approval|seal|approval-honest|seal-honest]
// approval: samples/attacks/later-approval-signature.pdf (Signature2, an approval signature, revision 2) plus a
// revision appending a copy of the last page, direct. seal: samples/valid/archive.pdf likewise.
// *-honest: the copy as an indirect object (a page added as a writer adds it).
import { readdirSync, readFileSync } from "node:fs";
import { PDFDocument, PDFName, PDFArray, PDFDict, PDFNumber, PDFRef } from "pdf-lib";
import { appendIncrementalUpdate, serializePdfObject } from "../generator/incremental.js";
import { save, tool, verify, work } from "../attack36/lib.js";

const mode = process.argv[2] ?? "approval";
if (!["approval", "seal", "approval-honest", "seal-honest"].includes(mode)) throw new Error(`mode: approval|seal|approval-honest|seal-honest, not ${mode}`);
const approval = mode.startsWith("approval");
const honest = mode.endsWith("honest");
const src = new Uint8Array(readFileSync(approval ? "samples/attacks/later-approval-signature.pdf" : "samples/valid/archive.pdf"));
const doc = await PDFDocument.load(src, { updateMetadata: false });
const pagesRef = doc.catalog.get(PDFName.of("Pages")) as PDFRef;
const pages = doc.context.lookup(pagesRef) as PDFDict;
const kids = pages.lookup(PDFName.of("Kids")) as PDFArray;
const last = doc.context.lookup(kids.get(kids.size() - 1)) as PDFDict;
const copy = last.clone(doc.context);
const objects: { num: number; body: Uint8Array }[] = [];
if (honest) {
  const ref = doc.context.nextRef();
  kids.push(ref);
  objects.push({ num: ref.objectNumber, body: serializePdfObject(copy) });
} else kids.push(copy);
pages.set(PDFName.of("Count"), PDFNumber.of((pages.lookup(PDFName.of("Count")) as PDFNumber).asNumber() + 1));
objects.push({ num: pagesRef.objectNumber, body: serializePdfObject(pages) });
const up = appendIncrementalUpdate(src, { objects });
const dir = work(`s7-p1-${mode}`);
const file = save(dir, "file.pdf", up.bytes);
console.log(`wrote ${file} (${mode}): the last page copied${honest ? " (indirect)" : " as a direct dictionary in /Kids"}`);
console.log(
  `== pdfinfo: ${tool("pdfinfo", [file])
    .split("\n")
    .find((l) => l.startsWith("Pages"))}`,
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
console.log(`   seal-modifications: ${m?.status}: ${m?.message.slice(0, 300)}`);
