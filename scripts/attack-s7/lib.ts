// Helpers of the attack-s7 scripts (a9) and of the tests made from them.
import { readFileSync } from "node:fs";
import { PDFDict, PDFDocument, PDFName, PDFString } from "pdf-lib";
import { pki } from "../attack36/lib.js";
import { buildWorkflowEvidence, evidenceAttachments, utf8Bytes } from "../generator/index.js";
import { preparePades, sealPrepared } from "../generator/pdf.js";

/**
 * a9 X1c: the generator's archive, sealed, carrying the test PKI's foreign root: as a page's FileAttachment annotation
 * (`annot`; `direct`: that annotation a direct dictionary in /Annots, a12 X1f), as an attachment's /EF /UF behind a
 * text /EF /F (`uf`), or as a plain attachment (`honest`).
 */
export async function archiveWithRoot(
  mode: "annot" | "direct" | "uf" | "honest",
): Promise<{ pdf: Uint8Array; originals: { fileName: string; bytes: Uint8Array }[] }> {
  const P = pki();
  const rootPem = readFileSync("samples/pki/foreignRoot.pem", "latin1");
  const e = await buildWorkflowEvidence({ pki: P });
  const attachments = evidenceAttachments(e);
  if (mode === "honest") attachments.unshift({ name: "ca-root.pem", bytes: utf8Bytes(rootPem) });
  // uf: a name-tree attachment "ca-root.pem" whose /EF /F is a line of text and whose /EF /UF is the root.
  if (mode === "uf") attachments.unshift({ name: "ca-root.pem", bytes: utf8Bytes("The root is published on the CA's website.\n") });
  if (mode === "uf") {
    const save0 = PDFDocument.prototype.save;
    PDFDocument.prototype.save = function (this: PDFDocument, ...args: Parameters<PDFDocument["save"]>) {
      const ctx = this.context;
      for (const [, obj] of ctx.enumerateIndirectObjects()) {
        if (!(obj instanceof PDFDict) || obj.get(PDFName.of("Type")) !== PDFName.of("Filespec")) continue;
        if ((obj.get(PDFName.of("F")) as PDFString).decodeText() !== "ca-root.pem") continue;
        const body = utf8Bytes(rootPem);
        const ef = obj.lookup(PDFName.of("EF"), PDFDict);
        ef.set(PDFName.of("UF"), ctx.register(ctx.flateStream(body, { Type: "EmbeddedFile", Params: { Size: body.length } })));
      }
      PDFDocument.prototype.save = save0;
      return save0.apply(this, args);
    };
  }
  // The annotation is added to the document the generator builds, just before it is saved (pdf-lib's save patched
  // for this one call), so it is part of the sealed revision like any page content.
  if (mode === "annot" || mode === "direct") {
    const save0 = PDFDocument.prototype.save;
    PDFDocument.prototype.save = function (this: PDFDocument, ...args: Parameters<PDFDocument["save"]>) {
      const ctx = this.context;
      const body = utf8Bytes(rootPem);
      const stream = ctx.flateStream(body, { Type: "EmbeddedFile", Subtype: "application/x-pem-file", Params: { Size: body.length } });
      const spec = ctx.obj({ Type: "Filespec", F: PDFString.of("ca-root.pem"), UF: PDFString.of("ca-root.pem"), EF: { F: ctx.register(stream) } });
      const pages = this.getPages();
      const page = pages[pages.length - 1]!;
      const annot = ctx.obj({
        Type: "Annot",
        Subtype: "FileAttachment",
        Rect: [540, 800, 560, 820],
        FS: ctx.register(spec),
        Contents: PDFString.of("ca-root.pem"),
        Name: "PushPin",
        F: 4,
        P: page.ref,
      });
      if (mode === "annot") page.node.addAnnot(ctx.register(annot));
      else page.node.set(PDFName.of("Annots"), ctx.obj([...(page.node.Annots()?.asArray() ?? []), annot]));
      PDFDocument.prototype.save = save0;
      return save0.apply(this, args);
    };
  }
  const p = await preparePades({ originals: e.originals.map((d) => d.bytes), attachments });
  const pdf = sealPrepared(p, P, { certificates: [P.seal, P.sealRoot] });
  return { pdf, originals: e.originals };
}
