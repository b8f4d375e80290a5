// Cross-checks against qpdf: our hand-built test files must be valid PDF to an independent reader, and files
// qpdf rewrites into object-stream form must read the same through our reader.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { listEmbeddedFiles, parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { addRevision, lastStartxref as lastStartxrefOf, LIMITS, minimalObjects, minimalPdf, text } from "./helpers.js";
import { wholeSource } from "../../src/input/source.js";

const hasQpdf = spawnSync("qpdf", ["--version"]).status === 0;
if (!hasQpdf) console.warn("test/pdf/qpdf.test.ts skipped: qpdf is not installed (apt-get install -y qpdf)");

describe.skipIf(!hasQpdf)("qpdf cross-check", () => {
  const dir = mkdtempSync(join(tmpdir(), "sealcheck-pdf-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const check = (name: string, bytes: Uint8Array) => {
    const file = join(dir, name);
    writeFileSync(file, bytes);
    const r = spawnSync("qpdf", ["--check", file], { encoding: "utf8" });
    return { status: r.status, out: r.stdout + r.stderr };
  };

  it("accepts our hand-built xref variants as valid", () => {
    const variants: Record<string, Uint8Array> = {
      table: minimalPdf("table"),
      stream: minimalPdf("stream"),
      predictor: addRevision(new Uint8Array(), {
        objects: minimalObjects(" /Extra 6 0 R"),
        compressed: [{ num: 6, body: "<< /A 1 >>" }],
        objStmNum: 5,
        xref: "stream",
        predictor: true,
        trailer: "/Root 1 0 R",
      }),
      hybrid: addRevision(new Uint8Array(), {
        objects: minimalObjects(" /Extra 6 0 R"),
        compressed: [{ num: 6, body: "<< /A 1 >>" }],
        objStmNum: 5,
        xref: "hybrid",
        trailer: "/Root 1 0 R",
      }),
      updated: addRevision(minimalPdf("table"), {
        objects: [{ num: 1, body: "<< /Type /Catalog /Pages 2 0 R /X 1 >>" }],
        xref: "stream",
        trailer: "/Root 1 0 R",
      }),
    };
    for (const [name, bytes] of Object.entries(variants)) {
      const r = check(`${name}.pdf`, bytes);
      expect(r.out, name).toContain("No syntax or stream encoding errors found");
      expect(() => parsePdf(wholeSource(bytes), LIMITS).latest().catalog(), name).not.toThrow();
    }
  });

  it("reads what qpdf --object-streams=generate writes", async () => {
    const d = await PDFDocument.create();
    d.addPage();
    d.addPage();
    await d.attach(new TextEncoder().encode("token"), "workflow_token.jwt", { mimeType: "application/octet-stream" });
    const input = join(dir, "in.pdf");
    const output = join(dir, "out.pdf");
    writeFileSync(input, await d.save({ useObjectStreams: false }));
    execFileSync("qpdf", ["--object-streams=generate", input, output]);
    const bytes = new Uint8Array(readFileSync(output));
    const doc = parsePdf(wholeSource(bytes), LIMITS);
    expect(doc.revisions).toHaveLength(1);
    expect(doc.revisions[0]!.xrefKind).toBe("stream");
    expect(doc.revisions[0]!.entries.some((e) => e.type === "compressed")).toBe(true);
    const v = doc.latest();
    expect(walkPages(v)).toHaveLength(2);
    const files = listEmbeddedFiles(v).files;
    expect(files.map((f) => f.name.text)).toEqual(["workflow_token.jwt"]);
    expect(Buffer.from(files[0]!.decode()).toString()).toBe("token");
  });

  for (const objectStreams of ["disable", "generate"]) {
    it(`reads a linearized file (qpdf --linearize, object streams ${objectStreams}) as one revision, and updates appended to it`, async () => {
      const d = await PDFDocument.create();
      for (let i = 0; i < 3; i++) d.addPage();
      const input = join(dir, `lin-in-${objectStreams}.pdf`);
      const output = join(dir, `lin-${objectStreams}.pdf`);
      writeFileSync(input, await d.save({ useObjectStreams: false }));
      execFileSync("qpdf", ["--linearize", `--object-streams=${objectStreams}`, input, output]);
      const bytes = new Uint8Array(readFileSync(output));
      const doc = parsePdf(wholeSource(bytes), LIMITS);
      expect(doc.revisions).toHaveLength(1);
      expect(doc.revisions[0]!.linearized).toBeDefined();
      expect(doc.revisions[0]!.endOffset).toBe(bytes.length);
      expect(walkPages(doc.latest())).toHaveLength(3);
      // An incremental update after linearization points its /Prev at the first-page section.
      const root = doc.revisions[0]!.trailer.entries.get("Root");
      const rootNum = root?.kind === "ref" ? root.num : 0;
      const catalog = doc.latest().catalog();
      const pagesRef = catalog.entries.get("Pages");
      const pages = pagesRef?.kind === "ref" ? `${pagesRef.num} ${pagesRef.gen} R` : "";
      const size = doc.latest().getInt(doc.revisions[0]!.trailer, "Size")!;
      const updated = addRevision(bytes, {
        objects: [{ num: rootNum, body: `<< /Type /Catalog /Pages ${pages} /Updated true >>` }],
        xref: "table",
        trailer: `/Root ${rootNum} 0 R`,
      });
      expect(lastStartxrefOf(updated)).toBeGreaterThan(bytes.length);
      expect(text(updated)).toContain(`/Prev ${doc.revisions[0]!.startxref}`);
      expect(size).toBeGreaterThan(rootNum);
      const doc2 = parsePdf(wholeSource(updated), LIMITS);
      expect(doc2.revisions).toHaveLength(2);
      expect(doc2.revisions[0]!.endOffset).toBe(bytes.length);
      expect(doc2.latest().catalog().entries.get("Updated")).toMatchObject({ value: true });
      expect(check(`lin-upd-${objectStreams}.pdf`, updated).out).toContain("No syntax or stream encoding errors found");
    });
  }

  it("reads qpdf's linearization-free rewrite with --qdf --object-streams=disable", () => {
    const input = join(dir, "pred.pdf");
    const output = join(dir, "qdf.pdf");
    writeFileSync(input, minimalPdf("stream"));
    execFileSync("qpdf", ["--qdf", "--object-streams=disable", input, output]);
    const v = parsePdf(wholeSource(new Uint8Array(readFileSync(output))), LIMITS).latest();
    expect(walkPages(v)).toHaveLength(1);
  });
});
