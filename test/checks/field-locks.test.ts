// Field locks: a signature's FieldMDP transform or its field's /Lock (SigFieldLock) locks form fields; a later
// change to a locked field is found for that signature (src/checks/modifications/locks.ts). Hand-built files: an
// approval signature Signature1, a text field Name and another, Other; later revisions fill them in.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { appendRaw, streamBody } from "../../scripts/attack-s4/raw.js";
import { locateSignature, sealPrepared } from "../../scripts/generator/pdf.js";
import { testPki, trustDirectory } from "../helpers/fixtures.js";
import { ChangeAnalysis } from "../../src/checks/modifications/analyse.js";
import { fieldLocks, lockedChanges } from "../../src/checks/modifications/locks.js";
import { coveredRevision, findSignatures, parsePdf } from "../../src/input/pdf/index.js";
import { addRevision, latin1, LIMITS, minimalObjects, text } from "../pdf/helpers.js";
import { wholeSource } from "../../src/input/source.js";

const PLACEHOLDER = "/ByteRange [0 0000000000 0000000000 0000000000]";
const name = (v: string) => ({ num: 9, body: `<< /FT /Tx /T (Name) /V (${v}) /Type /Annot /Subtype /Widget /Rect [10 10 100 30] /P 3 0 R >>` });
const other = (v: string) => ({ num: 10, body: `<< /FT /Tx /T (Other) /V (${v}) /Type /Annot /Subtype /Widget /Rect [10 40 100 60] /P 3 0 R >>` });

/** Signature1 (approval) with `reference` in its dictionary and `lock` on its field. */
function signed(reference: string, lock = ""): Uint8Array {
  const objects = [
    ...minimalObjects(" /AcroForm 7 0 R").map((o) => (o.num === 3 ? { ...o, body: o.body.replace(/>>\s*$/, " /Annots [5 0 R 9 0 R 10 0 R] >>") } : o)),
    { num: 5, body: `<< /FT /Sig /T (Signature1) /V 6 0 R /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /F 132 /P 3 0 R${lock} >>` },
    { num: 6, body: `<< /Type /Sig /SubFilter /ETSI.CAdES.detached ${PLACEHOLDER} /Contents <${"00".repeat(64)}>${reference} >>` },
    { num: 7, body: "<< /Fields [5 0 R 9 0 R 10 0 R] /SigFlags 3 >>" },
    name("Alice"),
    other("x"),
  ];
  const unsigned = addRevision(new Uint8Array(), { objects, xref: "table", trailer: "/Root 1 0 R" });
  const sig = findSignatures(parsePdf(wholeSource(unsigned), LIMITS).latest()).signatures[0]!;
  const pad = (n: number) => String(n).padStart(10, "0");
  const span = sig.contentsSpan!;
  return latin1(text(unsigned).replace(PLACEHOLDER, `/ByteRange [0 ${pad(span.start)} ${pad(span.end)} ${pad(unsigned.length - span.end)}]`));
}

function locked(bytes: Uint8Array, later: { num: number; body: string }[]) {
  const all = addRevision(bytes, { objects: later, xref: "table", trailer: "/Root 1 0 R" });
  const doc = parsePdf(wholeSource(all), LIMITS);
  const s = findSignatures(doc.latest()).signatures.find((x) => x.fieldName === "Signature1")!;
  const covered = coveredRevision(doc, s.byteRange)!;
  return { locks: fieldLocks(doc.at(covered), s), changes: lockedChanges(doc, new ChangeAnalysis(doc, LIMITS.maxComparedObjects), s, covered) };
}

const fieldMdp = (action: string, fields = "") =>
  ` /Reference [<< /Type /SigRef /TransformMethod /FieldMDP /TransformParams << /Type /TransformParams /Action /${action}${fields} /V /1.2 >> >>]`;

describe("field locks (FieldMDP, SigFieldLock)", () => {
  it("FieldMDP Include [(Name)]: filling Name in later is a locked change; filling Other is not", () => {
    const b = signed(fieldMdp("Include", " /Fields [(Name)]"));
    const r = locked(b, [name("Mallory")]);
    expect(r.locks).toEqual([{ source: "FieldMDP", action: "Include", fields: ["Name"] }]);
    expect(r.changes.map((c) => [c.finding.change.field, c.finding.change.kind, c.lock.source])).toEqual([["Name", "form-field-value", "FieldMDP"]]);
    expect(locked(b, [other("y")]).changes).toEqual([]);
  });

  it("the field's /Lock (SigFieldLock) Exclude [(Name)]: Other is locked, Name is not; All locks both", () => {
    const ex = signed("", " /Lock << /Type /SigFieldLock /Action /Exclude /Fields [(Name)] >>");
    expect(locked(ex, [other("y")]).changes.map((c) => [c.finding.change.field, c.lock.source])).toEqual([["Other", "Lock"]]);
    expect(locked(ex, [name("Mallory")]).changes).toEqual([]);
    const all = signed(fieldMdp("All"));
    expect(locked(all, [name("Mallory"), other("y")]).changes.map((c) => c.finding.change.field)).toEqual(["Name", "Other"]);
  });

  it("no lock, or a lock that is no lock (no /Action): nothing is locked", () => {
    expect(locked(signed(""), [name("Mallory")]).changes).toEqual([]);
    expect(locked(signed(" /Reference [<< /TransformMethod /FieldMDP /TransformParams << /Fields [(Name)] >> >>]"), [name("Mallory")]).locks).toEqual([]);
  });
});

describe("a signature's field lock judged in pdfSignatures (as EU DSS's FieldMDP and SigFieldLock checks)", () => {
  const base = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
  const id = /\/ID\s*(\[[^\]]*\])/.exec(Buffer.from(base).toString("latin1"))![1];
  const trailer = `/Root 2 0 R /Info 3 0 R /ID ${id}`;
  const nameField = (v: string) => `<< /FT /Tx /T (Name) /V (${v}) /Type /Annot /Subtype /Widget /Rect [60 60 200 80] /P 6 0 R /AP << /N 29 0 R >> >>`;
  const page =
    "<< /Annots [ 23 0 R 26 0 R 27 0 R ] /Contents [ 5 0 R ] /MediaBox [ 0 0 595 842 ] /Parent 1 0 R /Resources << /ExtGState << >> /Font << /Helvetica-7098480789 4 0 R >> /XObject << >> >> /Type /Page >>";
  /** The sealed sample, then an approval signature Signature2 (another signer) with `lock` on its field, beside a text field Name. */
  const approved = (lock: string) => {
    const unsigned = appendRaw(
      base,
      [
        { num: 6, body: page },
        { num: 25, body: "<< /Fields [ 23 0 R 26 0 R 27 0 R ] /SigFlags 3 >>" },
        { num: 26, body: `<< /FT /Sig /T (Signature2) /V 28 0 R /F 132 /Rect [0 0 0 0] /Subtype /Widget /Type /Annot /P 6 0 R${lock} >>` },
        { num: 27, body: nameField("Alice") },
        {
          num: 28,
          body: `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /ByteRange [0 9999999999 9999999999 9999999999] /Contents <${"0".repeat(16384)}> >>`,
        },
        { num: 29, body: streamBody("/Type /XObject /Subtype /Form /BBox [0 0 140 20]", "BT /Helvetica-7098480789 10 Tf 2 6 Td (Alice) Tj ET") },
      ],
      trailer,
    );
    const pki = testPki();
    return sealPrepared(locateSignature(unsigned, 28), pki, { signer: pki.otherTokenSigner, certificates: [pki.otherTokenSigner], timestamp: false });
  };
  const entry = async (pdf: Uint8Array) => {
    const r = await verifyArchive({ evidence: { name: "archive.pdf", bytes: pdf }, trust: [trustDirectory()] });
    return r.pdfSignatures.find((p) => p.field === "Signature2")!;
  };
  const filled = (pdf: Uint8Array) => appendRaw(pdf, [{ num: 27, body: nameField("Mallory") }], trailer);

  it("Name locked by Signature2's /Lock, filled in later: the entry is a warning naming the field (passed without the lock)", async () => {
    const without = await entry(filled(approved("")));
    expect([without.kind, without.status], without.message).toEqual(["approval", "passed"]);
    const e = await entry(filled(approved(" /Lock << /Type /SigFieldLock /Action /Include /Fields [(Name)] >>")));
    expect(e.status, e.message).toBe("warning");
    expect(e.message).toContain('The form field(s) "Name" that this signature locks (Lock) changed after it.');
    expect(e.details.lockedFieldChanges).toMatchObject([{ field: "Name", revision: 3, lock: "Lock" }]);
    // Nothing changed after it: passed.
    expect((await entry(approved(" /Lock << /Type /SigFieldLock /Action /All >>"))).status).toBe("passed");
  }, 60_000);
});
