// X1d: attack-s5c X1's class one level down: the forger's root is an attachment of an attached PDF. The sealed
// archive carries a fourth attachment "appendix.pdf" (a PDF, sealed with the evidence, A3: a sealed fourth attachment
// is fine), whose own /EmbeddedFiles holds "ca-root.pem" as a FlateDecode stream (pdf-lib's attach, as every writer
// stores it). pdfdetach -saveall writes appendix.pdf; pdfdetach on it writes ca-root.pem; Acrobat and pdf.js open an
// attached PDF in place and list its attachments. carried-certificates.ts reads appendix.pdf's bytes as certificates
// (none) and searches them for the anchors' DER and PEM bodies: the root is there only deflated.
//   npx tsx scripts/attack-s8b/anchor-nested.ts [nested|stored|honest]
// stored: the inner PDF's ca-root.pem stored without a filter (the byte search finds its PEM: named).
// honest: the root as a plain fourth attachment "ca-root.pem" (attack-s5b C1, fixed: named).
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PDFDocument, PDFName, PDFString, StandardFonts } from "pdf-lib";
import { pki, save, tool, verify, work } from "../attack36/lib.js";
import { buildWorkflowEvidence, evidenceAttachments, utf8Bytes } from "../generator/index.js";
import { preparePades, sealPrepared } from "../generator/pdf.js";

const mode = process.argv[2] ?? "nested";
if (!["nested", "stored", "honest"].includes(mode)) throw new Error(`mode: nested|stored|honest, not ${mode}`);
const P = pki();
const rootPem = readFileSync("samples/pki/foreignRoot.pem", "latin1");

/** A one-page PDF "Appendix: the CA's root" with ca-root.pem attached (deflated, or `stored` raw). */
async function appendix(stored: boolean): Promise<Uint8Array> {
  const d = await PDFDocument.create();
  const page = d.addPage([595, 842]);
  page.drawText("Appendix: the CA certificate used for the seal (attached).", { x: 50, y: 780, size: 12, font: await d.embedFont(StandardFonts.Helvetica) });
  const body = utf8Bytes(rootPem);
  if (!stored) await d.attach(body, "ca-root.pem", { mimeType: "application/x-pem-file", description: "CA root" });
  else {
    const ctx = d.context;
    const stream = ctx.stream(body, { Type: "EmbeddedFile", Params: { Size: body.length } });
    const spec = ctx.register(ctx.obj({ Type: "Filespec", F: PDFString.of("ca-root.pem"), UF: PDFString.of("ca-root.pem"), EF: { F: ctx.register(stream) } }));
    d.catalog.set(PDFName.of("Names"), ctx.obj({ EmbeddedFiles: { Names: [PDFString.of("ca-root.pem"), spec] } }));
  }
  return d.save();
}

const e = await buildWorkflowEvidence({ pki: P });
const attachments = evidenceAttachments(e);
if (mode === "honest") attachments.unshift({ name: "ca-root.pem", bytes: utf8Bytes(rootPem) });
else attachments.unshift({ name: "appendix.pdf", bytes: await appendix(mode === "stored") });
const p = await preparePades({ originals: e.originals.map((d) => d.bytes), attachments });
const pdf = sealPrepared(p, P, { certificates: [P.seal, P.sealRoot] });

const dir = work(`s8b-x1d-${mode}`);
const file = save(dir, "archive.pdf", pdf);
mkdirSync(join(dir, "originals"));
for (const o of e.originals) writeFileSync(join(dir, "originals", o.fileName), o.bytes);
console.log(`wrote ${file} (${mode})`);
console.log("== pdfdetach -list archive.pdf:\n" + tool("pdfdetach", ["-list", file]));
mkdirSync(join(dir, "det"));
tool("pdfdetach", ["-saveall", "-o", join(dir, "det"), file]);
let rootFile = join(dir, "det", "ca-root.pem");
if (mode !== "honest") {
  const inner = join(dir, "det", "appendix.pdf");
  console.log("== pdfdetach -list det/appendix.pdf:\n" + tool("pdfdetach", ["-list", inner]));
  mkdirSync(join(dir, "det2"));
  tool("pdfdetach", ["-saveall", "-o", join(dir, "det2"), inner]);
  rootFile = join(dir, "det2", "ca-root.pem");
}
console.log(`the reader saved ca-root.pem: ${readFileSync(rootFile, "latin1") === rootPem ? "the foreign root, byte for byte" : "something else"}`);
const v = verify(file, ["--trust", rootFile], join(dir, "originals"));
const ta = v.report.checks.find((c) => c.id === "trust-anchors");
const sha = createHash("sha256")
  .update((P as unknown as { foreignRoot: { der: Uint8Array } }).foreignRoot.der)
  .digest("hex")
  .toUpperCase();
console.log(
  `== sealcheck verify archive.pdf originals --trust samples/trust --trust ${rootFile}: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}`,
);
console.log(`   trust-anchors: ${ta?.status ?? "(no remark)"}; names the root (SHA-256 ${sha.slice(0, 16)}…): ${ta?.message.includes(sha) ? "yes" : "NO"}`);
console.log(`   message: ${ta?.message ?? ""}`);
