// a25 (h10a 8f0d96e, target 4): what else the policy item doc-timestamp-widget-dr lets pass. A document timestamp's
// field (merged with its widget) on the samples' page 1, built as test/checks/modification-attacks.test.ts does, judged
// by seal-modifications with only that allowance; each probe a variation around the empty /DR.
//   npx tsx scripts/attack-s20/dr-probe.ts            (prints one line per probe: status, first words)
import { readFileSync, writeFileSync } from "node:fs";
import { ChangeAnalysis } from "../../src/checks/modifications/analyse.js";
import { checkSealModifications } from "../../src/checks/seal-modifications.js";
import { findSignatures, parsePdf } from "../../src/input/pdf/index.js";
import { wholeSource } from "../../src/input/source.js";
import { addRevision, BYTE_RANGE_PLACEHOLDER, fillByteRange, LIMITS, type ObjSpec } from "../../test/pdf/helpers.js";

const SAMPLE = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
const docTs = (num: number): ObjSpec => ({
  num,
  body: `<< /Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161 ${BYTE_RANGE_PLACEHOLDER} /Contents <${"00".repeat(32)}> >>`,
});
const page1 = (annots: string) =>
  `<< /Type /Page /Resources << /Font << /Helvetica-7098480789 4 0 R >> /XObject << >> /ExtGState << >> >> /MediaBox [0 0 595 842] /Annots [${annots}] /Contents [5 0 R] /Parent 1 0 R >>`;
const AP: ObjSpec = { num: 42, body: "<< /Type /XObject /Subtype /Form /Resources << >> /BBox [0 0 0 0] >>", stream: new Uint8Array() };
const ITEXT5 = "/F 132 /Rect [0 0 0 0] /AP << /N 42 0 R >> /P 6 0 R";
const build = (field: string, objs: ObjSpec[] = [], fields = "[23 0 R 40 0 R]", annots = "23 0 R 40 0 R", acro = "") =>
  fillByteRange(
    addRevision(SAMPLE, {
      objects: [
        { num: 6, body: page1(annots) },
        { num: 25, body: `<< /Fields ${fields} /SigFlags 3${acro} >>` },
        { num: 40, body: `<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature2) /V 41 0 R ${field} >>` },
        docTs(41),
        ...objs,
      ],
      xref: "table",
      trailer: "/Root 2 0 R /Info 3 0 R",
    }),
  );
const judge = (bytes: Uint8Array, allowed: string[]) => {
  const doc = parsePdf(wholeSource(bytes), LIMITS);
  const seal = findSignatures(doc.latest()).signatures.find((s) => s.isDocMdp)!;
  return checkSealModifications(doc, new ChangeAnalysis(doc, LIMITS.maxComparedObjects), seal, 1, { name: "probe", allowedWithLtvUpdate: allowed as never });
};
const probes: [string, Uint8Array][] = [
  ["control: iText 5's empty /DR", build(`${ITEXT5} /DR << >>`, [AP])],
  ["/DR << >> on a hidden widget with an area (/F 2)", build("/F 2 /Rect [10 10 200 50] /DR << >>")],
  ["/DR << >> and /DA (Helv) on the field", build(`${ITEXT5} /DR << >> /DA (/Helv 0 Tf 0 g)`, [AP])],
  ["/DR << >> and /NeedAppearances true on the AcroForm", build(`${ITEXT5} /DR << >>`, [AP], undefined, undefined, " /NeedAppearances true")],
  [
    "/DR << >> with an AP that draws text (BBox 0)",
    build(`${ITEXT5} /DR << >>`, [{ ...AP, stream: new Uint8Array(Buffer.from("BT /Helv 12 Tf 10 10 Td (forged) Tj ET")) }]),
  ],
  ["/DR << >> /Font-less, widget /Rect huge but /F 132", build("/F 132 /Rect [0 0 595 842] /AP << /N 42 0 R >> /P 6 0 R /DR << >>", [AP])],
  [
    "/DR << >> field with /Kids [widget with /DR]",
    build(
      "/Kids [44 0 R] /DR << >>",
      [{ num: 44, body: "<< /Type /Annot /Subtype /Widget /Parent 40 0 R /F 132 /Rect [0 0 0 0] /P 6 0 R >> " }],
      undefined,
      "23 0 R 44 0 R",
    ),
  ],
  ["/DR << >> twice in the field (duplicate key)", build(`${ITEXT5} /DR << >> /DR << /Font << /Helv 4 0 R >> >>`, [AP])],
  ["/DR <<>> written with a comment inside", build(`${ITEXT5} /DR << %x /Font << /Helv 4 0 R >>\n >>`, [AP])],
  ["/DR null", build(`${ITEXT5} /DR null`, [AP])],
  ["/DR [] (an array)", build(`${ITEXT5} /DR []`, [AP])],
];
for (const [what, bytes] of probes) {
  let line: string;
  try {
    const r = judge(bytes, ["doc-timestamp-widget-dr"]);
    line = `${r.status.padEnd(13)} ${r.message.slice(0, 170)}`;
  } catch (e) {
    line = `refused       ${String(e).slice(0, 170)}`;
  }
  console.log(`${what}\n    ${line}`);
}
if (process.env.OUT) writeFileSync(process.env.OUT, probes[0]![1]);
