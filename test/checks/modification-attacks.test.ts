// Attacks on the difference analysis (issue 33), each on a genuine sealed archive (the samples' and the
// broker's real one): an incremental update that a reader shows differently, and the rule that stops it.
// Each test fails without its rule; the genuine classes at the end must keep passing.
import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ChangeAnalysis } from "../../src/checks/modifications/analyse.js";
import { checkSealModifications } from "../../src/checks/seal-modifications.js";
import { findSignatures, parsePdf } from "../../src/input/pdf/index.js";
import { createSession } from "../../src/verify/session.js";
import { verifyArchive } from "../../src/verify/archive.js";
import { addRevision, BYTE_RANGE_PLACEHOLDER, fillByteRange, latin1, LIMITS, minimalObjects, type ObjSpec, text } from "../pdf/helpers.js";
import { wholeSource } from "../../src/input/source.js";
import { walkPages } from "../../src/input/pdf/pages.js";

const SAMPLE = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
const REAL = new Uint8Array(readFileSync("test/fixtures/real/broker-example/archive.pdf"));
const SAMPLE_TRAILER = "/Root 2 0 R /Info 3 0 R";
const REAL_TRAILER = "/Root 1 0 R /Info 3 0 R";

/** seal-modifications of a file whose seal is its DocMDP signature. */
function judge(bytes: Uint8Array) {
  const doc = parsePdf(wholeSource(bytes), LIMITS);
  const seal = findSignatures(doc.latest()).signatures.find((s) => s.isDocMdp)!;
  const p = seal.reference.find((r) => r.transformMethod === "DocMDP")?.p ?? null;
  return checkSealModifications(doc, new ChangeAnalysis(doc, LIMITS.maxComparedObjects), seal, p);
}

const update = (base: Uint8Array, objects: ObjSpec[], trailer = SAMPLE_TRAILER, xref: "table" | "stream" = "table") =>
  addRevision(base, { objects, xref, trailer });

/** A document timestamp's signature dictionary that covers its revision once `fillByteRange` ran. */
const docTs = (num: number, extra = ""): ObjSpec => ({
  num,
  body: `<< /Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161 ${BYTE_RANGE_PLACEHOLDER} /Contents <${"00".repeat(32)}>${extra} >>`,
});

/** The samples' page 1 and AcroForm with one more widget/field; the field itself as a merged widget. */
const samplePage1 = (annots: string) =>
  `<< /Type /Page /Resources << /Font << /Helvetica-7098480789 4 0 R >> /XObject << >> /ExtGState << >> >> /MediaBox [0 0 595 842] /Annots [${annots}] /Contents [5 0 R] /Parent 1 0 R >>`;
const sampleCatalog = (extra = "") =>
  `<< /Type /Catalog /Pages 1 0 R /Extensions << /ESIC << /BaseVersion /1.7 /ExtensionLevel 2 >> >> /Names << /EmbeddedFiles 24 0 R >> /AcroForm 25 0 R /Perms << /DocMDP 22 0 R >>${extra} >>`;

/** A document timestamp's field (merged with its widget) on page 1 of the samples, with `widget` keys. */
function withDocTimestampField(widget: string, more: ObjSpec[] = [], sigExtra = ""): Uint8Array {
  return fillByteRange(
    update(SAMPLE, [
      { num: 6, body: samplePage1("23 0 R 40 0 R") },
      { num: 25, body: "<< /Fields [23 0 R 40 0 R] /SigFlags 3 >>" },
      { num: 40, body: `<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature2) /V 41 0 R ${widget} >>` },
      docTs(41, sigExtra),
      ...more,
    ]),
  );
}

describe("the samples' archive and the real one are the genuine base", () => {
  it("a document timestamp's invisible field and widget, /Fields and /Annots entries: LTV, passed", () => {
    for (const w of [
      "/F 132 /Rect [0 0 0 0] /P 6 0 R",
      "/F 2 /Rect [10 10 200 50]",
      "/F 32 /Rect [10 10 200 50]",
      "/F 258 /Rect [10 10 200 50]", // Hidden | ToggleNoView: Hidden wins
      "/F 672 /Rect [10 10 200 50]", // NoView | Locked | LockedContents
      "/F 292 /Rect [0 0 0 0]", // no area, whatever the flags
    ]) {
      const r = judge(withDocTimestampField(w));
      expect([r.status, r.message], w).toEqual(["passed", expect.stringMatching(/only long-term validation data/)]);
    }
  });
});

describe("root cause 1: every changed object is compared whole, stream data included, in every context", () => {
  it("a content stream given a structural context through a new widget's /P, then rewritten: HASH_FAILURE naming its data", () => {
    const forged = deflateSync(Buffer.from("BT /Helvetica-7098480789 12 Tf 72 700 Td (Rent: 1 DKK) Tj ET"));
    const bytes = withDocTimestampField("/F 2 /Rect [0 0 0 0] /P 5 0 R", [{ num: 5, body: "<< /Filter /FlateDecode >>", stream: forged }]);
    const r = judge(bytes);
    expect([r.status, r.subIndication]).toEqual(["failed", "HASH_FAILURE"]);
    expect(r.message).toMatch(/5 0 R.*stream data changed/);
  });

  it("a field's /Parent pointing at a font, then the font retyped: HASH_FAILURE", () => {
    const bytes = update(SAMPLE, [
      { num: 23, body: "<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature1) /V 22 0 R /F 132 /Rect [0 0 0 0] /P 6 0 R /Parent 4 0 R >>" },
      { num: 4, body: "<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>" },
    ]);
    expect(judge(bytes).status).toBe("failed");
  });

  it("one catalog key added to the broker's real archive (an /OpenAction): HASH_FAILURE", () => {
    const bytes = update(
      REAL,
      [
        {
          num: 1,
          body: "<< /AcroForm 31 0 R /Extensions << /ESIC << /BaseVersion /1.7 /ExtensionLevel 2 >> >> /Names 30 0 R /Pages 2 0 R /Perms << /DocMDP 32 0 R >> /Type /Catalog /OpenAction [9 0 R /Fit] >>",
        },
      ],
      REAL_TRAILER,
    );
    const r = judge(bytes);
    expect([r.status, r.subIndication]).toEqual(["failed", "HASH_FAILURE"]);
    expect(r.message).toMatch(/OpenAction added/);
  });

  it("the real archive's signer page: a font of page 3 redefined under the same number (another glyph name shown): HASH_FAILURE", () => {
    const bytes = update(REAL, [{ num: 16, body: "<< /BaseFont /Courier /Encoding /WinAnsiEncoding /Subtype /Type1 /Type /Font >>" }], REAL_TRAILER, "stream");
    const r = judge(bytes);
    expect(r.status).toBe("failed");
    expect(r.message).toMatch(/16 0 R/);
  });
});

describe("root cause 2: widgets and document timestamps as readers read them", () => {
  for (const [what, widget] of [
    ["/F 2.0 (a real: readers read no flags)", "/F 2.0 /Rect [10 10 200 50]"],
    ["/F 4294967298 (beyond 32 bits)", "/F 4294967298 /Rect [10 10 200 50]"],
    ["NoView with Print (it prints)", "/F 36 /Rect [10 10 200 50]"],
    ["NoView with ToggleNoView (shown on mouse-over: a12 V1)", "/F 288 /Rect [10 10 200 50]"],
    ["NoView with a reserved flag (bit 11)", "/F 1056 /Rect [10 10 200 50]"],
    ["no flags", "/Rect [10 10 200 50]"],
  ] as const) {
    it(`a document timestamp's widget with ${what} and an area is visible: failed`, () => {
      const r = judge(withDocTimestampField(widget));
      expect(r.status).toBe("failed");
      expect(r.message).toMatch(/visible/);
    });
  }

  it("a signature dictionary that says /Type /DocTimeStamp but is no RFC 3161 timestamp is signing, not LTV: failed", () => {
    const bytes = fillByteRange(
      update(SAMPLE, [
        { num: 6, body: samplePage1("23 0 R 40 0 R") },
        { num: 25, body: "<< /Fields [23 0 R 40 0 R] /SigFlags 3 >>" },
        { num: 40, body: "<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature2) /V 41 0 R /F 2 /Rect [0 0 0 0] >>" },
        { num: 41, body: `<< /Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached ${BYTE_RANGE_PLACEHOLDER} /Contents <00> >>` },
      ]),
    );
    const r = judge(bytes);
    expect(r.status).toBe("failed");
    expect(r.message).toMatch(/SubFilter is not \/ETSI.RFC3161/);
  });

  it("a document timestamp whose byte range does not reach the end of its revision is no LTV: failed", () => {
    const bytes = update(SAMPLE, [
      { num: 6, body: samplePage1("23 0 R 40 0 R") },
      { num: 25, body: "<< /Fields [23 0 R 40 0 R] /SigFlags 3 >>" },
      { num: 40, body: "<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature2) /V 41 0 R /F 2 /Rect [0 0 0 0] >>" },
      { num: 41, body: "<< /Type /DocTimeStamp /SubFilter /ETSI.RFC3161 /ByteRange [0 10 20 30] /Contents <00> >>" },
    ]);
    expect(judge(bytes).message).toMatch(/ByteRange does not cover/);
  });

  it("a document timestamp's field with an action (/AA) is not LTV: failed", () => {
    const r = judge(withDocTimestampField("/F 2 /Rect [0 0 0 0] /AA << /PO << /S /JavaScript /JS (app.alert(1)) >> >>"));
    expect(r.status).toBe("failed");
    expect(r.message).toMatch(/has \/AA/);
  });

  it("a signature widget reached only from a page's /Annots is found and judged like every other signature", () => {
    const bytes = fillByteRange(
      update(SAMPLE, [
        { num: 6, body: samplePage1("23 0 R 40 0 R") },
        { num: 40, body: "<< /Type /Annot /Subtype /Widget /FT /Sig /T (Hidden) /V 41 0 R /F 4 /Rect [10 10 200 50] >>" },
        { num: 41, body: `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached ${BYTE_RANGE_PLACEHOLDER} /Contents <00> >>` },
      ]),
    );
    const sigs = findSignatures(parsePdf(wholeSource(bytes), LIMITS).latest()).signatures;
    expect(sigs.map((s) => [s.fieldName, s.foundVia])).toEqual([
      ["Signature1", "fields"],
      ["Hidden", "annots"],
    ]);
    expect(judge(bytes).status).toBe("failed");
  });

  it("one signature dictionary named by 300 fields is one signature (its range hashed once)", () => {
    const fields = Array.from({ length: 300 }, (_, i) => 100 + i);
    const bytes = update(SAMPLE, [
      { num: 25, body: `<< /Fields [23 0 R ${fields.map((n) => `${n} 0 R`).join(" ")}] /SigFlags 3 >>` },
      ...fields.map((n) => ({ num: n, body: `<< /FT /Sig /T (F${n}) /V 22 0 R >>` })),
    ]);
    expect(findSignatures(parsePdf(wholeSource(bytes), LIMITS).latest()).signatures).toHaveLength(1);
  });
});

describe("root causes 3 and 4: object streams and references that resolve to nothing", () => {
  it("a compressed object whose xref entry is unchanged is compared by its value (its object stream redefined)", () => {
    // Built from the helpers' own object streams: revision 0 puts 3 and 4 in stream 9; revision 1 redefines
    // stream 9 itself with other contents while 3 and 4 keep their entries.
    const base = addRevision(new Uint8Array(), {
      objects: [
        { num: 1, body: "<< /Type /Catalog /Pages 2 0 R /Names << /A 3 0 R /B 4 0 R >> /Perms << /DocMDP 7 0 R >> >>" },
        { num: 2, body: "<< /Type /Pages /Kids [] /Count 0 >>" },
        {
          num: 7,
          body: `<< /Type /Sig /SubFilter /ETSI.CAdES.detached ${BYTE_RANGE_PLACEHOLDER} /Contents <00> /Reference [<< /TransformMethod /DocMDP /TransformParams << /P 1 >> >>] >>`,
        },
      ],
      compressed: [
        { num: 3, body: "(first)" },
        { num: 4, body: "(second)" },
      ],
      objStmNum: 9,
      xref: "stream",
      trailer: "/Root 1 0 R",
    });
    const signed = fillByteRange(base);
    const forged = deflateSync(Buffer.from("3 0 4 10 (FORGED)  (second)\n", "latin1"));
    const later = addRevision(signed, {
      objects: [{ num: 9, body: "<< /Type /ObjStm /N 2 /First 9 /Filter /FlateDecode >>", stream: forged }],
      xref: "stream",
      trailer: "/Root 1 0 R",
    });
    const r = judge(later);
    expect(r.status).toBe("failed");
    expect(r.message).toMatch(/3 0 R/);
  });

  it("a new reference to a free object (poppler rebuilds the table on it): FORMAT_FAILURE", () => {
    const bytes = addRevision(SAMPLE, {
      objects: [{ num: 2, body: sampleCatalog(" /DSS 45 0 R") }],
      free: [45],
      xref: "table",
      trailer: SAMPLE_TRAILER,
    });
    const r = judge(bytes);
    expect([r.status, r.subIndication]).toEqual(["failed", "FORMAT_FAILURE"]);
    expect(r.message).toMatch(/45 0 R/);
  });
});

describe("DocMDP P=1 permits exactly the PAdES additions", () => {
  it("XMP metadata changed after the seal: failed (P=1 does not permit it); developer extension levels: LTV (a16 E1)", () => {
    const metadata: ObjSpec[] = [
      { num: 2, body: sampleCatalog(" /Metadata 45 0 R") },
      { num: 45, body: "<< /Type /Metadata /Subtype /XML >>", stream: latin1("<x:xmpmeta/>") },
    ];
    const r = judge(update(SAMPLE, metadata));
    expect([r.status, (r.details as { level: string }).level]).toEqual(["failed", "metadata"]);
    // ESIC replaced by ADBE: what iText and other PAdES writers change with a DSS; EU DSS classes it "extension".
    const extra = " /Extensions << /ADBE << /BaseVersion /1.7 /ExtensionLevel 5 >> >>";
    const ext = judge(update(SAMPLE, [{ num: 2, body: sampleCatalog(extra).replace(/\/Extensions << \/ESIC[^>]*>> >>/, "") }]));
    expect([ext.status, (ext.details as { level: string }).level]).toEqual(["passed", "ltv"]);
  });
});

describe("/SigFlags", () => {
  it("set to 3 when a document timestamp is added: LTV; set to 0 (no signatures exist, for readers): failed", () => {
    const base = withDocTimestampField("/F 2 /Rect [0 0 0 0]");
    expect(judge(base).status).toBe("passed");
    const zero = update(SAMPLE, [{ num: 25, body: "<< /Fields [23 0 R] /SigFlags 0 >>" }]);
    const r = judge(zero);
    expect(r.status).toBe("failed");
    expect(r.message).toMatch(/signature flags other than/);
  });
});

describe("the broker's real archive", () => {
  it("a genuine DSS added: passed (its seal's /Reference /Data names the catalog, which stays a catalog)", () => {
    const bytes = update(
      REAL,
      [
        {
          num: 1,
          body: "<< /AcroForm 31 0 R /Extensions << /ESIC << /BaseVersion /1.7 /ExtensionLevel 2 >> >> /Names 30 0 R /Pages 2 0 R /Perms << /DocMDP 32 0 R >> /Type /Catalog /DSS 40 0 R >>",
        },
        { num: 40, body: "<< /Certs [41 0 R] >>" },
        { num: 41, body: "<< >>", stream: latin1("0") },
      ],
      REAL_TRAILER,
    );
    expect(judge(bytes).status).toBe("passed");
  });

  it("the catalog copied under a new number and named by the trailer: failed", () => {
    const catalog = text(REAL).match(/1 0 obj\s*(<<[\s\S]*?>>)\s*endobj/)![1]!;
    const bytes = update(REAL, [{ num: 40, body: catalog }], "/Root 40 0 R /Info 3 0 R");
    const r = judge(bytes);
    expect(r.status).toBe("failed");
    expect(r.message).toMatch(/another catalog object/);
  });
});

describe("genuine classes (held-out corpus): what readers read alike is no change", () => {
  it("a DSS that lists an object also used elsewhere (unchanged): passed", () => {
    const bytes = update(SAMPLE, [
      { num: 2, body: sampleCatalog(" /DSS 45 0 R") },
      { num: 45, body: "<< /Certs [4 0 R 46 0 R] >>" },
      { num: 46, body: "<< >>", stream: latin1("0") },
    ]);
    expect(judge(bytes).status).toBe("passed");
  });

  it("a reference with generation 65535 in a structure tree, there when signed, unchanged: passed after a DSS", () => {
    const objects = minimalObjects(" /StructTreeRoot 8 0 R /Perms << /DocMDP 6 0 R >> /AcroForm << /Fields [5 0 R] >>");
    const signed = fillByteRange(
      addRevision(new Uint8Array(), {
        objects: [
          ...objects,
          { num: 5, body: "<< /FT /Sig /T (S) /V 6 0 R /Subtype /Widget /Rect [0 0 0 0] >>" },
          {
            num: 6,
            body: `<< /Type /Sig /SubFilter /ETSI.CAdES.detached ${BYTE_RANGE_PLACEHOLDER} /Contents <00> /Reference [<< /TransformMethod /DocMDP /TransformParams << /P 1 >> >>] >>`,
          },
          { num: 8, body: "<< /Type /StructTreeRoot /K [4 65535 R] >>" },
        ],
        xref: "table",
        trailer: "/Root 1 0 R",
      }),
    );
    const later = addRevision(signed, {
      objects: [
        { num: 1, body: text(latin1(objects[0]!.body)).replace(/>>$/, " /DSS 9 0 R >>") },
        { num: 9, body: "<< /Certs [] >>" },
      ],
      xref: "table",
      trailer: "/Root 1 0 R",
    });
    const r = judge(later);
    expect(r.status, r.message).toBe("passed");
  });

  it("an approval signature's field prepended to /Fields (P=2): signing, a warning, not a removal", () => {
    const bytes = update(SAMPLE, [
      { num: 25, body: "<< /Fields [40 0 R 23 0 R] /SigFlags 3 >>" },
      { num: 40, body: "<< /FT /Sig /T (Approval) /V 41 0 R >>" },
      { num: 41, body: "<< /Type /Sig /SubFilter /ETSI.CAdES.detached /ByteRange [0 0 0 0] /Contents <00> >>" },
    ]);
    const doc = parsePdf(wholeSource(bytes), LIMITS);
    const seal = findSignatures(doc.latest()).signatures.find((s) => s.isDocMdp)!;
    const r = checkSealModifications(doc, new ChangeAnalysis(doc, LIMITS.maxComparedObjects), seal, 2);
    expect(r.status, r.message).toBe("warning");
    expect(r.message).not.toMatch(/removed|reordered/);
  });
});

describe("end to end on the samples' archive", () => {
  it("the rewritten content stream under a structural context is TOTAL-FAILED, and the genuine DSS update passes", async () => {
    const session = createSession({ trust: ["samples/trust"] });
    const forged = deflateSync(Buffer.from("BT /Helvetica-7098480789 12 Tf 72 700 Td (Rent: 1 DKK) Tj ET"));
    const attack = withDocTimestampField("/F 2 /Rect [0 0 0 0] /P 5 0 R", [{ num: 5, body: "<< /Filter /FlateDecode >>", stream: forged }]);
    const a = await verifyArchive({ evidence: { name: "attack.pdf", bytes: attack }, originals: ["samples/valid/originals"], session });
    expect(a.indication).toBe("TOTAL-FAILED");
    const dss = update(SAMPLE, [
      { num: 2, body: sampleCatalog(" /DSS 45 0 R") },
      { num: 45, body: "<< /Certs [46 0 R] >>" },
      { num: 46, body: "<< >>", stream: latin1("0") },
    ]);
    const g = await verifyArchive({ evidence: { name: "dss.pdf", bytes: dss }, originals: ["samples/valid/originals"], session });
    expect(g.indication, JSON.stringify(g.checks.filter((c) => c.status !== "passed"))).toBe("TOTAL-PASSED");
  });
});

describe("reader's words: an object's words are the union of its roles (attack-s4 W1)", () => {
  const rent = deflateSync(Buffer.from("BT /Helvetica-7098480789 12 Tf 72 700 Td (Husleje: 1 kr. pr. maaned) Tj ET"));
  const says = (r: ReturnType<typeof judge>) => (r.details?.changes as { says: string }[]).map((g) => g.says);

  it("page 1's content also named as the trailer's /Info: page 1 first, then the document information", () => {
    const honest = judge(update(SAMPLE, [{ num: 5, body: "<< /Filter /FlateDecode >>", stream: rent }]));
    expect(says(honest)).toEqual(["page 1's content changed after sealing"]);
    const r = judge(update(SAMPLE, [{ num: 5, body: "<< /Filter /FlateDecode >>", stream: rent }], "/Root 2 0 R /Info 5 0 R"));
    expect([r.status, r.subIndication]).toEqual(["failed", "HASH_FAILURE"]);
    expect(says(r)).toEqual(["page 1's content changed after sealing", "the document information (title, author, dates) changed after sealing"]);
    expect(r.details?.summary).toMatch(/^Page 1's content changed after sealing \(revision 2\); the document information/);
    // The object detail shows the content stream's findings first, so the cut at four keeps them.
    const detail = r.details?.objectDetail as string[];
    expect(detail[0]).toMatch(/5 0 R/);
    expect(detail.slice(0, 2).some((d) => /5 0 R \(page 1 \/Contents\[0\]\): its stream data changed/.test(d))).toBe(true);
  });

  it("the same on the broker's real archive: its page content named as /Info still says the page", () => {
    const doc = parsePdf(wholeSource(REAL), LIMITS);
    const page = findPageContent(doc);
    const r = judge(update(REAL, [{ num: page, body: "<< /Filter /FlateDecode >>", stream: rent }], `/Root 1 0 R /Info ${page} 0 R`));
    expect(says(r)[0]).toBe("page 1's content changed after sealing");
  });

  it("a content stream given a structural context through a new widget's /P, then rewritten: the page is named", () => {
    const r = judge(withDocTimestampField("/F 2 /Rect [0 0 0 0] /P 5 0 R", [{ num: 5, body: "<< /Filter /FlateDecode >>", stream: rent }]));
    expect(says(r)[0]).toBe("page 1's content changed after sealing");
  });
});

/** The object number of page 1's first content stream. */
function findPageContent(doc: ReturnType<typeof parsePdf>): number {
  return walkPages(doc.latest())[0]!.contents[0]!.num;
}

// iText 5's document timestamp writes an empty /DR on its field (merged with its invisible widget): read as a document
// timestamp's field, the /DR reported apart as metadata that the policy's doc-timestamp-widget-dr may let pass
// (test/verify/ltv-writer-policy.test.ts has iText 5's own file). Only an empty, direct /DR on a field that is one.
describe("a document timestamp's field with /DR (iText 5)", () => {
  const ITEXT5 = "/F 132 /Rect [0 0 0 0] /AP << /N 42 0 R >> /P 6 0 R";
  const ap: ObjSpec = { num: 42, body: "<< /Type /XObject /Subtype /Form /Resources << >> /BBox [0 0 0 0] >>", stream: latin1("") };
  const withPolicy = (bytes: Uint8Array) => {
    const doc = parsePdf(wholeSource(bytes), LIMITS);
    const seal = findSignatures(doc.latest()).signatures.find((s) => s.isDocMdp)!;
    return checkSealModifications(doc, new ChangeAnalysis(doc, LIMITS.maxComparedObjects), seal, 1, {
      name: "test",
      allowedWithLtvUpdate: ["doc-timestamp-widget-dr"],
    });
  };

  it("an empty /DR: failed by default (metadata, named once), a warning under the policy", () => {
    const bytes = withDocTimestampField(`${ITEXT5} /DR << >>`, [ap]);
    const d = judge(bytes);
    expect([d.status, d.subIndication]).toEqual(["failed", "HASH_FAILURE"]);
    expect(d.message.split("the document timestamp's field has an empty /DR (default resources) (revision 2)")).toHaveLength(2);
    expect(d.message).not.toMatch(/not a document timestamp/);
    const r = withPolicy(bytes);
    expect(r.status, r.message).toBe("warning");
    expect(r.message).toContain("a document timestamp's field and widget with an empty /DR (nothing draws from it) (revision 2)");
    expect((r.details as { allowedByPolicy: { changes: unknown[] } }).allowedByPolicy.changes).toHaveLength(1);
    // Without the /DR: passed, as before.
    expect(judge(withDocTimestampField(ITEXT5, [ap])).status).toBe("passed");
  });

  it("a /DR that is not empty and direct, on a visible widget, or on a kid widget is no document timestamp's: failed under the policy too", () => {
    for (const [what, bytes] of [
      ["a font in it", withDocTimestampField(`${ITEXT5} /DR << /Font << /Helv 4 0 R >> >>`, [ap])],
      ["an indirect empty /DR", withDocTimestampField(`${ITEXT5} /DR 43 0 R`, [ap, { num: 43, body: "<< >>" }])],
      ["a visible widget", withDocTimestampField("/F 4 /Rect [10 10 200 50] /DR << >>")],
    ] as const) {
      const r = withPolicy(bytes);
      expect([r.status, r.subIndication], what).toEqual(["failed", "HASH_FAILURE"]);
    }
    const kid = fillByteRange(
      update(SAMPLE, [
        { num: 6, body: samplePage1("23 0 R 44 0 R") },
        { num: 25, body: "<< /Fields [23 0 R 40 0 R] /SigFlags 3 >>" },
        { num: 40, body: "<< /FT /Sig /T (Signature2) /V 41 0 R /Kids [44 0 R] >>" },
        docTs(41),
        { num: 44, body: "<< /Type /Annot /Subtype /Widget /Parent 40 0 R /F 132 /Rect [0 0 0 0] /P 6 0 R /DR << >> >>" },
      ]),
    );
    const k = withPolicy(kid);
    expect(k.status).toBe("failed");
    expect(k.message).toMatch(/a widget has \/DR/);
  });
});
