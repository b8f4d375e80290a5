// a12 X1d and X1g: an anchor the evidence carries where the carried-certificate list did not look. X1d: the root as
// "ca-root.pem" attached to an attached PDF "appendix.pdf" (deflated, as every writer stores it: pdfdetach on what
// pdfdetach wrote gives it); X1g: the root in a field of the evidence JSON that sealcheck does not read. Both were
// TOTAL-PASSED with the root named nowhere. An attached PDF is opened as a PDF now (two deep), and every string of
// the JSON forms is searched for the anchors.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { verifyArchive, type ArchiveReport } from "../../src/index.js";
import { buildWorkflowEvidence, createSealedPades, evidenceAttachments, utf8Bytes } from "../../scripts/generator/index.js";
import { tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const ROOT_PEM = readFileSync("samples/pki/foreignRoot.pem", "latin1");
const remark = (r: ArchiveReport) => r.checks.find((c) => c.id === "trust-anchors");
const sha = (der: Uint8Array) => createHash("sha256").update(der).digest("hex").toUpperCase();

/** A one-page PDF with `inner` attached (deflated, or `stored` raw). */
async function pdfWith(inner: { name: string; bytes: Uint8Array }, stored = false): Promise<Uint8Array> {
  const d = await PDFDocument.create();
  d.addPage([595, 842]);
  if (!stored) await d.attach(inner.bytes, inner.name, { mimeType: "application/octet-stream" });
  else {
    const ctx = d.context;
    const stream = ctx.stream(inner.bytes, { Type: "EmbeddedFile", Params: { Size: inner.bytes.length } });
    const spec = ctx.register(ctx.obj({ Type: "Filespec", F: PDFString.of(inner.name), UF: PDFString.of(inner.name), EF: { F: ctx.register(stream) } }));
    d.catalog.set(PDFName.of("Names"), ctx.obj({ EmbeddedFiles: { Names: [PDFString.of(inner.name), spec] } }));
  }
  return d.save();
}

async function sealedWith(extra: { name: string; bytes: Uint8Array }) {
  const P = testPki();
  const e = await buildWorkflowEvidence({ pki: P });
  const bytes = await createSealedPades(P, { originals: e.originals.map((d) => d.bytes), attachments: [extra, ...evidenceAttachments(e)] });
  const dir = tempDir("sealcheck-x1d-");
  const rootFile = join(dir, "ca-root.pem");
  writeFileSync(rootFile, ROOT_PEM);
  mkdirSync(join(dir, "originals"));
  for (const o of e.originals) writeFileSync(join(dir, "originals", o.fileName), o.bytes);
  return { bytes, rootFile, originals: join(dir, "originals") };
}

describe("an anchor attached to an attached PDF (a12 X1d)", () => {
  const root = () => ({ name: "ca-root.pem", bytes: utf8Bytes(ROOT_PEM) });
  for (const mode of ["nested", "stored", "twice", "honest"] as const) {
    it(`${mode}: verify --trust <that root> names it where it is`, async () => {
      const extra =
        mode === "honest"
          ? root()
          : mode === "twice"
            ? { name: "appendix.pdf", bytes: await pdfWith({ name: "inner.pdf", bytes: await pdfWith(root()) }) }
            : { name: "appendix.pdf", bytes: await pdfWith(root(), mode === "stored") };
      const x = await sealedWith(extra);
      const r = await verifyArchive({ evidence: { name: "archive.pdf", bytes: x.bytes }, trust: ["samples/trust", x.rootFile], originals: [x.originals] });
      const ta = remark(r);
      expect(ta?.status).toBe("warning");
      expect(ta?.message).toContain(sha(testPki().foreignRoot.der));
      if (mode === "honest") expect(ta?.message).toMatch(/in the attachment "ca-root\.pem"/);
      else if (mode === "twice")
        expect(ta?.message).toMatch(/the attachment "appendix\.pdf", in it the attachment "inner\.pdf", in it the attachment "ca-root\.pem"/);
      else expect(ta?.message).toMatch(/the attachment "appendix\.pdf", in it the attachment "ca-root\.pem"/);
      // A PDF is not called "too large to list", and nothing reassures.
      expect(ta?.message).not.toMatch(/too large to list|looked for in their bytes\.$/);
    }, 60_000);
  }

  it("a PDF three deep is said to be not opened: the anchor warning says an anchor may be carried there", async () => {
    const deep = await pdfWith({ name: "c.pdf", bytes: await pdfWith({ name: "b.pdf", bytes: await pdfWith(root()) }) });
    const x = await sealedWith({ name: "a.pdf", bytes: deep });
    const r = await verifyArchive({ evidence: { name: "archive.pdf", bytes: x.bytes }, trust: ["samples/trust", x.rootFile], originals: [x.originals] });
    const ta = remark(r);
    expect(ta?.status).toBe("warning");
    expect(ta?.message).toMatch(/"b\.pdf" is a PDF inside 2 attached PDF\(s\): its own files were not opened/);
    expect(ta?.message).toMatch(/A trust anchor given may be a certificate the evidence carries there/);
  }, 60_000);
});

describe("an anchor in a field of the evidence JSON that sealcheck does not read (a12 X1g)", () => {
  for (const [form, file, at] of [
    ["workflowtoken.json", "samples/valid/workflowtoken.json", "2025-12-08T09:00:00Z"],
    ["pades.json", "samples/valid/pades.json", undefined],
  ] as const) {
    it(`${form} + "issuerCertificatePem": the root is named in the anchor warning`, async () => {
      const json = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
      json.issuerCertificatePem = ROOT_PEM;
      const dir = tempDir("sealcheck-x1g-");
      writeFileSync(join(dir, form), JSON.stringify(json, null, 2));
      writeFileSync(join(dir, "root.pem"), ROOT_PEM);
      const r = await verifyArchive({
        evidence: join(dir, form),
        trust: [trustDirectory(), join(dir, "root.pem")],
        originals: ["samples/valid/originals"],
        ...(at ? { at: new Date(at) } : {}),
      });
      const ta = remark(r);
      expect(ta?.status).toBe("warning");
      expect(ta?.message).toContain(sha(testPki().foreignRoot.der));
      expect(ta?.message).toMatch(/in the JSON's field "issuerCertificatePem"/);
    }, 60_000);
  }

  it("the root as base64 DER in a nested field is found too", async () => {
    const json = JSON.parse(readFileSync("samples/valid/workflowtoken.json", "utf8")) as Record<string, unknown>;
    json.extra = { anchors: [Buffer.from(testPki().foreignRoot.der).toString("base64")] };
    const dir = tempDir("sealcheck-x1g-");
    writeFileSync(join(dir, "workflowtoken.json"), JSON.stringify(json));
    writeFileSync(join(dir, "root.pem"), ROOT_PEM);
    const r = await verifyArchive({
      evidence: join(dir, "workflowtoken.json"),
      trust: [trustDirectory(), join(dir, "root.pem")],
      originals: ["samples/valid/originals"],
      at: new Date("2025-12-08T09:00:00Z"),
    });
    expect(remark(r)?.message).toMatch(/in the JSON's field "extra\.anchors\[0\]"/);
  }, 60_000);
});
