// X1f: a9 X1c's FileAttachment annotation, written as a *direct* dictionary in the page's /Annots (ISO 32000 wants
// references there; poppler, pdf.js and qpdf take a direct one). pages.ts `refsIn` keeps only the references of
// /Annots, so carried-certificates.ts `fileSpecParts` (c8e1559) never sees it; pdfdetach lists and saves it.
//   npx tsx scripts/attack-s8b/anchor-direct-annot.ts [direct|honest]
// honest: the same annotation as an indirect object (a9's `annot`, fixed by c8e1559: named).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PDFArray, PDFDocument, PDFName, PDFString } from "pdf-lib";
import { pki, tool, verify } from "../attack36/lib.js";
import { utf8Bytes } from "../generator/index.js";
import { sealedArchive, written } from "./lib.js";

const mode = process.argv[2] ?? "direct";
if (!["direct", "honest"].includes(mode)) throw new Error(`mode: direct|honest, not ${mode}`);
const P = pki();
const rootPem = readFileSync("samples/pki/foreignRoot.pem", "latin1");
// The annotation is added to the document the generator builds, just before it is saved (pdf-lib's save patched
// for this one call), so it is part of the sealed revision.
const save0 = PDFDocument.prototype.save;
PDFDocument.prototype.save = function (this: PDFDocument, ...args: Parameters<PDFDocument["save"]>) {
  PDFDocument.prototype.save = save0;
  const ctx = this.context;
  const body = utf8Bytes(rootPem);
  const stream = ctx.flateStream(body, { Type: "EmbeddedFile", Subtype: "application/x-pem-file", Params: { Size: body.length } });
  const spec = ctx.obj({ Type: "Filespec", F: PDFString.of("ca-root.pem"), UF: PDFString.of("ca-root.pem"), EF: { F: ctx.register(stream) } });
  const page = this.getPages().at(-1)!;
  const annot = ctx.obj({
    Type: "Annot",
    Subtype: "FileAttachment",
    Rect: [540, 800, 560, 820],
    FS: spec,
    Contents: PDFString.of("ca-root.pem"),
    Name: "PushPin",
    F: 4,
  });
  const annots = page.node.lookupMaybe(PDFName.of("Annots"), PDFArray);
  const entry = mode === "direct" ? annot : ctx.register(annot);
  if (annots) annots.push(entry);
  else page.node.set(PDFName.of("Annots"), ctx.obj([entry]));
  return save0.apply(this, args);
};
const { pdf, originals } = await sealedArchive([], P);
const w = written(`s8b-x1f-${mode}`, "archive.pdf", pdf, originals);
console.log(`wrote ${w.file} (${mode})`);
console.log("== pdfdetach -list:\n" + tool("pdfdetach", ["-list", w.file]));
tool("pdfdetach", ["-saveall", "-o", w.dir, w.file]);
const given = join(w.dir, "ca-root.pem");
console.log(`pdfdetach saved ca-root.pem: ${readFileSync(given, "latin1") === rootPem ? "the foreign root, byte for byte" : "something else"}`);
const v = verify(w.file, ["--trust", given], w.originals);
const ta = v.report.checks.find((c) => c.id === "trust-anchors");
const sha = createHash("sha256")
  .update((P as unknown as { foreignRoot: { der: Uint8Array } }).foreignRoot.der)
  .digest("hex")
  .toUpperCase();
console.log(
  `== sealcheck verify archive.pdf originals --trust samples/trust --trust ${given}: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}`,
);
console.log(`   trust-anchors: ${ta?.status ?? "(no remark)"}; names the root (SHA-256 ${sha.slice(0, 16)}…): ${ta?.message.includes(sha) ? "yes" : "NO"}`);
