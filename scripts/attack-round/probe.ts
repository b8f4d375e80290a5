// Quick probes: seal-modifications only (the test's judge), no real tokens. Prints status per probe.
import { readFileSync } from "node:fs";
import { ChangeAnalysis } from "../../src/checks/modifications/analyse.js";
import { checkSealModifications } from "../../src/checks/seal-modifications.js";
import { findSignatures, parsePdf } from "../../src/input/pdf/index.js";
import { addRevision, BYTE_RANGE_PLACEHOLDER, fillByteRange, LIMITS, type ObjSpec } from "../../test/pdf/helpers.js";
import { wholeSource } from "../../src/input/source.js";

const SAMPLE = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
function judge(bytes: Uint8Array) {
  try {
    const doc = parsePdf(wholeSource(bytes), LIMITS);
    const sigs = findSignatures(doc.latest()).signatures;
    const seal = sigs.find((s) => s.isDocMdp)!;
    const p = seal.reference.find((r) => r.transformMethod === "DocMDP")?.p ?? null;
    const r = checkSealModifications(doc, new ChangeAnalysis(doc, LIMITS.maxComparedObjects), seal, p);
    return `${r.status} sigs=${sigs.length} ${r.status === "passed" ? "" : r.message.slice(0, 200)}`;
  } catch (e) {
    return `throw ${(e as Error).message.slice(0, 200)}`;
  }
}
const page1 = (annots: string, extra = "") =>
  `<< /Type /Page /Resources << /Font << /Helvetica-7098480789 4 0 R >> /XObject << >> /ExtGState << >> >> /MediaBox [0 0 595 842] /Annots [${annots}] /Contents [5 0 R] /Parent 1 0 R${extra} >>`;
const docTs = (num: number, extra = ""): ObjSpec => ({
  num,
  body: `<< /Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161 ${BYTE_RANGE_PLACEHOLDER} /Contents <${"00".repeat(32)}>${extra} >>`,
});
const T = "/Root 2 0 R /Info 3 0 R";
const up = (objects: ObjSpec[], trailer = T, xref: "table" | "stream" = "table", more: object = {}) =>
  fillByteRange(addRevision(SAMPLE, { objects, xref, trailer, ...more }));
const base = (annots = "23 0 R 40 0 R", w = "/F 132 /Rect [0 0 0 0] /P 6 0 R", more: ObjSpec[] = [], fields = "23 0 R 40 0 R") => [
  { num: 6, body: page1(annots) },
  { num: 25, body: `<< /Fields [${fields}] /SigFlags 3 >>` },
  { num: 40, body: `<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature2) /V 41 0 R ${w} >>` },
  docTs(41),
  ...more,
];
const probes: Record<string, () => Uint8Array> = {
  baseline: () => up(base()),
  trailerExtraKey: () => up(base(), `${T} /Foo 4 0 R /ID [<00><01>]`),
  xrefStreamNumIs4: () => up(base(), T, "stream", { xrefNum: 4 }),
  orphanInLaterRevision: () => {
    const r2 = up(base());
    return fillByteRange(
      addRevision(r2, {
        objects: [
          { num: 6, body: page1("23 0 R 40 0 R 42 0 R") },
          { num: 42, body: "<< /Type /Annot /Subtype /Widget /Parent 40 0 R /F 4 /Rect [60 600 400 640] >>" },
          docTs(43),
        ],
        xref: "table",
        trailer: T,
      }),
    );
  },
  orphanParentIsSealField: () =>
    up(base("23 0 R 40 0 R 42 0 R", undefined, [{ num: 42, body: "<< /Type /Annot /Subtype /Widget /Parent 23 0 R /F 4 /Rect [60 600 400 640] >>" }])),
  orphanDirectInAnnots: () => up(base("23 0 R 40 0 R << /Type /Annot /Subtype /Widget /Parent 40 0 R /F 4 /Rect [60 600 400 640] >>")),
  kidIsExistingObject: () =>
    up([
      { num: 6, body: page1("23 0 R") },
      { num: 25, body: "<< /Fields [23 0 R 40 0 R] /SigFlags 3 >>" },
      { num: 40, body: "<< /FT /Sig /T (S2) /V 41 0 R /Kids [4 0 R] >>" },
      docTs(41),
    ]),
  widgetNoViewPrint: () => up(base(undefined, "/F 36 /Rect [10 10 200 50]")),
  widgetWithAA: () => up(base(undefined, "/F 2 /Rect [0 0 0 0] /AA << /PO << /S /JavaScript /JS (1) >> >>")),
  dssThenFontChange: () => {
    const r2 = addRevision(SAMPLE, {
      objects: [
        {
          num: 2,
          body: "<< /AcroForm 25 0 R /Extensions << /ESIC << /BaseVersion /1.7 /ExtensionLevel 2 >> >> /Names << /EmbeddedFiles 24 0 R >> /Pages 1 0 R /Perms << /DocMDP 22 0 R >> /Type /Catalog /DSS << /Certs [4 0 R] >> >>",
        },
      ],
      xref: "table",
      trailer: T,
    });
    return addRevision(r2, { objects: [{ num: 4, body: "<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>" }], xref: "table", trailer: T });
  },
};
for (const [k, f] of Object.entries(probes)) {
  try {
    console.log(k, judge(f()));
  } catch (e) {
    console.log(k, "build error", (e as Error).message.slice(0, 100));
  }
}
