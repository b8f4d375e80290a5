// The difference analysis as a policy: each kind of change after a signature classified, and judged against
// the signature's DocMDP permission (P=1 LTV only, P=2 form filling and signing, P=3 annotations, none:
// approval only). Hand-built files, one rule at a time.
import { describe, expect, it } from "vitest";
import { ChangeAnalysis } from "../../src/checks/modifications/analyse.js";
import { checkSealModifications } from "../../src/checks/seal-modifications.js";
import { findSignatures, parsePdf } from "../../src/input/pdf/index.js";
import { addRevision, latin1, LIMITS, minimalObjects, text } from "../pdf/helpers.js";
import { wholeSource } from "../../src/input/source.js";

const PLACEHOLDER = "/ByteRange [0 0000000000 0000000000 0000000000]";

/** One signed revision: a signature field (certification with DocMDP P when given), an empty field, a text field. */
function signed(
  p: number | null,
  acroExtra = "",
  edit: (objects: { num: number; body: string; stream?: Uint8Array }[]) => typeof objects = (o) => o,
  trailer = "/Root 1 0 R",
): Uint8Array {
  const perms = p === null ? "" : " /Perms << /DocMDP 6 0 R >>";
  const ref = p === null ? "" : ` /Reference [<< /TransformMethod /DocMDP /TransformParams << /P ${p} /V /1.2 >> >>]`;
  const objects = [
    ...minimalObjects(` /AcroForm 7 0 R${perms}`).map((o) => (o.num === 3 ? { ...o, body: o.body.replace(/>>\s*$/, " /Annots [5 0 R 8 0 R 9 0 R] >>") } : o)),
    { num: 5, body: "<< /FT /Sig /T (Signature1) /V 6 0 R /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /F 132 /P 3 0 R >>" },
    { num: 6, body: `<< /Type /Sig /SubFilter /ETSI.CAdES.detached ${PLACEHOLDER} /Contents <${"00".repeat(64)}>${ref} >>` },
    { num: 7, body: `<< /Fields [5 0 R 8 0 R 9 0 R] /SigFlags 3${acroExtra} >>` },
    { num: 8, body: "<< /FT /Sig /T (Empty) /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /P 3 0 R >>" },
    { num: 9, body: "<< /FT /Tx /T (Name) /V (Alice) /Type /Annot /Subtype /Widget /Rect [10 10 100 30] /P 3 0 R >>" },
  ];
  const unsigned = addRevision(new Uint8Array(), { objects: edit(objects), xref: "table", trailer });
  const sig = findSignatures(parsePdf(wholeSource(unsigned), LIMITS).latest()).signatures.find((s) => s.fieldName === "Signature1")!;
  const span = sig.contentsSpan!;
  const pad = (n: number) => String(n).padStart(10, "0");
  return latin1(text(unsigned).replace(PLACEHOLDER, `/ByteRange [0 ${pad(span.start)} ${pad(span.end)} ${pad(unsigned.length - span.end)}]`));
}

function judge(bytes: Uint8Array, p: number | null) {
  const doc = parsePdf(wholeSource(bytes), LIMITS);
  const seal = findSignatures(doc.latest()).signatures.find((s) => s.fieldName === "Signature1")!;
  return checkSealModifications(doc, new ChangeAnalysis(doc, LIMITS.maxComparedObjects), seal, p);
}

const page = (annots: string) => ({
  num: 3,
  body: minimalObjects()
    .find((o) => o.num === 3)!
    .body.replace(/>>\s*$/, ` /Annots [${annots}] >>`),
});

/** Later revisions, each built on a file signed with permission p. */
const changes = {
  "signing the empty field": () => [
    { num: 8, body: "<< /FT /Sig /T (Empty) /V 20 0 R /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /P 3 0 R >>" },
    { num: 20, body: "<< /Type /Sig /SubFilter /ETSI.CAdES.detached /ByteRange [0 0 0 0] /Contents <00> >>" },
  ],
  "filling in the text field": () => [{ num: 9, body: "<< /FT /Tx /T (Name) /V (Mallory) /Type /Annot /Subtype /Widget /Rect [10 10 100 30] /P 3 0 R >>" }],
  "adding a FreeText annotation": () => [
    page("5 0 R 8 0 R 9 0 R 21 0 R"),
    { num: 21, body: "<< /Type /Annot /Subtype /FreeText /Rect [0 0 50 50] /Contents (x) >>" },
  ],
  "changing the page content": () => [{ num: 4, body: "<< >>", stream: latin1("BT /F1 12 Tf (Pay 1) Tj ET") }],
  "adding a DSS": () => [
    { num: 1, body: "<< /Type /Catalog /Pages 2 0 R /AcroForm 7 0 R /Perms << /DocMDP 6 0 R >> /DSS 22 0 R >>" },
    { num: 22, body: "<< /Certs [] >>" },
  ],
};

/** Expected status of seal-modifications for each change under each permission. */
const EXPECT: Record<keyof typeof changes, Record<string, "passed" | "warning" | "failed">> = {
  "signing the empty field": { 1: "failed", 2: "warning", 3: "warning", none: "warning" },
  "filling in the text field": { 1: "failed", 2: "warning", 3: "warning", none: "warning" },
  "adding a FreeText annotation": { 1: "failed", 2: "failed", 3: "warning", none: "warning" },
  "changing the page content": { 1: "failed", 2: "failed", 3: "failed", none: "failed" },
  "adding a DSS": { 1: "passed", 2: "passed", 3: "passed", none: "passed" },
};

describe("changes after a signature against its permission", () => {
  for (const [name, objects] of Object.entries(changes) as [keyof typeof changes, () => { num: number; body: string }[]][]) {
    for (const p of [1, 2, 3, null]) {
      const want = EXPECT[name][p === null ? "none" : String(p)]!;
      it(`${name} with ${p === null ? "an approval signature" : `DocMDP P=${p}`}: ${want}`, () => {
        let objs = objects();
        // The DSS change rewrites the catalog; without DocMDP the catalog has no /Perms.
        if (p === null) objs = objs.map((o) => (o.num === 1 ? { ...o, body: o.body.replace(" /Perms << /DocMDP 6 0 R >>", "") } : o));
        const bytes = addRevision(signed(p), { objects: objs, xref: "table", trailer: "/Root 1 0 R" });
        const r = judge(bytes, p);
        expect(r.status, r.message).toBe(want);
        if (want === "failed") expect(r.subIndication).toBe("HASH_FAILURE");
      });
    }
  }

  it("/AcroForm /DR changed: metadata, which P=1 does not permit; form filling when viewers regenerate field appearances with it (/NeedAppearances)", () => {
    const dr = (font: string) => ` /DR << /Font << /Helv << /Type /Font /Subtype /Type1 /BaseFont /${font} >> >> >>`;
    for (const [need, level] of [
      ["", "metadata"],
      [" /NeedAppearances true", "form-fill"],
    ] as const) {
      const base = signed(1, `${dr("Helvetica")}${need}`);
      const later = addRevision(base, {
        objects: [{ num: 7, body: `<< /Fields [5 0 R 8 0 R 9 0 R] /SigFlags 3${dr("Courier")}${need} >>` }],
        xref: "table",
        trailer: "/Root 1 0 R",
      });
      const r = judge(later, 1);
      expect([r.status, (r.details as { level: string }).level], r.message).toEqual(["failed", level]);
      expect(judge(later, 2).status).toBe("warning");
    }
  });

  it("many revisions together are bounded: 4 x maxComparedObjects objects walked in all, then a named limit", () => {
    let bytes = signed(1);
    for (let i = 0; i < 6; i++)
      bytes = addRevision(bytes, { objects: changes["adding a DSS"]().map((o) => ({ ...o })), xref: "table", trailer: "/Root 1 0 R" });
    const doc = parsePdf(wholeSource(bytes), LIMITS);
    const seal = findSignatures(doc.latest()).signatures.find((s) => s.fieldName === "Signature1")!;
    const perGraph = new ChangeAnalysis(doc, 1000).graph(0).contexts.size;
    const r = checkSealModifications(doc, new ChangeAnalysis(doc, perGraph + 2), seal, 1);
    expect([r.status, r.subIndication]).toEqual(["failed", "FORMAT_FAILURE"]);
    expect(r.message).toMatch(/objects would be compared across the revisions after the signature/);
    expect(checkSealModifications(doc, new ChangeAnalysis(doc, 1000), seal, 1).status).toBe("passed");
  });

  it("nothing after the signature: passed", () => {
    expect(judge(signed(1), 1).status).toBe("passed");
  });
});

describe("an object named by reference is that object: content-equal is not the same (a16 O1)", () => {
  // Page 1 shows text under optional content group 10 and hides the text under 11 (/OFF [11 0 R]); 10 and 11 are
  // two equal dictionaries. Readers decide visibility by the group's identity (poppler findOcgByRef, PDFium
  // CPDF_OCContext, pdf.js by ref id), so naming the other one shows the other text.
  const OCG = "<< /Type /OCG /Name (Rent) >>";
  const ocProperties = (off: string) => ` /OCProperties << /OCGs [10 0 R 11 0 R] /D << /Order [10 0 R 11 0 R] /OFF [${off}] >> >>`;
  const catalog = (off: string, extra = "") => ({
    num: 1,
    body: `<< /Type /Catalog /Pages 2 0 R /AcroForm 7 0 R /Perms << /DocMDP 6 0 R >>${ocProperties(off)}${extra} >>`,
  });
  const pageWith = (resources: string) => ({
    num: 3,
    body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources ${resources} /Annots [5 0 R 8 0 R 9 0 R] >>`,
  });
  const base = () =>
    signed(1, "", (objects) => [
      ...objects.map((o) => (o.num === 1 ? catalog("11 0 R") : o.num === 3 ? pageWith("<< /Properties << /ocA 10 0 R /ocB 11 0 R >> >>") : o)),
      { num: 10, body: OCG },
      { num: 11, body: OCG },
    ]);
  const later = (objects: { num: number; body: string }[]) => judge(addRevision(base(), { objects, xref: "table", trailer: "/Root 1 0 R" }), 1);

  it("/OFF [11 0 R] -> [10 0 R] in a rewritten catalog: a change (it passed as equal content before)", () => {
    const r = later([catalog("10 0 R")]);
    expect([r.status, r.subIndication], r.message).toEqual(["failed", "HASH_FAILURE"]);
    expect(r.message).toMatch(/OCProperties changed/);
  });

  it("the page's /Properties moved to a new object that names each group under the other's name: a change", () => {
    const r = later([pageWith("12 0 R"), { num: 12, body: "<< /Properties << /ocA 11 0 R /ocB 10 0 R >> >>" }]);
    expect([r.status, r.subIndication], r.message).toEqual(["failed", "HASH_FAILURE"]);
  });

  it("a new copy of the hidden group named in /OFF while the group itself stays listed: a change", () => {
    const r = later([catalog("12 0 R"), { num: 12, body: OCG }]);
    expect([r.status, r.subIndication], r.message).toEqual(["failed", "HASH_FAILURE"]);
  });

  it("a17 M1: the hidden group moved to a new number and copied direct into the page's /Properties (or /OFF): a change", () => {
    const moved = (off: string, ocB: string) => [
      { num: 1, body: catalog(off).body.replace(/10 0 R 11 0 R/g, "10 0 R 12 0 R") },
      { num: 12, body: OCG },
      pageWith(`<< /Properties << /ocA 10 0 R /ocB ${ocB} >> >>`),
    ];
    const cases: [string, string][] = [
      ["12 0 R", OCG],
      [OCG, "12 0 R"],
    ];
    for (const [off, ocB] of cases) {
      const r = later(moved(off, ocB));
      expect([r.status, r.subIndication], `${off} / ${ocB}: ${r.message}`).toEqual(["failed", "HASH_FAILURE"]);
    }
  });

  it("a17 M1: every place that named the hidden group given a direct copy of its own, no new object: a change", () => {
    const direct = catalog(OCG).body.replace(/10 0 R 11 0 R/g, `10 0 R ${OCG}`);
    const r = later([{ num: 1, body: direct }, pageWith(`<< /Properties << /ocA 10 0 R /ocB ${OCG} >> >>`)]);
    expect([r.status, r.subIndication], r.message).toEqual(["failed", "HASH_FAILURE"]);
  });

  it("a move is still none: the same resources made an object of their own, the same groups named (with a DSS)", () => {
    const r = later([
      pageWith("12 0 R"),
      { num: 12, body: "<< /Properties << /ocA 10 0 R /ocB 11 0 R >> >>" },
      catalog("11 0 R", " /DSS 13 0 R"),
      { num: 13, body: "<< /Certs [] >>" },
    ]);
    expect(r.status, r.message).toBe("passed");
  });

  it("two groups merged into one new object, named in every place of both: a change (both texts hidden now)", () => {
    const merged = catalog("12 0 R").body.replace(/10 0 R 11 0 R/g, "12 0 R 12 0 R");
    const r = later([{ num: 1, body: merged }, pageWith("<< /Properties << /ocA 12 0 R /ocB 12 0 R >> >>"), { num: 12, body: OCG }]);
    expect([r.status, r.subIndication], r.message).toEqual(["failed", "HASH_FAILURE"]);
  });
});

describe("/Extensions raised with a DSS, as iText's LTV update does (a16 E1)", () => {
  const base = (ext: string) =>
    signed(1, "", (objects) => objects.map((o) => (o.num === 1 ? { ...o, body: o.body.replace(/>>\s*$/, ` /Extensions ${ext} >>`) } : o)));
  const esic = (level: number, extra = "") => `<< /ESIC << /BaseVersion /1.7 /ExtensionLevel ${level}${extra} >> >>`;
  const withDss = (ext: string) => [
    { num: 1, body: `<< /Type /Catalog /Pages 2 0 R /AcroForm 7 0 R /Perms << /DocMDP 6 0 R >> /Extensions ${ext} /DSS 22 0 R >>` },
    { num: 22, body: "<< /Certs [] >>" },
  ];
  const later = (ext: string) => judge(addRevision(base(esic(2)), { objects: withDss(ext), xref: "table", trailer: "/Root 1 0 R" }), 1);

  it("ESIC 2 -> 5, and ADBE level 8 beside it: long-term validation data (it failed as metadata before)", () => {
    expect(later(esic(5)).status).toBe("passed");
    const both = "<< /ESIC << /BaseVersion /1.7 /ExtensionLevel 5 >> /ADBE << /Type /DeveloperExtensions /BaseVersion /1.7 /ExtensionLevel 8 >> >>";
    expect(later(both).status).toBe("passed");
  });

  it("iText's whole LTV update: ESIC raised and a DSS pass; /Version added, /Info /ModDate and /Producer rewritten do not (readers print them)", () => {
    const withInfo = signed(
      1,
      "",
      (objects) => [
        ...objects.map((o) => (o.num === 1 ? { ...o, body: o.body.replace(/>>\s*$/, ` /Extensions ${esic(2)} >>`) } : o)),
        { num: 23, body: "<< /Producer (broker) /Title (Lease) >>" },
      ],
      "/Root 1 0 R /Info 23 0 R",
    );
    const update = (objects: { num: number; body: string }[]) =>
      judge(addRevision(withInfo, { objects, xref: "table", trailer: "/Root 1 0 R /Info 23 0 R" }), 1);
    const catalog = (extra: string) => ({
      num: 1,
      body: `<< /Type /Catalog /Pages 2 0 R /AcroForm 7 0 R /Perms << /DocMDP 6 0 R >> /Extensions ${esic(5)} /DSS 22 0 R${extra} >>`,
    });
    const dss = { num: 22, body: "<< /Certs [] >>" };
    const itext = { num: 23, body: "<< /Producer (iText 5.5.13) /Title (Lease) /ModDate (D:20261128120000Z) >>" };
    expect(update([catalog(""), dss]).status).toBe("passed");
    // pdfinfo prints the PDF version, ModDate and Producer: changes a reader shows (test/oracle holds /Info to that).
    expect(update([catalog(" /Version /1.7"), dss]).status).toBe("failed");
    expect(update([catalog(""), dss, itext]).status).toBe("failed");
    expect(update([{ num: 23, body: "<< /Producer (broker) /Title (Rent 1 DKK) >>" }]).status).toBe("failed");
  });

  it("anything else in it stays metadata, which DocMDP P=1 does not permit", () => {
    for (const ext of [esic(5, " /OpenAction 9 0 R"), "<< /ESIC 30 0 R >>", esic(5).replace("/ExtensionLevel 5", "/ExtensionLevel (5)")]) {
      const r = later(ext);
      expect([r.status, (r.details as { level: string }).level], ext).toEqual(["failed", "metadata"]);
    }
  });
});

describe("each change in a reader's words (one table, reader.ts), with the object detail below", () => {
  type Group = { says: string; kind: string; page?: number; field?: string; objects: string[] };
  const groups = (r: ReturnType<typeof judge>) => (r.details as { changes: Group[] }).changes;
  const p1 = (objects: { num: number; body: string; stream?: Uint8Array }[], p: number | null = 1) =>
    judge(addRevision(signed(p), { objects, xref: "table", trailer: "/Root 1 0 R" }), p);

  it("page content, a page added, a field's value, an annotation on a page: said as a reader notices them, objects listed below", () => {
    const content = p1(changes["changing the page content"]());
    expect(content.message).toMatch(/^Page 1's content changed after sealing \(revision 2\)\. .* Object detail: object 4 0 R/);
    expect(groups(content)[0]).toMatchObject({ kind: "page-content", page: 1, says: "page 1's content changed after sealing" });
    expect(content.details!.summary).not.toMatch(/0 R/);
    expect(content.details!.objectDetail).toEqual([
      "object 4 0 R (page 1 /Contents) changed (revision 2)",
      "object 4 0 R (page 1 /Contents): its stream data changed (revision 2)",
    ]);

    const added = p1([
      { num: 2, body: "<< /Type /Pages /Kids [3 0 R 30 0 R] /Count 2 >>" },
      { num: 30, body: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 31 0 R /Resources << >> >>" },
      { num: 31, body: "<< >>", stream: latin1("BT /F1 12 Tf (Addendum: rent 1 DKK) Tj ET") },
    ]);
    expect(added.status).toBe("failed");
    expect(groups(added).map((g) => g.says)).toEqual(["a page was added after sealing"]);

    const removed = p1([{ num: 2, body: "<< /Type /Pages /Kids [] /Count 0 >>" }]);
    expect(groups(removed).map((g) => g.says)).toEqual(["a page was removed after sealing"]);

    // a12 P1b: /Count raised with no page added: poppler, qpdf and pdf.js show a second (blank) page.
    const counted = p1([{ num: 2, body: "<< /Type /Pages /Kids [3 0 R] /Count 2 >>" }]);
    expect(counted.status).toBe("failed");
    expect(groups(counted).map((g) => g.says)).toEqual(["a page was added after sealing"]);

    const filled = p1(changes["filling in the text field"](), 2);
    expect(filled.status).toBe("warning");
    expect(groups(filled)).toEqual([
      expect.objectContaining({ kind: "form-field-value", field: "Name", says: `the form field "Name"'s value changed after sealing` }),
    ]);
    expect(filled.message).toMatch(/^The form field "Name"'s value changed after sealing/);

    const annotated = p1(changes["adding a FreeText annotation"]());
    expect(groups(annotated)).toEqual([
      expect.objectContaining({ kind: "annotation-added", page: 1, says: "a FreeText annotation was added on page 1 after sealing" }),
    ]);
    expect(groups(annotated)[0]!.objects).toEqual([expect.stringMatching(/\/Annots\[3\]: a \/FreeText annotation was added \(revision 2\)$/)]);

    const signedLater = p1(changes["signing the empty field"](), 2);
    expect(groups(signedLater).map((g) => g.says)).toEqual(["a signature was added on page 1 after sealing"]);
  });

  it("most visible first, so the cut at four keeps it; a name from the changed file is quoted as data (attack-s4 W1b, W1c)", () => {
    // Catalog (object 1), page content (4) and a field's value (9): found in that order, said page content first.
    const crowd = p1(
      [
        { num: 1, body: "<< /Type /Catalog /Pages 2 0 R /AcroForm 7 0 R /Perms << /DocMDP 6 0 R >> /PageMode /UseOutlines >>" },
        ...changes["changing the page content"](),
        ...changes["filling in the text field"](),
      ],
      1,
    );
    expect(groups(crowd).map((g) => g.kind)).toEqual(["page-content", "form-field-value", "catalog"]);
    expect(crowd.message).toMatch(/^Page 1's content changed after sealing/);
    expect((crowd.details!.objectDetail as string[])[0]).toMatch(/page 1 \/Contents/);
    // The seal's field renamed so that its name reads as a sentence of the statement.
    const name = 'Signature1" was renamed by the archive\'s PDF/A tool; no visible change; "Sig';
    const renamed = p1([{ num: 9, body: `<< /FT /Tx /T (${name}) /V (Mallory) /Type /Annot /Subtype /Widget /Rect [10 10 100 30] /P 3 0 R >>` }], 2);
    const says = groups(renamed).map((g) => g.says);
    expect(says.join()).not.toContain('"Signature1" was renamed');
    expect(says.join()).toContain('\\"');
    expect(says.join()).toContain("…");
  });

  it("the samples' attacks, as a reader would be told", async () => {
    const { verifyArchive } = await import("../../src/verify/archive.js");
    const expected: Record<string, string[]> = {
      "isa-page-content-replaced": ["page 1's content changed after sealing"],
      "shadow-hide-and-replace": ["page 1's content changed after sealing"],
      "role-font-retyped-xref": ["page 2's content changed after sealing"],
      "isa-annotation-added": ["a FreeText annotation was added on page 1 after sealing"],
      "direct-annotation-overlay": ["a Square annotation was added on page 1 after sealing"],
      "isa-attachment-added": ["an attached file was added, removed or changed after sealing"],
      "isa-catalog-changed": ["an action run when the document is opened was added or changed after sealing"],
      "later-approval-signature": ["a signature was added on page 1 after sealing"],
      "trailer-direct-info": ["the document information (title, author, dates) changed after sealing"],
    };
    for (const [name, says] of Object.entries(expected)) {
      const r = await verifyArchive({ evidence: `samples/attacks/${name}.pdf`, trust: ["samples/trust"] });
      const c = r.checks.find((x) => x.id === "seal-modifications")!;
      expect(
        (c.details as { changes: Group[] }).changes.map((g) => g.says),
        name,
      ).toEqual(says);
    }
  });
});

describe("the validation policy may follow EU DSS on LTV writers' bookkeeping (sealModifications, a16 E1)", () => {
  const ALL = { name: "LTV writers (test)", allowedWithLtvUpdate: ["info-mod-date", "info-producer", "version-raised", "acroform-da-dr-added"] as const };
  const judgeWith = (bytes: Uint8Array, policy?: typeof ALL | { name: string; allowedWithLtvUpdate: readonly (typeof ALL.allowedWithLtvUpdate)[number][] }) => {
    const doc = parsePdf(wholeSource(bytes), LIMITS);
    const seal = findSignatures(doc.latest()).signatures.find((s) => s.fieldName === "Signature1")!;
    return checkSealModifications(doc, new ChangeAnalysis(doc, LIMITS.maxComparedObjects), seal, 1, policy);
  };
  // The text field 9 with an appearance of its own (readers draw it, not /DA), and an /Info.
  const sealed = (fieldAp = true) =>
    signed(
      1,
      "",
      (objects) => [
        ...objects.map((o) => (o.num === 9 && fieldAp ? { ...o, body: o.body.replace(/>>\s*$/, " /AP << /N 30 0 R >> >>") } : o)),
        { num: 23, body: "<< /Producer (broker) /Title (Lease) >>" },
        { num: 30, body: "<< /Type /XObject /Subtype /Form /BBox [0 0 90 20] >>", stream: latin1("BT (Alice) Tj ET") },
      ],
      "/Root 1 0 R /Info 23 0 R",
    );
  const catalog = (extra = "") => ({ num: 1, body: `<< /Type /Catalog /Pages 2 0 R /AcroForm 7 0 R /Perms << /DocMDP 6 0 R >> /DSS 22 0 R${extra} >>` });
  const dss = { num: 22, body: "<< /Certs [] >>" };
  const itextInfo = { num: 23, body: "<< /Producer (iText 5.5.13) /Title (Lease) /ModDate (D:20261128120000Z) >>" };
  const formDefaults = (extra = "") => ({
    num: 7,
    body: `<< /Fields [5 0 R 8 0 R 9 0 R] /SigFlags 3 /DA (/Helv 0 Tf 0 g) /DR << /Font << /Helv << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>${extra} >>`,
  });
  const update = (objects: { num: number; body: string }[], base = sealed()) =>
    addRevision(base, { objects, xref: "table", trailer: "/Root 1 0 R /Info 23 0 R" });

  it("iText 5's LTV update (/Version, /Info /ModDate and /Producer with a DSS): failed by default, a warning naming each under the policy", () => {
    const bytes = update([catalog(" /Version /1.7"), dss, itextInfo]);
    expect(judgeWith(bytes).status).toBe("failed");
    const r = judgeWith(bytes, ALL);
    expect(r.status, r.message).toBe("warning");
    expect(r.message).toContain('/Info /Producer changed from "broker" to "iText 5.5.13" (revision 2)');
    expect(r.message).toContain('/Info /ModDate changed from none to "D:20261128120000Z" (revision 2)');
    expect(r.message).toContain("the catalog's /Version changed from none to /1.7 (the header says 1.7) (revision 2)");
    expect(r.message).toContain('allowed by policy "LTV writers (test)"');
    expect((r.details as { allowedByPolicy: { changes: unknown[] } }).allowedByPolicy.changes).toHaveLength(3);
  });

  it("iText 5's document timestamp's /AcroForm /DA and /DR added: allowed only while no field draws from them", () => {
    expect(judgeWith(update([catalog(), dss, formDefaults()])).status).toBe("failed");
    const r = judgeWith(update([catalog(), dss, formDefaults()]), ALL);
    expect(r.status, r.message).toBe("warning");
    expect(r.message).toContain("/AcroForm /DA added (no field draws its appearance from it) (revision 2)");
    expect(r.message).toContain("/AcroForm /DR added");
    // A text field without /AP (pdf.js and poppler build its appearance from /DA and /DR), or /NeedAppearances.
    expect(judgeWith(update([catalog(), dss, formDefaults()], sealed(false)), ALL).status).toBe("failed");
    expect(judgeWith(update([catalog(), dss, formDefaults(" /NeedAppearances true")]), ALL).status).toBe("failed");
  });

  it("only exactly these: another key, a lowered version, a change without validation data or one the policy leaves out stays refused", () => {
    // /Title is shown as the window's title: not the writer's bookkeeping.
    expect(judgeWith(update([catalog(), dss, { num: 23, body: "<< /Producer (iText 5.5.13) /Title (Rent 1 DKK) >>" }]), ALL).status).toBe("failed");
    expect(judgeWith(update([catalog(" /Version /1.4"), dss]), ALL).status).toBe("failed");
    expect(judgeWith(update([catalog(" /Version (1.7)"), dss]), ALL).status).toBe("failed");
    // No DSS, no document timestamp in the revision: not an LTV update (a raised extension level alone is none).
    expect(judgeWith(update([itextInfo]), ALL).status).toBe("failed");
    const esicOnly = {
      num: 1,
      body: "<< /Type /Catalog /Pages 2 0 R /AcroForm 7 0 R /Perms << /DocMDP 6 0 R >> /Extensions << /ESIC << /BaseVersion /1.7 /ExtensionLevel 5 >> >> >>",
    };
    expect(judgeWith(update([esicOnly, itextInfo]), ALL).status).toBe("failed");
    expect(judgeWith(update([esicOnly]), ALL).status).toBe("passed");
    expect(judgeWith(update([catalog(" /Version /1.7"), dss, itextInfo]), { name: "producer only", allowedWithLtvUpdate: ["info-producer"] }).status).toBe(
      "failed",
    );
    // A /DR that was there changed: not "added".
    const withDr = signed(
      1,
      " /DR << /Font << >> >>",
      (objects) => [
        ...objects.map((o) => (o.num === 9 ? { ...o, body: o.body.replace(/>>\s*$/, " /AP << /N 30 0 R >> >>") } : o)),
        { num: 23, body: "<< /Producer (broker) >>" },
        { num: 30, body: "<< /Type /XObject /Subtype /Form /BBox [0 0 90 20] >>", stream: latin1("BT (Alice) Tj ET") },
      ],
      "/Root 1 0 R /Info 23 0 R",
    );
    const dr = judgeWith(update([catalog(), dss, formDefaults()], withDr), ALL);
    expect(dr.status).toBe("failed");
    expect(dr.message).toMatch(/default resources of the form/);
    expect((dr.details as { allowedByPolicy: { changes: { change: string }[] } }).allowedByPolicy.changes.map((c) => c.change)).toEqual([
      "acroform-da-dr-added",
    ]);
  });
});
