// a9 P1: a page added as a direct dictionary in /Kids (poppler, qpdf and PDFBox show it: 5 pages) was counted by
// object number, so not at all: "the pages were rearranged", and the approval policy's pageCountChanged was not
// applied. Pages are now counted as the page tree is walked, direct leaves too.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, type PDFRef } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { appendIncrementalUpdate, serializePdfObject } from "../../scripts/generator/index.js";
import { check, tempDir, trustDirectory } from "../helpers/fixtures.js";

/** `path` plus one revision whose /Kids gains a copy of the last page: direct, or (`indirect`) as an object. */
async function withPageCopied(path: string, indirect: boolean): Promise<string> {
  const src = new Uint8Array(readFileSync(path));
  const doc = await PDFDocument.load(src, { updateMetadata: false });
  const pagesRef = doc.catalog.get(PDFName.of("Pages")) as PDFRef;
  const pages = doc.context.lookup(pagesRef) as PDFDict;
  const kids = pages.lookup(PDFName.of("Kids")) as PDFArray;
  const copy = (doc.context.lookup(kids.get(kids.size() - 1)) as PDFDict).clone(doc.context);
  const objects: { num: number; body: Uint8Array }[] = [];
  if (indirect) {
    const ref = doc.context.nextRef();
    kids.push(ref);
    objects.push({ num: ref.objectNumber, body: serializePdfObject(copy) });
  } else kids.push(copy);
  pages.set(PDFName.of("Count"), PDFNumber.of((pages.lookup(PDFName.of("Count")) as PDFNumber).asNumber() + 1));
  objects.push({ num: pagesRef.objectNumber, body: serializePdfObject(pages) });
  const file = join(tempDir("sealcheck-p1-"), "file.pdf");
  writeFileSync(file, appendIncrementalUpdate(src, { objects }).bytes);
  return file;
}

describe("a page added as a direct dictionary (a9 P1)", () => {
  it.each([false, true])("after the seal (indirect: %s): 'A page was added after sealing'", async (indirect) => {
    const r = await verifyArchive({ evidence: await withPageCopied("samples/valid/archive.pdf", indirect), trust: [trustDirectory()] });
    expect(check(r, "seal-modifications").message).toContain("A page was added after sealing (revision 2)");
  });

  it.each([false, true])("after an approval signature (indirect: %s): pageCountChanged, failed / FORMAT_FAILURE", async (indirect) => {
    const r = await verifyArchive({ evidence: await withPageCopied("samples/attacks/later-approval-signature.pdf", indirect), trust: [trustDirectory()] });
    const a = r.pdfSignatures.find((p) => p.field === "Signature2")!;
    expect([a.status, a.subIndication]).toEqual(["failed", "FORMAT_FAILURE"]);
    expect(a.message).toContain("A page was added after signing");
  });
});
