// The optional-content attacks' shared half (attack-s11 ocg-identity, attack-s12 ocg-direct, attack-s13 oc-routes):
// the original the workflow's initiator uploads (page 1: a lease whose rent is drawn under optional content), the
// broker's archive sealed around it with the original's /OCProperties put back, and what sealcheck and the readers
// say of the attacked file. Each script keeps only what is its own: the groups of its original and its update.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, StandardFonts, type PDFContext, type PDFFont, type PDFObject, type PDFPage } from "pdf-lib";
import { writeFileSync, mkdirSync } from "node:fs";
import { pki, save, show, tool, verify, work } from "../attack36/lib.js";
import { buildWorkflowEvidence, createWorkflowToken, evidenceAttachments, type TestPki } from "../generator/index.js";
import { appendIncrementalUpdate, loadForUpdate } from "../generator/incremental.js";
import { locateSignature, preparePades, sealPrepared } from "../generator/pdf.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { startTsa } from "../generator/servers.js";
import { pdfiumAndPdfjs, renderPage1 } from "./lib.js";

/** Page 1's first lines: the lease's heading and parties (attack-s13 leaves out the address). */
export const LEASE_LINES = [
  "Lejekontrakt",
  "",
  "Udlejer: Sealcheck Test Ejendomme ApS",
  "Lejer: Karen Test Jensen og Lars Test Nielsen",
  "Lejemaal: Testvej 1, 1. th., 8000 Aarhus C",
];

/** What a script's original draws under optional content: made once the page and its font exist. */
export interface OptionalContent {
  /** Content operators after the lease's lines (the rent, its groups' marked content, a form XObject). */
  ops: string[];
  /** Page 1's resources beside /Font /F1 (/Properties, /XObject). */
  resources: Record<string, Record<string, PDFObject>>;
  /** The catalog's /OCProperties. */
  ocProperties: { OCGs: PDFObject[]; D: { Order: PDFObject[]; OFF: PDFObject[] } };
  /** Run after the catalog is set, before saving (annotations that name the groups). */
  after?: () => void;
}

/**
 * The original with optional content: an A4 page with `lines`, what `draw` adds, and a closing line; saved without
 * object streams. `draw` registers its objects after the font and the page, before the page's content stream.
 */
export async function ocOriginal(lines: readonly string[], draw: (ctx: PDFContext, font: PDFFont, page: PDFPage) => OptionalContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const ctx = doc.context;
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const oc = draw(ctx, font, page);
  const ops = [
    ...lines.map((l, i) => `BT /F1 ${i === 0 ? 20 : 12} Tf 60 ${760 - i * 22} Td (${l}) Tj ET`),
    ...oc.ops,
    "BT /F1 12 Tf 60 606 Td ((Testdokument - ikke gyldigt)) Tj ET",
  ];
  page.node.set(PDFName.of("Contents"), ctx.register(ctx.flateStream(ops.join("\n"))));
  page.node.set(PDFName.of("Resources"), ctx.obj({ Font: { F1: font.ref }, ...oc.resources }));
  doc.catalog.set(PDFName.of("OCProperties"), ctx.obj(oc.ocProperties));
  oc.after?.();
  return doc.save({ useObjectStreams: false });
}

export interface SealedWithOptionalContent {
  P: TestPki;
  /** The workflow's documents: the original, then the sample's Husorden. */
  documents: { title: string; bytes: Uint8Array }[];
  sealed: Uint8Array;
}

/**
 * The broker's archive around `original`: the token (its PAdES copy) covers the documents' SHA-256 as the broker's
 * does, and the catalog gets `ocProperties(pre)` (the prepared, unsealed file, whose objects the script looks up):
 * the broker's writer (iText 7) carries an original's optional content into the merged document; pdf-lib's
 * copyPages keeps the page's /Properties but not the catalog's /OCProperties, so it is put back before sealing.
 * `widgetPage`: the page of the seal's widget (0: page 1).
 */
export async function sealWithOptionalContent(
  original: Uint8Array,
  ocProperties: (pre: PDFDocument) => PDFObject,
  widgetPage = 0,
): Promise<SealedWithOptionalContent> {
  const P = pki();
  const base = await buildWorkflowEvidence({ pki: P });
  const documents = [{ title: "Lejekontrakt", bytes: original }, ...base.originals.slice(1).map((o) => ({ title: o.title, bytes: o.bytes }))];
  const e = { ...base, padesToken: await createWorkflowToken({ signer: P.tokenSigner, documents, personalData: false }) };
  const prepared = await preparePades({
    originals: documents.map((d) => d.bytes),
    attachments: evidenceAttachments(e),
    ...(widgetPage ? { widgetPage } : {}),
  });
  const pre = await loadForUpdate(prepared.bytes);
  const catalog0 = pre.catalog.clone(pre.context);
  catalog0.set(PDFName.of("OCProperties"), ocProperties(pre));
  const rootRef = pre.context.trailerInfo.Root as PDFRef;
  // The signature dictionary (placeholders) is written anew in that update, under a new number that the widget and
  // /Perms name: a seal covers the revision that first defines it (the broker's file is one revision).
  const sigDict = pre.context.lookup(PDFRef.of(prepared.sigObject)) as PDFDict;
  const sigRef = pre.context.nextRef();
  const widgetRef = pre.getPage(widgetPage).node.lookup(PDFName.of("Annots"), PDFArray).get(0) as PDFRef;
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
  return { P, documents, sealed: sealPrepared(locateSignature(withOc, sigRef.objectNumber), P) };
}

const rent = (t: string) =>
  t
    .split("\n")
    .filter((l) => /Husleje/.test(l))
    .map((l) => l.trim())
    .join(" / ") || "(no rent line)";

/**
 * Writes `out` (the sealed archive, attacked or not) and the originals to a work folder `tag`, and prints what
 * sealcheck (verify with the originals), poppler (pdfsig, pdftotext, pdftoppm), qpdf, PDFium and pdf.js say of it.
 * AUGMENT=1: then `sealcheck augment` it with the loopback TSA and the TSA CA's current "good" (the archivist
 * renews the archive as it finds it: the archivist's own archive timestamp then covers the update), and verify the
 * renewed archive.
 */
export async function judgeOptionalContent(tag: string, mode: string, s: SealedWithOptionalContent, out: Uint8Array): Promise<void> {
  const { P, documents, sealed } = s;
  const dir = work(tag);
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
  console.log(`== pdftotext page 1: ${rent(tool("pdftotext", ["-f", "1", "-l", "1", "-layout", file, "-"]))}`);
  console.log(`== qpdf --check: ${tool("qpdf", ["--check", file]).split("\n").slice(-1)[0]}`);
  for (const l of pdfiumAndPdfjs(file, 400).filter((x) => /PDFium|pdf.js|p1:|not run/.test(x))) console.log(`== ${l.trim().slice(0, 260)}`);
  console.log(`   page 1 rendered by PDFium and pdf.js: ${renderPage1(file, `${dir}/page1`)}`);
  tool("pdftoppm", ["-f", "1", "-l", "1", "-r", "50", "-png", file, `${dir}/page`]);
  console.log(`   page 1 rendered by pdftoppm: ${dir}/page-1.png`);
  const orig = `${originals}/Lejekontrakt.pdf`;
  console.log(`== the original as signed (${orig}), pdftotext: ${rent(tool("pdftotext", ["-layout", orig, "-"]))}`);
  if (process.env.AUGMENT !== "1") return;
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
    const said = await new Promise<string>((res) => {
      void import("node:child_process").then(({ execFile }) => execFile("node", args, { encoding: "utf8" }, (_e, so, se) => res(`${so}${se}`)));
    });
    console.log(`== sealcheck augment: ${said.trim().split("\n").slice(0, 4).join(" | ").slice(0, 500)}`);
  } finally {
    await tsa.close();
  }
  const r = verify(`${dir}/renewed.pdf`, [], originals);
  show("renewed", r);
  console.log(`== pdftotext page 1 of renewed.pdf: ${rent(tool("pdftotext", ["-f", "1", "-l", "1", "-layout", `${dir}/renewed.pdf`, "-"]))}`);
}
