// a9 X1c: the anchor warning read only the name tree's /EF /F. A root the file carries as a page's FileAttachment
// annotation (pdfdetach lists and saves it) or as an attachment's /EF /UF (pdf.js opens /UF first) went unnamed:
// `verify --trust <that root>` was TOTAL-PASSED with no warning. Every file specification a reader extracts is
// read now: each /EF stream, the pages' FileAttachment annotations and the /AF arrays. a12 X1f: the annotation as a
// direct dictionary in /Annots (poppler takes it; pages.ts kept references only) went unnamed as well.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { archiveWithRoot } from "../../scripts/attack-s7/lib.js";
import { check, tempDir, trustDirectory } from "../helpers/fixtures.js";

describe("an anchor the file carries outside the name tree's /EF /F (a9 X1c)", () => {
  it.each(["annot", "direct", "uf", "honest"] as const)("%s: the given root is named in the anchor warning", async (mode) => {
    const dir = tempDir("sealcheck-x1c-");
    const file = join(dir, "archive.pdf");
    writeFileSync(file, (await archiveWithRoot(mode)).pdf);
    const root = readFileSync("samples/pki/foreignRoot.pem", "utf8");
    writeFileSync(join(dir, "ca-root.pem"), root);
    const r = await verifyArchive({ evidence: file, trust: [trustDirectory(), join(dir, "ca-root.pem")] });
    const c = check(r, "trust-anchors");
    expect(c.status).toBe("warning");
    expect(c.message).toContain('"Untrusted Test Root CA" (SHA-256 2CA7C39B');
    expect(c.message).toMatch(mode === "annot" || mode === "direct" ? /in the file attachment annotation on page \d+/ : /in the attachment "ca-root.pem"/);
  });
});
