// a27 C1b: a25 L1b (attack-s20/tsa-lenient.ts: a CRL of the TSA root revoking the TSA, keyCompromise 2025-06-01, before
// the seal timestamp's genTime, in an LTV update's DSS on samples/valid) with the CRL stored /CCITTFaxDecode (G4,
// /BlackIs1 true): is the TSA's revocation seen?
//   npx tsx scripts/attack-s22/tsa-ccitt.ts <honest|g4-b1>   (DSS=1 EU DSS)
import { readFileSync } from "node:fs";
import { dss, save, show, verify, work } from "../attack36/lib.js";
import { withDssStreams, type Stream } from "../attack-s6/lib.js";
import { createCrl } from "../generator/ocsp.js";
import { loadPki, serialBytes } from "../generator/pki.js";
import { BYTES, ccitt } from "./ccitt.js";

const mode = process.argv[2] ?? "g4-b1";
if (!["honest", "g4-b1"].includes(mode)) throw new Error("usage: <honest|g4-b1>");
const pdf = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
const pki = loadPki("samples/pki");
const crl = createCrl({
  issuer: pki.tsaRoot,
  thisUpdate: new Date("2026-11-01T00:00:00Z"),
  nextUpdate: new Date("2027-11-01T00:00:00Z"),
  revoked: [{ serial: serialBytes(pki.tsa), at: new Date("2025-06-01T00:00:00Z"), reason: 1 }],
});
const latin = (b: Uint8Array) => Buffer.from(b).toString("latin1");
const g4 = (): Stream => {
  const { coded, rows } = ccitt(crl, false, false);
  return {
    raw: `<< /Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns ${BYTES * 8} /Rows ${rows} /BlackIs1 true >> /Length ${coded.length} >>\nstream\n${latin(coded)}\nendstream`,
  };
};
const stream = mode === "honest" ? { bytes: crl } : g4();
const file = save(work(`a27-tsa-ccitt-${mode}`), "archive.pdf", withDssStreams(pdf, { crls: [stream] }));
console.log(`wrote ${file}: the TSA root's CRL revoking the TSA (keyCompromise 2025-06-01) in a DSS (${mode})`);
show(mode, verify(file));
dss(file);
