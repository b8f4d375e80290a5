import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { FormatError } from "../../src/api/internal.js";
import { ChangeAnalysis } from "../../src/checks/modifications/analyse.js";
import { findSignatures, listEmbeddedFiles, parsePdf, readDss, walkPages, type PdfDocument } from "../../src/input/pdf/index.js";
import { addRevision, BYTE_RANGE_PLACEHOLDER, fillByteRange, latin1, LIMITS, minimalObjects, text } from "./helpers.js";
import { wholeSource } from "../../src/input/source.js";

const PLACEHOLDER = "/ByteRange [0 0000000000 0000000000 0000000000]";

/** A one-revision file shaped like the broker's seal: certification signature, invisible field, DocMDP P=1. */
function sealedLike(contentsHex = "3082" + "ab".repeat(30) + "0".repeat(100)): Uint8Array {
  const objects = [
    ...minimalObjects(" /AcroForm 7 0 R /Perms << /DocMDP 6 0 R >>"),
    { num: 5, body: "<< /FT /Sig /T (Signature1) /V 6 0 R /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /F 132 /P 3 0 R >>" },
    {
      num: 6,
      body:
        `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /M (D:20260101120000Z) ${PLACEHOLDER} ` +
        `/Contents <${contentsHex}> /Reference [<< /Type /SigRef /TransformMethod /DocMDP /DigestMethod /SHA256 ` +
        `/TransformParams << /Type /TransformParams /P 1 /V /1.2 >> >>] >>`,
    },
    { num: 7, body: "<< /Fields [5 0 R] /SigFlags 3 >>" },
  ];
  const unsigned = addRevision(new Uint8Array(), { objects, xref: "table", trailer: "/Root 1 0 R" });
  // Fill the ByteRange the way a signer does: everything but the /Contents string, up to the revision end.
  const sig = findSignatures(parsePdf(wholeSource(unsigned), LIMITS).latest()).signatures[0]!;
  const span = sig.contentsSpan!;
  const pad = (n: number) => String(n).padStart(10, "0");
  const filled = text(unsigned).replace(PLACEHOLDER, `/ByteRange [0 ${pad(span.start)} ${pad(span.end)} ${pad(unsigned.length - span.end)}]`);
  return latin1(filled);
}

const changesAfter = (doc: PdfDocument, revision: number) => new ChangeAnalysis(doc, LIMITS.maxComparedObjects).after(revision);
const texts = (c: ReturnType<typeof changesAfter>) => c.findings.map((f) => `${f.level}: ${f.text}`);

describe("signatures", () => {
  it("finds the certification signature through AcroForm and /Perms with the exact /Contents span", () => {
    const contentsHex = "3082" + "cd".repeat(40) + "0".repeat(64);
    const bytes = sealedLike(contentsHex);
    const doc = parsePdf(wholeSource(bytes), LIMITS);
    const { signatures, unsignedFields } = findSignatures(doc.latest());
    expect(unsignedFields).toEqual([]);
    expect(signatures).toHaveLength(1);
    const s = signatures[0]!;
    expect(s.fieldName).toBe("Signature1");
    expect(s.sigRef).toMatchObject({ num: 6, gen: 0 });
    expect(s.fieldRef).toMatchObject({ num: 5 });
    expect(s).toMatchObject({ type: "Sig", filter: "Adobe.PPKLite", subFilter: "ETSI.CAdES.detached", isDocMdp: true, isDocTimestamp: false, revision: 0 });
    expect(s.m?.text).toBe("D:20260101120000Z");
    expect(s.reference).toEqual([{ transformMethod: "DocMDP", p: 1, digestMethod: "SHA256" }]);
    expect(s.contentsHex).toBe(true);
    expect(Buffer.from(s.contents!).toString("hex")).toBe(contentsHex);
    const span = s.contentsSpan!;
    const raw = text(bytes.subarray(span.start, span.end));
    expect(raw.startsWith("<")).toBe(true);
    expect(raw.endsWith(">")).toBe(true);
    expect(raw).toBe(`<${contentsHex}>`);
    // The ByteRange the helper wrote covers the revision exactly, minus the /Contents token.
    expect(s.byteRange).toEqual([0, span.start, span.end, doc.revisions[0]!.endOffset - span.end]);
    expect(text(bytes.subarray(s.byteRangeSpan!.start, s.byteRangeSpan!.end))).toMatch(/^\[0 \d{10} \d{10} \d{10}\]$/);
    expect(text(bytes.subarray(s.dictSpan!.start, s.dictSpan!.start + 2))).toBe("<<");
  });

  it("inherits /FT /Sig from a parent field, builds dotted names, and lists empty signature fields", () => {
    const bytes = addRevision(new Uint8Array(), {
      objects: [
        ...minimalObjects(" /AcroForm << /Fields [5 0 R 9 0 R] >>"),
        { num: 5, body: "<< /FT /Sig /T (Parent) /Kids [7 0 R] >>" },
        { num: 7, body: "<< /T (child) /Parent 5 0 R /V 8 0 R /Kids [10 0 R] >>" },
        { num: 10, body: "<< /Type /Annot /Subtype /Widget /Parent 7 0 R /Rect [0 0 0 0] >>" },
        { num: 8, body: "<< /Type /Sig /ByteRange [0 1 2 3] /Contents (literal) >>" },
        { num: 9, body: "<< /FT /Sig /T (Empty) >>" },
        { num: 11, body: "<< /Type /Sig /ByteRange [0 1 2 3] /Contents <00> >>" }, // reachable from nothing
      ],
      xref: "table",
      trailer: "/Root 1 0 R",
    });
    const { signatures, unsignedFields } = findSignatures(parsePdf(wholeSource(bytes), LIMITS).latest());
    expect(signatures.map((s) => s.fieldName)).toEqual(["Parent.child"]);
    expect(signatures[0]!.contentsHex).toBe(false);
    expect(signatures[0]!.isDocMdp).toBe(false);
    expect(unsignedFields).toEqual(["Empty"]);
  });

  it("rejects an AcroForm /Kids loop", () => {
    const bytes = addRevision(new Uint8Array(), {
      objects: [
        ...minimalObjects(" /AcroForm << /Fields [5 0 R] >>"),
        { num: 5, body: "<< /FT /Sig /T (A) /Kids [6 0 R] >>" },
        { num: 6, body: "<< /T (B) /Kids [5 0 R] >>" },
      ],
      xref: "table",
      trailer: "/Root 1 0 R",
    });
    expect(() => findSignatures(parsePdf(wholeSource(bytes), LIMITS).latest())).toThrow(/reached twice/);
  });

  it("gives no /Contents span for a signature dictionary inside an object stream", () => {
    const bytes = addRevision(new Uint8Array(), {
      objects: minimalObjects(" /AcroForm << /Fields [5 0 R] >>"),
      compressed: [
        { num: 5, body: "<< /FT /Sig /T (S) /V 6 0 R >>" },
        { num: 6, body: "<< /Type /Sig /ByteRange [0 1 2 3] /Contents <0102> >>" },
      ],
      objStmNum: 8,
      xref: "stream",
      trailer: "/Root 1 0 R",
    });
    const s = findSignatures(parsePdf(wholeSource(bytes), LIMITS).latest()).signatures[0]!;
    expect(Buffer.from(s.contents!).toString("hex")).toBe("0102");
    expect(s.contentsSpan).toBeUndefined();
    expect(s.byteRangeSpan).toBeUndefined();
  });
});

describe("LTV update: DSS and document timestamp, and the revision diff", () => {
  function withLtv(base: Uint8Array): Uint8Array {
    const der = deflateSync(Buffer.from([0x30, 0x03, 0x02, 0x01, 0x01]));
    return fillByteRange(
      addRevision(base, {
        objects: [
          { num: 1, body: "<< /Type /Catalog /Pages 2 0 R /AcroForm 7 0 R /Perms << /DocMDP 6 0 R >> /DSS 20 0 R >>" },
          { num: 7, body: "<< /Fields [5 0 R 23 0 R] /SigFlags 3 >>" },
          { num: 20, body: "<< /Type /DSS /Certs [21 0 R] /OCSPs [22 0 R] /VRI << /ABCDEF 25 0 R >> >>" },
          { num: 21, body: "<< /Filter /FlateDecode >>", stream: der },
          { num: 22, body: "<< /Filter /FlateDecode >>", stream: der },
          { num: 25, body: "<< /Cert [21 0 R] /TU (D:20260101130000Z) >>" },
          { num: 23, body: "<< /FT /Sig /T (Signature2) /V 24 0 R /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /P 3 0 R >>" },
          { num: 24, body: `<< /Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161 ${BYTE_RANGE_PLACEHOLDER} /Contents <00> >>` },
          // Rewritten identically: not a change.
          { num: 2, body: "<<  /Type /Pages /Count 1 /Kids [ 3 0 R ] >>" },
        ],
        xref: "stream",
        trailer: "/Root 1 0 R",
      }),
    );
  }

  it("reports the document timestamp and DSS per revision, and classifies the changes", () => {
    const sealed = sealedLike();
    const bytes = withLtv(sealed);
    const doc = parsePdf(wholeSource(bytes), LIMITS);
    expect(doc.revisions.map((r) => r.endOffset)).toEqual([sealed.length, bytes.length]);

    expect(readDss(doc.at(0))).toBeUndefined();
    const dss = readDss(doc.at(1))!;
    expect(dss.ref).toMatchObject({ num: 20 });
    expect(dss.certs.map((r) => r.num)).toEqual([21]);
    expect(dss.ocsps.map((r) => r.num)).toEqual([22]);
    expect(dss.vri).toMatchObject([{ key: "ABCDEF", certs: [{ num: 21 }], tu: { text: "D:20260101130000Z" } }]);

    const sigs = findSignatures(doc.latest()).signatures;
    expect(sigs.map((s) => [s.fieldName, s.isDocMdp, s.isDocTimestamp, s.revision])).toEqual([
      ["Signature1", true, false, 0],
      ["Signature2", false, true, 1],
    ]);
    expect(findSignatures(doc.at(0)).signatures).toHaveLength(1);

    const c = changesAfter(doc, 0);
    expect(c.level).toBe("ltv");
    expect(c.counts.other + c.counts.annotation + c.counts["form-fill"]).toBe(0);
    expect(texts(c)).toEqual(
      expect.arrayContaining([
        "ltv: catalog 1 0 R /DSS: document security store (validation data)",
        "ltv: form (AcroForm) 7 0 R /Fields[1]: a document timestamp's field was added",
      ]),
    );
    // The page tree object 2 was rewritten identically: no finding names it.
    expect(texts(c).some((t) => / 2 0 R/.test(t))).toBe(false);
  });

  it("flags a page content change (shadow attack) and a deletion", () => {
    const sealed = sealedLike();
    const bytes = addRevision(sealed, {
      objects: [{ num: 4, body: "<< /Filter /FlateDecode >>", stream: deflateSync(Buffer.from("BT /F1 12 Tf (Pay 1000) Tj ET")) }],
      free: [5],
      xref: "table",
      trailer: "/Root 1 0 R /Info 30 0 R",
    });
    const c = changesAfter(parsePdf(wholeSource(bytes), LIMITS), 0);
    expect(c.level).toBe("other");
    expect(texts(c)).toEqual(
      expect.arrayContaining([
        "other: object 4 0 R (page 1 /Contents) changed",
        "other: form field 5 0 R (in 7 0 R /Fields[0]) was deleted while still referred to",
      ]),
    );
  });

  it("counts a recompressed stream as a data change, though it decodes the same (a20 A1: readers decode filters differently)", () => {
    const payload = Buffer.from("BT /F1 12 Tf (Hello hello hello) Tj ET\n".repeat(50));
    const z1 = deflateSync(payload, { level: 1 });
    const z9 = deflateSync(payload, { level: 9 });
    expect(z1.equals(z9)).toBe(false);
    const base = addRevision(new Uint8Array(), {
      objects: [...minimalObjects().slice(0, 3), { num: 4, body: "<< /Filter /FlateDecode >>", stream: z1 }],
      xref: "table",
      trailer: "/Root 1 0 R",
    });
    const bytes = addRevision(base, {
      objects: [{ num: 4, body: "<< /Filter /FlateDecode >>", stream: z9 }],
      xref: "table",
      trailer: "/Root 1 0 R",
    });
    const c = changesAfter(parsePdf(wholeSource(bytes), LIMITS), 0);
    expect(c.level).not.toBe("none");
    expect(c.findings.length).toBeGreaterThan(0);
  });

  it("throws only FormatError (or LimitError) on randomly corrupted sealed files, through the whole API", () => {
    const good = withLtv(sealedLike());
    let parsed = 0;
    for (let i = 0; i < 300; i++) {
      const b = Uint8Array.from(good);
      for (let k = 0; k <= i % 4; k++) b[Math.floor(Math.random() * b.length)] = Math.floor(Math.random() * 256);
      try {
        const doc = parsePdf(wholeSource(b), LIMITS);
        for (const r of doc.revisions) {
          const v = doc.at(r.index);
          findSignatures(v);
          listEmbeddedFiles(v).files.forEach((f) => f.decode());
          walkPages(v);
          readDss(v);
        }
        if (doc.revisions.length > 1) changesAfter(doc, 0);
        parsed++;
      } catch (e) {
        expect(e).toBeInstanceOf(FormatError);
      }
    }
    expect(parsed).toBeGreaterThan(0);
  });
});
