// The sealed PAdES (evidence.md §1, §2), built with pdf-lib's low-level API: the originals' pages, an
// "Underskrifter" page, the three attachments, one invisible certification signature (DocMDP P 1),
// then /ByteRange and /Contents patched in place after saving.
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts } from "pdf-lib";
import { createSealCms, type SealCmsOptions } from "./cms.js";
import { concat, hex, latin1Bytes, latin1Text, sha256, utf8Bytes } from "./der.js";
import type { WorkflowEvidence } from "./evidence.js";
import { objectOffset, patchSpan, spanAfterKey, type Span } from "./pdf-bytes.js";
import type { TestPki } from "./pki.js";
import { pdfDate, TIMELINE } from "./timeline.js";
import { DEFAULT_SIGNERS, type TokenSigner } from "./token.js";

export interface Attachment {
  name: string;
  bytes: Uint8Array;
  /** Write `bytes` raw but still declare /FlateDecode: an undecodable attachment. */
  corruptFlate?: boolean;
}

/** The three attachments of the evidence's PAdES copy, in name-tree order. */
export function evidenceAttachments(e: WorkflowEvidence): Attachment[] {
  return [
    { name: "workflow_token.jwt", bytes: utf8Bytes(e.padesToken.jwt) },
    { name: "workflow_token.ocsp", bytes: utf8Bytes(e.ocspBase64) },
    { name: "workflow_token_pub.pem", bytes: utf8Bytes(e.certificatePem) },
  ];
}

export interface PadesLayout {
  /** The original PDFs whose pages are merged, in order. */
  originals: Uint8Array[];
  /** Listed on the "Underskrifter" page. */
  signers?: TokenSigner[];
  /** Embedded files, in this order (must be sorted for a valid name tree). */
  attachments: Attachment[];
  /** `/Names` array (default, as seen) or a two-leaf `/Kids` tree. */
  nameTree?: "flat" | "kids";
  /** Bytes reserved for the CMS in /Contents (default 32 KiB). */
  contentsSize?: number;
  /** `/M` and the embedded files' ModDate (default: TIMELINE.iat). */
  signingTime?: Date;
  /** Page (0-based) that carries the invisible widget (default 0). */
  widgetPage?: number;
  /** Add a second, empty signature field `Signature2`. */
  extraSignatureField?: boolean;
  /**
   * Shadow attack preparation: a content stream with these lines, signed but referenced by nothing
   * (its font `/SCShadow` is in page 1's resources). A later revision can switch it in.
   */
  hiddenContent?: string[];
  /**
   * The signature dictionary as the file's first object, before the pages (as the broker writes it: the real
   * archive's /Contents is at offset 141), instead of after them.
   */
  sealFirst?: boolean;
}

/** A saved PDF whose signature dictionary still has placeholders. */
export interface PreparedPdf {
  bytes: Uint8Array;
  /** Object number of the signature dictionary. */
  sigObject: number;
  byteRange: Span;
  contents: Span;
  /** Object number of the hidden content stream, when `hiddenContent` was asked for. */
  hiddenObject?: number;
}

const BYTE_RANGE_PLACEHOLDER = 9_999_999_999;
export const DEFAULT_CONTENTS_SIZE = 32 * 1024;

/** Build the unsigned PAdES with placeholders. */
export async function preparePades(l: PadesLayout): Promise<PreparedPdf> {
  const time = l.signingTime ?? TIMELINE.iat;
  const doc = await PDFDocument.create({ updateMetadata: false });
  const ctx = doc.context;
  doc.setProducer("sealcheck sample generator (test PAdES, iText-like)");
  doc.setCreationDate(time);
  doc.setModificationDate(time);

  const sigFirst = l.sealFirst ? ctx.nextRef() : undefined;
  for (const bytes of l.originals) {
    const src = await PDFDocument.load(bytes, { updateMetadata: false });
    for (const page of await doc.copyPages(src, src.getPageIndices())) doc.addPage(page);
  }
  await addSignerPage(doc, l.signers ?? DEFAULT_SIGNERS);

  // Embedded files: FlateDecode, application/octet-stream, /Params with ModDate and Size; no /AF.
  const entries = l.attachments.map((a) => {
    const dict = {
      Type: "EmbeddedFile",
      Subtype: "application/octet-stream",
      Params: { ModDate: PDFString.of(pdfDate(time)), Size: a.bytes.length },
    };
    const stream = a.corruptFlate ? ctx.stream(a.bytes, { ...dict, Filter: "FlateDecode" }) : ctx.flateStream(a.bytes, dict);
    const spec = ctx.obj({
      Type: "Filespec",
      F: PDFString.of(a.name),
      UF: PDFString.of(a.name),
      AFRelationship: "Unspecified",
      EF: { F: ctx.register(stream) },
    });
    return { name: a.name, ref: ctx.register(spec) };
  });
  const namesArray = (list: typeof entries): PDFArray => ctx.obj(list.flatMap((e) => [PDFString.of(e.name), e.ref])) as PDFArray;
  let embeddedFiles: PDFDict;
  if (l.nameTree === "kids") {
    const half = Math.ceil(entries.length / 2);
    const leaves = [entries.slice(0, half), entries.slice(half)]
      .filter((x) => x.length)
      .map((list) =>
        ctx.register(
          ctx.obj({
            Limits: [PDFString.of(list[0]!.name), PDFString.of(list[list.length - 1]!.name)],
            Names: namesArray(list),
          }),
        ),
      );
    embeddedFiles = ctx.obj({ Kids: leaves });
  } else {
    embeddedFiles = ctx.obj({ Names: namesArray(entries) });
  }

  // The certification signature: invisible widget, DocMDP P 1.
  const contentsSize = l.contentsSize ?? DEFAULT_CONTENTS_SIZE;
  const sigDict = ctx.obj({
    Type: "Sig",
    Filter: "Adobe.PPKLite",
    SubFilter: "ETSI.CAdES.detached",
    M: PDFString.of(pdfDate(time)),
    Reference: [
      {
        Type: "SigRef",
        TransformMethod: "DocMDP",
        TransformParams: { Type: "TransformParams", P: 1, V: "1.2" },
      },
    ],
    ByteRange: [0, BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER],
    Contents: PDFHexString.of("0".repeat(contentsSize * 2)),
  });
  const sigRef = sigFirst ?? ctx.register(sigDict);
  if (sigFirst) ctx.assign(sigFirst, sigDict);
  const page = doc.getPage(l.widgetPage ?? 0);
  const widget = ctx.register(
    ctx.obj({
      Type: "Annot",
      Subtype: "Widget",
      FT: "Sig",
      T: PDFString.of("Signature1"),
      V: sigRef,
      F: 132,
      Rect: [0, 0, 0, 0],
      P: page.ref,
    }),
  );
  page.node.set(PDFName.of("Annots"), ctx.obj([widget]));
  const fields = [widget];
  if (l.extraSignatureField) {
    const second = ctx.register(
      ctx.obj({
        Type: "Annot",
        Subtype: "Widget",
        FT: "Sig",
        T: PDFString.of("Signature2"),
        F: 132,
        Rect: [0, 0, 0, 0],
        P: page.ref,
      }),
    );
    fields.push(second);
    page.node.set(PDFName.of("Annots"), ctx.obj(fields));
  }
  let hiddenObject: number | undefined;
  if (l.hiddenContent) {
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const fonts = page.node.Resources()?.lookup(PDFName.of("Font"), PDFDict);
    fonts?.set(PDFName.of("SCShadow"), font.ref);
    const ops = l.hiddenContent.map((line, i) => `BT /SCShadow ${i === 0 ? 20 : 12} Tf 60 ${760 - i * 22} Td (${line}) Tj ET`);
    hiddenObject = ctx.register(ctx.flateStream(ops.join("\n"))).objectNumber;
  }

  const catalog = doc.catalog;
  catalog.set(PDFName.of("Extensions"), ctx.obj({ ESIC: { BaseVersion: "1.7", ExtensionLevel: 2 } }));
  catalog.set(PDFName.of("Names"), ctx.obj({ EmbeddedFiles: ctx.register(embeddedFiles) }));
  catalog.set(PDFName.of("AcroForm"), ctx.register(ctx.obj({ Fields: fields, SigFlags: 3 })));
  catalog.set(PDFName.of("Perms"), ctx.obj({ DocMDP: sigRef }));
  const id = PDFHexString.of(hex(sha256(utf8Bytes(`sealcheck:${time.toISOString()}:${entries.length}`))).slice(0, 32));
  ctx.trailerInfo.ID = ctx.obj([id, id]);

  const saved = await doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
  // iText writes a comment line between the trailer and `startxref`, as the broker's real archives show.
  const text = latin1Text(saved);
  const at = text.lastIndexOf("\nstartxref");
  const bytes = at < 0 ? saved : concat(saved.subarray(0, at + 1), latin1Bytes(`${ITEXT_COMMENT}\n`), saved.subarray(at + 1));
  return { ...locateSignature(bytes, sigRef.objectNumber), hiddenObject };
}

/** What iText 7.1.10 (the broker's writer) puts before `startxref`. */
export const ITEXT_COMMENT = "%iText-7.1.10";

/** Find the placeholders of the signature dictionary `sigObject` in a saved file. */
export function locateSignature(bytes: Uint8Array, sigObject: number): PreparedPdf {
  const at = objectOffset(bytes, sigObject);
  return {
    bytes,
    sigObject,
    byteRange: spanAfterKey(bytes, at, "/ByteRange", "[", "]"),
    contents: spanAfterKey(bytes, at, "/Contents", "<", ">"),
  };
}

async function addSignerPage(doc: PDFDocument, signers: TokenSigner[]): Promise<void> {
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  let y = 770;
  page.drawText("Underskrifter", { x: 60, y, size: 20, font: bold });
  for (const s of signers) {
    y -= 40;
    page.drawText(s.name, { x: 60, y, size: 13, font: bold });
    const when = `${s.created.slice(0, 10)} ${s.created.slice(11, 19)} UTC`;
    for (const line of [`MitID identitet: ${s.identityId}`, `Tidspunkt: ${when}`, `IP-adresse: ${s.ip}`]) {
      y -= 18;
      page.drawText(line, { x: 72, y, size: 10, font });
    }
  }
}

export interface SealOptions extends Omit<SealCmsOptions, "pki" | "signedBytes"> {
  /** Replace the computed ByteRange (numbers, or raw PDF text such as "null"). */
  byteRange?: readonly number[] | string;
  /**
   * Replace the CMS: fixed DER, a function of the signed bytes (e.g. an RFC 3161 token for a document
   * timestamp), or raw PDF text for `/Contents` (e.g. "null", "<zz>").
   */
  cms?: Uint8Array | ((signedBytes: Uint8Array) => Uint8Array) | { raw: string };
}

/** The ByteRange covering the whole file except the /Contents string (delimiters included). */
export const wholeFileByteRange = (p: PreparedPdf): number[] => [0, p.contents.start, p.contents.end, p.bytes.length - p.contents.end];

/** Bytes named by a ByteRange (pairs of offset, length). */
export function byteRangeBytes(pdf: Uint8Array, range: readonly number[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (let i = 0; i + 1 < range.length; i += 2) parts.push(pdf.subarray(range[i]!, range[i]! + range[i + 1]!));
  return concat(...parts);
}

/** Patch /ByteRange, sign what it names, and write the zero-padded DER into /Contents. Copies the input. */
export function sealPrepared(p: PreparedPdf, pki: TestPki, o: SealOptions = {}): Uint8Array {
  const pdf = new Uint8Array(p.bytes);
  const range = typeof o.byteRange === "string" ? wholeFileByteRange(p) : (o.byteRange ?? wholeFileByteRange(p));
  patchSpan(pdf, p.byteRange, typeof o.byteRange === "string" ? o.byteRange : `[${range.join(" ")}]`);
  if (o.cms && "raw" in o.cms) {
    patchSpan(pdf, p.contents, o.cms.raw);
    return pdf;
  }
  const signedBytes = byteRangeBytes(pdf, range);
  const der = typeof o.cms === "function" ? o.cms(signedBytes) : (o.cms ?? createSealCms({ ...o, pki, signedBytes }));
  const width = p.contents.end - p.contents.start - 2;
  if (der.length * 2 > width) throw new Error(`generator: CMS of ${der.length} bytes exceeds /Contents (${width / 2})`);
  patchSpan(pdf, p.contents, `<${hex(der).padEnd(width, "0")}>`);
  return pdf;
}

/** Build and seal a PAdES in one go. */
export async function createSealedPades(pki: TestPki, layout: PadesLayout, seal: SealOptions = {}): Promise<Uint8Array> {
  return sealPrepared(await preparePades(layout), pki, seal);
}
